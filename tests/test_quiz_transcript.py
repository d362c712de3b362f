"""A golden transcript: one fixed-seed game of Zéro à 1000 on the fixture deck, written out and diffed.

Regenerate it only on purpose, after a deliberate rules change:
``ZERO_UPDATE_GOLDEN=1 python -m pytest tests/test_quiz_transcript.py``.
"""

from __future__ import annotations

import random

from tests.fixtures.quiz_helpers import DECK
from tests.helpers import check_golden
from thousand import Game, deal
from thousand.text import describe_end, describe_reveal


def transcript(seed: int = 2026) -> str:
    rng = random.Random(seed)
    game: Game = deal(3, seed=seed, deck=DECK)
    lines = [f"Zéro à 1000: 3 teams, seed {seed}, fixture deck of {len(DECK)} questions"]
    lines += [f"  team {t} is dealt {', '.join(h)}" for t, h in enumerate(game.hands)]
    while not game.is_over:
        team = game.to_act[0]
        game = game.apply(rng.choice(game.legal_actions(team)))
    for reveal in game.reveals:
        lines += describe_reveal(reveal)
    lines += describe_end(game)
    lines += ["actions: " + "; ".join(str(a) for a in game.history), ""]
    return "\n".join(lines)


def test_golden_transcript_matches() -> None:
    check_golden("quiz-3teams-seed-2026.txt", transcript())
