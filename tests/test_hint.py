"""A hint against bots: asked on the person's turn, answered by the hard bot, marked as help used."""

from __future__ import annotations

from dataclasses import replace

from tabletop.effects import Think
from tabletop.notes import with_shell
from tests.harness import saves
from tests.helpers import cards
from tests.zero_steps import ANA_BEN, Driver, act
from zero_game import KNOCK, Card, Swap, score_hand
from zero_game.bots import make_bot
from zero_game.web.hint import advised, explain, hint_key, hint_rng
from zero_game.web.present import present
from zero_game.web.settings import Settings
from zero_game.web.table import Table
from zero_game.web.texts import Texts
from zero_game.web.undo import HINT

#: A hand and a pool to word hints about: the yellow 8 for the red 5 makes a group of five reds.
HAND = tuple(cards("red 1, red 2, red 3, red 4, blue 5, blue 6, grey 6, green 7, yellow 8"))
POOL = tuple(cards("red 5, black 8, violet 2, grey 1, green 3"))


def test_a_hint_is_asked_answered_by_the_hard_bot_and_marked_as_help() -> None:
    d = Driver(with_shell(Table(seed=7), settings=Settings(speed="fast")))
    d("start")
    d.bots()
    hint = next(b for b in d.table().controls.actions if b.action == "hint")
    assert (hint.label, hint.description) == ("Hint", "What would the hard bot do?") and not hint.disabled
    effects = d("hint")
    key = hint_key(d.s)
    assert key is not None and d.s.assists == (HINT,)
    assert any(isinstance(e, Think) and e.job.key == ("hint", key) for e in effects)
    assert saves(effects)  # the help used is saved with the match at once
    busy = next(b for b in d.table().controls.actions if b.action == "hint")
    assert busy.disabled and busy.label == "Thinking…"
    assert d("hint") == ()  # asked once: a second tap starts nothing
    seat = d.s.at_screen
    assert seat is not None
    search = make_bot("hard").start(d.match.view(seat), hint_rng(d.s, key))
    while (action := search.step(0.05)) is None:
        pass
    d.s, _ = advised(d.s, key, action)
    text = d.table().controls.hint
    assert text.startswith("The hard bot would ") and present(d.s).live == text
    assert "hint" not in [b.action for b in d.table().controls.actions]  # answered: the button goes
    d.s, _ = act(d.s, "set", "lang", "de")
    assert d.table().controls.hint.startswith("Der starke Bot")
    d("knock")
    d("confirm")
    d.bots()
    assert d.table().controls.hint == ""  # a new turn: the old hint is gone


def test_an_answer_for_a_table_that_moved_on_is_dropped() -> None:
    d = Driver(with_shell(Table(seed=7), settings=Settings(speed="fast")))
    d("start")
    d.bots()
    d("hint")
    key = hint_key(d.s)
    assert key is not None
    d("knock")
    d("confirm")
    d.bots()
    before = d.s
    d.s, effects = advised(d.s, key, KNOCK)
    assert d.s is before and effects == ()


def test_the_sentence_gives_the_score_of_each_option() -> None:
    t = Texts("en", Settings())
    text = explain(t, HAND, POOL, Swap(Card.parse("yellow 8"), Card.parse("red 5")))
    new = [c for c in HAND if c != Card.parse("yellow 8")] + [Card.parse("red 5")]
    assert text.startswith("The hard bot would give the yellow 8 and take the red 5: your hand would score "
                           f"{score_hand(new)} (now {score_hand(HAND)};")
    assert explain(t, HAND, POOL, KNOCK).startswith(f"The hard bot would knock with {score_hand(HAND)} points")
    assert explain(t, HAND, POOL, KNOCK, final=True).startswith("The hard bot would pass")


def test_no_hint_with_two_people_or_outside_the_person_s_turn() -> None:
    d = Driver(with_shell(Table(seed=4), settings=ANA_BEN))
    d("start")
    d("ready")
    assert hint_key(d.s) is None and d("hint") == ()
    assert "hint" not in [b.action for b in present(d.s).body.controls.actions]  # type: ignore[union-attr]


def test_a_swap_that_gives_up_points_now_says_so() -> None:
    t = Texts("en", Settings())
    text = explain(t, HAND, POOL, Swap(Card.parse("red 1"), Card.parse("black 8")))
    assert "a swap to " in text and "for a group later" in text


def test_a_swap_hint_lights_up_the_two_cards_it_names_and_a_knock_hint_none() -> None:
    """The hint's words name a hand card and a pool card: both wear the cue's ring until the turn is played."""
    d = Driver(with_shell(Table(seed=7), settings=Settings(speed="fast")))
    d("start")
    d.bots()

    def lit() -> set[str]:
        view = d.table()
        return {c.slug for g in view.hand.groups for c in g if c.cued} | {c.slug for c in view.pool.cards if c.cued}  # type: ignore[union-attr]

    assert lit() == set()
    r = d.match.round
    give, take = r.hand(0)[2], r.pool[1]
    d("hint")
    key = hint_key(d.s)
    assert key is not None
    d.s, _ = advised(d.s, key, Swap(give, take))
    assert lit() == {give.slug, take.slug}
    assert Texts("en", d.s.settings).card_in(give) in d.table().controls.hint
    d("hand", give.slug)  # choosing the named card keeps both lit
    assert lit() == {give.slug, take.slug}
    d("cancel")
    d.s, _ = advised(replace(d.s, hint=None, asked=key), key, KNOCK)
    assert lit() == set() and d.table().controls.hint
    d("knock")
    d("confirm")
    d.bots()
    assert lit() == set()
