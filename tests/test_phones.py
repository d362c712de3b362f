"""Seats and teams played on phones, in CPython: the pairing code, the protocol and its versions, what each phone
is sent (a screen of its own seat, never another hand or an unrevealed answer), taps checked like any tap, and
whole games with phones that go away and come back and a tablet that reloads."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tabletop.effects import Accept, Heard, Host, Scanned, Send, Unlink
from tabletop.errors import DataError
from tabletop.notes import with_shell
from tabletop.pairing import ANSWER, KEY, OFFER, Candidate, PairingError, Role, Ticket, proof_of, read_sdp, slot_of
from tabletop.remote import MAX_FROM_TABLE, PROTOCOL, Link, Registry, Status, message, read, registry
from tabletop.turns import HandOff
from tabletop.widgets import Button, Screen, parts
from tests.harness import FakeStorage, TableRun
from tests.phones import Phone

# A description Chromium 14x wrote on this machine (two host candidates named by multicast DNS).
CHROMIUM_OFFER = "\r\n".join((
    "v=0", "o=- 6587846284246003650 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:3447419523 1 udp 2113937151 c224cf9b-e0e7-4806-92bb-198e7f3fcb96.local 36176 typ host generation 0 "
    "network-cost 999",
    "a=candidate:3389595187 1 udp 2113942271 2220a3e0-79ec-455c-9dde-31618cd6e209.local 46952 typ host generation 0 "
    "network-cost 999",
    "a=ice-ufrag:iQf5", "a=ice-pwd:ktdXOazznsiU3yAqygWDS6MF", "a=ice-options:trickle",
    "a=fingerprint:sha-256 A7:DA:73:99:9E:DC:1F:90:6A:25:53:EC:C0:0C:9B:FC:5C:C8:76:03:4E:BC:C9:30:8E:CB:57:9E:01:47:"
    "8E:E7",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
))
# As Firefox writes one: hex credentials, an address and a TCP candidate (left out), its own m= line order.
FIREFOX_ANSWER = "\r\n".join((
    "v=0", "o=mozilla...THIS_IS_SDPARTA-128.0 1 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=fingerprint:sha-256 1F:2E:3D:4C:5B:6A:79:88:97:A6:B5:C4:D3:E2:F1:00:1F:2E:3D:4C:5B:6A:79:88:97:A6:B5:C4:D3:E2:"
    "F1:00",
    "a=group:BUNDLE 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 192.168.1.23 52718 typ host",
    "a=candidate:1 1 TCP 2105524479 192.168.1.23 9 typ host tcptype active",
    "a=candidate:2 1 UDP 2122187007 fe80::1c2:3ff:fe4:5678 40000 typ host",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:6c4b1b6c0c2f4b1a9d8e7f6a5b4c3d2e", "a=ice-ufrag:8a1b2c3d",
    "a=mid:0", "a=setup:active", "a=sctp-port:5000", "a=max-message-size:1073741823", "",
))
NONCE = bytes.fromhex("0123456789ab")


# ---- the pairing code ------------------------------------------------------------------------------------


def test_an_offer_becomes_a_short_code_and_back_to_a_description_with_all_that_varies() -> None:
    ticket = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2, nonce=NONCE)
    text = ticket.text()
    print(f"\nthe offer's code: {len(text)} characters (the description: {len(CHROMIUM_OFFER)})")
    assert len(text) <= 150 and text.isascii()  # (format 2 names the game: 7 characters more for Zero)
    back = Ticket.parse(text)
    assert back == ticket
    rebuilt = back.sdp()
    for line in ("a=ice-ufrag:iQf5", "a=ice-pwd:ktdXOazznsiU3yAqygWDS6MF", "a=setup:actpass", "a=mid:0",
                 "c224cf9b-e0e7-4806-92bb-198e7f3fcb96.local 36176 typ host",
                 "2220a3e0-79ec-455c-9dde-31618cd6e209.local 46952 typ host",
                 "a=fingerprint:sha-256 A7:DA:73:99:9E:DC:1F:90:6A:25:53:EC:C0:0C:9B:FC:5C:C8:76:03:4E:BC:C9:30:8E:CB"):
        assert line in rebuilt
    assert (back.game, back.seat, back.nonce, back.kind) == ("zero", 2, NONCE, OFFER)


def test_a_code_names_its_game_whatever_the_game_so_a_third_games_code_is_not_read_as_zeros() -> None:
    """Format 1 packed the game into one bit: a third game's code read back as Zero's, with its role flipped."""
    for game in ("zero", "quiz", "tiles", "a-third_game9"):
        for kind in (OFFER, ANSWER):
            ticket = read_sdp(CHROMIUM_OFFER if kind is OFFER else FIREFOX_ANSWER, kind=kind, game=game, seat=1,
                              nonce=NONCE)
            back = Ticket.parse(ticket.text())
            assert (back.game, back.kind, back.role) == (game, kind, ticket.role)
    with pytest.raises(PairingError):
        read_sdp(CHROMIUM_OFFER, kind=OFFER, game="No Such Game", seat=1, nonce=NONCE)
    # A code of format 1 (a tablet of the last release, still open) is read as before.
    ticket = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="quiz", seat=2, nonce=NONCE)
    data = base64.urlsafe_b64decode(ticket.text() + "=" * (-len(ticket.text()) % 4))
    size = data[3]
    old = bytes([1, data[1] | 1 << 4, data[2]]) + data[4 + size:]
    assert Ticket.parse(base64.urlsafe_b64encode(old).decode().rstrip("=")) == ticket


def test_an_answer_without_candidates_is_a_smaller_code() -> None:
    answer = read_sdp(FIREFOX_ANSWER, kind=ANSWER, game="quiz", seat=3, nonce=NONCE)
    assert answer.candidates == (Candidate("192.168.1.23", 52718), Candidate("fe80::1c2:3ff:fe4:5678", 40000))
    assert (answer.ufrag, answer.pwd, answer.role) == ("8a1b2c3d", "6c4b1b6c0c2f4b1a9d8e7f6a5b4c3d2e", Role.ACTIVE)
    assert Ticket.parse(answer.text()) == answer
    bare = Ticket(ANSWER, "quiz", 3, NONCE, answer.ufrag, answer.pwd, answer.hash, answer.fingerprint, answer.role, ())
    print(f"\nthe answer's code: {len(bare.text())} characters without candidates, {len(answer.text())} with two")
    assert len(bare.text()) <= 108 < len(answer.text())
    assert "a=candidate" not in Ticket.parse(bare.text()).sdp()


@pytest.mark.parametrize("text", ["", "not a code!", "AQ", "A" * 700, base64.urlsafe_b64encode(b"\x02" * 60).decode(),
                                  base64.urlsafe_b64encode(b"\x01\x02\x00" + b"\x00" * 10).decode()])
def test_anything_else_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(PairingError):
        Ticket.parse(text)


def test_a_code_cut_short_or_with_bytes_left_over_is_refused() -> None:
    text = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=1, nonce=NONCE).text()
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    for bad in (data[:-3], data + b"\x00"):
        with pytest.raises(PairingError):
            Ticket.parse(base64.urlsafe_b64encode(bad).decode().rstrip("="))


def test_random_descriptions_round_trip() -> None:
    rng = random.Random(5)
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    for _ in range(200):
        ufrag = "".join(rng.choice(chars) for _ in range(rng.randint(4, 32)))
        pwd = "".join(rng.choice(chars) for _ in range(rng.randint(22, 40)))
        fingerprint = bytes(rng.randrange(256) for _ in range(32))
        names = [f"{rng.getrandbits(32):08x}-0000-4000-8000-000000000000.local",
                 f"10.0.{rng.randrange(256)}.{rng.randrange(256)}", "::1"]
        candidates = tuple(Candidate(rng.choice(names), rng.randrange(1, 65536)) for _ in range(rng.randint(0, 4)))
        ticket = Ticket(rng.choice([OFFER, ANSWER]), rng.choice(["zero", "quiz"]), rng.randrange(5), NONCE, ufrag,
                        pwd, "sha-256", fingerprint, rng.choice(list(Role)), candidates)
        assert Ticket.parse(ticket.text()) == ticket


# ---- the codes as drawn, read back by a camera's decoder ----------------------------------------------------


def drawn(text: str, scale: int, rng: random.Random | None = None) -> Any:
    """The code of ``text`` as the page draws it (``tabletop.qr``), as a grey image; with noise, as a camera sees a
    screen."""
    import numpy as np

    from tabletop.qr import QUIET, matrix, path

    size, d = path(text)
    grid = np.array(matrix(size, d), dtype=bool)
    grid = np.pad(grid, QUIET, constant_values=False)
    image = np.where(grid, 20, 235).astype(np.int16).repeat(scale, 0).repeat(scale, 1)
    if rng is not None:
        image += np.array([[rng.randint(-60, 60) for _ in range(image.shape[1])] for _ in range(image.shape[0])],
                          dtype=np.int16)
    return np.clip(image, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("scale", [3, 6])
def test_the_codes_the_page_draws_are_read_back_by_zxing(scale: int) -> None:
    import zxingcpp as zxing
    offer = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2, nonce=NONCE).text()
    answer = read_sdp(FIREFOX_ANSWER, kind=ANSWER, game="zero", seat=2, nonce=NONCE).text()
    for text in ("https://someone.github.io/zero/#j=" + offer, answer):
        found = [r.text for r in zxing.read_barcodes(drawn(text, scale, random.Random(scale)))]
        assert found == [text]
        assert Ticket.parse(found[0].rpartition("#j=")[2]).nonce == NONCE


def test_the_drawn_path_is_segnos_matrix() -> None:
    import segno

    from tools import vendor

    # The tests' segno (pyproject's test extras) is the release the page vendors.
    assert f"segno=={segno.__version__}" in {p.spec for p in vendor.PACKAGES}
    from tabletop.qr import ERROR, matrix, path

    text = "https://someone.github.io/zero/#j=" + read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2,
                                                           nonce=NONCE).text()
    size, d = path(text)
    code = segno.make(text, error=ERROR, micro=False)
    assert matrix(size, d) == [[bool(x) for x in row] for row in code.matrix]
    print(f"\nthe offer's link: {len(text)} characters, a QR code of version {code.version} ({size}×{size} modules)")


# ---- the protocol --------------------------------------------------------------------------------------------


def table_started(plugin: Any, seed: int, storage: FakeStorage | None, places: int, phones: tuple[int, ...],
                  place: str, at_tablet: str, relay: bool = False) -> TableRun:
    """A game's table set up with ``places`` seats or teams (``place``: "seat" or "team"), those in ``phones``
    played on phones and the others ``at_tablet``, and started (``relay``: served by ``serve.py --lan``)."""
    run = TableRun.open(plugin, storage=storage or FakeStorage(), seed=seed)
    run.ports.relay = relay
    while len(getattr(run.state.settings, place + "s")) < places:
        run.tap(f"add-{place}")
    for number in range(places):
        run.field(f"{place}-kind:{number}", "phone" if number in phones else at_tablet)
    run.tap("start")
    return run


def zero_table(phones: tuple[int, ...], seats: int = 4, storage: FakeStorage | None = None,
               relay: bool = False) -> TableRun:
    from zero_game.web.plugin import PLUGIN

    return table_started(PLUGIN, 11, storage, seats, phones, "seat", "person", relay)


def test_playing_starts_with_the_pairing_screen_and_a_code_for_each_phone() -> None:
    run = zero_table((1, 2, 3))
    assert run.screen.name == "pairing"
    assert [effect.seat for effect in run.effects if isinstance(effect, Host)] == [1, 2, 3]
    offers = [Ticket.parse(link.offer) for link in run.state.remote.seats]
    assert [(t.kind, t.game, t.seat) for t in offers] == [(OFFER, "zero", 1), (OFFER, "zero", 2), (OFFER, "zero", 3)]
    assert len({t.nonce for t in offers}) == 3
    body = run.screen.body
    assert body.code is not None and body.code.text.startswith("https://table.example/zero/#j=")


def test_a_phone_of_another_release_is_refused_on_both_screens() -> None:
    run = zero_table((1,), seats=3)
    phone = Phone(run, 1)
    phone.join(schema="0123456789abcdef")
    assert phone.messages[-1] == {"v": PROTOCOL, "t": "refused", "why": "release"}
    assert run.ports.closed[-1] == 1
    assert not run.state.remote.linked(1)
    assert "another version" in run.screen.body.problem
    # Another protocol altogether: refused in the envelope every release reads.
    run.send(Heard(1, '{"v": 2, "t": "hello"}'))
    assert read(run.ports.wire[1][-1], MAX_FROM_TABLE)["t"] == "refused"


def test_a_message_that_is_not_ours_is_said_and_changes_nothing() -> None:
    run = zero_table((1,), seats=3)
    phone = Phone(run, 1).join()
    before = run.state.match
    for junk in ("", "[" * 10_000, '{"t": "do"}', "x" * 5000, '{"v": 1, "t": "do", "action": 7}'):
        run.send(Heard(1, junk))
    assert run.state.match is before and run.state.remote.linked(1)
    assert run.state.remote.link(1).problem == "garbled"
    assert "cannot read" in " ".join(row.status for row in run.screen.phones.rows)
    assert phone.receive().screen is not None
    # Its next tap is one the table reads: the row no longer says otherwise.
    phone.tap("hand", run.state.match.round.hand(1)[0].slug)
    assert run.state.remote.link(1).problem == ""
    assert "cannot read" not in " ".join(row.status for row in run.screen.phones.rows)


def test_a_phone_acts_only_for_its_own_seat_and_only_as_a_tap_of_it() -> None:
    run = zero_table((1, 2), seats=3)
    one, two = Phone(run, 1).join(), Phone(run, 2).join()
    m = run.state.match
    current = m.current_player
    other = two if current == 1 else one
    mover = one if current == 1 else two
    card = m.round.hand(current)[0].slug
    # The phone whose turn it is not: its taps change nothing, even naming the other's cards.
    for action, arg in (("hand", card), ("pool", m.round.pool[0].slug), ("knock", ""), ("confirm", ""),
                        ("next-round", ""), ("new-setup-yes", ""), ("start", ""), ("phone-bot", "1"),
                        ("seat-kind", "0")):
        other.tap(action, arg, "easy")
    assert run.state.match is m and run.state.settings.phones == (1, 2) and run.state.give is None
    assert run.state.remote.draft(other.seat) is None or run.state.remote.draft(other.seat).give is None
    # The phone whose turn it is: its choice is its own (not the tablet's), its move is played.
    own = m.round.hand(current)[0]
    mover.tap("hand", own.slug)
    assert run.state.give is None and run.state.remote.draft(current).give == own
    mover.tap("pool", m.round.pool[0].slug).tap("confirm")
    assert run.state.match is not m and run.state.match.round.history[-1].seat == current


def test_the_tablet_moves_and_sounds_by_its_switches_and_a_phone_shows_its_screens_still_and_silent() -> None:
    from tabletop.phone import PhoneTable, Stage
    from tabletop.phone import present as on_phone

    run = zero_table((1,), seats=3)
    phone = Phone(run, 1).join()
    assert run.screen.motion and run.screen.sound  # this device's switches, both on at first
    assert phone.screen is not None and not phone.screen.motion and not phone.screen.sound
    run.tap("sound")
    assert run.screen.motion and not run.screen.sound
    # Whatever screen it is sent, a phone's view neither moves nor sounds: the table's cards travel on the tablet.
    loud = replace(phone.screen, motion=True, sound=True)
    shown = on_phone(PhoneTable("en", "zero", Stage.PLAYING, screen=loud))
    assert not shown.motion and not shown.sound and shown.body == loud.body


def test_the_host_can_take_a_seat_back_on_the_tablet_or_give_it_to_a_bot() -> None:
    run = zero_table((1, 2), seats=3)
    Phone(run, 1).join()
    run.tap("phone-here", "1")
    assert run.state.settings.phones == (2,) and run.ports.wire[1][-1] == message("bye", why="here")
    assert 1 in run.state.settings.at_tablet
    run.tap("phone-bot", "2")
    assert run.state.settings.phones == () and not run.state.settings.seats[2].is_person
    saved = run.storage.data["zero-knizia:game"]  # type: ignore[union-attr]
    assert '"phones":[]' in saved and '"medium"' in saved


def test_the_screen_models_go_over_the_wire_and_come_back_equal_and_nothing_else_does() -> None:
    from zero_game.web.plugin import PLUGIN

    reg = registry(PLUGIN.models)
    run = zero_table((1,), seats=3)
    for screen in run.ports.screens[-20:]:
        assert reg.decode(read(message("screen", screen=reg.encode(screen)), MAX_FROM_TABLE)["screen"]) == screen
    with pytest.raises(TypeError):
        reg.encode(run.state)  # the state is no screen model: it cannot be sent
    with pytest.raises(DataError):
        reg.decode({"@": "Table", "f": []})
    assert Registry(()).schema() != reg.schema()


# ---- whole games ----------------------------------------------------------------------------------------------


def dead_buttons(screen: Screen, commands: frozenset[Any], seat: int) -> list[str]:
    """A button on a phone's screen that the tablet would refuse from it (a tap that does nothing)."""
    return [f"phone {seat}: {screen.name} offers {b.action} ({b.label!r}), which the tablet refuses from a phone"
            for b in parts(screen.body, Button) if not b.disabled and b.action not in commands]


def zero_checks(run: TableRun) -> list[str]:
    """On every state drawn: what each phone is sent holds no card of another hand that nobody saw; the tablet's
    screen no card of a hand on a phone, and no hand-off for it."""
    from zero_game import Swap
    from zero_game.web.phones import PHONES
    from zero_game.web.screens import cards_shown
    from zero_game.web.table import Page, next_step, page, table_round

    reg = registry(run.plugin.models)
    found: list[str] = []

    def check(s: Any) -> None:
        r = table_round(s)
        if r is None or s.setting_up:
            return
        public = {t.action.take.slug for t in r.history if isinstance(t.action, Swap)} | {c.slug for c in r.pool}
        for seat, text in run.plugin.phones(s):
            screen = reg.decode(read(text, MAX_FROM_TABLE)["screen"])
            found.extend(dead_buttons(screen, PHONES.commands, seat))
            seen = PHONES.enter(s, seat)
            if seen is None or page(seen) is Page.ROUND_END:
                continue
            others = {c.slug for other in range(r.players) if other != seat for c in r.hand(other)} - public
            if cards_shown(screen) & others:
                found.append(f"phone {seat} was sent {sorted(cards_shown(screen) & others)}")
        tablet = run.plugin.present(s)
        if page(s) is not Page.ROUND_END:
            for seat in s.settings.phones:
                hidden = {c.slug for c in r.hand(seat)} - public
                if cards_shown(tablet) & hidden:
                    found.append(f"the tablet showed seat {seat}'s {sorted(cards_shown(tablet) & hidden)}")
        step = next_step(s)
        if isinstance(step, HandOff) and step.who in s.settings.phones:
            found.append(f"a hand-off for seat {step.who}, on a phone")

    run.ports.watch.append(check)
    return found


def zero_turn(act: Any, screen: Screen, turns: dict[int, int], seat: int) -> bool:
    """Take a turn from ``screen`` if it is one's turn: two swaps a round, then knock."""
    from zero_game.web.screens import TableView

    body = screen.body
    if not isinstance(body, TableView) or not body.my_turn:
        return False
    if turns.get(seat, 0) < 2:
        act("hand", body.hand.groups[0][0].slug)
        act("pool", body.pool.cards[0].slug)
    else:
        act("knock")
    act("confirm")
    turns[seat] = turns.get(seat, 0) + 1
    return True


def watched(run: TableRun, checks: Callable[[TableRun], list[str]], seats: tuple[int, ...],
            earlier: Sequence[str] = ()) -> tuple[list[str], dict[int, Phone]]:
    """What ``checks`` find on every state ``run`` draws from now on (after the ``earlier`` findings), and a
    phone for each of ``seats``, joined by scanning the code the tablet shows."""
    found = checks(run)
    found += earlier
    return found, {seat: Phone(run, seat).join() for seat in seats}


def reloaded_table(run: TableRun, seed: int, checks: Callable[[TableRun], list[str]], earlier: Sequence[str],
                   seats: tuple[int, ...]) -> tuple[TableRun, list[str], dict[int, Phone]]:
    """The tablet reloads: the table opens again from ``run``'s storage on the pairing screen, and every phone
    scans again (see ``watched``)."""
    again = TableRun.open(run.plugin, storage=run.storage, seed=seed)
    assert again.screen.name == "pairing"
    return again, *watched(again, checks, seats, earlier)


def test_a_zero_match_of_four_three_on_phones_to_the_end_through_a_phone_gone_and_a_tablet_reloaded() -> None:
    from zero_game.web.screens import RoundEndView
    from zero_game.web.table import Page, page

    run = zero_table((1, 2, 3), storage=FakeStorage())
    leaks, phones = watched(run, zero_checks, (1, 2, 3))
    assert run.screen.name == "table" and all(run.state.remote.linked(s) for s in (1, 2, 3))
    turns: dict[int, int] = {}
    rounds = moves = 0
    lost = reloaded = False
    for _ in range(400):
        s = run.state
        if page(s) is Page.MATCH_END:
            break
        if page(s) is Page.ROUND_END:
            assert all(isinstance(p.receive().screen.body, RoundEndView) for p in phones.values())
            rounds += 1
            turns.clear()
            run.tap("next-round")
            continue
        if page(s) is Page.LAST_MOVE:
            run.idle()
            continue
        seat = s.match.current_player
        if moves == 5 and not lost:  # a phone sleeps through its turn: the game waits, the tablet says so
            lost = True
            phones[seat].lose()
            assert run.state.remote.link(seat).status is Status.AWAY
            assert any("away" in row.status for row in run.screen.phones.rows)
            run.idle()
            assert run.state.match is s.match  # nothing moves without it
            phones[seat] = Phone(run, seat).join()  # it scans the code the tablet shows again
            assert phones[seat].screen.body.hand is not None
        if rounds == 1 and not reloaded:  # the tablet reloads: the match resumes, the phones scan again
            reloaded = True
            run, leaks, phones = reloaded_table(run, 11, zero_checks, leaks, (1, 2, 3))
            assert run.state.match is not None
            continue
        if seat == 0:
            assert zero_turn(lambda a, arg="", table=run: table.tap(a, arg), run.screen, turns, 0)
        else:
            phone = phones[seat].receive()
            assert zero_turn(lambda a, arg="", p=phone: p.tap(a, arg), phone.screen, turns, seat)
        moves += 1
    assert page(run.state) is Page.MATCH_END and rounds == 4 and lost and reloaded
    assert leaks == []
    assert len(run.state.history.matches) == 1
    for phone in phones.values():
        end = phone.receive().screen
        assert end.body.actions == ()  # play again is the tablet's


def quiz_table(phones: tuple[int, ...], teams: int = 3, storage: FakeStorage | None = None) -> TableRun:
    from thousand.web.plugin import PLUGIN

    return table_started(PLUGIN, 4, storage, teams, phones, "team", "people")


def quiz_checks(run: TableRun) -> list[str]:
    """On every state drawn: no answer not yet turned over in what any phone is sent, nor on the tablet."""
    from thousand.web.phones import PHONES

    reg = registry(run.plugin.models)
    found: list[str] = []

    def check(s: Any) -> None:
        for seat, text in run.plugin.phones(s):
            seen = PHONES.enter(s, seat)
            screen = reg.decode(read(text, MAX_FROM_TABLE)["screen"])
            found.extend(dead_buttons(screen, PHONES.commands, seat))
            if seen is not None:
                found.extend(f"phone {seat}: {leak}" for leak in run.plugin.leaks(seen, screen))
        found.extend(f"tablet: {leak}" for leak in run.plugin.leaks(s, run.plugin.present(s)))

    run.ports.watch.append(check)
    return found


def quiz_turn(act: Any, screen: Screen) -> bool:
    """Play from a team's screen: the first question, or a guess of 500, or the first target."""
    from thousand.web.screens import ChooseView, GuessView, RevealView

    body = screen.body
    if isinstance(body, ChooseView):
        mine = next((p for p in body.teams if p.mine), None)
        if mine is None or not any(c.interactive for c in mine.cards):
            return False
        act("card", mine.cards[0].id)
        act("confirm")
        return True
    if isinstance(body, GuessView) and body.confirm is not None:
        act("guess-text", "", "500")
        act("guess")
        return True
    if isinstance(body, RevealView) and body.choices:
        act("target", body.choices[0].arg)
        return True
    return False


def test_a_quiz_of_three_teams_on_phones_to_the_end_through_a_phone_gone_and_a_tablet_reloaded() -> None:
    from thousand.web.screens import RevealView
    from thousand.web.table import Page, page

    run = quiz_table((0, 1, 2), storage=FakeStorage())
    leaks, phones = watched(run, quiz_checks, (0, 1, 2))
    lost = reloaded = False
    picks = 0
    for _ in range(2000):
        s = run.state
        if page(s) is Page.END:
            break
        if picks >= 4 and not lost:
            lost = True
            phones[1].lose()
            phones[1] = Phone(run, 1).join()
        if len(s.game.reveals) >= 2 and not reloaded:
            reloaded = True
            run, leaks, phones = reloaded_table(run, 4, quiz_checks, leaks, (0, 1, 2))
            continue
        acted = False
        for phone in phones.values():
            if quiz_turn(lambda a, arg="", value="", p=phone: p.tap(a, arg, value), phone.receive().screen):
                acted = True
                picks += 1
        if acted:
            continue
        body = run.screen.body
        if isinstance(body, RevealView) and body.next is not None:
            run.tap(str(body.next.action))
            continue
        raise AssertionError(f"nobody can act on {run.screen.name}")
    assert page(run.state) is Page.END and lost and reloaded
    assert leaks == []
    assert len(run.state.history.records) == 1


def test_teams_on_phones_choose_at_the_same_time_each_its_own_pick() -> None:
    run = quiz_table((0, 1), teams=3)
    a, b = Phone(run, 0).join(), Phone(run, 1).join()
    first = next(p for p in a.screen.body.teams if p.mine).cards[0].id
    second = next(p for p in b.screen.body.teams if p.mine).cards[1].id
    a.tap("card", first)
    b.tap("card", second)
    assert run.state.remote.draft(0).chosen == (first,) and run.state.remote.draft(1).chosen == (second,)
    assert run.state.chosen == ()  # the tablet's own choice (its team: 2) is untouched
    tablet = run.screen  # the team at the tablet chooses meanwhile, and sees nothing of the phones' choices
    assert tablet.name == "choose" and next(p for p in tablet.body.teams if p.mine).team == 2
    assert not [c.id for p in tablet.body.teams if p.team != 2 for c in p.cards if c.selected]
    a.tap("card", second)  # a question that is not team 0's: nothing
    assert run.state.remote.draft(0).chosen == (first,)


def test_the_effects_of_pairing_name_the_seat_and_answer_only_a_current_offer() -> None:
    run = zero_table((1,), seats=3)
    phone = Phone(run, 1)
    answer = phone.answer()
    run.send(Scanned("https://table.example/zero/#j=" + phone.ticket.text()))  # the tablet's own code
    assert run.state.remote.problem == "not-answer"
    run.send(Scanned("garbage"))
    assert run.state.remote.problem == "unreadable"
    run.send(Scanned(answer))
    assert Accept(1, Ticket.parse(answer).sdp(2)) in run.effects[-2:]
    run.idle()
    assert not any(isinstance(e, (Send, Unlink)) for e in run.effects[-3:])
    run.send(Scanned(answer))  # the same code twice: its offer is used already
    assert run.state.remote.problem in ("stale", "")


def test_taps_of_the_host_about_phones_are_shell_commands() -> None:
    from zero_game.web.plugin import PLUGIN

    assert PLUGIN.command("pair") is Link.PAIR and PLUGIN.command("phone-bot") is Link.BOT


def test_the_first_screen_sends_no_phone_anything_when_the_tablet_leaves_a_table_for_it() -> None:
    """The page asks the plug-in on screen for its phones' screens after every change, the first screen too (a
    tablet that left a table with phones for the choice of game; found in Chromium, tests/e2e/test_phones.py)."""
    from tabletop.home import HOME

    state, _ = HOME.launch("en")
    assert HOME.phones(state) == ()


# ---- the relay of serve.py --lan ---------------------------------------------------------------------------


def test_serve_lan_relays_one_pairing_by_a_short_code_and_nothing_else() -> None:
    """A tablet leaves its offer and gets a six-digit code; a phone typing it gets the offer, leaves its answer; the
    tablet's wait takes it and the offer is gone.  Bad requests are refused; without ``--lan`` there is no relay."""
    import json
    import urllib.error
    import urllib.request

    from tests.served import get, start_server
    from tools.browser import stop_process as stop

    def post(port: int, body: object) -> tuple[int, dict[str, Any]]:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/relay", data=data, method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as err:
            return err.code, {}

    offer = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2, nonce=NONCE).text()
    answer = read_sdp(FIREFOX_ANSWER, kind=ANSWER, game="zero", seat=2, nonce=NONCE).text()
    nonce = NONCE.hex()
    process, first_line = start_server("--lan")
    try:
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        assert get(port, "/").headers.get("x-pairing-relay") == "1"  # the page's HEAD learns of the relay
        assert post(port, {"op": "ping"}) == (200, {"relay": 1})
        status, left = post(port, {"op": "offer", "nonce": nonce, "text": offer})
        code = left["code"]
        assert status == 200 and len(code) == 6 and code.isdigit()
        wrong = f"{(int(code) + 1) % 10**6:06d}"
        assert post(port, {"op": "collect", "code": wrong}) == (200, {})
        assert post(port, {"op": "collect", "code": code}) == (200, {"text": offer})
        assert post(port, {"op": "answer", "nonce": nonce, "text": answer}) == (200, {"ok": True})
        assert post(port, {"op": "wait", "nonce": nonce}) == (200, {"text": answer, "typed": True, "rejoin": False})
        assert post(port, {"op": "collect", "code": code}) == (200, {})  # used once, then forgotten
        assert post(port, {"op": "wait", "nonce": nonce}) == (200, {"gone": True})
        for bad in ({"op": "offer", "nonce": nonce, "text": "<script>"}, {"op": "offer", "nonce": "x", "text": offer},
                    {"op": "drop"}, [1, 2], b"not json"):
            assert post(port, bad)[0] == 400, bad
        assert post(port, b"{" + b" " * 3000 + b"}")[0] == 413
    finally:
        stop(process)
    process, first_line = start_server()
    try:
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        assert "x-pairing-relay" not in get(port, "/").headers
        assert post(port, {"op": "ping"})[0] == 501
    finally:
        stop(process)


def test_codes_typed_at_the_relay_cannot_be_guessed_a_client_waits_and_a_code_tried_wrongly_is_withdrawn() -> None:
    """A stranger on the network enumerating six-digit codes (bounded here: from five addresses of the loopback)
    finds none: each address is turned away after five wrong codes, everyone after twenty a minute, and the live code
    is withdrawn after ten wrong tries anywhere (the tablet's wait hears it and gets a new code).  A code is retired
    once collected."""
    import http.client
    import json

    from tests.served import start_server
    from tools.browser import stop_process as stop

    def post(port: int, body: object, source: str = "127.0.0.1") -> tuple[int, dict[str, Any]]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
        try:
            connection.request("POST", "/relay", json.dumps(body), {"Content-Type": "application/json"})
            reply = connection.getresponse()
            return reply.status, json.loads(reply.read() or b"{}")
        finally:
            connection.close()

    offer = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2, nonce=NONCE).text()
    nonce = NONCE.hex()
    process, first_line = start_server("--lan")
    try:
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        code = post(port, {"op": "offer", "nonce": nonce, "text": offer})[1]["code"]
        guesses = (f"{n:06d}" for n in range(10**6) if f"{n:06d}" != code)
        replies: dict[str, list[int]] = {}
        for client in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"):
            for _ in range(8):
                status, reply = post(port, {"op": "collect", "code": next(guesses)}, client)
                assert "text" not in reply
                replies.setdefault(client, []).append(status)
        assert replies["127.0.0.2"] == [200] * 5 + [429] * 3  # five wrong codes, then it waits
        assert replies["127.0.0.5"] == [200] * 5 + [429] * 3
        assert replies["127.0.0.6"] == [429] * 8  # twenty wrong codes a minute from anyone: everyone waits
        assert post(port, {"op": "wait", "nonce": nonce}) == (200, {"withdrawn": True})  # after ten wrong tries
        # The withdrawn code is no longer anyone's (here: everyone waits anyway); the tablet asks for a new one.
        assert post(port, {"op": "collect", "code": code})[0] == 429
        status, again = post(port, {"op": "offer", "nonce": nonce, "text": offer})
        assert status == 200 and len(again["code"]) == 6
    finally:
        stop(process)
    relay = serve_relay()
    code = relay.answer({"op": "offer", "nonce": nonce, "text": offer})[1]["code"]
    assert relay.answer({"op": "collect", "code": code}, "10.0.0.7") == (200, {"text": offer})
    assert relay.answer({"op": "collect", "code": code}, "10.0.0.8") == (200, {})  # retired once collected


def test_a_withdrawn_code_is_said_on_the_pairing_screen_with_the_new_one() -> None:
    from tabletop.effects import Posted

    run = zero_table((1,), seats=3)
    nonce = run.state.remote.link(1).nonce
    run.send(Posted(nonce, "123456"))
    assert "123456" in run.screen.body.short and not run.screen.body.problem
    run.send(Posted(nonce, "654321", withdrawn=True))
    assert "654321" in run.screen.body.short and "123456" not in run.screen.body.short
    assert "Wrong codes" in run.screen.body.problem


def test_a_channel_that_never_opens_is_said_on_the_tablet_with_what_to_allow() -> None:
    """A refused local-network permission drops the candidates silently (the channel never opens, no error): after
    ``STALL_S`` the tablet says what to allow instead of waiting on "Connecting…" for good."""
    from tabletop.effects import After
    from tabletop.remote import STALL_S, Stalled

    run = zero_table((1,), seats=3)
    phone = Phone(run, 1)
    nonce = phone.ticket.nonce.hex()
    run.send(Scanned(phone.answer()))  # the tablet read the phone's code; its channel is not open yet
    message, effects = run.handled[-1]
    assert After(STALL_S, Stalled(1, nonce), key=("phone-stalled", 1)) in effects
    run.send(Stalled(1, nonce))
    assert "Local Network" in run.screen.body.problem and "same Wi-Fi" in run.screen.body.problem
    # A channel that opened in time: nothing is said.
    run = zero_table((1,), seats=3)
    phone = Phone(run, 1).join()
    run.send(Stalled(1, nonce))
    assert run.state.remote.linked(1) and run.state.remote.link(1).problem == ""


def test_a_phone_that_typed_the_code_gets_its_seat_only_once_the_host_sees_the_same_number_on_both_screens() -> None:
    """Anyone on the network could have typed the short code: the tablet asks its host whether the phone shows the
    number the tablet shows (four digits from the phone's own code), and lets it in or turns it away."""
    from tabletop.phone import PhoneTable, Stage, join_view
    from tabletop.remote import check_number

    run = zero_table((1,), seats=3)
    phone = Phone(run, 1)
    nonce, answer = phone.ticket.nonce.hex(), phone.answer()
    run.send(Scanned(answer, typed=True))  # its answer came through the relay, to an offer fetched by the code
    run.idle()
    run.send(Heard(1, message("hello", schema=run.plugin.schema, nonce=nonce)))
    run.idle()
    assert not run.state.remote.linked(1) and run.state.remote.link(1).asking
    assert not [m for m in run.ports.wire.get(1, []) if '"welcome"' in m]  # no seat yet, no screen
    number = check_number(answer)
    assert f"show {number}?" in run.screen.body.status
    assert [b.action for b in run.screen.body.others] == [Link.ADMIT, Link.DENY]
    # The phone shows the same number.
    shown = join_view(PhoneTable("en", "zero", Stage.CONNECTING, answer=answer, typed=True),
                      lambda key, **kw: f"{key}:{kw}")
    assert number in shown.text
    run.tap("phone-admit", "1")
    run.idle()
    assert run.state.remote.linked(1) and phone.receive().screen is not None
    # Turned away: it is told so, and the seat gets a new offer (a new code).
    run = zero_table((1,), seats=3)
    phone = Phone(run, 1)
    nonce, answer = phone.ticket.nonce.hex(), phone.answer()
    run.send(Scanned(answer, typed=True))
    run.idle()
    run.send(Heard(1, message("hello", schema=run.plugin.schema, nonce=nonce)))
    run.idle()
    run.tap("phone-deny", "1")
    run.idle()
    assert read(run.ports.wire[1][-1], MAX_FROM_TABLE) == {"v": PROTOCOL, "t": "bye", "why": "turned-away"}
    assert not run.state.remote.linked(1) and run.state.remote.link(1).nonce not in ("", nonce)
    assert "turned away" in run.screen.body.problem
    # A phone that scanned the tablet's code is not asked about: it is in at once.
    run = zero_table((1,), seats=3)
    Phone(run, 1).join()
    assert run.state.remote.linked(1)


def test_a_phone_whose_code_was_shown_long_with_no_channel_says_what_may_be_in_the_way() -> None:
    from tabletop.effects import After, Joining
    from tabletop.phone import WAIT_S, Stage, Waited, handle_with, join_view, launch
    from tests.harness import fake_sdp
    from zero_game.web.plugin import PLUGIN

    offer = read_sdp(fake_sdp(1, offer=True), kind=OFFER, game="zero", seat=1, nonce=NONCE).text()
    handle = handle_with(PLUGIN.schema, PLUGIN.models)
    state, _ = launch("en", "zero", offer)
    state, effects = handle(state, Joining(fake_sdp(4, offer=False)))
    assert state.stage is Stage.SHOWING and After(WAIT_S, Waited(NONCE.hex()), key="phone-waited") in effects
    assert "join.why.waited" not in join_view(state, lambda key, **kw: key).detail
    state, _ = handle(state, Waited(NONCE.hex()))
    assert state.why == "waited" and "join.why.waited" in join_view(state, lambda key, **kw: key).detail
    assert handle(state, Waited("000000000000"))[0] == state  # another offer's: nothing


def serve_relay() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("serve_for_test", "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Relay()


def test_the_phones_code_carries_its_own_candidates_so_a_firefox_tablet_reaches_it() -> None:
    """Measured here: a Firefox tablet and a Chromium phone never opened their channel while the phone's code left out
    its candidates (the phone could not resolve the tablet's ``.local`` names, the tablet had no name of the phone's);
    with them it opens in a quarter of a second.  The tablet's side rebuilds a description holding them."""
    from tabletop.effects import Joining
    from tabletop.phone import handle_with, launch
    from tests.harness import fake_sdp
    from zero_game.web.plugin import PLUGIN

    offer = read_sdp(fake_sdp(3, offer=True), kind=OFFER, game="zero", seat=1, nonce=NONCE).text()
    state, _ = launch("en", "zero", offer)
    state, _ = handle_with(PLUGIN.schema, PLUGIN.models)(state, Joining(fake_sdp(4, offer=False)))
    answer = Ticket.parse(state.answer)
    assert [c.address for c in answer.candidates] == ["00000004-e0e7-4806-92bb-198e7f3fcb96.local",
                                                      "00000004-79ec-455c-9dde-31618cd6e209.local"]
    rebuilt = answer.sdp()
    assert rebuilt.count("a=candidate:") == 2 and "00000004-e0e7-4806-92bb-198e7f3fcb96.local 36176" in rebuilt
    print(f"\nthe phone's code: {len(state.answer)} characters with its two candidates")


def test_a_phone_scanning_the_code_of_another_games_table_opens_again_as_its_phone() -> None:
    """A phone left on Zero's join screen (the installed app) scans the quiz table's code: not "unreadable", but the
    page opened again at that code's link, its old channel closed; an answer's code stays unreadable there."""
    from tabletop.effects import Reopen
    from tabletop.phone import Stage, handle_with, launch
    from tests.harness import fake_sdp
    from zero_game.web.plugin import PLUGIN

    state, _ = launch("en", "zero", "")
    handle = handle_with(PLUGIN.schema, PLUGIN.models)
    quiz = read_sdp(fake_sdp(3, offer=True), kind=OFFER, game="quiz", seat=1, nonce=NONCE).text()
    after, effects = handle(state, Scanned("https://someone.github.io/zero/#j=" + quiz))
    assert effects == (Unlink(0), Reopen(quiz)) and after.stage is Stage.JOINING and after.why == ""
    answer = read_sdp(fake_sdp(4, offer=False), kind=ANSWER, game="quiz", seat=1, nonce=NONCE).text()
    after, effects = handle(state, Scanned(answer))
    assert effects == () and after.why == "unreadable"


def test_a_phone_keeps_nothing_so_another_tabs_storage_and_a_new_release_change_nothing_on_it() -> None:
    """A phone's page beside the tablet's in one browser (trying it on one computer) hears the tablet's writes to
    the preferences, and every page hears that a new release is about to reload it: the phone keeps no document,
    so neither changes its screen (they were "a phone has no message" errors in the page's console)."""
    from tabletop.effects import BeforeUpdate, Elsewhere
    from tabletop.phone import handle_with, launch, present
    from zero_game.web.plugin import PLUGIN

    handle = handle_with(PLUGIN.schema, PLUGIN.models)
    state, _ = launch("fr", "zero", "")
    for message_ in (Elsewhere(()), BeforeUpdate()):
        after, effects = handle(state, message_)
        assert after == state and effects == () and present(after) == present(state)


# ---- rejoining by the seat's ticket (no scan with the relay) ---------------------------------------------------


def offers_posted(run: TableRun, seat: int) -> list[Any]:
    from tabletop.effects import Post

    return [e for e in run.ports.links if isinstance(e, Post) and e.kind == "offer" and e.seat == seat]


def rejoined(run: TableRun, phone: Phone, key: str, proof: str | None = None) -> Phone:
    """``phone`` answers its seat's standing offer, fetched at the relay by its ticket's slot (no scan), and says hello
    with ``proof`` (by default the one its ticket makes)."""
    link = run.state.remote.link(phone.seat)
    assert link is not None and link.offer
    nonce = link.nonce
    run.send(Scanned(phone.answer(), rejoin=True))
    run.idle()
    fields = {"proof": proof_of(key, nonce) if proof is None else proof} if proof != "" else {}
    run.send(Heard(phone.seat, message("hello", schema=run.plugin.schema, nonce=nonce, **fields)))
    run.idle()
    return phone.receive()


def test_a_phone_let_in_gets_its_seats_ticket_and_rejoins_by_it_at_the_relay_with_no_scan() -> None:
    """The first pairing is as before (a scan); the welcome carries the seat's ticket, which the tablet keeps.  Gone
    (asleep, reloaded), the phone finds the seat's next offer at the relay under the ticket's slot, and is let in on
    proving the ticket: it is shown its own hand again, and nothing of another seat's."""
    run = zero_table((1, 2), seats=3, relay=True)
    one, two = Phone(run, 1).join(), Phone(run, 2).join()
    key = next(m for m in one.messages if m["t"] == "welcome")["ticket"]
    other = next(m for m in two.messages if m["t"] == "welcome")["ticket"]
    assert KEY.fullmatch(key) and KEY.fullmatch(other) and key != other
    assert json.loads(run.ports.kept_links["tablet.zero"]) == {"1": key, "2": other}
    # Linked, the seat's offer was used: none is left at the relay under its slot.
    assert all(not p.slot for p in offers_posted(run, 1))
    one.lose()
    assert offers_posted(run, 1)[-1].slot == slot_of(key) and slot_of(key) not in key
    sent = len(one.messages)
    rejoined(run, one, key)
    assert run.state.remote.linked(1) and one.messages[sent]["t"] == "welcome"
    assert one.messages[sent]["ticket"] == key  # the same ticket: it rejoins by it again next time
    from zero_game.web.screens import cards_shown

    hand = {c.slug for c in run.state.match.round.hand(1)}
    others = {c.slug for c in run.state.match.round.hand(2)} | {c.slug for c in run.state.match.round.hand(0)}
    assert one.screen is not None and hand <= cards_shown(one.screen) and not others & cards_shown(one.screen)
    assert json.loads(run.ports.kept_links["tablet.zero"]) == {"1": key, "2": other}


def test_a_forged_or_stale_ticket_is_refused_with_a_clear_message_and_the_seat_keeps_its_offer() -> None:
    run = zero_table((1, 2), seats=3, relay=True)
    one, two = Phone(run, 1).join(), Phone(run, 2).join()
    key = next(m for m in one.messages if m["t"] == "welcome")["ticket"]
    other = next(m for m in two.messages if m["t"] == "welcome")["ticket"]
    one.lose()
    # Someone who learnt the seat's slot (it travels in plain HTTP) fetched its offer: without the ticket, no seat.
    for proof in ("", "0" * 32, proof_of(other, run.state.remote.link(1).nonce), "x" * 40):
        sent = len(one.messages)
        rejoined(run, one, key, proof=proof)
        assert one.messages[sent:] == [{"v": PROTOCOL, "t": "refused", "why": "ticket"}], proof[:40]
        assert not run.state.remote.linked(1) and run.ports.closed[-1] == 1
        assert run.state.remote.link(1).offer, "the seat's next offer is made at once"
        assert "without its pass" in " ".join(row.status for row in run.screen.phones.rows)
    assert not any(m["t"] == "screen" for m in one.messages[-4:])
    # The phone holding the ticket still comes back; a phone that scanned the tablet's code needs none.
    rejoined(run, one, key)
    assert run.state.remote.linked(1)
    two.lose()
    two.join()
    assert run.state.remote.linked(2)


def test_the_tablet_keeps_its_seats_tickets_over_its_reload_and_every_phone_rejoins_with_no_scan() -> None:
    run = zero_table((1, 2), seats=3, relay=True)
    phones = {seat: Phone(run, seat).join() for seat in (1, 2)}
    keys = {seat: next(m for m in p.messages if m["t"] == "welcome")["ticket"] for seat, p in phones.items()}
    hands = {seat: run.state.match.round.hand(seat) for seat in (1, 2)}
    again = TableRun.open(run.plugin, storage=run.storage, seed=11, idle=False)
    again.ports.relay = True
    again.ports.kept_links = dict(run.ports.kept_links)  # the tablet's own storage
    again.idle()
    assert again.screen.name == "pairing"
    for seat, phone in phones.items():
        assert again.state.remote.link(seat).key == keys[seat]
        assert offers_posted(again, seat)[-1].slot == slot_of(keys[seat])
        phone.run, phone.read_upto = again, 0
        rejoined(again, phone, keys[seat])
        assert again.state.remote.linked(seat)
    assert again.state.match.round.hand(1) == hands[1] and again.state.match.round.hand(2) == hands[2]
    # A seat taken off its phone loses its ticket on the tablet too (its phone was told so and forgets its own).
    again.tap("phone-here", "1")
    assert json.loads(again.ports.kept_links["tablet.zero"]) == {"2": keys[2]}


def test_a_phone_keeps_its_ticket_waits_at_the_relay_for_its_seats_offer_and_proves_it() -> None:
    from tabletop.effects import After, Join, Joining, Keep, Linked, Post, Recall, Recalled, Rejoin, Relayed, Unlinked
    from tabletop.phone import REJOIN_S, Late, Stage, handle_with, join_view, launch
    from tests.harness import fake_sdp
    from zero_game.web.plugin import PLUGIN

    key = "5e" * 16
    slot = slot_of(key)
    t = texts_en()
    handle = handle_with(PLUGIN.schema, PLUGIN.models)
    state, effects = launch("en", "zero", "")  # a reload: the code left the address
    assert Recall("phone.zero") in effects
    state, effects = handle(state, Relayed(True))
    assert effects == () and not state.rejoining  # no ticket known yet
    state, effects = handle(state, Recalled("phone.zero", json.dumps({"seat": 1, "key": key})))
    assert effects == (Rejoin(slot), After(REJOIN_S, Late(slot), key="phone-late")) and state.rejoining
    assert join_view(state, t).text == t("join.rejoining")
    assert handle(state, Late(slot))[0].why == "late"
    offer = read_sdp(fake_sdp(1, offer=True), kind=OFFER, game="zero", seat=1, nonce=NONCE).text()
    state, effects = handle(state, Scanned(offer, rejoin=True))
    assert state.stage is Stage.JOINING and not state.rejoining and any(isinstance(e, Join) for e in effects)
    state, effects = handle(state, Joining(fake_sdp(4, offer=False)))
    assert any(isinstance(e, Post) and e.kind == "answer" for e in effects)
    state, effects = handle(state, Linked(0))
    hello = json.loads(next(e.text for e in effects if isinstance(e, Send)))
    assert hello["nonce"] == NONCE.hex() and hello["proof"] == proof_of(key, NONCE.hex())
    state, effects = handle(state, Heard(0, message("welcome", game="zero", seat=1, ticket=key)))
    assert state.stage is Stage.PLAYING and effects == (Keep("phone.zero", '{"seat":1,"key":"' + key + '"}'),)
    # Asleep: the channel closes, the phone waits at the relay again by itself.
    state, effects = handle(state, Unlinked(0, "closed"))
    assert state.stage is Stage.AWAY and Rejoin(slot) in effects
    # A ticket the table refuses is forgotten: the phone joins as a new one, by a scan.
    refused, effects = handle(state, Heard(0, message("refused", why="ticket")))
    assert refused.stage is Stage.NONE and refused.key == "" and Keep("phone.zero", "") in effects
    assert join_view(refused, t).detail == t("join.why.ticket")
    # The table set up another game, or the seat went to the tablet or a bot: forgotten too.
    for why in ("gone", "here", "bot"):
        gone, effects = handle(state, Heard(0, message("bye", why=why)))
        assert Keep("phone.zero", "") in effects and gone.key == ""
    # Without a relay (a hosted copy) the phone scans as before: it keeps its ticket, and waits nowhere.
    plain, _ = launch("en", "zero", "")
    plain, _ = handle(plain, Relayed(False))
    plain, effects = handle(plain, Recalled("phone.zero", json.dumps({"seat": 1, "key": key})))
    assert effects == () and join_view(plain, t).text == t("join.none.text")
    # Anything else kept is no ticket.
    for junk in ("", "{", "[]", '{"key": 5}', '{"key": "' + "Z" * 32 + '"}'):
        assert handle(launch("en", "zero", "")[0], Recalled("phone.zero", junk))[0].key == ""


def texts_en() -> Callable[..., str]:
    from tabletop.phone import texts

    return texts("en")


def test_the_relay_keeps_a_standing_offer_under_a_slot_and_marks_its_answer_as_a_rejoin() -> None:
    relay = serve_relay()
    relay.WAIT_S = 0.05
    offer = read_sdp(CHROMIUM_OFFER, kind=OFFER, game="zero", seat=2, nonce=NONCE).text()
    answer = read_sdp(FIREFOX_ANSWER, kind=ANSWER, game="zero", seat=2, nonce=NONCE).text()
    slot = slot_of("ab" * 16)
    assert relay.answer({"op": "standing", "slot": slot}) == (200, {})  # nothing yet: the phone asks again
    for bad in ("", "AB" * 12, slot + "0", 5):
        assert relay.answer({"op": "standing", "slot": bad})[0] == 400
    assert relay.answer({"op": "offer", "nonce": NONCE.hex(), "text": offer, "slot": slot})[0] == 200
    assert relay.answer({"op": "standing", "slot": slot_of("cd" * 16)}) == (200, {})  # another ticket's: nothing
    assert relay.answer({"op": "standing", "slot": slot}) == (200, {"text": offer})
    assert relay.answer({"op": "answer", "nonce": NONCE.hex(), "text": answer}) == (200, {"ok": True})
    assert relay.answer({"op": "wait", "nonce": NONCE.hex()}) == (200, {"text": answer, "typed": False,
                                                                       "rejoin": True})
    assert relay.answer({"op": "standing", "slot": slot}) == (200, {})  # used: gone
    # An offer whose tablet still waits for it is kept past the ten minutes (a phone asleep for long finds it); one
    # whose tablet stopped asking is forgotten ten minutes after.
    relay.answer({"op": "offer", "nonce": "1" * 12, "text": offer, "slot": slot})
    relay.answer({"op": "offer", "nonce": "2" * 12, "text": offer})
    for kept in relay.offers.values():
        kept["at"] -= relay.TTL_S - 1
    relay.answer({"op": "wait", "nonce": "1" * 12})
    for kept in relay.offers.values():
        kept["at"] -= 2
    assert relay.answer({"op": "standing", "slot": slot}) == (200, {"text": offer})
    assert relay.answer({"op": "wait", "nonce": "2" * 12}) == (200, {"gone": True})
    # A standing wait is woken by the offer it waits for.
    import threading

    relay.WAIT_S = 5.0
    got: list[Any] = []
    waiting = threading.Thread(target=lambda: got.append(relay.answer({"op": "standing", "slot": slot})))
    waiting.start()
    relay.answer({"op": "offer", "nonce": "0" * 12, "text": offer, "slot": slot})
    waiting.join(5)
    assert got == [(200, {"text": offer})]


# ---- a bot for an away phone, for the rest of the round -----------------------------------------------------------


def test_an_away_phones_seat_is_played_by_a_bot_for_the_rest_of_the_round_with_one_tap_and_back_when_it_is_back(
) -> None:
    """As on BGA when a player drops out: one tap on the tablet and a bot plays the away phone's seat, so the others
    need not wait; the seat stays the phone's (its set-up and its save unchanged), the phone gets it back as soon as
    it returns, and the bot stops at the round's end in any case (the game waits for the phone again)."""
    from zero_game.web.plugin import PLUGIN

    run = table_started(PLUGIN, 11, None, 3, (1,), "seat", "medium")  # seats 0 and 2: bots
    phone = Phone(run, 1).join()
    phone.lose()
    r = run.state.remote
    assert r.link(1).status is Status.AWAY and not r.standing_in(1)
    row = next(row for row in run.screen.phones.rows if row.seat == 1)
    standin = next(b for b in row.actions if str(b.action) == "phone-standin")
    assert standin.label == "Bot this round" and standin.pressed is False
    run.idle()
    m = run.state.match
    assert m.current_player == 1 and not m.round.history, "the game waits for the away phone"
    run.tap("phone-standin", "1", idle=False)  # one tap
    assert run.state.remote.standing_in(1)
    row = next(row for row in run.screen.phones.rows if row.seat == 1)
    assert "a bot plays for them" in row.status
    assert next(b for b in row.actions if str(b.action) == "phone-standin").pressed is True
    run.idle(until=lambda x: bool(x.state.match.round.history))
    assert run.state.match.round.history[0].seat == 1, "the bot played the away phone's seat"
    assert run.state.settings.phones == (1,) and run.state.settings.seats[1].is_person, "still the phone's seat"
    # Its phone returns (while the bots play on): the seat is its own again at once.
    nonce = run.state.remote.link(1).nonce
    run.send(Scanned(phone.answer()))
    run.idle(until=lambda x: x.state.remote.link(1).opened)
    run.send(Heard(1, message("hello", schema=run.plugin.schema, nonce=nonce)))
    run.idle(until=lambda x: x.state.remote.linked(1))
    assert not run.state.remote.standing_in(1) and run.state.remote.link(1).standin is None
    run.idle()
    m = run.state.match
    assert m.current_player == 1 and len(m.round.history) > 1 and not m.finished_rounds, "its turn waits for it"
    # Away again, a bot for the rest of the round: it plays the seat to the round's end, and no further.
    phone.lose()
    run.tap("phone-standin", "1")
    assert len(run.state.match.finished_rounds) == 1
    assert not run.state.remote.standing_in(1) and run.state.remote.link(1).standin is None
    row = next(row for row in run.screen.phones.rows if row.seat == 1)
    assert "a bot plays" not in row.status and "waits" in row.status


def test_a_phone_back_while_its_stand_in_thinks_is_not_shown_thinking_its_turn_is_its_own() -> None:
    """The bot that stood in was thinking when the phone came back: its decision is dropped, and the tablet does not
    go on saying that seat is thinking (Zero's seat, the quiz's team)."""
    from zero_game.web.plugin import PLUGIN

    run = table_started(PLUGIN, 11, None, 3, (1,), "seat", "medium")
    phone = Phone(run, 1).join()
    phone.lose()
    run.idle()
    run.tap("phone-standin", "1", idle=False)
    run.idle(until=lambda x: x.state.thinking == 1)
    assert next(x for x in run.screen.body.seats if x.seat == 1).thinking == "Thinking…"
    nonce = run.state.remote.link(1).nonce
    run.send(Scanned(phone.answer()))
    run.idle(until=lambda x: x.state.remote.link(1).opened)
    run.send(Heard(1, message("hello", schema=run.plugin.schema, nonce=nonce)))
    run.idle()
    assert run.state.remote.linked(1) and run.state.match.current_player == 1 and not run.state.match.round.history
    assert next(x for x in run.screen.body.seats if x.seat == 1).thinking == ""


def test_a_bot_stands_in_only_for_an_away_phone_and_the_tap_again_gives_the_seat_back_to_waiting() -> None:
    run = zero_table((1, 2), seats=3)
    Phone(run, 1).join()
    run.tap("phone-standin", "1")  # linked: nothing to stand in for
    run.tap("phone-standin", "2")  # never joined: the host shows its code instead
    run.tap("pair-close")
    assert run.state.remote.link(1).standin is None and run.state.remote.link(2).standin is None
    assert not any(str(b.action) == "phone-standin" for row in run.screen.phones.rows for b in row.actions)
    Phone(run, 1).lose()
    run.tap("phone-standin", "1")
    assert run.state.remote.standing_in(1)
    run.tap("phone-standin", "1")  # "Wait for the phone"
    assert not run.state.remote.standing_in(1)


def reveal_to_the_end(run: TableRun) -> None:
    """Turn over the reveal on the tablet to its end (as the host taps through it)."""
    from thousand.web.screens import RevealView

    while isinstance(body := run.screen.body, RevealView) and (body.next is not None or body.choices):
        assert body.next is not None, "the target card is a bot's to choose here"
        run.tap(str(body.next.action))


def test_an_away_phones_team_of_the_quiz_is_played_by_a_bot_for_the_round_with_one_tap_and_back_when_it_is_back(
) -> None:
    """As in Zero: one tap on the tablet and a bot chooses for the quiz team whose phone is away (its pick, and the
    target card or its tie-break guess when it is that team's), so the other teams need not wait; the team stays the
    phone's, the phone gets it back as soon as it returns, and the bot stops when the round ends."""
    from thousand.web.table import Page, page

    run = table_started(quiz_plugin(), 4, None, 3, (1,), "team", "medium")  # teams 0 and 2: bots
    phone = Phone(run, 1).join()
    phone.lose()
    run.idle()
    g = run.state.game
    assert g.to_act == (1,) and g.number == 1, "the game waits for the away phone's team"
    assert run.screen.body.controls.prompt == "Waiting for the teams on their phones: Team 2."
    row = next(row for row in run.screen.phones.rows if row.seat == 1)
    standin = next(b for b in row.actions if str(b.action) == "phone-standin")
    assert standin.label == "Bot this round" and standin.pressed is False
    run.tap("phone-standin", "1")  # one tap
    assert run.state.game.reveals[0].play(1).cards, "the bot chose for the away phone's team"
    assert run.state.settings.phones == (1,) and run.state.settings.teams[1].is_people, "still the phone's team"
    # The round is over: the bot stops, and the next round waits for the phone again.
    assert run.state.remote.link(1).standin is None and not run.state.remote.standing_in(1)
    reveal_to_the_end(run)
    assert page(run.state) is Page.CHOOSE and run.state.game.number == 2 and run.state.game.to_act == (1,)
    row = next(row for row in run.screen.phones.rows if row.seat == 1)
    assert "a bot plays" not in row.status and "waits" in row.status
    # A bot for this round again; its phone returns before it has chosen: the team chooses on its phone.
    run.tap("phone-standin", "1", idle=False)
    assert run.state.remote.standing_in(1)
    assert "a bot plays for them" in next(row for row in run.screen.phones.rows if row.seat == 1).status
    nonce = run.state.remote.link(1).nonce
    run.send(Scanned(phone.answer()))
    run.idle(until=lambda x: x.state.remote.link(1).opened)
    run.send(Heard(1, message("hello", schema=run.plugin.schema, nonce=nonce)))
    run.idle(until=lambda x: x.state.remote.linked(1))
    assert run.state.remote.link(1).standin is None
    run.idle()
    assert run.state.game.to_act == (1,) and run.state.game.number == 2, "its pick waits for its phone"
    panel = next(p for p in run.screen.body.teams if p.team == 1)
    assert panel.status == "choosing" and not panel.thinking, "not a bot's any more"
    assert quiz_turn(lambda a, arg="", value="": phone.tap(a, arg, value), phone.receive().screen)
    assert len(run.state.game.reveals) == 2


def test_the_stand_in_bot_of_a_quiz_team_is_offered_only_for_an_away_phone_and_only_while_a_round_is_played(
) -> None:
    from thousand.web.phones import PHONES

    run = quiz_table((0, 1), teams=3)
    Phone(run, 0).join()
    run.tap("phone-standin", "0")  # linked: nothing to stand in for
    run.tap("phone-standin", "1")  # never joined
    run.tap("pair-close")
    assert run.state.remote.link(0).standin is None and run.state.remote.link(1).standin is None
    assert not any(str(b.action) == "phone-standin" for row in run.screen.phones.rows for b in row.actions)
    Phone(run, 0).lose()
    run.tap("phone-standin", "0")
    assert run.state.remote.standing_in(0)
    run.tap("phone-standin", "0")  # "Wait for the phone"
    assert not run.state.remote.standing_in(0)
    assert PHONES.round(replace(run.state, game=None)) is None
    assert PHONES.round(with_shell(run.state, lesson=1)) is None


def quiz_plugin() -> Any:
    from thousand.web.plugin import PLUGIN

    return PLUGIN
