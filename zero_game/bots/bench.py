"""Bot benchmark: decision times per level, and the hard bot's search speed and slice lengths."""

from __future__ import annotations

import random
import time

from ..round import Round
from . import LEVELS, make_bot
from .base import Bot
from .hard import HardBot


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def decision_times(level: str, rounds: int, seed: int, **settings: object) -> tuple[list[float], Bot]:
    """Seconds per decision of ``level`` in 3-player rounds against two medium bots."""
    bot = make_bot(level, **settings)
    others = make_bot("medium")
    times: list[float] = []
    for index in range(rounds):
        state = Round.deal(3, seed=seed * 7919 + index, dealer=index % 3)
        rng = random.Random(index)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if seat == 0:
                began = time.perf_counter()
                action = bot.choose(view, rng)
                times.append(time.perf_counter() - began)
            else:
                action = others.choose(view, rng)
            state = state.apply(action)
    return times, bot


def hard_slices(decisions: int, seed: int, slice_seconds: float = 0.03) -> tuple[list[float], list[int], float]:
    """The hard bot with its browser defaults, thinking in slices: slice lengths, iterations, seconds."""
    bot = make_bot("hard")
    assert isinstance(bot, HardBot)
    others = make_bot("medium")
    slices: list[float] = []
    iterations: list[int] = []
    work = 0.0
    state = Round.deal(3, seed=seed)
    rng = random.Random(seed)
    index = 0
    while len(iterations) < decisions:
        if state.is_over:
            index += 1
            state = Round.deal(3, seed=seed + index)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if seat != 0:
            state = state.apply(others.choose(view, rng))
            continue
        thinking = bot.start(view, rng)
        while True:
            began = time.perf_counter()
            action = thinking.step(slice_seconds)
            slices.append(time.perf_counter() - began)
            if action is not None:
                break
        iterations.append(bot.last_iterations)
        work += bot.last_seconds
        state = state.apply(action)
    return slices, iterations, work


def bench_bots(rounds: int = 200, hard_decisions: int = 20, seed: int = 1) -> str:
    """Measure and describe the bots' speed."""
    lines = [f"bot benchmark (3 players, each level in seat 0 against two medium bots, {rounds} rounds)"]
    for level in LEVELS:
        if level == "hard":
            continue
        times, _ = decision_times(level, rounds, seed)
        lines.append(
            f"  {level:<7} p50 {_percentile(times, 0.5) * 1e3:6.2f} ms  p95 {_percentile(times, 0.95) * 1e3:6.2f} ms"
            f"  ({len(times)} decisions)"
        )
    for cap in (16, 60):
        times, _ = decision_times("hard", max(rounds // 20, 3), seed, iterations=cap, time_budget=None)
        lines.append(
            f"  hard, {cap} iterations: p50 {_percentile(times, 0.5) * 1e3:6.1f} ms"
            f"  p95 {_percentile(times, 0.95) * 1e3:6.1f} ms  ({len(times)} decisions)"
        )
    slices, iterations, work = hard_slices(hard_decisions, seed)
    defaults = HardBot()
    lines.append(
        f"  hard, browser defaults (cap {defaults.iterations} iterations, budget {defaults.time_budget} s),"
        f" in 30 ms slices: {sum(iterations) / work:.0f} iterations/s, "
        f"{work / len(iterations):.2f} s and {sum(iterations) / len(iterations):.0f} iterations per decision; "
        f"slice p50 {_percentile(slices, 0.5) * 1e3:.1f} ms, p95 {_percentile(slices, 0.95) * 1e3:.1f} ms, "
        f"max {max(slices) * 1e3:.1f} ms"
    )
    return "\n".join(lines)
