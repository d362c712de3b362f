"""Shared by the browser tests and bench/startup.py: find Chromium, start serve.py.

Standard library only (Playwright is imported by the callers).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Headless Chromium flags that work in containers and keep the browser off the network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

NO_CHROMIUM = (
    "No Chromium found for the browser tests. Install Debian's package with "
    "`apt-get install chromium` (./test.sh does this when run as root), or run "
    "`playwright install chromium`, or point $ZERO_CHROMIUM at a Chromium binary."
)


def find_chromium(playwright: Any = None) -> str | None:
    """Path of a Chromium to drive: ``$ZERO_CHROMIUM``, Debian's, or Playwright's own."""
    candidates = [
        os.environ.get("ZERO_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    if playwright is not None:
        try:
            bundled: str = playwright.chromium.executable_path
        except Exception:  # noqa: BLE001 - Playwright raises its own error when none is installed
            return None
        if bundled and os.access(bundled, os.X_OK):
            return bundled
    return None


def start_serve(root: Path = ROOT) -> tuple[subprocess.Popen[str], str]:
    """Start ``serve.py --port 0`` on ``root``; return the process and its base URL."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "serve.py"), "--port", "0", "--quiet", "--root", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    if not line.startswith("Serving Zero at "):
        process.kill()
        raise RuntimeError(f"serve.py did not start: {line}{process.stderr.read()}")
    return process, line.split()[-1]


def stop_serve(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
