"""What a team can do (Q7–Q14): change a card, pick its card(s), choose the target card, guess."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from tabletop.errors import InvalidMove

from .deck import MAX_ANSWER, MIN_ANSWER

SHIFT = 200
_WORD = re.compile(r"\S{1,200}")


class Power(enum.StrEnum):
    """The three single-use power cards of a team (Q2)."""

    SHIFT = "shift"  # ±200
    CHANGE = "change"
    TWO = "two"  # Two questions (sum / difference)


class Combine(enum.StrEnum):
    """How Two questions turns two answers into one value (Q7)."""

    SUM = "sum"
    DIFFERENCE = "difference"


def _team(team: object) -> int:
    if type(team) is not int or team < 0:
        raise InvalidMove(f"A team is a number from 0 up, not {team!r}.")
    return team


def _card(card: object) -> str:
    if not isinstance(card, str) or _WORD.fullmatch(card) is None:
        raise InvalidMove(f"A question card is named by its id, like 'piano-keys', not {card!r}.")
    return card


@dataclass(frozen=True, slots=True)
class Change:
    """Power card Change: replace ``replace`` with the card at the bottom of the deck, before picking."""

    team: int
    replace: str

    def __post_init__(self) -> None:
        _team(self.team)
        _card(self.replace)

    def __str__(self) -> str:
        return f"{self.team} change {self.replace}"


@dataclass(frozen=True, slots=True)
class Pick:
    """A team's secret pick: one card, or two with Two questions and how to combine them; ±200 or not."""

    team: int
    cards: tuple[str, ...]
    combine: Combine | None = None
    shift: int = 0

    def __post_init__(self) -> None:
        _team(self.team)
        if not isinstance(self.cards, tuple) or len(self.cards) not in (1, 2):
            raise InvalidMove("A pick is one question card, or two with the power card Two questions.")
        for card in self.cards:
            _card(card)
        if len(self.cards) == 2:
            if self.cards[0] == self.cards[1]:
                raise InvalidMove("Two questions needs two different cards.")
            if not isinstance(self.combine, Combine):
                raise InvalidMove("With Two questions, say whether the value is the sum or the difference.")
            # One spelling per pick: the two cards in id order.
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        elif self.combine is not None:
            raise InvalidMove("Sum or difference needs two cards (the power card Two questions).")
        if type(self.shift) is not int or self.shift not in (0, SHIFT, -SHIFT):
            raise InvalidMove(f"The ±200 card adds +200 or -200, not {self.shift!r}.")

    def value(self, answers: tuple[int, ...]) -> int:
        """The played value of this pick, given the answers of its cards in order (Q7)."""
        if len(answers) == 1:
            base = answers[0]
        elif self.combine is Combine.SUM:
            base = answers[0] + answers[1]
        else:
            base = abs(answers[0] - answers[1])
        return base + self.shift

    @property
    def powers(self) -> frozenset[Power]:
        """The power cards this pick plays (Change is its own action)."""
        used = set()
        if len(self.cards) == 2:
            used.add(Power.TWO)
        if self.shift:
            used.add(Power.SHIFT)
        return frozenset(used)

    def __str__(self) -> str:
        words = [str(self.team), "pick", *self.cards]
        if self.combine is not None:
            words.append(self.combine.value)
        if self.shift:
            words.append(f"{self.shift:+d}")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """The furthest team that played Two questions names which of its two cards becomes the target (Q9)."""

    team: int
    card: str

    def __post_init__(self) -> None:
        _team(self.team)
        _card(self.card)

    def __str__(self) -> str:
        return f"{self.team} target {self.card}"


@dataclass(frozen=True, slots=True)
class Guess:
    """A team's secret guess of the answer to its last card (Q14)."""

    team: int
    value: int

    def __post_init__(self) -> None:
        _team(self.team)
        if type(self.value) is not int or not MIN_ANSWER <= self.value <= MAX_ANSWER:
            raise InvalidMove(f"A guess is a whole number from {MIN_ANSWER} to {MAX_ANSWER}, not {self.value!r}.")

    def __str__(self) -> str:
        return f"{self.team} guess {self.value}"


Action = Change | Pick | ChooseTarget | Guess


_NUMBER = re.compile(r"[+-]?[0-9]{1,6}")


def _int(word: str, what: str) -> int:
    if _NUMBER.fullmatch(word) is None:
        raise InvalidMove(f"{word!r} is not a whole number ({what}).")
    return int(word)


def parse_action(text: object) -> Action:
    """Read an action written as ``str(action)``, e.g. ``"1 pick a b sum -200"``.

    >>> print(parse_action("2 pick piano-keys +200"))
    2 pick piano-keys +200
    >>> parse_action(str(Pick(0, ("b", "a"), Combine.DIFFERENCE))) == Pick(0, ("a", "b"), Combine.DIFFERENCE)
    True
    """
    if not isinstance(text, str) or len(text) > 500:
        raise InvalidMove(f"An action is a short line of text like '0 pick piano-keys', not {text!r:.60}.")
    words = text.split()
    if len(words) < 3:
        raise InvalidMove(f"{text.strip()!r} is not an action: write '<team> pick|change|target|guess …'.")
    team, verb, rest = _int(words[0], "the team"), words[1].lower(), words[2:]
    if verb == "change" and len(rest) == 1:
        return Change(team, rest[0])
    if verb == "target" and len(rest) == 1:
        return ChooseTarget(team, rest[0])
    if verb == "guess" and len(rest) == 1:
        return Guess(team, _int(rest[0], "the guess"))
    if verb == "pick":
        shift = 0
        if rest and rest[-1] in ("+200", "-200"):
            shift = int(rest.pop())
        combine = None
        if len(rest) == 3 and rest[-1].lower() in ("sum", "difference"):
            combine = Combine(rest.pop().lower())
        return Pick(team, tuple(rest), combine, shift)
    raise InvalidMove(f"{text.strip()!r} is not an action: write '<team> pick|change|target|guess …'.")
