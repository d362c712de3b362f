"""Benchmarks of Zéro à 1000 in this Python: engine steps, bot decisions, tournament games."""

from __future__ import annotations

import random
import time

from .bots import LEVELS, make_bot
from .deck import Deck
from .game import Game
from .tournament import play_game


def random_games(deck: Deck, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` games of random legal actions (3 teams); return the steps and the seconds taken."""
    rng = random.Random(seed)
    steps = 0
    began = time.perf_counter()
    for index in range(games):
        game = Game.deal(3, seed=seed * 100_003 + index, deck=deck)
        while not game.is_over:
            team = game.to_act[0]
            game = game.apply(rng.choice(game.legal_actions(team)))
            steps += 1
    return steps, time.perf_counter() - began


def bench(deck: Deck, games: int = 300, seed: int = 1) -> str:
    """Measure and describe the engine's and the bots' speed."""
    random_games(deck, max(games // 10, 1), seed)  # warm up
    steps, seconds = random_games(deck, games, seed)
    lines = [
        f"Zéro à 1000 benchmark on a deck of {len(deck)} questions",
        f"  engine: {steps / seconds:8.0f} legal_actions()+apply() steps/s, {games / seconds:6.0f} random games/s "
        f"({steps / games:.1f} steps per game)",
    ]
    for level in LEVELS:
        decisions = 0
        began = time.perf_counter()
        count = max(games // 3, 1)
        for index in range(count):
            bots = [make_bot(level, deck, f"{seed}:{index}:{t}") for t in range(3)]
            order = Game.deal(3, seed=index, deck=deck).order
            _, made = play_game(bots, order, deck, random.Random(index))
            decisions += made
        seconds = time.perf_counter() - began
        lines.append(
            f"  {level:>6} bots: {decisions / seconds:8.0f} decisions/s (view + decide + apply), "
            f"{count / seconds:6.0f} games/s"
        )
    return "\n".join(lines)
