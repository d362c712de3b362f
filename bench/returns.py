"""Return visits, restored from the start-up snapshot, against a bare ``loadPyodide`` page's return visit, in
Chromium, Firefox and WebKit, and where a restored start's time goes.

    python bench/returns.py [--engines chromium,firefox,webkit] [--runs 3]

Per engine, in one browser session: the bare page (``bench/bare/``: the vendored Pyodide's ``loadPyodide``,
one line of Python, ready) on a new origin, and the game (``?game=zero``) on another, each visited once
first (the game then makes its snapshot, assets/snapshot.mjs); then ``--runs`` return visits of each,
alternating (bare, game, bare, game, ...).  Both are served by ``serve.py`` (revalidated from the HTTP
cache; the game's files from its service worker).

Prints per engine the median ready of each (ms from navigation), the ratio (goal: the game's return visit
<= 0.4x the bare page's), and the game's restored start cut at its named moments (medians, ms from
navigation, and each step's length): the page's scripts asking for the snapshot (``tabletop:snapshot-look``), the
service worker and Cache Storage finding it (``-opened``), its bytes read (``-read``) and decoded (``-found``),
PyScript calling ``loadPyodide`` ("Loading Pyodide"), the runtime instantiated (``tabletop:boot:wasm download and
instantiation``'s end), the restore done (``tabletop:snapshot-restored``), PyScript's [files] fetched and written
("Loaded files"), main.py started, the shell imported and the game drawn (``tabletop:boot:*``), ready; and the first
paint.  The bare page's: ``loadPyodide`` called and done (``bare:load``, ``bare:loaded``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import snapshot_hooks as snap
from tools.browser import ROOT
from tools.engines import LOAD_TIMEOUT_S, Driver, EngineMissing, Site, launch

GOAL = 0.4
READY = "() => window.__zeroTimes?.ready !== undefined"

# The moments of a start, ms from navigation (null where this start has none).
MOMENTS = """() => {
  const t = window.__zeroTimes ?? {};
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const end = (name) => {
    const m = performance.getEntriesByName(name)[0];
    return m ? m.startTime + m.duration : null;
  };
  const start = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return {
    "first paint": at("first-contentful-paint"),
    "page scripts ask for the snapshot": at("tabletop:snapshot-look"),
    "snapshot found in Cache Storage": at("tabletop:snapshot-opened"),
    "snapshot read": at("tabletop:snapshot-read"),
    "snapshot decoded": at("tabletop:snapshot-found"),
    "PyScript calls loadPyodide": t["Loading Pyodide"] ?? null,
    "runtime instantiated": end("tabletop:boot:wasm download and instantiation"),
    "interpreter restored": at("tabletop:snapshot-restored"),
    "loadPyodide done": t["Loaded Pyodide"] ?? null,
    "PyScript's files written": t["Loaded files"] ?? null,
    "main.py starts": start("tabletop:boot:refresh and import the shell"),
    "shell imported": end("tabletop:boot:refresh and import the shell"),
    "game drawn": end("tabletop:boot:first screen or game drawn"),
    "bare: loadPyodide called": at("bare:load"),
    "bare: loadPyodide done": at("bare:loaded"),
    "ready": t.ready ?? null,
    "restored": document.documentElement.dataset.snapshot === "restored",
  };
}"""


# The moments in the order a start passes them (a WebDriver answer's object keys come in any order).
ORDER = ("page scripts ask for the snapshot", "snapshot found in Cache Storage", "snapshot read", "snapshot decoded",
         "PyScript calls loadPyodide", "runtime instantiated", "interpreter restored", "loadPyodide done",
         "PyScript's files written", "main.py starts", "shell imported", "game drawn", "ready")


def visit(driver: Driver, url: str, what: str) -> dict[str, Any]:
    driver.goto(url)
    driver.wait(READY, timeout=LOAD_TIMEOUT_S, what=what)
    moments: dict[str, Any] = driver.call(MOMENTS)
    return moments


def measure(engine: str, runs: int) -> dict[str, list[dict[str, Any]]] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    bare_site, game_site = Site(ROOT), Site(ROOT)
    loads: dict[str, list[dict[str, Any]]] = {"bare": [], "game": []}
    try:
        bare = bare_site.url + "bench/bare/"
        game = game_site.url + "?game=zero"
        visit(driver, bare, "the bare page's first visit")
        visit(driver, game, "the game's first visit")
        driver.wait(snap.SETTLED, timeout=4 * LOAD_TIMEOUT_S, what="the start-up snapshot")
        made = snap.state(driver.call)[1]
        if made != "made":
            return f"no snapshot was made ({made})"
        for index in range(runs):
            for name, url in (("bare", bare), ("game", game)):
                loads[name].append(visit(driver, url, f"{name}'s return visit"))
                time.sleep(0.5)
            restored = loads["game"][-1]["restored"]
            print(f"  {driver.version:24} run {index + 1}/{runs}: bare {loads['bare'][-1]['ready']:6.0f} ms, "
                  f"game {loads['game'][-1]['ready']:6.0f} ms{'' if restored else ' (NOT restored)'}", flush=True)
        loads["version"] = [{"version": driver.version}]
    finally:
        driver.quit()
        bare_site.stop()
        game_site.stop()
    return loads


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(engine: str, loads: dict[str, list[dict[str, Any]]] | str) -> None:
    if isinstance(loads, str):
        print(f"\n{engine}: not measured: {loads}")
        return
    version = loads["version"][0]["version"]
    ratios = [g["ready"] / b["ready"] for b, g in zip(loads["bare"], loads["game"], strict=True)]
    print(f"\n{version}: return visits, medians of {len(ratios)} alternating")
    load = median([b["bare: loadPyodide done"] - b["bare: loadPyodide called"] for b in loads["bare"]])
    print(f"  bare loadPyodide page ready {median([b['ready'] for b in loads['bare']]):6.0f} ms"
          f"  (loadPyodide {load:.0f} ms)")
    print(f"  the game (?game=zero) ready  {median([g['ready'] for g in loads['game']]):6.0f} ms"
          f"  restored {sum(g['restored'] for g in loads['game'])}/{len(loads['game'])}")
    print(f"  ratio (each run's game ÷ bare, median): {median(ratios):.2f}  (goal <= {GOAL}: "
          f"{'met' if median(ratios) <= GOAL else 'MISSED'})")
    print("  the game's restored start (ms from navigation; step: since the moment before):")
    previous = 0.0
    for name in ORDER:
        values = [g[name] for g in loads["game"] if g.get(name) is not None]
        if not values:
            continue
        at = median(values)
        print(f"    {name:34} {at:7.0f}   +{at - previous:6.0f}")
        previous = at
    paint = [g["first paint"] for g in loads["game"] if g.get("first paint") is not None]
    print(f"    {'first paint':34} {median(paint):7.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs) for engine in args.engines.split(",")}
    for engine, loads in results.items():
        report(engine, loads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
