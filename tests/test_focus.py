"""Keyboard and screen readers, the pure parts (issue 36, item 10): the questions' answers in the order they are read
and focused, what the live region says at the big moments, and where the focus starts, all derived from the state."""

from __future__ import annotations

import pytest

from tabletop.names import bot_name
from tabletop.notes import with_shell
from tabletop.present import Nav
from tabletop.regions import HOLD, KEEP, Heard
from tabletop.widgets import Button, Confirm
from tests.harness import ZeroTable
from tests.quiz_steps import act as quiz_act
from tests.quiz_steps import started_walk
from thousand.web.actions import Command as QuizCommand
from thousand.web.own import OwnCommand
from thousand.web.present import present as quiz_present
from thousand.web.screens import RevealView
from thousand.web.settings import QuizSettings, TeamConfig
from thousand.web.table import Page as QuizPage
from thousand.web.table import QuizTable, current_reveal
from thousand.web.table import page as quiz_page
from zero_game.seats import Seat
from zero_game.web.i18n import translate
from zero_game.web.present import present
from zero_game.web.screens import RoundEndView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table
from zero_game.web.texts import Texts


def test_a_question_that_guards_data_reads_and_focuses_its_safe_answer_first() -> None:
    leave = Confirm("Leave this game?", "", Button(Nav.NEW_SETUP_YES, "Leave"),
                    Button(Nav.CANCEL, "Keep playing", primary=True, key="Escape"), danger=True)
    assert [b.label for b in leave.answers()] == ["Keep playing", "Leave"]
    unmarked = Confirm("Delete?", "", Button(OwnCommand.DELETE_YES, "Delete"), Button(OwnCommand.NO, "Keep"),
                       danger=True)
    assert [b.label for b in unmarked.answers()] == ["Keep", "Delete"], "no primary: the safe answer first"


def test_a_move_chosen_in_two_steps_reads_the_move_first_and_a_third_answer_stays_between() -> None:
    swap = Confirm("Give your red 1 for the blue 7?", "", Button(Nav.NEW_SETUP_YES, "Swap", primary=True),
                   Button(Nav.CANCEL, "Cancel", key="Escape"), restart=True)
    assert [b.label for b in swap.answers()] == ["Swap", "Cancel"]
    replace = Confirm("Replace?", "", Button(OwnCommand.REPLACE, "Replace", primary=True),
                      Button(OwnCommand.NO, "Cancel", key="Escape"), also=Button(OwnCommand.ADD, "Add"))
    assert [b.label for b in replace.answers()] == ["Replace", "Add", "Cancel"]


# ---- Zero: the round's end in full, "Your turn" for the one person at the tablet, the focus at the round's end ----


def zero_round_end(settings: Settings, lang: str = "en") -> ZeroTable:
    d = ZeroTable.of(with_shell(Table(seed=8), lang=lang, settings=settings))
    d("start")
    d.knock_round_out()
    assert d.page is Page.ROUND_END
    return d


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_zeros_round_end_says_the_best_hand_then_your_points_and_your_total(lang: str) -> None:
    d = zero_round_end(Settings(seats=(Seat(), Seat.bot("medium"), Seat.bot("easy")), rounds=2), lang)
    r = d.match.finished_rounds[0]
    said = present(d.s).live
    t = Texts(lang, d.s.settings)
    body = present(d.s).body
    assert isinstance(body, RoundEndView)
    assert said.startswith(body.heading + ".")
    assert body.banner in said
    mine = t.t("heard.points", name=t.t("you"), points=t.t("score.round", score=r.scores()[0]), total=r.scores()[0])
    assert said.endswith(mine), said
    assert said.index(body.banner) < said.index(mine)
    assert translate(lang, "live.round_over") not in said  # the round in full, not "the round is over" alone


def test_in_hot_seat_the_round_end_says_the_points_of_every_person_and_no_bots() -> None:
    d = zero_round_end(Settings(seats=(Seat("Ana"), Seat("Ben"), Seat.bot("easy")), rounds=2))
    said = present(d.s).live
    assert "Ana: " in said and "Ben: " in said and bot_name(2) + ":" not in said


def test_the_round_end_starts_on_its_heading_not_on_next_round_above_the_results() -> None:
    d = zero_round_end(Settings(seats=(Seat(), Seat.bot("medium")), rounds=2))
    assert present(d.s).focus == (".round-end h1",)


def test_your_turn_is_said_after_the_bots_in_a_one_person_game_and_only_then() -> None:
    d = ZeroTable.of(with_shell(Table(seed=3), settings=Settings(seats=(Seat(), Seat.bot("medium"), Seat.bot("easy")),
                                                                 speed="fast")))
    d("start")
    d.bots()
    assert d.page is Page.TABLE and present(d.s).body.my_turn  # type: ignore[attr-defined]
    said = present(d.s).live
    assert said.endswith("Your turn."), said
    hand = sorted(d.hand(0))
    d("hand", hand[0])
    assert "Your turn" not in present(d.s).live  # what the person just did: no "Your turn" tacked on
    d("hand", hand[0])
    d("knock")
    d("confirm")
    assert "Your turn" not in present(d.s).live


def test_in_hot_seat_the_hand_off_says_whose_turn_and_the_moves_do_not_add_your_turn() -> None:
    d = ZeroTable.of(with_shell(Table(seed=11), settings=Settings(seats=(Seat("Ana"), Seat("Ben")), speed="fast")))
    d("start")
    d("ready")
    assert present(d.s).live == "Your turn, " + d.s.settings.seats[d.match.current_player].name + "."
    d("knock")
    d("confirm")
    assert "Your turn" not in present(d.s).live


# ---- the quiz: the reveal and its verdict said in full and in order --------------------------------------------


def test_the_quizs_last_card_turned_over_is_said_with_the_verdict_after_it_in_the_screens_order() -> None:
    run = started_walk(4)
    verdicts = 0
    for _ in range(400):
        where = quiz_page(run.state)
        if where is QuizPage.CHOOSE:
            mine = next(t for t in run.screen.body.teams if t.mine)  # type: ignore[attr-defined]
            run.tap(QuizCommand.CARD, mine.cards[0].id).tap(QuizCommand.CONFIRM)
        elif where is QuizPage.REVEAL:
            body = run.screen.body
            assert isinstance(body, RevealView)
            said = run.screen.live
            if all(p.shown for p in body.plays):  # every card up: the last one's words, then the verdict's
                assert body.results and said.endswith(" ".join(body.results)), said
                last = current_reveal(run.state).plays[-1]  # type: ignore[union-attr]
                assert said.index(str(last.cards[0].answer)) < said.index(body.results[0])
                verdicts += 1
            elif any(p.shown for p in body.plays):
                assert not any(line in said for line in ("Furthest", "New target")), said
            button = next(b for b in (body.next, *body.choices) if b is not None)
            run.tap(button.action, button.arg)
        else:
            break
    assert verdicts >= 2


# ---- the live region: announcements follow each other while they come fast ------------------------------------


def test_announcements_that_come_fast_follow_each_other_and_the_last_stays_alone_once_quiet() -> None:
    heard = Heard().hear("Bruno passes.", 10.0)
    assert heard.lines == ("Bruno passes.",)
    heard = heard.hear("Chloé knocks.", 10.8).hear("Your turn.", 11.6)  # a bot's move every 0.8 s
    assert heard.lines == ("Bruno passes.", "Chloé knocks.", "Your turn."), "none replaced before it is heard"
    for n in range(5):
        heard = heard.hear(f"move {n}", 12.0 + n / 2)
    assert len(heard.lines) == KEEP and heard.lines[-1] == "move 4"
    assert heard.quiet(heard.at + HOLD / 2) is heard  # still being heard
    assert heard.quiet(heard.at + HOLD).lines == ("move 4",)
    assert heard.hear("Round 2 of 3.", heard.at + HOLD + 5).lines == ("Round 2 of 3.",)  # after a pause: alone


def test_a_new_screen_starts_the_live_region_afresh_so_a_teams_pick_is_not_left_for_the_next_team() -> None:
    chosen = Heard().hear("Chosen: How many grams of fruit a day?", 10.0)
    assert chosen.hear("Ready: Owls.", 10.5, new_screen=True).lines == ("Ready: Owls.",)  # the hand-off
    assert chosen.hear("", 10.5, new_screen=True).lines == ()


def test_while_the_other_teams_choose_the_focus_waits_on_the_prompt_never_on_the_body() -> None:
    s = with_shell(QuizTable(seed_text="3"),
                   settings=QuizSettings((TeamConfig(), TeamConfig("medium"), TeamConfig("hard")), "fast"))
    s, _ = quiz_act(s, QuizCommand.START)
    screen = quiz_present(s)
    assert screen.focus[:2] == (".team.mine button.qcard.fresh", ".team.mine button[data-question]")
    mine = next(t for t in screen.body.teams if t.mine)  # type: ignore[attr-defined]
    assert all(c.interactive for c in mine.cards), "the team's cards take the focus from the round's first moment"
    s, _ = quiz_act(s, QuizCommand.CARD, mine.cards[0].id)
    s, _ = quiz_act(s, QuizCommand.CONFIRM)
    screen = quiz_present(s)  # played; the bots still deciding
    controls = screen.body.controls  # type: ignore[attr-defined]
    assert quiz_page(s) is QuizPage.CHOOSE and controls.confirm is None and controls.cancel is None
    assert not controls.powers
    assert not any(c.interactive for t in screen.body.teams for c in t.cards)  # type: ignore[attr-defined]
    assert screen.focus[-1] == ".quiz-controls .prompt" and controls.prompt == "Waiting for the other teams."
