"""A host's own questions in a real Chromium: a file with problems refused with each one by its row, a good
spreadsheet loaded through the page's file picker, a whole quiz of them by taps (no answer in the page before
its reveal), one mixed into the deck resumed after a reload, the set exported and deleted; hostile own questions
in storage never stop the page; axe-core on the new page; screenshots at three sizes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from thousand.owncards import OwnCard, read_file
from thousand.web.own import CARDS_KEY
from thousand.web.texts import Texts

from .conftest import open_game
from .quiz_browser import STEP_MS, screenshot_all, set_up
from .storage_steps import backups, stored
from .table_steps import audit

EN = Texts("en")
# What a person does next on the quiz page (a card: the team's own, then Play).
NEXT = ("[data-action=ready], .team.mine button[data-question], [data-action=reveal-next], "
        "[data-action=reveal-done], [data-action=target], [data-field=guess], [data-action=see-winner]")
# Every answer in the page, and whether its play is turned over; every question card's id and text.
READ = """() => ({
  answers: [...document.querySelectorAll('[data-answer]')].map(n => ({id: n.dataset.answer,
                                                                     up: !!n.closest('.play.up')})),
  cards: [...document.querySelectorAll('[data-question]')].map(n => ({id: n.dataset.question,
    up: !!n.closest('.play.up'), text: n.textContent,
    lang: n.querySelector('.qtext') ? n.querySelector('.qtext').getAttribute('lang') : null})),
})"""


def spreadsheet(count: int) -> bytes:
    """A French spreadsheet's "CSV UTF-8": a byte-order mark, semicolons, a quoted field, CRLF."""
    rows = [f'"Combien de marches ; la tour n°{n} ?";{(n * 41) % 1001};marches;Notre ville' for n in range(count)]
    return ("\ufeffQuestion;Réponse;Unité;Catégorie\r\n" + "\r\n".join(rows) + "\r\n").encode("utf-8")


BAD = (b"question,answer,unit\r\nHow tall?,1200,m\r\nHow far?,12.5,km\r\n,5,m\r\nHow many?,5,\r\n"
       b"How tall?,300,m\r\nGood?,5,m\r\n")


def choose_file(page: Page, path: Path) -> None:
    """Tap "Load a file of questions…" and choose ``path`` in the page's file picker."""
    with page.expect_file_chooser() as chooser:
        page.locator("[data-action=cards-load]").click()
    chooser.value.set_files(path)


def answers_private(page: Page, cards: tuple[OwnCard, ...]) -> None:
    """No answer in the page before its play is turned over; a card face down shows its question, nothing more."""
    seen: dict[str, Any] = page.evaluate(READ)
    assert all(a["up"] for a in seen["answers"]), seen["answers"]
    by_id = {c.id: c for c in cards}
    for card in seen["cards"]:
        if not card["up"] and card["id"] in by_id:
            rest = card["text"].replace(by_id[card["id"]].text_in("fr"), "")
            assert not re.search(rf"(?<!\d){by_id[card['id']].answer}(?!\d)", rest), card


def play_through(page: Page, answers: tuple[OwnCard, ...], *, rounds: int | None = None) -> int:
    """Do what the people at the tablet do until the end (or ``rounds`` reveals); returns the reveals seen."""
    seen = 0
    for _ in range(400):
        if page.locator("[data-action=play-again]").count() or (rounds is not None and seen >= rounds):
            return seen
        control = page.locator(NEXT).first
        control.wait_for(timeout=STEP_MS)
        answers_private(page, answers)
        action = control.get_attribute("data-action")
        if control.get_attribute("data-question"):
            control.click()
            page.locator("[data-action=confirm]").click()
        elif control.get_attribute("data-field") == "guess":
            control.fill("500")
            page.locator("[data-action=guess]").click()
        else:
            control.click()
            seen += action == "reveal-done"
    raise AssertionError("the quiz should end")


def test_own_questions_loaded_played_alone_and_mixed_resumed_exported_and_deleted(
    warm_context: BrowserContext, site_url: str, tmp_path: Path
) -> None:
    page = open_game(warm_context, site_url, "?game=quiz").page
    expect(page.locator(".quiz-setup .own-cards-line")).to_be_visible(timeout=STEP_MS)
    page.locator("[data-action=own-cards]").click()
    expect(page.locator(".own-cards h1")).to_have_text(EN.t("cards.heading"))
    assert audit(page) == [], "the page of own questions"
    screenshot_all(page, "own-empty")

    with page.expect_download() as template:
        page.locator("[data-action=cards-template][data-arg=de]").click()
    assert template.value.suggested_filename == "zero-a-1000-questions-template-de.csv"
    bad = tmp_path / "bad.csv"
    bad.write_bytes(BAD)
    choose_file(page, bad)
    expect(page.locator(".own-report.refused")).to_be_visible()
    expect(page.locator(".own-problems li")).to_have_count(5)
    expect(page.locator(".own-problems li").first).to_contain_text("Row 2")
    expect(page.locator(".own-problems li").first).to_contain_text("1200")
    assert stored(page, CARDS_KEY) is None, "nothing of a file with problems is kept"
    screenshot_all(page, "own-refused")

    good = tmp_path / "nos-questions.csv"
    good.write_bytes(spreadsheet(24))
    choose_file(page, good)
    expect(page.locator(".own-report.ok")).to_contain_text(EN.t("cards.report.loaded", n=24))
    expect(page.locator(".own-list tbody tr")).to_have_count(24)
    expect(page.locator(".own-list [lang=fr]")).to_have_count(24)  # French questions on an English page
    cards = read_file(spreadsheet(24), "en").cards
    answers = {c.id: c.answer for c in cards}
    kept = read_file((stored(page, CARDS_KEY) or "").encode(), "en").cards
    assert kept == cards, "kept on the device"
    assert not page.locator(".own-answer").count(), "answers hidden until the host shows them"
    assert audit(page) == [], "the page with a set"
    screenshot_all(page, "own-loaded")

    page.locator("[data-action=back]").click()
    expect(page.locator(".own-cards-line [data-field=cards-use]")).to_have_value("own")
    expect(page.locator(".own-cards-note").first).to_contain_text("French")
    screenshot_all(page, "own-setup")
    set_up(page, ("people", "easy"), ("Owls",), seed=6)
    page.locator("[data-action=start]").click()
    page.locator(".team.mine button[data-question]").first.wait_for(timeout=STEP_MS)
    mine = page.evaluate(READ)["cards"]
    assert mine and all(c["id"] in answers and c["lang"] == "fr" for c in mine), "only own questions, marked French"
    expect(page.locator("[data-notice='cards.only.fr']")).to_be_visible()
    screenshot_all(page, "own-table")
    play_through(page, cards)
    expect(page.locator(".banner.winner")).to_be_visible()
    sheet = json.loads(stored(page, "zero-knizia:quiz-sheet") or "{}")
    assert len(sheet["games"]) == 1

    page.locator(".end-buttons [data-action=new-setup]").click()
    page.locator("[data-field=cards-use]").select_option("mixed")
    page.locator("[data-action=start]").click()
    play_through(page, cards, rounds=1)
    page.reload()
    page.locator(NEXT).first.wait_for(timeout=STEP_MS)
    order = json.loads(stored(page, "zero-knizia:quiz-game") or "{}")["game"]["order"]
    assert [qid in answers for qid in order[:10]] == [True, False] * 5, "one for one, resumed after a reload"
    answers_private(page, cards)

    page.locator("[data-action=new-setup]").click()
    page.locator("[data-action=new-setup-yes]").click()
    page.locator("[data-action=own-cards]").click()
    expect(page.locator(".own-hidden")).to_have_text(EN.t("cards.answers_hidden"))
    with page.expect_download() as export:
        page.locator("[data-action=cards-export][data-arg=csv]").click()
    exported = tmp_path / "export.csv"
    export.value.save_as(exported)
    assert read_file(exported.read_bytes(), "en").cards == cards, "the export loads back as the same set"
    page.locator("[data-action=cards-delete]").click()
    expect(page.locator(".own-cards .confirm.danger")).to_be_visible()
    screenshot_all(page, "own-delete")
    page.locator("[data-action=cards-delete-yes]").click()
    expect(page.locator(".own-summary")).to_have_text(EN.t("cards.summary_none"))
    assert read_file((stored(page, CARDS_KEY) or "").encode(), "en").problems[0].code == "empty"
    page.locator("[data-action=back]").click()
    page.locator("[data-action=back-to-game]").click()
    page.locator(NEXT).first.wait_for(timeout=STEP_MS)  # the game in progress keeps its questions
    assert all(c["id"] in answers or not c["id"].startswith("own-") for c in page.evaluate(READ)["cards"])


def test_hostile_own_questions_in_storage_never_stop_the_page(warm_context: BrowserContext, site_url: str) -> None:
    hostile = {CARDS_KEY: "[" * 10_000 + "]" * 10_000,
               "zero-knizia:quiz-game": '{"type": "quiz-table", "schema": 3, "cards": [{"answer": 5000}], "game": {}}'}
    loaded = open_game(warm_context, site_url, "?game=quiz", stored=hostile)
    page = loaded.page
    expect(page.locator("body[data-game=quiz] .quiz-setup")).to_be_visible(timeout=STEP_MS)
    expect(page.locator("[data-notice='storage.corrupt-cards']")).to_be_visible()
    expect(page.locator("[data-notice='storage.corrupt-game']")).to_be_visible()
    assert sorted(backups(page).values()) == sorted(hostile.values()), "every original kept"
    page.locator("[data-action=own-cards]").click()
    expect(page.locator(".own-summary")).to_have_text(EN.t("cards.summary_none"))
    assert [e for e in loaded.console_errors if "Maximum call stack" in e or "Traceback" in e] == []
