"""Start-up benchmark: our index.html against a minimal PyScript page and a bare ``loadPyodide`` page
(``bench/bare/``) on the same runtime, loaded alternately in one run.

    python bench/startup.py [--runs N] [--warm] [--before DIR]

Serves the repository with ``serve.py``, then loads ``bench/minimal/`` (the baseline: the
smallest PyScript page on the vendored Pyodide) and ``index.html`` alternately, N times each,
in headless Chromium.  Each load gets a new browser context (cold HTTP cache) unless ``--warm``.
For both pages it prints the median time from navigation start to first contentful paint and to
ready (``<html data-app="ready">``, recorded by a MutationObserver installed before any page
script runs, identically for both), and the ratio of our ready time to the baseline's.

With ``--before DIR`` it also serves another checkout (say, the Zero-only page before the quiz
came) and loads its index.html in the same alternation, printing our page's ready time against it,
both on the first screen (the choice of game) and opened on Zero (``?game=zero``).

Goals (printed, not asserted — timings here are noisy): ready <= 1.15x the baseline's in the
same run, and the shell's first paint <= 300 ms after navigation.

These are first visits (and, with ``--warm``, return visits *without* the start-up snapshot: each page
is closed as soon as it is ready, before its worker has made one).  Return visits with the snapshot,
its size, the time to make it and its memory are measured in every engine by ``bench/engines.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tools.browser import launch_chromium, start_serve, stop_serve

PAGES = {"bare": "bench/bare/", "baseline": "bench/minimal/", "zero": ""}
BEFORE_GOAL = 1.05  # ready within 5% of the page before the quiz
READY_RATIO_GOAL = 1.15
BARE_RATIO_GOAL = 1.10  # first visit ready <= 1.10x a bare loadPyodide page
FIRST_PAINT_GOAL_MS = 300.0

# Runs before any page script: timestamp data-app="ready" the same way on both pages.
# (The <html> element may not exist yet, so observe the document's whole subtree.)
RECORD_READY = """
new MutationObserver((_, observer) => {
  if (document.documentElement?.dataset.app === "ready") {
    window.__benchReadyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
"""


@dataclass
class Samples:
    first_paint: list[float] = field(default_factory=list)
    ready: list[float] = field(default_factory=list)


def load_once(
    browser: Browser, url: str, *, keep_context: BrowserContext | None = None
) -> tuple[float, float]:
    """Open ``url`` once; return (first contentful paint, ready) in ms since navigation start."""
    context = keep_context or browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        page.add_init_script(RECORD_READY)
        page.goto(url)
        page.wait_for_function("() => window.__benchReadyAt !== undefined", timeout=120_000)
        first_paint, ready = page.evaluate(
            """() => [
                performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
                window.__benchReadyAt,
            ]"""
        )
        return float(first_paint), float(ready)
    finally:
        page.close()
        if keep_context is None:
            context.close()


def run(runs: int, warm: bool, before: Path | None = None) -> dict[str, Samples]:
    process, base_url = start_serve()
    urls = {name: base_url + path for name, path in PAGES.items()}
    other = None
    if before is not None:
        other, other_url = start_serve(before)
        urls.update({"on-zero": base_url + "?game=zero", "before": other_url})
    results = {name: Samples() for name in urls}
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            contexts = (
                {
                    name: browser.new_context(viewport={"width": 1024, "height": 768})
                    for name in urls
                }
                if warm
                else {}
            )
            # One unmeasured load of each first: the OS file cache and Chromium warm up.
            for name, url in urls.items():
                load_once(browser, url, keep_context=contexts.get(name))
            for index in range(runs):
                for name, url in urls.items():
                    paint, ready = load_once(browser, url, keep_context=contexts.get(name))
                    results[name].first_paint.append(paint)
                    results[name].ready.append(ready)
                    print(
                        f"  run {index + 1:2}/{runs} {name:8}  first paint {paint:7.0f} ms"
                        f"   ready {ready:7.0f} ms",
                        flush=True,
                    )
            browser.close()
    finally:
        stop_serve(process)
        if other is not None:
            stop_serve(other)
    return results


def report(results: dict[str, Samples], runs: int, warm: bool) -> None:
    medians = {
        name: (statistics.median(s.first_paint), statistics.median(s.ready))
        for name, s in results.items()
    }
    print(f"\nMedians over {runs} alternating loads each ({'warm' if warm else 'cold'} cache):")
    print(f"  {'page':10} {'first paint':>12} {'ready':>10}")
    for name, (paint, ready) in medians.items():
        label = {"bare": "loadPyodide",
                 "baseline": "minimal", "zero": "index.html", "on-zero": "?game=zero", "before": "before"}[name]
        print(f"  {label:10} {paint:9.0f} ms {ready:7.0f} ms")
    ratio = medians["zero"][1] / medians["baseline"][1]
    bare = medians["zero"][1] / medians["bare"][1]
    print(f"\n  ready ratio (index.html / bare loadPyodide page): {bare:.3f}  (goal <= {BARE_RATIO_GOAL})")
    print(f"  the first screen (index.html's first paint, its buttons in the HTML) / bare page's ready: "
          f"{medians['zero'][0] / medians['bare'][1]:.3f}")
    paint = medians["zero"][0]
    print(
        f"\n  ready ratio (index.html / minimal): {ratio:.3f}  "
        f"(goal <= {READY_RATIO_GOAL}: {'met' if ratio <= READY_RATIO_GOAL else 'MISSED'})"
    )
    print(
        f"  index.html first paint: {paint:.0f} ms  "
        f"(goal <= {FIRST_PAINT_GOAL_MS:.0f} ms: "
        f"{'met' if paint <= FIRST_PAINT_GOAL_MS else 'MISSED'})"
    )


    if "before" in medians:
        for name, label in (("zero", "first screen"), ("on-zero", "on Zero")):
            ratio = medians[name][1] / medians["before"][1]
            verdict = "met" if ratio <= BEFORE_GOAL else "MISSED"
            print(f"  ready ratio ({label} / before): {ratio:.3f}  (goal <= {BEFORE_GOAL}: {verdict})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare start-up of index.html and a minimal page."
    )
    parser.add_argument("--runs", type=int, default=7, help="loads of each page (default 7)")
    parser.add_argument(
        "--warm", action="store_true", help="reuse one context per page (HTTP cache)"
    )
    parser.add_argument("--before", type=Path, metavar="DIR", help="also load the site in DIR (a checkout)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    print(f"Start-up benchmark: {args.runs} alternating loads of each page", flush=True)
    report(run(args.runs, args.warm, args.before), args.runs, args.warm)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
