"""The quiz's pure transitions a step at a time, for tests that look at states between the page's steps.

``act(state, Command.CARD, id)`` is a tap; ``bot_play`` is a bot team's whole decision (thinking, then
playing) without the pause the runtime waits between them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from tabletop.bots import BotPlay, BotStarted, Turn
from tabletop.effects import Do, Effects
from thousand.actions import Action
from thousand.web.commands import handle
from thousand.web.plugin import PLUGIN
from thousand.web.table import QuizTable


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
