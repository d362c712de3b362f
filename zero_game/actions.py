"""The two actions of a turn (R6): swap a hand card for a pool card, or knock."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.errors import InvalidMove, shown

from .cards import Card


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


def parse_action(text: str) -> Action:
    """Read an action written as ``"swap red 7 for blue 2"`` or ``"knock"``.

    >>> print(parse_action("Swap red 7 for BLUE 2"))
    swap red 7 for blue 2
    """
    if not isinstance(text, str):
        raise InvalidMove(f"An action is written like 'swap red 7 for blue 2' or 'knock', not {shown(text)}.")
    give, sep, take = text[5:].partition(" for ")
    if text.startswith("swap ") and sep:  # the common, canonical form
        try:
            return Swap(Card.parse(give), Card.parse(take))
        except InvalidMove:
            pass
    # Word by word, so that the time taken grows with the text's length and no faster.
    words = text.split()
    lowered = [word.lower() for word in words[:1]]
    if lowered == ["knock"] and len(words) == 1:
        return KNOCK
    if lowered == ["swap"]:
        split = next((i for i, word in enumerate(words) if i > 1 and word.lower() == "for"), 0)
        if split and split < len(words) - 1:
            return Swap(Card.parse(" ".join(words[1:split])), Card.parse(" ".join(words[split + 1 :])))
    raise InvalidMove(
        f"{shown(text.strip())} is not an action; write 'knock' or 'swap <card> for <card>', "
        "like 'swap red 7 for blue 2'."
    )
