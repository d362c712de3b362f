"""Bots for Zero: players that see only a seat's view.

The interface (the browser calls exactly this)::

    from zero_game.bots import make_bot, LEVELS
    bot = make_bot("medium")                 # "random", "easy", "medium", "hard" or "expert"
    action = bot.choose(view, rng)           # blocking: view is Round.view(seat), rng a random.Random
    thinking = bot.start(view, rng, standing)  # or in slices, for a page that must stay responsive:
    action = thinking.step(0.015)            #   at most ~0.015 s of work; the Action when done, else None

``standing`` (optional) is the match around the round, ``Standing.of(match)``: the totals so far and
the rounds to come, public knowledge that the searching levels weigh (the lowest total wins).

``view`` must be the ``RoundView`` of the seat to act (``view.my_turn``); a bot never sees a
``Round``, so it cannot read other hands. Every random choice comes from ``rng``: the same view and
an equally seeded ``rng`` give the same action (for the searching levels, when they have no time
budget). Simple bots return from their first ``step``. ``make_bot("hard", iterations=...,
time_budget=...)`` sets the search's cap in playouts (deterministic) and its budget in seconds of work
(for the browser); whichever comes first ends the search (defaults in ``hard.py``).

Levels, as the UI names them:

- ``random``: uniform over the legal actions (a baseline for tests).
- ``easy``: a beginner; lowers its score greedily, misses plans, knocks early.
- ``medium``: a solid club player; one-ply evaluation of every swap, knocks when ahead.
- ``hard``: flat information-set Monte Carlo: deals of the unseen cards its view allows, candidate
  actions (and plans "this, then knock at my next turn") played out to the end of the round and raced,
  judged by the chance of winning the match.
- ``expert``: the same search with 2.5 times the budget and more candidate swaps.
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Decided, Standing, Thinking
from .hard import DEFAULT_ITERATIONS, DEFAULT_TIME_BUDGET, ExpertBot, HardBot
from .simple import EasyBot, MediumBot, RandomBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
LEVELS: tuple[str, ...] = tuple(BOTS)


def make_bot(level: str, **settings: Any) -> Bot:
    """A bot of the named level; ``hard`` and ``expert`` take ``iterations=``, ``time_budget=``, ``candidates=``,
    ``model=`` (an ``OpponentModel``)."""
    cls = BOTS.get(level)
    if cls is None:
        raise ValueError(f"There is no bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    if settings and not issubclass(cls, HardBot):
        raise ValueError(f"The {level} bot has no settings.")
    return cls(**settings)


__all__ = ["BOTS", "DEFAULT_ITERATIONS", "DEFAULT_TIME_BUDGET", "LEVELS", "Bot", "Decided", "EasyBot", "ExpertBot",
           "HardBot", "MediumBot", "RandomBot", "Standing", "Thinking", "make_bot"]
