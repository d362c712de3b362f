"""How much search each outside yardstick gets for the thinking time of hard or expert (CPU time per decision).

    python bench/yardsticks.py [--positions 40] [--seed 2026]

Collects positions from the tournament's own matches (medium in every seat, seed ``--seed``), and on the same
positions times, in CPU seconds of this process (so other work on a shared machine does not count), hard and
expert at the page's caps and each yardstick at two budgets. A yardstick's time grows in proportion to its budget,
so the budget for equal thinking time is read off the line through the two. It measures and prints: the
defaults in ``research/yardsticks.py`` and ``research/pimc.py`` were set from its output (see the README).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zero_game.actions import Action
from zero_game.bots.base import Bot, Standing
from zero_game.match import Match
from zero_game.round import RoundView
from zero_game.tournament import capped_bot, play_deal_set


def collect(count: int, seed: int) -> list[tuple[RoundView, Standing]]:
    """``count`` positions spread over the first deal sets of a tournament of medium in every seat."""
    found: list[tuple[RoundView, Standing]] = []

    def seen(rotation: int, before: Match, action: Action, after: Match) -> None:
        seat = before.current_player
        assert seat is not None
        found.append((before.view(seat), Standing.of(before)))

    deal = 0
    while len(found) < 4 * count:
        play_deal_set(["medium", "medium", "medium"], deal, seed, None, watch=seen)
        deal += 1
    return found[:: max(1, len(found) // count)][:count]


def mean_time(bot: Bot, positions: list[tuple[RoundView, Standing]]) -> float:
    """Mean CPU seconds per decision over the positions."""
    total = 0.0
    for number, (view, standing) in enumerate(positions):
        began = time.process_time()
        bot.choose(view, random.Random(number), standing)
        total += time.process_time() - began
    return total / len(positions)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    positions = collect(args.positions, args.seed)
    print(f"{len(positions)} positions from medium's tournament matches, seed {args.seed}; CPU time per decision")
    targets = {level: mean_time(capped_bot(level), positions) for level in ("hard", "expert")}
    for level, seconds in targets.items():
        print(f"  {level:<8} {seconds * 1e3:8.1f} ms")
    for name, budgets in (("pimc", (100, 300)), ("ismcts", (100, 300))):
        low, high = (mean_time(capped_bot(f"{name}:{b}"), positions) for b in budgets)
        slope = (high - low) / (budgets[1] - budgets[0])
        print(f"  {name}:{budgets[0]} {low * 1e3:8.1f} ms, {name}:{budgets[1]} {high * 1e3:8.1f} ms")
        for level, seconds in targets.items():
            budget = budgets[0] + (seconds - low) / slope
            print(f"    {name} at {level}'s thinking time: {name}:{round(budget)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
