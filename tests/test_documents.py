"""Every document of every game keeps the same promises, tested once over every spec (issue 23: "The quiz keeps
every storage promise Zero keeps, tested with nested JSON, newer schemas, wrong types and full storage in CPython";
"a full store never loses an unreadable document").

The specs come from the registry (``tabletop.registry``): Zero's match and score sheet, the quiz's game, score
sheet and questions already shown, and the shell's device preferences (quiet: losing them costs a choice, so
they only need never to break the start).  Each spec needs a sample here: a game that adds a document without
one fails ``test_every_document_of_every_game_is_tested_here``.

The last part runs both games on the page's own runtime (``tests/harness.py``), for the promises that live in
``tabletop.saving``: the saved game is forgotten only once the sheet holding its result is written, one game never
clears another's saved game, and freeing space never trims a sheet that has not been read yet.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

import pytest

from tabletop import registry
from tabletop.i18n import LANGUAGES
from tabletop.notes import with_shell
from tabletop.plugin import Launch
from tabletop.prefs import PREFS, PREFS_KEY
from tabletop.present import Nav
from tabletop.runtime import Runtime
from tabletop.saving import Data, problem_actions
from tabletop.store import (
    BACKUP_PREFIX,
    DOCUMENT_CODES,
    PREFIX,
    PROBE_KEY,
    Code,
    Document,
    Problem,
    Shape,
    Spec,
    Status,
    Store,
)
from tests.harness import FakePorts, FakeStorage, QuotaExceededError, TableRun, ZeroTable
from tests.samples import SAMPLES, clock, finished
from thousand.web.actions import Command as QuizCommand
from thousand.web.saved import KEEPER as QUIZ_KEEPER
from thousand.web.settings import QuizSettings, TeamConfig
from thousand.web.table import current_reveal
from thousand.web.texts import Texts as QuizTexts
from zero_game.seats import Seat
from zero_game.web.actions import Command as ZeroCommand
from zero_game.web.i18n import translate as zero_translate
from zero_game.web.keeper import KEEPER as ZERO_KEEPER
from zero_game.web.settings import Settings
from zero_game.web.table import Page as ZeroPage

# --- every spec of every game, and a sample of each -----------------------------------------------------------

GAMES: dict[str, tuple[Spec[Any], ...]] = {g.name: registry.plugin(g.name).docs for g in registry.GAMES}
EVERY: list[tuple[str, Spec[Any]]] = [(game, spec) for game, specs in GAMES.items() for spec in specs]
IDS = [spec.name for _, spec in EVERY]
SLOTS = [(g, s) for g, s in EVERY if s.shape is Shape.SLOT]
LEDGERS = [(g, s) for g, s in EVERY if s.shape is Shape.LEDGER]
ALL_SPECS: list[Spec[Any]] = [PREFS, *(spec for _, spec in EVERY)]


_TEXTS: dict[tuple[str, int], str] = {}


def sample_text(spec: Spec[Any], i: int = 1) -> str:
    """The text of sample ``i`` as the game writes it."""
    if (spec.name, i) not in _TEXTS:
        _TEXTS[spec.name, i] = spec.dump_all(SAMPLES[spec.name](i))
    return _TEXTS[spec.name, i]


def game_store(game: str, backend: Any) -> Store:
    """The store the page has while ``game`` is open: the shell's preferences and the game's documents."""
    return Store(backend, (PREFS, *GAMES[game]), clock=clock())


def filled(game: str, spec: Spec[Any], raw: str) -> dict[str, str]:
    """Storage holding ``raw`` under ``spec``'s key, a valid sample of every other document, another app's key."""
    data = {s.key: sample_text(s) for s in (PREFS, *GAMES[game]) if s is not spec}
    return {**data, spec.key: raw, "other-app": "[" * 9}


def used(storage: FakeStorage) -> int:
    return sum(len(k) + len(v) for k, v in storage.data.items())


#: Room for the start's test write (``zero-knizia:probe`` and a time), none for a backup of anything.
PROBE_ROOM = len(PROBE_KEY) + len(clock()()) + 4


def full(data: dict[str, str]) -> FakeStorage:
    """Storage holding ``data`` with no room for a backup of anything."""
    storage = FakeStorage(data)
    storage.quota = used(storage) + PROBE_ROOM
    return storage


def size(spec: Spec[Any], value: Any) -> int:
    return spec.size(value) if spec.shape is Shape.LEDGER else int(value is not None)


def write(store: Store, spec: Spec[Any], value: Any) -> Any:
    """What the game writes to ``spec``: a save of a slot, an addition to a ledger."""
    return store.save(spec.name, value) if spec.shape is Shape.SLOT else store.add(spec.name, value)


def test_every_document_of_every_game_is_tested_here() -> None:
    assert {s.name for s in ALL_SPECS} <= set(SAMPLES), "a document without a sample is not tested"
    assert {"zero", "quiz"} <= set(GAMES)
    for spec in ALL_SPECS:
        for i in (1, 2):
            value = SAMPLES[spec.name](i)
            assert spec.read_all(spec.dump_all(value)) == (value, [])  # the samples are what the game writes
        assert SAMPLES[spec.name](1) != SAMPLES[spec.name](2)


def test_one_store_can_hold_every_game_key_and_name_once() -> None:
    """The page keeps one store for every game (a name or a key twice would make one game's document the
    other's), every key under the site's prefix (GitHub Pages gives a user's sites one origin)."""
    names = [s.name for s in ALL_SPECS]
    keys = [s.key for s in ALL_SPECS]
    assert len(set(names)) == len(names) and len(set(keys)) == len(keys)
    assert all(k.startswith(PREFIX) and not k.startswith(BACKUP_PREFIX) and k != PROBE_KEY for k in keys)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_problem_a_document_can_have_has_a_text_in_its_games_every_language(game: str) -> None:
    translate: Callable[..., str] = (
        (lambda lang, key: zero_translate(lang, key)) if game == "zero" else (lambda lang, key: QuizTexts(lang).t(key)))
    keys = {Problem(code, spec.kind).message_key for spec in GAMES[game] for code in DOCUMENT_CODES}
    keys |= {Problem(code).message_key for code in Code if code not in DOCUMENT_CODES}
    for lang in LANGUAGES:
        for key in sorted(keys):
            assert translate(lang, key).strip(), (lang, key)


# --- hostile stored text --------------------------------------------------------------------------------------

DEEP = "[" * 10_000 + "]" * 10_000  # 20 KB that overflow the browser's stack in json.loads


def _wrong(value: Any) -> Any:
    """A JSON value of another type than ``value``."""
    if isinstance(value, list):
        return {"0": 1}
    if isinstance(value, dict):
        return [1]
    if isinstance(value, str):
        return 7
    if isinstance(value, bool) or value is None:
        return "true"
    return str(value)


def hostile(spec: Spec[Any]) -> dict[str, str]:
    """Text no version of the game wrote under ``spec``'s key, by what is wrong with it."""
    valid = sample_text(spec)
    doc = json.loads(valid)
    header = {"type": spec.doc.tag, "schema": spec.doc.schema}
    return {
        "nested arrays": DEEP,
        "nested objects": '{"a":' * 10_000 + "1" + "}" * 10_000,
        "nested inside the document": valid[:-1] + ',"deep":' + DEEP + "}",
        "never closed": "[" * 50_000,
        "wrong types": json.dumps({**header, **{k: _wrong(v) for k, v in doc.items() if k not in header}}),
        "wrong schema type": json.dumps({**doc, "schema": str(spec.doc.schema)}),
        "another document": json.dumps({"type": spec.doc.tag + "-not", "schema": 1}),
        "truncated": valid[: len(valid) // 2],
        "not JSON": "not json {",
        "empty": "",
        "null": "null",
        "lone surrogate": "\ud800",
        "escaped quotes": '["\\"[[[[", "\\\\", ' + DEEP + "]",
        "too long": '"' + "x" * min(spec.doc.max_chars + 1, 4_100_000) + '"',
    }


def newer(spec: Spec[Any]) -> str:
    """``spec``'s document as a newer version of the game writes it (its schema one more)."""
    return json.dumps({**json.loads(sample_text(spec)), "schema": spec.doc.schema + 1, "new": [1, {"a": None}]})


KINDS = sorted(hostile(PREFS))
#: The kinds combined with full storage (the issue's list): a backup is refused for each.
FULL_KINDS = ["nested arrays", "wrong types", "truncated", "not JSON"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_a_hostile_document_is_backed_up_and_nothing_else_changes(game: str, spec: Spec[Any], kind: str) -> None:
    raw = hostile(spec)[kind]
    storage = FakeStorage(filled(game, spec, raw))
    others = {k: v for k, v in storage.data.items() if k != spec.key}
    store = game_store(game, storage)
    assert store.open() == ()
    loaded = {s.name: store.load(s.name) for s in (PREFS, *GAMES[game])}  # never raises
    problems = [p for found in loaded.values() for p in found.problems]
    (problem,) = problems
    assert problem.code is Code.CORRUPT and problem.doc == spec.kind and problem.detail
    assert len(problem.detail) < 2_000  # says what is wrong without echoing megabytes
    assert problem.key is not None and storage.data[problem.key] == raw  # the raw text, kept whole
    assert problem_actions(problem) == ((Data.EXPORT_BACKUP, problem.key, "storage.export-backup"),)
    assert store.backups(s.name for s in GAMES[game]) == [problem.key] and store.backup_text(problem.key) == raw
    assert {k: storage.data[k] for k in others} == others  # nothing else changed
    for s in (PREFS, *GAMES[game]):
        if s is not spec:
            assert loaded[s.name].value == SAMPLES[s.name](1)  # and everything else is read as it was
    if spec.shape is Shape.SLOT:
        assert loaded[spec.name].value is None and spec.key not in storage.data  # its backup is its copy
    else:
        assert loaded[spec.name].value == spec.empty and storage.data[spec.key] == spec.dump_all(spec.empty)
    assert write(store, spec, SAMPLES[spec.name](2)).ok  # and play goes on, saved as before
    assert size(spec, game_store(game, FakeStorage(dict(storage.data))).load(spec.name).value) == 1


@pytest.mark.parametrize(("game", "spec"), LEDGERS, ids=[s.name for _, s in LEDGERS])
def test_a_damaged_part_of_a_ledger_is_dropped_and_the_rest_kept(game: str, spec: Spec[Any]) -> None:
    """A ledger keeps what is valid in it (the valid items, after a backup of the whole text)."""
    two = spec.merged(SAMPLES[spec.name](1), SAMPLES[spec.name](2))
    doc = json.loads(spec.dump_all(two))
    items = next(k for k, v in doc.items() if isinstance(v, (list, dict)) and len(v) == 2)
    if isinstance(doc[items], list):
        doc[items][1] = {**doc[items][1], "id": 7}
    else:
        doc[items][next(iter(doc[items]))] = "soon"
    raw = json.dumps(doc)
    storage = FakeStorage({spec.key: raw})
    loaded = game_store(game, storage).load(spec.name)
    (problem,) = loaded.problems
    assert problem.code is Code.CORRUPT and storage.data[problem.key or ""] == raw
    assert spec.size(loaded.value) == 1 and spec.merged(loaded.value, two) == two  # one of its own, unchanged
    assert spec.read_all(storage.data[spec.key]) == (loaded.value, [])  # stored cleanly again


@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_a_newer_document_is_left_untouched_and_never_written_over(game: str, spec: Spec[Any]) -> None:
    raw = newer(spec)
    storage = FakeStorage(filled(game, spec, raw))
    before = dict(storage.data)
    store = game_store(game, storage)
    store.open()
    loaded = store.load(spec.name)
    (problem,) = loaded.problems
    assert problem.code is Code.NEWER and problem.message_key == f"storage.newer-{spec.kind}"
    assert loaded.value == (None if spec.shape is Shape.SLOT else spec.empty)
    extra = SAMPLES[spec.name](2)
    if spec.shape is Shape.SLOT:
        results = [store.save(spec.name, extra), store.save(spec.name, extra, force=True),
                   store.clear(spec.name), store.clear(spec.name, force=True)]
    else:
        results = [store.add(spec.name, extra), store.put(spec.name, None), store.put(spec.name, extra),
                   store.retry()]
        imported = store.importing(spec.name, sample_text(spec, 3)).run()
        assert imported.status is Status.LOCKED and size(spec, imported.value) == 2
        assert size(spec, store.value(spec.name)) == 2  # what this tab added is still shown (and exportable)
    assert {r.status for r in results} == {Status.LOCKED}
    assert storage.data == before  # byte for byte, and no backup: nothing needed one
    again = game_store(game, storage)
    assert [p.code for p in again.load(spec.name).problems] == [Code.NEWER]  # every visit says so


@pytest.mark.parametrize("kind", FULL_KINDS)
@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_with_storage_full_a_hostile_document_is_kept_locked_and_offered_before_anything_replaces_it(
        game: str, spec: Spec[Any], kind: str) -> None:
    raw = hostile(spec)[kind]
    storage = full(filled(game, spec, raw))
    before = dict(storage.data)
    store = game_store(game, storage)
    assert store.open() == ()  # the test write fits; a backup does not
    loaded = store.load(spec.name)
    (problem,) = loaded.problems
    assert problem.code is Code.BACKUP_FAILED and problem.key is None and problem.doc == spec.kind
    assert problem_actions(problem) == ((Data.EXPORT_RESCUE, "", "storage.export-rescue"),)
    assert storage.data == before  # left untouched: no copy of it exists anywhere else
    extra = SAMPLES[spec.name](2)
    first, second = write(store, spec, extra), write(store, spec, extra)
    assert (first.status, first.warn, second.status, second.warn) == (Status.FAILED, True, Status.FAILED, False)
    if spec.shape is Shape.LEDGER:
        assert store.put(spec.name, None).status is Status.LOCKED  # nor emptied
    assert storage.data == before  # not written over, not deleted, however often the game saves
    risk = store.at_risk()
    assert risk.damaged == 1 and risk.anything
    rescue = store.rescue()
    assert rescue is not None
    offered = json.loads(rescue.text)
    assert offered["damaged"] == [{"key": spec.key, "text": raw}]  # the damaged text, whole, in the file
    assert offered["documents"][spec.name] == json.loads(sample_text(spec, 2) if spec.shape is Shape.LEDGER
                                                         else spec.dump_all(first.value))
    store.rescued()  # the player has the file: now the next write may replace it
    storage.quota = None
    assert write(store, spec, extra).ok and not store.at_risk().anything
    assert size(spec, game_store(game, FakeStorage(dict(storage.data))).load(spec.name).value) == 1
    assert {k: v for k, v in storage.data.items() if k != spec.key} == {k: v for k, v in before.items()
                                                                       if k != spec.key}


@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_with_storage_full_a_newer_document_is_left_untouched(game: str, spec: Spec[Any]) -> None:
    storage = full(filled(game, spec, newer(spec)))
    before = dict(storage.data)
    store = game_store(game, storage)
    assert store.open() == ()
    assert [p.code for p in store.load(spec.name).problems] == [Code.NEWER]
    assert write(store, spec, SAMPLES[spec.name](2)).status is Status.LOCKED
    storage.quota = used(storage)  # and full to the last character: still nothing removed
    assert write(store, spec, SAMPLES[spec.name](3)).status is Status.LOCKED
    assert storage.data == before


@pytest.mark.parametrize("kind", FULL_KINDS)
@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_a_hostile_document_is_never_deleted_when_the_backup_write_is_refused(
        game: str, spec: Spec[Any], kind: str) -> None:
    """Storage that refuses only the backup's key (the browser decides what fits): the original stays."""

    class NoBackups(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if key.startswith(BACKUP_PREFIX):
                raise QuotaExceededError("The quota has been exceeded.")
            super().setItem(key, value)

    raw = hostile(spec)[kind]
    storage = NoBackups(filled(game, spec, raw))
    store = game_store(game, storage)
    assert [p.code for p in store.load(spec.name).problems] == [Code.BACKUP_FAILED]
    assert write(store, spec, SAMPLES[spec.name](2)).status is Status.FAILED
    assert storage.data[spec.key] == raw


# --- the device's preferences: quiet, and never in the way --------------------------------------------------


@pytest.mark.parametrize("quota", [None, "full"])
@pytest.mark.parametrize("kind", [*KINDS, "newer"])
def test_hostile_preferences_never_break_the_start_of_any_game(kind: str, quota: str | None) -> None:
    raw = newer(PREFS) if kind == "newer" else hostile(PREFS)[kind]
    loaded = Store(FakeStorage({PREFS_KEY: raw}), (PREFS,)).load(PREFS.name)
    assert loaded.problems == () and isinstance(loaded.value, dict)  # quiet: nothing to tell the players
    for entry in registry.GAMES:
        storage = FakeStorage({PREFS_KEY: raw}) if quota is None else full({PREFS_KEY: raw})
        run = TableRun.open(registry.plugin(entry.name), storage=storage, seed=3)
        assert run.ports.logs == [] and run.ports.screens, entry.name  # the first screen is drawn
        assert not [n for n in run.state.notes if n.key.startswith("storage.")], entry.name
        if quota == "full" or kind == "newer":  # nothing fits over it; a newer version's is never written over
            assert storage.data[PREFS_KEY] == raw


def test_preferences_that_cannot_be_written_are_not_counted_or_offered_as_lost() -> None:
    storage = FakeStorage(quota=0)
    store = Store(storage, (PREFS,))
    assert store.add(PREFS.name, {"sound": False}).status is Status.FAILED
    assert not store.at_risk().anything and store.rescue() is None
    assert store.value(PREFS.name) == {"sound": False}  # this tab still goes by the choice


# --- two tabs -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "spec"), SLOTS, ids=[s.name for _, s in SLOTS])
def test_a_saved_game_is_never_silently_written_over_by_another_tab(game: str, spec: Spec[Any]) -> None:
    storage = FakeStorage()
    tab_a, tab_b = game_store(game, storage), game_store(game, storage)
    assert tab_a.save(spec.name, SAMPLES[spec.name](1)).ok
    assert tab_b.load(spec.name).value is not None
    theirs = tab_b.save(spec.name, SAMPLES[spec.name](2))
    assert theirs.ok
    stored = storage.data[spec.key]
    assert tab_a.save(spec.name, SAMPLES[spec.name](3)).status is Status.CONFLICT
    assert tab_a.clear(spec.name).status is Status.CONFLICT
    assert storage.data[spec.key] == stored
    (change,) = tab_a.changed(spec.key, stored)
    assert change.doc == spec.name and change.value == theirs.value
    forced = tab_a.save(spec.name, SAMPLES[spec.name](3), force=True)  # "keep playing here"
    assert forced.ok and spec.revision(forced.value) == spec.revision(theirs.value) + 1
    assert tab_b.save(spec.name, SAMPLES[spec.name](4)).status is Status.CONFLICT  # now B is told


@pytest.mark.parametrize("spec", [PREFS, *(s for _, s in LEDGERS)], ids=lambda s: s.name)
def test_a_ledger_keeps_what_every_tab_added(spec: Spec[Any]) -> None:
    storage = FakeStorage()
    game = next((g for g, s in EVERY if s is spec), "zero")
    tab_a, tab_b = game_store(game, storage), game_store(game, storage)
    tab_a.load(spec.name)
    tab_b.load(spec.name)
    assert tab_a.add(spec.name, SAMPLES[spec.name](1)).ok
    assert tab_b.add(spec.name, SAMPLES[spec.name](2)).ok  # without an event from A: the stored one is merged
    both = spec.merged(SAMPLES[spec.name](1), SAMPLES[spec.name](2))
    assert spec.read_all(storage.data[spec.key])[0] == both
    (change,) = tab_a.changed(spec.key, storage.data[spec.key])
    assert change.value == both and tab_a.value(spec.name) == both


@pytest.mark.parametrize(("game", "spec"), LEDGERS, ids=[s.name for _, s in LEDGERS])
def test_a_hostile_document_written_by_another_tab_is_backed_up_before_this_tab_writes(
        game: str, spec: Spec[Any]) -> None:
    storage = FakeStorage()
    store = game_store(game, storage)
    store.load(spec.name)
    store.add(spec.name, SAMPLES[spec.name](1))
    raw = hostile(spec)["truncated"]
    storage.data[spec.key] = raw  # another tab (or release) wrote it
    (change,) = store.changed(spec.key, raw)
    assert change.problem is not None and change.problem.code is Code.CORRUPT
    assert store.add(spec.name, SAMPLES[spec.name](2)).ok
    assert raw in {v for k, v in storage.data.items() if k.startswith(BACKUP_PREFIX)}  # a copy before the write
    storage.data[spec.key] = raw
    storage.quota = used(storage) + PROBE_ROOM  # and with no room for that copy: left in place
    store.changed(spec.key, raw)
    assert store.add(spec.name, SAMPLES[spec.name](3)).status is Status.FAILED and storage.data[spec.key] == raw


# --- what storage could not keep ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "spec"), EVERY, ids=IDS)
def test_what_a_full_storage_refused_is_offered_as_one_file_that_imports_back(game: str, spec: Spec[Any]) -> None:
    storage = FakeStorage()
    store = game_store(game, storage)
    store.open()
    store.load(spec.name)
    assert write(store, spec, SAMPLES[spec.name](1)).ok
    storage.quota = 0  # full: not a character more
    refused = write(store, spec, SAMPLES[spec.name](2))
    assert refused.status is Status.FAILED and refused.warn
    risk = store.at_risk()
    if spec.shape is Shape.SLOT:
        assert risk.slot and risk.anything
    elif spec.kind == "sheet":
        assert risk.items == 1 and risk.anything
    else:  # the questions a quiz has shown are no finished games: offered in the file, not counted as lost
        assert not risk.anything
    rescue = store.rescue()
    assert rescue is not None and rescue.filename.startswith("zero-rescue-")
    part = json.loads(rescue.text)["documents"]
    assert list(part) == [spec.name]  # exactly what storage did not keep
    if spec.shape is Shape.SLOT:
        assert spec.read_all(json.dumps(part[spec.name]))[0] == refused.value  # the latest, with its revision
        return
    assert spec.read_all(json.dumps(part[spec.name]))[0] == SAMPLES[spec.name](2)
    elsewhere = game_store(game, FakeStorage())
    elsewhere.load(spec.name)
    imported = elsewhere.importing(spec.name, rescue.text).run()  # the rescue file imports like the document
    assert (imported.status, imported.added, imported.duplicates) == (Status.SAVED, 1, 0)
    storage.quota = None
    assert store.retry().ok and not store.at_risk().anything and store.rescue() is None
    assert spec.read_all(storage.data[spec.key])[0] == spec.merged(SAMPLES[spec.name](1), SAMPLES[spec.name](2))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game", "spec"), LEDGERS, ids=[s.name for _, s in LEDGERS])
def test_a_hostile_import_file_is_refused_and_changes_nothing(game: str, spec: Spec[Any], kind: str) -> None:
    storage = FakeStorage()
    store = game_store(game, storage)
    store.load(spec.name)
    store.add(spec.name, SAMPLES[spec.name](1))
    before = dict(storage.data)
    result = store.importing(spec.name, hostile(spec)[kind]).run()
    assert result.status is Status.REJECTED and result.problem is not None
    assert result.problem.code is Code.BAD_IMPORT and result.problem.detail
    assert storage.data == before and store.value(spec.name) == SAMPLES[spec.name](1)
    newer_file = store.importing(spec.name, newer(spec)).run()
    assert newer_file.problem is not None and newer_file.problem.code is Code.NEWER_IMPORT
    assert storage.data == before


def test_each_game_lists_only_its_own_backups() -> None:
    """One store for the page: each game's sheet offers the backups of its own documents."""
    data = {spec.key: "{damaged" for _, spec in EVERY}
    orphan = BACKUP_PREFIX + "a-document-of-an-older-release:2024-01-01T00:00:00.000Z"
    storage = FakeStorage({**data, orphan: "[1]"})
    store = Store(storage, (PREFS, *(s for _, s in EVERY)), clock=clock())
    for _, spec in EVERY:
        store.load(spec.name)
    every = [s.name for _, s in EVERY]
    for game, specs in GAMES.items():
        listed = [k for k in store.backups((s.name for s in specs), known=every) if k != orphan]
        assert len(listed) == len(specs) and all(storage.data[k] == "{damaged" for k in listed), game
        assert {k.removeprefix(BACKUP_PREFIX).split(":")[0] for k in listed} == {s.name for s in specs}
        assert orphan in store.backups((s.name for s in specs), known=every)  # nobody's: offered everywhere


# --- both games on the page's runtime -------------------------------------------------------------------------

ZERO_ONE_ROUND = Settings(seats=(Seat("Ana"), Seat.bot("easy"), Seat.bot("easy")), rounds=1, speed="fast")
QUIZ_BOTS = QuizSettings((TeamConfig("easy"), TeamConfig("easy")), "fast")


class Refusing(FakeStorage):
    """Storage that refuses every write to some keys (as a full one refuses a longer value)."""

    def __init__(self, data: dict[str, str] | None = None, refused: tuple[str, ...] = ()) -> None:
        super().__init__(data)
        self.refused = set(refused)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if key in self.refused:
            raise QuotaExceededError("The quota has been exceeded.")
        super().setItem(key, value)


VISITS = itertools.count(100)


def run_game(game: str, storage: FakeStorage, store: Store | None = None) -> TableRun:
    """``game`` opened by the page's runtime, on ``storage`` (or on the page's one ``store``, as the shell
    keeps when the players go from one game to the other)."""
    plugin = registry.plugin(game)
    if store is None:
        return (ZeroTable if game == "zero" else TableRun).open(plugin, storage=storage, seed=3)
    store.register(plugin.docs)
    state, effects = plugin.launch(Launch("en", 3, next(VISITS), "fast"))  # each visit its own ids, as in the page
    ports = FakePorts(plugin)
    runtime = Runtime(plugin.handle, state, store, ports, tuple(d.name for d in plugin.docs))
    runtime.start(effects)
    run = (ZeroTable if game == "zero" else TableRun)(plugin, runtime, ports, storage)
    run.idle()
    return run


def begin(run: TableRun, game: str) -> None:
    """A new game at the table: one round against easy bots (Zero), two easy bot teams (the quiz)."""
    settings = ZERO_ONE_ROUND if game == "zero" else QUIZ_BOTS
    run.runtime.state = with_shell(run.state, settings=settings)
    run.do(ZeroCommand.START if game == "zero" else QuizCommand.START)


def play_to_the_end(run: TableRun, game: str) -> None:
    """The game on the table played to its end (people knock; the quiz's reveals are turned over)."""
    if isinstance(run, ZeroTable):
        run.knock_round_out()
        run.idle()
        assert run.match.is_over and run.page in (ZeroPage.ROUND_END, ZeroPage.MATCH_END)
        return
    for _ in range(500):
        s = run.state
        if s.game.is_over:
            return
        reveal = current_reveal(s)
        assert reveal is not None, "the quiz waits for something else than a reveal"
        run.do(QuizCommand.REVEAL_NEXT if s.turned < len(reveal.plays) else QuizCommand.REVEAL_DONE)
    raise AssertionError("the quiz never ended")


def finished_ids(game: str, sheet: Any) -> set[str]:
    """The ids of the finished games on a score sheet."""
    return set(sheet.ids()) if game == "zero" else {r.id for r in sheet.records}


def over(run: TableRun, game: str) -> bool:
    """Whether the game on the table has ended."""
    return bool(run.state.match.is_over if game == "zero" else run.state.game.is_over)


KEEPERS: dict[str, Any] = {"zero": ZERO_KEEPER, "quiz": QUIZ_KEEPER}  # each game's part of saving


def slot_and_sheet(game: str) -> tuple[Spec[Any], Spec[Any]]:
    """The specs of ``game``'s saved game and score sheet."""
    specs = {s.name: s for s in GAMES[game]}
    return specs[KEEPERS[game].slot], specs[KEEPERS[game].sheet]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_saved_game_is_forgotten_only_once_the_sheet_holding_its_result_is_written(game: str) -> None:
    slot, sheet = slot_and_sheet(game)
    storage = Refusing(refused=(sheet.key,))
    run = run_game(game, storage)
    begin(run, game)
    ident = run.state.persist.id
    assert ident is not None and slot.key in storage.data
    play_to_the_end(run, game)
    assert over(run, game)
    kept = slot.read_all(storage.data[slot.key])[0]  # still saved: the only stored copy of its result
    assert slot.doc.read(storage.data[slot.key])["id"] == ident
    assert (kept.match if game == "zero" else kept.game).is_over  # with its end
    assert sheet.key not in storage.data and not run.state.persist.done
    assert any(n.key == "storage.write-failed" for n in run.state.notes)  # and the players are told
    storage.refused.clear()  # the next visit, with room: the game joins the sheet, then is forgotten
    again = run_game(game, storage)
    assert ident in finished_ids(game, sheet.read_all(storage.data[sheet.key])[0])
    assert slot.key not in storage.data and again.state.persist.done
    once_more = run_game(game, storage)  # and it is on the sheet once
    assert sheet.size(once_more.state.history) == 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_is_recorded_and_then_forgotten(game: str) -> None:
    slot, sheet = slot_and_sheet(game)
    storage = FakeStorage()
    run = run_game(game, storage)
    begin(run, game)
    play_to_the_end(run, game)
    assert slot.key not in storage.data and sheet.size(sheet.read_all(storage.data[sheet.key])[0]) == 1
    assert sheet.size(run.state.history) == 1 and run.state.persist.done


@pytest.mark.parametrize(("first", "second"), [("zero", "quiz"), ("quiz", "zero")])
def test_a_new_game_forgets_only_its_own_saved_game(first: str, second: str) -> None:
    """The shell keeps one store for the page: the players leave a game in progress, open the other game,
    and start a game there twice (the first abandoned): the other game's saved game is still there."""
    storage = FakeStorage()
    store = Store(storage, (PREFS,), clock=clock())
    left = run_game(first, storage, store)
    begin(left, first)
    kept_slot, _ = slot_and_sheet(first)
    kept = storage.data[kept_slot.key]
    left.runtime.close()
    run = run_game(second, storage, store)
    slot, _ = slot_and_sheet(second)
    begin(run, second)
    abandoned = run.state.persist.id
    run.do(Nav.NEW_SETUP)
    run.do(Nav.NEW_SETUP_YES)
    begin(run, second)
    assert run.state.persist.id not in (None, abandoned)
    assert storage.data[kept_slot.key] == kept  # the other game's saved game, untouched
    assert slot.doc.read(storage.data[slot.key])["id"] == run.state.persist.id
    assert run.ports.logs == []


def big_sheet(game: str, count: int) -> str:
    _, sheet = slot_and_sheet(game)
    value = sheet.empty
    for i in range(count):
        value = sheet.merged(value, SAMPLES[sheet.name](i))
    return sheet.dump_all(value)


@pytest.mark.parametrize("command", [Data.FREE_SPACE, Data.EXPORT_JSON])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_sheet_is_exported_or_trimmed_only_once_it_has_been_read(game: str, command: Data) -> None:
    """Storage full as the page opens: the players may tap "free space" (or export) before a big sheet has been
    read in slices.  The file holds the whole sheet, and only the older half leaves storage."""
    _, sheet = slot_and_sheet(game)
    count = 40
    text = big_sheet(game, count)
    storage = FakeStorage({sheet.key: text})
    storage.quota = used(storage)
    run = TableRun.open(registry.plugin(game), storage=storage, seed=3, idle=False)
    assert not run.state.persist.sheet_ready  # still being read
    assert any(n.key == "storage.write-failed" for n in run.state.notes)  # the test write was refused
    run.do(command)
    files = [d for d in run.ports.downloads if d[2] == "application/json"]
    assert files
    whole = sheet.read_all(text)[0]
    assert sheet.read_all(files[0][1])[0] == whole  # the file holds every game of the sheet
    left = sheet.read_all(storage.data[sheet.key])[0]
    assert sheet.size(left) == (count // 2 if command is Data.FREE_SPACE else count)
    assert sheet.size(sheet.merged(left, whole)) == count  # and what stays is the sheet's own
    assert sheet.size(run.state.history) == sheet.size(left)


def test_the_full_storage_notice_counts_the_finished_games_of_the_game_on_screen() -> None:
    """One store holds both games' documents: Zero's notice counts Zero's finished matches, not the quiz's games
    nor the questions it has shown; the quiz's counts its own finished games."""
    storage = FakeStorage()
    store = Store(storage, (PREFS,), clock=clock())
    quiz = run_game("quiz", storage, store)
    begin(quiz, "quiz")
    play_to_the_end(quiz, "quiz")  # one finished quiz, and the questions it showed marked seen
    quiz.runtime.close()
    assert len(quiz.state.seen_ids) > 1
    zero = run_game("zero", storage, store)
    assert isinstance(zero, ZeroTable)
    store.add("sheet", finished(1))
    store.add("sheet", finished(2))
    begin(zero, "zero")
    storage.quota = used(storage)  # full: the next move is not saved
    zero.idle()
    zero.knock_round_out()
    (note,) = [n for n in zero.state.notes if n.key == "storage.at-risk"]
    risk = dict(note.params)["risk"]
    assert (risk.kept_items, risk.kept_slot, risk.slot) == (2, True, True)
    quiz = run_game("quiz", storage, store)
    begin(quiz, "quiz")
    play_to_the_end(quiz, "quiz")
    risk = store.at_risk(quiz.runtime.docs)  # what the runtime tells the quiz after a refused write
    assert (risk.kept_items, risk.items) == (1, 1)  # one quiz on the stored sheet, the one just played not
    assert store.at_risk(zero.runtime.docs).kept_items == 2


def test_the_full_storage_notice_says_what_is_at_risk_now_and_each_game_warns_for_itself() -> None:
    """Storage full from the start: the first refused write warns once; the notice of what is at risk follows
    the game (a finished match that could not reach the sheet is counted when it ends), and the quiz, opened
    on the same full storage after Zero warned, warns its players too."""
    from zero_game.web.settings import Settings
    from zero_game.web.table import Table

    storage = FakeStorage(quota=0)
    zero = ZeroTable.of(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")), rounds=1)),
                        storage=storage)
    zero("start")
    zero.bots()

    def risk(run: TableRun) -> Any:
        return next(dict(n.params)["risk"] for n in run.state.notes if n.key == "storage.at-risk")

    assert [n.key for n in zero.state.notes].count("storage.write-failed") == 1
    assert risk(zero).slot and risk(zero).items == 0
    zero.knock_round_out()
    assert zero.state.match.is_over
    assert risk(zero).items == 1, "the finished match not on the stored sheet is counted"
    assert [n.key for n in zero.state.notes].count("storage.write-failed") == 1, "warned once"
    quiz = TableRun.open(registry.plugin("quiz"), storage=storage)
    quiz.field("team-kind:0", "easy")
    quiz.tap(QuizCommand.START)
    assert "storage.write-failed" in [n.key for n in quiz.state.notes]


def test_a_document_named_without_how_it_is_read_is_refused_by_the_store() -> None:
    """A plug-in names its documents as ``Document``s; the store keeps only ``Spec``s, which say how to read them."""
    bare = Document("bare", PREFIX + "bare", registry.plugin("zero").docs[0].doc, Shape.SLOT)
    with pytest.raises(TypeError, match="bare"):
        Store(FakeStorage(), (bare,))
    store = Store(FakeStorage(), registry.plugin("zero").docs)
    assert set(store.docs) == {d.name for d in registry.plugin("zero").docs}
