"""Helpers shared by the browser tests (from test_offline.py, so that no test file imports another)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import READY_TIMEOUT_MS

# Collects Content-Security-Policy violations from the first moment of every page.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` (${event.sourceFile}:${event.lineNumber})`);
});
"""


def wait_ready(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.app !== 'loading'",
                           timeout=READY_TIMEOUT_MS)
    state = page.evaluate("() => document.documentElement.dataset.app")
    assert state == "ready", f"page did not become ready (data-app={state!r}): {page.inner_text('body')}"


def csp_violations(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__cspViolations"))
