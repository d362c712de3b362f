"""One test (or more) per rule R1–R18 of shared/RULES.md, and every worked example in it."""

from __future__ import annotations

import pytest

from tests.helpers import cards, check_invariants, deal_with
from zero_game import (
    DECK,
    KNOCK,
    Card,
    Colour,
    Effect,
    IllegalMove,
    Match,
    Phase,
    Round,
    Swap,
    breakdown,
    default_pool_size,
    is_zero,
    score_hand,
)


def play_knocks(state: Round, count: int) -> Round:
    for _ in range(count):
        state = state.apply(KNOCK)
    return state


def any_swap(state: Round) -> Swap:
    action = state.legal_actions()[0]
    assert isinstance(action, Swap)
    return action


# R1 -------------------------------------------------------------------------------------------

def test_r1_deck_has_56_distinct_cards_seven_colours_numbers_one_to_eight() -> None:
    assert len(DECK) == 56 == len(set(DECK))
    assert [c.label for c in Colour] == ["red", "yellow", "green", "blue", "violet", "grey", "black"]
    for colour in Colour:
        assert sorted(c.number for c in DECK if c.colour is colour) == list(range(1, 9))
    assert list(DECK) == sorted(DECK)


def test_r1_cards_are_named_and_parsed_as_players_write_them() -> None:
    assert str(Card(Colour.RED, 7)) == "red 7"
    assert Card.parse("  Red   7 ") == Card(Colour.RED, 7)
    assert all(Card.parse(str(c)) == c for c in DECK)


# R2 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_r2_two_to_five_players_deal(players: int) -> None:
    state = Round.deal(players, seed=players)
    assert state.players == players
    check_invariants(state)


@pytest.mark.parametrize("players", [0, 1, 6])
def test_r2_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        Round.deal(players)


# R3 -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "pool"), [(2, 9), (3, 5), (4, 5), (5, 5)])
def test_r3_nine_cards_each_and_the_default_pool(players: int, pool: int) -> None:
    state = Round.deal(players, seed=11)
    assert default_pool_size(players) == pool
    assert state.pool_size == pool
    assert all(len(state.hand(s)) == 9 for s in range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("pool", [5, 7, 9])
def test_r3_variant_pool_sizes_fit_at_every_count(players: int, pool: int) -> None:
    state = Round.deal(players, seed=3, pool_size=pool)
    assert state.pool_size == pool
    check_invariants(state)


def test_r3_the_shuffle_depends_only_on_the_seed() -> None:
    assert Round.deal(4, seed=99) == Round.deal(4, seed=99)
    assert Round.deal(4, seed=99).hand(0) != Round.deal(4, seed=100).hand(0)


def test_r3_hands_are_secret() -> None:
    state = Round.deal(3, seed=5)
    view = state.view(0)
    assert view.hand == state.hand(0)
    shown = set(view.hand) | set(view.pool) | {c for k in view.known for c in k}
    assert not shown & set(state.hand(1)) and not shown & set(state.hand(2))


# R4 -------------------------------------------------------------------------------------------

def test_r4_set_aside_cards_stay_out_of_play_and_unseen() -> None:
    state = Round.deal(3, seed=8)
    in_play = {c for s in range(3) for c in state.hand(s)} | set(state.pool)
    set_aside = set(DECK) - in_play
    assert len(set_aside) == 56 - 27 - 5
    while not state.is_over:
        actions = state.legal_actions()
        state = state.apply(actions[-1] if state.turns_taken >= 20 else actions[state.turns_taken % 7])
        assert not set_aside & ({c for s in range(3) for c in state.hand(s)} | set(state.pool))
    assert set_aside <= set(Round.deal(3, seed=8).view(1).unseen())


# R5 -------------------------------------------------------------------------------------------

def test_r5_left_of_the_dealer_plays_first() -> None:
    assert Round.deal(4, seed=1).current_player == 1
    assert Round.deal(4, seed=1, dealer=3).current_player == 0
    assert Round.deal(4, seed=1, dealer=3).dealer == 3


def test_r5_the_dealer_moves_clockwise_each_round() -> None:
    match = Match.new(3, seed=4, dealer=2, rounds=4)
    dealers = []
    while not match.is_over:
        if not dealers or dealers[-1][0] != match.round_number:
            dealers.append((match.round_number, match.round.dealer))
        match = match.apply(KNOCK)
    assert [d for _, d in dealers] == [2, 0, 1, 2]


# R6 -------------------------------------------------------------------------------------------

def test_r6_a_swap_exchanges_one_hand_card_with_one_pool_card() -> None:
    state = Round.deal(3, seed=2)
    seat = state.current_player
    assert seat is not None
    give, take = state.hand(seat)[0], state.pool[0]
    after = state.apply(Swap(give, take))
    assert take in after.hand(seat) and give not in after.hand(seat)
    assert give in after.pool and take not in after.pool
    assert len(after.hand(seat)) == 9 and after.pool_size == state.pool_size


def test_r6_the_card_just_given_cannot_be_taken_back() -> None:
    state = Round.deal(3, seed=2)
    give = state.hand(1)[0]
    with pytest.raises(IllegalMove, match="take back"):
        state.apply(Swap(give, give))
    assert all(a.take != a.give for a in state.legal_actions() if isinstance(a, Swap))


def test_r6_legal_actions_are_every_hand_pool_pair_and_knock() -> None:
    state = Round.deal(3, seed=2)
    actions = state.legal_actions()
    assert len(actions) == 9 * 5 + 1 and actions[-1] == KNOCK
    assert {(a.give, a.take) for a in actions if isinstance(a, Swap)} == {
        (g, t) for g in state.hand(1) for t in state.pool
    }


def test_r6_swaps_are_public() -> None:
    state = Round.deal(3, seed=2)
    swap = any_swap(state)
    after = state.apply(swap)
    for seat in range(3):
        turn = after.view(seat).history[-1]
        assert (turn.seat, turn.action, turn.effect) == (1, swap, Effect.SWAP)
    assert after.view(0).known[1] == (swap.take,)


def test_r6_a_knock_changes_no_card() -> None:
    state = Round.deal(3, seed=2)
    after = state.apply(KNOCK)
    assert after.pool == state.pool and all(after.hand(s) == state.hand(s) for s in range(3))
    assert after.current_player == 2


# R7 -------------------------------------------------------------------------------------------

def test_r7_play_passes_clockwise() -> None:
    state = Round.deal(4, seed=6, dealer=2)
    order = []
    for _ in range(6):
        assert state.current_player is not None
        order.append(state.current_player)
        state = state.apply(any_swap(state))
    assert order == [3, 0, 1, 2, 3, 0]


# R8 -------------------------------------------------------------------------------------------

def test_r8_the_first_knock_has_no_effect() -> None:
    state = Round.deal(3, seed=2).apply(KNOCK)
    assert state.knocks == 1 and state.first_knocker == 1
    assert state.phase is Phase.PLAY and state.history[-1].effect is Effect.KNOCK
    # Play goes on for as long as nobody knocks again.
    for _ in range(9):
        state = state.apply(any_swap(state))
    assert state.phase is Phase.PLAY and not state.is_over


# R9 -------------------------------------------------------------------------------------------

def test_r9_second_knock_by_another_player_gives_everyone_else_one_turn() -> None:
    state = Round.deal(4, seed=3)  # seat 1 starts
    state = state.apply(KNOCK)  # seat 1: first knock
    state = state.apply(any_swap(state))  # seat 2
    state = state.apply(KNOCK)  # seat 3: second knock
    assert state.phase is Phase.FINAL and state.second_knocker == 3
    assert state.history[-1].effect is Effect.SECOND_KNOCK
    assert state.final_turns_left == (0, 1, 2)
    finals = []
    while not state.is_over:
        assert state.current_player is not None
        finals.append(state.current_player)
        state = state.apply(any_swap(state))
    assert finals == [0, 1, 2]  # the second knocker (3) takes no further turn


def test_r9_the_same_player_may_make_both_knocks() -> None:
    state = Round.deal(3, seed=3)  # seat 1 starts
    state = state.apply(KNOCK)  # seat 1: first knock
    state = state.apply(any_swap(state))  # seat 2
    state = state.apply(any_swap(state))  # seat 0
    state = state.apply(KNOCK)  # seat 1 again: second knock
    assert state.first_knocker == state.second_knocker == 1
    assert state.final_turns_left == (2, 0)
    state = state.apply(any_swap(state)).apply(any_swap(state.apply(any_swap(state))))
    assert state.is_over


def test_r9_two_knocks_in_a_row_at_two_players_give_one_final_turn() -> None:
    state = Round.deal(2, seed=1).apply(KNOCK).apply(KNOCK)  # seat 1, then seat 0
    assert state.phase is Phase.FINAL and state.final_turns_left == (1,)
    assert state.apply(KNOCK).is_over


# R10 ------------------------------------------------------------------------------------------

def test_r10_a_knock_in_the_final_turns_is_only_a_pass() -> None:
    state = play_knocks(Round.deal(4, seed=3), 2)  # seats 1 and 2 knock
    assert state.final_turns_left == (3, 0, 1)
    state = state.apply(KNOCK)  # seat 3 passes
    assert state.knocks == 2 and state.second_knocker == 2
    assert state.history[-1].effect is Effect.PASS
    assert state.current_player == 0 and state.phase is Phase.FINAL
    state = play_knocks(state, 2)
    assert state.is_over and [t.effect for t in state.history].count(Effect.PASS) == 3


# R11 ------------------------------------------------------------------------------------------

def test_r11_nothing_but_knocks_or_a_zero_ends_a_round() -> None:
    state = Round.deal(3, seed=12)
    for _ in range(600):
        swaps = [a for a in state.legal_actions() if isinstance(a, Swap)]
        safe = [a for a in swaps if not is_zero(state.apply(a).hand(state.current_player or 0))]
        state = state.apply(safe[len(state.history) % len(safe)])
    assert not state.is_over and state.turns_taken == 600


# R12 ------------------------------------------------------------------------------------------

def test_r12_five_of_a_colour_and_five_of_a_number_sharing_one_card_is_a_zero() -> None:
    hand = cards("red 2, red 3, red 5, red 7, red 8, yellow 8, green 8, blue 8, violet 8")
    assert is_zero(hand)
    assert breakdown(hand).colour_groups == (Colour.RED,) and breakdown(hand).number_groups == (8,)


def test_r12_one_group_alone_is_not_a_zero() -> None:
    assert not is_zero(cards("red 1, red 2, red 3, red 4, red 5, blue 6, green 6, grey 6, black 6"))
    assert not is_zero(cards("red 6, yellow 6, green 6, blue 6, violet 6, grey 1, grey 2, grey 3, grey 4"))


# R13 ------------------------------------------------------------------------------------------

ZERO_HAND = cards("red 2, red 3, red 5, red 7, red 8, yellow 8, green 8, blue 8, violet 8")
NEAR_ZERO = cards("red 2, red 3, red 5, red 7, red 8, yellow 8, green 8, blue 8, black 1")
ZERO_POOL = cards("violet 8, grey 1, grey 2, grey 3, grey 4")


def test_r13_a_zero_made_by_a_swap_ends_the_round_at_once() -> None:
    state = deal_with([[], NEAR_ZERO, []], pool=ZERO_POOL, first_player=1)
    after = state.apply(Swap(Card.parse("black 1"), Card.parse("violet 8")))
    assert after.is_over and after.zero_seat == 1 and after.current_player is None
    assert after.history[-1].effect is Effect.ZERO
    with pytest.raises(IllegalMove, match="over"):
        after.apply(KNOCK)


def test_r13_a_zero_during_the_final_turns_ends_the_round_at_once() -> None:
    state = deal_with([NEAR_ZERO, [], []], pool=ZERO_POOL, first_player=1)
    state = play_knocks(state, 2)  # seats 1 and 2 knock: seats 0 and 1 have a final turn
    assert state.second_knocker == 2 and state.final_turns_left == (0, 1)
    after = state.apply(Swap(Card.parse("black 1"), Card.parse("violet 8")))
    assert after.is_over and after.zero_seat == 0 and after.final_turns_left == ()
    assert after.turns_taken == 3  # seat 1 never took its final turn


def test_r13_a_dealt_zero_ends_the_round_before_the_first_turn() -> None:
    state = deal_with([[], ZERO_HAND, []])
    assert state.is_over and state.zero_seats == (1,) and state.turns_taken == 0
    assert state.legal_actions() == []
    assert state.scores()[1] == 0


def test_r13_two_dealt_zeros_both_count() -> None:
    other = cards("grey 1, grey 2, grey 3, grey 4, grey 6, yellow 6, green 6, blue 6, black 6")
    state = deal_with([other, ZERO_HAND])
    assert state.zero_seats == (0, 1) and state.scores() == (0, 0)


# R14 ------------------------------------------------------------------------------------------

def test_r14_the_zero_scores_nothing_and_the_others_score_their_hands() -> None:
    state = deal_with([[], NEAR_ZERO, []], pool=ZERO_POOL, first_player=1)
    after = state.apply(Swap(Card.parse("black 1"), Card.parse("violet 8")))
    scores = after.scores()
    assert scores[1] == 0
    assert scores[0] == score_hand(after.hand(0)) > 0 and scores[2] == score_hand(after.hand(2)) > 0


# R15 and R16, with the worked examples ---------------------------------------------------------

@pytest.mark.parametrize(
    ("hand", "score"),
    [
        # 2, 5, 5, and six 3s -> 2 + 5
        ("black 2, red 5, black 5, red 3, yellow 3, green 3, blue 3, violet 3, grey 3", 7),
        # 1 1 4 8 1 3 4 7 8 with 1, 3, 4, 7, 8 red -> 1 + 4 + 8
        ("red 1, red 3, red 4, red 7, red 8, blue 1, green 1, blue 4, blue 8", 13),
        # 1 2 2 2 5 7 7 7 7, no group -> 1 + 2 + 5 + 7
        ("red 1, red 2, yellow 2, green 2, blue 5, red 7, yellow 7, green 7, blue 7", 15),
        # five reds (no 4, no 7) + three 4s + a 7 -> 4 + 7
        ("red 1, red 2, red 3, red 5, red 6, yellow 4, green 4, blue 4, violet 7", 11),
        # red 2 3 5 7 8 + four more 8s -> ZERO
        ("red 2, red 3, red 5, red 7, red 8, yellow 8, green 8, blue 8, violet 8", 0),
    ],
    ids=["six-threes-7", "rulebook-13", "no-group-15", "five-reds-11", "zero-0"],
)
def test_r15_worked_examples(hand: str, score: int) -> None:
    assert score_hand(cards(hand)) == score
    assert breakdown(cards(hand)).score == score


def test_r15_each_distinct_number_scores_once() -> None:
    hand = cards("red 7, yellow 7, green 7, blue 7, red 1, yellow 1, green 2, blue 2, grey 8")
    assert score_hand(hand) == 7 + 1 + 2 + 8
    assert breakdown(hand).scoring_numbers == (1, 2, 7, 8)


def test_r16_removal_is_per_card_not_per_number() -> None:
    hand = cards("red 1, red 2, red 3, red 4, red 5, blue 3, yellow 6, green 6, grey 8")
    detail = breakdown(hand)
    assert set(detail.cleared) == set(cards("red 1, red 2, red 3, red 4, red 5"))
    assert detail.scoring_numbers == (3, 6, 8)  # the blue 3 still scores
    assert score_hand(hand) == 17


def test_r16_a_card_in_both_groups_is_cleared_once() -> None:
    detail = breakdown(cards("red 2, red 3, red 5, red 7, red 8, yellow 8, green 8, blue 8, violet 8"))
    assert len(detail.cleared) == 9 and detail.zero and detail.remaining == ()


# R17 ------------------------------------------------------------------------------------------

def test_r17_as_many_rounds_as_players_and_the_lowest_total_wins() -> None:
    match = Match.new(4, seed=21)
    assert match.rounds == 4
    while not match.is_over:
        match = match.apply(match.legal_actions()[-1 if match.round.turns_taken > 6 else 0])
    assert len(match.finished_rounds) == 4
    assert match.totals == tuple(sum(r[s] for r in match.round_scores) for s in range(4))
    assert match.winners == tuple(s for s in range(4) if match.totals[s] == min(match.totals))


@pytest.mark.parametrize("rounds", [0, 11, "3"])
def test_r17_a_match_has_one_to_ten_rounds(rounds: object) -> None:
    with pytest.raises(ValueError, match="1 to 10 rounds"):
        Match.new(3, rounds=rounds)  # type: ignore[arg-type]


def test_r17_equal_lowest_totals_share_the_win() -> None:
    # Every round ends at once with two passes after two knocks, so both players keep their deals;
    # search seeds for a two-player match that ends level.
    for seed in range(400):
        match = Match.new(2, seed=seed, rounds=1)
        while not match.is_over:
            match = match.apply(KNOCK)
        if match.totals[0] == match.totals[1]:
            assert match.winners == (0, 1)
            return
    pytest.fail("no tied match found")


# R18 ------------------------------------------------------------------------------------------

def test_r18_a_view_holds_own_hand_pool_and_public_facts_only() -> None:
    state = Round.deal(3, seed=14)
    swap = any_swap(state)
    state = state.apply(swap).apply(KNOCK)
    view = state.view(0)
    assert view.hand == state.hand(0) and view.pool == state.pool
    assert view.hand_sizes == (9, 9, 9) and view.knocks == 1 and view.first_knocker == 2
    assert view.current_player == 0 and view.my_turn and view.phase is Phase.PLAY
    assert view.known == ((), (swap.take,), ())
    assert view.revealed is None and view.scores is None
    check_invariants(state)


def test_r18_unseen_cards_are_other_hands_and_the_set_aside_cards() -> None:
    state = Round.deal(3, seed=14)
    swap = any_swap(state)
    state = state.apply(swap)
    unseen = set(state.view(0).unseen())
    others = (set(state.hand(1)) - {swap.take}) | set(state.hand(2))
    set_aside = set(DECK) - {c for s in range(3) for c in state.hand(s)} - set(state.pool)
    assert unseen == others | set_aside


def test_r18_every_hand_is_revealed_at_the_end() -> None:
    state = play_knocks(Round.deal(3, seed=14), 4)
    assert state.is_over
    view = state.view(2)
    assert view.revealed == tuple(state.hand(s) for s in range(3))
    assert view.scores == state.scores()
