"""Regenerates the quiz deck's computed questions in ``thousand/deck.json`` and checks its derived answers.

    python -m tools.deck_build --check   # exit 1 when a computed question is out of date or a derived answer is off
    python -m tools.deck_build --write   # rewrite the computed questions (hand-written questions are kept as they are)

Some questions are computed rather than typed, so that their answers cannot carry a slip; each names, as its
source, the public reference that the computation reproduces (a player checks the answer there, not here):

* masses with the ``periodictable`` package (a tool dependency only, ``pip install periodictable``; the game
  never imports it): standard atomic weights (IUPAC/CIAAW) and molar masses of molecules (as PubChem lists
  them), rounded to the nearest whole number;
* whole days between two well-documented dates, with the standard library's ``datetime`` (as a date
  calculator such as timeanddate.com's counts them);
* great-circle distances between two landmarks from their coordinates (as any great-circle calculator gives
  them), rounded to the nearest 10 km.

The facts each computed question is made from (its texts in the three languages, its dates, formula or
landmarks, its familiarity) are data, one row a question, in ``tools/deck_sources.toml``; this script reads them.

This script owns the questions whose ids start with one of ``COMPUTED_PREFIXES``: it replaces them in place,
appends new ones and drops the ones it no longer makes. Hand-written answers that follow from arithmetic (spans
of years, ages from two dates, unit conversions) are listed in ``DERIVED`` and checked, not written.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

DECK = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
#: The facts the computed questions are made from (their texts, dates, formulas and coordinates).
SOURCES = Path(__file__).resolve().with_name("deck_sources.toml")
COMPUTED_PREFIXES = ("atomic-weight-", "molar-mass-", "days-", "crow-flies-")
Question = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class Element:
    symbol: str
    en: str  # the element's name
    fr: str  # "un atome d'or"
    de: str  # "ein Goldatom"
    familiarity: int


@dataclass(frozen=True)
class Molecule:
    key: str
    formula: str
    category: str
    familiarity: int
    pubchem: str  # the compound's name on PubChem
    en: str  # the name inside the sentence, with its article where the language needs one
    fr: str
    de: str  # an appositive ends with a comma: "Thyroxin, dem Schilddrüsenhormon T4,"


@dataclass(frozen=True)
class DaySpan:
    key: str
    start: datetime.date
    end: datetime.date
    category: str
    familiarity: int
    en: str
    fr: str
    de: str
    reference: str  # where a player reads both dates
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Landmark:
    en: str  # named in the source
    lat: float
    lon: float


@dataclass(frozen=True)
class CrowFlies:
    key: str
    start: str
    end: str
    familiarity: int
    en: str
    fr: str
    de: str


def _rows(kind: Callable[..., T], rows: list[dict[str, Any]]) -> tuple[T, ...]:
    """The rows of one table of ``SOURCES``, as ``kind``s (lists become tuples)."""
    return tuple(kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in row.items()}) for row in rows)


_SOURCES = tomllib.loads(SOURCES.read_text(encoding="utf-8"))
ELEMENTS = _rows(Element, _SOURCES["element"])
MOLECULES = _rows(Molecule, _SOURCES["molecule"])
DAY_SPANS = _rows(DaySpan, _SOURCES["day_span"])
LANDMARKS = {key: Landmark(**row) for key, row in _SOURCES["landmark"].items()}
CROW_FLIES = _rows(CrowFlies, _SOURCES["crow_flies"])

DAY_UNIT = {"en": "days", "fr": "jours", "de": "Tage"}
DALTON_UNIT = {"en": "daltons", "fr": "daltons", "de": "Dalton"}
MOLAR_UNIT = {"en": "g/mol", "fr": "g/mol", "de": "g/mol"}
KM_UNIT = {"en": "kilometres", "fr": "kilomètres", "de": "Kilometer"}
#: The mean Earth radius (IUGG), as great-circle calculators use it.
EARTH_RADIUS_KM = 6371.0088


#: Answers this small cannot be missed by much on the 0–1000 line: the rubric counts them one level easier.
SMALL_ANSWER = 25


def rubric_difficulty(familiarity: int, answer: int) -> int:
    """The difficulty (1 easy, 2 medium, 3 hard) the rubric in docs/quiz.md gives a question.

    ``familiarity`` is how close a typical adult table gets without looking anything up: 1, most land within
    about 15% (the figure is widely known, or one easy step from a widely known one); 2, a familiar anchor
    gets a reasoning table within about 40%; 3, the anchors are remote. An answer below ``SMALL_ANSWER`` is one
    level easier, as no estimate can then miss it by much.
    """
    return max(1, familiarity - (answer < SMALL_ANSWER))


def _question(key: str, text: dict[str, str], answer: int, unit: dict[str, str], category: str,
              familiarity: int, source: str, frame: str, tags: tuple[str, ...] = ()) -> Question:
    return {"id": key, "text": text, "answer": answer, "unit": unit, "category": category,
            "difficulty": rubric_difficulty(familiarity, answer), "year": None, "source": source,
            "frame": frame, "tags": sorted(tags), "familiarity": familiarity}


def element_questions() -> list[Question]:
    import periodictable  # type: ignore[import-not-found,import-untyped,unused-ignore]  # a tool dependency only

    questions = []
    for element in ELEMENTS:
        mass = getattr(periodictable, element.symbol).mass
        text = {
            "en": f"On average, how many daltons (atomic mass units) does an atom of {element.en} weigh, rounded to "
                  "the nearest whole number?",
            "fr": f"En moyenne, combien de daltons (unités de masse atomique) pèse {element.fr}, à l'unité près ?",
            "de": f"Wie viele Dalton (atomare Masseneinheiten) wiegt {element.de} im Durchschnitt (auf eine ganze "
                  "Zahl gerundet)?",
        }
        source = (f"IUPAC Commission on Isotopic Abundances and Atomic Weights, 'Standard atomic weights' "
                  f"(ciaaw.org): {element.en} {mass:.3f}")
        questions.append(_question(f"atomic-weight-{element.en}", text, round(mass), DALTON_UNIT, "science",
                                   element.familiarity, source, "atomic-weight"))
    return questions


def molecule_questions() -> list[Question]:
    import periodictable  # type: ignore[import-not-found,import-untyped,unused-ignore]  # a tool dependency only

    questions = []
    for molecule in MOLECULES:
        mass = periodictable.formula(molecule.formula).mass
        text = {
            "en": f"What is the molar mass of {molecule.en}, formula {molecule.formula}, in grams per mole, "
                  "rounded to the nearest whole number?",
            "fr": f"Quelle est la masse molaire {_de(molecule.fr)}, de formule {molecule.formula}, en grammes par "
                  "mole, à l'unité près ?",
            "de": f"Wie groß ist die molare Masse {_von(molecule.de)} mit der Summenformel {molecule.formula}, "
                  "in Gramm pro Mol (auf eine ganze Zahl gerundet)?",
        }
        source = (f"PubChem, '{molecule.pubchem}' compound summary (pubchem.ncbi.nlm.nih.gov): molecular weight "
                  f"{mass:.1f} g/mol")
        questions.append(_question(f"molar-mass-{molecule.key}", text, round(mass), MOLAR_UNIT,
                                   molecule.category, molecule.familiarity, source, "molar-mass"))
    return questions


def _de(name: str) -> str:
    """French 'de' before a name that carries its own article: 'de la caféine', 'du sucre', 'de l'ATP'."""
    if name.startswith(("du ", "de l'", "de la ", "des ")):
        return name
    if name.startswith("le "):
        return "du " + name[3:]
    return "de " + name


def _von(name: str) -> str:
    """German 'von' before a name: 'von Koffein', but 'vom Süßstoff Aspartam'."""
    return "vom " + name[4:] if name.startswith("dem ") else "von " + name


def _long_date(day: datetime.date) -> str:
    return f"{day.day} {day.strftime('%B')} {day.year}"


def day_span_questions() -> list[Question]:
    questions = []
    for span in DAY_SPANS:
        days = (span.end - span.start).days
        source = (f"{span.reference}: {_long_date(span.start)} and {_long_date(span.end)}, {days} days apart as a "
                  "date calculator counts them (timeanddate.com, 'Date duration')")
        text = {"en": span.en, "fr": span.fr, "de": span.de}
        questions.append(_question(span.key, text, days, DAY_UNIT, span.category, span.familiarity, source,
                                   "days-between", span.tags))
    return questions


def great_circle_km(start: Landmark, end: Landmark) -> float:
    """The great-circle distance between two landmarks on a sphere of the mean Earth radius (haversine)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (start.lat, start.lon, end.lat, end.lon))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def crow_flies_questions() -> list[Question]:
    questions = []
    for pair in CROW_FLIES:
        start, end = LANDMARKS[pair.start], LANDMARKS[pair.end]
        km = great_circle_km(start, end)
        source = (f"Great-circle distance between the coordinates of {start.en} ({start.lat:.5f}, {start.lon:.5f}) "
                  f"and {end.en} ({end.lat:.5f}, {end.lon:.5f}) on OpenStreetMap (openstreetmap.org): {km:.0f} km, "
                  "as movable-type.co.uk's 'Calculate distance between two latitude/longitude points' gives it")
        text = {"en": pair.en, "fr": pair.fr, "de": pair.de}
        questions.append(_question(pair.key, text, 10 * round(km / 10), KM_UNIT, "geography", pair.familiarity,
                                   source, "crow-flies"))
    return questions


def computed_questions() -> list[Question]:
    return element_questions() + molecule_questions() + day_span_questions() + crow_flies_questions()


def is_computed(question_id: str) -> bool:
    """Whether this script owns the question (its id starts with one of ``COMPUTED_PREFIXES``)."""
    return question_id.startswith(COMPUTED_PREFIXES)


def rebuild(deck: dict[str, Any]) -> dict[str, Any]:
    """The deck with its computed questions regenerated: same places for known ids, new ones at the end."""
    fresh = {question["id"]: question for question in computed_questions()}
    questions: list[Question] = []
    for question in deck["questions"]:
        if question["id"] in fresh:
            questions.append(fresh.pop(question["id"]))
        elif not is_computed(question["id"]):
            questions.append(question)
    questions.extend(fresh.values())
    return {**deck, "questions": questions}


# ---- derived answers: written by hand, checked here -------------------------------------------------------


def years(start: int, end: int) -> int:
    """Years from one year to another (AD)."""
    return end - start


def age(born: str, then: str) -> int:
    """A person's age in whole years on a day (ISO dates)."""
    b, t = datetime.date.fromisoformat(born), datetime.date.fromisoformat(then)
    return t.year - b.year - ((t.month, t.day) < (b.month, b.day))


DERIVED: dict[str, Callable[[], float]] = {
    # spans of years
    "years-hundred-years-war": lambda: years(1337, 1453),
    "years-ottoman-empire": lambda: years(1299, 1922),
    "years-holy-roman-empire-otto": lambda: years(962, 1806),
    "years-rome-to-constantinople": lambda: years(476, 1453),
    "years-hastings-to-waterloo": lambda: years(1066, 1815),
    "years-magna-carta-to-declaration": lambda: years(1215, 1776),
    "years-columbus-to-apollo": lambda: years(1492, 1969),
    "years-cologne-cathedral-construction": lambda: years(1248, 1880),
    "years-notre-dame-to-fire": lambda: years(1163, 2019),
    "years-hijra-to-granada": lambda: years(622, 1492),
    "years-romanov-dynasty": lambda: years(1613, 1917),
    "years-william-i-to-elizabeth-ii-coronation": lambda: years(1066, 1953),
    "years-gregorian-to-britain": lambda: years(1582, 1752),
    "years-pisa-tower-construction": lambda: years(1173, 1372),
    "years-principia-to-general-relativity": lambda: years(1687, 1915),
    "years-lindisfarne-to-stamford-bridge": lambda: years(793, 1066),
    "years-tenochtitlan": lambda: years(1325, 1521),
    "years-titanic-wreck-found": lambda: years(1912, 1985),
    "years-hagia-sophia-to-mosque": lambda: years(537, 1453),
    "years-battle-of-tours-to-vienna": lambda: years(732, 1683),
    "years-magna-carta-to-udhr": lambda: years(1215, 1948),
    "years-louis-xiv-reign": lambda: age("1643-05-14", "1715-09-01"),
    # ages
    "age-mozart-death": lambda: age("1756-01-27", "1791-12-05"),
    "age-michelangelo-death": lambda: age("1475-03-06", "1564-02-18"),
    # units and arithmetic
    "uk-pint-ml": lambda: round(568.261),
    "us-pint-ml": lambda: round(473.176473),
    "us-soda-can-ml": lambda: round(12 * 29.5735295625),
    "foot-in-mm": lambda: round(304.8),
    "yard-in-mm": lambda: round(914.4),
    "furlong-in-metres": lambda: round(660 * 0.3048),
    "pound-in-grams": lambda: round(453.59237),
    "horsepower-watts": lambda: round(550 * 0.3048 * 0.45359237 * 9.80665),
    "metric-horsepower-watts": lambda: round(75 * 9.80665),
    "middle-c-frequency": lambda: round(440 * 2 ** (-9 / 12)),
    "light-time-sun-earth": lambda: round(149_597_870_700 / 299_792_458),
    "water-boiling-kelvin": lambda: round(99.97 + 273.15),
    "standard-gravity-cm": lambda: round(980.665),
    "domino-double-six-pips": lambda: 8 * sum(range(7)),
    "roulette-numbers-sum": lambda: sum(range(37)),
    "cluedo-solutions": lambda: 6 * 6 * 9,
    "card-deck-value-sum": lambda: 4 * sum(range(1, 14)),
    "squares-on-chessboard": lambda: sum(n * n for n in range(1, 9)),
    "leap-years-per-400": lambda: sum(1 for y in range(2001, 2401) if y % 4 == 0 and (y % 100 or y % 400 == 0)),
    "sum-one-to-forty": lambda: sum(range(41)),
    "three-to-the-sixth": lambda: 3**6,
    "thirty-one-squared": lambda: 31 * 31,
    "six-factorial": lambda: math.factorial(6),
    "heptagon-angle-sum": lambda: (7 - 2) * 180,
    "bike-lock-three-dials": lambda: 10**3,
    "web-safe-colours": lambda: 6**3,
    "space-invaders-aliens": lambda: 5 * 11,
    "go-board-intersections": lambda: 19 * 19,
    "scrabble-board-squares": lambda: 15 * 15,
    "tetris-playfield-cells": lambda: 10 * 20,
    "steeplechase-jumps": lambda: 28 + 7,
    "indianapolis-500-laps": lambda: 500 / 2.5,
    "cage-433-seconds": lambda: 4 * 60 + 33,
    "bohemian-rhapsody-seconds": lambda: 5 * 60 + 55,
    "roman-cmxcix": lambda: 900 + 90 + 9,
    "roman-dccclxxxviii": lambda: 800 + 80 + 8,
    "roman-cdxliv": lambda: 400 + 40 + 4,
    "roman-dccxciv": lambda: 700 + 90 + 4,
    "perfect-number-third": lambda: next(n for n in range(29, 1000) if sum(d for d in range(1, n) if n % d == 0) == n),
    "largest-three-digit-prime": lambda: max(n for n in range(2, 1000) if all(n % d for d in range(2, n))),
    "primes-below-1000": lambda: sum(1 for n in range(2, 1000) if all(n % d for d in range(2, n))),
    "largest-fibonacci-below-1000": lambda: _largest_fibonacci_below(1000),
    "parthenon-outer-columns": lambda: 2 * 8 + 2 * (17 - 2),
    "louvre-pyramid-panes": lambda: 603 + 70,
    "moonwalkers": lambda: 2 * 6,
    "tsunami-deep-ocean-speed": lambda: 10 * round(math.sqrt(9.80665 * 4000) * 3.6 / 10),
    "seconds-in-a-quarter-hour": lambda: 15 * 60,
    "hours-in-leap-february": lambda: 29 * 24,
    "hexagon-angle-sum": lambda: (6 - 2) * 180,
    "proclaimers-500-miles-km": lambda: round(500 * 1.609344),
    "dartboard-numbers-sum": lambda: sum(range(1, 21)),
}


def _largest_fibonacci_below(limit: int) -> int:
    a, b = 1, 1
    while b < limit:
        a, b = b, a + b
    return a


def rubric_problems(deck: dict[str, Any]) -> list[str]:
    """The questions whose difficulty is not what the rubric gives for their familiarity and answer."""
    return [
        f"{q['id']}: difficulty {q['difficulty']}, the rubric gives {rubric_difficulty(q['familiarity'], q['answer'])}"
        for q in deck["questions"]
        if q["difficulty"] != rubric_difficulty(q["familiarity"], q["answer"])
    ]


def derived_problems(deck: dict[str, Any]) -> list[str]:
    """The derived answers that do not match their arithmetic, or name a question the deck does not have."""
    by_id = {question["id"]: question for question in deck["questions"]}
    problems = []
    for key, compute in DERIVED.items():
        if key not in by_id:
            problems.append(f"{key}: not in the deck")
            continue
        value = compute()
        if value != by_id[key]["answer"]:
            problems.append(f"{key}: the deck says {by_id[key]['answer']}, the arithmetic gives {value}")
    return problems


def dump(deck: dict[str, Any]) -> str:
    return json.dumps(deck, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--check", action="store_true", help="exit 1 when the computed questions are out of date")
    action.add_argument("--write", action="store_true", help="rewrite the computed questions")
    args = parser.parse_args(argv)
    deck = json.loads(DECK.read_text(encoding="utf-8"))
    rebuilt = rebuild(deck)
    problems = derived_problems(rebuilt) + rubric_problems(rebuilt)
    for problem in problems:
        print(problem)
    if args.write:
        DECK.write_text(dump(rebuilt), encoding="utf-8")
        print(f"{DECK.name}: {len(rebuilt['questions'])} questions, {len(computed_questions())} computed")
        return 1 if problems else 0
    if rebuilt != deck:
        print("thousand/deck.json's computed questions are out of date: run python -m tools.deck_build --write")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
