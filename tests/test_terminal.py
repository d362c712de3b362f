"""Terminal play, driven with scripted input: moves by number or by name, clear errors, whole matches."""

from __future__ import annotations

import io
import random
import re

import pytest

from zero_game.bots import make_bot
from zero_game.cli import main
from zero_game.seats import Seat
from zero_game.terminal import TerminalGame, parse_seats


class Scripted(io.StringIO):
    """Input that answers every prompt by asking a bot what it would do in the person's seat."""

    def __init__(self, game_ref: list[TerminalGame], first: list[str]) -> None:
        super().__init__()
        self.game_ref = game_ref
        self.first = first
        self.bot = make_bot("medium")
        self.rng = random.Random(0)

    def readline(self, size: int | None = -1) -> str:
        if self.first:
            return self.first.pop(0) + "\n"
        game = self.game_ref[0]
        seat = game.match.current_player
        assert seat is not None
        view = game.match.view(seat)
        if not view.my_turn or not game.seats[seat].is_person:
            return "\n"  # a hand-off prompt: press Enter
        action = self.bot.choose(view, self.rng)
        if hasattr(action, "give"):
            hand, pool = sorted(view.hand), list(view.pool)
            return f"swap {hand.index(action.give) + 1} {pool.index(action.take) + 1}\n"
        return "knock\n"


def run_game(seats: str, first: list[str], seed: int = 4, rounds: int | None = None) -> tuple[int, str]:
    out = io.StringIO()
    ref: list[TerminalGame] = []
    game = TerminalGame(parse_seats(seats), seed=seed, rounds=rounds, stdin=Scripted(ref, first), stdout=out)
    ref.append(game)
    code = game.run()
    return code, out.getvalue()


def test_a_whole_match_against_bots_reaches_the_final_totals() -> None:
    code, text = run_game("you,medium,hard", [])
    assert code == 0
    assert text.count("is over.") == 3
    assert "Final totals:" in text
    assert re.search(r"(Winner|Shared win): ", text)
    assert "\033[" not in text  # colour is off unless asked for on a terminal


def test_bad_input_gets_a_clear_message_and_the_turn_goes_on() -> None:
    code, text = run_game(
        "you,easy",
        ["swap 12 1", "swap 1 10", "dance", "swap purple 9 for red 1", "swap red 1 for red 2", "swap 1", "help"],
        rounds=1,
    )
    assert code == 0
    assert "there is no card 12" in text
    assert "there is no pool card 10" in text
    assert "'dance' is not an action" in text
    assert "no purple 9" in text
    assert "swap 3 2" in text  # 'swap 1' is answered with how to write a swap
    assert "Commands:" in text
    assert "Round 1 is over." in text


def test_named_swap_and_knock_are_understood() -> None:
    out = io.StringIO()
    game = TerminalGame(parse_seats("you,medium"), seed=8, rounds=1, stdin=io.StringIO(), stdout=out)
    view = game.match.view(game.match.current_player or 0)
    hand, pool = sorted(view.hand), list(view.pool)
    action = game.parse(f"swap {hand[2]} for {pool[1]}", view)
    assert action == game.parse("swap 3 2", view)
    with pytest.raises(ValueError, match="not in your hand"):
        game.parse(f"swap {pool[0]} for {pool[1]}", view)
    assert str(game.parse("KNOCK", view)) == "knock"


def test_hot_seat_hides_hands_between_people() -> None:
    code, text = run_game("Ann,Bob,easy", [], rounds=1)
    assert code == 0
    assert "Pass to Ann, then press Enter." in text and "Pass to Bob, then press Enter." in text
    # After every hand-off only the person now playing is shown a hand.
    for chunk in text.split("Pass to ")[1:]:
        name = chunk.split(",")[0]
        turn = chunk.split("Hand:")[0]
        assert f"{name} to play" in turn


def test_quitting_and_end_of_input_abandon_the_match() -> None:
    code, text = run_game("you,medium", ["quit"])
    assert code == 1 and "Match abandoned." in text
    game = TerminalGame([Seat("You"), Seat.bot("easy", "easy bot")], seed=1,
                        stdin=io.StringIO(""), stdout=io.StringIO())
    assert game.run() == 1


@pytest.mark.parametrize(
    ("seats", "message"),
    [("you", "2 to 5 players"), ("you,medium,,hard", "empty"), ("easy,medium", "Nobody plays"),
     ("Ann,Ann", "same name"), ("you,<script>", "neither a bot level")],
)
def test_bad_seat_lists_are_refused_clearly(seats: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", seats]) == 2
    assert message in capsys.readouterr().err


def test_the_default_seats_play_two_bots_of_one_level_each_by_its_own_name() -> None:
    assert [s.name for s in parse_seats("you,medium,medium")] == ["You", "medium bot 1", "medium bot 2"]
    assert [s.name for s in parse_seats("you,you,hard")] == ["You 1", "You 2", "hard bot"]


def test_colour_shows_every_card_with_its_name_too() -> None:
    out = io.StringIO()
    game = TerminalGame(parse_seats("you,easy"), seed=2, colour=True, stdin=io.StringIO("quit\n"), stdout=out)
    assert game.run() == 1
    hand_line = next(line for line in out.getvalue().splitlines() if line.startswith("Hand:"))
    assert "\033[" in hand_line
    assert len(re.findall(r"(red|yellow|green|blue|violet|grey|black) \d", hand_line)) == 9
