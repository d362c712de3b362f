"""A match of several rounds (R5, R17): the dealer moves clockwise, scores add up, lowest wins."""

from __future__ import annotations

import json
import random
from typing import Any

from tabletop.documents import DocType
from tabletop.errors import DataError, shown

from .actions import Action
from .round import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Round,
    RoundView,
    Seed,
    check_players,
    check_pool_size,
    default_pool_size,
)

MATCH_SCHEMA = 1
MATCH_DOC = DocType("match", MATCH_SCHEMA, "saved match", "Zero")
MAX_ROUNDS = 10


class Match:
    """A whole match. Immutable: ``apply`` returns the next state, dealing the next round when one ends."""

    __slots__ = ("_finished", "_first_dealer", "_players", "_pool_size", "_round", "_rounds", "_seed")

    _players: int
    _rounds: int
    _pool_size: int
    _first_dealer: int
    _seed: int | str
    _finished: tuple[Round, ...]
    _round: Round

    def __init__(self) -> None:
        raise TypeError("Start a match with Match.new(...).")

    @classmethod
    def new(
        cls,
        players: int,
        seed: Seed = None,
        *,
        rounds: int | None = None,
        pool_size: int | None = None,
        dealer: int = 0,
    ) -> Match:
        """A new match; ``rounds=None`` plays one round per player (R17)."""
        if seed is None:
            # Fresh entropy from the OS, never the shared global generator.
            seed = random.SystemRandom().getrandbits(63)
        match = cls._create(players, seed, rounds, pool_size, dealer)
        match._round = match._deal(0)
        return match._settle()

    @classmethod
    def of_round(cls, first: Round, seed: int | str = "fixed deal") -> Match:
        """A one-round match on a given deal (a tutorial, a puzzle).

        No seed deals it, so ``from_dict`` would refuse it as saved: such a match is played, not saved.
        """
        match = cls._create(first.players, seed, 1, first.pool_size, first.dealer)
        match._round = first
        return match._settle()

    @classmethod
    def _create(
        cls, players: int, seed: int | str, rounds: int | None, pool_size: int | None, dealer: int
    ) -> Match:
        """A match with checked settings and no round dealt yet."""
        check_players(players)
        if rounds is None:
            rounds = players
        if type(rounds) is not int or not 1 <= rounds <= MAX_ROUNDS:
            raise ValueError(f"A match has 1 to {MAX_ROUNDS} rounds, not {shown(rounds)}.")
        pool_size = check_pool_size(default_pool_size(players) if pool_size is None else pool_size)
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError(f"The first dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}.")
        if type(seed) is not int and not isinstance(seed, str):
            raise ValueError(f"A match seed is a whole number or a text, not {shown(seed)}.")
        match = object.__new__(cls)
        match._players = players
        match._rounds = rounds
        match._pool_size = pool_size
        match._first_dealer = dealer
        match._seed = seed
        match._finished = ()
        return match

    def _deal(self, index: int) -> Round:
        return Round.deal(
            self._players,
            seed=f"zero:{self._seed}:{index}",
            pool_size=self._pool_size,
            dealer=(self._first_dealer + index) % self._players,
        )

    def _copy(self) -> Match:
        match = object.__new__(Match)
        for name in Match.__slots__:
            object.__setattr__(match, name, getattr(self, name))
        return match

    def _settle(self) -> Match:
        """Record finished rounds and deal the next (also past rounds a dealt ZERO ends at once)."""
        while self._round.is_over and len(self._finished) < self._rounds:
            self._finished = self._finished + (self._round,)
            if len(self._finished) < self._rounds:
                self._round = self._deal(len(self._finished))
        return self

    def apply(self, action: Action) -> Match:
        """The match after the current player takes ``action`` in the current round."""
        nxt = self._copy()
        nxt._round = self._round.apply(action)
        return nxt._settle()

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return self._players

    @property
    def rounds(self) -> int:
        """How many rounds the match has."""
        return self._rounds

    @property
    def pool_size(self) -> int:
        """The pool size used in every round."""
        return self._pool_size

    @property
    def first_dealer(self) -> int:
        """The dealer of round 1."""
        return self._first_dealer

    @property
    def seed(self) -> int | str:
        """The seed every round's deal is drawn from."""
        return self._seed

    @property
    def round(self) -> Round:
        """The round being played, or the last round once the match is over."""
        return self._round

    @property
    def round_number(self) -> int:
        """The current round, counting from 1 (the last round once the match is over)."""
        return min(len(self._finished) + 1, self._rounds)

    @property
    def finished_rounds(self) -> tuple[Round, ...]:
        """Every round played to its end, in order."""
        return self._finished

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """Each finished round's scores, per seat."""
        return tuple(r.scores() for r in self._finished)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return tuple(sum(col) for col in zip(*self.round_scores, strict=True)) or (0,) * self._players

    @property
    def is_over(self) -> bool:
        """Whether every round has been played."""
        return len(self._finished) == self._rounds

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats on the lowest total, all sharing the win (R17); empty until the match is over."""
        if not self.is_over:
            return ()
        totals = self.totals
        best = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the match is over."""
        return self._round.current_player

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions."""
        return self._round.legal_actions()

    def view(self, seat: int) -> RoundView:
        """What ``seat`` may know of the current round."""
        return self._round.view(seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return f"<Match players={self._players} round={self.round_number}/{self._rounds} totals={self.totals}>"

    def to_dict(self) -> dict[str, Any]:
        """The match as plain data: settings, seed, and every round's deal and actions."""
        rounds = list(self._finished)
        if not self.is_over:
            rounds.append(self._round)
        return {
            "schema": MATCH_SCHEMA,
            "type": "match",
            "players": self._players,
            "rounds": self._rounds,
            "pool_size": self._pool_size,
            "dealer": self._first_dealer,
            "seed": self._seed,
            "played": [r.to_dict() for r in rounds],
        }

    def to_json(self) -> str:
        """The match as versioned JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> Match:
        """Rebuild a match from ``to_dict`` data, replaying and checking every round."""
        data = MATCH_DOC.header(data)
        if data.get("seed") is None:
            raise DataError("The saved match is damaged: its seed is missing, so its deals cannot be checked.")
        players, rounds, pool_size = data.get("players"), data.get("rounds"), data.get("pool_size")
        if type(rounds) is not int:
            raise DataError(f"The saved match is damaged: its number of rounds is {shown(rounds)}.")
        if pool_size is None and type(players) is int and MIN_PLAYERS <= players <= MAX_PLAYERS:
            # Saves from before the pool size was always written: the rules' default, which every saved
            # round's pool and deal must then match (checked below), so a 7-card match is refused.
            pool_size = default_pool_size(players)
        try:
            match = cls._create(players, data.get("seed"), rounds, pool_size, data.get("dealer"))  # type: ignore[arg-type]
        except ValueError as err:
            raise DataError(f"The saved match is damaged: {err}") from None
        played = data.get("played")
        if not isinstance(played, list) or not 1 <= len(played) <= match._rounds:
            raise DataError("The saved match is damaged: its rounds are missing.")
        rounds_played = []
        for index, item in enumerate(played):
            try:
                rnd = Round.from_dict(item)
            except DataError as err:
                raise DataError(f"Round {index + 1} of the saved match: {err}") from None
            if rnd.players != match._players:
                raise DataError(f"The saved match is damaged: round {index + 1} has the wrong number of hands.")
            if rnd.dealer != (match._first_dealer + index) % match._players:
                raise DataError(f"The saved match is damaged: round {index + 1} has the wrong dealer.")
            if len(rnd.dealt_pool) != match._pool_size:
                raise DataError(
                    f"The saved match is damaged: round {index + 1} has a pool of {len(rnd.dealt_pool)} cards "
                    f"in a match played with {match._pool_size}."
                )
            if rnd._deal != match._deal(index)._deal:
                raise DataError(f"The saved match is damaged: round {index + 1} is not the deal its seed gives.")
            if index < len(played) - 1 and not rnd.is_over:
                raise DataError(f"The saved match is damaged: round {index + 1} never ended.")
            rounds_played.append(rnd)
        if rounds_played[-1].is_over and len(rounds_played) < match._rounds:
            raise DataError("The saved match is damaged: a finished round is missing its successor.")
        match._finished = tuple(r for r in rounds_played if r.is_over)
        match._round = rounds_played[-1]
        return match

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Read a match saved by ``to_json``; damaged or foreign text raises ``DataError``."""
        return cls.from_dict(MATCH_DOC.parse(text))
