"""One bot loop for every game: a bot's turn is a job the runtime runs in slices, then a few steps the players
can follow, each paced by the table's speed and each taken only if the table is still where the bot saw it.

    thinking  ->  (the move starts to show)  ->  played

A game says who is to act (``acting``), how a bot decides (``BotJob.think``), what each step looks like on its
table (``BotSteps``), and how long each step stays on screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeVar

from .effects import After, Effects, Think, Thinking
from .turns import BotActs, Step

S = TypeVar("S")
Key = tuple[int, Hashable]  # (the table's game serial, the turn's key)


@dataclass(frozen=True)
class BotStarted:
    """The bot of ``key`` has started to think: its seat shows it."""

    key: Key


@dataclass(frozen=True)
class BotDecided:
    """The bot of ``key`` chose ``action`` after ``seconds`` of work."""

    key: Key
    action: Any
    seconds: float = 0.0


@dataclass(frozen=True)
class BotShow:
    """The bot's move starts to show (the card it takes leaves the pool)."""

    key: Key
    action: Any


@dataclass(frozen=True)
class BotPlay:
    """The bot's move is played."""

    key: Key
    action: Any


BotMessage = BotStarted | BotDecided | BotShow | BotPlay


@dataclass(frozen=True)
class BotJob:
    """A bot's decision, taken by the runtime in slices (``tabletop.effects.Job``).

    ``think`` starts the bot on what it may see; ``still(state, key)`` says whether the table is where it was.
    """

    key: Key
    think: Callable[[], Thinking] = field(compare=False)
    still: Callable[[Any, Key], bool] = field(compare=False)

    def start(self) -> Thinking:
        return self.think()

    def current(self, state: Any) -> bool:
        return self.still(state, self.key)

    def started(self) -> BotStarted:
        return BotStarted(self.key)

    def done(self, action: Any, seconds: float) -> BotDecided:
        return BotDecided(self.key, action, seconds)


@dataclass(frozen=True)
class Turn:
    """A bot's decision to take, in any game: the ``level`` bot of seat or team ``who``, on ``view`` (what that seat
    or team may see) with ``rng``; ``key`` says where the table stands; ``script`` is a tutorial's move (no thinking);
    ``context`` is what else the game's bots weigh (public: the match around the round, the deck)."""

    who: int
    level: str
    view: Any
    rng: random.Random = field(compare=False)
    key: tuple[int, ...]
    script: Any = None
    context: Any = field(default=None, compare=False)


class Decided:
    """A decision that needs no more thinking: ``step`` returns it at once."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def step(self, budget: float) -> Any:
        return self.action


def acting(step: Step | None, serial: int, key: Key) -> BotActs | None:
    """The bot to act of ``key``, if the table (game ``serial``, ``step`` next) is still where that bot saw it."""
    return step if isinstance(step, BotActs) and (serial, step.key) == key else None


def wake(serial: int, turn: Turn | None, think: Callable[[Turn], Thinking], still: Callable[[Any, Key], bool],
         pause: float = 0.0) -> Effects:
    """The job of ``turn``'s decision, if a bot is to act (after ``pause`` seconds): a tutorial's scripted move at
    once, else ``think``; ``still(state, key)`` says whether the table is where that bot saw it."""
    if turn is None:
        return ()
    start = partial(Decided, turn.script) if turn.script is not None else partial(think, turn)
    return (Think(BotJob((serial, turn.key), start, still), pause),)


@dataclass(frozen=True)
class BotSteps(Generic[S]):
    """How a game shows a bot's turn.

    ``acting(state, key)``: who is to act, if the bot of ``key`` still is (else ``None``); ``thinking``: the
    state showing it thinking; ``showing``: the state as the move starts to show (``None``: the game shows no
    such step); ``play``: the move played, the next bot waiting ``rest`` seconds; ``pace(state)``: the table's
    seconds per move, of which ``think``, ``show`` and ``rest`` are shares.
    """

    acting: Callable[[S, Key], Any]
    thinking: Callable[[S, Any], S]
    play: Callable[[S, Any, float], tuple[S, Effects]]
    pace: Callable[[S], float]
    showing: Callable[[S, Any], S] | None = None
    think: float = 1.0
    show: float = 0.0
    rest: float = 0.0

    def __call__(self, s: S, message: BotMessage) -> tuple[S, Effects]:
        who = self.acting(s, message.key)
        if who is None:
            return s, ()  # the table moved on: the loop asks again
        pace = self.pace(s)
        match message:
            case BotStarted():
                return self.thinking(s, who), ()
            case BotDecided(key, action, seconds):
                step = BotShow(key, action) if self.showing is not None else BotPlay(key, action)
                return s, (After(max(0.0, pace * self.think - seconds), step),)
            case BotShow(key, action) if self.showing is not None:
                return self.showing(s, action), (After(pace * self.show, BotPlay(key, action)),)
            case BotPlay(_, action):
                return self.play(s, action, pace * self.rest)
        return s, ()
