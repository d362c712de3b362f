"""Bots for Zero: players that see only a seat's view.

The interface (the browser calls exactly this)::

    from zero_game.bots import make_bot, LEVELS
    bot = make_bot("medium")                 # "random", "easy", "medium" or "hard"
    action = bot.choose(view, rng)           # blocking: view is Round.view(seat), rng a random.Random
    thinking = bot.start(view, rng)          # or in slices, for a page that must stay responsive:
    action = thinking.step(0.03)             #   at most ~0.03 s of work; the Action when done, else None

``view`` must be the ``RoundView`` of the seat to act (``view.my_turn``); a bot never sees a
``Round``, so it cannot read other hands. Every random choice comes from ``rng``: the same view and
an equally seeded ``rng`` give the same action (for ``hard``, when it has no time budget).
Simple bots return from their first ``step``. ``make_bot("hard", iterations=..., time_budget=...)``
sets the search's iteration cap (deterministic) and its budget in seconds of work (for the browser);
by default it stops at 300 iterations or 1 s of work, whichever comes first.

Levels, as the UI names them:

- ``random``: uniform over the legal actions (a baseline for tests).
- ``easy``: a beginner; lowers its score greedily, misses plans, knocks early.
- ``medium``: a solid club player; one-ply evaluation of every swap, knocks when ahead.
- ``hard``: search over deals of the unseen cards, playouts with the medium-style policy.
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Decided, Thinking
from .hard import DEFAULT_ITERATIONS, DEFAULT_TIME_BUDGET, HardBot
from .simple import EasyBot, MediumBot, RandomBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
LEVELS: tuple[str, ...] = tuple(BOTS)


def make_bot(level: str, **settings: Any) -> Bot:
    """A bot of the named level; ``hard`` takes ``iterations=``, ``time_budget=`` and ``candidates=``."""
    cls = BOTS.get(level)
    if cls is None:
        raise ValueError(f"There is no bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    if settings and cls is not HardBot:
        raise ValueError(f"The {level} bot has no settings.")
    return cls(**settings)


__all__ = ["BOTS", "DEFAULT_ITERATIONS", "DEFAULT_TIME_BUDGET", "LEVELS", "Bot", "Decided", "EasyBot", "HardBot",
           "MediumBot", "RandomBot", "Thinking", "make_bot"]
