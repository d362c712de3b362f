"""What happens next at a table, the same words for every game: a bot is to act, the tablet goes to a person
(or a team) first, the one at the tablet acts, or people act at another screen (their phone).  ``who`` is a seat
or a team, as the game counts them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Turn:
    """Whose turn it is (``who``); the kind of step says how they take it."""

    who: int


@dataclass(frozen=True)
class BotActs(Turn):
    """A bot is to act; ``key`` says where the table stands (a new key: a new decision)."""

    key: tuple[int, ...]


@dataclass(frozen=True)
class HandOff(Turn):
    """People are to act who are not at the tablet: it goes to them first (a screen with nothing private)."""


@dataclass(frozen=True)
class Acts(Turn):
    """The one at the tablet is to act."""


@dataclass(frozen=True)
class Waits(Turn):
    """People are to act on another screen than this one (their own phone, or the tablet): this screen waits."""


Step = BotActs | HandOff | Acts | Waits
