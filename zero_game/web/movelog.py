"""The move log: everything public about a match's rounds (R18), as plain entries and as sentences.

``round_log(round)`` turns a round's history into entries: each swap (who, gave, took), each knock
(the first, the second, a pass in the final turns), the ZERO and the end of the round.  It reads only
``Round.history`` and, once a round is over, its scores and ZERO seats, so it can never name a card
that was not seen by everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tabletop.present import Nav
from tabletop.widgets import Button
from zero_game import Card, Effect, Match, Round, Swap

from .actions import Command
from .screens import LogRound, LogView
from .table import Table
from .texts import Texts


class Kind(StrEnum):
    """What a log entry records."""

    SWAP = "swap"
    ZERO = "zero"  # the swap that made a ZERO
    KNOCK = "knock"  # the first knock
    SECOND_KNOCK = "second-knock"  # the second knock: the final turns begin
    PASS = "pass"  # a knock in the final turns
    DEALT_ZERO = "dealt-zero"  # a ZERO in the deal ended the round before the first turn
    END = "end"  # the round is over: its scores


@dataclass(frozen=True)
class Entry:
    """One line of the log: ``seat`` acted (or, for the end, the seats named), ``final`` in the final turns."""

    kind: Kind
    seat: int = -1
    give: Card | None = None
    take: Card | None = None
    final: bool = False
    scores: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class RoundLog:
    """One round's entries, oldest first; ``number`` counts from 1."""

    number: int
    dealer: int
    entries: tuple[Entry, ...]


_KINDS = {Effect.SWAP: Kind.SWAP, Effect.ZERO: Kind.ZERO, Effect.KNOCK: Kind.KNOCK,
          Effect.SECOND_KNOCK: Kind.SECOND_KNOCK, Effect.PASS: Kind.PASS}


def round_log(r: Round, number: int) -> RoundLog:
    """The public log of round ``number`` (from 1), as far as it has been played."""
    entries: list[Entry] = []
    final = False
    for turn in r.history:
        kind = _KINDS[turn.effect]
        give = take = None
        if isinstance(turn.action, Swap):
            give, take = turn.action.give, turn.action.take
        entries.append(Entry(kind, turn.seat, give, take, final=final and kind is not Kind.PASS))
        final = final or kind is Kind.SECOND_KNOCK
    if r.is_over:
        if r.zero_seats and not r.history:
            entries.append(Entry(Kind.DEALT_ZERO, seats=r.zero_seats))
        scores = r.scores()
        best = min(scores)
        leaders = r.zero_seats or tuple(seat for seat, v in enumerate(scores) if v == best)
        entries.append(Entry(Kind.END, scores=scores, seats=leaders))
    return RoundLog(number, r.dealer, tuple(entries))


def match_log(m: Match, upto: int | None = None) -> tuple[RoundLog, ...]:
    """Every round of ``m`` so far (or the first ``upto`` rounds), the current one last."""
    rounds = list(m.finished_rounds)
    if not m.is_over:
        rounds.append(m.round)
    if upto is not None:
        rounds = rounds[:upto]
    return tuple(round_log(r, i + 1) for i, r in enumerate(rounds))


def entry_text(t: Texts, e: Entry) -> str:
    """One entry as a sentence in ``t``'s language."""
    if e.kind in (Kind.SWAP, Kind.ZERO):
        assert e.give is not None and e.take is not None
        key = "log.zero" if e.kind is Kind.ZERO else "log.swap_final" if e.final else "log.swap"
        return t.say(key, e.seat, give=t.card_in(e.give), take=t.card_in(e.take))
    if e.kind is Kind.KNOCK:
        return t.say("log.knock", e.seat)
    if e.kind is Kind.SECOND_KNOCK:
        return t.say("log.second_knock", e.seat)
    if e.kind is Kind.PASS:
        return t.say("log.pass", e.seat)
    names = t.names(e.seats)
    if e.kind is Kind.DEALT_ZERO:
        return t.say("log.dealt_zero", e.seats[0]) if len(e.seats) == 1 else t.t("log.dealt_zero", name=names)
    scores = ", ".join(t.t("log.score", name=t.name(seat), score=v) for seat, v in enumerate(e.scores))
    return t.t("log.end", scores=scores)


def last_move_text(t: Texts, r: Round) -> str:
    """The sentence for the move that ended round ``r``: the ZERO swap, the last final turn, or a dealt ZERO."""
    history = r.history
    if not history:
        seats = r.zero_seats
        if len(seats) == 1:
            return t.say("log.dealt_zero", seats[0])
        return t.t("log.dealt_zero", name=t.names(seats))
    entries = round_log(r, 1).entries
    moves = [e for e in entries if e.kind not in (Kind.END, Kind.DEALT_ZERO)]
    text = entry_text(t, moves[-1])
    return text if moves[-1].kind is Kind.ZERO else text + " " + t.t("log.round_over")


# ---- screen models ----------------------------------------------------------------------------------


def log_round(t: Texts, log: RoundLog) -> LogRound:
    """One round of the log as drawn: its heading, who dealt, then its moves."""
    lines = [t.say("log.dealer", log.dealer)]
    lines += [entry_text(t, e) for e in log.entries]
    if not log.entries:
        lines.append(t.t("log.empty"))
    return LogRound(t.t("log.round", n=log.number), tuple(lines))


def shown_log(s: Table) -> tuple[RoundLog, ...]:
    """The rounds the log shows, the oldest first: every round so far, up to the one whose end (or last move) is on
    screen: from round 2's end, never round 3 with no move yet, though the match has dealt it."""
    assert s.match is not None
    on_screen = s.reviewed + 1 if len(s.match.finished_rounds) > s.reviewed else None
    return match_log(s.match, upto=on_screen)


def log_panel(s: Table) -> LogView:
    """The move log at the table: every round so far, the oldest first, so the newest move is last (the panel
    keeps its end in view); its button closes it."""
    t = s.texts
    rounds = tuple(log_round(t, r) for r in shown_log(s))
    return LogView(t.t("log.heading"), rounds, Button(Command.LOG, t.t("log.close")))


def log_page(s: Table) -> LogView:
    """The move log page (a round's end where the moves do not fit beside it): the rounds in the panel's order,
    the oldest first; the page opens on the newest (``View.after`` scrolls to it)."""
    t = s.texts
    rounds = tuple(log_round(t, r) for r in shown_log(s))
    return LogView(t.t("log.heading"), rounds, Button(Nav.BACK, t.t("back"), primary=True))
