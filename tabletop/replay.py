"""A saved game's state rebuilt from its record: its deal, then every action line replayed by the rules.

A game that saves a deal and the actions since as text (Zero's ``Round``, the quiz's ``Game``) rebuilds it here:
replaying them with the rules checks every step, so a damaged record is refused with the number of its first bad
action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .errors import DataError, IllegalMove, InvalidMove

S = TypeVar("S")


def replay_saved(what: str, deal: Callable[[], S], actions: Sequence[str], apply: Callable[[S, str], S]) -> S:
    """The state ``deal()`` starts and the ``actions`` (lines, applied in order by ``apply``) lead to; a deal or an
    action that is not a move or the rules refuse raises ``DataError`` ("The saved {what} is damaged...")."""
    try:
        state = deal()
    except InvalidMove as err:
        raise DataError(f"The saved {what} is damaged: {err}") from None
    for number, text in enumerate(actions, 1):
        try:
            state = apply(state, text)
        except (InvalidMove, IllegalMove) as err:
            raise DataError(f"The saved {what} is damaged at action {number}: {err}") from None
    return state
