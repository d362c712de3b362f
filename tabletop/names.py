"""Names people type for themselves or their team: one rule for every game.

>>> clean_name("  Ann \\t Lee\\u0007 ")
'Ann Lee'
>>> name_problem("Ann"), name_problem(" Ann") is not None
(None, True)
"""

from __future__ import annotations

import unicodedata

#: The longest name, in characters.
MAX_NAME = 40
#: The bots' names at every table, by seat (or team): the same bot is called the same in every game.
BOT_NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Elke")


def bot_name(seat: int) -> str:
    """The name of the bot at ``seat``."""
    return BOT_NAMES[seat % len(BOT_NAMES)]
_UNSHOWABLE = ("Cc", "Cs", "Cn", "Co")  # control, surrogate, unassigned, private use


def clean_name(text: str) -> str:
    """A name as typed, made one a seat or a team can have: spaces trimmed and collapsed, characters that cannot
    be shown dropped, cut to ``MAX_NAME``."""
    if not text.isprintable():  # isprintable() is false for all of _UNSHOWABLE (and for spaces): a fast path
        text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in _UNSHOWABLE)
    return " ".join(text.split())[:MAX_NAME].rstrip()


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a name (the empty name included), or ``None``."""
    if not isinstance(name, str):
        return f"a player's name must be text, not {name!r}."
    if name != " ".join(name.split()) or not 1 <= len(name) <= MAX_NAME:
        return f"the name {name!r} must have 1 to {MAX_NAME} characters, no extra spaces."
    if not name.isprintable() and any(unicodedata.category(ch) in _UNSHOWABLE for ch in name):
        return f"the name {name!r} contains characters that cannot be shown."
    return None
