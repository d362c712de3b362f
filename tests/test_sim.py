"""The bots' fast table (``bots/sim.py``) against the rules engine (``Round``): the same actions, the same round.

``sim.Table`` re-implements the turn order, the knocks, the final turns and the ZERO for speed; a search
that gets them wrong plays a different game from the one at the table. So thousands of seeded rounds are
played in both at once, from the deal and from tables set up mid-round the way the search sets them up,
with random swaps, knocks at every moment (first, second, and passes in the final turns), and the shared
policy's own turns, and after every action the two must agree on whose turn it is, the phase, the knocks,
the final turns left, the hands and the pool, and at the end on who made a ZERO and every score.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from zero_game import KNOCK, Round, Swap
from zero_game.bots import sim
from zero_game.bots.base import final_turns, masks, own_turns, swap_action
from zero_game.cards import to_mask
from zero_game.round import Effect, Phase


def table_of(state: Round) -> sim.Table:
    """A ``sim.Table`` set up from a round in play exactly as ``Search`` sets one up from the acting seat's view
    (with the real hands in place of sampled ones)."""
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    hand, pool = masks(view)
    hands = [to_mask(state.hand(s)) for s in range(state.players)]
    assert hands[seat] == hand
    return sim.Table(hands, pool, seat, view.knocks, final_turns(view), own_turns(view))


def assert_same(table: sim.Table, state: Round, over: bool) -> None:
    """The table and the round describe the same position."""
    assert over == state.is_over
    assert [to_mask(state.hand(s)) for s in range(state.players)] == table.hands
    assert to_mask(state.pool) == table.pool
    assert table.knocks == state.knocks
    if over:
        assert (table.zero,) == (state.zero_seat,)
        assert table.scores() == list(state.scores())
        return
    assert table.seat == state.current_player
    expected = len(state.final_turns_left) if state.phase is Phase.FINAL else -1
    assert table.final_left == expected
    counts = [0] * state.players
    for turn in state.history:
        counts[turn.seat] += 1
    assert table.own_turns == counts


def step_both(table: sim.Table, state: Round, rng: random.Random) -> tuple[bool, Round]:
    """One action in both: a random swap, a knock, or the shared policy's own turn (read back from the table)."""
    roll = rng.random()
    if roll < 0.3:
        before = list(table.hands)
        over = table.policy_step(rng)
        seat = state.current_player
        assert seat is not None
        after = table.hands[seat]
        if after == before[seat]:
            action = KNOCK
        else:
            give = (before[seat] & ~after).bit_length() - 1
            take = (after & ~before[seat]).bit_length() - 1
            action = swap_action(give, take)
        return over, state.apply(action)
    if roll < 0.45:
        table.knock()
        return table.advance(), state.apply(KNOCK)
    action = rng.choice(state.legal_actions()[:-1])
    assert isinstance(action, Swap)
    over = table.swap(action.give.index, action.take.index) or table.advance()
    return over, state.apply(action)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sim_table_plays_the_rules_of_round(players: int) -> None:
    """1,000 rounds per table size, every pool size: the fast table and the engine never disagree."""
    checked = rounds = 0
    effects: Counter[Effect] = Counter()
    for seed in range(1000):
        state = Round.deal(players, seed=f"sim:{players}:{seed}", pool_size=(5, 7, 9)[seed % 3],
                           dealer=seed % players)
        if state.is_over:
            continue  # a ZERO dealt: no turn is played, so no table is ever set up
        rng = random.Random(seed)
        table = table_of(state)
        rounds += 1
        restart = rng.randrange(1, 12)  # a second table set up mid-round, as a later decision's search does
        over = False
        while not over:
            over, state = step_both(table, state, rng)
            assert_same(table, state, over)
            checked += 1
            if not over and state.turns_taken == restart:
                table = table_of(state)
                assert_same(table, state, over)
            assert state.turns_taken < 500
        effects.update(turn.effect for turn in state.history)
    assert rounds > 950 and checked > 8 * rounds
    # Every rule the table re-implements came up: second knocks, passes in the final turns, ZEROs.
    assert effects[Effect.SECOND_KNOCK] > 900 and effects[Effect.PASS] > 100 and effects[Effect.ZERO] >= 3
