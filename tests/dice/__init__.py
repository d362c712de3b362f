"""Pig, a small dice game for two: the shell's third game, kept in the tests (``tests/test_dice.py``).

On your turn roll the die as often as you like: each roll adds to the turn's total, but a 1 loses it and ends the
turn; hold to bank the total.  The first to ``GOAL`` wins.  The rolls to come are the hidden information: they are
drawn from the game's seed, and no screen may show one before it is rolled.

A game is this package and one registry line (``docs/architecture.md``): the rules here, its plug-in in
``web/plugin.py``, its words in ``texts/``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tabletop.registry import Entry

GOAL = 20
SEATS = 2
ROLL, HOLD = "roll", "hold"
#: Its registry line, added to the registry by the tests that host it (it is not one of the site's games).
ENTRY = Entry("dice", "tests.dice", docs=("dice-game",))


@dataclass(frozen=True)
class Pig:
    """A game of Pig: its seed, the banked scores, whose turn, the turn's total and every roll so far."""

    seed: int
    scores: tuple[int, ...] = (0,) * SEATS
    turn: int = 0
    total: int = 0
    rolls: tuple[int, ...] = ()
    actions: tuple[str, ...] = ()

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= GOAL

    @property
    def winner(self) -> int | None:
        return self.scores.index(max(self.scores)) if self.is_over else None

    def next_roll(self) -> int:
        """The die's next face (the secret: drawn from the seed and the number of rolls so far)."""
        return random.Random(f"pig:{self.seed}:{len(self.rolls)}").randint(1, 6)

    def play(self, action: str) -> Pig:
        if self.is_over or action not in (ROLL, HOLD):
            raise ValueError(f"no move {action!r} now")
        done = (*self.actions, action)
        if action == HOLD:
            scores = tuple(s + self.total if i == self.turn else s for i, s in enumerate(self.scores))
            return replace(self, scores=scores, turn=(self.turn + 1) % SEATS, total=0, actions=done)
        face = self.next_roll()
        if face == 1:
            return replace(self, rolls=(*self.rolls, face), total=0, turn=(self.turn + 1) % SEATS, actions=done)
        return replace(self, rolls=(*self.rolls, face), total=self.total + face, actions=done)


def bot_move(game: Pig) -> str:
    """The bot holds at 8 in a turn, or when the total wins."""
    return HOLD if game.total >= 8 or game.scores[game.turn] + game.total >= GOAL else ROLL
