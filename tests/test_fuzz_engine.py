"""Hypothesis over the public engine API with wrong types: only the documented errors come out.

Documented: ``InvalidMove`` for what is not a card, an action or a deal (``Card``, ``Card.parse``,
``Card.from_index``, ``Swap``, ``parse_action``, ``score_hand``/``breakdown``/``is_zero``, ``Round.from_deal``,
``apply`` with a non-action); ``IllegalMove`` for an action the rules forbid now; ``ValueError`` for table
settings and seats (``Round.deal``, ``Match.new``, ``view``, ``hand``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zero_game import (
    DECK,
    KNOCK,
    Card,
    Colour,
    IllegalMove,
    InvalidMove,
    Match,
    Round,
    Swap,
    breakdown,
    is_zero,
    parse_action,
    score_hand,
)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STATE = Round.deal(3, seed=11)
MATCH = Match.new(3, seed=11)

cards = st.sampled_from(DECK)
anything = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=40), st.binary(max_size=8),
    cards, st.sampled_from(list(Colour)), st.just(KNOCK), st.just(object()), st.just(STATE),
    st.sampled_from([5.0, 2.0, [1], (3,), {"a": 1}, {1, 2}, "red 7", "swap a" + " " * 5000 + "x", "x" * 10**5]),
    st.lists(st.one_of(cards, st.text(max_size=8), st.integers(), st.none()), max_size=12),
    st.lists(st.lists(st.one_of(cards, st.sampled_from(["red 1", "blue 9", 3])), max_size=10), max_size=6),
)


def expect(errors: tuple[type[Exception], ...], call: Callable[[], object]) -> None:
    try:
        call()
    except errors:
        pass
    except Exception as err:  # noqa: BLE001 - the point: nothing else may come out
        pytest.fail(f"{type(err).__name__}: {err}")


@FUZZ
@given(anything, anything)
def test_cards_and_actions(a: Any, b: Any) -> None:
    expect((InvalidMove,), lambda: Card(a, b))
    expect((InvalidMove,), lambda: Card.parse(a))
    expect((InvalidMove,), lambda: Card.from_index(a))
    expect((InvalidMove,), lambda: Swap(a, b))
    expect((InvalidMove,), lambda: parse_action(a))
    for score in (score_hand, breakdown, is_zero):
        expect((InvalidMove,), lambda score=score: score(a))


@FUZZ
@given(anything, anything, anything)
def test_deals(hands: Any, pool: Any, first: Any) -> None:
    expect((InvalidMove,), lambda: Round.from_deal(hands, pool, first_player=first))


@FUZZ
@given(anything, anything, anything, anything)
def test_new_rounds_and_matches(players: Any, seed: Any, pool_size: Any, dealer: Any) -> None:
    expect((ValueError,), lambda: Round.deal(players, seed, pool_size=pool_size, dealer=dealer))
    expect((ValueError,), lambda: Match.new(players, seed, rounds=pool_size, pool_size=pool_size, dealer=dealer))
    expect((ValueError,), lambda: Round.deal(3, seed))
    expect((ValueError,), lambda: Match.new(3, seed))


@FUZZ
@given(anything)
def test_playing_and_looking(value: Any) -> None:
    for state in (STATE, MATCH):
        expect((InvalidMove, IllegalMove), lambda state=state: state.apply(value))
        expect((ValueError,), lambda state=state: state.view(value))
    expect((ValueError,), lambda: STATE.hand(value))
