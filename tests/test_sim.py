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


def test_a_sharp_seat_ends_the_round_only_when_it_holds_the_lowest_hand() -> None:
    """In the playouts, a ``sharp`` seat (hard's own seat and its opponents, ``OpponentModel.sharp``/``sharp_self``)
    makes the second knock only when its hand would still be the lowest after every other seat's best final swap;
    the plain policy ends rounds on its rule of thumb, sometimes while another hand already scores less."""
    rng = random.Random(7)
    plain_behind = sharp_knocks = 0
    for _ in range(3000):
        noise = rng.uniform(2, 8)
        deck = sorted(range(56), key=lambda c: (c & 7) + noise * rng.random())  # low numbers first: good hands
        hands = [sum(1 << c for c in deck[s:27:3]) for s in range(3)]
        pool = sum(1 << c for c in deck[27:32])
        if any(sim.is_zero_mask(h) for h in hands):
            continue
        turns = [rng.randrange(2, 8)] * 3
        behind = any(sim.score_mask(h) <= sim.score_mask(hands[0]) for h in hands[1:])
        plain = sim.Table(hands, pool, seat=0, knocks=1, final_left=-1, own_turns=turns)
        plain.policy_step(rng)
        plain_behind += plain.knocks == 2 and behind
        sharp = sim.Table(hands, pool, seat=0, knocks=1, final_left=-1, own_turns=turns, sharp=1)
        wins = sharp.wins_by_knocking(0)
        sharp.policy_step(rng)
        assert (sharp.knocks == 2) == wins
        assert not (wins and behind)
        sharp_knocks += wins
    assert plain_behind > 0 and sharp_knocks > 0, (plain_behind, sharp_knocks)
