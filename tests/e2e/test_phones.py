"""Phones at the table in a real Chromium: one browser context is the tablet, another a phone, linked by a WebRTC
data channel with no server (``iceServers: []``).  The codes are handed over as a camera would read them (the
``zero:scanned`` event the scanner sends; the reading itself is tested on the drawn code, by the vendored zxing-wasm
reader here and by ZXing-C++ in ``tests/test_phones.py``).

Kept short on purpose (the whole matches with three phones, the faults and the read of every message over whole
games run in CPython, ``tests/test_phones.py``, on the same glue-free runtime): here, a Zero table of two with one
seat on a phone, moves made from the phone, the tablet reloaded and the phone rejoining; then a quiz with one team on
the phone (the same phone page, rejoining another table), its pick made from the phone, and the phone reloaded.
At every step the phone's page holds only its own seat's hand or its team's picks, the tablet's no hand of the
phone's seat, and no message the phone received carries another hand or an unrevealed answer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tabletop.remote import MAX_FROM_TABLE, read, registry
from tabletop.widgets import Screen, parts

from .conftest import open_game

STEP_MS = 60_000
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
SCAN = "(text) => document.dispatchEvent(new CustomEvent('zero:scanned', {detail: text}))"
SCREEN = "() => document.body.dataset.screen || ''"
READY = "() => document.documentElement.dataset.app === 'ready'"
# What a page shows, read in one go (the screen and its cards together, never from two moments).
SHOWN = """() => ({screen: document.body.dataset.screen || '',
  cards: [...document.querySelectorAll('[data-card]')].map((n) => n.dataset.card),
  hand: [...document.querySelectorAll('[data-zone=hand] [data-card]')].map((n) => n.dataset.card),
  text: document.body.innerText})"""
TIMES: dict[str, list[float]] = {}


class Table:
    """The tablet's page and one phone's page, in two browser contexts."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.site_url = site_url
        self.phone_context = browser.new_context(viewport={"width": 390, "height": 844})
        self.phone_context.add_init_script(RECORD)
        self.tablet_context = browser.new_context(viewport={"width": 1024, "height": 768})
        self.tablet: Page | None = None
        self.phone: Page | None = None
        self.phone_game = ""  # the game the phone's page is for (a code of another game opens a new page)
        self.heard: list[str] = []  # every message the phone received since the test began
        self.errors: list[str] = []

    def close(self) -> None:
        self.phone_context.close()
        self.tablet_context.close()

    def watch(self, page: Page, who: str) -> Page:
        page.on("console", lambda m: self.errors.append(f"{who}: {m.text}") if m.type == "error" else None)
        return page

    def open_tablet(self, path: str) -> Page:
        if self.tablet is not None:
            self.tablet.close()
        self.tablet = self.watch(open_game(self.tablet_context, self.site_url, path, zero=False).page, "tablet")
        return self.tablet

    def keep(self) -> list[str]:
        """What the phone's page received since last asked (read before it reloads)."""
        if self.phone is not None and not self.phone.is_closed():
            self.heard.extend(self.phone.evaluate("() => window.__phoneHeard.splice(0)"))
        return self.heard

    def pair(self, seat: int) -> float:
        """Pair ``seat`` with the phone: the phone opens (or, on its join screen, scans) the tablet's code, the
        tablet's camera reads the phone's; the seconds from the phone's scan to its table."""
        tablet = self.tablet
        assert tablet is not None
        pressed = tablet.evaluate("() => document.querySelector('.pairing [aria-pressed=true]')?.dataset.arg ?? null")
        if pressed not in (None, str(seat)) or tablet.evaluate(SCREEN) != "pairing":  # the phones bar's button
            tablet.click(f"[data-action=pair][data-arg='{seat}']")
        tablet.wait_for_function("() => document.querySelector('.pairing svg[data-qr]')", timeout=STEP_MS)
        code = tablet.get_attribute(".pairing svg[data-qr]", "data-qr")
        assert code and "#j=" in code
        began = time.perf_counter()
        game = tablet.evaluate("() => new URLSearchParams(location.search).get('game')")
        if self.phone is not None and self.phone.evaluate(SCREEN) == "join" and self.phone_game == game:
            self.phone.evaluate(SCAN, code)  # its own camera read the code
        elif self.phone is not None and self.phone.evaluate(SCREEN) == "join":
            self.keep()
            with self.phone.expect_navigation(timeout=STEP_MS):  # another game's code: it opens again at its link
                self.phone.evaluate(SCAN, code)
            self.phone.wait_for_function(READY, timeout=STEP_MS)
            assert game and f"join={game}" in self.phone.url  # the page for that game (the code read, kept)
            self.phone_game = game
            TIMES.setdefault("phone page ready after the link opened (s)", []).append(time.perf_counter() - began)
            began = time.perf_counter()
        else:
            self.keep()
            if self.phone is not None:
                self.phone.close()
            self.phone_game = game
            self.phone = self.watch(self.phone_context.new_page(), "phone")
            self.phone.goto(code)  # the camera app opened the link
            self.phone.wait_for_function(READY, timeout=STEP_MS)
            TIMES.setdefault("phone page ready after the link opened (s)", []).append(time.perf_counter() - began)
            began = time.perf_counter()
        self.phone.wait_for_function("() => document.querySelector('.join svg[data-qr]')", timeout=STEP_MS)
        answer = self.phone.get_attribute(".join svg[data-qr]", "data-qr")
        assert answer
        TIMES.setdefault("the phone's code (characters)", []).append(len(answer))
        TIMES.setdefault("the tablet's link (characters)", []).append(len(code))
        tablet.evaluate(SCAN, answer)  # the tablet's camera read the phone's code
        self.phone.wait_for_function("() => !['join', ''].includes(document.body.dataset.screen)", timeout=STEP_MS)
        seconds = time.perf_counter() - began
        TIMES.setdefault("from the phone's scan to its table (s)", []).append(seconds)
        return seconds

    def shown(self, page: Page) -> dict[str, Any]:
        return dict(page.evaluate(SHOWN))


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
    reg = registry(plugin.models)
    out = []
    for text in texts:
        data = read(text, MAX_FROM_TABLE)  # versioned and checked, as the phone's page reads it
        if data["t"] == "screen":
            out.append(reg.decode(data["screen"]))
    return out


def enabled(page: Page, selector: str) -> bool:
    return bool(page.evaluate("(s) => { const n = document.querySelector(s); return !!n && !n.disabled; }",
                              selector))


# ---- Zero ----------------------------------------------------------------------------------------------


def test_a_seat_on_a_phone_plays_from_it_holding_only_its_hand_and_rejoins_a_reloaded_tablet(table: Table) -> None:
    from zero_game.sheet import load_game
    from zero_game.web.plugin import PLUGIN
    from zero_game.web.screens import CardView

    tablet = table.open_tablet("?game=zero&seed=21&speed=fast")
    tablet.click("[data-action=remove-seat][data-arg='2']")  # two seats: Ann at the tablet, seat 2 on the phone
    tablet.select_option("[data-field='seat-kind:1']", "phone")
    tablet.fill("[data-field='seat-name:0']", "Ann")
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)
    read_back_with_the_vendored_reader(tablet)
    table.pair(1)
    phone = table.phone
    assert phone is not None
    tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)

    def saved() -> Any:
        return load_game(tablet.evaluate("() => localStorage.getItem('zero-knizia:game')")).match.round

    first = saved()
    dealt = {seat: {c.slug for c in first.hand(seat)} for seat in (0, 1)}
    public = {c.slug for c in first.pool}  # every card that has been face up in the pool
    phone_moves, tablet_reloaded = 0, False
    for _ in range(12):
        now = saved()
        public |= {c.slug for c in now.pool}
        on_phone, on_tablet = table.shown(phone), table.shown(tablet)
        # The phone shows its own hand, and no card of Ann's that was never face up; the tablet none of the phone's.
        assert set(on_phone["hand"]) == {c.slug for c in now.hand(1)}
        assert not set(on_phone["cards"]) & (dealt[0] - public)
        assert not set(on_tablet["cards"]) & (dealt[1] - public), "the tablet showed the phone's hand"
        if phone_moves == 2:
            break
        if phone_moves == 1 and not tablet_reloaded:
            tablet_reloaded = True
            table.keep()
            tablet.reload()
            tablet.wait_for_function(READY, timeout=STEP_MS)
            tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)
            phone.wait_for_function("() => document.body.dataset.screen === 'join'", timeout=STEP_MS)
            table.pair(1)
            tablet.wait_for_function("() => document.body.dataset.screen === 'table'", timeout=STEP_MS)
            assert saved().hand(1) == now.hand(1), "the tablet's reload lost the match"
            continue
        mover = phone if enabled(phone, "[data-action=knock]") else tablet
        mover.wait_for_function("() => !document.querySelector('[data-action=knock]').disabled", timeout=STEP_MS)
        give = mover.get_attribute("[data-zone=hand] [data-card]", "data-card")
        take = mover.get_attribute("[data-zone=pool] [data-card]", "data-card")
        mover.click(f"[data-zone=hand] [data-card='{give}']")
        mover.click(f"[data-zone=pool] [data-card='{take}']")
        mover.click("[data-action=confirm]")
        # The move reaches the tablet, which holds the game: the given card is in its pool.
        tablet.wait_for_function("(c) => document.querySelector(`[data-zone=pool] [data-card='${c}']`)", arg=give,
                                 timeout=STEP_MS)
        if mover is phone:
            phone_moves += 1
            assert give in {c.slug for c in saved().pool} and take in {c.slug for c in saved().hand(1)}
            phone.wait_for_function("(c) => document.querySelector(`[data-zone=hand] [data-card='${c}']`)", arg=take,
                                    timeout=STEP_MS)
        else:
            phone.wait_for_function("(c) => document.querySelector(`[data-zone=pool] [data-card='${c}']`)",
                                    arg=give, timeout=STEP_MS)
    assert phone_moves == 2 and tablet_reloaded

    # On the wire: screens (the table's models, versioned), and no card of Ann's that was never face up.
    sent = screens(PLUGIN, table.keep())
    assert len(sent) >= 4
    for screen in sent:
        cards = {c.slug for c in parts(screen.body, CardView)}
        assert not cards & (dealt[0] - public), f"the phone was sent Ann's {sorted(cards & (dealt[0] - public))}"
    table.heard.clear()
    assert table.errors == []


# ---- the quiz ------------------------------------------------------------------------------------------


def test_a_team_on_the_phone_picks_from_it_never_holds_an_unrevealed_answer_and_survives_its_reload(
        table: Table) -> None:
    from thousand.deck import default_deck
    from thousand.web.plugin import PLUGIN
    from thousand.web.screens import PlayView, QuestionView, RevealedAnswer, RevealView, TeamPanel

    answers = {q.id: q.answer for q in default_deck().questions}
    tablet, phone = table.tablet, table.phone
    if tablet is not None and phone is not None:  # the tablet leaves Zero's table for the quiz, in the same page
        tablet.click("[data-action=new-setup]")
        tablet.click("[data-action=new-setup-yes]")
        tablet.click("[data-action=games]")
        tablet.click("[data-action=open-game][data-arg=quiz]")
        phone.wait_for_function("() => document.body.dataset.screen === 'join'", timeout=STEP_MS)  # it says so
    else:
        tablet = table.open_tablet("?game=quiz&seed=8&speed=fast")
    tablet.wait_for_function("() => document.querySelector(\"[data-field='team-kind:0']\")", timeout=STEP_MS)
    table.keep()
    table.heard.clear()  # Zero's messages were read by the test before
    tablet.select_option("[data-field='team-kind:0']", "phone")
    tablet.click("[data-action=start]")
    tablet.wait_for_function("() => document.body.dataset.screen === 'pairing'", timeout=STEP_MS)
    table.pair(0)
    phone = table.phone
    assert phone is not None
    mine = ".team.mine button[data-question]"
    phone.wait_for_function(f"() => document.querySelector('{mine}')", timeout=STEP_MS)
    # The tablet offers no pick of the phone's team: it is made on the phone.
    assert not tablet.query_selector("button[data-question]")
    ids = phone.evaluate(f"() => [...document.querySelectorAll('{mine}')].map((n) => n.dataset.question)")
    assert ids
    # Every team's questions are public (Q5), the others' picks secret (Q7): the bots have chosen, the phone can't
    # tell what (nor can the tablet before the reveal).
    tablet.wait_for_function("() => document.querySelectorAll('.team').length === 3", timeout=STEP_MS)
    for page in (phone, tablet):
        assert not page.query_selector(".team:not(.mine) .selected, .team:not(.mine) [aria-pressed=true]")
    assert not phone.query_selector("[data-answer]"), "an answer on the phone before any reveal"

    phone.locator(mine).first.click()
    phone.wait_for_function("() => !document.querySelector('[data-action=confirm]').disabled", timeout=STEP_MS)
    phone.click("[data-action=confirm]")
    phone.wait_for_function(f"() => !document.querySelector('{mine}')", timeout=STEP_MS)

    # The phone reloads (it slept, or its person tapped reload): the tablet says who is away, the phone rejoins.
    table.keep()
    phone.reload()
    phone.wait_for_function(READY, timeout=STEP_MS)
    assert phone.evaluate(SCREEN) == "join"
    tablet.wait_for_function("() => document.querySelector(\"[data-phone='0'].away\")", timeout=STEP_MS)
    table.pair(0)
    # Back where it was: its pick made, nothing to choose again; the tablet goes on to the reveal.
    assert not phone.query_selector(mine) and phone.evaluate(SCREEN) == tablet.evaluate(SCREEN)
    phone.screenshot(path="/tmp/phones-quiz-phone-back.png")
    tablet.wait_for_function("() => document.querySelector('[data-action=reveal-next]:not([disabled])')",
                             timeout=STEP_MS)
    tablet.click("[data-action=reveal-next]")
    # The first play turned over reaches the phone, with its answers (and only that play's).
    phone.wait_for_function("() => document.querySelector('[data-answer]')", timeout=STEP_MS)
    answered = "() => [...document.querySelectorAll('[data-answer]')].map((n) => n.dataset.answer)"
    on_phone, on_tablet = set(phone.evaluate(answered)), set(tablet.evaluate(answered))
    assert on_phone and on_phone <= on_tablet

    # Every message the phone received: an answer only on a card the tablet has turned over.
    sent = screens(PLUGIN, table.keep())
    assert len(sent) >= 3
    revealed: set[str] = set()
    for screen in sent:
        up = {a.id for play in parts(screen.body, PlayView) if play.shown for a in play.cards}
        shown = {a.id for a in parts(screen.body, RevealedAnswer)}
        assert shown <= up, f"the phone was sent the answers of {sorted(shown - up)}"
        revealed |= shown
        for question in parts(screen.body, QuestionView):
            assert str(answers[question.id]) not in question.text.split(), question.id
        for view in parts(screen.body, RevealView):  # who is furthest, the new target: answers, once all are up
            assert all(p.shown for p in view.plays) or not (view.results or view.choices), view.results
        for panel in parts(screen.body, TeamPanel):
            assert panel.mine == (panel.team == 0)
            assert panel.mine or not [q for q in panel.cards if q.selected], f"team {panel.team}'s pick was sent"
    assert revealed == on_phone
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
