"""Bot benchmark: decision times per level, and the hard bot's search speed and slice lengths."""

from __future__ import annotations

import random
import time

from ..actions import Action
from ..round import Round, RoundView
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


def _think_in_slices(bot: HardBot, view: RoundView, rng: random.Random, slice_seconds: float,
                     slices: list[float]) -> Action:
    """The bot's decision at ``view``, thought in slices of ``slice_seconds`` as the page runs it; each slice's
    length is appended to ``slices``."""
    thinking = bot.start(view, rng)
    while True:
        began = time.perf_counter()
        action = thinking.step(slice_seconds)
        slices.append(time.perf_counter() - began)
        if action is not None:
            return action


def hard_slices(decisions: int, seed: int, slice_seconds: float = 0.015) -> tuple[list[float], list[int], float]:
    """The hard bot with its browser defaults, thinking in slices: slice lengths, playouts, seconds."""
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
        action = _think_in_slices(bot, view, rng, slice_seconds, slices)
        iterations.append(bot.last_iterations)
        work += bot.last_seconds
        state = state.apply(action)
    return slices, iterations, work


def search_positions(count: int, seed: int) -> list[RoundView]:
    """``count`` 3-player positions to search from: a few turns of medium play into seeded rounds."""
    medium = make_bot("medium")
    views: list[RoundView] = []
    index = 0
    while len(views) < count:
        state = Round.deal(3, seed=seed * 1009 + index)
        rng = random.Random(index)
        for _ in range(2 + index % 9):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            state = state.apply(medium.choose(state.view(seat), rng))
        index += 1
        if not state.is_over and state.current_player is not None:
            views.append(state.view(state.current_player))
    return views


def search_speed(
    positions: int = 12, playouts: int = 200, seed: int = 1, slice_seconds: float = 0.015
) -> dict[str, float]:
    """The search's speed in this Python: playouts per second of work over fixed positions, and slice lengths.

    The same call in CPython and in the page's Pyodide (``bench/botspeed/``) gives the speed ratio
    between the two, which turns the page's time budget into a playout cap for the tournament.
    """
    views = search_positions(positions, seed)
    bot = make_bot("hard", iterations=playouts, time_budget=None)
    assert isinstance(bot, HardBot)
    bot.choose(views[0], random.Random(0))  # warm up (caches, first imports)
    done = 0
    work = 0.0
    slices: list[float] = []
    for index, view in enumerate(views):
        _think_in_slices(bot, view, random.Random(index), slice_seconds, slices)
        done += bot.last_iterations
        work += bot.last_seconds
    return {
        "playouts": done,
        "seconds": work,
        "playouts_per_second": done / work,
        "slice_ms_p50": _percentile(slices, 0.5) * 1e3,
        "slice_ms_max": max(slices) * 1e3,
    }


def bench_bots(rounds: int = 200, hard_decisions: int = 20, seed: int = 1) -> str:
    """Measure and describe the bots' speed."""
    lines = [f"bot benchmark (3 players, each level in seat 0 against two medium bots, {rounds} rounds)"]
    for level in LEVELS:
        if isinstance(make_bot(level), HardBot):
            continue  # the searching levels are timed below, at set playout caps
        times, _ = decision_times(level, rounds, seed)
        lines.append(
            f"  {level:<7} p50 {_percentile(times, 0.5) * 1e3:6.2f} ms  p95 {_percentile(times, 0.95) * 1e3:6.2f} ms"
            f"  ({len(times)} decisions)"
        )
    for cap in (100, 400):
        times, _ = decision_times("hard", max(rounds // 20, 3), seed, iterations=cap, time_budget=None)
        lines.append(
            f"  hard, {cap} playouts: p50 {_percentile(times, 0.5) * 1e3:6.1f} ms"
            f"  p95 {_percentile(times, 0.95) * 1e3:6.1f} ms  ({len(times)} decisions)"
        )
    slices, iterations, work = hard_slices(hard_decisions, seed)
    defaults = HardBot()
    lines.append(
        f"  hard, browser defaults (cap {defaults.iterations} playouts, budget {defaults.time_budget} s),"
        f" in 15 ms slices: {sum(iterations) / work:.0f} playouts/s, "
        f"{work / len(iterations):.2f} s and {sum(iterations) / len(iterations):.0f} playouts per decision; "
        f"slice p50 {_percentile(slices, 0.5) * 1e3:.1f} ms, p95 {_percentile(slices, 0.95) * 1e3:.1f} ms, "
        f"max {max(slices) * 1e3:.1f} ms"
    )
    return "\n".join(lines)
