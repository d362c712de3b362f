"""Hypothesis over every loader (round, match, saved game, score sheet, table set-up, imports, start-up):
nested, huge, wrong-typed and truncated values give a result or a ``DataError`` — never anything else, never
a recursion, and start-up never raises and loses nothing."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.ids import new_id
from zero_game import KNOCK, DataError, Match, Round
from zero_game.seats import Seat
from zero_game.sheet import (
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    load_game,
    load_sheet,
    record_match,
    salvage_sheet,
)
from zero_game.web.storage import BACKUP_PREFIX, GAME_KEY, SHEET_KEY, Store, settings_data

from .test_storage import FakeStorage, clock

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEATS = (Seat("Ann"), Seat("Bob"), Seat("Easy bot", "bot", "easy"))


def a_match(seed: int = 3) -> Match:
    match, rng = Match.new(3, seed=seed), random.Random(seed)
    for _ in range(12):
        actions = match.legal_actions()
        match = match.apply(actions[-1] if rng.random() < 0.3 else rng.choice(actions))
    return match


def finished(seed: int) -> Match:
    match = Match.new(3, seed=seed, rounds=1)
    while not match.is_over:
        match = match.apply(KNOCK)
    return match


GAME = SavedGame(new_id(random.Random(1)), SEATS, a_match(), "2025-06-01T12:00:00.000Z",
                 {"settings": '{"seats": [], "pool_size": null}', "lang": "en"})
SHEET = ScoreSheet(tuple(record_match(finished(s), SEATS, match_id=new_id(random.Random(s)),
                                      finished_at="2025-06-01T12:00:00.000Z") for s in range(3)))
DOCS: dict[str, Any] = {
    "round": json.loads(a_match().round.to_json()),
    "match": json.loads(a_match().to_json()),
    "game": json.loads(dump_game(GAME)),
    "sheet": json.loads(dump_sheet(SHEET)),
}

depth = st.sampled_from([1, 2, 31, 32, 33, 100, 5_000, 20_000])
hostile_values = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=30),
    st.sampled_from([0.0, 5.0, 1e308, -1, 2**63, "", "\ud800", "x" * 100_000, [], {}, [None] * 50]),
    depth.map(lambda d: functools_nest(d)),
    st.lists(st.integers(), max_size=60), st.dictionaries(st.text(max_size=5), st.integers(), max_size=5),
)


def functools_nest(levels: int) -> Any:
    """A list nested ``levels`` deep, built without recursion."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (iteratively: documents are shallow, but be safe)."""
    out, stack = [], [(prefix, doc)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if isinstance(value, dict):
            stack += [((*path, k), v) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [((*path, i), v) for i, v in enumerate(value[:20])]
    return out


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def dumps(value: Any) -> str:
    """JSON text of ``value``; deep values are written without recursion."""
    try:
        return json.dumps(value)
    except RecursionError:
        return "[" * 20_000 + "]" * 20_000


@st.composite
def hostile_texts(draw: st.DrawFn, kind: str) -> str:
    """A valid document with one place replaced by a hostile value, maybe truncated, maybe wrapped."""
    doc = DOCS[kind]
    path = draw(st.sampled_from(paths(doc)))
    text = dumps(replaced(doc, path, draw(hostile_values)))
    how = draw(st.sampled_from(["as is", "truncated", "wrapped deep", "doubled"]))
    if how == "truncated":
        text = text[: draw(st.integers(0, max(len(text) - 1, 0)))]
    elif how == "wrapped deep":
        levels = draw(depth)
        text = "[" * levels + text + "]" * levels
    elif how == "doubled":
        text = text + text
    return text


LOADERS: dict[str, Callable[[str], object]] = {
    "round": Round.from_json,
    "match": Match.from_json,
    "game": load_game,
    "sheet": load_sheet,
}


def only_data_errors(load: Callable[[str], object], text: str) -> None:
    try:
        load(text)
    except DataError as err:
        assert str(err).strip() and len(str(err)) < 2_000  # says what is wrong, without echoing megabytes


@FUZZ
@given(st.sampled_from(sorted(LOADERS)), st.data())
def test_every_loader_gives_a_value_or_a_data_error(kind: str, data: st.DataObject) -> None:
    text = data.draw(hostile_texts(kind))
    only_data_errors(LOADERS[kind], text)
    if kind == "sheet":
        sheet, problems = salvage_sheet(text)
        assert isinstance(sheet, ScoreSheet) and all(isinstance(p, str) for p in problems)


@FUZZ
@given(st.one_of(hostile_values, st.binary(max_size=50)))
def test_loaders_given_values_that_are_not_text_raise_data_errors(value: Any) -> None:
    for load in LOADERS.values():
        only_data_errors(load, value)


@FUZZ
@given(st.data())
def test_the_table_set_up_reads_as_data_or_a_value_error(data: st.DataObject) -> None:
    text = data.draw(st.one_of(hostile_texts("game"), st.text(max_size=50), depth.map(lambda d: "[" * d + "]" * d)))
    try:
        settings_data(SavedGame(GAME.id, GAME.seats, GAME.match, GAME.updated_at, {"settings": text}))
    except ValueError as err:
        assert str(err)


@FUZZ
@given(st.data())
def test_an_import_is_merged_or_refused_and_a_refusal_changes_nothing(data: st.DataObject) -> None:
    text = data.draw(hostile_texts("sheet"))
    storage = FakeStorage({SHEET_KEY: dump_sheet(SHEET)})
    store = Store(storage, clock=clock())
    store.load()
    before = dict(storage.data)
    result = store.import_json(text)
    if result.status == "rejected":
        assert storage.data == before and store.sheet == SHEET
    else:
        assert SHEET.ids() <= load_sheet(storage.data[SHEET_KEY]).ids()  # nothing lost


@FUZZ
@given(st.data())
def test_start_up_never_raises_backs_up_what_it_cannot_read_and_loses_nothing(data: st.DataObject) -> None:
    game_text = data.draw(st.one_of(hostile_texts("game"), st.just(dump_game(GAME))))
    sheet_text = data.draw(st.one_of(hostile_texts("sheet"), st.just(dump_sheet(SHEET))))
    storage = FakeStorage({GAME_KEY: game_text, SHEET_KEY: sheet_text, "other": "[[["})
    loaded = Store(storage, clock=clock()).load()
    assert storage.data["other"] == "[[["
    backups = {v for k, v in storage.data.items() if k.startswith(BACKUP_PREFIX)}
    if loaded.game is None:
        assert game_text in backups or game_text == storage.data.get(GAME_KEY)  # backed up, or left alone
    if any(p.code == "corrupt-sheet" for p in loaded.problems):
        assert sheet_text in backups
