"""The commands a person gives the table, as one ``StrEnum`` and one dispatch table of pure handlers.

``handle(state, command, arg, value) -> (state, effects)``; the ``Command`` values are the page's
``data-action`` hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum

from tabletop.names import clean_name
from zero_game import KNOCK, Card, Swap
from zero_game.seats import PERSON, Seat

from .hint import ask
from .i18n import LANGUAGES
from .replay import open_replay, step_replay
from .settings import KINDS, MAX_SEATS, MIN_SEATS
from .table import (
    HandOff,
    Leave,
    Page,
    Result,
    SavePrefs,
    StoreAction,
    Table,
    apply,
    cleared,
    dismiss,
    knock_question,
    my_turn,
    next_step,
    page,
    settle,
    start,
)
from .tutorial import allowed, begin, leave, next_scene
from .undo import undo


class Command(StrEnum):
    """Everything a person can ask of the page; the values are the pages' ``data-action`` hooks."""

    SEAT_KIND = "seat-kind"
    SEAT_NAME = "seat-name"
    ADD_SEAT = "add-seat"
    REMOVE_SEAT = "remove-seat"
    SET = "set"
    START = "start"
    BACK_TO_MATCH = "back-to-match"
    READY = "ready"
    HAND = "hand"
    POOL = "pool"
    KNOCK = "knock"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    SORT = "sort"
    NEXT_ROUND = "next-round"
    PLAY_AGAIN = "play-again"
    NEW_SETUP = "new-setup"
    NEW_SETUP_YES = "new-setup-yes"
    RULES = "rules"
    SHEET = "sheet"
    BACK = "back"
    CLEAR_HISTORY = "clear-history"
    CLEAR_HISTORY_YES = "clear-history-yes"
    DISMISS = "dismiss"
    EXPORT_JSON = "export-json"
    EXPORT_CSV = "export-csv"
    EXPORT_BACKUP = "export-backup"
    IMPORT = "import"
    LOAD_THEIRS = "load-theirs"
    KEEP_MINE = "keep-mine"
    EXPORT_RESCUE = "export-rescue"
    FREE_SPACE = "free-space"
    GAMES = "games"
    LOG = "log"
    SEE_END = "see-end"
    UNDO = "undo"
    HINT = "hint"
    SOUND = "sound"
    REPLAY = "replay"
    REPLAY_STEP = "replay-step"
    TUTORIAL = "tutorial"
    TUTORIAL_SKIP = "tutorial-skip"


Handler = Callable[[Table, str, str], Result]


def handle(s: Table, command: Command | str, arg: str = "", value: str = "") -> Result:
    """Apply one command (a button's action and ``arg``, or a field's new ``value``)."""
    try:
        cmd = Command(command)
    except ValueError:
        raise ValueError(f"Unknown command {command!r}.") from None
    if s.arrived is not None or s.received is not None:  # a move's animation plays once
        s = replace(s, arrived=None, received=None)
    after, effects = HANDLERS[cmd](s, arg, value)
    return settle(s, after, effects)


def _same(s: Table) -> Result:
    return s, ()


def _to(s: Table, **changes: object) -> Result:
    return replace(s, **changes), ()  # type: ignore[arg-type]


def _seat_kind(s: Table, arg: str, value: str) -> Result:
    if value not in KINDS or not arg.isdigit() or int(arg) >= len(s.settings.seats):
        return _same(s)
    seats = list(s.settings.seats)
    i = int(arg)
    seats[i] = Seat.of_choice(value, seats[i].name if value == PERSON else "")
    return _to(s, settings=s.settings.with_seats(tuple(seats)))


def _seat_name(s: Table, arg: str, value: str) -> Result:
    if not arg.isdigit() or int(arg) >= len(s.settings.seats):
        return _same(s)
    seats = list(s.settings.seats)
    seats[int(arg)] = replace(seats[int(arg)], name=clean_name(value))
    return _to(s, settings=replace(s.settings, seats=tuple(seats)))


def _add_seat(s: Table, arg: str, value: str) -> Result:
    if len(s.settings.seats) >= MAX_SEATS:
        return _same(s)
    return _to(s, settings=s.settings.with_seats((*s.settings.seats, Seat.bot("medium"))))


def _remove_seat(s: Table, arg: str, value: str) -> Result:
    seats = list(s.settings.seats)
    if len(seats) <= MIN_SEATS or not arg.isdigit() or int(arg) >= len(seats):
        return _same(s)
    del seats[int(arg)]
    return _to(s, settings=s.settings.with_seats(tuple(seats)))


def _set(s: Table, arg: str, value: str) -> Result:
    if arg == "lang":
        return _to(s, lang=value) if value in LANGUAGES else _same(s)
    if arg in ("sound", "motion") and value in ("on", "off"):  # this device's choices: any time
        on = value == "on"
        return (replace(s, sound=on) if arg == "sound" else replace(s, motion=on)), (SavePrefs(),)
    if not s.setting_up:
        return _same(s)  # a match's set-up does not change under it
    return _to(s, settings=s.settings.with_option(arg, value))


def _start(s: Table, arg: str, value: str) -> Result:
    return start(dismiss(s, "tutorial.offer"))  # playing a match answers the tutorial's offer


def _back_to_match(s: Table, arg: str, value: str) -> Result:
    if s.match is None or s.match.is_over:
        return _same(s)
    return _to(s, setting_up=False, overlay=None)


def _ready(s: Table, arg: str, value: str) -> Result:
    step = next_step(s)
    if page(s) is not Page.HANDOFF or not isinstance(step, HandOff):
        return _same(s)
    return _to(s, at_screen=step.seat, live=s.texts.say("live.your_turn", step.seat))


def _find(cards: tuple[Card, ...], slug: str) -> Card | None:
    return next((c for c in cards if c.slug == slug), None)


def _choice_live(s: Table) -> str:
    t = s.texts
    if s.give and s.take:
        return t.t("confirm.swap", give=t.card_in(s.give), take=t.card_in(s.take))
    if s.give:
        return t.t("live.selected_hand", card=t.card(s.give))
    if s.take:
        return t.t("live.selected_pool", card=t.card(s.take))
    return t.t("live.cleared")


def _hand(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s) or s.match is None or s.at_screen is None:
        return _same(s)
    card = _find(s.match.round.hand(s.at_screen), arg)
    if card is None:
        return _same(s)
    after = replace(s, knocking=False, give=None if s.give == card else card)
    return _to(after, live=_choice_live(after))


def _pool(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s) or s.match is None:
        return _same(s)
    card = _find(s.match.round.pool, arg)
    if card is None:
        return _same(s)
    after = replace(s, knocking=False, take=None if s.take == card else card)
    return _to(after, live=_choice_live(after))


def _knock(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s):
        return _same(s)
    return _to(s, give=None, take=None, knocking=True, live=knock_question(s))


def _confirm(s: Table, arg: str, value: str) -> Result:
    if not my_turn(s):
        return _same(s)
    action = KNOCK if s.knocking else Swap(s.give, s.take) if s.give is not None and s.take is not None else None
    if action is None:
        return _same(s)
    if not allowed(s, action):
        return _to(s, give=None, take=None, knocking=False, live=s.texts.t("tutorial.not_now"))
    return apply(s, action)


def _cancel(s: Table, arg: str, value: str) -> Result:
    if s.confirm_clear:
        return _to(s, confirm_clear=False)
    if s.confirm_new:
        return _to(s, confirm_new=False)
    if s.overlay is not None:
        return _to(s, overlay=None)
    if s.give or s.take or s.knocking:
        return _to(s, give=None, take=None, knocking=False, live=s.texts.t("live.cleared"))
    return _same(s)


def _sort(s: Table, arg: str, value: str) -> Result:
    return _to(s, sort_by_number=not s.sort_by_number)


def _next_round(s: Table, arg: str, value: str) -> Result:
    m = s.match
    if page(s) is not Page.ROUND_END or m is None:
        return _same(s)
    if s.lesson is not None:
        return next_scene(s)
    after = replace(s, reviewed=s.reviewed + 1)
    if len(m.finished_rounds) == after.reviewed and not m.is_over:
        after = replace(after, live=s.texts.say("live.round_start", m.round.dealer, n=m.round_number, total=m.rounds))
    return after, ()


def _log(s: Table, arg: str, value: str) -> Result:
    if s.match is None or s.setting_up:
        return _same(s)
    return _to(s, overlay=Page.LOG, confirm_new=False)


def _see_end(s: Table, arg: str, value: str) -> Result:
    if page(s) is not Page.LAST_MOVE:
        return _same(s)
    return _to(s, shown=s.reviewed + 1)


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
    return replace(s, sound=not s.sound), (SavePrefs(),)


def _play_again(s: Table, arg: str, value: str) -> Result:
    return start(replace(s, overlay=None))


def _in_match(s: Table) -> bool:
    return s.match is not None and not s.match.is_over and not s.setting_up


def _new_setup(s: Table, arg: str, value: str) -> Result:
    if _in_match(s):
        return _to(s, confirm_new=True, overlay=None)
    return _to(s, setting_up=True, overlay=None, confirm_new=False)


def _new_setup_yes(s: Table, arg: str, value: str) -> Result:
    if s.lesson is not None:  # leaving the tutorial: the table as it was, then the set-up
        s = leave(s)[0]
    return _to(cleared(s), setting_up=True, overlay=None, confirm_new=False)


def _rules(s: Table, arg: str, value: str) -> Result:
    return _to(s, overlay=Page.RULES, confirm_new=False)


def _sheet(s: Table, arg: str, value: str) -> Result:
    return _to(s, overlay=Page.SHEET, confirm_clear=False, confirm_new=False)


def _back(s: Table, arg: str, value: str) -> Result:
    if s.overlay is Page.REPLAY:
        return _to(s, overlay=Page.SHEET, replay=None)
    return _to(s, overlay=None, confirm_clear=False)


def _games(s: Table, arg: str, value: str) -> Result:
    return replace(s, confirm_new=False), (Leave(),)


def _clear_history(s: Table, arg: str, value: str) -> Result:
    return _to(s, confirm_clear=bool(s.history.matches))


def _dismiss(s: Table, arg: str, value: str) -> Result:
    if arg == "tutorial.offer":  # declined: not offered again on this device (the Rules page still has it)
        return replace(dismiss(s, arg), taught=True), (SavePrefs(),)
    return dismiss(s, arg), ()


def _store(command: Command) -> Handler:
    def run(s: Table, arg: str, value: str) -> Result:
        if command is Command.CLEAR_HISTORY_YES:
            s = replace(s, confirm_clear=False)
        return s, (StoreAction(command, arg),)

    return run


HANDLERS: dict[Command, Handler] = {
    Command.SEAT_KIND: _seat_kind,
    Command.SEAT_NAME: _seat_name,
    Command.ADD_SEAT: _add_seat,
    Command.REMOVE_SEAT: _remove_seat,
    Command.SET: _set,
    Command.START: _start,
    Command.BACK_TO_MATCH: _back_to_match,
    Command.READY: _ready,
    Command.HAND: _hand,
    Command.POOL: _pool,
    Command.KNOCK: _knock,
    Command.CONFIRM: _confirm,
    Command.CANCEL: _cancel,
    Command.SORT: _sort,
    Command.NEXT_ROUND: _next_round,
    Command.PLAY_AGAIN: _play_again,
    Command.NEW_SETUP: _new_setup,
    Command.NEW_SETUP_YES: _new_setup_yes,
    Command.RULES: _rules,
    Command.SHEET: _sheet,
    Command.BACK: _back,
    Command.CLEAR_HISTORY: _clear_history,
    Command.DISMISS: _dismiss,
    Command.GAMES: _games,
    Command.LOG: _log,
    Command.SEE_END: _see_end,
    Command.UNDO: _undo,
    Command.HINT: _hint,
    Command.SOUND: _sound,
    Command.REPLAY: _replay,
    Command.REPLAY_STEP: _replay_step,
    Command.TUTORIAL: _tutorial,
    Command.TUTORIAL_SKIP: _tutorial_skip,
    **{c: _store(c) for c in (Command.CLEAR_HISTORY_YES, Command.EXPORT_JSON, Command.EXPORT_CSV,
                               Command.EXPORT_BACKUP, Command.IMPORT, Command.LOAD_THEIRS, Command.KEEP_MINE,
                               Command.EXPORT_RESCUE, Command.FREE_SPACE)},
}
assert set(HANDLERS) == set(Command), "every command has one handler"
