"""The 56 cards of Zero (R1): seven colours, numbers 1 to 8, each pair exactly once."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from tabletop.errors import InvalidMove, shown

NUMBERS = range(1, 9)
DECK_SIZE = 56


class Colour(enum.Enum):
    """The seven colours, in the rules' canonical order."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    VIOLET = 4
    GREY = 5
    BLACK = 6

    @property
    def label(self) -> str:
        """The colour's English name in lower case, e.g. ``"red"``."""
        return self.name.lower()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Colour):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Colour):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Colour):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Colour):
            return NotImplemented
        return self.value >= other.value


_COLOUR_BY_NAME = {c.label: c for c in Colour} | {"gray": Colour.GREY, "purple": Colour.VIOLET}
_CARD_TEXT = re.compile(r"^\s*([a-z]+)(?:\s*|-)(\d+)\s*$")


@dataclass(frozen=True, eq=False, slots=True, repr=False)
class Card:
    """One card: a colour and a number from 1 to 8. Ordered by colour, then number."""

    colour: Colour
    number: int
    index: int = field(init=False)
    """The card's position 0–55 in the canonical deck (colour-major)."""

    def __post_init__(self) -> None:
        if not isinstance(self.colour, Colour):
            raise InvalidMove(f"{shown(self.colour)} is not a colour of Zero.")
        if type(self.number) is not int or not 1 <= self.number <= 8:
            raise InvalidMove(f"Cards are numbered 1 to 8, not {shown(self.number)}.")
        object.__setattr__(self, "index", self.colour.value * 8 + self.number - 1)

    # Equality, hashing and order go through the index: cards are compared in every hot loop.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return _NAMES[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def slug(self) -> str:
        """A token for markup and URLs, e.g. ``"red-7"``."""
        return f"{self.colour.label}-{self.number}"

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at ``index`` (0–55) in the canonical deck; ``InvalidMove`` for anything else."""
        if type(index) is not int or not 0 <= index < DECK_SIZE:
            raise InvalidMove(f"A card's index is a whole number from 0 to {DECK_SIZE - 1}, not {shown(index)}.")
        return DECK[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card such as ``"red 7"``, ``"Red 7"`` or ``"red-7"``.

        >>> Card.parse("  RED   7 ")
        Card.parse('red 7')
        """
        if not isinstance(text, str):
            raise InvalidMove(f"A card is written like 'red 7', not {shown(text)}.")
        card = _BY_NAME.get(text)
        if card is not None:
            return card
        match = _CARD_TEXT.match(text.lower())
        if match is None:
            raise InvalidMove(f"{shown(text.strip())} is not a card; write a colour and a number, like 'red 7'.")
        name, digits = match.groups()
        colour = _COLOUR_BY_NAME.get(name)
        if colour is None:
            names = ", ".join(c.label for c in Colour)
            raise InvalidMove(f"{shown(name)} is not a colour of Zero; the colours are {names}.")
        if len(digits) > 2 or not 1 <= int(digits) <= 8:
            number_text = digits if len(digits) < 4 else digits[:3] + "..."
            raise InvalidMove(f"Cards are numbered 1 to 8, so there is no {name} {number_text}.")
        number = int(digits)
        return DECK[colour.value * 8 + number - 1]


_NAMES = tuple(f"{Colour(i // 8).label} {i % 8 + 1}" for i in range(DECK_SIZE))
DECK: tuple[Card, ...] = tuple(Card(Colour(i // 8), i % 8 + 1) for i in range(DECK_SIZE))
_BY_NAME = {name: card for name, card in zip(_NAMES, DECK, strict=True)}


def to_mask(cards: Iterable[Card]) -> int:
    """A set of cards as a 56-bit integer (bit ``card.index``); unchecked (see ``cards_mask``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices(mask: int) -> list[int]:
    """The card indices in a 56-bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 56-bit mask, in canonical order."""
    return tuple([DECK[i] for i in indices(mask)])


def cards_mask(cards: object, what: str = "A hand") -> int:
    """Like ``to_mask`` for input from outside: ``InvalidMove`` unless ``cards`` is an iterable of ``Card``."""
    if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
        raise InvalidMove(f"{what} is a collection of cards, not {shown(cards)}.")
    mask = 0
    for card in cards:
        if card.__class__ is not Card:
            raise InvalidMove(f"{what} holds only cards, not {shown(card)}.")
        mask |= 1 << card.index
    return mask
