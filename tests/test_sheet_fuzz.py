"""Fuzzing the loaders: any text either loads into a valid, stable sheet or is refused with a clear DataError.

Both games' score sheets and saved games are fuzzed alike (each test draws which one), so that the quiz keeps
every promise Zero keeps at the same total number of examples."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import registry
from tabletop.errors import NewerVersionError
from tabletop.ids import new_id
from tabletop.store import Code, Store
from thousand.deck import default_deck
from thousand.game import Game
from thousand.sheet import SHEET_SCHEMA as QUIZ_SHEET_SCHEMA
from thousand.sheet import QuizRecord, QuizSheet, read, statistics
from thousand.web.saved import SavedQuiz
from thousand.web.settings import QuizSettings, TeamConfig
from zero_game import DataError, Match
from zero_game.seats import Seat
from zero_game.sheet import (
    SHEET_SCHEMA,
    MatchRecord,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    load_game,
    load_sheet,
    salvage_sheet,
)

from .samples import SAMPLES

FIXTURES = Path(__file__).parent / "fixtures"
V1 = json.loads((FIXTURES / "sheet_v1.json").read_text(encoding="utf-8"))
V2 = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
V3 = json.loads((FIXTURES / "sheet_v3.json").read_text(encoding="utf-8"))  # the current schema
QUIZ_SHEET = QuizSheet(tuple(r for i in range(3) for r in SAMPLES["quiz-sheet"](i).records))
Q1 = json.loads(QUIZ_SHEET.to_json())  # the quiz's current (and only) schema

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=30,
)


def check_zero_sheet(sheet: ScoreSheet) -> None:
    for record in sheet.matches:
        assert record.totals == tuple(sum(r.scores[s] for r in record.rounds) for s in range(len(record.seats)))
    sheet.player_stats()
    sheet.history()


def readable(kind: Kind, item: object) -> bool:
    try:
        kind.record(item)
    except DataError:
        return False
    return True


def check_quiz_sheet(sheet: QuizSheet) -> None:
    for record in sheet.records:
        assert len(record.distances) == len(record.teams) and set(record.winners) <= set(range(len(record.teams)))
    statistics(sheet)


@dataclass(frozen=True)
class Kind:
    """A game's score sheet, as its loaders see it."""

    load: Callable[[Any], Any]
    dump: Callable[[Any], str]
    salvage: Callable[[str], tuple[Any, list[str]]]
    items: Callable[[Any], tuple[Any, ...]]
    check: Callable[[Any], None]
    dressed: Callable[[Any, int], dict[str, Any]]  # a document with this sheet's header around ``items``
    schema: int
    record: Callable[[Any], Any]  # one game of the sheet, read on its own (names tidied as every load tidies them)


SHEETS = {
    "zero": Kind(load_sheet, dump_sheet, salvage_sheet, lambda s: s.matches, check_zero_sheet,
                 lambda items, schema: {"schema": schema, "type": "sheet", "matches": items}, SHEET_SCHEMA,
                 MatchRecord.from_dict),
    "quiz": Kind(QuizSheet.from_json, QuizSheet.to_json, lambda text: read(text, salvage=True),
                 lambda s: s.records, check_quiz_sheet,
                 lambda items, schema: {"type": "quiz-sheet", "schema": schema, "games": items}, QUIZ_SHEET_SCHEMA,
                 QuizRecord.from_dict),
}
games = st.sampled_from(sorted(SHEETS))


def check_sheet_outcome(text: str | bytes, game: str = "zero") -> None:
    """The property: a valid sheet that re-dumps and re-loads identically, or a DataError with a message."""
    kind = SHEETS[game]
    try:
        sheet = kind.load(text)
    except DataError as err:
        assert str(err).strip()
        return
    dumped = kind.dump(sheet)
    assert kind.load(dumped) == sheet
    assert kind.dump(kind.load(dumped)) == dumped
    kind.check(sheet)


@FUZZ
@given(games, st.text())
def test_random_text(game: str, text: str) -> None:
    check_sheet_outcome(text, game)


@FUZZ
@given(games, st.binary())
def test_random_bytes(game: str, data: bytes) -> None:
    check_sheet_outcome(data, game)


@FUZZ
@given(games, json_values)
def test_random_json(game: str, value: Any) -> None:
    check_sheet_outcome(json.dumps(value), game)


@FUZZ
@given(games, json_values, st.sampled_from([1, 2, 3]))
def test_random_json_dressed_as_a_sheet(game: str, items: Any, schema: int) -> None:
    check_sheet_outcome(json.dumps(SHEETS[game].dressed(items, schema)), game)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value, as a tuple of keys and indexes."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, prefix + (i,))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """A valid document with a few values replaced, removed or duplicated."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths(doc) if p]
        if not places:
            break
        place = draw(st.sampled_from(places))
        parent = doc
        for step in place[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if action == "replace":
            parent[place[-1]] = draw(json_values | st.integers(-2, 40))
        elif action == "delete":
            del parent[place[-1]]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[place[-1]]))
    return doc


@FUZZ
@given(st.one_of(mutated(V2).map(lambda d: ("zero", d)), mutated(Q1).map(lambda d: ("quiz", d))))
def test_mutated_current_sheet(drawn: tuple[str, dict[str, Any]]) -> None:
    game, doc = drawn
    check_sheet_outcome(json.dumps(doc), game)


@FUZZ
@given(mutated(V1))
def test_mutated_old_sheet(doc: dict[str, Any]) -> None:
    check_sheet_outcome(json.dumps(doc))


@FUZZ
@given(st.one_of(mutated(V3).map(lambda d: ("zero", d)), mutated(Q1).map(lambda d: ("quiz", d))))
def test_salvage_keeps_only_valid_matches_and_never_raises_otherwise(drawn: tuple[str, dict[str, Any]]) -> None:
    game, doc = drawn
    kind = SHEETS[game]
    try:
        sheet, problems = kind.salvage(json.dumps(doc))
    except NewerVersionError:
        assert type(doc.get("schema")) is int and doc["schema"] > kind.schema
        return
    except DataError:  # the quiz's salvage keeps the games of a sheet, not a text that is none
        assert game == "quiz"
        return
    assert kind.load(kind.dump(sheet)) == sheet
    # Salvage invents nothing: every game kept is one of the document's own, read as it would be read alone.
    own = [kind.record(item) for item in doc.get("matches" if game == "zero" else "games", ()) if readable(kind, item)]
    for record in kind.items(sheet):
        assert record in own
    try:
        kind.load(json.dumps(doc))
    except DataError:
        assert problems and all(p.strip() for p in problems)


_match = Match.new(2, seed=5)
for _ in range(3):
    _match = _match.apply(_match.legal_actions()[2])
GAME_DOC = json.loads(
    dump_game(SavedGame("fuzz-game", (Seat("Ann"), Seat("Bob")), _match, "2025-01-01T00:00:00.000Z", {"speed": "fast"}))
)
DECK = default_deck()
_quiz = Game.deal(2, seed=5, deck=DECK)
for _ in range(3):
    _quiz = _quiz.apply(_quiz.legal_actions(_quiz.to_act[0])[0])
QUIZ_GAME_DOC = json.loads(SavedQuiz(new_id(random.Random(5)), _quiz, QuizSettings((TeamConfig(), TeamConfig("easy"))),
                                     1, 0, "fr").to_json())
SAVED: dict[str, tuple[Callable[[str], Any], Callable[[Any], str]]] = {
    "zero": (load_game, dump_game),
    "quiz": (lambda text: SavedQuiz.from_json(text, DECK), SavedQuiz.to_json),
}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated(GAME_DOC).map(lambda d: ("zero", d)), mutated(QUIZ_GAME_DOC).map(lambda d: ("quiz", d))))
def test_mutated_saved_game(drawn: tuple[str, dict[str, Any]]) -> None:
    game, doc = drawn
    load, dump = SAVED[game]
    try:
        saved = load(json.dumps(doc))
    except DataError as err:
        assert str(err).strip()
        return
    assert load(dump(saved)) == saved


class DictStorage(dict[str, str]):
    @property
    def length(self) -> int:
        return len(self)

    def key(self, index: int) -> str | None:
        return list(self)[index] if index < len(self) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


START_TEXTS = {
    "zero": (st.text() | json_values.map(json.dumps) | mutated(V3).map(json.dumps), mutated(GAME_DOC).map(json.dumps)),
    "quiz": (st.text() | json_values.map(json.dumps) | mutated(Q1).map(json.dumps),
             mutated(QUIZ_GAME_DOC).map(json.dumps)),
}


@st.composite
def stored(draw: st.DrawFn) -> tuple[str, str, str]:
    game = draw(games)
    sheet, saved = START_TEXTS[game]
    return game, draw(sheet), draw(saved)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stored())
def test_store_load_never_raises_and_loses_nothing(drawn: tuple[str, str, str]) -> None:
    game, sheet_text, game_text = drawn
    specs = {s.name: s for s in registry.plugin(game).docs}
    slot, sheet = (specs["game"], specs["sheet"]) if game == "zero" else (specs["quiz-game"], specs["quiz-sheet"])
    storage = DictStorage({sheet.key: sheet_text, slot.key: game_text})
    store = Store(storage, registry.plugin(game).docs)
    found = {s.name: store.load(s.name) for s in (sheet, slot)}
    for loaded in found.values():
        for problem in loaded.problems:
            assert problem.code and problem.message_key.startswith("storage.")
    # Whatever was stored is still there byte for byte: in place, or under a backup key.
    kept = set(storage.values())
    assert sheet_text in kept and game_text in kept
    if not {p.code for p in found[sheet.name].problems} & {Code.NEWER, Code.BACKUP_FAILED}:
        assert sheet.read_all(storage[sheet.key])[0] == found[sheet.name].value  # the sheet in use is the stored one
