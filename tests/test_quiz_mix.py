"""The mix a table chooses (issue 25): family, quiz night or experts, themes left out, a mix too small for the
teams, Q6's seen marks across mixes, and frames kept apart in the deal order. On a generated deck, not the real one."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest

from tabletop.errors import DataError
from thousand import MIXES, Deck, Game, Mix, MixTooSmall, cards_needed, check_mix, deal, deal_order
from thousand.cli import main
from thousand.deck import FRAME_GAP
from thousand.terminal import TerminalGame, parse_teams

THEMES = ("sport", "history", "space")


def question(n: int, **extra: Any) -> dict[str, Any]:
    text = {"en": f"Question {n}?", "fr": f"Question {n} ?", "de": f"Frage {n}?"}
    unit = {"en": "units", "fr": "unités", "de": "Einheiten"}
    return {"id": f"q{n}", "text": text, "answer": n % 1001, "unit": unit, "category": THEMES[n % 3],
            "difficulty": 1 + n % 3 if n % 7 else 3 - n % 3, "year": None, "source": "test data", **extra}


def make_deck(count: int = 150, grim_every: int = 5, frames: int = 0) -> Deck:
    questions = []
    for n in range(count):
        extra: dict[str, Any] = {"tags": ["grim"] if n % grim_every == 0 else []}
        if frames:
            extra["frame"] = f"frame-{n // 2 % frames}" if n % 2 == 0 else None
        questions.append(question(n, **extra))
    categories = {key: {"en": key, "fr": key, "de": key} for key in THEMES}
    return Deck.from_dict({"schema": 1, "categories": categories, "questions": questions})


DECK = make_deck()


def test_family_deals_easy_and_medium_questions_and_nothing_grim() -> None:
    chosen = [DECK.question(q) for q in Mix("family").ids(DECK)]
    assert chosen and all(q.difficulty <= 2 and not q.grim for q in chosen)
    missing = [q for q in DECK.questions if q.difficulty <= 2 and not q.grim and q.id not in Mix("family").ids(DECK)]
    assert missing == []


def test_quiz_night_deals_every_question_and_experts_the_medium_and_hard_ones() -> None:
    assert Mix("quiz-night").ids(DECK) == DECK.ids
    experts = [DECK.question(q) for q in Mix("experts").ids(DECK)]
    assert {q.difficulty for q in experts} == {2, 3}
    assert len(experts) == sum(1 for q in DECK.questions if q.difficulty >= 2)
    assert any(q.grim for q in experts)  # grim questions are only left out of the family mix


@pytest.mark.parametrize("name", MIXES)
def test_a_theme_left_out_is_never_dealt(name: str) -> None:
    mix = Mix(name, frozenset({"sport"}))
    game = deal(3, seed=5, deck=DECK, mix=mix)
    assert game.order and all(DECK.question(q).category != "sport" for q in game.order)
    assert set(game.order) == set(mix.ids(DECK))


def test_the_deal_of_a_mix_holds_only_its_questions_and_replays_from_its_save() -> None:
    game = deal(4, seed=9, deck=DECK, mix=Mix("family"))
    assert all(not DECK.question(q).grim and DECK.question(q).difficulty <= 2 for q in game.order)
    game = game.apply(game.legal_actions(0)[0])
    again = Game.from_json(game.to_json(), DECK)
    assert again.order == game.order and again.history == game.history


def test_questions_seen_in_one_mix_come_last_in_another() -> None:
    family = deal(3, seed=1, deck=DECK, mix=Mix("family"))
    seen = dict.fromkeys(family.shown_ids(), 1.0)
    quiz = deal_order(DECK, seen, seed=2, mix=Mix("quiz-night"))
    assert set(quiz[-len(seen):]) == set(seen)
    # ...and the other way round: a quiz-night game's cards come last in the next family deal.
    night = deal(3, seed=3, deck=DECK, seen=seen)
    seen2 = {**seen, **dict.fromkeys(night.shown_ids(), 2.0)}
    order = deal_order(DECK, seen2, seed=4, mix=Mix("family"))
    shown = [q for q in order if q in seen2]
    assert list(order[-len(shown):]) == shown
    assert [seen2[q] for q in shown] == sorted(seen2[q] for q in shown)  # least recently seen first


def test_a_mix_too_small_for_the_teams_says_so_before_the_deal() -> None:
    small = make_deck(count=60, grim_every=2)
    family = Mix("family", frozenset({"history"}))
    available = len(family.ids(small))
    assert available < cards_needed(3)
    with pytest.raises(MixTooSmall) as caught:
        check_mix(small, family, 3)
    error = caught.value
    assert (error.available, error.needed, error.teams) == (available, cards_needed(3), 3)
    assert f"holds {available} questions" in str(error) and "without history" in str(error)
    with pytest.raises(MixTooSmall):
        deal(3, seed=1, deck=small, mix=family)
    assert check_mix(small, Mix("quiz-night"), 2) == 60  # the same deck is big enough for a wider mix


def test_cards_needed_covers_the_hands_and_a_long_games_draws() -> None:
    assert cards_needed(2) == 2 * 6 + 20 and cards_needed(4) == 4 * 6 + 20


def test_a_mix_round_trips_through_remembered_data() -> None:
    mix = Mix("experts", frozenset({"space", "sport"}))
    assert mix.to_dict() == {"mix": "experts", "leave_out": ["space", "sport"]}
    assert Mix.from_dict(mix.to_dict()) == mix
    assert Mix.from_dict({}) == Mix()
    remembered = {"mix": "family", "leave_out": ["sport", "retired"]}
    assert Mix.from_dict(remembered, DECK) == Mix("family", frozenset({"sport"}))


@pytest.mark.parametrize("data", [None, [], {"mix": "party"}, {"mix": 3}, {"leave_out": "sport"}, {"leave_out": [1]}])
def test_a_damaged_remembered_mix_is_refused_with_a_message(data: object) -> None:
    with pytest.raises(DataError):
        Mix.from_dict(data)


def test_an_unknown_mix_name_is_refused() -> None:
    with pytest.raises(ValueError, match="the mixes are family, quiz-night, experts"):
        Mix("everything")


@pytest.mark.parametrize(("extra", "problem"), [
    ({"tags": ["gory"]}, "unknown tag 'gory'"),
    ({"tags": "grim"}, "tags must be a list"),
    ({"frame": "Building Height"}, "frame must be kebab-case"),
    ({"frame": 3}, "frame must be kebab-case"),
])
def test_a_deck_with_a_bad_frame_or_tag_is_refused(extra: dict[str, Any], problem: str) -> None:
    categories = {key: {"en": key, "fr": key, "de": key} for key in THEMES}
    with pytest.raises(DataError, match=problem):
        Deck.from_dict({"schema": 1, "categories": categories, "questions": [question(1, **extra)]})


def test_tags_and_frames_are_read() -> None:
    q = DECK.question("q0")
    assert q.grim and not q.identifier and q.tags == frozenset({"grim"})
    assert make_deck(frames=5).question("q4").frame == "frame-2"


FRAMED = make_deck(count=600, frames=30)  # 30 frames of 10 questions each, and 300 questions of their own


@pytest.mark.parametrize("seed", range(20))
def test_no_deal_holds_two_questions_of_one_frame(seed: int) -> None:
    order = deal_order(FRAMED, None, seed)
    assert sorted(order) == sorted(FRAMED.ids)
    frames = [FRAMED.question(q).frame for q in order]
    for start in range(len(order) - FRAME_GAP + 1):
        window = [f for f in frames[start : start + FRAME_GAP] if f is not None]
        assert len(window) == len(set(window)), (start, Counter(window).most_common(1))


def test_frames_are_kept_apart_in_a_mix_too() -> None:
    game = deal(4, seed=8, deck=FRAMED, mix=Mix("family", frozenset({"space"})))
    frames = [FRAMED.question(q).frame for q in game.order[:24]]
    assert len([f for f in frames if f]) == len({f for f in frames if f})


def test_without_frames_the_shuffle_is_left_as_it_is() -> None:
    import random

    ids = list(DECK.ids)
    random.Random(6).shuffle(ids)
    assert deal_order(DECK, None, 6) == tuple(ids)


def test_frames_do_not_undo_unseen_first() -> None:
    seen = {f"q{n}": float(n) for n in range(0, 600, 3)}
    order = deal_order(FRAMED, seen, seed=3)
    fresh = len(FRAMED) - len(seen)
    assert not set(order[:fresh]) & set(seen)
    assert [seen[q] for q in order[fresh:]] == sorted(seen.values())


def test_the_terminal_plays_a_family_game_without_a_theme(capsys: pytest.CaptureFixture[str]) -> None:
    game = TerminalGame(parse_teams("you,easy"), seed=2, deck=DECK, mix=Mix("family", frozenset({"space"})),
                        stdin=io.StringIO("quit\n"), stdout=io.StringIO())
    assert all(DECK.question(q).category != "space" and not DECK.question(q).grim for q in game.game.order)
    assert main(["play", "--teams", "you,easy", "--leave-out", "astrology"]) == 2
    assert "no theme 'astrology'" in capsys.readouterr().err
