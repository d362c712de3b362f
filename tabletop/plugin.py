"""A game, as the shell sees it: a plug-in with a small protocol, registered by name.

The first screen and ``?game=`` find games in ``tabletop.registry``; the shell never imports a game by
name in its code.  A plug-in brings its state (made by ``launch``), its ``handle`` (the only writer of its
state), its ``present`` (the screen, a pure function of the state), how a page event becomes one of its
messages (``message``, ``field``), its documents (``docs``), and its painter (``view``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .effects import Effects
from .regions import Host, Regions
from .saving import Keeper
from .store import Spec
from .widgets import Screen


@dataclass(frozen=True)
class Launch:
    """What a game starts with: the language, a fixed seed (``?seed=``), the source of its later seeds, the
    bots' pace (``?speed=``) and this device's preferences."""

    lang: str
    seed: int | None = None
    entropy: int = 0
    speed: str | None = None
    prefs: tuple[tuple[str, object], ...] = ()

    def pref(self, name: str, default: object = None) -> object:
        """One of this device's preferences."""
        return dict(self.prefs).get(name, default)


class Plugin(Protocol):
    """A game the shell can host."""

    name: str  # the registry's name: "zero", "quiz"
    title: str  # the game's name, for the console's messages
    docs: tuple[Spec[Any], ...]  # the documents it keeps (the shell's preferences are not among them)
    keeper: Keeper[Any]  # its part of saving

    def launch(self, start: Launch) -> tuple[Any, Effects]:
        """The game's first state, and what to do at once (read its saved documents)."""

    def handle(self, state: Any, message: Any) -> tuple[Any, Effects]:
        """The next state and its effects: for a player's command, an outcome, a pause that ended."""

    def present(self, state: Any) -> Screen:
        """What to draw."""

    def message(self, action: str, arg: str = "") -> Any:
        """The message for a tap on a button (its ``data-action`` and ``data-arg``), or ``None`` for an action
        the game does not know."""

    def field(self, name: str, value: str, typing: bool) -> Any:
        """The message for a field's new value (its ``data-field``; ``typing``: an input event, else a change),
        or ``None``."""

    def view(self, host: Host) -> Regions:
        """The game's painter for a page."""

    def leaks(self, state: Any, screen: Screen) -> list[str]:
        """What ``screen`` shows that ``state`` keeps from the people at the screen (a hand, an unrevealed
        answer): empty, always; the shell's tests check it on every screen of every game."""
