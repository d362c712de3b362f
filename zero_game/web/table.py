"""The table's state and its transitions: one frozen ``Table``, pure functions from state to state.

A message (``commands.handle``) becomes an engine action, the engine returns the next ``Match``, and the
effects to carry out (save, record, think…) are values the shell's runtime (``tabletop.runtime``) performs in
one place.  Three functions of the state decide everything else:

- ``page(state)``: which screen is up;
- ``next_step(state)``: what happens next (a bot thinks, a person takes the tablet, a person plays);
- ``visible_hand(state)``: the only door through which a hand reaches the screen.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, cast

from tabletop import bots, core, nav
from tabletop.bots import BotSteps, Key, Turn
from tabletop.core import Core, OnCore
from tabletop.effects import Add, After, Effects, Thinking, unique
from tabletop.notes import Live, said, with_shell
from tabletop.prefs import PREFS
from tabletop.remote import bot_level
from tabletop.turns import Acts, BotActs, HandOff, Step, Waits
from zero_game import Action, Card, Match, Phase, Round, Swap
from zero_game import Effect as Turned
from zero_game.seats import Seat
from zero_game.sheet import ScoreSheet

from .settings import SPEEDS, Settings
from .texts import Texts, sheet_seats

if TYPE_CHECKING:
    from zero_game.bots.base import Bot


class Page(StrEnum):
    """The screens of the page."""

    SETUP = "setup"
    HANDOFF = "handoff"
    TABLE = "table"
    LAST_MOVE = "last-move"  # the move that ended a round, on the table, before the round's end
    ROUND_END = "round-end"
    MATCH_END = "match-end"
    SHEET = "sheet"
    RULES = "rules"
    LOG = "log"
    REPLAY = "replay"


# ---- the live region: what just happened, as an event (the presenter words it) --------------------


@dataclass(frozen=True)
class CardWord:
    """A card in a live sentence: "the red 7" (``bare``: "red 7")."""

    card: Card
    bare: bool = False


HINT_SAID = "=hint"  # the live key that says the hint on screen (worded from the state: ``hint.hint_text``)


# ---- messages: a bot's turn in steps, the pause before a round's end, a hint ----------------------


@dataclass(frozen=True)
class SeeEnd:
    """The pause after a round's last move is over: open the round's end, if it is still on the table."""

    key: tuple[int, int]  # (match serial, round index)


# ---- what happens next ----------------------------------------------------------------------------




@dataclass(frozen=True)
class Table(OnCore):
    """Everything the page knows: the set-up, the match, the screen, the choices in progress."""

    core: Core = field(default_factory=lambda: Core(history=ScoreSheet(), settings=Settings()))  # the shell's fields
    seed: int | None = None  # a fixed seed (``?seed=``) for the first match dealt from the set-up
    match: Match | None = None
    reviewed: int = 0  # finished rounds whose end the players have seen
    shown: int = 0  # finished rounds whose last move the players have seen on the table (not saved)
    give: Card | None = None
    take: Card | None = None
    knocking: bool = False
    sort_by_number: bool = False
    pool_order: tuple[Card, ...] = ()  # the pool as laid out: a given card takes the taken card's place
    moving: Swap | None = None
    arrived: Card | None = None
    received: Card | None = None
    seat_names: tuple[Seat, ...] = ()  # the seats as the saved match and the score sheet name them (fixed at the deal)
    assists: tuple[str, ...] = ()  # help used in this match ("undo", "hint"), marked on the score sheet
    asked: tuple[int, int, int] | None = None  # a hint asked where the table stood (see hint.py)
    hint: tuple[tuple[int, int, int], Action] | None = None  # the hard bot's answer, and where it was asked
    replay: tuple[str, int, int] | None = None  # a finished round replayed: match id, round index, move
    log_open: bool = False  # the move log is shown at the table while play goes on (not saved; see present.table)

    @property
    def overlay(self) -> Page | None:
        """The rules, the score sheet, the log or a replay over the game, if one is open."""
        return cast("Page | None", self.core.overlay)

    @property
    def history(self) -> ScoreSheet:
        """The score sheet as read."""
        return cast(ScoreSheet, self.core.history)

    @property
    def settings(self) -> Settings:
        """The set-up: the seats, the rounds, the pace (the phones' seating is the shell's to change)."""
        return cast(Settings, self.core.settings)

    @property
    def texts(self) -> Texts:
        """Messages for this table in its language."""
        return Texts(self.lang, self.settings)


def page(s: Table) -> Page:
    """The screen that is up."""
    m = s.match
    if m is None or s.setting_up or s.overlay is not None:
        return nav.over(s, Page.SETUP)
    if len(m.finished_rounds) > s.reviewed:
        return Page.ROUND_END if s.shown > s.reviewed else Page.LAST_MOVE
    if m.is_over:
        return Page.MATCH_END
    return Page.HANDOFF if isinstance(next_step(s), HandOff) else Page.TABLE


def next_step(s: Table) -> Step | None:
    """What happens next at the table: a bot thinks, the tablet goes to a person, or a person plays.

    ``None`` while nothing may happen: no match, the set-up or a page open over the game, a round's
    end not yet seen, or the match over.
    """
    m = s.match
    if m is None or s.setting_up or s.overlay is not None or m.is_over or len(m.finished_rounds) > s.reviewed:
        return None
    seat = m.current_player
    if seat is None:
        return None
    if bot_level(s.settings, s.remote, seat) is not None:  # a bot, or one for an away phone (``Link.STANDIN``)
        return BotActs(seat, (len(m.finished_rounds), m.round.turns_taken, seat))
    if s.phone is not None or seat in s.settings.phones:  # a phone's own screen, or a seat played on a phone
        return Acts(seat) if s.phone == seat else Waits(seat)
    return Acts(seat) if s.at_screen == seat else HandOff(seat)


def table_round(s: Table) -> Round | None:
    """The round on the table: the finished round whose end is not yet seen, else the round in play."""
    m = s.match
    if m is None:
        return None
    return m.finished_rounds[s.reviewed] if len(m.finished_rounds) > s.reviewed else m.round


def _round_index(s: Table) -> int:
    m = s.match
    assert m is not None
    return min(s.reviewed, len(m.finished_rounds))


def visible_hand(s: Table) -> Mapping[int, tuple[Card, ...]]:
    """The hands that may be in the page now, by seat: the only way a hand reaches the screen.

    One person at the tablet: their hand while the round is played (bots' turns too, and the round's
    last move).  Two or more: a hand only while its owner acts after their own hand-off.  A seat's phone
    (``s.phone``): that seat's hand while the round is played.  Never the hand of a seat on a phone on the
    tablet.  Every hand on a round's end.
    """
    where = page(s)
    m = s.match
    if m is None:
        return {}
    if where is Page.ROUND_END:
        r = m.finished_rounds[s.reviewed]
        return {seat: r.hand(seat) for seat in range(r.players)}
    if s.phone is not None:  # a phone: its own hand, all the time its round is played
        if where is Page.LAST_MOVE:
            return {s.phone: m.finished_rounds[s.reviewed].hand(s.phone)}
        return {s.phone: m.round.hand(s.phone)} if where is Page.TABLE else {}
    here = s.settings.at_tablet
    if where is Page.LAST_MOVE:
        last = m.finished_rounds[s.reviewed]
        return {here[0]: last.hand(here[0])} if len(here) == 1 else {}
    if where is not Page.TABLE or s.at_screen is None or s.at_screen not in here:
        return {}
    seat = s.at_screen
    if len(here) > 1 and m.current_player != seat:
        return {}
    return {seat: m.round.hand(seat)}


def my_turn(s: Table) -> bool:
    """Whether the person at the screen may choose cards and knock now."""
    return page(s) is Page.TABLE and isinstance(next_step(s), Acts)


# ---- the transitions -------------------------------------------------------------------------------

Result = tuple[Table, Effects]
SLOT = "game"  # the saved match's document (``keeper.GAME``)


def settle(before: Table, after: Table, effects: Effects = (), *, pause: float = 0.0, save: bool = True) -> Result:
    """The state after a change, with the effects that follow from the change itself.

    The one place that decides: who is at the screen, the pool's layout, saving, recording a finished
    match, the pause before a round's end, and waking the bots (after ``pause`` seconds: a bot's move
    stays on screen a moment before the next one thinks).  ``save=False``: the match was just read
    from storage.
    """
    m = after.match
    changed = m is not before.match or after.reviewed != before.reviewed or after.assists != before.assists
    # A tutorial saves nothing, records nothing, leaves the saved match.
    after, found = core.settle(before, after, effects, was=before.match, game=m, changed=changed,
                               at_tablet=after.settings.at_tablet, slot=SLOT, save=save, quiet=after.lesson is not None)
    if m is not None and (m is not before.match or after.reviewed != before.reviewed):
        same_round = (
            before.match is not None and after.serial == before.serial and _round_index(before) == _round_index(after)
        )
        on_table = table_round(after)
        assert on_table is not None
        after = replace(after, pool_order=keep_places(after.pool_order if same_round else (), on_table.pool))
    found += bots.wake(after.serial, bot_turn(after), think, lambda state, k: acting(state, k) is not None, pause)
    reveal = revealing(after)
    if reveal is not None:
        hold = max(1.0, SPEEDS[after.settings.speed] * 2) + (1.5 if zero_ended(after) else 0.0)  # a ZERO's moment
        found.append(After(hold, SeeEnd(reveal), key=("reveal", reveal)))
    return after, unique(found)  # settling twice asks for nothing twice


def zero_ended(s: Table) -> bool:
    """Whether the round whose last move is on the table ended with a ZERO."""
    r = table_round(s)
    return r is not None and r.is_over and bool(r.zero_seats)


def revealing(s: Table) -> tuple[int, int] | None:
    """The round's end waiting to open while its last move is on the table, if it is: (match serial, round)."""
    return (s.serial, s.reviewed) if page(s) is Page.LAST_MOVE else None


def keep_places(old: tuple[Card, ...], pool: tuple[Card, ...]) -> tuple[Card, ...]:
    """The pool laid out as before: cards that stayed keep their slot, a new card takes a freed slot."""
    if len(old) != len(pool):
        return pool
    new = [c for c in pool if c not in old]
    return tuple(c if c in pool else new.pop(0) for c in old)


def resume(s: Table, match: Match, settings: Settings, reviewed: int | None = None,
           assists: tuple[str, ...] = (), seats: tuple[Seat, ...] = ()) -> Result:
    """Continue a restored match: nobody is at the screen yet; a seen round's end is not shown again.

    A finished match is put on the score sheet again (``recorded=False``): it is saved only while the sheet has
    not been written with it (storage was full as it ended), and the sheet adds a match it holds already once.
    """
    if match.players != len(settings.seats):
        raise ValueError("The saved match does not fit the saved seats.")
    done = len(match.finished_rounds)
    after = with_shell(replace(
        cleared(s), match=match,
        reviewed=done if reviewed is None else max(0, min(reviewed, done)),
        shown=done if reviewed is None else max(0, min(reviewed, done)),
        pool_order=(), assists=assists, seat_names=seats,
    ), setting_up=False, overlay=None, at_screen=None, recorded=False, serial=s.serial + 1, lesson=None,
        before_lesson=None, settings=settings)
    return settle(with_shell(replace(s, match=None), serial=after.serial), after, save=False)


def start(s: Table, seed: int | None = None) -> Result:
    """Deal a new match with the current settings."""
    if seed is None:
        fixed = s.seed is not None and s.setting_up
        seed = s.seed if fixed else random.Random(f"{s.entropy}:{s.serial}").getrandbits(48)
    st = s.settings
    match = Match.new(len(st.seats), seed, rounds=st.rounds, pool_size=st.pool_size, dealer=st.dealer)
    after = with_shell(replace(
        cleared(s), match=match, reviewed=0, shown=0, assists=(), seat_names=sheet_seats(s.texts),
    ), serial=s.serial + 1, setting_up=False, overlay=None, at_screen=None, recorded=False, confirm_new=False,
        lesson=None, before_lesson=None, live=said("live.round_start", match.round.dealer, n=1, total=match.rounds))
    return settle(s, after)


def prefs_saved(s: Table) -> Effects:
    """Remember this device's choices: sound, motion, the tutorial seen, the language (for every game)."""
    return (Add(PREFS.name, {"sound": s.sound, "motion": s.motion, "zero.taught": s.taught, "lang": s.lang}),)


def cleared(s: Table) -> Table:
    """``s`` with no choice in progress and no move on screen."""
    return with_shell(replace(s, give=None, take=None, knocking=False, moving=None, arrived=None, received=None),
                      thinking=None, refused=False)


def apply(s: Table, action: Action, *, pause: float = 0.0) -> Result:
    """The seat to act plays ``action``; a person's turn ends with the tablet put down."""
    before = s.match
    assert before is not None
    seat = before.current_player
    assert seat is not None
    match = before.apply(action)
    after = with_shell(replace(cleared(s), match=match), live=turn_said(before, match))
    if isinstance(action, Swap):
        after = replace(after, arrived=action.give, received=action.take if seat == s.at_screen else None)
    if len(s.settings.at_tablet) > 1:
        after = with_shell(after, at_screen=None)
    return settle(s, after, pause=pause)


def turn_said(before: Match, after: Match) -> Live:
    """The live event for the turn just taken (public information only)."""
    finished = len(after.finished_rounds) > len(before.finished_rounds)
    r = after.finished_rounds[len(before.finished_rounds)] if finished else after.round
    turn = r.history[-1]
    more = ("live.round_over",) if finished and turn.effect is not Turned.ZERO else ()
    return turn_event(turn.seat, turn.action, turn.effect, more)


def turn_event(seat: int, action: Action, effect: Turned, more: tuple[str, ...] = ()) -> Live:
    """The event for one turn: who gave and took what, or who knocked or passed."""
    if isinstance(action, Swap):
        key = "live.zero" if effect is Turned.ZERO else "live.swap"
        return said(key, seat, *more, give=CardWord(action.give), take=CardWord(action.take))
    key = {Turned.KNOCK: "live.knock", Turned.SECOND_KNOCK: "live.second_knock"}.get(effect, "live.pass")
    return said(key, seat, *more)


def knock_question(s: Table) -> str:
    """The key of the question the knock button asks."""
    r = s.match.round if s.match else None
    if r is None or r.phase is Phase.FINAL:
        return "confirm.pass"
    return "confirm.knock_first" if r.knocks == 0 else "confirm.knock_second"


# ---- bots -------------------------------------------------------------------------------------------


def bot_turn(s: Table) -> Turn | None:
    """The bot turn to play now, if a bot is to act: its ``context`` is the match around the round (``Standing``), for
    the bots that weigh it."""
    step, m = next_step(s), s.match
    if not isinstance(step, BotActs) or m is None:
        return None
    from zero_game.bots import Standing  # the bots are imported only once a bot plays

    script = None
    if s.lesson is not None:
        from .tutorial import scripted  # the tutorial builds on this module

        script = scripted(s)
    level = bot_level(s.settings, s.remote, step.who)
    assert level is not None
    return Turn(step.who, level, m.view(step.who),
                random.Random(f"{m.seed}:{step.key[0]}:{step.key[1]}"), step.key, script,
                Standing(tuple(m.totals), max(0, m.rounds - m.round_number)))


@functools.cache
def bot(level: str) -> Bot:
    """The bot of ``level`` (bots keep nothing between decisions: one of each serves every seat)."""
    from zero_game.bots import make_bot  # the bots are imported only once a bot plays

    return make_bot(level)


def think(turn: Turn) -> Thinking:
    """The bot of ``turn`` starting to decide on what its seat may see."""
    return bot(turn.level).start(turn.view, turn.rng, turn.context)


def acting(s: Table, key: Key) -> BotActs | None:
    """The bot to act of ``key``, if the table is still where that bot saw it."""
    return bots.acting(next_step(s), s.serial, key)


#: A bot's turn on Zero's table: its seat says it is thinking, the card it takes leaves the pool, then the move is
#: played; each step a share of the bots' pace, and the next bot waits a moment more.
BOT_STEPS: BotSteps[Table] = BotSteps(
    acting=acting,
    thinking=lambda s, who: with_shell(replace(s, arrived=None, received=None), thinking=who.who),
    showing=lambda s, action: with_shell(replace(s, moving=action if isinstance(action, Swap) else None),
                                         thinking=None),
    play=lambda s, action, rest: apply(with_shell(replace(s, moving=None), thinking=None), action, pause=rest),
    pace=lambda s: SPEEDS[s.settings.speed],
    think=0.4, show=0.3, rest=0.3,
)


def see_end(s: Table, key: tuple[int, int]) -> Table:
    """After the pause: the round's end opens, if its last move is still on the table."""
    return replace(s, shown=s.reviewed + 1) if revealing(s) == key else s
