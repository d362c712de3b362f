"""The localStorage layer over fake storages: nothing lost, no crash, no silent overwrite between tabs."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import string
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.ids import new_id
from zero_game import KNOCK, Match
from zero_game.seats import Seat
from zero_game.sheet import (
    SHEET_SCHEMA,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    load_game,
    load_sheet,
)
from zero_game.web.storage import (
    BACKUP_PREFIX,
    CONFLICT,
    FAILED,
    GAME_KEY,
    LOCKED,
    PREFIX,
    REJECTED,
    SAVED,
    SHEET_KEY,
    UNAVAILABLE,
    WRITE_FAILED,
    Problem,
    Store,
    at_risk_params,
    export_filename,
    problem_actions,
    request_persistence,
    settings_data,
)
from zero_game.web.storage_messages import STORAGE_MESSAGES

FIXTURES = Path(__file__).parent / "fixtures"
SEATS = (Seat("Ann"), Seat("Bob"), Seat("Medium bot", "bot", "medium"))


class QuotaExceededError(Exception):
    """What a full localStorage raises (a JsException in Pyodide)."""


class FakeStorage:
    """A dict with the Web Storage methods; ``quota`` caps the total characters like a browser does."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data = dict(data or {})
        self.quota = quota
        self.writes = 0

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, index: int) -> str | None:
        return list(self.data)[index] if 0 <= index < len(self.data) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
        if self.quota is not None and size > self.quota:
            raise QuotaExceededError("The quota has been exceeded.")
        self.data[key] = str(value)
        self.writes += 1

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class BlockedStorage(FakeStorage):
    """Storage the browser forbids (site data blocked): every call raises."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        raise PermissionError("SecurityError: The operation is insecure.")

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise PermissionError("SecurityError: The operation is insecure.")


def clock() -> object:
    """A clock giving a new millisecond each call."""
    counter = itertools.count()
    return lambda: f"2025-06-01T12:00:00.{next(counter) % 1000:03d}Z"


def new_game(seed: int = 1, players: int = 3) -> SavedGame:
    return SavedGame(
        new_id(random.Random(seed)), SEATS[:players], Match.new(players, seed=seed), "2025-06-01T12:00:00.000Z"
    )


def act(game: SavedGame, steps: int = 1) -> SavedGame:
    match = game.match
    for _ in range(steps):
        match = match.apply(match.legal_actions()[0])
    return game.advance(match, "2025-06-01T12:01:00.000Z")


def finish(game: SavedGame) -> SavedGame:
    rng = random.Random(0)
    match = game.match
    while not match.is_over:
        match = match.apply(KNOCK if rng.random() < 0.3 else rng.choice(match.legal_actions()[:-1]))
    return game.advance(match, "2025-06-01T13:00:00.000Z")


# --- start-up and resume ------------------------------------------------------------------------------------


def test_empty_storage_loads_nothing_and_reports_nothing() -> None:
    loaded = Store(FakeStorage()).load()
    assert loaded.game is None and loaded.sheet.matches == () and loaded.problems == ()


def test_every_key_carries_the_app_prefix() -> None:
    storage = FakeStorage()
    store = Store(storage, clock=clock())
    store.load()
    game = store.save_game(act(new_game(), 3)).game
    assert game is not None
    store.record_finished(finish(game).record("2025-06-01T13:00:00.000Z"))
    storage.data[SHEET_KEY] = "{broken"
    Store(storage, clock=clock()).load()
    assert storage.data and all(key.startswith(PREFIX) for key in storage.data)


def test_reload_resumes_the_same_turn_of_the_same_match() -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    game = act(new_game(), 5)
    for _ in range(3):
        result = store.save_game(game)
        assert result.status == SAVED
        game = act(game)
    store.save_game(game)
    resumed = Store(storage).load().game
    assert resumed is not None
    assert resumed.match == game.match and resumed.seats == game.seats and resumed.id == game.id
    assert resumed.match.current_player == game.match.current_player
    assert resumed.revision == 4  # one more per save


def test_corrupt_saved_match_is_backed_up_and_the_app_starts() -> None:
    raw = dump_game(new_game())[:-40]  # a write cut short
    storage = FakeStorage({GAME_KEY: raw})
    store = Store(storage, clock=clock())
    loaded = store.load()
    assert loaded.game is None
    (problem,) = loaded.problems
    assert problem.code == "corrupt-game" and problem.detail
    assert problem.key is not None and problem.key.startswith(BACKUP_PREFIX)
    assert storage.data[problem.key] == raw
    assert store.list_backups() == [problem.key] and store.backup_text(problem.key) == raw
    assert GAME_KEY not in storage.data
    assert store.save_game(new_game(2)).status == SAVED  # a new match can be saved


def test_corrupt_sheet_keeps_the_valid_matches_and_backs_up_the_raw_text() -> None:
    doc = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    doc["matches"][1]["rounds"][0]["scores"] = [99, 99]
    raw = json.dumps(doc)
    storage = FakeStorage({SHEET_KEY: raw})
    store = Store(storage, clock=clock())
    loaded = store.load()
    assert len(loaded.sheet.matches) == 2
    (problem,) = loaded.problems
    assert problem.code == "corrupt-sheet" and "Match 2" in problem.detail
    assert storage.data[problem.key or ""] == raw
    assert load_sheet(storage.data[SHEET_KEY]) == loaded.sheet  # what is valid is stored cleanly again
    again = Store(storage, clock=clock()).load()
    assert again.problems == () and again.sheet == loaded.sheet


@pytest.mark.parametrize(
    "raw", ["", "null", "[]", '"sheet"', "{" * 5000, "\ud800", '{"schema": 2, "type": "sheet", "matches": 7}']
)
def test_load_never_raises_on_garbage(raw: str) -> None:
    storage = FakeStorage({SHEET_KEY: raw, GAME_KEY: raw})
    loaded = Store(storage, clock=clock()).load()
    assert loaded.game is None and loaded.sheet.matches == ()
    assert {p.code for p in loaded.problems} == {"corrupt-sheet", "corrupt-game"}
    backups = [k for k in storage.data if k.startswith(BACKUP_PREFIX)]
    assert sorted(storage.data[k] for k in backups) == [raw, raw]


def test_a_newer_versions_data_is_left_untouched_and_not_saved_over() -> None:
    newer_sheet = json.dumps({"schema": SHEET_SCHEMA + 1, "type": "sheet", "games": {"a": 1}})
    newer_game = json.dumps({"schema": 99, "type": "saved-game", "whatever": True})
    storage = FakeStorage({SHEET_KEY: newer_sheet, GAME_KEY: newer_game})
    store = Store(storage, clock=clock())
    loaded = store.load()
    assert {p.code for p in loaded.problems} == {"newer-sheet", "newer-game"}
    assert loaded.game is None
    assert store.save_game(new_game()).status == LOCKED
    assert store.clear_game(force=True).status == LOCKED
    assert store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z")).status == LOCKED
    assert store.clear_history().status == LOCKED
    assert storage.data == {SHEET_KEY: newer_sheet, GAME_KEY: newer_game}
    assert len(store.sheet.matches) == 1  # the finished match is still shown (and can be exported)


# --- write failures -----------------------------------------------------------------------------------------


def test_full_storage_warns_once_and_play_goes_on() -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    game = new_game()
    assert store.save_game(game).ok
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())  # now full
    results = []
    for _ in range(4):
        game = act(game)
        results.append(store.save_game(game))
    assert [r.status for r in results] == [FAILED] * 4
    assert [r.warn for r in results] == [True, False, False, False]
    assert store.write_failed
    storage.quota = None  # space freed: saving works again, no conflict with our own earlier save
    assert store.save_game(game).ok and not store.write_failed
    resumed = Store(storage).load().game
    assert resumed is not None and resumed.match == game.match and resumed.revision == 2


def test_storage_refusing_writes_from_the_start_is_reported_once() -> None:
    store = Store(FakeStorage(quota=0))
    loaded = store.load()
    assert [p.code for p in loaded.problems] == ["write-failed"]
    result = store.save_game(new_game())
    assert result.status == FAILED and not result.warn  # already warned at start


@pytest.mark.parametrize("backend", [None, BlockedStorage()])
def test_no_storage_at_all_means_play_without_saving(backend: FakeStorage | None) -> None:
    store = Store(backend)
    loaded = store.load()
    assert [p.code for p in loaded.problems] == ["storage-unavailable"] and loaded.game is None
    assert store.save_game(new_game()).status == UNAVAILABLE
    assert store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z")).status == UNAVAILABLE
    assert len(store.sheet.matches) == 1
    assert store.list_backups() == []


def test_damaged_data_with_no_room_for_a_backup_is_left_in_place() -> None:
    raw = '{"schema": 2, "type": "sheet", "matches": [1]}'
    storage = FakeStorage({SHEET_KEY: raw}, quota=len(SHEET_KEY) + len(raw))
    store = Store(storage, clock=clock())
    codes = [p.code for p in store.load().problems]
    assert "backup-failed" in codes
    storage.quota = None
    result = store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z"))
    assert result.status == FAILED  # the player is told, and the match is kept for download
    assert storage.data[SHEET_KEY] == raw


# --- finished matches, export and import --------------------------------------------------------------------


def test_finished_match_goes_on_the_sheet_once() -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    game = finish(new_game())
    record = game.record("2025-06-01T13:00:00.000Z")
    assert store.record_finished(record).ok
    assert store.record_finished(record).ok  # recorded again after a reload at the match end
    assert store.clear_game().ok
    loaded = Store(storage).load()
    assert loaded.sheet.matches == (record,) and loaded.game is None


def test_export_then_import_on_a_fresh_device_gives_the_same_sheet() -> None:
    home = Store(FakeStorage())
    home.load()
    home.import_json((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    home.record_finished(finish(new_game(4)).record("2025-06-02T09:00:00.000Z"))
    text = home.export_json()
    away_storage = FakeStorage()
    away = Store(away_storage)
    away.load()
    result = away.import_json(text)
    assert (result.status, result.added, result.duplicates) == (SAVED, 4, 0)
    assert away.sheet == home.sheet
    assert Store(away_storage).load().sheet == home.sheet
    assert away.export_csv() == home.export_csv()
    again = away.import_json(text.encode("utf-8"))
    assert (again.added, again.duplicates) == (0, 4) and away.sheet == home.sheet


def test_import_merges_without_duplicates() -> None:
    store = Store(FakeStorage())
    store.load()
    v2 = load_sheet((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    store.record_finished(v2.matches[0])
    result = store.import_json((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    assert (result.added, result.duplicates) == (2, 1)
    assert store.sheet.ids() == v2.ids()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad-import"),
        ('{"schema": 1, "type": "match"}', "bad-import"),
        ('{"schema": 2, "type": "sheet", "matches": [{"id": "x"}]}', "bad-import"),
        ('{"schema": 7, "type": "sheet"}', "newer-import"),
        (b"\xff\xfe\x00", "bad-import"),
    ],
)
def test_a_bad_import_file_changes_nothing_and_says_why(text: str | bytes, code: str) -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z"))
    before = dict(storage.data)
    result = store.import_json(text)
    assert result.status == REJECTED and result.problem is not None
    assert result.problem.code == code and result.problem.detail
    assert storage.data == before and len(store.sheet.matches) == 1


def test_clear_history_empties_the_sheet_for_good() -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z"))
    assert store.clear_history().ok
    assert store.sheet.matches == () and Store(storage).load().sheet.matches == ()


def test_old_schema_sheet_in_storage_is_migrated_silently() -> None:
    storage = FakeStorage({SHEET_KEY: (FIXTURES / "sheet_v1.json").read_text(encoding="utf-8")})
    loaded = Store(storage).load()
    assert loaded.problems == () and len(loaded.sheet.matches) == 2


# --- two tabs -----------------------------------------------------------------------------------------------


def test_a_tab_does_not_overwrite_another_tabs_newer_match() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    game = new_game()
    tab_a.save_game(game)
    loaded_b = tab_b.load().game
    assert loaded_b is not None
    theirs = act(loaded_b, 2)
    assert tab_b.save_game(theirs).ok
    stored = storage.data[GAME_KEY]
    mine = act(game, 1)
    result = tab_a.save_game(mine)
    assert result.status == CONFLICT and tab_a.conflict
    assert storage.data[GAME_KEY] == stored  # B's match is intact
    assert tab_a.save_game(mine).status == CONFLICT  # still not silently overwritten
    reloaded = tab_a.reload_game().game  # "load the other tab's match"
    assert reloaded is not None and reloaded.match == theirs.match
    assert tab_a.save_game(act(reloaded)).ok


def test_keep_playing_here_overwrites_on_purpose_with_a_higher_revision() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    tab_a.save_game(new_game())
    tab_b.load()
    tab_b.save_game(act(new_game(), 2))
    tab_b.save_game(act(new_game(), 3))
    result = tab_a.save_game(act(new_game(), 1), force=True)
    assert result.ok and result.game is not None and result.game.revision == 4
    assert tab_b.save_game(act(new_game(), 4)).status == CONFLICT  # now B is told


def test_two_tabs_starting_matches_do_not_clobber_each_other() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    tab_b.load()
    assert tab_a.save_game(new_game(1)).ok
    assert tab_b.save_game(new_game(2)).status == CONFLICT


def test_storage_event_for_the_match_reports_the_other_tabs_game() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    tab_a.save_game(new_game())
    tab_b.load()
    assert tab_b.save_game(act(new_game(), 2)).ok
    change = tab_a.on_storage_event(GAME_KEY, storage.data[GAME_KEY])
    assert change is not None and change.what == "game" and tab_a.conflict
    assert change.game is not None and change.game.match == act(new_game(), 2).match
    assert tab_b.on_storage_event(GAME_KEY, storage.data[GAME_KEY]) is None  # its own value
    assert tab_a.on_storage_event(PREFIX + "language", "fr") is None
    assert tab_a.on_storage_event("someone-else:key", "x") is None


def test_storage_event_for_the_sheet_refreshes_it_and_records_merge() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    tab_b.load()
    rec_a = finish(new_game(1)).record("2025-06-01T13:00:00.000Z")
    rec_b = finish(new_game(2)).record("2025-06-01T14:00:00.000Z")
    tab_b.record_finished(rec_b)
    change = tab_a.on_storage_event(SHEET_KEY, storage.data[SHEET_KEY])
    assert change is not None and change.what == "sheet" and tab_a.sheet.ids() == {rec_b.id}
    tab_a.record_finished(rec_a)
    assert load_sheet(storage.data[SHEET_KEY]).ids() == {rec_a.id, rec_b.id}


def test_recording_without_an_event_still_keeps_the_other_tabs_matches() -> None:
    storage = FakeStorage()
    tab_a, tab_b = Store(storage), Store(storage)
    tab_a.load()
    tab_b.load()
    rec_a = finish(new_game(1)).record("2025-06-01T13:00:00.000Z")
    rec_b = finish(new_game(2)).record("2025-06-01T14:00:00.000Z")
    tab_a.record_finished(rec_a)
    tab_b.record_finished(rec_b)
    assert load_sheet(storage.data[SHEET_KEY]).ids() == {rec_a.id, rec_b.id}


def test_storage_cleared_elsewhere_empties_the_sheet_and_flags_the_match() -> None:
    storage = FakeStorage()
    store = Store(storage)
    store.load()
    store.save_game(new_game())
    store.record_finished(finish(new_game(2)).record("2025-06-01T13:00:00.000Z"))
    storage.data.clear()
    change = store.on_storage_event(None, None)
    assert change is not None and change.what == "all"
    assert store.sheet.matches == () and store.conflict


# --- persistence, names, messages ---------------------------------------------------------------------------


class FakeNavigatorStorage:
    def __init__(self, granted: bool, already: bool = False) -> None:
        self.granted, self.already, self.asked = granted, already, 0

    async def persisted(self) -> bool:
        return self.already

    async def persist(self) -> bool:
        self.asked += 1
        return self.granted


class Namespace:
    def __init__(self, **kw: object) -> None:
        self.__dict__.update(kw)


def run(coroutine: Any) -> Any:
    """Run a coroutine to its end on a thread of its own (the browser tests keep a loop running here)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_request_persistence_tolerates_browsers_without_it() -> None:
    assert run(request_persistence(Namespace())) is None
    assert run(request_persistence(Namespace(storage=Namespace()))) is None
    granted = FakeNavigatorStorage(True)
    assert run(request_persistence(Namespace(storage=granted))) is True and granted.asked == 1
    assert run(request_persistence(Namespace(storage=FakeNavigatorStorage(False)))) is False
    already = FakeNavigatorStorage(False, already=True)
    assert run(request_persistence(Namespace(storage=already))) is True and already.asked == 0


def test_export_filename_names_the_day() -> None:
    assert export_filename("csv", "2025-06-01T12:00:00.000Z") == "zero-score-sheet-2025-06-01.csv"


def test_every_problem_code_has_a_text_in_every_language() -> None:
    codes = {"storage-unavailable", "write-failed", "corrupt-sheet", "corrupt-game", "backup-failed",
             "newer-sheet", "newer-game", "conflict", "bad-import", "newer-import"}  # fmt: skip
    assert set(STORAGE_MESSAGES) == {"en", "fr", "de"}
    keys = set(STORAGE_MESSAGES["en"])
    assert {f"storage.{c}" for c in codes} <= keys
    for lang, table in STORAGE_MESSAGES.items():
        assert set(table) == keys, lang
        for key, text in table.items():
            fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert fields == {f for _, f, _, _ in string.Formatter().parse(STORAGE_MESSAGES["en"][key]) if f}


# --- hostile stored values ----------------------------------------------------------------------------------

DEEP = "[" * 10_000 + "]" * 10_000  # 20 KB that used to overflow the browser's stack in json.loads
HOSTILE = {
    "deep arrays": DEEP,
    "deep objects": '{"a":' * 10_000 + "1" + "}" * 10_000,
    "deep inside a document": '{"schema": 2, "type": "sheet", "matches": [' + DEEP + "]}",
    "unclosed deep": "[" * 50_000,
    "huge string": '"' + "x" * 4_100_000 + '"',
    "wrong type": '{"schema": 2, "type": "sheet", "matches": {"0": 1}}',
    "wrong schema type": '{"schema": "2", "type": "saved-game"}',
    "truncated": '{"schema": 2, "type": "sheet", "matches": [{"id": "a", "fin',
    "escaped quotes": '["\\"[[[[", "\\\\", ' + DEEP + "]",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("key", [GAME_KEY, SHEET_KEY])
def test_a_hostile_stored_value_is_backed_up_and_nothing_else_changes(name: str, key: str) -> None:
    raw = HOSTILE[name]
    game = new_game(4)
    sheet = ScoreSheet((finish(new_game(5)).record("2025-06-01T13:00:00.000Z"),))
    others = {GAME_KEY: dump_game(game), SHEET_KEY: dump_sheet(sheet), "other-app": "[" * 9}
    del others[key]
    storage = FakeStorage({key: raw} | others)
    store = Store(storage, clock=clock())
    loaded = store.load()
    (problem,) = loaded.problems
    assert problem.code == ("corrupt-game" if key == GAME_KEY else "corrupt-sheet")
    assert problem.key is not None and storage.data[problem.key] == raw  # the raw value, kept whole
    assert {k: storage.data[k] for k in others} == others  # nothing else changed
    if key == SHEET_KEY:
        assert loaded.game is not None and loaded.game.match == game.match and loaded.sheet.matches == ()
    else:
        assert loaded.game is None and loaded.sheet == sheet
    assert store.save_game(act(loaded.game or game)).ok  # and play goes on, saved as before


def test_a_hostile_table_set_up_inside_a_saved_match_is_refused_not_recursed() -> None:
    game = replace(new_game(), options={"settings": DEEP})
    with pytest.raises(ValueError, match="nested more than"):
        settings_data(game)
    with pytest.raises(ValueError, match="table set-up"):
        settings_data(replace(new_game(), options={}))
    assert settings_data(replace(new_game(), options={"settings": '{"seats": []}'})) == {"seats": []}
    for bad in ('{"pool_size": 5.0}', '{"rounds": true}', '{"dealer": "0"}'):
        with pytest.raises(ValueError, match="table set-up is damaged"):
            settings_data(replace(new_game(), options={"settings": bad}))


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_import_file_is_refused_and_changes_nothing(name: str) -> None:
    storage = FakeStorage()
    store = Store(storage, clock=clock())
    store.load()
    store.record_finished(finish(new_game()).record("2025-06-01T13:00:00.000Z"))
    before = dict(storage.data)
    result = store.import_json(HOSTILE[name])
    assert result.status == REJECTED and result.problem is not None and result.problem.code == "bad-import"
    assert storage.data == before and len(store.sheet.matches) == 1


# --- full storage never loses a match -----------------------------------------------------------------------


def used(storage: FakeStorage) -> int:
    return sum(len(k) + len(v) for k, v in storage.data.items())


def play_and_finish(storage: FakeStorage, quota: int | None, seed: int) -> tuple[Store, SavedGame]:
    """Start a match with room to spare, fill the storage to ``quota``, play it to the end and finish it."""
    store = Store(storage, clock=clock())
    store.load()
    game = new_game(seed)
    result = store.save_game(game)
    game = result.game or game
    storage.quota = quota
    match = finish(game).match
    game = game.advance(match, "2025-06-01T13:00:00.000Z")
    saved = store.save_game(game)
    game = saved.game or game
    store.finish_match(game.record("2025-06-01T13:00:01.000Z"))
    return store, game


@pytest.mark.parametrize("spare", [0, 50, 400, 1000, 1500, 3000, None])
def test_a_finished_match_is_never_lost_however_full_the_storage(spare: int | None) -> None:
    storage = FakeStorage()
    filler = Store(storage, clock=clock())
    filler.load()
    for seed in range(10, 13):  # some history first
        filler.record_finished(finish(new_game(seed)).record("2025-06-01T12:30:00.000Z"))
    quota = None if spare is None else used(storage) + spare
    store, game = play_and_finish(storage, quota, seed=3)
    after = Store(FakeStorage(dict(storage.data)), clock=clock()).load()  # a reload
    on_sheet = game.id in after.sheet.ids()
    resumable = after.game is not None and after.game.id == game.id
    assert on_sheet or resumable, "the match is neither on the sheet nor resumable"
    assert len(after.sheet.matches) >= 3  # no history lost either
    risk = store.at_risk()
    if not on_sheet:
        assert risk.finished == 1 and risk.anything
        rescue = store.rescue()
        assert rescue is not None and game.id in rescue.text
        fresh = Store(FakeStorage(), clock=clock())
        fresh.load()
        assert fresh.import_json(rescue.text).added == 1  # the rescue file imports like a sheet


def test_when_storage_fills_mid_match_the_player_is_told_what_is_kept_and_can_download_the_rest() -> None:
    storage = FakeStorage()
    store = Store(storage, clock=clock())
    store.load()
    store.record_finished(finish(new_game(9)).record("2025-06-01T12:30:00.000Z"))
    game = store.save_game(new_game()).game
    assert game is not None
    storage.quota = used(storage)
    game = act(game, 3)
    assert store.save_game(game).status == FAILED
    risk = store.at_risk()
    assert (risk.kept_matches, risk.kept_match, risk.match, risk.finished, risk.damaged) == (1, True, True, 0, 0)
    texts = at_risk_params(risk, lambda key, **p: STORAGE_MESSAGES["en"][key].format(**p))
    assert texts == {"kept": "the score sheet (finished matches: 1); the match in progress, as last saved",
                     "lost": "the latest moves of the match in progress"}
    for lang in ("fr", "de"):
        params = at_risk_params(risk, lambda key, lang=lang, **p: STORAGE_MESSAGES[lang][key].format(**p))
        assert STORAGE_MESSAGES[lang]["storage.at-risk"].format(**params)
    rescue = store.rescue()
    assert rescue is not None and rescue.filename.startswith("zero-rescue-")
    assert json.loads(rescue.text)["match_in_progress"]["match"] == game.match.to_dict()  # exactly the latest
    assert [a[0] for a in problem_actions(Problem(WRITE_FAILED))] == ["export-rescue", "free-space"]
    # Freeing space: the oldest history goes (after the page has offered the whole sheet), then saving works.
    assert store.trim_history(0).ok
    assert store.save_game(game).ok and store.rescue() is None and not store.at_risk().anything


def test_a_damaged_value_too_big_to_back_up_is_offered_first_and_then_replaced() -> None:
    raw = '{"schema": 1, "type": "saved-game", ' + '"x": "' + "y" * 500 + '"}'
    sheet_text = dump_sheet(ScoreSheet((finish(new_game(9)).record("2025-06-01T12:30:00.000Z"),)))
    storage = FakeStorage({GAME_KEY: raw, SHEET_KEY: sheet_text})
    storage.quota = used(storage) + 100  # no room for a copy of the damaged match
    store = Store(storage, clock=clock())
    loaded = store.load()
    problem = next(p for p in loaded.problems if p.code == "backup-failed")
    assert problem_actions(problem) == (("export-rescue", "", "storage.export-rescue"),)
    rescue = store.rescue()
    assert rescue is not None and json.loads(rescue.text)["damaged"] == [{"key": GAME_KEY, "text": raw}]
    assert storage.data[GAME_KEY] == raw  # untouched until the player has it
    game = new_game(2)
    first = store.save_game(game)
    assert first.status == FAILED and first.warn  # not silently unsaved
    assert storage.data[GAME_KEY] == raw
    store.rescued()  # the page offered the file
    storage.quota = None
    assert store.save_game(game).ok and load_game(storage.data[GAME_KEY]).id == game.id
    assert storage.data[SHEET_KEY] == sheet_text  # nothing else changed


def test_a_damaged_sheet_too_big_to_back_up_is_replaced_by_its_valid_part_once_downloaded() -> None:
    doc = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    doc["matches"][1]["rounds"][0]["scores"] = [99, 99]  # one damaged match among valid ones
    raw = json.dumps(doc)
    storage = FakeStorage({SHEET_KEY: raw})
    storage.quota = used(storage) + 50  # no room for a backup
    store = Store(storage, clock=clock())
    loaded = store.load()
    assert [p.code for p in loaded.problems] == ["backup-failed"] and len(loaded.sheet.matches) == 2
    record = finish(new_game()).record("2025-06-01T13:00:00.000Z")
    assert store.record_finished(record).status == FAILED and storage.data[SHEET_KEY] == raw
    rescue = json.loads(store.rescue().text)  # type: ignore[union-attr]
    assert rescue["damaged"] == [{"key": SHEET_KEY, "text": raw}]
    assert [m["id"] for m in rescue["finished_matches"]["matches"]] == [record.id]
    store.rescued()
    storage.quota = None
    assert store.retry().ok and not store.at_risk().anything
    assert load_sheet(storage.data[SHEET_KEY]).ids() == {*(m.id for m in loaded.sheet.matches), record.id}
