"""Hot-seat privacy by construction: over thousands of seeded matches of every mix of people and bots,
no hand is in the screen model unless ``visible_hand`` allows it, and it allows only what the rules of the
table say (one person: theirs; several: the acting person's after their hand-off; all at a round's end)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from tabletop.notes import with_shell
from tests.zero_steps import act, bot_play, bot_show, bot_thinking
from zero_game import KNOCK, Match
from zero_game.seats import Seat
from zero_game.web.present import present
from zero_game.web.screens import cards_shown
from zero_game.web.settings import Settings
from zero_game.web.table import (
    Page,
    Table,
    bot_turn,
    page,
    resume,
    visible_hand,
)

# Every way to seat people (P) and bots (B) at 2 to 5 seats: people adjacent or not, a bot between two people.
MIXES = [mix for n in range(2, 6) for mix in itertools.product("PB", repeat=n)]
MATCHES_PER_MIX = 34  # 60 mixes: 2,040 matches, two rounds each
DRAW_EVERY = 10  # build the whole screen model on every 10th match (the rest check ``visible_hand`` only)


def settings_for(mix: tuple[str, ...]) -> Settings:
    seats = tuple(Seat() if kind == "P" else Seat.bot("easy") for kind in mix)
    return Settings(seats=seats, rounds=2, speed="fast")


def check(s: Table, draw: bool) -> None:
    """The privacy rules of the table, for one state."""
    shown = visible_hand(s)
    where = page(s)
    persons = s.settings.persons
    m = s.match
    if where in (Page.SETUP, Page.HANDOFF, Page.SHEET, Page.RULES, Page.LOG, Page.MATCH_END) or m is None:
        assert shown == {}, where
    elif where is Page.ROUND_END:
        assert set(shown) == set(range(m.players))
    elif where is Page.LAST_MOVE:
        assert set(shown) == (set(persons) if len(persons) == 1 else set()), "the last move shows one hand at most"
    else:
        current = m.current_player
        assert current is not None
        if len(persons) == 1:
            assert set(shown) == {persons[0]}, "one person sees their own hand all round"
        elif persons:
            if current not in persons:
                assert shown == {}, "a hand was shown during a bot's turn"
            else:
                assert set(shown) <= {current} and s.at_screen == current, "a hand without its hand-off"
        else:
            assert shown == {}
    if draw and m is not None:
        seen = cards_shown(present(s))
        r = m.finished_rounds[s.reviewed] if where in (Page.ROUND_END, Page.LAST_MOVE) else m.round
        public = {t.action.take.slug for t in r.history if hasattr(t.action, "take")}
        for seat in range(m.players):
            if seat not in shown:
                leaked = {c.slug for c in r.hand(seat)} & seen - public
                assert not leaked, f"seat {seat}'s {leaked} drawn on {where}"


def person_turn(s: Table, rng: random.Random) -> Table:
    """A person's taps at random: own cards, pool cards, now and then another seat's card, knock, confirm…"""
    m = s.match
    assert m is not None
    r = m.round
    roll = rng.random()
    if roll < 0.3:
        seat = r.current_player if rng.random() < 0.9 else rng.randrange(r.players)
        s, _ = act(s, "hand", rng.choice(r.hand(seat or 0)).slug)
    elif roll < 0.55:
        s, _ = act(s, "pool", rng.choice(r.pool).slug)
    elif roll < 0.7:
        s, _ = act(s, "knock")
    elif roll < 0.73:
        s, _ = act(s, rng.choice(["cancel", "sort", "rules", "back", "sheet", "log"]))
    else:
        s, _ = act(s, "confirm")
    return s


def visit(s: Table, name: str, checked: Callable[[Table], None]) -> Table:
    """Open ``name`` over the game, check what it shows, and go back."""
    s, _ = act(s, name)
    checked(s)
    s, _ = act(s, "back")
    return s


def interrupt(s: Table, rng: random.Random, checked: Callable[[Table], None]) -> Table:
    """Things that happen at any time: a language switch, a page opened (and checked) and closed, a reload."""
    roll = rng.random()
    if roll < 0.3:
        s, _ = act(s, "set", "lang", rng.choice(["en", "fr", "de"]))
    elif roll < 0.6:
        s = visit(s, rng.choice(["rules", "sheet", "log"]), checked)
    elif s.match is not None:  # a reload: the match and set-up come back from the saved JSON
        saved = Match.from_json(s.match.to_json())
        s, _ = resume(with_shell(Table(), lang=s.lang), saved, Settings.from_dict(s.settings.to_dict()), s.reviewed)
    return s


class Checker:
    """``check`` on every state a match passes through, once per state: a tap that changes nothing hands back
    the same state, and ``check`` is a pure function of it.  Keeps the screens seen, per mix of seats."""

    def __init__(self) -> None:
        self.states = 0
        self.pages: dict[tuple[str, ...], set[Page | str]] = {}
        self.last: Table | None = None

    def __call__(self, s: Table, draw: bool) -> None:
        if s is self.last:
            return
        self.last = s
        check(s, draw)
        self.states += 1


def play(mix: tuple[str, ...], seed: int, draw: bool, checker: Checker) -> None:
    """One match at random, every state checked."""
    rng = random.Random(f"{''.join(mix)}:{seed}")
    s, _ = act(with_shell(Table(seed=seed), settings=settings_for(mix)), "start")
    seen = checker.pages.setdefault(mix, set())

    def opened(over: Table) -> None:  # a page opened over the game, before it is closed
        checker(over, draw)
        seen.add(page(over))

    for _ in range(3000):
        checker(s, draw)
        where = page(s)
        seen.add(where)
        if s.log_open and where is Page.TABLE:
            seen.add(LOG_BESIDE)
        if where is Page.MATCH_END:
            return
        if rng.random() < 0.04:
            s = interrupt(s, rng, opened)
        elif where is Page.ROUND_END:
            if rng.random() < 0.3:  # the round's moves, a page of their own at a round's end
                s = visit(s, "log", opened)
            s, _ = act(s, "next-round")
        elif where is Page.LAST_MOVE:
            s, _ = act(s, "see-end" if rng.random() < 0.8 else rng.choice(["hand", "pool", "confirm", "knock"]))
        elif where is Page.HANDOFF:
            s, _ = act(s, "ready" if rng.random() < 0.8 else rng.choice(["hand", "pool", "confirm", "knock"]))
        elif (turn := bot_turn(s)) is not None:
            action = KNOCK if rng.random() < 0.3 else rng.choice(turn.view.legal_actions())
            s = bot_thinking(s, turn)
            checker(s, draw)
            s = bot_show(s, turn, action)
            checker(s, draw)
            s, _ = bot_play(s, turn, action)
        else:
            s = person_turn(s, rng)
    raise AssertionError(f"{mix} seed {seed}: the match did not end")


# Where every mix of seats goes in its matches: the table (with the move log open beside it too), a round's last
# move and its end, the match's end, the rules, score sheet and a round's moves opened over the game; with two
# people or more, the hand-off too.
LOG_BESIDE = "the table with its move log open"
EVERY_MIX_SEES: set[Page | str] = {Page.TABLE, LOG_BESIDE, Page.LAST_MOVE, Page.ROUND_END, Page.MATCH_END, Page.RULES,
                                   Page.SHEET, Page.LOG}


def test_no_hand_is_shown_that_its_owner_would_not_allow_over_thousands_of_matches() -> None:
    checker = Checker()
    matches = 0
    for mix in MIXES:
        for seed in range(MATCHES_PER_MIX):
            play(mix, seed, seed % DRAW_EVERY == 0, checker)
            matches += 1
    assert matches == 2040 and checker.states > 50_000
    for mix, seen in checker.pages.items():
        wanted = EVERY_MIX_SEES | ({Page.HANDOFF} if mix.count("P") > 1 else set[Page | str]())
        assert wanted <= seen, f"{''.join(mix)}: the matches never reached {sorted(map(str, wanted - seen))}"
