"""A game, as the shell sees it: a plug-in with a small protocol, registered by name.

The first screen and ``?game=`` find games in ``tabletop.registry``; the shell never imports a game by
name in its code.  A plug-in brings its state (made by ``launch``), its ``handle`` (the only writer of its
state), its ``present`` (the screen, a pure function of the state), how a page event becomes one of its
messages (``message``, ``field``), its documents (``docs``), and its painter (``view``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import ModuleType
from typing import Generic, TypeVar

from .effects import Do, Effects
from .prefs import SWITCHES
from .present import Nav
from .regions import Host, Regions
from .saving import Data, Keeper, Kept
from .store import Document
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


@dataclass(frozen=True)
class Fields:
    """How a game reads its fields (``data-field="<name>:<arg>"``): the commands of the fields taken as typed
    and of those taken when changed; any other field changed is a setting (``settings``, with the field's
    name as its argument); ``typed_settings`` are settings taken as typed."""

    typed: Mapping[str, StrEnum] = field(default_factory=dict)
    changed: Mapping[str, StrEnum] = field(default_factory=dict)
    settings: StrEnum | None = None
    typed_settings: tuple[str, ...] = ()
    only: tuple[str, ...] | None = None  # the settings there are, besides this device's switches (None: any)

    def message(self, name: str, value: str, typing: bool) -> Do | None:
        base, _, arg = name.partition(":")
        table = self.typed if typing else self.changed
        if base in table:
            return Do(table[base], arg, value)
        if self.settings is None or base in self.typed or base in self.changed:
            return None
        if typing != (base in self.typed_settings) or (self.only is not None and base not in (*self.only, *SWITCHES)):
            return None
        return Do(self.settings, base, value)


G = TypeVar("G", bound=Kept)  # a game's state: the shell reads its notices, saved data and serial


@dataclass(frozen=True)
class Plugin(Generic[G]):
    """A game the shell can host, typed by its state ``G``: what it is, what it keeps, and its functions.

    ``launch`` makes its first state (and the first effects: reading its documents); ``handle`` is the only
    writer of its state; ``present`` the screen, a pure function of the state; ``commands`` the command types
    its buttons name (with the shell's ``Nav`` and ``Data``), ``fields`` how its fields become messages;
    ``view`` its painter; ``leaks`` what a screen would show that the state keeps from the people at the
    screen (always empty: the shell's tests check every screen of every game); ``warm_up`` module files to
    import while people read the first screen.
    """

    name: str  # the registry's name: "zero", "quiz"
    title: str  # the game's name, for the console's messages
    docs: tuple[Document, ...]  # the documents it keeps, each a ``Spec`` (the shell's preferences are not among them)
    keeper: Keeper[G]  # its part of saving (a phone's plug-in hands on its game's)
    launch: Callable[[Launch], tuple[G, Effects]]
    handle: Callable[[G, object], tuple[G, Effects]]
    present: Callable[[G], Screen]
    commands: tuple[type[StrEnum], ...]
    fields: Fields
    view: Callable[[Host], Regions]
    leaks: Callable[[G, Screen], list[str]]
    warm_up: tuple[str, ...] = ()
    phones: Callable[[G], tuple[tuple[int, str], ...]] = lambda state: ()  # each phone's screen, as sent
    models: tuple[ModuleType, ...] = ()  # the modules of its screens' models and commands (``tabletop.remote``)

    @property
    def schema(self) -> str:
        """The digest of its screens' models: a phone must share it (``remote.Registry.schema``)."""
        from .remote import registry  # the phones' code: not on the first screen's path

        return registry(self.models).schema()

    def command(self, action: str) -> StrEnum | None:
        """The command a ``data-action`` names, or ``None``."""
        for kind in self._kinds():
            try:
                return kind(action)
            except ValueError:
                continue
        return None

    def _kinds(self) -> Iterator[type[StrEnum]]:
        """The kinds of command a tap may name, in the order they are tried."""
        yield from self.commands
        yield Nav
        yield Data
        from .remote import Link  # the phones' commands, last: their code is not on the first screen's path

        yield Link

    def message(self, action: str, arg: str = "") -> Do | None:
        """The message for a tap on a button (its ``data-action`` and ``data-arg``), or ``None`` for an action
        the game does not know."""
        cmd = self.command(action)
        return Do(cmd, arg) if cmd is not None else None

    def field(self, name: str, value: str, typing: bool) -> Do | None:
        """The message for a field's new value (``typing``: an input event, else a change), or ``None``."""
        return self.fields.message(name, value, typing)
