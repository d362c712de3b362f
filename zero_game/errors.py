"""The errors a player, a file or stored data can cause."""

from __future__ import annotations


class InvalidMove(ValueError):
    """Text or data that is not a card or an action at all."""


class IllegalMove(ValueError):
    """A well-formed action that the rules forbid at this moment."""


class DataError(ValueError):
    """Saved text that is not valid JSON, not a round or match, or of an unknown schema."""


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about values that may be huge."""
    text = repr(value[: limit + 1]) if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
