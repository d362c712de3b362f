"""A small, resumable duplicate-deal series: one searching bot against two copies of an outside yardstick.

    nice -n 19 python bench/series.py [--candidates hard,hard-reading] [--yardstick ismcts] [--sets 0:30]
        [--rounds 3] [--out research/data/series.jsonl] [--report]

For every deal set and every candidate, the three seatings of ``candidate, yardstick, yardstick`` play the same
match seed (the tournament's duplicate design, ``zero_game.tournament.play_deal_set``). Each deal set of each
candidate is appended to ``--out`` as one JSON line as soon as it is played, so a run stopped at any point keeps
what it did, and a rerun plays only what is missing. ``--report`` (or the end of a run) prints, per candidate,
the win share with its 95% interval over deal sets (clustered Wilson, as the tournament), the mean round scores,
the CPU seconds per decision of every seat kind, and the paired differences between the first candidate and each
other on the deal sets both played (win share, and the score gap: its mean round score minus the yardsticks').

Candidates: a bot level at its page cap (``hard``, ``expert``) or ``hard-reading`` / ``expert-reading`` (the same
with ``hard.READING``'s deals read from the table; ``expert-reading`` keeps expert's bold playouts); ``hard-sharp``
(hard whose playouts make every second knock, its own included, exactly when it wins the round on the deal played),
``hard-sharp-others`` (the same for its opponents only), ``hard-groups`` (hard whose playouts swap as builders,
``sim.best_swap(builder=True)``), ``hard-both`` (both);
``expert-sharp`` (expert with ``hard-sharp``'s playouts);
``policy`` and ``policy-groups`` (the playout policy alone as a bot, from its seat's view: ``sim.Table.policy_step``'s
rule, without or with the builder's swaps).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zero_game import tournament
from zero_game.actions import KNOCK, Action
from zero_game.bots import make_bot, sim
from zero_game.bots.base import Bot, masks, own_turns, swap_action
from zero_game.bots.hard import READING, STRONG, TEMPO
from zero_game.round import Phase, RoundView
from zero_game.scoring import score_mask

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "research" / "data" / "series.jsonl"
SEED = 2026


class PolicyBot(Bot):
    """The playouts' policy (``sim.Table.policy_step``) as a bot: greedy swaps by ``sim.value`` (or a builder's), the
    knock by ``sim.knock_now`` against ``sim.expected_score``, the final turn for the lowest score."""

    #: How many points under ``sim.expected_score`` a hand must be for the second knock (the playouts' margin).
    margin = 1.0

    def __init__(self, builder: bool = False) -> None:
        self.builder = builder

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        hand, pool = masks(view)
        if view.phase is Phase.FINAL:
            _, give, take = sim.best_final_swap(hand, pool)
            return KNOCK if give < 0 else swap_action(give, take)
        v, give, take = sim.best_swap(hand, pool, builder=self.builder)
        gain = (sim.builder_value(hand) if self.builder else sim.value(hand)) - v
        turns = own_turns(view)[view.seat]
        if sim.knock_now(score_mask(hand), gain, view.knocks, turns, sim.expected_score(turns + 1), self.margin):
            return KNOCK
        return swap_action(give, take)


def variant(name: str) -> Bot | None:
    """The bots this series adds to the tournament's names."""
    if name in ("policy", "policy-groups"):
        bot: Bot = PolicyBot(builder=name == "policy-groups")
    elif name == "hard-sharp":
        bot = make_bot("hard", time_budget=None, model=replace(TEMPO, sharp=True, sharp_self=True))
    elif name == "hard-sharp-others":
        bot = make_bot("hard", time_budget=None, model=replace(TEMPO, sharp=True))
    elif name == "hard-groups":
        bot = make_bot("hard", time_budget=None, model=replace(TEMPO, builders=True))
    elif name == "hard-both":
        bot = make_bot("hard", time_budget=None, model=replace(TEMPO, sharp=True, sharp_self=True, builders=True))
    elif name == "expert-sharp":
        bot = make_bot("expert", time_budget=None, model=replace(STRONG, sharp=True, sharp_self=True))
    elif name == "hard-reading":
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
    gaps_of: dict[str, dict[int, float]] = {}  # per deal set: its mean round score minus the yardsticks'
    for name, sets in by.items():
        credits: list[float] = []
        counts: list[float] = []
        mine: list[int] = []
        theirs: list[int] = []
        seconds: dict[str, list[float]] = {}
        credits_of[name] = {}
        gaps_of[name] = {}
        for deal, r in sorted(sets.items()):
            credit = count = 0.0
            own: list[int] = []
            rest: list[int] = []
            for m in r["matches"]:
                if "winners" not in m:
                    continue
                seat = m["lineup"].index(name)
                count += 1
                if seat in m["winners"]:
                    credit += 1 / len(m["winners"])
                for rnd in m["rounds"]:
                    for s, score in enumerate(rnd["scores"]):
                        (own if s == seat else rest).append(score)
                for who, t in m["times"]:
                    seconds.setdefault(who, []).append(t)
            credits.append(credit)
            counts.append(count)
            credits_of[name][deal] = credit / count if count else 0.0
            mine += own
            theirs += rest
            if own and rest:
                gaps_of[name][deal] = sum(own) / len(own) - sum(rest) / len(rest)
        share, lo, hi, _ = tournament.clustered_share(credits, counts)
        cpu = ", ".join(f"{who} {sum(t) / len(t):.2f} s ({len(t)})" for who, t in sorted(seconds.items()))
        lines.append(f"{name} vs 2 x {yardstick}: win share {share:.3f} [{lo:.3f}, {hi:.3f}] over {len(sets)} deal "
                     f"sets ({int(sum(counts))} matches); mean round score {sum(mine) / len(mine):.2f} vs "
                     f"{sum(theirs) / len(theirs):.2f}; CPU a decision: {cpu}")
    names = list(by)
    a = names[0] if names else ""
    for b in names[1:]:
        both = sorted(set(credits_of[a]) & set(credits_of[b]))
        if len(both) < 2:
            continue
        mean, lo, hi = tournament.mean_interval([credits_of[b][d] - credits_of[a][d] for d in both])
        scored = [d for d in both if d in gaps_of[a] and d in gaps_of[b]]
        gap, glo, ghi = tournament.mean_interval([gaps_of[b][d] - gaps_of[a][d] for d in scored])
        lines.append(f"{b} minus {a}, paired over {len(both)} deal sets: win share {mean:+.3f} [{lo:+.3f}, {hi:+.3f}]; "
                     f"score gap to {yardstick} {gap:+.2f} [{glo:+.2f}, {ghi:+.2f}]")
    return "\n".join(lines)


def habits_table(records: list[dict[str, Any]], candidates: list[str], yardstick: str) -> str:
    """``bench/habits.py``'s table of the recorded matches of these candidates against two of the yardstick."""
    from bench.habits import replay
    from bench.habits import report as habits_report

    kept = [{"matches": r["matches"]} for r in records if r["yardstick"] == yardstick and r["candidate"] in candidates]
    deals = len({r["deal"] for r in records if r["yardstick"] == yardstick and r["candidate"] in candidates})
    table = habits_report(replay({"records": kept}), [*candidates, yardstick], deals)
    return table.replace(f"x {len(candidates) + 1} seatings", "x 3 seatings", 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", default="hard,hard-reading")
    parser.add_argument("--yardstick", default="ismcts")
    parser.add_argument("--sets", default="0:30", help="FIRST:END deal sets")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--report", action="store_true", help="print what is recorded, play nothing")
    parser.add_argument("--habits", action="store_true",
                        help="with --report, also the habits table (bench/habits.py) of --candidates and the yardstick")
    args = parser.parse_args()
    if args.report:
        records = load(args.out)
        print(report(records, args.yardstick))
        if args.habits:
            print(habits_table(records, args.candidates.split(","), args.yardstick))
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
