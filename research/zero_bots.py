"""Bots across the border: the project's bots playing inside OpenSpiel, and OpenSpiel's bots at the project's table.

- ``ProjectBot(level_or_bot, player, seed)`` is a ``pyspiel.Bot``: at its turn it hands the project's bot the
  seat's ``RoundView`` (never the state), so it plays in ``evaluate_bots`` and every OpenSpiel harness.
- ``SpielPlayer(make)`` is a project ``Bot``: from the seat's view it builds an OpenSpiel state that agrees
  with everything the seat knows (``state_for_view``; the cards it cannot place are dealt at random, so
  the state holds no secret) and asks the OpenSpiel bot ``make(game, seed, player)`` for its action. A searching
  OpenSpiel bot resamples that state from the seat's information state (``resample_from_infostate``), so
  what it plays depends only on the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pyspiel

from zero_game.actions import Action
from zero_game.bots import Bot, Standing, make_bot
from zero_game.cards import from_mask
from zero_game.round import Round, RoundView

from .deals import InfoSet, rng_shuffle
from .spiel import StatelessBot
from .zero_spiel import SHORT_NAME, ZeroGame, ZeroState, from_engine, to_engine


@lru_cache(maxsize=64)
def zero_game(players: int, pool_size: int, dealer: int = 0, returns: str = "margin") -> ZeroGame:
    """The OpenSpiel game of one round at this table (loaded once per table)."""
    game: ZeroGame = pyspiel.load_game(
        SHORT_NAME, {"players": players, "pool_size": pool_size, "dealer": dealer, "returns": returns})
    return game


def round_for_view(view: RoundView, rng: random.Random) -> Round:
    """An engine round after the same public play as ``view``, with the seat's own cards: the others' dealt
    cards that the seat cannot place are drawn uniformly among the deals its information allows."""
    info = InfoSet.of_view(view)
    hands = info.sample(rng_shuffle(rng))
    rnd = Round.from_deal([from_mask(h) for h in hands], from_mask(info.dealt_pool),
                          first_player=(view.dealer + 1) % view.players)
    for turn in view.history:
        rnd = rnd.apply(turn.action)
    return rnd


def state_for_view(view: RoundView, rng: random.Random, returns: str = "margin") -> ZeroState:
    """An OpenSpiel state whose information state for ``view.seat`` is what the view holds (see ``round_for_view``)."""
    game = zero_game(view.players, len(view.pool), view.dealer, returns)
    return game.state_from_round(round_for_view(view, rng))


class ProjectBot(StatelessBot):
    """A project bot (``zero_game.bots``) as an OpenSpiel bot for one player of ``knizia_zero``.

    The game is one round, so the bot is told it plays the first round of a match of one round per player
    (``Standing.fresh``), its default when it is given no standing.
    """

    def __init__(self, bot: str | Bot, player: int, seed: int = 0) -> None:
        super().__init__()
        self.bot = make_bot(bot) if isinstance(bot, str) else bot
        self.player = player
        self.rng = random.Random(seed)

    def step(self, state: ZeroState) -> int:
        rnd = state.round
        assert rnd is not None and rnd.current_player == self.player
        view = rnd.view(self.player)
        return from_engine(self.bot.choose(view, self.rng, Standing.fresh(view.players)))


#: Makes an OpenSpiel bot for (a game, a seed, the player it plays): what ``SpielPlayer`` asks at every decision.
SpielBotMaker = Callable[[ZeroGame, int, int], Any]


class SpielPlayer(Bot):
    """An OpenSpiel bot seated at the project's table: it sees the seat's view and nothing else."""

    def __init__(self, name: str, make: SpielBotMaker, returns: str = "margin") -> None:
        self.name = name
        self.make = make
        self.returns = returns

    def decide(self, view: RoundView, rng: random.Random) -> Action:
        state = state_for_view(view, random.Random(rng.getrandbits(64)), self.returns)
        bot = self.make(state.get_game(), rng.getrandbits(31), view.seat)
        action: Action = to_engine(int(bot.step(state)))
        return action

    def __repr__(self) -> str:
        return f"<SpielPlayer {self.name!r}>"
