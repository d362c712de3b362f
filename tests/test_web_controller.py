"""The table's state machine in CPython: privacy, turns, knocks, rounds, matches, hooks."""

from __future__ import annotations

import json

import pytest

from zero_game import KNOCK, Match, Phase, Swap
from zero_game.bots import make_bot
from zero_game.web.controller import (
    HANDOFF,
    MATCH_END,
    ROUND_END,
    SETUP,
    TABLE,
    Controller,
    HandoffView,
    SeatConfig,
    Settings,
    TableView,
    cards_shown,
)
from zero_game.web.i18n import MESSAGES

ANA_BEN = Settings(seats=(SeatConfig("person", "Ana"), SeatConfig("person", "Ben")), speed="fast")


def hand_slugs(ctrl: Controller, seat: int) -> set[str]:
    assert ctrl.match is not None
    return {c.slug for c in ctrl.match.round.hand(seat)}


def table(ctrl: Controller) -> TableView:
    body = ctrl.screen().body
    assert isinstance(body, TableView), type(body)
    return body


def play_bots(ctrl: Controller) -> None:
    """Let bots act until a person must (as the page's bot loop does, without the pauses)."""
    while (turn := ctrl.bot_turn()) is not None:
        action = make_bot(turn.level).choose(turn.view, turn.rng)
        ctrl.bot_thinking(turn)
        ctrl.bot_show(turn, action)
        assert ctrl.bot_play(turn, action)


def knock_round_out(ctrl: Controller) -> None:
    """Persons knock (through the confirm step) and bots play until the round ends."""
    while ctrl.screen_name not in (ROUND_END, MATCH_END):
        if ctrl.screen_name == HANDOFF:
            ctrl.handle("ready")
        play_bots(ctrl)
        if ctrl.screen_name == TABLE and ctrl.bot_turn() is None:
            ctrl.handle("knock")
            ctrl.handle("confirm")


def test_default_table_is_one_person_against_two_medium_bots_with_no_handoff() -> None:
    ctrl = Controller(seed=3)
    assert ctrl.screen_name == SETUP
    assert [s.kind for s in ctrl.settings.seats] == ["person", "medium", "medium"]
    ctrl.handle("start")
    seen_handoff = False
    for _ in range(3):
        play_bots(ctrl)
        seen_handoff |= ctrl.screen_name == HANDOFF
        if ctrl.screen_name == TABLE:
            view = table(ctrl)
            assert view.my_turn
            assert {c.slug for g in view.hand_groups for c in g} == hand_slugs(ctrl, 0)
            ctrl.handle("knock")
            ctrl.handle("confirm")
    assert not seen_handoff


def test_handoff_between_two_people_shows_no_card_of_any_hand() -> None:
    ctrl = Controller(settings=ANA_BEN, seed=11)
    ctrl.handle("start")
    assert ctrl.match is not None
    first = ctrl.match.current_player
    assert ctrl.screen_name == HANDOFF
    screen = ctrl.screen()
    assert isinstance(screen.body, HandoffView)
    assert cards_shown(screen) == set()
    assert ctrl.settings.seats[first].name in screen.body.heading
    ctrl.handle("ready")
    assert ctrl.viewer == first
    other = 1 - first
    shown = cards_shown(ctrl.screen())
    assert hand_slugs(ctrl, first) <= shown
    assert not shown & hand_slugs(ctrl, other), "the other person's cards reached the screen"
    # Taps on the hand while the hand-off shows do nothing: the viewer is only set by "ready".
    hand = sorted(hand_slugs(ctrl, first))
    pool = sorted(c.slug for c in ctrl.match.round.pool)
    ctrl.handle("hand", hand[0])
    ctrl.handle("pool", pool[0])
    ctrl.handle("confirm")
    assert ctrl.screen_name == HANDOFF
    assert cards_shown(ctrl.screen()) == set()
    ctrl.handle("hand", sorted(hand_slugs(ctrl, other))[0])  # not their turn to see: ignored
    assert ctrl.give is None
    ctrl.handle("ready")
    shown = cards_shown(ctrl.screen())
    # The second person sees their own hand and, of the first person's, only the card seen taken.
    assert hand_slugs(ctrl, other) <= shown
    public = {pool[0]}
    assert shown & hand_slugs(ctrl, first) <= public


def test_swap_needs_both_cards_and_a_confirm_and_is_easy_to_undo() -> None:
    ctrl = Controller(settings=Settings(seats=(SeatConfig(), SeatConfig("easy"))), seed=5)
    ctrl.handle("start")
    play_bots(ctrl)
    assert ctrl.match is not None
    before = ctrl.match
    give = sorted(hand_slugs(ctrl, 0))[0]
    take = sorted(c.slug for c in before.round.pool)[0]
    ctrl.handle("hand", give)
    assert table(ctrl).confirm is None
    # Each pool card now says what the hand would score with it.
    assert all(c.hint.startswith("→") for c in table(ctrl).pool)
    ctrl.handle("hand", give)  # tapping again undoes the choice
    assert ctrl.give is None and all(not c.hint for c in table(ctrl).pool)
    ctrl.handle("hand", give)
    ctrl.handle("pool", take)
    confirm = table(ctrl).confirm
    assert confirm is not None and confirm.yes.action == "confirm"
    ctrl.handle("cancel")
    assert ctrl.match is before and table(ctrl).confirm is None
    ctrl.handle("pool", take)
    ctrl.handle("hand", give)
    ctrl.handle("confirm")
    assert ctrl.match is not before
    last = (ctrl.match.finished_rounds[-1] if ctrl.match.finished_rounds else ctrl.match.round).history
    assert any(t.seat == 0 and isinstance(t.action, Swap) and t.action.give.slug == give for t in last)


def test_knock_phases_are_spelled_out() -> None:
    ctrl = Controller(settings=ANA_BEN, seed=2)
    ctrl.handle("start")
    ctrl.handle("ready")
    assert ctrl.match is not None
    first = ctrl.match.current_player
    ctrl.handle("knock")
    assert "first knock" in table(ctrl).confirm.text  # type: ignore[union-attr]
    ctrl.handle("confirm")
    ctrl.handle("ready")
    assert "has knocked" in table(ctrl).status
    ctrl.handle("knock")
    ctrl.handle("confirm")
    assert ctrl.match.round.phase is Phase.FINAL
    ctrl.handle("ready")
    view = table(ctrl)
    name = ctrl.settings.seats[1 - first].name
    assert view.final
    assert view.status.startswith(f"2nd knock by {name} — last turn for everyone else")
    assert any(b.action == "knock" and "pass" in b.label for b in view.actions)


def test_round_end_reveals_every_hand_then_the_match_ends_and_can_be_played_again() -> None:
    changes: list[Match] = []
    finished: list[Match] = []
    settings = Settings(seats=(SeatConfig("person", "Ana"), SeatConfig("medium"), SeatConfig("easy")), rounds=2)
    ctrl = Controller(settings=settings, seed=8, on_change=lambda m, s: changes.append(m),
                      on_finish=lambda m, s: finished.append(m))
    ctrl.handle("start")
    knock_round_out(ctrl)
    assert ctrl.screen_name == ROUND_END
    body = ctrl.screen().body
    assert ctrl.match is not None
    done = ctrl.match.finished_rounds[0]
    assert [set(c.slug for c in h.cards) for h in body.hands] == [  # type: ignore[union-attr]
        {c.slug for c in done.hand(s)} for s in range(3)
    ]
    assert body.sheet.rows[0][1:] == tuple(str(v) for v in done.scores())  # type: ignore[union-attr]
    ctrl.handle("next-round")
    assert ctrl.screen_name == TABLE
    knock_round_out(ctrl)
    ctrl.handle("next-round")
    assert ctrl.screen_name == MATCH_END
    assert finished == [ctrl.match] and changes[-1] is ctrl.match
    body = ctrl.screen().body
    winners = [ctrl.name(s) for s in ctrl.match.winners]
    assert all(w in body.banner for w in winners)  # type: ignore[union-attr]
    seats = ctrl.settings.seats
    ctrl.handle("play-again")
    assert ctrl.settings.seats == seats and ctrl.match.finished_rounds == () and ctrl.screen_name == TABLE


def test_every_match_change_reaches_the_save_hook_and_resume_starts_hidden() -> None:
    saved: list[str] = []
    ctrl = Controller(settings=ANA_BEN, seed=4, on_change=lambda m, s: saved.append(m.to_json()))
    ctrl.handle("start")
    ctrl.handle("ready")
    ctrl.handle("knock")
    ctrl.handle("confirm")
    assert len(saved) == 2
    restored = Match.from_json(saved[-1])
    settings = Settings.from_dict(json.loads(json.dumps(ctrl.settings.to_dict())))
    again = Controller()
    again.resume(restored, settings)
    assert again.screen_name == HANDOFF and cards_shown(again.screen()) == set()
    solo = Controller()
    solo.resume(Match.new(2, 1), Settings(seats=(SeatConfig(), SeatConfig("hard"))))
    assert solo.screen_name == TABLE and solo.viewer == 0


def test_all_bot_table_shows_no_hand_until_the_round_ends() -> None:
    ctrl = Controller(settings=Settings(seats=(SeatConfig("easy"), SeatConfig("medium"))), seed=9)
    ctrl.handle("start")
    assert ctrl.match is not None
    while ctrl.screen_name == TABLE:
        hands = hand_slugs(ctrl, 0) | hand_slugs(ctrl, 1)
        view = table(ctrl)
        assert view.hand_groups == ()
        played = {c.slug for s in view.seats for c in s.last_cards}
        assert {c.slug for c in view.pool} & hands == set()
        assert cards_shown(ctrl.screen()) - played - {c.slug for c in view.pool} == set()
        turn = ctrl.bot_turn()
        assert turn is not None
        assert ctrl.bot_play(turn, make_bot(turn.level).choose(turn.view, turn.rng))
    assert ctrl.screen_name == ROUND_END


def test_names_are_kept_as_typed_text() -> None:
    ctrl = Controller()
    ctrl.handle("seat-name", "0", '  <img src=x onerror="window.__x=1">  ')
    assert ctrl.name(0) == '<img src=x onerror="window.__x=1">'
    ctrl.handle("start")
    ctrl.handle("sheet")
    assert ctrl.screen().body.current.columns[1] == '<img src=x onerror="window.__x=1">'  # type: ignore[union-attr]


def test_setup_edits_keep_the_table_consistent() -> None:
    ctrl = Controller()
    ctrl.handle("add-seat")
    ctrl.handle("add-seat")
    ctrl.handle("add-seat")  # five is the most
    assert len(ctrl.settings.seats) == 5
    ctrl.handle("set", "dealer", "4")
    ctrl.handle("remove-seat", "4")
    assert ctrl.settings.dealer == 3
    ctrl.handle("seat-kind", "1", "person")
    ctrl.handle("set", "pool", "9")
    ctrl.handle("set", "rounds", "2")
    ctrl.handle("start")
    assert ctrl.match is not None
    assert (ctrl.match.players, ctrl.match.pool_size, ctrl.match.rounds) == (4, 9, 2)
    with pytest.raises(ValueError):
        Settings.from_dict({"seats": [{"kind": "wizard", "name": ""}]})


def test_knock_key_and_cards_do_nothing_when_it_is_not_your_turn() -> None:
    ctrl = Controller(settings=Settings(seats=(SeatConfig(), SeatConfig("medium"))), seed=1, lang="de")
    ctrl.handle("start")
    assert ctrl.match is not None
    if ctrl.bot_turn() is not None:
        before = ctrl.match
        ctrl.handle("knock")
        ctrl.handle("confirm")
        assert ctrl.match is before
    play_bots(ctrl)
    ctrl.handle("knock")
    assert table(ctrl).confirm is not None and "Klopfen" in table(ctrl).confirm.yes.label  # type: ignore[union-attr]
    ctrl.handle("confirm")
    assert any(t.action == KNOCK for t in ctrl.match.round.history)


def test_sheet_page_shows_this_match_with_marks_the_history_newest_first_and_statistics() -> None:
    from zero_game.sheet import MatchRecord, RoundRecord, ScoreSheet, Seat
    from zero_game.web.controller import SheetPageView

    older = MatchRecord("a1", "2025-05-01T10:00:00.000Z", (Seat("Ana"), Seat("Ada", "bot", "medium")), 7, 0,
                        (RoundRecord((0, 12), (0,), 1), RoundRecord((9, 4), (), 0)))
    newer = MatchRecord("b2", "2025-06-02T10:00:00.000Z", (Seat("ana"), Seat("Ben")), 7, 1,
                        (RoundRecord((20, 3), (), 1),))
    ctrl = Controller(settings=Settings(seats=(SeatConfig("person", "Ana"), SeatConfig("medium"))), seed=8,
                      lang="fr", history=ScoreSheet((older, newer)))
    ctrl.handle("sheet")  # from the set-up screen: no match yet
    page = ctrl.screen().body
    assert isinstance(page, SheetPageView) and page.current is None
    assert [h.date for h in page.history] == ["2025-06-02", "2025-05-01"]
    assert page.history[0].players == (("ana", "20", False), ("Ben", "3", True))
    assert page.history[1].winners == "Gagnée par Ana" and page.history[1].rounds == "2 manches"
    ana, ben, bot = page.stats  # people first (by wins), then bots under their translated level
    assert (ana.name, ana.matches, ana.wins, ana.average, ana.zeros, ana.best) == ("ana", "2", "1", "9,7", "1", "0")
    assert (ben.name, ben.wins, bot.average, bot.best) == ("Ben", "1", "8,0", "4")
    assert bot.name == MESSAGES["fr"]["kind.medium"]
    ctrl.handle("back")
    ctrl.lang = "en"
    ctrl.handle("start")
    knock_round_out(ctrl)
    assert ctrl.match is not None
    done = ctrl.match.finished_rounds[0]
    ctrl.handle("sheet")
    current = ctrl.screen().body.current  # type: ignore[union-attr]
    assert current.rows[0][1:] == tuple(str(v) for v in done.scores())
    expected = tuple("ZERO" if s in done.zero_seats else "2nd knock" if s == done.second_knocker else ""
                     for s in range(2))
    assert current.marks == (expected,) and "2nd knock" in expected
    assert current.legend


def test_clearing_the_history_takes_a_confirmation_in_the_page() -> None:
    from zero_game.sheet import MatchRecord, RoundRecord, ScoreSheet, Seat

    ctrl = Controller()
    ctrl.handle("sheet")
    ctrl.handle("clear-history")
    assert ctrl.screen().body.confirm is None  # type: ignore[union-attr]  # nothing to clear
    tools = {b.action: b for b in ctrl.screen().body.tools}  # type: ignore[union-attr]
    assert tools["clear-history"].disabled and tools["export-csv"].disabled and not tools["import"].disabled
    ctrl.history = ScoreSheet((MatchRecord("a1", "2025-05-01T10:00:00.000Z", (Seat("A"), Seat("B")), 7, 0,
                                           (RoundRecord((3, 4)),)),))
    ctrl.backups = ("zero-knizia:backup:game:2025-05-01T10:00:00.000Z",)
    ctrl.handle("clear-history")
    body = ctrl.screen().body
    assert body.confirm is not None and body.confirm.yes.action == "clear-history-yes"  # type: ignore[union-attr]
    assert any(b.action == "export-backup" and b.arg == ctrl.backups[0] for b in body.tools)  # type: ignore[union-attr]
    ctrl.handle("cancel")  # Escape: the question goes, the sheet page stays
    assert ctrl.screen().body.confirm is None and ctrl.overlay == "sheet"  # type: ignore[union-attr]


def test_notices_are_translated_shown_once_per_kind_and_dismissed() -> None:
    ctrl = Controller(lang="de")
    ctrl.notify("storage.write-failed", alert=True, actions=(("export-json", "", "storage.export"),))
    ctrl.notify("storage.write-failed", alert=True)
    ctrl.notify("storage.imported", added=2, duplicates=1)
    notices = ctrl.screen().notices
    assert [n.key for n in notices] == ["storage.write-failed", "storage.imported"]
    assert [b.action for b in notices[0].actions] == [] and notices[0].alert  # the second one replaced the first
    imported = next(n for n in notices if n.key == "storage.imported")
    assert imported.text == "Hinzugefügte Partien: 2. Schon auf dem Zettel: 1." and not imported.alert
    ctrl.handle("dismiss", "storage.imported")
    assert [n.key for n in ctrl.screen().notices] == ["storage.write-failed"]


def test_sheet_seats_have_distinct_names_and_a_resume_shows_an_unseen_round_end_again() -> None:
    settings = Settings(seats=(SeatConfig("person", "Ada"), SeatConfig("medium"), SeatConfig("person", "ada")))
    ctrl = Controller(settings=settings)
    assert [(s.name, s.kind, s.level) for s in ctrl.sheet_seats()] == [
        ("Ada", "person", None), ("Bruno", "bot", "medium"), ("ada (2)", "person", None)]
    ctrl = Controller(settings=ANA_BEN, seed=4)
    ctrl.handle("start")
    knock_round_out(ctrl)
    assert ctrl.screen_name == ROUND_END and ctrl.match is not None
    again = Controller()
    again.resume(ctrl.match, ctrl.settings, reviewed=0)
    assert again.screen_name == ROUND_END
    again.handle("next-round")
    assert again.screen_name == HANDOFF and cards_shown(again.screen()) == set()
