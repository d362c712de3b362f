"""Bot teams for Zéro à 1000: they see a team's view and know what a player of their level knows.

A quiz is the one game where a bot must "know" facts, and that knowledge cannot come from the view:
the view never holds an unrevealed answer (Q16). So a bot is given two things, kept apart:

* the team's ``TeamView`` (what it may see: questions, target, powers, revealed cards), and
* a ``Knowledge``: what a person of that level knows about each question, modelled as the true
  answer plus an error drawn once per question from the bot's own seeded generator, wider for hard
  questions and weaker levels. It is built from the deck and only answers "what would I estimate for
  this question, and how sure am I"; it never sees the game.

A bot that reads ``Knowledge.estimate`` of a card is a player thinking "a piano has about 90 keys".
The engine, the view and the saves never pass an answer to a bot.

A host's own cards (``thousand.owncards``) are questions no bot has ever seen: for those, knowledge is what a
person of that level could make of the question side alone (``Card``: text, unit, category, never the answer).
``Priors`` are the sizes answers come in across the questions the bot does know, per unit and per theme (a
question in "km/h" is seldom above 400, one in "points" seldom above 200); a medium player goes by the unit
(else the theme), a hard one weighs both, an easy one goes by the middle of everything; and each has a hunch
per card, seeded by the card (its id comes from its texts), never by its answer.
"""

from __future__ import annotations

import math
import random
import re
import statistics
import unicodedata
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from .actions import Action, Change, ChooseTarget, Combine, Guess, Pick, Power
from .deck import LANGUAGES, MAX_ANSWER, MIN_ANSWER, Deck, Question
from .game import Card, Phase, TeamView
from .owncards import own_ids

LEVELS = ("random", "easy", "medium", "hard")

#: A level's typical error (standard deviation, on the 0–1000 scale) for questions of difficulty 1, 2, 3.
SPREAD: dict[str, tuple[float, float, float]] = {
    "easy": (110.0, 190.0, 280.0),
    "medium": (55.0, 100.0, 170.0),
    "hard": (25.0, 50.0, 90.0),
}


#: Unit words a host may write for a unit the deck spells out (matched after the deck's own units, in any of
#: its languages): what a person reads "km" as.
UNIT_WORDS = {
    "m": "metres", "meter": "metres", "meters": "metres", "km": "kilometres", "kilometer": "kilometres",
    "kilometers": "kilometres", "cm": "centimetres", "mm": "millimetres", "kg": "kilograms", "g": "grams",
    "gram": "grams", "l": "litres", "liter": "litres", "liters": "litres", "ml": "millilitres", "cl": "centilitres",
    "°c": "degrees celsius", "°": "degrees", "°f": "degrees fahrenheit", "%": "percent", "h": "hours",
    "hrs": "hours", "min": "minutes", "mins": "minutes", "s": "seconds", "sec": "seconds", "secs": "seconds",
    "y": "years", "yrs": "years", "kmh": "km/h", "km/hr": "km/h", "kcal": "kilocalories", "t": "tonnes",
    "km2": "square kilometres", "km²": "square kilometres", "ha": "hectares", "w": "watts", "hz": "hertz",
    "ft": "feet", "in": "inches", "mph": "miles per hour", "mi": "miles", "lb": "pounds", "lbs": "pounds",
}
#: A theme or a unit is a prior once this many known questions share it.
MIN_PRIOR = 5
#: A level's hunch about an unseen card, as a share of the prior's spread (a stronger player's is tighter).
HUNCH = {"easy": 0.6, "medium": 0.4, "hard": 0.25}


def unit_key(unit: str) -> str:
    """A unit as a person compares it: case, accents, dots and spacing set aside ("Km/h." and "km/h" alike)."""
    folded = unicodedata.normalize("NFKD", unit.casefold())
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", plain.replace(".", " ")).strip()


@dataclass(frozen=True, slots=True)
class Prior:
    """Where the answers to a kind of question lie: the middle one and their spread (robust), and how many."""

    center: float
    spread: float
    size: int

    @classmethod
    def of(cls, answers: Sequence[int]) -> Prior:
        center = float(statistics.median(answers))
        spread = 1.4826 * float(statistics.median(abs(a - center) for a in answers))  # the normal's sd, by its MAD
        return cls(center, min(max(spread, 40.0), 400.0), len(answers))


class Priors:
    """What a person who knows ``questions`` has learnt of the sizes quiz answers come in: per unit (in each of
    the deck's languages), per theme, and overall. Made from the answers of the questions known; what it is asked
    about is only ever a card's question side."""

    def __init__(self, questions: Iterable[Question]) -> None:
        by_unit: dict[tuple[str, str], list[int]] = defaultdict(list)
        by_theme: dict[str, list[int]] = defaultdict(list)
        every: list[int] = []
        for q in questions:
            every.append(q.answer)
            by_theme[q.category].append(q.answer)
            for lang in LANGUAGES:
                by_unit[lang, unit_key(q.unit[lang])].append(q.answer)
        self.overall = Prior.of(every) if every else Prior(float(MAX_ANSWER) / 2, 300.0, 0)
        self.units = {k: Prior.of(v) for k, v in by_unit.items() if len(v) >= MIN_PRIOR}
        self.themes = {k: Prior.of(v) for k, v in by_theme.items() if len(v) >= MIN_PRIOR}

    def unit(self, card: Card) -> Prior | None:
        """The prior of the card's unit, as written in any of its languages (or as the deck spells it out)."""
        for lang in LANGUAGES:
            key = unit_key(card.unit[lang])
            found = self.units.get((lang, key))
            for word in (UNIT_WORDS.get(key), UNIT_WORDS.get(key.rstrip("s"))):
                found = found or (self.units.get(("en", word)) if word else None)
            if found is not None:
                return found
        return None

    def prior(self, card: Card, level: str) -> Prior:
        """The prior a player of ``level`` goes by for ``card``: an easy one the middle of everything; a medium
        one its unit, else its theme; a hard one both, each weighed by how narrow it is."""
        if level == "easy":
            return self.overall
        found = [p for p in (self.unit(card), self.themes.get(card.category)) if p is not None]
        if not found:
            return self.overall
        if level != "hard" or len(found) == 1:
            return found[0]
        weights = [1 / p.spread**2 for p in found]
        center = sum(w * p.center for w, p in zip(weights, found, strict=True)) / sum(weights)
        return Prior(center, min(p.spread for p in found), sum(p.size for p in found))

    def estimate(self, card: Card, level: str, seed: int | str) -> tuple[float, float]:
        """A player's estimate of an unseen card and its typical error: the prior's middle and a hunch drawn
        from the card and the player (never its answer: a ``Card`` has none)."""
        prior = self.prior(card, level)
        hunch = random.Random(f"hunch:{seed}:{level}:{card.id}").gauss(0.0, HUNCH[level] * prior.spread)
        estimate = min(max(prior.center + hunch, MIN_ANSWER), MAX_ANSWER)
        return estimate, math.hypot(prior.spread, HUNCH[level] * prior.spread)


_PRIORS: list[tuple[Deck, int, Priors]] = []  # the last few decks' priors (a bot is made for every decision)


def priors_of(deck: Deck, known: Sequence[Question]) -> Priors:
    """The ``Priors`` of the questions of ``deck`` that are ``known``, made once per deck (a game's deck is one
    object all game long; what is known of it does not change)."""
    for cached, count, priors in _PRIORS:
        if cached is deck and count == len(known):
            return priors
    priors = Priors(known)
    _PRIORS[:] = [(deck, len(known), priors), *_PRIORS[:3]]
    return priors


class Knowledge:
    """What a player of one level knows: a fixed estimate of every answer in the deck and its typical error.

    The beliefs are drawn once, when the knowledge is made, from a generator seeded by ``seed`` and the
    level; the knowledge then keeps only them, not the deck, so nothing reached through a bot holds an
    answer. The same deck, level and seed always give the same beliefs.

    ``unseen``: questions this player has never seen (a host's own cards): estimated from their question side
    alone (``Priors``), their answers never read.
    """

    def __init__(self, deck: Deck, level: str, seed: int | str, unseen: Collection[str] = ()) -> None:
        if level not in SPREAD:
            raise ValueError(f"There is no knowledge level {level!r}; the levels are {', '.join(SPREAD)}.")
        spreads = SPREAD[level]
        rng = random.Random(f"knowledge:{seed}:{level}")
        self._beliefs: dict[str, tuple[float, float]] = {}
        known = [q for q in deck.questions if q.id not in unseen]
        for question in known:
            spread = spreads[question.difficulty - 1]
            estimate = min(max(question.answer + rng.gauss(0.0, spread), MIN_ANSWER), MAX_ANSWER)
            self._beliefs[question.id] = (estimate, spread)
        if len(known) < len(deck.questions):
            priors = priors_of(deck, known)
            for question in deck.questions:
                if question.id in unseen:  # the question side only: a Card has no answer to read
                    self._beliefs[question.id] = priors.estimate(Card.of(question), level, seed)

    def estimate(self, card: str) -> float:
        """This player's estimate of a card's answer: the same every time it is asked (a belief, not a dice roll)."""
        return self._beliefs[card][0]

    def spread(self, card: str) -> float:
        """How far this player's estimate of a card typically is from the truth."""
        return self._beliefs[card][1]


class Bot(ABC):
    """A team played by the computer: view (and its own knowledge) in, action out."""

    level: str

    def decide(self, view: TeamView, rng: random.Random) -> Action:
        """The team's next action; it must be one of ``view.legal_actions()``."""
        if not view.my_turn:
            raise ValueError(f"Team {view.team} has nothing to decide now.")
        return self._decide(view, rng)

    @abstractmethod
    def _decide(self, view: TeamView, rng: random.Random) -> Action: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level}>"


class RandomBot(Bot):
    """Any legal action, uniformly; a guess anywhere in 0–1000. Knows nothing."""

    level = "random"

    def _decide(self, view: TeamView, rng: random.Random) -> Action:
        if view.phase is Phase.GUESS:
            return Guess(view.team, rng.randint(MIN_ANSWER, MAX_ANSWER))
        return rng.choice(view.legal_actions())


def expected_distance(mean: float, spread: float) -> float:
    """E|X| for X normal with this mean and standard deviation: how far a value believed to be ``mean``
    away is expected to land."""
    if spread <= 0:
        return abs(mean)
    d = abs(mean)
    z = d / spread
    return spread * math.sqrt(2 / math.pi) * math.exp(-z * z / 2) + d * math.erf(z / math.sqrt(2))


@dataclass(frozen=True)
class Style:
    """When an estimating bot spends its power cards (penalties in points of expected distance)."""

    shift_cost: float = 70.0
    two_cost: float = 25.0
    change_above: float = 160.0  # play Change when the best pick is expected this far or further


class EstimatingBot(Bot):
    """Estimates every answer with its ``Knowledge``, plays the pick expected closest to the target,
    and spends a power card only when it brings the value closer by more than the card is worth."""

    def __init__(self, level: str, knowledge: Knowledge, style: Style | None = None) -> None:
        self.level = level
        self.knowledge = knowledge
        self.style = style or Style()

    def _value(self, pick: Pick) -> tuple[float, float]:
        """The value this pick is believed to have, and how uncertain it is."""
        estimates = tuple(self.knowledge.estimate(c) for c in pick.cards)
        if len(estimates) == 1:
            base = estimates[0]
        else:
            base = estimates[0] + estimates[1] if pick.combine is Combine.SUM else abs(estimates[0] - estimates[1])
        spread = math.sqrt(sum(self.knowledge.spread(c) ** 2 for c in pick.cards))
        return base + pick.shift, spread

    def _score(self, pick: Pick, target: int, cards_left: int) -> float:
        value, spread = self._value(pick)
        cost = 0.0
        # Powers kept to the end are wasted: near the end they cost half as much.
        scale = 0.5 if cards_left <= 3 else 1.0
        if pick.shift:
            cost += self.style.shift_cost * scale
        if len(pick.cards) == 2:
            cost += self.style.two_cost * scale
        return expected_distance(value - target, spread) + cost

    def best_pick(self, view: TeamView) -> tuple[Pick, float]:
        """The pick with the lowest expected distance plus power cost, and that score."""
        picks = [a for a in view.legal_actions() if isinstance(a, Pick)]
        cards_left = len(view.hand)
        scored = [(self._score(p, view.target, cards_left), i, p) for i, p in enumerate(picks)]
        score, _, pick = min(scored)
        return pick, score

    def _decide(self, view: TeamView, rng: random.Random) -> Action:
        if view.phase is Phase.CHOOSE:
            pick, score = self.best_pick(view)
            if view.can_change and Power.CHANGE in view.powers[view.team] and score > self.style.change_above:
                # Every card is far: swap the one believed furthest from the target for the deck's bottom card.
                worst = max(view.hand, key=lambda c: (abs(self.knowledge.estimate(c.id) - view.target), c.id))
                return Change(view.team, worst.id)
            return pick
        if view.phase is Phase.TARGET:
            return self._choose_target(view)
        last = view.hand[0].id
        return Guess(view.team, round(self.knowledge.estimate(last)))

    def _choose_target(self, view: TeamView) -> ChooseTarget:
        """Of its two played cards, the target that suits its own remaining cards best and the others' least."""
        assert view.pending is not None
        played = view.pending.play(view.team).cards

        def nearest(hand: Sequence[str], target: int) -> float:
            return min((abs(self.knowledge.estimate(c) - target) for c in hand), default=0.0)

        mine = [c.id for c in view.hand]
        others = [[c.id for c in h] for t, h in enumerate(view.hands) if t != view.team]

        def merit(answer: int) -> float:
            return nearest(mine, answer) - 0.5 * sum(nearest(h, answer) for h in others) / max(len(others), 1)

        best = min(played, key=lambda c: (merit(c.answer), c.id))
        return ChooseTarget(view.team, best.id)


def make_bot(level: str, deck: Deck, seed: int | str, unseen: Collection[str] | None = None) -> Bot:
    """A bot of this level; its knowledge of the deck is seeded by ``seed``. ``unseen``: the questions it has never
    seen (by default a host's own cards in the deck, ``owncards.own_ids``)."""
    if level == "random":
        return RandomBot()
    if level not in SPREAD:
        raise ValueError(f"There is no bot level {level!r}; the levels are {', '.join(LEVELS)}.")
    return EstimatingBot(level, Knowledge(deck, level, seed, own_ids(deck) if unseen is None else unseen))
