"""A golden transcript: one fixed-seed match, written out as text and diffed on every run.

Regenerate it only on purpose, after a deliberate rules change:
``ZERO_UPDATE_GOLDEN=1 python -m pytest tests/test_transcript.py``.
"""

from __future__ import annotations

import random

from tests.helpers import check_golden
from zero_game import KNOCK, Action, Match, Swap, score_hand


def choose(match: Match, rng: random.Random) -> Action:
    """A plain greedy player: best swap for its own hand, knocks once its hand is good."""
    state = match.round
    seat = state.current_player
    assert seat is not None
    hand = state.hand(seat)
    now = score_hand(hand)
    if now <= 12 or state.turns_taken > 24 or rng.random() < 0.05:
        return KNOCK
    best = min(
        (a for a in state.legal_actions() if isinstance(a, Swap)),
        key=lambda a: (score_hand([c for c in hand if c != a.give] + [a.take]), rng.random()),
    )
    return best


def transcript(seed: int = 2026) -> str:
    rng = random.Random(seed)
    match = Match.new(3, seed=seed)
    while not match.is_over:
        match = match.apply(choose(match, rng))
    lines = [f"Zero: a 3-player match, seed {seed}, {match.rounds} rounds, pool {match.pool_size}"]
    for number, played in enumerate(match.finished_rounds, 1):
        lines += ["", f"Round {number}, dealer seat {played.dealer}"]
        for seat, hand in enumerate(played.dealt_hands):
            lines.append(f"  seat {seat} is dealt {', '.join(map(str, hand))}")
        lines.append(f"  pool: {', '.join(map(str, played.dealt_pool))}")
        lines += [f"  {turn.seat}: {turn.action} ({turn.effect.value})" for turn in played.history]
        zero = ", ".join(map(str, played.zero_seats)) or "nobody"
        lines.append(f"  round over; scores {list(played.scores())}; ZERO by {zero}")
    lines += ["", f"Totals {list(match.totals)}; winners {list(match.winners)}", ""]
    return "\n".join(lines)


def test_golden_transcript_matches() -> None:
    check_golden("match-3p-seed-2026.txt", transcript())
