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
from typing import Any, Protocol, TypeVar

from . import saving
from .effects import Effects
from .notes import Note
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
    history: Any = None
    setting_up: bool = True
    overlay: Hashable | None = None
    confirm_new: bool = False
    confirm_clear: bool = False


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
    def history(self) -> Any:
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


class Played(Protocol):
    """The game on a table, as the shell's ``settle`` sees it."""

    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=saving.Kept)


def settle(after: S, game: Played | None, changed: bool, effects: Effects = ()) -> tuple[S, Effects]:
    """The shell's part of what follows any change of the game on the table (``game``; ``changed``: it moved):
    a finished game is put away (on the score sheet, or forgotten), a game in play is saved."""
    more: Effects = ()
    if game is not None and changed:
        after, more = saving.record(after) if game.is_over else saving.save(after)
    return after, (*effects, *more)
