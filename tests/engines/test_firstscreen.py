"""The first screen before Python in Firefox and in WebKit (Safari's engine): a newcomer's first visit shows the
choice of game, with its buttons, at the first paint, while the runtime is still downloading; a tap on a game
then is kept and, when Python is ready, opens that game's set-up with no second tap.

The site holds the runtime's wasm back until the test lets it come, so "before Python" is certain, not a race.
Chromium's own walk of the same (and of the stored language) is tests/e2e/test_firstscreen.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tools.engines import Driver, Site

from . import table as t
from .engine_steps import console_errors

PLAY_ZERO = "#first [data-action='open-game'][data-arg='zero']"


@pytest.fixture
def held_site(new_site: Site) -> Iterator[Site]:
    new_site.hold_runtime()
    try:
        yield new_site
    finally:
        new_site.release_runtime()


def test_the_choice_of_game_is_there_at_the_first_paint_and_a_tap_then_opens_its_set_up_when_ready(
    driver: Driver, held_site: Site
) -> None:
    driver.set_viewport(1024, 768)
    driver.open(held_site.url)  # a first visit: a new origin, nothing stored, no link to a game
    held_site.wait_runtime_asked()
    # The first paint showed the game choice and both its buttons, in the viewport, with Python still starting.
    first = driver.wait("() => window.__zeroTimes?.firstPaint", what="the first contentful paint")
    assert first["app"] == "loading", f"{driver.engine}: first paint {first}"
    assert first["buttons"] == ["Play Zero", "Play Zéro à 1000"], f"{driver.engine}: first paint {first}"
    assert t.app_state(driver) == "loading"
    assert driver.call("() => document.querySelector('#first h1').textContent") == "Which game?"
    assert "Zéro à 1000" in driver.call("() => document.title")
    assert driver.call("() => document.getElementById('loading-step').textContent") == "The games are getting ready…"

    driver.click(PLAY_ZERO)  # before Python: kept, and said so
    assert driver.call("(s) => document.querySelector(s).getAttribute('aria-pressed')", PLAY_ZERO) == "true"
    assert driver.call("() => document.getElementById('loading-step').textContent") == (
        "Zero opens as soon as it is ready…")
    assert t.app_state(driver) == "loading", f"{driver.engine}: Python came before the runtime was let go"

    held_site.release_runtime()
    t.wait_ready(driver)
    # No second tap: Zero's set-up, by its link, remembered.
    assert driver.call("() => [document.body.dataset.screen, document.body.dataset.game]") == ["setup", "zero"]
    t.wait_visible(driver, t.action("start"))
    assert "game=zero" in driver.call("() => location.href")
    assert console_errors(driver) == []
