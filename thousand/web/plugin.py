"""Zéro à 1000 as a plug-in of the shell (``tabletop.plugin.Plugin``): its state, ``handle``, ``present``,
documents and painter, registered under the name ``quiz`` (``tabletop.registry``)."""

from __future__ import annotations

import random
from dataclasses import replace
from enum import StrEnum
from typing import Any

from tabletop import saving
from tabletop.effects import Do, Effects, Load
from tabletop.plugin import Launch
from tabletop.present import Nav
from tabletop.regions import Host
from tabletop.saving import Data
from tabletop.store import Spec
from tabletop.widgets import Screen
from thousand.deck import Deck, default_deck

from .actions import Command
from .commands import handle as handle_message
from .present import present as present_table
from .saved import KEEPER, docs
from .screens import answers_of
from .settings import SPEEDS
from .table import Page, QuizTable, page, shown_plays
from .texts import LANGUAGES
from .view import QuizView


def command(action: str) -> StrEnum | None:
    """The command a ``data-action`` names (the quiz's, the bar's or the saved data's), or ``None``."""
    for kind in (Command, Nav, Data):
        try:
            return kind(action)
        except ValueError:
            continue
    return None


class Quiz:
    """The team quiz of estimates."""

    name = "quiz"
    title = "Zéro à 1000"
    keeper = KEEPER

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = deck
        self.docs: tuple[Spec[Any], ...] = docs(deck)

    def launch(self, start: Launch) -> tuple[QuizTable, Effects]:
        lang = start.lang if start.lang in LANGUAGES else "en"
        state = QuizTable(lang=lang, seed_text="" if start.seed is None else str(start.seed),
                          entropy=random.Random(start.entropy).getrandbits(48), ids=start.entropy,
                          deck=self.deck or default_deck())
        if start.speed in SPEEDS:
            state = replace(state, settings=replace(state.settings, speed=start.speed))
        return state, (*saving.start(KEEPER), Load("quiz-seen"))

    def handle(self, state: QuizTable, message: object) -> tuple[QuizTable, Effects]:
        return handle_message(state, message)

    def present(self, state: QuizTable) -> Any:
        return present_table(state)

    def message(self, action: str, arg: str = "") -> Do | None:
        cmd = command(action)
        return Do(cmd, arg) if cmd is not None else None

    def field(self, name: str, value: str, typing: bool) -> Do | None:
        base, _, arg = name.partition(":")
        if typing:
            typed = {"team-name": Command.TEAM_NAME, "team-people": Command.TEAM_PEOPLE, "guess": Command.GUESS_TEXT}
            if base in typed:
                return Do(typed[base], arg, value)
            return Do(Command.SET, "seed", value) if base == "seed" else None
        if base == "team-kind":
            return Do(Command.TEAM_KIND, arg, value)
        return Do(Command.SET, base, value) if base in ("lang", "speed") else None

    def view(self, host: Host) -> QuizView:
        return QuizView(host)

    def leaks(self, state: QuizTable, screen: Screen) -> list[str]:
        """Answers drawn that are not turned over yet (Q16): only the plays of the reveal turned over so far,
        and at the end the guessed last cards, may show theirs."""
        allowed = {c.id for p in shown_plays(state) for c in p.cards}
        g = state.game
        if g is not None and g.is_over and page(state) is Page.END:
            allowed |= {r.card.id for r in g.guess_results}
        return sorted({a.id for a in answers_of(screen.body)} - allowed)


PLUGIN = Quiz()
