"""Zero's documents in the shell's store, over fake storages: nothing lost, no crash, no silent overwrite between
tabs.  The promises every document of every game keeps against hostile data are tested once, over every spec,
in test_documents.py; here are Zero's match and score sheet in the situations players meet."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from tabletop.notes import with_shell
from tabletop.present import at_risk_params
from tabletop.saving import Data, problem_actions
from tabletop.store import (
    BACKUP_PREFIX,
    DOCUMENT_CODES,
    PREFIX,
    Code,
    Problem,
    Status,
    Store,
    request_persistence,
)
from tests.harness import BlockedStorage, FakeStorage, ZeroTable
from tests.samples import SEATS, act, clock, finish, finished, new_game
from zero_game.seats import Seat
from zero_game.sheet import SavedGame, ScoreSheet, dump_game, dump_sheet, load_game, load_sheet
from zero_game.web.i18n import translate
from zero_game.web.keeper import GAME_KEY, KEEPER, SHEET_KEY, docs, export_filename
from zero_game.web.settings import Settings, saved_settings
from zero_game.web.table import Page, Table

FIXTURES = Path(__file__).parent / "fixtures"


def zero_store(backend: Any) -> Store:
    """A store of Zero's documents, as the page makes when Zero opens."""
    return Store(backend, docs(), clock=clock())


def two_tabs() -> tuple[FakeStorage, Store, Store]:
    """One browser's storage and two tabs of Zero on it, not opened yet."""
    storage = FakeStorage()
    return storage, zero_store(storage), zero_store(storage)


@dataclass(frozen=True)
class Opened:
    """What a tab finds as Zero opens: the saved match, the sheet, and every problem to tell the players."""

    game: SavedGame | None
    sheet: ScoreSheet
    problems: tuple[Problem, ...]

    @property
    def keys(self) -> list[str]:
        return [p.message_key for p in self.problems]


def opened(store: Store) -> Opened:
    """Open ``store`` as the runtime does: check storage, read the sheet and the saved match."""
    checked = store.open()
    sheet, game = store.load("sheet"), store.load("game")
    assert sheet.value is not None  # a ledger always has a value, empty at worst
    return Opened(game.value, sheet.value, (*checked, *sheet.problems, *game.problems))


def used(storage: FakeStorage) -> int:
    return sum(len(k) + len(v) for k, v in storage.data.items())


# --- start-up and resume ------------------------------------------------------------------------------------


def test_empty_storage_loads_nothing_and_reports_nothing() -> None:
    found = opened(zero_store(FakeStorage()))
    assert found.game is None and found.sheet.matches == () and found.problems == ()


def test_every_key_carries_the_app_prefix() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    game = store.save("game", act(new_game(), 3)).value
    assert game is not None
    store.add("sheet", ScoreSheet((finish(game).record("2025-06-01T13:00:00.000Z"),)))
    storage.data[SHEET_KEY] = "{broken"
    opened(zero_store(storage))
    assert any(key.startswith(BACKUP_PREFIX) for key in storage.data)
    assert storage.data and all(key.startswith(PREFIX) for key in storage.data)


def test_reload_resumes_the_same_turn_of_the_same_match() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    game = act(new_game(), 5)
    for _ in range(3):
        assert store.save("game", game).status is Status.SAVED
        game = act(game)
    store.save("game", game)
    resumed = opened(zero_store(storage)).game
    assert resumed is not None
    assert resumed.match == game.match and resumed.seats == game.seats and resumed.id == game.id
    assert resumed.match.current_player == game.match.current_player
    assert resumed.revision == 4  # one more per save


def test_corrupt_saved_match_is_backed_up_and_the_app_starts() -> None:
    raw = dump_game(new_game())[:-40]  # a write cut short
    storage = FakeStorage({GAME_KEY: raw})
    store = zero_store(storage)
    found = opened(store)
    assert found.game is None
    (problem,) = found.problems
    assert problem.code is Code.CORRUPT and problem.message_key == "storage.corrupt-game" and problem.detail
    assert problem.key is not None and problem.key.startswith(BACKUP_PREFIX)
    assert storage.data[problem.key] == raw
    assert store.backups() == [problem.key] and store.backup_text(problem.key) == raw
    assert GAME_KEY not in storage.data
    assert store.save("game", new_game(2)).status is Status.SAVED  # a new match can be saved


def test_corrupt_sheet_keeps_the_valid_matches_and_backs_up_the_raw_text() -> None:
    doc = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    doc["matches"][1]["rounds"][0]["scores"] = [99, 99]
    raw = json.dumps(doc)
    storage = FakeStorage({SHEET_KEY: raw})
    found = opened(zero_store(storage))
    assert len(found.sheet.matches) == 2
    (problem,) = found.problems
    assert problem.message_key == "storage.corrupt-sheet" and "Match 2" in problem.detail
    assert storage.data[problem.key or ""] == raw
    assert load_sheet(storage.data[SHEET_KEY]) == found.sheet  # what is valid is stored cleanly again
    again = opened(zero_store(storage))
    assert again.problems == () and again.sheet == found.sheet


@pytest.mark.parametrize(
    "raw", ["", "null", "[]", '"sheet"', "{" * 5000, "\ud800", '{"schema": 2, "type": "sheet", "matches": 7}']
)
def test_load_never_raises_on_garbage(raw: str) -> None:
    storage = FakeStorage({SHEET_KEY: raw, GAME_KEY: raw})
    found = opened(zero_store(storage))
    assert found.game is None and found.sheet.matches == ()
    assert sorted(found.keys) == ["storage.corrupt-game", "storage.corrupt-sheet"]
    backups = [k for k in storage.data if k.startswith(BACKUP_PREFIX)]
    assert sorted(storage.data[k] for k in backups) == [raw, raw]


def test_a_newer_versions_data_is_left_untouched_and_not_saved_over() -> None:
    newer_sheet = json.dumps({"schema": 99, "type": "sheet", "games": {"a": 1}})
    newer_game = json.dumps({"schema": 99, "type": "saved-game", "whatever": True})
    storage = FakeStorage({SHEET_KEY: newer_sheet, GAME_KEY: newer_game})
    store = zero_store(storage)
    found = opened(store)
    assert sorted(found.keys) == ["storage.newer-game", "storage.newer-sheet"]
    assert found.game is None
    assert store.save("game", new_game()).status is Status.LOCKED
    assert store.save("game", new_game(), force=True).status is Status.LOCKED
    assert store.clear("game", force=True).status is Status.LOCKED
    assert store.add("sheet", finished(1)).status is Status.LOCKED
    assert store.put("sheet", None).status is Status.LOCKED
    assert store.put("sheet", ScoreSheet()).status is Status.LOCKED
    assert store.retry().status is Status.LOCKED
    assert storage.data == {SHEET_KEY: newer_sheet, GAME_KEY: newer_game}
    assert len(store.value("sheet").matches) == 1  # the finished match is still shown (and can be exported)


# --- write failures -----------------------------------------------------------------------------------------


def test_full_storage_warns_once_and_play_goes_on() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    game = new_game()
    assert store.save("game", game).ok
    storage.quota = used(storage)  # now full
    results = []
    for _ in range(4):
        game = act(game)
        results.append(store.save("game", game))
    assert [r.status for r in results] == [Status.FAILED] * 4
    assert [r.warn for r in results] == [True, False, False, False]
    assert store.at_risk().slot  # the latest moves are not stored
    storage.quota = None  # space freed: saving works again, no conflict with our own earlier save
    assert store.save("game", game).ok and not store.at_risk().anything
    resumed = opened(zero_store(storage)).game
    assert resumed is not None and resumed.match == game.match and resumed.revision == 2


def test_storage_refusing_writes_from_the_start_is_reported_once() -> None:
    store = zero_store(FakeStorage(quota=0))
    assert opened(store).keys == ["storage.write-failed"]
    result = store.save("game", new_game())
    assert result.status is Status.FAILED and not result.warn  # already warned at start


@pytest.mark.parametrize("backend", [None, BlockedStorage()], ids=["none", "blocked"])
def test_no_storage_at_all_means_play_without_saving(backend: FakeStorage | None) -> None:
    store = zero_store(backend)
    found = opened(store)
    assert set(found.keys) == {"storage.storage-unavailable"} and found.game is None
    assert store.save("game", new_game()).status is Status.UNAVAILABLE
    added = store.add("sheet", finished(1))
    assert added.status is Status.UNAVAILABLE and added.value is not None and len(added.value.matches) == 1
    assert len(store.value("sheet").matches) == 1
    assert store.backups() == []


def test_blocked_storage_is_one_notice_and_zero_starts() -> None:
    d = ZeroTable.of(storage=BlockedStorage())
    assert [n.key for n in d.s.notes if n.key.startswith("storage.")] == ["storage.storage-unavailable"]
    notice = next(n for n in d.screen.notices.items if n.key == "storage.storage-unavailable")
    assert notice.alert and d.s.persist.sheet_ready and d.page is Page.SETUP


def test_damaged_data_with_no_room_for_a_backup_is_left_in_place() -> None:
    raw = '{"schema": 2, "type": "sheet", "matches": [1]}'
    storage = FakeStorage({SHEET_KEY: raw}, quota=len(SHEET_KEY) + len(raw))
    store = zero_store(storage)
    assert "storage.backup-failed" in opened(store).keys
    storage.quota = None
    result = store.add("sheet", finished(1))
    assert result.status is Status.FAILED  # the player is told, and the match is kept for download
    assert storage.data[SHEET_KEY] == raw


# --- finished matches, export and import --------------------------------------------------------------------


def test_finished_match_goes_on_the_sheet_once() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    sheet = finished(1)
    assert store.add("sheet", sheet).ok
    assert store.add("sheet", sheet).ok  # recorded again after a reload at the match end
    assert store.clear("game").ok
    found = opened(zero_store(storage))
    assert found.sheet == sheet and found.game is None


def exported(sheet: ScoreSheet, kind: str) -> str:
    """The file Zero offers for ``sheet`` (its "export" button)."""
    file = KEEPER.export(with_shell(Table(), history=sheet), kind, "2025-06-02T10:00:00.000Z")
    assert file is not None
    return file.text


def test_export_then_import_on_a_fresh_device_gives_the_same_sheet() -> None:
    home = zero_store(FakeStorage())
    opened(home)
    home.importing("sheet", (FIXTURES / "sheet_v2.json").read_text(encoding="utf-8")).run()
    home.add("sheet", finished(4, "2025-06-02T09:00:00.000Z"))
    text = exported(home.value("sheet"), "json")
    away_storage = FakeStorage()
    away = zero_store(away_storage)
    opened(away)
    result = away.importing("sheet", text).run()
    assert (result.status, result.added, result.duplicates) == (Status.SAVED, 4, 0)
    assert away.value("sheet") == home.value("sheet")
    assert opened(zero_store(away_storage)).sheet == home.value("sheet")
    assert exported(away.value("sheet"), "csv") == exported(home.value("sheet"), "csv")
    again = away.importing("sheet", text.encode("utf-8")).run()
    assert (again.added, again.duplicates) == (0, 4) and away.value("sheet") == home.value("sheet")


def test_import_merges_without_duplicates() -> None:
    store = zero_store(FakeStorage())
    opened(store)
    v2 = load_sheet((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    store.add("sheet", ScoreSheet(v2.matches[:1]))
    result = store.importing("sheet", (FIXTURES / "sheet_v2.json").read_text(encoding="utf-8")).run()
    assert (result.added, result.duplicates) == (2, 1)
    assert store.value("sheet").ids() == v2.ids()


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("not json", "storage.bad-import"),
        ('{"schema": 1, "type": "match"}', "storage.bad-import"),
        ('{"schema": 2, "type": "sheet", "matches": [{"id": "x"}]}', "storage.bad-import"),
        ('{"schema": 7, "type": "sheet"}', "storage.newer-import"),
        (b"\xff\xfe\x00", "storage.bad-import"),
    ],
)
def test_a_bad_import_file_changes_nothing_and_says_why(text: str | bytes, key: str) -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    store.add("sheet", finished(1))
    before = dict(storage.data)
    result = store.importing("sheet", text).run()
    assert result.status is Status.REJECTED and result.problem is not None
    assert result.problem.message_key == key and result.problem.detail
    assert storage.data == before and len(store.value("sheet").matches) == 1


def test_clear_history_empties_the_sheet_for_good() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    store.add("sheet", finished(1))
    assert store.put("sheet", None).ok
    assert store.value("sheet").matches == () and opened(zero_store(storage)).sheet.matches == ()


def test_old_schema_sheet_in_storage_is_migrated_silently() -> None:
    storage = FakeStorage({SHEET_KEY: (FIXTURES / "sheet_v1.json").read_text(encoding="utf-8")})
    found = opened(zero_store(storage))
    assert found.problems == () and len(found.sheet.matches) == 2


# --- two tabs -----------------------------------------------------------------------------------------------


def test_a_tab_does_not_overwrite_another_tabs_newer_match() -> None:
    storage, tab_a, tab_b = two_tabs()
    opened(tab_a)
    game = new_game()
    tab_a.save("game", game)
    loaded_b = opened(tab_b).game
    assert loaded_b is not None
    theirs = act(loaded_b, 2)
    assert tab_b.save("game", theirs).ok
    stored = storage.data[GAME_KEY]
    mine = act(game, 1)
    assert tab_a.save("game", mine).status is Status.CONFLICT
    assert storage.data[GAME_KEY] == stored  # B's match is intact
    assert tab_a.save("game", mine).status is Status.CONFLICT  # still not silently overwritten
    assert tab_a.clear("game").status is Status.CONFLICT  # nor forgotten
    reloaded = tab_a.load("game").value  # "load the other tab's match"
    assert reloaded is not None and reloaded.match == theirs.match
    assert tab_a.save("game", act(reloaded)).ok


def test_keep_playing_here_overwrites_on_purpose_with_a_higher_revision() -> None:
    storage, tab_a, tab_b = two_tabs()
    opened(tab_a)
    tab_a.save("game", new_game())
    opened(tab_b)
    tab_b.save("game", act(new_game(), 2))
    tab_b.save("game", act(new_game(), 3))
    result = tab_a.save("game", act(new_game(), 1), force=True)
    assert result.ok and result.value is not None and result.value.revision == 4
    assert load_game(storage.data[GAME_KEY]).revision == 4
    assert tab_b.save("game", act(new_game(), 4)).status is Status.CONFLICT  # now B is told


def test_two_tabs_starting_matches_do_not_clobber_each_other() -> None:
    storage, tab_a, tab_b = two_tabs()
    opened(tab_a)
    opened(tab_b)
    assert tab_a.save("game", new_game(1)).ok
    assert tab_b.save("game", new_game(2)).status is Status.CONFLICT


def test_storage_event_for_the_match_reports_the_other_tabs_game() -> None:
    storage, tab_a, tab_b = two_tabs()
    opened(tab_a)
    tab_a.save("game", new_game())
    opened(tab_b)
    assert tab_b.save("game", act(new_game(), 2)).ok
    (change,) = tab_a.changed(GAME_KEY, storage.data[GAME_KEY])
    assert change.doc == "game" and change.problem is None
    assert change.value is not None and change.value.match == act(new_game(), 2).match
    assert tab_a.save("game", act(new_game(), 1)).status is Status.CONFLICT  # until the players choose
    assert tab_b.changed(GAME_KEY, storage.data[GAME_KEY]) == ()  # its own value
    assert tab_a.changed(PREFIX + "language", "fr") == ()
    assert tab_a.changed("someone-else:key", "x") == ()
    assert not tab_a.owns("someone-else:key") and tab_a.owns(GAME_KEY) and tab_a.owns(None)


@pytest.mark.parametrize("told", [True, False], ids=["storage-event", "no-event"])
def test_recording_keeps_the_other_tabs_matches_with_or_without_a_storage_event(told: bool) -> None:
    storage, tab_a, tab_b = two_tabs()
    opened(tab_a)
    opened(tab_b)
    rec_a, rec_b = finished(1), finished(2, "2025-06-01T14:00:00.000Z")
    tab_b.add("sheet", rec_b)
    if told:  # the browser's storage event: tab A's sheet shows B's match at once
        (change,) = tab_a.changed(SHEET_KEY, storage.data[SHEET_KEY])
        assert change.doc == "sheet" and change.value == rec_b and tab_a.value("sheet").ids() == rec_b.ids()
    tab_a.add("sheet", rec_a)
    assert load_sheet(storage.data[SHEET_KEY]).ids() == rec_a.ids() | rec_b.ids()


def test_storage_cleared_elsewhere_empties_the_sheet_and_flags_the_match() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    store.save("game", new_game())
    store.add("sheet", finished(2))
    storage.data.clear()
    changes = store.changed(None, None)
    assert {c.doc for c in changes} == {"game", "sheet"} and all(c.cleared for c in changes)
    assert store.value("sheet").matches == ()
    assert store.save("game", act(new_game())).status is Status.CONFLICT  # the players choose first


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


def test_every_problem_zero_can_meet_has_a_text_in_every_language() -> None:
    """(Each catalog's parity across languages is tested in test_catalogs.py; every game's in test_documents.py.)"""
    keys = {Problem(code, spec.kind).message_key for spec in docs() for code in DOCUMENT_CODES}
    keys |= {Problem(code).message_key for code in Code if code not in DOCUMENT_CODES}
    assert {"storage.corrupt-game", "storage.newer-sheet", "storage.backup-failed", "storage.conflict"} <= keys
    for lang in ("en", "fr", "de"):
        for key in keys:
            assert translate(lang, key), (lang, key)


# --- a table set-up inside a saved match --------------------------------------------------------------------

DEEP = "[" * 10_000 + "]" * 10_000  # 20 KB that used to overflow the browser's stack in json.loads


def schema_1(game: SavedGame, settings: object) -> str:
    """``game`` as the first format saved it: the table's set-up as JSON text in an option."""
    doc = json.loads(dump_game(game))
    del doc["table"]
    doc["schema"] = 1
    doc["options"]["settings"] = settings
    return json.dumps(doc)


def test_a_hostile_table_set_up_inside_a_saved_match_is_refused_not_recursed() -> None:
    game = new_game()
    for hostile in (DEEP, "{" * 50, '{"seats": ', "[]", 7):  # an older release's option: dropped, not recursed
        loaded = load_game(schema_1(game, hostile))
        assert loaded.table is None and loaded.match == game.match
        assert saved_settings(loaded).seats == (Seat("Ann"), Seat("Bob"), Seat.bot("medium"))  # rebuilt
    kept = Settings(seats=SEATS, pool_size=7, rounds=2, dealer=1, speed="fast")
    assert saved_settings(load_game(schema_1(game, json.dumps(kept.to_dict())))) == kept  # a readable one carries over
    # 5.0 or true would pass `in (5, 7, 9)`; a list is no key of the speeds
    bad_tables: tuple[dict[str, object], ...] = (
        {"pool_size": 5.0}, {"rounds": True}, {"dealer": "0"}, {"speed": []}, {"speed": {"fast": 1}})
    for bad in bad_tables:
        table = {**kept.to_dict(), **bad}
        with pytest.raises(ValueError, match="not readable"):
            Settings.from_dict(table)
        resumed = saved_settings(replace(game, table=table))
        assert resumed.pool_size == game.match.pool_size and resumed.rounds == game.match.rounds
        d = ZeroTable.of(storage=FakeStorage({GAME_KEY: dump_game(replace(game, table=table))}))
        assert d.s.match == game.match and d.ports.logs == []  # the match resumes, with seats rebuilt
    deep_table = json.loads(dump_game(game))
    deep_table["table"] = {"seats": json.loads("[" * 40 + "]" * 40)}
    with pytest.raises(ValueError, match="nested more than"):
        load_game(json.dumps(deep_table))


# --- full storage never loses a match -----------------------------------------------------------------------

ONE_ROUND = Settings(seats=(Seat("Ana"), Seat.bot("easy"), Seat.bot("easy")), rounds=1, speed="fast")


def stored(storage: FakeStorage) -> Opened:
    """What a reload would find in ``storage`` (read from a copy: nothing is written)."""
    return opened(zero_store(FakeStorage(dict(storage.data))))


@pytest.mark.parametrize("spare", [0, 50, 400, 1000, 1500, 3000, None])
def test_a_finished_match_is_never_lost_however_full_the_storage(spare: int | None) -> None:
    storage = FakeStorage()
    filler = zero_store(storage)
    opened(filler)
    for seed in range(10, 13):  # some history first
        filler.add("sheet", finished(seed, "2025-06-01T12:30:00.000Z"))
    d = ZeroTable.of(with_shell(Table(seed=3), settings=ONE_ROUND), storage=storage)
    d("start")
    d.idle()
    ident = d.saved().id
    storage.quota = None if spare is None else used(storage) + spare
    d.knock_round_out()
    d.idle()
    assert d.match.is_over
    after = stored(storage)
    on_sheet = ident in after.sheet.ids()
    resumable = after.game is not None and after.game.id == ident
    assert on_sheet or resumable, "the match is neither on the sheet nor resumable"
    assert len(after.sheet.matches) >= 3  # no history lost either
    if on_sheet:
        assert after.game is None  # the finished match is not offered again
        return
    risk = d.runtime.store.at_risk()
    assert risk.items == 1 and risk.anything
    assert any(n.key == "storage.write-failed" and n.alert for n in d.s.notes)  # the players are told
    d("export-rescue")
    ((name, text, _),) = d.ports.downloads
    assert name.startswith("zero-rescue-") and ident in text
    fresh = zero_store(FakeStorage())
    opened(fresh)
    assert fresh.importing("sheet", text).run().added == 1  # the rescue file imports like a sheet
    assert after.game is not None
    if after.game.match.is_over:  # its end was saved, not the sheet: the next visit, with room, records it
        storage.quota = None
        again = ZeroTable.of(storage=storage)
        assert ident in again.s.history.ids() and ident in load_sheet(storage.data[SHEET_KEY]).ids()
        assert GAME_KEY not in storage.data  # and only then forgets it


def test_when_storage_fills_mid_match_the_player_is_told_what_is_kept_and_can_download_the_rest() -> None:
    storage = FakeStorage()
    store = zero_store(storage)
    opened(store)
    store.add("sheet", finished(9, "2025-06-01T12:30:00.000Z"))
    game = store.save("game", new_game()).value
    assert game is not None
    storage.quota = used(storage)
    game = act(game, 3)
    assert store.save("game", game).status is Status.FAILED
    risk = store.at_risk()
    assert (risk.kept_items, risk.kept_slot, risk.slot, risk.items, risk.damaged) == (1, True, True, 0, 0)
    texts = at_risk_params(risk, lambda key, **p: translate("en", key, **p))
    assert texts == {"kept": "the score sheet (finished games: 1); the game in progress, as last saved",
                     "lost": "the latest moves of the game in progress"}
    for lang in ("fr", "de"):
        params = at_risk_params(risk, lambda key, lang=lang, **p: translate(lang, key, **p))
        assert translate(lang, "storage.at-risk", **params)
    rescue = store.rescue()
    assert rescue is not None and rescue.filename.startswith("zero-rescue-")
    kept = json.loads(rescue.text)["documents"]
    assert list(kept) == ["game"] and kept["game"]["match"] == game.match.to_dict()  # exactly the latest
    assert [a[0] for a in problem_actions(Problem(Code.WRITE_FAILED))] == [Data.EXPORT_RESCUE, Data.FREE_SPACE]
    # Freeing space: the oldest history goes (after the page has offered the whole sheet), then saving works.
    assert store.put("sheet", KEEPER.trimmed(store.value("sheet"))).ok
    assert store.save("game", game).ok and store.rescue() is None and not store.at_risk().anything


def test_a_damaged_value_too_big_to_back_up_is_offered_first_and_then_replaced() -> None:
    raw = '{"schema": 1, "type": "saved-game", ' + '"x": "' + "y" * 500 + '"}'
    sheet_text = dump_sheet(finished(9, "2025-06-01T12:30:00.000Z"))
    storage = FakeStorage({GAME_KEY: raw, SHEET_KEY: sheet_text})
    storage.quota = used(storage) + 100  # no room for a copy of the damaged match
    store = zero_store(storage)
    found = opened(store)
    problem = next(p for p in found.problems if p.code is Code.BACKUP_FAILED)
    assert problem_actions(problem) == ((Data.EXPORT_RESCUE, "", "storage.export-rescue"),)
    rescue = store.rescue()
    assert rescue is not None and json.loads(rescue.text)["damaged"] == [{"key": GAME_KEY, "text": raw}]
    assert storage.data[GAME_KEY] == raw  # untouched until the player has it
    game = new_game(2)
    first = store.save("game", game)
    assert first.status is Status.FAILED and first.warn  # not silently unsaved
    assert storage.data[GAME_KEY] == raw
    store.rescued()  # the page offered the file
    storage.quota = None
    assert store.save("game", game).ok and load_game(storage.data[GAME_KEY]).id == game.id
    assert storage.data[SHEET_KEY] == sheet_text  # nothing else changed


def test_a_damaged_sheet_too_big_to_back_up_is_replaced_by_its_valid_part_once_downloaded() -> None:
    doc = json.loads((FIXTURES / "sheet_v2.json").read_text(encoding="utf-8"))
    doc["matches"][1]["rounds"][0]["scores"] = [99, 99]  # one damaged match among valid ones
    raw = json.dumps(doc)
    storage = FakeStorage({SHEET_KEY: raw})
    storage.quota = used(storage) + 50  # no room for a backup
    store = zero_store(storage)
    found = opened(store)
    assert found.keys == ["storage.backup-failed"] and len(found.sheet.matches) == 2
    record = finished(1)
    assert store.add("sheet", record).status is Status.FAILED and storage.data[SHEET_KEY] == raw
    rescue = json.loads(store.rescue().text)  # type: ignore[union-attr]
    assert rescue["damaged"] == [{"key": SHEET_KEY, "text": raw}]
    assert [m["id"] for m in rescue["documents"]["sheet"]["matches"]] == [m.id for m in record.matches]
    store.rescued()
    storage.quota = None
    assert store.retry().ok and not store.at_risk().anything
    assert load_sheet(storage.data[SHEET_KEY]).ids() == found.sheet.ids() | record.ids()


def test_a_rescue_file_of_an_earlier_release_still_imports() -> None:
    """Rescue files written before every document had its place under "documents" kept the sheet's matches
    under "finished_matches"."""
    record = finished(1)
    old = {"type": "zero-rescue", "schema": 1, "saved_at": "2025-06-01T12:00:00.000Z",
           "finished_matches": record.to_dict()}
    store = zero_store(FakeStorage())
    opened(store)
    result = store.importing("sheet", json.dumps(old, indent=1)).run()
    assert result.status is Status.SAVED and result.added == 1 and store.value("sheet") == record
