"""Saved games and the score sheet in a real Chromium: resume after reload, damaged data, a full storage,
export/import between profiles, and two tabs on one match."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tabletop.store import BACKUP_PREFIX
from zero_game.web.i18n import messages, translate
from zero_game.web.keeper import GAME_KEY, SHEET_KEY

from .conftest import STORE_ITEMS, open_game, page_context, settled
from .storage_steps import NO_ROOM_FOR_BACKUPS, backups, stored

EN = messages("en").messages  # the storage texts, placeholders unfilled
GAME = "?seed=5&speed=fast"
BOT_TIMEOUT_MS = 60_000
MY_TURN = "[data-action=knock]"


def wait_ready(page: Page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.app !== 'loading'", timeout=90_000)
    assert page.evaluate("() => document.documentElement.dataset.app") == "ready"


def reload(page: Page) -> None:
    page.reload()
    wait_ready(page)


def hand(page: Page) -> list[str]:
    return sorted(page.locator("[data-zone=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))


def pool(page: Page) -> list[str]:
    return sorted(page.locator("[data-zone=pool] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))




def swap_first(page: Page) -> None:
    page.locator("[data-zone=hand] [data-card]").first.click()
    page.locator("[data-zone=pool] [data-card]").first.click()
    page.locator(".confirm [data-action=confirm]").click()


def knock(page: Page) -> None:
    page.locator("[data-action=knock]").click()
    page.locator(".confirm [data-action=confirm]").click()


def my_turn(page: Page) -> None:
    page.locator(MY_TURN).wait_for(timeout=BOT_TIMEOUT_MS)


def play_match_of_one_round(page: Page) -> None:
    """Set up one round against the two bots and knock until the match is over."""
    page.locator("[data-field=rounds]").select_option("1")
    page.locator("[data-action=start]").click()
    knock_until_the_match_is_over(page)


def knock_until_the_match_is_over(page: Page) -> None:
    """Knock at every turn of mine (bots play theirs) until the winner screen shows."""
    while True:
        step = page.locator(f"{MY_TURN}, [data-action=next-round], [data-action=play-again]").first
        step.wait_for(timeout=BOT_TIMEOUT_MS)
        action = step.get_attribute("data-action")
        if action == "play-again":
            return
        if action == "next-round":
            page.locator("[data-action=next-round]").click()
        else:
            knock(page)


def test_reload_in_the_middle_of_a_round_resumes_the_same_turn(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, GAME).page
    page.locator("[data-action=start]").click()
    my_turn(page)
    swap_first(page)  # the bots play their turns, then it is my turn again
    my_turn(page)
    before = (hand(page), pool(page), page.locator(".status-text").inner_text(), stored(page, GAME_KEY))
    assert len(before[0]) == 9 and before[3] is not None

    reload(page)
    my_turn(page)
    assert (hand(page), pool(page), page.locator(".status-text").inner_text()) == before[:3]
    expect(page.locator(".seat-last")).to_have_count(2)  # the bots' last moves are still on the table
    assert stored(page, GAME_KEY) == before[3], "resuming wrote over the saved match"


def test_reload_with_two_people_resumes_on_the_handoff_screen(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, GAME).page
    page.locator("[data-action=remove-seat][data-arg='2']").click()
    page.locator("[data-field='seat-kind:1']").select_option("person")
    page.locator("[data-field='seat-name:0']").fill("Ana")
    page.locator("[data-field='seat-name:1']").fill("Ben")
    page.locator("[data-action=start]").click()
    page.locator("[data-action=ready]").click()
    swap_first(page)
    page.locator("[data-action=ready]").click()  # the second person looks at their hand
    second = page.locator(".status-text").inner_text()
    cards = hand(page)
    assert len(cards) == 9

    reload(page)
    expect(page.locator(".handoff h1")).to_be_visible()
    assert page.locator("[data-card]").count() == 0, "a hand is on screen before the hand-off"
    name = "Ben" if "Ben" in second else "Ana"
    expect(page.locator(".handoff h1")).to_contain_text(name)
    page.locator("[data-action=ready]").click()
    assert hand(page) == cards
    expect(page.locator(".status-text")).to_have_text(second)


def test_a_corrupt_saved_match_is_backed_up_and_reported_and_the_game_starts(
    warm_context: BrowserContext, site_url: str
) -> None:
    page = open_game(warm_context, site_url, GAME, stored={GAME_KEY: "{broken"}).page
    notice = page.locator("[data-notice='storage.corrupt-game']")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_contain_text(EN["storage.corrupt-game"])
    expect(page.locator("[data-action=start]")).to_be_visible()  # the set-up screen, ready to play
    backups = page.evaluate(
        "(prefix) => Object.keys(localStorage).filter(k => k.startsWith(prefix))", BACKUP_PREFIX
    )
    assert len(backups) == 1 and stored(page, backups[0]) == "{broken"
    assert stored(page, GAME_KEY) is None

    with page.expect_download() as download:  # the player can take the raw text away
        notice.locator("[data-action=export-backup]").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == "{broken"
    # Notices and the service worker's update bar follow the language (the bar is hidden until an update).
    page.locator("[data-field=lang]").select_option("fr")
    expect(notice).to_contain_text(translate("fr", "storage.corrupt-game"))
    for node, key in (("update-message", "update.message"), ("update-reload", "update.reload"),
                      ("update-later", "update.later")):
        assert page.locator(f"#{node}").text_content() == translate("fr", key)
    notice.locator("[data-action=dismiss]").click()
    expect(notice).to_have_count(0)


QUOTA_PATCH = """
(() => {
  const original = Storage.prototype.setItem;
  window.__refused = 0;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("zero-knizia:game") || String(key).startsWith("zero-knizia:sheet")) {
      window.__refused += 1;
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return original.call(this, key, value);
  };
})();
"""


# The table's cards that a notice covers, or the page scrolling, as problems.
UNCOVERED = """() => {
  const problems = [];
  if (document.scrollingElement.scrollHeight > innerHeight + 1) problems.push('the page scrolls');
  for (const card of document.querySelectorAll('[data-zone=pool] [data-card], [data-zone=hand] [data-card]')) {
    const r = card.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !card.contains(hit)) problems.push(`${card.dataset.card} covered by ${hit && hit.className}`);
  }
  return problems;
}"""


def test_a_full_storage_warns_once_and_the_round_goes_on(fresh_context: BrowserContext, site_url: str) -> None:
    fresh_context.add_init_script(QUOTA_PATCH)
    page = open_game(fresh_context, site_url, GAME).page
    page.locator("[data-field=rounds]").select_option("1")
    page.locator("[data-action=start]").click()
    warning = page.locator("[data-notice='storage.write-failed']")
    expect(warning).to_be_visible()
    expect(warning).to_have_attribute("role", "alert")
    expect(warning).to_contain_text(EN["storage.write-failed"])
    expect(page.locator("[data-notice='storage.at-risk']")).to_have_text(
        EN["storage.at-risk"].format(kept=EN["storage.nothing"], lost=EN["storage.lost-match"]) + "Dismiss")
    my_turn(page)
    # One line each above the table, never over it: the pool and the hand stay in view and uncovered.
    for width, height in ((1024, 768), (768, 1024), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        assert page.evaluate(UNCOVERED) == [], f"at {width}×{height}"
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(warning.locator("[data-action=export-rescue]")).to_be_hidden()
    warning.locator("summary").click()  # a tap opens its words and buttons
    expect(warning.locator("[data-action=export-rescue]")).to_be_visible()
    expect(warning.locator("[data-action=free-space]")).to_be_visible()
    with page.expect_download() as download:  # exactly the data at risk: the match in progress
        warning.locator("[data-action=export-rescue]").click()
    rescue = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert rescue["type"] == "zero-rescue" and rescue["documents"]["game"]["type"] == "saved-game"
    assert stored(page, GAME_KEY) is None
    # The player dismisses the warnings and plays on.
    for notice in ("storage.write-failed", "storage.at-risk"):
        page.locator(f"[data-notice='{notice}'] [data-action=dismiss]").click()
    expect(page.locator(".notice")).to_have_count(0)
    swap_first(page)
    knock_until_the_match_is_over(page)  # every save is refused, and play goes on to the end
    expect(page.locator(".banner.winner")).to_be_visible()
    assert page.evaluate("() => window.__refused") >= 3
    expect(warning).to_have_count(0)  # warned once, not once per refused write
    # The finished match is still on this tab's sheet, ready to export.
    page.locator("[data-action=sheet]").first.click()
    expect(page.locator(".history-entry")).to_have_count(1)


def test_export_then_import_into_a_fresh_profile_gives_the_same_sheet(
    warm_context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    page = open_game(warm_context, site_url, GAME).page
    play_match_of_one_round(page)
    page.locator("[data-action=sheet]").first.click()
    expect(page.locator(".history-entry")).to_have_count(1)
    expect(page.locator(".stats-table tbody tr")).to_have_count(2)  # "You" and the medium bots
    with page.expect_download() as download:
        page.locator("[data-action=export-json]").click()
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("zero-score-sheet-") and exported.suffix == ".json"
    with page.expect_download() as csv_download:
        page.locator("[data-action=export-csv]").click()
    rows = Path(csv_download.value.path()).read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("match_id,") and len(rows) == 1 + 3  # a header, one row per player
    original = json.loads(stored(page, SHEET_KEY) or "null")

    other = page_context(warm_context.browser)  # type: ignore[arg-type]
    try:
        page2 = open_game(other, site_url).page
        page2.locator("[data-action=sheet]").click()
        expect(page2.locator(".history-entry")).to_have_count(0)
        bad = tmp_path / "not-a-sheet.json"
        bad.write_text('{"type": "something else"}', encoding="utf-8")
        page2.locator("[data-field=import-file]").set_input_files(bad)
        expect(page2.locator("[data-notice='storage.bad-import']")).to_contain_text(EN["storage.bad-import"])
        with page2.expect_file_chooser() as chooser:  # the Import button opens the file picker
            page2.locator("[data-action=import]").click()
        chooser.value.set_files(exported)
        expect(page2.locator("[data-notice='storage.imported']")).to_have_text(
            EN["storage.imported"].format(added=1, duplicates=0) + "Dismiss"
        )
        assert json.loads(stored(page2, SHEET_KEY) or "null") == original
        page2.locator("[data-field=import-file]").set_input_files(exported)  # again: nothing is duplicated
        expect(page2.locator("[data-notice='storage.imported']")).to_contain_text(
            EN["storage.imported"].format(added=0, duplicates=1)
        )
        assert json.loads(stored(page2, SHEET_KEY) or "null") == original
        expect(page2.locator(".history-entry")).to_have_count(1)
        assert page2.locator(".history-entry").inner_text() == page.locator(".history-entry").inner_text()

        # Clearing asks first, in the page (no browser dialog), and Cancel keeps everything.
        page2.locator("[data-action=clear-history]").click()
        expect(page2.locator(".confirm")).to_contain_text(EN["storage.clear-confirm"])
        expect(page2.locator(".confirm [data-action=cancel]")).to_be_focused()  # Enter does not delete
        page2.locator(".confirm [data-action=cancel]").click()
        expect(page2.locator(".history-entry")).to_have_count(1)
        page2.locator("[data-action=clear-history]").click()
        page2.locator("[data-action=clear-history-yes]").click()
        expect(page2.locator(".history-entry")).to_have_count(0)
        assert json.loads(stored(page2, SHEET_KEY) or "null")["matches"] == []
    finally:
        other.close()


def test_two_tabs_do_not_clobber_each_other_s_match(warm_context: BrowserContext, site_url: str) -> None:
    first = open_game(warm_context, site_url, GAME).page
    first.locator("[data-action=start]").click()
    my_turn(first)
    second = open_game(warm_context, site_url, GAME).page
    my_turn(second)  # the second tab resumes the same match
    assert hand(second) == hand(first)

    swap_first(second)
    my_turn(second)
    theirs = stored(second, GAME_KEY)
    conflict = first.locator("[data-notice='storage.conflict']")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text(EN["storage.conflict"])

    # Playing on in the first tab does not write over the second tab's match.
    swap_first(first)
    first.wait_for_timeout(300)
    assert stored(first, GAME_KEY) == theirs
    expect(conflict).to_be_visible()

    conflict.locator("summary").click()  # one line above the table: a tap opens its choices
    conflict.locator("[data-action=load-theirs]").click()
    my_turn(first)
    assert hand(first) == hand(second)
    expect(conflict).to_have_count(0)


DEEP = "[" * 10_000 + "]" * 10_000
HOSTILE_STORED = {
    "deep arrays": (DEEP, DEEP),
    "huge strings and wrong types": ('"' + "x" * 1_000_000 + '"', '{"schema": 2, "type": "sheet", "matches": 7}'),
    "truncated and deep inside": ('{"schema": 1, "type": "saved-game", "match": {"played": [',
                                  '{"schema": 2, "type": "sheet", "matches": [' + DEEP + "]}"),
}




def test_hostile_stored_values_are_backed_up_and_the_game_starts_and_plays(
    warm_context: BrowserContext, site_url: str
) -> None:
    page: Page | None = None
    for name, (game_raw, sheet_raw) in HOSTILE_STORED.items():
        items = {GAME_KEY: game_raw, SHEET_KEY: sheet_raw, "other-site": "[[["}
        if page is None:  # "ready", not "error"
            page = open_game(warm_context, site_url, GAME, stored=items).page
        else:
            page.evaluate(STORE_ITEMS, items)
            reload(page)
        expect(page.locator("[data-notice='storage.corrupt-game']"), name).to_be_visible()
        expect(page.locator("[data-notice='storage.corrupt-sheet']"), name).to_be_visible()
        assert sorted(backups(page).values()) == sorted([game_raw, sheet_raw]), name
        assert stored(page, "other-site") == "[[[", name  # nothing else changed
        assert stored(page, GAME_KEY) is None, name
    # After all that, a match starts and the bots play their turns.
    assert page is not None
    page.locator("[data-field=rounds]").select_option("1")
    page.locator("[data-action=start]").click()
    knock_until_the_match_is_over(page)
    expect(page.locator(".banner.winner")).to_be_visible()


def test_a_backup_key_with_a_quote_exports_and_a_deep_import_leaves_the_bots_playing(
    warm_context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    key = BACKUP_PREFIX + "x']y\"z"
    page = open_game(warm_context, site_url, GAME, stored={key: "kept"}).page
    page.locator("[data-action=sheet]").first.click()
    with page.expect_download() as download:
        page.locator("[data-action=export-backup]").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == "kept"
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP, encoding="utf-8")
    page.locator("[data-field=import-file]").set_input_files(deep)
    expect(page.locator("[data-notice='storage.bad-import']")).to_be_visible()
    assert errors == []
    page.locator("[data-action=back]").first.click()
    page.locator("[data-field=rounds]").select_option("1")
    page.locator("[data-action=start]").click()
    knock_until_the_match_is_over(page)  # the async machinery is alive: the bots move
    expect(page.locator(".banner.winner")).to_be_visible()




def test_a_damaged_match_too_big_to_back_up_is_offered_first_then_replaced(
    fresh_context: BrowserContext, site_url: str
) -> None:
    damaged = '{"schema": 1, "type": "saved-game", "id": "x", "match": {"played": 5}}'
    fresh_context.add_init_script(NO_ROOM_FOR_BACKUPS)
    page = open_game(fresh_context, site_url, GAME, stored={GAME_KEY: damaged}).page
    notice = page.locator("[data-notice='storage.backup-failed']")
    expect(notice).to_be_visible()
    assert stored(page, GAME_KEY) == damaged  # untouched until the player has it
    with page.expect_download() as download:
        notice.locator("[data-action=export-rescue]").click()
    rescue = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert rescue["damaged"] == [{"key": GAME_KEY, "text": damaged}]
    page.locator("[data-action=start]").click()
    my_turn(page)
    saved = json.loads(stored(page, GAME_KEY) or "null")
    assert saved["type"] == "saved-game" and saved["id"] != "x"  # the new match replaced it
