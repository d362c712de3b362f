"""The first-game tutorial: completed by taps, wrong moves refused, nothing saved, skippable, three languages."""

from __future__ import annotations

from tabletop.notes import with_shell
from tests.harness import remembers, saves
from tests.zero_steps import Driver
from zero_game import breakdown
from zero_game.web.present import present
from zero_game.web.screens import RoundEndView, RulesView, TableView
from zero_game.web.table import Page, Table
from zero_game.web.tutorial import SCENES, scene_match


def lesson(d: Driver) -> str:
    body = present(d.s).body
    assert isinstance(body, TableView)
    confirm = body.controls.confirm
    assert not (confirm and body.controls.hint), "one instruction at a time: the box's, or the lesson's"
    assert not (body.controls.hint and body.controls.prompt), "one instruction at a time: the lesson's"
    return confirm.detail if confirm else body.controls.hint


def cued(d: Driver) -> list[str]:
    """What the table cues for the next tap: hand and pool cards, buttons."""
    view = d.table()
    cards = [f"hand:{c.slug}" for g in view.hand.groups for c in g if c.cued] if view.hand else []
    cards += [f"pool:{c.slug}" for c in view.pool.cards if c.cued]
    return cards + [str(b.action) for b in view.controls.actions if view.controls.cue == b.action]


def test_the_tutorial_completes_by_taps_and_teaches_each_step() -> None:
    d = Driver(Table(seed=3))
    d("start")
    match = d.match
    d("tutorial")
    assert d.s.lesson == 0 and d.page is Page.TABLE
    assert lesson(d).startswith("Lesson 1: five cards of one colour") and "Choose your grey 8" in lesson(d)
    assert cued(d) == ["hand:grey-8"]  # the card to tap wears the cue, and only it
    d("hand", "grey-8")
    pool = {c.slug: c.hint for c in d.table().pool.cards}
    assert pool["red-5"] == "→ 23"  # the score preview: five reds cleared
    assert lesson(d).startswith("Each pool card now shows") and cued(d) == ["pool:red-5"]  # the words follow the tap
    assert lesson(d) in present(d.s).live  # and reach a screen reader, after what the tap did
    d("set", "lang", "fr")  # a language change re-words the live region, lesson and all
    french = present(d.s).live
    assert lesson(d) in french and "Each pool card" not in french
    d("set", "lang", "en")
    d("pool", "blue-1")
    assert lesson(d).startswith("Each pool card") and cued(d) == ["pool:red-5"]  # still asks for the red 5
    assert not d.table().controls.confirm.yes.cued  # type: ignore[union-attr]  # not the lesson's swap
    d("confirm")  # not the lesson's move: taken back, and the lesson says so and which move it wants
    assert present(d.s).live.startswith("Not this move") and d.match.round.turns_taken == 0
    assert lesson(d).startswith("That is not this lesson's move, so it was taken back: give your grey 8 and take "
                                "the red 5.")
    assert lesson(d) in present(d.s).live
    assert cued(d) == ["hand:grey-8"]
    d("hand", "grey-8")
    assert not lesson(d).startswith("That is not")  # the next tap clears the refusal
    d("pool", "red-5")
    assert lesson(d) == "Now press Swap to play it." and cued(d) == []
    assert d.table().controls.confirm.yes.cued  # type: ignore[union-attr]  # the box's Swap wears the cue
    d("confirm")
    hand = d.match.round.hand(0)
    assert breakdown(hand).colour_groups and breakdown(hand).score == 23
    d.bots()  # Bruno's scripted first knock
    assert d.match.round.first_knocker == 1 and lesson(d).startswith("Your 23 is low enough")
    assert cued(d) == ["knock"]
    d("knock")
    assert cued(d) == [] and d.table().controls.confirm.yes.cued  # type: ignore[union-attr]
    assert lesson(d).startswith("Knocking ends your turn")  # the box's own words: its question is the lesson's step
    d("confirm")
    d.bots()  # Bruno's final turn, then the round's end
    assert d.page is Page.ROUND_END
    end = present(d.s).body
    assert isinstance(end, RoundEndView) and end.banner.startswith("The lowest score wins")
    scores = d.match.finished_rounds[0].scores()
    assert scores[0] < scores[1] and "23" in end.banner and str(scores[1]) in end.banner  # won, as it says
    assert end.next.label == "Next lesson"
    d("next-round")
    assert d.s.lesson == 1 and lesson(d).startswith("Lesson 2")
    d("hand", "black-8")
    assert lesson(d).startswith("Now take the red 6") and cued(d) == ["pool:red-6"]
    d("pool", "red-6")
    d("confirm")
    d.bots()
    end = present(d.s).body
    assert isinstance(end, RoundEndView) and end.banner.startswith("ZERO! The round ends at once")
    effects = d("next-round")
    assert remembers(effects) and d.s.taught and d.s.lesson is None
    assert d.s.match is match and d.page is Page.TABLE  # back to the match that was being played
    assert d.saved().match == match  # the match waiting behind the tutorial is still the one saved
    assert "zero-knizia:sheet" not in d.storage.data  # nothing of the tutorial on the score sheet


def test_a_tutorial_saves_nothing_and_can_be_skipped_from_the_rules_page() -> None:
    d = Driver(Table())
    d("rules")
    body = present(d.s).body
    assert isinstance(body, RulesView) and body.tutorial is not None and body.tutorial.action == "tutorial"
    d("tutorial")
    d("hand", "grey-8")
    d("pool", "red-5")
    d("confirm")
    d.bots()
    assert set(d.storage.data) <= {"zero-knizia:prefs"}  # no match saved, nothing on the score sheet
    assert "tutorial-skip" in [b.action for b in d.table().controls.actions]
    d("tutorial-skip")
    assert d.page is Page.SETUP and d.s.lesson is None and not d.s.taught


def test_the_scenes_deal_what_the_lessons_say_in_three_languages() -> None:
    for index, (_, moves) in enumerate(SCENES):
        m = scene_match(index)
        for seat, action, _key in moves:
            assert m.current_player == seat
            m = m.apply(action)
        assert m.is_over
    assert scene_match(1).apply(SCENES[1][1][0][1]).finished_rounds[0].zero_seats == (0,)  # the ZERO
    first = scene_match(0).apply(SCENES[0][1][0][1]).round.hand(0)
    assert [c.label for c in breakdown(first).colour_groups] == ["red"]  # the group of five
    for lang in ("fr", "de"):
        d = Driver(with_shell(Table(), lang=lang))
        d("tutorial")
        assert lesson(d) and lesson(d) != Driver(Table()).s.texts.t("tutorial.swap")


def test_starting_a_match_answers_the_tutorial_offer() -> None:
    from tabletop.notes import notify
    from zero_game.web.actions import Command

    d = Driver(notify(Table(), "tutorial.offer", actions=((Command.TUTORIAL, "", "tutorial.start"),)))
    assert [n.key for n in present(d.s).notices.items] == ["tutorial.offer"]
    d("start")
    assert present(d.s).notices.items == ()


def test_a_new_game_from_inside_the_tutorial_is_a_real_match_again() -> None:
    d = Driver(Table(seed=3))
    d("tutorial")
    d("new-setup")
    d("new-setup-yes")
    assert d.s.lesson is None and d.page is Page.SETUP
    effects = d("start")
    assert saves(effects) and d.s.lesson is None and d.s.before_lesson is None


def test_declining_the_offer_is_remembered() -> None:
    from tabletop.notes import notify
    from zero_game.web.actions import Command

    d = Driver(notify(Table(), "tutorial.offer", actions=((Command.TUTORIAL, "", "tutorial.start"),)))
    effects = d("dismiss", "tutorial.offer")
    assert remembers(effects) and d.s.taught and present(d.s).notices.items == ()
