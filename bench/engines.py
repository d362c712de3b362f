"""Figures per browser engine: start-up against a bare Pyodide page, the hard bot's speed and slices, taps.

    python bench/engines.py [--engines firefox,webkit,chromium] [--runs 3] [--turns 8] [--level hard|expert]

For each engine (through tools/engines.py, as the engine tests drive them):

* **start-up**: ``bench/minimal/`` (the smallest PyScript page on the vendored Pyodide) and
  ``index.html`` loaded alternately ``--runs`` times, each from a new origin (cold cache); medians of
  the runtime's downloads done, Pyodide started (PyScript's "Loaded Pyodide"), and ready;
* **the searching bot** (``--level``, hard by default): the one person knocks while two such bots play
  ``--turns`` turns; per turn, the
  wall time, and what the page itself records when the bot has decided (the ``zero:bot-decided``
  mark's detail): its work in milliseconds, its longest slice (the longest task its thinking holds
  the page for, the search's start included) and its playouts.  Iterations per second are the
  playouts over the work, so they are exact in every engine;
* **tap to visible response**: a tap on a hand card until the DOM changed (the game's own work) and until
  the next frame after that (when the browser can show it).

Prints one table.  Timings on a shared machine are noisy: compare engines within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
  const starts = performance.getEntriesByName('zero:bot-think').map(e => e.startTime);
  const ends = performance.getEntriesByName('zero:bot-decided');
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


def startup(driver: Driver, runs: int) -> dict[str, dict[str, float]]:
    """Medians of downloads / Pyodide / ready (ms since navigation) for the baseline and the game."""
    samples: dict[str, dict[str, list[float]]] = {"minimal": {}, "zero": {}}
    for _ in range(runs):
        for name, path in (("minimal", "bench/minimal/"), ("zero", "?game=zero")):
            site = Site(ROOT)
            try:
                driver.goto(site.url + path)
                driver.wait("() => window.__zeroTimes?.ready !== undefined", timeout=LOAD_TIMEOUT_S,
                            what=f"{name} to be ready")
                for key, value in driver.call(TIMES).items():
                    if value is not None:
                        samples[name].setdefault(key, []).append(float(value))
            finally:
                site.stop()
    return {name: {key: median(values) for key, values in keys.items()} for name, keys in samples.items()}


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


def measure(engine: str, runs: int, turns: int, level: str) -> dict[str, object] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    try:
        print(f"{engine}: {driver.version}", flush=True)
        boot = startup(driver, runs)
        print(f"  start-up: {boot}", flush=True)
        try:
            thought, taps = bot_and_taps(driver, turns, level)
        except Exception as error:  # noqa: BLE001 - keep the other engines' figures
            print(f"  bot and taps failed: {error!r}", flush=True)
            thought, taps = [], []
        return {"version": driver.version, "boot": boot, "turns": thought, "taps": taps}
    finally:
        driver.quit()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3,
                        help="cold loads of each page per engine (0: no start-up figures)")
    parser.add_argument("--turns", type=int, default=8, help="bot turns to watch per engine")
    parser.add_argument("--level", choices=sorted(BUDGET_MS), default="hard", help="the searching bots' level")
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs, args.turns, args.level) for engine in args.engines.split(",")}

    print(f"\nMedians of {args.runs} cold loads each; {args.level} bots over {args.turns} turns; 10 taps.")
    print("| engine | bare Pyodide ready | Zero: downloads / Pyodide started / ready | ratio | bot turn "
          "| longest slice per turn, median / max | iterations/s | tap to DOM changed / to next frame, median (max) |")
    print("|---|---|---|---|---|---|---|---|")
    for engine, result in results.items():
        if isinstance(result, str):
            print(f"| {engine} | not measured: {result} |")
            continue
        boot = result["boot"]
        assert isinstance(boot, dict)
        base, zero = boot["minimal"], boot["zero"]
        thought, taps = result["turns"], result["taps"]
        assert isinstance(thought, list) and isinstance(taps, list)
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
            f"| {result['version']} | {base.get('ready', float('nan')):.0f} ms "
            f"| {zero.get('downloads', float('nan')):.0f} / {zero.get('pyodide', float('nan')):.0f} / "
            f"{zero.get('ready', float('nan')):.0f} ms "
            f"| {zero.get('ready', float('nan')) / base.get('ready', float('nan')):.2f} "
            f"| {median(turns):.0f} ms (max {max(turns, default=float('nan')):.0f}) "
            f"| {median(slices):.0f} / {max(slices, default=float('nan')):.0f} ms "
            f"| {rate} | {median(changed):.0f} ({max(changed, default=float('nan')):.0f}) / "
            f"{median(framed):.0f} ({max(framed, default=float('nan')):.0f}) ms |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
