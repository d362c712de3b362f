"""What one seat knows of a round's deal, and deals drawn uniformly among all those it allows (no OpenSpiel needed).

A seat knows its own dealt hand, the pool as dealt and every public action since (R18). From the swaps it can
tell, for every other seat, which of the cards that seat gave away it must have been dealt (a card it gave
without having been seen taking it) and how many of its dealt cards nobody has seen; the cards it has never
seen anywhere are the others' unseen dealt cards and the cards set aside. A deal the seat's information
allows puts the unseen cards into those places such that the round would have gone as it did: nobody was
dealt a ZERO and no swap made one (either would have ended the round at once, R13). ``InfoSet.sample``
draws such deals uniformly, by rejection.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from zero_game.actions import Swap
from zero_game.cards import DECK_SIZE, to_mask
from zero_game.round import HAND_SIZE, Round, RoundView, Turn
from zero_game.scoring import is_zero_mask

#: A move of the public history: (seat, card given, card taken), with -1 and -1 for a knock.
Move = tuple[int, int, int]
#: Gives a list back in a uniformly random order (it may shuffle the list it is given).
Shuffle = Callable[[list[int]], list[int]]

_TRIES = 10_000


def moves_of(history: Sequence[Turn]) -> list[Move]:
    """A round's public history as (seat, give, take) moves."""
    out = []
    for turn in history:
        action = turn.action
        if isinstance(action, Swap):
            out.append((turn.seat, action.give.index, action.take.index))
        else:
            out.append((turn.seat, -1, -1))
    return out


@dataclass(frozen=True)
class InfoSet:
    """One seat's information about a round's deal (see the module's text)."""

    players: int
    seat: int
    dealt_hand: int  # the seat's own dealt hand (mask)
    dealt_pool: int
    moves: tuple[Move, ...]
    given: tuple[int, ...]  # per other seat, the dealt cards it was seen giving away (mask); the seat's own: 0
    unseen: tuple[int, ...]  # per other seat, how many of its dealt cards the seat has never seen; its own: 0
    free: tuple[int, ...]  # the cards the seat has never seen (in other hands unseen, or set aside)

    @classmethod
    def build(cls, players: int, seat: int, dealt_hand: int, dealt_pool: int, moves: Sequence[Move]) -> InfoSet:
        given = [0] * players
        taken = [0] * players
        for who, give, take in moves:
            if give < 0 or who == seat:
                continue
            if taken[who] >> give & 1:
                taken[who] ^= 1 << give
            else:
                given[who] |= 1 << give
            taken[who] |= 1 << take
        placed = dealt_hand | dealt_pool
        for mask in given:
            placed |= mask
        unseen = tuple(0 if s == seat else HAND_SIZE - given[s].bit_count() for s in range(players))
        free = tuple(c for c in range(DECK_SIZE) if not placed >> c & 1)
        return cls(players, seat, dealt_hand, dealt_pool, tuple(moves), tuple(given), unseen, free)

    @classmethod
    def of_round(cls, rnd: Round, seat: int) -> InfoSet:
        """What ``seat`` knows of ``rnd`` (only its own dealt hand is read)."""
        return cls.build(rnd.players, seat, to_mask(rnd.dealt_hands[seat]), to_mask(rnd.dealt_pool),
                         moves_of(rnd.history))

    @classmethod
    def of_view(cls, view: RoundView) -> InfoSet:
        """What a seat's view holds; its dealt hand and the dealt pool are found by undoing the swaps."""
        hand, pool = to_mask(view.hand), to_mask(view.pool)
        moves = moves_of(view.history)
        for who, give, take in reversed(moves):
            if give >= 0:
                pool ^= (1 << give) | (1 << take)
                if who == view.seat:
                    hand ^= (1 << give) | (1 << take)
        return cls.build(view.players, view.seat, hand, pool, moves)

    def fill(self, shuffled: list[int]) -> list[int]:
        """Dealt hands (masks) with the seat's unseen places filled from ``shuffled`` (the free cards, in any
        order), without checking that the round could have gone as it did."""
        hands = []
        cards = shuffled[:]
        for s in range(self.players):
            if s == self.seat:
                hands.append(self.dealt_hand)
                continue
            hand = self.given[s]
            for _ in range(self.unseen[s]):
                hand |= 1 << cards.pop()
            hands.append(hand)
        return hands

    def consistent(self, dealt: Sequence[int]) -> bool:
        """Whether the round, dealt so, would have gone as it did: no ZERO dealt, no ZERO made by a swap."""
        hands = list(dealt)
        if any(is_zero_mask(h) for h in hands):
            return False
        for who, give, take in self.moves:
            if give >= 0:
                hand = hands[who] ^ (1 << give) ^ (1 << take)
                if is_zero_mask(hand):
                    return False
                hands[who] = hand
        return True

    def sample(self, shuffle: Shuffle) -> list[int]:
        """Dealt hands drawn uniformly among all the deals this information allows."""
        for _ in range(_TRIES):
            dealt = self.fill(shuffle(list(self.free)))
            if self.consistent(dealt):
                return dealt
        raise RuntimeError("No deal agrees with this information: the history cannot have happened.")

    def replay(self, dealt: Sequence[int]) -> Iterator[tuple[Move, list[int], int]]:
        """Each move of the history with the hands and the pool just before it, from these dealt hands."""
        hands = list(dealt)
        pool = self.dealt_pool
        for move in self.moves:
            yield move, hands, pool
            who, give, take = move
            if give >= 0:
                hands = hands[:]
                hands[who] ^= (1 << give) | (1 << take)
                pool ^= (1 << give) | (1 << take)

    def now(self, dealt: Sequence[int]) -> list[int]:
        """The hands now, from these dealt hands."""
        hands = list(dealt)
        for who, give, take in self.moves:
            if give >= 0:
                hands[who] ^= (1 << give) | (1 << take)
        return hands


def rng_shuffle(rng: random.Random) -> Shuffle:
    """A ``Shuffle`` drawing from ``rng``."""

    def shuffled(items: list[int]) -> list[int]:
        rng.shuffle(items)
        return items

    return shuffled
