"""Hypothesis over every loader (round, match, and every document of every game: Zero's saved match and score
sheet, the quiz's saved game, score sheet and questions shown, the device's preferences; the table set-up,
imports, start-up): nested, huge, wrong-typed and truncated values give a result or a ``DataError`` — never
anything else, never a recursion, and start-up never raises and loses nothing."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import registry
from tabletop.ids import new_id
from tabletop.prefs import PREFS
from tabletop.store import DOCUMENT_CODES, Shape, Spec, Status, Store
from tests.harness import FakeStorage
from zero_game import KNOCK, DataError, Match, Round
from zero_game.seats import Seat
from zero_game.sheet import (
    SavedGame,
    ScoreSheet,
    dump_game,
    load_game,
    record_match,
    salvage_sheet,
)
from zero_game.web.settings import Settings, saved_settings

from .samples import SAMPLES, clock

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


GAME = SavedGame(new_id(random.Random(1)), SEATS, a_match(), "2025-06-01T12:00:00.000Z", {"lang": "en"},
                 table=Settings(seats=SEATS).to_dict())
SHEET = ScoreSheet(tuple(record_match(finished(s), SEATS, match_id=new_id(random.Random(s)),
                                      finished_at="2025-06-01T12:00:00.000Z") for s in range(3)))
GAMES: dict[str, tuple[Spec[Any], ...]] = {g.name: (PREFS, *registry.plugin(g.name).docs) for g in registry.GAMES}
SPECS: dict[str, Spec[Any]] = {spec.name: spec for specs in GAMES.values() for spec in specs}
VALUES: dict[str, Any] = {name: SAMPLES[name](1) for name in SPECS} | {"game": GAME, "sheet": SHEET}
DOCS: dict[str, Any] = {
    "round": json.loads(a_match().round.to_json()),
    "match": json.loads(a_match().to_json()),
} | {name: json.loads(SPECS[name].dump_all(value)) for name, value in VALUES.items()}

depth = st.sampled_from([1, 2, 31, 32, 33, 100, 5_000, 20_000])
hostile_values = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=30),
    st.sampled_from([0.0, 5.0, 1e308, -1, 2**63, "", "\ud800", "x" * 100_000, [], {}, [None] * 50]),
    depth.map(lambda d: nest(d)),
    st.lists(st.integers(), max_size=60), st.dictionaries(st.text(max_size=5), st.integers(), max_size=5),
)


def nest(levels: int) -> Any:
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


def _reader(spec: Spec[Any]) -> Callable[[str], object]:
    return lambda text: spec.read_all(text)


LOADERS: dict[str, Callable[[str], object]] = {
    "round": Round.from_json,
    "match": Match.from_json,
    "game": load_game,
} | {name: _reader(spec) for name, spec in SPECS.items() if name != "game"}
LEDGERS = sorted(name for name, spec in SPECS.items() if spec.shape is Shape.LEDGER and not spec.quiet)


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
    spec = SPECS.get(kind)
    if spec is not None and spec.shape is Shape.LEDGER:  # what the store reads: the valid part, and why not all
        only_data_errors(lambda t: spec.read_all(t, salvage=True), text)


@FUZZ
@given(st.one_of(hostile_values, st.binary(max_size=50)))
def test_loaders_given_values_that_are_not_text_raise_data_errors(value: Any) -> None:
    for load in LOADERS.values():
        only_data_errors(load, value)


def schema_1(settings_text: str) -> str:
    """``GAME`` as the first format saved it: its table set-up as JSON text in an option."""
    doc = json.loads(dump_game(GAME))
    del doc["table"]
    doc["schema"] = 1
    doc["options"]["settings"] = settings_text
    return json.dumps(doc)


@FUZZ
@given(st.data())
def test_the_table_set_up_reads_as_data_or_a_value_error(data: st.DataObject) -> None:
    """The set-up saved with a match, in either format, is read within limits; the match resumes whatever it
    holds (an unreadable set-up is rebuilt from the match's seats)."""
    text = data.draw(st.one_of(hostile_texts("game"), st.text(max_size=50), depth.map(lambda d: "[" * d + "]" * d)))
    place = data.draw(st.sampled_from(paths(DOCS["game"]["table"], ("table",))))
    for saved in (schema_1(text), dumps(replaced(DOCS["game"], place, data.draw(hostile_values)))):
        try:
            game = load_game(saved)
        except DataError as err:
            assert str(err)
            continue
        resumed = saved_settings(game)
        assert len(resumed.seats) == game.match.players
        try:
            Settings.from_dict(game.table)
        except ValueError as err:
            assert str(err)


@FUZZ
@given(st.sampled_from(LEDGERS), st.data())
def test_an_import_is_merged_or_refused_and_a_refusal_changes_nothing(name: str, data: st.DataObject) -> None:
    spec = SPECS[name]
    text = data.draw(hostile_texts(name))
    value = VALUES[name]
    storage = FakeStorage({spec.key: spec.dump_all(value)})
    store = Store(storage, (spec,), clock=clock())
    store.load(name)
    before = dict(storage.data)
    result = store.importing(name, text).run()
    if result.status is Status.REJECTED:
        assert storage.data == before and store.value(name) == value
    else:
        assert result.status is Status.SAVED
        kept = spec.read_all(storage.data[spec.key])[0]
        assert spec.size(spec.merged(kept, value)) == spec.size(kept)  # nothing lost


@FUZZ
@given(st.sampled_from(sorted(GAMES)), st.booleans(), st.data())
def test_start_up_never_raises_backs_up_what_it_cannot_read_and_loses_nothing(
        game: str, full: bool, data: st.DataObject) -> None:
    specs = GAMES[game]
    texts = {s.key: data.draw(st.one_of(hostile_texts(s.name), st.just(s.dump_all(VALUES[s.name])))) for s in specs}
    storage = FakeStorage({**texts, "other": "[[["})
    if full:  # room for the test write, maybe not for a backup
        storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 60
    store = Store(storage, specs, clock=clock())
    store.open()
    for spec in specs:
        for problem in store.load(spec.name).problems:
            assert problem.message_key.startswith("storage.") and problem.detail
            assert problem.code not in DOCUMENT_CODES or problem.doc == spec.kind
    assert storage.data["other"] == "[[["
    kept = set(storage.data.values())
    assert all(text in kept for text in texts.values())  # each in place, or under a backup key


def test_every_document_of_every_game_is_fuzzed() -> None:
    assert {s.name for specs in GAMES.values() for s in specs} <= set(DOCS) & set(LOADERS)
