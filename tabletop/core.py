"""The shell's own slice of every game's state: ``Core``, one frozen value that only the shell's functions change.

A game's state holds its own fields and one ``core: Core``; the shell reads its fields through ``OnCore`` (the
game's state class derives from it, which answers the shell's protocols: ``notes.Noted``, ``saving.Kept``,
``nav.Paged``) and writes them with ``notes.with_shell``, so a game names none of them and writes none of them.

    @dataclass(frozen=True)
    class DiceTable(OnCore):
        core: Core = Core()
        game: Pig | None = None      # the game's own fields only

The shell's part of what follows a change (saving the game, putting a finished one away) is ``settle``, written
once; a game adds only its own (its bot's turn).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Protocol, Self, TypeVar, cast

from . import saving
from .effects import Effect, Effects
from .notes import Live, Note, with_shell
from .remote import Remote, Seating
from .saving import Persist


@dataclass(frozen=True)
class Core:
    """The shell's fields of a game's state: the language, the notices, the saved data as this tab knows it, the
    game serial, the score sheet as read (``None``: none, or none kept), and the bar's pages: the set-up up, the
    page open over the game, the questions asked before leaving a game or clearing the sheet."""

    lang: str = "en"
    notes: tuple[Note, ...] = ()
    persist: Persist = field(default_factory=Persist)
    serial: int = 0
    history: object = None  # the game's own score sheet type (its state reads it back typed)
    setting_up: bool = True
    overlay: Hashable | None = None
    confirm_new: bool = False
    confirm_clear: bool = False
    at_screen: int | None = None  # the seat (or team) whose person holds the tablet now, if one does
    phone: int | None = None  # this state is a phone's view of the table: that seat's (``tabletop.remote``)
    recorded: bool = False  # the finished game on the table is put away (on the sheet, or forgotten)
    lesson: int | None = None  # the tutorial's lesson under way, if any (nothing is saved during one)
    sound: bool = True  # this device's choices, kept apart from any game (``tabletop.prefs``)
    motion: bool = True
    taught: bool = False  # the game's tutorial was played (or declined) on this device
    more_options: bool = False  # the set-up shows its options out of the way (not saved)
    thinking: int | None = None  # the seat (or team) whose bot is thinking now
    live: Live = Live()  # what the live region says of the last change (``notes.said``)
    refused: bool = False  # the tutorial refused a tap that was not its lesson's (says why until the next right one)
    before_lesson: object | None = None  # the game's state as it was when the tutorial began (``OnCore``: its type)
    settings: Seating | None = None  # the game's set-up (its own type; the phones read and change its seating)
    remote: Remote = Remote()  # the seats (or teams) played on phones, as this tablet knows them (``tabletop.remote``)
    entropy: int = 0  # where the seeds of later games come from
    ids: int = 0  # where saved games' ids come from (random on every device, even with a fixed seed)
    celebrated: int = -1  # the serial of the game whose end was left for a page over it: its celebration is over


class OnCore:
    """A game's state that keeps the shell's fields in ``core``: the shell's protocols read them here."""

    core: Core

    @property
    def lang(self) -> str:
        return self.core.lang

    @property
    def notes(self) -> tuple[Note, ...]:
        return self.core.notes

    @property
    def persist(self) -> Persist:
        return self.core.persist

    @property
    def serial(self) -> int:
        return self.core.serial

    @property
    def history(self) -> object:
        return self.core.history

    @property
    def setting_up(self) -> bool:
        return self.core.setting_up

    @property
    def overlay(self) -> Hashable | None:
        return self.core.overlay

    @property
    def confirm_new(self) -> bool:
        return self.core.confirm_new

    @property
    def confirm_clear(self) -> bool:
        return self.core.confirm_clear

    @property
    def at_screen(self) -> int | None:
        return self.core.at_screen

    @property
    def phone(self) -> int | None:
        return self.core.phone

    @property
    def recorded(self) -> bool:
        return self.core.recorded

    @property
    def lesson(self) -> int | None:
        return self.core.lesson

    @property
    def sound(self) -> bool:
        return self.core.sound

    @property
    def motion(self) -> bool:
        return self.core.motion

    @property
    def taught(self) -> bool:
        return self.core.taught

    @property
    def more_options(self) -> bool:
        return self.core.more_options

    @property
    def thinking(self) -> int | None:
        return self.core.thinking

    @property
    def live(self) -> Live:
        return self.core.live

    @property
    def refused(self) -> bool:
        return self.core.refused

    @property
    def remote(self) -> Remote:
        return self.core.remote

    @property
    def settings(self) -> Seating | None:
        """The game's set-up (each game reads it back as its own type)."""
        return self.core.settings

    @property
    def entropy(self) -> int:
        return self.core.entropy

    @property
    def ids(self) -> int:
        return self.core.ids

    @property
    def before_lesson(self) -> Self | None:
        """The state as it was when the tutorial began: a game's own type (only a game's state is put here)."""
        return cast("Self | None", self.core.before_lesson)

    @property
    def celebrates(self) -> bool:
        """Whether the end of the game on the table plays its celebration: once, until a page opens over it (the
        rules, the score sheet); back from there, the podium stands still."""
        return self.core.celebrated != self.core.serial


class Played(Protocol):
    """The game on a table, as the shell's ``settle`` sees it."""

    @property
    def is_over(self) -> bool: ...


class Seated(saving.Kept, Protocol):
    """A game's state as the shell's ``settle`` sees it: its saved data and who holds the tablet."""

    @property
    def at_screen(self) -> int | None: ...
    @property
    def phone(self) -> int | None: ...
    @property
    def recorded(self) -> bool: ...


S = TypeVar("S", bound=Seated)


def settle(before: S, after: S, effects: Effects, *, was: Played | None, game: Played | None, changed: bool,
           at_tablet: tuple[int, ...], slot: str, save: bool = True, quiet: bool = False) -> tuple[S, list[Effect]]:
    """The shell's part of what follows any change, the same for every game.

    ``was`` and ``game``: the game on the table before and after; ``changed``: it moved (or what is saved of it
    did); ``at_tablet``: the seats people play at the tablet; ``slot``: the game's saved game; ``save=False``: it
    was just read from storage; ``quiet``: nothing is saved, recorded or left behind (a tutorial).  Who holds the
    tablet (its one person, else nobody a game no longer seats: a phone's view keeps its own), a game left for a
    new one no longer the one to resume, a game that moved saved, a finished one put away once.
    """
    found: list[Effect] = list(effects)
    if after.phone is not None:
        pass  # a phone's view of the table: its seat is at its screen
    elif game is not None and len(at_tablet) == 1 and after.at_screen != at_tablet[0]:
        after = with_shell(after, at_screen=at_tablet[0])
    elif after.at_screen is not None and after.at_screen not in at_tablet:
        after = with_shell(after, at_screen=None)
    if quiet or game is None:
        return after, found
    more: Effects
    if game is not was and was is not None and after.serial != before.serial and not before.recorded:
        after, more = saving.abandon(after, slot)
        found += more
    if save and changed:
        after, more = saving.save(after)
        found += more
    if game.is_over and not after.recorded:
        after, more = saving.record(with_shell(after, recorded=True))
        found += more
    return after, found
