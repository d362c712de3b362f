"""Zero's part of playing on phones (``tabletop.remote.Phones``): what a seat's phone sees, what it may do.

A phone is presented the table through the same door as the tablet, ``table.visible_hand``, with its own seat
as the viewer (``Table.phone``): its hand all the round long, the pool, the seats and the public moves; at a
round's end every hand, as on the tablet.  Its choice in progress (the cards it picked, knocking) is its own
(``Draft``), never the tablet's; a public event is said on every screen, a choice only on the screen that made it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from types import ModuleType

from tabletop.notes import Live, with_shell
from tabletop.present import Nav
from tabletop.remote import Phones, off_phone
from zero_game import Card
from zero_game.seats import Seat

from . import actions, screens
from .actions import Command
from .table import Result, Table, settle

#: The live events everyone at the table may hear (a move, a round starting); the rest are one person's choices.
PUBLIC = frozenset({"live.round_start", "live.swap", "live.zero", "live.knock", "live.second_knock", "live.pass",
                    "live.undone", "live.your_turn"})


@dataclass(frozen=True)
class Draft:
    """A phone's choice in progress, kept by the tablet between its taps."""

    give: Card | None = None
    take: Card | None = None
    knocking: bool = False
    sort_by_number: bool = False


class ZeroPhones:
    """Zero's seats on phones."""

    game = "zero"
    commands: frozenset[StrEnum] = frozenset({Command.HAND, Command.POOL, Command.KNOCK, Command.CONFIRM,
                                               Nav.CANCEL, Command.SORT})
    models: tuple[ModuleType, ...] = (screens, actions)

    def seats(self, s: Table) -> tuple[int, ...]:
        return s.settings.phones if s.match is not None and s.lesson is None else ()

    def round(self, s: Table) -> tuple[int, int] | None:
        m = s.match
        return None if m is None or m.is_over or s.lesson is not None else (s.serial, len(m.finished_rounds))

    def name(self, s: Table, seat: int) -> str:
        return s.texts.name(seat)

    def t(self, s: Table) -> Callable[..., str]:
        return s.texts.t

    def enter(self, s: Table, seat: int) -> Table | None:
        m = s.match
        if m is None or s.setting_up or s.lesson is not None or seat not in s.settings.phones:
            return None
        kept = s.remote.draft(seat)
        draft = kept if isinstance(kept, Draft) else Draft()
        if m.is_over or m.current_player != seat:
            draft = Draft(sort_by_number=draft.sort_by_number)  # a choice is made on one's own turn only
        return with_shell(replace(s, give=draft.give, take=draft.take, knocking=draft.knocking,
                                  sort_by_number=draft.sort_by_number, received=None, hint=None, asked=None,
                                  replay=None),
                          phone=seat, at_screen=seat, overlay=None, confirm_new=False, confirm_clear=False, notes=(),
                          live=s.live if s.live.key in PUBLIC else Live())

    def leave(self, s: Table, seen: Table, seat: int) -> Table:
        moved = seen.match is not s.match or seen.reviewed != s.reviewed
        draft = Draft(sort_by_number=seen.sort_by_number) if moved else \
            Draft(seen.give, seen.take, seen.knocking, seen.sort_by_number)
        return with_shell(replace(seen, give=s.give, take=s.take, knocking=s.knocking,
                                  sort_by_number=s.sort_by_number,
                                  hint=s.hint, asked=s.asked, replay=s.replay, received=s.received),
                          phone=None, at_screen=s.at_screen, overlay=s.overlay, confirm_new=s.confirm_new,
                          confirm_clear=s.confirm_clear, notes=s.notes, live=seen.live if moved else s.live,
                          remote=s.remote.with_link(seat, draft=draft))

    def here(self, s: Table, seat: int) -> Result:
        return off_phone(s, seat, settle)

    def bot(self, s: Table, seat: int) -> Result:
        seats = list(s.settings.seats)
        seats[seat] = Seat.bot("medium", seats[seat].name)
        return off_phone(s, seat, settle, seats=tuple(seats))


PHONES: Phones[Table] = ZeroPhones()
