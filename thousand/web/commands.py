"""The quiz table's ``handle``: a person's commands (one ``StrEnum``, one dispatch table of pure handlers), a bot
team's decision in steps, and the storage outcomes (the shell's ``tabletop.saving``).

``handle(state, message) -> (state, effects)``; the commands' values are the page's ``data-action`` hooks.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from tabletop import nav, saving
from tabletop.bots import BotDecided, BotPlay, BotStarted
from tabletop.effects import Elsewhere, Put, Read
from tabletop.errors import IllegalMove, InvalidMove
from tabletop.names import clean_name
from tabletop.notes import notify, said, with_shell
from tabletop.prefs import switched
from tabletop.present import Nav
from tabletop.remote import PHONE
from tabletop.saving import Data
from tabletop.turns import Acts, HandOff
from tabletop.update import Handler, Update
from thousand.actions import SHIFT, ChooseTarget, Combine, Guess, Power
from thousand.deck import MIXES, Mix
from thousand.game import MAX_TEAMS, MIN_TEAMS, Phase
from thousand.sheet import KINDS, PEOPLE

from . import own_page
from .actions import Command
from .own import CARDS, OwnCommand
from .phones import PHONES
from .saved import KEEPER, with_seen
from .settings import SPEEDS, TeamConfig, people_of
from .table import (
    BOT_STEPS,
    Page,
    QuestionWord,
    QuizTable,
    Result,
    TeamWord,
    apply,
    can_two,
    change_action,
    cleared,
    current_reveal,
    mix_saved,
    my_turn,
    next_step,
    page,
    pick_of,
    prefs_saved,
    questions,
    seen,
    settle,
    start,
)
from .texts import LANGUAGES
from .tutorial import HANDLERS as TUTORIAL_HANDLERS
from .tutorial import guarded


def _messages(s: QuizTable, message: object) -> Result | None:
    """The quiz's own messages: a bot team's steps, and the questions shown read or changed elsewhere (the rest of
    a storage outcome is the shell's); the host's own questions' (``own_page``)."""
    found = own_page.message(s, message)
    if found is not None:
        return found
    match message:
        case BotStarted() | BotDecided() | BotPlay():
            return BOT_STEPS(s, message)
        case Read("quiz-seen", loaded, _) if loaded.value is not None:  # its problems are told as any document's
            return saving.outcome(KEEPER, with_seen(s, loaded.value), message)
        case Elsewhere(changes):
            for change in changes:
                if change.doc == "quiz-seen" and change.value is not None:
                    s = with_seen(s, change.value)
                elif change.doc == CARDS and change.problem is None:
                    s = own_page.elsewhere(s, change.value)
            return saving.outcome(KEEPER, s, message)
    return None


def _answered(s: QuizTable, cmd: Data) -> QuizTable:
    return with_shell(s, confirm_clear=False) if cmd is Data.CLEAR_HISTORY else s


def _same(s: QuizTable) -> Result:
    return s, ()


def _index(s: QuizTable, arg: str) -> int | None:
    return int(arg) if arg.isdigit() and int(arg) < len(s.settings.teams) and s.setting_up else None


def _team_kind(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None or value not in KINDS:
        return _same(s)
    old = s.settings.teams[i]
    people = value in (PEOPLE, PHONE)
    team = TeamConfig(PEOPLE, old.name, old.people) if people else TeamConfig(value)
    settings = s.settings.with_team(i, team)
    phones = {*settings.phones, i} if value == PHONE else set(settings.phones) - {i}
    return with_shell(s, settings=replace(settings, phones=tuple(sorted(phones)))), ()


def _team_name(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None:
        return _same(s)
    return with_shell(s, settings=s.settings.with_team(i, replace(s.settings.teams[i], name=clean_name(value)))), ()


def _team_people(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None:
        return _same(s)
    return with_shell(s, settings=s.settings.with_team(i, replace(s.settings.teams[i], people=people_of(value)))), ()


def _add_team(s: QuizTable, arg: str, value: str) -> Result:
    if len(s.settings.teams) >= MAX_TEAMS or not s.setting_up:
        return _same(s)
    return with_shell(s, settings=replace(s.settings, teams=(*s.settings.teams, TeamConfig("medium")))), ()


def _remove_team(s: QuizTable, arg: str, value: str) -> Result:
    i = _index(s, arg)
    if i is None or len(s.settings.teams) <= MIN_TEAMS:
        return _same(s)
    teams = s.settings.teams[:i] + s.settings.teams[i + 1:]
    phones = tuple(p - (p > i) for p in s.settings.phones if p != i)
    return with_shell(s, settings=replace(s.settings, teams=teams, phones=phones)), ()


def _set(s: QuizTable, arg: str, value: str) -> Result:
    if arg == "lang":
        return (with_shell(s, lang=value), prefs_saved(with_shell(s, lang=value))) if value in LANGUAGES else _same(s)
    if switch := switched(arg, value):  # this device's choices (the end's celebration and fanfare): any time
        after = with_shell(s, **switch)
        return after, prefs_saved(after)
    if arg == "mix" and value in MIXES and s.setting_up:
        after = replace(s, mix=Mix(value, s.mix.leave_out))
        return after, mix_saved(after)
    if arg == "speed" and value in SPEEDS:
        return with_shell(s, settings=replace(s.settings, speed=value)), ()
    if arg == "seed" and s.setting_up:
        return replace(s, seed_text="".join(ch for ch in value if ch.isdigit())[:15]), ()
    return _same(s)


def _theme(s: QuizTable, arg: str, value: str) -> Result:
    """Leave a theme out of the mix, or take it back in."""
    if not s.setting_up or arg not in questions(s).themes:
        return _same(s)
    after = replace(s, mix=Mix(s.mix.name, s.mix.leave_out ^ {arg}))
    return after, mix_saved(after)


def _start(s: QuizTable, arg: str, value: str) -> Result:
    return start(s, questions(s))


def _ready(s: QuizTable, arg: str, value: str) -> Result:
    step = next_step(s)
    if page(s) is not Page.HANDOFF or not isinstance(step, HandOff):
        return _same(s)
    return with_shell(cleared(s), at_screen=step.who, live=said("live.your_turn", name=TeamWord(step.who))), ()


def _card(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or s.game is None or s.game.phase is not Phase.CHOOSE:
        return _same(s)
    if arg not in {c.id for c in view.hand}:
        return _same(s)
    if s.changing:  # the card to change: Change is played once confirmed (it is once a game)
        picked: tuple[str, ...] = () if s.chosen == (arg,) else (arg,)
        live = said("live.to_change", question=QuestionWord(arg)) if picked else said("live.cleared")
        return with_shell(replace(s, chosen=picked), live=live), ()
    if arg in s.chosen:
        chosen = tuple(c for c in s.chosen if c != arg)
    elif s.two:
        chosen = (*s.chosen, arg)[-2:]
    else:
        chosen = (arg,)
    live = said("live.selected", question=QuestionWord(arg)) if arg in chosen else said("live.cleared")
    return with_shell(replace(s, chosen=chosen), live=live), ()


def _shift(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or Power.SHIFT not in view.powers[view.team] or arg not in ("+200", "-200"):
        return _same(s)
    shift = SHIFT if arg == "+200" else -SHIFT
    return replace(s, shift=0 if s.shift == shift else shift), ()


def _change(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or not view.can_change:
        return _same(s)
    return replace(s, changing=not s.changing, chosen=(), two=False, combine=None), ()


def _two(s: QuizTable, arg: str, value: str) -> Result:
    view = seen(s)
    if not my_turn(s) or view is None or not can_two(view):
        return _same(s)
    if s.two:
        return replace(s, two=False, combine=None, chosen=s.chosen[:1]), ()
    return replace(s, two=True, changing=False), ()


def _combine(s: QuizTable, arg: str, value: str) -> Result:
    if not my_turn(s) or not s.two or arg not in {c.value for c in Combine}:
        return _same(s)
    return replace(s, combine=Combine(arg)), ()


def _changed(s: QuizTable) -> Result:
    """The confirmed Change: the tapped card goes, the deck's bottom card comes."""
    change = change_action(s)
    view = seen(s)
    assert change is not None and view is not None
    after, effects = apply(replace(s, changing=False, chosen=()), change)
    new = after.game.hand(change.team) if after.game else ()
    fresh = next((c for c in new if c not in {x.id for x in view.hand}), "")
    return with_shell(after, live=said("live.changed", question=QuestionWord(fresh)) if fresh else said("")), effects


def _confirm(s: QuizTable, arg: str, value: str) -> Result:
    if my_turn(s) and change_action(s) is not None:
        try:
            return _changed(s)
        except (IllegalMove, InvalidMove):
            return _same(s)
    pick = pick_of(s)
    if not my_turn(s) or pick is None:
        return _same(s)
    try:
        return apply(s, pick)
    except (IllegalMove, InvalidMove):
        return _same(s)


def _cancel(s: QuizTable) -> Result:
    """Cancel once nothing of the shell's is open: the cards chosen, the powers and the change asked."""
    if s.chosen or s.two or s.shift or s.changing:
        return with_shell(replace(s, chosen=(), two=False, combine=None, shift=0, changing=False),
                          live=said("live.cleared")), ()
    return _same(s)


def _guess_text(s: QuizTable, arg: str, value: str) -> Result:
    digits = "".join(ch for ch in value if ch.isdigit())[:4]
    if digits != value.strip():  # a letter, a sign or a decimal point: say why it is not taken
        return with_shell(replace(s, guess_text=digits), live=said("guess.bad")), ()
    return with_shell(replace(s, guess_text=digits), live=said("") if s.live.key == "guess.bad" else s.live), ()


def _guess(s: QuizTable, arg: str, value: str) -> Result:
    g = s.game
    text = value or s.guess_text
    if not my_turn(s) or g is None or g.phase is not Phase.GUESS or s.at_screen is None:
        return _same(s)
    if not text.isdigit() or not 0 <= int(text) <= 1000:
        return with_shell(s, live=said("guess.bad")), ()
    return apply(s, Guess(s.at_screen, int(text)))


def _reveal_next(s: QuizTable, arg: str, value: str) -> Result:
    reveal = current_reveal(s)
    if page(s) is not Page.REVEAL or reveal is None or s.turned >= len(reveal.plays):
        return _same(s)
    play = reveal.plays[s.turned]
    live = said("reveal.said", name=TeamWord(play.team), question=tuple(QuestionWord(c.id) for c in play.cards),
                answer=" / ".join(str(c.answer) for c in play.cards), value=play.value, distance=play.distance,
                target=reveal.target)
    return with_shell(replace(s, turned=s.turned + 1), live=live), ()


def _reveal_done(s: QuizTable, arg: str, value: str) -> Result:
    reveal = current_reveal(s)
    g = s.game
    if page(s) is not Page.REVEAL or reveal is None or g is None or s.turned < len(reveal.plays):
        return _same(s)
    if reveal is g.pending:
        return _same(s)  # the target card is still to be chosen
    after = replace(s, reveals_seen=s.reveals_seen + 1, turned=0)
    if current_reveal(after) is None and not g.is_over:
        after = with_shell(after, live=said("round", n=g.number))
    return after, ()


def _target(s: QuizTable, arg: str, value: str) -> Result:
    g = s.game
    step = next_step(s)
    if g is None or g.phase is not Phase.TARGET or not isinstance(step, Acts) or page(s) is not Page.REVEAL:
        return _same(s)
    try:
        return apply(s, ChooseTarget(step.who, arg))
    except (IllegalMove, InvalidMove):
        return _same(s)


def _see_winner(s: QuizTable, arg: str, value: str) -> Result:
    g = s.game
    if g is None or not g.is_over or page(s) is not Page.END:
        return _same(s)
    return replace(s, end_seen=True), ()


def _play_again(s: QuizTable, arg: str, value: str) -> Result:
    return start(with_shell(replace(s, seed_text=""), overlay=None), questions(s))


def _leave(s: QuizTable) -> QuizTable:
    """The table as a game is left for the set-up: nobody at the tablet, no choice in progress."""
    return with_shell(cleared(s), at_screen=None)


def _reset_seen(s: QuizTable, arg: str, value: str) -> Result:
    return notify(replace(s, seen_ids=()), "sheet.seen_reset"), (Put("quiz-seen", None),)


HANDLERS: dict[StrEnum, Handler[QuizTable]] = {
    **nav.handlers(Page.RULES, Page.SHEET, game=lambda s: s.game, leave=_leave, cancel=_cancel),
    Command.BACK_TO_GAME: nav.back_to_game(lambda s: s.game),
    Command.TEAM_KIND: _team_kind,
    Command.TEAM_NAME: _team_name,
    Command.TEAM_PEOPLE: _team_people,
    Command.ADD_TEAM: _add_team,
    Command.REMOVE_TEAM: _remove_team,
    Command.SET: _set,
    Command.START: _start,
    Command.READY: _ready,
    Command.CARD: _card,
    Command.SHIFT: _shift,
    Command.CHANGE: _change,
    Command.TWO: _two,
    Command.COMBINE: _combine,
    Command.CONFIRM: _confirm,
    Command.GUESS_TEXT: _guess_text,
    Command.GUESS: _guess,
    Command.REVEAL_NEXT: _reveal_next,
    Command.REVEAL_DONE: _reveal_done,
    Command.TARGET: _target,
    Command.PLAY_AGAIN: _play_again,
    Command.CLEAR_HISTORY: lambda s, a, v: (with_shell(s, confirm_clear=bool(s.history.records)), ()),
    Command.RESET_SEEN: _reset_seen,
    Command.MORE_OPTIONS: lambda s, a, v: (with_shell(s, more_options=not s.more_options), ()),
    Command.THEME: _theme,
    Command.SEE_WINNER: _see_winner,
    **own_page.HANDLERS,
}
HANDLERS[Nav.CANCEL] = own_page.cancel_first(HANDLERS[Nav.CANCEL])  # the own questions' page asks first
HANDLERS = guarded({**HANDLERS, **TUTORIAL_HANDLERS})  # in the tutorial, only the lesson's tap is taken
assert set(HANDLERS) == {*Command, *OwnCommand, *Nav}, "every command has one handler"

#: The quiz's ``handle(state, message) -> (state, effects)``, for the runtime.
handle: Update[QuizTable] = Update("The quiz", HANDLERS, settle, KEEPER, _messages, data=_answered, phones=PHONES)
