"""One round of Zero (R3–R16, R18): an immutable state that returns a new state per action."""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass
from typing import Any

from tabletop.documents import DocType
from tabletop.errors import DataError, IllegalMove, InvalidMove, shown
from tabletop.replay import replay_saved

from .actions import KNOCK, Action, Knock, Swap, parse_action
from .cards import DECK, DECK_SIZE, Card, from_mask, indices, to_mask
from .scoring import is_zero_mask, score_mask

HAND_SIZE = 9
POOL_SIZES = (5, 7, 9)
MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROUND_SCHEMA = 1
ROUND_DOC = DocType("round", ROUND_SCHEMA, "saved round", "Zero")
MAX_ACTIONS = 10_000  # per saved round: a sanity bound (played rounds take tens), so a save replays quickly

Seed = int | str | None


def default_pool_size(players: int) -> int:
    """The rules' pool size (R3): 9 cards for two players, 5 for three to five."""
    check_players(players)
    return 9 if players == 2 else 5


def check_players(players: object) -> int:
    """The number of players, if the rules allow it (R2)."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Zero is played by 2 to 5 players, not {shown(players)}.")
    return players


def check_pool_size(pool_size: object) -> int:
    """The pool size, if the rules allow it (R3): a whole number, 5, 7 or 9."""
    if type(pool_size) is not int or pool_size not in POOL_SIZES:
        raise ValueError(f"The pool holds 5, 7 or 9 cards, not {shown(pool_size)}.")
    return pool_size


def check_seed(seed: object) -> Seed:
    """A seed ``random.Random`` takes the same way on every Python: ``None``, a whole number or a text."""
    if seed is not None and type(seed) is not int and not isinstance(seed, str):
        raise ValueError(f"A seed is a whole number or a text, not {shown(seed)}.")
    return seed


class Phase(enum.Enum):
    """Where a round stands: normal play, the final turns after the second knock, or over."""

    PLAY = "play"
    FINAL = "final"
    OVER = "over"


class Effect(enum.Enum):
    """What an action did, as everyone at the table saw it."""

    SWAP = "swap"
    ZERO = "zero"  # a swap that made a ZERO and ended the round
    KNOCK = "knock"  # the first knock of the round (R8)
    SECOND_KNOCK = "second knock"  # starts the final turns (R9)
    PASS = "pass"  # a knock during the final turns (R10)


@dataclass(frozen=True, slots=True)
class Turn:
    """One public entry of a round's history: who did what, and its effect."""

    seat: int
    action: Action
    effect: Effect

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.action} ({self.effect.value})"


_SWAP_ROWS: list[list[Swap] | None] = [None] * DECK_SIZE


def _swap_row(give: int) -> list[Swap]:
    """Every ``Swap`` giving card ``give``, indexed by the card taken (built once, then shared)."""
    row = _SWAP_ROWS[give]
    if row is None:
        row = _SWAP_ROWS[give] = [Swap(DECK[give], DECK[take]) for take in range(DECK_SIZE)]
    return row


def _swap(give: int, take: int) -> Swap:
    """The shared ``Swap`` for two card indices."""
    return _swap_row(give)[take]


def _as_card(card: object) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise InvalidMove(f"{shown(card)} is not a card.")


def _card_list_of_lists(hands: object, most: int) -> list[object]:
    if isinstance(hands, (str, bytes, dict)) or not isinstance(hands, Iterable):
        raise InvalidMove(f"A deal is a list of hands, not {shown(hands)}.")
    if isinstance(hands, Sized) and len(hands) > most:
        raise InvalidMove(f"A deal has 2 to {most} hands, not {len(hands)}.")
    out = []
    for hand in hands:
        out.append(hand)
        if len(out) > most:
            raise InvalidMove(f"A deal has 2 to {most} hands, not more.")
    return out


def _card_list(cards: object, what: str, most: int) -> list[Card]:
    """The cards of a hand or pool given from outside; ``InvalidMove`` if it is not a short list of cards."""
    if isinstance(cards, (str, bytes, dict)) or not isinstance(cards, Iterable):
        raise InvalidMove(f"{what} is a list of cards, not {shown(cards)}.")
    if isinstance(cards, Sized) and len(cards) > most:
        raise InvalidMove(f"{what} holds {len(cards)} cards; it can hold at most {most}.")
    out = []
    for card in cards:
        out.append(_as_card(card))
        if len(out) > most:
            raise InvalidMove(f"{what} holds more than {most} cards.")
    return out


@dataclass(frozen=True)
class RoundView:
    """What one seat may know of a round (R18): the only way secrets leave a ``Round``."""

    seat: int
    players: int
    dealer: int
    hand: tuple[Card, ...]
    pool: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    current_player: int | None
    phase: Phase
    knocks: int
    first_knocker: int | None
    second_knocker: int | None
    history: tuple[Turn, ...]
    known: tuple[tuple[Card, ...], ...]
    """Per seat, the cards that seat was seen taking from the pool and still holds (empty for ``seat``)."""
    final_turns_left: tuple[int, ...]
    zero_seats: tuple[int, ...]
    revealed: tuple[tuple[Card, ...], ...] | None
    """Every hand, once the round is over (R18); ``None`` before."""
    scores: tuple[int, ...] | None

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.current_player == self.seat

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now: every swap, then knock (empty unless it is its turn)."""
        if not self.my_turn:
            return []
        swaps: list[Action] = [
            _swap(give.index, take.index) for give in self.hand for take in self.pool
        ]
        swaps.append(KNOCK)
        return swaps

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat cannot place: in other hands (not seen taken) or set aside (R4)."""
        seen = to_mask(self.hand) | to_mask(self.pool)
        for cards in self.known:
            seen |= to_mask(cards)
        return from_mask(((1 << DECK_SIZE) - 1) & ~seen)


class Round:
    """The full state of one round. Immutable: ``apply`` returns the next state."""

    __slots__ = (
        "_current",
        "_deal",
        "_dealer",
        "_first_knocker",
        "_hands",
        "_knocks",
        "_log",
        "_players",
        "_pool",
        "_second_knocker",
        "_turns",
        "_zero",
    )

    _players: int
    _dealer: int
    _deal: tuple[tuple[int, ...], int]
    _hands: tuple[int, ...]
    _pool: int
    _current: int | None
    _knocks: int
    _first_knocker: int | None
    _second_knocker: int | None
    _zero: tuple[int, ...]
    _log: tuple[Any, Turn] | None
    _turns: int

    def __init__(self) -> None:
        raise TypeError("Start a round with Round.deal(...) or Round.from_deal(...).")

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def _start(cls, hands: tuple[int, ...], pool: int, dealer: int) -> Round:
        state = object.__new__(cls)
        state._players = len(hands)
        state._dealer = dealer
        state._deal = (hands, pool)
        state._hands = hands
        state._pool = pool
        state._knocks = 0
        state._first_knocker = None
        state._second_knocker = None
        state._log = None
        state._turns = 0
        # R13 (decided): a ZERO dealt to anyone ends the round before the first turn.
        state._zero = tuple(seat for seat, hand in enumerate(hands) if is_zero_mask(hand))
        state._current = None if state._zero else (dealer + 1) % len(hands)
        return state

    @classmethod
    def deal(
        cls, players: int, seed: Seed = None, *, pool_size: int | None = None, dealer: int = 0
    ) -> Round:
        """Shuffle all 56 cards with ``random.Random(seed)`` and deal a round (R3, R5)."""
        check_players(players)
        check_seed(seed)
        pool_size = check_pool_size(default_pool_size(players) if pool_size is None else pool_size)
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError(f"The dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}.")
        deck = list(range(DECK_SIZE))
        random.Random(seed).shuffle(deck)
        hands = []
        for seat in range(players):
            # Deal starting left of the dealer, as at a real table.
            start = ((seat - dealer - 1) % players) * HAND_SIZE
            hands.append(sum(1 << i for i in deck[start:start + HAND_SIZE]))
        pool_start = players * HAND_SIZE
        pool = sum(1 << i for i in deck[pool_start:pool_start + pool_size])
        return cls._start(tuple(hands), pool, dealer)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[Card | str]],
        pool: Iterable[Card | str],
        *,
        first_player: int = 0,
    ) -> Round:
        """Start a round from an explicit deal; cards may be ``Card`` values or text like ``"red 7"``."""
        hand_lists = [
            _card_list(hand, f"Hand {seat}", HAND_SIZE)
            for seat, hand in enumerate(_card_list_of_lists(hands, MAX_PLAYERS))
        ]
        pool_list = _card_list(pool, "The pool", max(POOL_SIZES))
        players = len(hand_lists)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidMove(f"A deal has 2 to 5 hands, not {players}.")
        for seat, hand in enumerate(hand_lists):
            if len(hand) != HAND_SIZE:
                raise InvalidMove(f"Every hand holds 9 cards; hand {seat} holds {len(hand)}.")
        if len(pool_list) not in POOL_SIZES:
            raise InvalidMove(f"The pool holds 5, 7 or 9 cards, not {len(pool_list)}.")
        seen: set[Card] = set()
        for card in [c for hand in hand_lists for c in hand] + pool_list:
            if card in seen:
                raise InvalidMove(f"The {card} is dealt twice; every card exists once.")
            seen.add(card)
        if type(first_player) is not int or not 0 <= first_player < players:
            raise InvalidMove(f"The first player must be a seat from 0 to {players - 1}.")
        masks = tuple(to_mask(hand) for hand in hand_lists)
        return cls._start(masks, to_mask(pool_list), (first_player - 1) % players)

    def _next(self) -> Round:
        nxt = object.__new__(Round)
        nxt._players = self._players
        nxt._dealer = self._dealer
        nxt._deal = self._deal
        nxt._hands = self._hands
        nxt._pool = self._pool
        nxt._current = self._current
        nxt._knocks = self._knocks
        nxt._first_knocker = self._first_knocker
        nxt._second_knocker = self._second_knocker
        nxt._zero = self._zero
        nxt._log = self._log
        nxt._turns = self._turns + 1
        return nxt

    # ---- the rules ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take: all swaps, then knock. Empty once over."""
        seat = self._current
        if seat is None:
            return []
        takes = indices(self._pool)
        actions: list[Action] = []
        for give in indices(self._hands[seat]):
            row = _swap_row(give)
            actions += [row[take] for take in takes]
        actions.append(KNOCK)
        return actions

    def apply(self, action: Action) -> Round:
        """The state after the current player takes ``action``; this state is left unchanged."""
        seat = self._current
        if seat is None:
            raise IllegalMove("The round is over; nobody can act any more.")
        if isinstance(action, Swap):
            return self._apply_swap(seat, action)
        if isinstance(action, Knock):
            return self._apply_knock(seat)
        raise InvalidMove(f"{action!r} is not an action; swap a card or knock.")

    def _apply_swap(self, seat: int, action: Swap) -> Round:
        give, take = action.give.index, action.take.index
        hand = self._hands[seat]
        give_bit, take_bit = 1 << give, 1 << take
        if not hand & give_bit:
            # Never say where a card you don't hold is, unless it is in the public pool.
            where = "it is in the pool, not in your hand" if self._pool & give_bit else "you don't hold it"
            raise IllegalMove(f"You can't give the {action.give}: {where}.")
        if give == take:
            raise IllegalMove(
                f"You can't take back the {action.take} you are putting in the pool; take a different card."
            )
        if not self._pool & take_bit:
            raise IllegalMove(f"You can't take the {action.take}: it is not in the pool.")
        new_hand = hand ^ give_bit ^ take_bit
        nxt = self._next()
        hands = list(self._hands)
        hands[seat] = new_hand
        nxt._hands = tuple(hands)
        nxt._pool = self._pool ^ take_bit ^ give_bit
        if is_zero_mask(new_hand):
            nxt._zero = (seat,)
            nxt._current = None  # R13: the round ends at once, final turns included.
            nxt._log = (self._log, Turn(seat, action, Effect.ZERO))
            return nxt
        nxt._log = (self._log, Turn(seat, action, Effect.SWAP))
        nxt._advance(seat)
        return nxt

    def _apply_knock(self, seat: int) -> Round:
        nxt = self._next()
        if self._second_knocker is not None:
            effect = Effect.PASS  # R10: a knock in the final turns is only a pass.
        elif self._knocks == 0:
            effect = Effect.KNOCK
            nxt._knocks = 1
            nxt._first_knocker = seat
        else:
            effect = Effect.SECOND_KNOCK
            nxt._knocks = 2
            nxt._second_knocker = seat
        nxt._log = (self._log, Turn(seat, KNOCK, effect))
        nxt._advance(seat)
        return nxt

    def _advance(self, seat: int) -> None:
        following = (seat + 1) % self._players
        # R9: the final turns end when play comes back round to the second knocker.
        self._current = None if following == self._second_knocker else following

    # ---- reading the state ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return self._players

    @property
    def dealer(self) -> int:
        """The seat that dealt this round."""
        return self._dealer

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the round is over."""
        return self._current

    @property
    def is_over(self) -> bool:
        """Whether the round has ended (by a ZERO or after the final turns)."""
        return self._current is None

    @property
    def phase(self) -> Phase:
        """Normal play, the final turns, or over."""
        if self._current is None:
            return Phase.OVER
        return Phase.PLAY if self._second_knocker is None else Phase.FINAL

    @property
    def knocks(self) -> int:
        """How many knocks have counted this round: 0, 1 or 2 (passes in the final turns don't)."""
        return self._knocks

    @property
    def first_knocker(self) -> int | None:
        """The seat that knocked first, if any."""
        return self._first_knocker

    @property
    def second_knocker(self) -> int | None:
        """The seat whose knock started the final turns, if any."""
        return self._second_knocker

    @property
    def final_turns_left(self) -> tuple[int, ...]:
        """The seats still to take their final turn, in order (empty outside the final turns)."""
        if self._second_knocker is None or self._current is None:
            return ()
        seats = []
        seat = self._current
        while seat != self._second_knocker:
            seats.append(seat)
            seat = (seat + 1) % self._players
        return tuple(seats)

    @property
    def zero_seats(self) -> tuple[int, ...]:
        """Every seat holding a ZERO that ended the round (several only if dealt at once)."""
        return self._zero

    @property
    def zero_seat(self) -> int | None:
        """The seat whose ZERO ended the round, or ``None``; the first of them if several were dealt."""
        return self._zero[0] if self._zero else None

    @property
    def pool(self) -> tuple[Card, ...]:
        """The face-up pool, in canonical card order."""
        return from_mask(self._pool)

    @property
    def pool_size(self) -> int:
        """How many cards lie in the pool."""
        return self._pool.bit_count()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in canonical order. Secret: show only through ``view``."""
        return from_mask(self._hands[self._check_seat(seat)])

    @property
    def turns_taken(self) -> int:
        """How many actions have been taken this round."""
        return self._turns

    @property
    def history(self) -> tuple[Turn, ...]:
        """Every action of the round so far, oldest first (all of it public, R18)."""
        turns = []
        log = self._log
        while log is not None:
            log, turn = log
            turns.append(turn)
        turns.reverse()
        return tuple(turns)

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt."""
        return tuple(from_mask(h) for h in self._deal[0])

    @property
    def dealt_pool(self) -> tuple[Card, ...]:
        """The pool as dealt."""
        return from_mask(self._deal[1])

    def scores(self) -> tuple[int, ...]:
        """Each seat's points for the finished round (R14, R15)."""
        if self._current is not None:
            raise IllegalMove("The round is not over yet, so it has no scores.")
        return tuple(0 if seat in self._zero else score_mask(hand) for seat, hand in enumerate(self._hands))

    def _check_seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self._players:
            raise ValueError(f"There is no seat {seat!r} at a table of {self._players}.")
        return seat

    def view(self, seat: int) -> RoundView:
        """What ``seat`` may know (R18): its own hand and everything public, nothing hidden."""
        self._check_seat(seat)
        history = self.history
        known = [0] * self._players
        for turn in history:
            if isinstance(turn.action, Swap):
                known[turn.seat] = (known[turn.seat] | (1 << turn.action.take.index)) & ~(
                    1 << turn.action.give.index
                )
        known[seat] = 0
        over = self._current is None
        return RoundView(
            seat=seat,
            players=self._players,
            dealer=self._dealer,
            hand=from_mask(self._hands[seat]),
            pool=from_mask(self._pool),
            hand_sizes=(HAND_SIZE,) * self._players,
            current_player=self._current,
            phase=self.phase,
            knocks=self._knocks,
            first_knocker=self._first_knocker,
            second_knocker=self._second_knocker,
            history=history,
            known=tuple(from_mask(k) for k in known),
            final_turns_left=self.final_turns_left,
            zero_seats=self._zero,
            revealed=tuple(from_mask(h) for h in self._hands) if over else None,
            scores=self.scores() if over else None,
        )

    # ---- equality and saving ----------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (self._deal, self._dealer, tuple(t.action for t in self.history))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<Round players={self._players} dealer={self._dealer} turns={self._turns} "
            f"phase={self.phase.value}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The round as plain data: the deal and every action since, which replays it exactly."""
        return {
            "schema": ROUND_SCHEMA,
            "type": "round",
            "dealer": self._dealer,
            "hands": [[str(c) for c in from_mask(h)] for h in self._deal[0]],
            "pool": [str(c) for c in from_mask(self._deal[1])],
            "actions": [str(t.action) for t in self.history],
        }

    def to_json(self) -> str:
        """The round as versioned JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> Round:
        """Rebuild a round from ``to_dict`` data, checking every card and replaying every action."""
        data = ROUND_DOC.header(data)
        hands, pool, actions, dealer = (data.get(k) for k in ("hands", "pool", "actions", "dealer"))
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise DataError("The saved round is damaged: its hands are missing.")
        if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
            raise DataError(f"The saved round is damaged: it has {len(hands)} hands, not 2 to 5.")
        if not isinstance(pool, list) or not isinstance(actions, list):
            raise DataError("The saved round is damaged: its pool or its actions are missing.")
        if len(actions) > MAX_ACTIONS:
            raise DataError(f"The saved round is damaged: it has {len(actions):,} actions; no round takes so many.")
        if type(dealer) is not int or not 0 <= dealer < len(hands):
            raise DataError("The saved round is damaged: its dealer is not a seat at the table.")
        state: Round = replay_saved(
            "round", lambda: cls.from_deal(hands, pool, first_player=(dealer + 1) % len(hands)), actions,
            lambda state, text: state.apply(parse_action(text)))
        return state

    @classmethod
    def from_json(cls, text: str) -> Round:
        """Read a round saved by ``to_json``; damaged or foreign text raises ``DataError``."""
        return cls.from_dict(ROUND_DOC.parse(text))


