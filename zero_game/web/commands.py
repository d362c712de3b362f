"""The commands a person gives the table, as one ``StrEnum`` and one dispatch table of pure handlers.

``HANDLERS`` maps each ``Command`` (the page's ``data-action`` hooks) and the shell's ``Nav`` to a handler
``(state, arg, value) -> (state, effects)``; ``handle(state, message) -> (state, effects)`` (a
``tabletop.update.Update``) is what the runtime calls with every message.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from tabletop import nav
from tabletop.bots import BotDecided, BotPlay, BotShow, BotStarted
from tabletop.names import clean_name
from tabletop.notes import dismiss, said, with_shell
from tabletop.prefs import switched
from tabletop.present import Nav
from tabletop.remote import PHONE
from tabletop.saving import Data
from tabletop.turns import HandOff
from tabletop.update import Handler, Update
from zero_game import KNOCK, Card, Swap
from zero_game.seats import PERSON, Seat

from .actions import Command
from .hint import Advised, advised, ask
from .i18n import LANGUAGES
from .keeper import KEEPER
from .phones import PHONES
from .replay import open_replay, step_replay
from .settings import KINDS, MAX_SEATS, MIN_SEATS
from .table import (
    BOT_STEPS,
    CardWord,
    Page,
    Result,
    SeeEnd,
    Table,
    apply,
    cleared,
    knock_question,
    my_turn,
    next_step,
    page,
    prefs_saved,
    see_end,
    settle,
    start,
)
from .tutorial import allowed, begin, leave, next_scene
from .undo import undo


def _messages(s: Table, message: object) -> Result | None:
    """Zero's own messages: a bot's steps, the pause before a round's end, the hint's answer."""
    match message:
        case BotStarted() | BotDecided() | BotShow() | BotPlay():
            return BOT_STEPS(s, message)
        case SeeEnd(key):
            return settle(s, see_end(s, key))
        case Advised(key, action):
            return advised(s, key, action)
    return None


def _fresh(s: Table) -> Table:
    """A move's animation plays once: the next command finds it over."""
    return replace(s, arrived=None, received=None) if s.arrived is not None or s.received is not None else s


def _answered(s: Table, cmd: Data) -> Table:
    return with_shell(s, confirm_clear=False) if cmd is Data.CLEAR_HISTORY else s


def _same(s: Table) -> Result:
    return s, ()


def _seat_kind(s: Table, arg: str, value: str) -> Result:
    if value not in KINDS or not arg.isdigit() or int(arg) >= len(s.settings.seats):
        return _same(s)
    seats = list(s.settings.seats)
    i = int(arg)
    person = value in (PERSON, PHONE)
    seats[i] = Seat.of_choice(PERSON if person else value, seats[i].name if person else "")
    phones = {*s.settings.phones, i} if value == PHONE else set(s.settings.phones) - {i}
    return with_shell(s, settings=s.settings.with_seats(tuple(seats), tuple(phones))), ()


def _seat_name(s: Table, arg: str, value: str) -> Result:
    if not arg.isdigit() or int(arg) >= len(s.settings.seats):
        return _same(s)
    seats = list(s.settings.seats)
    seats[int(arg)] = replace(seats[int(arg)], name=clean_name(value))
    return with_shell(s, settings=replace(s.settings, seats=tuple(seats))), ()


def _add_seat(s: Table, arg: str, value: str) -> Result:
    if len(s.settings.seats) >= MAX_SEATS:
        return _same(s)
    return with_shell(s, settings=s.settings.with_seats((*s.settings.seats, Seat.bot("medium")))), ()


def _remove_seat(s: Table, arg: str, value: str) -> Result:
    seats = list(s.settings.seats)
    if len(seats) <= MIN_SEATS or not arg.isdigit() or int(arg) >= len(seats):
        return _same(s)
    gone = int(arg)
    del seats[gone]
    phones = tuple(i - (i > gone) for i in s.settings.phones if i != gone)
    return with_shell(s, settings=s.settings.with_seats(tuple(seats), phones)), ()


def _set(s: Table, arg: str, value: str) -> Result:
    if arg == "lang":  # the whole site's language, remembered on the device
        return (with_shell(s, lang=value), prefs_saved(with_shell(s, lang=value))) if value in LANGUAGES else _same(s)
    if switch := switched(arg, value):  # this device's choices: any time
        after = with_shell(s, **switch)
        return after, prefs_saved(after)
    if not s.setting_up:
        return _same(s)  # a match's set-up does not change under it
    return with_shell(s, settings=s.settings.with_option(arg, value)), ()


def _start(s: Table, arg: str, value: str) -> Result:
    return start(dismiss(s, "tutorial.offer"))  # playing a match answers the tutorial's offer


def _ready(s: Table, arg: str, value: str) -> Result:
    step = next_step(s)
    if page(s) is not Page.HANDOFF or not isinstance(step, HandOff):
        return _same(s)
    return with_shell(s, at_screen=step.who, live=said("live.your_turn", step.who)), ()


def _find(cards: tuple[Card, ...], slug: str) -> Card | None:
    return next((c for c in cards if c.slug == slug), None)


def _choice_said(s: Table) -> Table:
    if s.give and s.take:
        return with_shell(s, live=said("confirm.swap", give=CardWord(s.give), take=CardWord(s.take)))
    if s.give:
        return with_shell(s, live=said("live.selected_hand", card=CardWord(s.give, bare=True)))
    if s.take:
        return with_shell(s, live=said("live.selected_pool", card=CardWord(s.take, bare=True)))
    return with_shell(s, live=said("live.cleared"))


def _hand(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s) or s.match is None or s.at_screen is None:
        return _same(s)
    card = _find(s.match.round.hand(s.at_screen), arg)
    if card is None:
        return _same(s)
    chosen = replace(s, knocking=False, give=None if s.give == card else card)
    return _choice_said(with_shell(chosen, refused=False)), ()


def _pool(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s) or s.match is None:
        return _same(s)
    card = _find(s.match.round.pool, arg)
    if card is None:
        return _same(s)
    chosen = replace(s, knocking=False, take=None if s.take == card else card)
    return _choice_said(with_shell(chosen, refused=False)), ()


def _knock(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s):
        return _same(s)
    return with_shell(replace(s, give=None, take=None, knocking=True), refused=False, live=said(knock_question(s))), ()


def _confirm(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s):
        return _same(s)
    action = KNOCK if s.knocking else Swap(s.give, s.take) if s.give is not None and s.take is not None else None
    if action is None:
        return _same(s)
    if not allowed(s, action):
        return with_shell(replace(s, give=None, take=None, knocking=False), refused=True,
                          live=said("tutorial.not_now")), ()
    return apply(s, action)


def _cancel(s: Table) -> Result:
    """Cancel once nothing of the shell's is open: the cards chosen and the knock asked."""
    if s.give or s.take or s.knocking:
        return with_shell(replace(s, give=None, take=None, knocking=False), live=said("live.cleared")), ()
    if s.log_open and page(s) in (Page.TABLE, Page.LAST_MOVE):
        return replace(s, log_open=False), ()
    return _same(s)


def _sort(s: Table, arg: str, value: str) -> Result:
    return replace(s, sort_by_number=not s.sort_by_number), ()


def _next_round(s: Table, arg: str, value: str) -> Result:
    m = s.match
    if page(s) is not Page.ROUND_END or m is None:
        return _same(s)
    if s.lesson is not None:
        return next_scene(s)
    after = replace(s, reviewed=s.reviewed + 1)
    if len(m.finished_rounds) == after.reviewed and not m.is_over:
        after = with_shell(after, live=said("live.round_start", m.round.dealer, n=m.round_number, total=m.rounds))
    return after, ()


def _log(s: Table, arg: str, value: str) -> Result:
    """At the table the move log opens and closes beside it while play goes on; from a round's end (where it does
    not fit beside the hands) it is a page of its own."""
    if s.match is None or s.setting_up:
        return _same(s)
    if page(s) in (Page.TABLE, Page.LAST_MOVE):
        return replace(s, log_open=not s.log_open), ()
    return with_shell(s, overlay=Page.LOG, confirm_new=False), ()


def _see_end(s: Table, arg: str, value: str) -> Result:
    if page(s) is not Page.LAST_MOVE:
        return _same(s)
    return replace(s, shown=s.reviewed + 1), ()


def _undo(s: Table, arg: str, value: str) -> Result:
    return undo(s)


def _hint(s: Table, arg: str, value: str) -> Result:
    return ask(s)


def _replay(s: Table, arg: str, value: str) -> Result:
    return open_replay(s, arg)


def _replay_step(s: Table, arg: str, value: str) -> Result:
    return step_replay(s, arg)


def _tutorial(s: Table, arg: str, value: str) -> Result:
    return begin(s)


def _tutorial_skip(s: Table, arg: str, value: str) -> Result:
    return leave(s)


def _sound(s: Table, arg: str, value: str) -> Result:
    after = with_shell(s, sound=not s.sound)
    return after, prefs_saved(after)


def _play_again(s: Table, arg: str, value: str) -> Result:
    return start(with_shell(s, overlay=None))


def _back(s: Table, arg: str, value: str) -> Result:
    if s.overlay is Page.REPLAY:
        return with_shell(replace(s, replay=None), overlay=Page.SHEET), ()
    return with_shell(s, overlay=None, confirm_clear=False), ()


def _leave(s: Table) -> Table:
    """The table as a match is left for the set-up: a tutorial left first (the table as it was)."""
    return cleared(leave(s)[0] if s.lesson is not None else s)


def _clear_history(s: Table, arg: str, value: str) -> Result:
    return with_shell(s, confirm_clear=bool(s.history.matches)), ()


def _dismiss(s: Table, arg: str, value: str) -> Result:
    if arg == "tutorial.offer":  # declined: not offered again on this device (the Rules page still has it)
        after = with_shell(dismiss(s, arg), taught=True)
        return after, prefs_saved(after)
    return dismiss(s, arg), ()


HANDLERS: dict[StrEnum, Handler[Table]] = {
    **nav.handlers(Page.RULES, Page.SHEET, game=lambda s: s.match, leave=_leave, cancel=_cancel),
    Nav.BACK: _back,
    Nav.DISMISS: _dismiss,
    Command.BACK_TO_MATCH: nav.back_to_game(lambda s: s.match),
    Command.SEAT_KIND: _seat_kind,
    Command.SEAT_NAME: _seat_name,
    Command.ADD_SEAT: _add_seat,
    Command.REMOVE_SEAT: _remove_seat,
    Command.SET: _set,
    Command.START: _start,
    Command.READY: _ready,
    Command.HAND: _hand,
    Command.POOL: _pool,
    Command.KNOCK: _knock,
    Command.CONFIRM: _confirm,
    Command.SORT: _sort,
    Command.NEXT_ROUND: _next_round,
    Command.PLAY_AGAIN: _play_again,
    Command.CLEAR_HISTORY: _clear_history,
    Command.LOG: _log,
    Command.SEE_END: _see_end,
    Command.UNDO: _undo,
    Command.HINT: _hint,
    Command.SOUND: _sound,
    Command.REPLAY: _replay,
    Command.REPLAY_STEP: _replay_step,
    Command.TUTORIAL: _tutorial,
    Command.TUTORIAL_SKIP: _tutorial_skip,
    Command.MORE_OPTIONS: lambda s, a, v: (with_shell(s, more_options=not s.more_options), ()),
}
assert set(HANDLERS) == {*Command, *Nav}, "every command has one handler"

#: Zero's ``handle(state, message) -> (state, effects)``, for the runtime.
handle: Update[Table] = Update("Zero", HANDLERS, settle, KEEPER, _messages, before=_fresh, data=_answered,
                               phones=PHONES)
