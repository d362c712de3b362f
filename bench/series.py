"""A small, resumable duplicate-deal series: one searching bot against two copies of an outside yardstick.

    nice -n 19 python bench/series.py [--candidates hard,hard-reading] [--yardstick ismcts] [--sets 0:30]
        [--rounds 3] [--out research/data/series.jsonl] [--report]

For every deal set and every candidate, the three seatings of ``candidate, yardstick, yardstick`` play the same
match seed (the tournament's duplicate design, ``zero_game.tournament.play_deal_set``). Each deal set of each
candidate is appended to ``--out`` as one JSON line as soon as it is played, so a run stopped at any point keeps
what it did, and a rerun plays only what is missing. ``--report`` (or the end of a run) prints, per candidate,
the win share with its 95% interval over deal sets (clustered Wilson, as the tournament), the mean round scores,
the CPU seconds per decision of every seat kind, and the paired difference between the first two candidates on
the deal sets both played.

Candidates: a bot level at its page cap (``hard``, ``expert``) or ``hard-reading`` / ``expert-reading`` (the same
with ``hard.READING``'s deals read from the table; ``expert-reading`` keeps expert's bold playouts).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zero_game import tournament
from zero_game.bots import make_bot
from zero_game.bots.base import Bot
from zero_game.bots.hard import READING, STRONG

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "research" / "data" / "series.jsonl"
SEED = 2026


def variant(name: str) -> Bot | None:
    """The bots this series adds to the tournament's names."""
    if name == "hard-reading":
        bot = make_bot("hard", time_budget=None, model=READING)
    elif name == "expert-reading":
        bot = make_bot("expert", time_budget=None, model=replace(STRONG, beliefs=READING.beliefs))
    else:
        return None
    bot.name = name
    return bot


def capped(level: str, iterations: dict[str, int] | None = None) -> Bot:
    return variant(level) or _capped(level, iterations)


_capped = tournament.capped_bot


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def report(records: list[dict[str, Any]], yardstick: str) -> str:
    lines = []
    by: dict[str, dict[int, dict[str, Any]]] = {}
    for r in records:
        if r["yardstick"] == yardstick:
            by.setdefault(r["candidate"], {})[r["deal"]] = r
    credits_of: dict[str, dict[int, float]] = {}
    for name, sets in by.items():
        credits: list[float] = []
        counts: list[float] = []
        mine: list[int] = []
        theirs: list[int] = []
        seconds: dict[str, list[float]] = {}
        credits_of[name] = {}
        for deal, r in sorted(sets.items()):
            credit = count = 0.0
            for m in r["matches"]:
                if "winners" not in m:
                    continue
                seat = m["lineup"].index(name)
                count += 1
                if seat in m["winners"]:
                    credit += 1 / len(m["winners"])
                for rnd in m["rounds"]:
                    for s, score in enumerate(rnd["scores"]):
                        (mine if s == seat else theirs).append(score)
                for who, t in m["times"]:
                    seconds.setdefault(who, []).append(t)
            credits.append(credit)
            counts.append(count)
            credits_of[name][deal] = credit / count if count else 0.0
        share, lo, hi, _ = tournament.clustered_share(credits, counts)
        cpu = ", ".join(f"{who} {sum(t) / len(t):.2f} s ({len(t)})" for who, t in sorted(seconds.items()))
        lines.append(f"{name} vs 2 x {yardstick}: win share {share:.3f} [{lo:.3f}, {hi:.3f}] over {len(sets)} deal "
                     f"sets ({int(sum(counts))} matches); mean round score {sum(mine) / len(mine):.2f} vs "
                     f"{sum(theirs) / len(theirs):.2f}; CPU a decision: {cpu}")
    names = list(by)
    if len(names) >= 2:
        a, b = names[:2]
        both = sorted(set(credits_of[a]) & set(credits_of[b]))
        diffs = [credits_of[b][d] - credits_of[a][d] for d in both]
        mean, lo, hi = tournament.mean_interval(diffs)
        lines.append(f"{b} minus {a}, paired over {len(both)} deal sets: {mean:+.3f} [{lo:+.3f}, {hi:+.3f}]")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", default="hard,hard-reading")
    parser.add_argument("--yardstick", default="ismcts")
    parser.add_argument("--sets", default="0:30", help="FIRST:END deal sets")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--report", action="store_true", help="print what is recorded, play nothing")
    args = parser.parse_args()
    if args.report:
        print(report(load(args.out), args.yardstick))
        return 0
    tournament.capped_bot = capped  # the variants by name, for play_deal_set
    first, end = (int(x) for x in args.sets.split(":"))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for deal in range(first, end):
        for name in args.candidates.split(","):
            done = {(r["candidate"], r["yardstick"], r["deal"], r["rounds"]) for r in load(args.out)}
            if (name, args.yardstick, deal, args.rounds) in done:
                continue
            played = tournament.play_deal_set([name, args.yardstick, args.yardstick], deal, SEED, args.rounds)
            record = {"candidate": name, "yardstick": args.yardstick, "deal": deal, "rounds": args.rounds,
                      "seed": SEED, "matches": played["matches"]}
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
            print(f"deal set {deal}, {name}: done", flush=True)
        print(report(load(args.out), args.yardstick), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
