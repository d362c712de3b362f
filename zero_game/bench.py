"""Engine benchmark: the cost of the bots' hot path (``legal_actions`` + ``apply``) in this Python."""

from __future__ import annotations

import random
import time

from .round import Round


def random_rounds(players: int, rounds: int, seed: int) -> tuple[int, float]:
    """Play ``rounds`` random rounds; return the number of steps and the seconds taken."""
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for index in range(rounds):
        state = Round.deal(players, seed=seed * 100_003 + index)
        while not state.is_over:
            actions = state.legal_actions()
            # Random play rarely knocks on its own; knock one time in eight to keep rounds short.
            action = actions[-1] if rng.random() < 0.125 else rng.choice(actions)
            state = state.apply(action)
            steps += 1
    return steps, time.perf_counter() - start


def bench_engine(rounds: int = 2000, seed: int = 1) -> str:
    """Measure and describe the engine's speed for 3 and 5 players."""
    lines = [f"engine benchmark: {rounds} random rounds per table size"]
    for players in (3, 5):
        random_rounds(players, max(rounds // 20, 1), seed)  # warm up
        steps, seconds = random_rounds(players, rounds, seed)
        lines.append(
            f"  {players} players: {seconds * 1e6 / steps:6.2f} µs per legal_actions()+apply() step, "
            f"{rounds / seconds:8.0f} rounds/s ({steps / rounds:.1f} steps per round)"
        )
    return "\n".join(lines)
