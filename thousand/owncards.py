"""A host's own question cards: read from a spreadsheet's CSV or a JSON file, checked line by line, kept as a
versioned document, written back out, and dealt alone or mixed into the deck.

Pure Python (no browser, no I/O): ``read_file`` takes the file's bytes and returns every card it holds or every
problem it has, per line, never half of a file.  A card holds what the host wrote: its question and unit in the
languages given (one is enough), a whole answer from 0 to 1000, and optionally a category and a source.  Its id
comes from its texts (``own-…``), so the same question read twice is the same card, and the device's "seen"
marks (Q6) work for own cards as for the deck's.

The file a spreadsheet saves is taken as it comes: UTF-8 with or without a byte-order mark, UTF-16 ("Unicode
text"), or the Windows code page older Excel writes; ``,``, ``;`` or tab between fields (a ``sep=`` first line
is obeyed); quoted fields with doubled quotes and line breaks; column names in English, French or German, in
any case and with or without accents; ``1 000``, ``1.000`` and ``1,000`` as a thousand; empty rows skipped.

>>> parsed = read_file(b"question,answer,unit\\nHow many keys has a piano?,88,keys\\n", "en")
>>> [(c.text_in("en"), c.answer, c.unit_in("en")) for c in parsed.cards], parsed.problems
([('How many keys has a piano?', 88, 'keys')], ())
>>> read_file(b"question;r\\xc3\\xa9ponse;unit\\xc3\\xa9\\nUn piano ?;1200;touches\\n", "en").problems
(Problem(line=2, code='answer-range', params=(('value', 1200),)),)
"""

from __future__ import annotations

import csv
import dataclasses
import enum
import hashlib
import io
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from tabletop.documents import DocType
from tabletop.errors import DataError, NewerVersionError

from .deck import LANGUAGES, MAX_ANSWER, MIN_ANSWER, Deck, Mix, Question, Texts, deal_order
from .game import HAND_SIZE, Game, cards_needed, check_mix, check_teams

#: The longest question text a card shows: the deck's longest is 215 characters, and the table's cards are
#: laid out for that (checked at three screen sizes in each language).
MAX_TEXT = 220
MAX_UNIT = 30
MAX_CATEGORY = 40
MAX_SOURCE = 300
#: The most questions a set may hold, and the largest file read (a set of 1,000 long questions in three
#: languages is well under a megabyte).
MAX_CARDS = 1000
MAX_FILE_BYTES = 2_000_000
#: Own cards' ids, and the category of a card whose host named none.
PREFIX = "own-"
OWN_CATEGORY = "own"
OWN_NAMES = Texts("Your questions", "Vos questions", "Eure Fragen")

CARDS_TYPE = "quiz-cards"
CARDS_SCHEMA = 1
CARDS_DOC = DocType(CARDS_TYPE, CARDS_SCHEMA, "set of own questions", "Zéro à 1000", max_chars=4_000_000)


class Use(enum.StrEnum):
    """Which questions a table plays with."""

    DECK = "deck"  # the deck's only
    OWN = "own"  # the host's only
    MIXED = "mixed"  # the host's and the deck's, one for one


# ---- a card --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OwnCard:
    """One of the host's questions: its text and unit per language given, its answer, its category and source.

    ``category`` is a theme key of the deck when the host named one of the deck's themes, else the host's own
    word for it ("" for none).
    """

    text: tuple[tuple[str, str], ...]  # (language, text), in LANGUAGES' order: at least one
    unit: tuple[tuple[str, str], ...]  # (language, unit), in LANGUAGES' order: at least one
    answer: int
    category: str = ""
    source: str = ""

    @property
    def id(self) -> str:
        """The card's id, from its texts: the same question is the same card in every file and on every device."""
        words = "\x1f".join(f"{lang}:{_key(text)}" for lang, text in self.text)
        return PREFIX + hashlib.sha256(words.encode("utf-8")).hexdigest()[:12]

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages its question is written in."""
        return tuple(lang for lang, _ in self.text)

    def text_in(self, lang: str) -> str:
        """Its question in ``lang``, else in the first language it has."""
        return dict(self.text).get(lang, self.text[0][1])

    def unit_in(self, lang: str) -> str:
        """Its unit in ``lang``, else in the language of the question shown, else the first it has."""
        shown = lang if lang in self.languages else self.languages[0]
        units = dict(self.unit)
        return units.get(shown) or units.get(lang) or self.unit[0][1]

    def question(self, themes: Mapping[str, Texts]) -> Question:
        """The card as a question of the deck: a language it lacks shows the text of one it has."""
        category = self.category if self.category in themes else category_key(self.category)
        return Question(self.id, Texts(*(self.text_in(lang) for lang in LANGUAGES)), self.answer,
                        Texts(*(self.unit_in(lang) for lang in LANGUAGES)), category, 2, None,
                        self.source or "The host's own question")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "text": dict(self.text), "answer": self.answer, "unit": dict(self.unit)}
        if self.category:
            out["category"] = self.category
        if self.source:
            out["source"] = self.source
        return out


def category_key(category: str) -> str:
    """The deck's category key of a card's own category word ("": the host's questions as a whole)."""
    if not category:
        return OWN_CATEGORY
    return f"{OWN_CATEGORY}-{hashlib.sha256(_key(category).encode('utf-8')).hexdigest()[:8]}"


def _key(text: str) -> str:
    """A text as compared for duplicates: case, accents, spacing and closing punctuation set aside."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", plain).strip(" ?!.:;¿¡…").strip()


# ---- problems --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a file (or a note about how it was read): where (``line``: the spreadsheet's row, the
    header being row 1, or a JSON question's number; 0 for the whole file), what (``code``), the facts to say it
    with (``params``)."""

    line: int
    code: str
    params: tuple[tuple[str, object], ...] = ()

    def param(self, name: str) -> object:
        return dict(self.params).get(name)


#: Every problem a file may have, for the presenter's words (``cards.problem.<code>``); the file's are at line 0.
CODES = (
    "too-large", "binary", "workbook", "not-csv", "not-json", "newer", "no-header", "missing-column",
    "column-twice", "empty", "too-many",
    "not-a-question", "text-missing", "unit-missing", "answer-missing", "answer-not-number", "answer-not-whole",
    "answer-range", "text-too-long", "unit-too-long", "category-too-long", "source-too-long", "duplicate",
)
#: Notes on how a good file was read (``cards.note.<code>``).
NOTES = ("encoding", "columns-ignored")


@dataclass(frozen=True)
class Parsed:
    """What a file holds: its cards when it has no problem, else every problem (and no card)."""

    kind: str  # "csv" or "json"
    cards: tuple[OwnCard, ...] = ()
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()
    lines: int = 0  # the questions (rows or items) it holds, good or not

    @property
    def ok(self) -> bool:
        return not self.problems


def _refused(kind: str, code: str, lines: int = 0, **params: object) -> Parsed:
    return Parsed(kind, problems=(Problem(0, code, tuple(params.items())),), lines=lines)


# ---- one card from its fields ------------------------------------------------------------------------------------

_GROUPED = re.compile(r"[+-]?\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?")
_SPACES = dict.fromkeys(map(ord, " \u00a0\u202f\u2009'’"), None)  # thousands: spaces (plain, no-break), apostrophes


def parse_answer(raw: object) -> int | Problem:
    """A written answer as a whole number from 0 to 1000, or the problem with it (its line still 0).

    Spreadsheets' ways of writing numbers are read: ``1 000``, ``1.000``, ``1,000`` (groups of three), ``12,0``,
    ``1E+02``, a trailing ``%``.
    """
    if isinstance(raw, bool) or raw is None:
        return Problem(0, "answer-missing") if raw is None else Problem(0, "answer-not-number", (("value", raw),))
    if isinstance(raw, int):
        value = Decimal(raw)
    elif isinstance(raw, float):
        if raw != raw or raw in (float("inf"), float("-inf")):
            return Problem(0, "answer-not-number", (("value", str(raw)),))
        value = Decimal(repr(raw))
    elif isinstance(raw, str):
        text = raw.strip().translate(_SPACES)
        text = text.removesuffix("%")
        if not text:
            return Problem(0, "answer-missing")
        shown = raw.strip()[:20]
        if _GROUPED.fullmatch(text):
            value = Decimal(re.sub(r"[.,]", "", text))
        elif _NUMBER.fullmatch(text):
            try:
                value = Decimal(text.replace(",", "."))
            except InvalidOperation:
                return Problem(0, "answer-not-number", (("value", shown),))
        else:
            return Problem(0, "answer-not-number", (("value", shown),))
    else:
        return Problem(0, "answer-not-number", (("value", type(raw).__name__),))
    shown_value: object = raw.strip()[:20] if isinstance(raw, str) else raw
    if not value.is_finite() or abs(value) > 10**9:
        return Problem(0, "answer-range", (("value", shown_value),))
    if value != value.to_integral_value():
        return Problem(0, "answer-not-whole", (("value", shown_value),))
    whole = int(value)
    if not MIN_ANSWER <= whole <= MAX_ANSWER:
        return Problem(0, "answer-range", (("value", whole),))
    return whole


def _clean(text: object) -> str:
    """A cell's text on one line: line breaks and tabs as spaces, control characters dropped, ends trimmed."""
    if not isinstance(text, str):
        return ""
    spaced = re.sub(r"[\r\n\t\v\f]+", " ", text)
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn") or ch == " ")
    return re.sub(r" {2,}", " ", kept).strip()


def make_card(texts: Mapping[str, object], units: Mapping[str, object], answer: object, category: object = "",
              source: object = "", themes: Mapping[str, str] | None = None) -> OwnCard | list[Problem]:
    """A card from its fields (per language: ``texts``, ``units``), or every problem with them (line 0).

    ``themes`` maps each way of naming a deck theme (folded) to its key: a category naming one becomes it.
    """
    problems: list[Problem] = []
    text = tuple((lang, _clean(texts.get(lang))) for lang in LANGUAGES if _clean(texts.get(lang)))
    unit = tuple((lang, _clean(units.get(lang))) for lang in LANGUAGES if _clean(units.get(lang)))
    if not text:
        problems.append(Problem(0, "text-missing"))
    for lang, written in text:
        if len(written) > MAX_TEXT:
            problems.append(Problem(0, "text-too-long", (("length", len(written)), ("max", MAX_TEXT), ("lang", lang))))
    if not unit:
        problems.append(Problem(0, "unit-missing"))
    for lang, written in unit:
        if len(written) > MAX_UNIT:
            problems.append(Problem(0, "unit-too-long", (("length", len(written)), ("max", MAX_UNIT), ("lang", lang))))
    value = parse_answer(answer)
    if isinstance(value, Problem):
        problems.append(value)
    word = _clean(category)
    if len(word) > MAX_CATEGORY:
        problems.append(Problem(0, "category-too-long", (("length", len(word)), ("max", MAX_CATEGORY))))
    cite = _clean(source)
    if len(cite) > MAX_SOURCE:
        problems.append(Problem(0, "source-too-long", (("length", len(cite)), ("max", MAX_SOURCE))))
    if problems:
        return problems
    assert isinstance(value, int)
    if themes is not None and _key(word) in themes:
        word = themes[_key(word)]
    return OwnCard(text, unit, value, word, cite)


def theme_names(deck: Deck) -> dict[str, str]:
    """Every way of naming one of the deck's themes (its key, its name in each language), folded, to its key."""
    names: dict[str, str] = {}
    for key, texts in deck.categories:
        names[_key(key)] = key
        for lang in LANGUAGES:
            names.setdefault(_key(texts[lang]), key)
    return names


Made = tuple[int, Mapping[str, object], OwnCard | list[Problem]]  # a question's line, its texts, its card or problems


def _checked(found: Iterable[Made]) -> tuple[list[OwnCard], list[Problem], int]:
    """The cards and the problems of a file's questions (numbered), duplicates found (of a line with problems of
    its own too); and how many there were."""
    cards: list[OwnCard] = []
    problems: list[Problem] = []
    first: dict[tuple[str, str], int] = {}  # (language, folded text) -> the line it is first on
    count = 0
    for line, texts, made in found:
        count += 1
        keys = [(lang, _key(text)) for lang in LANGUAGES if (text := _clean(texts.get(lang)))]
        earlier = next((first[key] for key in keys if key in first), None)
        for key in keys:
            first.setdefault(key, line)
        if isinstance(made, list):
            problems += [dataclasses.replace(p, line=line) for p in made]
        if earlier is not None:
            problems.append(Problem(line, "duplicate", (("first", earlier),)))
        elif isinstance(made, OwnCard):
            cards.append(made)
    return cards, problems, count


# ---- bytes to text -------------------------------------------------------------------------------------------------


def decode(data: bytes) -> tuple[str, str] | Problem:
    """A file's text and its encoding (``utf-8``, ``utf-16``, ``cp1252``…), or why it is not a text file."""
    if data.startswith(b"PK\x03\x04") or data.startswith(b"\xd0\xcf\x11\xe0"):
        return Problem(0, "workbook")  # .xlsx / .ods (zip), .xls (OLE): not saved as CSV
    if data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        encoding = ""
    candidates = (encoding,) if encoding else ("utf-8", "cp1252", "mac_roman")
    for name in candidates:
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        if "\x00" in text:
            break
        return text, name.removesuffix("-sig")
    return Problem(0, "binary")


# ---- CSV ---------------------------------------------------------------------------------------------------------

FIELDS: dict[str, tuple[str, ...]] = {
    "question": ("question", "questions", "frage", "fragen", "text", "texte"),
    "answer": ("answer", "answers", "reponse", "reponses", "antwort", "antworten", "solution", "losung"),
    "unit": ("unit", "units", "unite", "unites", "einheit", "einheiten"),
    "category": ("category", "categorie", "kategorie", "theme", "thema", "topic", "sujet"),
    "source": ("source", "sources", "quelle", "quellen"),
}
#: Column names that are only one language's: they say what language the unmarked columns are in.
HEADER_LANGUAGE = {"answer": "en", "answers": "en", "unit": "en", "units": "en", "category": "en", "topic": "en",
                   "reponse": "fr", "reponses": "fr", "unite": "fr", "unites": "fr", "categorie": "fr", "sujet": "fr",
                   "frage": "de", "fragen": "de", "antwort": "de", "antworten": "de", "einheit": "de",
                   "einheiten": "de", "kategorie": "de", "quelle": "de", "quellen": "de", "thema": "de",
                   "losung": "de"}
LANGUAGE_WORDS = {"en": "en", "english": "en", "anglais": "en", "englisch": "en",
                  "fr": "fr", "french": "fr", "francais": "fr", "franzosisch": "fr",
                  "de": "de", "german": "de", "allemand": "de", "deutsch": "de"}
#: Each column's name in each language (the template's and an export's first row).
HEADERS = {
    "en": {"question": "question", "answer": "answer", "unit": "unit", "category": "category", "source": "source"},
    "fr": {"question": "question", "answer": "réponse", "unit": "unité", "category": "catégorie", "source": "source"},
    "de": {"question": "Frage", "answer": "Antwort", "unit": "Einheit", "category": "Kategorie", "source": "Quelle"},
}
#: The delimiter a spreadsheet in that language expects (French and German Excel separate fields by ";").
DELIMITERS = {"en": ",", "fr": ";", "de": ";"}
_WITH_LANGUAGE = re.compile(r"(?P<word>[a-z]+)\s*[\s_\-(\[/:]\s*(?P<lang>[a-z]+)\s*[)\]]?")


def _fold(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.casefold())
    return re.sub(r"\s+", " ", "".join(ch for ch in folded if not unicodedata.combining(ch))).strip(" *:#\"'")


def _column(name: str) -> tuple[str, str | None, str] | None:
    """What a header cell names: (field, its language if it says one, the word), or None."""
    folded = _fold(name)
    for fld, words in FIELDS.items():
        if folded in words:
            return fld, None, folded
    marked = _WITH_LANGUAGE.fullmatch(folded)
    if marked and marked["lang"] in LANGUAGE_WORDS:
        for fld, words in FIELDS.items():
            if marked["word"] in words:
                return fld, LANGUAGE_WORDS[marked["lang"]], marked["word"]
    return None


def _delimiter(text: str) -> tuple[str, str]:
    """The delimiter of a CSV text (from a ``sep=`` line, else the header's commonest of ``; , tab``), and the
    text without the ``sep=`` line."""
    first, _, rest = text.partition("\n")
    hint = re.fullmatch(r'"?sep=(.)"?\r?', first.strip(" \ufeff"))
    if hint:
        return hint[1], rest
    counts = {sep: _outside_quotes(first).count(sep) for sep in (";", ",", "\t", "|")}
    best = max(counts, key=lambda sep: (counts[sep], sep == ","))
    return best, text


def _outside_quotes(line: str) -> str:
    return re.sub(r'"[^"]*"', "", line)


def read_csv(text: str, lang: str, themes: Mapping[str, str] | None = None) -> Parsed:
    """Every card of a CSV text, or every problem in it (``lang``: the language of columns whose names do not say
    one, when their names are not one language's)."""
    delimiter, body = _delimiter(text.lstrip("\ufeff"))
    try:
        rows = list(csv.reader(io.StringIO(body, newline=""), delimiter=delimiter, strict=False))
    except csv.Error as err:
        return _refused("csv", "not-csv", detail=str(err)[:200])
    numbered = [(number, row) for number, row in enumerate(rows, 1) if any(cell.strip() for cell in row)]
    if not numbered:
        return _refused("csv", "empty")
    header, data = numbered[0][1], numbered[1:]  # a spreadsheet's row numbers, blank rows counted
    columns: dict[int, tuple[str, str | None]] = {}
    words: set[str] = set()
    ignored: list[str] = []
    for index, name in enumerate(header):
        found = _column(name)
        if found is None:
            if name.strip():
                ignored.append(name.strip()[:40])
            continue
        columns[index] = (found[0], found[1])
        if found[1] is None:
            words.add(found[2])
    named = {fld for fld, _ in columns.values()}
    if "question" not in named or "answer" not in named:
        if "question" not in named and "answer" not in named and len(header) >= 2 \
                and not isinstance(parse_answer(header[1] if len(header) > 1 else ""), Problem):
            return _refused("csv", "no-header", lines=len(numbered))  # the first row is a question, not names
        missing = "question" if "question" not in named else "answer"
        return _refused("csv", "missing-column", lines=len(data), column=HEADERS[lang][missing])
    if "unit" not in named:
        return _refused("csv", "missing-column", lines=len(data), column=HEADERS[lang]["unit"])
    said = {HEADER_LANGUAGE[w] for w in words if w in HEADER_LANGUAGE}
    plain = said.pop() if len(said) == 1 else lang
    resolved: dict[int, tuple[str, str | None]] = {}
    seen: set[tuple[str, str | None]] = set()
    for index, (fld, col_lang) in columns.items():
        where = col_lang or (plain if fld in ("question", "unit") else None)
        if (fld, where) in seen:
            return _refused("csv", "column-twice", lines=len(data), column=header[index].strip()[:40])
        seen.add((fld, where))
        resolved[index] = (fld, where)
    if len(data) > MAX_CARDS:
        return _refused("csv", "too-many", lines=len(data), count=len(data), max=MAX_CARDS)

    def cards() -> Iterator[Made]:
        for number, row in data:
            texts: dict[str, str] = {}
            units: dict[str, str] = {}
            single: dict[str, str] = {}
            for index, (fld, where) in resolved.items():
                cell = row[index] if index < len(row) else ""
                if fld == "question" and where is not None:
                    texts[where] = cell
                elif fld == "unit" and where is not None:
                    units[where] = cell
                elif fld in ("answer", "category", "source") and not single.get(fld, "").strip():
                    single[fld] = cell
            yield number, texts, make_card(texts, units, single.get("answer", ""), single.get("category", ""),
                                           single.get("source", ""), themes)

    good, problems, count = _checked(cards())
    if not count:
        return _refused("csv", "empty")
    notes = (Problem(0, "columns-ignored", (("columns", ", ".join(ignored)),)),) if ignored else ()
    if problems:
        return Parsed("csv", problems=tuple(problems), notes=notes, lines=count)
    return Parsed("csv", tuple(good), notes=notes, lines=count)


def write_csv(cards: Sequence[OwnCard], lang: str, themes: Mapping[str, Texts] | None = None) -> str:
    """The cards as a spreadsheet's CSV in ``lang``'s way (its column names and delimiter, a UTF-8 mark so Excel
    reads accents): one question and unit column per language the set uses (marked ``(fr)`` when more than one);
    a category that is one of ``themes`` (the deck's) by its name in ``lang``."""
    themes = themes or {}
    languages = [x for x in LANGUAGES if any(x in c.languages for c in cards)] or [lang]
    names = HEADERS[lang]

    def head(fld: str, language: str) -> str:  # unmarked only when the set is in the file's language alone
        return names[fld] if languages == [lang] else f"{names[fld]} ({language})"

    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=DELIMITERS[lang], lineterminator="\r\n")
    writer.writerow([*(head("question", x) for x in languages), names["answer"],
                     *(head("unit", x) for x in languages), names["category"], names["source"]])
    for card in cards:
        texts, units = dict(card.text), dict(card.unit)
        category = themes[card.category][lang] if card.category in themes else card.category
        writer.writerow([*(texts.get(x, "") for x in languages), card.answer,
                         *(units.get(x, "") for x in languages), category, card.source])
    return "\ufeff" + out.getvalue()


#: The template's examples, per language: (question, answer, unit, category, source).
EXAMPLES: dict[str, tuple[tuple[str, int, str, str, str], ...]] = {
    "en": (("How many keys has a standard piano?", 88, "keys", "Arts and culture", ""),
           ("How tall is the Eiffel Tower to the tip of its antennas, in metres?", 330, "metres",
            "Buildings and structures", "toureiffel.paris"),
           ("In what year of the 20th century did our grandparents marry? (last two digits)", 64, "year",
            "Our family", "")),
    "fr": (("Combien de touches compte un piano standard ?", 88, "touches", "Arts et culture", ""),
           ("Quelle est la hauteur de la tour Eiffel jusqu'au sommet de ses antennes, en mètres ?", 330, "mètres",
            "Bâtiments et ouvrages", "toureiffel.paris"),
           ("En quelle année du XXᵉ siècle nos grands-parents se sont-ils mariés ? (deux derniers chiffres)", 64,
            "année", "Notre famille", "")),
    "de": (("Wie viele Tasten hat ein gewöhnliches Klavier?", 88, "Tasten", "Kunst und Kultur", ""),
           ("Wie hoch ist der Eiffelturm bis zur Spitze seiner Antennen, in Metern?", 330, "Meter", "Bauwerke",
            "toureiffel.paris"),
           ("In welchem Jahr des 20. Jahrhunderts haben unsere Großeltern geheiratet? (letzte zwei Ziffern)", 64,
            "Jahr", "Unsere Familie", "")),
}


def template(lang: str) -> str:
    """A CSV file to fill in, in ``lang`` (its column names, its delimiter, three example questions)."""
    cards = [OwnCard(((lang, q),), ((lang, u),), a, c, s) for q, a, u, c, s in EXAMPLES[lang]]
    return write_csv(cards, lang)


# ---- JSON ---------------------------------------------------------------------------------------------------------


def _per_language(value: object, lang: str) -> dict[str, object]:
    if isinstance(value, str):
        return {lang: value}
    if isinstance(value, dict):
        return {LANGUAGE_WORDS.get(_fold(k), k) if isinstance(k, str) else "": v for k, v in value.items()}
    return {}


def read_json(text: str, lang: str, themes: Mapping[str, str] | None = None, *, stored: bool = False) -> Parsed:
    """Every card of a JSON text (this format's document, or a list of questions), or every problem in it.

    Raises ``NewerVersionError`` for a newer version's document when ``stored`` (the store leaves it alone);
    for a file, that is a problem like any other.
    """
    try:
        data = CARDS_DOC.parse(text)
    except DataError as err:
        if stored:
            raise
        return _refused("json", "not-json", detail=str(err)[:200])
    if isinstance(data, dict):
        try:
            doc = CARDS_DOC.header(data)
        except NewerVersionError:
            if stored:
                raise
            return _refused("json", "newer")
        except DataError as err:
            if stored:
                raise
            return _refused("json", "not-json", detail=str(err)[:200])
        items = doc.get("questions")
    else:
        items = data
    if not isinstance(items, list):
        if stored:
            raise DataError("The set of own questions has no list of questions.")
        return _refused("json", "not-json", detail="no list of questions")
    if not items:
        return _refused("json", "empty")
    if len(items) > MAX_CARDS:
        return _refused("json", "too-many", lines=len(items), count=len(items), max=MAX_CARDS)

    def cards() -> Iterator[Made]:
        for number, item in enumerate(items, 1):
            if not isinstance(item, dict):
                yield number, {}, [Problem(0, "not-a-question")]
                continue
            texts = _per_language(item.get("text", item.get("question")), lang)
            made: OwnCard | list[Problem] = make_card(texts,
                             _per_language(item.get("unit"), lang), item.get("answer"),
                             item.get("category") or "", item.get("source") or "", themes)
            if stored and isinstance(made, OwnCard) and item.get("id", made.id) != made.id:
                made = [Problem(0, "not-a-question")]  # stored: its id is its texts' (a file's may be edited)
            yield number, texts, made

    found, problems, count = _checked(cards())
    if problems:
        return Parsed("json", problems=tuple(problems), lines=count)
    return Parsed("json", tuple(found), lines=count)


def write_json(cards: Sequence[OwnCard]) -> str:
    """The cards as this format's JSON document (what the device stores, and the file a host shares)."""
    return json.dumps({"type": CARDS_TYPE, "schema": CARDS_SCHEMA, "questions": [c.to_dict() for c in cards]},
                      ensure_ascii=False, indent=1) + "\n"


# ---- a file --------------------------------------------------------------------------------------------------------


def read_file(data: bytes, lang: str, deck: Deck | None = None) -> Parsed:
    """Every card of a file (CSV or JSON, told apart by its first character), or every problem in it.

    ``lang``: the language of CSV columns whose names say none; ``deck``: the deck whose themes a category may
    name.
    """
    themes = theme_names(deck) if deck is not None else None
    if len(data) > MAX_FILE_BYTES:
        return _refused("csv", "too-large", max=MAX_FILE_BYTES // 1_000_000)
    decoded = decode(bytes(data))
    if isinstance(decoded, Problem):
        return Parsed("csv", problems=(decoded,))
    text, encoding = decoded
    start = text.lstrip("\ufeff \t\r\n")[:1]
    parsed = read_json(text, lang, themes) if start in ("{", "[") else read_csv(text, lang, themes)
    if encoding not in ("utf-8", "utf-16", "ascii"):
        parsed = dataclasses.replace(parsed, notes=(Problem(0, "encoding", (("encoding", encoding),)),
                                                    *parsed.notes))
    return parsed


# ---- a set, as stored -----------------------------------------------------------------------------------------------


def merged(a: Sequence[OwnCard], b: Sequence[OwnCard]) -> tuple[OwnCard, ...]:
    """``a`` and the cards of ``b`` that are not in it already (same id, or the same question in a language)."""
    known = {(lang, _key(text)) for card in a for lang, text in card.text}
    out = list(a)
    for card in b:
        keys = {(lang, _key(text)) for lang, text in card.text}
        if keys & known:
            continue
        known |= keys
        out.append(card)
    return tuple(out[:MAX_CARDS])


def read_stored(text: str, salvage: bool) -> tuple[tuple[OwnCard, ...], list[str]]:
    """The set as stored: its good cards, and (``salvage``) an English line per part that had to be dropped;
    without ``salvage``, anything damaged raises ``DataError``."""
    parsed = read_json(text, "en", stored=True)
    if parsed.problems and (not salvage or parsed.problems[0].line == 0):
        if parsed.problems[0].code == "empty":
            return (), []
        raise DataError(f"The set of own questions is damaged ({len(parsed.problems)} problems, the first "
                        f"{parsed.problems[0].code} at question {parsed.problems[0].line}).")
    if not parsed.problems:
        return parsed.cards, []
    data = json.loads(text)  # through the door already (read_json): within its limits
    items = data.get("questions") if isinstance(data, dict) else data
    assert isinstance(items, list)
    bad = {p.line for p in parsed.problems}
    kept = [item for number, item in enumerate(items, 1) if number not in bad]
    good = read_json(json.dumps({"type": CARDS_TYPE, "schema": CARDS_SCHEMA, "questions": kept}), "en", stored=True)
    return good.cards, [f"{len(bad)} questions could not be read."]


# ---- dealing -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OwnDeck(Deck):
    """The deck with a host's cards added: what a game with own cards deals from (the deal order says which are
    dealt; the deck's own questions stay in it, as what a bot may know)."""

    own: tuple[OwnCard, ...] = field(default=(), compare=False)

    @property
    def own_ids(self) -> frozenset[str]:
        """The ids of the host's cards: questions no bot has seen."""
        return frozenset(c.id for c in self.own)

    def languages(self, question_id: str) -> tuple[str, ...]:
        """The languages a question is written in (every language for the deck's)."""
        card = next((c for c in self.own if c.id == question_id), None)
        return card.languages if card is not None else LANGUAGES


def combine(deck: Deck, cards: Sequence[OwnCard]) -> OwnDeck:
    """``deck`` with ``cards`` added (their categories: the deck's theme, else the host's word, else "yours")."""
    base = deck if not isinstance(deck, OwnDeck) else Deck(deck.categories, deck.questions[:len(deck) - len(deck.own)])
    themes = dict(base.categories)
    categories = list(base.categories)
    known = set(themes)
    for card in cards:
        key = card.category if card.category in themes else category_key(card.category)
        if key not in known:
            known.add(key)
            categories.append((key, OWN_NAMES if key == OWN_CATEGORY else Texts(*(card.category,) * 3)))
    questions = tuple(card.question(themes) for card in cards)
    clash = next((q.id for q in questions if q.id in base), None)
    if clash is not None:
        raise DataError(f"The own question {clash!r} has the id of a question of the deck.")
    return OwnDeck(tuple(categories), base.questions + questions, own=tuple(cards))


def own_ids(deck: Deck) -> frozenset[str]:
    """The ids of a deck's own cards (none for the shipped deck)."""
    return deck.own_ids if isinstance(deck, OwnDeck) else frozenset()


def own_needed(teams: int) -> int:
    """The fewest own cards a game of only own cards needs: the hands, and two draws per team (with fewer than
    ``cards_needed``, the deck may run out and end the game by Q15: the table is told)."""
    return check_teams(teams) * (HAND_SIZE + 2)


class TooFew(ValueError):
    """A host's set holds too few cards for the teams (own cards only)."""

    def __init__(self, available: int, needed: int, teams: int) -> None:
        self.available, self.needed, self.teams = available, needed, teams
        super().__init__(f"The set holds {available} questions; {teams} teams need at least {needed}.")


def check_own(cards: Sequence[OwnCard], teams: int) -> None:
    """``TooFew`` when a game of only own cards cannot be dealt to ``teams`` teams."""
    if len(cards) < own_needed(teams):
        raise TooFew(len(cards), own_needed(teams), teams)


def deal(teams: int, *, seed: int | str, deck: Deck, cards: Sequence[OwnCard], use: Use,
         seen: Mapping[str, float] | None = None, mix: Mix | None = None) -> Game:
    """A new game with the host's ``cards`` as ``use`` says: only them, or them and the deck's (of ``mix``) one
    for one, as long as they last; in each part unseen questions first (Q6).  ``Use.DECK`` (or no card) deals
    the deck as ``Game.deal`` does."""
    if use is Use.DECK or not cards:
        return Game.deal(teams, seed=seed, deck=deck, seen=seen, mix=mix)
    full = combine(deck, cards)
    mine = Deck(full.categories, full.questions[len(full) - len(cards):])
    own_order = deal_order(mine, seen, f"{seed}:own")
    if use is Use.OWN:
        check_own(cards, teams)
        return Game.from_order(teams, own_order, deck=full, seed=seed)
    if mix is not None:
        check_mix(deck, mix, teams)  # the deck's part alone must hold a game: the same rule as without own cards
    deck_order = deal_order(deck, seen, seed, mix)
    order: list[str] = []
    for i in range(max(len(own_order), len(deck_order))):
        order += [*own_order[i:i + 1], *deck_order[i:i + 1]]
    return Game.from_order(teams, order, deck=full, seed=seed)


def runs_short(cards: Sequence[OwnCard], teams: int) -> bool:
    """Whether a game of only these own cards may run out of cards (Q15) before a team is down to one."""
    return len(cards) < cards_needed(teams)


def cards_of(items: object) -> tuple[OwnCard, ...]:
    """The cards of a list of questions kept inside another document (a saved quiz); ``DataError`` if any is
    damaged (the answers are checked as a file's are)."""
    if not isinstance(items, list) or not items:
        raise DataError("The own questions kept with the saved quiz are not a list of questions.")
    parsed = read_json(json.dumps({"type": CARDS_TYPE, "schema": CARDS_SCHEMA, "questions": items}), "en",
                       stored=True)
    if parsed.problems:
        first = parsed.problems[0]
        raise DataError(f"The own questions kept with the saved quiz are damaged ({first.code} at question "
                        f"{first.line}).")
    return parsed.cards
