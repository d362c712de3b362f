"""Score-sheet benchmark: the cost of big sheets, which must grow linearly with the number of matches.

    python bench/sheet.py [--max 100000]            # CPython: load, import, add, slices (Zero's sheet)
    python bench/sheet.py --game quiz [--max 5000]  # the same for the quiz's sheet (at most 2 MB: ~5,500 quizzes)
    python bench/sheet.py --browser [--matches N]   # Chromium: start-up with a big stored sheet vs an empty one

The CPython part prints, per sheet size from 1,000 up to ``--max`` matches: reading the text at once
(the sheet spec's ``read_all``), importing it into an empty store at once (``Store.importing(...).run()``:
read, merge, write), adding one more match to it (``Store.add``), and the same import done the page's way, in
slices (``Store.importing(...).step(0.02)`` until done: total time and the longest slice). Times are the
process's CPU time, so that other work on the machine does not bend the curve.
The µs-per-match columns stay flat when the cost is linear.

The browser part stores a sheet of ``--matches`` matches (default 8,000, about 3.5 MB: what fits in
localStorage), then loads ``index.html`` ``--runs`` times with it and with an empty sheet, alternately,
and prints the median time to ``data-app="ready"`` for each, their ratio (goal: within 10%), the time
until the sheet has been read in slices after the start (``data-sheet="ready"``), and then, importing
the same sheet as a file into an empty one, how long that takes and the long tasks (> 50 ms) meanwhile.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop.ids import new_id
from tabletop.store import Spec, Store
from thousand.sheet import QuizRecord, QuizSheet, TeamRecord
from thousand.web.saved import docs as quiz_docs
from zero_game import Match
from zero_game.seats import Seat
from zero_game.sheet import MatchRecord, ScoreSheet, dump_sheet, record_match
from zero_game.web.keeper import SHEET_KEY
from zero_game.web.keeper import docs as zero_docs

# Runs before any page script: when <html> gets data-app="ready" and data-sheet="ready", and every
# long task (> 50 ms of the main thread without a break) from then on.
RECORD = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  const data = document.documentElement?.dataset ?? {};
  if (data.app === "ready" && window.__readyAt === undefined) window.__readyAt = performance.now();
  if (data.sheet === "ready" && window.__sheetAt === undefined) window.__sheetAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app", "data-sheet"] });
"""
def clock() -> float:
    """This process's CPU time: other work on the machine does not skew the curve (the page has the CPU
    to itself; there wall time is CPU time)."""
    return time.process_time()


SIZES = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000)
SEATS = (Seat("Ann"), Seat("Bob"), Seat("Medium bot", "bot", "medium"))


class Memory:
    """A localStorage stand-in without a quota."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, index: int) -> str | None:
        return list(self.data)[index] if index < len(self.data) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


def records(count: int, seed: int = 1, *, distinct: int = 10, rounds: int | None = None) -> list[MatchRecord]:
    """``count`` finished 3-seat matches with fresh ids: ``distinct`` real matches (of ``rounds`` rounds),
    recorded again and again."""
    played = []
    for k in range(distinct):
        match, rng = Match.new(3, seed=k, rounds=rounds), random.Random(k)
        while not match.is_over:
            actions = match.legal_actions()
            match = match.apply(actions[-1] if rng.random() < 0.3 else rng.choice(actions))
        played.append(match)
    rng = random.Random(seed)
    return [record_match(played[i % distinct], SEATS, match_id=new_id(rng), finished_at="2025-05-01T10:00:00.000Z")
            for i in range(count)]


TEAMS = (TeamRecord("Ann", "people", ("Ann", "Bo")), TeamRecord("", "medium"), TeamRecord("Cy", "people", ("Cy",)))


def quiz_records(count: int, seed: int = 1) -> list[QuizRecord]:
    """``count`` finished quizzes of three teams with fresh ids."""
    rng = random.Random(seed)
    return [QuizRecord(new_id(rng), f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T20:{i % 60:02d}:00.000Z", TEAMS,
                       (i % 3,), "deck", 6, tuple(tuple(rng.randrange(400) for _ in range(6)) for _ in TEAMS))
            for i in range(count)]


def sheet_of(game: str, items: list[Any]) -> Any:
    return ScoreSheet(tuple(items)) if game == "zero" else QuizSheet(tuple(items))


def cpython(largest: int, game: str) -> None:
    spec: Spec[Any] = next(s for s in (zero_docs() if game == "zero" else quiz_docs()) if s.shape == "ledger")
    make = records if game == "zero" else quiz_records
    print(f"{game}'s score sheet ({spec.key})")
    print(f"{'matches':>8} {'MB':>6} {'load s':>7} {'µs/m':>6} {'import s':>9} {'µs/m':>6} "
          f"{'add 1 ms':>9} {'sliced s':>9} {'µs/m':>6} {'longest ms':>13}")
    all_records = make(largest)
    for size in sorted({s for s in SIZES if s <= largest} | {largest}):
        text = spec.dump_all(sheet_of(game, all_records[:size]))
        start = clock()
        spec.read_all(text)
        load = clock() - start
        store = Store(Memory(), (spec,))
        store.load(spec.name)
        start = clock()
        result = store.importing(spec.name, text).run()
        imported = clock() - start
        assert result.added == size, result
        start = clock()
        store.add(spec.name, sheet_of(game, make(1, seed=size + 7)))
        add = clock() - start
        sliced = Store(Memory(), (spec,))
        sliced.load(spec.name)
        importing, longest, began = sliced.importing(spec.name, text), 0.0, clock()
        while True:
            start = clock()
            done = importing.step(0.02)
            longest = max(longest, clock() - start)
            if done is not None:
                break
        in_slices = clock() - began
        print(f"{size:>8} {len(text) / 1e6:>6.1f} {load:>7.2f} {load / size * 1e6:>6.0f} {imported:>9.2f} "
              f"{imported / size * 1e6:>6.0f} {add * 1e3:>9.1f} {in_slices:>9.2f} {in_slices / size * 1e6:>6.0f} "
              f"{longest * 1e3:>13.1f}", flush=True)


def browser(matches: int, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    from tools.browser import launch_chromium, start_serve, stop_serve

    text = dump_sheet(ScoreSheet(tuple(records(matches))))
    print(f"stored sheet: {matches} matches, {len(text) / 1e6:.1f} MB")
    process, url = start_serve()
    try:
        with sync_playwright() as playwright:
            chromium = launch_chromium(playwright)
            context = chromium.new_context()
            context.add_init_script(RECORD)
            page = context.new_page()
            page.goto(url + "?speed=fast&game=zero")
            page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=120_000)
            samples: dict[str, list[float]] = {"empty": [], "big": []}
            sheet_ready: list[float] = []
            for _ in range(runs):
                for name, value in (("empty", None), ("big", text)):
                    page.evaluate("([k, v]) => v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)",
                                  [SHEET_KEY, value])
                    page.reload()
                    page.wait_for_function("() => document.documentElement.dataset.app === 'ready'",
                                           timeout=120_000)
                    samples[name].append(page.evaluate("() => window.__readyAt"))
                    if name == "big":
                        page.wait_for_function("() => window.__sheetAt !== undefined", timeout=300_000)
                        sheet_ready.append(page.evaluate("() => window.__sheetAt"))
            # An import of the same sheet into an empty one: the longest main-thread task while it runs.
            page.evaluate("(k) => localStorage.removeItem(k)", SHEET_KEY)
            page.reload()
            page.wait_for_function("() => window.__sheetAt !== undefined", timeout=120_000)
            file = Path(tempfile.mkdtemp()) / "sheet.json"
            file.write_text(text, encoding="utf-8")
            page.evaluate("() => { window.__longTasks = []; }")
            started = page.evaluate("() => performance.now()")
            page.locator("[data-field=import-file]").set_input_files(file)
            page.locator("[data-notice='storage.imported']").wait_for(timeout=600_000)
            imported = page.evaluate("() => performance.now()") - started
            tasks = page.evaluate("() => window.__longTasks")
            chromium.close()
    finally:
        stop_serve(process)
    empty, big = statistics.median(samples["empty"]), statistics.median(samples["big"])
    print(f"ready, empty sheet: {empty:7.0f} ms (median of {runs})")
    print(f"ready, big sheet:   {big:7.0f} ms   ratio {big / empty:.2f} (goal <= 1.10)")
    print(f"sheet read in slices by {statistics.median(sheet_ready):7.0f} ms after navigation")
    longest = max((duration for _, duration in tasks), default=0.0)
    print(f"import of the {matches} matches: {imported:7.0f} ms; long tasks (> 50 ms) meanwhile: {len(tasks)}, "
          f"longest {longest:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=None, help="largest sheet for the CPython curve "
                        "(default: 100,000 matches of Zero, 5,000 quizzes)")
    parser.add_argument("--game", choices=("zero", "quiz"), default="zero", help="whose sheet (CPython part)")
    parser.add_argument("--browser", action="store_true", help="measure start-up in Chromium instead")
    parser.add_argument("--matches", type=int, default=8_000, help="matches in the stored sheet (--browser)")
    parser.add_argument("--runs", type=int, default=5, help="page loads per case (--browser)")
    args = parser.parse_args(argv)
    if args.browser:
        browser(args.matches, args.runs)
    else:
        cpython(args.max or (100_000 if args.game == "zero" else 5_000), args.game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
