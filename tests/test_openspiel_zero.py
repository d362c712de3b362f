"""Zero in OpenSpiel (``research.zero_spiel``): OpenSpiel's own checks, secrets kept, bots across the border."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is in the research extra: pip install -e '.[research]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from research.deals import InfoSet, rng_shuffle  # noqa: E402
from research.zero_bots import ProjectBot, SpielPlayer, round_for_view, state_for_view  # noqa: E402
from research.zero_spiel import KNOCK_ACTION, SHORT_NAME, ZeroState, from_engine, to_engine  # noqa: E402
from tests.spiel_checks import resample_checked, views_differ  # noqa: E402
from zero_game import Match, Round  # noqa: E402
from zero_game.bots import make_bot  # noqa: E402
from zero_game.cards import from_mask, to_mask  # noqa: E402


def load(players: int = 3, pool_size: int = 0, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, {"players": players, "pool_size": pool_size, **params})


def dealt(game: pyspiel.Game, seed: int) -> ZeroState:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("pool_size", [5, 7, 9])
def test_openspiel_random_simulation_test(players: int, pool_size: int) -> None:
    """OpenSpiel's own consistency test (chance, legal actions, clones, serialisation, tensors, returns)."""
    pyspiel.random_sim_test(load(players, pool_size), num_sims=4, serialize=True, verbose=False)


def test_openspiel_random_simulation_test_other_settings() -> None:
    """The win-share returns (constant-sum), another dealer, and the turn cap that bounds a round for OpenSpiel."""
    pyspiel.random_sim_test(load(3, returns="win", dealer=2), num_sims=6, serialize=False, verbose=False)
    capped = load(2, max_turns=8)
    pyspiel.random_sim_test(capped, num_sims=20, serialize=False, verbose=False)
    state = dealt(capped, 1)
    while not state.is_terminal():
        if state.round.turns_taken >= 8 and state.round.second_knocker is None:
            assert state.legal_actions() == [KNOCK_ACTION]  # past the cap, normal play may only knock
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    assert state.round.turns_taken <= capped.max_game_length()


def test_bad_settings_are_refused() -> None:
    for params in ({"players": 6}, {"pool_size": 6}, {"dealer": 3}, {"max_turns": 0}, {"returns": "score"}):
        with pytest.raises(pyspiel.SpielError):
            pyspiel.load_game(SHORT_NAME, params)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_information_state_agrees_with_its_resamples(players: int) -> None:
    """OpenSpiel's ResampleInfostateTest, in Python (pyspiel does not export it), and more: at every decision of
    random rounds, each player's resamples keep its information state and observation (strings and tensors),
    whose turn it is and, for the player to act, its legal actions, while the hands it cannot see do change."""
    game = load(players)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = random.Random(players)
    changed = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() or rng.random() < 0.05:
                for p in range(players):
                    other, problems = resample_checked(state, p, sampler)
                    assert problems == []
                    if state.round is not None:
                        changed += any(other.round.hand(s) != state.round.hand(s) for s in range(players) if s != p)
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 20


def test_resamples_are_uniform_over_the_unseen_cards() -> None:
    """Right after the deal, a card the player has not seen lands in a given other hand with the chance the
    rules give it: 9 of the 42 cards it cannot see, for each of the two other hands (3 players, pool 5)."""
    state = dealt(load(3), 11)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    seen = to_mask(state.round.hand(0)) | to_mask(state.round.pool)
    card = next(c for c in range(56) if not seen >> c & 1)
    runs = 2000
    where = [0, 0, 0]
    for _ in range(runs):
        other = state.resample_from_infostate(0, sampler)
        for seat in (1, 2):
            where[seat] += any(c.index == card for c in other.round.hand(seat))
    for seat in (1, 2):
        assert abs(where[seat] / runs - 9 / 42) < 0.04


def twin_states(seed: int, seat: int) -> tuple[ZeroState, ZeroState]:
    """Two states after the same public play that differ only in cards hidden from ``seat``."""
    game = load(3)
    rng = random.Random(seed)
    rnd = Round.deal(3, seed=seed)
    medium = make_bot("medium")
    for _ in range(4 + seed % 5):
        if rnd.is_over:
            break
        assert rnd.current_player is not None
        rnd = rnd.apply(medium.choose(rnd.view(rnd.current_player), rng))
    info = InfoSet.of_round(rnd, seat)
    for _ in range(100):
        hands = info.sample(rng_shuffle(rng))
        if hands != [to_mask(h) for h in rnd.dealt_hands]:
            break
    other = Round.from_deal([from_mask(h) for h in hands], rnd.dealt_pool, first_player=1)
    for turn in rnd.history:
        other = other.apply(turn.action)
    return game.state_from_round(rnd), game.state_from_round(other)


def test_strings_and_tensors_hold_only_what_the_player_may_know() -> None:
    """Two rounds that differ only in cards hidden from a player give it the same information state and
    observation, strings and tensors; a player who can see the difference (its own hand) gets another."""
    compared = 0
    for seed in range(20):
        one, two = twin_states(seed, seat=seed % 3)
        if one.is_terminal():
            continue
        p = seed % 3
        differs = [s for s in range(3) if s != p and one.round.hand(s) != two.round.hand(s)]
        assert differs, "the twins must differ"
        assert views_differ(one, two, p) == []
        s = differs[0]
        assert one.information_state_string(s) != two.information_state_string(s)
        assert one.observation_tensor(s) != two.observation_tensor(s)
        compared += 1
    assert compared >= 15


def test_the_engine_decides_everything() -> None:
    """Legal actions, action names, the turn order and the returns are the engine's own."""
    game = load(3)
    rng = random.Random(5)
    for seed in range(30):
        state = dealt(game, seed)
        while not state.is_terminal():
            rnd = state.round
            assert state.current_player() == rnd.current_player
            engine = rnd.legal_actions()
            assert state.legal_actions() == sorted(from_engine(a) for a in engine)
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(action) == str(to_engine(action))
            state.apply_action(action)
        scores = state.round.scores()
        assert state.returns() == pytest.approx([(sum(scores) - s) / 2 - s for s in scores])
        assert sum(state.returns()) == pytest.approx(0.0)


def test_project_bots_play_inside_openspiel() -> None:
    """The project's bots (hard with a small search) and OpenSpiel's random bot play rounds with evaluate_bots."""
    game = load(3)
    for seed in range(3):
        bots = [ProjectBot(make_bot("hard", iterations=20, time_budget=None), 0, seed), ProjectBot("medium", 1, seed),
                uniform_random.UniformRandomBot(2, np.random.RandomState(seed))]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        assert sum(returns) == pytest.approx(0.0)


def test_state_for_view_knows_what_the_seat_knows() -> None:
    """The state built for a seat from its view has that seat's information state, and no secret of the real round."""
    rng = random.Random(2)
    medium = make_bot("medium")
    game = load(3)
    for seed in range(20):
        rnd = Round.deal(3, seed=seed)
        for _ in range(seed % 9):
            if rnd.is_over:
                break
            rnd = rnd.apply(medium.choose(rnd.view(rnd.current_player), rng))
        if rnd.is_over:
            continue
        seat = rnd.current_player
        real = game.state_from_round(rnd)
        built = state_for_view(rnd.view(seat), random.Random(seed))
        assert built.information_state_string(seat) == real.information_state_string(seat)
        assert round_for_view(rnd.view(seat), random.Random(seed)).view(seat) == rnd.view(seat)


def test_openspiel_bots_play_at_the_project_table() -> None:
    """An OpenSpiel bot seated as a project bot plays whole matches, and decides from the view alone."""

    def random_bot(game: pyspiel.Game, seed: int, player: int) -> uniform_random.UniformRandomBot:
        return uniform_random.UniformRandomBot(player, np.random.RandomState(seed))

    player = SpielPlayer("random", random_bot)
    match = Match.new(3, seed=4, rounds=1)
    rng = random.Random(1)
    while not match.is_over:
        seat = match.current_player
        view = match.view(seat)
        action = player.choose(view, random.Random(len(view.history)))
        assert action in view.legal_actions()
        assert player.choose(view, random.Random(len(view.history))) == action
        match = match.apply(action if rng.random() < 0.9 else view.legal_actions()[-1])
