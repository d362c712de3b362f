"""Zero's tests' shared steps: ``Driver`` (Zero at the page's runtime, by taps) and the pure transitions a step at
a time, for tests that look at states between the page's steps.

``act(state, "knock")`` is a tap (the ``data-action`` text, as the page reads it); ``bot_play`` is a bot's
whole move (thinking, showing, playing) without the pauses the runtime waits between them.
"""

from __future__ import annotations

from typing import Any

from tabletop.bots import BotPlay, BotShow, BotStarted, Turn
from tabletop.effects import Do, Effects
from zero_game import Action
from zero_game.seats import Seat
from zero_game.web.commands import handle
from zero_game.web.plugin import PLUGIN
from zero_game.web.settings import Settings
from zero_game.web.table import Table

from .harness import FakeStorage, ZeroTable

ANA_BEN = Settings(seats=(Seat("Ana"), Seat("Ben")), speed="fast")


def Driver(state: Table, storage: FakeStorage | None = None) -> ZeroTable:  # noqa: N802 - reads as before
    """Zero run by the page's own runtime (tests/harness.py) from ``state``: the tests' Zero table by taps."""
    return ZeroTable.of(state, storage=storage)


def act(s: Table, message: Any, arg: str = "", value: str = "") -> tuple[Table, Effects]:
    """``handle`` for a tap on ``message`` (an action's text or member), or any message."""
    if isinstance(message, str):
        cmd = PLUGIN.command(message)
        if cmd is None:
            raise ValueError(f"Unknown command {message!r}.")
        message = Do(cmd, arg, value)
    return handle(s, message)


def bot_thinking(s: Table, turn: Turn) -> Table:
    return handle(s, BotStarted((s.serial, turn.key)))[0]


def bot_show(s: Table, turn: Turn, action: Action) -> Table:
    return handle(s, BotShow((s.serial, turn.key), action))[0]


def bot_play(s: Table, turn: Turn, action: Action) -> tuple[Table, Effects]:
    """The bot's move played (its thinking and its card leaving shown first)."""
    return handle(bot_show(bot_thinking(s, turn), turn, action), BotPlay((s.serial, turn.key), action))
