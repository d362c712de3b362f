"""The static page in a real Chromium: boots from its own origin, paints first, fails plainly."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, expect

from tools.browser import start_serve, stop_serve
from tools.filelist import site_files

from .conftest import REPO, LoadedPage, open_game
from .page_steps import RUNTIME_WASM, hold_runtime, wait_until_held


def test_page_becomes_ready_loading_everything_from_its_own_origin_without_a_service_worker(
    booted_game: LoadedPage, site_url: str
) -> None:
    """Plain HTTP on the LAN has no service worker (the page here has none either): the game runs all the same."""
    page, requests = booted_game.page, booted_game.requests
    assert page.evaluate("document.documentElement.dataset.app") == "ready"
    assert page.evaluate("() => document.documentElement.dataset.offline") == "unavailable"
    assert booted_game.page_errors == [] and booted_game.console_errors == []
    assert not requests.path_requested("/sw.js")
    # Every request is same-origin (no CDN), and none failed: a file missing from
    # assets/vendor/ would show up here as a 404.
    assert requests.cross_origin(site_url) == []
    assert requests.failures() == []
    for needed in ("pyodide.asm.wasm", "python_stdlib.zip", "/main.py", "assets/files.zip"):  # [files]: one archive
        assert requests.path_requested(needed), f"{needed} was never requested"
    assert not requests.path_requested("micropip"), "micropip costs ~0.7 s at start"
    # Python took over: the loading indicator is gone and the engine package was imported.
    expect(page.locator("#loading")).to_have_count(0)
    expect(page.locator("[data-action=start]")).to_be_visible()  # the set-up screen (zero_game.web)
    expect(page.locator("#load-error")).to_be_hidden()


def test_shell_paints_before_python_is_ready(booted_game: LoadedPage) -> None:
    first_paint, ready = booted_game.page.evaluate(
        """() => [
            performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
            performance.getEntriesByName('tabletop:ready')[0]?.startTime,
        ]"""
    )
    assert first_paint is not None, "no first-contentful-paint entry"
    assert ready is not None, "boot.js did not mark tabletop:ready"
    assert first_paint < ready






def test_shell_shows_title_table_and_progress_while_python_downloads(
    fresh_context: BrowserContext, site_url: str
) -> None:
    held = hold_runtime(fresh_context)
    game = open_game(fresh_context, site_url, wait_ready=False)
    page = game.page
    wait_until_held(page, held)
    # The first screen is in the page; the link's game opens once Python is ready, and the line says so.
    expect(page.locator("#first h1")).to_have_text("Which game?")
    expect(page.locator("#app")).to_be_visible()
    expect(page.locator("#loading-step")).to_have_text("Zero opens as soon as it is ready…")
    expect(page.locator("#loading-bar")).to_have_attribute("value", "1")  # downloading Python
    assert page.evaluate("document.documentElement.dataset.app") == "loading"

    for route in held:
        route.continue_()
    fresh_context.unroute(RUNTIME_WASM)
    page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=90_000)
    assert game.requests.failures() == []


def test_shell_fits_a_tablet_and_a_phone(fresh_context: BrowserContext, site_url: str) -> None:
    held = hold_runtime(fresh_context)  # the shell alone, before Python arrives
    page = open_game(fresh_context, site_url, wait_ready=False).page
    wait_until_held(page, held)
    for width, height in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator("#first h1")).to_be_in_viewport()
        expect(page.locator("#loading-step")).to_be_in_viewport()
        table = page.locator("#app").bounding_box()
        assert table is not None
        assert table["x"] >= 0 and table["x"] + table["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    for route in held:
        route.abort()


def test_runtime_that_fails_to_load_shows_a_plain_message_and_retry_works(
    fresh_context: BrowserContext, site_url: str
) -> None:
    fresh_context.route(RUNTIME_WASM, lambda route: route.abort("connectionfailed"))
    page = open_game(fresh_context, site_url, wait_ready=False).page
    page.wait_for_function("() => document.documentElement.dataset.app === 'error'", timeout=90_000)
    error = page.locator("#load-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("could not start")
    expect(page.locator("#load-error-message")).to_contain_text("failed to load")
    expect(page.locator("#loading")).to_be_hidden()
    retry = page.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()

    # The network is back: Retry reloads the page and the game starts.
    fresh_context.unroute(RUNTIME_WASM)
    retry.click()
    page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=90_000)
    expect(page.locator("#load-error")).to_be_hidden()


def test_runtime_that_arrives_damaged_shows_the_plain_message(
    fresh_context: BrowserContext, site_url: str
) -> None:
    """A download that completes but cannot be used (truncated, altered by a proxy): Pyodide itself
    only logs a warning and never finishes; the page must still say it could not start."""
    damaged = b"\0asm" + b"\1" * 4096
    fresh_context.route(
        RUNTIME_WASM,
        lambda route: route.fulfill(status=200, body=damaged, content_type="application/wasm"),
    )
    page = open_game(fresh_context, site_url, wait_ready=False).page
    page.wait_for_function("() => document.documentElement.dataset.app === 'error'", timeout=90_000)
    expect(page.locator("#load-error")).to_contain_text("could not start")
    expect(page.locator("#load-error-message")).to_contain_text("failed to load")
    expect(page.get_by_role("button", name="Try again")).to_be_visible()


def test_python_error_at_start_shows_the_error_message(
    fresh_context: BrowserContext, site_url: str
) -> None:
    fresh_context.route(
        re.compile(r".*/main\.py$"),
        lambda route: route.fulfill(
            body="raise RuntimeError('engine exploded')", content_type="text/x-python"
        ),
    )
    page = open_game(fresh_context, site_url, wait_ready=False).page
    page.wait_for_function("() => document.documentElement.dataset.app === 'error'", timeout=90_000)
    expect(page.locator("#load-error")).to_be_visible()
    expect(page.locator("#load-error-message")).to_contain_text("problem while starting")
    expect(page.get_by_role("button", name="Try again")).to_be_visible()


def test_site_files_alone_run_the_game_under_a_sub_path(
    fresh_context: BrowserContext, tmp_path: Path
) -> None:
    """A copy of just ``site_files()`` served at ``/zero/`` (as on GitHub Pages) boots."""
    for name in site_files():
        target = tmp_path / "zero" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO / name, target)
    process, base_url = start_serve(tmp_path)
    try:
        game = open_game(fresh_context, base_url, "zero/")
        assert game.requests.failures() == []
        assert all(urlsplit(url).path.startswith("/zero/") for url in game.requests.urls)
    finally:
        stop_serve(process)
