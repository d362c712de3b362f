"""The two actions of a turn (R6): swap a hand card for a pool card, or knock."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card
from .errors import InvalidMove


@dataclass(frozen=True, slots=True)
class Swap:
    """Put ``give`` from your hand into the pool and take ``take`` from the pool."""

    give: Card
    take: Card

    def __post_init__(self) -> None:
        if not isinstance(self.give, Card) or not isinstance(self.take, Card):
            raise InvalidMove("A swap names two cards: one to give and one to take.")

    def __str__(self) -> str:
        return f"swap {self.give} for {self.take}"


@dataclass(frozen=True, slots=True)
class Knock:
    """Knock on the table instead of swapping."""

    def __str__(self) -> str:
        return "knock"


Action = Swap | Knock
KNOCK = Knock()

_SWAP_TEXT = re.compile(r"^\s*swap\s+(.+?)\s+for\s+(.+?)\s*$", re.IGNORECASE)


def parse_action(text: str) -> Action:
    """Read an action written as ``"swap red 7 for blue 2"`` or ``"knock"``.

    >>> print(parse_action("Swap red 7 for BLUE 2"))
    swap red 7 for blue 2
    """
    if not isinstance(text, str):
        raise InvalidMove(f"An action is written like 'swap red 7 for blue 2' or 'knock', not {text!r}.")
    if text.strip().lower() == "knock":
        return KNOCK
    give, sep, take = text[5:].partition(" for ")
    if text.startswith("swap ") and sep:  # the common, canonical form: no regular expression needed
        try:
            return Swap(Card.parse(give), Card.parse(take))
        except InvalidMove:
            pass
    match = _SWAP_TEXT.match(text)
    if match is None:
        raise InvalidMove(
            f"{text.strip()!r} is not an action; write 'knock' or 'swap <card> for <card>', "
            "like 'swap red 7 for blue 2'."
        )
    return Swap(Card.parse(match.group(1)), Card.parse(match.group(2)))
