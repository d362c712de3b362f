"""The commands of the quiz table, as one ``StrEnum`` and one dispatch table of pure handlers.

``handle(state, command, arg, value) -> (state, effects)``; the values are the page's ``data-action`` hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum

from tabletop.errors import IllegalMove, InvalidMove
from thousand.actions import SHIFT, ChooseTarget, Combine, Guess, Power
from thousand.deck import default_deck
from thousand.game import MAX_TEAMS, MIN_TEAMS, Phase
from zero_game.web.table import HandOff, Leave, StoreAction

from .settings import KINDS, PEOPLE, SPEEDS, TeamConfig, clean, people_of
from .table import (
    Act,
    Page,
    QuizTable,
    Result,
    apply,
    can_two,
    change_action,
    cleared,
    current_reveal,
    dismiss,
    my_turn,
    next_step,
    page,
    pick_of,
    seen,
    settle,
    start,
    team_name,
)
from .texts import LANGUAGES


class Command(StrEnum):
    """Everything a person can ask of the quiz page; the values are ``data-action`` hooks."""

    TEAM_KIND = "team-kind"
    TEAM_NAME = "team-name"
    TEAM_PEOPLE = "team-people"
    ADD_TEAM = "add-team"
    REMOVE_TEAM = "remove-team"
    SET = "set"
    START = "start"
    BACK_TO_GAME = "back-to-game"
    READY = "ready"
    CARD = "card"
    SHIFT = "shift"
    CHANGE = "change"
    TWO = "two"
    COMBINE = "combine"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    GUESS_TEXT = "guess-text"
    GUESS = "guess"
    REVEAL_NEXT = "reveal-next"
    REVEAL_DONE = "reveal-done"
    TARGET = "target"
    PLAY_AGAIN = "play-again"
    NEW_SETUP = "new-setup"
    NEW_SETUP_YES = "new-setup-yes"
    RULES = "rules"
    SHEET = "sheet"
    BACK = "back"
    GAMES = "games"
    DISMISS = "dismiss"
    CLEAR_HISTORY = "clear-history"
    CLEAR_HISTORY_YES = "clear-history-yes"
    EXPORT = "export"
    IMPORT = "import"
    RESET_SEEN = "reset-seen"


Handler = Callable[[QuizTable, str, str], Result]


def handle(s: QuizTable, command: Command | str, arg: str = "", value: str = "") -> Result:
    """Apply one command (a button's action and ``arg``, or a field's new ``value``)."""
    try:
        cmd = Command(command)
    except ValueError:
        raise ValueError(f"Unknown command {command!r}.") from None
    after, effects = HANDLERS[cmd](s, arg, value)
    return settle(s, after, effects)


def _same(s: QuizTable) -> Result:
    return s, ()


def _to(s: QuizTable, **changes: object) -> Result:
    return replace(s, **changes), ()  # type: ignore[arg-type]


def _index(s: QuizTable, arg: str) -> int | None:
    return int(arg) if arg.isdigit() and int(arg) < len(s.settings.teams) and s.setting_up else None


def _team_kind(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None or value not in KINDS:
        return _same(s)
    old = s.settings.teams[i]
    team = TeamConfig(value, old.name, old.people) if value == PEOPLE else TeamConfig(value)
    return _to(s, settings=s.settings.with_team(i, team))


def _team_name(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None:
        return _same(s)
    return _to(s, settings=s.settings.with_team(i, replace(s.settings.teams[i], name=clean(value))))


def _team_people(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None:
        return _same(s)
    return _to(s, settings=s.settings.with_team(i, replace(s.settings.teams[i], people=people_of(value))))


def _add_team(s: QuizTable, arg: str, value: str) -> Result:
    if len(s.settings.teams) >= MAX_TEAMS or not s.setting_up:
        return _same(s)
    return _to(s, settings=replace(s.settings, teams=(*s.settings.teams, TeamConfig("medium"))))


def _remove_team(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None or len(s.settings.teams) <= MIN_TEAMS:
        return _same(s)
    teams = s.settings.teams[:i] + s.settings.teams[i + 1:]
    return _to(s, settings=replace(s.settings, teams=teams))


def _set(s: QuizTable, arg: str, value: str) -> Result:
    if arg == "lang":
        return _to(s, lang=value) if value in LANGUAGES else _same(s)
    if arg == "speed" and value in SPEEDS:
        return _to(s, settings=replace(s.settings, speed=value))
    if arg == "seed" and s.setting_up:
        return _to(s, seed_text="".join(ch for ch in value if ch.isdigit())[:15])
    return _same(s)


def _start(s: QuizTable, arg: str, value: str) -> Result:
    return start(s, s.game.deck if s.game is not None else default_deck())


def _back_to_game(s: QuizTable, arg: str, value: str) -> Result:
    if s.game is None or s.game.is_over:
        return _same(s)
    return _to(s, setting_up=False, overlay=None)


def _ready(s: QuizTable, arg: str, value: str) -> Result:
    step = next_step(s)
    if page(s) is not Page.HANDOFF or not isinstance(step, HandOff):
        return _same(s)
    return _to(cleared(s), at_screen=step.seat, live=s.texts.t("live.your_turn", name=team_name(s, step.seat)))


def _question(s: QuizTable, card: str) -> str:
    assert s.game is not None
    return s.game.deck.question(card).text[s.lang]


def _card(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or s.game is None or s.game.phase is not Phase.CHOOSE:
        return _same(s)
    if arg not in {c.id for c in view.hand}:
        return _same(s)
    change = change_action(s, arg)
    if change is not None:
        after, effects = apply(replace(s, changing=False, chosen=()), change)
        new = after.game.hand(change.team) if after.game else ()
        fresh = next((c for c in new if c not in {x.id for x in view.hand}), "")
        return replace(after, live=s.texts.t("live.changed", question=_question(s, fresh)) if fresh else ""), effects
    if arg in s.chosen:
        chosen = tuple(c for c in s.chosen if c != arg)
    elif s.two:
        chosen = (*s.chosen, arg)[-2:]
    else:
        chosen = (arg,)
    live = s.texts.t("live.selected", question=_question(s, arg)) if arg in chosen else s.texts.t("live.cleared")
    return _to(s, chosen=chosen, live=live)


def _shift(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or Power.SHIFT not in view.powers[view.team] or arg not in ("+200", "-200"):
        return _same(s)
    shift = SHIFT if arg == "+200" else -SHIFT
    return _to(s, shift=0 if s.shift == shift else shift)


def _change(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or not view.can_change:
        return _same(s)
    return _to(s, changing=not s.changing)


def _two(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or not can_two(view):
        return _same(s)
    if s.two:
        return _to(s, two=False, combine=None, chosen=s.chosen[:1])
    return _to(s, two=True, changing=False)


def _combine(s: QuizTable, arg: str, value: str) -> Result:
    if not my_turn(s) or not s.two or arg not in {c.value for c in Combine}:
        return _same(s)
    return _to(s, combine=Combine(arg))


def _confirm(s: QuizTable, arg: str, value: str) -> Result:
    pick = pick_of(s)
    if not my_turn(s) or pick is None:
        return _same(s)
    try:
        return apply(s, pick)
    except (IllegalMove, InvalidMove):
        return _same(s)


def _cancel(s: QuizTable, arg: str, value: str) -> Result:
    if s.confirm_clear:
        return _to(s, confirm_clear=False)
    if s.confirm_new:
        return _to(s, confirm_new=False)
    if s.overlay is not None:
        return _to(s, overlay=None)
    if s.chosen or s.two or s.shift or s.changing:
        return _to(s, chosen=(), two=False, combine=None, shift=0, changing=False, live=s.texts.t("live.cleared"))
    return _same(s)


def _guess_text(s: QuizTable, arg: str, value: str) -> Result:
    return _to(s, guess_text="".join(ch for ch in value if ch.isdigit())[:4])


def _guess(s: QuizTable, arg: str, value: str) -> Result:
    g = s.game
    text = value or s.guess_text
    if not my_turn(s) or g is None or g.phase is not Phase.GUESS or s.at_screen is None:
        return _same(s)
    if not text.isdigit() or not 0 <= int(text) <= 1000:
        return _to(s, live=s.texts.t("guess.bad"))
    return apply(s, Guess(s.at_screen, int(text)))


def _reveal_next(s: QuizTable, arg: str, value: str) -> Result:
    reveal = current_reveal(s)
    if page(s) is not Page.REVEAL or reveal is None or s.shown >= len(reveal.plays):
        return _same(s)
    play = reveal.plays[s.shown]
    t = s.texts
    questions = " / ".join(c.card.text[s.lang] for c in play.cards)
    answers = " / ".join(str(c.answer) for c in play.cards)
    live = t.t("reveal.said", name=team_name(s, play.team), question=questions, answer=answers, value=play.value,
               distance=play.distance, target=reveal.target)
    return _to(s, shown=s.shown + 1, live=live)


def _reveal_done(s: QuizTable, arg: str, value: str) -> Result:
    reveal = current_reveal(s)
    g = s.game
    if page(s) is not Page.REVEAL or reveal is None or g is None or s.shown < len(reveal.plays):
        return _same(s)
    if reveal is g.pending:
        return _same(s)  # the target card is still to be chosen
    after = replace(s, reviewed=s.reviewed + 1, shown=0)
    if current_reveal(after) is None and not g.is_over:
        after = replace(after, live=s.texts.t("round", n=g.number))
    return after, ()


def _target(s: QuizTable, arg: str, value: str) -> Result:
    g = s.game
    step = next_step(s)
    if g is None or g.phase is not Phase.TARGET or not isinstance(step, Act) or page(s) is not Page.REVEAL:
        return _same(s)
    try:
        return apply(s, ChooseTarget(step.team, arg))
    except (IllegalMove, InvalidMove):
        return _same(s)


def _play_again(s: QuizTable, arg: str, value: str) -> Result:
    return start(replace(s, overlay=None, seed_text=""), s.game.deck if s.game is not None else default_deck())


def _in_game(s: QuizTable) -> bool:
    return s.game is not None and not s.game.is_over and not s.setting_up


def _new_setup(s: QuizTable, arg: str, value: str) -> Result:
    if _in_game(s):
        return _to(s, confirm_new=True, overlay=None)
    return _to(s, setting_up=True, overlay=None, confirm_new=False)


def _new_setup_yes(s: QuizTable, arg: str, value: str) -> Result:
    return _to(cleared(s), setting_up=True, overlay=None, confirm_new=False, at_screen=None)


def _games(s: QuizTable, arg: str, value: str) -> Result:
    return replace(s, confirm_new=False), (Leave(),)


def _store(command: Command) -> Handler:
    def run(s: QuizTable, arg: str, value: str) -> Result:
        if command is Command.CLEAR_HISTORY_YES:
            s = replace(s, confirm_clear=False)
        return s, (StoreAction(command, arg),)

    return run


HANDLERS: dict[Command, Handler] = {
    Command.TEAM_KIND: _team_kind,
    Command.TEAM_NAME: _team_name,
    Command.TEAM_PEOPLE: _team_people,
    Command.ADD_TEAM: _add_team,
    Command.REMOVE_TEAM: _remove_team,
    Command.SET: _set,
    Command.START: _start,
    Command.BACK_TO_GAME: _back_to_game,
    Command.READY: _ready,
    Command.CARD: _card,
    Command.SHIFT: _shift,
    Command.CHANGE: _change,
    Command.TWO: _two,
    Command.COMBINE: _combine,
    Command.CONFIRM: _confirm,
    Command.CANCEL: _cancel,
    Command.GUESS_TEXT: _guess_text,
    Command.GUESS: _guess,
    Command.REVEAL_NEXT: _reveal_next,
    Command.REVEAL_DONE: _reveal_done,
    Command.TARGET: _target,
    Command.PLAY_AGAIN: _play_again,
    Command.NEW_SETUP: _new_setup,
    Command.NEW_SETUP_YES: _new_setup_yes,
    Command.RULES: lambda s, a, v: _to(s, overlay=Page.RULES, confirm_new=False),
    Command.SHEET: lambda s, a, v: _to(s, overlay=Page.SHEET, confirm_new=False, confirm_clear=False),
    Command.BACK: lambda s, a, v: _to(s, overlay=None, confirm_clear=False),
    Command.GAMES: _games,
    Command.DISMISS: lambda s, a, v: (dismiss(s, a), ()),
    Command.CLEAR_HISTORY: lambda s, a, v: _to(s, confirm_clear=bool(s.history.records)),
    **{c: _store(c) for c in (Command.CLEAR_HISTORY_YES, Command.EXPORT, Command.IMPORT, Command.RESET_SEEN)},
}
assert set(HANDLERS) == set(Command), "every command has one handler"
