"""How well the searching bots picture their opponents' hidden hands, against the hands really held.

    python bench/sampler.py [--level hard] [--rounds 40] [--seed 1000] [--samples 6]

Plays rounds of three players with ``--level`` in every seat (the searching levels at the page's caps),
and before every turn lets each ``OpponentModel`` (``SOUND``: hard's, opponents like medium; ``STRONG``:
expert's, opponents like hard) sample the opponents' hands from the acting seat's view, as the search
does. Prints, per model, the mean sampled score minus the real score of the opponents' hands: for seats
that have not knocked, that made the first knock, and that made the second. Near 0 is a calibrated
model for opponents of that level; negative means the sampled hands are too good. It measures and prints.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zero_game.bots import LEVELS
from zero_game.bots.hard import SOUND, STRONG, HardBot, OpponentModel, Search
from zero_game.cards import to_mask
from zero_game.round import Round, RoundView
from zero_game.scoring import score_mask
from zero_game.tournament import capped_bot

MODELS = {"SOUND (hard)": SOUND, "STRONG (expert)": STRONG}
KINDS = ("not knocked", "first knock", "second knock")


@dataclass
class Bias:
    """Sampled minus real scores of opponents' hands, by whether the opponent knocked."""

    diffs: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})

    def add(self, kind: str, diff: float) -> None:
        self.diffs[kind].append(diff)


def positions(level: str, rounds: int, seed: int) -> list[tuple[RoundView, list[int]]]:
    """Every position of ``rounds`` rounds played by ``level`` in all three seats: the view of the seat to
    act, and every seat's real score."""
    bot = capped_bot(level)
    found = []
    for deal in range(seed, seed + rounds):
        state = Round.deal(3, seed=deal, dealer=deal % 3)
        rng = random.Random(deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            found.append((view, [score_mask(to_mask(state.hand(s))) for s in range(3)]))
            state = state.apply(bot.choose(view, rng))
    return found


def measure(found: list[tuple[RoundView, list[int]]], model: OpponentModel, samples: int) -> Bias:
    """How ``model``'s sampled opponent hands score against the real ones over these positions."""
    bias = Bias()
    bot = HardBot(iterations=1, time_budget=None, model=model)
    for number, (view, real) in enumerate(found):
        search = Search(bot, view, random.Random(number))
        deals = [search._deal() for _ in range(samples)]
        for seat in range(view.players):
            if seat == view.seat:
                continue
            sampled = sum(score_mask(d[seat]) for d in deals) / samples
            kind = KINDS[1] if seat == view.first_knocker else KINDS[2] if seat == view.second_knocker else KINDS[0]
            bias.add(kind, sampled - real[seat])
    return bias


def report(level: str, rounds: int, results: dict[str, Bias]) -> str:
    lines = [f"{level} in every seat, {rounds} rounds: mean sampled minus real score of an opponent's hand"]
    lines.append(f"{'model':<18}" + "".join(f"{k:>22}" for k in KINDS))
    for name, bias in results.items():
        cells = []
        for kind in KINDS:
            d = bias.diffs[kind]
            cells.append(f"{sum(d) / len(d):+.2f} (n={len(d)})" if d else "-")
        lines.append(f"{name:<18}" + "".join(f"{c:>22}" for c in cells))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", choices=[lvl for lvl in LEVELS if lvl != "random"])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=6, help="sampled deals per position")
    args = parser.parse_args()
    found = positions(args.level, args.rounds, args.seed)
    results = {name: measure(found, model, args.samples) for name, model in MODELS.items()}
    print(report(args.level, args.rounds, results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
