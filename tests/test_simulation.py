"""Random simulation in the style of OpenSpiel's games_sim_test: invariants after every action."""

from __future__ import annotations

import itertools
import random

import pytest

from tests.helpers import check_invariants
from zero_game import KNOCK, Round

ROUNDS = 2016  # 168 seeded rounds for each of the 12 table sizes x pool sizes
TABLES = list(itertools.product([2, 3, 4, 5], [5, 7, 9]))


def random_action_round(players: int, pool_size: int, seed: int) -> None:
    rng = random.Random(seed)
    state = Round.deal(players, seed=seed, pool_size=pool_size, dealer=seed % players)
    check_invariants(state)
    steps = 0
    while not state.is_over:
        actions = state.legal_actions()
        action = KNOCK if rng.random() < 0.15 else rng.choice(actions)
        before, previous = state.to_json(), state
        state = state.apply(action)
        assert previous.to_json() == before  # the old state is untouched
        check_invariants(state)
        steps += 1
        assert steps < 2000, "a random round ran away"


@pytest.mark.parametrize(("players", "pool_size"), TABLES, ids=[f"{p}p-pool{s}" for p, s in TABLES])
def test_random_rounds_keep_every_invariant(players: int, pool_size: int) -> None:
    per_table = ROUNDS // len(TABLES)
    for index in range(per_table):
        seed = 1_000 * players + 10 * pool_size + index * 7919
        try:
            random_action_round(players, pool_size, seed)
        except AssertionError as err:
            raise AssertionError(f"{err} (players={players}, pool={pool_size}, seed={seed})") from err
