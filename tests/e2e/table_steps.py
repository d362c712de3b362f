"""Helpers shared by the browser tests (from test_table.py, so that no test file imports another)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import REPO, settled

ARTIFACTS = REPO / "test-artifacts"
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {"1024x768": (1024, 768), "768x1024": (768, 1024), "390x844": (390, 844)}
BOT_TIMEOUT_MS = 60_000


def swap_first_cards(page: Page) -> None:
    page.locator("[data-zone=hand] [data-card]").first.click()
    page.locator("[data-zone=pool] [data-card]").first.click()
    expect(page.locator(".confirm")).to_be_visible()
    page.locator(".confirm [data-action=confirm]").click()


def knock(page: Page) -> None:
    page.locator("[data-action=knock]").click()
    page.locator(".confirm [data-action=confirm]").click()


def no_horizontal_overflow(page: Page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"horizontal overflow: {widths}"


def shoot(page: Page, name: str) -> None:
    for label, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        no_horizontal_overflow(page)
        small = page.locator("[data-card], .btn, select, input").evaluate_all(
            "els => els.filter(e => e.offsetParent && !e.closest('.seat-last') && !e.closest('.revealed')"
            " && (e.getBoundingClientRect().width < 44 || e.getBoundingClientRect().height < 44))"
            ".map(e => e.dataset.card || e.textContent)"
        )
        assert small == [], f"touch targets under 44 px at {label}: {small}"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=True)


def audit(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands."""
    if not AXE.is_file():
        pytest.fail("axe-core is missing: run `npm ci` (./test.sh does).")
    # Measure colours at rest: a fade-in caught half-way would read as low contrast.
    page.emulate_media(reduced_motion="reduce")
    if page.evaluate("typeof window.axe") == "undefined":
        # Loaded by URL from the page's own origin: the page's CSP rightly refuses inline scripts.
        page.add_script_tag(url=page.url.split("?")[0] + AXE.relative_to(REPO).as_posix())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    page.emulate_media(reduced_motion="no-preference")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
