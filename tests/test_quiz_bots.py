"""Bot teams of Zéro à 1000: they decide from a team's view and their own knowledge, never from answers
passed by the engine; they spend power cards when it pays; their decisions are always legal."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from tests.fixtures.quiz_helpers import DECK
from thousand import Change, Combine, Deck, Game, Guess, Phase, Pick, Question, Texts, deal
from thousand.bots import LEVELS, SPREAD, EstimatingBot, Knowledge, RandomBot, expected_distance, make_bot
from thousand.tournament import play_game

T = Texts("x", "x", "x")


def even_deck() -> Deck:
    """A deck of easy (difficulty 1) questions answered 0, 25, 50, … 1000, ids ``q-<answer>``."""
    questions = tuple(Question(f"q-{a}", T, a, T, "c", 1, None, "test") for a in range(0, 1001, 25))
    return Deck((("c", T),), questions)


EVEN = even_deck()


def position(*hands: list[int]) -> Game:
    """A game dealt so that the teams hold these answers (six each) on the even deck."""
    ids = [f"q-{a}" for hand in hands for a in hand]
    return Game.from_order(len(hands), ids + [q for q in EVEN.ids if q not in ids], deck=EVEN)


def hard(seed: int = 1) -> EstimatingBot:
    bot = make_bot("hard", EVEN, seed)
    assert isinstance(bot, EstimatingBot)
    return bot


OTHERS = ([75, 100, 125, 150, 175, 225], [400, 425, 450, 475, 525, 550])


@pytest.mark.parametrize("seed", range(5))
def test_a_bot_uses_plus_minus_200_when_its_best_card_is_200_off(seed: int) -> None:
    game = position([300, 0, 25, 50, 975, 1000], *OTHERS)
    assert hard(seed).decide(game.view(0), random.Random(seed)) == Pick(0, ("q-300",), None, 200)


@pytest.mark.parametrize("seed", range(5))
def test_a_bot_uses_two_questions_when_a_sum_lands_close(seed: int) -> None:
    game = position([300, 200, 0, 25, 975, 1000], *OTHERS)
    assert hard(seed).decide(game.view(0), random.Random(seed)) == Pick(0, ("q-200", "q-300"), Combine.SUM)


@pytest.mark.parametrize("seed", range(5))
def test_a_bot_plays_change_when_all_its_cards_are_far(seed: int) -> None:
    game = position([0, 25, 50, 950, 975, 1000], *OTHERS)
    action = hard(seed).decide(game.view(0), random.Random(seed))
    assert isinstance(action, Change) and action.replace in ("q-0", "q-25", "q-975", "q-1000")  # the furthest
    game = game.apply(action)
    after = hard(seed).decide(game.view(0), random.Random(seed))
    assert isinstance(after, Pick)  # once changed, it picks


def test_a_bot_with_a_close_card_plays_it_plainly() -> None:
    game = position([500, 0, 25, 50, 975, 1000], *OTHERS)
    assert hard().decide(game.view(0), random.Random(1)) == Pick(0, ("q-500",))


def test_a_bot_guesses_close_to_its_last_card() -> None:
    game = position([500, 0, 25, 50, 975, 1000], *OTHERS)
    game = dataclasses.replace(game, hands=(("q-700",), ("q-75",), ("q-400", "q-425")), phase=Phase.GUESS,
                               guessers=(0, 1), guesses=(None, None))
    guess = hard().decide(game.view(0), random.Random(1))
    assert isinstance(guess, Guess) and abs(guess.value - 700) < 4 * SPREAD["hard"][0]


def test_knowledge_is_a_fixed_belief_per_question_and_seed() -> None:
    one, same, other = (Knowledge(DECK, "medium", s) for s in (1, 1, 2))
    ids = DECK.ids
    assert [one.estimate(q) for q in ids] == [same.estimate(q) for q in ids]
    assert [one.estimate(q) for q in ids] != [other.estimate(q) for q in ids]
    assert one.estimate(ids[0]) == one.estimate(ids[0])
    assert all(0 <= one.estimate(q) <= 1000 for q in ids)


def test_knowledge_keeps_beliefs_not_the_deck() -> None:
    knowledge = Knowledge(DECK, "hard", 1)
    assert not any(isinstance(v, (Deck, Question)) for v in vars(knowledge).values())
    exact = sum(knowledge.estimate(q.id) == q.answer for q in DECK.questions)
    assert exact <= 3  # only where a belief is clamped to 0 or 1000 can it be exact


def test_stronger_levels_know_more() -> None:
    def error(level: str) -> float:
        return statistics.mean(
            abs(Knowledge(DECK, level, s).estimate(q.id) - q.answer) for s in range(30) for q in DECK.questions
        )

    assert error("hard") < error("medium") < error("easy")


def test_harder_questions_are_known_less_well() -> None:
    k = Knowledge(DECK, "easy", 1)
    spreads = {q.difficulty: k.spread(q.id) for q in DECK.questions}
    assert spreads[1] < spreads[2] < spreads[3]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_decides_from_the_view_alone_not_from_the_answers_in_the_game(level: str) -> None:
    """The same knowledge and the same view give the same decision whatever answers the game's deck holds:
    the answers reach a bot only through its knowledge, never through the engine."""
    scrambled = Deck(DECK.categories, tuple(dataclasses.replace(q, answer=1000 - q.answer) for q in DECK.questions))
    for seed in range(20):
        true_game = deal(3, seed=seed, deck=DECK)
        twin = Game.from_order(3, true_game.order, deck=scrambled)
        knowledge = Knowledge(DECK, level, seed)
        bot = EstimatingBot(level, knowledge)
        for team in range(3):
            assert true_game.view(team) == twin.view(team)
            assert bot.decide(true_game.view(team), random.Random(seed)) == bot.decide(
                twin.view(team), random.Random(seed)
            )


@pytest.mark.parametrize("level", LEVELS)
def test_bot_decisions_are_always_legal(level: str) -> None:
    for seed in range(15):
        game = deal(3, seed=seed, deck=DECK)
        bots = [make_bot(level, DECK, f"{seed}:{t}") for t in range(3)]
        rng = random.Random(seed)
        while not game.is_over:
            for team in game.to_act:
                if team in game.to_act:
                    view = game.view(team)
                    action = bots[team].decide(view, rng)
                    assert action in view.legal_actions() or (
                        isinstance(action, Guess) and view.phase is Phase.GUESS
                    )
                    game = game.apply(action)


def test_a_bot_with_nothing_to_decide_says_so() -> None:
    game = deal(3, seed=1, deck=DECK)
    game = game.apply(game.legal_actions(0)[-1])
    with pytest.raises(ValueError, match="nothing to decide"):
        RandomBot().decide(game.view(0), random.Random(1))


def test_unknown_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="no bot level"):
        make_bot("genius", DECK, 1)
    with pytest.raises(ValueError, match="knowledge level"):
        Knowledge(DECK, "random", 1)


def test_bot_games_end() -> None:
    order = deal(4, seed=3, deck=DECK).order
    bots = [make_bot(level, DECK, 3) for level in LEVELS]
    game, decisions = play_game(bots, order, DECK, random.Random(3))
    assert game.is_over and decisions >= 4


def test_expected_distance_of_a_belief() -> None:
    assert expected_distance(300, 0) == 300
    assert expected_distance(0, 100) == pytest.approx(100 * (2 / 3.141592653589793) ** 0.5)
    assert expected_distance(1000, 10) == pytest.approx(1000)
