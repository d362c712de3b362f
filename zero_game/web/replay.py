"""Replays: any finished round on the score sheet, stepped through move by move with every hand shown.

The round is over, so everything in it is public (R18).  The state is only where the replay stands
(``Table.replay``: match id, round index, move); the round is rebuilt from the sheet's saved deal and
actions each time it is drawn (a few dozen moves, well under a millisecond).
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.notes import with_shell
from tabletop.present import Nav, date_text
from tabletop.widgets import Button
from zero_game import Card, DataError, Round, Swap, breakdown
from zero_game.seats import Seat
from zero_game.sheet import MatchRecord

from .actions import Command
from .movelog import entry_text, round_log
from .screens import ReplayView, RevealedHand
from .settings import Settings
from .table import Page, Result, Table
from .texts import Texts


def _record(s: Table, match_id: str) -> MatchRecord | None:
    return next((m for m in s.history.matches if m.id == match_id), None)


def states(record: MatchRecord, index: int) -> list[Round]:
    """Every state of round ``index`` of ``record``, from the deal to its end (``DataError`` if it can't be)."""
    play = record.rounds[index].play
    if play is None:
        raise DataError("This round was recorded before replays were kept.")
    found = play.replay((record.first_dealer + index) % len(record.seats))
    if found[-1].scores() != record.rounds[index].scores:
        raise DataError("The saved round does not reach the scores on the sheet.")
    return found


def open_replay(s: Table, arg: str) -> Result:
    """Open the replay of ``match-id:round-index`` at the deal."""
    match_id, _, index = arg.rpartition(":")
    record = _record(s, match_id)
    if record is None or not index.isdigit() or int(index) >= len(record.rounds):
        return s, ()
    if record.rounds[int(index)].play is None:
        return s, ()
    return with_shell(replace(s, replay=(match_id, int(index), 0)), overlay=Page.REPLAY, confirm_clear=False), ()


def step_replay(s: Table, arg: str) -> Result:
    """Move the replay: ``first``, ``back``, ``next`` or ``last``."""
    if s.replay is None or s.overlay is not Page.REPLAY:
        return s, ()
    match_id, index, at = s.replay
    record = _record(s, match_id)
    if record is None or record.rounds[index].play is None:
        return s, ()
    moves = len(record.rounds[index].play.actions)  # type: ignore[union-attr]
    at = {"first": 0, "back": at - 1, "next": at + 1, "last": moves}.get(arg, at)
    return replace(s, replay=(match_id, index, max(0, min(moves, at)))), ()


def record_texts(s: Table, record: MatchRecord) -> Texts:
    """Texts that name the seats as the sheet recorded them."""
    return Texts(s.lang, Settings(seats=tuple(Seat(seat.name) for seat in record.seats)))


def replay_page(s: Table) -> ReplayView:
    """Where the replay stands: the move just made, the pool, every hand with its score, the buttons."""
    from .present import card  # the card model is the table's (present imports this module lazily)

    t = s.texts
    assert s.replay is not None
    match_id, index, at = s.replay
    record = _record(s, match_id)
    back = Button(Nav.BACK, t.t("replay.back"), primary=True)
    if record is None:
        return ReplayView(t.t("replay.heading", n=index + 1), "", t.t("replay.missing"), (), (), (), back)
    names = record_texts(s, record)
    heading = t.t("replay.heading_date", n=index + 1, date=date_text(t.t, record.finished_at))
    try:
        found = states(record, index)
    except DataError as err:
        return ReplayView(heading, "", t.t("replay.damaged", reason=str(err)), (), (), (), back)
    r = found[at]
    entries = [e for e in round_log(found[-1], index + 1).entries]
    said = t.t("replay.deal") if at == 0 else entry_text(names, entries[at - 1])
    if at == len(found) - 1:
        said += " " + entry_text(names, entries[-1])  # the end: the points
    moved: set[Card] = set()  # the cards of the move just made, marked where they went
    action = found[at].history[-1].action if at > 0 else None
    if isinstance(action, Swap):
        moved = {action.give, action.take}
    hands = []
    for seat in range(r.players):
        cards = r.hand(seat)
        b = breakdown(cards)
        cleared = set(b.cleared)
        hands.append(RevealedHand(
            names.name(seat), tuple(card(t, c, cleared=c in cleared, selected=c in moved) for c in sorted(cards)),
            t.t("score.round", score=0 if b.zero else b.score),
        ))
    last = len(found) - 1
    buttons = (
        Button(Command.REPLAY_STEP, t.t("replay.first"), arg="first", disabled=at == 0),
        Button(Command.REPLAY_STEP, t.t("replay.prev"), arg="back", disabled=at == 0),
        Button(Command.REPLAY_STEP, t.t("replay.next"), arg="next", primary=True, disabled=at == last,
               key="ArrowRight"),
        Button(Command.REPLAY_STEP, t.t("replay.last"), arg="last", disabled=at == last),
    )
    return ReplayView(heading, t.t("replay.step", n=at, total=last), said,
                      tuple(card(t, c, selected=c in moved) for c in r.pool), tuple(hands), buttons, back,
                      t.t("zone.pool"))


def replay_buttons(t: Texts, record: MatchRecord) -> tuple[Button, ...]:
    """One button per round of ``record`` that can be replayed."""
    return tuple(Button(Command.REPLAY, t.t("replay.round", n=i + 1), arg=f"{record.id}:{i}")
                 for i, rnd in enumerate(record.rounds) if rnd.play is not None)
