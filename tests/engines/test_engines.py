"""What matters most, in Firefox and in WebKit (Safari's engine): start-up, a whole match by taps, the
hot-seat hand-off and the screens at a tablet's and a phone's width, on the session's page.  Saved games, damaged
storage and offline play are walked with the start-up snapshot on a new origin: test_snapshot.py.  Each test
runs once per engine."""

from __future__ import annotations

from tools.browser import ROOT
from tools.engines import Driver
from zero_game import Match

from . import table as t
from .conftest import SEED
from .engine_steps import console_errors


def test_the_game_starts_with_no_console_error(game: Driver) -> None:
    assert t.app_state(game) == "ready"
    t.wait_visible(game, t.action("start"))
    assert console_errors(game) == []


def test_a_whole_match_against_two_bots_by_taps(game: Driver) -> None:
    t.back_to_set_up(game)
    t.tap(game, t.action("start"))
    rounds, swaps = t.play_to_the_end(game)
    assert (rounds, swaps) == (3, 3)
    assert t.visible(game, t.action("play-again"))
    assert console_errors(game) == []


def test_hot_seat_shows_no_hand_while_no_person_acts(game: Driver) -> None:
    t.back_to_set_up(game)
    t.hot_seat(game, ("Ana", "Ben"))
    t.tap(game, t.action("start"))
    match = Match.new(2, SEED)
    hands = [{card.slug for card in match.round.hand(seat)} for seat in (0, 1)]
    first = match.current_player or 0
    second = 1 - first

    assert t.next_step(game) == "ready"
    assert t.count(game, t.ANY_CARD) == 0, "a card is in the page during the hand-off"
    assert ("Ana", "Ben")[first] in t.html(game)
    t.tap(game, t.action("ready"))
    t.wait_visible(game, t.HAND)
    assert set(t.hand(game)) == hands[first]
    page = t.html(game)
    assert not [slug for slug in hands[second] if f'"{slug}"' in page], "the other person's cards are in the page"

    given, taken = t.swap_first_cards(game)
    assert t.next_step(game) == "ready"
    assert t.count(game, t.ANY_CARD) == 0, "a card is in the page during the hand-off"
    t.tap(game, t.action("ready"))
    t.wait_visible(game, t.HAND)
    assert set(t.hand(game)) == hands[second]
    kept = (hands[first] - {given}) | {taken}
    shown = set(t.values(game, t.ANY_CARD, "data-card"))
    assert shown & kept == set(), "the first person's hand is in the page"
    # The last move shows only what everyone saw: the card given to the pool and the card taken.
    assert sorted(t.values(game, t.SEEN, "data-seen")) == sorted({given, taken})


VIEWPORTS = {"tablet": (1024, 768), "phone": (390, 844)}


def test_set_up_and_table_fit_a_tablet_and_a_phone_without_sideways_scrolling(game: Driver) -> None:
    """Screenshots go to test-artifacts/engines/ (look at them when layout changes)."""
    folder = ROOT / "test-artifacts" / "engines"
    folder.mkdir(parents=True, exist_ok=True)
    t.back_to_set_up(game)
    try:
        for screen in ("setup", "table"):
            if screen == "table":
                game.set_viewport(1024, 768)
                t.tap(game, t.action("start"))
                assert t.next_step(game) == "knock"
                t.tap(game, t.HAND)  # a chosen card shows the swap hints
            for wanted, height in VIEWPORTS.values():
                # WebKitGTK's MiniBrowser window cannot be narrower than 447 px: its phone check runs there.
                width, _ = game.set_viewport(wanted, height)
                assert width <= max(wanted, 447), f"the page is {width} px wide, not {wanted}"
                game.wait("(w) => window.innerWidth === w", width, timeout=10, what=f"a {width} px wide page")
                sizes = game.call("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                game.screenshot(folder / f"{game.engine}-{screen}-{width}x{height}.png")
                assert sizes[0] <= sizes[1], f"{screen} at {width}×{height} scrolls sideways: {sizes}"
    finally:
        game.set_viewport(1024, 768)
