"""Seeded random games of Zéro à 1000 with the rules' invariants checked after every step, and a
Hypothesis state machine that plays any legal (and some illegal) action in any order."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tabletop.errors import IllegalMove
from tests.fixtures.quiz_helpers import DECK
from thousand import End, Game, Phase, Pick, Power, deal
from thousand.game import RevealedCard


def revealed_ids(game: Game) -> set[str]:
    """Every card whose answer everyone has seen."""
    ids = {c.id for r in game.reveals for p in r.plays for c in p.cards}
    if game.pending is not None:
        ids |= {c.id for p in game.pending.plays for c in p.cards}
    return ids | {r.card.id for r in game.guess_results}


def answers_in(value: object) -> set[str]:
    """The ids of every card shown with its answer anywhere inside a view."""
    if isinstance(value, RevealedCard):
        return {value.id}
    found: set[str] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= answers_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list, frozenset)):
        for item in value:
            found |= answers_in(item)
    return found


def check(game: Game, before: Game | None = None, *, views: bool = True) -> None:
    """The invariants of a game between any two actions (``views``: also every team's view)."""
    hands = [c for h in game.hands for c in h]
    reveals = game.reveals + ((game.pending,) if game.pending else ())
    replaced = {p.change[0] for r in reveals for p in r.plays if p.change}
    gone = revealed_ids(game) - {r.card.id for r in game.guess_results} | replaced
    # Q12: every card is in exactly one place: a hand, the deck, or out of the game (played).
    assert len(hands) == len(set(hands))
    assert not set(hands) & set(game.pile) and not gone & (set(hands) | set(game.pile))
    assert set(hands) | set(game.pile) | gone == set(game.order)
    assert game.target == (game.target_card.answer if game.target_card else 500)
    assert all(p <= frozenset(Power) for p in game.powers)
    assert bool(game.to_act) != game.is_over
    if game.phase is Phase.CHOOSE:
        assert all(len(h) >= 2 for h in game.hands)  # Q13: one card ends the game
    if game.is_over:
        assert game.winners and game.end is not None
    if before is not None:
        assert all(now <= was for now, was in zip(game.powers, before.powers, strict=True))
        assert game.number >= before.number
    for team in range(game.teams if views else 0):
        view = game.view(team)
        assert view.legal_actions() == game.legal_actions(team)
        assert answers_in(view) <= revealed_ids(game)  # Q16


def random_game(seed: int, *, views: bool = True) -> Game:
    """A game of random legal actions; one in three is dealt from a short deck so that it can run out."""
    rng = random.Random(seed)
    game = deal(rng.randint(2, 4), seed=seed, deck=DECK)
    if seed % 3 == 0:
        game = Game.from_order(game.teams, game.order[: game.teams * 6 + rng.randint(0, 8)], deck=DECK)
    check(game)
    while not game.is_over:
        team = rng.choice(game.to_act)
        before, game = game, game.apply(rng.choice(game.legal_actions(team)))
        check(game, before, views=views)
    return game


def test_random_games_keep_every_invariant() -> None:
    ends = set()
    for seed in range(200):
        game = random_game(seed)
        assert Game.from_json(game.to_json(), DECK) == game
        ends.add(game.end)
    assert ends == set(End)


def test_thousands_of_random_games_keep_the_card_and_power_invariants() -> None:
    for seed in range(1000, 3000):
        game = random_game(seed, views=False)
        assert game.winners and all(0 <= w < game.teams for w in game.winners)


class QuizMachine(RuleBasedStateMachine):
    """Any team, any legal action, in any order; illegal ones are refused and change nothing."""

    game: Game

    @initialize(teams=st.integers(2, 4), seed=st.integers(0, 10**6))
    def start(self, teams: int, seed: int) -> None:
        self.game = deal(teams, seed=seed, deck=DECK)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        team = data.draw(st.sampled_from(self.game.to_act))
        action = data.draw(st.sampled_from(self.game.legal_actions(team)))
        before = self.game
        self.game = self.game.apply(action)
        check(self.game, before)

    @rule(team=st.integers(0, 3), card=st.sampled_from(DECK.ids))
    def illegal_pick(self, team: int, card: str) -> None:
        if team >= self.game.teams or self.game.is_over or card in self.game.hand(team):
            return
        before = self.game
        try:
            self.game.apply(Pick(team, (card,)))
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"a pick of a card not in the hand was accepted: {card}")
        assert self.game == before

    @invariant()
    def saves_replay(self) -> None:
        if hasattr(self, "game") and len(self.game.history) % 5 == 0:
            assert Game.from_json(self.game.to_json(), DECK) == self.game


TestQuizMachine = QuizMachine.TestCase
TestQuizMachine.settings = settings(max_examples=60, stateful_step_count=60, deadline=None)
