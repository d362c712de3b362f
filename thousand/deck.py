"""The question deck (Q1, Q17): loading and checking ``deck.json``, the mixes a table can choose, and the deal
order of Q6.

Besides Q17's fields, a question may name its *frame* (the sentence it shares with other questions about a
different item, such as "the height of a building"; no two of one frame are dealt close together) and carry
*tags*: ``grim`` (deaths, disasters, executions: left out of the family mix) and ``identifier`` (a code or
catalogue number rather than a quantity to reason about).

The deck may also record *relations*: groups of questions of which one gives another away (chess's 20 first moves
and its 400 positions after one move each; a pint in millilitres and a half-pint). The deal never puts two questions
of one group into a game: ``deal_order`` keeps the first of each group it would deal and leaves the others out of
that game (they stay unseen, so a later game deals them).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from itertools import groupby
from pathlib import Path

from tabletop.documents import load_json
from tabletop.errors import DataError

DECK_SCHEMA = 1
LANGUAGES = ("en", "fr", "de")
MIN_ANSWER, MAX_ANSWER = 0, 1000
DIFFICULTIES = (1, 2, 3)
#: The tags a question may carry.
TAGS = ("grim", "identifier")
#: The mixes a table can choose at the set-up: easier and no grim questions, the whole deck, harder ones.
MIXES = ("family", "quiz-night", "experts")
DEFAULT_MIX = "quiz-night"
#: Questions of one frame are kept at least this many cards apart in the deal order when the deck allows:
#: four teams' hands and the cards a game draws (at most 14 in 2,000 measured bot games) never repeat a frame.
FRAME_GAP = 40
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
    frame: str | None = None
    tags: frozenset[str] = frozenset()

    @property
    def grim(self) -> bool:
        """About deaths, disasters or executions: the family mix leaves it out."""
        return "grim" in self.tags

    @property
    def identifier(self) -> bool:
        """A code or catalogue number rather than a quantity to reason about."""
        return "identifier" in self.tags


@dataclass(frozen=True, slots=True)
class Relation:
    """Questions of which one gives another away, so that no game deals two of them; ``why`` says how."""

    ids: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Deck:
    """Every question card of the game, with the categories they belong to and the relations between them."""

    categories: tuple[tuple[str, Texts], ...]
    questions: tuple[Question, ...]
    relations: tuple[Relation, ...] = ()
    _by_id: Mapping[str, Question] = field(init=False, repr=False, compare=False)
    _group: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {q.id: q for q in self.questions})
        group: dict[str, int] = {}
        for number, relation in enumerate(self.relations):
            for qid in relation.ids:
                if qid not in self._by_id:
                    raise DataError(f"Relation {number + 1} names a question {qid!r} that the deck does not have.")
                if qid in group:
                    raise DataError(f"The question {qid!r} is in two relations; a question is in one at most.")
                group[qid] = number
        object.__setattr__(self, "_group", group)

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

    def related(self, question_id: str) -> tuple[str, ...]:
        """The other questions of ``question_id``'s relation (none when it has none)."""
        number = self._group.get(question_id)
        return () if number is None else tuple(q for q in self.relations[number].ids if q != question_id)

    def unrelated(self, ids: Iterable[str]) -> tuple[str, ...]:
        """``ids`` in their order without any question related to one before it: what one game may deal."""
        taken: set[int] = set()
        kept: list[str] = []
        for qid in ids:
            number = self._group.get(qid)
            if number is None:
                kept.append(qid)
            elif number not in taken:
                taken.add(number)
                kept.append(qid)
        return tuple(kept)

    @property
    def themes(self) -> tuple[str, ...]:
        """The category keys, in the file's order: the themes a table may leave out of its mix."""
        return tuple(key for key, _ in self.categories)

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
        return cls(categories, tuple(questions), _relations(data.get("relations", [])))

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


def _relations(raw: object) -> tuple[Relation, ...]:
    """The deck's optional ``relations``: a list of ``{"ids": [two or more ids], "why": "..."}``."""
    if not isinstance(raw, list):
        raise DataError("The question deck's relations must be a list.")
    relations = []
    for number, item in enumerate(raw, 1):
        ids = item.get("ids") if isinstance(item, dict) else None
        why = item.get("why") if isinstance(item, dict) else None
        if not isinstance(ids, list) or len(ids) < 2 or not all(isinstance(qid, str) for qid in ids):
            raise DataError(f"Relation {number}: 'ids' must list two or more question ids.")
        if len(set(ids)) != len(ids):
            raise DataError(f"Relation {number} names a question twice.")
        if not isinstance(why, str) or not why.strip():
            raise DataError(f"Relation {number}: 'why' must say how one question gives another away.")
        relations.append(Relation(tuple(ids), why))
    return tuple(relations)


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
    frame = raw.get("frame")
    if frame is not None and (not isinstance(frame, str) or not _ID.match(frame)):
        raise DataError(f"{where}: the frame must be kebab-case text or null, not {frame!r}.")
    tags = raw.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        raise DataError(f"{where}: the tags must be a list of words.")
    unknown = sorted(set(tags) - set(TAGS))
    if unknown:
        raise DataError(f"{where}: unknown tag {unknown[0]!r}; the tags are {', '.join(TAGS)}.")
    return Question(
        id=qid,
        text=_texts(raw.get("text"), f"{where} text"),
        answer=answer,
        unit=_texts(raw.get("unit"), f"{where} unit"),
        category=category,
        difficulty=difficulty,
        year=year,
        source=source,
        frame=frame,
        tags=frozenset(tags),
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


@dataclass(frozen=True, slots=True)
class Mix:
    """The questions a table plays with: a mix of ``MIXES`` and the themes (category keys) it leaves out.

    * ``family``: easy and medium questions (difficulty 1–2), none tagged grim;
    * ``quiz-night``: every question;
    * ``experts``: medium and hard questions (difficulty 2–3).

    >>> Mix("family", frozenset({"sport"})).to_dict()
    {'mix': 'family', 'leave_out': ['sport']}
    """

    name: str = DEFAULT_MIX
    leave_out: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.name not in MIXES:
            raise ValueError(f"There is no mix {self.name!r}; the mixes are {', '.join(MIXES)}.")
        if isinstance(self.leave_out, str):
            raise ValueError("leave_out is a set of theme keys, not one string.")
        object.__setattr__(self, "leave_out", frozenset(self.leave_out))

    def admits(self, question: Question) -> bool:
        """Whether this mix deals the question."""
        if question.category in self.leave_out:
            return False
        if self.name == "family":
            return question.difficulty <= 2 and not question.grim
        if self.name == "experts":
            return question.difficulty >= 2
        return True

    def ids(self, deck: Deck) -> tuple[str, ...]:
        """The ids of the deck's questions in this mix, in the file's order."""
        return tuple(q.id for q in deck.questions if self.admits(q))

    def to_dict(self) -> dict[str, object]:
        """The mix as JSON-ready data, to remember it on the device."""
        return {"mix": self.name, "leave_out": sorted(self.leave_out)}

    @classmethod
    def from_dict(cls, data: object, deck: Deck | None = None) -> Mix:
        """A remembered mix; damaged data raises ``DataError``. With ``deck``, themes it no longer has are
        dropped (a deck update may retire a category) rather than refused."""
        if not isinstance(data, dict):
            raise DataError("The remembered mix is not a JSON object.")
        name = data.get("mix", DEFAULT_MIX)
        if name not in MIXES:
            raise DataError(f"The remembered mix {name!r} is not one of {', '.join(MIXES)}.")
        leave_out = data.get("leave_out", [])
        if not isinstance(leave_out, list) or not all(isinstance(key, str) for key in leave_out):
            raise DataError("The remembered mix's left-out themes are not a list of theme keys.")
        if deck is not None:
            leave_out = [key for key in leave_out if key in deck.themes]
        return cls(name, frozenset(leave_out))


class MixTooSmall(ValueError):
    """A mix holds too few questions for the teams: raised before the deal, with the figures for a message."""

    def __init__(self, mix: Mix, available: int, needed: int, teams: int) -> None:
        self.mix, self.available, self.needed, self.teams = mix, available, needed, teams
        super().__init__(
            f"The {mix.name} mix{' without ' + ', '.join(sorted(mix.leave_out)) if mix.leave_out else ''} holds "
            f"{available} questions; {teams} teams need at least {needed}. "
            "Choose a wider mix or leave out fewer themes."
        )


def deal_order(
    deck: Deck,
    seen: Mapping[str, float] | None = None,
    seed: int | str | None = None,
    mix: Mix | None = None,
) -> tuple[str, ...]:
    """The order to deal the deck (or the questions of ``mix``) in (Q6): questions this device has not shown
    first, shuffled, then the ones it showed, least recently seen first; ``seen`` maps an id to when it was seen
    and may hold ids of any mix. Of each relation, only the question that comes first is dealt: the game holds
    no other (it stays unseen for a later game). Within each part, questions that share a frame are kept
    ``FRAME_GAP`` cards apart where the deck allows, so a deal does not hold two of one sentence frame.

    >>> from thousand.deck import Deck, Question, Texts
    >>> t = Texts("a", "b", "c")
    >>> d = Deck((("x", t),), tuple(Question(i, t, 1, t, "x", 1, None, "s") for i in ("p", "q", "r")))
    >>> deal_order(d, {"p": 5, "q": 2}, seed=1)
    ('r', 'q', 'p')
    """
    seen = seen or {}
    rng = random.Random(seed)
    ids = deck.ids if mix is None else mix.ids(deck)
    frame_of = {q.id: q.frame for q in deck.questions if q.frame is not None}
    fresh = _shuffled([qid for qid in ids if qid not in seen], frame_of, rng)
    old = _shuffled([qid for qid in ids if qid in seen], frame_of, rng)
    old.sort(key=lambda qid: seen[qid])  # equal times stay in their seeded order (sort is stable)
    if deck.relations:  # one question of each relation: the first this order would deal (an unseen one first)
        kept = set(deck.unrelated(fresh + old))
        fresh, old = [q for q in fresh if q in kept], [q for q in old if q in kept]
    # Frames are kept apart among the fresh questions and among those seen at the same time, never at the
    # price of the order of Q6.
    spread_old = [qid for _, group in groupby(old, key=seen.__getitem__) for qid in _spread(list(group), frame_of)]
    return _spread(fresh, frame_of) + tuple(spread_old)


def _shuffled(ids: list[str], frame_of: Mapping[str, str], rng: random.Random) -> list[str]:
    """``ids`` in a seeded random order in which the questions of a frame lie evenly apart: the k questions
    of a frame get the places (i + u) / k of the way along, for one random u, and the others random places.
    Without frames, a plain shuffle (so decks without frames deal as they always did)."""
    framed: dict[str, list[str]] = {}
    for qid in ids:
        if qid in frame_of:
            framed.setdefault(frame_of[qid], []).append(qid)
    if not framed:
        rng.shuffle(ids)
        return ids
    place = {qid: rng.random() for qid in ids if qid not in frame_of}
    for frame in sorted(framed):
        members = framed[frame]
        rng.shuffle(members)
        offset = rng.random()
        place.update((qid, (i + offset) / len(members)) for i, qid in enumerate(members))
    return sorted(ids, key=place.__getitem__)


def _spread(ids: list[str], frame_of: Mapping[str, str]) -> tuple[str, ...]:
    """``ids`` in the same order, except that a question whose frame was dealt fewer than ``FRAME_GAP`` cards
    before waits for the first place where it is not (or goes where it is, when nothing else is left)."""
    if not frame_of:
        return tuple(ids)
    waiting = ids[::-1]  # the next question is the last item, so taking it costs nothing
    out: list[str] = []
    last: dict[str, int] = {}  # frame -> the place it was last dealt at
    while waiting:
        index = len(waiting) - 1
        for i in range(index, -1, -1):
            frame = frame_of.get(waiting[i])
            if frame is None or len(out) - last.get(frame, -FRAME_GAP) >= FRAME_GAP:
                index = i
                break
        qid = waiting.pop(index)
        frame = frame_of.get(qid)
        if frame is not None:
            last[frame] = len(out)
        out.append(qid)
    return tuple(out)
