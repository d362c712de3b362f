"""The one interface of every player that is not a click: a view and a seeded ``Random`` in, an action out."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..actions import Action, Swap
from ..cards import DECK, to_mask
from ..round import Phase, RoundView

if TYPE_CHECKING:
    from ..match import Match


@dataclass(frozen=True)
class Standing:
    """The match around a round, as everyone knows it (R18: scores of finished rounds are public).

    ``totals`` are the seats' totals before the current round, ``rounds_left`` the rounds still to
    come after it. A bot that weighs the match (``hard``, ``expert``) uses it: the lowest total wins
    (R17), so a round's outcome is worth what it does to the match. Without it a bot assumes the
    round is the first of a match of one round per player.
    """

    totals: tuple[int, ...]
    rounds_left: int

    @classmethod
    def of(cls, match: Match) -> Standing:
        """The standing of ``match``'s current round."""
        return cls(tuple(match.totals), max(0, match.rounds - match.round_number))

    @classmethod
    def fresh(cls, players: int) -> Standing:
        """The first round of a match of one round per player (the default match, R17)."""
        return cls((0,) * players, players - 1)


class Thinking(Protocol):
    """A decision under way, advanced in slices so that a browser page stays responsive."""

    def step(self, max_seconds: float) -> Action | None:
        """Work for about ``max_seconds`` at most; return the action once decided, else ``None``."""
        ...


class Decided:
    """A decision that needs no more thinking: ``step`` returns it at once."""

    __slots__ = ("action",)

    def __init__(self, action: Action) -> None:
        self.action = action

    def step(self, max_seconds: float) -> Action:
        """The action, straight away."""
        return self.action


class Bot(ABC):
    """A player that sees only a seat's ``RoundView`` and draws randomness only from the ``rng`` it is given."""

    #: The level's name as the game shows it.
    name: str = "bot"

    def start(self, view: RoundView, rng: random.Random, standing: Standing | None = None) -> Thinking:
        """Begin deciding what ``view.seat`` does now; call ``step`` until it returns the action.

        ``standing`` is the match around the round (public); only the searching levels use it.
        """
        check_turn(view)
        return Decided(self.decide(view, rng))

    def choose(self, view: RoundView, rng: random.Random, standing: Standing | None = None) -> Action:
        """Decide what ``view.seat`` does now, blocking until the decision is made."""
        thinking = self.start(view, rng, standing)
        while True:
            action = thinking.step(0.05)
            if action is not None:
                return action

    @abstractmethod
    def decide(self, view: RoundView, rng: random.Random) -> Action:
        """The decision itself (for bots that decide in one go)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def check_turn(view: RoundView) -> None:
    """Refuse to decide for a seat that is not to act."""
    if not isinstance(view, RoundView):
        raise TypeError(f"A bot decides from a RoundView, not {type(view).__name__}.")
    if not view.my_turn:
        raise ValueError(f"It is not seat {view.seat}'s turn, so its bot has nothing to decide.")


def swap_action(give: int, take: int) -> Action:
    """The ``Swap`` for two card indices."""
    return Swap(DECK[give], DECK[take])


def masks(view: RoundView) -> tuple[int, int]:
    """The seat's hand and the pool as masks."""
    return to_mask(view.hand), to_mask(view.pool)


def own_turns(view: RoundView) -> list[int]:
    """How many turns each seat has taken this round."""
    counts = [0] * view.players
    for turn in view.history:
        counts[turn.seat] += 1
    return counts


def final_turns(view: RoundView) -> int:
    """Final turns still to come, the current one included; -1 during normal play."""
    return len(view.final_turns_left) if view.phase is Phase.FINAL else -1


__all__ = ["Bot", "Decided", "Standing", "Thinking", "check_turn", "final_turns", "masks", "own_turns", "swap_action"]
