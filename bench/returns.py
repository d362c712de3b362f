"""Return visits, restored from the start-up snapshot, against a bare ``loadPyodide`` page's return visit, in
Chromium, Firefox and WebKit, and where a restored start's time goes.

    python bench/returns.py [--engines chromium,firefox,webkit] [--runs 3] [--before DIR]

Per engine, in one browser session: the bare page (``bench/bare/``: the vendored Pyodide's ``loadPyodide``,
one line of Python, ready) on a new origin, and the game (``?game=zero``) on another, each visited once
first (the game then makes its snapshot, assets/snapshot.mjs); then ``--runs`` return visits of each,
alternating (bare, game, bare, game, ...).  Both are served by ``serve.py`` (revalidated from the HTTP
cache; the game's files from its service worker).

Prints per engine the median ready of each (ms from navigation), the ratio (goal: the game's return visit
<= 0.4x the bare page's), and the game's restored start cut at its named moments (medians, ms from
navigation, and each step's length): the runtime's wasm asked for and its compile started (``assets/early.js``, the
start of ``tabletop:boot:wasm compiled``), the page's scripts asking for the snapshot (``tabletop:snapshot-look``), the
service worker and Cache Storage finding it (``-opened``), its bytes read (``-read``) and decoded (``-found``),
PyScript calling ``loadPyodide`` ("Loading Pyodide"), the runtime's wasm compiled (``tabletop:boot:wasm
compiled``'s end) and instantiated (``tabletop:boot:wasm download and
instantiation``'s end), the restore done (``tabletop:snapshot-restored``), PyScript's [files] fetched and written
("Loading files" to "Loaded files"), PyScript's start done ("Loaded Pyodide"), main.py started, the shell imported
and the game drawn (``tabletop:boot:*``), ready; and the first paint.  The bare page's: ``loadPyodide`` called
and done (``bare:load``, ``bare:loaded``).

``--before DIR`` serves another checkout (the code before a change) on a third origin and visits it in the same
alternation (bare, game, before, ...): its ratio to the bare page and its moments are printed beside the game's.
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
    "runtime's compile starts (early.js)": start("tabletop:boot:wasm compiled"),
    "page scripts ask for the snapshot": at("tabletop:snapshot-look"),
    "snapshot found in Cache Storage": at("tabletop:snapshot-opened"),
    "snapshot read": at("tabletop:snapshot-read"),
    "snapshot decoded": at("tabletop:snapshot-found"),
    "PyScript calls loadPyodide": t["Loading Pyodide"] ?? null,
    "runtime compiled": end("tabletop:boot:wasm compiled"),
    "runtime instantiated": end("tabletop:boot:wasm download and instantiation"),
    "interpreter restored": at("tabletop:snapshot-restored"),
    "PyScript starts on its [files]": t["Loading files"] ?? null,
    "PyScript's files written": t["Loaded files"] ?? null,
    "PyScript done (Loaded Pyodide)": t["Loaded Pyodide"] ?? null,
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
ORDER = (
    "runtime's compile starts (early.js)",
    "page scripts ask for the snapshot", "snapshot found in Cache Storage", "snapshot read", "snapshot decoded",
    "PyScript calls loadPyodide", "runtime compiled", "runtime instantiated",
    "interpreter restored", "PyScript starts on its [files]", "PyScript's files written",
    "PyScript done (Loaded Pyodide)", "main.py starts", "shell imported", "game drawn", "ready",
)


def visit(driver: Driver, url: str, what: str) -> dict[str, Any]:
    driver.goto(url)
    driver.wait(READY, timeout=LOAD_TIMEOUT_S, what=what)
    moments: dict[str, Any] = driver.call(MOMENTS)
    return moments


def measure(engine: str, runs: int, before: Path | None = None) -> dict[str, list[dict[str, Any]]] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    sites = {"bare": Site(ROOT), "game": Site(ROOT)}
    if before is not None:
        sites["before"] = Site(before)
    loads: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
    try:
        urls = {name: site.url + ("bench/bare/" if name == "bare" else "?game=zero") for name, site in sites.items()}
        for name, url in urls.items():
            visit(driver, url, f"{name}'s first visit")
            if name != "bare":
                driver.wait(snap.SETTLED, timeout=4 * LOAD_TIMEOUT_S, what="the start-up snapshot")
                made = snap.state(driver.call)[1]
                if made != "made":
                    return f"no snapshot was made for {name} ({made})"
        for index in range(runs):
            for name, url in urls.items():
                loads[name].append(visit(driver, url, f"{name}'s return visit"))
                time.sleep(0.5)
            said = ", ".join(f"{name} {loads[name][-1]['ready']:6.0f} ms"
                             f"{'' if name == 'bare' or loads[name][-1]['restored'] else ' (NOT restored)'}"
                             for name in urls)
            print(f"  {driver.version:24} run {index + 1}/{runs}: {said}", flush=True)
        loads["version"] = [{"version": driver.version}]
    finally:
        driver.quit()
        for site in sites.values():
            site.stop()
    return loads


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(engine: str, loads: dict[str, list[dict[str, Any]]] | str) -> None:
    if isinstance(loads, str):
        print(f"\n{engine}: not measured: {loads}")
        return
    version = loads["version"][0]["version"]
    games = [name for name in ("game", "before") if name in loads]
    print(f"\n{version}: return visits, medians of {len(loads['bare'])} alternating")
    load = median([b["bare: loadPyodide done"] - b["bare: loadPyodide called"] for b in loads["bare"]])
    print(f"  bare loadPyodide page ready {median([b['ready'] for b in loads['bare']]):6.0f} ms"
          f"  (loadPyodide {load:.0f} ms)")
    for game in games:
        ratios = [g["ready"] / b["ready"] for b, g in zip(loads["bare"], loads[game], strict=True)]
        print(f"  {game:6} (?game=zero) ready  {median([g['ready'] for g in loads[game]]):6.0f} ms"
              f"  restored {sum(g['restored'] for g in loads[game])}/{len(loads[game])};"
              f"  ratio (each run's ÷ bare, median): {median(ratios):.2f}  (goal <= {GOAL}: "
              f"{'met' if median(ratios) <= GOAL else 'MISSED'})")
    print("  the restored start (ms from navigation; step: since the moment before):")
    print(f"    {'':44} " + "".join(f"{game:>18}" for game in games))
    previous = dict.fromkeys(games, 0.0)
    for name in (*ORDER, "first paint"):
        cells = []
        for game in games:
            values = [g[name] for g in loads[game] if g.get(name) is not None]
            if not values:
                cells.append(f"{'–':>18}")
                continue
            at = median(values)
            cells.append(f"{at:8.0f}" + (f" (+{at - previous[game]:5.0f})" if name != "first paint" else " " * 9))
            if name != "first paint":
                previous[game] = at
        print(f"    {name:44} " + "".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout, visited in the same alternation")
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs, args.before) for engine in args.engines.split(",")}
    for engine, loads in results.items():
        report(engine, loads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
