"""Helpers shared by the browser tests (from test_engines.py, so that no test file imports another)."""

from __future__ import annotations

from tools.engines import Driver


def console_errors(driver: Driver) -> list[str]:
    return list(driver.call("() => window.__zeroConsoleErrors ?? ['the console recorder did not run']"))
