"""How a table is set up: who sits where (a person or a bot level), pool size, rounds, dealer, bot speed.

The table's constants: seat counts and pool sizes come from the engine, the seat type and name length
from ``zero_game.seats`` (one home each); speeds and the bots' names are the table's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tabletop.names import clean_name
from tabletop.remote import PHONE, Seating, saved_phones, saved_rows
from zero_game.match import MAX_ROUNDS
from zero_game.round import MAX_PLAYERS, MIN_PLAYERS
from zero_game.round import POOL_SIZES as POOL_SIZES
from zero_game.seats import PERSON, Seat

if TYPE_CHECKING:
    from zero_game.sheet import SavedGame

BOT_LEVELS = ("easy", "medium", "hard", "expert")  # the levels the table offers
KINDS = (PERSON, PHONE, *BOT_LEVELS)
MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS
# Seconds a bot's move stays on screen, per speed: half showing the card leaving, half arriving.
SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.15}


@dataclass(frozen=True)
class Settings(Seating):
    """How the table is set up; ``None`` options take the rules' default for the player count."""

    PEOPLE = PERSON

    seats: tuple[Seat, ...] = (Seat(), Seat.bot("medium"), Seat.bot("medium"))
    pool_size: int | None = None
    rounds: int | None = None
    dealer: int = 0
    speed: str = "normal"
    phones: tuple[int, ...] = ()  # the people's seats played on their own phones

    @property
    def choices(self) -> tuple[str, ...]:
        """Each seat's choice: ``person`` or a bot's level."""
        return tuple(s.choice for s in self.seats)

    def with_seats(self, seats: tuple[Seat, ...], phones: tuple[int, ...] | None = None) -> Settings:
        """These settings with other seats (the dealer kept in range, the rounds back to the default); the seats on
        phones as given, else as they were (those still people's)."""
        kept = self.phones if phones is None else phones
        kept = tuple(sorted(i for i in set(kept) if i < len(seats) and seats[i].is_person))
        return replace(self, seats=seats, dealer=min(self.dealer, len(seats) - 1), rounds=None, phones=kept)

    def with_option(self, option: str, value: str) -> Settings:
        """These settings with one set-up choice changed; a value out of range is ignored."""
        if option == "pool":
            return replace(self, pool_size=int(value) if value in {str(n) for n in POOL_SIZES} else None)
        if option == "rounds":
            ok = value.isdigit() and 1 <= int(value) <= MAX_ROUNDS
            return replace(self, rounds=int(value) if ok else None)
        if option == "dealer" and value.isdigit() and int(value) < len(self.seats):
            return replace(self, dealer=int(value))
        if option == "speed" and value in SPEEDS:
            return replace(self, speed=value)
        return self

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data, for saving next to the match."""
        return {
            "seats": [{"kind": s.choice, "name": s.name} for s in self.seats],
            "pool_size": self.pool_size,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "speed": self.speed,
            "phones": list(self.phones),
        }

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from ``to_dict`` output; raises ``ValueError`` with a readable message if malformed."""
        data, rows = saved_rows(data, "seats", (PERSON, *BOT_LEVELS), range(MIN_SEATS, MAX_SEATS + 1), (
            "The saved table set-up is not readable.", "A saved seat is not readable.",
            "A saved table must have 2 to 5 seats."))
        seats = [Seat.of_choice(str(item["kind"]), clean_name(str(item["name"]))) for item in rows]  # texts, checked
        pool, rounds, dealer, speed = (data.get(k) for k in ("pool_size", "rounds", "dealer", "speed"))
        if (pool is not None and (type(pool) is not int or pool not in POOL_SIZES)) or not (
            rounds is None or (type(rounds) is int and 1 <= rounds <= MAX_ROUNDS)
        ):
            raise ValueError("The saved pool size or number of rounds is not readable.")
        if type(dealer) is not int or not 0 <= dealer < len(seats) or not isinstance(speed, str) \
                or speed not in SPEEDS:  # a list or an object is not a speed, nor a key of SPEEDS
            raise ValueError("The saved dealer or bot speed is not readable.")
        phones = saved_phones(data.get("phones", []), [s.is_person for s in seats],
                              "The saved seats on phones are not readable.")
        return cls(tuple(seats), pool, rounds, dealer, speed, phones)


def saved_settings(game: SavedGame) -> Settings:
    """The table set-up saved with ``game``, or one rebuilt from its seats if that is unreadable."""
    try:
        settings = Settings.from_dict(game.table)
        if len(settings.seats) == game.match.players:
            return settings
    except ValueError:
        pass
    seats = tuple(
        s if s.is_person else Seat.bot(s.level if s.level in BOT_LEVELS else "medium")
        for s in game.seats
    )
    return Settings(seats=seats, pool_size=game.match.pool_size, rounds=game.match.rounds)
