"""The start-up snapshot in a real Chromium (assets/snapshot.mjs): made after a first visit, restored on the
next, never worse than none.  One device (browser context) for the module: its first visit makes the
snapshot once; each test copies it back, damages it or takes it away as it needs.

The release tests and the offline start with a snapshot are in test_offline.py; Firefox and WebKit in
tests/engines/test_snapshot.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tabletop.prefs import PREFS_KEY
from tests import snapshot_hooks as snap
from tests.e2e.conftest import READY_TIMEOUT_MS, REPO
from tests.e2e.offline_steps import CSP_LISTENER, csp_violations, wait_ready
from tools.engines import Site
from zero_game.web.keeper import GAME_KEY

SEEDED = "?seed=7&speed=fast&game=zero"
UNSEEDED = "?speed=fast&game=zero"


@dataclass
class Device:
    site: Site
    context: BrowserContext
    page: Page
    cold_screen: list[str]  # the first screen of the first visit (Python started from nothing)
    cold_deal: list[str]  # the person's hand in the first visit's seeded match
    cache: str  # the release's cache, which holds the snapshot
    url: str  # the snapshot's entry in it

    def visit(self, path: str = SEEDED, page: Page | None = None) -> Page:
        """Open the game at ``path`` (a start, as from the home-screen icon) and wait until it is ready."""
        page = page or self.page
        page.goto(self.site.url + path)
        wait_ready(page)
        return page

    def put_back(self) -> None:
        """The snapshot the first visit made, stored again; this device makes new ones again."""
        self.page.evaluate(f"(args) => ({snap.PUT_BACK})(...args)", [self.cache, self.url])
        self.page.evaluate(snap.UNSKIP)


def console_errors(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__zeroConsoleErrors ?? ['the console recorder did not run']"))


def hand_dealt(page: Page) -> list[str]:
    """Start a match from the set-up screen on ``page``: the person's hand (the match is not kept)."""
    page.locator("[data-action=start]").click()
    hand = page.locator("[data-zone=hand] [data-card]")
    expect(hand).to_have_count(9)
    cards = sorted(hand.evaluate_all("els => els.map(e => e.dataset.card)"))
    page.evaluate("(key) => localStorage.removeItem(key)", GAME_KEY)
    return cards


def deal(device: Device, path: str) -> list[str]:
    """The person's hand in a new match started at ``path`` (no saved match to resume)."""
    device.page.evaluate("(key) => localStorage.removeItem(key)", GAME_KEY)
    device.visit(path)
    return hand_dealt(device.page)


@pytest.fixture(scope="module")
def device(chromium: Browser) -> Iterator[Device]:
    site = Site(REPO)
    context = chromium.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(CSP_LISTENER)
    try:
        page = context.new_page()
        page.goto(site.url + SEEDED)
        wait_ready(page)
        assert snap.state(page.evaluate)[0] == "off", "a first visit has no service worker yet, so no snapshot"
        cold_screen = page.evaluate(snap.FIRST_SCREEN)
        # Once the service worker has stored the game, a worker makes the snapshot.
        page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
        assert snap.state(page.evaluate) == ("off", "made")
        cache, url = page.evaluate(snap.BACKUP)
        yield Device(site, context, page, cold_screen, hand_dealt(page), cache, url)
    finally:
        context.close()
        site.stop()


def test_the_first_visit_makes_it_off_the_pages_thread_and_keeps_it_in_the_releases_cache(device: Device) -> None:
    made = device.page.evaluate("() => performance.getEntriesByName('tabletop:snapshot-made')[0].detail")
    entry = device.page.evaluate(snap.ENTRY)
    assert entry[0] == device.cache and device.cache.startswith("zero / ")
    assert entry[2] == made["stored"] < made["snapshot"], "stored without the interpreter's zero pages"
    # What it holds: everything of both games that imports without a page; the glue that needs one is left.
    glue = {f"tabletop.web.{path.stem}" for path in (REPO / "tabletop" / "web").glob("*.py")
            if re.search(r"^(from|import) pyscript\b", path.read_text(encoding="utf-8"), re.MULTILINE)}
    assert glue >= {"tabletop.web.page", "tabletop.web.shell"}
    assert made["held"]["skipped_modules"].keys() == glue
    # Made by the worker: the page's own share is a few small pieces (messages), never a long task.
    assert made["pageLongestMs"] < 20 and made["pageMs"] < 50, made
    assert made["worker"]["imports"] > made["pageMs"], "the heavy work is the worker's"


def test_a_return_visit_restores_it_and_shows_the_same_first_screen_as_a_start_from_nothing(device: Device) -> None:
    device.put_back()
    assert device.page.evaluate(snap.ENTRY)[:2] == [device.cache, device.url]
    page = device.visit()
    assert snap.state(page.evaluate) == ("restored", None), "restored, and no new snapshot to make"
    assert page.evaluate(snap.FIRST_SCREEN) == device.cold_screen
    expect(page.locator("[data-action=start]")).to_be_visible()
    assert console_errors(page) == [] and csp_violations(page) == []
    # A match plays: the bots (imported from the snapshot) take their turns.
    page.locator("[data-action=start]").click()
    expect(page.locator("[data-action=knock]")).to_be_visible(timeout=60_000)
    page.evaluate("(key) => localStorage.removeItem(key)", GAME_KEY)


def test_the_quiz_opens_from_a_restored_start(device: Device) -> None:
    """Its modules and deck come from the snapshot; its files are fetched as on any start."""
    device.put_back()
    page = device.visit("?game=quiz")
    assert snap.state(page.evaluate)[0] == "restored"
    expect(page.locator("body[data-screen]")).not_to_have_attribute("data-screen", "home")
    expect(page.locator("[data-action=start]")).to_be_visible()
    assert console_errors(page) == []
    page.evaluate("(key) => localStorage.removeItem(key)", PREFS_KEY)  # the last game chosen


def test_two_starts_from_one_snapshot_deal_different_matches_and_a_seed_deals_the_same_one(device: Device) -> None:
    device.put_back()
    first, second = deal(device, UNSEEDED), deal(device, UNSEEDED)
    assert snap.state(device.page.evaluate)[0] == "restored"
    assert first != second, "two starts from one snapshot dealt the same hand"
    seeded = deal(device, SEEDED)
    assert snap.state(device.page.evaluate)[0] == "restored"
    assert seeded == device.cold_deal, "a seed deals the same match from a snapshot as from a start from nothing"


def test_a_damaged_snapshot_is_discarded_and_the_game_starts_the_usual_way(device: Device) -> None:
    """Cut short, as a write cut off by a full disk would leave it.  (Every other damage the format refuses is
    checked under Node, tests/test_snapshot_format.py: a changed byte, a changed length, not a snapshot.)"""
    device.put_back()
    device.page.evaluate(snap.SKIP)  # no new one: this test looks at the start only
    device.page.evaluate(snap.DAMAGE, "truncated")
    page = device.visit()
    assert snap.state(page.evaluate)[0] == "discarded"
    assert page.evaluate(snap.FIRST_SCREEN) == device.cold_screen
    expect(page.locator("#load-error")).to_have_count(0)
    assert console_errors(page) == []
    assert page.evaluate(snap.ENTRY) is None, "the damaged snapshot is deleted"


def test_a_snapshot_of_another_runtime_build_is_discarded_and_replaced_by_a_new_one(device: Device) -> None:
    """Well-formed, but Pyodide refuses it: the page starts Python again, the usual way, and makes its own."""
    device.put_back()
    device.page.evaluate(snap.DAMAGE, "other-runtime-build")
    page = device.visit()
    assert snap.state(page.evaluate)[0] == "discarded"
    assert page.evaluate(snap.FIRST_SCREEN) == device.cold_screen
    assert console_errors(page) == []
    page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
    assert snap.state(page.evaluate) == ("discarded", "made")
    device.visit()
    assert snap.state(page.evaluate)[0] == "restored"


def test_storage_that_refuses_or_cannot_read_it_leaves_the_game_as_it_is(device: Device) -> None:
    device.put_back()
    device.page.evaluate(snap.REMOVE)
    page = device.page
    # A full device: this origin's quota leaves room for the game's files, not for a snapshot.
    cdp = device.context.new_cdp_session(page)
    origin = device.site.url.rstrip("/")
    usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": usage + 2_000_000})
    try:
        device.visit()
        page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
        assert snap.state(page.evaluate) == ("cold", "refused")
        assert page.evaluate(snap.ENTRY) is None
        assert console_errors(page) == []
        # The next visit does not try again for this release (it would cost seconds of a core each time).
        device.visit()
        page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
        assert snap.state(page.evaluate) == ("cold", "skipped")
        page.locator("[data-action=start]").click()
        expect(page.locator("[data-zone=hand] [data-card]")).to_have_count(9)
        page.evaluate("(key) => localStorage.removeItem(key)", GAME_KEY)
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin})
        cdp.detach()
    device.put_back()
    unreadable = device.context.new_page()
    unreadable.add_init_script(snap.UNREADABLE_STORAGE)
    try:
        device.visit(page=unreadable)
        assert snap.state(unreadable.evaluate)[0] == "off"
        assert unreadable.evaluate(snap.FIRST_SCREEN) == device.cold_screen
        assert console_errors(unreadable) == []
    finally:
        unreadable.close()
