"""Zéro à 1000 in Firefox and WebKit: the quiz loads from the first screen, a whole game with a bot by taps
keeps every answer out of the page until it is turned over, resumes after a reload, and the score sheet keeps
it."""

from __future__ import annotations

import json

from tests.e2e.quiz_browser import NEXT, READ_PAGE, assert_private
from tools.engines import LOAD_TIMEOUT_S, Driver, Site

from . import table as t
from .conftest import SEED

QUIZ = f"?seed={SEED}&speed=fast&game=quiz"
GAME_KEY = "zero-knizia:quiz-game"
SHEET_KEY = "zero-knizia:quiz-sheet"
STEPS = 400  # a game of two teams ends well before this many steps (a test bound, not a rule)


def open_quiz(driver: Driver, url: str) -> None:
    driver.goto(url)
    t.wait_ready(driver)  # the page is ready once the quiz's files are loaded and its set-up is up
    t.wait_visible(driver, t.action("start"), timeout=LOAD_TIMEOUT_S)


def set_up(driver: Driver, kinds: tuple[str, ...], names: tuple[str, ...] = ()) -> None:
    """One team per kind (a team of people gets its name from ``names``), fast bots, deal 8."""
    while t.count(driver, ".team-row") > len(kinds):
        t.tap(driver, f"{t.action('remove-team')}[data-arg='{t.count(driver, '.team-row') - 1}']")
    while t.count(driver, ".team-row") < len(kinds):
        t.tap(driver, t.action("add-team"))
    for i, kind in enumerate(kinds):
        driver.select(t.field(f"team-kind:{i}"), kind)
    people = iter(names)
    for i, kind in enumerate(kinds):
        if kind == "people":
            driver.fill(t.field(f"team-name:{i}"), next(people, f"Team {i + 1}"))
    driver.select(t.field("speed"), "fast")
    if not t.count(driver, t.field("seed")):  # the deal number is behind More options
        t.tap(driver, t.action("more-options"))
    driver.fill(t.field("seed"), "8")


def play_step(driver: Driver) -> str:
    """Check the page keeps every secret, then do the next thing a person does; return what it was."""
    found = driver.wait("(s) => { const e = document.querySelector(s); return e && (e.dataset.action"
                        " || (e.dataset.question ? 'card' : 'guess')); }", NEXT, timeout=t.BOT_TIMEOUT_S,
                        what="a team's turn, a reveal or the end")
    assert_private(driver.call(READ_PAGE))
    step = str(found)
    if step == "card":
        driver.click(".team.mine button[data-question]")
        t.tap(driver, t.action("confirm"))
    elif step == "guess":
        driver.fill(t.field("guess"), "500")
        t.tap(driver, t.action("guess"))
    else:
        t.tap(driver, t.action(step))
    return step


def test_a_whole_quiz_against_a_bot_by_taps_keeps_every_answer_hidden_resumes_after_a_reload_and_is_kept(
    driver: Driver, new_site: Site
) -> None:
    """One start from nothing on a new origin (15-30 s in WebKit here) for the whole game: a reload a few steps in
    resumes it, and the resumed game is played to its end."""
    engine = driver.engine
    open_quiz(driver, new_site.url + QUIZ)
    set_up(driver, ("people", "medium"), ("Owls",))
    t.tap(driver, t.action("start"))
    steps = [play_step(driver) for _ in range(3)]

    saved = t.stored(driver, GAME_KEY)
    assert saved is not None, f"{engine}: the quiz is not saved after three steps"
    before = sorted(t.values(driver, ".team.mine [data-question]", "data-question"))
    driver.reload()
    t.wait_ready(driver)
    driver.wait("(s) => !!document.querySelector(s)", NEXT, timeout=t.BOT_TIMEOUT_S, what="the quiz again")
    assert sorted(t.values(driver, ".team.mine [data-question]", "data-question")) == before, (
        f"{engine}: after a reload, the team holds other questions")
    assert_private(driver.call(READ_PAGE))
    assert json.loads(t.stored(driver, GAME_KEY) or "{}") == json.loads(saved), (
        f"{engine}: resuming wrote over the game")

    while not t.count(driver, t.action("play-again")):
        steps.append(play_step(driver))
        assert len(steps) < STEPS, f"{engine}: the quiz did not end"
    assert_private(driver.call(READ_PAGE))
    assert "card" in steps and "reveal-next" in steps, f"{engine}: {sorted(set(steps))}"
    assert "Owls" in t.text_of(driver, "body")
    sheet = t.stored(driver, SHEET_KEY)
    assert sheet is not None and len(json.loads(sheet)["games"]) == 1, f"{engine}: the game is on the score sheet once"
