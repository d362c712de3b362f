"""The quiz keeps every storage promise Zero keeps, in a real Chromium: 10,000 nested arrays, a newer version's
document, wrong types and truncated text in each of its documents start the quiz (never a blank page) with
a notice, keep a copy of every original, and with no room for that copy leave the original untouched."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tabletop.store import BACKUP_PREFIX
from thousand.web.saved import GAME_KEY, SEEN_KEY, SHEET_KEY

from .conftest import open_game
from .storage_steps import NO_ROOM_FOR_BACKUPS, backups, stored

QUIZ = "?game=quiz&seed=3&speed=fast"
DEEP = "[" * 10_000 + "]" * 10_000
# What a damaged, hostile or newer document looks like, per document of the quiz (the notice each gets).
HOSTILE = {
    "deep arrays": {GAME_KEY: DEEP, SHEET_KEY: DEEP, SEEN_KEY: DEEP},
    "wrong types and truncated": {
        GAME_KEY: '{"type": "quiz-table", "schema": 2, "revision": "7", "game": [',
        SHEET_KEY: '{"type": "quiz-sheet", "schema": 1, "games": 7}',
        SEEN_KEY: '{"type": "quiz-seen", "schema": 1, "seen": ["a", "b"]}',
    },
}
NEWER = {
    GAME_KEY: '{"type": "quiz-table", "schema": 99, "later": true}',
    SHEET_KEY: '{"type": "quiz-sheet", "schema": 99, "games": []}',
    SEEN_KEY: '{"type": "quiz-seen", "schema": 99, "seen": {}}',
}


def quiz_is_up(page: Page) -> None:
    """The quiz's set-up is on screen and plays: the page did not go blank."""
    expect(page.locator("body[data-game=quiz] .quiz-setup")).to_be_visible()
    assert page.evaluate("() => document.documentElement.dataset.app") == "ready"


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_damaged_quiz_documents_are_backed_up_and_the_quiz_starts(warm_context: BrowserContext, site_url: str,
                                                                  kind: str) -> None:
    values = HOSTILE[kind]
    loaded = open_game(warm_context, site_url, QUIZ, stored=values)
    page = loaded.page
    quiz_is_up(page)
    for doc in ("game", "sheet", "seen"):
        expect(page.locator(f"[data-notice='storage.corrupt-{doc}']")).to_be_visible()
    assert sorted(backups(page).values()) == sorted(values.values()), "every damaged original is kept"
    assert all(key.startswith(BACKUP_PREFIX + "quiz-") for key in backups(page))
    page.locator("[data-action=sheet]").click()
    expect(page.locator(".view [data-action=export-backup]")).to_have_count(len(backups(page)))  # its own sheet
    assert [e for e in loaded.console_errors if "Maximum call stack" in e] == []


def test_with_no_room_for_a_copy_the_damaged_quiz_is_left_untouched_and_offered(
    fresh_context: BrowserContext, site_url: str
) -> None:
    damaged = HOSTILE["wrong types and truncated"]
    fresh_context.add_init_script(NO_ROOM_FOR_BACKUPS)
    page = open_game(fresh_context, site_url, QUIZ, stored=damaged).page
    quiz_is_up(page)
    notice = page.locator("[data-notice='storage.backup-failed']").first
    expect(notice).to_be_visible()
    for key in (GAME_KEY, SHEET_KEY):
        assert stored(page, key) == damaged[key], f"{key}: deleted with no copy anywhere"
    with page.expect_download() as download:
        notice.locator("[data-action=export-rescue]").click()
    rescue = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert {d["key"] for d in rescue["damaged"]} >= {GAME_KEY, SHEET_KEY}


def test_a_newer_versions_quiz_documents_are_left_alone(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, QUIZ, stored=NEWER).page
    quiz_is_up(page)
    expect(page.locator("[data-notice='storage.newer-game']")).to_be_visible()
    expect(page.locator("[data-notice='storage.newer-sheet']")).to_be_visible()
    page.locator("[data-action=start]").click()
    page.locator(".team.mine button[data-question]").first.wait_for(timeout=60_000)
    for key, text in NEWER.items():
        assert stored(page, key) == text, f"{key}: written over"
