"""The one-look bots: ``random`` (a baseline), ``easy`` (a beginner) and ``medium`` (a solid club player)."""

from __future__ import annotations

import random

from ..actions import KNOCK, Action
from ..cards import to_mask
from ..round import Phase, RoundView
from ..scoring import COLOUR_MASKS, NUMBER_MASKS, score_mask
from . import sim
from .base import Bot, masks, own_turns, swap_action


class RandomBot(Bot):
    """Uniform over the legal actions. It still ends rounds: it knocks about one turn in 46."""

    name = "random"

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


class EasyBot(Bot):
    """A beginner: lowers its score now when it can, sees no plans (groups), knocks early."""

    name = "easy"

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        hand, pool = masks(view)
        score = score_mask(hand)
        best = score
        options: list[tuple[int, int]] = []
        for give in sim.bits(hand):
            for take in sim.bits(pool):
                after = score_mask(hand ^ (1 << give) ^ (1 << take))
                if after < best:
                    best, options = after, [(give, take)]
                elif after == best and after < score:
                    options.append((give, take))
        turns = own_turns(view)[view.seat]
        if view.phase is Phase.FINAL:
            return swap_action(*rng.choice(options)) if options else KNOCK
        ends_round = view.knocks >= 1
        if turns >= sim.PATIENCE or score <= (11 if ends_round else 13) and turns >= 2:
            return KNOCK
        if options:
            return swap_action(*rng.choice(options))
        # Nothing lowers the score: shuffle a card about (or knock once the hand looks fine).
        if score <= 16 and not ends_round:
            return KNOCK
        return rng.choice(view.legal_actions()[:-1])


class MediumBot(Bot):
    """One-ply evaluation of every swap, and knocks timed against what the others likely hold."""

    name = "medium"

    #: How many points better than its estimate of the best opponent a hand must be to end the round.
    margin = 1.0

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        hand, pool = masks(view)
        if view.phase is Phase.FINAL:
            _, give, take = sim.best_final_swap(hand, pool)
            return KNOCK if give < 0 else swap_action(give, take)
        nxt = (view.seat + 1) % view.players
        v, give, take = sim.best_swap(hand, pool, _feeds(to_mask(view.known[nxt])))
        gain = sim.value(hand) - v
        turns = own_turns(view)
        if sim.knock_now(score_mask(hand), gain, view.knocks, turns[view.seat], opponent_estimate(view, turns),
                         self.margin):
            return KNOCK
        return swap_action(give, take)


def _feeds(known: int) -> list[float]:
    """Per card, a penalty for putting it in the pool when the next player is seen collecting its kind."""
    penalty = [0.0] * 56
    if not known:
        return penalty
    for c, group in enumerate(COLOUR_MASKS):
        count = (known & group).bit_count()
        if count >= 2:
            for i in range(8):
                penalty[c * 8 + i] += 0.25 * count
    for n, group in enumerate(NUMBER_MASKS):
        count = (known & group).bit_count()
        if count >= 2:
            for c in range(7):
                penalty[c * 8 + n] += 0.25 * count
    return penalty


def opponent_estimate(view: RoundView, turns: list[int]) -> float:
    """The score the best-placed opponent likely holds now, from turns played, knocks and cards seen taken."""
    best = 1e9
    for seat in range(view.players):
        if seat == view.seat:
            continue
        estimate = sim.expected_score(turns[seat])
        if view.first_knocker == seat:
            estimate *= 0.7  # a knock says the hand is good
        known = to_mask(view.known[seat])
        if known:
            estimate = max(estimate, 0.7 * score_mask(known))
        best = min(best, estimate)
    return best
