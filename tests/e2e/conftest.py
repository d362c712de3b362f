"""Browser-test fixtures: a real Chromium (Playwright, sync API) against ``serve.py``.

Every test in ``tests/e2e/`` is marked ``browser`` automatically, so ``pytest -m "not browser"``
runs the unit tests only.

Fixtures (names chosen not to clash with the ``pytest-playwright`` plugin):

``site_url`` (session)
    ``http://127.0.0.1:<free port>/``: ``serve.py`` serving this repository, stopped at the end.
``chromium`` (session)
    A headless Chromium ``Browser``: ``$ZERO_CHROMIUM``, else ``/usr/bin/chromium`` (Debian's
    ``chromium`` package), else Playwright's own download.  None found: the test fails and says
    how to get one.
``fresh_context``
    A new ``BrowserContext`` (empty cache and storage) per test, closed afterwards, made by
    :func:`page_context`: without service workers, as a browser has none on plain HTTP to another
    machine (``python serve.py --lan``).  The page then neither stores itself for offline play nor
    makes a start-up snapshot after its first visit: seconds of both cores that no test of saved
    games, screens or play needs.  Tests of offline play, updates and the snapshot (test_offline.py,
    test_snapshot.py) open their own contexts, with a service worker.
``booted_game`` (module)
    A :class:`LoadedPage` of ``index.html`` in a :func:`page_context` (no service worker, as on plain HTTP)
    that reached ``data-app="ready"``, with every request it made and every uncaught error (``page_errors``).
    Pyodide boots once for the module: read from it, do not navigate it away.

Helpers: :func:`open_game` (open a page in a context, optionally wait for ready) and
:class:`RequestLog` (records every request with its outcome).  Example::

    def test_something(fresh_context, site_url):
        game = open_game(fresh_context, site_url)
        assert game.requests.failures() == []
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Playwright, sync_playwright
from playwright.sync_api import Request as PwRequest

from tools import browser as browser_tools
from tools.browser import NO_CHROMIUM, find_chromium, start_serve, stop_serve

REPO = Path(__file__).resolve().parents[2]
# For pages opened without ``open_game``: Zero, as chosen on an earlier visit (a first visit shows the
# choice of game; tests/e2e/test_quiz.py covers that screen).
CHOOSE_ZERO = (
    "try { if (localStorage.getItem('zero-knizia:prefs') === null && !location.search.includes('game=')"
    " && !sessionStorage.getItem('first-visit')) localStorage.setItem('zero-knizia:prefs',"
    " JSON.stringify({type: 'prefs', schema: 1, values: {game: 'zero'}})); }"
    " catch (e) {}"
)
# Generous: Pyodide's boot is a few seconds here, but CI machines can be slow and noisy.
READY_TIMEOUT_MS = 90_000
# No service worker in the page, as outside a secure context (assets/offline.js then says "unavailable").
NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"
# A file of the site that runs nothing (open_game's ``stored`` writes there), and a function that leaves the origin's
# localStorage holding only the ``{key: text}`` items it is given (and the tab's sessionStorage empty).
SMALL_FILE = "assets/favicon.svg"
STORE_ITEMS = ("(items) => { localStorage.clear(); sessionStorage.clear();"
               " for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text); }")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


# --- the server -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    process, url = start_serve()
    try:
        yield url
    finally:
        stop_serve(process)


# --- the browser ------------------------------------------------------------------------------


def launch_chromium(playwright: Playwright) -> Browser:
    if find_chromium(playwright) is None:
        pytest.fail(NO_CHROMIUM, pytrace=False)
    browser: Browser = browser_tools.launch_chromium(playwright)
    return browser


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


# Every finite animation and transition of the page, finished (a measure taken mid-way sees a box still growing).
_SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map((a) => a.finished.catch(() => null))).then(() => true)"""


def settled(page: Page) -> None:
    """Wait until the page's finite animations and transitions have run (after a resize or a tap), so that what a
    test measures is the layout the player ends up seeing."""
    page.wait_for_function(_SETTLED, timeout=10_000)


def page_context(browser: Browser, **options: Any) -> BrowserContext:
    """A new context (empty cache and storage) without service workers, as on plain HTTP (see ``fresh_context``)."""
    context = browser.new_context(**{"viewport": {"width": 1024, "height": 768}, **options})
    context.add_init_script(NO_SERVICE_WORKER)
    return context


@pytest.fixture
def fresh_context(chromium: Browser) -> Iterator[BrowserContext]:
    context = page_context(chromium)
    try:
        yield context
    finally:
        context.close()


# The module's warm tab (see ``warm_context``) while the test under way has not opened it yet, and the listeners the
# test's :func:`open_game` attached to it (removed after the test, so that they do not pile up over the module).
_UNOPENED: list[Page] = []
_WARM_LOADS: list[LoadedPage] = []


# The uncaught errors of the pages the test under way opened with :func:`open_game`.
_UNCAUGHT: list[str] = []


@pytest.fixture(autouse=True)
def no_uncaught_errors() -> Iterator[None]:
    """Every browser test fails if a page it opened with :func:`open_game` threw an uncaught error (an error no
    console message shows: the player sees nothing, and what failed is left half done)."""
    _UNCAUGHT.clear()
    yield
    uncaught, _UNCAUGHT[:] = list(_UNCAUGHT), []
    assert uncaught == [], f"uncaught page errors: {uncaught}"


@pytest.fixture(scope="module")
def context_options() -> dict[str, Any]:
    """The options of a module's ``warm_context`` (a module overrides this fixture to change them)."""
    return {}


@pytest.fixture(scope="module")
def warm_tab(chromium: Browser, context_options: dict[str, Any]) -> Iterator[Page]:
    context = page_context(chromium, **context_options)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def warm_context(warm_tab: Page, site_url: str) -> Iterator[BrowserContext]:
    """As ``fresh_context``, but one context for the module: a test's first :func:`open_game` in it empties the
    origin's storage and opens the module's tab again (a tab that booted the game boots it sooner than a new
    context's first page).  The other tabs a test opens are closed after it, and the game in the module's tab is
    left for a small file of the site (its bots and timers then use no CPU).  Not for a test that adds init
    scripts or routes to its context, or takes it offline: those keep ``fresh_context``."""
    _UNOPENED[:] = [warm_tab]
    yield warm_tab.context
    _UNOPENED.clear()
    for loaded in _WARM_LOADS:
        loaded.detach()
    _WARM_LOADS.clear()
    for page in warm_tab.context.pages:
        if page is not warm_tab:
            page.close()
    if warm_tab.url.startswith(site_url):
        warm_tab.goto(site_url + SMALL_FILE)


# --- pages and their requests -----------------------------------------------------------------


@dataclass
class RecordedRequest:
    method: str
    url: str
    status: int | None = None  # None until a response arrives (or if it never does)
    failure: str | None = None  # the browser's error text for a failed request


@dataclass
class RequestLog:
    """Every request a page makes, with its outcome.  Attach before navigating."""

    entries: list[RecordedRequest] = field(default_factory=list)
    listeners: list[tuple[str, Callable[[PwRequest], None]]] = field(default_factory=list)

    def attach(self, page: Page) -> RequestLog:
        by_request: dict[int, RecordedRequest] = {}

        def on_request(request: PwRequest) -> None:
            entry = RecordedRequest(request.method, request.url)
            by_request[id(request)] = entry
            self.entries.append(entry)

        def on_finished(request: PwRequest) -> None:
            response = request.response()
            entry = by_request.get(id(request))
            if entry is not None and response is not None:
                entry.status = response.status

        def on_failed(request: PwRequest) -> None:
            entry = by_request.get(id(request))
            if entry is not None:
                entry.failure = request.failure or "failed"

        self.listeners = [("request", on_request), ("requestfinished", on_finished), ("requestfailed", on_failed)]
        for event, listener in self.listeners:
            page.on(event, listener)
        return self

    def detach(self, page: Page) -> None:
        """Stop recording ``page``'s requests."""
        for event, listener in self.listeners:
            page.remove_listener(event, listener)
        self.listeners = []

    @property
    def urls(self) -> list[str]:
        return [entry.url for entry in self.entries]

    def cross_origin(self, base_url: str) -> list[str]:
        """URLs of requests not sent to ``base_url``'s origin (data: and blob: included)."""
        origin = urlsplit(base_url)[:2]
        return [url for url in self.urls if urlsplit(url)[:2] != origin]

    def failures(self) -> list[RecordedRequest]:
        """Requests that failed or got an HTTP error status (a missing file shows up here)."""
        return [
            entry
            for entry in self.entries
            if entry.failure is not None or (entry.status is not None and entry.status >= 400)
        ]

    def path_requested(self, suffix: str) -> bool:
        return any(urlsplit(url).path.endswith(suffix) for url in self.urls)


@dataclass
class LoadedPage:
    page: Page
    requests: RequestLog
    console_errors: list[str]
    on_console: Callable[[ConsoleMessage], None]
    page_errors: list[str] = field(default_factory=list)  # uncaught errors, where a fixture records them

    on_error: Callable[[Any], None] | None = None

    def detach(self) -> None:
        """Stop recording the page's requests and console errors (a tab that outlives its test)."""
        self.requests.detach(self.page)
        self.page.remove_listener("console", self.on_console)
        if self.on_error is not None:
            self.page.remove_listener("pageerror", self.on_error)


def open_game(
    context: BrowserContext,
    site_url: str,
    path: str = "",
    *,
    wait_ready: bool = True,
    timeout_ms: int = READY_TIMEOUT_MS,
    zero: bool = True,
    stored: Mapping[str, str] | None = None,
) -> LoadedPage:
    """Open ``site_url + path`` in a new page of ``context``, recording requests.

    With ``zero`` (the default) the page opens on Zero (``?game=zero``), as from a bookmarked link.
    With ``stored``, the origin's localStorage holds only these items when the game first starts, as on a
    return visit (written from a small file of the site, so the game boots once, on them).
    In a ``warm_context``, a test's first page is the module's tab, its storage emptied first (but for ``stored``).
    With ``wait_ready`` it waits for ``<html data-app="ready">`` and fails early, with the
    page's own message, if the page reports ``data-app="error"`` instead.
    """
    warm = bool(_UNOPENED) and _UNOPENED[0].context is context
    if warm:
        page, stored = _UNOPENED.pop(), stored or {}
    else:
        page = context.new_page()
    if zero and "game=" not in path:
        path += ("&" if "?" in path else "?") + "game=zero"
    console_errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            console_errors.append(message.text)

    page.on("console", on_console)
    page_errors: list[str] = []

    def on_error(error: Any) -> None:  # an uncaught error: the test fails (see ``no_uncaught_errors``)
        page_errors.append(str(error))
        _UNCAUGHT.append(f"{page.url}: {error}")

    page.on("pageerror", on_error)
    if stored is not None:
        page.goto(site_url + SMALL_FILE)
        page.evaluate(STORE_ITEMS, dict(stored))
    requests = RequestLog().attach(page)
    loaded = LoadedPage(page, requests, console_errors, on_console, page_errors, on_error)
    if warm:
        _WARM_LOADS.append(loaded)
    page.goto(site_url + path)
    if wait_ready:
        page.wait_for_function(
            # A function, not an expression: Playwright evals expressions in the page, which
            # the page's Content-Security-Policy (no 'unsafe-eval') forbids.
            "() => document.documentElement.dataset.app !== 'loading'", timeout=timeout_ms
        )
        state = page.evaluate("document.documentElement.dataset.app")
        if state != "ready":
            message = page.inner_text("body")
            pytest.fail(
                f"page did not become ready (data-app={state!r}): {message}\n"
                f"console errors: {console_errors}\nfailed requests: "
                f"{requests.failures()}"
            )
    return loaded


def booted_page(browser: Browser, site_url: str, path: str, **options: Any) -> Iterator[Page]:
    """For a module's fixture: one page of a :func:`page_context` (no service worker) booted at ``site_url + path``,
    shared by the module's tests (Pyodide boots once); it has logged no console error by the end."""
    context = page_context(browser, **options)
    try:
        loaded = open_game(context, site_url, path)
        yield loaded.page
        assert loaded.console_errors == [] and loaded.page_errors == []
    finally:
        context.close()


@pytest.fixture(scope="module")
def booted_game(chromium: Browser, site_url: str) -> Iterator[LoadedPage]:
    context = page_context(chromium)
    page_errors: list[str] = []
    context.on("weberror", lambda error: page_errors.append(str(error.error)))
    try:
        loaded = open_game(context, site_url)
        loaded.page_errors = page_errors
        yield loaded
    finally:
        context.close()
