"""``hard`` and ``expert``: a flat information-set Monte Carlo search with racing.

The seat to act knows its hand, the pool, every public swap and knock, and the match totals; what it
does not know is where the unseen cards are. Its decision is a choice at *one information set* (all
the deals its view allows), so the search samples *determinizations* of that set and judges every
candidate action on each of them by playing the round out (Information Set Monte Carlo, the
"determinized" family of Cowling, Powley and Whitehouse 2012).

We search flat (the tree is the root information set and its actions) rather than growing an
ISMCTS tree, for three reasons. Every later action in Zero is public, so the acting seat's own next
information sets differ from the root only by what the opponents did; a tree over them spreads a
page-sized budget (a few hundred playouts) over hundreds of nodes that each get a handful of visits.
The decision that matters most (when to knock) is settled by the final turns, which the playouts
play exactly. And all candidates share each determinization (common random numbers), which lets a
*race* drop clearly worse candidates early and spend the budget on the close ones.

- **Determinizations** (``Search._deal``): cards seen taken stay in their taker's hand; the rest of
  each opponent's hand comes from the unseen cards, leaning towards the cards a sound player would
  have kept (it draws extra cards, more per dealt card it gave away, and drops the worst), and a seat
  that knocked keeps the fewest points (a knock says the hand is good); calibrated so that sampled
  hands score what real ones do. How many extra cards is the bot's ``OpponentModel``: ``hard``
  pictures opponents who play like medium but whose first knock says nothing of their hand (``TEMPO``),
  ``expert`` opponents who play like hard (``STRONG``).
- **Candidates**: the best few swaps by the one-ply value (``sim.value``) and the knock; a ZERO is
  taken at once; in the final turns the best few swaps by score and the pass.
- **Playouts** run the round to its end with the shared policy of ``sim`` (which knocks when its hand
  beats what the turns played suggest the others hold, and plays the final turns for the lowest
  score): the opponents' knocks and final turns are played, not guessed at. In ``expert``'s playouts
  the opponents make the first knock early, as strong players do (``sim.BOLD_FIRST_KNOCK``).
- **Plans**: a flat search judges "this action, then the playout policy", so the seat's own later
  knocks would be the policy's rule of thumb, which knocks later than the search itself does. So in
  normal play the best ``PLANNED`` swaps (and, before any knock, knocking now) are also judged as
  *plans* "this, then knock at my next turn" (``_planned_playout``), on the same deals and in the same
  race; an action is worth its best plan (docs/bots.md gives what this measured).
- **Outcome**: the chance of winning the *match* (R17, the lowest total wins) from the round's
  scores and the match totals: exact (shared wins split) in the last round, otherwise each
  opponent's lead is judged against the spread of the rounds still to come (``ROUND_SPREAD``).
  So ending a round while leading the match is worth more than the same score when behind. Where
  the match is lost whatever happens, a tiny term for the round's margin keeps the bot playing on.
- **Race**: every ``RACE_EVERY`` deals, a candidate whose paired mean outcome is behind the leader's
  by more than ``RACE_Z`` standard errors is dropped; the search ends when one is left or the budget
  is spent. Budget: ``iterations`` playouts (deterministic for a seed), and/or ``time_budget``
  seconds of work in ``step``; the search stops only between deals, so candidates alive at the end
  are judged on the same deals.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..actions import KNOCK, Action, Swap
from ..cards import Card, to_mask
from ..round import Effect, Phase, RoundView
from ..scoring import NUMBER_MASKS, is_zero_mask, score_mask
from . import sim
from .base import Bot, Decided, Standing, check_turn, final_turns, masks, own_turns, swap_action
from .beliefs import FITTED, ActionModel, Beliefs

#: The page's budget for ``hard``: at most this many playouts (the tournament's deterministic cap,
#: what the page fits into its time budget on a typical machine; see docs/bots.md) and this many
#: seconds of work, whichever comes first (the seconds bind only on slow devices).
DEFAULT_ITERATIONS = 600
DEFAULT_TIME_BUDGET = 1.0
#: The same for ``expert``.
EXPERT_ITERATIONS = 1500
EXPERT_TIME_BUDGET = 2.5
#: Swaps considered besides knocking: the best ones by the one-ply evaluation.
DEFAULT_CANDIDATES = 5
EXPERT_CANDIDATES = 7
#: Swaps also judged as the plan "this, then knock at my next turn" (with knocking now, before any knock).
PLANNED = 4
#: In the final turns (one last swap, no knocking to weigh), fewer candidates are enough.
FINAL_CANDIDATES = 3
#: At most this many fills are tried per opponent hand per dealt card it gave away (see ``Search._deal``).
EXTRA_PER_GIVEN = 3
#: Extra fills for every opponent hand: its later swaps improved it too.
BASE_EXTRA = 2
#: Extra fills for a seat that knocked, kept for the fewest points: a knock says the hand scores little.
#: With these, sampled hands match real ones (medium opponents, 3 players, 60 rounds: mean sampled
#: minus real score +0.05 for all opponents, -0.08 for knockers; before, +1.25 and +5.2).
KNOCK_EXTRA = 14


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """How a searching bot pictures its opponents: the hands it samples for them, and how they knock.

    ``extra``, ``per_given`` and ``knocked`` are the extra fills of ``Search._deal`` (more fills, better
    hands); ``bold`` opponents make the first knock early in the playouts (``sim.BOLD_FIRST_KNOCK``).
    """

    extra: int
    per_given: int
    knocked: int
    bold: bool
    #: Deals drawn per deal played, one kept in proportion to how well it explains each opponent's moves
    #: (``Search._likelihood``); 1 draws one and weighs nothing.
    draws: int = 1
    #: Points of regret (value given up against the best swap) per factor e in a move's likelihood.
    temperature: float = 1.5
    #: In the playouts, opponents make the second knock exactly when it wins them the round (``sim.Table.sharp``).
    sharp: bool = False
    #: In the playouts, the searching seat itself also makes the second knock exactly when it wins the round on the
    #: deal played (it reads the pictured hands), instead of by the policy's rule of thumb.
    sharp_self: bool = False
    #: In the playouts, every seat swaps as a builder (``sim.best_swap(builder=True)``): more score given up for groups.
    builders: bool = False
    #: Extra fills for the seat that made the *first* knock, if not ``knocked``. A first knock changes nothing
    #: (R8), and a bold player makes it as a tempo move with a poor hand: the pimc yardstick's first knockers
    #: hold 15.6 points where ``SOUND`` pictures 8.3; with no knock fills, 12.1 (see ``TEMPO``).
    first: int | None = None
    #: Draw the deals from ``beliefs.Beliefs`` under this action model (Metropolis-within-Gibbs over the deals the
    #: view allows, weighted by each opponent's moves, knocks and turns without one) instead of the fills above.
    beliefs: ActionModel | None = None
    #: The beliefs' proposals per opponent between two deals played (the chain's cost per deal).
    belief_moves: int = 2


#: Opponents who play like the ``medium`` bot, calibrated on medium's hands (above); ``hard`` uses ``TEMPO``.
SOUND = OpponentModel(BASE_EXTRA, EXTRA_PER_GIVEN, KNOCK_EXTRA, bold=False)
#: ``hard``'s model: ``SOUND``, except that a *first* knock says nothing of the hand (no knock fills). Strong players
#: make the first knock as a tempo move with a poor hand: the pimc yardstick's first knockers hold 15.6 points where
#: ``SOUND`` pictures 8.3 (12.1 with this model); medium's hold 4.8, pictured 5.6 (8.1). A second knock, which ends
#: the round, still says the hand is good. Against two pimc it lifted hard's win share on the same deals by +0.27
#: [+0.02, +0.51] (5 deal sets); docs/bots.md has the figures.
TEMPO = OpponentModel(BASE_EXTRA, EXTRA_PER_GIVEN, KNOCK_EXTRA, bold=False, first=0)
#: ``TEMPO``'s playouts with the deals read from the table (``beliefs``, the action model fitted on OpenSpiel's ISMCTS).
#: Not yet any level's default: see docs/bots.md ("Reading the table") for what it measured.
READING = OpponentModel(BASE_EXTRA, EXTRA_PER_GIVEN, KNOCK_EXTRA, bold=False, first=0, beliefs=FITTED)
#: Opponents who play like the ``hard`` bot: ``expert``'s model. Its fills are calibrated on hard's hands
#: (``bench/sampler.py``, hard in every seat, 40 rounds: mean sampled minus real score +0.30 for
#: opponents who have not knocked, -0.62 for first knockers; ``SOUND`` gives -2.16 and -4.84: hard keeps
#: worse hands than medium and knocks with them).
STRONG = OpponentModel(1, 1, 6, bold=True)

#: The spread (standard deviation) of one round's score difference between two players.
ROUND_SPREAD = 7.0
#: Where the match is lost whatever happens, a better round still counts this little per point
#: (so the bot plays on instead of giving up; where it is won whatever happens, it ends the round).
TIE_WEIGHT = 0.001
#: The race: check every this many deals, drop candidates this many standard errors behind.
RACE_EVERY = 8
RACE_Z = 2.0
#: A playout stops after this many turns per player (a safety net: ``sim.PATIENCE`` ends rounds first).
PLAYOUT_TURNS = 40


class HardBot(Bot):
    """Searches: samples deals consistent with the view, plays candidate actions out, races them."""

    name = "hard"

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        candidates: int = DEFAULT_CANDIDATES,
        model: OpponentModel = TEMPO,
    ) -> None:
        if iterations is None and time_budget is None:
            raise ValueError(f"The {self.name} bot needs an iteration cap, a time budget, or both.")
        if iterations is not None and iterations < 1:
            raise ValueError(f"The {self.name} bot needs at least one iteration, not {iterations!r}.")
        if time_budget is not None and time_budget <= 0:
            raise ValueError(
                f"The {self.name} bot's time budget is a positive number of seconds, not {time_budget!r}."
            )
        if candidates < 1:
            raise ValueError(f"The {self.name} bot needs at least one candidate swap, not {candidates!r}.")
        self.iterations = iterations
        self.time_budget = time_budget
        self.candidates = candidates
        self.model = model
        self.last_iterations = 0  # playouts run for the last decision (for benchmarks)
        self.last_seconds = 0.0

    def start(self, view: RoundView, rng: random.Random, standing: Standing | None = None) -> Search | Decided:
        check_turn(view)
        return Search(self, view, rng, standing)

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        return self.choose(view, rng)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} iterations={self.iterations} time_budget={self.time_budget}>"


class ExpertBot(HardBot):
    """The same search with a larger budget, more candidate swaps, and opponents pictured as strong."""

    name = "expert"

    def __init__(
        self,
        iterations: int | None = EXPERT_ITERATIONS,
        time_budget: float | None = EXPERT_TIME_BUDGET,
        candidates: int = EXPERT_CANDIDATES,
        model: OpponentModel = STRONG,
    ) -> None:
        super().__init__(iterations, time_budget, candidates, model)


def win_chance(finals: list[float], seat: int, rounds_left: int) -> float:
    """How likely ``seat`` is to win the match from these totals with ``rounds_left`` rounds to come.

    With none left it is the seat's share of the win (R17: equal lowest totals share it). Otherwise
    each opponent's lead is judged against the spread of the rounds to come, as if independent.

    >>> win_chance([10, 12, 14], 0, 0), win_chance([10, 10, 14], 1, 0), win_chance([11, 10, 14], 0, 0)
    (1.0, 0.5, 0.0)
    >>> win_chance([12, 10, 14], 0, 2) < win_chance([10, 12, 14], 0, 2) < win_chance([10, 12, 14], 0, 1)
    True
    """
    mine = finals[seat]
    if rounds_left <= 0:
        best = min(finals)
        return 1.0 / finals.count(best) if mine == best else 0.0
    scale = ROUND_SPREAD * math.sqrt(rounds_left) * math.sqrt(2.0)  # erf takes x / sqrt(2)
    chance = 1.0
    for other, total in enumerate(finals):
        if other != seat:
            chance *= 0.5 * (1.0 + math.erf((total - mine) / scale))
    return chance


class Search:
    """One decision of a searching bot, advanced by ``step``."""

    def __init__(self, bot: HardBot, view: RoundView, rng: random.Random, standing: Standing | None = None) -> None:
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
        self.knocked = {s for s in (view.first_knocker, view.second_knocker) if s is not None and s != view.seat}
        #: Per opponent who knocked, its extra fills for the knock (``OpponentModel.knocked`` and ``.first``).
        self.knock_fills = {s: bot.model.knocked for s in self.knocked}
        if view.first_knocker in self.knocked and bot.model.first is not None:
            self.knock_fills[view.first_knocker] = bot.model.first
        if view.second_knocker in self.knocked:
            self.knock_fills[view.second_knocker] = bot.model.knocked
        self.unseen = sorted(c.index for c in view.unseen())
        self.evidence = _evidence(view) if bot.model.draws > 1 else {}
        self.view = view
        self.beliefs: Beliefs | None = None  # made at the first deal (a decision with one candidate needs none)
        model = bot.model
        others = ((1 << view.players) - 1) & ~(1 << view.seat)
        self.bold = others if model.bold else 0
        self.sharp = (others if model.sharp else 0) | (1 << view.seat if model.sharp_self else 0)
        self.builders = (1 << view.players) - 1 if model.builders else 0
        if standing is None or len(standing.totals) != view.players:
            standing = Standing.fresh(view.players)
        self.totals = [float(t) for t in standing.totals]
        self.rounds_left = standing.rounds_left
        self.candidates = self._candidates(view)
        #: Per candidate, whether it is played out as the plan "this, then knock at my next turn".
        self.plans = [False] * len(self.candidates)
        if len(self.candidates) > 1 and view.phase is not Phase.FINAL:
            planned = [c for c in self.candidates if c[0] >= 0][:PLANNED]
            if self.knocks == 0:
                planned.insert(0, (-1, -1))  # knock now, and again at the next turn: the round ends then
            self.candidates += planned
            self.plans += [True] * len(planned)
        self.alive = list(range(len(self.candidates)))
        self.outcomes: list[list[float]] = [[] for _ in self.candidates]
        self.deals = 0
        self.playouts = 0
        self.next_alive = 0  # the position in ``alive`` to play out next on the current deal
        self.hands: list[int] = []
        self.used = 0.0
        self.typical = 0.0  # seconds a playout (with its deal) typically takes, to keep slices within time
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
        if final:
            if scored[0][0] >= score_mask(hand):
                return [(-1, -1)]  # no swap lowers the score on the last turn: pass
            keep = [(g, t) for s, g, t in scored[:FINAL_CANDIDATES] if s < score_mask(hand)]
        else:
            keep = [(g, t) for _, g, t in scored[: self.bot.candidates]]
        # The knock (or pass) first: where candidates tie (a match won or lost whatever happens) it is chosen.
        return [(-1, -1), *keep]

    def _action(self, candidate: tuple[int, int]) -> Action:
        give, take = candidate
        return KNOCK if give < 0 else swap_action(give, take)

    def _deal(self) -> list[int]:
        """The hands of one deal to play out: ``_draw``, or with ``model.draws`` above 1 the best explanation of
        what the opponents did among that many draws, chosen in proportion to its likelihood."""
        model = self.bot.model
        if model.beliefs is not None:
            if self.beliefs is None:
                self.beliefs = Beliefs(self.view, model.beliefs, self.rng, moves_per_seat=model.belief_moves)
            return self.beliefs.sample()
        draws = self.bot.model.draws
        if draws <= 1 or not self.evidence:
            return self._draw()
        found = [self._draw() for _ in range(draws)]
        logs = [self._likelihood(hands) for hands in found]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        pick = self.rng.random() * sum(weights)
        for hands, weight in zip(found, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return hands
        return found[-1]

    def _likelihood(self, hands: list[int]) -> float:
        """How likely the opponents' moves were with these hands (a log, up to a constant): each swap in normal
        play loses a factor e per ``model.temperature`` points of value it gave up against the best swap then
        (by ``sim.value``); each final turn the same by score."""
        temperature = self.bot.model.temperature
        total = 0.0
        value = sim.value
        for seat, moves in self.evidence.items():
            hand = hands[seat]
            for pool, give, take, final in moves:  # newest first: undo each swap to find the hand before it
                if give < 0:
                    if final:
                        best = sim.best_final_swap(hand, pool)[0]
                        total -= (score_mask(hand) - best) / temperature
                    continue
                after = hand
                hand = hand ^ (1 << take) ^ (1 << give)
                if final:
                    total -= (score_mask(after) - sim.best_final_swap(hand, pool)[0]) / temperature
                else:
                    total -= (value(after) - sim.best_swap(hand, pool)[0]) / temperature
        return total

    def _draw(self) -> list[int]:
        """Hands for every seat that agree with the view: known cards kept, the rest drawn from the unseen.

        An opponent's unknown cards are the ones it was dealt and kept: each time it gave away a card
        it was dealt, it kept the others. So for each opponent the unknown part of its hand is drawn
        with extra cards (two, plus three per dealt card it gave away), and the extras are dropped
        again, always the cards whose loss leaves the best hand (by ``sim.value``), as a sound player
        would have given them. A seat that knocked draws 14 more and keeps the cards that add the
        fewest points. Every hand is one the view allows; only their weights change.
        """
        cards = self.unseen[:]
        rng = self.rng
        model = self.bot.model
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
            wanted = model.extra + model.per_given * self.given[seat] + self.knock_fills.get(seat, 0)
            extra = max(0, min(wanted, len(cards) - need - waiting))
            drawn = [cards.pop() for _ in range(need + extra)]
            hand = self.known[seat]
            for index in drawn:
                hand |= 1 << index
            if seat in self.knocked and extra:
                # A knocker's hand scores little: keep the drawn cards that add the fewest points,
                # numbers it already holds first, then numbers common among the draws, low ones first.
                counts = [0] * 8
                for index in drawn:
                    counts[index & 7] += 1
                held = hand & ~sum(1 << i for i in drawn)
                ranked = sorted(drawn, key=lambda i: 0.0 if _holds_number(held, i & 7)
                                else ((i & 7) + 1) / counts[i & 7])
                for drop in ranked[need:]:
                    hand ^= 1 << drop
                    cards.insert(0, drop)
                extra = 0
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

    def _playout(self, index: int) -> float:
        """Play candidate ``index`` out on the current deal to the end of the round; its outcome."""
        give, take = self.candidates[index]
        table = sim.Table(self.hands, self.pool, self.seat, self.knocks, self.final_left, self.turns, self.bold,
                          self.sharp, self.builders)
        if give < 0:
            table.knock()
            over = table.advance()
        else:
            over = table.swap(give, take) or table.advance()
        if over:
            scores = [float(s) for s in table.scores()]
        elif self.plans[index]:
            scores = _planned_playout(table, self.seat, self.rng, PLAYOUT_TURNS * self.players)
        else:
            scores = table.playout(self.rng, PLAYOUT_TURNS * self.players)
        finals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        mine = scores[self.seat]
        margin = (sum(scores) - mine) / (self.players - 1) - mine
        chance = win_chance(finals, self.seat, self.rounds_left)
        return chance if chance > 0 else TIE_WEIGHT * margin  # a lost match: still play for the round

    def _race(self) -> None:
        """Drop the candidates clearly behind the leader on the deals played so far (paired)."""
        n = self.deals
        means = {i: sum(self.outcomes[i]) / n for i in self.alive}
        leader = max(self.alive, key=lambda i: (means[i], -i))
        lead = self.outcomes[leader]
        keep = []
        for i in self.alive:
            if i != leader:
                diffs = [a - b for a, b in zip(lead, self.outcomes[i], strict=True)]
                mean = sum(diffs) / n
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                if mean > RACE_Z * math.sqrt(var / n) and mean > 0:
                    continue
            keep.append(i)
        self.alive = keep

    def _over(self, seconds: float) -> bool:
        bot = self.bot
        if len(self.alive) == 1:
            return True
        if bot.iterations is not None and self.playouts >= bot.iterations:
            return True
        return bot.time_budget is not None and seconds >= bot.time_budget

    def step(self, max_seconds: float) -> Action | None:
        """Search for about ``max_seconds`` (at least one playout); the action once the search is done.

        The unit of work is one playout (about a millisecond in CPython), and a slice stops early
        when the next playout would likely overrun it, so slices stay close to ``max_seconds``.
        """
        if self.result is not None:
            return self.result
        bot = self.bot
        began = now = time.perf_counter()
        deadline = began + max_seconds
        finished = False
        while True:
            if self.next_alive == 0:
                self.hands = self._deal()
            index = self.alive[self.next_alive]
            self.outcomes[index].append(self._playout(index))
            self.playouts += 1
            self.next_alive += 1
            last = now
            now = time.perf_counter()
            if self.next_alive == len(self.alive):
                self.next_alive = 0
                self.deals += 1
                if self.deals % RACE_EVERY == 0:
                    self._race()
                finished = self._over(self.used + (now - began))
                if finished:
                    break
            # A running mean of the playouts' cost (with their deals), so one pause of the machine
            # does not shorten every later slice: stop when the next playout would likely overrun.
            self.typical = now - last if self.playouts == 1 else 0.8 * self.typical + 0.2 * (now - last)
            if now + 1.5 * max(self.typical, now - last) >= deadline:
                break
        self.used += now - began
        bot.last_iterations = self.playouts
        bot.last_seconds = self.used
        if not finished:
            return None
        n = self.deals
        best = max(self.alive, key=lambda i: (sum(self.outcomes[i]) / n, -i))
        self.result = self._action(self.candidates[best])
        return self.result


def _planned_playout(table: sim.Table, seat: int, rng: random.Random, max_turns: int) -> list[float]:
    """``Table.playout`` where ``seat`` knocks at its next turn in normal play, then follows the policy."""
    pending = True
    for _ in range(max_turns):
        if pending and table.seat == seat and table.final_left < 0:
            pending = False
            table.knock()
            over = table.advance()
        else:
            over = table.policy_step(rng)
        if over:
            return [float(s) for s in table.scores()]
    return [sim.value(h) for h in table.hands]


def _evidence(view: RoundView) -> dict[int, list[tuple[int, int, int, bool]]]:
    """Per opponent, its moves newest first as (the pool before it, card given, card taken, in the final turns);
    a knock or a pass has -1 and -1."""
    pool = to_mask(view.pool)
    out: dict[int, list[tuple[int, int, int, bool]]] = {}
    final_from = next((i for i, t in enumerate(view.history) if t.effect is Effect.SECOND_KNOCK), len(view.history))
    for index in range(len(view.history) - 1, -1, -1):
        turn = view.history[index]
        action = turn.action
        if isinstance(action, Swap):
            give, take = action.give.index, action.take.index
            pool ^= (1 << give) | (1 << take)  # the pool before this swap
        else:
            give = take = -1
        if turn.seat != view.seat:
            out.setdefault(turn.seat, []).append((pool, give, take, index > final_from))
    return out


def _holds_number(hand: int, number: int) -> bool:
    """Whether ``hand`` holds a card of ``number`` (0-based)."""
    return bool(hand & NUMBER_MASKS[number])


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


__all__ = [
    "DEFAULT_CANDIDATES", "DEFAULT_ITERATIONS", "DEFAULT_TIME_BUDGET", "EXPERT_CANDIDATES", "EXPERT_ITERATIONS",
    "EXPERT_TIME_BUDGET", "PLANNED", "READING", "SOUND", "STRONG", "TEMPO", "ExpertBot", "HardBot", "OpponentModel",
    "Search", "win_chance",
]
