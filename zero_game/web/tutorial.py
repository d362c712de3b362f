"""The first-game tutorial: two short scenes on fixed deals that teach by doing.

Scene 1: a swap with the score preview, a colour group of five cleared, the bot's first knock, your
second knock and the bot's final turn, won 23 to 25.  Scene 2: a ZERO.  The person plays the moves the
lesson asks for, one tap at a time: the card or button to tap is cued, the lesson's words follow each tap,
and anything else is refused with the move the lesson wants; the bot's moves are scripted.
Nothing of a tutorial is saved or put on the score sheet; skipping or finishing it brings back the
table as it was.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.notes import said, with_shell
from zero_game import KNOCK, Action, Card, Match, Round, Swap
from zero_game.seats import Seat

from .settings import Settings
from .table import Page, Result, Table, cleared, page, prefs_saved, settle

SETTINGS = Settings(seats=(Seat(), Seat.bot("easy")), pool_size=5, rounds=1, speed="normal")


def _swap(give: str, take: str) -> Swap:
    return Swap(Card.parse(give), Card.parse(take))


# Per scene: the deal (your hand, the bot's hand, the pool), then every move in order: (seat, action, lesson key).
SCENES: tuple[tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]],
                     tuple[tuple[int, Action, str], ...]], ...] = (
    (
        (("red 1", "red 2", "red 3", "red 7", "blue 4", "green 6", "yellow 8", "grey 8", "black 5"),
         ("blue 2", "blue 3", "green 1", "green 2", "violet 5", "violet 8", "black 1", "black 7", "yellow 1"),
         ("red 5", "blue 1", "violet 2", "grey 3", "yellow 4")),
        ((0, _swap("grey 8", "red 5"), "tutorial.swap"),
         (1, KNOCK, "tutorial.first_knock"),
         (0, KNOCK, "tutorial.second_knock"),
         (1, _swap("violet 5", "yellow 4"), "tutorial.final_turn")),  # Bruno ends on 25 to your 23: you win
    ),
    (
        (("red 1", "red 2", "red 3", "red 4", "yellow 6", "green 6", "blue 6", "violet 6", "black 8"),
         ("blue 2", "blue 3", "green 1", "green 2", "violet 4", "violet 5", "black 1", "black 2", "yellow 1"),
         ("red 6", "grey 2", "grey 7", "yellow 3", "black 4")),
        ((0, _swap("black 8", "red 6"), "tutorial.zero"),),
    ),
)


# A swap's lesson, after its first tap (the card to give): the words for the card to take.
TAKE_TEXT = {"tutorial.swap": "tutorial.swap_take", "tutorial.zero": "tutorial.zero_take"}


def scene_match(index: int) -> Match:
    """Scene ``index`` as a one-round match of two, the person to play first."""
    (mine, bots, pool), _ = SCENES[index]
    return Match.of_round(Round.from_deal([mine, bots], pool, first_player=0), seed=f"tutorial-{index}")


def expected(s: Table) -> tuple[int, Action, str] | None:
    """The move the lesson asks for now (seat, action, lesson key), if a tutorial scene is being played."""
    if s.lesson is None or s.match is None or s.match.is_over:
        return None
    moves = SCENES[s.lesson][1]
    turns = s.match.round.turns_taken
    return moves[turns] if turns < len(moves) else None


def scripted(s: Table) -> Action | None:
    """The bot's scripted move, in a tutorial."""
    move = expected(s)
    return move[1] if move is not None and move[0] != 0 else None


def allowed(s: Table, action: Action) -> bool:
    """Whether the person may play ``action`` now: anything outside a tutorial, the lesson's move in one."""
    move = expected(s)
    return s.lesson is None or (move is not None and move[0] == 0 and move[1] == action)


def asked_for(s: Table, action: Action) -> bool:
    """Whether ``action`` is the lesson's move for the person now (its confirm button then wears the cue)."""
    move = expected(s)
    return move is not None and move[0] == 0 and move[1] == action


def cue(s: Table) -> tuple[str, str, bool]:
    """What the lesson asks the person to tap next: (a hand card's slug, a pool card's slug, the Knock button),
    at most one of them; nothing while the bot plays or the confirm box waits."""
    move = expected(s)
    if move is None or move[0] != 0 or page(s) is not Page.TABLE:
        return "", "", False
    action = move[1]
    if not isinstance(action, Swap):
        return "", "", not s.knocking
    if s.give != action.give:
        return action.give.slug, "", False
    if s.take != action.take:
        return "", action.take.slug, False
    return "", "", False


def lesson_text(s: Table) -> str:
    """What the lesson says now: the step to take (following each tap) or the move to watch, why a move was
    refused, the end of a scene."""
    if s.lesson is None or s.match is None:
        return ""
    t = s.texts
    if page(s) in (Page.LAST_MOVE, Page.ROUND_END):
        return t.t(f"tutorial.end_{s.lesson + 1}")
    move = expected(s)
    if move is None:
        return ""
    seat, action, key = move
    text = t.t(key)
    if seat == 0 and isinstance(action, Swap) and s.give == action.give:
        text = t.t("tutorial.confirm", button=t.t("confirm.yes_swap")) if s.take == action.take else t.t(TAKE_TEXT[key])
    if s.refused and seat == 0:
        why = (t.t("tutorial.wrong_swap", give=t.card_in(action.give), take=t.card_in(action.take))
               if isinstance(action, Swap) else t.t("tutorial.wrong_knock"))
        text = why + " " + text
    return text


def begin(s: Table) -> Result:
    """Start the tutorial's first scene; the table as it was waits behind it."""
    home = s.before_lesson or with_shell(cleared(s), overlay=None)
    after = with_shell(replace(cleared(s), match=scene_match(0),
                               reviewed=0, shown=0, assists=(), hint=None, asked=None, pool_order=()),
                       lesson=0, serial=s.serial + 1, setting_up=False, overlay=None, at_screen=None, recorded=True,
                       notes=(), before_lesson=home, live=said("tutorial.swap"), settings=SETTINGS)
    return settle(s, after)


def next_scene(s: Table) -> Result:
    """After a scene's end: the next scene, or the end of the tutorial."""
    assert s.lesson is not None
    if s.lesson + 1 < len(SCENES):
        after = with_shell(replace(cleared(s), match=scene_match(s.lesson + 1), reviewed=0, shown=0, pool_order=()),
                           lesson=s.lesson + 1, serial=s.serial + 1, live=said(SCENES[s.lesson + 1][1][0][2]))
        return settle(s, after)
    return leave(s, taught=True)


def leave(s: Table, *, taught: bool = False) -> Result:
    """Back to the table as it was before the tutorial (finished, or skipped)."""
    home = s.before_lesson
    if home is None:
        return s, ()
    back = with_shell(home, sound=s.sound, motion=s.motion, taught=s.taught or taught,
                      lang=s.lang, history=s.history, notes=s.notes, persist=s.persist)
    if back.match is None:
        back = with_shell(back, setting_up=True)
    done, effects = settle(back, back)  # the match behind the tutorial goes on (bots wake); nothing is saved
    return done, (*effects, *prefs_saved(done))
