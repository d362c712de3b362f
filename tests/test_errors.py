"""Bad input of every kind gets the right error, a readable message, and changes nothing."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable

import pytest

from tabletop import documents
from tabletop.documents import MAX_JSON_CHARS, MAX_JSON_DEPTH, json_problem
from zero_game import (
    KNOCK,
    Card,
    DataError,
    IllegalMove,
    InvalidMove,
    Match,
    Round,
    Swap,
    breakdown,
    is_zero,
    parse_action,
    score_hand,
)


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


# Text a person or a file gives, read by what reads it: the error of its kind, saying what is wrong.
MALFORMED_TEXT: list[tuple[Callable[[str], object], type[ValueError], str, list[str]]] = [
    (Card.parse, InvalidMove, "not a card", ["", "red", "7 red", "blue -1"]),
    (Card.parse, InvalidMove, "'pink' is not a colour", ["pink 3"]),
    (Card.parse, InvalidMove, "numbered 1 to 8", ["red 9", "red 0"]),
    (parse_action, InvalidMove, "not an action", ["", "knok", "swap red 7", "swap red 7 for"]),
    (parse_action, InvalidMove, "numbered 1 to 8", ["swap red 9 for blue 2"]),
    (parse_action, InvalidMove, "'pink' is not a colour", ["swap pink 1 for blue 2"]),
    (Round.from_json, DataError, "not valid JSON", ["{not json", ""]),
    (Round.from_json, DataError, "not a Zero saved round", ["[]", '{"type": "match", "schema": 1}']),
    (Round.from_json, DataError, "no valid format number", ['{"type": "round"}', '{"type": "round", "schema": 0}']),
    (Round.from_json, DataError, "newer version of Zero", ['{"type": "round", "schema": 99}']),
]


@pytest.mark.parametrize(
    ("read", "text", "error", "message"),
    [pytest.param(read, text, error, message, id=f"{read.__qualname__}({text!r})")
     for read, error, message, texts in MALFORMED_TEXT for text in texts],
)
def test_malformed_text_is_refused_saying_what_is_wrong(
    read: Callable[[str], object], text: str, error: type[ValueError], message: str
) -> None:
    with pytest.raises(error, match=message):
        read(text)


def test_action_text_round_trips() -> None:
    swap = Swap(Card.parse("red 7"), Card.parse("blue 2"))
    assert str(swap) == "swap red 7 for blue 2" and parse_action(str(swap)) == swap
    assert parse_action("  KNOCK ") == KNOCK and str(KNOCK) == "knock"
    assert parse_action("swap  Red 7   for BLUE-2") == swap


def test_invalid_moves_and_illegal_moves_are_value_errors_of_different_kinds() -> None:
    assert issubclass(InvalidMove, ValueError) and issubclass(IllegalMove, ValueError)
    assert not issubclass(InvalidMove, IllegalMove) and not issubclass(IllegalMove, InvalidMove)


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
        ({"type": "round"}, "not a Zero saved match"),
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


# ---- tampered saves and wrong types: only the documented errors, each saying what is wrong ----------------


def finished_round_match(pool_size: int | None = None, players: int = 3) -> Match:
    """A match whose first round is over (everyone knocked), so round 2 has been dealt."""
    match = Match.new(players, seed=5, pool_size=pool_size)
    while match.round_number == 1:
        match = match.apply(KNOCK)
    return match


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [], "dealer": 0}, "0 hands"),
        ({"hands": [[]], "dealer": 0}, "1 hands"),
        ({"dealer": True}, "dealer is not a seat"),
        ({"dealer": 1.0}, "dealer is not a seat"),
        ({"hands": "red 1"}, "hands are missing"),
        ({"pool": {"a": 1}}, "pool or its actions"),
        ({"actions": [7]}, "damaged at action 1"),
        ({"actions": ["swap a" + " " * 5000 + "x"]}, "damaged at action 1"),
        ({"actions": ["knock"] * 10_001}, "10,001 actions"),
    ],
)
def test_a_tampered_round_is_refused_with_a_data_error(change: dict[str, object], message: str) -> None:
    data = json.loads(Round.deal(3, seed=4).to_json()) | change
    with pytest.raises(DataError, match=message) as err:
        Round.from_json(json.dumps(data))
    assert len(str(err.value)) < 300  # a huge tampered value is not echoed whole


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"pool_size": 5.0}, "not 5.0"),
        ({"pool_size": True}, "not True"),
        ({"pool_size": 9}, "pool of 5 cards in a match played with 9"),
        ({"rounds": None}, "number of rounds is None"),
        ({"rounds": 3.0}, "number of rounds is 3.0"),
        ({"players": 3.0}, "not 3.0"),
        ({"dealer": False}, "not False"),
        ({"seed": [1]}, "whole number or a text"),
        ({"seed": 6}, "not the deal its seed gives"),
    ],
)
def test_a_tampered_match_is_refused_with_a_data_error(change: dict[str, object], message: str) -> None:
    data = json.loads(finished_round_match().to_json()) | change
    with pytest.raises(DataError, match=message):
        Match.from_json(json.dumps(data))


def test_a_round_with_another_pool_size_inside_a_match_is_refused() -> None:
    data = json.loads(finished_round_match().to_json())
    data["played"][1] = json.loads(Round.deal(3, seed=1, pool_size=9, dealer=1).to_json())
    with pytest.raises(DataError, match="round 2 has a pool of 9 cards in a match played with 5"):
        Match.from_json(json.dumps(data))


def test_a_deal_that_is_not_the_seeds_is_refused() -> None:
    data = json.loads(finished_round_match().to_json())
    hands = data["played"][1]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # still 56 different cards, but not this seed's deal
    with pytest.raises(DataError, match="round 2 is not the deal its seed gives"):
        Match.from_json(json.dumps(data))


def test_a_null_pool_size_never_changes_the_pool_of_later_rounds() -> None:
    seven = json.loads(finished_round_match(pool_size=7).to_json()) | {"pool_size": None}
    with pytest.raises(DataError, match="pool of 7 cards in a match played with 5"):
        Match.from_json(json.dumps(seven))
    # A save from before the pool size was always written (null: the rules' 5) still loads, as a 5-card match.
    match = finished_round_match()
    legacy = json.loads(match.to_json()) | {"pool_size": None}
    loaded = Match.from_json(json.dumps(legacy))
    assert loaded == match and loaded.pool_size == 5 and loaded.to_dict()["pool_size"] == 5


def test_every_save_states_its_pool_size() -> None:
    assert Match.new(2, seed=1).to_dict()["pool_size"] == 9
    assert Match.new(4, seed=1).to_dict()["pool_size"] == 5


@pytest.mark.parametrize("index", [56, -1, 100, True, 1.0, "3", None])
def test_a_card_index_outside_the_deck_is_an_invalid_move(index: object) -> None:
    with pytest.raises(InvalidMove, match="0 to 55"):
        Card.from_index(index)  # type: ignore[arg-type]
    assert Card.from_index(55) == Card.parse("black 8") and Card.from_index(0) == Card.parse("red 1")


@pytest.mark.parametrize("hand", [5, None, "red 7", [1, 2], [Card.parse("red 7"), "red 8"], {"red 7": 1}])
def test_scoring_something_that_is_not_cards_is_an_invalid_move(hand: object) -> None:
    for function in (score_hand, breakdown, is_zero):
        with pytest.raises(InvalidMove):
            function(hand)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hands", "pool"),
    [
        (5, ["red 1"]),
        (None, []),
        ([5, 6], []),
        ([["red 1"]] * 3, 7),
        ([["red 1"]] * 3, None),
        ("red 1", []),
        ([[f"red {n}" for n in range(1, 9)] * 100] * 3, []),
        ([[]] * 10_000, []),
    ],
)
def test_a_deal_that_is_not_lists_of_cards_is_an_invalid_move(hands: object, pool: object) -> None:
    with pytest.raises(InvalidMove):
        Round.from_deal(hands, pool)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [{"seed": [1]}, {"seed": 1.5}, {"seed": b"x"}, {"pool_size": 5.0}, {"pool_size": True}, {"dealer": 0.0},
     {"players": True}, {"players": 3.0}],
)
def test_dealing_with_wrong_types_is_a_value_error(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"players": 3} | kwargs
    with pytest.raises(ValueError, match="not"):
        Round.deal(**args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not"):
        Match.new(**args)  # type: ignore[arg-type]


def test_reading_an_action_takes_time_in_proportion_to_its_length() -> None:
    def cost(spaces: int) -> float:
        text = "swap a" + " " * spaces + "x"
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            with pytest.raises(InvalidMove):
                parse_action(text)
            best = min(best, time.perf_counter() - start)
        return best

    small, large = cost(4_000), cost(64_000)  # 16 times longer: linear ≈ 16×, quadratic ≈ 256×
    assert large < 64 * max(small, 1e-6)


# ---- the one JSON door: size and depth limits, no recursion ------------------------------------------------


def nested(depth: int) -> str:
    """JSON text nesting ``depth`` levels, lists and objects in turn."""
    return json.dumps(functools.reduce(lambda inner, i: [1, inner] if i % 2 else {"k": inner}, range(depth - 1), []))


def test_json_within_the_limits_is_read_and_deeper_json_is_refused_before_parsing() -> None:
    assert json_problem(nested(MAX_JSON_DEPTH)) is None
    assert "nested more than 32 levels" in (json_problem(nested(MAX_JSON_DEPTH + 1)) or "")
    assert "nested more than" in (json_problem("[" * 100_000) or "")  # refused at level 33, not parsed
    for text in ("[" * 10 + "}" * 10, '{"a": [}', "[[]", "]"):
        assert "not valid JSON" in (json_problem(text) or "")
    with pytest.raises(DataError, match="nested more than"):
        Round.from_json("[" * 10_000 + "]" * 10_000)
    with pytest.raises(DataError, match="characters long"):
        Match.from_json(" " * (MAX_JSON_CHARS + 1))


@pytest.mark.parametrize(
    "value",
    ['[[[[', "]]]", '\\"[', "\\\\", '\\\\"]]]', "{[}]", "\u2028\\u0022"],
)
def test_brackets_quotes_and_backslashes_inside_strings_do_not_count_as_nesting(value: str) -> None:
    text = json.dumps({"name": value, "list": [[value, {value: value}]]})
    assert json_problem(text) is None and json.loads(text)["name"] == value


def test_the_depth_check_is_the_same_whatever_the_chunk_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [json.dumps(["\\" * n + '"[' * m, {"k\\": ["]" * n]}]) for n in range(4) for m in range(3)]
    texts += [nested(MAX_JSON_DEPTH), nested(MAX_JSON_DEPTH + 1), "[" * 40 + "]" * 40]
    expected = [json_problem(t) for t in texts]
    for chunk in (1, 2, 3, 5, 7):
        monkeypatch.setattr(documents, "JSON_CHUNK", chunk)
        assert [json_problem(t) for t in texts] == expected
