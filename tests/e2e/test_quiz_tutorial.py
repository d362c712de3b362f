"""The quiz tutorial in a real Chromium, by taps on a phone (390×844): offered on the first visit, every step's ring
on what to tap and its words, wrong taps refused with why, the lesson's words wholly on screen at every step and after
every wrong tap (no scroll box, nothing pushed away) and what it asks to tap in view, no answer in the page before its
card is turned over, nothing stored, the lobby back at the end with the teams typed before it, the tutorial
remembered.

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
from .quiz_browser import STEP_MS, check_privacy

SHOTS = os.environ.get("QUIZTUT_SHOTS", "")


ANY_CARD = "mona-lisa-height"  # the card tapped where the lesson takes any (not the one the script plays)

# Each part of the lesson box lies wholly inside the viewport and shows all of its text (nothing scrolled or clipped).
LESSON_IN_VIEW = """() => {
  const box = document.querySelector('.lesson');
  if (!box) return ['no lesson'];
  const wrong = [];
  for (const el of [box, ...box.querySelectorAll('.lesson-text, .lesson-ask, .lesson-heading')]) {
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || r.height < 1)
      wrong.push(`${el.className} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`);
    if (el.scrollHeight > el.clientHeight + 1) wrong.push(`${el.className} scrolls its text`);
  }
  if (document.scrollingElement.scrollTop !== 0) wrong.push('the page scrolled');
  return wrong;
}"""


# The set-up's controls after the Deal bar (More options, the tutorial's offer, your own questions), each scrolled to
# the top, middle and foot of the screen: what is at its centre is the control itself, never the bar stuck there.
SETUP_UNCOVERED = """() => {
  const out = [];
  for (const node of document.querySelectorAll('.quiz-setup .btn:not(.play)')) {
    for (const block of ['start', 'center', 'end']) {
      node.scrollIntoView({block});
      const r = node.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!(hit && (hit === node || node.contains(hit))))
        out.push(`"${node.textContent.trim()}" (${block}) covered by ${hit ? hit.className : 'nothing'}`);
    }
  }
  scrollTo(0, 0);
  return out;
}"""


def in_view(page: Page, selector: str) -> bool:
    return bool(page.eval_on_selector(selector, """(el) => { const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth + 0.5; }"""))


def target(page: Page, command: str, arg: str) -> str:
    """The selector of the control a step asks for."""
    if command == Command.CARD:
        return f".team.mine [data-question='{arg or ANY_CARD}']"
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
    page.set_viewport_size({"width": 390, "height": 844})


def test_the_quiz_tutorial_is_offered_on_a_first_visit_and_teaches_a_round_by_taps_on_a_phone(
    chromium: Browser, site_url: str
) -> None:
    context = page_context(chromium, locale="en-GB", viewport={"width": 390, "height": 844})
    try:
        loaded = open_game(context, site_url, "?game=quiz&speed=fast", zero=False)
        page = loaded.page
        offer = page.locator(".quiz-setup .tutorial-offer")  # in line, at the set-up's top
        expect(page.locator(f"[data-notice='{OFFER}']")).to_have_count(0)  # not a notice above the bar
        expect(offer).to_contain_text("New to Zéro à 1000?", timeout=STEP_MS)
        # The set-up at 1024×768 with four teams: the offer in line under the heading, in view; the sticky Deal
        # bar covers none of the controls after it (More options first); "Play the quiz tutorial" once.
        page.set_viewport_size({"width": 1024, "height": 768})
        while page.locator(".team-row").count() < 4:
            page.locator("[data-action=add-team]").click()
        expect(page.locator("[data-action=tutorial]")).to_have_count(1)
        assert in_view(page, ".tutorial-offer [data-action=tutorial]")
        for opened in (False, True):
            assert page.evaluate(SETUP_UNCOVERED) == [], f"More options opened: {opened}"
            page.locator("[data-action=more-options]").click()
        page.set_viewport_size({"width": 390, "height": 844})
        page.locator("[data-field='team-name:0']").fill("Owls")  # typed before: still there afterwards
        page.locator("[data-field='team-people:0']").fill("Ana, Ben")
        if SHOTS:
            shoot(page, "00-offer")
        offer.locator("[data-action=tutorial]").click()
        lesson = page.locator(".lesson")
        said = ""
        for index, step in enumerate(STEPS):
            wanted = page.locator(target(page, step.command, step.arg)).first
            expect(wanted).to_have_class(re.compile(r"\bcued\b"), timeout=STEP_MS)  # the ring on what to tap next
            # the ring on it only (any of the six where the lesson takes any card)
            expect(page.locator(".cued")).to_have_count(6 if step.command == Command.CARD and not step.arg else 1)
            expect(lesson).not_to_have_text(said)  # the words follow each tap
            said = lesson.inner_text()
            settled(page)
            assert page.evaluate(LESSON_IN_VIEW) == [], step.key  # the lesson whole, on screen
            assert in_view(page, target(page, step.command, step.arg)), step.key  # and what it asks to tap
            check_privacy(page)
            if SHOTS:
                shoot(page, f"{index + 1:02d}-{step.key.split('.')[1]}")
            wrong = {1: "[data-action=shift][data-arg='+200']", 4: ".team.mine [data-question='octopus-hearts']",
                     8: "[data-action=shift][data-arg='-200']"}.get(index)
            if wrong is not None:  # not the lesson's tap: refused, with the one it wants said where it asks for it
                text = page.locator(".lesson-text").inner_text()
                page.locator(wrong).first.click()
                expect(page.locator(".lesson.refused .lesson-ask")).to_contain_text("Not that one")
                expect(page.locator(".lesson-text")).to_have_text(text)  # the step's words stay, whole
                settled(page)
                assert page.evaluate(LESSON_IN_VIEW) == [], f"{step.key} after a wrong tap"
                assert in_view(page, target(page, step.command, step.arg))
                expect(page.locator(wrong).first).to_have_attribute("aria-pressed", "false")  # nothing taken
                if SHOTS:
                    shoot(page, f"{index + 1:02d}b-refused")
                said = lesson.inner_text()
            wanted.click()
        expect(page.locator(".quiz-setup [data-action=start]")).to_be_visible()  # the lobby, as it was
        expect(page.locator("[data-field='team-name:0']")).to_have_value("Owls")
        expect(page.locator("[data-field='team-people:0']")).to_have_value("Ana, Ben")
        stored = page.evaluate("() => Object.keys(localStorage)")
        assert not [k for k in stored if k.startswith("zero-knizia:quiz")], stored  # no game, sheet or seen marks
        expect(page.locator(".quiz-setup [data-action=tutorial]")).to_have_count(1)  # still there to replay, once
        expect(page.locator(".quiz-setup [data-action=tutorial]")).to_have_text("Play the quiz tutorial")
        expect(offer).to_have_count(0)  # answered (and remembered: test_quiz_tutorial.py, without a reload here)
        assert '"quiz.taught":true' in page.evaluate("() => localStorage.getItem('zero-knizia:prefs')")
        assert loaded.console_errors == []
    finally:
        context.close()
