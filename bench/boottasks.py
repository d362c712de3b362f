"""The main thread's long tasks during a cold start, named: what blocks the page while Python starts.

    python bench/boottasks.py [--runs N] [--path '?game=zero'] [--before DIR]

Loads index.html (and the bare ``loadPyodide`` page, ``bench/bare/``, alternately) in headless Chromium, each
load in a new context (nothing cached, no snapshot), and records every long task (the Long Tasks API: over
50 ms) until ready, with the page's named measures: the boot's parts (``tabletop:boot:*``: the wasm's download and
instantiation, the standard library and Python's start, the game's files, PyScript to Python ready, importing
the shell, drawing the first screen) and each module imported while it starts (``tabletop:import:*``, by
``tabletop/web/boot.py``).  For each page it prints the median total blocking time (each task's time over
50 ms, from navigation to ready, Lighthouse's TBT counts from the first paint), each long task of the last run
with the parts it overlaps, and the modules whose own import time is largest (medians over the runs).
``--before DIR`` loads another checkout's index.html in the same alternation (before/after in one run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, sync_playwright

from tabletop.web.boot import PREFIX, self_times
from tools.browser import launch_chromium, start_serve, stop_serve

BOOT = "tabletop:boot:"

# Before any page script: long tasks and the moment of ready.
RECORD = """
window.__bootTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bootTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch {}
new MutationObserver((_, observer) => {
  if (document.documentElement?.dataset.app === "ready") {
    window.__bootReady = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
"""

COLLECT = """() => ({
  ready: window.__bootReady,
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  tasks: window.__bootTasks,
  measures: performance.getEntriesByType('measure')
    .filter((m) => m.name.startsWith('tabletop:'))
    .map((m) => [m.name, m.startTime, m.startTime + m.duration]),
})"""


def load(browser: Browser, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        page.add_init_script(RECORD)
        page.goto(url)
        page.wait_for_function("() => window.__bootReady !== undefined", timeout=180_000)
        page.wait_for_timeout(300)  # the last task's entry and the import measures (published at ready)
        result: dict[str, Any] = page.evaluate(COLLECT)
        return result
    finally:
        context.close()


def blocking(run: dict[str, Any], since: float = 0.0) -> float:
    """Total blocking time from ``since`` to ready: each long task's time over 50 ms."""
    ready = float(run["ready"])
    tasks = [(s, d) for s, d in run["tasks"] if s + d > since and s < ready]
    return float(sum(max(0.0, min(s + d, ready) - max(s, since) - 50) for s, d in tasks))


def overlaps(task: tuple[float, float], measures: list[list[Any]]) -> list[tuple[str, float]]:
    start, end = task[0], task[0] + task[1]
    found = [(name, min(end, e) - max(start, s)) for name, s, e in measures]
    return sorted(((n, o) for n, o in found if o >= 5), key=lambda x: -x[1])


def imports_of(run: dict[str, Any]) -> list[tuple[str, float, float, int]]:
    """The import measures as ImportTimes records (depth from nesting), in the order they finished."""
    spans = sorted(((n[len(PREFIX):], s, e) for n, s, e in run["measures"] if n.startswith(PREFIX)),
                   key=lambda x: (x[2], -x[1]))
    records = []
    for name, s, e in spans:
        depth = sum(1 for _, s2, e2 in spans if s2 <= s and e <= e2 and (s2, e2) != (s, e))
        records.append((name, s, e, depth))
    return records


def report(name: str, runs: list[dict[str, Any]]) -> None:
    tbt = [blocking(r) for r in runs]
    tbt_paint = [blocking(r, r["paint"] or 0) for r in runs]
    ready = [r["ready"] for r in runs]
    longest = [max((d for _, d in r["tasks"]), default=0) for r in runs]
    print(f"\n{name}: ready {statistics.median(ready):.0f} ms, total blocking {statistics.median(tbt):.0f} ms "
          f"({statistics.median(tbt_paint):.0f} ms after the first paint), longest task "
          f"{statistics.median(longest):.0f} ms, long tasks {statistics.median(len(r['tasks']) for r in runs):.0f}"
          f"  (medians of {len(runs)})")
    boot = defaultdict(list)
    for r in runs:
        for n, s, e in r["measures"]:
            if n.startswith(BOOT):
                boot[n[len(BOOT):]].append(e - s)
    for part, lengths in boot.items():
        print(f"  part  {part:52} {statistics.median(lengths):7.0f} ms")
    last = runs[-1]
    top = [m for m in last["measures"] if not m[0].startswith(PREFIX)]
    top += [[n, s, e] for n, s, e, d in imports_of(last) if d == 0]
    print("  long tasks of the last run (start, length: the parts and top-level imports they overlap, ms):")
    for task in last["tasks"]:
        if task[0] > last["ready"]:
            continue
        named = ", ".join(f"{n.removeprefix('tabletop:')} {o:.0f}" for n, o in overlaps(task, top)[:5]) or "unnamed"
        print(f"    {task[0]:7.0f} {task[1]:6.0f}  {named}")
    own: dict[str, list[float]] = defaultdict(list)
    totals = []
    for r in runs:
        records = imports_of(r)
        totals.append(sum(e - s for _, s, e, d in records if d == 0))
        for module, ms in self_times(records).items():
            own[module].append(ms)
    if own:
        print(f"  imports while starting: {statistics.median(totals):.0f} ms in all (top-level imports); "
              "largest own times (median ms):")
        for module, values in sorted(own.items(), key=lambda kv: -statistics.median(kv[1]))[:15]:
            print(f"    {statistics.median(values):6.1f}  {module}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--path", default="", help="after the site's root, e.g. '?game=zero'")
    parser.add_argument("--before", type=Path, metavar="DIR", help="also load the site in DIR (a checkout)")
    args = parser.parse_args(argv)
    process, base = start_serve()
    pages = {"index.html" + args.path: base + args.path, "bare loadPyodide page": base + "bench/bare/"}
    other = None
    if args.before is not None:
        other, other_url = start_serve(args.before)
        pages[f"before ({args.before})"] = other_url + args.path
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in pages}
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for url in pages.values():  # unmeasured: the OS's file cache and Chromium warm up
                load(browser, url)
            for index in range(args.runs):
                for name, url in pages.items():
                    run = load(browser, url)
                    results[name].append(run)
                    print(f"  run {index + 1}/{args.runs} {name:32} ready {run['ready']:7.0f} ms  "
                          f"blocking {blocking(run):6.0f} ms  long tasks {len(run['tasks'])}", flush=True)
            browser.close()
    finally:
        stop_serve(process)
        if other is not None:
            stop_serve(other)
    for name, runs in results.items():
        report(name, runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
