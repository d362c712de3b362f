"""Phones at the table in a real Chromium: one browser context is the tablet, the phones are pages of another, each
linked to the tablet by its own WebRTC data channel with no server (``iceServers: []``).  The codes are handed over
as a camera would read them (the ``tabletop:scanned`` event the scanner sends; the reading itself is tested on the drawn
code, by the vendored zxing-wasm reader here and by ZXing-C++ in ``tests/test_phones.py``).

Two whole games, played by taps on each phone's screen, as the issue's "done when" asks:

- Zero, four seats: Ann hot-seat at the tablet, three people on phones (one phone opened by the tablet's link, two
  from the installed app's join screen, in English, French and German), to the end of a match of two rounds; a
  phone reloads in the middle of the first round and rejoins, the tablet reloads in the middle of the match and
  every phone rejoins.  Ann plays at the tablet (not a bot) so that the tablet's screen really shows a hand, and
  the test can check that it is hers only.
- The quiz, three teams each on one of the same phones (each opens again as the quiz's phone when it scans the
  quiz table's code), to the end; a phone reloads after its pick, the tablet reloads in the middle of a round.

At every step each phone's page holds only its own hand (Zero) or its own team's choice (the quiz), the tablet's
none of a seat or team on a phone, and every message each phone received over the wire (recorded by a hook on the
page's data channel) is read as the phone reads it and holds no other hand and no unrevealed answer.

The whole games with every fault, checked on every state, also run in CPython (``tests/test_phones.py``); here
they run once, in the browser, as few boots as the behaviour allows (a phone's reload and its reopening start from
the snapshot its first visit made)."""

from __future__ import annotations

import json
import os
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tabletop.remote import MAX_FROM_TABLE, read, registry
from tabletop.widgets import Screen, parts

STEP_MS = 60_000
BOOT_MS = 90_000
# Every message a phone's data channel delivers, kept in the page for the test (before the page's own scripts).
RECORD = """(() => {
  const heard = (window.__phoneHeard = []);
  const original = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = original.apply(this, args);
    channel.addEventListener("message", (event) => heard.push(event.data));
    return channel;
  };
})();"""
# A phone whose browser speaks ``lang`` (the phones share one browser context, as one person's many tabs would not:
# each page says its own language, so that the phones' own screens are seen in the three languages).
SPEAKS = "(() => { const l = %r; Object.defineProperty(navigator, 'languages', {get: () => [l]});" \
         " Object.defineProperty(navigator, 'language', {get: () => l}); })();"
SCAN = "(text) => document.dispatchEvent(new CustomEvent('tabletop:scanned', {detail: text}))"
SCREEN = "() => document.body.dataset.screen || ''"
READY = "() => document.documentElement.dataset.app === 'ready'"
SNAPSHOT_MADE = "() => !!document.documentElement.dataset.snapshotMade && " \
                "document.documentElement.dataset.snapshotMade !== 'making'"
REVISION = "(key) => { try { return JSON.parse(localStorage.getItem(key)).revision; } catch (e) { return -1; } }"
# Past revision ``n``, or gone (a match over leaves its save for the score sheet).
PASSED = """([key, n]) => { const text = localStorage.getItem(key);
  try { return text === null || JSON.parse(text).revision > n; } catch (e) { return false; } }"""
# What a Zero page shows, read in one go (the screen and its cards together, never from two moments).
# The page's hand is ``h`` (sorted card slugs).
HAND_IS = "(h) => JSON.stringify([...document.querySelectorAll('[data-zone=hand] [data-card]')]" \
          ".map((n) => n.dataset.card).sort()) === JSON.stringify(h)"
CARDS = """() => ({screen: document.body.dataset.screen || '',
  cards: [...document.querySelectorAll('[data-card]')].map((n) => n.dataset.card),
  hand: [...document.querySelectorAll('[data-zone=hand] [data-card]')].map((n) => n.dataset.card)})"""
# What a quiz page shows: its team panels, the answers turned over, the questions it may tap.
QUIZ = """() => ({screen: document.body.dataset.screen || '', teams: document.querySelectorAll('.team').length,
  mine: [...document.querySelectorAll('.team.mine')].map((n) => n.dataset.team),
  picked: [...document.querySelectorAll('.team [data-question].selected, .team [data-question][aria-pressed=true]')]
    .map((n) => [n.closest('.team').dataset.team, n.dataset.question]),
  answers: [...document.querySelectorAll('[data-answer]')].map((n) => n.dataset.answer),
  taps: [...document.querySelectorAll('.team.mine button[data-question]:not([disabled])')]
    .map((n) => n.dataset.question)})"""
TIMES: dict[str, list[float]] = {}
# With ``PHONES_SHOTS`` set to a folder, the phones' screens are photographed on the way (390×844, in the
# language each shows; for looking at: the suite does not set it).
SHOTS = os.environ.get("PHONES_SHOTS", "")


def timed(what: str, began: float) -> float:
    seconds = time.perf_counter() - began
    TIMES.setdefault(what, []).append(seconds)
    return seconds


# What of the game the tablet's phones bar covers: every drawn element of the game's view whose box meets the bar's.
COVERED = """() => {
  const bar = document.querySelector('.phones');
  if (!bar) return ['(no phones bar)'];
  const b = bar.getBoundingClientRect(), out = [];
  if (b.bottom > innerHeight || b.top < 0) out.push('(the bar is out of view)');
  for (const el of document.querySelectorAll('.view *')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    const w = Math.min(b.right, r.right) - Math.max(b.left, r.left);
    const h = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
    if (w > 1 && h > 1) out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.slice(0, 40)}"`);
  }
  return out;
}"""
SIZES = ((1024, 768), (768, 1024), (390, 844))


def bar_covers_nothing(tablet: Page, what: str) -> None:
    """At each of the three sizes (from the top of the page), the phones bar covers nothing of the game."""
    from tests.e2e.conftest import settled

    for width, height in SIZES:
        tablet.set_viewport_size({"width": width, "height": height})
        tablet.evaluate("() => window.scrollTo(0, 0)")
        settled(tablet)
        covered = tablet.evaluate(COVERED)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            tablet.screenshot(path=str(Path(SHOTS, f"tablet-{what}-{width}x{height}.png")), animations="disabled")
        assert covered == [], f"{what} at {width}x{height}: the phones bar covers {covered}"
    tablet.set_viewport_size({"width": 1024, "height": 768})


class Phone:
    """One phone's page: the seat (Zero) or team (the quiz) it plays, and every message it received."""

    def __init__(self, table: Table, name: str, lang: str) -> None:
        self.table = table
        self.name = name
        self.lang = lang
        self.page: Page | None = None
        self.game = ""  # the game the page is for (a code of another game opens it again)
        self.seat = -1
        self.heard: list[str] = []  # messages received and not yet checked by the test

    def open(self, url: str) -> Page:
        page = self.table.watch(self.table.phones_context.new_page(), self.name)
        page.add_init_script(SPEAKS % self.lang)
        page.goto(url, wait_until="commit")
        self.page = page
        return page

    def front(self) -> Page:
        """The page, in front to be tapped: the phones are tabs of one browser here, and a tab behind another
        gets one animation frame a second, so that every tap would wait a second for the page to settle."""
        assert self.page is not None
        self.page.bring_to_front()
        return self.page

    def keep(self) -> list[str]:
        """What the page received since last asked (read before it reloads)."""
        if self.page is not None and not self.page.is_closed():
            self.heard.extend(self.page.evaluate("() => (window.__phoneHeard || []).splice(0)"))
        return self.heard

    def take(self) -> list[str]:
        """The messages received since the test last checked them."""
        out = list(self.keep())
        self.heard.clear()
        return out

    def reload(self) -> None:
        assert self.page is not None
        self.keep()
        began = time.perf_counter()
        self.page.reload()
        self.page.wait_for_function(READY, timeout=BOOT_MS)
        timed("a phone's page ready again after its reload (s)", began)
        assert self.page.evaluate(SCREEN) == "join"  # its code left the address: it asks for the table's again

    def shot(self, name: str) -> None:
        if SHOTS and self.page is not None:
            lang = self.page.evaluate("() => document.documentElement.lang")
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS, f"phone-{name}-{lang}.png")), animations="disabled")


class Table:
    """The tablet's page in one browser context; the phones, pages of another."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.site_url = site_url
        # Reduced motion: the moves are not animated, so a tap never waits for a card to settle.
        self.phones_context: BrowserContext = browser.new_context(viewport={"width": 390, "height": 844},
                                                                  reduced_motion="reduce")
        self.phones_context.add_init_script(RECORD)
        self.tablet_context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
        self.tablet: Page | None = None
        self.phones = [Phone(self, f"phone {i + 1}", lang) for i, lang in enumerate(("en", "fr", "de"))]
        self.errors: list[str] = []

    def close(self) -> None:
        self.phones_context.close()
        self.tablet_context.close()

    def watch(self, page: Page, who: str) -> Page:
        page.on("console", lambda m: self.errors.append(f"{who}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(f"{who}, uncaught: {error}"))
        return page

    def open_tablet(self, path: str) -> Page:
        if self.tablet is not None:
            self.tablet.close()
        self.tablet = self.watch(self.tablet_context.new_page(), "tablet")
        self.tablet.goto(self.site_url + path, wait_until="commit")
        return self.tablet

    def reload_tablet(self) -> None:
        tablet = self.tablet
        assert tablet is not None
        for phone in self.phones:
            phone.keep()
        began = time.perf_counter()
        tablet.reload()
        tablet.wait_for_function(READY, timeout=BOOT_MS)
        timed("the tablet's page ready again after its reload (s)", began)
        tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)

    def pair(self, phone: Phone, seat: int) -> float:
        """Pair ``seat`` with ``phone``: the phone opens the tablet's link (a new page) or, on its join screen, scans
        the tablet's code; the tablet's camera reads the phone's.  The seconds from the phone's scan to its table."""
        tablet = self.tablet
        assert tablet is not None
        pressed = tablet.evaluate("() => document.querySelector('.pairing [aria-pressed=true]')?.dataset.arg ?? null")
        if pressed not in (None, str(seat)) or tablet.evaluate(SCREEN) != "pairing":  # the phones bar's button
            tablet.click(f"[data-action=pair][data-arg='{seat}']")
        tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
        code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
        assert code and "#j=" in code
        TIMES.setdefault("the tablet's link (characters)", []).append(len(code))
        game = tablet.evaluate("() => new URLSearchParams(location.search).get('game')")
        began = time.perf_counter()
        page = phone.page
        if page is None:
            page = phone.open(code)  # the camera app opened the link
            page.wait_for_function(READY, timeout=BOOT_MS)
            timed("phone page ready after the link opened (s)", began)
            began = time.perf_counter()
        elif phone.game == game or not phone.game:
            page.wait_for_function(READY, timeout=BOOT_MS)
            assert page.evaluate(SCREEN) == "join"
            page.evaluate(SCAN, code)  # its own camera read the code
        else:
            phone.keep()
            with page.expect_navigation(timeout=STEP_MS):  # another game's code: it opens again at its link
                page.evaluate(SCAN, code)
            page.wait_for_function(READY, timeout=BOOT_MS)
            assert f"join={game}" in page.url  # the page for that game (the code read, kept)
            timed("phone page ready again for another game (s)", began)
            began = time.perf_counter()
        phone.game, phone.seat = str(game), seat
        page.wait_for_function("() => document.querySelector('.join svg[data-qr]')", timeout=STEP_MS)
        answer = page.get_attribute(".join svg[data-qr]", "data-qr")
        assert answer
        TIMES.setdefault("the phone's code (characters)", []).append(len(answer))
        tablet.evaluate(SCAN, answer)  # the tablet's camera read the phone's code
        page.wait_for_function("() => !['join', ''].includes(document.body.dataset.screen)", timeout=STEP_MS)
        return timed("from the phone's scan to its table (s)", began)

    def revision(self, key: str) -> int:
        assert self.tablet is not None
        return int(self.tablet.evaluate(REVISION, key))

    def saved_after(self, key: str, revision: int) -> None:
        """Wait until the tablet has saved past ``revision`` (it handled the tap, from the tablet or a phone)."""
        assert self.tablet is not None
        self.tablet.wait_for_function(PASSED, arg=[key, revision], timeout=STEP_MS)


@pytest.fixture(scope="module")
def table(chromium: Browser, site_url: str) -> Iterator[Table]:
    here = Table(chromium, site_url)
    try:
        yield here
    finally:
        here.close()
        for what, values in TIMES.items():
            print(f"\n{what}: " + ", ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in values))


def screens(plugin: Any, texts: list[str]) -> list[Screen]:
    """The screens among ``texts``, read as the phone's page reads them (versioned and checked)."""
    reg = registry(plugin.models)
    out = []
    for text in texts:
        data = read(text, MAX_FROM_TABLE)
        if data["t"] == "screen":
            out.append(reg.decode(data["screen"]))
    return out


def set_language(tablet: Page, lang: str) -> None:
    """The host switches the tablet's language; the phones' screens (the tablet's) follow."""
    tablet.select_option("[data-field=lang]", lang)
    tablet.wait_for_function("(l) => document.documentElement.lang === l", arg=lang, timeout=STEP_MS)


# ---- Zero ----------------------------------------------------------------------------------------------

ZERO_KEY = "zero-knizia:game"


def unseen_cards(r: Any) -> dict[int, set[str]]:
    """Each seat's cards nobody else has seen: its hand, less every card that has been face up in the pool."""
    from zero_game import Swap

    public = {t.action.take.slug for t in r.history if isinstance(t.action, Swap)} | {c.slug for c in r.pool}
    return {seat: {c.slug for c in r.hand(seat)} - public for seat in range(r.players)}


def test_a_zero_match_of_four_three_on_phones_to_the_end_through_a_phone_reload_and_the_tablets(table: Table) -> None:
    from zero_game.sheet import load_game
    from zero_game.web.plugin import PLUGIN
    from zero_game.web.screens import RoundEndView, TableView, cards_shown

    began = time.perf_counter()
    tablet = table.open_tablet("?game=zero&seed=21&speed=fast")
    first = table.phones[1]  # a phone opens the installed app's join screen meanwhile
    first.open(table.site_url + "?join=zero")
    tablet.wait_for_function(READY, timeout=BOOT_MS)
    timed("the tablet's page ready (s)", began)
    tablet.click("[data-action=add-seat]")
    for seat in (1, 2, 3):
        tablet.select_option(f"[data-field='seat-kind:{seat}']", "phone")
    tablet.fill("[data-field='seat-name:0']", "Ann")
    tablet.select_option("[data-field=rounds]", "2")
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)
    read_back_with_the_vendored_reader(tablet)
    # The other phones open once the first visit of a phone has left its snapshot (as on a phone's second visit).
    assert first.page is not None
    first.page.wait_for_function(READY, timeout=BOOT_MS)
    waited = time.perf_counter()
    first.page.wait_for_function(SNAPSHOT_MADE, timeout=BOOT_MS)
    timed("the first phone's snapshot, after the tablet's set-up (s)", waited)
    table.phones[2].open(table.site_url + "?join=zero")
    on = {phone.seat: phone for phone in table.phones}

    def pair_all() -> None:
        for seat, phone in zip((1, 2, 3), table.phones, strict=True):
            table.pair(phone, seat)
        tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)
        on.clear()
        on.update({phone.seat: phone for phone in table.phones})

    pair_all()
    timed("Zero: from the first page opened to the three phones at the table (s)", began)
    for phone in table.phones[1:]:
        assert phone.page is not None and phone.page.evaluate("() => document.documentElement.lang") == "en"

    def saved() -> Any:
        """The match as the tablet saved it (``None`` once it is over: it is on the score sheet then)."""
        text = tablet.evaluate(f"() => localStorage.getItem('{ZERO_KEY}')")
        return None if text is None else load_game(text).match

    def hidden() -> dict[int, set[str]]:
        """Each seat's cards nobody else has seen, as the tablet saved the match."""
        m = saved()
        if m is None:
            return {seat: set() for seat in range(4)}
        return unseen_cards(m.round)

    def on_the_wire(before: dict[int, set[str]], after: dict[int, set[str]]) -> int:
        """Every message each phone received since the last step: no card another seat held unseen all along."""
        count = 0
        for seat, phone in on.items():
            for screen in screens(PLUGIN, phone.take()):
                count += 1
                if isinstance(screen.body, RoundEndView):
                    continue  # every hand is shown at a round's end (R18), on every screen
                assert isinstance(screen.body, TableView) or not cards_shown(screen), screen.name
                for other in range(4):
                    secret = before[other] & after[other] if other != seat else set()
                    leaked = cards_shown(screen) & secret
                    assert not leaked, f"seat {seat}'s phone was sent seat {other}'s {sorted(leaked)}"
        return count

    def on_the_screens(r: Any) -> None:
        """Each phone shows its own hand and no card another seat holds unseen; the tablet only Ann's hand."""
        secret = hidden()
        for seat, phone in on.items():
            assert phone.page is not None
            mine = sorted(c.slug for c in r.hand(seat))
            # it draws the tablet's last screen (sent a moment ago)
            phone.page.wait_for_function(HAND_IS, arg=mine, timeout=STEP_MS)
            shown = phone.page.evaluate(CARDS)
            for other in range(4):
                if other != seat:
                    assert not set(shown["cards"]) & secret[other], f"seat {seat}'s phone showed seat {other}'s"
        shown = tablet.evaluate(CARDS)
        assert shown["screen"] == "table", "a hand-off on the tablet, for a seat on a phone?"
        assert sorted(shown["hand"]) == sorted(c.slug for c in r.hand(0)), "the tablet shows Ann's hand"
        for seat in (1, 2, 3):
            assert not set(shown["cards"]) & secret[seat], f"the tablet showed seat {seat}'s hand"

    def move(seat: int, swap: bool) -> None:
        """One turn, tapped on the seat's own screen: a swap of its first card for the pool's first, or a knock."""
        page = tablet if seat == 0 else on[seat].front()
        revision = table.revision(ZERO_KEY)
        page.wait_for_function("() => !document.querySelector('[data-action=knock]')?.disabled", timeout=STEP_MS)
        tapped = time.perf_counter()
        if swap:
            give = page.get_attribute("[data-zone=hand] [data-card]", "data-card")
            take = page.get_attribute("[data-zone=pool] [data-card]", "data-card")
            page.click(f"[data-zone=hand] [data-card='{give}']")
            page.click(f"[data-zone=pool] [data-card='{take}']")
        else:
            page.click("[data-action=knock]")
        try:
            page.click("[data-action=confirm]", timeout=STEP_MS)
        except Exception:
            if SHOTS:
                page.screenshot(path=str(Path(SHOTS, f"confirm-failed-seat{seat}.png")))
            raise AssertionError(f"seat {seat}'s confirm could not be tapped ({'tablet' if seat == 0 else 'phone'}"
                                 f", {page.viewport_size})") from None
        table.saved_after(ZERO_KEY, revision)
        timed("a Zero move, from its first tap to the tablet's save (s)", tapped)

    steps = wire = 0
    phone_reloaded = tablet_reloaded = False
    secret = hidden()
    for _ in range(40):
        m = saved()
        if m is None:
            break
        r, seat, rounds_done = m.round, m.current_player, len(m.finished_rounds)
        if seat == 2 and rounds_done == 0 and not phone_reloaded:
            # Its person reloads the page (or it slept): the tablet says it is away, the game waits for it.
            phone_reloaded = True
            on[2].reload()
            tablet.wait_for_function("() => document.querySelector(\"[data-phone='2'].away\")", timeout=STEP_MS)
            on[2].shot("zero-join")
            bar_covers_nothing(tablet, "zero-away")  # three seats on phones, one of them away: its three buttons
            assert saved().round == r, "the game moved without the seat's phone"
            table.pair(on[2], 2)
            tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)
        if rounds_done == 1 and r.history and not tablet_reloaded:
            tablet_reloaded = True
            table.reload_tablet()  # the match comes back from its save; every phone scans the code again
            for phone in table.phones:
                assert phone.page is not None
                phone.page.wait_for_function("() => document.body.dataset.screen === 'join'", timeout=STEP_MS)
            table.phones[2].shot("zero-away")
            pair_all()
            assert saved().round == r, "the tablet's reload lost the match"
        on_the_screens(r)
        if steps == 0:
            table.phones[0].shot("zero-table")
        move(seat, swap=rounds_done == 0 and not [t for t in r.history if t.seat == seat])
        steps += 1
        after = hidden()
        later = saved()
        if later is None or len(later.finished_rounds) > rounds_done:  # the round's end, on every screen
            tablet.wait_for_function("() => document.body.dataset.screen.endsWith('-end')", timeout=STEP_MS)
            end = tablet.evaluate(SCREEN)
            for phone in table.phones:
                assert phone.page is not None
                phone.page.wait_for_function("(s) => document.body.dataset.screen === s", arg=end, timeout=STEP_MS)
            wire += on_the_wire(secret, after)
            if later is None:
                tablet.click("[data-action=next-round]")  # the final result
                break
            table.phones[0].shot("zero-round-end")
            set_language(tablet, "fr")  # the host switches to French: so do the phones' screens
            tablet.click("[data-action=next-round]")
            tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)
            secret = hidden()
            continue
        wire += on_the_wire(secret, after)
        secret = after
    assert saved() is None and phone_reloaded and tablet_reloaded
    assert steps >= 12 and wire >= 3 * steps
    for phone in table.phones:  # the match's end on every phone; playing again is the tablet's
        assert phone.page is not None
        phone.page.wait_for_function("() => document.body.dataset.screen === 'match-end'", timeout=STEP_MS)
        assert not phone.page.query_selector("[data-action=play-again], [data-action=new-setup]")
    table.phones[1].shot("zero-match-end")
    history = tablet.evaluate("() => localStorage.getItem('zero-knizia:sheet')")
    assert history and len(json.loads(history)["matches"]) == 1
    assert table.errors == []


# ---- the quiz ------------------------------------------------------------------------------------------

QUIZ_KEY = "zero-knizia:quiz-game"


def quiz_leaks(plugin: Any, texts: list[str], team: int) -> tuple[int, set[str]]:
    """Read every message ``team``'s phone received: an answer only on a play turned over on that very screen, a
    round's outcome only once every play is up, no other team's pick; the answers it was shown."""
    from thousand.deck import default_deck
    from thousand.web.screens import EndView, PlayView, QuestionView, RevealedAnswer, RevealView, TeamPanel

    answers = {q.id: q.answer for q in default_deck().questions}
    revealed: set[str] = set()
    sent = screens(plugin, texts)
    for screen in sent:
        up = {a.id for play in parts(screen.body, PlayView) if play.shown for a in play.cards}
        shown = {a.id for a in parts(screen.body, RevealedAnswer)}
        if not isinstance(screen.body, EndView):
            assert shown <= up, f"team {team}'s phone was sent the answers of {sorted(shown - up)}"
        revealed |= shown
        for question in parts(screen.body, QuestionView):
            assert str(answers[question.id]) not in question.text.split(), question.id
        for view in parts(screen.body, RevealView):  # who is furthest, the new target: answers, once all are up
            assert all(p.shown for p in view.plays) or not (view.results or view.choices), view.results
        for panel in parts(screen.body, TeamPanel):
            assert panel.mine == (panel.team == team)
            assert panel.mine or not [q for q in panel.cards if q.selected], f"team {panel.team}'s pick was sent"
    return len(sent), revealed


def test_a_quiz_of_three_teams_on_phones_to_the_end_through_a_phone_reload_and_the_tablets(table: Table) -> None:
    from thousand.web.plugin import PLUGIN

    tablet = table.tablet
    began = time.perf_counter()
    if tablet is not None and tablet.evaluate(SCREEN) == "match-end":  # the tablet leaves Zero for the quiz
        tablet.click("[data-action=games]")
        tablet.click("[data-action=open-game][data-arg=quiz]")
        for phone in table.phones:  # Zero's table is gone: each phone says so (its goodbye, not a lost connection)
            assert phone.page is not None
            phone.page.wait_for_function("() => document.body.dataset.screen === 'join'", timeout=STEP_MS)
            gone = tomllib.loads(Path(f"tabletop/texts/{phone.lang}.toml").read_text("utf-8"))["join"]["why"]
            phone.page.wait_for_function("(text) => document.body.innerText.includes(text)", arg=gone["gone"],
                                         timeout=STEP_MS)
            assert gone["closed"] not in phone.page.inner_text("body")
    else:
        tablet = table.open_tablet("?game=quiz&seed=8&speed=fast")
        tablet.wait_for_function(READY, timeout=BOOT_MS)
    tablet.wait_for_function("() => document.querySelector(\"[data-field='team-kind:0']\")", timeout=STEP_MS)
    timed("the quiz's set-up on the tablet (s)", began)
    for phone in table.phones:
        phone.take()  # Zero's messages were read by its test
    set_language(tablet, "de")
    for team in range(3):
        tablet.select_option(f"[data-field='team-kind:{team}']", "phone")
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)
    on = {team: phone for team, phone in enumerate(table.phones)}

    def pair_all() -> None:
        for team, phone in on.items():
            table.pair(phone, team)
        tablet.wait_for_function("() => document.body.dataset.screen !== 'pairing'", timeout=STEP_MS)

    pair_all()
    wire = 0
    revealed: set[str] = set()

    def check() -> None:
        """Each phone: its own team's panel, no other team's pick, no answer the tablet has not turned over; the
        tablet: no team's pick (every team is on a phone); every message each phone received since last time."""
        nonlocal wire
        on_tablet = tablet.evaluate(QUIZ)
        assert on_tablet["mine"] == [] and on_tablet["taps"] == []
        if on_tablet["screen"] == "choose":
            assert on_tablet["picked"] == [] and on_tablet["answers"] == [], "the tablet showed a pick or an answer"
        for team, phone in on.items():
            assert phone.page is not None
            shown = phone.page.evaluate(QUIZ)
            if shown["screen"] == "join":
                continue
            if shown["teams"]:
                assert shown["mine"] == [str(team)], f"team {team}'s phone shows {shown['mine']} as its own"
            assert all(t == str(team) for t, _ in shown["picked"]), f"team {team}'s phone showed another's pick"
            assert set(shown["answers"]) <= set(on_tablet["answers"]) | revealed, "an answer not turned over"
            count, seen = quiz_leaks(PLUGIN, phone.take(), team)
            wire += count
            revealed.update(seen)

    def choose(team: int, two: bool) -> None:
        """The team's pick, tapped on its phone: its first question (with Two questions, its first two, summed)."""
        page = on[team].front()
        mine = ".team.mine button[data-question]:not([disabled])"
        ids = page.evaluate(f"() => [...document.querySelectorAll('{mine}')].map((n) => n.dataset.question)")
        revision = table.revision(QUIZ_KEY)
        if two and len(ids) > 2 and page.query_selector("[data-action=two]:not([disabled])"):
            page.click("[data-action=two]")
            page.click(f".team.mine [data-question='{ids[0]}']")
            page.click(f".team.mine [data-question='{ids[1]}']")
            page.click("[data-action=combine][data-arg=sum]")
        else:
            page.click(f".team.mine [data-question='{ids[0]}']")
        page.click("[data-action=confirm]:not([disabled])")
        table.saved_after(QUIZ_KEY, revision)
        page.wait_for_function(f"() => !document.querySelector('{mine}')", timeout=STEP_MS)

    picks = rounds = 0
    phone_reloaded = tablet_reloaded = False
    deadline = time.perf_counter() + 5 * STEP_MS / 1000  # a game of four rounds or so: minutes at most
    while tablet.evaluate(SCREEN) != "end":
        assert time.perf_counter() < deadline, f"the quiz is stuck on the tablet's {tablet.evaluate(SCREEN)!r}"
        check()
        acted = False
        for team, phone in on.items():
            page = phone.page
            assert page is not None
            if page.query_selector(".team.mine button[data-question]:not([disabled])"):
                if picks == 0:
                    phone.shot("quiz-choose")
                choose(team, two=rounds == 0)
                picks += 1
                acted = True
                if team == 1 and not phone_reloaded:  # its pick made, the phone reloads: it rejoins, pick kept
                    phone_reloaded = True
                    phone.reload()
                    tablet.wait_for_function("() => document.querySelector(\"[data-phone='1'].away\")",
                                             timeout=STEP_MS)
                    bar_covers_nothing(tablet, "quiz-away")  # three teams on phones, one away
                    table.pair(phone, 1)
                    assert not page.query_selector(".team.mine button[data-question]:not([disabled])")
                    phone.shot("quiz-picked")
                if rounds == 1 and not tablet_reloaded:  # a round half chosen: the tablet reloads
                    tablet_reloaded = True
                    table.reload_tablet()
                    for other in table.phones:
                        assert other.page is not None
                        other.page.wait_for_function("() => document.body.dataset.screen === 'join'",
                                                     timeout=STEP_MS)
                    pair_all()
                    assert not page.query_selector(".team.mine button[data-question]:not([disabled])"), \
                        "the pick made before the tablet's reload was lost"
            elif page.query_selector("[data-action=target]:not([disabled])"):  # furthest with two questions
                phone.front()
                revision = table.revision(QUIZ_KEY)
                page.click("[data-action=target]:not([disabled])")
                table.saved_after(QUIZ_KEY, revision)
                acted = True
            elif page.query_selector("[data-action=guess]:not([disabled])"):  # the last card's tie-break
                phone.front()
                revision = table.revision(QUIZ_KEY)
                page.fill("[data-field=guess]", "500")
                page.click("[data-action=guess]")
                table.saved_after(QUIZ_KEY, revision)
                acted = True
        if acted:
            continue
        step = tablet.query_selector("[data-action=reveal-next]:not([disabled]), "
                                     "[data-action=reveal-done]:not([disabled])")
        if step is not None:
            revision = table.revision(QUIZ_KEY)
            done = step.get_attribute("data-action") == "reveal-done"
            if done and rounds == 0:
                on[2].shot("quiz-reveal")
            step.click()
            table.saved_after(QUIZ_KEY, revision)
            rounds += done
            continue
        tablet.wait_for_timeout(50)  # a screen on its way to a phone (the tablet's move is drawn first)
    assert tablet.evaluate(SCREEN) == "end" and phone_reloaded and tablet_reloaded
    for phone in table.phones:
        assert phone.page is not None
        phone.page.wait_for_function("() => document.body.dataset.screen === 'end'", timeout=STEP_MS)
    check()
    table.phones[0].shot("quiz-end")
    assert rounds >= 3 and picks >= 3 * rounds and revealed and wire >= picks
    assert table.errors == []


# ---- the camera's reader ----------------------------------------------------------------------------------


def read_back_with_the_vendored_reader(tablet: Page) -> None:
    """Where a browser has no ``BarcodeDetector`` (Firefox, Chromium on a desktop) the scanner reads codes with
    zxing-wasm, vendored and served by the page's own origin under its Content-Security-Policy: it reads the code the
    tablet draws, rasterised as a camera would see the screen."""
    tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
    code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
    read_back = tablet.evaluate("""async () => {
      const svg = document.querySelector('.pairing svg[data-qr]');  // drawn module by module, 6 px each
      const [low, , side] = svg.getAttribute('viewBox').split(' ').map(Number);
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = side * 6;
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.setTransform(6, 0, 0, 6, -low * 6, -low * 6);
      context.fillStyle = '#000';
      for (const path of svg.querySelectorAll('path')) {
        context.fill(new Path2D(path.getAttribute('d')));
      }
      const base = new URL('./assets/vendor/zxing-wasm/reader/', document.baseURI).href;
      const reader = await import(base + 'index.js');
      await reader.prepareZXingModule({overrides: {locateFile: (path) => base + path}, fireImmediately: true});
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = await reader.readBarcodes(frame, {formats: ['QRCode']});
      return found.map((r) => r.text);
    }""")
    assert read_back == [code]



# ---- a phone in another engine ------------------------------------------------------------------------------------


def test_a_firefox_phone_pairs_with_a_chromium_tablet_and_plays_its_seat_holding_only_its_hand(
        chromium: Browser, site_url: str) -> None:
    """Phones are whatever the players carry: a Firefox phone (Gecko's WebRTC, no ``BarcodeDetector``) pairs with a
    Chromium tablet by the same two codes and plays its seat by taps beside a bot and a person at the tablet, its
    page holding only its own hand, the tablet's none of it.  (Debian's WebKitGTK, Safari's engine here, is built
    without WebRTC, so it has no phone test: docs/phones.md.)"""
    from tests.engines.table import swap_first_cards
    from tools.engines import EngineMissing, launch
    from zero_game.sheet import load_game

    try:
        phone = launch("firefox")
    except EngineMissing as gone:
        pytest.fail(f"{gone} Run ./test.sh, which installs it.", pytrace=False)
    context = chromium.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    try:
        tablet = context.new_page()
        errors: list[str] = []
        tablet.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tablet.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
        tablet.goto(site_url + "?game=zero&seed=8&speed=fast", wait_until="commit")
        tablet.wait_for_function(READY, timeout=BOOT_MS)
        tablet.select_option("[data-field='seat-kind:1']", "phone")
        tablet.click("[data-action=start]")
        tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
        code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
        assert code and "#j=" in code
        phone.set_viewport(390, 844)
        phone.goto(code)  # its camera app opened the tablet's link
        phone.wait(READY, timeout=BOOT_MS / 1000, what="the Firefox phone's page ready")
        answer = phone.wait("() => document.querySelector('.join svg[data-qr]')?.getAttribute('data-qr')",
                            timeout=STEP_MS / 1000, what="the phone's code")
        tablet.evaluate(SCAN, answer)  # the tablet's camera read the phone's code
        try:
            phone.wait("() => !['join', ''].includes(document.body.dataset.screen)", timeout=STEP_MS / 1000,
                       what="the phone at the table")
        except TimeoutError:
            said = phone.call("() => document.body.innerText.slice(0, 300)")
            pytest.fail(f"the Firefox phone never reached the table (its code: {len(answer)} characters); it says "
                        f"{said!r}; the tablet says {tablet.evaluate('() => document.body.innerText.slice(0, 300)')!r}")

        def match() -> tuple[Any, int]:
            """The match the tablet saved, and its revision (read together)."""
            text = tablet.evaluate(f"() => localStorage.getItem('{ZERO_KEY}')")
            assert text is not None, "the tablet saved no match"
            return load_game(text).match, int(json.loads(text)["revision"])

        phone_moves = 0
        for _ in range(12):
            m, revision = match()
            seat = m.current_player
            phone.wait(HAND_IS, sorted(c.slug for c in m.round.hand(1)), timeout=STEP_MS / 1000,
                       what="the phone's hand as the tablet holds it")
            on_phone = set(phone.call(CARDS)["cards"])
            on_tablet = set(tablet.evaluate(CARDS)["cards"])
            # Read after the screens (the bot may have moved meanwhile): a card in a hand now and never face up
            # by now was in that hand since the deal, so no screen read before may show it to another seat.
            unseen = unseen_cards(match()[0].round)
            for other in (0, 2):
                assert not on_phone & unseen[other], f"the phone showed seat {other}'s hand"
            for other in (1, 2):
                assert not on_tablet & unseen[other], f"the tablet showed seat {other}'s hand"
            if phone_moves == 2 or seat is None:
                break
            if seat == 1:  # the phone's turn: tapped on the phone
                swap_first_cards(phone)
                phone_moves += 1
            elif seat == 0:  # Ann's turn, at the tablet
                tablet.wait_for_function("() => !document.querySelector('[data-action=knock]')?.disabled",
                                         timeout=STEP_MS)
                tablet.click("[data-zone=hand] [data-card]")
                tablet.click("[data-zone=pool] [data-card]")
                tablet.click("[data-action=confirm]")
            tablet.wait_for_function(PASSED, arg=[ZERO_KEY, revision], timeout=STEP_MS)  # (seat 2: the bot's move)
        assert phone_moves == 2, "the Firefox phone did not get its turns"
        assert phone.call("() => window.__zeroConsoleErrors ?? []") == []
        assert errors == []
    finally:
        context.close()
        phone.quit()


# ---- rejoining with no scan (serve.py --lan) ------------------------------------------------------------------------

# Every camera a page opens (``getUserMedia``), counted before the page's own scripts: a rejoin opens none.
CAMERAS = """(() => { window.__cameras = 0; const devices = navigator.mediaDevices;
  if (devices && devices.getUserMedia) { const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (...args) => { window.__cameras += 1; return open(...args); }; } })();"""
KEPT = "(name) => localStorage.getItem('zero-knizia:links.' + name)"
# A phone's page before its Python: the choice of games hidden, the start-up line saying it joins the table.
JOINING = """(heading) => document.documentElement.dataset.app === 'loading'
  && !!document.getElementById('first')?.hidden
  && (document.getElementById('loading-step')?.textContent || '').startsWith(heading)"""


@pytest.fixture(scope="module")
def lan_table(chromium: Browser) -> Iterator[Table]:
    """A table served by ``serve.py --lan`` (its relay of pairing codes), on the loopback."""
    from tests.served import start_server
    from tools.browser import stop_process

    process, first_line = start_server("--lan")
    here = Table(chromium, first_line.split()[-1])
    for context in (here.phones_context, here.tablet_context):
        context.add_init_script(CAMERAS)
    try:
        yield here
    finally:
        here.close()
        stop_process(process)
        for what, values in TIMES.items():
            print(f"\n{what}: " + ", ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in values))


def test_with_serve_lan_a_phone_reloaded_mid_round_and_the_tablet_reloaded_rejoin_with_no_scan(
        lan_table: Table) -> None:
    """Served by ``serve.py --lan``, a phone is paired once by one scan (its camera app opens the tablet's link; the
    relay carries its answer back).  Then, mid-round, the phone reloads and comes back to its seat, and the tablet
    reloads and the phone comes back again: no scan, no typed code, no camera opened on either page, and the phone
    shows its own hand again and no other.  Every page error fails the test."""
    from zero_game.sheet import load_game

    table = lan_table
    scans = 0  # codes handed to a page as its camera would read them, from the first pairing on
    began = time.perf_counter()
    tablet = table.open_tablet("?game=zero&seed=21&speed=fast")
    tablet.wait_for_function(READY, timeout=BOOT_MS)
    tablet.select_option("[data-field='seat-kind:1']", "phone")
    tablet.fill("[data-field='seat-name:0']", "Ann")
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
    code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
    assert code and "#j=" in code
    phone = table.phones[0]
    page = phone.open(code)  # the phone's camera app read the tablet's code and opened its link: one scan
    scans += 1
    page.wait_for_function(READY, timeout=BOOT_MS)
    timed("--lan: phone page ready after the link opened (s)", began)

    def hand(seat: int) -> list[str]:
        text = tablet.evaluate(f"() => localStorage.getItem('{ZERO_KEY}')")
        assert text is not None, "the tablet saved no match"
        return sorted(c.slug for c in load_game(text).match.round.hand(seat))

    def at_its_seat(what: str, since: float) -> None:
        """The phone shows seat 1's hand (and no other card of a hand), the tablet its table."""
        page.wait_for_function(HAND_IS, arg=hand(1), timeout=STEP_MS)
        tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)
        timed(what, since)
        shown = set(page.evaluate(CARDS)["cards"])
        assert not shown & (set(hand(0)) | set(hand(2))), "the phone showed another seat's hand"

    at_its_seat("--lan: from the phone's one scan to its table (s)", began)
    assert scans == 1, "the first pairing: the phone's one scan (the relay carries its answer)"
    assert page.evaluate(KEPT, "phone.zero") and tablet.evaluate(KEPT, "tablet.zero")
    ticket = json.loads(page.evaluate(KEPT, "phone.zero"))
    assert ticket["seat"] == 1 and json.loads(tablet.evaluate(KEPT, "tablet.zero")) == {"1": ticket["key"]}

    # Mid-round, the phone reloads: it rejoins its seat by itself.
    text = tablet.evaluate(f"() => localStorage.getItem('{ZERO_KEY}')")
    assert text is not None
    played = len(load_game(text).match.round.history)
    reloaded = time.perf_counter()
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_MS)
    at_its_seat("--lan: a phone's reload to its table again, no scan (s)", reloaded)
    # The tablet reloads: the match comes back from its save, the phone (its page kept, as a phone asleep while
    # the channel dropped) comes back by itself: the new tablet page lets it in again.
    phone.take()
    reloaded = time.perf_counter()
    tablet.reload()
    tablet.wait_for_function(READY, timeout=BOOT_MS)
    at_its_seat("--lan: the tablet's reload to the phone at its table again, no scan (s)", reloaded)
    again = [json.loads(text) for text in phone.take()]
    assert [m["seat"] for m in again if m["t"] == "welcome"] == [1], "let in again by the reloaded tablet"
    assert scans == 1, "no scan to rejoin"
    assert page.evaluate("() => window.__cameras") == 0 and tablet.evaluate("() => window.__cameras") == 0
    TIMES.setdefault("--lan: scans to rejoin after a phone's reload and the tablet's", []).append(scans - 1)

    # The phone is closed (its player left the table a while): one tap on the tablet and a bot plays its seat.
    page.close()
    row = ".phones [data-action=phone-standin][data-arg='1']"
    tablet.wait_for_selector(row, timeout=STEP_MS)
    tablet.click(row)
    tablet.wait_for_function(f"() => document.querySelector(\"{row}\")?.getAttribute('aria-pressed') === 'true'",
                             timeout=STEP_MS)
    for _ in range(8):  # until the bot has played seat 1 (Ann's turns tapped at the tablet, seat 2's bot plays)
        text = tablet.evaluate(f"() => localStorage.getItem('{ZERO_KEY}')")
        assert text is not None
        match, revision = load_game(text).match, int(json.loads(text)["revision"])
        if any(turn.seat == 1 for turn in match.round.history[played:]):
            break
        if match.current_player == 0:
            tablet.wait_for_function("() => !document.querySelector('[data-action=knock]')?.disabled",
                                     timeout=STEP_MS)
            tablet.click("[data-zone=hand] [data-card]")
            tablet.click("[data-zone=pool] [data-card]")
            tablet.click("[data-action=confirm]")
        tablet.wait_for_function(PASSED, arg=[ZERO_KEY, revision], timeout=STEP_MS)
    else:
        raise AssertionError("no bot played the away phone's seat")
    # The phone opens the game again: it is back at its seat by itself, and the bot stops.
    page = phone.open(table.site_url + "?join=zero")
    page.wait_for_function(READY, timeout=BOOT_MS)
    at_its_seat("--lan: a phone opened again to its table, after a bot stood in (s)", time.perf_counter())
    tablet.wait_for_function(f"() => !document.querySelector(\"{row}\")", timeout=STEP_MS)
    assert table.errors == []


def test_with_serve_lan_a_quiz_teams_phone_closed_is_played_by_a_bot_for_the_round_with_one_tap(
        lan_table: Table) -> None:
    """The quiz's stand-in, as Zero's: a team's phone is closed while its team has to choose; one tap on the tablet
    ("Bot this round") and a bot chooses for that team, so the round is revealed without it; the next round waits for
    the phone again, and the phone opened again is back at its team by itself.  Every page error fails the test."""
    table = lan_table
    tablet = table.open_tablet("?game=quiz&seed=8&speed=fast")
    tablet.wait_for_function(READY, timeout=BOOT_MS)
    for team, kind in enumerate(("medium", "phone", "medium")):
        tablet.select_option(f"[data-field='team-kind:{team}']", kind)
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
    code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
    assert code and "#j=" in code
    phone = table.phones[1]
    page = phone.open(code)
    # Before its Python is up, the phone's page says it is joining the table, in its language, not "which game?".
    heading = tomllib.loads(Path(f"tabletop/texts/{phone.lang}.toml").read_text("utf-8"))["join"]["heading"]
    page.wait_for_function(JOINING, arg=heading, timeout=STEP_MS, polling=10)
    joining = page.evaluate("() => performance.now()")
    page.wait_for_function(READY, timeout=BOOT_MS, polling=10)
    ready = page.evaluate("() => performance.now()")
    TIMES.setdefault("from the link opened: the phone says it is joining (s)", []).append(joining / 1000)
    TIMES.setdefault("from the link opened: the phone's Python ready (s)", []).append(ready / 1000)
    mine = ".team.mine button[data-question]:not([disabled])"
    page.wait_for_selector(mine, timeout=STEP_MS)  # its team's questions, to choose from
    page.close()  # the phone is put away before its team has chosen
    row = ".phones [data-action=phone-standin][data-arg='1']"
    tablet.wait_for_selector(row, timeout=STEP_MS)
    assert tablet.evaluate(SCREEN) == "choose", "the round waits for the away phone's team"
    bar_covers_nothing(tablet, "quiz-standin")
    tablet.click(row)  # one tap: a bot chooses for the team, and the round is revealed
    tablet.wait_for_function("() => document.body.dataset.screen === 'reveal'", timeout=STEP_MS)
    while (step := tablet.query_selector("[data-action=reveal-next]:not([disabled])")) is not None:
        step.click()
    tablet.click("[data-action=reveal-done]")
    tablet.wait_for_function("() => document.body.dataset.screen === 'choose'", timeout=STEP_MS)
    # The next round waits for the phone again: the bot stood in for one round only.
    tablet.wait_for_function(f"() => document.querySelector(\"{row}\")?.getAttribute('aria-pressed') === 'false'",
                             timeout=STEP_MS)
    page = phone.open(table.site_url + "?join=quiz")  # opened again: back at its team by itself (its ticket)
    page.wait_for_function(READY, timeout=BOOT_MS)
    page.wait_for_selector(mine, timeout=STEP_MS)
    tablet.wait_for_function(f"() => !document.querySelector(\"{row}\")", timeout=STEP_MS)
    assert table.errors == []
