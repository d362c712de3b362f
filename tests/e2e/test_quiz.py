"""Zéro à 1000 in a real Chromium: the choice of game, a whole quiz by taps with bots, the privacy rule
polled over the whole page, two teams of people with the hand-off, reload, the score sheet, three
languages, offline, and screenshots of every screen at three sizes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests import snapshot_hooks as snap
from thousand.web.texts import Texts

from .conftest import open_game, page_context
from .quiz_browser import (
    DECK,
    NEXT,
    STEP_MS,
    TEXTS,
    check_privacy,
    screenshot_all,
    set_up,
)
from .table_steps import audit


def first_visit(context: BrowserContext, site_url: str, path: str = "", stored: dict[str, str] | None = None) -> Page:
    """A page of the site as on a first visit (nothing remembered, or only ``stored``): it shows the choice of game."""
    return open_game(context, site_url, path, zero=False, stored=stored).page


@pytest.fixture(scope="module")
def context_options() -> dict[str, Any]:
    """The module's ``warm_context``: in British English."""
    return {"locale": "en-GB"}


def play_step(page: Page, *, check: bool = True, shots: str | None = None, taken: set[str] | None = None) -> str:
    """Do the next thing a person does; returns what it was."""
    control = page.locator(NEXT).first
    control.wait_for(timeout=STEP_MS)
    if check:
        check_privacy(page)
    name = page.evaluate("() => document.body.dataset.screen")
    if control.get_attribute("data-action") in ("reveal-done", "target", "see-winner"):
        name += "-" + str(control.get_attribute("data-action"))
    if shots and name not in (taken or set()):
        if taken is not None:
            taken.add(name)
        screenshot_all(page, f"{shots}-{name}")
    action = control.get_attribute("data-action") or ("card" if control.get_attribute("data-question") else "guess")
    if action == "card":
        control.click()
        page.locator("[data-action=confirm]").click()
    elif action == "guess":
        expect(page.locator(".tiebreak-intro")).to_contain_text("Tie-break")  # announced, with why
        control.fill("5OO")  # letters: refused, and it says why
        expect(page.locator(".guess-error")).to_contain_text("whole number")
        control.fill("500")
        expect(page.locator(".guess-error")).to_have_text("")
        page.locator("[data-action=guess]").click()
    else:
        control.click()
    return action


def test_the_first_screen_chooses_the_game_remembers_it_and_each_game_leads_back(
    warm_context: BrowserContext, site_url: str
) -> None:
    page = first_visit(warm_context, site_url, "?speed=fast")
    expect(page.locator("[data-action=open-game]")).to_have_count(2)
    assert audit(page) == [], "axe-core: a serious problem on the first screen"
    page.locator("[data-action=open-game][data-arg=quiz]").click()
    expect(page.locator(".quiz-setup")).to_be_visible(timeout=STEP_MS)
    assert "game=quiz" in page.url
    page.reload()  # remembered
    expect(page.locator(".quiz-setup")).to_be_visible(timeout=STEP_MS)
    page.locator("[data-action=games]").click()
    page.locator("[data-action=open-game][data-arg=zero]").click()
    expect(page.locator(".setup [data-field='seat-kind:0']")).to_be_visible()
    page.locator("[data-action=games]").click()
    expect(page.locator("[data-action=open-game]")).to_have_count(2)
    # A bookmarked link opens its game directly.
    page.goto(site_url + "?game=quiz")
    expect(page.locator(".quiz-setup")).to_be_visible(timeout=STEP_MS)
    page.goto(site_url + "?game=zero")
    expect(page.locator("[data-field='seat-kind:0']")).to_be_visible(timeout=STEP_MS)


def test_a_whole_quiz_by_taps_with_bots_keeps_every_secret_and_lands_on_the_score_sheet(
    warm_context: BrowserContext, site_url: str
) -> None:
    page = first_visit(warm_context, site_url, "?game=quiz")
    screenshot_all(page, "setup")
    # Deal 23 ends with Owls and a bot on one card each: the guessing tie-break of Q14 (found in CPython by
    # replaying these taps at the page's runtime, tests.harness.TableRun, on the deck as audited, relations and
    # all; a new deck or a new way of dealing needs a new deal).
    set_up(page, ("people", "hard", "easy"), ("Owls",), seed=23)
    page.locator("[data-action=start]").click()
    taken: set[str] = set()
    steps = 0
    while not page.locator("[data-action=play-again]").count():
        play_step(page, shots="game", taken=taken)
        steps += 1
        assert steps < 400, "the quiz should end"
    check_privacy(page)
    screenshot_all(page, "end")
    assert "guess" in taken, "Owls wrote a guess behind the tablet"
    assert "end-see-winner" in taken, "the tie-break's guesses were shown on the line before the winner"
    expect(page.locator(".banner.winner")).to_contain_text("win")
    expect(page.locator(".podium .placing")).to_have_count(3)
    expect(page.locator(".podium .placing.winner").first).to_be_visible()
    expect(page.locator(".guess-lines .numberline")).to_have_count(2)
    expect(page.locator(".end-line").first).to_contain_text("Owls guessed 500")
    page.locator("[data-action=sheet]").click()
    expect(page.locator(".history-entry")).to_have_count(1)
    expect(page.locator(".history-entry")).to_contain_text("Owls")
    expect(page.locator(".stats-table tbody tr").first).to_be_visible()
    screenshot_all(page, "sheet")
    saved = page.evaluate("() => localStorage.getItem('zero-knizia:quiz-sheet')")
    assert saved and len(json.loads(saved)["games"]) == 1
    seen = json.loads(page.evaluate("() => localStorage.getItem('zero-knizia:quiz-seen')"))
    assert len(seen["seen"]) >= 18, "the questions dealt are marked seen"
    page.locator("[data-action=rules]").click()
    expect(page.locator(".rules h1")).to_have_text(Texts("en").t("rules.heading"))
    screenshot_all(page, "rules")


def test_two_teams_of_people_pass_the_tablet_see_no_other_pick_and_resume_after_a_reload(
    warm_context: BrowserContext, site_url: str
) -> None:
    """On the way, axe-core finds no serious problem on any screen (the first screen's: the test above)."""
    page = first_visit(warm_context, site_url, "?game=quiz")
    set_up(page, ("people", "people", "medium"), ("Owls", "Cats"), seed=8)
    assert audit(page) == [], "the set-up"
    page.locator("[data-action=start]").click()
    expect(page.locator(".handoff h1")).to_have_text("Pass the tablet to Owls", timeout=STEP_MS)
    assert audit(page) == [], "the hand-off"
    screenshot_all(page, "handoff")
    check_privacy(page)
    page.locator("[data-action=ready]").click()
    owls = page.locator(".team.mine button[data-question]").nth(2)
    picked = str(owls.get_attribute("data-question"))
    owls.click()
    assert audit(page) == [], "the table, a card chosen"
    screenshot_all(page, "choose-picked")
    page.locator("[data-action=confirm]").click()
    expect(page.locator(".handoff h1")).to_have_text("Pass the tablet to Cats")
    html = page.evaluate("() => document.documentElement.outerHTML")
    assert picked not in html and TEXTS[picked]["en"] not in html, "the hand-off shows nothing of a pick"
    page.reload()
    expect(page.locator(".handoff h1")).to_have_text("Pass the tablet to Cats", timeout=STEP_MS)
    page.locator("[data-action=ready]").click()
    check_privacy(page)
    owl_card = page.locator(f"[data-team='0'] [data-question='{picked}']")
    expect(owl_card).not_to_have_class(re.compile("selected"))
    page.locator(".team.mine button[data-question]").first.click()
    page.locator("[data-action=confirm]").click()
    expect(page.locator("[data-action=reveal-next]")).to_be_visible(timeout=STEP_MS)
    check_privacy(page)
    page.locator("[data-action=reveal-next]").click()
    check_privacy(page)
    assert audit(page) == [], "the reveal"
    screenshot_all(page, "reveal-one")
    page.reload()  # mid-reveal: the turned-over card stays up, the rest stay down
    expect(page.locator(".play.up")).to_have_count(1, timeout=STEP_MS)
    check_privacy(page)
    page.locator("[data-action=sheet]").click()
    assert audit(page) == [], "the score sheet"
    page.locator("[data-action=rules]").click()
    assert audit(page) == [], "the rules"


def test_against_bot_teams_a_persons_cards_can_be_tapped_from_the_first_moment_of_every_round(
    warm_context: BrowserContext, site_url: str
) -> None:
    """Every team chooses at once (issue 36, item 2): at the normal pace a bot team takes its time to decide,
    and from the first moment of each round the cards of the team at the tablet take a tap meanwhile."""
    page = first_visit(warm_context, site_url, "?game=quiz")
    set_up(page, ("people", "easy", "hard"), ("Owls",), seed=23)
    page.locator("[data-field=speed]").select_option("normal")
    page.locator("[data-action=start]").click()
    mine = page.locator("body[data-screen=choose] .team.mine [data-question]")  # a button when it takes a tap
    label = page.locator(".round-label")
    onward = page.locator("[data-action=reveal-next], [data-action=reveal-done], [data-action=target], "
                          "[data-action=see-winner], [data-action=ready]")
    rounds, seen = 0, ""
    for _ in range(1200):  # steps of at most 100 ms: through three rounds, or to the end
        if page.locator("[data-action=play-again]").count() or rounds == 3:
            break
        if mine.count() and label.count() and label.inner_text() != seen:  # a new round's first moment
            seen = label.inner_text()
            card = mine.first
            takes = card.evaluate("n => n.tagName === 'BUTTON' && !n.disabled && n.dataset.action === 'card'")
            assert takes, f"{seen}: the team's cards do not take a tap at the round's first moment"
            picked = str(card.get_attribute("data-question"))
            card.click()
            expect(page.locator(f".team.mine [data-question='{picked}']")).to_have_class(re.compile("selected"))
            page.locator("[data-action=confirm]").click()
            rounds += 1
        elif page.locator("[data-field=guess]").count():
            page.locator("[data-field=guess]").fill("500")
            page.locator("[data-action=guess]").click()
        elif onward.count() and onward.first.is_enabled():
            onward.first.click()
        else:
            page.wait_for_timeout(100)
    assert rounds >= 2, f"only {rounds} round(s) played"


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_quiz_speaks_french_and_german_with_questions_in_that_language(
    warm_context: BrowserContext, site_url: str, lang: str
) -> None:
    page = first_visit(warm_context, site_url, "?game=quiz")
    assert not page.locator(".quiz-setup [data-field=lang]").count(), "one language choice for the site: the bar's"
    page.locator(".topbar [data-field=lang]").select_option(lang)
    expect(page.locator(".quiz-setup h1")).to_have_text(Texts(lang).t("setup.heading"))
    set_up(page, ("people", "easy"), ("Les Hiboux",), seed=4)
    page.locator("[data-action=start]").click()
    card = page.locator(".team.mine button[data-question]").first
    card.wait_for(timeout=STEP_MS)
    qid = str(card.get_attribute("data-question"))
    expect(card.locator(".qtext")).to_have_text(getattr(TEXTS[qid], lang))
    assert page.evaluate("() => document.documentElement.lang") == lang
    screenshot_all(page, f"choose-{lang}")


def test_after_one_visit_the_quiz_plays_offline(chromium: Browser, site_url: str) -> None:
    context = chromium.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")  # a service worker
    context.add_init_script(snap.no_snapshot())
    try:
        page = first_visit(context, site_url, "?game=quiz")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null"
                               " && document.documentElement.dataset.offline === 'ready'", timeout=STEP_MS)
        context.set_offline(True)
        page.reload()
        page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=STEP_MS)
        set_up(page, ("people", "easy"), ("Owls",), seed=5)
        page.locator("[data-action=start]").click()
        for _ in range(6):
            play_step(page)
        check_privacy(page)
        page.wait_for_function(snap.SETTLED, timeout=STEP_MS)
        assert snap.state(page.evaluate)[1] == "skipped", "a snapshot was made in the background"
    finally:
        context.close()


def test_a_round_by_keyboard_alone_with_each_reveal_said_in_the_live_region(
    warm_context: BrowserContext, site_url: str
) -> None:
    page = first_visit(warm_context, site_url, "?game=quiz")
    set_up(page, ("people", "easy"), ("Owls",), seed=4)
    page.locator("[data-action=start]").focus()
    page.keyboard.press("Enter")
    first = page.locator(".team.mine button[data-question]").first
    expect(first).to_be_focused(timeout=STEP_MS)  # the team's cards take focus first
    picked = str(first.get_attribute("data-question"))
    page.keyboard.press("Space")
    expect(first).to_have_attribute("aria-pressed", "true")
    for _ in range(30):
        if page.evaluate("() => document.activeElement.dataset.action") == "confirm":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    reveal = page.locator("[data-action=reveal-next]")
    expect(reveal).to_be_focused(timeout=STEP_MS)
    while page.locator("[data-action=reveal-next]").count():
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    expect(page.locator("#live")).to_contain_text("The answer is")
    assert TEXTS[picked]["en"] in page.locator(".plays").inner_text()
    done = page.locator("[data-action=reveal-done]")
    expect(done).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".target .round-label")).to_have_text("Round 2", timeout=STEP_MS)


def test_enter_on_a_power_a_second_card_or_rules_never_plays_and_focus_is_never_lost(
    warm_context: BrowserContext, site_url: str
) -> None:
    """Item 10, by keyboard alone: a key does what the focused control says; the arrows move between the
    team's cards; after "Change this card" the focus is on the new card, never the body or a disabled button."""
    page = first_visit(warm_context, site_url, "?game=quiz")
    set_up(page, ("people", "easy"), ("Owls",), seed=4)
    page.locator("[data-action=start]").focus()
    page.keyboard.press("Enter")
    cards = page.locator(".team.mine button[data-question]")
    expect(cards.first).to_be_focused(timeout=STEP_MS)
    focused = "() => document.activeElement.dataset.question || document.activeElement.dataset.action || " \
        "document.activeElement.tagName"
    second = str(cards.nth(1).get_attribute("data-question"))
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == second, "ArrowRight moves to the team's next card"
    page.keyboard.press("ArrowLeft")
    first = str(cards.first.get_attribute("data-question"))
    assert page.evaluate(focused) == first
    page.keyboard.press("Enter")  # Enter on a card chooses it
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # Enter on a second card moves the choice, and plays nothing
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(cards.first).to_have_attribute("aria-pressed", "false")
    plus = page.locator("[data-action=shift][data-arg='+200']")
    plus.focus()
    page.keyboard.press("Enter")  # Enter on +200 turns the power on, and plays nothing
    expect(plus).to_have_attribute("aria-pressed", "true")
    assert page.locator("body").get_attribute("data-screen") == "choose"
    assert cards.count() >= 4, "nothing was played"
    page.keyboard.press("Space")
    expect(plus).to_have_attribute("aria-pressed", "false")
    rules = page.locator("[data-action=rules]").first
    rules.focus()
    page.keyboard.press("Enter")  # Enter on Rules opens the rules, and plays nothing
    back = page.locator("[data-action=back]")
    expect(back).to_be_visible(timeout=STEP_MS)
    back.focus()
    page.keyboard.press("Enter")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true", timeout=STEP_MS)
    assert page.evaluate("() => document.activeElement !== document.body")
    change = page.locator("[data-action=change]")
    change.focus()
    page.keyboard.press("Enter")
    expect(change).to_have_attribute("aria-pressed", "true")
    cards.nth(2).focus()
    page.keyboard.press("Space")
    confirm = page.locator("[data-action=confirm]")
    confirm.focus()
    page.keyboard.press("Enter")
    fresh = page.locator(".team.mine button.qcard.fresh")
    expect(fresh).to_be_focused(timeout=STEP_MS)  # the new card, not the body nor the disabled Play
    assert page.evaluate("() => !document.activeElement.disabled && document.activeElement !== document.body")


def test_the_quiz_sheet_exports_imports_clears_and_forgets_the_shown_questions(
    warm_context: BrowserContext, chromium: Browser, site_url: str, tmp_path: Path
) -> None:
    from thousand.sheet import QuizRecord, QuizSheet, TeamRecord

    record = QuizRecord("r1", "2026-11-29T20:00:00Z", (TeamRecord("Owls", "people", ("Ana", "Ben")),
                                                       TeamRecord("Bruno", "hard")), (0,), "one card", 5,
                        ((10, 20), (200, 300)))
    page = first_visit(warm_context, site_url, "?game=quiz", stored={
        "zero-knizia:quiz-sheet": QuizSheet((record,)).to_json(),
        "zero-knizia:quiz-seen": json.dumps({DECK.ids[0]: 1.0, DECK.ids[1]: 2.0})})
    page.locator("[data-action=sheet]").click()
    expect(page.locator(".history-entry")).to_have_count(1)
    expect(page.locator(".stats-table.stats-teams")).to_contain_text("Owls")  # teams and people: two tables
    expect(page.locator(".stats-table.stats-people")).to_contain_text("Ana")
    expect(page.locator(".history-date")).to_contain_text("29 Nov 2026")  # the date as the language writes it
    expect(page.locator(".seen-count")).to_contain_text(f"2 of {len(DECK.ids)}")
    with page.expect_download() as download:
        page.locator("[data-action=export-json]").click()
    exported = tmp_path / "quiz.json"
    download.value.save_as(exported)
    assert QuizSheet.from_json(exported.read_text(encoding="utf-8")) == QuizSheet((record,))
    page.locator("[data-action=reset-seen]").click()
    expect(page.locator(".seen-count")).to_contain_text(f"0 of {len(DECK.ids)}")
    assert json.loads(page.evaluate("() => localStorage.getItem('zero-knizia:quiz-seen')"))["seen"] == {}
    page.locator("[data-action=clear-history]").click()
    page.locator("[data-action=clear-history-yes]").click()
    expect(page.locator(".history-entry")).to_have_count(0)

    other = page_context(chromium)
    try:
        page2 = open_game(other, site_url, "?game=quiz").page
        page2.locator("[data-action=sheet]").click()
        bad = tmp_path / "not-a-sheet.json"
        bad.write_text('{"type": "something else"}', encoding="utf-8")
        page2.locator("[data-field=import-file]").set_input_files(bad)
        expect(page2.locator("[data-notice='storage.bad-import']")).to_be_visible()
        page2.locator("[data-field=import-file]").set_input_files(exported)
        expect(page2.locator(".history-entry")).to_have_count(1)
        expect(page2.locator("[data-notice='storage.imported']")).to_contain_text(
            Texts("en").t("storage.imported", added=1, duplicates=0))
    finally:
        other.close()


def test_the_power_cards_by_taps_change_two_questions_and_200(warm_context: BrowserContext, site_url: str) -> None:
    page = first_visit(warm_context, site_url, "?game=quiz")
    set_up(page, ("people", "easy"), ("Owls",), seed=3)
    page.locator("[data-action=start]").click()
    mine = page.locator(".team.mine button[data-question]")
    mine.first.wait_for(timeout=STEP_MS)
    before = set(mine.evaluate_all("ns => ns.map(n => n.dataset.question)"))
    swapped = str(mine.nth(5).get_attribute("data-question"))
    page.locator("[data-action=change]").click()
    mine.nth(5).click()
    # Change is once a game: the card tapped waits for a confirm that says so.
    expect(page.locator(".team.mine .qfresh")).to_have_count(0)
    expect(page.locator(".summary")).to_contain_text("once a game")
    page.locator("[data-action=confirm]").click()
    expect(page.locator(".team.mine .qfresh")).to_have_count(1)
    after = set(mine.evaluate_all("ns => ns.map(n => n.dataset.question)"))
    assert swapped not in after and len(after - before) == 1
    expect(page.locator("[data-action=change]")).to_have_count(0)  # used
    expect(page.locator("[data-team='1'] .power")).to_have_count(3)  # the bot's cards are not told
    page.locator("[data-action=two]").click()
    expect(page.locator(".quiz-controls .prompt")).to_contain_text("Target 500")  # the prompt keeps the target
    mine.nth(0).click()
    mine.nth(1).click()
    expect(page.locator(".summary")).to_contain_text("Sum or Difference")  # what Play waits for
    expect(page.locator("[data-action=confirm]")).to_be_disabled()
    expect(page.locator("[data-action=confirm]")).to_have_attribute("title", re.compile("Sum or Difference"))
    page.locator("[data-action=combine][data-arg=sum]").click()
    page.locator("[data-action=shift][data-arg='+200']").click()
    expect(page.locator(".summary")).to_contain_text("sum")
    page.locator("[data-action=confirm]").click()
    page.locator("[data-action=reveal-next]").click()
    owls = page.locator(".play.up[data-team='0']")
    expect(owls.locator("[data-answer]")).to_have_count(2)
    expect(owls.locator(".play-powers")).to_contain_text("sum · +200 · Change played")
    check_privacy(page)
    # Deal 3: Owls end up furthest (found in CPython on the 823-question deck) and choose which of their two
    # cards is the target.
    while page.locator("[data-action=reveal-next]").count():
        page.locator("[data-action=reveal-next]").click()
    choice = page.locator("[data-action=target]")
    expect(choice).to_have_count(2)
    screenshot_all(page, "reveal-target-choice")
    answer = str(choice.first.inner_text()).split()[1]
    choice.first.click()
    expect(page.locator(".results")).to_contain_text(f"The new target is {answer}.")
    expect(page.locator(".results")).to_contain_text("Owls: 2 new cards drawn.")


def test_a_quiz_changed_in_another_tab_is_not_written_over(warm_context: BrowserContext, site_url: str) -> None:
    first = first_visit(warm_context, site_url, "?game=quiz")
    set_up(first, ("people", "easy"), ("Owls",), seed=4)
    first.locator("[data-action=start]").click()
    first.locator(".team.mine button[data-question]").first.wait_for(timeout=STEP_MS)
    second = first_visit(warm_context, site_url, "?game=quiz")  # the same quiz, resumed in a second tab
    second.locator(".team.mine button[data-question]").first.click()
    second.locator("[data-action=confirm]").click()
    expect(first.locator("[data-notice='storage.conflict']")).to_be_visible(timeout=STEP_MS)
    saved = second.evaluate("() => localStorage.getItem('zero-knizia:quiz-game')")
    first.locator(".team.mine button[data-question]").nth(1).click()
    first.locator("[data-action=confirm]").click()
    first.wait_for_timeout(500)
    assert first.evaluate("() => localStorage.getItem('zero-knizia:quiz-game')") == saved


def test_the_mix_and_its_themes_are_chosen_on_the_lobby_remembered_and_a_mix_too_small_says_so(
    warm_context: BrowserContext, site_url: str
) -> None:
    page = first_visit(warm_context, site_url, "?game=quiz")
    expect(page.locator("[data-action=start]")).to_be_enabled()
    page.locator("[data-field=mix]").select_option("family")
    page.locator("[data-action=more-options]").click()
    themes = page.locator("[data-action=theme]")
    for i in range(themes.count() - 1):  # leave out every theme but one
        themes.nth(i).click()
    warning = page.locator(".mix-warning")
    expect(warning).to_contain_text("Family")
    expect(warning).to_contain_text("teams need at least")
    expect(page.locator("[data-action=start]")).to_be_disabled()
    page.reload()  # remembered on the device
    expect(page.locator(".quiz-setup")).to_be_visible(timeout=STEP_MS)
    expect(page.locator("[data-field=mix]")).to_have_value("family")
    expect(page.locator(".mix-warning")).to_be_visible()
    page.locator(".topbar [data-field=lang]").select_option("de")
    expect(page.locator(".mix-warning")).to_contain_text("brauchen mindestens")
    page.locator(".topbar [data-field=lang]").select_option("en")
    page.locator("[data-action=more-options]").click()
    page.locator("[data-action=theme][aria-pressed=false]").first.click()
    page.locator("[data-field=mix]").select_option("quiz-night")
    expect(page.locator(".mix-warning")).to_have_count(0)
    expect(page.locator("[data-action=start]")).to_be_enabled()
    page.locator("[data-action=start]").click()
    expect(page.locator("body[data-screen=choose], body[data-screen=handoff]")).to_have_count(1, timeout=STEP_MS)
