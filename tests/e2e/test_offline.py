"""Offline play through the service worker, updates, and the Content-Security-Policy (real Chromium).

Each test runs its own server (a thread of ``serve.py``'s server) so it can be stopped mid-test:
"offline" here means the server is gone *and* the browser context is offline, so nothing can
come from the network, not even to the service worker.
"""

from __future__ import annotations

import json
import random
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests import snapshot_hooks as snap
from tests.e2e.conftest import CHOOSE_ZERO, READY_TIMEOUT_MS
from tools import precache
from tools.browser import CHROMIUM_ARGS, find_chromium
from tools.engines import ThreadedServer, TrackedHandler

from .offline_steps import CSP_LISTENER, csp_violations, wait_ready

REPO = Path(__file__).resolve().parents[2]



# --- a stoppable server, optionally under a sub-path ------------------------------------------


class _Handler(TrackedHandler):
    """serve.py's handler, mounted under ``server.prefix`` and recording each request path."""

    server: StoppableServer

    def serve(self, *, send_body: bool) -> None:
        prefix = self.server.prefix
        if not self.path.startswith(prefix + "/"):
            self.send_error(404)
            return
        self.path = self.path[len(prefix):]
        self.server.requested.append(self.path.split("?")[0])
        super().serve(send_body=send_body)


class StoppableServer(ThreadedServer):
    handler = _Handler

    def __init__(self, root: Path, prefix: str = "") -> None:
        self.prefix = prefix.rstrip("/")
        self.requested: list[str] = []
        super().__init__(root)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.prefix}/"


def assert_refused(port: int) -> None:
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


@pytest.fixture
def servers() -> Iterator[list[StoppableServer]]:
    started: list[StoppableServer] = []
    yield started
    for server in started:
        server.stop()


def start(servers: list[StoppableServer], root: Path = REPO, prefix: str = "") -> StoppableServer:
    server = StoppableServer(root, prefix)
    servers.append(server)
    return server


# --- pages ------------------------------------------------------------------------------------


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_init_script(CSP_LISTENER)
    context.add_init_script(CHOOSE_ZERO)
    return context




def wait_offline_ready(page: Page) -> None:
    """Wait until a service worker controls the page and has stored the game."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null"
        " && document.documentElement.dataset.offline === 'ready'",
        timeout=READY_TIMEOUT_MS,
    )




def cache_names(page: Page) -> list[str]:
    return sorted(page.evaluate("() => caches.keys()"))


# --- playing a round --------------------------------------------------------------------------

BOT_TIMEOUT_MS = 60_000
NEXT_STEP = "[data-action=knock], [data-action=next-round]"


def play_a_round(page: Page) -> None:
    """Play one whole round by clicking the table: set-up, Play, one swap, then knock until the round ends.

    Ends on the round's end with every hand revealed and the round's scores on the sheet.
    """
    expect(page.locator("[data-action=start]")).to_be_visible()
    page.locator("[data-field=speed]").select_option("fast")
    page.locator("[data-action=start]").click()
    swapped = False
    while True:
        step = page.locator(NEXT_STEP).first
        step.wait_for(timeout=BOT_TIMEOUT_MS)
        if step.get_attribute("data-action") == "next-round":
            break
        expect(page.locator("[data-zone=hand] [data-card]")).to_have_count(9)
        if not swapped:
            given = page.locator("[data-zone=hand] [data-card]").first.get_attribute("data-card")
            taken = page.locator("[data-zone=pool] [data-card]").first.get_attribute("data-card")
            page.locator(f"[data-zone=hand] [data-card='{given}']").click()
            page.locator(f"[data-zone=pool] [data-card='{taken}']").click()
            page.locator(".confirm [data-action=confirm]").click()
            swapped = True
            # The swap happened: the card taken from the pool is in the hand now (unless a ZERO ended it).
            expect(page.locator(f"[data-zone=hand] [data-card='{taken}'], [data-action=next-round]").first
                   ).to_be_visible(timeout=BOT_TIMEOUT_MS)
        else:
            page.locator("[data-action=knock]").click()
            page.locator(".confirm [data-action=confirm]").click()
    expect(page.locator(".revealed-hand")).to_have_count(3)
    expect(page.locator(".revealed-hand [data-card]")).to_have_count(27)
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    scores = page.locator(".sheet-table tbody td").all_inner_texts()
    assert len(scores) == 3 and all(text.split()[0].isdigit() for text in scores)


@contextmanager
def first_visit(
    chromium: Browser, servers: list[StoppableServer], root: Path = REPO
) -> Iterator[tuple[StoppableServer, Page]]:
    """``root`` served by a server of its own and opened once in a new context: the page is ready and its service
    worker controls it and has stored the game."""
    server = start(servers, root=root)
    context = new_context(chromium)
    try:
        page = context.new_page()
        page.goto(server.url)
        wait_ready(page)
        wait_offline_ready(page)  # the worker's registration is subject to the policy too
        yield server, page
    finally:
        context.close()


# --- tests ------------------------------------------------------------------------------------


def test_after_one_visit_the_game_plays_with_the_server_gone_and_no_network_under_its_security_policy(
    chromium: Browser, servers: list[StoppableServer]
) -> None:
    """With the start-up snapshot the first visit made, and without one; the Content-Security-Policy is in force
    and nothing the game does (its boot, its workers, a round) breaks it."""
    with first_visit(chromium, servers) as (server, page):
        page.wait_for_function(snap.MADE, timeout=READY_TIMEOUT_MS)
        assert csp_violations(page) == [], "the first visit, its service worker and the snapshot's worker"
        # Everything the page and the snapshot's worker fetched is in the precache (plus the worker).
        precached = {"/" + name for name in precache.precache_files()}
        fetched = set(server.requested) - {"/", "/sw.js"}
        assert fetched <= precached, f"loaded but not precached: {sorted(fetched - precached)}"

        server.stop()
        assert_refused(server.port)
        page.context.set_offline(True)

        page.reload()
        wait_ready(page)
        assert snap.state(page.evaluate) == ("restored", None)
        play_a_round(page)
        assert csp_violations(page) == []

        page.evaluate(snap.REMOVE)
        page.evaluate(snap.SKIP)
        page.reload()
        wait_ready(page)
        assert snap.state(page.evaluate)[0] == "cold"
        page.locator("[data-action=next-round], [data-action=knock]").first.wait_for(timeout=BOT_TIMEOUT_MS)
        assert csp_violations(page) == []

        # In force: a string evaluated as code, an injected inline script and a cross-origin
        # image are all refused.  (Code Playwright runs itself is exempt, so go through timers.)
        page.evaluate(
            """() => {
                setTimeout("window.__evalRan = true", 0);
                const script = document.createElement("script");
                script.textContent = "window.__inlineRan = true";
                document.head.append(script);
                const image = new Image();
                image.src = "https://example.org/tracker.png";
            }"""
        )
        page.wait_for_function("() => window.__cspViolations.length >= 3")
        assert page.evaluate("() => [window.__evalRan, window.__inlineRan]") == [None, None]
        blocked = " ".join(csp_violations(page))
        assert "script-src" in blocked and "eval" in blocked and "img-src" in blocked


def test_under_a_sub_path_the_game_survives_a_browser_restart_offline(
    chromium: Browser, servers: list[StoppableServer], tmp_path: Path
) -> None:
    server = start(servers, prefix="/zero")
    browser_type = chromium.browser_type
    executable = find_chromium(SimpleNamespace(chromium=browser_type))  # type: ignore[arg-type]
    profile = tmp_path / "profile"

    def launch() -> BrowserContext:
        context = browser_type.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=CHROMIUM_ARGS,
        )
        context.add_init_script(CSP_LISTENER)
        context.add_init_script(CHOOSE_ZERO)
        context.add_init_script(snap.no_snapshot("/zero/"))
        return context

    context = launch()
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server.url)
        wait_ready(page)
        wait_offline_ready(page)
        scopes = page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).map(r => r.scope)")
        assert scopes == [server.url]
        assert all(name.startswith("zero /zero/ ") for name in cache_names(page))
    finally:
        context.close()
    # Every request stayed under /zero/: the handler refuses and does not record anything else.
    assert server.requested and "/sw.js" in server.requested

    server.stop()
    assert_refused(server.port)
    context = launch()  # "the tablet restarted"
    try:
        context.set_offline(True)
        page = context.pages[0] if context.pages else context.new_page()
        # From the home-screen icon, or a link with a query string (a shared seed, say).
        page.goto(server.url + "?seed=3")
        wait_ready(page)
        play_a_round(page)
        assert csp_violations(page) == []
        page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
        assert snap.state(page.evaluate)[1] == "skipped", "a snapshot was made in the background"
    finally:
        context.close()


def test_a_new_version_waits_for_the_player_then_replaces_the_old_cache_and_keeps_the_match(
    chromium: Browser, servers: list[StoppableServer], tmp_path: Path
) -> None:
    """First the same release installed a second time, which WebKit can do (a reload during the first install),
    simulated by a worker whose bytes differ but whose VERSION is the same: no banner, and it takes over quietly.
    Then a new release."""
    site = tmp_path / "site"
    precache.copy_site(site)  # the site's files free to change, as a new release would
    with first_visit(chromium, servers, root=site) as (_, page):
        worker = site / "sw.js"
        text = worker.read_text(encoding="utf-8")
        found = re.search(r'^const VERSION = "([^"]+)";$', text, re.MULTILINE)
        assert found is not None
        old_version = found.group(1)
        assert cache_names(page) == [snap.cache_name(old_version)]
        page.wait_for_function(snap.MADE, timeout=READY_TIMEOUT_MS)  # this release's start-up snapshot

        # The same release, other bytes: the second worker installs, is seen to be the same release, and replaces
        # the first without a word.
        page.evaluate("() => { window.__sameDocument = true; }")
        worker.write_text(text + "// the same release, other bytes\n", encoding="utf-8")
        page.evaluate("async () => { await (await navigator.serviceWorker.getRegistration()).update(); }")
        page.wait_for_function("""async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return !r.installing && !r.waiting && r.active && r.active.state === 'activated';
        }""", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(500)
        expect(page.locator("#update-banner")).to_be_hidden()
        assert page.evaluate("() => document.documentElement.dataset.offline") == "ready"
        assert page.evaluate("() => window.__sameDocument") is True, "nothing reloaded"
        assert cache_names(page) == [snap.cache_name(old_version)]

        # A match in progress (saved by the game after every move) and something else of the site's.
        page.locator("[data-field=speed]").select_option("fast")
        page.locator("[data-action=start]").click()
        page.locator("[data-action=knock]").wait_for(timeout=BOT_TIMEOUT_MS)
        hand = page.locator("[data-zone=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        match = page.evaluate("() => localStorage.getItem('zero-knizia:game')")
        assert match is not None
        saved = json.dumps({"marker": random.Random().random()})
        page.evaluate("(saved) => localStorage.setItem('zero.test.saved-match', saved)", saved)

        # Release a new version: the worker's bytes change (as tools/precache.py would do).
        new_version = old_version + "-next"
        worker.write_text(text.replace(json.dumps(old_version), json.dumps(new_version)), encoding="utf-8")
        page.evaluate("async () => { await (await navigator.serviceWorker.getRegistration()).update(); }")

        banner = page.get_by_role("status").filter(has_text="new version")
        expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
        # Nothing reloads until the player says so; the old version still serves the page.
        page.wait_for_timeout(500)
        assert page.evaluate("() => window.__sameDocument") is True
        assert page.evaluate("() => document.documentElement.dataset.offline") == "update"

        with page.expect_navigation(timeout=READY_TIMEOUT_MS):
            page.get_by_role("button", name="Reload").click()
        wait_ready(page)
        wait_offline_ready(page)
        assert page.evaluate("() => window.__sameDocument === undefined")
        assert cache_names(page) == [snap.cache_name(new_version)]
        # The old release's snapshot went with its cache: this first start of the new one started Python
        # from nothing, and makes the new release's own.
        assert snap.state(page.evaluate)[0] == "cold"
        page.wait_for_function(snap.SETTLED, timeout=READY_TIMEOUT_MS)
        assert snap.state(page.evaluate) == ("cold", "made")
        assert page.evaluate(snap.ENTRY)[0] == snap.cache_name(new_version)
        assert page.evaluate("() => localStorage.getItem('zero.test.saved-match')") == saved
        # The match comes back at the same turn, with the same hand.
        page.locator("[data-action=knock]").wait_for(timeout=BOT_TIMEOUT_MS)
        assert page.locator("[data-zone=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
        resumed = json.loads(page.evaluate("() => localStorage.getItem('zero-knizia:game')"))
        assert (resumed["id"], resumed["match"]) == (json.loads(match)["id"], json.loads(match)["match"])
        expect(page.locator("#update-banner")).to_be_hidden()
        assert csp_violations(page) == []
