"""Lighthouse on the site, a first or a return visit: performance, LCP, TBT, bytes, best practices' findings.

    python bench/lighthouse.py [--path '?game=zero'] [--root DIR] [--mobile] [--runs N] [--return]

Lighthouse 12.2.3 is pinned in package.json (``npm ci`` installs it into node_modules); it drives Debian's
Chromium (``CHROME_PATH``, default /usr/bin/chromium) headless.  The site is served by ``serve.py`` from this
checkout, or from ``--root`` (another checkout: "before" figures in the same sitting).  Desktop preset unless
``--mobile`` (slow 4G, 4x CPU).  Timings depend on the machine's load: compare runs made together.

``--return``: a return visit instead.  The bench starts Chromium itself (one profile, a DevTools port), visits the
page once with Playwright over that port until the service worker has stored the game and the page has made its
start-up snapshot (``data-snapshot-made="made"``), then runs Lighthouse on that browser (``--port``) without
its storage reset (``--disable-storage-reset``): the service worker's files and the snapshot are kept, as for a
player coming back.  Each run then says whether its start was restored (the page's mark
``tabletop:snapshot-restored`` in Lighthouse's user timings).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser import CHROMIUM_ARGS, start_serve, stop_process, stop_serve

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
FLAGS = "--headless=new --no-sandbox"


def audit(url: str, mobile: bool = False, save: Path | None = None, port: int | None = None) -> dict[str, object]:
    """One Lighthouse run on ``url``: its JSON report (also written to ``save`` if given).  With ``port``, in the
    Chromium listening there, its storage kept (a return visit); else in a Chromium of Lighthouse's own."""
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is not installed: npm ci")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.json"
        command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
                   "--only-categories=performance,best-practices,accessibility,seo"]
        command += [f"--chrome-flags={FLAGS}"] if port is None else [f"--port={port}", "--disable-storage-reset"]
        if not mobile:
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
        for attempt in (1, 2):  # a loaded machine sometimes times Lighthouse's DevTools calls out: once more
            done = subprocess.run(command, env=env, timeout=600, capture_output=True, text=True)
            if done.returncode == 0:
                break
            print(f"lighthouse failed (try {attempt}): {done.stderr.strip()[-300:]}", file=sys.stderr)
        done.check_returncode()
        report: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
        if save is not None:
            save.write_text(out.read_text(encoding="utf-8"), encoding="utf-8")
    return report


def figures(report: dict[str, object]) -> dict[str, object]:
    """What the bench prints: scores, LCP, TBT, FCP, main-thread work, bytes, and best practices' findings."""
    cats: dict[str, dict[str, object]] = report["categories"]  # type: ignore[assignment]
    audits: dict[str, dict[str, object]] = report["audits"]  # type: ignore[assignment]

    def value(name: str) -> float:
        return float(audits[name].get("numericValue") or 0)

    def failing(category: str) -> list[str]:
        return [f"{a['id']}: {a['title']} {details(a)}" for ref in cats[category]["auditRefs"]  # type: ignore[attr-defined]
                if ref["weight"] and (a := audits[ref["id"]]).get("score") not in (None, 1)]
    return {"performance": cats["performance"]["score"], "best-practices": cats["best-practices"]["score"],
            "accessibility": cats["accessibility"]["score"], "seo": cats["seo"]["score"],
            "FCP ms": round(value("first-contentful-paint")), "LCP ms": round(value("largest-contentful-paint")),
            "TBT ms": round(value("total-blocking-time")), "main-thread ms": round(value("mainthread-work-breakdown")),
            "transferred MB": round(value("total-byte-weight") / 1e6, 2),
            "best-practices findings": failing("best-practices"), "accessibility findings": failing("accessibility")}


def shared(timing: dict[str, Any], start: float, length: float) -> float:
    """How long a user timing and a task overlap (ms; negative: not at all)."""
    begins = float(timing["startTime"])
    return min(start + length, begins + float(timing["duration"])) - max(start, begins)


def blocking(report: dict[str, object]) -> list[str]:
    """Total Blocking Time's parts: each main-thread task of 50 ms or more as the trace observed it (ms from
    navigation, its length, its blocking part over 50 ms, the script Lighthouse's ``long-tasks`` names for a task of
    that length) with the page's own measures it overlaps by 5 ms or more, the shortest first (``tabletop:boot:*`` and
    ``tabletop:import:*``, from the ``user-timings`` audit).  Lighthouse's TBT itself is simulated (the desktop
    preset's Lantern), from these tasks."""
    audits: dict[str, dict[str, Any]] = report["audits"]  # type: ignore[assignment]

    def items(name: str) -> list[dict[str, Any]]:
        return list((audits.get(name, {}).get("details") or {}).get("items") or [])

    scripts = {round(float(t["duration"])): str(t.get("url") or "").rsplit("/", 1)[-1] for t in items("long-tasks")}
    timings = sorted((t for t in items("user-timings")
                      if t.get("timingType") == "Measure" and str(t.get("name", "")).startswith("tabletop:")),
                     key=lambda t: float(t["duration"]))
    lines = []
    for task in sorted((t for t in items("main-thread-tasks") if float(t["duration"]) >= 50),
                       key=lambda t: float(t["startTime"])):
        start, length = float(task["startTime"]), float(task["duration"])
        inside = [str(t["name"]).removeprefix("tabletop:") for t in timings if shared(t, start, length) >= 5]
        lines.append(f"{start:7.0f} ms  {length:5.0f} ms (blocks {length - 50:5.0f})  "
                     f"{scripts.get(round(length)) or '-':22} " + "; ".join(inside[:4]))
    return lines


def details(a: dict[str, object]) -> list[str]:
    """A finding's items, briefly (which deprecated API, which file lacks a source map)."""
    items = (a.get("details") or {}).get("items") or []  # type: ignore[union-attr]
    return [str(i.get("value") or i.get("scriptUrl") or i.get("url") or i)[:120] for i in items][:4]  # type: ignore[union-attr]


def restored(report: dict[str, object]) -> bool:
    """Whether the audited start was restored from the start-up snapshot (its mark in the user timings)."""
    audits: dict[str, dict[str, Any]] = report["audits"]  # type: ignore[assignment]
    items = (audits.get("user-timings", {}).get("details") or {}).get("items") or []
    return any(item.get("name") == "tabletop:snapshot-restored" for item in items)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def returning_chromium(url: str, profile: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Chromium on a DevTools port with ``profile``, after a first visit of ``url`` that made its snapshot."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    executable = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    process = subprocess.Popen([executable, *FLAGS.split(), *CHROMIUM_ARGS, f"--remote-debugging-port={port}",
                                f"--user-data-dir={profile}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as playwright:
            for _ in range(100):
                try:
                    browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:  # noqa: BLE001 -- not listening yet
                    time.sleep(0.3)
            else:
                raise RuntimeError("Chromium's DevTools port did not answer")
            page = browser.contexts[0].new_page()
            page.goto(url)
            page.wait_for_function("() => document.documentElement.dataset.snapshotMade === 'made'", timeout=300_000)
            page.close()
    except BaseException:
        stop_process(process)
        raise
    return process, port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", default="", help="after the site's root, e.g. '?game=zero'")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    parser.add_argument("--mobile", action="store_true", help="Lighthouse's mobile preset instead of desktop")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="write each run's JSON report here (RUN.json appended)")
    parser.add_argument("--return", dest="returning", action="store_true",
                        help="a return visit (the service worker's files and the start-up snapshot kept)")
    args = parser.parse_args(argv)
    process, base = start_serve(args.root)
    chromium: subprocess.Popen[bytes] | None = None
    profile = tempfile.TemporaryDirectory()
    try:
        port = None
        if args.returning:
            chromium, port = returning_chromium(base + args.path, Path(profile.name))
        for run in range(args.runs):
            save = None if args.save is None else args.save.with_name(f"{args.save.name}{run + 1}.json")
            report = audit(base + args.path, args.mobile, save, port)
            result = figures(report)
            visit = "first visit"
            if args.returning:
                visit = f"return visit, {'restored' if restored(report) else 'NOT restored'}"
            print(f"run {run + 1}: {args.root} {args.path or '/'} ({'mobile' if args.mobile else 'desktop'}; {visit})")
            for name, got in result.items():
                print(f"  {name:24} {got}")
            print("  long tasks (TBT's parts; from navigation, length, blocking part, script, the page's measures):")
            for line in blocking(report):
                print(f"    {line}")
    finally:
        if chromium is not None:
            stop_process(chromium)
        profile.cleanup()
        stop_serve(process)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
