"""Bot tournaments in duplicate format: the same deals replayed with the seats rotated, so luck cancels.

A *deal set* is one match seed. For a line-up of n seats (e.g. ``hard,medium,medium``) every deal set
is played n times, the line-up rotated one seat further each time, so every level sits in every seat
on the same cards. Each of those plays is one *match* (a full match of ``players`` rounds, R17):
``--matches 1000`` with three seats plays 334 deal sets (1,002 matches). Winners share a win: each of
k seats tied on the lowest total gets 1/k. The deal set is the independent unit, so every interval is
taken over deal sets: a level's win share gets a 95% Wilson interval with the effective sample size of
the clustered design (``clustered_share``, below), its mean round score a 95% interval over the deal
sets' means, and the first level of the line-up the paired difference of mean round scores against each
other level (per deal set: its mean minus theirs, on the same cards).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tabletop.stats import Z95, wilson

from .actions import Action
from .bots import LEVELS, make_bot
from .bots.base import Bot, Standing
from .bots.hard import HardBot
from .match import Match

#: A round that lasts this many turns is stopped and reported: only a broken bot gets there.
SAFETY_CAP = 2000


@dataclass
class LevelStats:
    """What one level did over a tournament."""

    seats: int = 0
    credits: list[float] = field(default_factory=list)  # per deal set: win credit summed over matches and seats
    counts: list[int] = field(default_factory=list)  # per deal set: seat-matches played
    round_scores: list[float] = field(default_factory=list)  # per deal set: mean round score
    rounds: int = 0
    zeros: int = 0
    own_turns: int = 0
    decisions: list[float] = field(default_factory=list)


def capped_bot(level: str, iterations: dict[str, int] | None = None) -> Bot:
    """A bot of ``level``; a searching level at its page cap (or ``iterations[level]``), with no time budget.

    A name that is not one of the project's levels is an outside yardstick (``research.yardsticks``).
    """
    if level not in LEVELS:
        return outside_bot(level)
    bot = make_bot(level)
    if isinstance(bot, HardBot):
        return make_bot(level, iterations=(iterations or {}).get(level, bot.iterations), time_budget=None)
    return bot


def outside_bot(name: str) -> Bot:
    """An outside yardstick by name (``ismcts``, ``pimc``, optionally ``:BUDGET``), from the ``research`` package.

    The games never import ``research``; the tournament does, here, only when a seat names a yardstick.
    """
    try:
        from research.yardsticks import make_yardstick
    except ImportError as err:
        raise ValueError(f"{name!r} is not a bot level ({', '.join(LEVELS)}), and the outside yardsticks "
                         f"cannot be loaded ({err}): run from the project's checkout.") from None
    try:
        return make_yardstick(name)
    except ValueError as err:
        raise ValueError(f"{err} The bot levels are {', '.join(LEVELS)}.") from None
    except ImportError as err:
        raise ValueError(f"The {name} yardstick needs OpenSpiel, which is not installed ({err}): "
                         "pip install -e '.[research]'.") from None


def search_caps(seats: Sequence[str], iterations: dict[str, int] | None = None) -> dict[str, int]:
    """The playout cap each searching level of the line-up plays at: the page's, unless overridden."""
    caps = {}
    for level in dict.fromkeys(seats):
        bot = capped_bot(level, iterations)
        if isinstance(bot, HardBot) and bot.iterations is not None:
            caps[level] = bot.iterations
    return caps


#: Told of every move of a deal set: (rotation, the match before the move, the move, the match after it).
Watcher = Callable[[int, Match, Action, Match], None]


def play_deal_set(
    seats: Sequence[str],
    deal: int,
    seed: int,
    rounds: int | None,
    iterations: dict[str, int] | None = None,
    watch: Watcher | None = None,
) -> dict[str, Any]:
    """Play one deal set (every rotation of the line-up on the same match seed) and return its records.

    In rotation r the first level of the line-up sits in seat r. ``watch``, if given, sees every move
    from outside the bots (every hand visible), for benchmarks that study how the bots play.
    """
    n = len(seats)
    bots = {level: capped_bot(level, iterations) for level in set(seats)}
    matches = []
    for rotation in range(n):
        lineup = [seats[(i - rotation) % n] for i in range(n)]
        rng = random.Random(f"{seed}:{deal}:{rotation}")
        match = Match.new(n, seed=f"{seed}:{deal}", rounds=rounds)
        times: list[tuple[str, float]] = []
        capped = 0
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            if match.round.turns_taken >= SAFETY_CAP:
                capped += 1
                break
            # Thinking time is the process's CPU time: on a shared machine wall time also counts the others' work.
            began = time.process_time()
            action = bots[lineup[seat]].choose(match.view(seat), rng, Standing.of(match))
            times.append((lineup[seat], time.process_time() - began))
            before, match = match, match.apply(action)
            if watch is not None:
                watch(rotation, before, action, match)
        record: dict[str, Any] = {"lineup": lineup, "capped": capped, "times": times}
        if not capped:
            record["totals"] = list(match.totals)
            record["winners"] = list(match.winners)
            record["rounds"] = [
                {
                    "scores": list(r.scores()),
                    "zero": list(r.zero_seats),
                    "turns": [t.seat for t in r.history],
                    "dealt": [" ".join(str(c) for c in hand) for hand in r.dealt_hands],
                    "pool": " ".join(str(c) for c in r.dealt_pool),
                    "dealer": r.dealer,
                    "actions": [str(t.action) for t in r.history],
                }
                for r in match.finished_rounds
            ]
        matches.append(record)
    return {"deal": deal, "matches": matches}


# ---- interval maths: Wilson intervals on clustered results, paired differences -------------------
#
# A duplicate tournament replays each *deal set* once per seat rotation, so the matches of one deal set
# share their cards and are not independent; the deal set is the independent unit. A level's win share
# is a proportion of matches, but its variance must come from the spread between deal sets. We take the
# cluster-robust variance over deal sets, turn it into an *effective sample size* (the number of
# independent matches that would give the same variance: Kish's design effect), and put a Wilson
# interval on the share with that many trials (the Korn–Graubard approach for clustered proportions,
# with Wilson in place of Clopper–Pearson). The interval therefore never leaves [0, 1], and the
# duplicate design's pairing counts for exactly what it is worth. The effective size is kept between
# the number of deal sets (every seating of a deal gave the same result) and the number of matches.

def clustered_share(credits: Sequence[float], counts: Sequence[float]) -> tuple[float, float, float, float]:
    """A share over clusters: (share, Wilson low, Wilson high, effective sample size).

    ``credits[k]`` is the win credit a level earned in deal set ``k`` (summed over its matches and
    seats), ``counts[k]`` the seat-matches it played there, so the share is sum(credits)/sum(counts).
    """
    clusters = len(credits)
    total = float(sum(counts))
    if clusters == 0 or total <= 0:
        return (math.nan, math.nan, math.nan, 0.0)
    share = sum(credits) / total
    if clusters == 1:
        lo, hi = wilson(share * counts[0], counts[0]) if counts[0] else (math.nan, math.nan)
        return (share, lo, hi, float(counts[0]))
    # Cluster-robust (ratio-estimator) variance of the share.
    mean_count = total / clusters
    spread = sum((c - share * n) ** 2 for c, n in zip(credits, counts, strict=True)) / (clusters - 1)
    variance = spread / (clusters * mean_count * mean_count)
    binomial = share * (1 - share)
    effective = total if variance <= 0 or binomial <= 0 else binomial / variance
    effective = min(max(effective, float(clusters)), total)
    lo, hi = wilson(share * effective, effective)
    return (share, lo, hi, effective)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of independent values with its 95% normal interval: (mean, low, high).

    Used for mean round scores and their paired differences per deal set (means of many rounds, so
    the normal approximation is sound there, unlike for a share near 0 or 1).
    """
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_tournament(
    seats: Sequence[str],
    matches: int,
    seed: int = 1,
    *,
    workers: int = 1,
    rounds: int | None = None,
    iterations: dict[str, int] | None = None,
    records: bool = False,
) -> dict[str, Any]:
    """Play at least ``matches`` matches (whole deal sets) and return the figures per level.

    With ``records`` the report also keeps every match played (line-up, and per round the deal, the dealer,
    every action and the scores), so that how the bots played can be studied later (``bench/habits.py``).
    Searching levels play at the page's playout cap (their defaults) with no time budget, so runs
    repeat exactly; ``iterations`` overrides the cap per level, e.g. ``{"hard": 100}``.
    """
    seats = list(seats)
    for level in dict.fromkeys(seats):
        capped_bot(level, iterations)  # a clear message now for a name that is neither a level nor a yardstick
    if not 2 <= len(seats) <= 5:
        raise ValueError(f"A table has 2 to 5 seats, not {len(seats)}.")
    if matches < 1:
        raise ValueError("Play at least one match.")
    deals = -(-matches // len(seats))
    began = time.perf_counter()
    args = [(seats, deal, seed, rounds, iterations) for deal in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_deal_set, *zip(*args, strict=True), chunksize=4))
    else:
        results = [play_deal_set(*a) for a in args]
    elapsed = time.perf_counter() - began
    report = summarise(seats, results, seed, elapsed, search_caps(seats, iterations))
    if records:
        report["records"] = [
            {"deal": r["deal"], "matches": [{"lineup": m["lineup"], "rounds": m.get("rounds", [])}
                                            for m in r["matches"]]}
            for r in results
        ]
    return report


def summarise(
    seats: list[str], results: list[dict[str, Any]], seed: int, elapsed: float, caps: dict[str, int]
) -> dict[str, Any]:
    """Turn deal-set records into the tournament's figures."""
    stats = {level: LevelStats(seats=seats.count(level)) for level in dict.fromkeys(seats)}
    played = capped = table_rounds = table_turns = 0
    for result in results:
        win = {level: 0.0 for level in stats}
        score = {level: [0.0, 0] for level in stats}
        complete = True
        for record in result["matches"]:
            lineup = record["lineup"]
            if record["capped"]:
                capped += record["capped"]
                complete = False
                continue
            played += 1
            for level, t in record["times"]:
                stats[level].decisions.append(t)
            share = 1.0 / len(record["winners"])
            for seat in record["winners"]:
                win[lineup[seat]] += share
            for rnd in record["rounds"]:
                table_rounds += 1
                table_turns += len(rnd["turns"])
                for seat, s in enumerate(rnd["scores"]):
                    level = lineup[seat]
                    score[level][0] += s
                    score[level][1] += 1
                    st = stats[level]
                    st.rounds += 1
                    st.zeros += seat in rnd["zero"]
                    st.own_turns += rnd["turns"].count(seat)
        if not complete:
            continue
        n_matches = len(result["matches"])
        for level, st in stats.items():
            st.credits.append(win[level])
            st.counts.append(n_matches * st.seats)
            st.round_scores.append(score[level][0] / max(score[level][1], 1))
    levels = {}
    first = seats[0]
    for level, st in stats.items():
        share, share_lo, share_hi, effective = clustered_share(st.credits, st.counts)
        mean, mean_lo, mean_hi = mean_interval(st.round_scores)
        paired: dict[str, Any] = {}
        if level != first:
            diffs = [a - b for a, b in zip(stats[first].round_scores, st.round_scores, strict=True)]
            d, d_lo, d_hi = mean_interval(diffs)
            paired = {"paired_score_difference": d, "paired_score_difference_ci": [d_lo, d_hi]}
        levels[level] = {
            "seats": st.seats,
            "win_share": share,
            "win_share_ci": [share_lo, share_hi],
            "effective_matches": effective,
            "seat_matches": sum(st.counts),
            **paired,
            "mean_round_score": mean,
            "mean_round_score_ci": [mean_lo, mean_hi],
            "zero_rate": st.zeros / st.rounds if st.rounds else math.nan,
            "own_turns_per_round": st.own_turns / st.rounds if st.rounds else math.nan,
            "decision_ms_mean": sum(st.decisions) / len(st.decisions) * 1e3 if st.decisions else math.nan,
            "decision_ms_p50": _percentile(st.decisions, 0.5) * 1e3,
            "decision_ms_p95": _percentile(st.decisions, 0.95) * 1e3,
            "decisions": len(st.decisions),
            # Per deal set, in order: for comparing two versions on the same cards (paired).
            "deal_set_win_credit": st.credits,
            "deal_set_round_score": st.round_scores,
        }
    return {
        "seats": seats,
        "seed": seed,
        "deal_sets": len(results),
        "matches": played,
        "rounds": table_rounds,
        "turns_per_round": table_turns / table_rounds if table_rounds else math.nan,
        "capped_rounds": capped,
        "search_playouts": caps,
        "seconds": elapsed,
        "levels": levels,
    }


def format_report(report: dict[str, Any]) -> str:
    """The figures as a table for people."""
    lines = [
        f"Tournament {','.join(report['seats'])}: {report['matches']} matches "
        f"({report['deal_sets']} deal sets x {len(report['seats'])} seat rotations), seed {report['seed']}, "
        f"{report['rounds']} rounds, {report['turns_per_round']:.1f} turns per round, {report['seconds']:.0f} s",
    ]
    for level, cap in report["search_playouts"].items():
        lines.append(f"{level} searches at most {cap} playouts per decision (no time budget)")
    width = max(8, *(len(level) + 1 for level in report["levels"]))
    lines.append(
        f"{'level':<{width}}{'seats':>6}{'win share (95% CI)':>26}{'round score (95% CI)':>26}"
        f"{'ZERO':>7}{'turns':>7}{'mean ms':>9}{'p50 ms':>9}{'p95 ms':>9}"
    )
    for level, f in report["levels"].items():
        lo, hi = f["win_share_ci"]
        slo, shi = f["mean_round_score_ci"]
        lines.append(
            f"{level:<{width}}{f['seats']:>6}{f['win_share']:>10.3f} [{lo:.3f}, {hi:.3f}]"
            f"{f['mean_round_score']:>10.2f} [{slo:5.2f}, {shi:5.2f}]"
            f"{f['zero_rate']:>7.1%}{f['own_turns_per_round']:>7.1f}"
            f"{f.get('decision_ms_mean', math.nan):>9.2f}{f['decision_ms_p50']:>9.2f}{f['decision_ms_p95']:>9.2f}"
        )
    lines.append("decision times: the process's CPU time per decision (the thinking a seat did, whatever else ran)")
    first = report["seats"][0]
    for level, f in report["levels"].items():
        if "paired_score_difference" in f:
            lo, hi = f["paired_score_difference_ci"]
            lines.append(
                f"paired difference of mean round scores, {first} - {level}: "
                f"{f['paired_score_difference']:+.2f} [{lo:+.2f}, {hi:+.2f}] over {report['deal_sets']} deal sets"
            )
    lines.append(
        "intervals: 95%, over deal sets (win share: Wilson at the effective sample size, "
        + ", ".join(f"{level} {f['effective_matches']:.0f} of {f['seat_matches']} seat-matches"
                    for level, f in report["levels"].items())
        + ")"
    )
    lines.append(f"capped rounds (a broken bot): {report['capped_rounds']}")
    return "\n".join(lines)


def to_json(report: dict[str, Any]) -> str:
    """The figures as JSON (NaN written as null)."""

    def clean(value: Any) -> Any:
        if isinstance(value, float) and math.isnan(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    return json.dumps(clean(report), indent=2)


# ---- comparing two versions on the same cards ----------------------------------------------------
#
# Two runs with the same line-up and seed play the same deal sets, so a change to a bot is best judged
# per deal set: the change in the first level's win credit, and in its score gap to each other level
# (its mean round score minus theirs), each with a 95% normal interval over the deal sets both ran.
# The gap, not the raw score, is compared: a change that makes rounds longer lowers everyone's scores.

def compare_reports(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The first level's change from ``old`` to ``new`` (two tournament JSON reports), per deal set."""
    for key in ("seats", "seed"):
        if old.get(key) != new.get(key):
            raise ValueError(f"The two runs differ in {key} ({old.get(key)} and {new.get(key)}): "
                             "only runs of the same line-up and seed play the same cards.")
    for report in (old, new):
        if report.get("capped_rounds"):
            raise ValueError("A run with capped rounds left deal sets out, so its deal sets no longer line up.")
        if any("deal_set_win_credit" not in f for f in report["levels"].values()):
            raise ValueError("A run has no per-deal-set results: it was written by an older version.")
    first = old["seats"][0]
    deals = min(old["deal_sets"], new["deal_sets"])
    seats = old["seats"].count(first)

    def gaps(report: dict[str, Any], other: str) -> list[float]:
        levels = report["levels"]
        pairs = zip(levels[first]["deal_set_round_score"], levels[other]["deal_set_round_score"], strict=True)
        return [a - b for a, b in pairs][:deals]

    rotations = len(old["seats"])
    before, after = (report["levels"][first]["deal_set_win_credit"][:deals] for report in (old, new))
    credit = [(b - a) / (rotations * seats) for a, b in zip(before, after, strict=True)]
    result: dict[str, Any] = {"level": first, "deal_sets": deals, "win_share": mean_interval(credit), "gaps": {}}
    for other in old["levels"]:
        if other != first:
            change = [b - a for a, b in zip(gaps(old, other), gaps(new, other), strict=True)]
            result["gaps"][other] = mean_interval(change)
    return result


def format_comparison(result: dict[str, Any]) -> str:
    """A comparison as lines for people."""
    level = result["level"]
    d, lo, hi = result["win_share"]
    lines = [
        f"{level}, new - old, over the {result['deal_sets']} deal sets both runs played (95%, paired per deal set):",
        f"  win share {d:+.3f} [{lo:+.3f}, {hi:+.3f}]",
    ]
    for other, (d, lo, hi) in result["gaps"].items():
        lines.append(f"  score gap to {other} (mean round score, {level} - {other}) {d:+.2f} [{lo:+.2f}, {hi:+.2f}]"
                     " (negative: better)")
    return "\n".join(lines)
