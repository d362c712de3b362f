"""The outside yardsticks: players the project's bots are measured against and never tuned with.

Seated by name in ``python -m zero_game tournament --seats hard,ismcts,ismcts`` (and ``compare``):

- ``ismcts``: OpenSpiel's information-set Monte Carlo tree search (``open_spiel.python.algorithms.ismcts``,
  Cowling, Powley and Whitehouse 2012) with OpenSpiel's random-rollout evaluator, on the ``knizia_zero`` game
  of ``research.zero_spiel``; its root states come from the game's ``resample_from_infostate`` (uniform over
  the deals the seat's information allows). OpenSpiel's C++ ``ISMCTSBot`` cannot search a game written in
  Python (it releases the interpreter's lock, then calls the game: a crash), so the Python one searches.
- ``pimc``: a determinized search of this package's own design (``research.pimc``).

A name may carry a budget: ``ismcts:200`` searches 200 simulations a decision, ``pimc:120`` plays 120
deals. Without one, each plays at about the thinking time per decision of ``hard`` at the page's cap on
this machine (the figures in the README say how that was measured).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zero_game.bots.base import Bot
from zero_game.cards import to_mask

#: Simulations per decision of ``ismcts`` at about hard's thinking time (see the README).
ISMCTS_SIMULATIONS = 200
#: The exploration constant of its UCT selection, in the game's units (points of margin).
ISMCTS_UCT_C = 5.0
#: Random rollouts per leaf.
ISMCTS_ROLLOUTS = 1


class RolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS: plays a determinized round out by ``research.pimc``'s rule
    for every seat (every hand visible, the final turns exact) and returns the game's returns (margins)."""

    def __init__(self, rollouts: int = 1) -> None:
        self.rollouts = rollouts

    def evaluate(self, state: Any) -> Any:
        import numpy as np

        from .pimc import Table

        rnd = state.round
        players = rnd.players
        hands = [to_mask(rnd.hand(s)) for s in range(players)]
        turns = [0] * players
        for turn in rnd.history:
            turns[turn.seat] += 1
        final = len(rnd.final_turns_left) if rnd.second_knocker is not None else -1
        total = np.zeros(players)
        for _ in range(self.rollouts):
            table = Table(hands, to_mask(rnd.pool), rnd.current_player, rnd.knocks, final, turns)
            scores = table.rollout()
            whole = sum(scores)
            total += [(whole - s) / (players - 1) - s for s in scores]
        return total / self.rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def make_ismcts(simulations: int = ISMCTS_SIMULATIONS, uct_c: float = ISMCTS_UCT_C,
                rollouts: int = ISMCTS_ROLLOUTS, final: str = "max_visit_count", evaluator: str = "rollout") -> Bot:
    """OpenSpiel's ISMCTS as a project bot (needs OpenSpiel: the ``research`` extra)."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from .zero_bots import SpielPlayer
    from .zero_spiel import ZeroGame, ZeroState

    policy = {"max_visit_count": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
              "max_value": ismcts.ISMCTSFinalPolicyType.MAX_VALUE,
              "normalized_visit_count": ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT}[final]

    def make(game: ZeroGame, seed: int, player: int) -> ismcts.ISMCTSBot:
        judge = (mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed)) if evaluator == "random"
                 else RolloutEvaluator(rollouts))
        bot = ismcts.ISMCTSBot(game, judge, uct_c, simulations, random_state=np.random.RandomState(seed + 1),
                               final_policy_type=policy)
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

        def resample(state: ZeroState, player: int) -> ZeroState:
            return state.resample_from_infostate(player, sampler)

        bot.set_resampler(resample)
        return bot

    return SpielPlayer("ismcts", make)


def make_pimc(playouts: int | None = None) -> Bot:
    """This package's determinized search (``research.pimc``), which needs no OpenSpiel."""
    from .pimc import DEFAULT_PLAYOUTS, PIMCBot

    return PIMCBot(DEFAULT_PLAYOUTS if playouts is None else playouts)


YARDSTICKS: dict[str, Callable[..., Bot]] = {"ismcts": make_ismcts, "pimc": make_pimc}


def make_yardstick(name: str) -> Bot:
    """The yardstick a seat name asks for: ``ismcts`` or ``pimc``, optionally ``:BUDGET``."""
    base, _, budget = name.partition(":")
    maker = YARDSTICKS.get(base)
    if maker is None:
        raise ValueError(f"There is no bot level or yardstick {base!r}; the yardsticks are {', '.join(YARDSTICKS)}.")
    if not budget:
        bot = maker()
    elif budget.isdigit() and int(budget) > 0:
        bot = maker(int(budget))
    else:
        raise ValueError(f"A yardstick's budget is a whole number above 0, as in {base}:200, not {budget!r}.")
    bot.name = name
    return bot
