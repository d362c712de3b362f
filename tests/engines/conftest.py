"""Fixtures for the cross-engine suite: every test here runs once in Firefox and once in WebKit.

Marked ``engines`` (select with ``-m engines``) and ``browser`` (``-m "not browser"`` leaves them out
with the other browser tests).  Each engine starts once per session (``driver``); ``game`` hands
tests the session's booted page, booting it again only if an earlier test took the page elsewhere.

A missing engine fails the run, with what to install, except where nothing can be installed (not
root, or no apt-get): then its tests are skipped with the same message.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tools.browser import ROOT
from tools.engines import Driver, EngineMissing, Site, launch

from .table import wait_ready

ENGINES = ("firefox", "webkit")
SEED = 5
GAME = f"?seed={SEED}&speed=fast&game=zero"  # Zero by its link (a first visit asks which game)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.engines)
            item.add_marker(pytest.mark.browser)


def missing(message: str) -> NoReturn:
    """Fail where the engine could have been installed (./test.sh installs it as root); else skip."""
    can_install = hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get") is not None
    if can_install:
        pytest.fail(f"{message} Run ./test.sh, which installs it.", pytrace=False)
    pytest.skip(f"{message} (Cannot install it here: not root, or no apt-get.)")


@pytest.fixture(scope="session", params=ENGINES)
def driver(request: pytest.FixtureRequest) -> Iterator[Driver]:
    try:
        browser = launch(str(request.param))
    except EngineMissing as missing_engine:
        missing(str(missing_engine))
    try:
        yield browser
    finally:
        browser.quit()


def served() -> Iterator[Site]:
    server = Site(ROOT)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    yield from served()


@pytest.fixture
def new_site() -> Iterator[Site]:
    """A server of its own: a new origin (empty storage, no service worker), stoppable mid-test."""
    yield from served()


@pytest.fixture
def game(driver: Driver, site: Site) -> Driver:
    """The session's page at ``site`` with a fixed seed and fast bots, booted (once if it can be)."""
    url = site.url + GAME
    here = driver.call("() => [location.href, document.documentElement.dataset.app]")
    if here != [url, "ready"]:
        driver.set_viewport(1024, 768)
        driver.goto(url)
        wait_ready(driver)
    return driver
