"""The score sheet and the saved match in progress: versioned documents, strict loading, merging, CSV.

Pure Python (no browser): ``zero_game/web/storage.py`` keeps these documents in localStorage.

Two document types, each JSON with ``"type"`` and ``"schema"``:

- ``"saved-game"`` (:class:`SavedGame`): the match being played, with its seats and table options, a
  revision counter (to notice another tab's writes) and when it was last saved.
- ``"sheet"`` (:class:`ScoreSheet`): every finished match (:class:`MatchRecord`): seats, per-round scores
  with who made a ZERO and who knocked second, totals and winners; since schema 3 also each round's
  deal and actions (:class:`RoundPlay`, for replays) and the help used (``assists``: undo, hints).

Older schemas are migrated forward by the ordered functions in ``SHEET_MIGRATIONS``/``GAME_MIGRATIONS``;
a document from a newer schema raises :class:`NewerVersionError` and must be left untouched.

>>> import random
>>> from tabletop.ids import new_id
>>> m = Match.new(2, seed=1, rounds=1)
>>> while not m.is_over:
...     m = m.apply(m.legal_actions()[-1])  # both knock: the round ends after the final turn
>>> seats = (Seat("Ann"), Seat("Medium bot", "bot", "medium"))
>>> rec = record_match(m, seats, match_id=new_id(random.Random(3)), finished_at="2025-05-01T10:00:00.000Z")
>>> sheet = ScoreSheet().add(rec)
>>> load_sheet(dump_sheet(sheet)) == sheet
True
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import re
import string
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from tabletop.documents import MAX_JSON_CHARS, DocType, Stepper, json_problem_steps, load_json
from tabletop.errors import (
    DamagedError,
    DataError,
    IllegalMove,
    InvalidMove,
    NewerVersionError,
    NotJsonError,
)
from tabletop.ids import timestamp

from .actions import KNOCK, Swap
from .cards import DECK, DECK_SIZE
from .match import MAX_ROUNDS, Match
from .round import MAX_ACTIONS, MAX_PLAYERS, MIN_PLAYERS, Round
from .seats import Kind, Seat, seat_problem

SHEET_SCHEMA = 3
GAME_SCHEMA = 2
SHEET_TYPE = "sheet"
GAME_TYPE = "saved-game"

MAX_HAND_SCORE = 36  # 1 + 2 + ... + 8: every distinct number once
MAX_MATCHES = 100_000  # a sanity bound for stored and imported sheets
ASSISTS = ("undo", "hint")  # help a person can use against bots; a match that used it is marked
KNOCK_CODE = -1  # an action in a RoundPlay: a knock, or give * 56 + take for a swap
CARD_CODES = (string.digits + string.ascii_uppercase + string.ascii_lowercase)[:DECK_SIZE]  # card index → code
_CARD_INDEX = {c: i for i, c in enumerate(CARD_CODES)}
_CARD_SET = set(CARD_CODES)
_CODE_SET = _CARD_SET | {"-"}
MAX_SHEET_CHARS = 200_000_000  # 100,000 matches of 5 seats and 10 rounds, exported with indentation
MAX_GAME_CHARS = MAX_JSON_CHARS



# --- errors -------------------------------------------------------------------------------------------------




# --- small values -------------------------------------------------------------------------------------------

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z")


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _check_timestamp(value: object, where: str) -> str:
    if not isinstance(value, str) or not _TIMESTAMP.fullmatch(value):
        raise DamagedError(f"{where}: the date {value!r} is not a date and time like 2025-05-01T10:00:00.000Z.")
    try:
        _when(value)
    except ValueError:
        raise DamagedError(f"{where}: the date {value!r} does not exist.") from None
    return value


def _check_id(value: object, where: str) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise DamagedError(f"{where}: the id {value!r} is not 1 to 64 letters, digits, '-' or '_'.")
    return value


def _check_int(value: object, low: int, high: int, where: str, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DamagedError(f"{where}: {what} must be a whole number from {low} to {high}, not {value!r}.")
    return value


def _check_dict(value: object, where: str, keys: Iterable[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DamagedError(f"{where} must be a JSON object.")
    missing = [k for k in keys if k not in value]
    if missing:
        raise DamagedError(f"{where} is missing {', '.join(repr(k) for k in missing)}.")
    return value


def _check_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise DamagedError(f"{where} must be a list.")
    return value


# --- seats --------------------------------------------------------------------------------------------------


def seat_dict(seat: Seat) -> dict[str, Any]:
    """A seat as plain data."""
    return {"name": seat.name, "kind": seat.kind, "level": seat.level}


def load_seat(data: object, where: str = "Seat") -> Seat:
    """A seat from ``seat_dict`` data, named; ``DamagedError`` if it is not one."""
    d = _check_dict(data, where, ("name", "kind", "level"))
    if len(d) != 3:
        raise DamagedError(f"{where} has unexpected fields.")
    key = (d["name"], d["kind"], d["level"])
    seat = _SEATS.get(key) if all(type(v) is str or v is None for v in key) else None
    if seat is None:
        problem = seat_problem(*key)
        if problem:
            raise DamagedError(f"{where}: {problem}")
        seat = Seat(*key)
        if len(_SEATS) < 1024:  # the same few seats come back match after match: check each once
            _SEATS[(seat.name, seat.kind, seat.level)] = seat
    return seat


_SEATS: dict[tuple[object, object, object], Seat] = {}


def _check_seats(value: object, where: str) -> tuple[Seat, ...]:
    items = _check_list(value, f"{where}: the seats")
    if not MIN_PLAYERS <= len(items) <= MAX_PLAYERS:
        raise DamagedError(f"{where}: a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {len(items)}.")
    seats = tuple(load_seat(s, f"{where}, seat {i + 1}") for i, s in enumerate(items))
    names = [s.name.casefold() for s in seats]
    if len(set(names)) != len(names):
        raise DamagedError(f"{where}: two seats have the same name.")
    return seats


# --- finished matches and the sheet -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """How a finished round went: the deal (card indices per hand, the pool) and every action in order.

    An action is ``KNOCK_CODE`` or ``give * 56 + take``.  Saved compactly: one character per card
    (``CARD_CODES``), two per action (``"--"`` for a knock).  Checked for shape when loaded; ``replay``
    plays it through the rules (a damaged one raises ``DamagedError`` then, not when the sheet loads).
    """

    hands: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]
    actions: tuple[int, ...]

    @classmethod
    def of(cls, r: Round) -> RoundPlay:
        """The play of round ``r``."""
        codes = tuple(
            t.action.give.index * DECK_SIZE + t.action.take.index if isinstance(t.action, Swap) else KNOCK_CODE
            for t in r.history
        )
        return cls(tuple(tuple(c.index for c in h) for h in r.dealt_hands), tuple(c.index for c in r.dealt_pool),
                   codes)

    def replay(self, dealer: int) -> list[Round]:
        """Every state of the round from the deal to its end; ``DamagedError`` if the play breaks the rules."""
        try:
            state = Round.from_deal([[DECK[i] for i in h] for h in self.hands], [DECK[i] for i in self.pool],
                                    first_player=(dealer + 1) % len(self.hands))
            states = [state]
            for code in self.actions:
                action = KNOCK if code == KNOCK_CODE else Swap(DECK[code // DECK_SIZE], DECK[code % DECK_SIZE])
                states.append(states[-1].apply(action))
        except (InvalidMove, IllegalMove, IndexError, ValueError) as err:
            raise DamagedError(f"The saved round can't be replayed: {err}") from None
        if not states[-1].is_over:
            raise DamagedError("The saved round can't be replayed: it stops before its end.")
        return states

    def to_dict(self) -> dict[str, Any]:
        """The play as plain data: card codes, two characters per action."""
        def cards(indices: Iterable[int]) -> str:
            return "".join(CARD_CODES[i] for i in indices)

        moves = "".join("--" if a == KNOCK_CODE else cards(divmod(a, DECK_SIZE)) for a in self.actions)
        return {"hands": [cards(h) for h in self.hands], "pool": cards(self.pool), "actions": moves}

    @classmethod
    def from_dict(cls, data: object, players: int, where: str) -> RoundPlay:
        """A play from ``to_dict`` data; ``DamagedError`` if its shape is wrong (the rules are checked on replay)."""
        d = _check_dict(data, where, ("hands", "pool", "actions"))
        if set(d) != {"hands", "pool", "actions"}:
            raise DamagedError(f"{where}: the deal has unexpected fields.")
        texts = [*_check_list(d["hands"], f"{where}: the hands"), d["pool"], d["actions"]]
        if not all(isinstance(x, str) and set(x) <= (_CODE_SET if i == len(texts) - 1 else _CARD_SET)
                   for i, x in enumerate(texts)):
            raise DamagedError(f"{where}: the deal and the actions must be card codes.")
        hands = [[_CARD_INDEX[c] for c in h] for h in texts[:-2]]
        pool = [_CARD_INDEX[c] for c in texts[-2]]
        moves = texts[-1]
        if len(hands) != players or any(len(h) != 9 for h in hands) or len(pool) not in (5, 7, 9):
            raise DamagedError(f"{where}: the deal has the wrong number of cards.")
        cards = [c for h in hands for c in h] + pool
        if len(set(cards)) != len(cards):
            raise DamagedError(f"{where}: a card is dealt twice.")
        if len(moves) % 2 or len(moves) > 2 * MAX_ACTIONS:
            raise DamagedError(f"{where}: the actions are cut short or far too many.")
        actions = []
        for i in range(0, len(moves), 2):
            pair = moves[i:i + 2]
            if "-" in pair and pair != "--":
                raise DamagedError(f"{where}: an action is neither a swap nor a knock.")
            actions.append(KNOCK_CODE if pair == "--" else _CARD_INDEX[pair[0]] * DECK_SIZE + _CARD_INDEX[pair[1]])
        return cls(tuple(tuple(h) for h in hands), tuple(pool), tuple(actions))


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round on the sheet: each seat's score, who made a ZERO, who knocked second (if anyone),
    and how it went (``play``; ``None`` for rounds recorded before schema 3)."""

    scores: tuple[int, ...]
    zero_seats: tuple[int, ...] = ()
    second_knocker: int | None = None
    play: RoundPlay | None = None

    def to_dict(self) -> dict[str, Any]:
        """The round as plain data."""
        return {"scores": list(self.scores), "zero": list(self.zero_seats), "second_knocker": self.second_knocker,
                "play": None if self.play is None else self.play.to_dict()}

    @classmethod
    def from_dict(cls, data: object, players: int, where: str) -> RoundRecord:
        """A round from ``to_dict`` data at a table of ``players``; ``DamagedError`` if it is not one."""
        d = _check_dict(data, where, ("scores", "zero", "second_knocker", "play"))
        if set(d) != {"scores", "zero", "second_knocker", "play"}:
            raise DamagedError(f"{where} has unexpected fields.")
        scores = _check_list(d["scores"], f"{where}: the scores")
        if len(scores) != players:
            raise DamagedError(f"{where}: there are {len(scores)} scores for {players} seats.")
        for s in scores:
            _check_int(s, 0, MAX_HAND_SCORE, where, "a score")
        zero = _check_list(d["zero"], f"{where}: the ZERO seats")
        for z in zero:
            _check_int(z, 0, players - 1, where, "a ZERO seat")
        if zero != sorted(set(zero)):
            raise DamagedError(f"{where}: the ZERO seats must be listed once each, in seat order.")
        # A hand scores 0 exactly when it is a ZERO: nine cards cannot all be cleared otherwise (R12, R15).
        if zero != [seat for seat, s in enumerate(scores) if s == 0]:
            raise DamagedError(f"{where}: a score of 0 is a ZERO, and a ZERO scores 0.")
        knocker = d["second_knocker"]
        if knocker is not None:
            _check_int(knocker, 0, players - 1, where, "the second knocker")
            if knocker in zero:
                raise DamagedError(f"{where}: the second knocker cannot also have made the ZERO.")
        play = None if d["play"] is None else RoundPlay.from_dict(d["play"], players, where)
        return cls(tuple(scores), tuple(zero), knocker, play)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match on the score sheet."""

    id: str
    finished_at: str
    seats: tuple[Seat, ...]
    pool_size: int
    first_dealer: int
    rounds: tuple[RoundRecord, ...]
    assists: tuple[str, ...] = ()  # help used against bots (``ASSISTS``), in that order

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the match."""
        return tuple(map(sum, zip(*[r.scores for r in self.rounds], strict=True))) or (0,) * len(self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats on the lowest total; a tie shares the win (R17)."""
        return _winners(self.totals)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain data (totals and winners included for people reading the file)."""
        totals = self.totals
        return {
            "id": self.id,
            "finished_at": self.finished_at,
            "seats": [seat_dict(s) for s in self.seats],
            "pool_size": self.pool_size,
            "first_dealer": self.first_dealer,
            "rounds": [r.to_dict() for r in self.rounds],
            "totals": list(totals),
            "winners": list(_winners(totals)),
            "assists": list(self.assists),
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "A match") -> MatchRecord:
        """A record from ``to_dict`` data; ``DamagedError`` (naming the place) if it is not one."""
        fields = ("id", "finished_at", "seats", "pool_size", "first_dealer", "rounds", "totals", "winners", "assists")
        d = _check_dict(data, where, fields)
        if set(d) != set(fields):
            raise DamagedError(f"{where} has unexpected fields.")
        match_id = _check_id(d["id"], where)
        finished_at = _check_timestamp(d["finished_at"], where)
        seats = _check_seats(d["seats"], where)
        pool_size = d["pool_size"]
        if type(pool_size) is not int or pool_size not in (5, 7, 9):
            raise DamagedError(f"{where}: the pool holds 5, 7 or 9 cards, not {pool_size!r}.")
        first_dealer = _check_int(d["first_dealer"], 0, len(seats) - 1, where, "the first dealer")
        items = _check_list(d["rounds"], f"{where}: the rounds")
        if not 1 <= len(items) <= MAX_ROUNDS:
            raise DamagedError(f"{where}: a match has 1 to {MAX_ROUNDS} rounds, not {len(items)}.")
        rounds = tuple(RoundRecord.from_dict(r, len(seats), f"{where}, round {i + 1}") for i, r in enumerate(items))
        assists = _check_list(d["assists"], f"{where}: the help used")
        if assists != [a for a in ASSISTS if a in assists]:
            raise DamagedError(f"{where}: the help used must be among {', '.join(ASSISTS)}, once each, in order.")
        record = cls(match_id, finished_at, seats, pool_size, first_dealer, rounds, tuple(assists))
        totals = record.totals
        if d["totals"] != list(totals) or d["winners"] != list(_winners(totals)):
            raise DamagedError(f"{where}: the totals or winners do not add up from the rounds.")
        return record


def _winners(totals: tuple[int, ...]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def record_match(match: Match, seats: Iterable[Seat], *, match_id: str, finished_at: str,
                 assists: Iterable[str] = ()) -> MatchRecord:
    """The sheet's record of a finished ``match`` (use the saved game's id, so two tabs can't record it twice)."""
    seats = tuple(seats)
    if not match.is_over:
        raise ValueError("Only a finished match goes on the score sheet.")
    if len(seats) != match.players:
        raise ValueError(f"The match has {match.players} seats, not {len(seats)}.")
    if not all(seat.name for seat in seats):
        raise ValueError("Every seat on the score sheet has a name.")
    rounds = tuple(
        RoundRecord(r.scores(), tuple(sorted(r.zero_seats)), r.second_knocker, RoundPlay.of(r))
        for r in match.finished_rounds
    )
    used = set(assists)
    record = MatchRecord(
        _check_id(match_id, "The match"),
        _check_timestamp(finished_at, "The match"),
        seats,
        match.pool_size,
        match.first_dealer,
        rounds,
        tuple(a for a in ASSISTS if a in used),
    )
    return MatchRecord.from_dict(record.to_dict())  # the same checks as a loaded record


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One line of the statistics: a person by name, or all bots of one level together.

    For bots, every bot seat counts on its own: two medium bots at one table add two matches to "Medium bot".
    """

    key: str  # "person:<casefolded name>" or "bot:<level>"
    name: str  # the person's name as last written, or an English label like "Medium bot"
    kind: Kind
    level: str | None
    matches: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    zeros: int = 0
    best_round: int | None = None  # the lowest round score

    @property
    def average(self) -> float:
        """Average points per round (lower is better)."""
        return self.points / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Every finished match, in the order they were added."""

    matches: tuple[MatchRecord, ...] = ()
    _ids: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_ids", frozenset(m.id for m in self.matches))  # built once per sheet

    def ids(self) -> frozenset[str]:
        """The ids of all matches on the sheet."""
        return self._ids

    def add(self, record: MatchRecord) -> ScoreSheet:
        """The sheet with ``record`` added, unchanged if a match with its id is already there."""
        return merge(self, ScoreSheet((record,)))[0]

    def history(self) -> list[MatchRecord]:
        """The finished matches, newest first."""
        order = sorted(range(len(self.matches)), key=lambda i: (_when(self.matches[i].finished_at), i))
        return [self.matches[i] for i in reversed(order)]

    def player_stats(self) -> list[PlayerStats]:
        """Statistics per person (by name, ignoring case) and per bot level: people first, most wins first.

        A person's match counts once; every bot seat counts on its own: two medium bots at one table add two
        matches to "Medium bot", each won only if that bot won it (so one win and one loss when one of them won)."""
        lines: dict[str, dict[str, Any]] = {}
        for record in sorted(self.matches, key=lambda m: _when(m.finished_at)):
            winners = record.winners
            keys = [
                (f"bot:{seat.level}", f"{str(seat.level).capitalize()} bot") if seat.kind == "bot"
                else (f"person:{seat.name.casefold()}", seat.name)
                for seat in record.seats
            ]
            counted: set[str] = set()
            for seat_index, (seat, (key, name)) in enumerate(zip(record.seats, keys, strict=True)):
                line = lines.setdefault(
                    key,
                    {
                        "key": key,
                        "kind": seat.kind,
                        "level": seat.level,
                        "matches": 0,
                        "wins": 0,
                        "rounds": 0,
                        "points": 0,
                        "zeros": 0,
                        "best_round": None,
                    },
                )
                line["name"] = name
                if seat.kind == "bot":
                    line["matches"] += 1
                    line["wins"] += seat_index in winners
                elif key not in counted:
                    counted.add(key)
                    line["matches"] += 1
                    line["wins"] += any(keys[i][0] == key for i in winners)
                for rnd in record.rounds:
                    score = rnd.scores[seat_index]
                    line["rounds"] += 1
                    line["points"] += score
                    line["zeros"] += seat_index in rnd.zero_seats
                    best = line["best_round"]
                    line["best_round"] = score if best is None else min(best, score)
        stats = [PlayerStats(**line) for line in lines.values()]
        stats.sort(key=lambda s: (s.kind != "person", -s.wins, -s.matches, s.average, s.name.casefold()))
        return stats

    def to_dict(self) -> dict[str, Any]:
        """The sheet as a versioned plain-data document."""
        return {"schema": SHEET_SCHEMA, "type": SHEET_TYPE, "matches": [m.to_dict() for m in self.matches]}


# --- the match in progress ----------------------------------------------------------------------------------

Option = str | int | float | bool | None


@dataclass(frozen=True, slots=True, eq=False)
class SavedGame:
    """The match being played, saved after every action.

    ``options`` holds the table's choices the match itself does not (bot speed, language...): a flat mapping
    from short names to JSON scalars; ``table`` the page's set-up of the table (a JSON object the page reads
    back, or ``None``). ``revision`` counts saves; the storage layer sets it.
    """

    id: str
    seats: tuple[Seat, ...]
    match: Match
    updated_at: str
    options: Mapping[str, Option] = field(default_factory=dict)
    revision: int = 0
    table: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        _check_id(self.id, "The saved match")
        _check_timestamp(self.updated_at, "The saved match")
        if len(self.seats) != self.match.players or not all(isinstance(s, Seat) for s in self.seats):
            raise DamagedError(f"The saved match has {self.match.players} players but {len(self.seats)} seats.")
        if not all(s.name for s in self.seats):
            raise DamagedError("Every seat of the saved match has a name.")
        _check_options(self.options)
        _check_int(self.revision, 0, 2**53 - 1, "The saved match", "its revision")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SavedGame):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(dump_game(self))

    def advance(self, match: Match, updated_at: str) -> SavedGame:
        """The same saved game after an action: the new match state and save time."""
        return replace(self, match=match, updated_at=updated_at)

    def record(self, finished_at: str) -> MatchRecord:
        """The score-sheet record of this game's finished match (its id is the game's id), with its help used."""
        return record_match(self.match, self.seats, match_id=self.id, finished_at=finished_at,
                            assists=game_assists(self))

    def to_dict(self) -> dict[str, Any]:
        """The saved game as a versioned plain-data document."""
        return {
            "schema": GAME_SCHEMA,
            "type": GAME_TYPE,
            "id": self.id,
            "revision": self.revision,
            "updated_at": self.updated_at,
            "seats": [seat_dict(s) for s in self.seats],
            "options": dict(self.options),
            "table": None if self.table is None else dict(self.table),
            "match": self.match.to_dict(),
        }


def game_assists(game: SavedGame) -> tuple[str, ...]:
    """The help used in a saved match (its ``assists`` option: names joined by commas), unknown names left out."""
    text = game.options.get("assists")
    names = set(text.split(",")) if isinstance(text, str) else set()
    return tuple(a for a in ASSISTS if a in names)


def _check_options(value: object) -> dict[str, Option]:
    if not isinstance(value, Mapping):
        raise DamagedError("The saved match's options must be a JSON object.")
    for key, item in value.items():
        if not isinstance(key, str) or not _ID.fullmatch(key):
            raise DamagedError(f"The saved match has an option with a bad name: {key!r}.")
        if item is not None and not isinstance(item, (str, int, float, bool)):
            raise DamagedError(f"The saved match's option {key!r} must be text, a number, true/false or null.")
        if isinstance(item, float) and not math.isfinite(item):
            raise DamagedError(f"The saved match's option {key!r} is not a finite number.")
    return dict(value)


# --- versions and migrations --------------------------------------------------------------------------------


def _sheet_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 (the first score sheet) → 2.

    Schema 1 stored each match as ``{"finished": <ms since 1970>, "players": [names], "levels": [null or a
    bot level per seat], "pool_size": n, "scores": [[per-seat scores] per round]}``: no ids, no dealer, and
    neither ZEROs nor knocks. Schema 2 adds an id per match (for merging imports), typed seats, ISO dates,
    and per round the ZERO seats (a round score of 0 is always a ZERO, so they can be recovered) and the
    second knocker (not recorded in schema 1: left empty).
    """
    matches = _check_list(doc.get("matches"), "The score sheet's matches")
    out = []
    for index, old in enumerate(matches):
        where = f"Match {index + 1}"
        d = _check_dict(old, where, ("finished", "players", "levels", "pool_size", "scores"))
        finished = d["finished"]
        if type(finished) is not int or not 0 <= finished <= 253_402_300_799_999:  # up to year 9999
            raise DamagedError(f"{where}: the date {finished!r} is not a time in milliseconds.")
        players, levels = _check_list(d["players"], where), _check_list(d["levels"], where)
        if len(players) != len(levels):
            raise DamagedError(f"{where}: there are {len(players)} players but {len(levels)} levels.")
        seats = [
            {"name": name, "kind": "person" if level is None else "bot", "level": level}
            for name, level in zip(players, levels, strict=True)
        ]
        rounds = []
        for r, scores in enumerate(_check_list(d["scores"], where)):
            scores = _check_list(scores, f"{where}, round {r + 1}")
            zero = [seat for seat, s in enumerate(scores) if type(s) is int and s == 0]
            rounds.append({"scores": scores, "zero": zero, "second_knocker": None})
        moment = datetime.fromtimestamp(finished / 1000, UTC)
        # Schema 1 had no ids: derive one from the content, so importing one old file twice adds it once.
        digest = hashlib.sha256(json.dumps(old, sort_keys=True).encode("utf-8", "surrogatepass")).hexdigest()
        record = {
            "id": f"v1-{digest[:24]}",
            "finished_at": timestamp(moment),
            "seats": seats,
            "pool_size": d["pool_size"],
            "first_dealer": 0,
            "rounds": rounds,
        }
        try:
            totals = [sum(col) for col in zip(*(r["scores"] for r in rounds), strict=True)] if rounds else []
        except (TypeError, ValueError):
            raise DamagedError(f"{where}: the scores are not whole numbers, one per player.") from None
        record["totals"] = totals
        record["winners"] = [seat for seat, t in enumerate(totals) if t == min(totals)]
        out.append(record)
    return {"schema": 2, "type": SHEET_TYPE, "matches": out}


def _sheet_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 → 3: each match gains ``assists`` (none: schema 2 had no undo or hints) and each round
    ``play`` (unknown: schema 2 kept no deals, so those rounds cannot be replayed)."""
    matches = []
    for index, old in enumerate(_check_list(doc.get("matches"), "The score sheet's matches")):
        where = f"Match {index + 1}"
        d = _check_dict(old, where, ("rounds",))
        # Only what is missing is added: the fields of a schema-3 match mislabelled 2 are checked as they are.
        rounds = [{"play": None, **_check_dict(r, f"{where}, round {i + 1}", ())}
                  for i, r in enumerate(_check_list(d["rounds"], f"{where}: the rounds"))]
        matches.append({**d, "rounds": rounds, "assists": d.get("assists", [])})
    return {**doc, "schema": 3, "matches": matches}


# Ordered: SHEET_MIGRATIONS[n] turns a schema-n document into schema n + 1.
SHEET_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _sheet_1_to_2, 2: _sheet_2_to_3}
def _game_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Saved match schema 1 → 2: the table's set-up moves from an option holding JSON text (``settings``) to a
    field of its own holding the object (``None`` if that text was not readable)."""
    options = _check_dict(doc.get("options"), "The saved match's options", ())
    text = options.get("settings")
    table = None
    if isinstance(text, str):
        try:
            table = load_json(text, "table set-up", max_chars=100_000)
        except DataError:
            table = None
    rest = {k: v for k, v in options.items() if k != "settings"}
    return {**doc, "schema": 2, "options": rest, "table": table if isinstance(table, dict) else None}


GAME_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _game_1_to_2}
SHEET_DOC = DocType(SHEET_TYPE, SHEET_SCHEMA, "score sheet", "Zero", SHEET_MIGRATIONS, MAX_SHEET_CHARS)
GAME_DOC = DocType(GAME_TYPE, GAME_SCHEMA, "saved match", "Zero", GAME_MIGRATIONS, MAX_GAME_CHARS)


def load_sheet(text: str | bytes) -> ScoreSheet:
    """Read a score sheet (stored or imported JSON, any known schema); raise a ``DataError`` subclass if bad."""
    return _finish(read_sheet_steps(text, salvage=False))[0]


def salvage_sheet(text: str | bytes) -> tuple[ScoreSheet, list[str]]:
    """Read what is still valid of a damaged sheet: the good matches, and a message per problem found.

    Raises ``NewerVersionError`` (leave such a sheet alone) and no other error: text that is not a sheet at
    all gives an empty sheet and one message.
    """
    return _finish(read_sheet_steps(text, salvage=True))


T = TypeVar("T")


Steps = Generator[None, None, tuple[ScoreSheet, list[str]]]


def _finish(steps: Steps) -> tuple[ScoreSheet, list[str]]:
    return Stepper(steps).run()


def read_sheet_steps(text: object, *, salvage: bool) -> Steps:
    """Read sheet text a match per step (for a ``Stepper``): the result of ``load_sheet`` or ``salvage_sheet``.

    The top-level object is decoded value by value and the ``matches`` array match by match
    (``json.JSONDecoder.raw_decode``), then each match is checked: no step decodes the whole text at once.
    """
    try:
        if isinstance(text, str) and text.lstrip(" \t\r\n\ufeff").startswith("{"):
            problem = yield from json_problem_steps(text, MAX_SHEET_CHARS)
            if problem is not None:
                raise NotJsonError(f"This is not a Zero score sheet: {problem}.")
            data: dict[str, Any] = {}
            try:
                for key, value in _scan_object(text.removeprefix("\ufeff")):
                    if key == "matches[]":
                        data["matches"].append(value)
                        yield
                    elif key in data:
                        raise ValueError("a key twice")
                    else:
                        data[key] = value
            except ValueError:
                raise NotJsonError("This is not a Zero score sheet: the text is not valid JSON.") from None
        else:
            data = SHEET_DOC.parse(text)  # type: ignore[assignment]
    except NewerVersionError:
        raise
    except DataError as err:
        if not salvage:
            raise
        return ScoreSheet(), [str(err)]
    return (yield from _check_sheet_steps(data, salvage=salvage, consume=True))


_SPACE = re.compile(r"[ \t\n\r]*")
_DECODE = json.JSONDecoder().raw_decode


def _scan_object(text: str) -> Iterator[tuple[str, Any]]:
    """The members of the JSON object ``text`` as (key, value), the items of a top-level ``matches`` array
    one by one as ("matches[]", item) after ("matches", []); ``ValueError`` if it is not exactly one object."""

    def space(i: int) -> int:
        return _SPACE.match(text, i).end()  # type: ignore[union-attr]

    def expect(i: int, chars: str) -> tuple[str, int]:
        i = space(i)
        if i >= len(text) or text[i] not in chars:
            raise ValueError(f"expected one of {chars!r} at {i}")
        return text[i], space(i + 1)

    _, i = expect(0, "{")
    if text[i : i + 1] == "}":
        i += 1
    else:
        while True:
            key, i = _DECODE(text, i)
            if not isinstance(key, str):
                raise ValueError("a key that is not text")
            _, i = expect(i, ":")
            if key == "matches" and text[i : i + 1] == "[":
                yield key, []
                i = space(i + 1)
                if text[i : i + 1] == "]":
                    i += 1
                else:
                    while True:
                        item, i = _DECODE(text, i)
                        yield "matches[]", item
                        sep, i = expect(i, ",]")
                        if sep == "]":
                            break
            else:
                value, i = _DECODE(text, i)
                yield key, value
            sep, i = expect(i, ",}")
            if sep == "}":
                break
    if space(i) != len(text):
        raise ValueError("text after the object")


def _check_sheet_steps(data: object, *, salvage: bool, consume: bool = False) -> Steps:
    """Check decoded sheet data match by match (one step each); in ``salvage`` mode keep the valid matches."""
    problems: list[str] = []
    whole_sheet_problem = False
    try:
        doc = SHEET_DOC.header(data)
        if set(doc) != {"schema", "type", "matches"}:
            raise DamagedError("The score sheet has unexpected fields.")
        items = _check_list(doc["matches"], "The score sheet's matches")
        if len(items) > MAX_MATCHES:
            raise DamagedError(f"The score sheet holds more than {MAX_MATCHES} matches.")
    except NewerVersionError:
        raise
    except DataError as err:
        if not salvage:
            raise
        # Read each match on its own, as a one-match sheet of the same schema, so old schemas migrate too.
        schema = data.get("schema") if isinstance(data, dict) else None
        matches = data.get("matches") if isinstance(data, dict) else None
        if not isinstance(matches, list) or type(schema) is not int or schema > SHEET_SCHEMA:
            return ScoreSheet(), [str(err)]
        if schema not in SHEET_MIGRATIONS and schema != SHEET_SCHEMA:
            return ScoreSheet(), [str(err)]
        problems.append(str(err))
        whole_sheet_problem = True
        items = []
        for index, item in enumerate(matches[:MAX_MATCHES]):
            try:
                items.append(SHEET_DOC.header({"schema": schema, "type": SHEET_TYPE, "matches": [item]})["matches"][0])
            except DataError as item_err:
                message = str(item_err)
                if message.startswith("Match 1"):
                    message = f"Match {index + 1}" + message[len("Match 1") :]
                problems.append(message)
                items.append(None)
            yield
    records: list[MatchRecord] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        yield
        if consume:
            items[index] = None  # free the decoded match now, not all 100,000 at once at the end
        if item is None:  # not migrated: already reported
            continue
        try:
            record = MatchRecord.from_dict(item, f"Match {index + 1}")
            if record.id in seen:
                raise DamagedError(f"Match {index + 1}: another match on the sheet has the same id.")
        except DataError as err:
            if not salvage:
                raise
            problems.append(str(err))
            continue
        seen.add(record.id)
        records.append(record)
    if len(problems) > 1:  # the messages about single matches say more than the first, whole-sheet one
        problems = problems[1:] if whole_sheet_problem else problems
    return ScoreSheet(tuple(records)), problems


def dump_sheet(sheet: ScoreSheet) -> str:
    """The sheet as JSON text (current schema); ``load_sheet`` gives the same sheet back."""
    return Stepper(dump_sheet_steps(sheet)).run()


def dump_sheet_steps(
    sheet: ScoreSheet, cache: dict[str, tuple[MatchRecord, str]] | None = None
) -> Generator[None, None, str]:
    """``dump_sheet`` a match per step (for a ``Stepper``); ``cache`` keeps each match's text for next time."""
    blocks: list[str] = []
    parts: list[str] = []  # joined 4,096 at a time, so that no step handles the whole text twice
    for record in sheet.matches:
        known = cache.get(record.id) if cache is not None else None
        if known is not None and known[0] is record:
            parts.append(known[1])
        else:
            part = json.dumps(record.to_dict(), ensure_ascii=False, separators=(",", ":"))
            parts.append(part)
            if cache is not None:
                cache[record.id] = (record, part)
            yield
        if len(parts) == 4096:
            blocks.append(",".join(parts))
            parts = []
            yield
    if parts or not blocks:
        blocks.append(",".join(parts))
    head = json.dumps({"schema": SHEET_SCHEMA, "type": SHEET_TYPE}, separators=(",", ":"))
    blocks[0] = head[:-1] + ',"matches":[' + blocks[0]
    blocks[-1] += "]}"
    return ",".join(blocks)  # one copy of the whole text


def merge(base: ScoreSheet, other: ScoreSheet) -> tuple[ScoreSheet, int, int]:
    """``base`` plus the matches of ``other`` it lacks: (merged sheet, matches added, duplicates skipped)."""
    return Stepper(merge_steps(base, other)).run()


def merge_steps(base: ScoreSheet, other: ScoreSheet) -> Generator[None, None, tuple[ScoreSheet, int, int]]:
    """``merge`` a few hundred matches per step (for a ``Stepper``)."""
    seen = set(base.ids())
    added: list[MatchRecord] = []
    for index, record in enumerate(other.matches):
        if record.id not in seen:
            seen.add(record.id)
            added.append(record)
        if index % 256 == 255:
            yield
    if not added:
        return base, 0, len(other.matches)
    return ScoreSheet(base.matches + tuple(added)), len(added), len(other.matches) - len(added)


def game_from_data(data: object) -> SavedGame:
    """A saved game from decoded JSON; ``DataError`` subclasses say what is wrong."""
    doc = GAME_DOC.header(data)
    fields = ("schema", "type", "id", "revision", "updated_at", "seats", "options", "table", "match")
    d = _check_dict(doc, "The saved match", fields)
    if set(d) != set(fields):
        raise DamagedError("The saved match has unexpected fields.")
    seats = _check_seats(d["seats"], "The saved match")
    try:
        match = Match.from_dict(d["match"])
    except DataError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as err:
        raise DamagedError(f"The saved match is damaged: {err}") from None
    return SavedGame(
        id=_check_id(d["id"], "The saved match"),
        seats=seats,
        match=match,
        updated_at=_check_timestamp(d["updated_at"], "The saved match"),
        options=_check_options(d["options"]),
        revision=_check_int(d["revision"], 0, 2**53 - 1, "The saved match", "its revision"),
        table=_check_table(d["table"]),
    )


def _check_table(value: object) -> dict[str, Any] | None:
    if value is not None and not isinstance(value, Mapping):
        raise DamagedError("The saved match's table set-up must be a JSON object.")
    return None if value is None else dict(value)


def load_game(text: str | bytes) -> SavedGame:
    """Read a saved match in progress; raise a ``DataError`` subclass if the text is not a valid one."""
    return game_from_data(GAME_DOC.parse(text))


def dump_game(game: SavedGame) -> str:
    """The saved game as JSON text (current schema); ``load_game`` gives the same game back."""
    return json.dumps(game.to_dict(), ensure_ascii=False, separators=(",", ":"))


def peek_revision(text: str) -> tuple[str, int] | None:
    """The (id, revision) of saved-game text without replaying its match, or ``None`` if it has none."""
    try:
        data = GAME_DOC.parse(text)
    except DataError:
        return None
    if isinstance(data, dict) and isinstance(data.get("id"), str) and type(data.get("revision")) is int:
        return data["id"], data["revision"]
    return None


# --- CSV ----------------------------------------------------------------------------------------------------

CSV_HEADER = (
    "match_id",
    "finished_at",
    "round",
    "seat",
    "player",
    "kind",
    "bot_level",
    "score",
    "zero",
    "knocked_second",
    "match_total",
    "match_winner",
)


def _cell(text: str) -> str:
    """A name made safe for spreadsheets: text starting like a formula is prefixed with an apostrophe."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def sheet_csv(sheet: ScoreSheet) -> str:
    """Every round of every match, one row per player per round (oldest match first), with a header.

    One row per player-round keeps the columns the same for tables of 2 to 5, so a spreadsheet can filter,
    sum and pivot it directly. ``zero``, ``knocked_second`` and ``match_winner`` are 1 or 0.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for record in reversed(sheet.history()):
        totals, winners = record.totals, record.winners
        for number, rnd in enumerate(record.rounds, 1):
            for seat_index, seat in enumerate(record.seats):
                writer.writerow(
                    (
                        record.id,
                        record.finished_at,
                        number,
                        seat_index + 1,
                        _cell(seat.name),
                        seat.kind,
                        seat.level or "",
                        rnd.scores[seat_index],
                        int(seat_index in rnd.zero_seats),
                        int(rnd.second_knocker == seat_index),
                        totals[seat_index],
                        int(seat_index in winners),
                    )
                )
    return out.getvalue()
