"""Regenerates the quiz deck's computed questions in ``thousand/deck.json``.

    python -m tools.deck_build --check   # exit 1 when the deck's computed questions are out of date
    python -m tools.deck_build --write   # rewrite them (hand-written questions are kept as they are)

Two kinds of question are computed rather than typed, so that their answers cannot carry a slip:

* masses from the ``periodictable`` package (a tool dependency only, ``pip install periodictable``; the game
  never imports it): standard atomic weights of elements and molar masses of molecules, rounded to the nearest
  whole number;
* whole days between two well-documented dates, with the standard library's ``datetime``.

A computed question's ``source`` starts with ``computed by tools/deck_build.py``; this script owns those
entries, matched by id: it replaces them in place, appends new ones, and drops the ones it no longer makes.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DECK = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
PREFIX = "computed by tools/deck_build.py"
Question = dict[str, Any]


@dataclass(frozen=True)
class Element:
    symbol: str
    en: str  # the element's name
    fr: str  # "un atome d'or"
    de: str  # "ein Goldatom"
    difficulty: int


@dataclass(frozen=True)
class Molecule:
    key: str
    formula: str
    category: str
    difficulty: int
    en: str  # the name inside the sentence, with its article where the language needs one
    fr: str
    de: str  # an appositive ends with a comma: "Thyroxin, dem Schilddrüsenhormon T4,"


@dataclass(frozen=True)
class DaySpan:
    key: str
    start: datetime.date
    end: datetime.date
    category: str
    difficulty: int
    en: str
    fr: str
    de: str
    reference: str


ELEMENTS = (
    Element("Au", "gold", "un atome d'or", "ein Goldatom", 2),
    Element("Ag", "silver", "un atome d'argent", "ein Silberatom", 3),
    Element("Pb", "lead", "un atome de plomb", "ein Bleiatom", 3),
    Element("U", "uranium", "un atome d'uranium", "ein Uranatom", 3),
    Element("Hg", "mercury", "un atome de mercure", "ein Quecksilberatom", 3),
    Element("W", "tungsten", "un atome de tungstène", "ein Wolframatom", 3),
    Element("Fe", "iron", "un atome de fer", "ein Eisenatom", 3),
)

MOLECULES = (
    Molecule("caffeine", "C8H10N4O2", "food", 3, "caffeine", "la caféine", "Koffein"),
    Molecule("sucrose", "C12H22O11", "food", 3, "table sugar (sucrose)", "du sucre de table (saccharose)",
             "Saccharose, dem Haushaltszucker,"),
    Molecule("vitamin-c", "C6H8O6", "food", 3, "vitamin C (ascorbic acid)", "la vitamine C (acide ascorbique)",
             "Ascorbinsäure, dem Vitamin C,"),
    Molecule("glucose", "C6H12O6", "body", 3, "glucose", "du glucose", "Glucose"),
    Molecule("cholesterol", "C27H46O", "body", 3, "cholesterol", "du cholestérol", "Cholesterin"),
    Molecule("atp", "C10H16N5O13P3", "body", 3, "ATP (adenosine triphosphate), the cell's energy carrier",
             "l'ATP (adénosine triphosphate), le transporteur d'énergie des cellules",
             "ATP, dem Energieträger der Zellen,"),
    Molecule("thyroxine", "C15H11I4NO4", "body", 3, "thyroxine, the thyroid hormone T4",
             "la thyroxine, l'hormone thyroïdienne T4", "Thyroxin, dem Schilddrüsenhormon T4,"),
    Molecule("bilirubin", "C33H36N4O6", "body", 3, "bilirubin, the yellow pigment of bruises",
             "la bilirubine, le pigment jaune des bleus", "Bilirubin, dem gelben Farbstoff blauer Flecken,"),
    Molecule("beta-carotene", "C40H56", "food", 3, "beta-carotene, the orange pigment of carrots",
             "du bêta-carotène, le pigment orange des carottes", "Beta-Carotin, dem orangen Farbstoff der Karotten,"),
    Molecule("capsaicin", "C18H27NO3", "food", 3, "capsaicin, the hot compound of chilli peppers",
             "la capsaïcine, la molécule piquante du piment", "Capsaicin, dem scharfen Stoff der Chilischoten,"),
    Molecule("curcumin", "C21H20O6", "food", 3, "curcumin, the yellow pigment of turmeric",
             "la curcumine, le pigment jaune du curcuma", "Curcumin, dem gelben Farbstoff der Kurkuma,"),
    Molecule("sucralose", "C12H19Cl3O8", "food", 3, "the sweetener sucralose", "de l'édulcorant sucralose",
             "dem Süßstoff Sucralose"),
    Molecule("aspartame", "C14H18N2O5", "food", 3, "the sweetener aspartame", "de l'édulcorant aspartame",
             "dem Süßstoff Aspartam"),
    Molecule("paracetamol", "C8H9NO2", "science", 3, "paracetamol", "du paracétamol", "Paracetamol"),
    Molecule("ibuprofen", "C13H18O2", "science", 3, "ibuprofen", "de l'ibuprofène", "Ibuprofen"),
    Molecule("tnt", "C7H5N3O6", "science", 3, "the explosive TNT (trinitrotoluene)",
             "de l'explosif TNT (trinitrotoluène)", "Trinitrotoluol, dem Sprengstoff TNT,"),
    Molecule("penicillin-g", "C16H18N2O4S", "science", 3, "penicillin G", "de la pénicilline G", "Penicillin G"),
    Molecule("vitamin-e", "C29H50O2", "food", 3, "vitamin E (alpha-tocopherol)",
             "de la vitamine E (alpha-tocophérol)", "Alpha-Tocopherol, dem Vitamin E,"),
    Molecule("erythromycin", "C37H67NO13", "science", 3, "the antibiotic erythromycin",
             "de l'antibiotique érythromycine", "dem Antibiotikum Erythromycin"),
    Molecule("digoxin", "C41H64O14", "nature", 3, "digoxin, the heart drug taken from foxglove",
             "la digoxine, le médicament cardiaque tiré de la digitale", "Digoxin, dem Herzmittel aus dem Fingerhut,"),
    Molecule("paclitaxel", "C47H51NO14", "nature", 3, "paclitaxel, the cancer drug first found in yew bark",
             "le paclitaxel, l'anticancéreux découvert dans l'écorce d'if",
             "Paclitaxel, dem Krebsmittel aus der Eibenrinde,"),
    Molecule("ivermectin", "C48H74O14", "science", 3, "ivermectin B1a, the main component of the drug ivermectin",
             "l'ivermectine B1a, le principal composant du médicament ivermectine",
             "Ivermectin B1a, dem Hauptbestandteil des Arzneimittels Ivermectin,"),
    Molecule("amphotericin-b", "C47H73NO17", "science", 3, "the antifungal drug amphotericin B",
             "de l'antifongique amphotéricine B", "dem Pilzmittel Amphotericin B"),
)


def _day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


BRITANNICA = "Encyclopaedia Britannica"
DAY_SPANS = (
    DaySpan("days-berlin-wall-to-reunification", _day("1989-11-09"), _day("1990-10-03"), "history", 2,
            "How many days passed between the fall of the Berlin Wall and German reunification?",
            "Combien de jours se sont écoulés entre la chute du mur de Berlin et la réunification allemande ?",
            "Wie viele Tage vergingen zwischen dem Fall der Berliner Mauer und der deutschen Wiedervereinigung?",
            BRITANNICA),
    DaySpan("days-d-day-to-ve-day", _day("1944-06-06"), _day("1945-05-08"), "history", 2,
            "How many days passed between the Normandy landings (D-Day) and Victory in Europe Day?",
            "Combien de jours séparent le débarquement de Normandie de la capitulation allemande du 8 mai ?",
            "Wie viele Tage lagen zwischen der Landung in der Normandie und dem Kriegsende in Europa am 8. Mai?",
            BRITANNICA),
    DaySpan("days-sputnik-to-explorer", _day("1957-10-04"), _day("1958-01-31"), "space", 3,
            "How many days after Sputnik 1 did the United States launch its first satellite, Explorer 1?",
            "Combien de jours après Spoutnik 1 les États-Unis ont-ils lancé leur premier satellite, Explorer 1 ?",
            "Wie viele Tage nach Sputnik 1 starteten die USA ihren ersten Satelliten, Explorer 1?",
            "NASA"),
    DaySpan("days-gagarin-to-tereshkova", _day("1961-04-12"), _day("1963-06-16"), "space", 3,
            "How many days after Yuri Gagarin's flight did Valentina Tereshkova become the first woman in space?",
            "Combien de jours après le vol de Youri Gagarine Valentina Terechkova est-elle devenue la première "
            "femme dans l'espace ?",
            "Wie viele Tage nach Juri Gagarins Flug flog Walentina Tereschkowa als erste Frau ins All?",
            BRITANNICA),
    DaySpan("days-apollo-1-to-apollo-11", _day("1967-01-27"), _day("1969-07-16"), "space", 3,
            "How many days passed between the Apollo 1 fire and the launch of Apollo 11?",
            "Combien de jours se sont écoulés entre l'incendie d'Apollo 1 et le lancement d'Apollo 11 ?",
            "Wie viele Tage vergingen zwischen dem Brand von Apollo 1 und dem Start von Apollo 11?",
            "NASA"),
    DaySpan("days-apollo-11-to-apollo-12-landing", _day("1969-07-20"), _day("1969-11-19"), "space", 3,
            "How many days after the first Moon landing (Apollo 11) did Apollo 12 land on the Moon?",
            "Combien de jours après le premier alunissage (Apollo 11) Apollo 12 s'est-il posé sur la Lune ?",
            "Wie viele Tage nach der ersten Mondlandung (Apollo 11) landete Apollo 12 auf dem Mond?",
            "NASA"),
    DaySpan("days-armistice-to-versailles", _day("1918-11-11"), _day("1919-06-28"), "history", 3,
            "How many days after the armistice of 11 November 1918 was the Treaty of Versailles signed?",
            "Combien de jours après l'armistice du 11 novembre 1918 le traité de Versailles a-t-il été signé ?",
            "Wie viele Tage nach dem Waffenstillstand vom 11. November 1918 wurde der Versailler Vertrag "
            "unterzeichnet?",
            BRITANNICA),
    DaySpan("days-gettysburg-address-to-lincoln-shot", _day("1863-11-19"), _day("1865-04-14"), "history", 3,
            "How many days after his Gettysburg Address was Abraham Lincoln shot?",
            "Combien de jours après son discours de Gettysburg Abraham Lincoln a-t-il été abattu ?",
            "Wie viele Tage nach seiner Gettysburg-Rede wurde das Attentat auf Abraham Lincoln verübt?",
            BRITANNICA),
    DaySpan("days-elba-to-waterloo", _day("1815-02-26"), _day("1815-06-18"), "history", 3,
            "How many days after escaping from Elba was Napoleon defeated at Waterloo?",
            "Combien de jours après sa fuite de l'île d'Elbe Napoléon a-t-il été battu à Waterloo ?",
            "Wie viele Tage nach seiner Flucht von Elba wurde Napoleon bei Waterloo geschlagen?",
            BRITANNICA),
    DaySpan("days-columbus-palos-to-landfall", _day("1492-08-03"), _day("1492-10-12"), "history", 3,
            "How many days after leaving Palos did Christopher Columbus's fleet first sight land in the Americas "
            "(12 October 1492)?",
            "Combien de jours après son départ de Palos la flotte de Christophe Colomb a-t-elle touché terre en "
            "Amérique (le 12 octobre 1492) ?",
            "Wie viele Tage nach dem Aufbruch aus Palos erreichte die Flotte von Christoph Kolumbus Land in Amerika "
            "(am 12. Oktober 1492)?",
            BRITANNICA),
    DaySpan("days-edward-viii-reign", _day("1936-01-20"), _day("1936-12-11"), "history", 3,
            "How many days after becoming king did Edward VIII's abdication take effect?",
            "Combien de jours après son avènement l'abdication d'Édouard VIII a-t-elle pris effet ?",
            "Wie viele Tage nach seiner Thronbesteigung wurde die Abdankung Eduards VIII. wirksam?",
            BRITANNICA),
    DaySpan("days-elizabeth-ii-accession-to-coronation", _day("1952-02-06"), _day("1953-06-02"), "history", 3,
            "How many days passed between Elizabeth II becoming queen and her coronation?",
            "Combien de jours se sont écoulés entre l'avènement d'Élisabeth II et son couronnement ?",
            "Wie viele Tage vergingen zwischen der Thronbesteigung Elisabeths II. und ihrer Krönung?",
            BRITANNICA),
    DaySpan("days-elizabeth-ii-death-to-charles-coronation", _day("2022-09-08"), _day("2023-05-06"), "history", 2,
            "How many days after the death of Elizabeth II was Charles III crowned?",
            "Combien de jours après la mort d'Élisabeth II Charles III a-t-il été couronné ?",
            "Wie viele Tage nach dem Tod Elisabeths II. wurde Karl III. gekrönt?",
            "The Royal Family (royal.uk)"),
    DaySpan("days-poland-to-paris-1940", _day("1939-09-01"), _day("1940-06-14"), "history", 2,
            "How many days after invading Poland did German troops enter Paris?",
            "Combien de jours après l'invasion de la Pologne les troupes allemandes sont-elles entrées dans Paris ?",
            "Wie viele Tage nach dem Überfall auf Polen marschierten deutsche Truppen in Paris ein?",
            BRITANNICA),
    DaySpan("days-berlin-wall-built-to-ich-bin-ein-berliner", _day("1961-08-13"), _day("1963-06-26"), "history", 3,
            "How many days after the Berlin Wall went up did John F. Kennedy say \"Ich bin ein Berliner\" in Berlin?",
            "Combien de jours après la construction du mur de Berlin John F. Kennedy a-t-il lancé « Ich bin ein "
            "Berliner » à Berlin ?",
            "Wie viele Tage nach dem Bau der Berliner Mauer sagte John F. Kennedy in Berlin „Ich bin ein "
            "Berliner“?",
            BRITANNICA),
    DaySpan("days-hastings-to-william-crowned", _day("1066-10-14"), _day("1066-12-25"), "history", 3,
            "How many days after the Battle of Hastings was William the Conqueror crowned king of England?",
            "Combien de jours après la bataille de Hastings Guillaume le Conquérant a-t-il été couronné roi "
            "d'Angleterre ?",
            "Wie viele Tage nach der Schlacht bei Hastings wurde Wilhelm der Eroberer zum König von England "
            "gekrönt?",
            BRITANNICA),
    DaySpan("days-leonov-to-white-spacewalk", _day("1965-03-18"), _day("1965-06-03"), "space", 3,
            "How many days after Alexei Leonov's first spacewalk did Ed White make the first American one?",
            "Combien de jours après la première sortie dans l'espace d'Alexeï Leonov Ed White a-t-il réalisé la "
            "première sortie américaine ?",
            "Wie viele Tage nach Alexei Leonows erstem Weltraumausstieg stieg Ed White als erster Amerikaner aus?",
            "NASA"),
)

DAY_UNIT = {"en": "days", "fr": "jours", "de": "Tage"}
DALTON_UNIT = {"en": "daltons", "fr": "daltons", "de": "Dalton"}
MOLAR_UNIT = {"en": "g/mol", "fr": "g/mol", "de": "g/mol"}


def _question(key: str, text: dict[str, str], answer: int, unit: dict[str, str], category: str,
              difficulty: int, source: str) -> Question:
    return {"id": key, "text": text, "answer": answer, "unit": unit, "category": category,
            "difficulty": difficulty, "year": None, "source": source}


def element_questions() -> list[Question]:
    import periodictable  # type: ignore[import-not-found,import-untyped,unused-ignore]  # a tool dependency only

    source = f"{PREFIX} from periodictable {periodictable.__version__} (standard atomic weight)"
    questions = []
    for element in ELEMENTS:
        mass = getattr(periodictable, element.symbol).mass
        text = {
            "en": f"On average, how many daltons (atomic mass units) does an atom of {element.en} weigh, rounded to "
                  "the nearest whole number?",
            "fr": f"En moyenne, combien de daltons (unités de masse atomique) pèse {element.fr}, arrondi à "
                  "l'unité ?",
            "de": f"Wie viele Dalton (atomare Masseneinheiten) wiegt {element.de} im Durchschnitt, auf eine ganze "
                  "Zahl gerundet?",
        }
        questions.append(_question(f"atomic-weight-{element.en}", text, round(mass), DALTON_UNIT, "science",
                                   element.difficulty, source))
    return questions


def molecule_questions() -> list[Question]:
    import periodictable  # type: ignore[import-not-found,import-untyped,unused-ignore]  # a tool dependency only

    source = f"{PREFIX} from periodictable {periodictable.__version__} (molar mass of the formula)"
    questions = []
    for molecule in MOLECULES:
        mass = periodictable.formula(molecule.formula).mass
        text = {
            "en": f"What is the molar mass of {molecule.en}, formula {molecule.formula}, in grams per mole, "
                  "rounded to the nearest whole number?",
            "fr": f"Quelle est la masse molaire {_de(molecule.fr)}, de formule {molecule.formula}, en grammes par "
                  "mole, arrondie à l'unité ?",
            "de": f"Wie groß ist die molare Masse {_von(molecule.de)} mit der Summenformel {molecule.formula} in "
                  "Gramm pro Mol, auf eine ganze Zahl gerundet?",
        }
        questions.append(_question(f"molar-mass-{molecule.key}", text, round(mass), MOLAR_UNIT,
                                   molecule.category, molecule.difficulty, source))
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


def day_span_questions() -> list[Question]:
    questions = []
    for span in DAY_SPANS:
        source = (f"{PREFIX} from Python {sys.version_info.major} datetime: days from {span.start.isoformat()} "
                  f"to {span.end.isoformat()} (dates: {span.reference})")
        text = {"en": span.en, "fr": span.fr, "de": span.de}
        questions.append(_question(span.key, text, (span.end - span.start).days, DAY_UNIT, span.category,
                                   span.difficulty, source))
    return questions


def computed_questions() -> list[Question]:
    return element_questions() + molecule_questions() + day_span_questions()


def rebuild(deck: dict[str, Any]) -> dict[str, Any]:
    """The deck with its computed questions regenerated: same places for known ids, new ones at the end."""
    fresh = {question["id"]: question for question in computed_questions()}
    questions: list[Question] = []
    for question in deck["questions"]:
        if question["id"] in fresh:
            questions.append(fresh.pop(question["id"]))
        elif not question["source"].startswith(PREFIX):
            questions.append(question)
    questions.extend(fresh.values())
    return {**deck, "questions": questions}


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
    if args.write:
        DECK.write_text(dump(rebuilt), encoding="utf-8")
        print(f"{DECK.name}: {len(rebuilt['questions'])} questions, {len(computed_questions())} computed")
        return 0
    if rebuilt != deck:
        print("thousand/deck.json's computed questions are out of date: run python -m tools.deck_build --write")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
