"""Saved match and score sheet in the browser's localStorage: load safely, save after every action, never lose data.

No browser import at module level: a :class:`Store` works over any *backend* with the Web Storage methods
``getItem(key) -> str | None``, ``setItem(key, value)``, ``removeItem(key)``, ``key(i)`` and ``length``.
In the page that is ``js.window.localStorage`` (see :func:`browser_backend`); in tests a dict-backed fake.

How the page uses it::

    store = Store(browser_backend())
    loaded = store.load()                    # never raises
    for problem in loaded.problems:          # show translate(lang, problem.message_key)
        ...
    game = loaded.game                       # None: show the start screen
    # after every action (and when a match starts):
    result = store.save_game(game.advance(match, now()))
    if result.warn: ...                      # first failed write: warn once, offer export
    if result.status == CONFLICT: ...        # another tab changed the match: offer reload_game() or force
    # at the end of a match:
    store.record_finished(game.record(now())); store.clear_game()
    # the page's "storage" event listener:
    change = store.on_storage_event(event.key, event.newValue)

Every method that writes returns a status instead of raising: play goes on whatever the storage does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol

from tabletop.documents import Stepper, load_json
from tabletop.errors import DataError, NewerVersionError, shown
from tabletop.ids import timestamp
from zero_game.sheet import (
    GAME_SCHEMA,
    GAME_TYPE,
    MAX_GAME_CHARS,
    MAX_SHEET_CHARS,
    MatchRecord,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    dump_sheet_steps,
    load_game,
    merge,
    merge_steps,
    peek_revision,
    read_sheet_steps,
    sheet_csv,
    sheet_from_data,
)

#: The longest piece of work (a bot's thinking, reading or importing a sheet) the page does before it gives the
#: main thread back: well under the 50 ms of a long task.
THINK_SLICE = 0.015

PREFIX = "zero-knizia:"  # GitHub Pages gives all of a user's project sites one origin: every key carries this
GAME_KEY = PREFIX + "game"
SHEET_KEY = PREFIX + "sheet"
BACKUP_PREFIX = PREFIX + "backup:"
PROBE_KEY = PREFIX + "probe"

# Problem codes (translated by zero_game.web.storage_messages under "storage.<code>").
STORAGE_UNAVAILABLE = "storage-unavailable"
WRITE_FAILED = "write-failed"
CORRUPT_SHEET = "corrupt-sheet"
CORRUPT_GAME = "corrupt-game"
BACKUP_FAILED = "backup-failed"
NEWER_SHEET = "newer-sheet"
NEWER_GAME = "newer-game"
CONFLICT_CODE = "conflict"
BAD_IMPORT = "bad-import"
NEWER_IMPORT = "newer-import"

# Statuses of a write.
SAVED = "saved"  # written
FAILED = "failed"  # the browser refused the write (quota, storage switched off): nothing written
CONFLICT = "conflict"  # another tab changed the saved match since this tab last read or wrote it
LOCKED = "locked"  # the stored document is from a newer version (or could not be backed up): left untouched
UNAVAILABLE = "unavailable"  # no storage at all in this browser
REJECTED = "rejected"  # an import file that is not a readable score sheet: nothing changed


class Backend(Protocol):
    """The part of the Web Storage API (``window.localStorage``) the store uses."""

    length: int

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - the browser's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the player should be told: a code, an English detail, and the backup key if one was made."""

    code: str
    detail: str = ""
    key: str | None = None

    @property
    def message_key(self) -> str:
        """The key of this problem's text in the message tables."""
        return f"storage.{self.code}"


@dataclass(frozen=True, slots=True)
class Loaded:
    """What :meth:`Store.load` found: the match to resume (or None), the score sheet, and problems to show."""

    game: SavedGame | None
    sheet: ScoreSheet
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a write. ``warn`` is true only for the first failed write: show the warning once."""

    status: str
    game: SavedGame | None = None  # the saved game as written, with its new revision
    warn: bool = False

    @property
    def ok(self) -> bool:
        """Whether the data is now stored."""
        return self.status == SAVED


@dataclass(frozen=True, slots=True)
class ImportResult:
    """The outcome of an import: matches added, matches already there, and how storing the result went."""

    status: str  # SAVED, or REJECTED (see problem), or a failed write's status (the sheet still shows them)
    added: int = 0
    duplicates: int = 0
    problem: Problem | None = None
    warn: bool = False


@dataclass(frozen=True, slots=True)
class StorageChange:
    """What another tab changed: ``what`` is "game", "sheet" or "all" (its storage was cleared)."""

    what: str
    game: SavedGame | None = None  # the other tab's saved match, for "game"
    problem: Problem | None = None


MAX_SETTINGS_CHARS = 100_000


def settings_data(game: SavedGame) -> object:
    """The table set-up saved with ``game`` (its ``settings`` option), decoded within the same limits as every
    other stored text; ``DataError`` (a ``ValueError``) if it is missing or unreadable."""
    data = load_json(game.options.get("settings"), "table set-up", max_chars=MAX_SETTINGS_CHARS)
    if isinstance(data, dict):
        for name in ("pool_size", "rounds", "dealer"):  # 5.0 or true would pass an `in (5, 7, 9)` check
            value = data.get(name)
            if value is not None and type(value) is not int:
                raise DataError(f"The saved table set-up is damaged: its {name} is {shown(value)}.")
    return data


RESCUE_TYPE = "zero-rescue"


@dataclass(frozen=True, slots=True)
class AtRisk:
    """What storage keeps and what it does not: counts for the "storage is full" notice."""

    kept_matches: int  # finished matches on the stored sheet
    kept_match: bool  # a stored copy of the match in progress exists (maybe not its latest moves)
    match: bool  # the match in progress has moves not stored
    finished: int  # finished matches not on the stored sheet
    damaged: int  # damaged stored values there was no room to back up

    @property
    def anything(self) -> bool:
        """Whether some data is not stored."""
        return self.match or self.finished > 0 or self.damaged > 0


@dataclass(frozen=True, slots=True)
class Rescue:
    """A file to offer for download: the data storage could not keep."""

    filename: str
    text: str
    mime: str = "application/json"


def at_risk_params(risk: AtRisk, t: Callable[..., str]) -> dict[str, str]:
    """The ``{kept}`` and ``{lost}`` lists of ``storage.at-risk``, in the language of ``t(key, **params)``."""
    kept = [t("storage.kept-sheet", count=risk.kept_matches)] if risk.kept_matches else []
    if risk.kept_match:
        kept.append(t("storage.kept-match"))
    lost = []
    if risk.match:
        lost.append(t("storage.lost-match"))
    if risk.finished:
        lost.append(t("storage.lost-finished", count=risk.finished))
    if risk.damaged:
        lost.append(t("storage.lost-damaged"))
    return {"kept": "; ".join(kept) or t("storage.nothing"), "lost": "; ".join(lost) or t("storage.nothing")}


def at_risk_notice(problem: Problem, store: Store | None, t: Callable[..., str]) -> dict[str, str] | None:
    """The parameters of the ``storage.at-risk`` notice (what is kept, what is not) to show with a failed
    write, or None for other problems."""
    if problem.code != WRITE_FAILED:
        return None
    risk = store.at_risk() if store is not None else AtRisk(0, False, False, 0, 0)
    return at_risk_params(risk, t)


def problem_actions(problem: Problem) -> tuple[tuple[str, str, str], ...]:
    """The buttons of a problem's notice: (command, argument, label key)."""
    if problem.key:
        return (("export-backup", problem.key, "storage.export-backup"),)
    if problem.code == BACKUP_FAILED:
        return (("export-rescue", "", "storage.export-rescue"),)
    if problem.code == WRITE_FAILED:
        return (("export-rescue", "", "storage.export-rescue"), ("free-space", "", "storage.free-space"))
    return ()


def browser_backend() -> Any:
    """``window.localStorage``, or ``None`` where the browser has none or forbids it (import inside: Pyodide only)."""
    try:
        import js  # type: ignore[import-not-found]

        storage = js.window.localStorage
        return None if storage is None else storage
    except Exception:  # SecurityError when site data is blocked, or no window at all
        return None


async def request_persistence(navigator: Any) -> bool | None:
    """Ask the browser to keep this site's data (``navigator.storage.persist()``).

    True if the data is persistent, False if the browser said no, None where the API is missing or failed.
    """
    storage = getattr(navigator, "storage", None)
    persist = getattr(storage, "persist", None) if storage is not None else None
    if persist is None:
        return None
    try:
        persisted = getattr(storage, "persisted", None)
        if persisted is not None and await persisted():
            return True
        return bool(await persist())
    except Exception:  # a rejected promise or a browser that refuses outright
        return None


def _is_rescue(text: str | bytes) -> bool:
    """Whether ``text`` looks like a file written by ``Store.rescue`` (its type comes first)."""
    head = text[:80] if isinstance(text, str) else bytes(text[:80]).decode("utf-8", "replace")
    return '"type": "zero-rescue"' in head


def _is_newer_game(text: str | None) -> bool:
    """Whether ``text`` is a saved game written by a newer version (cheap: no replay)."""
    if text is None:
        return False
    try:
        data = load_json(text, "saved match", max_chars=MAX_GAME_CHARS)
    except DataError:
        return False
    schema = data.get("schema") if isinstance(data, dict) else None
    return isinstance(data, dict) and data.get("type") == GAME_TYPE and type(schema) is int and schema > GAME_SCHEMA


class Store:
    """The game's saved data in one browser: the match in progress and the score sheet."""

    def __init__(self, backend: Backend | None, *, clock: Callable[[], str] | None = None) -> None:
        self.backend = backend
        self.clock = clock or (lambda: timestamp(datetime.now(UTC)))
        self.available = backend is not None
        self.write_failed = False  # the last write was refused
        self.conflict = False  # another tab changed the saved match; saving needs force=True
        self.game_locked = False  # the stored match must not be written over (newer version, or no backup)
        self.sheet_locked = False  # the same for the score sheet
        self.sheet = ScoreSheet()
        self.sheet_pending = False  # load(read_sheet=False): the stored sheet is still to be read
        self._sheet_text: str | None = None  # the stored sheet as this tab last read or wrote it
        self._written: dict[str, tuple[MatchRecord, str]] = {}  # each match's JSON text, written once
        # What storage could not keep, offered as one download (see rescue()):
        self.unsaved_game: SavedGame | None = None  # the match in progress, if its last save failed
        self.unsaved_records: dict[str, MatchRecord] = {}  # finished matches not on the stored sheet
        self.unsaved_damaged: dict[str, str] = {}  # key -> damaged stored text there was no room to back up
        self._warned = False
        self._game_text: str | None = None  # the saved match as this tab last read or wrote it
        self._revision = 0

    # --- raw access: the only places that touch the backend ------------------------------------------------

    def _get(self, key: str) -> str | None:
        if self.backend is None or not self.available:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception:  # storage switched off while the page runs
            self.available = False
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        if self.backend is None or not self.available:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception:  # QuotaExceededError, SecurityError...: a JsException in Pyodide
            self.write_failed = True
            return False
        self.write_failed = False
        return True

    def _remove(self, key: str) -> bool:
        if self.backend is None or not self.available:
            return False
        try:
            self.backend.removeItem(key)
        except Exception:
            self.write_failed = True
            return False
        return True

    def _keys(self) -> list[str]:
        if self.backend is None or not self.available:
            return []
        try:
            keys = [self.backend.key(i) for i in range(int(self.backend.length))]
        except Exception:
            return []
        return [k for k in keys if isinstance(k, str)]

    def _failed(self, game: SavedGame | None = None) -> Result:
        warn = not self._warned
        self._warned = True
        return Result(FAILED, game, warn)

    def _backup(self, what: str, raw: str) -> str | None:
        """Copy ``raw`` to a new backup key; the key, or None if the browser refused."""
        base = f"{BACKUP_PREFIX}{what}:{self.clock()}"
        key, n = base, 1
        while self._get(key) is not None:
            n += 1
            key = f"{base}-{n}"
        return key if self._set(key, raw) else None

    # --- start-up ------------------------------------------------------------------------------------------

    def load(self, *, read_sheet: bool = True) -> Loaded:
        """Read everything at start-up. Never raises: damaged data is backed up and reported, the rest kept.

        ``read_sheet=False`` leaves the score sheet for :meth:`sheet_reading`, to read in slices after the first
        screen is up (a big sheet then costs the start nothing).
        """
        problems: list[Problem] = []
        if self.backend is None:
            self.available = False
            return Loaded(None, self.sheet, (Problem(STORAGE_UNAVAILABLE),))
        try:
            self.backend.getItem(PROBE_KEY)  # a small key: the sheet may be megabytes
        except Exception as err:
            self.available = False
            return Loaded(None, self.sheet, (Problem(STORAGE_UNAVAILABLE, str(err)),))
        if read_sheet:
            self.sheet = self._read_sheet(problems, repair=True)
        else:
            self.sheet_pending = True
        game = self._read_game(problems)
        if not self._set(PROBE_KEY, self.clock()) or not self._remove(PROBE_KEY):
            self._warned = True
            problems.append(Problem(WRITE_FAILED, "The browser refused a test write."))
        return Loaded(game, self.sheet, tuple(problems))

    def _read_sheet(self, problems: list[Problem], *, repair: bool) -> ScoreSheet:
        """The stored sheet, or what is valid of it; damaged text is backed up first (``repair``)."""
        return Stepper(self._read_sheet_steps(problems, repair=repair)).run()

    def sheet_reading(self) -> Stepper[tuple[Problem, ...]]:
        """Read the stored sheet a slice at a time (after ``load(read_sheet=False)``).

        In the page: ``while (problems := reading.step(0.02)) is None: await asyncio.sleep(0)``; then show
        the problems and the sheet (``store.sheet``). Until then the sheet shows what this tab added.
        """
        return Stepper(self._sheet_reading_steps(), quiet_gc=True)

    def _sheet_reading_steps(self) -> Generator[None, None, tuple[Problem, ...]]:
        problems: list[Problem] = []
        sheet = yield from self._read_sheet_steps(problems, repair=True)
        self.sheet = merge(sheet, self.sheet)[0]  # matches this tab recorded meanwhile are kept
        self.sheet_pending = False
        return tuple(problems)

    def _read_sheet_steps(self, problems: list[Problem], *, repair: bool) -> Generator[None, None, ScoreSheet]:
        raw = self._get(SHEET_KEY)
        self._sheet_text = raw
        if raw is None:
            return ScoreSheet()
        try:
            sheet, dropped = yield from read_sheet_steps(raw, salvage=True)
        except NewerVersionError as err:
            self.sheet_locked = True
            problems.append(Problem(NEWER_SHEET, str(err)))
            return ScoreSheet()
        except Exception as err:  # a bug must not stop the game from starting: treat as unreadable
            sheet, dropped = ScoreSheet(), [f"The score sheet could not be read ({err!r})."]
        if not dropped:
            return sheet
        if not repair:
            problems.append(Problem(CORRUPT_SHEET, " ".join(dropped[:3])))
            return sheet
        key = self._backup("sheet", raw)
        if key is None:
            self.sheet_locked = True  # no copy of the original anywhere else: do not write over it
            self.unsaved_damaged[SHEET_KEY] = raw
            problems.append(Problem(BACKUP_FAILED, " ".join(dropped[:3])))
            return sheet
        self.sheet_locked = False
        problems.append(Problem(CORRUPT_SHEET, " ".join(dropped[:3]), key))
        text = yield from dump_sheet_steps(sheet, self._written)
        if self._set(SHEET_KEY, text):
            self._sheet_text = text
        return sheet

    def _read_game(self, problems: list[Problem]) -> SavedGame | None:
        """The stored match; damaged text is backed up and removed, newer text left alone."""
        raw = self._get(GAME_KEY)
        self._game_text = raw
        self.game_locked = False
        self.conflict = False
        if raw is None:
            return None
        try:
            game = load_game(raw)
        except NewerVersionError as err:
            self.game_locked = True
            problems.append(Problem(NEWER_GAME, str(err)))
            return None
        except Exception as err:  # DataError, or a bug in replaying: never crash at start
            detail = str(err) if isinstance(err, DataError) else f"The saved match could not be read ({err!r})."
            key = self._backup("game", raw)
            if key is None:
                self.game_locked = True  # until the player has downloaded it (see rescued())
                self.unsaved_damaged[GAME_KEY] = raw
                problems.append(Problem(BACKUP_FAILED, detail))
                return None
            self._remove(GAME_KEY)
            self._game_text = self._get(GAME_KEY)
            problems.append(Problem(CORRUPT_GAME, detail, key))
            return None
        self._revision = game.revision
        return game

    # --- the match in progress -----------------------------------------------------------------------------

    def save_game(self, game: SavedGame, *, force: bool = False) -> Result:
        """Save the match after an action. ``force`` overwrites another tab's changes (the player chose so).

        The stored revision becomes one more than any seen; the returned ``Result.game`` carries it.
        """
        if not self.available:
            return Result(UNAVAILABLE)
        if self.game_locked:
            if GAME_KEY in self.unsaved_damaged:  # not silently: the player must download the damaged data first
                self.unsaved_game = game
                return self._failed(game)
            return Result(LOCKED)
        current = self._get(GAME_KEY)
        if not self.available:
            return Result(UNAVAILABLE)
        if current != self._game_text:
            if _is_newer_game(current):
                self.game_locked = True
                return Result(LOCKED)
            if not force:
                self.conflict = True
                return Result(CONFLICT)
        seen = peek_revision(current) if current is not None else None
        revision = max(self._revision, seen[1] if seen else 0) + 1
        saved = replace(game, revision=revision)
        text = dump_game(saved)
        if not self._set(GAME_KEY, text):
            self.unsaved_game = saved
            return self._failed(saved)
        self._game_text, self._revision, self.conflict = text, revision, False
        self.unsaved_game = None
        return Result(SAVED, saved)

    def clear_game(self, *, force: bool = False) -> Result:
        """Forget the match in progress (after recording a finished one, or when the players abandon it)."""
        if not self.available:
            return Result(UNAVAILABLE)
        if self.game_locked:
            return Result(LOCKED)
        current = self._get(GAME_KEY)
        if current != self._game_text and not force:
            self.conflict = True
            return Result(CONFLICT)
        if _is_newer_game(current):
            self.game_locked = True
            return Result(LOCKED)
        if current is not None and not self._remove(GAME_KEY):
            return self._failed()
        self._game_text, self.conflict, self.unsaved_game = None, False, None
        return Result(SAVED)

    def reload_game(self) -> Loaded:
        """Take the stored match as it is now (after a conflict: "load the other tab's match")."""
        problems: list[Problem] = []
        game = self._read_game(problems)
        return Loaded(game, self.sheet, tuple(problems))

    # --- the score sheet -----------------------------------------------------------------------------------

    def _store_sheet(self, extra: ScoreSheet) -> Result:
        return Stepper(self._store_sheet_steps(extra)).run()

    def _store_sheet_steps(self, extra: ScoreSheet) -> Generator[None, None, Result]:
        """Merge the stored sheet (another tab may have added to it), this tab's sheet and ``extra``; write."""
        stored = None
        changed = self.sheet_pending or self._get(SHEET_KEY) != self._sheet_text
        if self.available and not self.sheet_locked and changed:
            stored = yield from self._read_sheet_steps([], repair=True)  # changed since this tab read it
            self.sheet_pending = False
        base = (yield from merge_steps(stored, self.sheet))[0] if stored is not None else self.sheet
        self.sheet = (yield from merge_steps(base, extra))[0]
        if not self.available:
            return Result(UNAVAILABLE)
        if self.sheet_locked:
            self.unsaved_records.update((r.id, r) for r in extra.matches)
            return self._failed() if SHEET_KEY in self.unsaved_damaged else Result(LOCKED)
        text = yield from dump_sheet_steps(self.sheet, self._written)
        if not self._set(SHEET_KEY, text):
            self.unsaved_records.update((r.id, r) for r in extra.matches)
            return self._failed()
        self._sheet_text = text
        self.unsaved_records.clear()  # every match of this tab's sheet is stored now
        return Result(SAVED)

    def record_finished(self, record: MatchRecord) -> Result:
        """Add a finished match to the sheet (a match already there, by id, is not added twice)."""
        return self._store_sheet(ScoreSheet((record,)))

    def finish_match(self, record: MatchRecord, *, clear: bool = True) -> Result:
        """Put a finished match on the sheet, then forget the saved match in progress (``clear``) — but only
        once the sheet is written: until then the saved match is the only stored copy of its scores."""
        result = self.record_finished(record)
        if result.ok and clear:
            self.clear_game()
        return result

    # --- when storage is full ------------------------------------------------------------------------------

    def at_risk(self) -> AtRisk:
        """What is kept on this device and what is not, right now."""
        return AtRisk(
            kept_matches=len(self.sheet.matches) - len(self.unsaved_records),
            kept_match=self._game_text is not None,
            match=self.unsaved_game is not None,
            finished=len(self.unsaved_records),
            damaged=len(self.unsaved_damaged),
        )

    def rescue(self) -> Rescue | None:
        """Exactly the data storage could not keep, as one file to download; None if nothing is at risk.

        A JSON object ``{"type": "zero-rescue", "schema": 1, "saved_at", "match_in_progress"?: <saved match>,
        "finished_matches"?: <score sheet of the matches not stored>, "damaged"?: [{"key", "text"}]}``; its
        ``finished_matches`` part is a score sheet ``import_json`` reads.
        """
        if not (self.unsaved_game or self.unsaved_records or self.unsaved_damaged):
            return None
        doc: dict[str, Any] = {"type": RESCUE_TYPE, "schema": 1, "saved_at": self.clock()}
        if self.unsaved_game is not None:
            doc["match_in_progress"] = self.unsaved_game.to_dict()
        if self.unsaved_records:
            doc["finished_matches"] = ScoreSheet(tuple(self.unsaved_records.values())).to_dict()
        if self.unsaved_damaged:
            doc["damaged"] = [{"key": key, "text": raw} for key, raw in self.unsaved_damaged.items()]
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
        return Rescue(f"zero-rescue-{str(doc['saved_at'])[:10]}.json", text)

    def rescued(self) -> None:
        """The player has downloaded the rescue file: damaged data no longer blocks saving (the next write
        replaces it). Unsaved matches stay at risk until a write succeeds."""
        if self.unsaved_damaged.pop(GAME_KEY, None) is not None:
            self.game_locked = False
            self._game_text = self._get(GAME_KEY)
        if self.unsaved_damaged.pop(SHEET_KEY, None) is not None:
            self.sheet_locked = False
            self._sheet_text = self._get(SHEET_KEY)  # the next write replaces it with what was valid in it

    def retry(self) -> Result:
        """Write what is not stored yet (after space was freed or damaged data downloaded): the score sheet
        if finished matches are missing from it. The match in progress is written by the next save_game."""
        if not self.unsaved_records:
            return Result(SAVED)
        return self._store_sheet(ScoreSheet())

    def trim_history(self, keep: int) -> Result:
        """Free space: keep only the ``keep`` newest finished matches in storage (export the sheet first).

        One write replaces the stored sheet: if it fails, nothing is removed.
        """
        if not self.available:
            return Result(UNAVAILABLE)
        if self.sheet_locked:
            return Result(LOCKED)
        kept = self.sheet.history()[: max(keep, 0)]
        ids = {r.id for r in kept}
        trimmed = ScoreSheet(tuple(r for r in self.sheet.matches if r.id in ids))
        text = Stepper(dump_sheet_steps(trimmed, self._written)).run()
        if not self._set(SHEET_KEY, text):
            return self._failed()
        self.sheet, self._sheet_text = trimmed, text
        self.unsaved_records.clear()
        return Result(SAVED)

    def clear_history(self) -> Result:
        """Delete every finished match (ask the player first). A newer version's sheet is left alone."""
        if not self.available:
            self.sheet = ScoreSheet()
            return Result(UNAVAILABLE)
        if self.sheet_locked:
            return Result(LOCKED)
        self.sheet, self.sheet_pending = ScoreSheet(), False
        text = dump_sheet(self.sheet)
        if not self._set(SHEET_KEY, text):
            return self._failed()
        self._sheet_text = text
        return Result(SAVED)

    def export_json(self) -> str:
        """The whole score sheet as a JSON file's text (readable by :meth:`import_json` on any device)."""
        return json.dumps(self.sheet.to_dict(), ensure_ascii=False, indent=1) + "\n"

    def export_csv(self) -> str:
        """Every round of every match as CSV, one row per player per round."""
        return sheet_csv(self.sheet)

    def import_json(self, text: str | bytes) -> ImportResult:
        """Merge a score-sheet file into the sheet without duplicating matches; a bad file changes nothing."""
        return self.importing(text).run()

    def importing(self, text: str | bytes) -> Stepper[ImportResult]:
        """:meth:`import_json` a slice at a time: ``step(0.02)`` until it returns the ``ImportResult``."""
        return Stepper(self._import_steps(text), quiet_gc=True)

    def _import_steps(self, text: str | bytes) -> Generator[None, None, ImportResult]:
        try:
            if _is_rescue(text):  # a file from rescue(): its finished matches
                data = load_json(text, "rescue file", max_chars=MAX_SHEET_CHARS)
                part = data.get("finished_matches") if isinstance(data, dict) else None
                incoming = sheet_from_data(part if part is not None else ScoreSheet().to_dict())
            else:
                incoming, _ = yield from read_sheet_steps(text, salvage=False)
        except NewerVersionError as err:
            return ImportResult(REJECTED, problem=Problem(NEWER_IMPORT, str(err)))
        except DataError as err:
            return ImportResult(REJECTED, problem=Problem(BAD_IMPORT, str(err)))
        added = len(incoming.ids() - self.sheet.ids())
        result = yield from self._store_sheet_steps(incoming)
        return ImportResult(result.status, added, len(incoming.matches) - added, warn=result.warn)

    # --- backups -------------------------------------------------------------------------------------------

    def list_backups(self) -> list[str]:
        """The keys of the backups of damaged data, newest first."""
        return sorted((k for k in self._keys() if k.startswith(BACKUP_PREFIX)), reverse=True)

    def backup_text(self, key: str) -> str | None:
        """The raw text kept under a backup key (offer it as a file to download)."""
        return self._get(key) if key.startswith(BACKUP_PREFIX) else None

    def remove_backup(self, key: str) -> bool:
        """Delete one backup (after the player has exported it)."""
        return key.startswith(BACKUP_PREFIX) and self._remove(key)

    # --- another game's documents ----------------------------------------------------------------------------

    def read(self, key: str) -> str | None:
        """The text under another document's ``key`` (the quiz's), or None; never raises."""
        return self._get(key) if key.startswith(PREFIX) and key not in (GAME_KEY, SHEET_KEY) else None

    def write(self, key: str, value: str) -> Result:
        """Write another document's ``key``; a refused write warns once, as for the match."""
        if not key.startswith(PREFIX) or key in (GAME_KEY, SHEET_KEY):
            raise ValueError(f"{key!r} is not a key for another document.")
        return Result(SAVED) if self._set(key, value) else self._failed()

    def remove(self, key: str) -> bool:
        """Delete another document's ``key``."""
        return key.startswith(PREFIX) and key not in (GAME_KEY, SHEET_KEY) and self._remove(key)

    # --- other tabs ----------------------------------------------------------------------------------------

    def on_storage_event(self, key: str | None, new_value: str | None) -> StorageChange | None:
        """Handle a ``storage`` event (another tab wrote): what changed, or None if it does not concern us.

        A changed match sets ``conflict``: the next :meth:`save_game` will not overwrite it unless forced.
        A changed sheet replaces this tab's sheet (finished matches are merged in when written).
        """
        if key is None:  # the other tab cleared all of this site's storage
            self.sheet = ScoreSheet()
            self.sheet_locked = False
            if self._game_text is not None:
                self.conflict = True
            return StorageChange("all")
        if key == GAME_KEY:
            if new_value == self._game_text:
                return None
            self.conflict = True
            if new_value is None:
                return StorageChange("game")
            try:
                return StorageChange("game", load_game(new_value))
            except NewerVersionError as err:
                return StorageChange("game", problem=Problem(NEWER_GAME, str(err)))
            except Exception as err:
                return StorageChange("game", problem=Problem(CORRUPT_GAME, str(err)))
        if key == SHEET_KEY:
            problems: list[Problem] = []
            self.sheet_locked = False
            self.sheet = self._read_sheet(problems, repair=False)
            return StorageChange("sheet", problem=problems[0] if problems else None)
        return None


def export_filename(kind: str, when: str) -> str:
    """A download name such as ``zero-score-sheet-2025-05-01.json`` (``kind``: "json" or "csv")."""
    return f"zero-score-sheet-{when[:10]}.{kind}"
