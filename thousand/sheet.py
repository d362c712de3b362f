"""The quiz's score sheet: finished games as versioned JSON, merged on import, and their statistics.

Pure Python (no browser), as Zero's ``zero_game.sheet``: ``thousand.web.saved`` keeps it in the browser's
storage, under a key of its own (the two games have nothing to add up together).
"""

from __future__ import annotations

import json
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from tabletop.documents import DocType, Stepper
from tabletop.errors import DataError
from tabletop.names import clean_name

from .game import Game

PEOPLE = "people"
PHONE = "phone"  # as the sheet stores a team on its phones (the set-up's choice, ``tabletop.remote.PHONE``)
BOT_LEVELS = ("easy", "medium", "hard")
#: Who may play a team: people at the tablet, people on their phone, or a bot of a level.
KINDS = (PEOPLE, PHONE, *BOT_LEVELS)

SHEET_TYPE = "quiz-sheet"
SHEET_SCHEMA = 1
MAX_SHEET_CHARS = 2_000_000
SHEET_DOC = DocType(SHEET_TYPE, SHEET_SCHEMA, "score sheet", "Zéro à 1000", max_chars=MAX_SHEET_CHARS)


@dataclass(frozen=True)
class TeamRecord:
    """A team as it was at the table: its name, who played it (or the bot level)."""

    name: str
    kind: str
    people: tuple[str, ...] = ()


@dataclass(frozen=True)
class QuizRecord:
    """One finished quiz: when, the teams, the winners, how it ended, and each team's pick distances."""

    id: str
    date: str
    teams: tuple[TeamRecord, ...]
    winners: tuple[int, ...]
    end: str
    rounds: int
    distances: tuple[tuple[int, ...], ...]  # per team: the distance of each of its plays to the target

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "date": self.date, "end": self.end, "rounds": self.rounds,
            "teams": [{"name": t.name, "kind": t.kind, "people": list(t.people)} for t in self.teams],
            "winners": list(self.winners), "distances": [list(d) for d in self.distances],
        }

    @classmethod
    def from_dict(cls, data: object) -> QuizRecord:
        if not isinstance(data, dict):
            raise DataError("A finished quiz is not readable.")
        teams_raw, winners, distances = data.get("teams"), data.get("winners"), data.get("distances")
        if not isinstance(teams_raw, list) or not 2 <= len(teams_raw) <= 4:
            raise DataError("A finished quiz has no readable teams.")
        teams = []
        for t in teams_raw:
            if (not isinstance(t, dict) or not isinstance(t.get("name"), str) or t.get("kind") not in KINDS
                    or not isinstance(t.get("people"), list) or not all(isinstance(p, str) for p in t["people"])):
                raise DataError("A team of a finished quiz is not readable.")
            teams.append(TeamRecord(clean_name(t["name"]), t["kind"], tuple(clean_name(p) for p in t["people"])))
        if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < len(teams) for w in winners):
            raise DataError("The winners of a finished quiz are not readable.")
        if (not isinstance(distances, list) or len(distances) != len(teams)
                or not all(isinstance(d, list) and all(type(x) is int and x >= 0 for x in d) for d in distances)):
            raise DataError("The distances of a finished quiz are not readable.")
        ident, date, end, rounds = (data.get(k) for k in ("id", "date", "end", "rounds"))
        if not isinstance(ident, str) or not ident or not isinstance(date, str) or not isinstance(end, str) \
                or type(rounds) is not int or rounds < 0:
            raise DataError("A finished quiz is missing its id, date or rounds.")
        return cls(ident, date, tuple(teams), tuple(winners), end, rounds, tuple(tuple(d) for d in distances))


@dataclass(frozen=True)
class QuizSheet:
    """Every finished quiz on this device, oldest first."""

    records: tuple[QuizRecord, ...] = ()

    def add(self, record: QuizRecord) -> QuizSheet:
        """This sheet with ``record`` (once: a record already here is not added again)."""
        if any(r.id == record.id for r in self.records):
            return self
        return QuizSheet((*self.records, record))

    def merge(self, other: QuizSheet) -> tuple[QuizSheet, int, int]:
        """This sheet with ``other``'s records added: (sheet, added, duplicates). Linear (and a sort): a big
        sheet is merged on every game recorded and every import."""
        ids = {r.id for r in self.records}
        new = []
        for record in other.records:
            if record.id not in ids:
                ids.add(record.id)
                new.append(record)
        records = tuple(sorted((*self.records, *new), key=lambda r: (r.date, r.id)))
        return QuizSheet(records), len(new), len(other.records) - len(new)

    def to_json(self) -> str:
        return json.dumps({"type": SHEET_TYPE, "schema": SHEET_SCHEMA, "games": [r.to_dict() for r in self.records]},
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: object) -> QuizSheet:
        """Read a sheet written by ``to_json``; anything else raises ``DataError`` saying why."""
        return read(text, salvage=False)[0]


def read(text: object, *, salvage: bool) -> tuple[QuizSheet, list[str]]:
    """A sheet from its text; with ``salvage``, the games still readable of a damaged one and a message per game
    left out (``NewerVersionError`` still raised: a newer sheet is left alone)."""
    return Stepper(read_steps(text, salvage=salvage)).run()


def read_steps(text: object, *, salvage: bool) -> Generator[None, None, tuple[QuizSheet, list[str]]]:
    """``read`` a game per step (for a ``Stepper``: the page reads a big sheet a slice at a time)."""
    data = SHEET_DOC.read(text)
    games = data.get("games")
    if not isinstance(games, list):
        raise DataError("This quiz score sheet is damaged: its games are missing.")
    records: list[QuizRecord] = []
    ids: set[str] = set()
    dropped: list[str] = []
    for number, raw in enumerate(games, 1):
        yield
        try:
            record = QuizRecord.from_dict(raw)
        except DataError as err:
            if not salvage:
                raise
            dropped.append(f"Game {number}: {err}")
            continue
        if record.id not in ids:  # a game twice is kept once (its first copy)
            ids.add(record.id)
            records.append(record)
    return QuizSheet(tuple(records)), dropped


@dataclass(frozen=True)
class Line:
    """One line of statistics: a team or (``person``) a person who played in one, games, wins, the average
    distance of its picks."""

    name: str
    games: int
    wins: int
    average: float | None
    person: bool = False


def statistics(sheet: QuizSheet) -> tuple[Line, ...]:
    """Wins and closeness per team name, then per person who played in a team (a team and a person of one
    name are two lines), each most wins first."""
    rows: dict[tuple[bool, str], list[Any]] = {}

    def count(name: tuple[bool, str], won: bool, distances: tuple[int, ...]) -> None:
        row = rows.setdefault(name, [0, 0, 0, 0])
        row[0] += 1
        row[1] += int(won)
        row[2] += sum(distances)
        row[3] += len(distances)

    for record in sheet.records:
        for i, team in enumerate(record.teams):
            won = i in record.winners
            for name in sorted({(False, team.name), *((True, person) for person in team.people)}):
                count(name, won, record.distances[i])
    lines = [Line(name, g, w, (total / n) if n else None, person) for (person, name), (g, w, total, n) in rows.items()]
    return tuple(sorted(lines, key=lambda line: (line.person, -line.wins,
                                                 line.average if line.average is not None else 1e9, line.name)))


def record_of(game: Game, teams: tuple[TeamRecord, ...], ident: str, date: str) -> QuizRecord:
    """The sheet's record of a finished ``game``."""
    distances = tuple(
        tuple(p.distance for r in game.reveals for p in r.plays if p.team == t) for t in range(game.teams)
    )
    return QuizRecord(ident, date, teams, game.winners, str(game.end or ""), len(game.reveals), distances)
