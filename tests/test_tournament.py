"""The tournament: duplicate deals, shared wins, the figures per level, and the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from zero_game.cli import main
from zero_game.tournament import compare_reports, format_report, play_deal_set, run_tournament, to_json


def test_each_deal_set_replays_the_same_deals_with_the_seats_rotated() -> None:
    result = play_deal_set(["medium", "easy", "easy"], deal=0, seed=5, rounds=None, iterations={"hard": 4})
    lineups = [m["lineup"] for m in result["matches"]]
    assert lineups == [["medium", "easy", "easy"], ["easy", "medium", "easy"], ["easy", "easy", "medium"]]
    assert all(m["capped"] == 0 and len(m["rounds"]) == 3 for m in result["matches"])
    deals = [[r["dealt"] for r in m["rounds"]] for m in result["matches"]]
    assert deals[0] == deals[1] == deals[2]  # the same cards at the same seats in every rotation
    medium_hands = [m["rounds"][0]["dealt"][m["lineup"].index("medium")] for m in result["matches"]]
    assert len(set(medium_hands)) == 3  # so medium plays each seat's cards once


def test_win_shares_add_up_with_ties_split() -> None:
    report = run_tournament(["easy", "easy", "random"], matches=12, seed=2)
    levels = report["levels"]
    assert report["matches"] == 12 and report["deal_sets"] == 4
    total = levels["easy"]["win_share"] * 2 + levels["random"]["win_share"]
    assert total == pytest.approx(1.0)
    for figures in levels.values():
        lo, hi = figures["win_share_ci"]
        assert lo <= figures["win_share"] <= hi
        assert figures["decision_ms_p50"] <= figures["decision_ms_p95"]
        assert figures["own_turns_per_round"] > 0


def test_matches_round_up_to_whole_deal_sets() -> None:
    report = run_tournament(["medium", "random"], matches=3, seed=1)
    assert report["matches"] == 4 and report["capped_rounds"] == 0


def test_tournament_command_prints_and_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "figures.json"
    code = main(["tournament", "--seats", "hard,easy", "--matches", "4", "--seed", "3",
                 "--hard-iterations", "3", "--json", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "win share" in text and "hard searches at most 3 playouts" in text
    assert "capped rounds (a broken bot): 0" in text
    figures = json.loads(out.read_text())
    assert set(figures["levels"]) == {"hard", "easy"}
    hard = figures["levels"]["hard"]
    assert hard["decisions"] > 0
    # Per deal set, so two versions can be compared on the same cards.
    assert len(hard["deal_set_win_credit"]) == len(hard["deal_set_round_score"]) == figures["deal_sets"] == 2
    assert sum(hard["deal_set_win_credit"]) / hard["seat_matches"] == pytest.approx(hard["win_share"])


def test_tournament_runs_in_several_processes_with_the_same_results() -> None:
    one = run_tournament(["medium", "easy"], matches=8, seed=4, workers=1)
    two = run_tournament(["medium", "easy"], matches=8, seed=4, workers=2)
    assert one["levels"]["medium"]["win_share"] == two["levels"]["medium"]["win_share"]
    assert one["levels"]["medium"]["mean_round_score"] == two["levels"]["medium"]["mean_round_score"]


def test_unknown_levels_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--seats", "hard,grandmaster", "--matches", "3"]) == 2
    assert "no bot level or yardstick 'grandmaster'" in capsys.readouterr().err


# ---- the interval maths ------------------------------------------------------------------------


def test_wilson_matches_the_textbook_and_stays_inside_zero_and_one() -> None:
    from tabletop.stats import wilson

    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)  # Newcombe (1998), 8 of 10
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    assert 0.0 < wilson(1, 300)[0] < 1 / 300 < wilson(1, 300)[1] < 0.02


def test_clustered_share_counts_a_deal_set_once_when_its_seatings_agree() -> None:
    """Three seatings that always agree carry no more news than one: the interval widens to match."""
    from tabletop.stats import wilson
    from zero_game.tournament import clustered_share

    outcomes = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0] * 4  # 40 deal sets
    together = clustered_share([3 * o for o in outcomes], [3] * 40)
    apart = clustered_share(outcomes * 3, [1] * 120)  # the same 120 results as independent matches
    assert together[0] == apart[0] == pytest.approx(0.6)
    assert together[3] == pytest.approx(40) and apart[3] == pytest.approx(120)
    assert together[1:3] == pytest.approx(wilson(24, 40))
    assert together[2] - together[1] > apart[2] - apart[1]


def test_duplicate_pairing_narrows_the_interval_when_luck_cancels() -> None:
    """Seatings that split a deal's wins (the luck is in the cards) vary little between deal sets."""
    from zero_game.tournament import clustered_share

    share, lo, hi, effective = clustered_share([1.0, 1.0, 2.0, 1.0, 1.0, 0.0] * 10, [3] * 60)
    assert share == pytest.approx(1 / 3)
    assert effective == 180  # capped at the number of matches
    assert lo < share < hi


def test_report_gives_wilson_intervals_and_the_paired_score_difference() -> None:
    report = run_tournament(["medium", "random", "random"], matches=12, seed=2)
    medium, rand = report["levels"]["medium"], report["levels"]["random"]
    assert medium["win_share"] == 1.0 and medium["win_share_ci"][1] == 1.0
    assert 0.5 < medium["win_share_ci"][0] < 1.0  # never a "[1.000, 1.000]" from four deal sets
    assert rand["win_share_ci"][0] == 0.0
    assert 4 <= medium["effective_matches"] <= 12
    difference = rand["paired_score_difference"]
    assert difference == pytest.approx(medium["mean_round_score"] - rand["mean_round_score"])
    lo, hi = rand["paired_score_difference_ci"]
    assert lo <= difference <= hi < -5  # medium scores far less on the same cards
    assert "paired difference of mean round scores, medium - random" in format_report(report)


def test_bots_in_a_tournament_are_told_the_match_standing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching levels weigh the match totals, so the tournament must pass them (public, R18)."""
    from zero_game.bots import BOTS, MediumBot, Standing
    from zero_game.bots.base import Thinking
    from zero_game.round import RoundView

    seen: list[Standing | None] = []

    class Listening(MediumBot):
        def start(self, view: RoundView, rng: random.Random, standing: Standing | None = None) -> Thinking:
            seen.append(standing)
            return super().start(view, rng, standing)

    monkeypatch.setitem(BOTS, "medium", Listening)
    result = play_deal_set(["medium", "easy"], deal=0, seed=1, rounds=None)
    assert seen and all(s is not None for s in seen)
    assert {s.rounds_left for s in seen if s} == {1, 0}  # two rounds: one to come, then none
    first = result["matches"][-1]["rounds"][0]["scores"]
    assert any(s is not None and s.totals == tuple(first) for s in seen)


def test_compare_judges_a_change_per_deal_set_on_the_cards_both_runs_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = run_tournament(["medium", "easy"], matches=4, seed=5)  # 2 deal sets
    long = run_tournament(["medium", "easy"], matches=8, seed=5)  # 4: the same 2 first, then 2 more
    same = compare_reports(short, long)
    assert same["deal_sets"] == 2
    assert same["win_share"][0] == 0 and same["gaps"]["easy"][0] == 0  # the same bots on the same cards

    # A change made up on the first deal set: medium scores 3 points less there, and wins one more match.
    changed = json.loads(to_json(short))
    changed["levels"]["medium"]["deal_set_round_score"][0] -= 3
    changed["levels"]["medium"]["deal_set_win_credit"][0] += 1
    result = compare_reports(short, changed)
    assert result["gaps"]["easy"][0] == pytest.approx(-1.5)  # -3 on one deal set of two
    assert result["win_share"][0] == pytest.approx(0.25)  # one match of two per deal set, on one of two

    old, new, other = (tmp_path / f"{name}.json" for name in ("old", "new", "other"))
    old.write_text(to_json(short))
    new.write_text(to_json(changed))
    assert main(["compare", str(old), str(new)]) == 0
    out = capsys.readouterr().out
    assert "over the 2 deal sets" in out and "score gap to easy" in out and "-1.50" in out

    other.write_text(to_json(run_tournament(["medium", "easy"], matches=4, seed=6)))
    assert main(["compare", str(old), str(other)]) == 2
    assert "same line-up and seed" in capsys.readouterr().err
    older = json.loads(to_json(short))
    for figures in older["levels"].values():
        del figures["deal_set_win_credit"]
    other.write_text(json.dumps(older))
    assert main(["compare", str(other), str(new)]) == 2
    assert "older version" in capsys.readouterr().err
    assert main(["compare", str(tmp_path / "missing.json"), str(new)]) == 2
    assert "missing.json" in capsys.readouterr().err


def test_the_knock_watch_sees_each_round_from_the_watched_seat() -> None:
    """bench/knocks.py: with medium in every seat (it plays without chance) the three rotations are the
    same matches watched from each seat in turn, so every second knock is the watched seat's own once
    and an opponent's twice, with the same leads."""
    from bench.knocks import report, watch

    profile = watch("medium", "medium", deal_sets=4, seed=3)
    assert profile.rounds == 4 * 3 * 3 == sum(e.rounds for e in profile.endings.values())
    own, theirs = profile.endings["its second knock"], profile.endings["an opponent's second knock"]
    assert own.rounds > 0 and theirs.rounds == 2 * own.rounds
    assert sorted(theirs.leads) == sorted(own.leads * 2) and sum(own.leads) > 0  # ahead on average
    assert "its second knock" in report(profile, "medium", "medium")


def test_the_sampler_bench_finds_hards_picture_calibrated_on_medium_and_experts_more_pessimistic() -> None:
    """bench/sampler.py: against medium's real hands, the picture of opponents like medium (SOUND, hard's but for
    first knockers) is calibrated
    (the sampled hands score what the real ones do, within a point), and expert's (STRONG, calibrated on
    hard's worse hands) samples hands worth clearly more points."""
    from bench.sampler import KINDS, MODELS, measure, positions, report

    found = positions("medium", rounds=15, seed=7)
    # The two models the levels play with (the bench's weighed variants would double the time and test nothing more).
    results = {name: measure(found, MODELS[name], samples=4) for name in ("SOUND (medium)", "STRONG (expert)")}
    sound, strong = (sum(d) / len(d) for d in (r.diffs[KINDS[0]] for r in results.values()))
    assert abs(sound) < 1.0 and strong > sound + 1.0, (sound, strong)
    assert "first knock" in report("medium", 15, results)


def test_habits_from_recorded_matches_are_the_habits_watched_at_the_table() -> None:
    """bench/habits.py: a tournament run with records, replayed, gives every level the habits seen while it
    was played (scores, knocks, leads, score given up per swap)."""
    from bench.habits import replay, report, watch

    seats = ["medium", "easy", "easy"]
    run = run_tournament(seats, 6, seed=3, records=True)
    played, watched = replay(json.loads(to_json(run))), watch(seats, 2, 3)
    assert played == watched
    assert played["medium"].second_leads and played["easy"].given_up
    assert "second knocker beaten" in report(played, seats, 2)
