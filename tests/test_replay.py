"""Replays from the score sheet: any finished round, move by move, every hand shown, to the sheet's scores."""

from __future__ import annotations

from dataclasses import replace

from tabletop.notes import with_shell
from tests.zero_steps import Driver, act
from zero_game.sheet import MatchRecord, ScoreSheet, record_match
from zero_game.web.movelog import entry_text, round_log
from zero_game.web.present import present
from zero_game.web.replay import record_texts
from zero_game.web.screens import ReplayView, SheetPageView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table, page
from zero_game.web.texts import sheet_seats


def finished() -> tuple[Table, MatchRecord]:
    d = Driver(with_shell(Table(seed=31), settings=Settings(rounds=2, speed="fast")))
    d("start")
    while not d.match.is_over:
        d.knock_round_out()
        d("next-round")
    record = record_match(d.match, sheet_seats(d.s.texts), match_id="m-31", finished_at="2026-11-30T12:00:00.000Z")
    return with_shell(d.s, history=ScoreSheet().add(record)), record


def test_a_round_replays_from_the_deal_to_the_sheet_s_scores() -> None:
    s, record = finished()
    s, _ = act(s, "sheet")
    sheet = present(s).body
    assert isinstance(sheet, SheetPageView)
    buttons = sheet.history[0].replays
    assert [b.label for b in buttons] == ["Replay round 1", "Replay round 2"]
    s, _ = act(s, "replay", buttons[1].arg)
    assert page(s) is Page.REPLAY
    view = present(s).body
    assert isinstance(view, ReplayView) and view.step.startswith("Move 0 of ")
    dealt = s.match.finished_rounds[1].dealt_hands if s.match else ()
    assert [{c.slug for c in h.cards} for h in view.hands] == [{c.slug for c in hand} for hand in dealt]
    s, _ = act(s, "replay-step", "next")
    view = present(s).body
    assert isinstance(view, ReplayView)
    names = record_texts(s, record)
    assert s.match is not None
    first = round_log(s.match.finished_rounds[1], 2).entries[0]
    assert view.said == entry_text(names, first)
    s, _ = act(s, "replay-step", "last")
    view = present(s).body
    assert isinstance(view, ReplayView)
    scores = record.rounds[1].scores
    assert [h.score for h in view.hands] == [f"{v} points" for v in scores]
    assert next(b for b in view.buttons if b.arg == "next").disabled
    s, _ = act(s, "back")
    assert page(s) is Page.SHEET


def test_rounds_recorded_before_replays_existed_offer_none() -> None:
    s, record = finished()
    old = replace(record, rounds=tuple(replace(r, play=None) for r in record.rounds))
    s = with_shell(s, history=ScoreSheet().add(old))
    s, _ = act(s, "sheet")
    sheet = present(s).body
    assert isinstance(sheet, SheetPageView) and sheet.history[0].replays == ()
    after, _ = act(s, "replay", "m-31:0")
    assert page(after) is Page.SHEET
