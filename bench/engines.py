"""Figures per browser engine: start-up against a bare Pyodide page, with and without the start-up snapshot,
the hard bot's speed and slices, taps.

    python bench/engines.py [--engines firefox,webkit,chromium] [--runs 3] [--turns 8] [--level hard|expert]
                            [--before DIR]

For each engine (through tools/engines.py, as the engine tests drive them):

* **start-up**, ``--runs`` rounds, each from new origins (empty caches and storage), in this order:
  ``bench/minimal/`` (the smallest PyScript page on the vendored Pyodide: the bare page) on a first visit
  and again (a return visit: the browser's HTTP cache); with ``--before DIR``, another checkout's page
  (say, main before the snapshot) on a first and a return visit; then the game (``?game=zero``) on a
  first visit, after which it makes its start-up snapshot (assets/snapshot.mjs: its size, the time to
  make it, and the browser's memory meanwhile), a return visit with the snapshot, the quiz opened from
  the first screen, then a return visit without one (deleted, and not to be made again) and the quiz
  again.  Medians of ready (ms from navigation; also the runtime's downloads done and PyScript's "Loaded
  Pyodide" on first visits), and ratios to the bare page in the same run.  Memory is the proportional set
  size of the browser's processes (everything this script started, less Xvfb), after each start and at
  its peak while the snapshot is made.  The quiz's opening: the time from the tap to its set-up, the
  longest frame meanwhile, and (Chromium: the only engine with the Long Tasks API) its long tasks;
* **the searching bot** (``--level``, hard by default): the one person knocks while two such bots play
  ``--turns`` turns; per turn, the
  wall time, and what the page itself records when the bot has decided (the ``tabletop:bot-decided``
  mark's detail): its work in milliseconds, its longest slice (the longest task its thinking holds
  the page for, the search's start included) and its playouts.  Iterations per second are the
  playouts over the work, so they are exact in every engine;
* **tap to visible response**: a tap on a hand card until the DOM changed (the game's own work) and until
  the next frame after that (when the browser can show it).

Prints one table.  Timings on a shared machine are noisy: compare engines within one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tables import measured, table_head
from tabletop.prefs import PREFS_KEY
from tools.browser import ROOT
from tools.engines import LOAD_TIMEOUT_S, Driver, EngineMissing, Site, launch
from zero_game.bots.hard import DEFAULT_TIME_BUDGET, EXPERT_TIME_BUDGET

BUDGET_MS = {"hard": DEFAULT_TIME_BUDGET * 1000, "expert": EXPERT_TIME_BUDGET * 1000}

TIMES = """() => {
  const t = window.__zeroTimes ?? {};
  const ends = performance.getEntriesByType('resource')
    .filter(e => /pyodide\\.asm\\.wasm|python_stdlib\\.zip|pyodide\\.asm\\.mjs/.test(e.name))
    .map(e => e.responseEnd);
  return {downloads: ends.length ? Math.max(...ends) : null, pyodide: t['Loaded Pyodide'] ?? null,
          ready: t.ready ?? null};
}"""

# Per bot turn: its wall time, and the page's own record of its thinking (see app.play_bot).  (A timer-chain
# probe was tried first: in Chromium the bot's slices run back to back between two of its callbacks, so
# its gaps of 120-170 ms were several 15 ms slices, not one task.)
THINKING = """() => {
  const starts = performance.getEntriesByName('tabletop:bot-think').map(e => e.startTime);
  const ends = performance.getEntriesByName('tabletop:bot-decided');
  return starts.slice(0, ends.length).map((s, i) => ({wall: ends[i].startTime - s, ...(ends[i].detail ?? {})}));
}"""

TAP = """async (n) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const card = document.querySelectorAll('[data-zone=hand] [data-card]')[i % 9];
    const t0 = performance.now();
    let changed = null;
    const painted = new Promise(resolve => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        changed = performance.now();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      mo.observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
    });
    card.click();
    const done = await painted;
    times.push([changed - t0, done - t0]);
    await new Promise(r => setTimeout(r, 30));
  }
  return times;
}"""


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


READY = "() => window.__zeroTimes?.ready !== undefined"
# The page's long tasks (Chromium: the only engine with the Long Tasks API), from now on; then those from
# the moment the snapshot's making began (null where the API is missing).
WATCH_LONG_TASKS = """() => {
  window.__benchLong = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLong.push([e.startTime, e.duration]);
    }).observe({type: 'longtask'});
  } catch { window.__benchLong = null; }
}"""
LONG_TASKS_WHILE_MAKING = """() => {
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return null;
  const made = performance.getEntriesByName('tabletop:snapshot-made')[0];
  const began = made.startTime - made.detail.ms;
  return window.__benchLong.filter(([start, duration]) => start + duration > began).map(([, d]) => d);
}"""
CHOOSE_NOTHING = f"() => localStorage.removeItem('{PREFS_KEY}')"  # the last game chosen, with the prefs
# Tap the quiz on the first screen; until its set-up shows: the time, the longest frame, the long tasks.
OPEN_QUIZ = """async () => {
  const tasks = [];
  try {
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({type: 'longtask'});
  } catch { /* no Long Tasks API (Firefox, WebKit) */ }
  let last = performance.now(), longest = 0, open = true;
  const frame = (now) => {
    longest = Math.max(longest, now - last);
    last = now;
    if (open) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const t0 = performance.now();
  document.querySelector("[data-action='open-game'][data-arg='quiz']").click();
  await new Promise((resolve) => {
    const check = () => (document.body.dataset.game === 'quiz' && document.querySelector('[data-action=start]')
      ? resolve() : setTimeout(check, 5));
    check();
  });
  const ms = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  open = false;
  return {ms, longestFrame: longest, longTasks: "PerformanceObserver" in window
    && PerformanceObserver.supportedEntryTypes.includes('longtask') ? tasks : null};
}"""


def tree_pss_mb() -> float:
    """Proportional set size (MB) of this process's descendants but Xvfb: the browser, its driver, its helpers."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
            parents[int(entry.name)], names[int(entry.name)] = int(rest[1]), name
    mine, grew = {os.getpid()}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in mine} - mine
        grew, mine = bool(more), mine | more
    total = 0
    for pid in mine - {os.getpid()}:
        if names.get(pid, "").startswith("Xvfb"):
            continue
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


class MemoryPeak:
    """The highest :func:`tree_pss_mb` seen while in use (sampled every 0.2 s)."""

    def __enter__(self) -> MemoryPeak:
        self.peak = tree_pss_mb()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.watch, daemon=True)
        self.thread.start()
        return self

    def watch(self) -> None:
        while not self.done.wait(0.2):
            self.peak = max(self.peak, tree_pss_mb())

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()


def load(driver: Driver, url: str, what: str) -> dict[str, float]:
    """Open ``url`` and wait until it is ready: its start-up times (ms from navigation) and the memory after."""
    driver.goto(url)
    driver.wait(READY, timeout=LOAD_TIMEOUT_S, what=f"{what} to be ready")
    times = {key: float(value) for key, value in driver.call(TIMES).items() if value is not None}
    time.sleep(1.0)  # let the start's garbage go
    return {**times, "memory": tree_pss_mb()}


def open_quiz(driver: Driver, url: str) -> dict[str, Any]:
    """From the first screen at ``url`` (nothing remembered), the quiz's opening (see ``OPEN_QUIZ``)."""
    driver.call(CHOOSE_NOTHING)
    driver.goto(url)
    driver.wait(READY, timeout=LOAD_TIMEOUT_S, what="the first screen")
    opened: dict[str, Any] = driver.call(OPEN_QUIZ)
    driver.call(CHOOSE_NOTHING)
    return opened


def startup(driver: Driver, runs: int, before: Path | None = None) -> dict[str, Any]:
    """Per kind of start, the list of its loads (see the module's docstring); ``made``: the snapshots made;
    ``quiz``: the quiz's openings with and without one."""
    from tests import snapshot_hooks as snap

    loads: dict[str, list[dict[str, float]]] = {}
    made: list[dict[str, Any]] = []
    quiz: dict[str, list[dict[str, Any]]] = {"with": [], "without": []}
    for _ in range(runs):
        sites = [("bare", ROOT, "bench/minimal/")] + ([("before", before, "?game=zero")] if before else [])
        for name, root, path in sites:
            site = Site(root)
            try:
                loads.setdefault(name, []).append(load(driver, site.url + path, name))
                if name == "before":  # its service worker stores the game before the return visit
                    driver.wait("() => document.documentElement.dataset.offline === 'ready'", timeout=LOAD_TIMEOUT_S)
                loads.setdefault(f"{name} return", []).append(load(driver, site.url + path, name))
            finally:
                site.stop()
        site = Site(ROOT)
        try:
            url = site.url + "?game=zero"
            loads.setdefault("first", []).append(load(driver, url, "the first visit"))
            driver.call(WATCH_LONG_TASKS)
            with MemoryPeak() as memory:
                driver.wait(snap.SETTLED, timeout=4 * LOAD_TIMEOUT_S, what="the start-up snapshot")
            state = snap.state(driver.call)
            if state[1] != "made":
                raise RuntimeError(f"no snapshot was made ({state})")
            detail = driver.call("() => performance.getEntriesByName('tabletop:snapshot-made')[0].detail")
            made.append({**detail, "memory before": loads["first"][-1]["memory"], "memory peak": memory.peak,
                         "long tasks": driver.call(LONG_TASKS_WHILE_MAKING)})
            loads.setdefault("with", []).append(load(driver, url, "a return visit with the snapshot"))
            assert snap.state(driver.call)[0] == "restored"
            quiz["with"].append(open_quiz(driver, site.url))
            driver.call(snap.REMOVE)
            driver.call(snap.SKIP)
            loads.setdefault("without", []).append(load(driver, url, "a return visit without a snapshot"))
            assert snap.state(driver.call) == ("cold", None) or snap.state(driver.call)[0] == "cold"
            quiz["without"].append(open_quiz(driver, site.url))
        finally:
            site.stop()
    return {"loads": loads, "made": made, "quiz": quiz}


def bot_and_taps(driver: Driver, turns: int, level: str) -> tuple[list[dict[str, float]], list[list[float]]]:
    """The hard bots' turns (``wall``, ``work``, ``longest`` in ms, ``slices``, ``playouts``), and tap-to-paint
    times: [to the DOM changed, to the next frame] (ms)."""
    from tests.engines import table as t

    site = Site(ROOT)
    try:
        driver.goto(site.url + "?seed=3&speed=fast&game=zero")
        t.wait_ready(driver)
        for seat in (1, 2):
            driver.select(t.field(f"seat-kind:{seat}"), level)
        t.tap(driver, t.action("start"))
        taps: list[list[float]] = []
        while len(driver.call(THINKING)) < turns:
            step = t.next_step(driver)
            if step == "next-round":
                t.tap(driver, t.action("next-round"))
            elif step == "play-again":
                t.tap(driver, t.action("play-again"))
            elif step == "knock":
                if not taps:
                    taps = [[float(x) for x in tap] for tap in driver.call(TAP, 10)]
                    # Unchoose the last tapped card.
                    driver.call("() => document.querySelector('[aria-pressed=true][data-card]')?.click()")
                t.knock(driver)
        thought = [{key: float(value) for key, value in turn.items()} for turn in driver.call(THINKING)[:turns]]
    finally:
        site.stop()
    return thought, taps


def measure(engine: str, runs: int, turns: int, level: str, before: Path | None) -> dict[str, Any] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    try:
        print(f"{engine}: {driver.version}", flush=True)
        boot = startup(driver, runs, before) if runs else None
        if boot:
            for name, values in boot["loads"].items():
                print(f"  {name:15} ready " + " ".join(f"{v['ready']:6.0f}" for v in values) + " ms", flush=True)
        thought: list[dict[str, float]] = []
        taps: list[list[float]] = []
        if turns:
            try:
                thought, taps = bot_and_taps(driver, turns, level)
            except Exception as error:  # noqa: BLE001 - keep the other engines' figures
                print(f"  bot and taps failed: {error!r}", flush=True)
        return {"version": driver.version, "boot": boot, "turns": thought, "taps": taps}
    finally:
        driver.quit()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


def per_round(boot: dict[str, Any], top: str, bottom: str, key: str = "ready") -> float:
    """The median over rounds of ``top``'s figure over ``bottom``'s, each taken in the same round."""
    pairs = zip(boot["loads"][top], boot["loads"][bottom], strict=True)
    return median([a[key] / b[key] for a, b in pairs])


def ready(boot: dict[str, Any], name: str, key: str = "ready") -> float:
    return median([load[key] for load in boot["loads"].get(name, []) if key in load])


def startup_tables(results: dict[str, Any], runs: int) -> None:
    print(f"\nStart-up: medians of {runs} rounds (ms from navigation to ready); ratios taken within each round.")
    before = any(isinstance(r, dict) and r["boot"] and "before" in r["boot"]["loads"] for r in results.values())
    print("| engine | bare page: first visit / return visit | Zero first visit" + (" (before)" if before else "")
          + " | return visit with snapshot / without" + (" (before)" if before else "")
          + " | with ÷ bare return (÷ bare first) | first ÷ before | snapshot stored (Pyodide's) | made in |")
    print("|---|---|---|---|---|---|---|---|")
    for engine, result in results.items():
        if isinstance(result, str) or not result["boot"]:
            print(f"| {engine} | not measured{': ' + result if isinstance(result, str) else ''} |")
            continue
        boot = result["boot"]
        made = boot["made"]
        first = f"{ready(boot, 'first'):.0f}" + (f" ({ready(boot, 'before'):.0f})" if before else "")
        without = f"{ready(boot, 'without'):.0f}" + (f" ({ready(boot, 'before return'):.0f})" if before else "")
        versus = f"{per_round(boot, 'first', 'before'):.3f}" if before else "n/a"
        print(
            f"| {result['version']} | {ready(boot, 'bare'):.0f} / {ready(boot, 'bare return'):.0f} | {first} "
            f"| {ready(boot, 'with'):.0f} / {without} "
            f"| {per_round(boot, 'with', 'bare return'):.2f} ({per_round(boot, 'with', 'bare'):.2f}) | {versus} "
            f"| {median([m['stored'] for m in made]) / 1e6:.1f} MB ({median([m['snapshot'] for m in made]) / 1e6:.1f}) "
            f"| {median([m['ms'] for m in made]) / 1000:.1f} s |"
        )
    print("\nThe snapshot: where its making goes (worker, ms), the browser's memory (proportional set size, MB).")
    print("| engine | worker: runtime / files / imports / snapshot / encode, then store | the page's share: total "
          "(longest piece); long tasks meanwhile | memory: after first visit → peak while making "
          "| after a start with / without |")
    print("|---|---|---|---|---|")
    for result in results.values():
        if isinstance(result, str) or not result["boot"]:
            continue
        boot = result["boot"]
        made = boot["made"]
        steps = " / ".join(f"{median([m['worker'][k] for m in made]):.0f}"
                           for k in ("runtime", "files", "imports", "snapshot", "encode"))
        tasks = [m["long tasks"] for m in made]
        long = "n/a" if None in tasks else ", ".join(f"{d:.0f}" for t in tasks for d in t) or "none"
        share = (f"{median([m['pageMs'] for m in made]):.1f} ms "
                 f"({max(m['pageLongestMs'] for m in made):.1f}); {long}")
        print(
            f"| {result['version']} | {steps}, then {median([m['storeMs'] for m in made]):.0f} | {share} "
            f"| {median([m['memory before'] for m in made]):.0f} → {median([m['memory peak'] for m in made]):.0f} "
            f"| {ready(boot, 'with', 'memory'):.0f} / {ready(boot, 'without', 'memory'):.0f} |"
        )
    print("\nOpening the quiz from the first screen: tap to its set-up, the longest frame meanwhile, "
          "long tasks (> 50 ms).")
    print("| engine | with the snapshot | without |")
    print("|---|---|---|")
    for result in results.values():
        if isinstance(result, str) or not result["boot"]:
            continue
        cells = []
        for kind in ("with", "without"):
            opened = result["boot"]["quiz"][kind]
            tasks = [o["longTasks"] for o in opened]
            longest = (f"; long tasks {median([len(t) for t in tasks]):.0f}, at most "
                       f"{max((max(t, default=0) for t in tasks), default=0):.0f} ms" if None not in tasks else "")
            frame = median([o["longestFrame"] for o in opened])
            cells.append(f"{median([o['ms'] for o in opened]):.0f} ms, frame {frame:.0f} ms{longest}")
        print(f"| {result['version']} | {cells[0]} | {cells[1]} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3,
                        help="rounds of start-up loads per engine (0: no start-up figures)")
    parser.add_argument("--turns", type=int, default=8, help="bot turns to watch per engine (0: none)")
    parser.add_argument("--level", choices=sorted(BUDGET_MS), default="hard", help="the searching bots' level")
    parser.add_argument("--before", type=Path, metavar="DIR", help="also load the site in DIR (a checkout)")
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs, args.turns, args.level, args.before)
               for engine in args.engines.split(",")}
    if args.runs:
        startup_tables(results, args.runs)
    if not args.turns:
        return 0

    table_head(f"{args.level} bots over {args.turns} turns; 10 taps.",
               ("engine", "bot turn", "longest slice per turn, median / max", "iterations/s",
                "tap to DOM changed / to next frame, median (max)"))
    for engine, result in results.items():
        if not measured(engine, result):
            continue
        thought, taps = result["turns"], result["taps"]
        turns = [turn["wall"] for turn in thought]
        changed, framed = [tap[0] for tap in taps], [tap[1] for tap in taps]
        slices = [turn["longest"] for turn in thought if "longest" in turn]
        work = sum(turn.get("work", 0.0) for turn in thought)
        playouts = sum(turn.get("playouts", 0.0) for turn in thought)
        rate = f"{playouts / (work / 1000):.0f}" if work else "n/a"
        # A turn that used the bot's whole work budget stopped before its playout cap.
        at_budget = sum(turn.get("work", 0.0) >= 0.95 * BUDGET_MS[args.level] for turn in thought)
        rate += f" ({at_budget}/{len(thought)} at budget)"
        print(
            f"| {result['version']} "
            f"| {median(turns):.0f} ms (max {max(turns, default=float('nan')):.0f}) "
            f"| {median(slices):.0f} / {max(slices, default=float('nan')):.0f} ms "
            f"| {rate} | {median(changed):.0f} ({max(changed, default=float('nan')):.0f}) / "
            f"{median(framed):.0f} ({max(framed, default=float('nan')):.0f}) ms |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
