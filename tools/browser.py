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


def launch_chromium(playwright: Any) -> Any:
    """Chromium (:func:`find_chromium`'s) launched with the project's flags; exits with ``NO_CHROMIUM`` if none."""
    executable = find_chromium(playwright)
    if executable is None:
        raise SystemExit(NO_CHROMIUM)
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)


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
    stop_process(process)


# --- the other engines: Firefox (Gecko) and WebKit (Safari's engine) ----------------------------

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# WebKitGTK's small browser: the engine of Safari with a minimal shell; WebKitWebDriver drives it.
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"
PUPPETEER_BRIDGE = ROOT / "tools" / "puppeteer_bridge.mjs"

NO_FIREFOX = (
    "No Firefox found for the engine tests: install Debian's `firefox-esr` (./test.sh does this "
    "when run as root) or point $ZERO_FIREFOX at a Firefox binary; `npm ci` brings puppeteer-core."
)
NO_WEBKIT = (
    "No WebKit found for the engine tests: install Debian's `webkit2gtk-driver` and `xvfb` "
    "(./test.sh does this when run as root); Selenium comes with `pip install -e '.[test]'`."
)


def find_firefox() -> str | None:
    """Path of a Firefox to drive over WebDriver BiDi: ``$ZERO_FIREFOX`` or Debian's ESR."""
    for candidate in (os.environ.get("ZERO_FIREFOX"), FIREFOX, shutil.which("firefox")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_webkit() -> tuple[str, str] | None:
    """``(WebKitWebDriver, MiniBrowser)`` paths, or None where WebKitGTK's driver is missing."""
    driver = shutil.which("WebKitWebDriver") or WEBKIT_DRIVER
    browsers = sorted(Path("/").glob(MINIBROWSER_GLOB.lstrip("/")))
    if not os.access(driver, os.X_OK) or not browsers or shutil.which("Xvfb") is None:
        return None
    return driver, str(browsers[0])


def start_xvfb(width: int = 1400, height: int = 1000) -> tuple[subprocess.Popen[bytes], str]:
    """Start a virtual X display (WebKitGTK has no headless mode); return it and its ``DISPLAY``."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=[write_end],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    # Xvfb writes the display number and then a newline once it accepts clients; read up to the
    # newline (closing the pipe before it is written makes Xvfb stop with a fatal error).
    written = b""
    try:
        while not written.endswith(b"\n") and (chunk := os.read(read_end, 16)):
            written += chunk
    finally:
        os.close(read_end)
    number = written.decode().strip()
    if not number:
        process.kill()
        raise RuntimeError("Xvfb did not start")
    return process, f":{number}"


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Terminate ``process`` and wait; kill it if it lingers."""
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
