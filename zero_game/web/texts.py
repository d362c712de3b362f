"""The table's words in the current language: messages, seat names and card names.

A sentence about a seat (``Texts.say``) uses the second person for the one person at the table who
kept the default name, so nobody reads "You wins".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tabletop.names import MAX_NAME, bot_name
from zero_game import Card
from zero_game.seats import Seat

from .i18n import messages, translate
from .settings import Settings


@dataclass(frozen=True)
class Texts:
    """Messages in ``lang`` for a table set up as ``settings``."""

    lang: str
    settings: Settings

    def t(self, key: str, **params: object) -> str:
        """A message in the current language."""
        return translate(self.lang, key, **params)

    def join(self, items: Iterable[str]) -> str:
        """Names (or any words) as one list in this language: "Ana and Ben", "Ana, Ben et Mia"."""
        return messages(self.lang).join(items)

    def names(self, seats: Iterable[int]) -> str:
        """The seats' display names as one list: "Ana, Ben, and Mia"."""
        return self.join(self.name(seat) for seat in seats)

    def name(self, seat: int) -> str:
        """The display name of ``seat``."""
        return self.settings.seats[seat].name or self.default_name(seat)

    def default_name(self, seat: int) -> str:
        """The name ``seat`` has when nobody typed one: "You" alone, else "Player 2"; bots by seat."""
        seats = self.settings.seats
        if seats[seat].is_person:
            persons = self.settings.persons
            return self.t("you") if len(persons) == 1 else self.t("player_n", n=persons.index(seat) + 1)
        return bot_name(seat)

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the lone person at the table, addressed as "you" (no name typed)."""
        s = self.settings
        return s.seats[seat].is_person and not s.seats[seat].name and len(s.persons) == 1

    def say(self, key: str, seat: int, **params: object) -> str:
        """The sentence ``key`` about ``seat``: its second-person form (``key.you``) when the seat is "you"."""
        if self.is_you(seat) and key + ".you" in messages(self.lang):
            return self.t(key + ".you", **params)
        return self.t(key, name=self.name(seat), **params)

    def card(self, card: Card) -> str:
        """A card's name on its own, e.g. "red 7" / "7 rouge" / "rote 7"."""
        return self.t("card", colour=self.t("colour." + card.colour.label), number=card.number)

    def card_in(self, card: Card) -> str:
        """A card's name after an article or possessive ("the red 7", "le 7 rouge", "die rote 7")."""
        return self.t("card.in", colour=self.t("colour_in." + card.colour.label), number=card.number)


def sheet_seats(texts: Texts) -> tuple[Seat, ...]:
    """The seats as the score sheet records them: each name once (a clash gets a number added)."""
    seats: list[Seat] = []
    used: set[str] = set()
    for i, config in enumerate(texts.settings.seats):
        base = texts.name(i)[:MAX_NAME - 4].rstrip()
        name, n = base, 1
        while name.casefold() in used:
            n += 1
            name = f"{base} ({n})"
        used.add(name.casefold())
        seats.append(replace(config, name=name))
    return tuple(seats)
