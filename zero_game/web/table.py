"""The table's state and its transitions: one frozen ``Table``, pure functions from state to state.

``handle(state, command, arg, value) -> (state, effects)``: a tap becomes an engine action, the
engine returns the next ``Match``, and the effects to carry out (save, record, think…) are values
the page's glue performs in one place.  Three functions of the state decide everything else:

- ``page(state)``: which screen is up;
- ``next_step(state)``: what happens next (a bot thinks, a person takes the tablet, a person plays);
- ``visible_hand(state)``: the only door through which a hand reaches the screen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from zero_game import Action, Card, Effect, Match, Phase, Round, RoundView, Swap
from zero_game.sheet import ScoreSheet

from .settings import Settings
from .texts import Texts


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


# ---- effects: what the glue carries out ---------------------------------------------------------


@dataclass(frozen=True)
class Save:
    """Save the match in progress (a new match, ``Table.serial`` changed, gets a new id)."""


@dataclass(frozen=True)
class RecordFinished:
    """Put the finished match on the score sheet and forget the saved match."""


@dataclass(frozen=True)
class ClearSaved:
    """The saved match is no longer the one to resume."""


@dataclass(frozen=True)
class Think:
    """A bot is to act: start the bot loop if it is not running."""

    seat: int
    key: tuple[int, int, int] = (0, 0, 0)


@dataclass(frozen=True)
class Reveal:
    """The round's last move is on the table: after a pause, open the round's end (``see-end``) if still there."""

    key: tuple[int, int]  # (match serial, round index)


@dataclass(frozen=True)
class Advise:
    """Run the hard bot for the person at the screen, in slices, and pass its choice to ``hint.advised``."""

    key: tuple[int, int, int]  # (match serial, finished rounds, turns taken this round)


@dataclass(frozen=True)
class SavePrefs:
    """Remember this device's sound and motion choices."""


@dataclass(frozen=True)
class StoreAction:
    """A command about saved data (export, import, clear, another tab's match), done by the glue."""

    command: str
    arg: str = ""


@dataclass(frozen=True)
class Leave:
    """Go back to the choice of game (the game in progress stays saved)."""


Effect_ = Save | RecordFinished | ClearSaved | Think | Reveal | Advise | SavePrefs | StoreAction | Leave
Effects = tuple[Effect_, ...]


# ---- what happens next ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HandOff:
    """A person is to act who is not at the screen: the tablet goes to them first."""

    seat: int


@dataclass(frozen=True)
class Play:
    """The person at the screen is to act."""

    seat: int


Step = Think | HandOff | Play


def deliberate_press(clicks: int, pressed_at: float, handoff_at: float) -> bool:
    """Whether a press on a hand-off's button is a new act, not the tail of the last person's (any game).

    The second click of a double-click (``clicks`` 2) and a press that began before the hand-off
    appeared are tails; ``clicks`` 0 is a key press on the button (reached only by Tab) or a script.
    """
    return clicks == 0 or (clicks == 1 and pressed_at >= handoff_at)


@dataclass(frozen=True)
class Note:
    """A notice about saved data: message key and parameters, ``alert`` for problems, extra buttons."""

    key: str
    params: tuple[tuple[str, object], ...] = ()
    alert: bool = False
    actions: tuple[tuple[str, str, str], ...] = ()  # (command, arg, label key)


@dataclass(frozen=True)
class Table:
    """Everything the page knows: the set-up, the match, the screen, the choices in progress."""

    lang: str = "en"
    settings: Settings = Settings()
    seed: int | None = None  # a fixed seed (``?seed=``) for the first match dealt from the set-up
    entropy: int = 0  # where the seeds of later matches come from
    match: Match | None = None
    setting_up: bool = True  # the set-up page is up (a match may wait behind it)
    overlay: Page | None = None  # the rules or the score-sheet page, over the game
    at_screen: int | None = None  # the person who took the tablet (tapped through their hand-off)
    reviewed: int = 0  # finished rounds whose end the players have seen
    shown: int = 0  # finished rounds whose last move the players have seen on the table (not saved)
    give: Card | None = None
    take: Card | None = None
    knocking: bool = False
    sort_by_number: bool = False
    pool_order: tuple[Card, ...] = ()  # the pool as laid out: a given card takes the taken card's place
    thinking: int | None = None
    moving: Swap | None = None
    arrived: Card | None = None
    received: Card | None = None
    live: str = ""
    history: ScoreSheet = field(default_factory=ScoreSheet)
    backups: tuple[str, ...] = ()
    confirm_clear: bool = False
    confirm_new: bool = False
    notes: tuple[Note, ...] = ()
    serial: int = 0  # counts dealt matches: a new one gets a new saved-game id
    recorded: bool = False  # the finished match went to the score sheet
    assists: tuple[str, ...] = ()  # help used in this match ("undo", "hint"), marked on the score sheet
    asked: tuple[int, int, int] | None = None  # a hint asked where the table stood (see hint.py)
    hint: tuple[tuple[int, int, int], Action] | None = None  # the hard bot's answer, and where it was asked
    replay: tuple[str, int, int] | None = None  # a finished round replayed: match id, round index, move
    sound: bool = True  # this device's choices, kept apart from any match (``SavePrefs``)
    motion: bool = True
    taught: bool = False  # the tutorial was played to its end on this device
    lesson: int | None = None  # the tutorial's scene being played (see tutorial.py)
    before_lesson: Table | None = None  # the table as it was when the tutorial began

    @property
    def texts(self) -> Texts:
        """Messages for this table in its language."""
        return Texts(self.lang, self.settings)


def page(s: Table) -> Page:
    """The screen that is up."""
    if s.overlay is not None:
        return s.overlay
    m = s.match
    if m is None or s.setting_up:
        return Page.SETUP
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
    if not s.settings.seats[seat].is_person:
        return Think(seat, (len(m.finished_rounds), m.round.turns_taken, seat))
    return Play(seat) if s.at_screen == seat else HandOff(seat)


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

    One person at the table: their hand while the round is played (bots' turns too, and the round's
    last move).  Two or more: a hand only while its owner acts after their own hand-off.  Every
    hand on a round's end.
    """
    where = page(s)
    m = s.match
    if m is None:
        return {}
    if where is Page.ROUND_END:
        r = m.finished_rounds[s.reviewed]
        return {seat: r.hand(seat) for seat in range(r.players)}
    if where is Page.LAST_MOVE:
        persons = s.settings.persons
        last = m.finished_rounds[s.reviewed]
        return {persons[0]: last.hand(persons[0])} if len(persons) == 1 else {}
    if where is not Page.TABLE or s.at_screen is None:
        return {}
    seat = s.at_screen
    if len(s.settings.persons) > 1 and m.current_player != seat:
        return {}
    return {seat: m.round.hand(seat)}


def my_turn(s: Table) -> bool:
    """Whether the person at the screen may choose cards and knock now."""
    return page(s) is Page.TABLE and isinstance(next_step(s), Play)


# ---- the transitions -------------------------------------------------------------------------------

Result = tuple[Table, Effects]


def settle(before: Table, after: Table, effects: Effects = ()) -> Result:
    """The state after a change, with the effects that follow from the change itself.

    The one place that decides: who is at the screen, the pool's layout, saving, recording a
    finished match, and waking the bots.
    """
    found: list[Effect_] = []
    persons = after.settings.persons
    if after.match is not None and len(persons) == 1 and after.at_screen != persons[0]:
        after = replace(after, at_screen=persons[0])
    elif not persons and after.at_screen is not None:
        after = replace(after, at_screen=None)
    m = after.match
    if m is not None and (m is not before.match or after.reviewed != before.reviewed):
        same_round = (
            before.match is not None and after.serial == before.serial and _round_index(before) == _round_index(after)
        )
        on_table = table_round(after)
        assert on_table is not None
        after = replace(after, pool_order=keep_places(after.pool_order if same_round else (), on_table.pool))
    if m is not None and m is not before.match:
        if before.match is not None and after.serial != before.serial and not before.recorded:
            found.append(ClearSaved())
    if m is not None and (m is not before.match or after.reviewed != before.reviewed
                          or after.assists != before.assists):
        found.append(Save())
    if m is not None and m.is_over and not after.recorded:
        after = replace(after, recorded=True)
        found.append(RecordFinished())
    if after.lesson is not None:  # a tutorial saves nothing, records nothing, leaves the saved match alone
        found = [e for e in found if not isinstance(e, (Save, RecordFinished, ClearSaved))]
    step = next_step(after)
    if isinstance(step, Think):
        found.append(step)
    reveal = revealing(after)
    if reveal is not None:
        found.append(reveal)
    return after, tuple(dict.fromkeys((*effects, *found)))  # settling twice asks for nothing twice


def revealing(s: Table) -> Reveal | None:
    """The pause to take while the round's last move is on the table, if it is."""
    return Reveal((s.serial, s.reviewed)) if page(s) is Page.LAST_MOVE else None


def keep_places(old: tuple[Card, ...], pool: tuple[Card, ...]) -> tuple[Card, ...]:
    """The pool laid out as before: cards that stayed keep their slot, a new card takes a freed slot."""
    if len(old) != len(pool):
        return pool
    new = [c for c in pool if c not in old]
    return tuple(c if c in pool else new.pop(0) for c in old)


def resume(s: Table, match: Match, settings: Settings, reviewed: int | None = None,
           assists: tuple[str, ...] = ()) -> Result:
    """Continue a restored match: nobody is at the screen yet; a seen round's end is not shown again."""
    if match.players != len(settings.seats):
        raise ValueError("The saved match does not fit the saved seats.")
    done = len(match.finished_rounds)
    after = replace(
        cleared(s), settings=settings, match=match, setting_up=False, overlay=None, at_screen=None,
        reviewed=done if reviewed is None else max(0, min(reviewed, done)), recorded=match.is_over,
        shown=done if reviewed is None else max(0, min(reviewed, done)),
        pool_order=(), serial=s.serial + 1, assists=assists, lesson=None, before_lesson=None,
    )
    after, effects = settle(replace(s, match=None, serial=after.serial), after)
    return after, tuple(e for e in effects if not isinstance(e, Save))


def start(s: Table, seed: int | None = None) -> Result:
    """Deal a new match with the current settings."""
    if seed is None:
        fixed = s.seed is not None and s.setting_up
        seed = s.seed if fixed else random.Random(f"{s.entropy}:{s.serial}").getrandbits(48)
    st = s.settings
    match = Match.new(len(st.seats), seed, rounds=st.rounds, pool_size=st.pool_size, dealer=st.dealer)
    after = replace(
        cleared(s), match=match, serial=s.serial + 1, setting_up=False, overlay=None, reviewed=0, shown=0,
        at_screen=None, recorded=False, confirm_new=False, assists=(), lesson=None, before_lesson=None,
        live=s.texts.say("live.round_start", match.round.dealer, n=1, total=match.rounds),
    )
    return settle(s, after)


def cleared(s: Table) -> Table:
    """``s`` with no choice in progress and no move on screen."""
    return replace(s, give=None, take=None, knocking=False, moving=None, arrived=None, received=None, thinking=None)


def apply(s: Table, action: Action) -> Result:
    """The seat to act plays ``action``; a person's turn ends with the tablet put down."""
    before = s.match
    assert before is not None
    seat = before.current_player
    assert seat is not None
    match = before.apply(action)
    after = replace(cleared(s), match=match, live=_describe_turn(s.texts, before, match))
    if isinstance(action, Swap):
        after = replace(after, arrived=action.give, received=action.take if seat == s.at_screen else None)
    if len(s.settings.persons) > 1:
        after = replace(after, at_screen=None)
    return settle(s, after)


def _describe_turn(texts: Texts, before: Match, after: Match) -> str:
    """The live-region sentence for the turn just taken (public information only)."""
    finished = len(after.finished_rounds) > len(before.finished_rounds)
    r = after.finished_rounds[len(before.finished_rounds)] if finished else after.round
    turn = r.history[-1]
    text = turn_text(texts, turn.seat, turn.action, turn.effect)
    if finished and turn.effect is not Effect.ZERO:
        text += " " + texts.t("live.round_over")
    return text


def turn_text(texts: Texts, seat: int, action: Action, effect: Effect) -> str:
    """A sentence for one turn: who gave and took what, or who knocked or passed."""
    if isinstance(action, Swap):
        key = "live.zero" if effect is Effect.ZERO else "live.swap"
        return texts.say(key, seat, give=texts.card_in(action.give), take=texts.card_in(action.take))
    key = {Effect.KNOCK: "live.knock", Effect.SECOND_KNOCK: "live.second_knock"}.get(effect, "live.pass")
    return texts.say(key, seat)


def knock_question(s: Table) -> str:
    """The question the knock button asks."""
    r = s.match.round if s.match else None
    if r is None or r.phase is Phase.FINAL:
        return s.texts.t("confirm.pass")
    return s.texts.t("confirm.knock_first" if r.knocks == 0 else "confirm.knock_second")


# ---- bots -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn to take: ask the ``level`` bot for an action on ``view`` with ``rng``."""

    seat: int
    level: str
    view: RoundView
    rng: random.Random
    key: tuple[int, int, int]
    totals: tuple[int, ...]  # the match around the round (public), for the bots that weigh it
    rounds_left: int
    script: Action | None = None  # the tutorial's scripted move: no thinking


def bot_turn(s: Table) -> BotTurn | None:
    """The bot turn to play now, if a bot is to act."""
    step = next_step(s)
    if not isinstance(step, Think) or s.match is None:
        return None
    m = s.match
    rng = random.Random(f"{m.seed}:{step.key[0]}:{step.key[1]}")
    script = None
    if s.lesson is not None:
        from .tutorial import scripted  # the tutorial builds on this module

        script = scripted(s)
    return BotTurn(step.seat, s.settings.seats[step.seat].choice, m.view(step.seat), rng, step.key,
                   tuple(m.totals), max(0, m.rounds - m.round_number), script)


def still_to_play(s: Table, turn: BotTurn) -> bool:
    """Whether the table is still where ``turn``'s bot saw it."""
    step = next_step(s)
    return isinstance(step, Think) and step.key == turn.key


def bot_thinking(s: Table, turn: BotTurn) -> Table:
    """The bot's seat shows it is thinking."""
    return replace(s, thinking=turn.seat, arrived=None, received=None) if still_to_play(s, turn) else s


def bot_show(s: Table, turn: BotTurn, action: Action) -> Table:
    """First half of a bot's move on screen: the pool card it takes starts to leave."""
    if not still_to_play(s, turn):
        return replace(s, thinking=None, moving=None)
    return replace(s, thinking=None, moving=action if isinstance(action, Swap) else None)


def bot_play(s: Table, turn: BotTurn, action: Action) -> Result:
    """Second half: apply the bot's action if the table is still where the bot saw it."""
    if not still_to_play(s, turn):
        return settle(s, replace(s, thinking=None, moving=None))
    return apply(s, action)


# ---- notices -----------------------------------------------------------------------------------------


def notify(s: Table, key: str, *, alert: bool = False, actions: tuple[tuple[str, str, str], ...] = (),
           **params: object) -> Table:
    """``s`` showing the message ``key`` until dismissed; one with the same key replaces the earlier one."""
    return replace(s, notes=(*dismiss(s, key).notes, Note(key, tuple(params.items()), alert, actions)))


def dismiss(s: Table, key: str) -> Table:
    """``s`` without the notice ``key``."""
    return replace(s, notes=tuple(n for n in s.notes if n.key != key))
