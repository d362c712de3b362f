"""Motion and sound, decided from two states: the swap whose cards travel, the sounds a change makes."""

from __future__ import annotations

from tabletop.notes import with_shell
from tests.harness import remembers
from tests.zero_steps import Driver, act, bot_play
from zero_game import Swap
from zero_game.web.motion import cues, travel_ms, travelled
from zero_game.web.present import present
from zero_game.web.screens import SetupView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table, bot_turn


def test_a_swap_travels_once_and_each_turn_makes_its_sound() -> None:
    from zero_game.bots import make_bot

    d = Driver(with_shell(Table(seed=3), settings=Settings(speed="normal")))
    d("start")
    heard: list[str] = []
    moved = 0
    while d.page in (Page.TABLE, Page.LAST_MOVE):
        before = d.s
        if d.page is Page.LAST_MOVE:
            d("see-end")
        elif (turn := bot_turn(d.s)) is not None:
            d.s, _ = bot_play(d.s, turn, make_bot(turn.level).choose(turn.view, turn.rng))
        else:
            d("knock")
            before = d.s
            d("confirm")
        found = travelled(before, d.s)
        if found is not None:
            seat, swap = found
            last = d.match.round.history[-1] if d.page is Page.TABLE else None
            assert isinstance(swap, Swap) and (last is None or (last.seat, last.action) == (seat, swap))
            moved += 1
            assert travelled(d.s, d.s) is None  # the same state again: nothing travels twice
        heard += cues(before, d.s)
    assert moved > 0 and heard.count("swap") >= moved - heard.count("zero")
    assert "final" in heard or "zero" in heard
    assert heard[-1] == "end" and heard.count("end") == 1
    assert travel_ms(d.s) == 350
    while True:  # the match played out: the podium opens with its fanfare, once
        before = d.s
        d("next-round")
        if d.page is Page.MATCH_END:
            break
        assert "podium" not in cues(before, d.s)
        d.knock_round_out()
    assert cues(before, d.s) == ("podium",) and cues(d.s, d.s) == ()


def test_sound_and_motion_are_this_device_s_choices_changeable_any_time() -> None:
    d = Driver(Table(seed=3))
    d("start")
    assert d.s.sound and d.s.motion
    assert remembers(d("sound")) and not d.s.sound
    sound = next(b for b in d.table().status.tools if b.action == "sound")
    assert sound.pressed is False and sound.label == "Sound: off"  # its state said in words, not only shown
    d("set", "motion", "off")
    assert not d.s.motion
    d("new-setup")
    d("new-setup-yes")
    body = present(d.s).body
    assert isinstance(body, SetupView)
    assert [c.field for c in body.switches] == ["motion", "sound"]  # the device's options, behind More options
    assert body.more is not None and body.more.pressed is False
    assert {c.field: c.value for c in body.switches}["motion"] == "off"
    s, effects = act(d.s, "set", "sound", "on")
    assert s.sound and remembers(effects) and len(effects) == 1
