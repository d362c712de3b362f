"""Zéro à 1000 in OpenSpiel (``research.quiz_spiel``): OpenSpiel's own checks, no answer before its reveal, bots."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is in the research extra: pip install -e '.[research]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from research.quiz_spiel import SHORT_NAME, QuizGame, QuizState, decode, encode, with_answers  # noqa: E402
from tests.spiel_checks import resample_checked, views_differ  # noqa: E402
from thousand.actions import Pick  # noqa: E402
from thousand.game import Game, Phase  # noqa: E402


def load(teams: int = 3, **params: object) -> QuizGame:
    game: QuizGame = pyspiel.load_game(SHORT_NAME, {"teams": teams, **params})
    return game


def random_states(game: QuizGame, seed: int, games: int) -> list[QuizState]:
    """Every state of a few uniformly random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        out.append(state)
    return out


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_openspiel_random_simulation_test(teams: int) -> None:
    """OpenSpiel's own consistency test (chance, legal actions, clones, serialisation, tensors, returns)."""
    pyspiel.random_sim_test(load(teams), num_sims=3, serialize=True, verbose=False)


def test_a_small_deck_and_bad_settings() -> None:
    pyspiel.random_sim_test(load(2, cards=14), num_sims=10, serialize=False, verbose=False)
    for params in ({"teams": 5}, {"teams": 1}, {"cards": 10}, {"cards": 100_000}):
        with pytest.raises(pyspiel.SpielError):
            pyspiel.load_game(SHORT_NAME, params)


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_every_information_state_agrees_with_its_resamples(teams: int) -> None:
    """OpenSpiel's ResampleInfostateTest in Python: every team's resamples keep its information state and
    observation (strings and tensors), whose turn it is and, for the team to act, its legal actions; and the
    hidden things (the pile, the others' secret choices) do change."""
    game = load(teams)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    changed = 0
    for state in random_states(game, teams, 2):
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(teams):
            other, problems = resample_checked(state, p, sampler)
            assert problems == []
            changed += other.engine.pile != state.engine.pile or other.engine.picks != state.engine.picks
    assert changed > 20


def test_no_answer_is_seen_before_its_reveal() -> None:
    """Two games that differ only in the answers of cards not yet revealed give every team the same
    information states and observations, strings and tensors (Q16)."""
    game = load(3)
    compared = 0
    for state in random_states(game, 9, 4)[::3]:
        engine = state.engine
        if engine is None:
            continue
        revealed = {c.id for r in engine.reveals + ((engine.pending,) if engine.pending else ())
                    for p in r.plays for c in p.cards}
        revealed |= {g.card.id for g in engine.guess_results}
        if engine.target_card is not None:
            revealed.add(engine.target_card.id)
        other_deck = with_answers(game.deck, {q.id: (q.answer + 337) % 1001 for q in game.deck.questions
                                              if q.id not in revealed})
        twin_game = QuizGame({"teams": 3}, deck=other_deck)
        twin = twin_game.state_from_game(Game.from_dict(engine.to_dict(), other_deck))
        for p in range(3):
            assert views_differ(twin, state, p) == []
        compared += 1
    assert compared > 10


def test_a_team_does_not_see_the_others_choices() -> None:
    """While teams choose in turn, a team's information is the same whatever the teams before it chose."""
    game = load(3)
    rng = random.Random(3)
    seen = 0
    for state in random_states(game, 4, 2):
        engine = state.engine
        if engine is None or engine.phase is not Phase.CHOOSE or state.current_player() != 2:
            continue
        # Replace team 0's and 1's picks of this round by others (their Changes kept): team 2 must not notice.
        history = list(engine.history)
        count = sum(p is not None for p in engine.picks) + sum(c is not None for c in engine.changes)
        base = Game.from_order(3, engine.order, deck=game.deck)
        for action in history[: len(history) - count]:
            base = base.apply(action)
        for action in history[len(history) - count:]:
            if isinstance(action, Pick) and action.team != 2:
                action = rng.choice([a for a in base.legal_actions(action.team) if isinstance(a, Pick)])
            base = base.apply(action)
        twin = game.state_from_game(base)
        assert twin.information_state_string(2) == state.information_state_string(2)
        assert twin.information_state_tensor(2) == state.information_state_tensor(2)
        seen += 1
    assert seen > 3


def test_the_engine_decides_everything() -> None:
    """Legal actions and their names are the engine's; ids and engine actions convert both ways."""
    game = load(3)
    for state in random_states(game, 6, 2):
        engine = state.engine
        if engine is None or state.is_terminal():
            continue
        team = state.current_player()
        ids = state.legal_actions()
        actions = engine.legal_actions(team)
        assert sorted(encode(engine, a) for a in actions) == ids
        for action in actions[:40]:
            assert decode(engine, team, encode(engine, action)) == action
            assert state.action_to_string(encode(engine, action)) == str(action)


def test_project_quiz_bots_play_inside_openspiel() -> None:
    """The project's quiz bots, each with its own knowledge, against OpenSpiel's random bot."""
    from research.quiz_bots import QuizProjectBot

    game = load(3)
    for seed in range(3):
        bots = [QuizProjectBot("hard", 0, game.deck, seed), QuizProjectBot("medium", 1, game.deck, seed),
                uniform_random.UniformRandomBot(2, np.random.RandomState(seed))]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        assert sum(returns) == pytest.approx(1.0)


def test_a_team_view_rebuilds_a_game_that_agrees_with_it() -> None:
    """``game_for_view`` gives back, for every decision of tournament games, a game whose view for the team is
    the team's own (but for the "chosen" flag of a team that played Change and picks later)."""
    from research.quiz_bots import game_for_view
    from thousand.bots import make_bot
    from thousand.deck import default_deck

    deck = default_deck()
    checked = 0
    for seed in range(8):
        game = Game.deal(3, seed=seed, deck=deck)
        bots = [make_bot(level, deck, seed) for level in ("hard", "medium", "easy")]
        rng = random.Random(seed)
        while not game.is_over:
            for team in game.to_act:
                if team in game.to_act:
                    view = game.view(team)
                    rebuilt = game_for_view(view, deck, random.Random(seed)).view(team)
                    differ = {f for f in view.__dataclass_fields__ if getattr(view, f) != getattr(rebuilt, f)}
                    assert differ <= {"to_act", "picked"}
                    checked += 1
                    game = game.apply(bots[team].decide(view, rng))
    assert checked > 100


def test_openspiel_bots_play_in_the_quiz_tournament() -> None:
    """OpenSpiel's bots take a seat by name in the quiz tournament and play whole games."""
    from thousand.tournament import run_tournament

    report = run_tournament(["spiel-random", "ismcts:8", "easy"], 1, seed=4)
    assert report["capped"] == 0 and report["games"] == 3
    with pytest.raises(ValueError, match="no quiz bot"):
        run_tournament(["oracle", "easy"], 1)
