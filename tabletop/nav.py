"""The bar's commands (``tabletop.present.Nav``), the same on every game's table: the set-up, and the question
before leaving a game in progress for it; the rules and the score sheet over the game, and the way back; the
way back to the choice of game; Cancel (Escape) closing what the shell opened; a notice dismissed.

A game hands in what differs: its pages' values, the game on its table, what its table forgets when a game is
left for the set-up, and what Cancel clears of its own once nothing of the shell's is open.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from .effects import Effects, Leave
from .notes import Noted, dismiss, with_shell
from .present import Nav


class Paged(Noted, Protocol):
    """A game's table as the bar sees it: a frozen dataclass with its notices and these."""

    @property
    def setting_up(self) -> bool:
        """The set-up page is up (a game may wait behind it)."""

    @property
    def overlay(self) -> Any:
        """The page open over the game (the game's value of ``Nav.RULES`` or ``Nav.SHEET``), if any."""

    @property
    def confirm_new(self) -> bool:
        """The question before leaving a game in progress for the set-up is asked."""

    @property
    def confirm_clear(self) -> bool:
        """The question before clearing the score sheet is asked."""

    @property
    def serial(self) -> int:
        """The serial of the game on the table."""


S = TypeVar("S", bound=Paged)
P = TypeVar("P")
Result = tuple[S, Effects]
Handler = Callable[[S, str, str], Result[S]]


def playing(s: Paged, game: Any) -> bool:
    """Whether ``game`` (the one on the table, if any) is being played: leaving it for the set-up asks first."""
    return game is not None and not game.is_over and not s.setting_up


def over(s: Paged, setup: P) -> P:
    """The page up while the game is not (none on the table, or behind the set-up or a page): a page open over the
    game, else the set-up."""
    return s.overlay if s.overlay is not None else setup


def to_setup(s: S) -> S:
    """The set-up page up, nothing over it, no question asked."""
    return with_shell(s, setting_up=True, overlay=None, confirm_new=False)


def closed(s: S) -> S | None:
    """``s`` with the shell's open question or page closed (Cancel, Escape), or ``None`` where none is open."""
    if s.confirm_clear:
        return with_shell(s, confirm_clear=False)
    if s.confirm_new:
        return with_shell(s, confirm_new=False)
    if s.overlay is not None:
        return with_shell(s, overlay=None)
    return None


def back_to_game(game: Callable[[S], Any]) -> Handler[S]:
    """The set-up's way back to the game waiting behind it (none once it is over)."""

    def back(s: S, arg: str, value: str) -> Result[S]:
        g = game(s)
        if g is None or g.is_over:
            return s, ()
        return with_shell(s, setting_up=False, overlay=None), ()

    return back


def handlers(rules: Any, sheet: Any, *, game: Callable[[S], Any], leave: Callable[[S], S],
             cancel: Callable[[S], Result[S]]) -> dict[StrEnum, Handler[S]]:
    """The handler of every ``Nav`` command for a game whose pages ``rules`` and ``sheet`` open over its table.

    ``game(state)``: the game on the table, if any; ``leave(state)``: the table as a game is left for the set-up
    (no choice in progress); ``cancel(state)``: Cancel once nothing of the shell's is open (the game's own choice).
    """

    def new_setup(s: S, arg: str, value: str) -> Result[S]:
        if playing(s, game(s)):
            return with_shell(s, confirm_new=True, overlay=None), ()
        return to_setup(s), ()

    def escape(s: S, arg: str, value: str) -> Result[S]:
        shut = closed(s)
        return (shut, ()) if shut is not None else cancel(s)

    def opened(s: S, page: Any, **more: Any) -> Result[S]:
        """``page`` open over the table; a finished game's end, left for it, has had its celebration."""
        g = game(s)
        if g is not None and g.is_over and not s.setting_up:
            more["celebrated"] = s.serial
        return with_shell(s, overlay=page, confirm_new=False, **more), ()

    return {
        Nav.NEW_SETUP: new_setup,
        Nav.NEW_SETUP_YES: lambda s, a, v: (to_setup(leave(s)), ()),
        Nav.RULES: lambda s, a, v: opened(s, rules),
        Nav.SHEET: lambda s, a, v: opened(s, sheet, confirm_clear=False),
        Nav.BACK: lambda s, a, v: (with_shell(s, overlay=None, confirm_clear=False), ()),
        Nav.GAMES: lambda s, a, v: (with_shell(s, confirm_new=False), (Leave(),)),
        Nav.DISMISS: lambda s, a, v: (dismiss(s, a), ()),
        Nav.CANCEL: escape,
    }
