"""Bad input of every kind gets the right error, a readable message, and changes nothing."""

from __future__ import annotations

import json

import pytest

from zero_game import KNOCK, Card, DataError, IllegalMove, InvalidMove, Match, Round, Swap, parse_action


@pytest.fixture
def state() -> Round:
    return Round.deal(3, seed=42).apply(KNOCK)  # seat 2 to act


def assert_unchanged(state: Round, before: str) -> None:
    assert state.to_json() == before
    assert state.current_player == 2


def test_giving_a_card_you_do_not_hold(state: Round) -> None:
    before = state.to_json()
    elsewhere = state.hand(0)[0]
    with pytest.raises(IllegalMove, match=f"can't give the {elsewhere}: you don't hold it") as err:
        state.apply(Swap(elsewhere, state.pool[0]))
    assert "hand" not in str(err.value).split(":")[1]  # it never says whose hand holds it
    assert_unchanged(state, before)


def test_giving_a_pool_card(state: Round) -> None:
    before = state.to_json()
    with pytest.raises(IllegalMove, match="it is in the pool, not in your hand"):
        state.apply(Swap(state.pool[0], state.pool[1]))
    assert_unchanged(state, before)


def test_taking_a_card_that_is_not_in_the_pool(state: Round) -> None:
    before = state.to_json()
    with pytest.raises(IllegalMove, match="not in the pool"):
        state.apply(Swap(state.hand(2)[0], state.hand(1)[0]))
    with pytest.raises(IllegalMove, match="not in the pool"):
        state.apply(Swap(state.hand(2)[0], state.hand(2)[1]))
    assert_unchanged(state, before)


def test_taking_back_the_card_you_give(state: Round) -> None:
    before = state.to_json()
    card = state.hand(2)[3]
    with pytest.raises(IllegalMove, match="take back the .* take a different card"):
        state.apply(Swap(card, card))
    assert_unchanged(state, before)


def test_acting_after_the_end() -> None:
    over = Round.deal(3, seed=42).apply(KNOCK).apply(KNOCK).apply(KNOCK).apply(KNOCK)
    assert over.is_over
    before = over.to_json()
    for action in (KNOCK, Swap(over.hand(0)[0], over.pool[0])):
        with pytest.raises(IllegalMove, match="round is over"):
            over.apply(action)
    assert over.to_json() == before


def test_scores_before_the_end(state: Round) -> None:
    with pytest.raises(IllegalMove, match="not over yet"):
        state.scores()


def test_something_that_is_not_an_action(state: Round) -> None:
    with pytest.raises(InvalidMove, match="not an action"):
        state.apply("knock")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not a card"),
        ("red", "not a card"),
        ("7 red", "not a card"),
        ("pink 3", "'pink' is not a colour"),
        ("red 9", "numbered 1 to 8"),
        ("red 0", "numbered 1 to 8"),
        ("blue -1", "not a card"),
    ],
)
def test_malformed_card_text(text: str, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        Card.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not an action"),
        ("knok", "not an action"),
        ("swap red 7", "not an action"),
        ("swap red 7 for", "not an action"),
        ("swap red 9 for blue 2", "numbered 1 to 8"),
        ("swap pink 1 for blue 2", "'pink' is not a colour"),
    ],
)
def test_malformed_action_text(text: str, message: str) -> None:
    with pytest.raises(InvalidMove, match=message):
        parse_action(text)


def test_action_text_round_trips() -> None:
    swap = Swap(Card.parse("red 7"), Card.parse("blue 2"))
    assert str(swap) == "swap red 7 for blue 2" and parse_action(str(swap)) == swap
    assert parse_action("  KNOCK ") == KNOCK and str(KNOCK) == "knock"
    assert parse_action("swap  Red 7   for BLUE-2") == swap


def test_invalid_moves_and_illegal_moves_are_value_errors_of_different_kinds() -> None:
    assert issubclass(InvalidMove, ValueError) and issubclass(IllegalMove, ValueError)
    assert not issubclass(InvalidMove, IllegalMove) and not issubclass(IllegalMove, InvalidMove)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[]", "not a saved round"),
        ('{"type": "match", "schema": 1}', "not a saved round"),
        ('{"type": "round"}', "no schema number"),
        ('{"type": "round", "schema": 99}', "newer version of Zero"),
        ('{"type": "round", "schema": 0}', "unknown schema"),
    ],
)
def test_malformed_round_json(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        Round.from_json(text)


def test_a_damaged_round_says_what_is_wrong(state: Round) -> None:
    data = json.loads(state.to_json())
    data["hands"][0][0] = data["pool"][0]
    with pytest.raises(DataError, match="dealt twice"):
        Round.from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["actions"].append("swap red 1 for red 1")
    with pytest.raises(DataError, match="damaged at action 2"):
        Round.from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["hands"].pop()
    data["hands"][0] = data["hands"][0][:8]
    with pytest.raises(DataError, match="holds 8"):
        Round.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"schema": 2}, "newer version"),
        ({"players": 7}, "2 to 5 players"),
        ({"played": []}, "rounds are missing"),
        ({"seed": None}, "seed is missing"),
        ({"type": "round"}, "not a saved match"),
    ],
)
def test_malformed_match_json(change: dict[str, object], message: str) -> None:
    data = json.loads(Match.new(3, seed=1).to_json()) | change
    with pytest.raises(DataError, match=message):
        Match.from_json(json.dumps(data))


def test_bad_json_leaves_a_match_unchanged() -> None:
    match = Match.new(3, seed=1).apply(KNOCK)
    before = match.to_json()
    with pytest.raises(DataError):
        Match.from_json(before[:-5])
    assert match.to_json() == before and Match.from_json(before) == match
