"""A hint against bots: "What would the hard bot do?", answered in one sentence with the score of each option.

The request is state (``Table.asked``); the runtime runs the hard bot in slices (a ``HintJob``) and hands
its choice back as ``Advised``; the hint stays on screen while the table is where it was asked.
The bot's randomness comes from the match state, so the same position gives the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from tabletop.effects import Think, Thinking
from tabletop.notes import said, with_shell
from zero_game import Action, Card, Phase, RoundView, Swap, breakdown, score_hand

from .table import HINT_SAID, Result, Table, bot, my_turn, settle
from .texts import Texts
from .undo import HINT, UNDO

HintKey = tuple[int, int, int]  # (match serial, finished rounds, turns taken this round)


@dataclass(frozen=True)
class Advised:
    """The hard bot's answer to the hint asked at ``key``."""

    key: HintKey
    action: Action


@dataclass(frozen=True)
class HintJob:
    """The hard bot thinking for the person at the screen, in slices (``tabletop.effects.Job``)."""

    ask: HintKey
    view: RoundView
    rng: random.Random = field(compare=False)
    totals: tuple[int, ...]
    rounds_left: int
    marks = ("hint-asked", "hint-shown")

    @property
    def key(self) -> tuple[str, HintKey]:
        return ("hint", self.ask)

    def start(self) -> Thinking:
        from zero_game.bots import Standing

        return bot("hard").start(self.view, self.rng, Standing(self.totals, self.rounds_left))

    def current(self, state: Table) -> bool:
        return hint_key(state) == self.ask

    def started(self) -> None:
        return None

    def done(self, action: Action, seconds: float) -> Advised:
        return Advised(self.ask, action)


def hint_key(s: Table) -> HintKey | None:
    """Where the table stands, if a hint may be asked now: the lone person's own turn against bots."""
    alone = len(s.settings.persons) == 1 and not s.settings.phones
    if s.match is None or s.lesson is not None or not alone or not my_turn(s):
        return None
    return (s.serial, len(s.match.finished_rounds), s.match.round.turns_taken)


def can_hint(s: Table) -> bool:
    """Whether the hint button is offered."""
    return hint_key(s) is not None


def ask(s: Table) -> Result:
    """The person asks what the hard bot would do: marked as help used; the glue starts the bot."""
    key = hint_key(s)
    if key is None:
        return s, ()
    if s.asked == key or s.hint is not None and s.hint[0] == key:
        return s, ()  # asked already, or answered
    after = with_shell(replace(s, asked=key, assists=tuple(a for a in (UNDO, HINT) if a in {*s.assists, HINT})),
                       live=said("hint.thinking"))
    m = s.match
    assert m is not None and s.at_screen is not None
    job = HintJob(key, m.view(s.at_screen), hint_rng(s, key), tuple(m.totals), max(0, m.rounds - m.round_number))
    return settle(s, after, (Think(job),))


def advised(s: Table, key: HintKey, action: Action) -> Result:
    """The hard bot's answer, shown if the table is still where it was asked."""
    if s.asked != key or hint_key(s) != key:
        return s, ()
    return settle(s, with_shell(replace(s, asked=None, hint=(key, action)), live=said(HINT_SAID)))


def hint_rng(s: Table, key: HintKey) -> random.Random:
    """The hint's randomness, from the match state."""
    assert s.match is not None
    return random.Random(f"{s.match.seed}:hint:{key[1]}:{key[2]}")


def thinking(s: Table) -> bool:
    """Whether the hard bot is working on a hint now."""
    return s.asked is not None and s.asked == hint_key(s)


def hint_text(s: Table) -> str | None:
    """The hint on screen, if one was given for where the table stands."""
    key = hint_key(s)
    if key is None or s.hint is None or s.hint[0] != key or s.match is None or s.at_screen is None:
        return None
    r = s.match.round
    return explain(s.texts, r.hand(s.at_screen), r.pool, s.hint[1], final=r.phase is Phase.FINAL)


def hinted(s: Table) -> tuple[str, str]:
    """The slugs of the hand card and the pool card the hint on screen names (its swap), lit on the table like a
    lesson's cue; ("", "") for a knock or with no hint."""
    key = hint_key(s)
    if key is None or s.hint is None or s.hint[0] != key or not isinstance(s.hint[1], Swap):
        return "", ""
    return s.hint[1].give.slug, s.hint[1].take.slug


def _score(t: Texts, hand: list[Card]) -> str:
    return t.t("hint.zero_word") if breakdown(hand).zero else str(score_hand(hand))


def explain(t: Texts, hand: tuple[Card, ...], pool: tuple[Card, ...], action: Action, *, final: bool = False) -> str:
    """The hard bot's choice and why, in one sentence: what it would do and what each option scores."""
    now = score_hand(hand)
    best: tuple[int, Swap] | None = None
    for give in hand:
        for take in pool:
            if isinstance(action, Swap) and (give, take) == (action.give, action.take):
                continue
            new = [c for c in hand if c != give] + [take]
            value = 0 if breakdown(new).zero else score_hand(new)
            if best is None or value < best[0]:
                best = (value, Swap(give, take))
    other = best[0] if best is not None else now
    if isinstance(action, Swap):
        new = [c for c in hand if c != action.give] + [action.take]
        value = 0 if breakdown(new).zero else score_hand(new)
        key = "hint.swap_later" if value > other else "hint.swap"  # it gives up points now for a group later
        return t.t(key, give=t.card_in(action.give), take=t.card_in(action.take), score=_score(t, new),
                   now=now, other=other)
    return t.t("hint.pass" if final else "hint.knock", now=now, other=other)
