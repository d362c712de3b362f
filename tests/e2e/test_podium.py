"""Both games played to their end by taps stand on a podium: the places, the winner, where the person (or the team)
at the tablet finished, said in full in the live region; Play again and New set-up in view and uncovered without
scrolling at 1024×768, 768×1024 and 390×844; the celebration left out under reduced motion and the motion switch.
A ZERO made by taps gets its moment: the stamp over the pool, then on the hand at the round's end, in three languages.

The quiz starts a few taps from its end: the page's own runtime (tests.harness) plays deal 23 in CPython up to its
last reveal and the browser resumes that saved quiz, as after a reload.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tabletop.notes import with_shell
from tests.harness import FakeStorage, TableRun
from tests.quiz_steps import _first
from tests.zero_steps import Driver
from thousand.web.actions import Command
from thousand.web.plugin import PLUGIN
from thousand.web.table import Page as QuizPage
from thousand.web.table import page as quiz_page
from zero_game.web.settings import Settings
from zero_game.web.table import Table

from .conftest import REPO, SMALL_FILE, open_game, settled

SHOTS = REPO / "test-artifacts" / "podium"
SIZES = ((1024, 768), (768, 1024), (390, 844))
STEP_MS = 60_000
IN_VIEW = """() => {
  const problems = [];
  const page = document.scrollingElement;
  if (page.scrollHeight > innerHeight + 1) problems.push(`the page scrolls (${page.scrollHeight} px)`);
  for (const node of document.querySelectorAll('.ending .end-buttons .btn, .ending .podium .step')) {
    const r = node.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      problems.push(`"${node.textContent}" is outside the screen`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!(hit && (hit === node || node.contains(hit)))) problems.push(`"${node.textContent}" is covered`);
  }
  return problems;
}"""


@pytest.fixture(scope="module")
def context_options() -> dict[str, Any]:
    return {"locale": "en-GB", "reduced_motion": "reduce"}


def check_in_view(page: Page, name: str) -> list[str]:
    """The podium and its buttons at the three sizes (screenshots in test-artifacts/podium)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    found = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        found += [f"{width}×{height}: {p}" for p in page.evaluate(IN_VIEW)]
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    return found


def celebration(page: Page) -> tuple[str, str]:
    """How the confetti is drawn now, and its pieces' animation."""
    return tuple(page.evaluate("""() => {
      const box = document.querySelector('.ending .confetti');
      return [getComputedStyle(box).display, getComputedStyle(box.firstElementChild).animationName];
    }"""))


def rising(page: Page) -> str:
    """The animation of the winner's step."""
    return str(page.evaluate("() => getComputedStyle(document.querySelector('.ending .rank-1 .step')).animationName"))


def test_zero_played_to_its_end_by_taps_stands_on_a_podium(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?speed=fast").page
    page.locator("[data-field=rounds]").select_option("1")
    page.locator("[data-field=speed]").select_option("fast")
    page.locator("[data-action=start]").click()
    for _ in range(60):
        step = page.locator("[data-action=knock], [data-action=next-round], [data-action=play-again], "
                            "[data-action=see-end]").first
        step.wait_for(timeout=STEP_MS)
        action = step.get_attribute("data-action")
        if action == "play-again":
            break
        step.click()
        if action == "knock":
            page.locator(".controls .confirm [data-action=confirm]").click()
    expect(page.locator(".ending .podium .placing")).to_have_count(3)
    expect(page.locator(".ending .banner.winner")).to_contain_text("win")
    mine = page.locator(".placing.here")
    expect(mine).to_have_count(1)
    expect(mine.locator(".placing-name")).to_have_text("You")
    place = mine.locator(".place").inner_text()  # "2nd"
    expect(page.locator(".ending .yours")).to_have_text(f"You finished in {place} place")
    # Said in full, in order: the heading, the winner, every place best first, then where you finished.
    said = page.locator("#live").inner_text()
    assert said.startswith("The match is over. ") and said.endswith(f"You finished in {place} place.")
    names = page.locator(".placing .placing-name").all_inner_texts()
    at = [said.index(f": {name}, ") for name in names]
    assert at == sorted(at), said
    expect(page.locator(".ending-more .sheet")).to_be_visible()  # the match's sheet beside the podium
    assert check_in_view(page, "zero") == []
    assert celebration(page)[0] == "none"  # reduced motion: no confetti
    assert rising(page) == "none"  # and the steps stand
    page.emulate_media(reduced_motion="no-preference")
    assert celebration(page) == ("block", "confetti-fall")  # otherwise it falls once
    assert rising(page) == "step-rise"  # and the steps rise (their own keyframes: the table's once overrode them)
    # Once: the podium in another language stands still, nothing rises or falls again.
    settled(page)
    page.locator("[data-field=lang]").select_option("fr")
    expect(page.locator(".ending .yours")).to_contain_text("Vous terminez")
    states = page.evaluate("() => document.querySelector('.ending').getAnimations({subtree: true})"
                           ".map((a) => a.playState)")
    assert len(states) > 28 and set(states) == {"finished"}, states  # the confetti, the steps, the banner: done
    page.locator("[data-field=lang]").select_option("en")
    # Back from the rules, the podium stands as it ended: no confetti falls again, nothing rises again.
    page.locator("[data-action=rules]").click()
    expect(page.locator(".rules")).to_be_visible()
    page.locator("[data-action=back]").first.click()
    expect(page.locator(".ending .podium")).to_be_visible()
    expect(page.locator(".ending .confetti")).to_have_count(0)
    assert rising(page) == "none"
    running = page.evaluate("() => document.querySelector('.ending').getAnimations({subtree: true})"
                            ".filter((a) => a.playState === 'running').length")
    assert running == 0
    page.emulate_media(reduced_motion="reduce")
    page.locator(".ending [data-action=play-again]").click()
    expect(page.locator("[data-zone=hand] [data-card]").first).to_be_visible(timeout=STEP_MS)


def near_the_end() -> dict[str, str]:
    """The stored quiz of Owls (Ana and Ben) against an easy bot team on deal 23, saved before its last taps."""
    storage = FakeStorage()
    run = TableRun.open(PLUGIN, storage=storage)
    while len(run.state.settings.teams) > 2:
        run.tap(Command.REMOVE_TEAM, str(len(run.state.settings.teams) - 1))
    for i, kind in enumerate(("people", "easy")):
        run.field(f"team-kind:{i}", kind)
    run.do(Command.TEAM_NAME, "0", "Owls")
    run.do(Command.TEAM_PEOPLE, "0", "Ana, Ben")
    run.do(Command.SET, "speed", "fast")
    run.do(Command.SET, "seed", "23")
    run.tap(Command.START)
    saved: dict[str, str] = {}
    for _ in range(2000):
        if "zero-knizia:quiz-game" in storage.data:
            saved = dict(storage.data)
        where = quiz_page(run.state)
        if where is QuizPage.END:
            break
        if where is QuizPage.HANDOFF:
            run.tap(Command.READY)
        elif where is QuizPage.CHOOSE:
            mine = next(t for t in run.screen.body.teams if t.mine)  # type: ignore[attr-defined]
            run.tap(Command.CARD, mine.cards[0].id).tap(Command.CONFIRM)
        elif where is QuizPage.REVEAL:
            action = next(a for a in ("reveal-next", "reveal-done", "target") if _first(run, a))
            run.tap(action, _first(run, action).arg)  # type: ignore[union-attr]
        elif where is QuizPage.GUESS:
            run.do(Command.GUESS_TEXT, value="500").tap(Command.GUESS)
    assert saved, "the quiz was saved before its end"
    # This device turned motion off (a set-up's More options keeps the choice for every game).
    saved["zero-knizia:prefs"] = json.dumps({"type": "prefs", "schema": 1, "values": {"motion": False}})
    return saved


def test_the_quiz_played_to_its_end_by_taps_stands_on_a_podium(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?game=quiz&speed=fast", zero=False, stored=near_the_end()).page
    nxt = ("[data-action=ready], .team.mine button[data-question], [data-action=reveal-next], "
           "[data-action=reveal-done], [data-action=target], [data-field=guess], [data-action=see-winner], "
           "[data-action=play-again]")
    for _ in range(200):
        control = page.locator(nxt).first
        control.wait_for(timeout=STEP_MS)
        if control.get_attribute("data-action") == "play-again":
            break
        if control.get_attribute("data-question"):
            control.click()
            page.locator("[data-action=confirm]").click()
        elif control.get_attribute("data-field") == "guess":
            control.fill("500")
            page.locator("[data-action=guess]").click()
        else:
            control.click()
    expect(page.locator(".ending .podium .placing")).to_have_count(2)
    owls = page.locator(".placing.here")
    expect(owls.locator(".placing-name")).to_have_text("Owls")
    expect(owls.locator(".placing-detail")).to_have_text("Played by Ana and Ben")
    place = owls.locator(".place").inner_text()
    expect(page.locator(".ending .yours")).to_have_text(f"Your team finished in {place} place")
    said = page.locator("#live").inner_text()
    assert said.startswith("The end. ") and said.endswith(f"Your team finished in {place} place.")
    assert check_in_view(page, "quiz") == []
    # The device's motion switch is off: no confetti even where the system allows motion.
    page.emulate_media(reduced_motion="no-preference")
    expect(page.locator("body")).to_have_attribute("data-motion", "off")
    assert celebration(page)[0] == "none"
    page.emulate_media(reduced_motion="reduce")
    page.locator("[data-action=sheet]").click()  # the score sheet is still one tap away
    expect(page.locator(".history-entry")).to_have_count(1)
    # The quiz's own set-up has the switches (More options, as in Zero): motion back on, for every game here.
    page.locator("[data-action=back]").click()
    page.locator(".ending [data-action=new-setup]").click()
    page.locator("[data-action=more-options]").click()
    motion = page.locator("[data-field=motion]")
    expect(motion).to_have_value("off")
    expect(page.locator("[data-field=sound]")).to_have_value("on")
    motion.select_option("on")
    expect(page.locator("body")).to_have_attribute("data-motion", "on")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('zero-knizia:prefs')).values.motion === true")


# ---- Zero's ZERO moment ---------------------------------------------------------------------------------------------

# Deal 45 (you and two medium bots): your third swap, the grey 1 for the blue 8, makes a ZERO (five red, five 8s).
ZERO_SEED, ZERO_SWAPS, ZERO_SWAP = 45, (("black-4", "red-5"), ("blue-2", "green-8")), ("grey-1", "blue-8")
ZERO_WORDS = {"en": ("ZERO!", "You score 0", "You have a ZERO"),
              "fr": ("ZÉRO\u202f!", "Vous marquez 0 point", "Vous avez un ZÉRO"),
              "de": ("ZERO!", "Du bekommst 0 Punkte", "Du hast ein ZERO")}
# Where the stamp and its line stand: each inside the screen, its text inside its own box (nothing cut), and, for the
# round end's small stamp, beside the hand's name and score without covering them, and clear of the cards' check
# badges below it (they stand above the cards by their ::after's top; a phone's stamp once sat on them).
STAMP = """(sel) => {
  const problems = [];
  for (const node of document.querySelectorAll(sel)) {
    const r = node.getBoundingClientRect();
    if (r.width === 0) problems.push(`${node.className} is not drawn`);
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
      problems.push(`"${node.textContent}" runs off the screen (${Math.round(r.left)}..${Math.round(r.right)})`);
    if (node.scrollWidth > node.clientWidth + 1) problems.push(`"${node.textContent}" is cut in its box`);
    const head = node.closest('.revealed-head');
    for (const other of head ? head.querySelectorAll('h2, .revealed-score, .revealed-total') : []) {
      const o = other.getBoundingClientRect();
      if (r.left < o.right - 1 && o.left < r.right - 1 && r.top < o.bottom - 1 && o.top < r.bottom - 1)
        problems.push(`"${node.textContent}" covers "${other.textContent}"`);
    }
    const cards = head ? [...head.parentElement.querySelectorAll('.card.cleared')] : [];
    for (const card of cards.slice(0, 1)) {
      const badge = card.getBoundingClientRect().top + parseFloat(getComputedStyle(card, '::after').top);
      if (r.bottom > badge - 1) problems.push(`"${node.textContent}" sits on the badges (${r.bottom - badge} px)`);
    }
  }
  if (document.scrollingElement.scrollWidth > innerWidth + 1) problems.push('the page scrolls sideways');
  return problems;
}"""


def before_the_zero(lang: str) -> dict[str, str]:
    """The saved match of deal 45 at your turn before the swap that makes a ZERO (played by the page's runtime in
    CPython), and this device's language."""
    storage = FakeStorage()
    d = Driver(with_shell(Table(seed=ZERO_SEED), settings=Settings(speed="slow")), storage=storage)
    d("start")
    for give, take in ZERO_SWAPS:
        d.play_bots()
        d("hand", give)
        d("pool", take)
        d("confirm")
    d.play_bots()
    assert {ZERO_SWAP[0]} <= d.hand(0) and "zero-knizia:game" in storage.data
    prefs = {"lang": lang, "zero.taught": True, "game": "zero"}
    return {**storage.data, "zero-knizia:prefs": json.dumps({"type": "prefs", "schema": 1, "values": prefs})}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_zero_made_by_taps_gets_its_stamp_over_the_pool_then_on_the_hand(warm_context: BrowserContext,
                                                                           site_url: str, lang: str) -> None:
    title, who, said = ZERO_WORDS[lang]
    stored = before_the_zero(lang)
    shots = REPO / "test-artifacts" / "zero-moment"
    shots.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:  # a page per size: the moment holds a few seconds, then the round's end opens
        loaded = open_game(warm_context, site_url, stored=stored)
        page, booted = loaded.page, len(loaded.console_errors)  # (a 404 of /favicon.ico before: not the game's)
        page.set_viewport_size({"width": width, "height": height})
        page.locator(f"[data-zone=hand] [data-card={ZERO_SWAP[0]}]").click()
        page.locator(f"[data-zone=pool] [data-card={ZERO_SWAP[1]}]").click()
        page.locator(".controls .confirm [data-action=confirm]").click()
        stamp = page.locator(".zero-moment .zero-stamp")
        expect(stamp).to_have_text(title)
        expect(page.locator(".zero-moment .zero-who")).to_have_text(who)
        problems = page.evaluate(STAMP, ".zero-moment .zero-stamp, .zero-moment .zero-who")
        page.screenshot(path=str(shots / f"moment-{lang}-{width}x{height}.png"))
        assert problems == [], f"{lang} {width}×{height}: {problems}"
        assert said in page.locator("#live").inner_text()  # the moment said in full, not only shown
        # The round's end opens by itself, the stamp on your hand.
        small = page.locator(".round-end .revealed-hand.zero .zero-stamp.small")
        expect(small).to_have_text(title, timeout=STEP_MS)
        expect(page.locator(".zero-moment")).to_have_count(0)
        expect(page.locator(".round-end .zero-stamp")).to_have_count(1)
        settled(page)
        problems = page.evaluate(STAMP, ".round-end .zero-stamp")
        small.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"round-end-{lang}-{width}x{height}.png"))
        assert problems == [], f"{lang} {width}×{height}: {problems}"
        assert loaded.console_errors[booted:] == []
        page.goto(site_url + SMALL_FILE)  # its Pyodide let go before the next size's page boots
