"""The quiz's documents in the shell's store, and its part of saving (``tabletop.saving.Keeper``).

Four documents: the quiz in progress (a slot, ``zero-knizia:quiz-game``), its score sheet (a ledger,
``zero-knizia:quiz-sheet``), the questions this device has shown, with when (a ledger,
``zero-knizia:quiz-seen``: Q6 deals the unseen ones first), and the host's own questions (a ledger,
``zero-knizia:quiz-cards``, see ``own``).  They get every promise the shell's store makes (the JSON door,
backups before repair, conflicts between tabs, the rescue file), as Zero's do.  A quiz dealt with own questions
keeps them in its save, so that it resumes whatever becomes of the device's set.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from tabletop.documents import DocType
from tabletop.effects import Add, Download, Effects
from tabletop.errors import DataError
from tabletop.ids import new_id
from tabletop.notes import dismiss, with_shell
from tabletop.saving import narrowed
from tabletop.store import PREFIX, Shape, Spec, Steps
from thousand.deck import Deck, default_deck
from thousand.game import Game
from thousand.owncards import OwnCard, cards_of, combine
from thousand.sheet import SHEET_DOC, QuizRecord, QuizSheet, TeamRecord, read_steps, record_of

from .own import SPEC as CARDS_SPEC
from .own import dealt_own
from .settings import QuizSettings
from .table import SLOT, QuizTable, Result, resume, settle, team_name
from .tutorial import OFFER

GAME_KEY = PREFIX + "quiz-game"
SHEET_KEY = PREFIX + "quiz-sheet"
SEEN_KEY = PREFIX + "quiz-seen"
TABLE_TYPE = "quiz-table"
TABLE_SCHEMA = 3


def _table_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Saved quiz schema 1 → 2: a revision (counting saves, to tell another tab's writes apart)."""
    return {**doc, "schema": 2, "revision": 0}


def _table_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Saved quiz schema 2 → 3: the host's own questions it deals from (none before; an older version leaves a
    quiz of own questions alone rather than call it damaged)."""
    return {**doc, "schema": 3}


TABLE_DOC = DocType(TABLE_TYPE, TABLE_SCHEMA, "saved quiz", "Zéro à 1000", {1: _table_1_to_2, 2: _table_2_to_3})
SEEN_DOC = DocType("quiz-seen", 1, "list of questions already shown", "Zéro à 1000", max_chars=1_000_000)


@dataclass(frozen=True)
class SavedQuiz:
    """A quiz in progress as saved: the game, its teams, how far the table has looked at the reveals."""

    id: str
    game: Game
    settings: QuizSettings
    reviewed: int
    shown: int
    lang: str
    revision: int = 0

    @property
    def cards(self) -> tuple[OwnCard, ...]:
        """The host's own questions the game deals from (kept with it)."""
        return dealt_own(self.game)

    def to_json(self) -> str:
        doc = {"type": TABLE_TYPE, "schema": TABLE_SCHEMA, "id": self.id, "revision": self.revision,
               "game": self.game.to_dict(), "settings": self.settings.to_dict(),
               "reviewed": self.reviewed, "shown": self.shown, "lang": self.lang}
        if self.cards:
            doc["cards"] = [card.to_dict() for card in self.cards]
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, deck: Deck) -> SavedQuiz:
        """Read a saved quiz; anything damaged raises ``DataError`` saying why."""
        data = TABLE_DOC.read(text)
        reviewed, shown, ident, lang, revision = (data.get(k) for k in ("reviewed", "shown", "id", "lang", "revision"))
        if type(reviewed) is not int or type(shown) is not int or not isinstance(ident, str) or not ident \
                or type(revision) is not int or revision < 0:
            raise DataError("The saved quiz is damaged.")
        if "cards" in data:  # own questions: they come with the game (their answers checked like a file's)
            deck = combine(deck, cards_of(data["cards"]))
        game = Game.from_dict(data.get("game"), deck)
        try:
            settings = QuizSettings.from_dict(data.get("settings"))
        except ValueError as err:
            raise DataError(f"The saved quiz is damaged: {err}") from None
        return cls(ident, game, settings, reviewed, shown, lang if isinstance(lang, str) else "en", revision)


def _peek(text: str) -> int | None:
    try:
        data = TABLE_DOC.parse(text)
    except DataError:
        return None
    revision = data.get("revision") if isinstance(data, dict) else None
    return revision if type(revision) is int else None


Seen = Mapping[str, float]  # question id -> when it was shown (seconds since 1970)


def _read_seen(text: str, salvage: bool) -> Steps[tuple[dict[str, float], list[str]]]:
    data = SEEN_DOC.parse(text)
    if isinstance(data, dict) and "type" not in data:  # before the list was a document: the mapping itself
        data = {"type": SEEN_DOC.tag, "schema": 1, "seen": data}
    marks = SEEN_DOC.header(data).get("seen")
    if not isinstance(marks, dict):
        raise DataError("The list of questions already shown is damaged.")
    seen = {k: float(v) for k, v in marks.items()
            if isinstance(k, str) and type(v) in (int, float) and v == v and 0 <= v < 1e11}
    yield
    dropped = [] if len(seen) == len(marks) else [f"{len(marks) - len(seen)} marks could not be read."]
    return seen, dropped


def _dump_seen(seen: Seen) -> Steps[str]:
    yield
    return json.dumps({"type": SEEN_DOC.tag, "schema": 1, "seen": dict(seen)}, separators=(",", ":"))


def _merge_seen(a: Seen, b: Seen) -> Steps[dict[str, float]]:
    yield
    merged = dict(a)
    for key, when in b.items():
        merged[key] = max(when, merged.get(key, when))
    return merged


def docs(deck: Deck | None = None) -> tuple[Spec[Any], ...]:
    """The quiz's documents (its saved games read against ``deck``, the shipped one by default)."""
    questions = deck if deck is not None else default_deck()

    def read_game(text: str, salvage: bool) -> Steps[tuple[SavedQuiz, list[str]]]:
        yield
        return SavedQuiz.from_json(text, questions), []

    def dump_game(saved: SavedQuiz) -> Steps[str]:
        yield
        return saved.to_json()

    def read_sheet(text: str, salvage: bool) -> Steps[tuple[QuizSheet, list[str]]]:
        return (yield from read_steps(text, salvage=salvage))  # a game per step: a big sheet is read in slices

    written: dict[str, tuple[QuizRecord, str]] = {}  # each game's JSON text, written once

    def dump_sheet(sheet: QuizSheet) -> Steps[str]:
        """``QuizSheet.to_json``'s text, a few hundred games per step (a game's text is kept for the next write)."""
        parts = []
        for index, record in enumerate(sheet.records):
            known = written.get(record.id)
            if known is None or known[0] is not record:
                known = written[record.id] = (record, json.dumps(record.to_dict(), ensure_ascii=False,
                                                                 separators=(",", ":")))
            parts.append(known[1])
            if index % 256 == 255:
                yield
        head = json.dumps({"type": SHEET_DOC.tag, "schema": SHEET_DOC.schema}, separators=(",", ":"))
        return head[:-1] + ',"games":[' + ",".join(parts) + "]}"

    def merge_sheets(a: QuizSheet, b: QuizSheet) -> Steps[QuizSheet]:
        yield
        return a.merge(b)[0]

    return (
        Spec(SLOT, GAME_KEY, TABLE_DOC, Shape.SLOT, read_game, dump_game, revision=lambda g: g.revision,
             with_revision=lambda g, n: replace(g, revision=n), peek=_peek, role="game"),
        Spec("quiz-sheet", SHEET_KEY, SHEET_DOC, Shape.LEDGER, read_sheet, dump_sheet, empty=QuizSheet(),
             merge=merge_sheets, size=lambda sheet: len(sheet.records), role="sheet"),
        Spec("quiz-seen", SEEN_KEY, SEEN_DOC, Shape.LEDGER, _read_seen, _dump_seen, empty={}, merge=_merge_seen,
             size=len, role="seen"),
        CARDS_SPEC,
    )


def seconds(now: str) -> float:
    """A document's time (ISO text) as seconds since 1970."""
    return datetime.fromisoformat(now.replace("Z", "+00:00")).timestamp()


class QuizKeeper:
    """The quiz's part of saving."""

    name, slot, sheet = "zero-a-1000", SLOT, "quiz-sheet"  # the files' prefix, the quiz, its sheet

    def playing(self, s: QuizTable) -> bool:
        return s.game is not None

    def _id(self, s: QuizTable) -> str:
        return s.persist.id or new_id(random.Random(f"{s.ids}:{s.serial}"))

    def saved(self, s: QuizTable, now: str) -> SavedQuiz | None:
        if s.game is None or s.lesson is not None:  # a finished quiz too: until the sheet holds its result, it is
            return None  # its only stored copy; never the tutorial's
        return SavedQuiz(self._id(s), s.game, s.settings, s.reveals_seen, s.turned, s.lang)

    def ident(self, value: object) -> str:
        return narrowed(value, SavedQuiz, "a saved quiz").id

    def finished(self, s: QuizTable, now: str) -> QuizSheet:
        assert s.game is not None
        teams = tuple(TeamRecord(team_name(s, i), t.kind, t.people) for i, t in enumerate(s.settings.teams))
        return QuizSheet((record_of(s.game, teams, self._id(s), now),))

    def resume(self, s: QuizTable, value: object) -> Result:
        value = narrowed(value, SavedQuiz, "a saved quiz")
        if value.lang in ("en", "fr", "de"):
            s = with_shell(s, lang=value.lang)
        return resume(dismiss(s, OFFER), value.game, value.settings, value.reviewed, value.shown)  # a game resumed
        # answers the tutorial's offer (the lobby and the rules page keep it)

    def set_up(self, s: QuizTable) -> Result:
        return settle(s, with_shell(replace(s, game=None), setting_up=True))

    def export(self, s: QuizTable, kind: str, today: str) -> Download | None:
        if kind != "json":
            return None
        return Download(f"zero-a-1000-{today[:10]}.json", s.history.to_json(), "application/json")

    def trimmed(self, sheet: object) -> QuizSheet:
        sheet = narrowed(sheet, QuizSheet, "the quiz's score sheet")
        return QuizSheet(sheet.records[len(sheet.records) - len(sheet.records) // 2:])

    def after_save(self, s: QuizTable, now: str) -> tuple[QuizTable, Effects]:
        """The questions this game has shown are marked seen (Q6), with the time."""
        if s.game is None:
            return s, ()
        seen = dict(s.seen_ids)
        new = {q: seconds(now) for q in s.game.shown_ids() if q not in seen}
        if not new:
            return s, ()
        seen.update(new)
        return replace(s, seen_ids=tuple(sorted(seen.items()))), (Add("quiz-seen", new),)


KEEPER = QuizKeeper()


def with_seen(s: QuizTable, seen: Seen) -> QuizTable:
    """The state knowing which questions this device has shown."""
    return replace(s, seen_ids=tuple(sorted(seen.items())))
