"""How the quiz table is set up: 2–4 teams, each a group of people (a team name, its people) or a bot level."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.names import clean_name
from tabletop.remote import Seating, saved_phones, saved_rows
from thousand.game import MAX_TEAMS, MIN_TEAMS
from thousand.sheet import BOT_LEVELS, PEOPLE

# Seconds a bot's decision stays on screen as "thinking", per speed.
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.8, "fast": 0.05}


@dataclass(frozen=True)
class TeamConfig:
    """One team: people (an optional team name, the names of its people) or a bot of a level."""

    kind: str = PEOPLE
    name: str = ""
    people: tuple[str, ...] = ()

    @property
    def is_people(self) -> bool:
        """Whether people play this team."""
        return self.kind == PEOPLE


def people_of(text: str) -> tuple[str, ...]:
    """The names typed in a "who plays" box, comma-separated."""
    return tuple(n for n in (clean_name(part) for part in text.split(",")) if n)[:8]


def _people(value: object) -> tuple[str, ...]:
    """A saved team's people (a list of texts, as ``from_dict`` checked it), cleaned, the blank ones left out."""
    names = value if isinstance(value, list) else []
    return tuple(clean_name(p) for p in names if isinstance(p, str) and clean_name(p))


@dataclass(frozen=True)
class QuizSettings(Seating):
    """The teams at the table and the bots' pace."""

    PEOPLE = PEOPLE

    teams: tuple[TeamConfig, ...] = (TeamConfig(), TeamConfig("medium"), TeamConfig("medium"))
    speed: str = "normal"
    phones: tuple[int, ...] = ()  # the teams of people who play on their own phone

    @property
    def choices(self) -> tuple[str, ...]:
        """Each team's choice: ``people`` or a bot's level."""
        return tuple(t.kind for t in self.teams)

    def with_team(self, index: int, team: TeamConfig) -> QuizSettings:
        """These settings with one team changed."""
        teams = list(self.teams)
        teams[index] = team
        return replace(self, teams=tuple(teams), phones=tuple(i for i in self.phones if teams[i].is_people))

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data."""
        return {"teams": [{"kind": t.kind, "name": t.name, "people": list(t.people)} for t in self.teams],
                "speed": self.speed, "phones": list(self.phones)}

    @classmethod
    def from_dict(cls, data: object) -> QuizSettings:
        """Settings from ``to_dict`` data; ``ValueError`` with a readable message if malformed."""
        data, rows = saved_rows(data, "teams", (PEOPLE, *BOT_LEVELS), range(MIN_TEAMS, MAX_TEAMS + 1), (
            "The saved teams are not readable.", "A saved team is not readable.", "A saved quiz has 2 to 4 teams."),
            lambda item: isinstance(people := item.get("people"), list) and all(isinstance(p, str) for p in people))
        teams = [TeamConfig(str(item["kind"]), clean_name(str(item["name"])), _people(item["people"])) for item in rows]
        speed = data.get("speed")
        phones = saved_phones(data.get("phones", []), [t.is_people for t in teams],
                              "The saved teams on phones are not readable.")
        return cls(tuple(teams), speed if isinstance(speed, str) and speed in SPEEDS else "normal", phones)
