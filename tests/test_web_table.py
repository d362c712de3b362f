"""The table's state and transitions in CPython: turns, knocks, rounds, matches, effects, pages, notices."""

from __future__ import annotations

import json

import pytest

from tabletop.effects import Clear, Do, Now
from tabletop.notes import notify, with_shell
from tabletop.present import Nav
from tabletop.saving import Data
from tests.harness import FakeStorage, saves, thinks
from tests.zero_steps import ANA_BEN, Driver
from zero_game import KNOCK, Match, Phase, Swap
from zero_game.seats import Seat
from zero_game.sheet import MatchRecord, RoundRecord, ScoreSheet, load_sheet
from zero_game.web.actions import Command
from zero_game.web.commands import handle
from zero_game.web.i18n import translate
from zero_game.web.present import present
from zero_game.web.screens import HandoffView, SheetPageView, cards_shown
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table, bot_turn, page, resume
from zero_game.web.texts import Texts, sheet_seats


def test_default_table_is_one_person_against_two_medium_bots_with_no_handoff() -> None:
    d = Driver(Table(seed=3))
    assert d.page is Page.SETUP
    assert [s.choice for s in d.s.settings.seats] == ["person", "medium", "medium"]
    d("start")
    for _ in range(3):
        d.bots()
        if d.page is Page.ROUND_END:
            break
        assert d.page is Page.TABLE
        view = d.table()
        assert view.my_turn
        assert {c.slug for g in view.hand.groups for c in g} == d.hand(0)  # type: ignore[union-attr]
        d("knock")
        d("confirm")


def test_handoff_between_two_people_shows_no_card_of_any_hand() -> None:
    d = Driver(with_shell(Table(seed=11), settings=ANA_BEN))
    d("start")
    first = d.match.current_player
    assert first is not None and d.page is Page.HANDOFF
    screen = present(d.s)
    assert isinstance(screen.body, HandoffView) and cards_shown(screen) == set()
    assert ANA_BEN.seats[first].name in screen.body.heading
    # Taps on cards while the hand-off shows do nothing.
    d("hand", sorted(d.hand(first))[0])
    d("pool", d.match.round.pool[0].slug)
    d("confirm")
    assert d.page is Page.HANDOFF and d.s.give is None
    d("ready")
    other = 1 - first
    shown = cards_shown(present(d.s))
    assert d.hand(first) <= shown and not shown & d.hand(other)
    give, take = sorted(d.hand(first))[0], d.match.round.pool[0].slug
    d("hand", give)
    d("pool", take)
    d("confirm")
    assert d.page is Page.HANDOFF and cards_shown(present(d.s)) == set()
    d("ready")
    shown = cards_shown(present(d.s))
    assert d.hand(other) <= shown
    assert shown & d.hand(first) <= {take}  # only the card everyone saw taken


def test_swap_needs_both_cards_and_a_confirm_and_is_easy_to_undo() -> None:
    d = Driver(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")))))
    d("start")
    d.bots()
    before = d.match
    give = sorted(d.hand(0))[0]
    take = before.round.pool[0].slug
    d("hand", give)
    assert d.table().controls.confirm is None
    assert all(c.hint.startswith("→") for c in d.table().pool.cards)  # what the hand would score
    d("hand", give)  # tapping again undoes the choice
    assert d.s.give is None and all(not c.hint for c in d.table().pool.cards)
    d("hand", give)
    d("pool", take)
    confirm = d.table().controls.confirm
    assert confirm is not None and confirm.yes.action == "confirm"
    d("cancel")
    assert d.match is before and d.table().controls.confirm is None
    d("pool", take)
    d("hand", give)
    d("confirm")
    assert d.match is not before
    history = (d.match.finished_rounds[-1] if d.match.finished_rounds else d.match.round).history
    assert any(t.seat == 0 and isinstance(t.action, Swap) and t.action.give.slug == give for t in history)


def test_the_pool_keeps_each_cards_place_the_given_card_takes_the_taken_cards_slot() -> None:
    d = Driver(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")))))
    d("start")
    d.bots()
    before = [c.slug for c in d.table().pool.cards]
    give = sorted(d.hand(0))[-1]
    take = before[-1] if before[-1] != give else before[0]
    d("hand", give)
    d("pool", take)
    d("confirm")
    if d.page is Page.TABLE and not d.match.finished_rounds:
        after = [c.slug for c in d.table().pool.cards]
        assert after == [give if slug == take else slug for slug in before]


def test_knock_phases_are_spelled_out() -> None:
    d = Driver(with_shell(Table(seed=2), settings=ANA_BEN))
    d("start")
    d("ready")
    first = d.match.current_player
    assert first is not None
    d("knock")
    controls = d.table().controls
    assert "first knock" in controls.confirm.text  # type: ignore[union-attr]
    assert controls.confirm.yes.label == "Knock"  # type: ignore[union-attr]
    assert "knock" not in [b.action for b in controls.actions]  # one Knock button at a time: the box's
    d("confirm")
    d("ready")
    assert "has knocked" in d.table().status.status
    d("knock")
    d("confirm")
    assert d.match.round.phase is Phase.FINAL
    d("ready")
    view = d.table()
    assert view.status.final
    assert view.status.status.startswith(f"2nd knock by {ANA_BEN.seats[1 - first].name} — last turn")
    assert any(b.action == "knock" and "pass" in b.label for b in view.controls.actions)
    d("knock")  # in the last turns a knock is a pass, and its confirm says Pass
    box = d.table().controls.confirm
    assert box is not None and box.text.startswith("Pass?") and box.yes.label == "Pass" and "Passing" in box.detail


def test_a_knocked_seat_says_knocked_once() -> None:
    d = Driver(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")))))
    d("start")
    d.bots()
    d("knock")
    d("confirm")
    d.bots()
    for seat in d.table().seats:
        assert [seat.knocked, seat.last].count(translate("en", "seat.knocked")) <= 1


def test_round_end_reveals_every_hand_then_the_match_ends_is_recorded_once_and_can_be_played_again() -> None:
    settings = Settings(seats=(Seat("Ana"), Seat.bot("medium"), Seat.bot("easy")), rounds=2)
    storage = FakeStorage()
    d = Driver(with_shell(Table(seed=8), settings=settings), storage)
    d("start")
    d.knock_round_out()
    assert d.page is Page.ROUND_END
    body = present(d.s).body
    done = d.match.finished_rounds[0]
    assert [{c.slug for c in h.cards} for h in body.hands] == [  # type: ignore[union-attr]
        {c.slug for c in done.hand(s)} for s in range(3)
    ]
    assert body.sheet.rows[0][1:] == tuple(str(v) for v in done.scores())  # type: ignore[union-attr]
    d("next-round")
    assert d.page in (Page.TABLE,)
    d.knock_round_out()
    d("next-round")
    assert d.page is Page.MATCH_END
    sheet = load_sheet(storage.data["zero-knizia:sheet"])
    assert [r.totals for r in sheet.matches] == [tuple(d.match.totals)]  # recorded once
    assert "zero-knizia:game" not in storage.data  # the finished match is no longer the one to resume
    end = present(d.s).body
    banner = end.banner  # type: ignore[union-attr]
    assert all(d.s.texts.name(w) in banner for w in d.match.winners)
    # The placings, best first: lowest total first, equal totals share a place, winners marked, real plurals.
    podium = end.podium  # type: ignore[union-attr]
    totals = d.match.totals
    best_first = sorted(range(3), key=lambda i: totals[i])
    assert [p.name for p in podium.places] == [d.s.texts.name(i) for i in best_first]
    assert [p.winner for p in podium.places] == [totals[i] == min(totals) for i in best_first]
    assert podium.places[0].place == "1st" and all(p.score.endswith(("point", "points")) for p in podium.places)
    assert [p.score for p in podium.places] == [f"{v} point" if v == 1 else f"{v} points" for v in sorted(totals)]
    d("play-again")
    assert d.s.settings == settings and d.match.finished_rounds == () and d.page is Page.TABLE


def test_every_match_change_is_saved_and_a_resume_starts_hidden() -> None:
    storage = FakeStorage()
    d = Driver(with_shell(Table(seed=4), settings=ANA_BEN), storage)
    d("start")
    first = d.saved()
    assert first is not None and first.revision == 1 and first.match == d.match
    d("ready")
    d("knock")
    assert d.saved().revision == 1  # choosing is not a move
    d("confirm")
    assert d.saved().revision == 2 and d.saved().match == d.match
    restored = Match.from_json(d.match.to_json())
    settings = Settings.from_dict(json.loads(json.dumps(ANA_BEN.to_dict())))
    again, effects = resume(Table(), restored, settings)
    assert page(again) is Page.HANDOFF and cards_shown(present(again)) == set() and effects == ()
    solo, _ = resume(Table(), Match.new(2, 1), Settings(seats=(Seat(), Seat.bot("hard"))))
    assert page(solo) in (Page.TABLE,) and solo.at_screen == 0


def test_what_happens_next_follows_from_the_state_after_every_kind_of_change() -> None:
    """A bot to act is woken after a start, a resume (a reload), a language switch, a page closed, a new round."""
    bots_first = Settings(seats=(Seat.bot("medium"), Seat(), Seat.bot("easy")), dealer=2)
    s, effects = handle(with_shell(Table(seed=1), settings=bots_first), Do(Command.START))
    assert thinks(effects)
    reloaded, effects = resume(Table(), s.match, bots_first)
    assert thinks(effects) and not any(isinstance(e, Now) for e in effects)  # nothing to save: it was just read
    assert thinks(handle(s, Do(Command.SET, "lang", "fr"))[1])
    s, effects = handle(s, Do(Nav.RULES))
    assert not thinks(effects)  # the bots wait while the rules are open
    assert thinks(handle(s, Do(Nav.BACK))[1])
    s, _ = handle(s, Do(Nav.SHEET))
    assert thinks(handle(s, Do(Nav.CANCEL))[1])  # Escape closes the page too
    d = Driver(with_shell(Table(seed=1), settings=bots_first))
    d("start")
    d.knock_round_out()
    d("next-round")
    assert d.page is Page.TABLE and d.match.current_player == 1  # the bots played on to the person's turn


def test_all_bot_table_shows_no_hand_until_the_round_ends() -> None:
    d = Driver(with_shell(Table(seed=9), settings=Settings(seats=(Seat.bot("easy"), Seat.bot("medium")))))
    d.do(Command.START, idle=False)
    screens = len(d.ports.screens)
    d.idle(until=lambda run: page(run.state) is Page.LAST_MOVE)
    drawn = d.ports.screens[screens:]
    assert len(drawn) > 10
    for screen in drawn:  # every screen the page drew while the bots played
        view = screen.body
        assert view.hand is None
        played = {c.slug for s in view.seats for c in s.last_cards}
        assert cards_shown(screen) - played - {c.slug for c in view.pool.cards} == set()
    assert d.page is Page.LAST_MOVE and d.table().hand is None
    d.idle()  # the pause: the round's end opens by itself
    assert d.page is Page.ROUND_END


def test_new_game_during_a_match_asks_first_and_the_set_up_can_go_back_to_it() -> None:
    d = Driver(Table(seed=3))
    d("start")
    match = d.match
    effects = d("new-setup")
    assert not saves(effects) and not any(isinstance(e, Clear) for e in effects) and d.page is not Page.SETUP
    ask = present(d.s).notices.ask
    assert ask is not None and ask.yes.action == "new-setup-yes" and ask.no.action == "cancel"
    d("cancel")
    assert present(d.s).notices.ask is None
    d("new-setup")
    assert not any(isinstance(e, Clear) for e in handle(d.s, Do(Nav.NEW_SETUP_YES))[1])
    d("new-setup-yes")
    assert d.page is Page.SETUP and d.match is match  # nothing lost yet
    back = present(d.s).body.back  # type: ignore[union-attr]
    assert back is not None and back.action == "back-to-match"
    d("back-to-match")
    assert d.match is match and d.page is not Page.SETUP
    d("new-setup")
    d("new-setup-yes")
    effects = handle(d.s, Do(Command.START))[1]
    assert effects.index(Clear("game")) < effects.index(Now("save"))  # the last match is forgotten first


def test_names_are_kept_as_typed_text() -> None:
    d = Driver(Table())
    d("seat-name", "0", '  <img src=x onerror="window.__x=1">  ')
    assert d.s.texts.name(0) == '<img src=x onerror="window.__x=1">'
    d("start")
    d("sheet")
    assert present(d.s).body.current.columns[1] == '<img src=x onerror="window.__x=1">'  # type: ignore[union-attr]


def test_setup_edits_keep_the_table_consistent() -> None:
    d = Driver(Table())
    for _ in range(3):
        d("add-seat")  # five is the most
    assert len(d.s.settings.seats) == 5
    d("set", "dealer", "4")
    d("remove-seat", "4")
    assert d.s.settings.dealer == 3
    d("seat-kind", "1", "person")
    d("set", "pool", "9")
    d("set", "rounds", "2")
    d("start")
    assert (d.match.players, d.match.pool_size, d.match.rounds) == (4, 9, 2)
    with pytest.raises(ValueError):
        Settings.from_dict({"seats": [{"kind": "wizard", "name": ""}]})
    with pytest.raises(ValueError):
        handle(d.s, "wizardry")
    assert d.plugin.message("wizardry") is None
    assert {c.value for c in Command} == set(Command._value2member_map_)


def test_knock_and_cards_do_nothing_when_it_is_not_your_turn() -> None:
    d = Driver(with_shell(Table(seed=1), lang="de", settings=Settings(seats=(Seat(), Seat.bot("medium")))))
    d("start")
    if bot_turn(d.s) is not None:
        before = d.match
        d("knock")
        d("confirm")
        assert d.match is before
    d.bots()
    d("knock")
    confirm = d.table().controls.confirm
    assert confirm is not None and "Klopfen" in confirm.yes.label
    d("confirm")
    assert any(t.action == KNOCK for t in d.match.round.history)


def test_sheet_page_shows_this_match_with_marks_the_history_newest_first_and_statistics() -> None:
    older = MatchRecord("a1", "2025-05-01T10:00:00.000Z", (Seat("Ana"), Seat("Ada", "bot", "medium")), 7, 0,
                        (RoundRecord((0, 12), (0,), 1), RoundRecord((9, 4), (), 0)))
    newer = MatchRecord("b2", "2025-06-02T10:00:00.000Z", (Seat("ana"), Seat("Ben")), 7, 1,
                        (RoundRecord((20, 3), (), 1),))
    d = Driver(with_shell(Table(seed=8),
                          lang="fr", history=ScoreSheet((older, newer)),
                          settings=Settings(seats=(Seat("Ana"), Seat.bot("medium")))))
    d("sheet")  # from the set-up screen: no match yet
    body = present(d.s).body
    assert isinstance(body, SheetPageView) and body.current is None
    assert [h.date for h in body.history] == ["2 juin 2025", "1 mai 2025"]  # dates as French writes them
    assert body.history[0].players == (("ana", "20", False), ("Ben", "3", True))
    assert body.history[1].winners == "Gagnée par Ana" and body.history[1].rounds == "2 manches"
    ana, ben, bot = body.stats  # name, matches, wins, average, zeros, best round
    assert ana == ("ana", "2", "1", "9,7", "1", "0")
    assert (ben[0], ben[2], bot[3], bot[5]) == ("Ben", "1", "8,0", "4")
    assert bot[0] == translate("fr", "kind.medium")
    d("back")
    d("set", "lang", "en")
    d("start")
    d.knock_round_out()
    done = d.match.finished_rounds[0]
    d("sheet")
    current = present(d.s).body.current  # type: ignore[union-attr]
    assert current.rows[0][1:] == tuple(str(v) for v in done.scores())
    expected = tuple("ZERO" if s in done.zero_seats else "2nd knock" if s == done.second_knocker else ""
                     for s in range(2))
    assert current.marks == (expected,) and "2nd knock" in expected and current.legend


def test_clearing_the_history_takes_a_confirmation_in_the_page() -> None:
    d = Driver(Table())
    d("sheet")
    d("clear-history")
    body = present(d.s).body
    assert isinstance(body, SheetPageView) and body.confirm is None  # nothing to clear
    tools = {b.action: b for b in body.tools}
    assert tools["clear-history"].disabled and tools["export-csv"].disabled and not tools["import"].disabled
    history = ScoreSheet((MatchRecord("a1", "2025-05-01T10:00:00.000Z", (Seat("A"), Seat("B")), 7, 0,
                                      (RoundRecord((3, 4)),)),))
    backup = "zero-knizia:backup:game:2025-05-01T10:00:00.000Z"
    d = Driver(with_shell(Table(), history=history, overlay=Page.SHEET), FakeStorage({backup: "{}"}))
    d("clear-history")
    body = present(d.s).body
    assert isinstance(body, SheetPageView)
    assert body.confirm is not None and body.confirm.yes.action == "clear-history-yes"
    assert any(b.action == "export-backup" and b.arg == backup for b in body.tools)
    d("cancel")  # Escape: the question goes, the sheet page stays
    assert present(d.s).body.confirm is None and d.page is Page.SHEET  # type: ignore[union-attr]


def test_notices_are_translated_shown_once_per_kind_and_dismissed() -> None:
    s = notify(with_shell(Table(), lang="de"), "storage.write-failed", alert=True,
               actions=((Data.EXPORT_JSON, "", "storage.export"),))
    s = notify(s, "storage.write-failed", alert=True)
    s = notify(s, "storage.imported", added=2, duplicates=1)
    items = present(s).notices.items
    assert [n.key for n in items] == ["storage.write-failed", "storage.imported"]
    assert items[0].actions == () and items[0].alert  # the second one replaced the first
    assert items[1].text == "Hinzugefügte Spiele: 2. Schon auf dem Zettel: 1." and not items[1].alert
    s, _ = handle(s, Do(Nav.DISMISS, "storage.imported"))
    assert [n.key for n in present(s).notices.items] == ["storage.write-failed"]


def test_notices_over_play_are_one_line_chips_and_full_boxes_on_the_pages() -> None:
    from tests.quiz_steps import act as act_quiz
    from thousand.web.present import present as present_quiz
    from thousand.web.table import Page as QuizPage
    from thousand.web.table import QuizTable
    from thousand.web.table import page as quiz_page

    d = Driver(Table(seed=3))
    d.s = notify(d.s, "storage.write-failed", alert=True)
    assert not present(d.s).notices.compact  # the set-up: the whole box
    d("start")
    d.bots()
    assert d.page is Page.TABLE and present(d.s).notices.compact  # the table: a line above it, never over it
    d("sheet")
    assert not present(d.s).notices.compact
    quiz = notify(QuizTable(), "storage.write-failed", alert=True)
    assert not present_quiz(quiz).notices.compact
    quiz, _ = act_quiz(quiz, "start")
    assert quiz_page(quiz) is not QuizPage.SETUP and present_quiz(quiz).notices.compact


def test_sheet_seats_have_distinct_names_and_a_resume_shows_an_unseen_round_end_again() -> None:
    settings = Settings(seats=(Seat("Ada"), Seat.bot("medium"), Seat("ada")))
    assert [(s.name, s.kind, s.level) for s in sheet_seats(Texts("en", settings))] == [
        ("Ada", "person", None), ("Bruno", "bot", "medium"), ("ada (2)", "person", None)]
    d = Driver(with_shell(Table(seed=4), settings=ANA_BEN))
    d("start")
    d.knock_round_out()
    assert d.page is Page.ROUND_END
    again, _ = resume(Table(), d.match, ANA_BEN, reviewed=0)
    assert page(again) is Page.LAST_MOVE  # the round's last move, on the table, first
    again, _ = handle(again, Do(Command.SEE_END))
    assert page(again) is Page.ROUND_END
    again, _ = handle(again, Do(Command.NEXT_ROUND))
    assert page(again) is Page.HANDOFF and cards_shown(present(again)) == set()


def test_keep_places_puts_a_new_card_in_the_freed_slot_and_lays_out_a_new_pool_as_dealt() -> None:
    from zero_game import Card, Colour
    from zero_game.web.table import keep_places

    a, b, c, d = (Card(Colour.RED, n) for n in (1, 2, 3, 4))
    assert keep_places((c, a, b), (a, b, d)) == (d, a, b)  # c was taken, d given: d takes c's slot
    assert keep_places((), (a, b)) == (a, b)  # a new round: as dealt
    assert keep_places((a, b), (a, b)) == (a, b)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_setup_says_what_each_bot_level_does_and_offers_expert(lang: str) -> None:
    """Every bot seat of the set-up carries its level's one line (in the page's language); a person's none."""
    d = Driver(with_shell(Table(), lang=lang))
    d("seat-kind", "1", "expert")
    d("seat-kind", "2", "easy")
    seats = present(d.s).body.seats  # type: ignore[union-attr]
    kinds = [value for value, _ in seats[0].kind.options]
    assert kinds[-1] == "expert" and "hard" in kinds
    assert seats[0].about == ""
    assert seats[1].about == translate(lang, "level.expert")
    assert seats[2].about == translate(lang, "level.easy")
    assert len({s.about for s in seats}) == 3


def test_a_bot_turn_carries_the_match_standing() -> None:
    """The searching bots weigh the match: a bot's turn in round 2 knows the totals of round 1."""
    d = Driver(with_shell(Table(seed=4), settings=Settings(seats=(Seat.bot("medium"), Seat.bot("medium")),
                                                           speed="fast")))
    d.do(Command.START, idle=False)
    turns = []
    d.idle(until=lambda run: bool(turns.append(bot_turn(run.state))) or page(run.state) is Page.LAST_MOVE)
    assert all(t.context.totals == (0, 0) and t.context.rounds_left == 1 for t in turns if t is not None)
    assert d.page is Page.LAST_MOVE  # the round's last move on the table first
    d("see-end")
    assert d.page is Page.ROUND_END
    d.do(Command.NEXT_ROUND, idle=False)
    turn = bot_turn(d.s)
    assert turn is not None and turn.context.totals == tuple(d.match.totals) and turn.context.rounds_left == 0
    assert sum(turn.context.totals) > 0


def test_a_language_change_rewords_what_was_just_said() -> None:
    """The live region holds what happened, not a sentence: switching the language says it again in the new one."""
    d = Driver(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")))))
    d("start")
    d.bots()
    d("knock")
    said = present(d.s).live
    d("set", "lang", "fr")
    again = present(d.s).live
    assert said and again and said != again
    assert again == translate("fr", "confirm.knock_first")
    d("set", "lang", "en")
    assert present(d.s).live == said


def test_a_reload_keeps_the_pool_as_laid_out_and_does_not_offer_the_tutorial_over_the_game() -> None:
    from zero_game.web.keeper import KEEPER

    storage = FakeStorage()
    d = Driver(with_shell(Table(seed=11), settings=ANA_BEN), storage)
    d("start")
    d("ready")
    give, take = sorted(d.hand(d.match.current_player))[0], d.match.round.pool[0].slug
    d("hand", give)
    d("pool", take)
    d("confirm")
    laid = d.s.pool_order
    assert laid != tuple(sorted(d.match.round.pool)), "seed 11's swap should leave the pool out of sorted order"
    assert laid[0].slug == give  # the given card took the taken card's place
    fresh = notify(Table(), "tutorial.offer")
    again, _ = KEEPER.resume(fresh, d.saved())
    assert again.pool_order == laid
    assert "tutorial.offer" not in {n.key for n in again.notes}
