"""The bots' search speed in the page's Pyodide against CPython: the ratio that maps page budgets to caps.

    python bench/botspeed.py [--runs 2]

Serves the repository with ``serve.py`` and opens ``bench/botspeed/`` in headless Chromium: the page
runs ``zero_game.bots.bench.search_speed`` (the hard bot's search over fixed positions, a fixed number
of playouts each, in 15 ms slices) in the vendored Pyodide. The same call then runs here in CPython.
Prints both speeds, the slice lengths, and the ratio; with it, the page's time budget for a searching
level becomes a playout cap (``budget × Pyodide playouts/s``) that the tournament plays at.
Runs alternate (Pyodide, CPython, ...) so load on a shared machine hits both alike; read the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tools.browser import launch_chromium, start_serve, stop_serve
from zero_game.bots.bench import search_speed
from zero_game.bots.hard import DEFAULT_TIME_BUDGET, EXPERT_TIME_BUDGET


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="runs of each interpreter")
    args = parser.parse_args()
    server, url = start_serve()
    pyodide: list[dict[str, float]] = []
    cpython: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            for _ in range(args.runs):
                page = browser.new_page()
                page.goto(url + "bench/botspeed/")
                page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=600_000)
                pyodide.append(json.loads(page.evaluate("() => document.documentElement.dataset.result")))
                page.close()
                cpython.append(search_speed())
            browser.close()
    finally:
        stop_serve(server)
    for name, runs in (("Pyodide", pyodide), ("CPython", cpython)):
        speeds = ", ".join(f"{r['playouts_per_second']:.0f}" for r in runs)
        print(
            f"{name:<8} playouts/s: {speeds} (median {statistics.median(r['playouts_per_second'] for r in runs):.0f});"
            f" 15 ms slices: p50 {statistics.median(r['slice_ms_p50'] for r in runs):.1f} ms,"
            f" max {max(r['slice_ms_max'] for r in runs):.1f} ms"
        )
    fast = statistics.median(r["playouts_per_second"] for r in cpython)
    slow = statistics.median(r["playouts_per_second"] for r in pyodide)
    print(f"CPython/Pyodide speed ratio: {fast / slow:.2f}")
    for level, budget in (("hard", DEFAULT_TIME_BUDGET), ("expert", EXPERT_TIME_BUDGET)):
        print(f"  {level}: {budget} s of work in the page = about {budget * slow:.0f} playouts"
              f" = {budget * slow / fast:.2f} s of CPython work")
    return 0


if __name__ == "__main__":
    sys.exit(main())
