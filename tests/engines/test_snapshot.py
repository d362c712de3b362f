"""The start-up snapshot in Firefox and in WebKit (Safari's engine), as far as their storage allows here (it
does, in both): made after a first visit, restored with the same first screen and the seed's deal,
offline too.  The failure paths (a damaged snapshot, one Pyodide refuses, storage that refuses or cannot
read it, a new release) and fresh randomness are told in Chromium, tests/e2e/test_snapshot.py and
test_offline.py: each costs another start from nothing, which in WebKit here is 15-30 s."""

from __future__ import annotations

from tests import snapshot_hooks as snap
from tools.engines import Driver, Site
from zero_game.web.keeper import GAME_KEY

from . import table as t
from .test_engines import console_errors

SEEDED = "?seed=7&speed=fast&game=zero"
MAKING_TIMEOUT_S = 240.0  # the first visit's worker starts a second Pyodide: slow in WebKit under load


def start(driver: Driver, url: str) -> str | None:
    """A start at ``url`` (no saved match): wait until ready; return how it started (see snapshot.mjs)."""
    driver.call("(key) => { try { localStorage.removeItem(key); } catch { /* another origin's page */ } }", GAME_KEY)
    driver.goto(url)
    t.wait_ready(driver)
    return snap.state(driver.call)[0]


def dealt(driver: Driver) -> list[str]:
    """Start a match from the set-up screen: the person's hand."""
    t.tap(driver, t.action("start"))
    t.wait_visible(driver, t.HAND)
    hand = t.hand(driver)
    driver.call("(key) => localStorage.removeItem(key)", GAME_KEY)
    return hand


def test_a_snapshot_is_made_then_restored_online_and_offline(driver: Driver, new_site: Site) -> None:
    assert start(driver, new_site.url + SEEDED) == "off"
    cold_screen = driver.call(snap.FIRST_SCREEN)
    driver.wait(snap.SETTLED, timeout=MAKING_TIMEOUT_S, what="the start-up snapshot to be made")
    assert snap.state(driver.call) == ("off", "made"), f"{driver.engine}: no snapshot was stored"

    assert start(driver, new_site.url + SEEDED) == "restored"
    assert driver.call(snap.FIRST_SCREEN) == cold_screen
    assert snap.state(driver.call)[1] is None, "a restored start makes no snapshot"
    seeded = dealt(driver)
    assert console_errors(driver) == []

    new_site.stop()  # offline: the server is gone (and with it the console recorder)
    assert start(driver, new_site.url + SEEDED) == "restored"
    assert dealt(driver) == seeded, "a seed deals the same match from a snapshot, offline too"
