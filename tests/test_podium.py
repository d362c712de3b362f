"""Both games' ends as a podium, a pure presenter of the state: the placings (ties shared), the winner, a team's
players, the totals, where the people at this screen finished in each language's words, and the whole of it said to
screen readers in order."""

from __future__ import annotations

import pytest

from tabletop.i18n import catalog
from tabletop.notes import with_shell
from tabletop.present import Translate, placings, ranks
from tabletop.widgets import Podium
from tests.harness import FakeStorage, TableRun, ZeroTable
from tests.quiz_steps import _first
from thousand.web.actions import Command as QuizCommand
from thousand.web.plugin import PLUGIN as QUIZ
from thousand.web.screens import EndView
from thousand.web.table import Page as QuizPage
from thousand.web.table import QuizTable, team_name
from thousand.web.table import page as quiz_page
from zero_game.seats import Seat
from zero_game.web.present import present
from zero_game.web.screens import MatchEndView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table


def shell(lang: str) -> Translate:
    return catalog(lang, ("tabletop",)).t


ENTRIES = [("Ana", "12 points", ""), ("Ben", "7 points", "Played by Ben and Eva"), ("Cy", "7 points", ""),
           ("Dee", "20 points", "")]


def test_places_are_shared_on_equal_scores_and_the_people_here_are_told_where_they_finished() -> None:
    places = ranks([12, 7, 7, 20], lowest_wins=True)
    assert places == (3, 1, 1, 4)
    alone = placings(shell("en"), ENTRIES, places, here=(0,))
    assert [(p.place, p.name, p.rank, p.winner, p.here) for p in alone.places] == [
        ("1st", "Ben", 1, True, False), ("1st", "Cy", 1, True, False), ("3rd", "Ana", 3, False, True),
        ("4th", "Dee", 4, False, False)]
    assert alone.places[0].detail == "Played by Ben and Eva" and alone.places[0].score == "7 points"
    assert alone.yours == ("You finished in 3rd place",)
    team = placings(shell("en"), ENTRIES, places, here=(1,), team=True)
    assert team.yours == ("Your team finished in 1st place",)
    # Several people at one tablet: nobody is "you"; each is named with their place, best first.
    several = placings(shell("en"), ENTRIES, places, here=(3, 0))
    assert several.yours == ("Ana: 3rd place", "Dee: 4th place")
    assert placings(shell("en"), ENTRIES, places).yours == ()  # bots only, or everyone on a phone


@pytest.mark.parametrize(("lang", "alone", "team", "several"), [
    ("en", "You finished in 1st place", "Your team finished in 3rd place", "Ana: 3rd place"),
    ("fr", "Vous terminez à la 1re place", "Votre équipe termine à la 3e place", "Ana\u00a0: 3e place"),
    ("de", "Du belegst den 1. Platz", "Ihr belegt den 3. Platz", "Ana: 3. Platz"),
])
def test_where_you_finished_reads_in_each_language_s_own_words(lang: str, alone: str, team: str, several: str) -> None:
    t = shell(lang)
    places = ranks([12, 7, 7, 20], lowest_wins=True)
    assert placings(t, ENTRIES, places, here=(1,)).yours == (alone,)
    assert placings(t, ENTRIES, places, here=(0,), team=True).yours == (team,)
    assert placings(t, ENTRIES, places, here=(0, 3)).yours[0] == several


def test_the_podium_is_said_in_full_and_in_order() -> None:
    podium = placings(shell("en"), ENTRIES, ranks([12, 7, 7, 20], lowest_wins=True), here=(0,),
                      opening=("The match is over.", "Ben and Cy share the win!"))
    assert podium.said == ("The match is over. Ben and Cy share the win! Final placings: 1st: Ben, 7 points. "
                           "1st: Cy, 7 points. 3rd: Ana, 12 points. 4th: Dee, 20 points. You finished in 3rd place.")


# ---- Zero ---------------------------------------------------------------------------------------------------------


def zero_match_end(seats: tuple[Seat, ...], seed: int = 8, lang: str = "en") -> ZeroTable:
    d = ZeroTable.of(with_shell(Table(seed=seed), lang=lang, settings=Settings(seats=seats, rounds=2)),
                     storage=FakeStorage())
    d("start")
    while d.page is not Page.MATCH_END:
        d.knock_round_out()
        d("next-round")
    return d


def test_zero_s_match_end_puts_the_lone_person_on_the_podium_as_you_and_says_it_all() -> None:
    d = zero_match_end((Seat(), Seat.bot("medium"), Seat.bot("easy")))
    screen = present(d.s)
    end = screen.body
    assert isinstance(end, MatchEndView) and isinstance(end.podium, Podium)
    m = d.match
    totals = m.totals
    place = ranks(totals, lowest_wins=True)[0]
    assert [p.name for p in end.podium.places if p.here] == ["You"]
    assert [p.name for p in end.podium.places if p.winner] == [d.s.texts.name(w) for w in sorted(m.winners)]
    assert end.podium.yours == (f"You finished in {['1st', '2nd', '3rd'][place - 1]} place",)
    assert [p.score for p in end.podium.places] == [f"{v} points" for v in sorted(totals)]
    # The live region says the whole end, in order: the heading, who won, every place best first, then "you".
    said = screen.live
    assert said == end.podium.said and said.startswith(f"{end.heading}. {end.banner} Final placings: ")
    at = [said.index(f"{p.place}: {p.name}, {p.score}.") for p in end.podium.places]
    assert at == sorted(at) and said.endswith(end.podium.yours[0] + ".")
    assert [b.action for b in end.actions] == ["play-again", "new-setup"] and end.sheet.rows  # the sheet kept


def test_zero_hot_seat_names_each_person_with_their_place_and_a_phone_hears_you() -> None:
    d = zero_match_end((Seat("Ana"), Seat.bot("medium"), Seat("Ben")), seed=3, lang="de")
    end = present(d.s).body
    assert isinstance(end, MatchEndView) and end.podium is not None
    mine = {p.name: p.place for p in end.podium.places if p.here}
    assert set(mine) == {"Ana", "Ben"}
    order = [p.name for p in end.podium.places if p.here]
    assert end.podium.yours == tuple(f"{name}: {mine[name]} Platz" for name in order)
    # Ana's phone shows her end: "you", and no buttons (the tablet goes on).
    phone = present(with_shell(d.s, phone=0)).body
    assert isinstance(phone, MatchEndView) and phone.podium is not None and phone.actions == ()
    assert phone.podium.yours == (f"Du belegst den {mine['Ana']} Platz",)


# ---- the quiz -----------------------------------------------------------------------------------------------------


def quiz_end(kinds: tuple[str, ...], names: tuple[str, ...], people: tuple[str, ...], seed: int,
             lang: str = "en") -> tuple[TableRun, QuizTable]:
    """A quiz by taps at the page's runtime to its podium (and the table before the tap that opened it): people tap
    their first card and guess 500."""
    run = TableRun.open(QUIZ, storage=FakeStorage(), lang=lang)
    while len(run.state.settings.teams) < len(kinds):
        run.tap(QuizCommand.ADD_TEAM)
    for i, kind in enumerate(kinds):
        run.field(f"team-kind:{i}", kind)
    for i, (name, who) in enumerate(zip(names, people, strict=True)):
        if name:
            run.do(QuizCommand.TEAM_NAME, str(i), name)
        if who:
            run.do(QuizCommand.TEAM_PEOPLE, str(i), who)
    run.do(QuizCommand.SET, "seed", str(seed))
    run.tap(QuizCommand.START)
    prior = run.state
    for _ in range(3000):
        where = quiz_page(run.state)
        if where is not QuizPage.END or _first(run, "see-winner"):
            prior = run.state
        if where is QuizPage.HANDOFF:
            run.tap(QuizCommand.READY)
        elif where is QuizPage.CHOOSE:
            mine = next(t for t in run.screen.body.teams if t.mine)  # type: ignore[attr-defined]
            run.tap(QuizCommand.CARD, mine.cards[0].id).tap(QuizCommand.CONFIRM)
        elif where is QuizPage.REVEAL:
            action = next(a for a in ("reveal-next", "reveal-done", "target") if _first(run, a))
            run.tap(action, _first(run, action).arg)  # type: ignore[union-attr]
        elif where is QuizPage.GUESS:
            run.do(QuizCommand.GUESS_TEXT, value="500").tap(QuizCommand.GUESS)
        elif where is QuizPage.END and _first(run, "see-winner"):
            run.tap(QuizCommand.SEE_WINNER)
        elif where is QuizPage.END:
            return run, prior
    raise AssertionError("the quiz should end")


def test_the_quiz_s_podium_names_a_team_s_players_and_tells_the_team_at_the_tablet_where_it_finished() -> None:
    run, _ = quiz_end(("people", "hard", "easy"), ("Owls", "", ""), ("Ana, Ben", "", ""), 23, lang="fr")
    s, screen = run.state, run.screen
    end = screen.body
    assert isinstance(end, EndView) and end.podium is not None
    g = s.game
    owls = next(p for p in end.podium.places if p.name == "Owls")
    assert owls.here and owls.detail == "Joué par Ana et Ben"
    assert not any(p.here for p in end.podium.places if p.name != "Owls")
    assert end.podium.yours == (f"Votre équipe termine à la {owls.rank}{'re' if owls.rank == 1 else 'e'} place",)
    assert [p.name for p in end.podium.places if p.winner] == [team_name(s, w) for w in g.winners]
    assert [p.rank for p in end.podium.places] == sorted(p.rank for p in end.podium.places)
    assert screen.live == end.podium.said and screen.live.startswith(f"{end.heading}. {end.banner} {end.reason}")
    assert [b.action for b in end.actions] == ["play-again", "new-setup"]


def test_two_teams_of_people_at_one_tablet_are_each_named_with_their_place() -> None:
    run, _ = quiz_end(("people", "people", "hard"), ("Owls", "Foxes", ""), ("", "", ""), 11)
    end = run.screen.body
    assert isinstance(end, EndView) and end.podium is not None
    here = [p for p in end.podium.places if p.here]
    assert {p.name for p in here} == {"Owls", "Foxes"}
    assert end.podium.yours == tuple(f"{p.name}: {p.place} place" for p in here)


def test_the_quiz_s_podium_opens_with_its_fanfare_once() -> None:
    from thousand.web.present import cheered

    run, prior = quiz_end(("people", "hard"), ("Owls", ""), ("", ""), 23)
    end = run.state
    assert cheered(prior, end) and not cheered(end, end)
    closed = run.tap("rules").state
    assert not cheered(closed, run.tap("back").state)  # back from the rules: no second fanfare


def test_the_quiz_s_set_up_has_this_device_s_motion_and_sound_switches_shared_with_zero() -> None:
    from thousand.web.screens import QuizSetupView

    storage = FakeStorage()
    run = TableRun.open(QUIZ, storage=storage, lang="de")
    setup = run.screen.body
    assert isinstance(setup, QuizSetupView) and setup.more is not None
    assert [(c.field, c.label, c.value) for c in setup.switches] == [("motion", "Animationen", "on"),
                                                                     ("sound", "Ton", "on")]
    run.field("motion", "off").field("sound", "off")  # the page's own fields, as a person changes them
    assert not run.state.motion and not run.state.sound
    assert [c.value for c in run.screen.body.switches] == ["off", "off"]  # type: ignore[attr-defined]
    assert ("motion", "off") in run.screen.flags  # the page's celebration is left out (CSS)
    # One device, one choice: Zero opened on it afterwards starts with them off, and its set-up says so.
    from zero_game.web.plugin import PLUGIN as ZERO

    zero = TableRun.open(ZERO, storage=storage)
    assert not zero.state.motion and not zero.state.sound
    assert [c.value for c in zero.screen.body.switches] == ["off", "off"]  # type: ignore[attr-defined]
    zero.field("sound", "on")
    assert TableRun.open(QUIZ, storage=storage).state.sound


# ---- Zero's ZERO moment ---------------------------------------------------------------------------------------------


def zero_made(lang: str = "en") -> ZeroTable:
    """A round of two (you and a bot) where your swap of the black 8 for the red 6 makes a ZERO: its last move on the
    table, the round's end not yet open."""
    from zero_game.web.tutorial import scene_match

    settings = Settings(seats=(Seat(), Seat.bot("easy")), rounds=2)
    d = ZeroTable.of(with_shell(Table(match=scene_match(1)), lang=lang, setting_up=False,
                                at_screen=0, settings=settings))
    d("hand", "black-8")
    d("pool", "red-6")
    d("confirm")
    return d


def test_a_zero_gets_its_moment_on_the_table_said_in_full_then_its_stamp_at_the_round_s_end() -> None:
    d = zero_made()
    assert d.page is Page.LAST_MOVE
    screen = present(d.s)
    moment = screen.body.moment  # type: ignore[attr-defined]
    assert moment is not None and (moment.title, moment.who) == ("ZERO!", "You score 0")
    # The move that made it, then what a ZERO is and what it does: all of it, in order.
    assert screen.live == ("ZERO! You gave the black 8, took the red 6 and win the round. You have a ZERO: five cards "
                           "of one colour and five of one number. The round ends and you score 0.")
    # The table holds the moment longer than an ordinary last move before the round's end opens.
    holds = [e.seconds for e in d.effects if type(e).__name__ == "After" and "reveal" in str(e.key)]
    assert holds and holds[-1] >= 2.5
    d("see-end")
    end = present(d.s).body
    assert d.page is Page.ROUND_END
    assert [h.stamp for h in end.hands] == ["ZERO!", ""]  # type: ignore[attr-defined]
    assert present(d.s).body != screen.body and getattr(present(d.s).body, "moment", None) is None


@pytest.mark.parametrize(("lang", "title", "who"), [("fr", "ZÉRO\u202f!", "Vous marquez 0 point"),
                                                    ("de", "ZERO!", "Du bekommst 0 Punkte")])
def test_the_zero_moment_in_french_and_german(lang: str, title: str, who: str) -> None:
    moment = present(zero_made(lang).s).body.moment  # type: ignore[attr-defined]
    assert (moment.title, moment.who) == (title, who)


def test_an_ordinary_last_move_has_no_zero_moment() -> None:
    d = ZeroTable.of(with_shell(Table(seed=5), settings=Settings(seats=(Seat(), Seat.bot("easy")), rounds=1)))
    d("start")
    d.play_bots()
    while d.page is Page.TABLE:
        d("knock")
        d("confirm")
        d.play_bots()
    assert d.page is Page.LAST_MOVE and not d.match.finished_rounds[0].zero_seats
    assert present(d.s).body.moment is None  # type: ignore[attr-defined]


def test_an_ending_celebrates_once_back_from_the_rules_or_the_sheet_the_podium_stands_still() -> None:
    """Issue 36: opening Rules on the podium and coming back replayed the confetti and the rising steps.  Whether it
    celebrates is the state's (``OnCore.celebrates``): once per game's end, whatever the page repaints."""
    d = zero_match_end((Seat(), Seat.bot("medium"), Seat.bot("easy")))

    def celebrates() -> bool:
        end = present(d.s).body
        assert isinstance(end, MatchEndView)
        return end.celebrate

    assert celebrates()
    d("set", "lang", "fr")  # the same end in another language: still its first showing
    assert celebrates()
    for page in ("rules", "sheet"):
        d(page)
        d("back")
        assert d.page is Page.MATCH_END and not celebrates(), page
    d("play-again")  # the next match's end celebrates again, once
    while d.page is not Page.MATCH_END:
        d.knock_round_out()
        d("next-round")
    assert celebrates()
    # The quiz's podium too.
    run, _ = quiz_end(("people", "hard"), ("Owls", ""), ("", ""), 23)
    first = run.screen.body
    assert isinstance(first, EndView) and first.celebrate
    back = run.tap("rules").tap("back").screen.body
    assert isinstance(back, EndView) and back.podium is not None and not back.celebrate
