"""The quiz tutorial in CPython, at the page's runtime: completed by taps, every step's words and cue, a wrong tap
refused with why, no secret on any screen, nothing saved (game, score sheet, questions seen), the table as it
was afterwards, offered on the first visit only, in three languages."""

from __future__ import annotations

from tabletop.widgets import Lesson
from tests.harness import FakeStorage, TableRun
from tests.quiz_steps import check_privacy
from thousand.deck import default_deck
from thousand.web.actions import Command
from thousand.web.plugin import PLUGIN
from thousand.web.saved import GAME_KEY, SEEN_KEY, SHEET_KEY
from thousand.web.screens import ChooseView, QuizSetupView, RevealView
from thousand.web.table import Page, page
from thousand.web.tutorial import BOTTOM, FIRST, OFFER, STEPS, SWAPPED

DECK = default_deck()


def words(run: TableRun) -> str:
    body = run.screen.body
    assert isinstance(body, (ChooseView, RevealView))
    lesson = body.controls.lesson if isinstance(body, ChooseView) else body.lesson
    assert lesson is not None
    return f"{lesson.text} {lesson.ask}"


def spoken(run: TableRun) -> tuple[str, ...]:
    """The lesson's words that the live region must say (its text and what to tap)."""
    body = run.screen.body
    lesson = body.controls.lesson if isinstance(body, ChooseView) else body.lesson  # type: ignore[union-attr]
    assert lesson is not None
    return tuple(w for w in (lesson.text, lesson.ask) if w)


def lesson_of(run: TableRun) -> Lesson:
    body = run.screen.body
    lesson = body.controls.lesson if isinstance(body, ChooseView) else body.lesson  # type: ignore[union-attr]
    assert lesson is not None
    return lesson


def cued(run: TableRun) -> list[str]:
    """What the screen rings for the next tap: a question card (its id) or a button (action:arg)."""
    body = run.screen.body
    if isinstance(body, RevealView):
        return [f"{b.action}:{b.arg}" for b in (*body.choices, *([body.next] if body.next else [])) if b.cued]
    assert isinstance(body, ChooseView)
    found = [c.id for p in body.teams for c in p.cards if c.cued]
    c = body.controls
    return found + [f"{b.action}:{b.arg}" for b in (*c.powers, *c.combine, c.confirm) if b is not None and b.cued]


def test_the_tutorial_teaches_a_round_by_taps_and_leaves_the_game_saved_as_it_was() -> None:
    storage = FakeStorage()
    run = TableRun.open(PLUGIN, storage=storage)
    assert run.screen.body.tutorial_offer.startswith("New to Zéro à 1000?")  # the first visit offers it, in line
    assert OFFER not in [n.key for n in run.screen.notices.items]  # not as a notice above the bar
    run.field("team-kind:2", "easy")
    run.tap(Command.START)  # a quiz in progress (saved), then the tutorial from the rules page
    assert run.screen.notices.items == () and OFFER not in [n.key for n in run.state.notes]  # playing answers it
    game = run.state.game
    kept = {k: storage.data.get(k) for k in (GAME_KEY, SHEET_KEY, SEEN_KEY)}
    assert kept[GAME_KEY] is not None and kept[SEEN_KEY] is not None
    run.tap("rules")
    assert run.screen.body.tutorial.action == Command.TUTORIAL
    run.tap(Command.TUTORIAL)
    assert page(run.state) is Page.CHOOSE and run.state.lesson == 0
    team = run.state.game.hand(0)
    assert FIRST in team and SWAPPED in team and BOTTOM not in team
    said: list[str] = []
    for index, step in enumerate(STEPS):
        check_privacy(run.state)
        text = words(run)
        assert text and text not in said, step.key  # the words follow each tap
        assert all(part in run.screen.live for part in spoken(run)), step.key  # and reach a screen reader
        said.append(text)
        if index == 0:  # "choose a question you can estimate": every one of the six wears the ring, any is taken
            assert cued(run) == list(team) and "any of the six" in words(run)
            assert words(run).endswith("Select one of your questions.")
        elif step.command is Command.CARD:
            assert cued(run) == [step.arg]  # the card to tap wears the ring, and only it
        else:
            assert cued(run) == [f"{step.command}:{step.arg}"]
        if index == 1:  # a wrong tap (±200 before Change): refused; the step's words stay, the ask line says why
            before = lesson_of(run)
            run.tap(Command.SHIFT, "+200")
            assert not run.state.shift and run.screen.live.startswith("Not that one: the lesson")
            after = lesson_of(run)
            assert after.refused and after.text == before.text  # the lesson, whole, where it was
            assert after.ask == "Not that one: one move at a time. Select Change a card." and cued(run) == ["change:"]
        if index == 3:  # Change asks first: the card is still in the hand until the confirm
            assert SWAPPED in run.state.game.hand(0)
        if index == 8:  # one power at a time, as a team meets them: Change, then Two questions; ±200 kept
            summary = run.screen.body.controls.summary
            assert "the sum of" in summary and "200" not in summary and "Keep ±200" in words(run)
        arg = "mona-lisa-height" if index == 0 else step.arg  # the lesson takes any card it asks for by words
        run.tap(step.command, arg)
        if index == 0:
            assert run.state.chosen == ("mona-lisa-height",)
        if index < len(STEPS) - 1:
            assert not lesson_of(run).refused, step.key  # the right tap clears the refusal
        if index == 3:
            assert SWAPPED not in run.state.game.hand(0) and BOTTOM in run.state.game.hand(0)
        if index == 9:
            body = run.screen.body
            assert isinstance(body, RevealView) and [v for v, *_ in body.line.marks] == [347]  # on the line
            assert not body.plays[0].powers.count("+200")
        if index == 10:
            body = run.screen.body
            assert isinstance(body, RevealView) and sorted(v for v, *_ in body.line.marks) == [347, 760]
            assert any("760" in line for line in body.results) and body.next.label == "Finish the tutorial"
            assert "four are left" in words(run)
    # Finished: back to the quiz that was being played, nothing of the tutorial stored, the tutorial remembered.
    assert run.state.lesson is None and run.state.before_lesson is None and run.state.game is game
    assert page(run.state) is Page.CHOOSE and run.state.taught
    assert {k: storage.data.get(k) for k in kept} == kept
    assert '"quiz.taught":true' in storage.data["zero-knizia:prefs"]
    again = TableRun.open(PLUGIN, storage=storage)
    assert again.screen.notices.items == () and OFFER not in [n.key for n in again.state.notes]  # not offered again


def test_the_tutorial_is_skipped_back_to_the_lobby_saves_nothing_and_speaks_three_languages() -> None:
    storage = FakeStorage()
    run = TableRun.open(PLUGIN, storage=storage)
    body = run.screen.body
    assert isinstance(body, QuizSetupView)
    offers = [n for n in run.screen.notices.items if n.key == OFFER]
    assert not offers and body.tutorial_offer and body.tutorial is not None, "the lobby offers it once, in line"
    assert body.tutorial.action == Command.TUTORIAL and body.tutorial_dismiss.arg == OFFER
    run.tap(Command.TUTORIAL)
    english = words(run)
    run.tap(Command.CARD, FIRST)
    run.tap(Command.CHANGE)
    run.tap(Command.CARD, SWAPPED)
    run.tap(Command.CONFIRM)  # the Change played: a real game would save and mark its questions seen
    for lang, bit in (("fr", "Deux questions joue deux cartes"), ("de", "Zwei Fragen spielt zwei Karten")):
        run.field("lang", lang)
        assert bit in words(run) and words(run) != english
        assert bit in run.screen.live  # a language change re-words the live region, lesson and all
    assert set(storage.data) <= {"zero-knizia:prefs"}  # no game, no sheet, no questions seen
    assert run.state.seen_ids == ()
    run.tap(Command.TUTORIAL_SKIP)
    assert isinstance(run.screen.body, QuizSetupView) and run.state.game is None and not run.state.taught
    assert run.state.lang == "de"  # the language chosen in it stays


def test_declining_the_offer_is_remembered_and_a_new_game_from_the_tutorial_is_a_real_one() -> None:
    storage = FakeStorage()
    run = TableRun.open(PLUGIN, storage=storage)
    run.tap("dismiss", OFFER)
    assert run.state.taught and '"quiz.taught":true' in storage.data["zero-knizia:prefs"]
    body = run.screen.body
    assert isinstance(body, QuizSetupView) and not body.tutorial_offer and body.tutorial is not None  # still there
    run.tap(Command.TUTORIAL)
    run.tap("new-setup")  # out of the tutorial to the lobby, nothing to confirm or lose
    assert run.state.lesson is None and isinstance(run.screen.body, QuizSetupView)
    run.tap(Command.START)
    assert run.state.lesson is None and GAME_KEY in storage.data


def test_finishing_or_leaving_the_tutorial_keeps_the_teams_typed_before_it() -> None:
    run = TableRun.open(PLUGIN, storage=FakeStorage())
    run.field("team-name:0", "Owls", typing=True).field("team-people:0", "Ana, Ben", typing=True)
    run.field("team-kind:2", "hard").field("team-name:1", "x", typing=True)
    teams = run.state.settings.teams
    run.tap(Command.TUTORIAL)  # from the first visit's offer
    assert [t.name for t in run.state.settings.teams] == ["", ""]  # the tutorial's own teams meanwhile
    for step in STEPS:
        run.tap(step.command, step.arg or FIRST)
    body = run.screen.body
    assert isinstance(body, QuizSetupView) and run.state.settings.teams == teams
    assert body.teams[0].name == "Owls" and body.teams[0].people == "Ana, Ben" and body.teams[2].kind.value == "hard"
    run.tap("rules").tap(Command.TUTORIAL).tap(Command.TUTORIAL_SKIP)  # and from the rules page, left half-way
    assert run.state.settings.teams == teams
