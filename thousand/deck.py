"""The question deck (Q1, Q17): loading and checking ``deck.json``, and the deal order of Q6."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from tabletop.documents import load_json
from tabletop.errors import DataError

DECK_SCHEMA = 1
LANGUAGES = ("en", "fr", "de")
MIN_ANSWER, MAX_ANSWER = 0, 1000
DIFFICULTIES = (1, 2, 3)
#: A deck file larger than this is refused before it is parsed.
MAX_DECK_BYTES = 8_000_000

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class Texts:
    """One text in the three languages of the project."""

    en: str
    fr: str
    de: str

    def __getitem__(self, language: str) -> str:
        if language not in LANGUAGES:
            raise KeyError(language)
        text: str = getattr(self, language)
        return text


@dataclass(frozen=True, slots=True)
class Question:
    """One question card: its text and unit, its answer (0–1000), its category, difficulty, year and source."""

    id: str
    text: Texts
    answer: int
    unit: Texts
    category: str
    difficulty: int
    year: int | None
    source: str


@dataclass(frozen=True)
class Deck:
    """Every question card of the game, with the categories they belong to."""

    categories: tuple[tuple[str, Texts], ...]
    questions: tuple[Question, ...]
    _by_id: Mapping[str, Question] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {q.id: q for q in self.questions})

    def __len__(self) -> int:
        return len(self.questions)

    def __contains__(self, question_id: object) -> bool:
        return question_id in self._by_id

    def question(self, question_id: str) -> Question:
        """The question with this id; ``KeyError`` if the deck has none."""
        return self._by_id[question_id]

    @property
    def ids(self) -> tuple[str, ...]:
        """Every question id, in the file's order."""
        return tuple(q.id for q in self.questions)

    def category(self, key: str) -> Texts:
        """The name of a category in the three languages."""
        return dict(self.categories)[key]

    @classmethod
    def from_dict(cls, data: object) -> Deck:
        """Check decoded JSON and build the deck; damaged data raises ``DataError`` saying what is wrong."""
        if not isinstance(data, dict):
            raise DataError("The question deck is not a JSON object.")
        schema = data.get("schema")
        if type(schema) is not int:
            raise DataError("The question deck has no schema number.")
        if schema != DECK_SCHEMA:
            raise DataError(f"The question deck has schema {schema}; this version reads schema {DECK_SCHEMA}.")
        raw_categories = data.get("categories")
        if not isinstance(raw_categories, dict) or not raw_categories:
            raise DataError("The question deck has no categories.")
        categories = tuple(
            (key, _texts(value, f"category {key!r}")) for key, value in raw_categories.items()
        )
        raw_questions = data.get("questions")
        if not isinstance(raw_questions, list) or not raw_questions:
            raise DataError("The question deck has no questions.")
        known = {key for key, _ in categories}
        questions: list[Question] = []
        seen: set[str] = set()
        for number, raw in enumerate(raw_questions, 1):
            question = _question(raw, number, known)
            if question.id in seen:
                raise DataError(f"Question {number}: the id {question.id!r} is used twice.")
            seen.add(question.id)
            questions.append(question)
        return cls(categories, tuple(questions))

    @classmethod
    def from_json(cls, text: str | bytes) -> Deck:
        """Read a deck from JSON text."""
        if not isinstance(text, (str, bytes)):
            raise DataError(f"A question deck is JSON text, not {type(text).__name__}.")
        if len(text) > MAX_DECK_BYTES:
            raise DataError(f"The question deck is larger than {MAX_DECK_BYTES:,} bytes.")
        return cls.from_dict(load_json(text, "question deck", max_chars=MAX_DECK_BYTES, article="a"))

    @classmethod
    def from_path(cls, path: str | Path) -> Deck:
        """Read a deck from a file."""
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            raise DataError(f"The question deck {str(path)!r} can't be read ({err.strerror}).") from None
        return cls.from_json(data)


def _texts(value: object, where: str) -> Texts:
    if not isinstance(value, dict):
        raise DataError(f"{where}: the text must be an object with en, fr and de.")
    for language in LANGUAGES:
        text = value.get(language)
        if text is None:
            raise DataError(f"{where}: the {language!r} text is missing.")
        if not isinstance(text, str) or not text.strip():
            raise DataError(f"{where}: the {language!r} text must be a non-empty string.")
    return Texts(value["en"], value["fr"], value["de"])


def _question(raw: object, number: int, categories: set[str]) -> Question:
    if not isinstance(raw, dict):
        raise DataError(f"Question {number} is not a JSON object.")
    qid = raw.get("id")
    if not isinstance(qid, str) or not _ID.match(qid):
        raise DataError(f"Question {number}: the id must be kebab-case text like 'piano-keys', not {qid!r}.")
    where = f"Question {qid!r}"
    answer = raw.get("answer")
    if type(answer) is not int:
        raise DataError(f"{where}: the answer must be a whole number, not {answer!r}.")
    if not MIN_ANSWER <= answer <= MAX_ANSWER:
        raise DataError(f"{where}: the answer {answer} is outside {MIN_ANSWER}–{MAX_ANSWER}.")
    category = raw.get("category")
    if not isinstance(category, str) or category not in categories:
        raise DataError(f"{where}: the category {category!r} is not one of the deck's categories.")
    difficulty = raw.get("difficulty")
    if type(difficulty) is not int or difficulty not in DIFFICULTIES:
        raise DataError(f"{where}: the difficulty must be 1, 2 or 3, not {difficulty!r}.")
    year = raw.get("year")
    if year is not None and type(year) is not int:
        raise DataError(f"{where}: the year must be a whole number or null, not {year!r}.")
    source = raw.get("source")
    if not isinstance(source, str) or not source.strip():
        raise DataError(f"{where}: the source is missing.")
    return Question(
        id=qid,
        text=_texts(raw.get("text"), f"{where} text"),
        answer=answer,
        unit=_texts(raw.get("unit"), f"{where} unit"),
        category=category,
        difficulty=difficulty,
        year=year,
        source=source,
    )


_DEFAULT: Deck | None = None


def default_deck() -> Deck:
    """The deck shipped with the package (``thousand/deck.json``), read once."""
    global _DEFAULT
    if _DEFAULT is None:
        try:
            text = resources.files("thousand").joinpath("deck.json").read_bytes()
        except OSError as err:
            raise DataError(f"The question deck shipped with the game can't be read ({err}).") from None
        _DEFAULT = Deck.from_json(text)
    return _DEFAULT


def deal_order(deck: Deck, seen: Mapping[str, float] | None = None, seed: int | str | None = None) -> tuple[str, ...]:
    """The order to deal the deck in (Q6): questions this device has not shown first, shuffled, then
    the ones it showed, least recently seen first; ``seen`` maps an id to when it was seen.

    >>> from thousand.deck import Deck, Question, Texts
    >>> t = Texts("a", "b", "c")
    >>> d = Deck((("x", t),), tuple(Question(i, t, 1, t, "x", 1, None, "s") for i in ("p", "q", "r")))
    >>> deal_order(d, {"p": 5, "q": 2}, seed=1)
    ('r', 'q', 'p')
    """
    seen = seen or {}
    rng = random.Random(seed)
    fresh = [qid for qid in deck.ids if qid not in seen]
    rng.shuffle(fresh)
    old = [qid for qid in deck.ids if qid in seen]
    rng.shuffle(old)  # equal times are dealt in a seeded random order (sort is stable)
    old.sort(key=lambda qid: seen[qid])
    return tuple(fresh) + tuple(old)

