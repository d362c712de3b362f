"""Shared helpers for the engine tests: readable hands, deals, invariant checks and golden files."""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Iterable
from pathlib import Path

from zero_game import DECK, Card, Round, Swap

GOLDEN = Path(__file__).with_name("golden")


def cards(text: str) -> list[Card]:
    """Cards from a comma-separated list such as ``"red 1, blue 3"``."""
    return [Card.parse(part) for part in text.split(",")]


def filler(exclude: Iterable[Card], count: int) -> list[Card]:
    """``count`` cards not in ``exclude``, chosen so that they form no group of five."""
    used = set(exclude)
    out: list[Card] = []
    # Walk the deck diagonally so that colours and numbers stay spread out.
    order = sorted(DECK, key=lambda c: ((c.number + c.colour.value) % 8, c.colour.value))
    for card in order:
        if card not in used and len(out) < count:
            out.append(card)
    return out


def deal_with(
    hands: list[list[Card]], pool: list[Card] | None = None, pool_size: int = 5, first_player: int = 0
) -> Round:
    """A round where the given (partial) hands are completed with spread-out filler cards."""
    used = [c for hand in hands for c in hand] + list(pool or [])
    full_hands = []
    for hand in hands:
        extra = filler(used, 9 - len(hand))
        used += extra
        full_hands.append(hand + extra)
    if pool is None:
        pool = filler(used, pool_size)
    return Round.from_deal(full_hands, pool, first_player=first_player)


def all_cards_in(value: object, found: set[Card] | None = None) -> set[Card]:
    """Every ``Card`` reachable inside a view (dataclasses, tuples, actions), however deep."""
    found = set() if found is None else found
    kind = type(value)
    if kind is Card:
        found.add(value)  # type: ignore[arg-type]
    elif kind is tuple or kind is list:
        for item in value:  # type: ignore[attr-defined]
            if type(item) is Card:
                found.add(item)
            elif type(item) not in (int, str, bool):
                all_cards_in(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for name in _field_names(kind):
            all_cards_in(getattr(value, name), found)
    return found


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def seen_taken(state: Round, seat: int) -> set[Card]:
    """Cards ``seat`` was publicly seen taking and has not given back since."""
    held: set[Card] = set()
    for turn in state.history:
        if turn.seat == seat and isinstance(turn.action, Swap):
            held.add(turn.action.take)
            held.discard(turn.action.give)
    return held


def check_invariants(state: Round) -> None:
    """The invariants every state of every round must keep."""
    hands = [state.hand(s) for s in range(state.players)]
    everything = [c for hand in hands for c in hand] + list(state.pool)
    assert len(everything) == len(set(everything)), "a card is in two places"
    assert all(len(h) == 9 for h in hands), "a hand is not 9 cards"
    assert len(state.pool) == len(state.dealt_pool), "the pool changed size"
    dealt = {c for hand in state.dealt_hands for c in hand} | set(state.dealt_pool)
    assert set(everything) == dealt, "cards entered or left the round"
    assert bool(state.legal_actions()) == (not state.is_over)
    assert (state.current_player is None) == state.is_over
    copy = Round.from_json(state.to_json())
    assert copy == state and copy.to_json() == state.to_json()
    assert copy.current_player == state.current_player and copy.phase == state.phase
    for seat in range(state.players):
        view = state.view(seat)
        visible = all_cards_in(dataclasses.replace(view, revealed=None))
        for other in range(state.players):
            if other != seat:
                leaked = (visible & set(hands[other])) - seen_taken(state, other)
                assert not leaked, f"seat {seat} can see {leaked} in seat {other}'s hand"


def check_golden(name: str, text: str) -> None:
    """``text`` is the golden file ``tests/golden/<name>`` to the letter.

    Regenerate a golden file only on purpose, after a deliberate rules change: ``ZERO_UPDATE_GOLDEN=1`` writes
    ``text`` into it instead of comparing."""
    golden = GOLDEN / name
    if os.environ.get("ZERO_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"missing {golden}; run with ZERO_UPDATE_GOLDEN=1 to create it"
    assert text == golden.read_text(encoding="utf-8")
