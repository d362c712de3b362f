"""Zéro à 1000 in the terminal: scripted games with people and bot teams, hand-offs, bad input."""

from __future__ import annotations

import io

import pytest

from tests.fixtures.quiz_helpers import DECK
from thousand import ChooseTarget
from thousand.terminal import TerminalGame, parse_teams

ANSWERS = {q.id: q.answer for q in DECK.questions}


def run(teams: str, script: str, seed: int = 4) -> tuple[int, str, TerminalGame]:
    out = io.StringIO()
    game = TerminalGame(parse_teams(teams), seed=seed, deck=DECK, stdin=io.StringIO(script), stdout=out)
    return game.run(), out.getvalue(), game


EVERY_PROMPT = "pick 1\ntarget 1\nguess 500\n" * 200


def test_a_person_plays_a_whole_game_against_bots() -> None:
    code, text, game = run("you,hard,easy", EVERY_PROMPT)
    assert code == 0 and game.game.is_over
    assert "Round 1: the reveal (target 500)" in text and "Game over" in text
    first = game.game.reveals[0].plays[0].cards[0]
    assert f"{first.card.text['en']} ({first.card.unit['en']}) — {first.answer}" in text


def test_two_teams_of_people_hand_the_device_over() -> None:
    code, text, game = run("Ann,Bob,medium", EVERY_PROMPT)
    assert code == 0
    assert "Pass the device to Ann" in text and "Pass the device to Bob" in text
    assert "Recorded in secret." in text


def test_a_screen_before_the_reveal_shows_no_answer_of_the_cards_in_play() -> None:
    code, text, game = run("Ann,Bob", "\npick 1\n\nquit\n")  # Enter at each hand-off
    assert code == 1 and "Pass the device to Bob" in text and "the reveal" not in text
    for hand in game.game.hands:
        for card in hand:
            question = DECK.question(card)
            assert f"({question.unit['en']}) — {question.answer}" not in text


def test_bad_commands_get_a_message_and_the_game_goes_on() -> None:
    code, text, _ = run("you,easy", "fly\npick 9\npick 1 2\npick 1 2 sum +300\nhelp\nquit\n")
    assert code == 1
    assert text.count("Sorry") >= 4 and "Commands" in text and "Game abandoned." in text


def test_change_shows_the_new_card_then_asks_for_the_pick() -> None:
    code, text, game = run("you,easy", "change 1\npick 1\nquit\n")
    assert "Change played: your new card is" in text
    assert game.game.reveals and game.game.reveals[0].play(0).change is not None


def test_a_person_may_play_two_questions_with_plus_minus_200() -> None:
    code, text, game = run("you,easy", "pick 1 2 sum -200\nquit\n")
    play = game.game.reveals[0].play(0) if game.game.reveals else game.game.pending.play(0)  # type: ignore[union-attr]
    assert len(play.cards) == 2 and play.shift == -200


@pytest.mark.parametrize(
    "teams, message",
    [
        ("you", "2 to 4 teams"),
        ("you,easy,easy,easy,easy", "2 to 4 teams"),
        ("you,,easy", "empty"),
        ("easy,hard", "Nobody plays"),
        ("you,<script>", "neither"),
    ],
)
def test_bad_team_lists_are_refused(teams: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_teams(teams)


def test_same_names_are_numbered() -> None:
    assert [t.name for t in parse_teams("you,you,easy,easy")] == ["You 1", "You 2", "easy bot 1", "easy bot 2"]


def test_a_person_furthest_with_two_questions_chooses_the_target() -> None:
    code, text, game = run("you,easy", "pick 1 2 difference\ntarget 1\nguess 500\npick 1\n" * 100, seed=3)
    assert code == 0 and "Which card becomes the target?" in text
    chosen = [a for a in game.game.history if isinstance(a, ChooseTarget) and a.team == 0]
    assert chosen


def test_people_at_their_last_card_guess_its_answer() -> None:
    code, text, game = run("you,random,random", "pick 1\nguess 500\n" * 200, seed=10)
    assert code == 0 and "Guess the answer to yours" in text
    assert any(r.team == 0 and r.guess == 500 for r in game.game.guess_results)
