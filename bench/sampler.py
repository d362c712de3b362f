"""How well the searching bots picture their opponents' hidden hands, against the hands really held.

    python bench/sampler.py [--level hard] [--rounds 40] [--seed 1000] [--samples 6]

Plays rounds of three players with ``--level`` in every seat (the searching levels at the page's caps),
and before every turn lets each ``OpponentModel`` (``SOUND``: opponents like medium; ``TEMPO``: hard's, the
same but a first knock says nothing of the hand; ``STRONG``: expert's, opponents like hard) sample the
opponents' hands from the acting seat's view, as the search does. Prints, per model, the mean sampled score
minus the real score of the opponents' hands: for seats that have not knocked, that made the first knock,
and that made the second. Near 0 is a calibrated model for opponents of that level; negative means the
sampled hands are too good. It measures and prints.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tables import text_table
from zero_game.bots.hard import SOUND, STRONG, TEMPO, HardBot, OpponentModel, Search
from zero_game.cards import to_mask
from zero_game.round import Round, RoundView
from zero_game.scoring import score_mask
from zero_game.tournament import capped_bot

MODELS = {"SOUND (medium)": SOUND, "TEMPO (hard)": TEMPO, "STRONG (expert)": STRONG,
          "SOUND, moves weighed": replace(SOUND, draws=4), "STRONG, moves weighed": replace(STRONG, draws=4)}
KINDS = ("not knocked", "first knock", "second knock")


@dataclass
class Bias:
    """Sampled minus real scores of opponents' hands, by whether the opponent knocked, and how many of the
    cards an opponent really holds unseen the samples put in its hand (against drawing them at random)."""

    diffs: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    hits: list[float] = field(default_factory=list)
    chance: list[float] = field(default_factory=list)

    def add(self, kind: str, diff: float) -> None:
        self.diffs[kind].append(diff)


def positions(level: str, rounds: int, seed: int) -> list[tuple[RoundView, list[int], list[int]]]:
    """Every position of ``rounds`` rounds played by ``level`` in all three seats: the view of the seat to
    act, every seat's real score and every seat's real hand (a mask)."""
    bot = capped_bot(level)
    found = []
    for deal in range(seed, seed + rounds):
        state = Round.deal(3, seed=deal, dealer=deal % 3)
        rng = random.Random(deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            hands = [to_mask(state.hand(s)) for s in range(3)]
            found.append((view, [score_mask(h) for h in hands], hands))
            state = state.apply(bot.choose(view, rng))
    return found


def measure(found: list[tuple[RoundView, list[int], list[int]]], model: OpponentModel, samples: int) -> Bias:
    """How ``model``'s sampled opponent hands score against the real ones over these positions, and how many of
    the cards each opponent really holds unseen they place right."""
    bias = Bias()
    bot = HardBot(iterations=1, time_budget=None, model=model)
    for number, (view, real, hands) in enumerate(found):
        search = Search(bot, view, random.Random(number))
        deals = [search._deal() for _ in range(samples)]
        free = len(search.unseen)
        for seat in range(view.players):
            if seat == view.seat:
                continue
            sampled = sum(score_mask(d[seat]) for d in deals) / samples
            kind = KINDS[1] if seat == view.first_knocker else KINDS[2] if seat == view.second_knocker else KINDS[0]
            bias.add(kind, sampled - real[seat])
            hidden = hands[seat] & ~to_mask(view.known[seat])
            if hidden and free:
                count = hidden.bit_count()
                bias.hits.append(sum((d[seat] & hidden).bit_count() for d in deals) / samples / count)
                bias.chance.append(count / free)
    return bias


def report(level: str, rounds: int, results: dict[str, Bias]) -> str:
    rows: list[tuple[str, list[str]]] = []
    for name, bias in results.items():
        cells = []
        for kind in KINDS:
            d = bias.diffs[kind]
            cells.append(f"{sum(d) / len(d):+.2f} (n={len(d)})" if d else "-")
        hits = bias.hits
        cells.append(f"{sum(hits) / len(hits):.3f} (random {sum(bias.chance) / len(bias.chance):.3f})" if hits else "-")
        rows.append((name, cells))
    title = f"{level} in every seat, {rounds} rounds: mean sampled minus real score of an opponent's hand"
    return text_table(title, [("model", [*KINDS, "unseen cards placed"]), *rows], 22, 22)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="who plays every seat: a bot level or a yardstick (pimc)")
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
