"""How well the bots' beliefs judge the moment that decides a round: at a second knock, is another hand lower?

    nice -n 19 python bench/beliefs.py [--rounds research/data/ismcts_rounds.jsonl] [--seeds 5040:5060]
        [--samples 40]

Replays rounds of strong play recorded by ``research.strong_rounds`` (every hand known afterwards). At every turn
where a seat could make the round's second knock (normal play, one knock made, not by this seat), and apart at
the turns where it did knock, each belief pictures the unseen cards ``--samples`` times from that seat's view and
says how likely it is that another hand already scores lower than the seat's own; the real hands say whether one
does. Prints, per belief, the Brier score (mean squared error of that chance; 0 is perfect, always saying the base
rate scores ``p (1 - p)``), the mean chance against the real rate, and the reliability bins (said chance against
the real rate, by bins of the said chance).

Beliefs: the search's old deals (``hard.Search._deal``) with hard's model (``TEMPO``) and expert's (``STRONG``),
and ``zero_game.bots.beliefs.Beliefs`` with the action model fitted on strong play (``FITTED``) and, for reference,
with knocks that say nothing (``NEUTRAL``). It measures and prints.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from research.strong_rounds import DEFAULT_OUT, load, replay
from zero_game.actions import Swap
from zero_game.bots.beliefs import FITTED, NEUTRAL, ActionModel, Beliefs
from zero_game.bots.hard import STRONG, TEMPO, HardBot, OpponentModel, Search
from zero_game.cards import to_mask
from zero_game.round import Phase, RoundView
from zero_game.scoring import score_mask

BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0001)

Sampler = Callable[[RoundView, random.Random, int], list[list[int]]]


def old(model: OpponentModel) -> Sampler:
    """The search's deals as ``hard``/``expert`` draw them today."""
    def draw(view: RoundView, rng: random.Random, samples: int) -> list[list[int]]:
        search = Search(HardBot(iterations=1, time_budget=None, model=model), view, rng)
        return [search._deal() for _ in range(samples)]
    return draw


def new(model: ActionModel) -> Sampler:
    """The Metropolis-within-Gibbs beliefs."""
    def draw(view: RoundView, rng: random.Random, samples: int) -> list[list[int]]:
        beliefs = Beliefs(view, model, rng)
        return [beliefs.sample() for _ in range(samples)]
    return draw


SAMPLERS: dict[str, Sampler] = {"old, hard (TEMPO)": old(TEMPO), "old, expert (STRONG)": old(STRONG),
                                "new, fitted": new(FITTED), "new, neutral knocks": new(NEUTRAL)}


def positions(records: list[dict[str, object]]) -> list[tuple[RoundView, int, bool]]:
    """Every turn where a second knock was allowed: the mover's view, whether another hand was lower, and whether
    it knocked."""
    found = []
    for record in records:
        for state, action in replay(record):  # type: ignore[arg-type]
            seat = state.current_player
            assert seat is not None
            if state.phase is Phase.FINAL or state.knocks != 1 or state.first_knocker == seat:
                continue
            own = score_mask(to_mask(state.hand(seat)))
            lower = any(score_mask(to_mask(state.hand(s))) < own for s in range(state.players) if s != seat)
            found.append((state.view(seat), int(lower), not isinstance(action, Swap)))
    return found


def believed(view: RoundView, hands: list[list[int]]) -> float:
    """The share of the pictured deals where another hand scores lower than the seat's own."""
    own = score_mask(to_mask(view.hand))
    lower = sum(any(score_mask(h[s]) < own for s in range(view.players) if s != view.seat) for h in hands)
    return lower / len(hands)


def summary(pairs: list[tuple[float, int]]) -> str:
    """Brier score, mean said chance against the real rate, and reliability bins."""
    if not pairs:
        return "no positions"
    n = len(pairs)
    brier = sum((p - y) ** 2 for p, y in pairs) / n
    rate = sum(y for _, y in pairs) / n
    said = sum(p for p, _ in pairs) / n
    cells = []
    for lo, hi in zip(BINS, BINS[1:], strict=False):
        inside = [(p, y) for p, y in pairs if lo <= p < hi]
        if inside:
            cells.append(f"[{lo:.1f},{min(hi, 1):.1f}): said {sum(p for p, _ in inside) / len(inside):.2f} "
                         f"real {sum(y for _, y in inside) / len(inside):.2f} n={len(inside)}")
    return (f"Brier {brier:.3f} (base rate alone {rate * (1 - rate):.3f}); said {said:.2f} vs real {rate:.2f}, "
            f"n={n}\n      " + "\n      ".join(cells))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seeds", default=None, help="FIRST:END: these seeds only (the ones not fitted on)")
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    records = load(args.rounds)
    if args.seeds:
        first, end = (int(x) for x in args.seeds.split(":"))
        records = [r for r in records if first <= r["seed"] < end]
    found = positions(records)
    levels = sorted({str(r["level"]) for r in records})
    print(f"{len(records)} rounds of {'+'.join(levels)} in every seat, {len(found)} turns where a second knock "
          f"was allowed, {sum(k for *_, k in found)} second knocks made; {args.samples} pictured deals each")
    for name, sampler in SAMPLERS.items():
        every: list[tuple[float, int]] = []
        knocks: list[tuple[float, int]] = []
        for number, (view, lower, knocked) in enumerate(found):
            chance = believed(view, sampler(view, random.Random(number), args.samples))
            every.append((chance, lower))
            if knocked:
                knocks.append((chance, lower))
        print(f"{name}\n  at second knocks made: {summary(knocks)}\n  every turn one was allowed: {summary(every)}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
