"""The errors a player, a file or stored data can cause, in every game.

``InvalidMove`` is input that is not a move at all, ``IllegalMove`` a move the rules forbid now, and
``DataError`` (with its kinds) stored or imported text that cannot be used.
"""

from __future__ import annotations


class InvalidMove(ValueError):
    """Text or data that is not a card, a question or an action at all."""


class IllegalMove(ValueError):
    """A well-formed action that the rules forbid at this moment."""


class DataError(ValueError):
    """Saved text that is not valid JSON, not the document expected, or of an unknown schema."""


class NotJsonError(DataError):
    """The text is not JSON at all (a truncated write, a wrong file)."""


class WrongKindError(DataError):
    """Valid JSON, but not the document that was expected (another app's file, another document type…)."""


class DamagedError(DataError):
    """A document of the right type and schema whose content breaks the rules of its format."""


class NewerVersionError(DataError):
    """A document written by a newer version of the game: leave it untouched."""

    def __init__(self, what: str, found: int, known: int, game: str = "the game") -> None:
        super().__init__(
            f"This {what} was saved by a newer version of {game} (format {found}; this version reads up to "
            f"{known}). It has been left as it is: update the game to open it."
        )
        self.what = what
        self.found = found
        self.known = known


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about values that may be huge."""
    text = repr(value[: limit + 1]) if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
