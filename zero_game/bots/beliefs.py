"""Beliefs: where the unseen cards are, read from what each opponent did (Metropolis-within-Gibbs).

A searching bot sees its own hand, the pool, and every public move: the cards each opponent took (those it still
holds are ``RoundView.known``), the cards it gave, the swaps it let pass, when it knocked. ``Beliefs`` samples
deals of the unseen cards in proportion to how likely each opponent's moves were, with that deal, under an
``ActionModel`` of a good player (fitted on the strongest play this project can run: ``research/fit_actions.py``):

- a swap in normal play costs a factor e per ``swap_temperature`` points of value (``sim.value``) it gave up
  against the best swap then, and the same in the final turns by score (``final_temperature``);
- at every turn where it could knock, it knocked with the chance ``sigmoid(bias + per_point * score +
  per_turn * turn)`` (its hand's score then, its own turn number), one set of weights for the first knock and
  one for the second: a knock says something of the hand, and so does *not* knocking.

The chain holds one complete deal and resamples one opponent's hidden cards at a time: it proposes exchanging one
of them with another unseen card (another opponent's hidden card, or one set aside), and accepts with the
Metropolis ratio of the two deals' likelihoods (the proposal is symmetric). So no deal ever carries all the
weight (as importance weights over a few independent draws do), and every deal it returns is one the view allows.

It reads nothing but the seat's ``RoundView`` (its hand and the public record) and a seeded ``random.Random``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..actions import Swap
from ..cards import to_mask
from ..round import Effect, RoundView
from ..scoring import score_mask
from . import sim
from .fitted_actions import FITTED as FITTED_DATA


@dataclass(frozen=True, slots=True)
class ActionModel:
    """How a good player acts: the likelihood of each observed move given its hand (see the module's doc)."""

    swap_temperature: float
    final_temperature: float
    #: First knock: (bias, per point of the hand's score, per own turn) of a logistic.
    knock1: tuple[float, float, float]
    #: Second knock, the same.
    knock2: tuple[float, float, float]
    #: A prior on the hand a good player holds now: a factor e per this many points of value (``sim.value``); 0 for
    #: none. The moves alone say little of the cards an opponent was dealt and never touched; good players keep
    #: good ones (fitted so that pictured hands score what real ones do).
    hand_temperature: float = 0.0

    def knock_log(self, second: bool, score: float, turn: int, knocked: bool) -> float:
        """The log chance of knocking (``knocked``) or not, at a turn where this knock was allowed."""
        bias, per_point, per_turn = self.knock2 if second else self.knock1
        z = bias + per_point * score + per_turn * turn
        # log sigmoid(z) and log(1 - sigmoid(z)), stable both ways
        if knocked:
            return -math.log1p(math.exp(-z)) if z > -30 else z
        return -math.log1p(math.exp(z)) if z < 30 else -z


def model_from(data: dict[str, Any]) -> ActionModel:
    """The ``ActionModel`` of fitted data (``research/fit_actions.py``'s format)."""
    def weights(key: str) -> tuple[float, float, float]:
        bias, per_point, per_turn = (float(x) for x in data[key])
        return (bias, per_point, per_turn)

    return ActionModel(float(data["swap_temperature"]), float(data["final_temperature"]), weights("knock1"),
                       weights("knock2"), float(data.get("hand_temperature", 0.0)))


#: The model before any fit: the search's old temperature, and knocks that say nothing (a constant chance).
NEUTRAL = ActionModel(1.5, 1.5, (-2.0, 0.0, 0.0), (-2.0, 0.0, 0.0))


#: The model fitted on the strongest play this project runs (``zero_game/bots/fitted_actions.py``).
FITTED = model_from(FITTED_DATA)


@dataclass(frozen=True, slots=True)
class Move:
    """One opponent move as the likelihood reads it: the pool before it, the cards (-1, -1 for a knock or a pass),
    whether it was in the final turns, the knocks made before it, and the mover's own turn number (from 0)."""

    pool: int
    give: int
    take: int
    final: bool
    knocks: int
    turn: int


def moves_of(view: RoundView) -> dict[int, list[Move]]:
    """Per opponent, its public moves newest first (so the hand can be undone from the present one)."""
    pool = to_mask(view.pool)
    turns = [0] * view.players
    knocks_before = []
    knocks = 0
    for turn in view.history:
        knocks_before.append((knocks, turns[turn.seat]))
        turns[turn.seat] += 1
        if turn.effect in (Effect.KNOCK, Effect.SECOND_KNOCK):
            knocks += 1
    final_from = next((i for i, t in enumerate(view.history) if t.effect is Effect.SECOND_KNOCK), len(view.history))
    out: dict[int, list[Move]] = {s: [] for s in range(view.players) if s != view.seat}
    for index in range(len(view.history) - 1, -1, -1):
        turn = view.history[index]
        action = turn.action
        if isinstance(action, Swap):
            give, take = action.give.index, action.take.index
            pool ^= (1 << give) | (1 << take)  # the pool before this swap
        else:
            give = take = -1
        if turn.seat != view.seat:
            before, own = knocks_before[index]
            out[turn.seat].append(Move(pool, give, take, index > final_from, before, own))
    return out


def seat_log_likelihood(model: ActionModel, hand: int, moves: list[Move], first_knocker: int | None,
                        seat: int) -> float:
    """The log likelihood of one seat's moves (newest first) if it now holds ``hand``, with the hand's prior."""
    total = -sim.value(hand) / model.hand_temperature if model.hand_temperature > 0 else 0.0
    for move in moves:
        if move.give >= 0:
            after = hand
            hand = hand ^ (1 << move.take) ^ (1 << move.give)  # the hand before this swap
        else:
            after = hand
        if move.final:
            best = sim.best_final_swap(hand, move.pool)[0]
            total -= max(0.0, score_mask(after) - best) / model.final_temperature
            continue
        # Normal play: could this seat knock here? (not a second time after its own first knock)
        if move.knocks == 0 or (move.knocks == 1 and first_knocker != seat):
            total += model.knock_log(move.knocks == 1, score_mask(hand), move.turn, move.give < 0)
        if move.give >= 0:
            total -= max(0.0, sim.value(after) - sim.best_swap(hand, move.pool)[0]) / model.swap_temperature
    return total


class Beliefs:
    """A Markov chain over the deals a seat's view allows, weighted by ``model``'s likelihood of the moves seen.

    ``sample()`` advances the chain by ``sweeps`` sweeps (each: ``moves_per_seat`` proposals per opponent) and
    returns every seat's hand as masks (the seat's own included). Reads only ``view`` and ``rng``.
    """

    def __init__(self, view: RoundView, model: ActionModel, rng: random.Random, *, sweeps: int = 1,
                 moves_per_seat: int = 6, burn_in: int = 4) -> None:
        if not isinstance(view, RoundView):
            raise TypeError(f"Beliefs read a seat's RoundView, not {type(view).__name__}.")
        self.view = view
        self.model = model
        self.rng = rng
        self.seat = view.seat
        self.players = view.players
        self.own = to_mask(view.hand)
        self.known = [to_mask(k) for k in view.known]
        self.first_knocker = view.first_knocker
        self.moves = moves_of(view)
        self.others = [s for s in range(view.players) if s != view.seat]
        unseen = sorted(c.index for c in view.unseen())
        rng.shuffle(unseen)
        # where each unseen card lies: an opponent seat, or -1 set aside
        self.where: dict[int, int] = {}
        self.hidden: dict[int, list[int]] = {}
        for seat in self.others:
            need = view.hand_sizes[seat] - self.known[seat].bit_count()
            self.hidden[seat] = [unseen.pop() for _ in range(need)]
            for card in self.hidden[seat]:
                self.where[card] = seat
        self.aside = unseen
        for card in unseen:
            self.where[card] = -1
        self.unseen = sorted(self.where)
        self.logs = {s: self._log(s) for s in self.others}
        self.sweeps = sweeps
        self.moves_per_seat = moves_per_seat
        self.proposed = 0
        self.accepted = 0
        for _ in range(burn_in):
            self._sweep()

    def _hand(self, seat: int) -> int:
        hand = self.known[seat]
        for card in self.hidden[seat]:
            hand |= 1 << card
        return hand

    def _log(self, seat: int) -> float:
        return seat_log_likelihood(self.model, self._hand(seat), self.moves[seat], self.first_knocker, seat)

    def _sweep(self) -> None:
        rng = self.rng
        for seat in self.others:
            mine = self.hidden[seat]
            if not mine:
                continue
            for _ in range(self.moves_per_seat):
                i = rng.randrange(len(mine))
                candidates = len(self.unseen) - len(mine)
                if candidates <= 0:
                    break
                # a uniform unseen card not in this seat's hidden part (symmetric proposal)
                pick = rng.randrange(candidates)
                other_card = -1
                for card in self.unseen:
                    if self.where[card] == seat:
                        continue
                    if pick == 0:
                        other_card = card
                        break
                    pick -= 1
                owner = self.where[other_card]
                card = mine[i]
                self._exchange(seat, card, owner, other_card)
                new_seat = self._log(seat)
                new_owner = self._log(owner) if owner >= 0 else 0.0
                old = self.logs[seat] + (self.logs[owner] if owner >= 0 else 0.0)
                delta = new_seat + new_owner - old
                self.proposed += 1
                if delta >= 0 or rng.random() < math.exp(delta):
                    self.accepted += 1
                    self.logs[seat] = new_seat
                    if owner >= 0:
                        self.logs[owner] = new_owner
                else:
                    self._exchange(seat, other_card, owner, card)

    def _exchange(self, seat: int, card: int, owner: int, other: int) -> None:
        """Move ``card`` from ``seat`` to ``owner`` (-1: set aside) and ``other`` the other way."""
        source = self.hidden[seat]
        source[source.index(card)] = other
        target = self.aside if owner < 0 else self.hidden[owner]
        target[target.index(other)] = card
        self.where[other] = seat
        self.where[card] = owner

    def sample(self) -> list[int]:
        """The next deal of the chain: every seat's hand as a mask."""
        for _ in range(self.sweeps):
            self._sweep()
        return [self.own if s == self.seat else self._hand(s) for s in range(self.players)]


__all__ = ["FITTED", "NEUTRAL", "model_from", "ActionModel", "Beliefs", "Move", "moves_of", "seat_log_likelihood"]
