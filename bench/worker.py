"""What a bot thinking in a Web Worker would cost: a second Pyodide's start-up, memory and speed, per engine.

    python bench/worker.py [--engines chromium,firefox,webkit] [--runs 2]

Issue 16 asks whether the expert bot could think in a Web Worker (a second interpreter beside the
page's) instead of in slices on the page's thread. ``bench/worker/`` starts the vendored Pyodide in a
module worker, writes the engine and bots into its file system, imports them and runs the search
benchmark (``zero_game.bots.bench.search_speed``, the one ``bench/botspeed.py`` runs on the page's
thread). Per engine and run, from a new origin each time (cold cache):

* the worker's start-up: Pyodide loaded, and the bots imported (ms since the worker was created);
* the bare Pyodide page on the main thread (``bench/minimal/``) in the same run, for comparison;
* the worker interpreter's memory (its WebAssembly heap) after start-up and after the search;
* its search speed (playouts per second), and the main thread's long tasks meanwhile (Chromium).

Timings on a shared machine are noisy: compare within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tables import measured, table_head
from tools.browser import ROOT
from tools.engines import LOAD_TIMEOUT_S, Driver, EngineMissing, Site, launch

MB = 1024 * 1024


def one(driver: Driver, path: str, ready: str) -> object:
    site = Site(ROOT)
    try:
        driver.goto(site.url + path)
        driver.wait("() => document.documentElement.dataset.app === 'ready' || !!document.documentElement"
                    ".dataset.error", timeout=LOAD_TIMEOUT_S * 3, what=path)
        error = driver.call("() => document.documentElement.dataset.error ?? null")
        if error:
            raise RuntimeError(f"{driver.engine}: {path}: {error}")
        return driver.call(ready)
    finally:
        site.stop()


def measure(engine: str, runs: int) -> tuple[str, dict[str, list[float]]] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    figures: dict[str, list[float]] = {}
    try:
        print(f"{engine}: {driver.version}", flush=True)
        for _ in range(runs):
            bare = one(driver, "bench/minimal/", "() => window.__zeroTimes?.ready ?? null")
            data = one(driver, "bench/worker/", "() => JSON.parse(document.documentElement.dataset.result)")
            assert isinstance(data, dict)
            speed = data["speed"]
            for key, value in (
                ("bare", bare), ("loaded", data["loaded"]), ("ready", data["ready"]),
                ("heap_loaded", data["heapLoaded"] / MB), ("heap_after", data["heapAfter"] / MB),
                ("playouts", speed["playouts_per_second"]), ("slice_max", speed["slice_ms_max"]),
                ("long_tasks", max(data["longTasks"], default=0)),
            ):
                if isinstance(value, int | float):
                    figures.setdefault(key, []).append(float(value))
            print(f"  {figures}", flush=True)
        return driver.version, figures
    finally:
        driver.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs) for engine in args.engines.split(",")}
    table_head(f"Medians of {args.runs} cold loads each.",
               ("engine", "bare Pyodide page ready (main thread)", "worker: Pyodide loaded / bots imported",
                "worker heap after start-up / after the search", "worker search speed", "main thread's longest task"))
    for engine, result in results.items():
        if not measured(engine, result):
            continue
        assert not isinstance(result, str)
        version, figures = result

        def med(key: str, figures: dict[str, list[float]] = figures) -> float:
            return statistics.median(figures.get(key) or [float("nan")])

        print(f"| {version} | {med('bare'):.0f} ms | {med('loaded'):.0f} / {med('ready'):.0f} ms "
              f"| {med('heap_loaded'):.0f} / {med('heap_after'):.0f} MB | {med('playouts'):.0f} playouts/s "
              f"| {med('long_tasks'):.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
