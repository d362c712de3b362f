"""Tournaments of bot teams (duplicate deals, rotated seats), their intervals, and the command line."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tabletop.stats import clopper_pearson, wilson
from tests.fixtures.quiz_helpers import DECK, DECK_PATH
from thousand.cli import main
from thousand.tournament import play_deal_set, run_tournament


def test_wilson_and_clopper_pearson_match_published_values() -> None:
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert clopper_pearson(8, 10) == pytest.approx((0.4439, 0.9748), abs=1e-4)
    assert clopper_pearson(450, 1000) == pytest.approx((0.41885, 0.48144), abs=1e-4)
    assert clopper_pearson(0, 10) == pytest.approx((0.0, 0.3085), abs=1e-4)
    assert clopper_pearson(10, 10) == pytest.approx((0.6915, 1.0), abs=1e-4)


def test_exact_intervals_are_wider_than_wilson_and_hold_the_estimate() -> None:
    for k, n in [(1, 7), (13, 40), (70, 100), (250, 1200)]:
        lo, hi = clopper_pearson(k, n)
        wlo, whi = wilson(k, n)
        assert lo <= k / n <= hi and wlo <= k / n <= whi
        assert lo <= wlo and whi <= hi


def test_a_deal_set_plays_the_same_deal_once_per_rotation() -> None:
    record = play_deal_set(["hard", "medium", "easy"], deal=4, seed=9, deck=DECK)
    seats = [g["seats"] for g in record["games"]]
    assert seats == [["hard", "medium", "easy"], ["easy", "hard", "medium"], ["medium", "easy", "hard"]]
    assert sum(record["credit"].values()) == pytest.approx(3.0)


def test_the_ladder_hard_medium_easy_random_on_the_fixture_deck() -> None:
    report = run_tournament(["hard", "medium", "easy", "random"], 60, seed=2, deck=DECK)
    assert report["games"] == 240 and report["capped"] == 0
    shares = [report["levels"][lv]["win_share"] for lv in ("hard", "medium", "easy", "random")]
    assert shares == sorted(shares, reverse=True)
    steps = {(p["better"], p["worse"]): p for p in report["pairs"]}
    assert steps[("hard", "random")]["holds"] and steps[("medium", "random")]["holds"]
    assert ("hard", "medium") in steps and ("medium", "easy") in steps and ("easy", "random") in steps


def test_a_tournament_is_reproducible() -> None:
    one = run_tournament(["hard", "easy"], 5, seed=3, deck=DECK)
    two = run_tournament(["hard", "easy"], 5, seed=3, deck=DECK)
    one.pop("seconds"), two.pop("seconds")
    assert one == two


@pytest.mark.parametrize("teams", ["hard", "hard,expert", "hard,easy,easy,easy,easy"])
def test_bad_line_ups_are_refused(teams: str) -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["tournament", "--teams", teams, "--deal-sets", "1", "--deck", str(DECK_PATH)]) == 2
    assert "error:" in err.getvalue()


def test_the_tournament_command_prints_the_ladder(tmp_path: Path) -> None:
    out = io.StringIO()
    target = tmp_path / "t.json"
    with redirect_stdout(out):
        code = main(["tournament", "--deal-sets", "3", "--deck", str(DECK_PATH), "--json", str(target)])
    assert code == 0
    text = out.getvalue()
    assert "12 games" in text and "Wilson" in text and "Clopper-Pearson" in text
    assert json.loads(target.read_text())["deal_sets"] == 3


def test_the_bench_command_prints_figures() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["bench", "--games", "6", "--deck", str(DECK_PATH)]) == 0
    assert "steps/s" in out.getvalue() and "hard bots" in out.getvalue()


def test_a_missing_deck_is_a_clear_error() -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        assert main(["tournament", "--deck", "/no/such/deck.json"]) == 2
    assert "can't be read" in err.getvalue()
