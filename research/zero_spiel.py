"""Zero as an OpenSpiel game, driven by the project's own rules engine (``zero_game.round.Round``).

    import pyspiel
    import research.zero_spiel  # registers "knizia_zero"
    game = pyspiel.load_game("knizia_zero", {"players": 3, "pool_size": 5})

One OpenSpiel game is one round of Zero (R3-R16): a match is rounds added up, so every algorithm of OpenSpiel
that plays a game plays a round. Parameters: ``players`` 2-5 (default 3), ``pool_size`` 5, 7 or 9 (0, the
default, is the rules' own: 9 for two players, 5 otherwise, R3), ``dealer`` (default 0; the seat left of it
plays first, R5) and ``max_turns`` (below). OpenSpiel's player ``p`` is the engine's seat ``p``.

- **Chance** deals the round one card at a time, uniformly among the cards not dealt yet (an outcome is a
  card's index 0-55): nine to each hand, from the first player clockwise, then the pool, face up. The dealt
  cards go to ``Round.from_deal``, which also ends a round at once on a dealt ZERO (R13).
- **Actions**: a swap is ``give * 56 + take`` (card indices), knocking is ``KNOCK_ACTION`` (3136); every
  legal action is applied by ``Round.apply``, so this module holds no rule of its own.
- **Returns** (``returns``): ``"margin"`` (the default; zero-sum) gives each player the mean of the others'
  scores minus its own, in points: a match is won by the lowest total (R17), and a round adds its score
  to it. ``"win"`` gives the round's winners (the lowest score, R14) a share of 1 each (constant-sum).
- **Length**: the rules set no limit on a round (R11) and OpenSpiel needs one. From the ``max_turns``-th
  action of a round on (default 2,000, the tournament's safety cap), the player to act in normal play may
  only knock, so the round still ends by its own rules, within ``players + 1`` more actions. Uniformly
  random play, which knocks about once in 46 actions, reaches the cap with a chance below 1e-8.
- **Information state** of a player (perfect recall): its seat, the cards dealt to it, the pool as dealt,
  every public action since (R18: swaps, with both cards, and knocks) and whose turn it is. Its
  **observation**: its hand and the pool now, the knocks, the final turns, and the cards each other seat was
  seen taking and still holds. Both as strings and as tensors, and nothing else: no other hand, no card
  set aside, until the round is over, when every hand is revealed (R18).
- ``resample_from_infostate(player, sampler)`` deals the cards ``player`` cannot place afresh: each other
  seat keeps the dealt cards it was seen giving away, the rest of its dealt hand is drawn uniformly from
  the cards nobody has seen, and the round's actions are replayed by the engine. Every deal the
  information state allows is equally likely, as OpenSpiel asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pyspiel

from zero_game.actions import KNOCK, Action, Swap
from zero_game.cards import DECK, DECK_SIZE, from_mask
from zero_game.round import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Phase,
    Round,
    check_players,
    check_pool_size,
    default_pool_size,
)

from .deals import InfoSet
from .spiel import EngineState, Held, Observer, game_type, recalls

SHORT_NAME = "knizia_zero"
#: Swaps are ``give * DECK_SIZE + take``; knocking comes after every swap.
KNOCK_ACTION = DECK_SIZE * DECK_SIZE
MAX_SCORE = sum(range(1, 9))  # every number 1-8 once: the worst hand of R15
DEFAULT_MAX_TURNS = 2000
RETURNS = ("margin", "win")

_PARAMS: dict[str, Any] = {"players": 3, "pool_size": 0, "dealer": 0, "max_turns": DEFAULT_MAX_TURNS,
                           "returns": "margin"}


def _game_type(utility: Any) -> Any:
    return game_type(SHORT_NAME, "Zero (Reiner Knizia), one round", utility, range(MIN_PLAYERS, MAX_PLAYERS + 1),
                     _PARAMS)


GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
_WIN_TYPE = _game_type(pyspiel.GameType.Utility.CONSTANT_SUM)


def swap_action(give: int, take: int) -> int:
    """The OpenSpiel action of a swap of two card indices."""
    return give * DECK_SIZE + take


def to_engine(action: int) -> Action:
    """The engine's action for an OpenSpiel action id."""
    if action == KNOCK_ACTION:
        return KNOCK
    give, take = divmod(action, DECK_SIZE)
    return Swap(DECK[give], DECK[take])


def from_engine(action: Action) -> int:
    """The OpenSpiel action id of an engine action."""
    return swap_action(action.give.index, action.take.index) if isinstance(action, Swap) else KNOCK_ACTION


class ZeroGame(pyspiel.Game):  # type: ignore[misc]
    """One round of Zero for OpenSpiel (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMS, **(params or {})}
        try:
            players = check_players(params["players"])
            pool = params["pool_size"] or default_pool_size(players)
            check_pool_size(pool)
        except ValueError as err:
            raise pyspiel.SpielError(str(err)) from None
        dealer, max_turns, returns = params["dealer"], params["max_turns"], params["returns"]
        if type(dealer) is not int or not 0 <= dealer < players:
            raise pyspiel.SpielError(f"The dealer is a seat from 0 to {players - 1}, not {dealer!r}.")
        if type(max_turns) is not int or max_turns < 1:
            raise pyspiel.SpielError(f"max_turns is a whole number of actions, at least 1, not {max_turns!r}.")
        if returns not in RETURNS:
            raise pyspiel.SpielError(f"returns is 'margin' or 'win', not {returns!r}.")
        self.players = players
        self.pool_size = pool
        self.dealer = dealer
        self.first_player = (dealer + 1) % players
        self.max_turns = max_turns
        self.returns_kind = returns
        self.deal_size = players * HAND_SIZE + pool
        win = returns == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=KNOCK_ACTION + 1,
            max_chance_outcomes=DECK_SIZE,
            num_players=players,
            min_utility=0.0 if win else -float(MAX_SCORE),
            max_utility=1.0 if win else float(MAX_SCORE),
            utility_sum=1.0 if win else 0.0,
            max_game_length=max_turns + players + 1,
        )
        super().__init__(_WIN_TYPE if win else GAME_TYPE, info, params)

    def new_initial_state(self) -> ZeroState:
        return ZeroState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ZeroObserver:
        return ZeroObserver(self.players, recalls(iig_obs_type, params, "Zero"))

    def state_from_round(self, rnd: Round) -> ZeroState:
        """The state of this game at an engine round (its deal must have this game's size and dealer)."""
        if rnd.players != self.players or len(rnd.dealt_pool) != self.pool_size or rnd.dealer != self.dealer:
            raise ValueError("This round was dealt for another table: players, pool size and dealer must match.")
        state = self.new_initial_state()
        order = [(self.first_player + i) % self.players for i in range(self.players)]
        for seat in order:
            for card in rnd.dealt_hands[seat]:
                state.apply_action(card.index)
        for card in rnd.dealt_pool:
            state.apply_action(card.index)
        for turn in rnd.history:
            state.apply_action(from_engine(turn.action))
        return state


class ZeroState(EngineState[Round]):
    """A state of the round: the cards dealt so far (``_dealt``, card indices), then the engine's ``Round``."""

    # ---- the engine at the edges ---------------------------------------------------------------

    @property
    def round(self) -> Round | None:
        """The engine's round once dealt (immutable; ``None`` while chance deals)."""
        return self.engine

    def _spec(self) -> ZeroGame:
        game: ZeroGame = self.get_game()
        return game

    def _owner(self, position: int, game: ZeroGame) -> int:
        """Who the ``position``-th card of the deal goes to: a seat, or -1 for the pool."""
        hand, _ = divmod(position, HAND_SIZE)
        return (game.first_player + hand) % game.players if hand < game.players else -1

    # ---- the OpenSpiel interface ---------------------------------------------------------------

    def current_player(self) -> int:
        rnd = self.round
        if rnd is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = rnd.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        rnd = self.round
        assert rnd is not None and player == rnd.current_player
        if rnd.turns_taken >= self._spec().max_turns and rnd.phase is Phase.PLAY:
            return [KNOCK_ACTION]
        takes = [card.index for card in rnd.pool]
        actions = [give.index * DECK_SIZE + take for give in rnd.hand(player) for take in takes]
        actions.append(KNOCK_ACTION)
        return actions

    def dealt(self) -> Round | None:
        game = self._spec()
        return _round_of_deal(game, self._dealt) if len(self._dealt) == game.deal_size else None

    def played(self, engine: Round, action: int) -> Round:
        return engine.apply(to_engine(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {DECK[action]}"
        return str(to_engine(action))

    def returns(self) -> list[float]:
        rnd = self.round
        game = self._spec()
        if rnd is None or not rnd.is_over:
            return [0.0] * game.players
        scores = rnd.scores()
        if game.returns_kind == "win":
            best = min(scores)
            share = 1.0 / scores.count(best)
            return [share if s == best else 0.0 for s in scores]
        total = sum(scores)
        return [(total - s) / (game.players - 1) - s for s in scores]

    def __str__(self) -> str:
        rnd = self.round
        if rnd is None:
            return "dealing: " + " ".join(str(DECK[c]) for c in self._dealt)
        hands = " | ".join(f"{seat}: {' '.join(map(str, rnd.hand(seat)))}" for seat in range(rnd.players))
        history = "; ".join(f"{t.seat} {t.action}" for t in rnd.history)
        return (f"hands {hands} || pool {' '.join(map(str, rnd.pool))} || to act {rnd.current_player} "
                f"|| {rnd.phase.value}, knocks {rnd.knocks} || {history}")

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> ZeroState:
        """A state with the same information state for ``player``: the cards it cannot place dealt afresh."""
        game = self._spec()
        state = game.new_initial_state()
        rnd = self.round
        draw = _Draw(sampler)
        if rnd is None:
            # While dealing: the player's own cards and the pool's stay, the others' come from the rest.
            mine = {c for i, c in enumerate(self._dealt) if self._owner(i, game) in (player, -1)}
            rest = draw.shuffled([c for c in range(DECK_SIZE) if c not in mine])
            for i, card in enumerate(self._dealt):
                state.apply_action(card if self._owner(i, game) in (player, -1) else rest.pop())
            return state
        hands = InfoSet.of_round(rnd, player).sample(draw.shuffled)
        dealt = Round.from_deal([from_mask(h) for h in hands], rnd.dealt_pool, first_player=game.first_player)
        for turn in rnd.history:
            dealt = dealt.apply(turn.action)
        state._dealt = list(self._dealt)
        state._held = Held(dealt)
        return state


def _round_of_deal(game: ZeroGame, dealt: Sequence[int]) -> Round:
    """The engine's round for a complete deal in the order chance made it."""
    hands = [0] * game.players
    for position in range(game.players * HAND_SIZE):
        hands[(game.first_player + position // HAND_SIZE) % game.players] |= 1 << dealt[position]
    pool = from_mask(sum(1 << c for c in dealt[game.players * HAND_SIZE:]))
    return Round.from_deal([from_mask(h) for h in hands], pool, first_player=game.first_player)


class _Draw:
    """Uniform shuffles from OpenSpiel's sampler (a callable giving floats in [0, 1))."""

    def __init__(self, sampler: Callable[[], float]) -> None:
        self.sampler = sampler

    def shuffled(self, items: list[int]) -> list[int]:
        for i in range(len(items) - 1, 0, -1):
            j = min(int(self.sampler() * (i + 1)), i)
            items[i], items[j] = items[j], items[i]
        return items


class ZeroObserver(Observer):
    """OpenSpiel's observer for Zero: an information state (perfect recall) or an observation, string and tensor.

    Tensor pieces (``dict``), for ``players`` seats: ``player`` and ``to_act`` (one-hot seats), ``phase``
    (dealing, play, final turns, over), ``knocks`` (0, 1, 2), ``first_knocker`` and ``second_knocker``,
    ``hand`` and ``pool`` (56 cards each), ``known`` (per seat, the cards it was seen taking and still holds),
    ``turns`` (per seat, its actions so far), ``revealed`` (every hand, once the round is over), and with
    perfect recall ``dealt_hand``, ``dealt_pool`` and ``given`` (per seat, the cards it has given away).
    """

    def __init__(self, players: int, perfect_recall: bool) -> None:
        self.players = players
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("player", (players,)), ("to_act", (players,)), ("phase", (4,)), ("knocks", (3,)),
            ("first_knocker", (players,)), ("second_knocker", (players,)), ("hand", (DECK_SIZE,)),
            ("pool", (DECK_SIZE,)), ("known", (players, DECK_SIZE)), ("turns", (players,)),
            ("revealed", (players, DECK_SIZE)),
        ]
        if perfect_recall:
            pieces += [("dealt_hand", (DECK_SIZE,)), ("dealt_pool", (DECK_SIZE,)), ("given", (players, DECK_SIZE))]
        super().__init__(pieces, perfect_recall)

    def set_dealing(self, state: ZeroState, player: int) -> None:
        game = state._spec()
        d = self.dict
        for i, card in enumerate(state._dealt):
            owner = state._owner(i, game)
            if owner == player:
                d["hand"][card] = 1
                if "dealt_hand" in d:
                    d["dealt_hand"][card] = 1
            elif owner == -1:
                d["pool"][card] = 1
                if "dealt_pool" in d:
                    d["dealt_pool"][card] = 1

    def set_engine(self, state: ZeroState, rnd: Round, player: int) -> None:
        d = self.dict
        view = rnd.view(player)
        if view.current_player is not None:
            d["to_act"][view.current_player] = 1
        d["phase"][{Phase.PLAY: 1, Phase.FINAL: 2, Phase.OVER: 3}[view.phase]] = 1
        d["knocks"][view.knocks] = 1
        if view.first_knocker is not None:
            d["first_knocker"][view.first_knocker] = 1
        if view.second_knocker is not None:
            d["second_knocker"][view.second_knocker] = 1
        for item in view.hand:
            d["hand"][item.index] = 1
        for item in view.pool:
            d["pool"][item.index] = 1
        for seat, cards in enumerate(view.known):
            for item in cards:
                d["known"][seat, item.index] = 1
        for turn in view.history:
            d["turns"][turn.seat] += 1
            if "given" in d and isinstance(turn.action, Swap):
                d["given"][turn.seat, turn.action.give.index] = 1
        if view.revealed is not None:
            for seat, cards in enumerate(view.revealed):
                for item in cards:
                    d["revealed"][seat, item.index] = 1
        if "dealt_hand" in d:
            for item in rnd.dealt_hands[player]:
                d["dealt_hand"][item.index] = 1
            for item in rnd.dealt_pool:
                d["dealt_pool"][item.index] = 1

    def string_from(self, state: ZeroState, player: int) -> str:
        rnd = state.round
        if rnd is None:
            game = state._spec()
            mine = [DECK[c] for i, c in enumerate(state._dealt) if state._owner(i, game) == player]
            pool = [DECK[c] for i, c in enumerate(state._dealt) if state._owner(i, game) == -1]
            return (f"seat {player}; dealing, {len(state._dealt)} cards dealt; mine: {_cards(mine)}; "
                    f"pool: {_cards(pool)}")
        view = rnd.view(player)
        parts = [f"seat {player}"]
        if self.perfect_recall:
            parts.append(f"dealt: {_cards(rnd.dealt_hands[player])}")
            parts.append(f"dealt pool: {_cards(rnd.dealt_pool)}")
            parts.append("played: " + ", ".join(f"{t.seat} {t.action}" for t in view.history))
        else:
            parts.append(f"hand: {_cards(view.hand)}")
            parts.append(f"pool: {_cards(view.pool)}")
            parts.append(f"knocks: {view.knocks} (first {view.first_knocker}, second {view.second_knocker})")
            parts.append("seen taken: " + ", ".join(f"{s} [{_cards(k)}]" for s, k in enumerate(view.known)))
            counts = [0] * rnd.players
            for turn in view.history:
                counts[turn.seat] += 1
            parts.append(f"turns: {counts}")
        parts.append(f"to act: {view.current_player}" if view.current_player is not None else "over")
        if view.revealed is not None:
            parts.append("revealed: " + ", ".join(f"{s} [{_cards(h)}]" for s, h in enumerate(view.revealed)))
        return "; ".join(parts)


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(str(c) for c in cards)


pyspiel.register_game(GAME_TYPE, ZeroGame)
