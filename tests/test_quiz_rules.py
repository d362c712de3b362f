"""One test (or a few) per rule of Zéro à 1000, Q1–Q16, named by the rule (``/work/shared/RULES-1000.md``)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tabletop.errors import DataError, IllegalMove, InvalidMove
from tests.fixtures.quiz_helpers import DECK, DECK_PATH, card, pick, play, table
from thousand import Card, Change, ChooseTarget, Combine, Deck, End, Game, Guess, Phase, Pick, Power, deal, deal_order
from thousand.game import RevealedCard, TeamView

A = [88, 168, 366, 212, 64, 206]
B = [720, 0, 90, 360, 130, 144]
C = [12, 422, 22, 990, 870, 777]


def three() -> Game:
    return table([A, B, C])


def test_q1_answers_are_whole_numbers_0_to_1000() -> None:
    data = json.loads(DECK_PATH.read_text(encoding="utf-8"))
    for bad in (1001, -1, 5.0, True, "5", None):
        broken = json.loads(json.dumps(data))
        broken["questions"][0]["answer"] = bad
        with pytest.raises(DataError, match="answer"):
            Deck.from_dict(broken)
    assert all(type(q.answer) is int and 0 <= q.answer <= 1000 for q in DECK.questions)


def test_q1_nobody_sees_an_answer_before_its_reveal() -> None:
    """A view is the same whatever the unrevealed answers are."""
    data = json.loads(DECK_PATH.read_text(encoding="utf-8"))
    for q in data["questions"]:
        q["answer"] = 1000 - q["answer"]
    other = Deck.from_dict(data)
    game = deal(3, seed=5, deck=DECK)
    twin = Game.from_order(3, game.order, deck=other)
    move = game.legal_actions(0)[0]
    for team in range(3):
        assert game.view(team) == twin.view(team)
        assert game.apply(move).view(team) == twin.apply(move).view(team)
    assert "answer" not in {f.name for f in dataclasses.fields(Card)}


def test_q2_each_team_has_three_single_use_powers() -> None:
    game = three()
    assert game.powers == (frozenset(Power),) * 3
    game = play(game, pick(0, 88, shift=200), pick(1, 720), pick(2, 12))
    assert Power.SHIFT not in game.powers[0] and len(game.powers[0]) == 2
    assert all(not (isinstance(a, Pick) and a.shift) for a in game.legal_actions(0))
    with pytest.raises(IllegalMove, match="±200"):
        game.apply(pick(0, 168, shift=-200))


def test_q3_first_target_is_500_then_a_printed_answer() -> None:
    game = three()
    assert game.target == 500 and game.target_card is None
    game = play(game, pick(0, 366), pick(1, 360), pick(2, 12))
    assert game.target == 12 and game.target_card is not None and game.target_card.answer == 12


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_q4_two_to_four_teams(teams: int) -> None:
    game = deal(teams, seed=1, deck=DECK)
    assert game.teams == teams and len(game.hands) == teams


@pytest.mark.parametrize("teams", [0, 1, 5, True, 3.0, "3"])
def test_q4_other_team_counts_are_refused(teams: object) -> None:
    with pytest.raises(ValueError, match="2 to 4 teams"):
        deal(teams, seed=1, deck=DECK)  # type: ignore[arg-type]


def test_q5_six_cards_each_from_the_top_questions_public() -> None:
    game = deal(3, seed=9, deck=DECK)
    assert [len(h) for h in game.hands] == [6, 6, 6]
    assert game.hands[0] + game.hands[1] + game.hands[2] == game.order[:18]
    assert game.pile == game.order[18:] and game.deck_size == len(DECK) - 18
    for team in range(3):
        seen = game.view(team).hands
        assert [[c.id for c in h] for h in seen] == [list(h) for h in game.hands]


def test_q6_unseen_questions_first_then_least_recently_seen() -> None:
    seen = {DECK.ids[0]: 30.0, DECK.ids[1]: 10.0, DECK.ids[2]: 20.0}
    order = deal_order(DECK, seen, seed=4)
    assert set(order[:-3]) == set(DECK.ids[3:])
    assert order[-3:] == (DECK.ids[1], DECK.ids[2], DECK.ids[0])
    assert sorted(order) == sorted(DECK.ids)


def test_q6_a_seed_makes_the_deal_reproducible() -> None:
    assert deal(3, seed=7, deck=DECK) == deal(3, seed=7, deck=DECK)
    assert deal(3, seed=7, deck=DECK).order != deal(3, seed=8, deck=DECK).order
    assert deal_order(DECK, {}, seed="x") == deal_order(DECK, {}, seed="x")


def test_q6_a_device_that_saw_everything_deals_the_oldest_first() -> None:
    seen = {qid: float(i) for i, qid in enumerate(reversed(DECK.ids))}
    game = deal(2, seed=1, deck=DECK, seen=seen)
    assert game.order == tuple(reversed(DECK.ids))
    assert set(game.shown_ids()) == set(game.order[:12])


def test_q7_plus_minus_200_changes_the_value() -> None:
    game = play(three(), pick(0, 366, shift=200), pick(1, 90, shift=-200), pick(2, 422))
    plays = {p.team: p for p in game.reveals[0].plays}
    assert plays[0].value == 566 and plays[0].distance == 66
    assert plays[1].value == -110 and plays[1].distance == 610  # below 0 is allowed
    assert plays[2].value == 422


def test_q7_change_takes_the_bottom_card_before_the_pick() -> None:
    game = three()
    bottom = game.pile[-1]
    game = game.apply(Change(0, card(88)))
    assert 0 in game.to_act  # Change alone is not a pick
    assert bottom in game.hand(0) and card(88) not in game.hand(0)
    with pytest.raises(IllegalMove, match="Change"):
        game.apply(Change(0, card(168)))
    game = play(game, Pick(0, (bottom,)), pick(1, 720), pick(2, 12))
    assert game.reveals[0].play(0).change == (card(88), bottom)
    assert bottom not in game.pile and card(88) not in game.hands[0]
    assert Power.CHANGE not in game.powers[0]


def test_q7_changes_in_one_round_take_the_bottom_cards_in_the_order_played() -> None:
    game = three()
    bottom, next_up = game.pile[-1], game.pile[-2]
    game = play(game, Change(2, card(12)), Change(0, card(88)))
    assert bottom in game.hand(2) and next_up in game.hand(0)
    assert game.deck_size == len(DECK) - 18  # the deck everyone sees shrinks at the reveal
    game = play(game, pick(0, 168), pick(1, 720), pick(2, 422))
    assert game.deck_size == len(DECK) - 18 - 2 - 1  # two Changes and the furthest team's new card
    assert bottom not in game.pile and next_up not in game.pile


def test_q7_two_questions_sum_or_difference_larger_minus_smaller() -> None:
    game = play(
        three(),
        pick(0, 88, 366, combine=Combine.SUM),
        pick(1, 90, 720, combine=Combine.DIFFERENCE),
        pick(2, 990),
    )
    plays = {p.team: p for p in game.reveals[0].plays}
    assert plays[0].value == 454 and plays[1].value == 630
    assert len(game.hands[0]) == 4 and len(game.hands[1]) == 4


def test_q7_several_powers_at_once() -> None:
    game = three()
    bottom = game.pile[-1]
    game = game.apply(Change(2, card(12)))
    game = play(
        game,
        pick(0, 88, 366, combine=Combine.SUM, shift=200),
        pick(1, 720),
        Pick(2, (bottom, card(422)), Combine.SUM, -200),
    )
    assert game.pending is not None  # team 2 is furthest with two cards: it names the target
    plays = {p.team: p for p in game.pending.plays}
    assert plays[0].value == 88 + 366 + 200
    assert plays[2].value == DECK.question(bottom).answer + 422 - 200
    assert game.powers[2] == frozenset()


def test_q7_legal_choices_list_every_combination() -> None:
    game = three()
    actions = game.legal_actions(0)
    changes = [a for a in actions if isinstance(a, Change)]
    picks = [a for a in actions if isinstance(a, Pick)]
    assert len(changes) == 6
    assert len(picks) == 6 * 3 + 15 * 2 * 3
    assert len(set(actions)) == len(actions)


def test_q8_reveal_order_starts_after_the_target_setter() -> None:
    game = play(three(), pick(0, 366), pick(1, 360), pick(2, 990))
    assert game.reveals[0].order == (0, 1, 2)
    assert game.setter == 2 and game.reveal_order == (0, 1, 2)
    game = play(game, pick(0, 88), pick(1, 0), pick(2, 12))  # target 990: team 1 (0) is furthest
    assert game.setter == 1 and game.reveal_order == (2, 0, 1)
    game = play(game, pick(0, 168), pick(1, 720), pick(2, 22))
    assert [p.team for p in game.reveals[2].plays] == [2, 0, 1]


def test_q9_furthest_sets_target_with_its_printed_answer_and_draws_one() -> None:
    game = table([A, B, C], [555, 480])
    game = play(game, pick(0, 366, shift=200), pick(1, 720), pick(2, 12, shift=200))
    # Values 566, 720, 212: team 2 is furthest (288); the target is 12, not 212.
    assert game.reveals[0].furthest == (2,)
    assert game.target == 12
    assert game.hands[2] == tuple(card(a) for a in [422, 22, 990, 870, 777, 555])
    assert game.reveals[0].drawn[2] == (card(555),)


def test_q9_two_questions_furthest_chooses_the_target_and_draws_two() -> None:
    game = table([A, B, C], [555, 480, 333])
    game = play(game, pick(0, 366), pick(1, 720), pick(2, 990, 870, combine=Combine.SUM))
    assert game.phase is Phase.TARGET and game.to_act == (2,)
    assert set(game.legal_actions(2)) == {ChooseTarget(2, card(990)), ChooseTarget(2, card(870))}
    assert game.legal_actions(0) == []
    with pytest.raises(IllegalMove, match="two played cards"):
        game.apply(ChooseTarget(2, card(12)))
    game = game.apply(ChooseTarget(2, card(870)))
    assert game.target == 870 and game.phase is Phase.CHOOSE and game.number == 2
    assert game.hands[2] == tuple(card(a) for a in [12, 422, 22, 777, 555, 480])
    assert card(990) not in game.hands[2] + game.pile


def test_q10_tied_teams_all_draw_the_first_revealed_sets_the_target() -> None:
    game = table([[480, 88, 168], [250, 90, 360], [555, 5, 777]], [333, 290, 415, 705])
    # Team 2 plays 555 - 5 + 200 = 750 and team 1 plays 250: both 250 from 500; team 1 reveals first.
    game = play(game, pick(0, 480), pick(1, 250), pick(2, 555, 5, combine=Combine.DIFFERENCE, shift=200))
    reveal = game.reveals[0]
    assert [p.distance for p in reveal.plays] == [20, 250, 250]
    assert reveal.furthest == (1, 2)
    assert game.phase is Phase.CHOOSE and game.target == 250 and game.setter == 1
    assert reveal.drawn[1] == (card(333),) and reveal.drawn[2] == (card(290), card(415))
    assert card(555) not in game.hands[2] + game.pile and card(5) not in game.hands[2] + game.pile
    assert [len(h) for h in game.hands] == [2, 3, 3]


def test_q10_first_tied_team_with_two_questions_chooses_the_target() -> None:
    game = table([[555, 5, 777], [480, 88, 168], [250, 90, 360]], [333, 290, 415])
    game = play(game, pick(0, 555, 5, combine=Combine.DIFFERENCE, shift=200), pick(1, 480), pick(2, 250))
    assert game.pending is not None and game.pending.furthest == (0, 2)
    assert game.phase is Phase.TARGET and game.to_act == (0,)
    game = game.apply(ChooseTarget(0, card(5)))
    assert game.target == 5 and game.setter == 0
    assert game.reveals[0].drawn[0] == (card(333), card(290)) and game.reveals[0].drawn[2] == (card(415),)
    assert card(250) not in game.hands[2]


def test_q11_teams_not_furthest_discard_their_cards() -> None:
    game = play(three(), pick(0, 366), pick(1, 90, 720, combine=Combine.SUM), pick(2, 12))
    assert game.reveals[0].furthest == (2,)
    assert len(game.hands[0]) == 5 and len(game.hands[1]) == 4 and len(game.hands[2]) == 6
    assert card(366) not in game.hands[0] and card(90) not in game.hands[1]


def test_q12_used_powers_old_target_and_discards_leave_the_game() -> None:
    game = three()
    dealt = set(game.order)
    game = play(game, pick(0, 366, shift=200), pick(1, 360), pick(2, 12))
    first_target = game.target_card
    game = play(game, pick(0, 88), pick(1, 0), pick(2, 990))
    assert first_target is not None and game.target_card != first_target
    gone = {c.id for r in game.reveals for p in r.plays for c in p.cards}
    in_play = set(game.pile) | {c for h in game.hands for c in h}
    assert not gone & in_play
    assert in_play | gone == dealt
    assert Power.SHIFT not in game.powers[0]


def test_q13_a_team_down_to_one_card_wins() -> None:
    game = table([[480, 88], [250, 90, 360], [555, 5, 777]])
    game = play(game, pick(0, 480), pick(1, 250), pick(2, 555))
    assert game.is_over and game.end is End.ONE_CARD and game.winners == (0,)
    assert game.to_act == () and game.legal_actions(0) == []
    with pytest.raises(IllegalMove, match="over"):
        game.apply(pick(0, 88))


def test_q13_two_questions_may_not_empty_a_hand() -> None:
    game = table([[480, 88], [250, 90, 360], [555, 5, 777]])
    assert not any(isinstance(a, Pick) and len(a.cards) == 2 for a in game.legal_actions(0))
    with pytest.raises(IllegalMove, match="three cards"):
        game.apply(pick(0, 480, 88, combine=Combine.SUM))


def test_q14_several_teams_at_one_card_guess_and_the_closest_wins() -> None:
    game = table([[480, 88], [555, 90], [250, 5, 777]])
    game = play(game, pick(0, 480), pick(1, 555), pick(2, 250))
    assert game.phase is Phase.GUESS and game.guessers == (0, 1) and set(game.to_act) == {0, 1}
    game = game.apply(Guess(0, 100))  # the last cards: 88 and 90
    assert game.view(1).my_guess is None and game.view(0).my_guess == 100  # secret until all guessed
    with pytest.raises(IllegalMove):
        game.apply(Guess(2, 5))
    game = game.apply(Guess(1, 70))
    assert game.is_over and game.end is End.GUESS and game.winners == (0,)
    assert [(r.team, r.card.answer, r.distance) for r in game.guess_results] == [(0, 88, 12), (1, 90, 20)]


def test_q14_equal_closest_guesses_share_the_win() -> None:
    game = table([[480, 88], [555, 90], [250, 5, 777]])
    game = play(game, pick(0, 480), pick(1, 555), pick(2, 250), Guess(0, 89), Guess(1, 91))
    assert game.winners == (0, 1)


def test_q15_the_deck_running_out_ends_the_game_fewest_cards_share() -> None:
    game = table([[480, 88, 168, 212], [250, 90, 360, 366], [555, 5, 777, 64]], [990], rest=False)
    assert game.deck_low and game.deck_size == 1
    game = play(game, pick(0, 480), pick(1, 250), pick(2, 555))
    # 480, 250 and 555: team 1 is furthest and takes the last card.
    assert game.reveals[0].furthest == (1,) and game.deck_size == 0 and not game.is_over
    game = play(game, pick(0, 88), pick(1, 90), pick(2, 777))
    # Target 250: team 2 (777) is furthest and must take a card from an empty deck: nobody draws.
    assert game.is_over and game.end is End.DECK_EMPTY
    assert [len(h) for h in game.hands] == [2, 3, 2]
    assert game.winners == (0, 2)


def test_q15_change_needs_a_bottom_card_for_every_team() -> None:
    game = table([A, B, C], [555, 480], rest=False)
    assert not any(isinstance(a, Change) for a in game.legal_actions(0))
    assert not game.view(0).can_change
    with pytest.raises(IllegalMove, match="too low"):
        game.apply(Change(0, card(88)))
    roomy = table([A, B, C], [555, 480, 333], rest=False)
    assert any(isinstance(a, Change) for a in roomy.legal_actions(0))


def test_q15_fewer_than_ten_cards_left_is_flagged() -> None:
    ids = list(DECK.ids)
    assert not Game.from_order(3, ids[: 18 + 10], deck=DECK).deck_low
    assert Game.from_order(3, ids[: 18 + 9], deck=DECK).deck_low
    assert Game.from_order(3, ids[: 18 + 9], deck=DECK).view(1).deck_low


def test_q16_a_view_holds_no_unrevealed_answer() -> None:
    game = play(three(), pick(0, 366), pick(1, 360), pick(2, 12))
    revealed = {c.id for r in game.reveals for p in r.plays for c in p.cards}

    def walk(value: object) -> None:
        if isinstance(value, RevealedCard):
            assert value.id in revealed
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, (tuple, list, frozenset)):
            for item in value:
                walk(item)

    for team in range(3):
        walk(game.view(team))


def test_q16_picks_and_changes_stay_secret_until_the_reveal() -> None:
    game = three()
    before = game.view(1)
    game = game.apply(Change(0, card(88)))
    game = game.apply(pick(0, 168, shift=200))
    other = game.view(1)
    assert other.hands == before.hands and other.powers == before.powers
    assert other.my_pick is None and other.picked == (True, False, False)
    own = game.view(0)
    assert own.my_pick == pick(0, 168, shift=200) and own.powers[0] == frozenset({Power.TWO})
    assert game.view(2).powers[0] == frozenset(Power)
    assert card(88) not in {c.id for c in own.hand}


def test_q16_view_legal_actions_match_the_game() -> None:
    game = three().apply(Change(1, card(720)))
    for team in range(3):
        view: TeamView = game.view(team)
        assert view.legal_actions() == game.legal_actions(team)


@pytest.mark.parametrize(
    "action, error",
    [
        (Pick(0, ("t-no-such-card",)), IllegalMove),
        (Change(5, "t-piano-keys"), InvalidMove),
        (ChooseTarget(0, "t-piano-keys"), IllegalMove),
        (Guess(0, 5), IllegalMove),
    ],
)
def test_actions_against_the_rules_are_refused(action: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        three().apply(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", ["thousand.deck", "thousand.actions", "thousand.game", "tabletop.stats"])
def test_the_examples_in_the_docstrings_run(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
