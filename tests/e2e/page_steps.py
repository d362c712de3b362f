"""Helpers shared by the browser tests (from test_page.py, so that no test file imports another)."""

from __future__ import annotations

import time

from playwright.sync_api import BrowserContext, Page, Route

RUNTIME_WASM = "**/assets/vendor/pyodide/pyodide.asm.wasm"


def hold_runtime(context: BrowserContext) -> list[Route]:
    """Keep the runtime's wasm download pending until the test lets it go."""
    held: list[Route] = []
    context.route(RUNTIME_WASM, lambda route: held.append(route))
    return held


def wait_until_held(page: Page, held: list[Route], timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while not held:
        assert time.monotonic() < deadline, "the runtime download never started"
        page.wait_for_timeout(50)  # lets Playwright dispatch the route handler
