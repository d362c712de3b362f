"""The quiz's saved data over the shell's ``Store``: its game in progress, its score sheet and the deck's
"seen" marks (Q6), each under its own key.  No browser import: tested in CPython with a dict backend."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tabletop.documents import DocType, load_json
from tabletop.errors import DataError
from thousand.deck import Deck
from thousand.game import Game
from zero_game.web.storage import PREFIX, Store

from .settings import QuizSettings
from .sheet import QuizSheet

GAME_KEY = PREFIX + "quiz-game"
SHEET_KEY = PREFIX + "quiz-sheet"
SEEN_KEY = PREFIX + "quiz-seen"
TABLE_TYPE = "quiz-table"
TABLE_SCHEMA = 1
TABLE_DOC = DocType(TABLE_TYPE, TABLE_SCHEMA, "saved quiz", "Zéro à 1000")


@dataclass(frozen=True)
class SavedQuiz:
    """A quiz in progress as saved: the game, its teams, how far the table has looked at the reveals."""

    id: str
    game: Game
    settings: QuizSettings
    reviewed: int
    shown: int
    lang: str

    def to_json(self) -> str:
        return json.dumps({"type": TABLE_TYPE, "schema": TABLE_SCHEMA, "id": self.id, "game": self.game.to_dict(),
                           "settings": self.settings.to_dict(), "reviewed": self.reviewed, "shown": self.shown,
                           "lang": self.lang}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, deck: Deck) -> SavedQuiz:
        """Read a saved quiz; anything damaged raises ``DataError`` or ``ValueError`` saying why."""
        data = TABLE_DOC.read(text)
        reviewed, shown, ident, lang = (data.get(k) for k in ("reviewed", "shown", "id", "lang"))
        if type(reviewed) is not int or type(shown) is not int or not isinstance(ident, str):
            raise DataError("The saved quiz is damaged.")
        game = Game.from_dict(data.get("game"), deck)
        return cls(ident, game, QuizSettings.from_dict(data.get("settings")), reviewed, shown,
                   lang if isinstance(lang, str) else "en")


@dataclass
class Loaded:
    """What the quiz found at start: its game to resume, its sheet, the seen marks, the problems (message keys)."""

    game: SavedQuiz | None
    sheet: QuizSheet
    seen: dict[str, float]
    problems: list[str]


class QuizStore:
    """The quiz's documents in the shell's store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.written: str | None = None  # the game as this tab last wrote it

    def load(self, deck: Deck) -> Loaded:
        """Everything the quiz keeps; never raises: damaged documents are set aside and reported."""
        problems: list[str] = []
        sheet = QuizSheet()
        text = self.store.read(SHEET_KEY)
        if text is not None:
            try:
                sheet = QuizSheet.from_json(text)
            except DataError:
                self.set_aside(SHEET_KEY, text)
                problems.append("sheet.corrupt")
        seen: dict[str, float] = {}
        text = self.store.read(SEEN_KEY)
        if text is not None:
            try:
                raw: Any = load_json(text, "list of questions seen")
                seen = {k: float(v) for k, v in raw.items() if isinstance(k, str) and isinstance(v, (int, float))}
            except (ValueError, AttributeError, TypeError):
                self.store.remove(SEEN_KEY)
        game = None
        text = self.store.read(GAME_KEY)
        if text is not None:
            try:
                game = SavedQuiz.from_json(text, deck)
                self.written = text  # what this tab will write over: another tab's change is told apart
            except (ValueError, DataError, RecursionError):
                self.set_aside(GAME_KEY, text)
                problems.append("sheet.corrupt")
        return Loaded(game, sheet, seen, problems)

    def set_aside(self, key: str, text: str) -> None:
        """Keep a damaged document under a backup key (the shell's backups) and clear it."""
        self.store.write(PREFIX + "backup:" + key.removeprefix(PREFIX) + ":" + self.store.clock(), text)
        self.store.remove(key)

    def save_game(self, saved: SavedQuiz) -> bool:
        text = saved.to_json()
        self.written = text
        return self.store.write(GAME_KEY, text).ok

    def changed_elsewhere(self, key: str | None, value: str | None) -> str | None:
        """What another tab's write (a ``storage`` event) changed: "game" (not this tab's), "sheet", or None."""
        if key is None:
            return "game" if self.written is not None else "sheet"
        if key == GAME_KEY and value != self.written and self.written is not None:
            return "game"
        if key == SHEET_KEY:
            return "sheet"
        return None

    def read_sheet(self) -> QuizSheet | None:
        """The sheet as stored now (after another tab wrote it), or None if unreadable."""
        text = self.store.read(SHEET_KEY)
        try:
            return QuizSheet.from_json(text) if text is not None else QuizSheet()
        except DataError:
            return None

    def clear_game(self) -> None:
        self.written = None
        self.store.remove(GAME_KEY)

    def save_sheet(self, sheet: QuizSheet) -> bool:
        return self.store.write(SHEET_KEY, sheet.to_json()).ok

    def save_seen(self, seen: dict[str, float]) -> bool:
        return self.store.write(SEEN_KEY, json.dumps(seen, separators=(",", ":"))).ok

    def reset_seen(self) -> None:
        self.store.remove(SEEN_KEY)
