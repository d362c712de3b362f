"""Who sits at a seat: one type for the set-up screen, the score sheet and terminal play.

A seat is a person or a bot of some level, with a name. On the set-up screen a name may still be empty
("not typed"): the table then shows a default name in the player's language. Wherever a seat is kept
for later (a saved match, the score sheet) it has a name.

>>> Seat("Ann").is_person, Seat.of_choice("hard").level, Seat.of_choice("person", "Ben").name
(True, 'hard', 'Ben')
>>> [Seat().choice, Seat.bot("easy").choice]
['person', 'easy']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.names import name_problem

Kind = Literal["person", "bot"]
PERSON: Kind = "person"
BOT: Kind = "bot"
#: Every bot level a seat can have (the table offers all but ``random``, which the tournament uses).
BOT_LEVELS = ("easy", "medium", "hard", "expert", "random")


def seat_problem(name: object, kind: object, level: object, *, named: bool = True) -> str | None:
    """Why these cannot make a seat, or ``None``; with ``named=False`` the name may be empty."""
    if not (name == "" and not named) and (problem := name_problem(name)):
        return problem
    if kind == PERSON:
        return None if level is None else "a person has no bot level."
    if kind == BOT:
        return None if level in BOT_LEVELS else f"a bot's level is one of {', '.join(BOT_LEVELS)}, not {level!r}."
    return f"a seat is a 'person' or a 'bot', not {kind!r}."


@dataclass(frozen=True, slots=True)
class Seat:
    """A person (``level`` is ``None``) or a bot of ``level``, called ``name`` ("" until someone types one)."""

    name: str = ""
    kind: Kind = PERSON
    level: str | None = None

    def __post_init__(self) -> None:
        problem = seat_problem(self.name, self.kind, self.level, named=False)
        if problem:
            raise ValueError(f"Seat {self.name!r}: {problem}")

    @classmethod
    def bot(cls, level: str, name: str = "") -> Seat:
        """A bot of ``level``."""
        return cls(name, BOT, level)

    @classmethod
    def of_choice(cls, choice: str, name: str = "") -> Seat:
        """The seat the set-up screen's choice names: ``person`` or a bot level."""
        return cls(name) if choice == PERSON else cls.bot(choice, name)

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == PERSON

    @property
    def choice(self) -> str:
        """What the set-up screen shows as chosen: ``person`` or the bot's level."""
        return PERSON if self.level is None else self.level
