"""One game of Zéro à 1000 (Q3–Q15) as an immutable state, and the per-team view of it (Q16).

>>> from thousand.deck import Deck, Question, Texts
>>> t = Texts("?", "?", "?")
>>> deck = Deck((("c", t),), tuple(Question(f"q{i}", t, 10 * i, t, "c", 1, None, "-") for i in range(30)))
>>> game = Game.deal(3, seed=1, deck=deck)
>>> game.target, [len(h) for h in game.hands], game.to_act, game.deck_size
(500, [6, 6, 6], (0, 1, 2), 12)
>>> game = game.apply(Pick(0, (game.hands[0][0],), shift=200))
>>> game.to_act, game.view(1).picked
((1, 2), (True, False, False))
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tabletop.documents import DocType
from tabletop.errors import DataError, IllegalMove, InvalidMove
from tabletop.replay import replay_saved

from .actions import SHIFT, Action, ChooseTarget, Combine, Guess, Pick, Power, parse_action
from .actions import Change as ChangeAction
from .deck import Deck, Mix, MixTooSmall, Question, Texts, deal_order, default_deck

MIN_TEAMS, MAX_TEAMS = 2, 4
HAND_SIZE = 6
START_TARGET = 500
#: Below this many cards in the deck the app warns (Q15).
LOW_DECK = 10
#: A mix must hold this many questions beyond the teams' hands (a game drew at most 14 in 2,000 measured games).
SPARE_CARDS = 20
GAME_SCHEMA = 1
#: Saved games longer than this (in characters) are refused before they are parsed.
MAX_SAVE_CHARS = 1_000_000
GAME_DOC = DocType("quiz-game", GAME_SCHEMA, "saved game", "Zéro à 1000", max_chars=MAX_SAVE_CHARS)
ALL_POWERS = frozenset(Power)


class Phase(enum.StrEnum):
    """What the game waits for."""

    CHOOSE = "choose"  # every team picks in secret (Q7)
    TARGET = "target"  # a furthest team with Two questions names the new target card (Q9, Q10)
    GUESS = "guess"  # teams that reached one card together guess its answer (Q14)
    OVER = "over"


class End(enum.StrEnum):
    """How a game ended."""

    ONE_CARD = "one card"  # Q13
    GUESS = "closest guess"  # Q14
    DECK_EMPTY = "deck empty"  # Q15


def check_teams(teams: object) -> int:
    """The number of teams, if the table allows it (Q4)."""
    if type(teams) is not int or not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise ValueError(f"Zéro à 1000 is played by {MIN_TEAMS} to {MAX_TEAMS} teams, not {teams!r}.")
    return teams


@dataclass(frozen=True, slots=True)
class Card:
    """The question side of a card: everything a player may see before it is revealed (no answer, no source)."""

    id: str
    text: Texts
    unit: Texts
    category: str
    year: int | None

    @classmethod
    def of(cls, question: Question) -> Card:
        return cls(question.id, question.text, question.unit, question.category, question.year)


@dataclass(frozen=True, slots=True)
class RevealedCard:
    """A card turned over: its question side, its answer and where the answer comes from."""

    card: Card
    answer: int
    source: str

    @classmethod
    def of(cls, question: Question) -> RevealedCard:
        return cls(Card.of(question), question.answer, question.source)

    @property
    def id(self) -> str:
        return self.card.id


@dataclass(frozen=True, slots=True)
class Play:
    """One team's revealed play of a round (Q8): its card(s), the powers, the value and its distance."""

    team: int
    cards: tuple[RevealedCard, ...]
    combine: Combine | None
    shift: int
    change: tuple[str, str] | None  # (the card replaced, the card taken from the bottom)
    value: int
    distance: int


@dataclass(frozen=True, slots=True)
class Reveal:
    """One round's reveal (Q8–Q11), public once every team has picked."""

    number: int
    target: int
    order: tuple[int, ...]
    plays: tuple[Play, ...]  # in reveal order
    furthest: tuple[int, ...]  # in reveal order; the first one sets the target (Q10)
    target_card: RevealedCard | None = None  # the new target (None while its team chooses)
    drawn: tuple[tuple[str, ...], ...] = ()  # per team: the question cards it took from the top

    def play(self, team: int) -> Play:
        return next(p for p in self.plays if p.team == team)


@dataclass(frozen=True, slots=True)
class GuessResult:
    """One team's guess of the answer to its last card, revealed (Q14)."""

    team: int
    card: RevealedCard
    guess: int
    distance: int


@dataclass(frozen=True, slots=True)
class Choices:
    """What one team may still decide in the choosing (shared by the state and the view)."""

    hand: tuple[str, ...]
    powers: frozenset[Power]
    can_change: bool

    def actions(self, team: int) -> list[Action]:
        """Every legal action: a Change per card, then every pick."""
        actions: list[Action] = []
        if self.can_change:
            actions += [ChangeAction(team, card) for card in self.hand]
        shifts = (0, SHIFT, -SHIFT) if Power.SHIFT in self.powers else (0,)
        for card in self.hand:
            actions += [Pick(team, (card,), None, s) for s in shifts]
        if two_allowed(self.hand, self.powers):
            for a, b in combinations(self.hand, 2):
                for combine in Combine:
                    actions += [Pick(team, (a, b), combine, s) for s in shifts]
        return actions


def two_allowed(hand: Sequence[str], powers: frozenset[Power]) -> bool:
    """Two questions needs the power card and at least three cards, so no team can play its last card.

    *Decided* (the rules are silent): a team left with no card could neither win by Q13 nor guess by Q14.
    """
    return Power.TWO in powers and len(hand) >= 3


@dataclass(frozen=True, slots=True)
class Game:
    """A game: the deal, every team's cards and powers, the target, the secret choices of the round."""

    deck: Deck = field(compare=False, repr=False)
    teams: int
    order: tuple[str, ...]  # the deal order of the whole deck (saved; the game replays from it)
    seed: int | str | None
    pile: tuple[str, ...]  # the deck: top first, bottom last (as at the start of the round)
    hands: tuple[tuple[str, ...], ...]  # as at the start of the round (pending Changes are secret)
    powers: tuple[frozenset[Power], ...]  # as at the start of the round
    target: int = START_TARGET
    target_card: RevealedCard | None = None  # None: the start card 500 (Q3)
    setter: int | None = None  # the team whose card is the target
    number: int = 1  # the round
    phase: Phase = Phase.CHOOSE
    changes: tuple[tuple[str, str] | None, ...] = ()  # per team: its secret Change this round
    picks: tuple[Pick | None, ...] = ()  # per team: its secret pick this round
    pending: Reveal | None = None  # the reveal waiting for the target choice
    reveals: tuple[Reveal, ...] = ()  # every finished round
    guessers: tuple[int, ...] = ()
    guesses: tuple[int | None, ...] = ()
    guess_results: tuple[GuessResult, ...] = ()
    winners: tuple[int, ...] = ()
    end: End | None = None
    history: tuple[Action, ...] = ()

    # ---- dealing -------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        teams: int,
        *,
        seed: int | str,
        deck: Deck | None = None,
        seen: Mapping[str, float] | None = None,
        mix: Mix | None = None,
    ) -> Game:
        """A new game dealt by ``seed`` (the caller's: no global randomness): the deck (or the questions of
        ``mix``) in the order of Q6 (unseen first), six cards to each team from the top. A mix too small for the
        teams raises ``MixTooSmall`` (see ``check_mix``)."""
        check_teams(teams)
        deck = deck if deck is not None else default_deck()
        if mix is not None:
            check_mix(deck, mix, teams)
        return cls.from_order(teams, deal_order(deck, seen, seed, mix), deck=deck, seed=seed)

    @classmethod
    def from_order(
        cls, teams: int, order: Sequence[str], *, deck: Deck, seed: int | str | None = None
    ) -> Game:
        """A new game dealt from the top of a deck in this order (team 0 takes the first six cards)."""
        check_teams(teams)
        order = tuple(order)
        for qid in order:
            if qid not in deck:
                raise InvalidMove(f"The deal names a question {qid!r} that is not in the deck.")
        if len(set(order)) != len(order):
            raise InvalidMove("The deal names a question twice.")
        if len(order) < teams * HAND_SIZE:
            raise InvalidMove(f"{teams} teams need at least {teams * HAND_SIZE} questions; the deck has {len(order)}.")
        hands = tuple(order[t * HAND_SIZE : (t + 1) * HAND_SIZE] for t in range(teams))
        return cls(
            deck=deck,
            teams=teams,
            order=order,
            seed=seed,
            pile=order[teams * HAND_SIZE :],
            hands=hands,
            powers=(ALL_POWERS,) * teams,
            changes=(None,) * teams,
            picks=(None,) * teams,
        )

    # ---- what is public ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """The teams that still owe a decision (simultaneous: any of them may act next)."""
        if self.phase is Phase.CHOOSE:
            return tuple(t for t in range(self.teams) if self.picks[t] is None)
        if self.phase is Phase.TARGET:
            assert self.pending is not None
            return (self.pending.furthest[0],)
        if self.phase is Phase.GUESS:
            return tuple(t for t, g in zip(self.guessers, self.guesses, strict=True) if g is None)
        return ()

    @property
    def deck_size(self) -> int:
        """Cards left in the deck, as everyone sees it (Changes of this round show at the reveal)."""
        return len(self.pile)

    @property
    def deck_low(self) -> bool:
        """The deck is nearly empty: the app warns (Q15)."""
        return len(self.pile) < LOW_DECK

    @property
    def reveal_order(self) -> tuple[int, ...]:
        """The order of the next reveal (Q8): from the team after the one that set the target."""
        first = 0 if self.setter is None else (self.setter + 1) % self.teams
        return tuple((first + i) % self.teams for i in range(self.teams))

    def hand(self, team: int) -> tuple[str, ...]:
        """A team's cards with its own secret Change of this round applied."""
        hand = self.hands[team]
        change = self.changes[team] if self.phase is Phase.CHOOSE else None
        if change is None:
            return hand
        return tuple(change[1] if c == change[0] else c for c in hand)

    def team_powers(self, team: int) -> frozenset[Power]:
        """A team's power cards left, counting its own secret Change and pick of this round as used."""
        if self.phase is not Phase.CHOOSE:
            return self.powers[team]
        used = self.picks[team].powers if self.picks[team] is not None else frozenset()  # type: ignore[union-attr]
        if self.changes[team] is not None:
            used |= {Power.CHANGE}
        return self.powers[team] - used

    def shown_ids(self) -> tuple[str, ...]:
        """Every question that has come out of the deck so far, in deal order (what a device records as seen, Q6)."""
        pile = set(self.pile)
        return tuple(c for c in self.order if c not in pile)

    # ---- legal actions -------------------------------------------------------------------------

    def _check_team(self, team: object) -> int:
        if type(team) is not int or not 0 <= team < self.teams:
            raise InvalidMove(f"There is no team {team!r}; the teams are 0 to {self.teams - 1}.")
        return team

    def _can_change(self, team: int) -> bool:
        # Change needs a bottom card for every team that might play it this round, so that whether it is
        # legal never tells a team that another one played Change (decided; keeps the choosing secret).
        return Power.CHANGE in self.powers[team] and self.changes[team] is None and len(self.pile) >= self.teams

    def choices(self, team: int) -> Choices:
        """What a team may still decide in the choosing."""
        return Choices(self.hand(team), self.team_powers(team), self._can_change(team))

    def legal_actions(self, team: int) -> list[Action]:
        """Every action this team may take now (empty if it owes nothing)."""
        self._check_team(team)
        if team not in self.to_act:
            return []
        if self.phase is Phase.CHOOSE:
            return self.choices(team).actions(team)
        if self.phase is Phase.TARGET:
            assert self.pending is not None
            return [ChooseTarget(team, c.id) for c in self.pending.play(team).cards]
        return [Guess(team, v) for v in range(0, 1001)]

    # ---- applying an action --------------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        """The game after ``action``; raises ``IllegalMove`` if the rules forbid it now."""
        if not isinstance(action, (ChangeAction, Pick, ChooseTarget, Guess)):
            raise InvalidMove(f"{action!r} is not an action of Zéro à 1000.")
        team = self._check_team(action.team)
        if self.phase is Phase.OVER:
            raise IllegalMove("The game is over.")
        if team not in self.to_act:
            raise IllegalMove(f"Team {team} has nothing to decide now.")
        if isinstance(action, ChooseTarget) and self.phase is not Phase.TARGET:
            raise IllegalMove("Only the furthest team that played Two questions chooses the target card.")
        if isinstance(action, Guess) and self.phase is not Phase.GUESS:
            raise IllegalMove("Guesses are made only when several teams reach their last card together.")
        if isinstance(action, ChangeAction):
            return self._change(team, action)
        if isinstance(action, Pick):
            return self._pick(team, action)
        if isinstance(action, ChooseTarget):
            return self._choose_target(team, action)
        return self._guess(team, action)

    def _later(self, action: Action, **changes: Any) -> Game:
        return dataclasses.replace(self, history=self.history + (action,), **changes)

    def _change(self, team: int, action: ChangeAction) -> Game:
        if self.phase is not Phase.CHOOSE:
            raise IllegalMove("Change is played while choosing, before the pick.")
        if Power.CHANGE not in self.powers[team]:
            raise IllegalMove(f"Team {team} has already used its Change card.")
        if self.changes[team] is not None:
            raise IllegalMove(f"Team {team} has already played Change this round.")
        if len(self.pile) < self.teams:
            raise IllegalMove("The deck is too low for Change: it needs a card for every team.")
        if action.replace not in self.hands[team]:
            raise IllegalMove(f"{action.replace!r} is not one of team {team}'s cards.")
        taken = sum(1 for c in self.changes if c is not None)
        bottom = self.pile[len(self.pile) - 1 - taken]
        changes = list(self.changes)
        changes[team] = (action.replace, bottom)
        return self._later(action, changes=tuple(changes))

    def _pick(self, team: int, pick: Pick) -> Game:
        if self.phase is not Phase.CHOOSE:
            raise IllegalMove("Picks are made while choosing.")
        hand = self.hand(team)
        powers = self.team_powers(team)
        for card in pick.cards:
            if card not in hand:
                raise IllegalMove(f"{card!r} is not one of team {team}'s cards.")
        if pick.shift and Power.SHIFT not in powers:
            raise IllegalMove(f"Team {team} has already used its ±200 card.")
        if len(pick.cards) == 2 and Power.TWO not in powers:
            raise IllegalMove(f"Team {team} has already used its Two questions card.")
        if len(pick.cards) == 2 and not two_allowed(hand, powers):
            raise IllegalMove("Two questions needs at least three cards in hand.")
        picks = list(self.picks)
        picks[team] = pick
        game = self._later(pick, picks=tuple(picks))
        return game._reveal() if all(p is not None for p in picks) else game

    def _reveal(self) -> Game:
        """Every team has picked: apply the Changes, reveal in Q8's order, find the furthest (Q9, Q10)."""
        hands = [self.hand(t) for t in range(self.teams)]
        powers = [set(self.team_powers(t)) for t in range(self.teams)]
        taken = sum(1 for c in self.changes if c is not None)
        pile = self.pile[: len(self.pile) - taken]
        plays = []
        order = self.reveal_order
        for team in order:
            pick = self.picks[team]
            assert pick is not None
            powers[team] -= pick.powers
            hands[team] = tuple(c for c in hands[team] if c not in pick.cards)
            cards = tuple(RevealedCard.of(self.deck.question(c)) for c in pick.cards)
            value = pick.value(tuple(c.answer for c in cards))
            plays.append(
                Play(team, cards, pick.combine, pick.shift, self.changes[team], value, abs(value - self.target))
            )
        furthest_distance = max(p.distance for p in plays)
        reveal = Reveal(
            number=self.number,
            target=self.target,
            order=order,
            plays=tuple(plays),
            furthest=tuple(p.team for p in plays if p.distance == furthest_distance),
        )
        game = dataclasses.replace(
            self,
            pile=pile,
            hands=tuple(hands),
            powers=tuple(frozenset(p) for p in powers),
            changes=(None,) * self.teams,
            picks=(None,) * self.teams,
        )
        first = reveal.play(reveal.furthest[0])
        if len(first.cards) == 2:
            return dataclasses.replace(game, phase=Phase.TARGET, pending=reveal)
        return game._settle(reveal, first.cards[0])

    def _choose_target(self, team: int, action: ChooseTarget) -> Game:
        assert self.pending is not None
        cards = self.pending.play(team).cards
        chosen = next((c for c in cards if c.id == action.card), None)
        if chosen is None:
            raise IllegalMove(f"The target must be one of team {team}'s two played cards, not {action.card!r}.")
        return self._later(action, pending=None)._settle(self.pending, chosen)

    def _settle(self, reveal: Reveal, target: RevealedCard) -> Game:
        """End the round: the new target, the furthest teams draw, the others have discarded (Q9–Q13, Q15)."""
        need = {p.team: len(p.cards) for p in reveal.plays if p.team in reveal.furthest}
        hands = list(self.hands)
        pile = self.pile
        drawn: list[tuple[str, ...]] = [()] * self.teams
        reveal = dataclasses.replace(reveal, target_card=target)
        game = dataclasses.replace(
            self, target=target.answer, target_card=target, setter=reveal.furthest[0], pending=None
        )
        if sum(need.values()) > len(pile):
            # Q15: the deck runs out when cards must be taken: nobody draws; the fewest cards share the win.
            fewest = min(len(h) for h in hands)
            winners = tuple(t for t in range(self.teams) if len(hands[t]) == fewest)
            return dataclasses.replace(
                game,
                reveals=self.reveals + (reveal,),
                phase=Phase.OVER,
                end=End.DECK_EMPTY,
                winners=winners,
            )
        for team in reveal.furthest:  # in reveal order, from the top
            drawn[team], pile = pile[: need[team]], pile[need[team] :]
            hands[team] = hands[team] + drawn[team]
        reveal = dataclasses.replace(reveal, drawn=tuple(drawn))
        game = dataclasses.replace(game, pile=pile, hands=tuple(hands), reveals=self.reveals + (reveal,))
        last = tuple(t for t in range(self.teams) if len(hands[t]) == 1)
        if len(last) == 1:
            return dataclasses.replace(game, phase=Phase.OVER, end=End.ONE_CARD, winners=last)
        if last:
            return dataclasses.replace(game, phase=Phase.GUESS, guessers=last, guesses=(None,) * len(last))
        return dataclasses.replace(game, phase=Phase.CHOOSE, number=self.number + 1)

    def _guess(self, team: int, action: Guess) -> Game:
        guesses = list(self.guesses)
        guesses[self.guessers.index(team)] = action.value
        game = self._later(action, guesses=tuple(guesses))
        if any(g is None for g in guesses):
            return game
        results = []
        for t, guess in zip(self.guessers, guesses, strict=True):
            assert guess is not None
            card = RevealedCard.of(self.deck.question(self.hands[t][0]))
            results.append(GuessResult(t, card, guess, abs(guess - card.answer)))
        best = min(r.distance for r in results)
        winners = tuple(r.team for r in results if r.distance == best)
        return dataclasses.replace(
            game, phase=Phase.OVER, end=End.GUESS, winners=winners, guess_results=tuple(results)
        )

    # ---- the view of one team (Q16) ------------------------------------------------------------

    def view(self, team: int) -> TeamView:
        """What one team may know: questions, target, powers left, revealed cards; never an unrevealed answer."""
        self._check_team(team)
        card = self.deck.question
        hands = tuple(
            tuple(Card.of(card(c)) for c in (self.hand(t) if t == team else self.hands[t])) for t in range(self.teams)
        )
        powers = tuple(self.team_powers(t) if t == team else self.powers[t] for t in range(self.teams))
        choosing = self.phase is Phase.CHOOSE
        mine = self.guessers.index(team) if team in self.guessers else None
        return TeamView(
            team=team,
            teams=self.teams,
            number=self.number,
            phase=self.phase,
            to_act=self.to_act,
            target=self.target,
            target_card=self.target_card,
            setter=self.setter,
            reveal_order=self.reveal_order,
            hands=hands,
            powers=powers,
            can_change=choosing and self._can_change(team),
            picked=tuple(p is not None for p in self.picks) if choosing else (False,) * self.teams,
            my_pick=self.picks[team] if choosing else None,
            my_change=self.changes[team] if choosing else None,
            deck_size=self.deck_size,
            deck_low=self.deck_low,
            pending=self.pending,
            reveals=self.reveals,
            guessers=self.guessers,
            my_guess=self.guesses[mine] if mine is not None and not self.is_over else None,
            guess_results=self.guess_results,
            winners=self.winners,
            end=self.end,
        )

    # ---- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data: the deal order and every action since, which replays it exactly."""
        return {
            "schema": GAME_SCHEMA,
            "type": "quiz-game",
            "teams": self.teams,
            "seed": self.seed,
            "order": list(self.order),
            "actions": [str(a) for a in self.history],
        }

    def to_json(self) -> str:
        """The game as versioned JSON text (question ids, no answers)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object, deck: Deck | None = None) -> Game:
        """Rebuild a game from ``to_dict`` data, replaying every action; damaged data raises ``DataError``."""
        deck = deck if deck is not None else default_deck()
        data = GAME_DOC.header(data)
        teams, seed, order, actions = (data.get(k) for k in ("teams", "seed", "order", "actions"))
        if type(teams) is not int or not MIN_TEAMS <= teams <= MAX_TEAMS:
            raise DataError(f"The saved game is damaged: {teams!r} is not a number of teams.")
        if seed is not None and type(seed) is not int and not isinstance(seed, str):
            raise DataError("The saved game is damaged: its seed is neither a number nor text.")
        if not isinstance(order, list) or not all(isinstance(q, str) for q in order):
            raise DataError("The saved game is damaged: its deal order is not a list of question ids.")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise DataError("The saved game is damaged: its actions are not a list of lines.")
        missing = next((q for q in order if q not in deck), None)
        if missing is not None:
            raise DataError(f"The saved game uses a question {missing!r} that this deck does not have.")
        game: Game = replay_saved("game", lambda: cls.from_order(teams, order, deck=deck, seed=seed), actions,
                                  lambda game, text: game.apply(parse_action(text)))
        return game

    @classmethod
    def from_json(cls, text: object, deck: Deck | None = None) -> Game:
        """Read a game saved by ``to_json``; damaged or foreign text raises ``DataError``."""
        return cls.from_dict(GAME_DOC.parse(text), deck)


#: A new game: ``Game.deal`` itself, under the package's short name.
deal = Game.deal


def cards_needed(teams: int) -> int:
    """The fewest questions a mix must hold for this many teams: their hands and the cards a game draws."""
    return teams * HAND_SIZE + SPARE_CARDS


def check_mix(deck: Deck, mix: Mix, teams: int) -> int:
    """The number of questions ``mix`` holds; ``MixTooSmall`` when that is too few for ``teams`` teams.

    The set-up calls it before the deal to say so; ``Game.deal`` calls it too.
    """
    check_teams(teams)
    available = len(deck.unrelated(mix.ids(deck)))  # one question of each relation is dealt (deal_order)
    needed = cards_needed(teams)
    if available < needed:
        raise MixTooSmall(mix, available, needed, teams)
    return available


@dataclass(frozen=True, slots=True)
class TeamView:
    """What one team may know (Q16). Its cards are ``Card`` (no answer) until revealed: by construction,
    nothing here can hold an unrevealed answer."""

    team: int
    teams: int
    number: int
    phase: Phase
    to_act: tuple[int, ...]
    target: int
    target_card: RevealedCard | None
    setter: int | None
    reveal_order: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]  # this team's own hand includes its own secret Change
    powers: tuple[frozenset[Power], ...]
    can_change: bool
    picked: tuple[bool, ...]  # who has committed a pick (public: the card is face down on the table)
    my_pick: Pick | None
    my_change: tuple[str, str] | None
    deck_size: int
    deck_low: bool
    pending: Reveal | None
    reveals: tuple[Reveal, ...]
    guessers: tuple[int, ...]
    my_guess: int | None
    guess_results: tuple[GuessResult, ...]
    winners: tuple[int, ...]
    end: End | None

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.hands[self.team]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def my_turn(self) -> bool:
        return self.team in self.to_act

    def legal_actions(self) -> list[Action]:
        """The same list as ``Game.legal_actions(team)``, from what this team knows."""
        if not self.my_turn:
            return []
        if self.phase is Phase.CHOOSE:
            hand = tuple(c.id for c in self.hand)
            return Choices(hand, self.powers[self.team], self.can_change).actions(self.team)
        if self.phase is Phase.TARGET:
            assert self.pending is not None
            return [ChooseTarget(self.team, c.id) for c in self.pending.play(self.team).cards]
        return [Guess(self.team, v) for v in range(0, 1001)]

