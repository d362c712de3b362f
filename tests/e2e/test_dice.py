"""The third game, Pig (``tests/dice``), played through the real page: the site served with it registered.

The site is copied as it ships, the game's package beside it as ``dice`` with its registry line added (lazy:
fetched when opened) and what ``python -m tools.filelist --write`` generates regenerated (``tests/dice_site.py``);
nothing else of the site is changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.dice_site import build
from tools import filelist
from tools.browser import start_serve, stop_serve

from .conftest import open_game, page_context

pytestmark = pytest.mark.browser
PREFS_FR = json.dumps({"type": "prefs", "schema": 1, "values": {"lang": "fr"}})


@pytest.fixture(scope="module")
def dice_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    build(root)  # the page reads the shell's registry from the [files] archive
    assert "dice/web/plugin.py" in (root / filelist.LAZY_LIST).read_text(encoding="utf-8")
    process, url = start_serve(Path(root))
    try:
        yield url
    finally:
        stop_serve(process)


def test_pig_is_played_to_the_end_through_the_shell(chromium: Browser, dice_site: str) -> None:
    context = page_context(chromium)
    try:
        loaded = open_game(context, dice_site, "?game=dice&seed=3", zero=False)
        page = loaded.page
        page.wait_for_selector("button[data-action='dice-start']")
        assert "New game of Pig" in page.inner_text(".dice h1")
        page.click("button[data-action='dice-start']")
        for _ in range(300):
            if page.locator(".banner").count():
                break
            roll = page.locator("button[data-action='dice-roll']")
            if roll.count():
                total = page.inner_text(".dice h1")
                target = "dice-hold" if any(f": {n} this turn" in total for n in range(6, 30)) else "dice-roll"
                page.click(f"button[data-action='{target}']")
            page.wait_for_timeout(150)
        assert "wins" in page.inner_text(".banner")
        assert loaded.console_errors == [] and loaded.page_errors == []
    finally:
        context.close()


def test_the_first_screen_python_paints_offers_pig_in_its_own_words(chromium: Browser, dice_site: str) -> None:
    """Registered by its one line, Pig is on the first screen once Python paints it, named and described by its
    own catalog (French here, the stored language), and its button opens it."""
    context = page_context(chromium)
    try:
        loaded = open_game(context, dice_site, zero=False, stored={"zero-knizia:prefs": PREFS_FR})
        page, booted = loaded.page, len(loaded.console_errors)  # (a 404 of /favicon.ico before: not the game's)
        page.wait_for_selector(".home-game.game-dice h2")
        assert page.inner_text(".home-game.game-dice h2") == "Cochon"
        assert "Un jeu de dés à deux" in page.inner_text(".home-game.game-dice p")
        page.click(".home-game.game-dice button[data-action='open-game']")
        page.wait_for_selector("button[data-action='dice-start']")
        assert loaded.console_errors[booted:] == [] and loaded.page_errors == []
    finally:
        context.close()
