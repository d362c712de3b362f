"""Fuzzing the loaders: any text either loads into a valid, stable sheet or is refused with a clear DataError."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.errors import NewerVersionError
from zero_game import DataError, Match
from zero_game.seats import Seat
from zero_game.sheet import (
    SHEET_SCHEMA,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    load_game,
    load_sheet,
    salvage_sheet,
)
from zero_game.web.storage import GAME_KEY, SHEET_KEY, Store

FIXTURES = Path(__file__).parent / "fixtures"
V1 = json.loads((FIXTURES / "sheet_v1.json").read_text(encoding="utf-8"))
V2 = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
V3 = json.loads((FIXTURES / "sheet_v3.json").read_text(encoding="utf-8"))  # the current schema

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=30,
)


def check_sheet_outcome(text: str | bytes) -> None:
    """The property: a valid sheet that re-dumps and re-loads identically, or a DataError with a message."""
    try:
        sheet = load_sheet(text)
    except DataError as err:
        assert str(err).strip()
        return
    assert isinstance(sheet, ScoreSheet)
    dumped = dump_sheet(sheet)
    assert load_sheet(dumped) == sheet
    assert dump_sheet(load_sheet(dumped)) == dumped
    for record in sheet.matches:
        assert record.totals == tuple(sum(r.scores[s] for r in record.rounds) for s in range(len(record.seats)))
    sheet.player_stats()
    sheet.history()


@FUZZ
@given(st.text())
def test_random_text(text: str) -> None:
    check_sheet_outcome(text)


@FUZZ
@given(st.binary())
def test_random_bytes(data: bytes) -> None:
    check_sheet_outcome(data)


@FUZZ
@given(json_values)
def test_random_json(value: Any) -> None:
    check_sheet_outcome(json.dumps(value))


@FUZZ
@given(json_values, st.sampled_from([1, 2, 3]))
def test_random_json_dressed_as_a_sheet(matches: Any, schema: int) -> None:
    check_sheet_outcome(json.dumps({"schema": schema, "type": "sheet", "matches": matches}))


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
@given(mutated(V2))
def test_mutated_current_sheet(doc: dict[str, Any]) -> None:
    check_sheet_outcome(json.dumps(doc))


@FUZZ
@given(mutated(V1))
def test_mutated_old_sheet(doc: dict[str, Any]) -> None:
    check_sheet_outcome(json.dumps(doc))


@FUZZ
@given(mutated(V3))
def test_salvage_keeps_only_valid_matches_and_never_raises_otherwise(doc: dict[str, Any]) -> None:
    try:
        sheet, problems = salvage_sheet(json.dumps(doc))
    except NewerVersionError:
        assert type(doc.get("schema")) is int and doc["schema"] > SHEET_SCHEMA
        return
    assert load_sheet(dump_sheet(sheet)) == sheet
    # Salvage invents nothing: every match kept is one of the document's own, unchanged.
    for record in sheet.matches:
        assert any(record.to_dict() == item for item in doc["matches"])
    try:
        load_sheet(json.dumps(doc))
    except DataError:
        assert problems and all(p.strip() for p in problems)


_match = Match.new(2, seed=5)
for _ in range(3):
    _match = _match.apply(_match.legal_actions()[2])
GAME_DOC = json.loads(
    dump_game(SavedGame("fuzz-game", (Seat("Ann"), Seat("Bob")), _match, "2025-01-01T00:00:00.000Z", {"speed": "fast"}))
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(GAME_DOC))
def test_mutated_saved_game(doc: dict[str, Any]) -> None:
    text = json.dumps(doc)
    try:
        game = load_game(text)
    except DataError as err:
        assert str(err).strip()
        return
    assert load_game(dump_game(game)) == game


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


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text() | json_values.map(json.dumps) | mutated(V3).map(json.dumps), mutated(GAME_DOC).map(json.dumps))
def test_store_load_never_raises_and_loses_nothing(sheet_text: str, game_text: str) -> None:
    storage = DictStorage({SHEET_KEY: sheet_text, GAME_KEY: game_text})
    store = Store(storage)
    loaded = store.load()
    for problem in loaded.problems:
        assert problem.code and problem.message_key.startswith("storage.")
    # Whatever was stored is still there byte for byte: in place, or under a backup key.
    kept = set(storage.values())
    assert sheet_text in kept and game_text in kept
    if not store.sheet_locked:  # the sheet in use is the one now stored
        assert load_sheet(storage[SHEET_KEY]) == loaded.sheet
