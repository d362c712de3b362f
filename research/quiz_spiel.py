"""Zéro à 1000 as an OpenSpiel game, driven by the project's own quiz engine (``thousand.game.Game``).

    import pyspiel
    import research.quiz_spiel  # registers "zero_a_1000"
    game = pyspiel.load_game("zero_a_1000", {"teams": 3})

One OpenSpiel game is one game of the quiz (Q3-Q15); OpenSpiel's player ``p`` is team ``p``. Parameters:
``teams`` 2-4 (default 3) and ``cards``, the size of the game's deck (default 60: a game uses about 25; the
whole deck is dealt by chance, so every question of ``thousand/deck.json`` can come up).

- **Chance** deals the deck one card at a time, uniformly among the questions not dealt yet (an outcome is
  a question's position in the deck file): the first six to team 0, and so on (Q5), the rest is the pile,
  top first. The order goes to ``Game.from_order``; every later draw is the engine's.
- **The choosing is secret and simultaneous (Q7)**; OpenSpiel's searches want turns, so the teams choose in
  turn, team 0 first, and no team sees what another chose before the reveal: it is the same game (nobody
  learns anything from the order). A team's choice is Change (optional, then its pick) and its pick;
  the furthest team with Two questions then names the target card (Q9), and teams that reach their last
  card together guess its answer in turn, each unseen by the others (Q14).
- **Actions** name cards by their place in the team's hand: a pick of one card (18 ids: 6 places x no
  power, +200, -200), of two (90 ids: 15 pairs x sum or difference x the shift), Change (6), the target card
  (2: the first or second of the two by id) and a guess (1,001: 0 to 1000). All are applied by the engine.
- **Returns**: each winner's share of the win (1/k for k winners, Q14, Q15), constant-sum 1.
- **Information state** (perfect recall) of a team: its team; every team's questions, powers and whether it
  has chosen; the target; the round; the deck's size; its own secret Change and pick (or guess); every
  reveal so far, with the answers it turned over. Its **observation** has the last reveal only. Strings and
  tensors both hold no unrevealed answer (Q16): questions appear by id, answers only once revealed.
- ``resample_from_infostate(team, sampler)`` deals the pile afresh (every team sees it face down), keeps the
  team's own Change card, and chooses the other teams' secret moves of the round (and guesses) uniformly
  among their legal ones, then replays the whole game in the engine.

The answers are facts of the deck, not dealt by chance, so a search that plays the game out in this model
knows them all: to seat a search as a fair player, give it a game built on what it believes the answers
are (``QuizGame(params, deck=...)`` with a deck of estimates; ``research.quiz_bots`` does this).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from itertools import combinations
from typing import Any

import pyspiel

from thousand.actions import SHIFT, Action, Change, ChooseTarget, Combine, Guess, Pick
from thousand.deck import MAX_ANSWER, MIN_ANSWER, Deck, default_deck
from thousand.game import HAND_SIZE, MAX_TEAMS, MIN_TEAMS, Game, Phase, Reveal, check_teams

from .spiel import EngineState, Held, Observer, game_type, recalls

SHORT_NAME = "zero_a_1000"
DEFAULT_CARDS = 60
SHIFTS = (0, SHIFT, -SHIFT)
PAIRS = tuple(combinations(range(HAND_SIZE), 2))
ONE, TWO = 0, len(SHIFTS) * HAND_SIZE  # first ids of one-card and two-card picks
CHANGE = TWO + len(PAIRS) * 2 * len(SHIFTS)
TARGET = CHANGE + HAND_SIZE
GUESS = TARGET + 2
ACTIONS = GUESS + MAX_ANSWER - MIN_ANSWER + 1
COMBINES = (Combine.SUM, Combine.DIFFERENCE)

_PARAMS: dict[str, Any] = {"teams": 3, "cards": DEFAULT_CARDS}

GAME_TYPE = game_type(SHORT_NAME, "Zéro à 1000 (a team quiz of estimates)", pyspiel.GameType.Utility.CONSTANT_SUM,
                      range(MIN_TEAMS, MAX_TEAMS + 1), _PARAMS)


class QuizGame(pyspiel.Game):  # type: ignore[misc]
    """One game of Zéro à 1000 for OpenSpiel (see the module's text). ``deck`` replaces the shipped deck."""

    def __init__(self, params: dict[str, Any] | None = None, deck: Deck | None = None) -> None:
        params = {**_PARAMS, **(params or {})}
        self.deck = deck if deck is not None else default_deck()
        try:
            teams = check_teams(params["teams"])
        except ValueError as err:
            raise pyspiel.SpielError(str(err)) from None
        cards = params["cards"]
        if type(cards) is not int or not teams * HAND_SIZE + teams <= cards <= len(self.deck):
            raise pyspiel.SpielError(
                f"cards is the game's deck size, {teams * HAND_SIZE + teams} to {len(self.deck)}, not {cards!r}.")
        self.teams = teams
        self.cards = cards
        self.ids = self.deck.ids
        self.index = {qid: i for i, qid in enumerate(self.ids)}
        # Every round a furthest team takes a card from the pile, so there are at most pile + 1 rounds.
        rounds = cards - teams * HAND_SIZE + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=len(self.deck),
            num_players=teams,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=rounds * (2 * teams + 1) + teams,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> QuizState:
        return QuizState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> QuizObserver:
        return QuizObserver(self, recalls(iig_obs_type, params, "quiz"))

    def state_from_game(self, game: Game) -> QuizState:
        """The OpenSpiel state of an engine game of this table (dealt from this deck, at least ``cards`` cards)."""
        state = self.new_initial_state()
        for qid in game.order[: self.cards]:
            state.apply_action(self.index[qid])
        replay = state.engine
        assert replay is not None
        for action in game.history:
            state.apply_action(encode(replay, action))
            replay = state.engine
            assert replay is not None
        return state


def acting(game: Game) -> int:
    """The team to act in the turn-taking model: the lowest team that owes a decision."""
    return min(game.to_act)


def encode(game: Game, action: Action) -> int:
    """The OpenSpiel id of an engine action in this game state."""
    team = action.team
    if isinstance(action, Guess):
        return GUESS + action.value - MIN_ANSWER
    if isinstance(action, ChooseTarget):
        assert game.pending is not None
        cards = [c.id for c in game.pending.play(team).cards]
        return TARGET + cards.index(action.card)
    hand = game.hand(team)
    if isinstance(action, Change):
        return CHANGE + hand.index(action.replace)
    shift = SHIFTS.index(action.shift)
    if len(action.cards) == 1:
        return ONE + hand.index(action.cards[0]) * len(SHIFTS) + shift
    pair = PAIRS.index(tuple(sorted(hand.index(c) for c in action.cards)))
    assert action.combine is not None
    return TWO + (pair * 2 + COMBINES.index(action.combine)) * len(SHIFTS) + shift


def decode(game: Game, team: int, action: int) -> Action:
    """The engine action of an OpenSpiel id for ``team`` in this game state."""
    if action >= GUESS:
        return Guess(team, action - GUESS + MIN_ANSWER)
    if action >= TARGET:
        assert game.pending is not None
        return ChooseTarget(team, game.pending.play(team).cards[action - TARGET].id)
    hand = game.hand(team)
    if action >= CHANGE:
        return Change(team, hand[action - CHANGE])
    if action >= TWO:
        rest, shift = divmod(action - TWO, len(SHIFTS))
        pair, combine = divmod(rest, 2)
        i, j = PAIRS[pair]
        return Pick(team, (hand[i], hand[j]), COMBINES[combine], SHIFTS[shift])
    place, shift = divmod(action - ONE, len(SHIFTS))
    return Pick(team, (hand[place],), None, SHIFTS[shift])


class QuizState(EngineState[Game]):
    """A state of the quiz: the deck's order so far (``_dealt``, positions in the deck), then the engine's ``Game``."""

    def _spec(self) -> QuizGame:
        game: QuizGame = self.get_game()
        return game

    def current_player(self) -> int:
        game = self.engine
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if game.is_over else acting(game)

    def _legal_actions(self, player: int) -> list[int]:
        game = self.engine
        assert game is not None and player == acting(game)
        return sorted(encode(game, a) for a in game.legal_actions(player))

    def dealt(self) -> Game | None:
        spec = self._spec()
        if len(self._dealt) < spec.cards:
            return None
        return Game.from_order(spec.teams, [spec.ids[i] for i in self._dealt], deck=spec.deck)

    def played(self, engine: Game, action: int) -> Game:
        return engine.apply(decode(engine, acting(engine), action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._spec().ids[action]}"
        game = self.engine
        assert game is not None
        return str(decode(game, player, action))

    def returns(self) -> list[float]:
        game = self.engine
        teams = self._spec().teams
        if game is None or not game.is_over:
            return [0.0] * teams
        share = 1.0 / len(game.winners)
        return [share if t in game.winners else 0.0 for t in range(teams)]

    def __str__(self) -> str:
        game = self.engine
        if game is None:
            return "dealing: " + " ".join(self._spec().ids[i] for i in self._dealt)
        return f"{game.phase.value}; to act {game.to_act}; " + " ".join(str(a) for a in game.history)

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> QuizState:
        """A state with the same information state for ``player`` (see the module's text)."""
        spec = self._spec()
        state = spec.new_initial_state()
        game = self.engine

        def below(n: int) -> int:
            return min(int(sampler() * n), n - 1)

        if game is None:
            # While dealing, the hands are face up and the pile face down.
            hands = spec.teams * HAND_SIZE
            rest = [i for i in range(len(spec.ids)) if i not in self._dealt[:hands]]
            for position, card in enumerate(self._dealt):
                if position < hands:
                    state.apply_action(card)
                else:
                    state.apply_action(rest.pop(below(len(rest))))
            return state
        history, secret = _split(game)
        trial = _replay(spec, game.order, history)
        teams = list(dict.fromkeys(a.team for a in secret))
        # First the shape of the others' secret moves: who played Change, on which card of its hand.
        plans: dict[int, tuple[int | None, bool]] = {}
        for team in teams:
            if team == player or game.phase is not Phase.CHOOSE:
                continue
            first = trial.legal_actions(team)
            changes = [a for a in first if isinstance(a, Change)]
            if game.picks[team] is not None:  # it has chosen: its first move uniformly among all it had
                pick = below(len(first))
                slot = trial.hand(team).index(changes[pick].replace) if pick < len(changes) else None
            else:  # it is choosing now: it has played Change or not, every such history alike
                pick = below(len(changes) + 1)
                slot = trial.hand(team).index(changes[pick].replace) if pick < len(changes) else None
            plans[team] = (slot, game.picks[team] is not None)
        # The pile, dealt afresh: every card of it face down, but the one this team took with Change.
        pile = list(game.pile)
        fixed: dict[int, str] = {}
        mine = game.changes[player] if game.phase is Phase.CHOOSE else None
        taken = 0
        for team in teams:
            if team == player and mine is not None:
                fixed[len(pile) - 1 - taken] = mine[1]
                taken += 1
            elif team in plans and plans[team][0] is not None:
                taken += 1
        loose = [c for c in pile if c not in fixed.values()]
        for i in range(len(loose) - 1, 0, -1):
            j = below(i + 1)
            loose[i], loose[j] = loose[j], loose[i]
        new_pile = [fixed[i] if i in fixed else loose.pop() for i in range(len(pile))]
        head = game.order.index(pile[0]) if pile else len(game.order)
        order = list(game.order[:head]) + new_pile + list(game.order[head + len(pile):])
        rebuilt = _replay(spec, tuple(order), history)
        # Then the moves themselves, in the order the teams made them.
        for team in teams:
            if team == player:
                for action in secret:
                    if action.team == player:
                        rebuilt = rebuilt.apply(action)
            elif game.phase is Phase.GUESS:
                rebuilt = rebuilt.apply(Guess(team, below(MAX_ANSWER - MIN_ANSWER + 1) + MIN_ANSWER))
            else:
                slot, chosen = plans[team]
                if slot is not None:
                    rebuilt = rebuilt.apply(Change(team, rebuilt.hand(team)[slot]))
                if chosen:
                    picks = [a for a in rebuilt.legal_actions(team) if isinstance(a, Pick)]
                    rebuilt = rebuilt.apply(picks[below(len(picks))])
        state._dealt = [spec.index[qid] for qid in order[: spec.cards]]
        state._held = Held(rebuilt)
        return state


def _split(game: Game) -> tuple[list[Action], list[Action]]:
    """The history split into what every team has seen and what is still secret: the moves of the current
    choosing (Changes and picks), or the guesses made so far."""
    history = list(game.history)
    if game.phase is Phase.CHOOSE:
        count = sum(p is not None for p in game.picks) + sum(c is not None for c in game.changes)
    elif game.phase is Phase.GUESS:
        count = sum(g is not None for g in game.guesses)
    else:
        count = 0
    return history[: len(history) - count], history[len(history) - count:]


def _replay(spec: QuizGame, order: tuple[str, ...], history: list[Action]) -> Game:
    game = Game.from_order(spec.teams, order, deck=spec.deck)
    for action in history:
        game = game.apply(action)
    return game


class QuizObserver(Observer):
    """OpenSpiel's observer for the quiz: information state (perfect recall) or observation, string and tensor.

    Tensor pieces, for T teams and N questions in the deck: ``team``, ``to_act`` and ``picked`` (T each),
    ``phase`` (4), ``round`` and ``target`` and ``deck`` (scaled to about 1), ``hands`` (T x N), ``powers``
    (T x 3), ``my_change`` (N: the card taken), ``my_pick`` (N cards, 2 combines, 3 shifts), ``my_guess``,
    ``guessers`` and ``winners`` (T), and the answers revealed (N, scaled, with a mask of N); with perfect
    recall also ``played`` (T x N: every card each team has played).
    """

    who = "team"

    def __init__(self, game: QuizGame, perfect_recall: bool) -> None:
        teams, n = game.teams, len(game.deck)
        self.index = game.index
        self.teams = teams
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("team", (teams,)), ("to_act", (teams,)), ("picked", (teams,)), ("phase", (4,)), ("round", (1,)),
            ("target", (1,)), ("deck", (1,)), ("hands", (teams, n)), ("powers", (teams, 3)), ("my_change", (n,)),
            ("my_pick", (n + 5,)), ("my_guess", (1,)), ("guessers", (teams,)), ("winners", (teams,)),
            ("answers", (n,)), ("revealed", (n,)),
        ]
        if perfect_recall:
            pieces.append(("played", (teams, n)))
        super().__init__(pieces, perfect_recall)

    def set_dealing(self, state: QuizState, player: int) -> None:
        spec = state._spec()
        for position, card in enumerate(state._dealt[: spec.teams * HAND_SIZE]):
            self.dict["hands"][position // HAND_SIZE, card] = 1

    def set_engine(self, state: QuizState, game: Game, player: int) -> None:
        d = self.dict
        view = game.view(player)
        for t in view.to_act:
            d["to_act"][t] = 1
        for t, picked in enumerate(view.picked):
            d["picked"][t] = picked
        d["phase"][{Phase.CHOOSE: 0, Phase.TARGET: 1, Phase.GUESS: 2, Phase.OVER: 3}[view.phase]] = 1
        d["round"][0] = view.number / 50
        d["target"][0] = view.target / 1000
        d["deck"][0] = view.deck_size / 100
        for t, hand in enumerate(view.hands):
            for question in hand:
                d["hands"][t, self.index[question.id]] = 1
        for t, powers in enumerate(view.powers):
            for k, power in enumerate(("shift", "change", "two")):
                d["powers"][t, k] = any(p.value == power for p in powers)
        if view.my_change is not None:
            d["my_change"][self.index[view.my_change[1]]] = 1
        if view.my_pick is not None:
            for qid in view.my_pick.cards:
                d["my_pick"][self.index[qid]] = 1
            if view.my_pick.combine is not None:
                d["my_pick"][len(self.index) + COMBINES.index(view.my_pick.combine)] = 1
            d["my_pick"][len(self.index) + 2 + SHIFTS.index(view.my_pick.shift)] = 1
        if view.my_guess is not None:
            d["my_guess"][0] = view.my_guess / 1000
        for t in view.guessers:
            d["guessers"][t] = 1
        for t in view.winners:
            d["winners"][t] = 1
        for reveal in _reveals(view.reveals, view.pending):
            for play in reveal.plays:
                for shown in play.cards:
                    d["answers"][self.index[shown.id]] = shown.answer / 1000
                    d["revealed"][self.index[shown.id]] = 1
                    if "played" in d:
                        d["played"][play.team, self.index[shown.id]] = 1
        for result in view.guess_results:
            d["answers"][self.index[result.card.id]] = result.card.answer / 1000
            d["revealed"][self.index[result.card.id]] = 1

    def string_from(self, state: QuizState, player: int) -> str:
        game = state.engine
        if game is None:
            spec = state._spec()
            hands = state._dealt[: spec.teams * HAND_SIZE]
            return (f"team {player}; dealing, {len(state._dealt)} cards dealt; hands: "
                    + " ".join(spec.ids[i] for i in hands))
        view = game.view(player)
        parts = [f"team {player}", f"round {view.number}", view.phase.value, f"target {view.target}",
                 f"deck {view.deck_size}"]
        for t in range(view.teams):
            powers = ",".join(sorted(p.value for p in view.powers[t]))
            hand = " ".join(c.id for c in view.hands[t])
            parts.append(f"team {t}: [{hand}] powers {powers or '-'}{' chosen' if view.picked[t] else ''}")
        if view.my_change is not None:
            parts.append(f"my change {view.my_change[0]} -> {view.my_change[1]}")
        if view.my_pick is not None:
            parts.append(f"my pick {view.my_pick}")
        if view.guessers:
            parts.append(f"guessing {list(view.guessers)}; my guess {view.my_guess}")
        reveals = _reveals(view.reveals, view.pending)
        for reveal in reveals if self.perfect_recall else reveals[-1:]:
            parts.append(_reveal_text(reveal))
        for result in view.guess_results:
            parts.append(f"guess {result.team}: {result.guess} for {result.card.id}={result.card.answer}")
        if view.winners:
            parts.append(f"winners {list(view.winners)}")
        return "; ".join(parts)


def _reveals(reveals: tuple[Reveal, ...], pending: Reveal | None) -> tuple[Reveal, ...]:
    return reveals + ((pending,) if pending is not None else ())


def _reveal_text(reveal: Reveal) -> str:
    plays = ", ".join(
        f"{p.team} {'+'.join(f'{c.id}={c.answer}' for c in p.cards)}"
        f"{' ' + p.combine.value if p.combine else ''}{f' {p.shift:+d}' if p.shift else ''}"
        f"{f' (change {p.change[0]}->{p.change[1]})' if p.change else ''} = {p.value}"
        for p in reveal.plays)
    target = reveal.target_card.id if reveal.target_card is not None else "?"
    drawn = ",".join("+".join(d) for d in reveal.drawn)
    return f"reveal {reveal.number} at {reveal.target}: {plays}; furthest {list(reveal.furthest)} -> {target} [{drawn}]"


def with_answers(deck: Deck, answers: dict[str, int]) -> Deck:
    """The same deck with some answers replaced (what a player believes them to be)."""
    questions = tuple(dataclasses.replace(q, answer=answers.get(q.id, q.answer)) for q in deck.questions)
    return Deck(deck.categories, questions)


pyspiel.register_game(GAME_TYPE, QuizGame)
