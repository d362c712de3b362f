"""The outside yardsticks: players the project's bots are measured against and never tuned with.

Seated by name in ``python -m zero_game tournament --seats hard,ismcts,ismcts`` (and ``compare``):

- ``ismcts``: OpenSpiel's information-set Monte Carlo tree search (``open_spiel.python.algorithms.ismcts``,
  Cowling, Powley and Whitehouse 2012: UCT over the acting players' information states, the most visited
  action played) on the ``knizia_zero`` game of ``research.zero_spiel``. Configured as strong as it went
  here (the README has the measurements): its leaves are judged by a rollout in which every seat plays by
  ``research.pimc``'s rule (``RolloutEvaluator``; OpenSpiel's random rollouts lose nearly every match, a random
  player being no model of anyone), and its root states are drawn from deals pictured as ``research.pimc``
  pictures them (uniform ones make every opponent hold a random hand, about 6 points worse than a real one,
  so it ends rounds it then loses). OpenSpiel's C++ ``ISMCTSBot`` cannot search a game written in Python (it
  releases the interpreter's lock, then calls the game: a crash), so the Python one searches.
- ``pimc``: a determinized search of this package's own design (``research.pimc``).
- ``ismcts-uniform`` (root states uniform over the deals the seat's information allows, the game's
  ``resample_from_infostate``) and ``ismcts-random`` (that, with OpenSpiel's random rollouts: the search as
  OpenSpiel ships it), for reference.

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
#: Rollouts per leaf.
ISMCTS_ROLLOUTS = 1
#: Deals pictured per decision, among which each simulation's root state is drawn.
BELIEF_DEALS = 60


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
                rollouts: int = ISMCTS_ROLLOUTS, final: str = "max_visit_count", evaluator: str = "rollout",
                beliefs: str = "weighted") -> Bot:
    """OpenSpiel's ISMCTS as a project bot (needs OpenSpiel: the ``research`` extra).

    ``evaluator``: ``"rollout"`` (``RolloutEvaluator``) or ``"random"`` (OpenSpiel's random rollouts).
    ``beliefs``: ``"weighted"`` draws its root states from ``BELIEF_DEALS`` deals pictured as ``research.pimc``
    pictures them (good hands, weighted by the moves seen); ``"uniform"`` from the game's own
    ``resample_from_infostate`` (every deal the information allows alike: OpenSpiel's contract).
    """
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
        pictured: list[ZeroState] = []

        def resample(state: ZeroState, player: int) -> ZeroState:
            if beliefs == "uniform":
                return state.resample_from_infostate(player, sampler)
            if not pictured:
                pictured.extend(pictured_states(state, player, seed, BELIEF_DEALS))
            chosen: ZeroState = pictured[min(int(sampler() * len(pictured)), len(pictured) - 1)].clone()
            return chosen

        bot.set_resampler(resample)
        return bot

    return SpielPlayer("ismcts", make)


def pictured_states(state: Any, player: int, seed: int, count: int) -> list[Any]:
    """``count`` states ``player``'s information allows, their hidden cards drawn as ``research.pimc`` pictures
    them (``PIMCBot._deals``), each the engine's replay of the round on that deal."""
    import random

    from zero_game.cards import from_mask
    from zero_game.round import Round

    from .deals import InfoSet
    from .pimc import PIMCBot
    from .spiel import Held

    rnd = state.round
    view = rnd.view(player)
    info = InfoSet.of_round(rnd, player)
    game = state.get_game()
    out = []
    for now in PIMCBot()._deals(info, view, random.Random(seed), count, dealt=True):
        replay = Round.from_deal([from_mask(h) for h in now], rnd.dealt_pool, first_player=game.first_player)
        for turn in rnd.history:
            replay = replay.apply(turn.action)
        built = game.new_initial_state()
        built._dealt = list(state._dealt)
        built._held = Held(replay)
        out.append(built)
    return out


def make_pimc(playouts: int | None = None) -> Bot:
    """This package's determinized search (``research.pimc``), which needs no OpenSpiel."""
    from .pimc import DEFAULT_PLAYOUTS, PIMCBot

    return PIMCBot(DEFAULT_PLAYOUTS if playouts is None else playouts)


def make_ismcts_uniform(simulations: int = ISMCTS_SIMULATIONS) -> Bot:
    """ISMCTS with root states from the game's ``resample_from_infostate`` (uniform, OpenSpiel's contract)."""
    return make_ismcts(simulations, beliefs="uniform")


def make_ismcts_random(simulations: int = ISMCTS_SIMULATIONS) -> Bot:
    """ISMCTS exactly as OpenSpiel ships it: uniform root states and random rollouts."""
    return make_ismcts(simulations, beliefs="uniform", evaluator="random")


YARDSTICKS: dict[str, Callable[..., Bot]] = {
    "ismcts": make_ismcts, "pimc": make_pimc, "ismcts-uniform": make_ismcts_uniform,
    "ismcts-random": make_ismcts_random,
}


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
