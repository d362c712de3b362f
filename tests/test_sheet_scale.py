"""Big score sheets, in both games: loading, adding, merging and importing grow linearly, and can be done in short
slices (the page reads the sheet after its first screen, a slice at a time)."""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from bench.sheet import quiz_records
from bench.sheet import records as bench_records
from tabletop import registry
from tabletop.documents import Stepper
from tabletop.store import Spec, Status, Store
from tests.harness import FakeStorage
from thousand.sheet import QuizSheet, read
from zero_game.sheet import (
    SHEET_SCHEMA,
    MatchRecord,
    ScoreSheet,
    dump_sheet,
    load_sheet,
    merge,
    read_sheet_steps,
    salvage_sheet,
)

from .samples import clock


def records(count: int, seed: int = 1) -> list[MatchRecord]:
    """``count`` finished matches with fresh ids (five short real matches, recorded again and again)."""
    return bench_records(count, seed, distinct=5, rounds=2)


SIZES = {"zero": (500, 4000), "quiz": (500, 4000)}  # a quiz sheet holds up to about 5,500 quizzes (2 MB)


def best_time(work: Callable[[], object], repeat: int = 3) -> float:
    """The shortest of ``repeat`` runs in this process's CPU time (other work on a shared machine does not count),
    without the cyclic collector (its pauses grow with everything else the test process holds, not with the
    sheet)."""
    best = float("inf")
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
    finally:
        if collecting:
            gc.enable()
    return best


def assert_linear(cost: Callable[[int], float], small: int = 500, large: int = 4000) -> None:
    """8 times the matches take well under 8² = 64 times as long (timings are noisy: a wide margin)."""
    ratio = cost(large) / max(cost(small), 1e-6)
    assert ratio < 24, f"{large} matches took {ratio:.1f} times as long as {small}"


def test_loading_a_sheet_grows_linearly() -> None:
    texts = {n: dump_sheet(ScoreSheet(tuple(records(n)))) for n in (500, 4000)}
    assert_linear(lambda n: best_time(lambda: load_sheet(texts[n])))
    assert_linear(lambda n: best_time(lambda: salvage_sheet(texts[n])))


def test_loading_a_quiz_sheet_grows_linearly() -> None:
    texts = {n: QuizSheet(tuple(quiz_records(n))).to_json() for n in SIZES["quiz"]}
    assert_linear(lambda n: best_time(lambda: QuizSheet.from_json(texts[n])), *SIZES["quiz"])
    assert_linear(lambda n: best_time(lambda: read(texts[n], salvage=True)), *SIZES["quiz"])


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


def sheet_spec(game: str) -> Spec[Any]:
    specs: dict[str, Spec[Any]] = {s.name: s for s in registry.plugin(game).docs}
    return specs["sheet" if game == "zero" else "quiz-sheet"]


def big_text(game: str, count: int, seed: int = 1) -> str:
    if game == "zero":
        return dump_sheet(ScoreSheet(tuple(records(count, seed))))
    return QuizSheet(tuple(quiz_records(count, seed))).to_json()




@pytest.mark.parametrize("game", ["zero", "quiz"])
def test_importing_into_a_store_grows_linearly_and_adds_each_match_once(game: str) -> None:
    """(Reading, merging into an empty sheet and into one holding every game already, and writing.)"""
    spec = sheet_spec(game)
    texts = {n: big_text(game, n, seed=n) for n in SIZES[game]}

    def cost(n: int) -> float:
        def work() -> None:
            store = Store(FakeStorage(), (spec,), clock=clock())
            store.load(spec.name)
            result = store.importing(spec.name, texts[n]).run()
            assert result.added == n and spec.size(store.value(spec.name)) == n
            again = store.importing(spec.name, texts[n]).run()
            assert again.added == 0 and again.duplicates == n
        return best_time(work, repeat=2)

    assert_linear(cost, *SIZES[game])


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


def test_a_quiz_sheet_is_read_in_slices_too() -> None:
    sheet = QuizSheet(tuple(quiz_records(1000)))
    reading = Stepper(sheet_spec("quiz").read(sheet.to_json(), False))
    slices = 0
    while (result := reading.step(0)) is None:  # the smallest slice: a few games
        slices += 1
    assert result == (sheet, [])
    assert slices >= 1000 // 16  # every game is checked in slices, not the whole sheet in one


@pytest.mark.parametrize("game", ["zero", "quiz"])
def test_the_sheet_can_be_read_after_start_up_in_slices(game: str) -> None:
    spec = sheet_spec(game)
    text = big_text(game, 300)
    storage = FakeStorage({spec.key: text})
    store = Store(storage, (spec,), clock=clock())
    reading = store.reading(spec.name)
    assert store.pending(spec.name) and spec.size(store.value(spec.name)) == 0
    finished = spec.read_all(big_text(game, 1, seed=99))[0]
    store.add(spec.name, finished)  # a game ends before the sheet was read: nothing is lost
    while (loaded := reading.step(0.001)) is None:
        pass
    assert loaded.problems == () and not store.pending(spec.name)
    whole = spec.merged(spec.read_all(text)[0], finished)
    assert store.value(spec.name) == whole == loaded.value
    assert spec.read_all(storage.data[spec.key])[0] == whole


@pytest.mark.parametrize("game", ["zero", "quiz"])
def test_importing_in_slices_gives_the_same_result_as_at_once(game: str) -> None:
    spec = sheet_spec(game)
    text = big_text(game, 400)
    store = Store(FakeStorage(), (spec,), clock=clock())
    store.load(spec.name)
    importing = store.importing(spec.name, text)
    steps = 0
    while (result := importing.step(0.0005)) is None:
        steps += 1
    assert steps > 1 and result.added == 400 and result.status is Status.SAVED
    at_once = Store(FakeStorage(), (spec,), clock=clock())
    at_once.load(spec.name)
    assert at_once.importing(spec.name, text).run().value == result.value


def test_a_sheet_is_written_exactly_as_json_dumps_would() -> None:
    sheet = ScoreSheet(tuple(records(20)))
    assert dump_sheet(sheet) == json.dumps(sheet.to_dict(), ensure_ascii=False, separators=(",", ":"))
    assert dump_sheet(ScoreSheet()) == f'{{"schema":{SHEET_SCHEMA},"type":"sheet","matches":[]}}'
