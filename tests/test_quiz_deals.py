"""The deals the browser walks rely on still lead where their tests say (a deck change can move them).

tests/e2e/test_quiz.py plays deal 23 and tests/e2e/test_layout.py deal 54 (with Two questions and Change) to reach
the guessing tie-break of Q14 and measure its screens. Here the same taps at the page's runtime, in a second: when a
new deck or a new way of dealing moves them, this fails first and names the deals that now do.
"""

from __future__ import annotations

import pytest

from tests.quiz_steps import walk_by_first_taps


def tie_breaks(powers: bool, start: int = 0, count: int = 150) -> list[int]:
    return [seed for seed in range(start, start + count) if "guess" in walk_by_first_taps(seed, powers=powers)]


@pytest.mark.parametrize(("seed", "powers"), [(23, False), (54, True)])
def test_the_browser_walks_deals_end_in_the_guessing_tie_break(seed: int, powers: bool) -> None:
    done = walk_by_first_taps(seed, powers=powers)
    if "guess" not in done:
        pytest.fail(f"deal {seed} no longer reaches the tie-break; these do: {tie_breaks(powers)[:5]}")
    assert done.index("guess") < done.index("see-winner"), "the guesses are shown on the line before the winner"
    assert done.count("card") >= 3, "a whole quiz was played before it"
