"""Big score sheets: loading, adding, merging and importing grow linearly, and can be done in short slices."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from tabletop.documents import Stepper
from tabletop.ids import new_id
from zero_game import Match
from zero_game.seats import Seat
from zero_game.sheet import (
    SHEET_SCHEMA,
    MatchRecord,
    ScoreSheet,
    dump_sheet,
    load_sheet,
    merge,
    read_sheet_steps,
    record_match,
    salvage_sheet,
)
from zero_game.web.storage import SHEET_KEY, Store

from .test_storage import FakeStorage, clock

SEATS = (Seat("Ann"), Seat("Bob"), Seat("Medium bot", "bot", "medium"))


def records(count: int, seed: int = 1) -> list[MatchRecord]:
    """``count`` finished matches with fresh ids (a few real matches, recorded again and again)."""
    matches = []
    for k in range(5):
        match, rng = Match.new(3, seed=k, rounds=2), random.Random(k)
        while not match.is_over:
            actions = match.legal_actions()
            match = match.apply(actions[-1] if rng.random() < 0.3 else rng.choice(actions))
        matches.append(match)
    rng = random.Random(seed)
    return [record_match(matches[i % 5], SEATS, match_id=new_id(rng), finished_at="2025-05-01T10:00:00.000Z")
            for i in range(count)]


def best_time(work: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def assert_linear(cost: Callable[[int], float], small: int = 500, large: int = 4000) -> None:
    """8 times the matches take well under 8² = 64 times as long (timings are noisy: a wide margin)."""
    ratio = cost(large) / max(cost(small), 1e-6)
    assert ratio < 24, f"{large} matches took {ratio:.1f} times as long as {small}"


def test_loading_a_sheet_grows_linearly() -> None:
    texts = {n: dump_sheet(ScoreSheet(tuple(records(n)))) for n in (500, 4000)}
    assert_linear(lambda n: best_time(lambda: load_sheet(texts[n])))
    assert_linear(lambda n: best_time(lambda: salvage_sheet(texts[n])))


def test_adding_one_by_one_and_merging_grow_linearly() -> None:
    pools = {n: records(n) for n in (500, 4000)}

    def add_all(n: int) -> float:
        def work() -> None:
            sheet = ScoreSheet()
            for record in pools[n][:200]:  # a few adds onto a big sheet: each is O(size), not O(size²)
                sheet = sheet.add(record)
            big = ScoreSheet(tuple(pools[n]))
            merge(big, ScoreSheet(tuple(pools[n][::-1])))
            merge(ScoreSheet(), big)
        return best_time(work)

    assert_linear(add_all)


def test_importing_into_a_store_grows_linearly_and_adds_each_match_once() -> None:
    texts = {n: dump_sheet(ScoreSheet(tuple(records(n, seed=n)))) for n in (500, 4000)}

    def cost(n: int) -> float:
        def work() -> None:
            store = Store(FakeStorage(), clock=clock())
            store.load()
            result = store.import_json(texts[n])
            assert result.added == n and len(store.sheet.matches) == n
            again = store.import_json(texts[n])
            assert again.added == 0 and again.duplicates == n
        return best_time(work, repeat=2)

    assert_linear(cost)


def test_reading_in_slices_gives_the_same_sheet_and_no_slice_runs_long() -> None:
    sheet = ScoreSheet(tuple(records(3000)))
    text = dump_sheet(sheet)
    reading = Stepper(read_sheet_steps(text, salvage=False))
    counts = []
    while (result := reading.step(0)) is None:  # a budget of 0: the smallest slice, a few matches
        counts.append(reading.count)
    assert result == (sheet, [])
    steps = [b - a for a, b in zip([0, *counts], counts, strict=False)]
    assert len(steps) >= 3000 * 2 // 16 and max(steps) == 16  # every match is decoded, then checked, in slices


def test_the_sheet_can_be_read_after_start_up_in_slices() -> None:
    sheet = ScoreSheet(tuple(records(300)))
    storage = FakeStorage({SHEET_KEY: dump_sheet(sheet)})
    store = Store(storage, clock=clock())
    loaded = store.load(read_sheet=False)
    assert loaded.sheet.matches == () and store.sheet_pending
    finished = records(1, seed=99)[0]
    store.record_finished(finished)  # a match ends before the sheet was read: nothing is lost
    reading = store.sheet_reading()
    while (problems := reading.step(0.001)) is None:
        pass
    assert problems == () and not store.sheet_pending
    assert store.sheet.ids() == sheet.ids() | {finished.id}
    assert load_sheet(storage.data[SHEET_KEY]).ids() == store.sheet.ids()


def test_importing_in_slices_gives_the_same_result_as_at_once() -> None:
    text = dump_sheet(ScoreSheet(tuple(records(400))))
    store = Store(FakeStorage(), clock=clock())
    store.load()
    importing = store.importing(text)
    steps = 0
    while (result := importing.step(0.0005)) is None:
        steps += 1
    assert steps > 1 and result.added == 400 and result.status == "saved"


def test_a_sheet_is_written_exactly_as_json_dumps_would() -> None:
    sheet = ScoreSheet(tuple(records(20)))
    assert dump_sheet(sheet) == json.dumps(sheet.to_dict(), ensure_ascii=False, separators=(",", ":"))
    assert dump_sheet(ScoreSheet()) == f'{{"schema":{SHEET_SCHEMA},"type":"sheet","matches":[]}}'
