"""Quiz bots across the border: the project's quiz bots inside OpenSpiel, and OpenSpiel's bots at the project's table.

- ``QuizProjectBot(level, team, deck, seed)`` is a ``pyspiel.Bot`` for ``zero_a_1000``: at its turn it hands the
  project's bot (``thousand.bots``, with its own ``Knowledge`` of the deck) the team's ``TeamView``.
- ``QuizSpielPlayer`` is a ``thousand.bots.Bot``: from the team's view it rebuilds a game that agrees with
  everything the team knows (``game_for_view``), on a deck whose unrevealed answers are what a player of its
  knowledge level believes them to be, and asks an OpenSpiel bot for its move there. So an OpenSpiel search
  plays the quiz knowing no more than the project's bot of that level: the answers it plays out are its
  beliefs, the answers it has seen revealed are the real ones. Teams must choose in team order (the
  tournament's order), as in the OpenSpiel game.
- ``make_outside(name, deck, seed)``: the OpenSpiel bots the quiz tournament seats by name: ``ismcts``
  (OpenSpiel's information-set MCTS with random rollouts, knowing what ``hard`` knows) and ``spiel-random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from thousand.actions import Action, Change, ChooseTarget, Guess, Pick
from thousand.bots import Bot, Knowledge, make_bot
from thousand.deck import Deck
from thousand.game import Game, Phase, TeamView

from .quiz_spiel import QuizGame, QuizState, decode, encode, with_answers
from .spiel import StatelessBot


class QuizProjectBot(StatelessBot):
    """A project quiz bot as an OpenSpiel bot for one team of ``zero_a_1000``."""

    def __init__(self, level: str, team: int, deck: Deck, seed: int = 0) -> None:
        super().__init__()
        self.bot = make_bot(level, deck, seed)
        self.team = team
        self.rng = random.Random(seed)

    def step(self, state: QuizState) -> int:
        game = state.engine
        assert game is not None
        return encode(game, self.bot.decide(game.view(self.team), self.rng))


def game_for_view(view: TeamView, deck: Deck, rng: random.Random) -> Game:
    """An engine game after the same public play as ``view`` in which the team holds what it holds and chose
    what it chose: the pile's unseen cards and the other teams' secret choices of the round are drawn at
    random (legal ones), so the game holds no secret of the real one."""
    teams = view.teams
    hands = [[c.id for c in hand] for hand in view.hands]
    if view.my_change is not None:  # the engine keeps the hand as at the start of the round
        mine = hands[view.team]
        mine[mine.index(view.my_change[1])] = view.my_change[0]
    reveals = list(view.reveals) + ([view.pending] if view.pending is not None else [])
    tops: list[str] = []
    bottoms: list[str] = []
    for reveal in reversed(reveals):
        for team in reversed(reveal.furthest):
            for card in reversed(reveal.drawn[team] if reveal.drawn else ()):
                hands[team].remove(card)
                tops.insert(0, card)
        for play in reversed(reveal.plays):
            hand = hands[play.team]
            hand.extend(c.id for c in play.cards)
        for play in sorted(reveal.plays, key=lambda p: -p.team):
            if play.change is not None:
                replaced, taken = play.change
                hand = hands[play.team]
                hand[hand.index(taken)] = replaced
                bottoms.insert(0, taken)
    used = {c for hand in hands for c in hand} | set(tops) | set(bottoms)
    if view.my_change is not None:
        used.add(view.my_change[1])
    spare = [qid for qid in deck.ids if qid not in used]
    rng.shuffle(spare)
    if view.my_change is not None:
        # Its own Change took the pile's bottom card (in turn order nobody before it played one, as drawn here).
        middle = spare[: view.deck_size - 1] + [view.my_change[1]]
    else:
        middle = spare[: view.deck_size]
    order = [c for hand in hands for c in hand] + tops + middle + list(reversed(bottoms))
    game = Game.from_order(teams, order, deck=deck)
    for reveal in view.reveals + ((view.pending,) if view.pending is not None else ()):
        for play in sorted(reveal.plays, key=lambda p: p.team):
            if play.change is not None:
                game = game.apply(Change(play.team, play.change[0]))
            game = game.apply(Pick(play.team, tuple(c.id for c in play.cards), play.combine, play.shift))
        if reveal is not view.pending and game.phase is Phase.TARGET:
            assert reveal.target_card is not None
            game = game.apply(ChooseTarget(reveal.furthest[0], reveal.target_card.id))
    if game.phase is Phase.CHOOSE:
        for team in range(view.team):
            picks = [a for a in game.legal_actions(team) if isinstance(a, Pick)]
            game = game.apply(rng.choice(picks))
        if view.my_change is not None:
            game = game.apply(Change(view.team, view.my_change[0]))
    elif game.phase is Phase.GUESS:
        for team in view.guessers:
            if team < view.team:
                game = game.apply(Guess(team, rng.randrange(0, 1001)))
    return game


def believed_deck(deck: Deck, knowledge: Knowledge, view: TeamView) -> Deck:
    """The deck as a player with this knowledge pictures it: its estimates for every answer it has not seen."""
    seen = {c.id for r in view.reveals for p in r.plays for c in p.cards}
    if view.pending is not None:
        seen |= {c.id for p in view.pending.plays for c in p.cards}
    seen |= {g.card.id for g in view.guess_results}
    if view.target_card is not None:
        seen.add(view.target_card.id)
    return with_answers(deck, {q.id: round(knowledge.estimate(q.id)) for q in deck.questions if q.id not in seen})


#: Makes an OpenSpiel bot for (a game, a seed, the team it plays).
QuizBotMaker = Callable[[QuizGame, int, int], Any]


class QuizSpielPlayer(Bot):
    """An OpenSpiel bot seated at the project's quiz table (see the module's text)."""

    def __init__(self, level: str, make: QuizBotMaker, deck: Deck, knowledge: Knowledge) -> None:
        self.level = level
        self.make = make
        self.deck = deck
        self.knowledge = knowledge

    def _decide(self, view: TeamView, rng: random.Random) -> Action:
        believed = believed_deck(self.deck, self.knowledge, view)
        game = game_for_view(view, believed, random.Random(rng.getrandbits(64)))
        spiel = QuizGame({"teams": view.teams, "cards": len(game.order)}, deck=believed)
        state = spiel.state_from_game(game)
        bot = self.make(spiel, rng.getrandbits(31), view.team)
        return decode(game, view.team, int(bot.step(state)))


def make_outside(name: str, deck: Deck, seed: int | str) -> Bot:
    """An OpenSpiel bot for the quiz tournament: ``ismcts`` (or ``ismcts:SIMULATIONS``) or ``spiel-random``."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    base, _, budget = name.partition(":")
    knowledge = Knowledge(deck, "hard", seed)
    if base == "spiel-random":
        def make(game: QuizGame, bot_seed: int, team: int) -> Any:
            return uniform_random.UniformRandomBot(team, np.random.RandomState(bot_seed))
    elif base == "ismcts":
        simulations = int(budget) if budget.isdigit() and int(budget) > 0 else 200

        def make(game: QuizGame, bot_seed: int, team: int) -> Any:
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(bot_seed))
            bot = ismcts.ISMCTSBot(game, evaluator, 1.0, simulations, random_state=np.random.RandomState(bot_seed + 1))
            sampler = pyspiel.UniformProbabilitySampler(bot_seed, 0.0, 1.0)
            bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
            return bot
    else:
        raise ValueError(f"There is no quiz bot {name!r} from OpenSpiel; there are ismcts and spiel-random.")
    return QuizSpielPlayer(name, make, deck, knowledge)
