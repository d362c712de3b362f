"""The third game, Pig (``tests/dice``), played through the real page: the site served with it registered.

The site is copied as it ships (``tools.filelist.site_files``), the game's package beside it as ``dice`` with its
registry line added (lazy: fetched when opened) and the lazy list regenerated, as ``python -m tools.filelist
--write`` would after a game is added; nothing else of the site is changed.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tabletop import registry
from tests.dice import ENTRY
from tools import filelist
from tools.browser import start_serve, stop_serve

from .conftest import open_game, page_context

pytestmark = pytest.mark.browser
REPO = filelist.ROOT
DICE = replace(ENTRY, package="dice", lazy=True)


@pytest.fixture(scope="module")
def dice_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    for name in {*filelist.site_files(), "sw.js", filelist.LAZY_LIST}:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, root / name)
    shutil.copytree(REPO / "tests" / "dice", root / "dice", ignore=shutil.ignore_patterns("__pycache__"))
    games = (*registry.GAMES, DICE)
    path = root / "tabletop" / "registry.py"
    path.write_text(path.read_text(encoding="utf-8")
                    + f"\n\nGAMES = (*GAMES, Entry({DICE.name!r}, {DICE.package!r}, lazy=True, docs={DICE.docs!r}))\n",
                    encoding="utf-8")
    (root / filelist.LAZY_LIST).write_text(filelist.lazy_list(root, games), encoding="utf-8")
    filelist.write_archive(root, games)  # the page reads the shell's registry from the [files] archive
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
