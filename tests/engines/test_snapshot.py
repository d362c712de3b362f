"""Return visits in Firefox and in WebKit (Safari's engine), walked on one new origin as a tablet would live
them: the start-up snapshot made after a first visit and restored with the same first screen and the seed's
deal; a damaged saved match backed up and reported; a match resumed after a reload; and, with the server
gone, a start from the snapshot that deals the seed's match, then a reload without it that resumes that match
from nothing and plays on.

One walk, not one test per point: each new origin costs a start from nothing (15-30 s in WebKit here), and the
return visits are what these points are about.  Each step asserts with a message that names it.

The snapshot's failure paths (a damaged snapshot, one Pyodide refuses, storage that refuses or cannot read it,
a new release) and fresh randomness are told in Chromium, tests/e2e/test_snapshot.py and test_offline.py.
"""

from __future__ import annotations

from tabletop.store import BACKUP_PREFIX
from tests import snapshot_hooks as snap
from tools.engines import Driver, Site
from zero_game.web.keeper import GAME_KEY

from . import table as t
from .conftest import GAME
from .engine_steps import console_errors

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


def table_after_one_swap(driver: Driver) -> tuple[list[str], list[str], str | None]:
    """Start a match, swap once and let the bots play: (hand, pool, the saved match)."""
    t.tap(driver, t.action("start"))
    return one_swap(driver)


def one_swap(driver: Driver) -> tuple[list[str], list[str], str | None]:
    """At the person's first turn of a match: swap once and let the bots play: (hand, pool, the saved match)."""
    assert t.next_step(driver) == "knock"
    t.swap_first_cards(driver)
    assert t.next_step(driver) == "knock", f"{driver.engine}: the bots have played their turns"
    table = (t.hand(driver), t.pool(driver), t.stored(driver, GAME_KEY))
    assert len(table[0]) == 9 and table[2] is not None, f"{driver.engine}: the match is saved after a move"
    return table


def assert_resumed(driver: Driver, before: tuple[list[str], list[str], str | None], how: str) -> None:
    """After a reload: the same turn, hand and pool, and the saved match as it was."""
    assert t.next_step(driver) == "knock", f"{driver.engine}: {how}: not back at the person's turn"
    assert (t.hand(driver), t.pool(driver)) == before[:2], f"{driver.engine}: {how}: another hand or pool"
    assert t.stored(driver, GAME_KEY) == before[2], f"{driver.engine}: {how}: resuming wrote over the saved match"


def test_return_visits_restore_the_snapshot_resume_a_match_recover_a_damaged_one_and_play_offline(
    driver: Driver, new_site: Site
) -> None:
    engine = driver.engine
    seeded_url, game_url = new_site.url + SEEDED, new_site.url + GAME

    # 1. The first visit starts Python from nothing (no service worker yet), then makes the snapshot.
    assert start(driver, seeded_url) == "off", f"{engine}: a first visit has no service worker, so no snapshot"
    cold_screen = driver.call(snap.FIRST_SCREEN)
    driver.wait(snap.SETTLED, timeout=MAKING_TIMEOUT_S, what="the start-up snapshot to be made")
    assert snap.state(driver.call) == ("off", "made"), f"{engine}: no snapshot was stored"

    # 2. The next visit is restored from it: the same first screen, no new snapshot, the seed's deal.
    assert start(driver, seeded_url) == "restored", f"{engine}: the return visit did not restore the snapshot"
    assert driver.call(snap.FIRST_SCREEN) == cold_screen, f"{engine}: a restored start shows another first screen"
    assert snap.state(driver.call)[1] is None, f"{engine}: a restored start makes no snapshot"
    seeded = dealt(driver)
    assert console_errors(driver) == []

    # 3. A damaged saved match: backed up, reported, and the game starts on the set-up screen.
    driver.call("(key) => localStorage.setItem(key, '{broken')", GAME_KEY)
    driver.reload()
    t.wait_ready(driver)
    t.wait_visible(driver, t.notice("storage.corrupt-game"), timeout=10)
    assert t.visible(driver, t.action("start")), f"{engine}: a damaged match: not the set-up screen, ready to play"
    backups = driver.call("(p) => Object.keys(localStorage).filter(k => k.startsWith(p))", BACKUP_PREFIX)
    assert len(backups) == 1 and t.stored(driver, backups[0]) == "{broken", f"{engine}: the damaged match's backup"
    assert t.stored(driver, GAME_KEY) is None, f"{engine}: the damaged match is still stored as the match"

    # 4. A match in progress resumes after a reload, at the same turn.
    driver.goto(game_url)
    t.wait_ready(driver)
    before = table_after_one_swap(driver)
    driver.reload()
    t.wait_ready(driver)
    assert_resumed(driver, before, "a reload")
    assert console_errors(driver) == []

    # 5. The server is gone (and with it the console recorder): the snapshot starts the game, the seed's deal.
    new_site.stop()
    assert start(driver, seeded_url) == "restored", f"{engine}: offline, the snapshot was not restored"
    t.tap(driver, t.action("start"))
    t.wait_visible(driver, t.HAND)
    assert t.hand(driver) == seeded, f"{engine}: a seed deals the same match from a snapshot, offline too"
    before = one_swap(driver)

    # 6. Still offline, without the snapshot (and none made again): Python starts from the stored files, the
    # match resumes at the same turn, and the bots play on.  ("late": the worker or the storage took longer than
    # a start waits to say there is none, which a loaded machine can make it do; a start from nothing too.)
    assert driver.call(snap.REMOVE), f"{engine}: no snapshot to remove"
    driver.call(snap.SKIP)
    driver.reload()
    t.wait_ready(driver)
    started = snap.state(driver.call)[0]
    assert started in ("cold", "late"), f"{engine}: offline without a snapshot: not a start from nothing ({started})"
    assert_resumed(driver, before, "offline, a start from nothing")
    t.swap_first_cards(driver)
    assert t.next_step(driver) in ("knock", "next-round"), f"{engine}: offline, the bots did not play on"
