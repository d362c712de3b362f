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

This script owns the questions whose ids start with one of ``COMPUTED_PREFIXES``: it replaces them in place,
appends new ones and drops the ones it no longer makes. Hand-written answers that follow from arithmetic (spans
of years, ages from two dates, unit conversions) are listed in ``DERIVED`` and checked, not written.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DECK = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
COMPUTED_PREFIXES = ("atomic-weight-", "molar-mass-", "days-", "crow-flies-")
Question = dict[str, Any]


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


ELEMENTS = (
    Element("Au", "gold", "un atome d'or", "ein Goldatom", 3),
    Element("Ag", "silver", "un atome d'argent", "ein Silberatom", 3),
    Element("U", "uranium", "un atome d'uranium", "ein Uranatom", 1),
    Element("Fe", "iron", "un atome de fer", "ein Eisenatom", 2),
)

MOLECULES = (
    Molecule("caffeine", "C8H10N4O2", "food", 2, "Caffeine", "caffeine", "la caféine", "Koffein"),
    Molecule("sucrose", "C12H22O11", "food", 2, "Sucrose", "table sugar (sucrose)", "du sucre de table (saccharose)",
             "Saccharose, dem Haushaltszucker,"),
    Molecule("glucose", "C6H12O6", "body", 2, "Glucose", "glucose", "du glucose", "Glucose"),
    Molecule("beta-carotene", "C40H56", "food", 3, "beta-Carotene", "beta-carotene, the orange pigment of carrots",
             "du bêta-carotène, le pigment orange des carottes",
             "Beta-Carotin, dem orangefarbenen Farbstoff der Möhren,"),
    Molecule("thyroxine", "C15H11I4NO4", "body", 3, "Thyroxine", "thyroxine, the thyroid hormone T4",
             "la thyroxine, l'hormone thyroïdienne T4", "Thyroxin, dem Schilddrüsenhormon T4,"),
)


def _day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


BRITANNICA = "Encyclopaedia Britannica"
DAY_SPANS = (
    DaySpan("days-berlin-wall-to-reunification", _day("1989-11-09"), _day("1990-10-03"), "history", 1,
            "How many days passed between the fall of the Berlin Wall and German reunification?",
            "Combien de jours se sont écoulés entre la chute du mur de Berlin et la réunification allemande ?",
            "Wie viele Tage vergingen zwischen dem Fall der Berliner Mauer und der deutschen Wiedervereinigung?",
            f"{BRITANNICA}, 'Berlin Wall' and 'Germany: reunification' (britannica.com)"),
    DaySpan("days-d-day-to-ve-day", _day("1944-06-06"), _day("1945-05-08"), "history", 1,
            "How many days passed between the Normandy landings (D-Day) and Victory in Europe Day (8 May)?",
            "Combien de jours séparent le débarquement de Normandie de la capitulation allemande du 8 mai 1945 ?",
            "Wie viele Tage lagen zwischen der Landung in der Normandie und dem Kriegsende in Europa am 8. Mai 1945?",
            f"{BRITANNICA}, 'Normandy Invasion' and 'V-E Day' (britannica.com)"),
    DaySpan("days-sputnik-to-explorer", _day("1957-10-04"), _day("1958-01-31"), "space", 3,
            "How many days after Sputnik 1 did the United States launch its first satellite, Explorer 1?",
            "Combien de jours après Spoutnik 1 les États-Unis ont-ils lancé leur premier satellite, Explorer 1 ?",
            "Wie viele Tage nach Sputnik 1 starteten die USA ihren ersten Satelliten, Explorer 1?",
            "NASA, 'Sputnik 1' and 'Explorer 1' (nasa.gov)"),
    DaySpan("days-gagarin-to-tereshkova", _day("1961-04-12"), _day("1963-06-16"), "space", 3,
            "How many days after Yuri Gagarin's flight did Valentina Tereshkova become the first woman in space?",
            "Combien de jours après le vol de Youri Gagarine Valentina Terechkova est-elle devenue la première "
            "femme dans l'espace ?",
            "Wie viele Tage nach Juri Gagarins Flug flog Walentina Tereschkowa als erste Frau ins All?",
            f"{BRITANNICA}, 'Yuri Gagarin' and 'Valentina Tereshkova' (britannica.com)"),
    DaySpan("days-armistice-to-versailles", _day("1918-11-11"), _day("1919-06-28"), "history", 2,
            "How many days after the armistice of 11 November 1918 was the Treaty of Versailles signed?",
            "Combien de jours après l'armistice du 11 novembre 1918 le traité de Versailles a-t-il été signé ?",
            "Wie viele Tage nach dem Waffenstillstand vom 11. November 1918 wurde der Versailler Vertrag "
            "unterzeichnet?",
            f"{BRITANNICA}, 'Armistice' and 'Treaty of Versailles' (britannica.com)"),
    DaySpan("days-elba-to-waterloo", _day("1815-02-26"), _day("1815-06-18"), "history", 1,
            "How many days after escaping from Elba was Napoleon defeated at Waterloo?",
            "Combien de jours après sa fuite de l'île d'Elbe Napoléon a-t-il été battu à Waterloo ?",
            "Wie viele Tage nach seiner Flucht von Elba wurde Napoleon bei Waterloo geschlagen?",
            f"{BRITANNICA}, 'Hundred Days' (britannica.com)"),
    DaySpan("days-edward-viii-reign", _day("1936-01-20"), _day("1936-12-11"), "history", 2,
            "How many days after becoming king did Edward VIII's abdication take effect?",
            "Combien de jours après son avènement l'abdication d'Édouard VIII a-t-elle pris effet ?",
            "Wie viele Tage nach seiner Thronbesteigung wurde die Abdankung Eduards VIII. wirksam?",
            f"{BRITANNICA}, 'Edward VIII' (britannica.com)"),
    DaySpan("days-victoria-death-to-edward-vii-coronation", _day("1901-01-22"), _day("1902-08-09"), "history", 3,
            "How many days after the death of Queen Victoria was Edward VII crowned?",
            "Combien de jours après la mort de la reine Victoria Édouard VII a-t-il été couronné ?",
            "Wie viele Tage nach dem Tod Königin Victorias wurde Eduard VII. gekrönt?",
            "The Royal Family, 'Queen Victoria' and 'King Edward VII' (royal.uk)"),
    DaySpan("days-elizabeth-ii-accession-to-coronation", _day("1952-02-06"), _day("1953-06-02"), "history", 2,
            "How many days passed between Elizabeth II becoming queen and her coronation?",
            "Combien de jours se sont écoulés entre l'avènement d'Élisabeth II et son couronnement ?",
            "Wie viele Tage vergingen zwischen der Thronbesteigung Elisabeths II. und ihrer Krönung?",
            "The Royal Family, 'Queen Elizabeth II' (royal.uk)"),
    DaySpan("days-elizabeth-ii-death-to-charles-coronation", _day("2022-09-08"), _day("2023-05-06"), "history", 1,
            "How many days after the death of Elizabeth II was Charles III crowned?",
            "Combien de jours après la mort d'Élisabeth II Charles III a-t-il été couronné ?",
            "Wie viele Tage nach dem Tod Elisabeths II. wurde Charles III. gekrönt?",
            "The Royal Family, 'The Coronation' (royal.uk)"),
)

LANDMARKS = {
    "eiffel": Landmark("the Eiffel Tower", 48.85826, 2.29448),
    "big-ben": Landmark("the Elizabeth Tower (Big Ben)", 51.50072, -0.12462),
    "brandenburg": Landmark("the Brandenburg Gate", 52.51628, 13.37770),
    "cologne": Landmark("Cologne Cathedral", 50.94129, 6.95828),
    "frauenkirche": Landmark("the Frauenkirche in Munich", 48.13863, 11.57346),
    "garde": Landmark("Notre-Dame de la Garde in Marseille", 43.28398, 5.37105),
    "hamburg": Landmark("Hamburg City Hall", 53.55044, 9.99203),
    "stephansdom": Landmark("St. Stephen's Cathedral in Vienna", 48.20849, 16.37305),
    "colosseum": Landmark("the Colosseum in Rome", 41.89021, 12.49223),
}

CROW_FLIES = (
    CrowFlies("crow-flies-paris-london", "eiffel", "big-ben", 1,
              "As the crow flies, how far is the Eiffel Tower in Paris from the Elizabeth Tower (Big Ben) in London, "
              "in kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Eiffel, à Paris, de la tour Elizabeth (Big Ben), à "
              "Londres, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Eiffelturm in Paris zum Elizabeth Tower (Big Ben) in London, in "
              "Kilometern (auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-paris-berlin", "eiffel", "brandenburg", 2,
              "As the crow flies, how far is the Eiffel Tower in Paris from the Brandenburg Gate in Berlin, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Eiffel, à Paris, de la porte de Brandebourg, à Berlin, "
              "en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Eiffelturm in Paris zum Brandenburger Tor in Berlin, in Kilometern "
              "(auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-london-berlin", "big-ben", "brandenburg", 2,
              "As the crow flies, how far is the Elizabeth Tower (Big Ben) in London from the Brandenburg Gate in "
              "Berlin, in kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Elizabeth (Big Ben), à Londres, de la porte de "
              "Brandebourg, à Berlin, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Elizabeth Tower (Big Ben) in London zum Brandenburger Tor in Berlin, "
              "in Kilometern (auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-cologne-paris", "cologne", "eiffel", 2,
              "As the crow flies, how far is Cologne Cathedral from the Eiffel Tower in Paris, in kilometres, "
              "rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la cathédrale de Cologne de la tour Eiffel, à Paris, en "
              "kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Kölner Dom zum Eiffelturm in Paris, in Kilometern (auf zehn Kilometer "
              "gerundet)?"),
    CrowFlies("crow-flies-berlin-munich", "brandenburg", "frauenkirche", 1,
              "As the crow flies, how far is the Brandenburg Gate in Berlin from the Frauenkirche in Munich, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la porte de Brandebourg, à Berlin, de la Frauenkirche de "
              "Munich, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Brandenburger Tor in Berlin zur Frauenkirche in München, in Kilometern "
              "(auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-paris-munich", "eiffel", "frauenkirche", 2,
              "As the crow flies, how far is the Eiffel Tower in Paris from the Frauenkirche in Munich, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Eiffel, à Paris, de la Frauenkirche de Munich, en "
              "kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Eiffelturm in Paris zur Frauenkirche in München, in Kilometern "
              "(auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-london-cologne", "big-ben", "cologne", 2,
              "As the crow flies, how far is the Elizabeth Tower (Big Ben) in London from Cologne Cathedral, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Elizabeth (Big Ben), à Londres, de la cathédrale de "
              "Cologne, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Elizabeth Tower (Big Ben) in London zum Kölner Dom, in Kilometern "
              "(auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-munich-rome", "frauenkirche", "colosseum", 2,
              "As the crow flies, how far is the Frauenkirche in Munich from the Colosseum in Rome, in kilometres, "
              "rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la Frauenkirche de Munich du Colisée, à Rome, en kilomètres, "
              "arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie von der Frauenkirche in München zum Kolosseum in Rom, in Kilometern "
              "(auf zehn Kilometer gerundet)?"),
    CrowFlies("crow-flies-hamburg-vienna", "hamburg", "stephansdom", 3,
              "As the crow flies, how far is Hamburg City Hall from St. Stephen's Cathedral in Vienna, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare l'hôtel de ville de Hambourg de la cathédrale Saint-Étienne de "
              "Vienne, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Hamburger Rathaus zum Stephansdom in Wien, in Kilometern (auf zehn "
              "Kilometer gerundet)?"),
    CrowFlies("crow-flies-paris-marseille", "eiffel", "garde", 2,
              "As the crow flies, how far is the Eiffel Tower in Paris from Notre-Dame de la Garde in Marseille, in "
              "kilometres, rounded to the nearest 10 km?",
              "À vol d'oiseau, quelle distance sépare la tour Eiffel, à Paris, de Notre-Dame-de-la-Garde, à "
              "Marseille, en kilomètres, arrondie à la dizaine ?",
              "Wie weit ist es Luftlinie vom Eiffelturm in Paris zu Notre-Dame de la Garde in Marseille, in "
              "Kilometern (auf zehn Kilometer gerundet)?"),
)

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
    b, t = _day(born), _day(then)
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
