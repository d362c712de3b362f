"""The move log and the round's last move: public by construction, in step with the engine's history."""

from __future__ import annotations

import random

from tabletop.effects import After
from tabletop.notes import with_shell
from tests.zero_steps import Driver, act, bot_play
from zero_game import KNOCK, Card, Effect, Round, Swap
from zero_game.bots import make_bot
from zero_game.seats import Seat
from zero_game.web.movelog import Entry, Kind, entry_text, last_move_text, match_log, round_log
from zero_game.web.present import present
from zero_game.web.screens import LogView, RoundEndView, TableView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, SeeEnd, Table, bot_turn, page
from zero_game.web.texts import Texts

LANGS = ("en", "fr", "de")


def random_round(seed: int) -> Round:
    """A round played to its end with random moves (knocks now and then)."""
    rng = random.Random(seed)
    r = Round.deal(rng.randint(2, 5), seed=seed)
    while not r.is_over:
        r = r.apply(KNOCK if rng.random() < 0.15 else rng.choice(r.legal_actions()))
    return r


def public_cards(entries: tuple[Entry, ...]) -> set[Card]:
    """The cards a log names."""
    return {c for e in entries for c in (e.give, e.take) if c is not None}


def test_the_log_never_names_a_card_that_was_not_public_over_many_rounds() -> None:
    for seed in range(400):
        r = random_round(seed)
        public = {c for t in r.history if isinstance(t.action, Swap) for c in (t.action.give, t.action.take)}
        log = round_log(r, 1)
        assert public_cards(log.entries) == public
        texts = [Texts(lang, Settings(seats=(Seat(),) + (Seat.bot("easy"),) * (r.players - 1)))
                 for lang in LANGS]
        for t in texts:
            text = " ".join(entry_text(t, e) for e in log.entries)
            hidden = {c for seat in range(r.players) for c in r.hand(seat)} - public
            assert not [c for c in hidden if f" {t.card_in(c)}" in text], seed


def test_the_log_follows_the_engine_history_turn_by_turn() -> None:
    kinds = {Effect.SWAP: Kind.SWAP, Effect.ZERO: Kind.ZERO, Effect.KNOCK: Kind.KNOCK,
             Effect.SECOND_KNOCK: Kind.SECOND_KNOCK, Effect.PASS: Kind.PASS}
    finals = 0
    for seed in range(300):
        r = random_round(seed)
        entries = round_log(r, 1).entries
        moves = [e for e in entries if e.kind not in (Kind.END, Kind.DEALT_ZERO)]
        assert [(e.seat, e.kind) for e in moves] == [(t.seat, kinds[t.effect]) for t in r.history]
        assert entries[-1].kind is Kind.END and entries[-1].scores == r.scores()
        if r.second_knocker is not None:
            second = [e.kind for e in moves].index(Kind.SECOND_KNOCK)
            after = moves[second + 1:]
            assert all(e.final or e.kind is Kind.PASS for e in after) and not any(e.final for e in moves[:second])
            assert {e.seat for e in after} == set(range(r.players)) - {r.second_knocker} or r.zero_seats
            finals += len(after)
    assert finals > 50


def test_sentences_name_who_gave_and_took_what_in_three_languages() -> None:
    r = Round.from_deal(
        [["red 1", "red 2", "red 3", "red 4", "blue 5", "blue 6", "blue 7", "blue 8", "green 8"],
         ["yellow 1", "yellow 2", "yellow 3", "yellow 4", "grey 5", "grey 6", "grey 7", "grey 8", "violet 1"]],
        ["black 1", "black 2", "black 3", "black 4", "black 5", "black 6", "black 7", "black 8", "violet 2"],
    )
    r = r.apply(Swap(Card.parse("green 8"), Card.parse("black 1")))
    r = r.apply(KNOCK).apply(KNOCK)  # seat 1 knocks, seat 0 knocks second: seat 1 has a final turn
    r = r.apply(KNOCK)
    assert r.is_over
    settings = Settings(seats=(Seat(), Seat.bot("easy")))
    lines = {lang: [entry_text(Texts(lang, settings), e) for e in round_log(r, 1).entries] for lang in LANGS}
    assert lines["en"][:4] == [
        "You gave the green 8 and took the black 1.",
        "Bruno makes the round's first knock.",  # the round's knocks, not the person's
        "You make the round's second knock: everyone else has one final turn.",
        "Final turn: Bruno passes.",
    ]
    assert lines["fr"][0] == "Vous avez donné le 8 vert et pris le 1 noir."
    assert lines["de"][1:4] == [
        "Das erste Klopfen der Runde kommt von Bruno.",
        "Das zweite Klopfen der Runde kommt von dir: Alle anderen haben noch einen letzten Zug.",
        "Letzter Zug: Bruno passt.",
    ]
    assert lines["en"][4].startswith("The round is over. Points: You ")
    assert last_move_text(Texts("en", settings), r) == "Final turn: Bruno passes. The round is over."


def test_the_round_s_last_move_is_on_the_table_before_its_end_and_heads_the_round_end() -> None:
    d = Driver(Table(seed=3))
    d("start")
    while d.page is Page.TABLE:
        while (turn := bot_turn(d.s)) is not None:
            d.s, effects = bot_play(d.s, turn, make_bot(turn.level).choose(turn.view, turn.rng))
            if d.page is not Page.TABLE:
                assert any(isinstance(e, After) and e.message == SeeEnd((d.s.serial, 0)) for e in effects)  # a pause
                break
        if d.page is Page.TABLE:
            d("knock")
            d("confirm")
    assert d.page is Page.LAST_MOVE
    r = d.match.finished_rounds[0]
    body = present(d.s).body
    assert isinstance(body, TableView)
    said = last_move_text(d.s.texts, r)
    assert body.status.status == said and not body.my_turn
    assert [b.action for b in body.controls.actions][0] == "see-end"
    assert {c.slug for c in body.pool.cards} == {c.slug for c in r.pool}  # the finished round's pool
    assert body.hand is not None and {c.slug for g in body.hand.groups for c in g} == {c.slug for c in r.hand(0)}
    again, _ = act(d.s, "log")  # the log can be read beside the table before the round's end opens
    shown = present(again).body
    assert page(again) is Page.LAST_MOVE and isinstance(shown, TableView) and shown.log is not None
    assert shown.log.rounds[-1].lines[1:] == tuple(entry_text(d.s.texts, e) for e in round_log(r, 1).entries)
    d("see-end")
    end = present(d.s).body
    assert isinstance(end, RoundEndView) and end.last_move == said
    assert end.log is not None and end.log.lines[1:] == tuple(entry_text(d.s.texts, e) for e in round_log(r, 1).entries)


def test_the_log_opens_beside_the_table_while_the_bots_play_on_and_lists_every_round() -> None:
    d = Driver(with_shell(Table(seed=5), settings=Settings(rounds=2, speed="fast")))
    d("start")
    d.knock_round_out()
    d("next-round")
    d.bots()
    assert d.page is Page.TABLE
    toggle = next(b for b in d.table().status.tools if b.action == "log")
    assert toggle.pressed is False and d.table().log is None
    d("hand", sorted(d.hand(0))[0])  # a choice in progress stays while the log opens
    d("log")
    view = d.table()
    assert d.page is Page.TABLE and d.s.give is not None
    assert next(b for b in view.status.tools if b.action == "log").pressed is True
    assert view.log is not None and [r.heading for r in view.log.rounds] == ["Round 1", "Round 2"]  # newest last
    logs = match_log(d.match)
    assert len(view.log.rounds[0].lines) == 1 + len(logs[0].entries)
    lines = len(view.log.rounds[1].lines)
    d("hand", sorted(d.hand(0))[0])
    d("knock")
    d("confirm")  # my turn ends with the log open: the bots are woken and play, and the log follows them
    d.play_bots()
    view = d.table()
    assert view.log is not None and len(view.log.rounds[1].lines) > lines + 1
    assert view.log.rounds[1].lines[1:] == tuple(entry_text(d.s.texts, e) for e in round_log(d.match.round, 2).entries)
    d("cancel")  # Escape closes it, as its own button does
    assert d.table().log is None and d.page is Page.TABLE
    d("log")
    d("log")
    assert d.table().log is None
    d("log")
    d("set", "lang", "de")  # the log's words follow the language
    assert d.table().log is not None and d.table().log.heading == "Die bisherigen Züge"
    d.knock_round_out()
    assert d.page is Page.ROUND_END
    effects = d("log")  # at a round's end the moves are a page of their own (narrow screens' button)
    assert d.page is Page.LOG and not any(type(e).__name__ == "Think" for e in effects)
    body = present(d.s).body
    assert isinstance(body, LogView) and [r.heading for r in body.rounds] == ["Runde 1", "Runde 2"]  # as the panel
    d("back")
    assert d.page is Page.ROUND_END


def test_a_dealt_zero_is_its_own_last_move() -> None:
    r = Round.from_deal(
        [["red 1", "red 2", "red 3", "red 4", "red 5", "yellow 1", "green 1", "blue 1", "violet 1"],
         ["yellow 2", "yellow 3", "yellow 4", "grey 5", "grey 6", "grey 7", "grey 8", "violet 2", "black 1"]],
        ["black 2", "black 3", "black 4", "black 5", "black 6"],
    )
    assert r.is_over
    kinds = [e.kind for e in round_log(r, 1).entries]
    assert kinds == [Kind.DEALT_ZERO, Kind.END]
    t = Texts("en", Settings(seats=(Seat.bot("easy"), Seat.bot("easy"))))
    assert "dealt a ZERO" in last_move_text(t, r)


def test_the_round_s_moves_from_a_round_s_end_end_with_that_round_in_the_panel_s_order() -> None:
    """From round 2's end (round 3 already dealt behind it) the page lists rounds 1 and 2, as the panel does at
    the round's last move: oldest first, never "Round 3 · No move yet"."""
    d = Driver(with_shell(Table(seed=5), settings=Settings(rounds=3, speed="fast")))
    d("start")
    d.knock_round_out()
    d("next-round")
    d.knock_round_out()
    assert d.page is Page.LAST_MOVE or d.page is Page.ROUND_END
    if d.page is Page.LAST_MOVE:
        d("log")
        panel = d.table().log
        assert panel is not None and [r.heading for r in panel.rounds] == ["Round 1", "Round 2"]
        d("log")
        d("see-end")
    assert d.page is Page.ROUND_END and d.match.round_number == 3  # the next round is dealt
    d("log")
    body = present(d.s).body
    assert isinstance(body, LogView) and [r.heading for r in body.rounds] == ["Round 1", "Round 2"]
    assert all("No move yet." not in r.lines for r in body.rounds)
    assert body.rounds[-1].lines[-1].startswith("The round is over.")
