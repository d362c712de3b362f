"""Following the table in Chromium (issue 13): the move log against the engine's history (beside the table,
play going on: issue 29), and the round's last move played out on the table before the round's end opens."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from zero_game import Match
from zero_game.sheet import load_game
from zero_game.web.keeper import GAME_KEY
from zero_game.web.movelog import last_move_text, log_round, round_log
from zero_game.web.settings import Settings
from zero_game.web.texts import Texts

from .conftest import booted_page, open_game, page_context, settled
from .table_steps import BOT_TIMEOUT_MS, audit, knock, shoot, swap_first_cards

SEED = 11


@pytest.fixture(scope="module")
def booted(chromium: Browser, site_url: str) -> Iterator[Page]:
    """One booted game page for this module: English, a fixed seed."""
    yield from booted_page(chromium, site_url, f"?seed={SEED}", locale="en-GB")


def new_match(page: Page, speed: str) -> None:
    """A new match of one person against two medium bots at ``speed``."""
    if page.locator("[data-action=new-setup]").count():
        page.locator("[data-action=new-setup]").first.click()
        if page.locator("[data-action=new-setup-yes]").count():
            page.locator("[data-action=new-setup-yes]").click()
    expect(page.locator("[data-action=start]")).to_be_visible()
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator("[data-field=speed]").select_option(speed)
    page.locator("[data-action=start]").click()


def saved(page: Page) -> tuple[Match, Texts]:
    """The match the page saved after its last action, and the page's texts for it."""
    game = load_game(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    settings = Settings.from_dict(game.table)
    return game.match, Texts("en", settings)


def my_turn(page: Page) -> None:
    page.locator("[data-action=knock]").wait_for(timeout=BOT_TIMEOUT_MS)


def after_my_first_swap(page: Page) -> None:
    """A new match at fast speed, my first swap made and the bots' replies played: my turn again."""
    new_match(page, "fast")
    my_turn(page)
    swap_first_cards(page)
    my_turn(page)


def test_the_log_shows_the_engine_history_and_the_last_move_comes_before_the_round_end(booted: Page) -> None:
    page = booted
    after_my_first_swap(page)
    page.locator(".status [data-action=log]").click()  # one tap from the table, and the table stays
    expect(page.locator("body[data-screen=table] .table-log h2")).to_have_text("Moves so far")
    expect(page.locator(".status [data-action=log]")).to_have_attribute("aria-pressed", "true")
    match, texts = saved(page)
    expected = log_round(texts, round_log(match.round, 1))
    expect(page.locator(".table-log .log-round h3")).to_have_text([expected.heading])
    expect(page.locator(".table-log .log-round li")).to_have_text(list(expected.lines))
    assert len(expected.lines) >= 4  # who dealt, my swap, and both bots' replies
    assert audit(page) == []  # axe-core: no serious problem on the table with its log
    swap_first_cards(page)  # play goes on beside the open log: the bots reply, and the log follows
    expect(page.locator(".table-log .log-round li")).to_have_count(len(expected.lines) + 3, timeout=BOT_TIMEOUT_MS)
    my_turn(page)
    page.locator(".table-log [data-action=log]").click()  # its own button closes it
    expect(page.locator(".table-log")).to_have_count(0)

    statuses: list[str] = []
    page.evaluate("""() => { window.__statuses = [];
        new MutationObserver(() => { const s = document.querySelector('.status-text');
          if (document.body.dataset.screen === 'last-move' && s) window.__statuses.push(s.textContent); })
        .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}); }""")
    while page.locator("body[data-screen=table]").count():
        if page.locator("[data-action=knock]").count():
            knock(page)
        page.locator("[data-action=knock], body[data-screen=last-move], body[data-screen=round-end]").first \
            .wait_for(timeout=BOT_TIMEOUT_MS)
    expect(page.locator("body[data-screen=round-end]")).to_be_visible(timeout=10_000)
    match, texts = saved(page)
    said = last_move_text(texts, match.finished_rounds[0])
    statuses = page.evaluate("() => window.__statuses")
    assert said in statuses, "the round's last move was not on the table before its end"
    expect(page.locator(".round-end .last-move")).to_have_text(said)
    lines = log_round(texts, round_log(match.finished_rounds[0], 1)).lines
    expect(page.locator(".round-end .log-round li")).to_have_text(list(lines))
    below = page.evaluate("() => !!(document.querySelector('.revealed').compareDocumentPosition("
                          "document.querySelector('.round-end .log-round')) & Node.DOCUMENT_POSITION_FOLLOWING)")
    assert below, "the log is below the hands"
    assert audit(page) == []  # nor on the round's end with its moves


def test_screens_of_the_log_and_the_last_move_at_three_sizes(booted: Page) -> None:
    page = booted
    after_my_first_swap(page)
    knock(page)
    my_turn(page)
    page.locator(".status [data-action=log]").click()
    expect(page.locator(".table-log")).to_be_visible()
    shoot(page, "moves-log")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator(".status [data-action=log]").click()
    # Slow from here, set on the set-up and back to the match: the round's last move stays on the table for 4 s.
    page.locator("[data-action=new-setup]").first.click()
    page.locator("[data-action=new-setup-yes]").click()
    page.locator("[data-field=speed]").select_option("slow")
    page.locator("[data-action=back-to-match]").click()
    my_turn(page)
    knock(page)  # the second knock: the bots take their final turns, then the round's last move is shown
    page.locator("body[data-screen=last-move]").wait_for(timeout=BOT_TIMEOUT_MS)
    expect(page.locator("[data-action=see-end]")).to_be_focused()
    shoot(page, "moves-last-move")  # within the 4 s the last move stays at slow speed
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator("[data-action=see-end]").click()  # a tap needs no wait
    expect(page.locator("body[data-screen=round-end]")).to_be_visible()
    shoot(page, "moves-round-end")


def table_cards(page: Page) -> tuple[list[str], list[str]]:
    """The hand's and the pool's cards, in their places."""
    hand = page.locator("[data-zone=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    pool = page.locator("[data-zone=pool] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return hand, pool


def log_lines(page: Page) -> list[str]:
    """The round's moves as the log beside the table lists them (opened and closed again)."""
    page.locator(".status [data-action=log]").click()
    lines = page.locator(".table-log .log-round").last.locator("li").all_text_contents()
    page.locator(".status [data-action=log]").click()
    expect(page.locator(".table-log")).to_have_count(0)
    return lines


def test_undo_against_bots_restores_the_table_and_the_same_move_brings_the_same_replies(booted: Page) -> None:
    page = booted
    new_match(page, "fast")
    my_turn(page)
    expect(page.locator("[data-action=undo]")).to_have_count(0)  # nothing of mine to take back yet
    before, lines_before = table_cards(page), log_lines(page)
    give, take = before[0][0], before[1][0]
    swap_first_cards(page)
    my_turn(page)
    after, lines_after = table_cards(page), log_lines(page)
    assert after != before and len(lines_after) == len(lines_before) + 3
    page.locator("[data-action=undo]").click()
    expect(page.locator("#live")).to_have_text("Your last turn is taken back, and the bots' turns after it.")
    assert table_cards(page) == before
    assert log_lines(page) == lines_before
    page.locator(f"[data-zone=hand] [data-card='{give}']").click()
    page.locator(f"[data-zone=pool] [data-card='{take}']").click()
    page.locator(".confirm [data-action=confirm]").click()
    my_turn(page)
    assert table_cards(page) == after and log_lines(page) == lines_after
    match, _ = saved(page)
    game = load_game(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    assert game.options["assists"] == "undo" and match.round.turns_taken == len(lines_after) - 1


def test_a_hint_shows_the_hard_bot_s_choice_and_the_sheet_marks_the_match(booted: Page) -> None:
    page = booted
    new_match(page, "fast")
    my_turn(page)
    page.locator("[data-action=hint]").click()
    expect(page.locator(".hint-text")).to_contain_text("The hard bot would ", timeout=30_000)
    expect(page.locator("[data-action=hint]")).to_have_count(0)
    shoot(page, "moves-hint")  # the hint, and the table's buttons (undo, moves, sound) at three sizes
    page.set_viewport_size({"width": 1024, "height": 768})
    game = load_game(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')"))
    assert game.options["assists"] == "hint"
    knock(page)
    page.locator("[data-action=knock], body[data-screen=last-move]").first.wait_for(timeout=BOT_TIMEOUT_MS)
    expect(page.locator(".hint-text")).to_have_count(0)  # the next turn starts without it


COUNTERS = """
window.__flights = 0; window.__tones = 0; window.__buzz = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__flights++; return animate.apply(this, args); };
if (window.AudioContext) {
  const osc = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () { window.__tones++; return osc.call(this); };
}
navigator.vibrate = () => { window.__buzz++; return true; };
"""


def counts(page: Page) -> tuple[int, int]:
    flights, tones = page.evaluate("() => [window.__flights, window.__tones]")
    return int(flights), int(tones)


def test_cards_travel_sounds_play_and_both_can_be_turned_off(chromium: Browser, site_url: str) -> None:
    context = page_context(chromium, locale="en-GB")
    context.add_init_script(COUNTERS)
    try:
        loaded = open_game(context, site_url, f"?seed={SEED}")
        page = loaded.page
        new_match(page, "fast")
        my_turn(page)
        flights, tones = counts(page)
        swap_first_cards(page)
        page.wait_for_function("() => window.__flights >= 2")
        my_turn(page)
        assert counts(page)[0] >= flights + 4, "my swap and the bots' swaps travel"
        assert counts(page)[1] > tones, "swaps and knocks sound"
        page.locator("[data-action=sound]").click()
        expect(page.locator("[data-action=sound]")).to_have_attribute("aria-pressed", "false")
        page.emulate_media(reduced_motion="reduce")
        flights, tones = counts(page)
        swap_first_cards(page)
        my_turn(page)
        assert counts(page) == (flights, tones), "nothing moves or sounds once turned off"
        page.emulate_media(reduced_motion="no-preference")
        page.reload()
        page.locator("[data-action=knock]").wait_for(timeout=BOT_TIMEOUT_MS)
        expect(page.locator("[data-action=sound]")).to_have_attribute("aria-pressed", "false")  # remembered
        page.locator("[data-action=new-setup]").click()
        page.locator("[data-action=new-setup-yes]").click()
        if not page.locator("[data-field=motion]").count():  # the device's options are behind More options
            page.locator("[data-action=more-options]").click()
        page.locator("[data-field=motion]").select_option("off")
        page.locator("[data-action=back-to-match]").click()
        my_turn(page)
        flights = counts(page)[0]
        swap_first_cards(page)
        my_turn(page)
        assert counts(page)[0] == flights, "the Cards travel setting turns motion off"
        assert loaded.console_errors == []
    finally:
        context.close()


# Every card's flight, as it starts: where it lands, its box there, and the width it starts at (its box scaled by
# the first frame), with the widths of a hand card and a pool card on the screen then.
FLIGHTS = """
window.__sizes = [];
const flyCard = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const first = Array.isArray(frames) ? frames[0] : null;
  if (first && first.transform && (this.dataset.card || this.classList.contains('ghost'))) {
    // Layout widths (offsetWidth), not boxes: a card already in flight is scaled.
    const scale = /scale\\(([\\d.]+)\\)/.exec(first.transform), r = {width: this.offsetWidth};
    const width = (sel) => document.querySelector(sel)?.offsetWidth || 0;
    window.__sizes.push({card: this.dataset.card || 'ghost', zone: this.closest('[data-zone]')?.dataset.zone || '',
      start: r.width * (scale ? parseFloat(scale[1]) : 1), hand: width('[data-zone=hand] [data-card]'),
      pool: width('[data-zone=pool] [data-card]')});
  }
  return flyCard.call(this, frames, options);
};
"""


@pytest.mark.parametrize("size", [(390, 844), (768, 1024), (1024, 768)], ids=lambda x: f"{x[0]}x{x[1]}")
def test_on_a_phone_a_card_flies_at_the_size_of_the_card_it_is(chromium: Browser, site_url: str,
                                                                 size: tuple[int, int]) -> None:
    """Issue 36 item 9: on a phone a bot's card flew from its seat to the pool at the seat's size (it started as
    wide as the seat's panel: several cards wide, over the seats and the pool).  Every flight starts at the size of
    the card it is: a card of the hand at the hand's size, a bot's card (its seat shows no cards) at the pool's."""
    width, height = size
    context = page_context(chromium, viewport={"width": width, "height": height}, locale="en-GB")
    context.add_init_script(FLIGHTS)
    try:
        loaded = open_game(context, site_url, f"?seed={SEED}")
        page = loaded.page
        new_match(page, "normal")
        page.set_viewport_size({"width": width, "height": height})
        my_turn(page)
        swap_first_cards(page)
        page.wait_for_function("() => window.__sizes.length >= 4", timeout=BOT_TIMEOUT_MS)
        page.wait_for_timeout(150)  # the bot's card on its way
        page.screenshot(path=f"/tmp/shots/phonesx/flight-{width}x{height}.png")
        my_turn(page)
        sizes = page.evaluate("() => window.__sizes")
        for f in sizes:
            print(f"\n{width}x{height}: {f['card']} to the {f['zone'] or 'seat'}: starts {f['start']:.0f} px wide "
                  f"(a hand card {f['hand']:.0f} px, a pool card {f['pool']:.0f} px)")
        assert {f["zone"] for f in sizes} >= {"pool", "hand"}, sizes
        for f in sizes:
            assert f["start"] <= max(f["hand"], f["pool"]) * 1.1, f"a card flew at {f['start']:.0f} px: {f}"
        assert loaded.console_errors == []
    finally:
        context.close()


def test_a_replay_from_the_score_sheet_reaches_the_sheet_s_scores(booted: Page) -> None:
    page = booted
    if page.locator("[data-action=new-setup]").count():
        page.locator("[data-action=new-setup]").first.click()
        if page.locator("[data-action=new-setup-yes]").count():
            page.locator("[data-action=new-setup-yes]").click()
    page.locator("[data-field=rounds]").select_option("1")
    new_match(page, "fast")
    while not page.locator("[data-action=play-again]").count():
        step = page.locator("[data-action=knock], [data-action=next-round], [data-action=play-again]").first
        step.wait_for(timeout=BOT_TIMEOUT_MS)
        action = step.get_attribute("data-action")
        if action == "knock":
            knock(page)
        elif action == "next-round":
            page.locator("[data-action=next-round]").click()
    page.locator("[data-action=sheet]").click()
    entry = page.locator(".history-entry").first
    totals = [int(x) for x in entry.locator(".history-total").all_text_contents()]
    entry.locator("[data-action=replay]").first.click()
    expect(page.locator(".replay h1")).to_contain_text("Replay of round 1")
    expect(page.locator(".replay-step")).to_contain_text("Move 0 of ")
    moves = int(page.locator(".replay-step").text_content().split()[-1])  # type: ignore[union-attr]
    for n in range(1, moves + 1):
        page.locator("[data-action=replay-step][data-arg=next]").click()
        expect(page.locator(".replay-step")).to_have_text(f"Move {n} of {moves}")
    expect(page.locator("[data-action=replay-step][data-arg=next]")).to_be_disabled()
    assert [int(s.split()[0]) for s in page.locator(".revealed-score").all_text_contents()] == totals
    expect(page.locator(".replay [data-shown]")).to_have_count(9 * len(totals) + 5)
    assert audit(page) == []
    shoot(page, "moves-replay")
    steps_in_reach(page)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator("[data-action=back]").click()
    expect(page.locator(".sheet-page")).to_be_visible()


# Where the replay's step buttons are, with the page scrolled to ``y``: each button's box and what is drawn at its
# middle (the button itself, unless something covers it).
STEPS_AT = """(y) => { window.scrollTo(0, y);
  const page = document.scrollingElement;
  return {height: innerHeight, scrolled: page.scrollTop, scrollable: page.scrollHeight - innerHeight,
    steps: [...document.querySelectorAll('.replay-buttons [data-action=replay-step]')].map((b) => {
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {arg: b.dataset.arg, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
        own: !!hit && b.contains(hit)};
    })};
}"""

STEPS_CUT = """() => [...document.querySelectorAll('.replay-buttons .btn')]
  .filter((b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent)"""


def steps_in_reach(page: Page) -> None:
    """The replay's step buttons stay in view whatever the scroll, uncovered, and on a phone sit at the foot of the
    screen, in the thumb's reach (issue 36 item 9: they were at the bottom of a 1,349 px page); a step from there
    moves the replay at once."""
    for width, height in ((390, 844), (768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        for y in (0, 100_000):
            at = page.evaluate(STEPS_AT, y)
            where = f"{width}x{height}, scrolled {at['scrolled']} of {at['scrollable']} px"
            assert len(at["steps"]) == 4, where
            for step in at["steps"]:
                assert 0 <= step["top"] and step["bottom"] <= at["height"], f"{step['arg']} out of view at {where}"
                assert 0 <= step["left"] and step["right"] <= width, f"{step['arg']} off the side at {where}"
                assert step["own"], f"{step['arg']} covered at {where}"
                if width < 600:  # a phone: the foot of the screen, where the thumb is
                    assert step["bottom"] >= at["height"] - 80, f"{step['arg']} not at the foot at {where}: {step}"
            if width == 390 and y == 0:
                page.screenshot(path=f"/tmp/shots/phonesx/replay-{width}x{height}-top.png")
        if width == 390:
            assert at["scrollable"] > 0, "the replay is longer than a phone's screen: the test would prove nothing"
            page.evaluate("() => window.scrollTo(0, 0)")
            before = page.locator(".replay-step").text_content()
            page.locator("[data-action=replay-step][data-arg=first]").click()
            expect(page.locator(".replay-step")).not_to_have_text(before or "")
            page.screenshot(path=f"/tmp/shots/phonesx/replay-{width}x{height}-bottom.png")
            page.locator("[data-action=replay-step][data-arg=last]").click()
            expect(page.locator(".replay-step")).to_have_text(before or "")
        page.screenshot(path=f"/tmp/shots/phonesx/replay-{width}x{height}.png")
    page.set_viewport_size({"width": 390, "height": 844})
    for lang in ("fr", "de", "en"):  # one row of four on a phone: every label inside its button, in each language
        page.locator("[data-field=lang]").select_option(lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        settled(page)
        cut = page.evaluate(STEPS_CUT)
        assert cut == [], f"step labels cut at 390x844 in {lang}: {cut}"
        assert all(0 <= step["left"] and step["right"] <= 390 for step in page.evaluate(STEPS_AT, 0)["steps"]), lang
        page.screenshot(path=f"/tmp/shots/phonesx/replay-390x844-{lang}.png")


def test_the_tutorial_is_offered_on_a_first_visit_and_completes_by_taps(chromium: Browser, site_url: str) -> None:
    context = page_context(chromium, viewport={"width": 390, "height": 844}, locale="en-GB")
    try:
        loaded = open_game(context, site_url, "?speed=fast")
        page = loaded.page
        expect(page.locator("[data-notice='tutorial.offer']")).to_contain_text("New to Zero?")
        page.locator("[data-notice='tutorial.offer'] [data-action=tutorial]").click()
        expect(page.locator(".hint-text")).to_contain_text("Choose your grey 8")
        expect(page.locator(".card.cued")).to_have_count(1)  # the card to tap is cued, and only it
        expect(page.locator("[data-zone=hand] [data-card='grey-8']")).to_have_class(re.compile(r"\bcued\b"))
        shoot(page, "moves-tutorial")
        page.set_viewport_size({"width": 390, "height": 844})
        page.locator("[data-zone=hand] [data-card='grey-8']").click()
        expect(page.locator("[data-zone=pool] .slot:has([data-card='red-5']) .card-hint")).to_have_text("→ 23")
        page.locator("[data-zone=pool] [data-card='blue-1']").click()  # not the lesson's move: it says so
        page.locator(".confirm [data-action=confirm]").click()
        expect(page.locator(".hint-text")).to_contain_text("give your grey 8 and take the red 5")
        page.locator("[data-zone=hand] [data-card='grey-8']").click()
        expect(page.locator("[data-zone=pool] [data-card='red-5']")).to_have_class(re.compile(r"\bcued\b"))
        page.locator("[data-zone=pool] [data-card='red-5']").click()
        # The Swap step: one instruction (the box's, with the lesson's words) and a ring on Swap, all in view.
        expect(page.locator(".confirm .confirm-detail")).to_have_text("Now press Swap to play it.")
        expect(page.locator(".hint-text")).to_have_count(0)
        swap = page.locator(".confirm [data-action=confirm]")
        expect(swap).to_have_class(re.compile(r"\bcued\b"))
        for width, height in ((1024, 768), (768, 1024), (390, 844)):  # the whole box in its slot, its ring too
            page.set_viewport_size({"width": width, "height": height})
            settled(page)
            box = page.evaluate("""() => {
                const b = document.querySelector('.controls .confirm').getBoundingClientRect();
                const s = document.querySelector('.confirm-slot').getBoundingClientRect();
                return [b.top, b.bottom, s.top, s.bottom]; }""")
            assert box[0] >= box[2] - 0.5 and box[1] <= box[3] + 0.5, f"Swap's box is cut at {width}x{height}: {box}"
        swap.click()
        expect(page.locator(".hint-text")).to_contain_text("Your 23 is low enough", timeout=BOT_TIMEOUT_MS)
        expect(page.locator("[data-action=knock].cued")).to_be_visible()
        knock(page)
        expect(page.locator(".round-end .banner")).to_contain_text("The lowest score wins", timeout=BOT_TIMEOUT_MS)
        page.locator("[data-action=next-round]").click()
        expect(page.locator(".hint-text")).to_contain_text("Lesson 2")
        page.locator("[data-zone=hand] [data-card='black-8']").click()
        page.locator("[data-zone=pool] [data-card='red-6']").click()
        page.locator(".confirm [data-action=confirm]").click()
        expect(page.locator(".round-end .banner")).to_contain_text("ZERO!", timeout=BOT_TIMEOUT_MS)
        page.locator("[data-action=next-round]").click()
        expect(page.locator("[data-action=start]")).to_be_visible()  # back on the set-up page
        assert page.evaluate("() => localStorage.getItem('zero-sheet') || ''").count("tutorial") == 0
        page.reload()
        page.wait_for_function("() => document.documentElement.dataset.app === 'ready'")
        expect(page.locator("[data-notice='tutorial.offer']")).to_have_count(0)  # offered once
        page.locator("[data-action=rules]").click()
        expect(page.locator(".rules [data-action=tutorial]")).to_be_visible()  # and from the Rules page
        assert loaded.console_errors == []
    finally:
        context.close()
