"""The quiz's part of playing on phones (``tabletop.remote.Phones``): what a team's phone sees, what it may do.

A phone is presented the game through the same doors as the tablet, ``table.seen`` and ``table.shown_plays``,
with its own team as the viewer (``QuizTable.phone``): its questions and powers all the game long, the other
teams' questions, the reveals as the tablet turns them over, never an answer not yet revealed (Q16).  Teams on
phones choose at the same time; each one's choice in progress is its own (``Draft``), never the tablet's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from types import ModuleType

from tabletop.notes import Live, with_shell
from tabletop.present import Nav
from tabletop.remote import Phones, off_phone
from thousand.actions import Combine
from thousand.game import Phase

from . import actions, screens
from .actions import Command
from .settings import TeamConfig
from .table import QuizTable, Result, settle, team_name

#: The live events every team may hear (a round, a team has chosen, a card turned over); the rest are one team's.
PUBLIC = frozenset({"round", "live.picked", "live.your_turn", "reveal.said"})


@dataclass(frozen=True)
class Draft:
    """A team's pick in progress on its phone, kept by the tablet between its taps."""

    chosen: tuple[str, ...] = ()
    two: bool = False
    combine: Combine | None = None
    shift: int = 0
    changing: bool = False
    guess_text: str = ""


def _draft(s: QuizTable) -> Draft:
    return Draft(s.chosen, s.two, s.combine, s.shift, s.changing, s.guess_text)


class QuizPhones:
    """The quiz's teams on phones."""

    game = "quiz"
    commands: frozenset[StrEnum] = frozenset({
        Command.CARD, Command.SHIFT, Command.CHANGE, Command.TWO, Command.COMBINE, Command.CONFIRM, Nav.CANCEL,
        Command.GUESS_TEXT, Command.GUESS, Command.TARGET,
    })
    models: tuple[ModuleType, ...] = (screens, actions)

    def seats(self, s: QuizTable) -> tuple[int, ...]:
        return s.settings.phones if s.game is not None else ()

    def round(self, s: QuizTable) -> tuple[int, int, bool] | None:
        g = s.game  # a round's picks and its target card, or the tie-break's guesses
        if g is None or g.is_over or s.lesson is not None:
            return None
        return s.serial, g.number, g.phase is Phase.GUESS

    def name(self, s: QuizTable, seat: int) -> str:
        return team_name(s, seat)

    def t(self, s: QuizTable) -> Callable[..., str]:
        return s.texts.t

    def enter(self, s: QuizTable, seat: int) -> QuizTable | None:
        if s.game is None or s.setting_up or seat not in s.settings.phones:
            return None
        kept = s.remote.draft(seat)
        draft = kept if isinstance(kept, Draft) else Draft()
        if seat not in s.game.to_act:
            draft = Draft()
        return with_shell(replace(s, chosen=draft.chosen, two=draft.two, combine=draft.combine, shift=draft.shift,
                                  changing=draft.changing, guess_text=draft.guess_text),
                          phone=seat, at_screen=seat, overlay=None, confirm_new=False, confirm_clear=False, notes=(),
                          live=s.live if s.live.key in PUBLIC else Live())

    def leave(self, s: QuizTable, seen: QuizTable, seat: int) -> QuizTable:
        moved = seen.game is not s.game
        return with_shell(replace(seen, chosen=s.chosen, two=s.two, combine=s.combine, shift=s.shift,
                                  changing=s.changing, guess_text=s.guess_text),
                          phone=None, at_screen=s.at_screen, overlay=s.overlay, confirm_new=s.confirm_new,
                          confirm_clear=s.confirm_clear, notes=s.notes,
                          live=seen.live if moved and seen.live.key in PUBLIC else s.live,
                          remote=s.remote.with_link(seat, draft=Draft() if moved else _draft(seen)))

    def here(self, s: QuizTable, seat: int) -> Result:
        return off_phone(s, seat, settle)

    def bot(self, s: QuizTable, seat: int) -> Result:
        teams = list(s.settings.teams)
        teams[seat] = TeamConfig("medium", team_name(s, seat))
        return off_phone(s, seat, settle, teams=tuple(teams))


PHONES: Phones[QuizTable] = QuizPhones()
