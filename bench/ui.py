"""Browser figures for the table: tap-to-visible response, long tasks while bots think, hard-bot turn times,
and (issue 13) the move log, travelling cards and the hint.

    python bench/ui.py [--turns 12]

Runs serve.py and Debian's Chromium (headless), plays as the one person against two hard bots and
prints figures.  Timings on a shared machine are noisy: read them as orders of magnitude.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools.browser import CHROMIUM_ARGS, start_serve  # noqa: E402

# Click an element, then wait for the page to change and paint: the milliseconds from the click to that frame.
TAPPED = """async function tapped(element) {
    const t0 = performance.now();
    const painted = new Promise(resolve => {
      const mo = new MutationObserver(() => {
        mo.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      mo.observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
    });
    element.click();
    return await painted - t0;
  }"""

# Tap the hand's cards in turn.
TAP = """async (n) => {
  """ + TAPPED + """
  const times = [];
  for (let i = 0; i < n; i++) {
    times.push(await tapped(document.querySelectorAll('[data-zone=hand] [data-card]')[i % 9]));
    await new Promise(r => setTimeout(r, 30));
  }
  return times;
}"""

# Tap a control, then its way back if any (issue 13: the log and back, the sound toggle); the control's times.
TAP_ACTION = """async ([selector, back, n]) => {
  """ + TAPPED + """
  const times = [];
  for (let i = 0; i < n; i++) {
    for (const which of [selector, back]) {
      if (!which) continue;
      const t = await tapped(document.querySelector(which));
      if (which === selector) times.push(t);
      await new Promise(r => setTimeout(r, 30));
    }
  }
  return times;
}"""

WATCH_LONG_TASKS = """() => {
  window.__long = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: false});
}"""

# [start, end] of each span from a performance mark to the next mark of another name (bot turns, hints).
SPANS = """([start, end]) => {
  const a = performance.getEntriesByName(start).map(e => e.startTime);
  const b = performance.getEntriesByName(end).map(e => e.startTime);
  return a.slice(0, b.length).map((s, i) => [s, b[i]]);
}"""
BOT_THINKS = ["tabletop:bot-think", "tabletop:bot-decided"]
HINTS = ["tabletop:hint-asked", "tabletop:hint-shown"]

TRAVELS = """() => performance.getEntriesByName('tabletop:travel')
  .map(e => [e.startTime, e.startTime + e.detail.detail])"""


def within(long_tasks: list[list[float]], windows: list[list[float]]) -> list[float]:
    """The long tasks that began inside one of ``windows``."""
    return [d for start, d in long_tasks if any(a <= start + 1 and start < b for a, b in windows)]


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"n={len(values)} median={statistics.median(values):.0f} ms p95={p95:.0f} ms max={max(values):.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12, help="hard-bot turns to watch")
    args = parser.parse_args()
    server, url = start_serve(REPO)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.goto(url + "?seed=3&speed=fast&game=zero")
            page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=120_000)
            boot = page.evaluate("performance.getEntriesByName('tabletop:ready')[0]?.startTime")
            print(f"page ready after {boot:.0f} ms")
            for seat in (1, 2):
                page.select_option(f"[data-field='seat-kind:{seat}']", "hard")
            page.evaluate(WATCH_LONG_TASKS)
            page.click("[data-action=start]")
            taps: list[float] = []
            log_taps: list[float] = []
            hints: list[list[float]] = []
            while len(page.evaluate(SPANS, BOT_THINKS)) < args.turns:
                page.wait_for_selector("[data-action=knock], [data-action=next-round], [data-action=play-again]",
                                       timeout=120_000)
                for between in ("next-round", "play-again"):  # a round's or the match's end
                    if page.locator(f"[data-action={between}]").count():
                        page.click(f"[data-action={between}]")
                        break
                else:
                    between = ""
                if between:
                    continue
                if not taps:
                    taps = page.evaluate(TAP, 20)
                    page.keyboard.press("Escape")
                    log_taps = page.evaluate(TAP_ACTION, ["[data-action=log]", "[data-action=back]", 10])
                    log_taps += page.evaluate(TAP_ACTION, ["[data-action=sound]", "", 10])
                    page.click("[data-action=hint]")
                    page.wait_for_selector(".hint-text", timeout=120_000)
                    hints = page.evaluate(SPANS, HINTS)
                    page.click("[data-zone=hand] [data-card]")
                    page.click("[data-zone=pool] [data-card]")
                    page.click(".confirm [data-action=confirm]")  # a swap: the cards travel
                    continue
                page.click("[data-action=knock]")
                page.click(".confirm [data-action=confirm]")
            long_tasks = page.evaluate("window.__long")
            windows = page.evaluate(SPANS, BOT_THINKS)
            travels = page.evaluate(TRAVELS)
            marks = page.evaluate("() => performance.getEntriesByType('mark').map(e => [e.name, e.startTime])")
            browser.close()
    finally:
        server.terminate()
    print(f"tap to visible response (click -> DOM change -> next frame): {summary(taps)}")
    print(f"hard-bot thinking per turn (wall time, sliced): {summary([b - a for a, b in windows])}")
    other = [d for start, d in long_tasks if not any(a <= start + 1 and start < b for a, b in windows)]
    print(f"long tasks (> 50 ms) while a bot thinks: {summary(within(long_tasks, windows))}")
    for start, duration in long_tasks:
        for turn, (a, b) in enumerate(windows):
            if a <= start + 1 and start < b:
                print(f"  {duration:.0f} ms task at +{start - a:.0f} ms into bot turn {turn + 1} ({b - a:.0f} ms)")
    print(f"long tasks (> 50 ms) at other times (redraws, animations): {summary(other)}")
    for start, duration in long_tasks:
        if not any(a <= start + 1 and start < b for a, b in windows):
            before = [(t, name) for name, t in marks if t <= start + 1]
            after = max(before) if before else (0.0, "page start")
            print(f"  {duration:.0f} ms task at {start:.0f} ms, {start - after[0]:.0f} ms after {after[1]}")
    print(f"tap to visible: move log open and the sound toggle: {summary(log_taps)}")
    print(f"cards travelling: {len(travels)} swaps animated; long tasks (> 50 ms) meanwhile: "
          f"{summary(within(long_tasks, travels))}")
    print(f"hint (hard bot, sliced): {summary([b - a for a, b in hints])}; long tasks meanwhile: "
          f"{summary(within(long_tasks, hints))}")


if __name__ == "__main__":
    main()
