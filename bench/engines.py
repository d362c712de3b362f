"""Figures per browser engine: start-up against a bare Pyodide page, the hard bot's speed and slices, taps.

    python bench/engines.py [--engines firefox,webkit,chromium] [--runs 3] [--turns 8]

For each engine (through tools/engines.py, as the engine tests drive them):

* **start-up**: ``bench/minimal/`` (the smallest PyScript page on the vendored Pyodide) and
  ``index.html`` loaded alternately ``--runs`` times, each from a new origin (cold cache); medians of
  the runtime's downloads done, Pyodide started (PyScript's "Loaded Pyodide"), and ready;
* **the hard bot**: the one person knocks while two hard bots play ``--turns`` turns; per turn, the
  wall time and the main thread's busy stretches while it thinks (a timer-chain probe: the gaps
  between its callbacks are the tasks that ran, i.e. the bot's slices).  Iterations per second are
  300 (the bot's cap) over the summed slices of the turns that stayed under its 1 s work budget
  (those ran all 300); a turn at the budget ran fewer, and is counted apart;
* **tap to visible response**: a tap on a hand card until the next frame after the DOM changed.

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
from zero_game.bots.hard import DEFAULT_ITERATIONS as HARD_ITERATIONS
from zero_game.bots.hard import DEFAULT_TIME_BUDGET

HARD_BUDGET_MS = DEFAULT_TIME_BUDGET * 1000

TIMES = """() => {
  const t = window.__zeroTimes ?? {};
  const ends = performance.getEntriesByType('resource')
    .filter(e => /pyodide\\.asm\\.wasm|python_stdlib\\.zip|pyodide\\.asm\\.mjs/.test(e.name))
    .map(e => e.responseEnd);
  return {downloads: ends.length ? Math.max(...ends) : null, pyodide: t['Loaded Pyodide'] ?? null,
          ready: t.ready ?? null};
}"""

# A timer chain (clamped to ~4 ms by the browsers, so it does not flood the main thread the way a
# MessageChannel loop does, which made WebKitWebDriver's clicks fail): a gap well over 4 ms between two
# of its callbacks is a task that ran in between.
PROBE = """() => {
  window.__gaps = [];
  window.__probe = true;
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - last > 8) window.__gaps.push([last, now - last]);
    last = now;
    if (window.__probe) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
}"""

THINKING = """() => {
  const starts = performance.getEntriesByName('zero:bot-think').map(e => e.startTime);
  const ends = performance.getEntriesByName('zero:bot-decided').map(e => e.startTime);
  return starts.slice(0, ends.length).map((s, i) => [s, ends[i]]);
}"""

TAP = """async (n) => {
  const times = [];
  for (let i = 0; i < n; i++) {
    const card = document.querySelectorAll('[data-zone=hand] [data-card]')[i % 9];
    const t0 = performance.now();
    const painted = new Promise(resolve => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      mo.observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
    });
    card.click();
    times.push(await painted - t0);
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
        for name, path in (("minimal", "bench/minimal/"), ("zero", "")):
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


def bot_and_taps(driver: Driver, turns: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Hard-bot turn times (ms), slice lengths (ms) while thinking, busy ms per turn, tap-to-paint times (ms)."""
    from tests.engines import table as t

    site = Site(ROOT)
    try:
        driver.goto(site.url + "?seed=3&speed=fast")
        t.wait_ready(driver)
        for seat in (1, 2):
            driver.select(t.field(f"seat-kind:{seat}"), "hard")
        driver.call(PROBE)
        t.tap(driver, t.action("start"))
        taps: list[float] = []
        while len(driver.call(THINKING)) < turns:
            step = t.next_step(driver)
            if step == "next-round":
                t.tap(driver, t.action("next-round"))
            elif step == "play-again":
                t.tap(driver, t.action("play-again"))
            elif step == "knock":
                if not taps:
                    taps = [float(x) for x in driver.call(TAP, 10)]
                    # Unchoose the last tapped card.
                    driver.call("() => document.querySelector('[aria-pressed=true][data-card]')?.click()")
                t.knock(driver)
        driver.call("() => { window.__probe = false; }")
        windows = driver.call(THINKING)[:turns]
        gaps = driver.call("() => window.__gaps")
    finally:
        site.stop()
    turn_ms = [end - start for start, end in windows]
    per_turn = [[length for start, length in gaps if a <= start + length and start <= b] for a, b in windows]
    return turn_ms, [x for turn in per_turn for x in turn], [sum(turn) for turn in per_turn], taps


def measure(engine: str, runs: int, turns: int) -> dict[str, object] | str:
    try:
        driver = launch(engine)
    except EngineMissing as missing:
        return str(missing)
    try:
        print(f"{engine}: {driver.version}", flush=True)
        boot = startup(driver, runs)
        print(f"  start-up: {boot}", flush=True)
        try:
            turn_ms, slices, busy, taps = bot_and_taps(driver, turns)
        except Exception as error:  # noqa: BLE001 - keep the other engines' figures
            print(f"  bot and taps failed: {error!r}", flush=True)
            turn_ms, slices, busy, taps = [], [], [], []
        return {"version": driver.version, "boot": boot, "turns": turn_ms, "slices": slices, "busy": busy,
                "taps": taps}
    finally:
        driver.quit()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page per engine")
    parser.add_argument("--turns", type=int, default=8, help="hard-bot turns to watch per engine")
    args = parser.parse_args(argv)
    results = {engine: measure(engine, args.runs, args.turns) for engine in args.engines.split(",")}

    print(f"\nMedians of {args.runs} cold loads each; hard bots over {args.turns} turns; 10 taps.")
    print("| engine | bare Pyodide ready | Zero: downloads / Pyodide started / ready | ratio | hard bot turn "
          "| slices median / max | ≈ iterations/s | tap to paint median / max |")
    print("|---|---|---|---|---|---|---|---|")
    for engine, result in results.items():
        if isinstance(result, str):
            print(f"| {engine} | not measured: {result} |")
            continue
        boot = result["boot"]
        assert isinstance(boot, dict)
        base, zero = boot["minimal"], boot["zero"]
        turns, slices, busy, taps = result["turns"], result["slices"], result["busy"], result["taps"]
        assert isinstance(turns, list) and isinstance(slices, list) and isinstance(taps, list)
        assert isinstance(busy, list)
        # A turn under the bot's 1 s budget ran all its iterations; one at the budget ran fewer.
        capped = [ms for ms in busy if 0 < ms < 0.95 * HARD_BUDGET_MS]
        rate = (f"{HARD_ITERATIONS * len(capped) / (sum(capped) / 1000):.0f}" if capped
                else f"< {HARD_ITERATIONS * 1000 / HARD_BUDGET_MS:.0f}")
        rate += f" ({len(busy) - len(capped)}/{len(busy)} at budget)"
        print(
            f"| {result['version']} | {base.get('ready', float('nan')):.0f} ms "
            f"| {zero.get('downloads', float('nan')):.0f} / {zero.get('pyodide', float('nan')):.0f} / "
            f"{zero.get('ready', float('nan')):.0f} ms "
            f"| {zero.get('ready', float('nan')) / base.get('ready', float('nan')):.2f} "
            f"| {median(turns):.0f} ms (max {max(turns, default=float('nan')):.0f}) "
            f"| {median(slices):.0f} / {max(slices, default=float('nan')):.0f} ms "
            f"| {rate} | {median(taps):.0f} / {max(taps, default=float('nan')):.0f} ms |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
