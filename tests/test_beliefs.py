"""The bots' beliefs (zero_game.bots.beliefs): deals drawn from the seat's view only, weighted by the moves seen."""

from __future__ import annotations

import random

from zero_game.actions import Swap
from zero_game.bots import make_bot
from zero_game.bots.beliefs import NEUTRAL, ActionModel, Beliefs
from zero_game.cards import from_mask, to_mask
from zero_game.round import Round
from zero_game.scoring import score_mask


def _played(seed: int, turns: int, level: str = "medium") -> tuple[Round, list]:
    """A round of ``level`` in every seat after ``turns`` actions (or where it stops before), and its actions."""
    bot = make_bot(level)
    state = Round.deal(3, seed=seed, dealer=0)
    rng = random.Random(seed)
    actions = []
    while not state.is_over and len(actions) < turns:
        action = bot.choose(state.view(state.current_player), rng)
        nxt = state.apply(action)
        if nxt.is_over:
            break
        actions.append(action)
        state = nxt
    return state, actions


def test_samples_agree_with_the_view_and_keep_own_and_known_cards() -> None:
    state, _ = _played(11, 9)
    view = state.view(state.current_player)
    beliefs = Beliefs(view, NEUTRAL, random.Random(3))
    pool = to_mask(view.pool)
    for _ in range(30):
        hands = beliefs.sample()
        assert hands[view.seat] == to_mask(view.hand)
        assert sum(h.bit_count() for h in hands) == 27 and not any(h & pool for h in hands)
        assert len({c for h in hands for c in from_mask(h)}) == 27  # no card twice
        for seat, known in enumerate(view.known):
            assert hands[seat] & to_mask(known) == to_mask(known)
    assert 0 < beliefs.accepted < beliefs.proposed  # the chain moves, and not blindly


def test_samples_depend_on_the_public_view_and_own_hand_only() -> None:
    """Two rounds with the same public record and own hand, but another card hidden in an opponent's hand:
    the same seed gives the same beliefs (the sampler never reads a hidden card)."""
    state, actions = _played(12, 9)
    seat = state.current_player
    dealt = [to_mask(h) for h in state.dealt_hands]
    pool = to_mask(state.dealt_pool)
    public = 0
    for action in actions:
        if isinstance(action, Swap):
            public |= (1 << action.give.index) | (1 << action.take.index)
    other = (seat + 1) % 3
    hidden = [c for c in range(56) if dealt[other] >> c & 1 and not public >> c & 1]
    aside = [c for c in range(56) if not (pool | public | sum(dealt)) >> c & 1]
    assert hidden and aside
    moved = list(dealt)
    moved[other] ^= (1 << hidden[0]) | (1 << aside[0])
    twin = Round.from_deal([from_mask(h) for h in moved], from_mask(pool), first_player=1)
    for action in actions:
        twin = twin.apply(action)
    assert twin.hand(other) != state.hand(other) and twin.view(seat).hand == state.view(seat).hand
    first = Beliefs(state.view(seat), NEUTRAL, random.Random(5))
    second = Beliefs(twin.view(seat), NEUTRAL, random.Random(5))
    assert [first.sample() for _ in range(10)] == [second.sample() for _ in range(10)]


def test_pure_seeded_randomness() -> None:
    state, _ = _played(13, 8)
    view = state.view(state.current_player)
    random.seed(1)
    a = [Beliefs(view, NEUTRAL, random.Random(9)).sample() for _ in range(3)]
    random.seed(2)
    random.random()
    b = [Beliefs(view, NEUTRAL, random.Random(9)).sample() for _ in range(3)]
    assert a == b


def test_a_knock_read_as_a_good_hand_makes_the_knockers_sampled_hand_better() -> None:
    """With a model where players knock only on low scores, a seat that knocked is pictured with a lower score
    than with a model where a knock says nothing (and the real hand is what both try to find)."""
    for seed in range(20, 60):
        state, _ = _played(seed, 40)
        if state.first_knocker is not None and state.first_knocker != state.current_player:
            break
    else:
        raise AssertionError("no round with a first knock by another seat")
    view = state.view(state.current_player)
    knocker = state.first_knocker
    telling = ActionModel(1.5, 1.5, (4.0, -0.6, 0.0), (4.0, -0.6, 0.0))
    means = []
    for model in (NEUTRAL, telling):
        beliefs = Beliefs(view, model, random.Random(4), burn_in=10)
        scores = [score_mask(beliefs.sample()[knocker]) for _ in range(60)]
        means.append(sum(scores) / len(scores))
    assert means[1] < means[0] - 1.0, means


def test_the_fitted_model_loads_and_is_what_its_script_writes() -> None:
    from research import fit_actions
    from zero_game.bots import beliefs, fitted_actions

    assert tuple(fitted_actions.FITTED) == fit_actions.FIELDS
    assert fit_actions.TARGET.read_text(encoding="utf-8") == fit_actions.render(fitted_actions.FITTED)
    model = beliefs.FITTED
    assert model.swap_temperature > 0 and model.final_temperature > 0
    assert model == beliefs.model_from(fitted_actions.FITTED)
    assert fitted_actions.FITTED["rounds"] > 0 and "ismcts" in fitted_actions.FITTED["source"]


def test_the_fit_finds_known_weights() -> None:
    """On choices drawn from known parameters, the fit finds them again (roughly)."""
    from research.fit_actions import fit_logistic, fit_temperature

    rng = random.Random(7)
    knocks = []
    for _ in range(3000):
        score, turn = rng.uniform(0, 30), rng.randrange(8)
        p = 1 / (1 + 2.718281828 ** -(2.0 - 0.3 * score + 0.5 * turn))
        knocks.append((score, turn, int(rng.random() < p)))
    bias, per_point, per_turn = fit_logistic(knocks)
    assert abs(bias - 2.0) < 0.5 and abs(per_point + 0.3) < 0.06 and abs(per_turn - 0.5) < 0.12
    choices = []
    for _ in range(800):
        costs = [rng.uniform(0, 10) for _ in range(12)]
        weights = [2.718281828 ** (-c / 2.0) for c in costs]
        choices.append((costs, rng.choices(range(12), weights)[0]))
    assert 1.4 < fit_temperature(choices) < 2.9


def test_hard_reading_the_table_decides_legally_and_within_its_cap() -> None:
    """hard with the beliefs (``READING``) plays whole rounds: legal actions, its playout cap kept, seeded."""
    from zero_game.bots.hard import READING, HardBot

    bot = HardBot(iterations=60, time_budget=None, model=READING)
    state = Round.deal(3, seed=31, dealer=0)
    rng = random.Random(31)
    first_choice = None
    while not state.is_over:
        view = state.view(state.current_player)
        action = bot.choose(view, rng)
        assert action in view.legal_actions()
        assert bot.last_iterations <= 60 + 20  # stops between deals: at most one deal's candidates over
        first_choice = first_choice or action
        state = state.apply(action)
    again = HardBot(iterations=60, time_budget=None, model=READING).choose(
        Round.deal(3, seed=31, dealer=0).view(1), random.Random(31))
    assert again == first_choice


def test_the_series_report_counts_wins_per_deal_set_and_pairs_candidates() -> None:
    from bench.series import report

    def record(candidate: str, deal: int, won: list[bool]) -> dict:
        matches = []
        for rotation, win in enumerate(won):
            lineup = ["ismcts"] * 3
            lineup[rotation] = candidate
            matches.append({"lineup": lineup, "winners": [rotation] if win else [(rotation + 1) % 3],
                            "rounds": [{"scores": [5, 9, 12]}], "times": [[candidate, 0.4], ["ismcts", 0.2]]})
        return {"candidate": candidate, "yardstick": "ismcts", "deal": deal, "matches": matches}

    records = [record("hard", 0, [True, False, False]), record("hard", 1, [False, False, False]),
               record("hard-reading", 0, [True, True, False]), record("hard-reading", 1, [True, False, False])]
    text = report(records, "ismcts")
    assert "hard vs 2 x ismcts: win share 0.167" in text
    assert "hard-reading vs 2 x ismcts: win share 0.500" in text
    assert "hard-reading minus hard, paired over 2 deal sets: win share +0.333" in text
    assert "score gap to ismcts +0.00" in text  # the same cards and the same scores in every seating
    assert "hard 0.40 s (6)" in text
