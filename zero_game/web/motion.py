"""What a change of the table looks and sounds like: pure functions of two states.

``travelled(before, after)``: the swap that just happened, so its cards can travel; ``cues(before,
after)``: the sounds it makes.  The page (``fx.py``) plays them unless the person turned them off (the screen's
``motion`` and ``sound``, from the state's switches; off on a phone) or the device asks for reduced motion.
"""

from __future__ import annotations

from zero_game import Effect, Swap, Turn

from .settings import SPEEDS
from .table import Page, Table, page, table_round


def travelled(before: Table, after: Table) -> tuple[int, Swap] | None:
    """The seat that just swapped, and its swap, if ``after`` is the table right after a swap."""
    if after.arrived is None or after.match is None or after.match is before.match:
        return None
    r = table_round(after)
    if r is None or not r.history:
        return None
    turn = r.history[-1]
    if not isinstance(turn.action, Swap) or turn.action.give != after.arrived:
        return None
    return turn.seat, turn.action


def cues(before: Table, after: Table) -> tuple[str, ...]:
    """The sounds of the change from ``before`` to ``after``: the turn just taken (a ZERO's its own), a ZERO dealt, a
    round's end opening, the match's podium."""
    found: list[str] = []
    if after.match is not None and after.match is not before.match and before.match is not None \
            and after.serial == before.serial:
        turns = _history(after)
        if turns and len(turns) > len(_history(before)):
            effect = turns[-1].effect
            found.append({Effect.SWAP: "swap", Effect.ZERO: "zero", Effect.KNOCK: "knock",
                          Effect.SECOND_KNOCK: "final", Effect.PASS: "knock"}[effect])
    opened = page(after) is not page(before)
    if opened and page(after) is Page.LAST_MOVE and after.match is not None:  # a ZERO dealt: no swap made it
        r = after.match.finished_rounds[after.reviewed]
        if r.zero_seats and not r.history:
            found.append("zero")
    if opened and page(after) is Page.ROUND_END:
        found.append("end")
    if page(after) is Page.MATCH_END and after.reviewed != before.reviewed:  # the podium, once
        found.append("podium")
    return tuple(found)


def _history(s: Table) -> tuple[Turn, ...]:
    r = table_round(s)
    return r.history if r is not None else ()


def travel_ms(s: Table) -> int:
    """How long a card travels, from the bots' speed setting (so a person can follow a bot's swap)."""
    return max(220, round(SPEEDS[s.settings.speed] * 350))
