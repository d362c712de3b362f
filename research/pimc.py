"""``pimc``: an outside yardstick of this package's own design, a determinized search with exact final turns.

Kept apart from ``zero_game/bots`` (it imports only the rules: cards, scoring, the round's view) and never used
to tune them. The design is Perfect Information Monte Carlo, the family of Ginsberg's GIB for bridge (see
Long, Sturtevant, Buro and Furtak 2010, "Understanding the success of perfect information Monte Carlo
sampling in game tree search"):

1. **Deals, weighted by what the others did.** Deals the seat's information allows are drawn uniformly
   (``research.deals``), then weighted by how likely each other seat's every move was with the hand that deal
   gives it: a seat knocks with a chance that falls with its score (a logistic around ``KNOCK_AT`` points), and
   otherwise picks each of its swaps with a chance falling exponentially with the swap's cost
   (``potential`` after it, ``TEMPERATURE`` points for a factor e). So a seat that threw away a 2 probably
   holds no other 2, a seat that left a card in the pool probably has no use for it, and a knocker's hand is
   low. The weighted deals are resampled into the deals played.
2. **Every seat sees every hand.** On each deal, each candidate action is played to the end of the round by
   one rule for every seat: take a ZERO when there is one; make the second knock when, after every other seat's
   best final swap, it would hold the lowest hand; make the first knock with a good, settled hand that leads;
   otherwise the swap with the lowest ``potential`` (the score less credit for four or three of a colour or a
   number). The final turns are exact: each seat in turn takes the swap that leaves it the lowest score.
3. **Outcome**: the match's, from the standing: in the last round the share of the win, before it a logistic
   of the lead over the best other total against the spread of the rounds to come.
4. **Sequential halving** (Karnin, Koren and Somekh 2013) over the candidates (the knock and the best swaps by
   ``potential``; in the final turns every swap and the pass, judged exactly): each level plays the survivors
   on the same new deals and keeps the better half.

The budget is a number of candidate playouts per decision (``pimc:N``); the default is about the thinking time
of ``hard`` at the page's cap on this machine (see the README).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from zero_game.actions import KNOCK, Action, Swap
from zero_game.bots.base import Bot, Decided, Standing
from zero_game.cards import DECK, indices
from zero_game.round import Phase, RoundView
from zero_game.scoring import is_zero_mask, score_mask, swap_in

from .deals import InfoSet, rng_shuffle

#: Candidate playouts per decision at about hard's thinking time (see the README).
DEFAULT_PLAYOUTS = 175
#: Swaps searched in normal play besides the knock: the best by ``potential``.
CANDIDATES = 8
#: Credit in points for three and four cards of a colour, and per face value for three and four of a number.
COLOUR_CREDIT = (0.0, 0.0, 0.0, 0.8, 2.2, 0.0, 0.0, 0.0, 0.0, 0.0)
NUMBER_CREDIT = (0.0, 0.0, 0.0, 0.15, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0)
#: The move model of the weighting: points of potential per factor e, and the knock's logistic.
TEMPERATURE = 1.5
KNOCK_AT = 10.0
KNOCK_SPREAD = 2.0
#: Deals drawn per deal played (the weighting chooses among them).
DRAWS_PER_DEAL = 2
#: The prior: an opponent's unseen cards are the best (by ``potential``) of ``1 + PRIOR_PER_SWAP * its swaps``
#: random draws (plus ``PRIOR_KNOCKED`` more for a seat that knocked): a player's hand improves as it plays.
PRIOR_PER_SWAP = 3.0
PRIOR_KNOCKED = 6
#: The spread of a round's score difference, for the match's outcome before the last round.
ROUND_SPREAD = 6.0
#: A rollout's length in actions past the root, per seat, before it is scored as it stands.
ROLLOUT_TURNS = 12


_NUMBER_BITS = 0x0101010101010101  # the eight cards of one number, shifted by the number


def potential(hand: int) -> float:
    """A hand's worth in points, lower is better: its score less credit for groups under way."""
    credit = 0.0
    for colour in range(7):
        credit += COLOUR_CREDIT[(hand >> (8 * colour) & 0xFF).bit_count()]
    for number in range(8):
        credit += NUMBER_CREDIT[(hand >> number & _NUMBER_BITS).bit_count()] * (number + 1)
    return score_mask(hand) - credit


def swap_values(hand: int, pool: int) -> list[tuple[int, float, int, int, bool]]:
    """Every swap as (score after it, potential after it, card given, card taken, makes a ZERO).

    The same as scoring every hand after a swap, faster: a swap that leaves the groups of five as they are
    changes the score and the credit through the two cards' colours and numbers only (counting only the cards
    no group clears); a swap that makes or breaks a group is scored in full.
    """
    cc = [(hand >> (8 * c) & 0xFF).bit_count() for c in range(7)]
    nc = [(hand >> n & _NUMBER_BITS).bit_count() for n in range(8)]
    cleared = 0
    for c in range(7):
        if cc[c] >= 5:
            cleared |= 0xFF << (8 * c)
    for n in range(8):
        if nc[n] >= 5:
            cleared |= _NUMBER_BITS << n
    rest = hand & ~cleared
    rc = [(rest >> n & _NUMBER_BITS).bit_count() for n in range(8)]
    base = sum(n + 1 for n in range(8) if rc[n])
    credit = sum(COLOUR_CREDIT[x] for x in cc) + sum(NUMBER_CREDIT[x] * (n + 1) for n, x in enumerate(nc))
    cr, nr = COLOUR_CREDIT, NUMBER_CREDIT
    gives = []
    for g in indices(hand):
        gc, gn = g >> 3, g & 7
        gives.append((g, gc, gn, cleared >> g & 1, cr[cc[gc] - 1] - cr[cc[gc]],
                      (nr[nc[gn] - 1] - nr[nc[gn]]) * (gn + 1)))
    out = []
    for t in indices(pool):
        tc, tn = t >> 3, t & 7
        t_cleared = cc[tc] >= 5 or nc[tn] >= 5
        tcol = cr[cc[tc] + 1] - cr[cc[tc]]
        tnum = (nr[nc[tn] + 1] - nr[nc[tn]]) * (tn + 1)
        for g, gc, gn, g_cleared, gcol, gnum in gives:
            if (gc != tc and (cc[gc] == 5 or cc[tc] == 4)) or (gn != tn and (nc[gn] == 5 or nc[tn] == 4)):
                # A group of five forms or breaks: score it in full.
                after = hand ^ (1 << g) ^ (1 << t)
                zero = is_zero_mask(after)
                score = 0 if zero else score_mask(after)
                out.append((score, score - 5.0 if zero else potential(after), g, t, zero))
                continue
            score = base
            if not g_cleared and rc[gn] == 1 and (t_cleared or tn != gn):
                score -= gn + 1
            if not t_cleared and rc[tn] == 0:
                score += tn + 1
            change = 0.0
            if gc != tc:
                change += gcol + tcol
            if gn != tn:
                change += gnum + tnum
            out.append((score, score - credit - change, g, t, False))
    return out


def best_final(hand: int, pool: int) -> tuple[int, int, int]:
    """The last turn's best move: (score after it, card given, card taken), (-1, -1) to pass; a ZERO scores 0."""
    best = (score_mask(hand), -1, -1)
    for score, _, g, t, _ in swap_values(hand, pool):
        if score < best[0]:
            best = (score, g, t)
    return best


def best_swap(hand: int, pool: int) -> tuple[float, int, int, bool]:
    """The swap with the lowest potential: (potential, given, taken, makes a ZERO)."""
    best = (math.inf, -1, -1, False)
    for _, p, g, t, zero in swap_values(hand, pool):
        if zero:
            return (-math.inf, g, t, True)
        if p < best[0]:
            best = (p, g, t, False)
    return best


class Table:
    """A deal with every hand visible, played on by the one rule of every seat."""

    __slots__ = ("final", "hands", "knocks", "pool", "scores_fixed", "seat", "turns", "zero")

    def __init__(self, hands: Sequence[int], pool: int, seat: int, knocks: int, final: int, turns: Sequence[int]):
        self.hands = list(hands)
        self.pool = pool
        self.seat = seat
        self.knocks = knocks
        self.final = final  # final turns still to come (the current one included); -1 in normal play
        self.turns = list(turns)
        self.zero = -1

    def swap(self, give: int, take: int) -> bool:
        """The seat to act swaps; True if the round is over (a ZERO)."""
        self.pool, zero = swap_in(self.hands, self.seat, self.pool, give, take)
        if zero:
            self.zero = self.seat
            return True
        return self.next()

    def knock(self) -> bool:
        """The seat to act knocks (a pass in the final turns); True if the round is over."""
        if self.final < 0:
            self.knocks += 1
            if self.knocks == 2:
                self.final = len(self.hands)
        return self.next()

    def next(self) -> bool:
        self.turns[self.seat] += 1
        self.seat = (self.seat + 1) % len(self.hands)
        if self.final >= 0:
            self.final -= 1
            return self.final == 0
        return False

    def scores(self) -> list[int]:
        return [0 if s == self.zero else score_mask(h) for s, h in enumerate(self.hands)]

    def finals_after_knock(self) -> list[int]:
        """The scores if the seat to act made the second knock now: every other seat's exact final turn."""
        hands = self.hands[:]
        pool = self.pool
        players = len(hands)
        for step in range(1, players):
            other = (self.seat + step) % players
            s, g, t = best_final(hands[other], pool)
            if g >= 0:
                hands[other] ^= (1 << g) | (1 << t)
                pool ^= (1 << g) | (1 << t)
                if s == 0 and is_zero_mask(hands[other]):
                    return [0 if k == other else score_mask(h) for k, h in enumerate(hands)]
        return [score_mask(h) for h in hands]

    def play(self) -> bool:
        """The seat to act plays its turn by the rule; True if the round is over."""
        seat = self.seat
        hand = self.hands[seat]
        if self.final >= 0:
            _, g, t = best_final(hand, self.pool)
            return self.swap(g, t) if g >= 0 else self.knock()
        p, g, t, zero = best_swap(hand, self.pool)
        if zero:
            return self.swap(g, t)
        mine = score_mask(hand)
        others = min(score_mask(h) for k, h in enumerate(self.hands) if k != seat)
        if self.knocks == 1:
            # A final swap only ever lowers a score, so only a seat that leads now can win by knocking.
            if mine < others:
                finals = self.finals_after_knock()
                if all(finals[seat] < s for k, s in enumerate(finals) if k != seat):
                    return self.knock()
        elif self.knocks == 0:
            if mine <= 10 and mine < others and potential(hand) - p < 1.0:
                return self.knock()
        return self.swap(g, t)

    def rollout(self) -> list[int]:
        """Play to the end of the round (or ``ROLLOUT_TURNS`` turns a seat, then scored as it stands)."""
        for _ in range(ROLLOUT_TURNS * len(self.hands)):
            if self.play():
                break
        return self.scores()


def outcome(scores: Sequence[int], seat: int, totals: Sequence[float], rounds_left: int) -> float:
    """What the round's scores are worth to ``seat`` in the match (see the module's text)."""
    finals = [t + s for t, s in zip(totals, scores, strict=True)]
    mine = finals[seat]
    best_other = min(f for k, f in enumerate(finals) if k != seat)
    margin = (sum(scores) - scores[seat]) / (len(scores) - 1) - scores[seat]
    if rounds_left <= 0:
        win = 0.0 if mine > best_other else 1.0 / (1 + sum(f == mine for k, f in enumerate(finals) if k != seat))
    else:
        win = 1.0 / (1.0 + math.exp(-(best_other - mine) / (ROUND_SPREAD * math.sqrt(rounds_left))))
    return win + 0.001 * margin


class PIMCBot(Bot):
    """The ``pimc`` yardstick (see the module's text)."""

    name = "pimc"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, candidates: int = CANDIDATES) -> None:
        if playouts < 1:
            raise ValueError(f"pimc needs at least one playout, not {playouts!r}.")
        self.playouts = playouts
        self.candidates = candidates

    def start(self, view: RoundView, rng: random.Random, standing: Standing | None = None) -> Decided:
        return Decided(self.search(view, rng, standing))

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        return self.search(view, rng, None)

    # ---- the search ------------------------------------------------------------------------------

    def search(self, view: RoundView, rng: random.Random, standing: Standing | None) -> Action:
        if standing is None or len(standing.totals) != view.players:
            standing = Standing.fresh(view.players)
        hand = sum(1 << c.index for c in view.hand)
        pool = sum(1 << c.index for c in view.pool)
        final = view.phase is Phase.FINAL
        turns = [0] * view.players
        for turn in view.history:
            turns[turn.seat] += 1
        cands = self._candidates(hand, pool, final)
        if len(cands) == 1:
            return _action(cands[0])
        info = InfoSet.of_view(view)
        levels = max(1, math.ceil(math.log2(len(cands))))
        per_level = [max(1, self.playouts // (levels * max(1, len(cands) >> level))) for level in range(levels)]
        deals = self._deals(info, view, rng, sum(per_level))
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        used = 0
        totals = standing.totals
        left = final and len(view.final_turns_left) or -1
        for level in range(levels):
            batch = deals[used:used + per_level[level]]
            used += len(batch)
            for hands in batch:
                for i in alive:
                    table = Table(hands, pool, view.seat, view.knocks, left, turns)
                    g, t = cands[i]
                    over = table.knock() if g < 0 else table.swap(g, t)
                    scores = table.scores() if over else table.rollout()
                    sums[i] += outcome(scores, view.seat, totals, standing.rounds_left)
                    counts[i] += 1
            if level < levels - 1 and len(alive) > 1:
                alive.sort(key=lambda i: (-sums[i] / counts[i], i))
                alive = sorted(alive[: (len(alive) + 1) // 2])
        best = max(alive, key=lambda i: (sums[i] / counts[i], -i))
        return _action(cands[best])

    def _candidates(self, hand: int, pool: int, final: bool) -> list[tuple[int, int]]:
        scored = []
        for score, p, g, t, zero in swap_values(hand, pool):
            if zero:
                return [(g, t)]
            scored.append((score if final else p, g, t))
        scored.sort()
        if final:
            return [(-1, -1)] + [(g, t) for s, g, t in scored if s < score_mask(hand)]
        return [(-1, -1)] + [(g, t) for _, g, t in scored[: self.candidates]]

    def _deals(self, info: InfoSet, view: RoundView, rng: random.Random, count: int,
               dealt: bool = False) -> list[list[int]]:
        """``count`` deals (hands now, or as dealt), drawn among the allowed ones in proportion to how well they
        explain the others' moves."""
        known = [sum(1 << c.index for c in cards) for cards in view.known]
        swapped = [0] * view.players
        for turn in view.history:
            swapped[turn.seat] += isinstance(turn.action, Swap)
        knocked = {view.first_knocker, view.second_knocker}
        picks = [0 if s == view.seat else 1 + round(PRIOR_PER_SWAP * swapped[s]) + PRIOR_KNOCKED * (s in knocked)
                 for s in range(view.players)]
        drawn = [self._draw(info, known, picks, rng) for _ in range(count * DRAWS_PER_DEAL)]
        logs = [self._log_likelihood(info, dealt) for dealt in drawn]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        total = sum(weights)
        # Systematic resampling: ``count`` deals in proportion to their weights.
        step = total / count
        mark = rng.random() * step
        chosen: list[list[int]] = []
        acc = 0.0
        for hands, w in zip(drawn, weights, strict=True):
            acc += w
            while mark < acc and len(chosen) < count:
                chosen.append(hands if dealt else info.now(hands))
                mark += step
        while len(chosen) < count:
            chosen.append(drawn[-1] if dealt else info.now(drawn[-1]))
        rng.shuffle(chosen)
        return chosen

    def _draw(self, info: InfoSet, known: list[int], picks: list[int], rng: random.Random) -> list[int]:
        """Dealt hands the information allows, each other seat's unseen cards the best of ``picks[seat]`` draws."""
        others = [s for s in range(info.players) if s != info.seat]
        for _ in range(1000):
            free = list(info.free)
            rng.shuffle(others)
            dealt = [info.dealt_hand if s == info.seat else info.given[s] for s in range(info.players)]
            for seat in others:
                best: tuple[float, list[int]] | None = None
                for _ in range(picks[seat]):
                    cards = rng.sample(free, info.unseen[seat])
                    worth = potential(known[seat] | sum(1 << c for c in cards))
                    if best is None or worth < best[0]:
                        best = (worth, cards)
                assert best is not None
                for card in best[1]:
                    free.remove(card)
                    dealt[seat] |= 1 << card
            if info.consistent(dealt):
                return dealt
        return info.sample(rng_shuffle(rng))

    def _log_likelihood(self, info: InfoSet, dealt: Sequence[int]) -> float:
        """How likely the other seats' moves were with these dealt hands, under the move model (a log)."""
        total = 0.0
        knocks = 0
        for (who, give, take), hands, pool in info.replay(dealt):
            if who == info.seat:
                if give < 0:
                    knocks += 1
                continue
            hand = hands[who]
            final = knocks >= 2
            if final:
                if give < 0:
                    knocks += 1
                continue  # a last turn is every seat's best swap: its hand is known after it anyway
            knock = 1.0 / (1.0 + math.exp(-(KNOCK_AT - score_mask(hand)) / KNOCK_SPREAD))
            if give < 0:
                total += math.log(max(knock, 1e-9))
                knocks += 1
                continue
            total += math.log(max(1.0 - knock, 1e-9))
            values = swap_values(hand, pool)
            low = min(v[1] for v in values)
            norm = 0.0
            chosen = low
            for _, p, g, t, _ in values:
                norm += math.exp((low - p) / TEMPERATURE)
                if g == give and t == take:
                    chosen = p
            total += (low - chosen) / TEMPERATURE - math.log(norm)
        return total


def _action(candidate: tuple[int, int]) -> Action:
    g, t = candidate
    return KNOCK if g < 0 else Swap(DECK[g], DECK[t])
