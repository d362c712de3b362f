"""A Hypothesis state machine over swaps, knocks, saving and loading, and new rounds and matches."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.helpers import check_invariants
from zero_game import KNOCK, Match, Phase, Swap


class MatchMachine(RuleBasedStateMachine):
    """Plays matches with arbitrary legal actions and checks the rules' bookkeeping throughout."""

    match: Match

    @initialize(
        players=st.integers(2, 5),
        seed=st.integers(0, 2**32),
        pool_size=st.sampled_from([None, 5, 7, 9]),
        rounds=st.integers(1, 3),
    )
    def start(self, players: int, seed: int, pool_size: int | None, rounds: int) -> None:
        self.match = Match.new(players, seed, pool_size=pool_size, rounds=rounds, dealer=seed % players)
        self.settings = (players, pool_size, rounds)

    @precondition(lambda self: not self.match.is_over)
    @rule(data=st.data())
    def swap(self, data: st.DataObject) -> None:
        before = self.match
        state = before.round
        seat = state.current_player
        assert seat is not None
        swaps = [a for a in state.legal_actions() if isinstance(a, Swap)]
        action = data.draw(st.sampled_from(swaps))
        after = before.apply(action)
        assert before.round is state and state.hand(seat) == before.round.hand(seat)  # untouched
        if after.round is not state and after.round_number == before.round_number:
            played = after.round
            assert action.take in played.hand(seat) and action.give in played.pool
        self.match = after

    @precondition(lambda self: not self.match.is_over)
    @rule()
    def knock(self) -> None:
        state = self.match.round
        knocks, phase = state.knocks, state.phase
        after = self.match.apply(KNOCK)
        if after.round_number == self.match.round_number and not after.is_over:
            expected = knocks + 1 if phase is Phase.PLAY else knocks
            assert after.round.knocks == expected
        self.match = after

    @rule()
    def save_and_load(self) -> None:
        copy = Match.from_json(self.match.to_json())
        assert copy == self.match and copy.to_json() == self.match.to_json()
        assert copy.totals == self.match.totals and copy.current_player == self.match.current_player
        self.match = copy

    @precondition(lambda self: self.match.is_over)
    @rule(seed=st.integers(0, 2**32))
    def play_again(self, seed: int) -> None:
        assert self.match.winners and all(
            self.match.totals[w] == min(self.match.totals) for w in self.match.winners
        )
        players, pool_size, rounds = self.settings
        self.match = Match.new(players, seed, pool_size=pool_size, rounds=rounds)

    @invariant()
    def bookkeeping(self) -> None:
        match = self.match
        check_invariants(match.round)
        assert len(match.finished_rounds) == len(match.round_scores) <= match.rounds
        assert match.is_over == (len(match.finished_rounds) == match.rounds)
        assert match.is_over or not match.round.is_over
        for index, finished in enumerate(match.finished_rounds):
            assert finished.is_over
            assert finished.dealer == (match.first_dealer + index) % match.players
        assert match.totals == tuple(sum(s[p] for s in match.round_scores) for p in range(match.players))


MatchMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_match_machine = MatchMachine.TestCase
