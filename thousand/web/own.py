"""A host's own questions on the quiz's page: what the table knows of them (``OwnCards``), their document in the
shell's store (``zero-knizia:quiz-cards``, a ledger), their commands and screen models.

The state, the document and the models only: the handlers and presenters are ``own_page``'s (they need the
table's state, which holds an ``OwnCards``), the painter ``own_render``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tabletop.store import PREFIX, Shape, Spec, Steps
from tabletop.widgets import Button, Choice, Confirm
from thousand.deck import Deck, Mix
from thousand.game import Game
from thousand.owncards import (
    CARDS_DOC,
    OwnCard,
    OwnDeck,
    Problem,
    Use,
    check_own,
    deal,
    merged,
    own_needed,
    read_stored,
    write_json,
)

CARDS = "quiz-cards"  # the document's name in the store
CARDS_KEY = PREFIX + CARDS
#: The tag of the file picker opened for a file of questions (``PickFile.tag``).
TAG = "quiz-cards"
#: What the picker offers: spreadsheets' CSV and tab-separated text, and JSON.
ACCEPT = ".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
#: Where the device remembers which questions the table plays with.
PREF = "quiz.cards"


class OwnCommand(StrEnum):
    """A host's commands about own questions (``data-action`` hooks)."""

    OPEN = "own-cards"  # the set-up's way to the page of own questions
    LOAD = "cards-load"  # choose a file
    TEMPLATE = "cards-template"  # a template to fill in (argument: its language)
    EXPORT = "cards-export"  # the set as a file (argument: csv or json)
    REPLACE = "cards-replace"  # a good file while a set is kept: it replaces the set
    ADD = "cards-add"  # … or its questions are added to it
    DELETE = "cards-delete"  # asks first
    DELETE_YES = "cards-delete-yes"
    NO = "cards-no"  # the question asked is answered no: nothing changes
    ANSWERS = "cards-answers"  # show or hide the answers in the list
    USE = "cards-use"  # which questions the table plays with (a field: deck, own or mixed)


@dataclass(frozen=True)
class Report:
    """What the last file chosen gave: refused with its problems, or its questions loaded, added or waiting."""

    kind: str  # "csv" or "json"
    outcome: str  # "refused", "loaded", "replaced", "added", "waiting", "kept" (the host said no)
    count: int = 0  # the questions it holds (refused: its lines)
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()
    skipped: int = 0  # added: those the set held already


@dataclass(frozen=True)
class OwnCards:
    """The host's questions as this tab knows them, which the table plays with, and the page's state."""

    cards: tuple[OwnCard, ...] = ()
    use: Use = Use.DECK  # the device's choice (remembered); with no card, the deck's
    report: Report | None = None
    pending: tuple[OwnCard, ...] = ()  # a good file's questions while the host says replace or add
    asking: str = ""  # "replace" or "delete": the question on the page
    answers: bool = False  # the list shows the answers
    unkept: bool = False  # storage refused this tab's set: it lives here until the page closes

    @property
    def playing(self) -> Use:
        """The questions a deal takes now: the device's choice, the deck's while there is no own question."""
        return self.use if self.cards else Use.DECK


def use_of(value: object) -> Use:
    """A remembered choice (the deck's where it is not one)."""
    return Use(value) if isinstance(value, str) and value in {u.value for u in Use} else Use.DECK


def deal_for(own: OwnCards, teams: int, *, seed: int | str, deck: Deck, seen: dict[str, float], mix: Mix) -> Game:
    """The table's new game, with the host's questions as it plays them."""
    return deal(teams, seed=seed, deck=deck, cards=own.cards, use=own.playing, seen=seen, mix=mix)


def too_few(own: OwnCards, teams: int) -> tuple[int, int] | None:
    """(questions, needed) when the host's questions alone are too few for the teams; None when they are not."""
    if own.playing is not Use.OWN:
        return None
    try:
        check_own(own.cards, teams)
    except ValueError:
        return len(own.cards), own_needed(teams)
    return None


def dealt_own(game: Game) -> tuple[OwnCard, ...]:
    """The host's cards a game deals from (to keep with its save: the game resumes without the device's set)."""
    return game.deck.own if isinstance(game.deck, OwnDeck) else ()


# ---- the document ------------------------------------------------------------------------------------------


def _read(text: str, salvage: bool) -> Steps[tuple[tuple[OwnCard, ...], list[str]]]:
    yield
    return read_stored(text, salvage)


def _dump(cards: tuple[OwnCard, ...]) -> Steps[str]:
    yield
    return write_json(cards)


def _merge(a: tuple[OwnCard, ...], b: tuple[OwnCard, ...]) -> Steps[tuple[OwnCard, ...]]:
    yield
    return merged(a, b)


#: The host's set: a ledger (another tab's additions are merged in; replacing or deleting it is one write).
SPEC: Spec[Any] = Spec(CARDS, CARDS_KEY, CARDS_DOC, Shape.LEDGER, _read, _dump, empty=(), merge=_merge, size=len,
                       role="cards")


# ---- screen models -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardsLine:
    """The set-up's part about the host's own questions: how many, which the table plays with, the way to them."""

    label: str
    text: str
    use: Choice | None
    open: Button
    notes: tuple[str, ...] = ()  # the language they are dealt in, a set too small


@dataclass(frozen=True)
class CardRow:
    """One of the host's questions in the page's list (its answer only while the host shows the answers)."""

    number: int
    text: str
    unit: str
    category: str
    answer: str = ""
    lang: str = ""  # the language of its text, where it is not the page's


@dataclass(frozen=True)
class ReportView:
    """What the last file gave: a heading, each problem or note as a line, how many more there are."""

    heading: str
    ok: bool
    lines: tuple[str, ...]
    more: str = ""


@dataclass(frozen=True)
class CardsView:
    """The page of the host's own questions: load a file (and its report), the templates, which questions the
    table plays with, the set's tools, the list, the way back."""

    heading: str
    intro: str
    summary: str
    load: Button
    how_heading: str
    how: tuple[str, ...]
    templates_label: str
    templates: tuple[Button, ...]
    report: ReportView | None
    ask: Confirm | None
    also: Button | None  # the question's third answer (Add to them)
    use: Choice | None
    notes: tuple[str, ...]
    tools_label: str
    tools: tuple[Button, ...]
    list_heading: str
    rows: tuple[CardRow, ...]
    answers: Button | None
    hidden: str  # why the answers are not offered (a game is on)
    back: Button
    columns: tuple[str, ...] = field(default=())  # the list's column names
