"""Fit the bots' action model (``zero_game.bots.beliefs.ActionModel``) on rounds of strong play.

    nice -n 19 python -m research.fit_actions [--rounds research/data/ismcts_rounds.jsonl] [--seeds 5000:5040]
        [--write]

Reads rounds recorded by ``research.strong_rounds`` (every hand visible) and fits, by maximum likelihood:

- ``swap_temperature``: each swap in normal play against every swap the hand and pool allowed, a softmax of minus
  the value (``sim.value``) after it, over the temperature (a grid search);
- ``final_temperature``: the same for the final turns by score, passing included;
- ``knock1`` and ``knock2``: a logistic regression of knocking, at every normal-play turn where that knock was
  allowed, on the hand's score and the mover's own turn (Newton's method, a little L2);
- ``hand_temperature``: the prior on a good player's hand, by matching moments: the grid's value for which the
  beliefs (with the weights above) picture opponents' hands scoring, on average, what the real ones score, over
  positions of these rounds (``hand_bias``: that mean pictured minus real score).

``--write`` writes ``zero_game/bots/fitted_actions.py`` (``render``): the weights as data, with how many rounds
and moves they came from, which ``beliefs.FITTED`` loads. Prints the fit in any case.
"""

from __future__ import annotations

import argparse
import math
import pprint
from pathlib import Path
from typing import Any

from zero_game.actions import Swap
from zero_game.bots import sim
from zero_game.cards import to_mask
from zero_game.round import Effect, Phase
from zero_game.scoring import score_mask

from .strong_rounds import DEFAULT_OUT, load, replay

TARGET = Path(__file__).resolve().parent.parent / "zero_game" / "bots" / "fitted_actions.py"
#: The keys of the fitted data, in order.
FIELDS = ("source", "rounds", "swaps", "final_moves", "knock_chances", "swap_temperature", "final_temperature",
          "knock1", "knock2", "hand_temperature", "hand_bias")
TEMPERATURES = tuple(round(0.25 * 1.15 ** k, 3) for k in range(30))
L2 = 0.01


def observations(records: list[dict[str, Any]]) -> tuple[list[tuple[list[float], int]], list[tuple[list[float], int]],
                                                list[tuple[float, int, int]], list[tuple[float, int, int]]]:
    """From recorded rounds: normal swaps and final moves (the options' costs and the index chosen), and the
    knock chances (second?, score, turn, knocked) as two lists (first knock, second knock)."""
    swaps: list[tuple[list[float], int]] = []
    finals: list[tuple[list[float], int]] = []
    knock1: list[tuple[float, int, int]] = []
    knock2: list[tuple[float, int, int]] = []
    for record in records:
        turns = [0] * record["players"]
        for state, action in replay(record):
            seat = state.current_player
            assert seat is not None
            hand = to_mask(state.hand(seat))
            pool = to_mask(state.pool)
            options = [(g, t) for g in sim.bits(hand) for t in sim.bits(pool)]
            chosen = (action.give.index, action.take.index) if isinstance(action, Swap) else None
            if state.phase is Phase.FINAL:
                costs = [float(score_mask(hand ^ (1 << g) ^ (1 << t))) for g, t in options] + [float(score_mask(hand))]
                finals.append((costs, options.index(chosen) if chosen else len(options)))
            else:
                score = float(score_mask(hand))
                if state.knocks == 0:
                    knock1.append((score, turns[seat], int(chosen is None)))
                elif state.first_knocker != seat:
                    knock2.append((score, turns[seat], int(chosen is None)))
                if chosen is not None:
                    after = state.apply(action)
                    if after.history[-1].effect is not Effect.ZERO:
                        costs = [sim.value(hand ^ (1 << g) ^ (1 << t)) for g, t in options]
                        swaps.append((costs, options.index(chosen)))
            turns[seat] += 1
    return swaps, finals, knock1, knock2


def softmax_log_likelihood(data: list[tuple[list[float], int]], temperature: float) -> float:
    """The log likelihood of the choices if each is drawn with weight exp(-cost / temperature)."""
    total = 0.0
    for costs, chosen in data:
        low = min(costs)
        z = sum(math.exp(-(c - low) / temperature) for c in costs)
        total += -(costs[chosen] - low) / temperature - math.log(z)
    return total


def fit_temperature(data: list[tuple[list[float], int]]) -> float:
    """The grid's temperature of greatest likelihood (the middle of the grid with no data)."""
    if not data:
        return TEMPERATURES[len(TEMPERATURES) // 2]
    return max(TEMPERATURES, key=lambda t: softmax_log_likelihood(data, t))


def fit_logistic(data: list[tuple[float, int, int]], iterations: int = 50) -> tuple[float, float, float]:
    """Weights (bias, per point, per turn) of P(knock) = sigmoid(w . (1, score, turn)), by Newton's method."""
    w = [0.0, 0.0, 0.0]
    if not data:
        return (-2.0, 0.0, 0.0)
    for _ in range(iterations):
        grad = [-L2 * x for x in w]
        hess = [[-L2 if i == j else 0.0 for j in range(3)] for i in range(3)]
        for score, turn, y in data:
            x = (1.0, score, float(turn))
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(3):
                grad[i] += (y - p) * x[i]
                for j in range(3):
                    hess[i][j] -= p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return (round(w[0], 4), round(w[1], 4), round(w[2], 4))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve the 3x3 system a x = b (Gaussian elimination with pivoting)."""
    m = [row[:] + [v] for row, v in zip(a, b, strict=True)]
    n = len(b)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


HAND_TEMPERATURES = (0.0, 8.0, 5.0, 3.5, 2.5, 1.8, 1.3, 1.0, 0.75)


def hand_bias(records: list[dict[str, Any]], model: Any, every: int = 3, samples: int = 8) -> float:
    """Mean pictured minus real score of opponents' hands under ``model``'s beliefs, at every ``every``-th
    position of these rounds (seeded: the same positions and draws for every model)."""
    import random

    from zero_game.bots.beliefs import Beliefs

    diffs = []
    number = 0
    for record in records:
        for state, _ in replay(record):
            number += 1
            if number % every or state.current_player is None:
                continue
            seat = state.current_player
            beliefs = Beliefs(state.view(seat), model, random.Random(number))
            deals = [beliefs.sample() for _ in range(samples)]
            for other in range(state.players):
                if other != seat:
                    real = score_mask(to_mask(state.hand(other)))
                    diffs.append(sum(score_mask(d[other]) for d in deals) / samples - real)
    return sum(diffs) / len(diffs) if diffs else 0.0


def fit(records: list[dict[str, Any]], source: str) -> dict[str, Any]:
    """The fitted data (``FIELDS``) for these rounds."""
    from dataclasses import replace

    from zero_game.bots.beliefs import model_from

    swaps, finals, knock1, knock2 = observations(records)
    params: dict[str, Any] = {
        "source": source,
        "rounds": len(records),
        "swaps": len(swaps),
        "final_moves": len(finals),
        "knock_chances": len(knock1) + len(knock2),
        "swap_temperature": fit_temperature(swaps),
        "final_temperature": fit_temperature(finals),
        "knock1": fit_logistic(knock1),
        "knock2": fit_logistic(knock2),
    }
    base = model_from(params)
    biases = {t: hand_bias(records, replace(base, hand_temperature=t)) for t in HAND_TEMPERATURES}
    print("hand prior: mean pictured minus real score by temperature:",
          ", ".join(f"{t}: {b:+.2f}" for t, b in biases.items()), flush=True)
    best = min(biases, key=lambda t: abs(biases[t]))
    params["hand_temperature"] = best
    params["hand_bias"] = round(biases[best], 3)
    return params


def render(params: dict[str, Any]) -> str:
    """The text of ``zero_game/bots/fitted_actions.py`` for these fitted data."""
    body = pprint.pformat({k: params[k] for k in FIELDS}, sort_dicts=False, width=110)
    return ('"""The bots\' action model, fitted by ``research/fit_actions.py`` on rounds of strong play (generated:\n'
            'rerun the script with ``--write``, never edit by hand). ``beliefs.FITTED`` reads it."""\n\n'
            f"FITTED = {body}\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seeds", default=None, help="FIRST:END: fit on these seeds only (keep the rest held out)")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    records = load(args.rounds)
    if args.seeds:
        first, end = (int(x) for x in args.seeds.split(":"))
        records = [r for r in records if first <= r["seed"] < end]
    levels = sorted({r["level"] for r in records})
    seeds = sorted(r["seed"] for r in records)
    source = f"{'+'.join(levels)} in every seat, seeds {seeds[0]}..{seeds[-1]}" if seeds else "none"
    params = fit(records, source)
    for key in FIELDS:
        print(f"{key}: {params[key]}")
    if args.write:
        TARGET.write_text(render(params), encoding="utf-8")
        print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
