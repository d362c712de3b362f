"""Both games played with the keyboard alone (issue 36, item 10): whole games, with the focus checked after every key
(never on the page's body), Enter on a power or on Rules never playing a card, the questions as modal dialogs (the
focus inside, on the answer they start on, kept there, given back), and what the live region says at the big
moments.  Short games: one person against fast bots in two rounds of Zero, quizzes on small seeds at the fast
speed."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import open_game
from .quiz_browser import set_up

STEP_MS = 60_000

# What has the focus, in words a failure can show.
FOCUSED = """() => { const n = document.activeElement;
  if (!n || n === document.body) return 'BODY';
  return [n.tagName.toLowerCase(), n.dataset.action || n.dataset.card || n.dataset.question || n.dataset.field || '',
          (n.textContent || '').trim().slice(0, 40)].join(' ') }"""
# The question on screen as a dialog: its role and modality, its name, its answers in order, which has the focus.
DIALOG = """() => { const d = document.querySelector('[data-dialog]'); if (!d) return null;
  const named = document.getElementById(d.getAttribute('aria-labelledby'));
  const answers = [...d.querySelectorAll('button')];
  return { role: d.getAttribute('role'), modal: d.getAttribute('aria-modal'), name: named ? named.textContent : '',
           answers: answers.map(b => b.textContent), safe: answers.findIndex(b => b.hasAttribute('data-safe')),
           focused: answers.indexOf(document.activeElement) } }"""
# Every text the live region was given, in order (a screen reader hears each addition).
LISTEN = """() => { window.heard = []; window.heardMost = 0; const live = document.getElementById('live');
  new MutationObserver(() => { window.heard.push(live.textContent);
    window.heardMost = Math.max(window.heardMost, live.children.length); })
    .observe(live, { childList: true, subtree: true, characterData: true }); }"""


def focused(page: Page) -> str:
    return str(page.evaluate(FOCUSED))


def press(page: Page, key: str, why: str = "") -> str:
    """Press ``key``; the focus must not be on the body after it.  Returns what has the focus."""
    page.keyboard.press(key)
    now = focused(page)
    assert now != "BODY", f"the focus fell to the page's body after {key} {why}"
    return now


def tab_to(page: Page, selector: str, *, back: bool = False, limit: int = 60) -> None:
    """Tab (or Shift+Tab) until the element ``selector`` finds has the focus, checking the focus at every step."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        press(page, "Shift+Tab" if back else "Tab", f"towards {selector}")
    raise AssertionError(f"{selector} never reached by Tab (focus on {focused(page)})")


def wait_focus_on(page: Page, selector: str) -> None:
    """Wait until the screen's next step is up and has the focus on ``selector``."""
    page.wait_for_function("(s) => document.activeElement && document.activeElement.matches(s)", arg=selector,
                           timeout=STEP_MS)


def check_dialog(page: Page, first: str) -> dict[str, Any]:
    """The question on screen is a modal alert dialog named by its words, focused on its first answer (``first``);
    Tab and Shift+Tab go round its answers and never leave it."""
    d = page.evaluate(DIALOG)
    assert d is not None, "no dialog"
    assert (d["role"], d["modal"]) == ("alertdialog", "true") and d["name"], d
    assert d["focused"] == 0 and d["answers"][0] == first, d
    for key in ("Tab", "Tab", "Shift+Tab", "Shift+Tab"):
        press(page, key, "in a dialog")
        assert page.evaluate(DIALOG)["focused"] >= 0, "Tab left the dialog"
    assert page.evaluate(DIALOG)["focused"] == 0
    return d


# ---- Zero -------------------------------------------------------------------------------------------------------

ZERO_NEXT = ("[data-action=knock], [data-action=see-end], [data-action=next-round], .match-end, "
             "[data-action=play-again]")


def test_a_match_of_zero_against_bots_by_keyboard_alone(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?seed=5&speed=fast").page
    page.locator("[data-field=lang]").select_option("en")
    if not page.locator("[data-field=rounds]").count():
        page.locator("[data-action=more-options]").click()
    page.locator("[data-field=rounds]").select_option("2")
    page.locator("[data-field=speed]").select_option("fast")
    page.evaluate(LISTEN)
    page.locator("[data-action=start]").focus()
    press(page, "Enter", "on Start")
    turns = rounds = 0
    while True:
        page.locator(ZERO_NEXT).first.wait_for(timeout=STEP_MS)
        assert focused(page) != "BODY", "the focus fell to the body while the bots played"
        if page.locator(".match-end").count():
            break
        if page.locator("[data-action=see-end]").count():  # the round's last move, on the table
            wait_focus_on(page, "[data-action=see-end]")
            press(page, "Enter", "on the last move")
            continue
        if page.locator("[data-action=next-round]").count():
            wait_focus_on(page, ".round-end h1")  # the results' heading, not Next round above them
            said = page.locator("#live").inner_text()
            assert ("Best hand" in said or "ZERO" in said) and "You: " in said and "total" in said, said
            rounds += 1
            assert press(page, "Tab", "after the round's heading").startswith("button next-round")
            press(page, "Enter", "on Next round")
            continue
        wait_focus_on(page, "[data-zone=hand] [data-card]")  # a turn starts on the hand
        if turns == 0:
            expect(page.locator("#live")).to_contain_text("Your turn.")
            press(page, "Enter", "on a hand card")
            press(page, "ArrowUp", "to the pool")
            press(page, "Enter", "on a pool card")
            check_dialog(page, "Swap")
            press(page, "Escape", "in the swap's question")
            assert page.evaluate(DIALOG) is None
            assert page.locator("[data-card][aria-pressed=true]").count() == 0
            assert focused(page).startswith("button hand"), "Escape: back on the hand, the choice cleared"
            cards = page.locator("[data-zone=hand] [data-card]")
            hand = sorted(cards.evaluate_all("ns => ns.map(n => n.dataset.card)"))
            tab_to(page, "[data-action=rules]", back=True)
            press(page, "Enter", "on Rules")
            expect(page.locator(".rules")).to_be_visible()
            tab_to(page, "[data-action=back]")
            press(page, "Enter", "on Back")
            wait_focus_on(page, "[data-zone=hand] [data-card]")
            assert sorted(cards.evaluate_all("ns => ns.map(n => n.dataset.card)")) == hand, \
                "Enter on Rules played nothing"
            press(page, "Enter", "on a hand card")
            press(page, "ArrowUp", "to the pool")
            press(page, "Enter", "on a pool card")
            check_dialog(page, "Swap")
            press(page, "Enter", "on Swap")
        else:
            press(page, "k", "to knock")
            d = check_dialog(page, page.locator("[data-dialog] [data-action=confirm]").inner_text())
            assert d["safe"] == 1, "Cancel is the safe answer"
            press(page, "Enter", "on Knock")
        turns += 1
    assert rounds == 2 and turns >= 2
    heard = page.evaluate("() => window.heardMost")
    assert heard >= 2, "the bots' moves were said one over the other, not one after the other"


def test_the_question_before_leaving_zero_is_a_dialog_on_its_safe_answer_and_gives_the_focus_back(
        warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?seed=5&speed=fast").page
    page.locator("[data-field=lang]").select_option("en")
    page.locator("[data-action=start]").focus()
    press(page, "Enter", "on Start")
    wait_focus_on(page, "[data-zone=hand] [data-card]")
    tab_to(page, "[data-action=new-setup]", back=True)
    press(page, "Enter", "on New game")
    d = check_dialog(page, "Keep playing")
    assert d["safe"] == 0 and len(d["answers"]) == 2, "the safe answer first, and focused"
    press(page, "Escape", "in the question")
    assert page.evaluate(DIALOG) is None
    assert focused(page).startswith("button new-setup"), "the focus goes back to where it was"
    press(page, "Enter", "on New game")
    press(page, "Tab", "to Leave")
    press(page, "Enter", "on Leave")
    expect(page.locator("[data-action=start]")).to_be_visible()


# ---- the quiz ---------------------------------------------------------------------------------------------------

QUIZ_NEXT = ("[data-action=ready], .team.mine button[data-question], [data-action=reveal-next], "
             "[data-action=reveal-done], [data-action=target], [data-field=guess], [data-action=see-winner], "
             ".podium, [data-action=play-again]")


def set_up_quiz(page: Page, kinds: tuple[str, ...], seed: int) -> None:
    """The quiz's set-up in English, its teams of people named Owls, Foxes, Bears by their row, and the focus on
    the start button (the keyboard's next key starts the quiz)."""
    page.locator("[data-field=lang]").select_option("en")
    names = tuple(("Owls", "Foxes", "Bears")[i] for i, kind in enumerate(kinds) if kind == "people")
    set_up(page, kinds, names, seed=seed)
    page.locator("[data-action=start]").focus()


def quiz_by_keyboard(page: Page) -> dict[str, int]:
    """Play the quiz on screen to its end by keys alone; returns how often each step came."""
    done: dict[str, int] = {}
    tried = False
    for _ in range(400):
        page.locator(QUIZ_NEXT).first.wait_for(timeout=STEP_MS)
        assert focused(page) != "BODY", "the focus fell to the body between steps"
        screen = page.evaluate("() => document.body.dataset.screen")
        if page.locator(".podium").count() and not page.locator("[data-action=see-winner]").count():
            done["end"] = 1
            return done
        if screen == "handoff":
            tab_to(page, "[data-action=ready]")
            press(page, "Enter", "on the hand-off")
            step = "ready"
        elif page.locator(".team.mine button[data-question]").count():
            # the round starts on the team's own cards, with nothing to wait for
            wait_focus_on(page, ".team.mine button[data-question]")
            cards = page.locator(".team.mine button[data-question]")
            count = cards.count()
            press(page, "ArrowRight", "along the cards")
            assert page.evaluate("() => document.activeElement.dataset.question") == \
                cards.nth(1).get_attribute("data-question"), "ArrowRight: the team's next card"
            press(page, "Enter", "on a card")
            expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
            if not tried and page.locator("[data-action=shift]").count():
                tried = True
                press(page, "Tab", "from the chosen card")  # the team's cards are one Tab stop (the arrows go along)
                assert not page.evaluate("() => !!document.activeElement.closest('.team.mine')"), focused(page)
                press(page, "Shift+Tab", "back to the cards")
                assert page.evaluate("() => document.activeElement.dataset.question") == \
                    cards.nth(1).get_attribute("data-question"), "Shift+Tab comes back to the chosen card"
                tab_to(page, "[data-action=shift]")
                press(page, "Enter", "on +200")
                assert page.evaluate("() => document.body.dataset.screen") == "choose"
                assert cards.count() == count, "Enter on a power played a card"
                press(page, "Enter", "on +200 again")
                tab_to(page, "[data-action=rules]", back=True)
                press(page, "Enter", "on Rules")
                expect(page.locator(".rules")).to_be_visible()
                tab_to(page, "[data-action=back]")
                press(page, "Enter", "on Back")
                wait_focus_on(page, ".team.mine button[data-question]")
                expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")  # the choice waited
                assert cards.count() == count, "Enter on Rules played a card"
            tab_to(page, "[data-action=confirm]")
            press(page, "Enter", "on Play")
            step = "play"
        elif page.locator("[data-action=reveal-next]").count():
            wait_focus_on(page, "[data-action=reveal-next]")
            press(page, "Enter", "on Turn over")
            expect(page.locator("#live")).to_contain_text("The answer is")
            step = "reveal"
        elif page.locator("[data-action=target], [data-action=reveal-done]").count():
            wait_focus_on(page, ".reveal-buttons .btn")
            expect(page.locator("#live")).to_contain_text("Furthest")  # the verdict, said after the last card
            press(page, "Enter", "on the verdict")
            step = "verdict"
        elif page.locator("[data-field=guess]").count():
            wait_focus_on(page, "[data-field=guess]")
            page.keyboard.type("500")
            press(page, "Enter", "in the guess box")
            step = "guess"
        else:
            tab_to(page, "[data-action=see-winner]")
            press(page, "Enter", "on See the winner")
            step = "winner"
        done[step] = done.get(step, 0) + 1
    raise AssertionError(f"the quiz did not end: {done}")


def test_a_quiz_against_bot_teams_by_keyboard_alone(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?game=quiz", zero=False).page
    set_up_quiz(page, ("people", "easy", "hard"), seed=4)
    press(page, "Enter", "on Start")
    done = quiz_by_keyboard(page)
    assert done["play"] >= 2 and done["verdict"] >= 2 and done.get("end"), done


def test_a_quiz_of_two_teams_of_people_by_keyboard_alone(warm_context: BrowserContext, site_url: str) -> None:
    page = open_game(warm_context, site_url, "?game=quiz", zero=False).page
    set_up_quiz(page, ("people", "people"), seed=4)
    press(page, "Enter", "on Start")
    done = quiz_by_keyboard(page)
    assert done["ready"] >= 4 and done["play"] >= 4 and done.get("end"), done
