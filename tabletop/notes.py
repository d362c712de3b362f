"""What a game says, kept in its state as events (a key and its parameters), never as sentences: the presenter
words them in the language on screen.  Notices stay above the screen until dismissed; the live region says
what just happened."""

from __future__ import annotations

from dataclasses import Field, dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypeVar


@dataclass(frozen=True)
class Note:
    """A notice: its message key and parameters, ``alert`` for problems, and extra buttons.

    ``actions`` are (command, argument, label key); ``params`` values are plain data (numbers, names, or a
    ``tabletop.store.AtRisk``), turned into words by the presenter.
    """

    key: str
    params: tuple[tuple[str, object], ...] = ()
    alert: bool = False
    actions: tuple[tuple[StrEnum, str, str], ...] = ()


class Noted(Protocol):
    """A game's state: a frozen dataclass with its notices."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def notes(self) -> tuple[Note, ...]: ...


S = TypeVar("S", bound=Noted)
T = TypeVar("T")


def with_shell(s: T, **changes: Any) -> T:
    """``s`` with the shell's fields ``changes`` (notices, saving, the bar's pages): on its ``core``
    (``tabletop.core.Core``) where the state has one, else on the state itself (a game not moved onto it yet)."""
    fields: dict[str, Any] = getattr(s, "__dataclass_fields__", {})
    if "core" in fields:
        return replace(s, core=replace(s.core, **changes))  # type: ignore[attr-defined,type-var]
    return replace(s, **changes)  # type: ignore[type-var]


def notify(s: S, key: str, *, alert: bool = False, actions: tuple[tuple[StrEnum, str, str], ...] = (),
           **params: object) -> S:
    """``s`` showing the message ``key`` until dismissed; one with the same key replaces the earlier one."""
    return with_shell(s, notes=(*dismiss(s, key).notes, Note(key, tuple(params.items()), alert, actions)))


def dismiss(s: S, *keys: str) -> S:
    """``s`` without the notices ``keys``."""
    if not any(n.key in keys for n in s.notes):
        return s
    return with_shell(s, notes=tuple(n for n in s.notes if n.key not in keys))


@dataclass(frozen=True)
class Live:
    """The live region's sentence as an event: a message ``key`` (about ``seat``, which a game may say in the
    second person), its parameters (plain data, or a game's word wrappers), and further keys said after it."""

    key: str = ""
    seat: int | None = None
    params: tuple[tuple[str, object], ...] = ()
    more: tuple[str, ...] = ()


def said(key: str, seat: int | None = None, *more: str, **params: object) -> Live:
    """The live event ``key`` (about ``seat``) with ``params``, then ``more``."""
    return Live(key, seat, tuple(params.items()), more)
