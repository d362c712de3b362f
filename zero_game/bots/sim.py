"""Fast mask-level play for the bots: hand values, the shared greedy policy, and playouts.

Everything here works on plain ints (56-bit card masks, bit = ``card.index``) so that the
``hard`` bot can play thousands of simulated turns per second; the engine's ``Round`` is
used only at the edges (``bots`` turn a view into masks, and an action back into a ``Swap``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards import indices
from ..scoring import COLOUR_MASKS, NUMBER_MASKS, cleared_mask, is_zero_mask, score_mask, swap_in

bits = indices  # the card indices of a mask, lowest first (the bots' name for it)

#: After this many of its own turns in one round a bot knocks whatever its hand: the guarantee
#: that bot-only rounds end (R11 has no turn limit, so the bots must end rounds themselves).
PATIENCE = 24

#: A *bold* player (``Table.bold``) makes the first knock once its score is at most this many points
#: above ``expected_score``, whatever the swap it passes up: as the ``hard`` bot does (against two
#: medium bots it makes the first knock in 58% of rounds, after 3.4 turns, with 11.0 points).
BOLD_FIRST_KNOCK = 1.0

# Credit (points of expected score saved) for a colour, or per face value for a number, held
# 3 or 4 times: progress towards a group of five that would clear those cards. Indexed by count.
_COLOUR_PROGRESS = (0.0, 0.0, 0.0, 1.0, 2.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
_NUMBER_PROGRESS = (0.0, 0.0, 0.0, 0.15, 0.35, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
_ZERO_VALUE = -4.0
#: The same credits for a *builder* (``Table.builders``), who gives up more of the score now for groups of five, as
#: the strong searchers do (the outside search gives up about 2 points per swap where hard's playouts take the best
#: score now): 1.6 times as much.
_BUILDER_COLOUR_PROGRESS = tuple(1.6 * c for c in _COLOUR_PROGRESS)
_BUILDER_NUMBER_PROGRESS = tuple(1.6 * c for c in _NUMBER_PROGRESS)

# A two-generation cache of a hand's value: when the young dict is full it becomes the old one and the
# previous old one is dropped, so no single drop frees more than ``_CACHE_LIMIT`` entries (freeing
# 300,000 at once took a slice-breaking ~6 ms in CPython, twice that in the page's Pyodide).
_CACHE_LIMIT = 100_000


def _two_generation_cache(compute: Callable[[int], float]) -> Callable[[int], float]:
    """``compute`` cached in two generations (above); the returned function is the cached one."""
    young: dict[int, float] = {}
    old: dict[int, float] = {}

    def cached(hand: int) -> float:
        nonlocal young, old
        found = young.get(hand)
        if found is None:
            if len(young) >= _CACHE_LIMIT:
                old, young = young, {}
            found = old.get(hand)
            if found is None:
                found = compute(hand)
            young[hand] = found
        return found

    return cached


def _value(hand: int, colour: Sequence[float] = _COLOUR_PROGRESS, number_: Sequence[float] = _NUMBER_PROGRESS) -> float:
    if is_zero_mask(hand):
        return _ZERO_VALUE
    credit = 0.0
    for group in COLOUR_MASKS:
        credit += colour[(hand & group).bit_count()]
    for number, group in enumerate(NUMBER_MASKS):
        credit += number_[(hand & group).bit_count()] * (number + 1)
    return score_mask(hand) - credit


#: How good a hand is, in points (lower is better): its score less credit for progress to groups.
value = _two_generation_cache(_value)
#: ``value`` with a builder's credits for progress to groups (``_BUILDER_COLOUR_PROGRESS``).
builder_value = _two_generation_cache(lambda hand: _value(hand, _BUILDER_COLOUR_PROGRESS, _BUILDER_NUMBER_PROGRESS))


def best_swap(
    hand: int, pool: int, penalty: Sequence[float] | None = None, builder: bool = False,
) -> tuple[float, int, int]:
    """The swap with the best ``value`` (plus ``penalty[give]``): (that, card given, card taken).

    A ``builder`` judges by ``builder_value`` instead.

    Equal to trying every swap with ``value``, only faster. A swap that creates or breaks no group of
    five changes the value through the two cards' own colour and number only, so when the two cards
    share neither, the change is (what giving costs) + (what taking costs), and for each card taken
    only the cheapest such give needs looking at; the few other pairs are priced one by one.
    """
    colour_counts = [(hand >> (8 * c) & 0xFF).bit_count() for c in range(7)]
    number_counts = [(hand & g).bit_count() for g in NUMBER_MASKS]
    cleared = cleared_mask(hand)
    remaining = hand & ~cleared
    remaining_counts = [(remaining & g).bit_count() for g in NUMBER_MASKS]
    if builder:
        valued, cp, np_ = builder_value, _BUILDER_COLOUR_PROGRESS, _BUILDER_NUMBER_PROGRESS
    else:
        valued, cp, np_ = value, _COLOUR_PROGRESS, _NUMBER_PROGRESS
    base = valued(hand)
    gives = []
    for give in bits(hand):
        gc, gn = give >> 3, give & 7
        g_cleared = cleared >> give & 1
        ccg, ncg = colour_counts[gc], number_counts[gn]
        cost = cp[ccg] - cp[ccg - 1] + (np_[ncg] - np_[ncg - 1]) * (gn + 1)
        if not g_cleared and remaining_counts[gn] == 1:
            cost -= gn + 1
        if penalty is not None:
            cost += penalty[give]
        gives.append((cost, give, gc, gn, g_cleared, ccg == 5 or ncg == 5))
    gives.sort()
    best = (1e9, -1, -1)
    for take in bits(pool):
        tc, tn = take >> 3, take & 7
        cct, nct = colour_counts[tc], number_counts[tn]
        scores = cct < 5 and nct < 5
        gain = cp[cct] - cp[cct + 1] + (np_[nct] - np_[nct + 1]) * (tn + 1)
        if scores and remaining_counts[tn] == 0:
            gain += tn + 1
        forms = cct == 4 or nct == 4
        plain_done = False
        for cost, give, gc, gn, g_cleared, breaks in gives:
            if tc != gc and tn != gn and not forms and not breaks:
                if plain_done:
                    continue
                plain_done = True  # gives are sorted: later plain pairs with this take cost more
                v = base + cost + gain
            elif (tc != gc and (forms and cct == 4 or breaks and colour_counts[gc] == 5)) or (
                tn != gn and (forms and nct == 4 or breaks and number_counts[gn] == 5)
            ):
                v = valued(hand ^ (1 << give) ^ (1 << take))  # a group of five forms or breaks
                if penalty is not None:
                    v += penalty[give]
            else:
                # Same colour or number, no group changing: price the pair directly.
                v = base + cost + cp[cct] - cp[cct + 1] + (np_[nct] - np_[nct + 1]) * (tn + 1)
                if tc == gc:
                    v -= cp[cct] - cp[cct + 1] + cp[colour_counts[gc]] - cp[colour_counts[gc] - 1]
                if tn == gn:  # the two number terms cancel (nct == number_counts[gn] here)
                    v -= (np_[nct] - np_[nct + 1] + np_[nct] - np_[nct - 1]) * (tn + 1)
                if scores and remaining_counts[tn] - (not g_cleared and tn == gn) == 0:
                    v += tn + 1
            if v < best[0]:
                best = (v, give, take)
    return best


def best_final_swap(hand: int, pool: int) -> tuple[int, int, int]:
    """The swap with the lowest score, for a last turn: (score after it, card given, card taken)."""
    best = (score_mask(hand), -1, -1)
    takes = bits(pool)
    for give in bits(hand):
        without = hand ^ (1 << give)
        for take in takes:
            after = without | (1 << take)
            s = 0 if is_zero_mask(after) else score_mask(after)
            if s < best[0]:
                best = (s, give, take)
    return best


def expected_score(own_turns: int) -> float:
    """A typical score of a sound player's hand after ``own_turns`` of its turns in a round."""
    return max(4.0, 17.0 - 1.6 * own_turns)


def knock_now(
    score: int, gain: float, knocks: int, own_turns: int, opponent_estimate: float, margin: float,
    bold: bool = False,
) -> bool:
    """Whether a player in normal play should knock rather than make a swap worth ``gain`` points.

    ``knocks`` is how many knocks counted so far: with one, this knock ends the round (R9). A
    ``bold`` player makes the first knock early (``BOLD_FIRST_KNOCK``).
    """
    if own_turns >= PATIENCE:
        return True
    if knocks >= 1:
        # The second knock ends the round: only with a hand clearly better than the others'.
        return score <= opponent_estimate - margin and gain < 2.0
    if bold:
        return score <= opponent_estimate + BOLD_FIRST_KNOCK
    # The first knock changes nothing but wastes a turn: only once the hand is good and settled.
    return score <= min(opponent_estimate - margin - 2.0, 6.0) and gain < 1.0


class Table:
    """A determinized round as plain ints, played to its end by the shared policy."""

    __slots__ = ("bold", "builders", "final_left", "hands", "knocks", "own_turns", "players", "pool", "seat", "sharp",
                 "turns", "zero")

    def __init__(
        self,
        hands: Sequence[int],
        pool: int,
        seat: int,
        knocks: int,
        final_left: int,
        own_turns: Sequence[int],
        bold: int = 0,
        sharp: int = 0,
        builders: int = 0,
    ) -> None:
        self.hands = list(hands)
        self.pool = pool
        self.seat = seat  # whose turn it is
        self.knocks = knocks
        self.final_left = final_left  # final turns still to come; -1 while the round is in normal play
        self.own_turns = list(own_turns)
        self.players = len(hands)
        self.turns = 0
        self.zero: int | None = None  # the seat whose swap made a ZERO
        self.bold = bold  # the seats (a bit mask) that make the first knock boldly (see ``knock_now``)
        # The seats (a bit mask) that make the second knock exactly when it wins them the round: when, after
        # every other seat's best final swap, their hand would be the lowest (see ``wins_by_knocking``).
        self.sharp = sharp
        #: The seats (a bit mask) that swap as builders (``best_swap(builder=True)``): more score given up for groups.
        self.builders = builders

    def swap(self, give: int, take: int) -> bool:
        """The current seat swaps; returns True if that made a ZERO (the round is over)."""
        self.pool, zero = swap_in(self.hands, self.seat, self.pool, give, take)
        if zero:
            self.zero = self.seat
        return zero

    def knock(self) -> None:
        """The current seat knocks (or passes, during the final turns)."""
        if self.final_left < 0:
            self.knocks += 1
            if self.knocks >= 2:
                self.final_left = self.players  # decremented below for the knocker itself

    def advance(self) -> bool:
        """Pass play on; returns True once the round is over."""
        self.own_turns[self.seat] += 1
        self.turns += 1
        self.seat = (self.seat + 1) % self.players
        if self.final_left >= 0:
            self.final_left -= 1
            return self.final_left <= 0
        return False

    def policy_step(self, rng: random.Random, margin: float = 1.0) -> bool:
        """The current seat plays one greedy turn; returns True once the round is over."""
        seat = self.seat
        hand = self.hands[seat]
        if self.final_left >= 0:
            _, give, take = best_final_swap(hand, self.pool)
            if give >= 0 and self.swap(give, take):
                return True
            return self.advance()
        builder = bool(self.builders >> seat & 1)
        v, give, take = best_swap(hand, self.pool, builder=builder)
        if self.knocks == 1 and self.sharp >> seat & 1 and self.own_turns[seat] < PATIENCE:
            if self.wins_by_knocking(seat):
                self.knock()
                return self.advance()
            return self.swap(give, take) or self.advance()
        gain = (builder_value(hand) if builder else value(hand)) - v
        estimate = expected_score(self.own_turns[seat] + 1)
        bold = bool(self.bold >> seat & 1)
        if knock_now(score_mask(hand), gain, self.knocks, self.own_turns[seat], estimate, margin, bold):
            self.knock()
            return self.advance()
        if self.swap(give, take):
            return True
        return self.advance()

    def wins_by_knocking(self, seat: int) -> bool:
        """Whether ``seat`` would hold the strictly lowest hand if it ended the round now: every other seat
        taking, in turn, the final swap that lowers its score most (a ZERO ends the round at once)."""
        hands = self.hands
        mine = score_mask(hands[seat])
        if any(score_mask(h) <= mine for other, h in enumerate(hands) if other != seat):
            return False  # a final swap only ever lowers a score
        pool = self.pool
        for step in range(1, self.players):
            other = (seat + step) % self.players
            s, give, take = best_final_swap(hands[other], pool)
            if s <= mine:
                return False
            if give >= 0:
                pool ^= (1 << give) | (1 << take)
        return True

    def scores(self) -> list[int]:
        """Every seat's score as things stand (the ZERO maker scores 0)."""
        return [0 if seat == self.zero else score_mask(h) for seat, h in enumerate(self.hands)]

    def playout(self, rng: random.Random, max_turns: int = 60) -> list[float]:
        """Play on for at most ``max_turns`` turns; the scores if the round ended, else every hand's ``value``."""
        for _ in range(max_turns):
            if self.policy_step(rng):
                return [float(s) for s in self.scores()]
        return [value(h) for h in self.hands]
