"""The quiz tutorial in a real Chromium, by taps: offered on the first visit, every step's ring on what to tap and
its words, a wrong tap refused with why, no answer in the page before its card is turned over, nothing stored,
the lobby back at the end, the tutorial remembered.

With ``QUIZTUT_SHOTS`` set to a folder, every step is also photographed at 1024×768 and 390×844 in English,
and at 390×844 in German (for looking at; the suite does not set it)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from thousand.web.actions import Command
from thousand.web.tutorial import OFFER, STEPS

from .conftest import open_game, page_context, settled
from .test_quiz import STEP_MS, check_privacy

SHOTS = os.environ.get("QUIZTUT_SHOTS", "")


def target(page: Page, command: str, arg: str) -> str:
    """The selector of the control a step asks for."""
    if command == Command.CARD:
        return f".team.mine [data-question='{arg}']"
    return f"[data-action='{command}']" + (f"[data-arg='{arg}']" if arg else "")


def shoot(page: Page, name: str) -> None:
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    lang = page.locator("[data-field=lang]").first
    for label, (width, height), language in (("1024x768", (1024, 768), "en"), ("390x844", (390, 844), "en"),
                                             ("390x844-de", (390, 844), "de")):
        page.set_viewport_size({"width": width, "height": height})
        if language != "en":
            lang.select_option(language)
            expect(page.locator("html")).to_have_attribute("lang", language)
        settled(page)
        page.screenshot(path=str(folder / f"{name}-{label}.png"))
    lang.select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.set_viewport_size({"width": 1024, "height": 768})


def test_the_quiz_tutorial_is_offered_on_a_first_visit_and_teaches_a_round_by_taps(
    chromium: Browser, site_url: str
) -> None:
    context = page_context(chromium, locale="en-GB")
    try:
        loaded = open_game(context, site_url, "?game=quiz&speed=fast", zero=False)
        page = loaded.page
        offer = page.locator(f"[data-notice='{OFFER}']")
        expect(offer).to_contain_text("New to Zéro à 1000?", timeout=STEP_MS)
        if SHOTS:
            shoot(page, "00-offer")
        offer.locator("[data-action=tutorial]").click()
        lesson = page.locator(".lesson")
        said = ""
        for index, step in enumerate(STEPS):
            wanted = page.locator(target(page, step.command, step.arg)).first
            expect(wanted).to_have_class(re.compile(r"\bcued\b"), timeout=STEP_MS)  # the ring on what to tap next
            expect(page.locator(".cued")).to_have_count(1)  # and only on it
            expect(lesson).not_to_have_text(said)  # the words follow each tap
            said = lesson.inner_text()
            check_privacy(page)
            if SHOTS:
                shoot(page, f"{index + 1:02d}-{step.key.split('.')[1]}")
            if index == 1:  # Two questions before Change: refused, with why
                page.locator("[data-action=two]").click()
                expect(page.locator(".lesson.refused")).to_contain_text("That tap was not taken")
                expect(page.locator("[data-action=two]")).to_have_attribute("aria-pressed", "false")
                if SHOTS:
                    shoot(page, "02b-refused")
                said = lesson.inner_text()
            wanted.click()
        expect(page.locator(".quiz-setup [data-action=start]")).to_be_visible()  # the lobby, as it was
        stored = page.evaluate("() => Object.keys(localStorage)")
        assert not [k for k in stored if k.startswith("zero-knizia:quiz")], stored  # no game, sheet or seen marks
        expect(page.locator(".quiz-setup [data-action=tutorial]")).to_be_visible()  # still there to replay
        expect(offer).to_have_count(0)  # answered (and remembered: test_quiz_tutorial.py, without a reload here)
        assert '"quiz.taught":true' in page.evaluate("() => localStorage.getItem('zero-knizia:prefs')")
        assert loaded.console_errors == []
    finally:
        context.close()
