"""The quiz's pure transitions a step at a time, for tests that look at states between the page's steps.

``act(state, Command.CARD, id)`` is a tap; ``bot_play`` is a bot team's whole decision (thinking, then
playing) without the pause the runtime waits between them.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import StrEnum
from typing import Any

from tabletop.bots import BotPlay, BotStarted, Turn
from tabletop.effects import Do, Effects
from tabletop.widgets import Button
from tests.harness import FakeStorage, TableRun
from thousand.actions import Action
from thousand.game import Phase
from thousand.web.actions import Command
from thousand.web.commands import handle
from thousand.web.plugin import PLUGIN
from thousand.web.present import present
from thousand.web.screens import ChooseView, EndView, GuessView, NumberLine, RevealedAnswer
from thousand.web.table import Page, QuizTable, page, seen, shown_plays, team_name, viewer


def act(s: QuizTable, message: Any, arg: str = "", value: str = "") -> tuple[QuizTable, Effects]:
    """``handle`` for a tap on ``message`` (a command, or its ``data-action`` text), or any other message."""
    if isinstance(message, (str, StrEnum)):
        cmd = PLUGIN.command(str(message))
        if cmd is None:
            raise ValueError(f"Unknown command {message!r}.")
        message = Do(cmd, arg, value)
    return handle(s, message)


def bot_play(s: QuizTable, turn: Turn, action: Action) -> tuple[QuizTable, Effects]:
    """The bot team's decision played (its panel showing it thinking first)."""
    key = (s.serial, turn.key)
    return handle(handle(s, BotStarted(key))[0], BotPlay(key, action))


def _buttons(item: object, out: list[Button]) -> list[Button]:
    """Every button of a screen model, in the order the page draws them."""
    if isinstance(item, Button):
        out.append(item)
    elif is_dataclass(item):
        for f in fields(item):
            _buttons(getattr(item, f.name), out)
    elif isinstance(item, (tuple, list)):
        for part in item:
            _buttons(part, out)
    return out


def _first(run: TableRun, action: str) -> Button | None:
    return next((b for b in _buttons(run.screen, []) if str(b.action) == action and not b.disabled), None)


def started_walk(seed: int) -> TableRun:
    """The browser walks' quiz at the page's runtime, just dealt: Owls (people), a hard and an easy bot team on deal
    ``seed``, a first visit, at the fast speed."""
    run = TableRun.open(PLUGIN, storage=FakeStorage())
    while len(run.state.settings.teams) < 3:
        run.tap(Command.ADD_TEAM)
    for i, kind in enumerate(("people", "hard", "easy")):
        run.field(f"team-kind:{i}", kind)
    run.do(Command.TEAM_NAME, "0", "Owls")
    run.do(Command.SET, "speed", "fast")
    run.do(Command.SET, "seed", str(seed))
    run.tap(Command.START)
    return run


def walk_by_first_taps(seed: int, *, powers: bool = False) -> list[str]:
    """The browser walks' quiz in CPython at the page's runtime: Owls (people), a hard and an easy bot team on deal
    ``seed``, a first visit; Owls tap their first card each round (with ``powers``: Two questions on round 1,
    Change on round 2, as tests/e2e/test_layout.py does), guess 500, and every other screen's first button.
    Returns what was done, in order ("guess" when the deal ends in the guessing tie-break)."""
    run = started_walk(seed)
    done: list[str] = []
    for _ in range(1000):
        where = page(run.state)
        if where is Page.HANDOFF:
            run.tap(Command.READY)
            done.append("ready")
        elif where is Page.CHOOSE:
            mine = next(t for t in run.screen.body.teams if t.mine)
            ids = [c.id for c in mine.cards]
            rounds = done.count("card") + 1
            if powers and rounds == 1 and _first(run, "two"):
                run.tap(Command.TWO).tap(Command.CARD, ids[0]).tap(Command.CARD, ids[1])
                run.tap(Command.COMBINE, _first(run, "combine").arg)  # type: ignore[union-attr]
            elif powers and rounds == 2 and _first(run, "change"):
                run.tap(Command.CHANGE).tap(Command.CARD, ids[2]).tap(Command.CONFIRM)
                mine = next(t for t in run.screen.body.teams if t.mine)
                run.tap(Command.CARD, mine.cards[0].id)
            else:
                run.tap(Command.CARD, ids[0])
            run.tap(Command.CONFIRM)
            done.append("card")
        elif where is Page.REVEAL:
            action = next(a for a in ("reveal-next", "reveal-done", "target") if _first(run, a))
            run.tap(action, _first(run, action).arg)  # type: ignore[union-attr]
            done.append(action)
        elif where is Page.GUESS:
            run.do(Command.GUESS_TEXT, value="500").tap(Command.GUESS)
            done.append("guess")
        elif where is Page.END and _first(run, "see-winner"):
            run.tap(Command.SEE_WINNER)
            done.append("see-winner")
        elif where is Page.END:
            return done
        else:
            raise AssertionError(f"the walk stopped on {where}")
    raise AssertionError("the quiz did not end")


def walk(item: object, found: list[object]) -> None:
    if isinstance(item, (tuple, list)):
        for part in item:
            walk(part, found)
    elif is_dataclass(item):
        found.append(item)
        for f in fields(item):
            walk(getattr(item, f.name), found)


def check_privacy(s: QuizTable) -> None:
    """What the page would draw now shows no secret it may not."""
    screen = present(s)
    parts: list[object] = []
    walk(screen.body, parts)
    me = viewer(s)
    g = s.game
    # Answers: only those of plays turned over (and, at the end, the guessed last cards).
    allowed = {c.id for p in shown_plays(s) for c in p.cards}
    if g is not None and g.is_over and page(s) is Page.END:
        allowed |= {r.card.id for r in g.guess_results}
    answers = {a.id for a in parts if isinstance(a, RevealedAnswer)}
    assert answers <= allowed, (answers - allowed, page(s))
    for line in (p for p in parts if isinstance(p, NumberLine)):
        if isinstance(screen.body, EndView):  # the tie-break's guesses, each beside its own card's answer (now public)
            assert g is not None and line in screen.body.tiebreak and len(line.marks) == 1
        else:
            assert len(line.marks) == len(shown_plays(s))
    if isinstance(screen.body, GuessView) and screen.body.card is not None:  # the tie-break names everyone in it
        assert g is not None and all(team_name(s, team) in screen.body.intro for team in g.guessers)
    # Picks: a chosen card is marked only for the team at the tablet while it may look.
    if isinstance(screen.body, ChooseView):
        for panel in screen.body.teams:
            if panel.team != me:
                assert not any(c.selected or c.fresh or c.interactive for c in panel.cards)
    if g is not None and g.phase is Phase.CHOOSE:
        for team in range(g.teams):
            if team != me and (g.picks[team] is not None or g.changes[team] is not None):
                secret = g.picks[team] or g.changes[team]
                assert str(secret) not in repr(screen)
    view = seen(s)
    if view is not None and me is None:
        assert view.my_pick is None and view.my_change is None and view.my_guess is None
