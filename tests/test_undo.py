"""Taking back a turn against bots: the exact state comes back, the same move brings the same replies."""

from __future__ import annotations

import random
from dataclasses import replace

from tabletop.notes import with_shell
from tests.zero_steps import ANA_BEN, Driver, act
from zero_game import Match
from zero_game.seats import Seat
from zero_game.web.present import present
from zero_game.web.screens import TableView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table, page, visible_hand
from zero_game.web.undo import UNDO, can_undo, pool_layout


def actions(t: TableView) -> list[str]:
    return [b.action for b in t.controls.actions]


def bots(d: Driver) -> None:
    """Bots act until a person must, or the round's last move is on the table."""
    d.play_bots()


def swap(d: Driver, rng: random.Random) -> None:
    """The person swaps a random hand card for a random pool card (by taps)."""
    r = d.match.round
    seat = r.current_player
    assert seat is not None
    d("hand", rng.choice(r.hand(seat)).slug)
    d("pool", rng.choice(r.pool).slug)
    d("confirm")


def test_undo_restores_the_exact_state_and_the_same_move_brings_the_same_replies() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        d = Driver(with_shell(Table(seed=seed), settings=Settings(rounds=2, speed="fast")))
        d("start")
        d.bots()
        while d.page is Page.TABLE and rng.random() < 0.7:  # a few turns in
            swap(d, rng)
            d.bots()
        if d.page is not Page.TABLE:
            continue
        before = d.s
        assert not can_undo(before) or before.match is not None
        r = d.match.round
        seat = r.current_player
        assert seat is not None
        give, take = rng.choice(r.hand(seat)), rng.choice(r.pool)
        d("hand", give.slug)
        d("pool", take.slug)
        d("confirm")
        bots(d)
        after_replies = d.s.match
        assert after_replies is not None
        if after_replies.is_over:
            continue
        assert can_undo(d.s) and "undo" in actions(d.table())
        d("undo")
        assert d.s.match == before.match, "the match is back where it was before the turn"
        assert d.page is page(before) and d.s.pool_order == before.pool_order
        assert visible_hand(d.s) == visible_hand(before)
        # the last move's animation is not played again; the status says it was taken back
        still = with_shell(replace(before, arrived=None, received=None), live=d.s.live)
        assert present(d.s).body == present(still).body
        assert UNDO in d.s.assists
        d("hand", give.slug)
        d("pool", take.slug)
        d("confirm")
        bots(d)
        assert d.s.match == after_replies, "the bots reply as they did the first time"


def test_undo_takes_back_the_move_that_ended_the_round() -> None:
    d = Driver(with_shell(Table(seed=2), settings=Settings(rounds=2, speed="fast")))
    d("start")
    d.bots()
    before = None
    while d.page is Page.TABLE:
        before = d.s
        d("knock")
        d("confirm")
        bots(d)
    assert d.page is Page.LAST_MOVE and before is not None
    body = present(d.s).body
    assert isinstance(body, TableView) and "undo" in actions(body)
    d("undo")
    assert d.page is Page.TABLE and d.s.match == before.match


def test_undo_is_not_offered_with_two_people_nor_before_a_first_turn_nor_after_the_match() -> None:
    d = Driver(with_shell(Table(seed=4), settings=ANA_BEN))
    d("start")
    d("ready")
    d("knock")
    d("confirm")
    assert not can_undo(d.s)
    assert d("undo") == () or d.s.match is not None
    d2 = Driver(with_shell(Table(seed=8), settings=Settings(seats=(Seat(), Seat.bot("easy")), rounds=1)))
    d2("start")
    d2.bots()
    if d2.match.round.history == () or all(t.seat != 0 for t in d2.match.round.history):
        assert not can_undo(d2.s) and "undo" not in actions(d2.table())
    d2.knock_round_out()
    assert d2.page is Page.MATCH_END or d2.page is Page.ROUND_END
    assert not can_undo(d2.s)


def test_the_pool_layout_follows_the_swaps_from_the_deal() -> None:
    d = Driver(Table(seed=6))
    d("start")
    rng = random.Random(1)
    for _ in range(6):
        d.bots()
        if d.page is not Page.TABLE:
            break
        swap(d, rng)
        assert d.s.pool_order == pool_layout(d.match.round) or d.page is not Page.TABLE


def test_a_resumed_match_keeps_its_undo_mark() -> None:
    from zero_game.web.table import resume

    m = Match.new(3, seed=1)
    s, _ = resume(Table(), m, Settings(), assists=(UNDO,))
    assert s.assists == (UNDO,)
    s, _ = act(s, "play-again")
    assert s.assists == ()


def test_a_match_where_a_turn_was_taken_back_is_marked_on_the_score_sheet() -> None:
    from zero_game.sheet import SavedGame, ScoreSheet
    from zero_game.web.screens import SheetPageView
    from zero_game.web.texts import sheet_seats

    d = Driver(with_shell(Table(seed=12), settings=Settings(rounds=1, speed="fast")))
    d("start")
    d.bots()
    d("knock")
    d("confirm")
    bots(d)
    d("undo")
    assert d.s.assists == (UNDO,)
    d.knock_round_out()
    assert d.match.is_over
    options = {"assists": ",".join(d.s.assists)}  # as the page saves it with the match
    game = SavedGame("g-1", sheet_seats(d.s.texts), d.match, "2026-01-01T00:00:00.000Z", options)
    record = game.record("2026-01-01T00:10:00.000Z")
    assert record.assists == ("undo",)
    plain = SavedGame("g-2", sheet_seats(d.s.texts), d.match, "2026-01-01T00:00:00.000Z", {"assists": ""})
    assert plain.record("2026-01-01T00:10:00.000Z").assists == ()
    s = with_shell(d.s, history=ScoreSheet().add(record))
    # Said as a fact, not a scolding.
    for lang, text in (("en", "Played with take-backs"), ("fr", "Jouée avec reprises"),
                       ("de", "Gespielt mit Zugrücknahmen")):
        s, _ = act(s, "set", "lang", lang)
        s, _ = act(s, "sheet")
        body = present(s).body
        assert isinstance(body, SheetPageView) and body.history[0].assists == text


def test_a_take_back_is_confirmed_on_the_status_line_until_the_next_tap() -> None:
    """Nothing else on the table changes visibly at a take-back but the cards: the status says so, in words."""
    for lang, words in (("en", "Turn taken back."), ("fr", "Tour repris."), ("de", "Zug zurückgenommen.")):
        d = Driver(with_shell(Table(seed=3), lang=lang, settings=Settings(rounds=2, speed="fast")))
        d("start")
        d.bots()
        r = d.match.round
        d("hand", r.hand(0)[0].slug)
        d("pool", r.pool[0].slug)
        d("confirm")
        bots(d)
        assert d.page is Page.TABLE and not d.table().status.status.startswith(words)
        d("undo")
        assert d.table().status.status.startswith(words + " ")
        assert present(d.s).live.startswith(d.s.texts.t("live.undone"))  # and a screen reader hears it
        d("hand", d.match.round.hand(0)[0].slug)
        assert words not in d.table().status.status
