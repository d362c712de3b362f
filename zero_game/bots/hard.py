"""``hard``: determinized Monte Carlo search over deals the seat can't rule out (Information Set sampling).

Each iteration deals the unseen cards in a way that agrees with the seat's view (cards an opponent
was seen taking stay in that opponent's hand; the rest of each hand, and the set-aside cards, come
from ``view.unseen()``, weighted towards the cards a sound player would have kept: per dealt card an
opponent gave away, extra cards are drawn and the worst dropped), then plays each candidate action
(the best few swaps by ``sim.value``, and knocking) out with the fast shared policy of ``sim`` for
``depth`` rounds of the table, judging unfinished hands by ``sim.value``.
The candidate with the best mean outcome (own score minus the mean of the others') is chosen. All
candidates share each iteration's deal, so luck cancels between them. The search stops at the
``iterations`` cap (deterministic given the seed) or, if set, after ``time_budget`` seconds of work;
it runs in slices (``start``/``step``) so that a browser page stays responsive.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..actions import KNOCK, Action, Swap
from ..cards import Card, to_mask
from ..round import Phase, RoundView
from ..scoring import is_zero_mask, score_mask
from . import sim
from .base import Bot, Decided, check_turn, final_turns, masks, own_turns, swap_action

#: Defaults for the browser: at most this many iterations, and about a second of work in CPython terms.
DEFAULT_ITERATIONS = 300
DEFAULT_TIME_BUDGET = 1.0
#: Swaps considered besides knocking: the best ones by the one-ply evaluation.
DEFAULT_CANDIDATES = 3
#: Turns a playout runs, per player at the table, before the hands are judged by ``sim.value``.
DEFAULT_DEPTH = 2
#: At most this many fills are tried per opponent hand when dealing (see ``Search._deal``).
EXTRA_PER_GIVEN = 3
#: How much the best opponent's score counts in an outcome, against the mean of the opponents'.
BEST_OPPONENT_WEIGHT = 0.0


class HardBot(Bot):
    """Searches: samples deals consistent with the view and plays candidate actions out."""

    name = "hard"

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        candidates: int = DEFAULT_CANDIDATES,
        depth: int = DEFAULT_DEPTH,
    ) -> None:
        if iterations is None and time_budget is None:
            raise ValueError("The hard bot needs an iteration cap, a time budget, or both.")
        if iterations is not None and iterations < 1:
            raise ValueError(f"The hard bot needs at least one iteration, not {iterations!r}.")
        if time_budget is not None and time_budget <= 0:
            raise ValueError(f"The hard bot's time budget is a positive number of seconds, not {time_budget!r}.")
        self.iterations = iterations
        self.time_budget = time_budget
        self.candidates = candidates
        self.depth = depth
        self.last_iterations = 0  # iterations run for the last decision (for benchmarks)
        self.last_seconds = 0.0

    def start(self, view: RoundView, rng: random.Random) -> Search | Decided:
        check_turn(view)
        return Search(self, view, rng)

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        return self.choose(view, rng)

    def __repr__(self) -> str:
        return f"<HardBot iterations={self.iterations} time_budget={self.time_budget}>"


class Search:
    """One decision of the hard bot, advanced by ``step``."""

    def __init__(self, bot: HardBot, view: RoundView, rng: random.Random) -> None:
        self.bot = bot
        self.rng = rng
        self.seat = view.seat
        self.players = view.players
        self.hand, self.pool = masks(view)
        self.knocks = view.knocks
        self.final_left = final_turns(view)
        self.turns = own_turns(view)
        self.known = [to_mask(k) for k in view.known]
        self.given = dealt_cards_given(view)
        self.unseen = sorted(c.index for c in view.unseen())
        self.candidates = self._candidates(view)
        self.totals = [0.0] * len(self.candidates)
        self.done = 0
        self.next_candidate = 0  # the candidate to play out next on the current deal
        self.hands: list[int] = []
        self.used = 0.0
        self.result: Action | None = None
        if len(self.candidates) == 1:
            self.result = self._action(self.candidates[0])

    def _candidates(self, view: RoundView) -> list[tuple[int, int]]:
        """The actions worth searching, as (give, take); (-1, -1) is knocking (a pass in the final turns)."""
        hand, pool = self.hand, self.pool
        scored = []
        final = view.phase is Phase.FINAL
        if not final and self.turns[self.seat] >= sim.PATIENCE:
            return [(-1, -1)]  # the guarantee that rounds end (see sim.PATIENCE)
        for give in sim.bits(hand):
            without = hand ^ (1 << give)
            for take in sim.bits(pool):
                after = without | (1 << take)
                if is_zero_mask(after):
                    return [(give, take)]  # a ZERO wins the round outright
                key = score_mask(after) if final else sim.value(after)
                scored.append((key, give, take))
        scored.sort()
        keep = [(g, t) for _, g, t in scored[: self.bot.candidates]]
        if final and scored and scored[0][0] >= score_mask(hand):
            # No swap lowers the score on the last turn: a pass is as good as the best of them.
            return [(-1, -1)]
        return [*keep, (-1, -1)]

    def _action(self, candidate: tuple[int, int]) -> Action:
        give, take = candidate
        return KNOCK if give < 0 else swap_action(give, take)

    def _deal(self) -> list[int]:
        """Hands for every seat that agree with the view: known cards kept, the rest drawn from the unseen.

        An opponent's unknown cards are the ones it was dealt and kept: each time it gave away a card
        it was dealt, it kept the others. So for each opponent the unknown part of its hand is drawn
        with one extra card per dealt card it gave away, and the extras are dropped again one by one,
        always the card whose loss leaves the best hand (by ``sim.value``), as a sound player would
        have given them. Every hand is one the view allows; only their weights change.
        """
        cards = self.unseen[:]
        rng = self.rng
        rng.shuffle(cards)
        needs = [0 if seat == self.seat else 9 - self.known[seat].bit_count() for seat in range(self.players)]
        waiting = sum(needs)
        hands = []
        value = sim.value
        for seat in range(self.players):
            if seat == self.seat:
                hands.append(self.hand)
                continue
            need = needs[seat]
            waiting -= need
            extra = max(0, min(EXTRA_PER_GIVEN * self.given[seat], len(cards) - need - waiting))
            drawn = [cards.pop() for _ in range(need + extra)]
            hand = self.known[seat]
            for index in drawn:
                hand |= 1 << index
            while extra:
                # Drop the cards whose loss hurts least, half of those still to go at a time (for speed).
                count = (extra + 1) // 2
                ranked = sorted(drawn, key=lambda i: value(hand ^ (1 << i)))
                for drop in ranked[:count]:
                    hand ^= 1 << drop
                    cards.insert(0, drop)
                drawn = ranked[count:]
                extra -= count
            hands.append(hand)
        return hands

    def _playout(self, index: int) -> None:
        """Play candidate ``index`` out on the current deal and add its outcome to its total."""
        give, take = self.candidates[index]
        table = sim.Table(self.hands, self.pool, self.seat, self.knocks, self.final_left, self.turns)
        if give < 0:
            table.knock()
            over = table.advance()
        else:
            over = table.swap(give, take) or table.advance()
        scores: Sequence[float] = table.scores() if over else table.playout(self.rng, self.bot.depth * self.players)
        mine = scores[self.seat]
        mean = (sum(scores) - mine) / (self.players - 1)
        best = min(s for seat, s in enumerate(scores) if seat != self.seat)
        self.totals[index] += mine - (1 - BEST_OPPONENT_WEIGHT) * mean - BEST_OPPONENT_WEIGHT * best

    def step(self, max_seconds: float) -> Action | None:
        """Search for about ``max_seconds`` (at least one playout); the action once the search is done.

        The unit of work is one playout (about a millisecond in CPython), and a slice stops early
        when the next playout would likely overrun it, so slices stay close to ``max_seconds``.
        An iteration (one deal, every candidate played out on it) may span slices; the search ends
        only between iterations, so every candidate is judged on the same deals.
        """
        if self.result is not None:
            return self.result
        bot = self.bot
        began = now = time.perf_counter()
        deadline = began + max_seconds
        finished = False
        while True:
            if self.next_candidate == 0:
                self.hands = self._deal()
            self._playout(self.next_candidate)
            self.next_candidate += 1
            last = now
            now = time.perf_counter()
            if self.next_candidate == len(self.candidates):
                self.next_candidate = 0
                self.done += 1
                finished = (bot.iterations is not None and self.done >= bot.iterations) or (
                    bot.time_budget is not None and self.used + (now - began) >= bot.time_budget
                )
                if finished:
                    break
            if now + (now - last) >= deadline:
                break
        self.used += now - began
        bot.last_iterations = self.done
        bot.last_seconds = self.used
        if not finished:
            return None
        best = min(range(len(self.candidates)), key=lambda i: (self.totals[i], i))
        self.result = self._action(self.candidates[best])
        return self.result


def dealt_cards_given(view: RoundView) -> list[int]:
    """Per seat, how many cards it was dealt this round it has since given away (public, from the swaps)."""
    given = [0] * view.players
    taken: list[set[Card]] = [set() for _ in range(view.players)]
    for turn in view.history:
        action = turn.action
        if isinstance(action, Swap):
            if action.give in taken[turn.seat]:
                taken[turn.seat].discard(action.give)
            else:
                given[turn.seat] += 1
            taken[turn.seat].add(action.take)
    return given


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_DEPTH", "DEFAULT_ITERATIONS", "DEFAULT_TIME_BUDGET", "HardBot", "Search"]
