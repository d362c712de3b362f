"""Taking back a turn against bots: the match rebuilt from its saved actions, without the person's last
turn and the bots' replies after it.

Bots draw their randomness from the match state (``table.bot_turn``: the seed, the round and the
turn number), so playing the same move again brings the same replies.  Offered only when one person
plays against bots; a match where it was used is marked on the score sheet (``Table.assists``).
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.notes import said, with_shell
from zero_game import Card, Match, Round, Swap

from .table import Page, Result, Table, cleared, keep_places, page, settle

UNDO = "undo"
HINT = "hint"


def pool_layout(r: Round) -> tuple[Card, ...]:
    """The pool as the table lays it out after ``r``'s turns: as dealt, each given card in the taken card's slot."""
    layout = r.dealt_pool
    for turn in r.history:
        if isinstance(turn.action, Swap):
            layout = keep_places(layout, tuple(c for c in layout if c != turn.action.take) + (turn.action.give,))
    return layout


def _where(s: Table) -> tuple[int, int] | None:
    """The round on the table and the index of the lone person's last turn in it, if undo is offered."""
    m = s.match
    persons = s.settings.persons
    if m is None or m.is_over or s.lesson is not None or len(persons) != 1 or s.settings.phones:
        return None
    if page(s) not in (Page.TABLE, Page.LAST_MOVE):
        return None
    index = s.reviewed if page(s) is Page.LAST_MOVE else len(m.finished_rounds)
    r = m.finished_rounds[index] if index < len(m.finished_rounds) else m.round
    mine = [i for i, turn in enumerate(r.history) if turn.seat == persons[0]]
    return (index, mine[-1]) if mine else None


def can_undo(s: Table) -> bool:
    """Whether the person may take back their last turn now: alone against bots, with a turn this round."""
    return _where(s) is not None


def undo(s: Table) -> Result:
    """``s`` with the person's last turn of this round, and everything after it, taken back."""
    where = _where(s)
    if where is None or s.match is None:
        return s, ()
    index, turn = where
    data = s.match.to_dict()
    played = data["played"][: index + 1]
    played[index] = {**played[index], "actions": played[index]["actions"][:turn]}
    match = Match.from_dict({**data, "played": played})
    after = with_shell(replace(
        cleared(s), match=match, shown=s.reviewed, pool_order=pool_layout(match.round),
        assists=tuple(a for a in (UNDO, HINT) if a in {*s.assists, UNDO}),
    ), live=said("live.undone"))
    return settle(s, after)
