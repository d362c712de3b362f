"""Scoring a hand (R12, R15, R16) and recognising a ZERO.

Hands are scored through 56-bit masks (bit ``card.index``), which keeps the
bots' playouts fast; the public functions take ``Card`` values.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Colour, cards_mask, from_mask

GROUP = 5
COLOUR_MASKS = tuple(0xFF << (8 * c) for c in range(7))
NUMBER_MASKS = tuple(sum(1 << (8 * c + n) for c in range(7)) for n in range(8))
# Sum of the face values of the numbers present in an 8-bit "numbers" byte.
_BYTE_VALUE = tuple(sum(n + 1 for n in range(8) if b >> n & 1) for b in range(256))


def cleared_mask(mask: int) -> int:
    """The cards of a hand that belong to a colour or number group of five or more."""
    cleared = 0
    for group in COLOUR_MASKS:
        part = mask & group
        if part.bit_count() >= GROUP:
            cleared |= part
    for group in NUMBER_MASKS:
        part = mask & group
        if part.bit_count() >= GROUP:
            cleared |= part
    return cleared


def numbers_byte(mask: int) -> int:
    """The distinct numbers among a set of cards, as bits 0–7 of a byte."""
    byte = 0
    while mask:
        byte |= mask & 0xFF
        mask >>= 8
    return byte


def score_mask(mask: int) -> int:
    """The score of a hand given as a mask."""
    return _BYTE_VALUE[numbers_byte(mask & ~cleared_mask(mask))]


def is_zero_mask(mask: int) -> bool:
    """Whether a hand given as a mask holds five of a colour and five of a number."""
    # Plain loops: this runs after every swap of every playout.
    for group in COLOUR_MASKS:
        if (mask & group).bit_count() >= GROUP:
            break
    else:
        return False
    for group in NUMBER_MASKS:
        if (mask & group).bit_count() >= GROUP:
            return True
    return False


def swap_in(hands: list[int], seat: int, pool: int, give: int, take: int) -> tuple[int, bool]:
    """Seat ``seat`` gives card ``give`` to the pool for card ``take`` (card indices, unchecked), its hand changed
    in ``hands`` in place: the pool after the swap, and whether the swap made the hand a ZERO (R13)."""
    hand = hands[seat] ^ (1 << give) ^ (1 << take)
    hands[seat] = hand
    return pool ^ (1 << give) ^ (1 << take), is_zero_mask(hand)


def score_hand(cards: Iterable[Card]) -> int:
    """The points a hand scores: each distinct number left after removing groups of five.

    ``InvalidMove`` if ``cards`` is not a collection of ``Card`` values.

    >>> score_hand(Card.parse(c) for c in
    ...     ["red 1", "blue 1", "green 4", "red 8", "red 1", "red 3", "red 4", "red 7", "blue 8"])
    13
    """
    return score_mask(cards_mask(cards))


def is_zero(cards: Iterable[Card]) -> bool:
    """Whether a hand is a ZERO: five or more of one colour and five or more of one number."""
    return is_zero_mask(cards_mask(cards))


@dataclass(frozen=True)
class Breakdown:
    """How a hand scores, for showing to players."""

    colour_groups: tuple[Colour, ...]
    number_groups: tuple[int, ...]
    cleared: tuple[Card, ...]
    remaining: tuple[Card, ...]
    scoring_numbers: tuple[int, ...]
    score: int
    zero: bool


def breakdown(cards: Iterable[Card]) -> Breakdown:
    """Which cards a colour or number group clears, which numbers score, and the total."""
    mask = cards_mask(cards)
    colours = tuple(c for c in Colour if (mask & COLOUR_MASKS[c.value]).bit_count() >= GROUP)
    numbers = tuple(n + 1 for n in range(8) if (mask & NUMBER_MASKS[n]).bit_count() >= GROUP)
    cleared = cleared_mask(mask)
    byte = numbers_byte(mask & ~cleared)
    return Breakdown(
        colour_groups=colours,
        number_groups=numbers,
        cleared=from_mask(cleared),
        remaining=from_mask(mask & ~cleared),
        scoring_numbers=tuple(n + 1 for n in range(8) if byte >> n & 1),
        score=_BYTE_VALUE[byte],
        zero=bool(colours) and bool(numbers),
    )
