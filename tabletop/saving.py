"""Saved data for every game, as pure transitions: when to save, what a storage outcome means for the players.

A game keeps a frozen :class:`Persist` in its state (the saved game's id and revision, whether another tab
disagrees…) and describes its documents to the shell with a :class:`Keeper`.  The functions here turn a
trigger (save now, the game is over, the players chose "load the other tab's game") into effects, and
every outcome (``Read``, ``Wrote``, ``Merged``, ``Elsewhere``…) into the next state and its notices, the
same way for every game: a promise made here holds for every game by construction.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .effects import (
    Add,
    BeforeUpdate,
    Clear,
    Clock,
    Download,
    Effect,
    Effects,
    Elsewhere,
    ExportBackup,
    FileChosen,
    Import,
    KeepData,
    Load,
    Merged,
    Now,
    PickFile,
    Put,
    Read,
    Rescue,
    Retry,
    Started,
    Write,
    Wrote,
)
from .errors import DataError
from .notes import Note, dismiss, notify, with_shell
from .store import AtRisk, Code, Problem, Status


class Data(StrEnum):
    """The players' commands about saved data, the same in every game (``data-action`` hooks)."""

    EXPORT_JSON = "export-json"
    EXPORT_CSV = "export-csv"
    EXPORT_BACKUP = "export-backup"
    EXPORT_RESCUE = "export-rescue"
    FREE_SPACE = "free-space"
    IMPORT = "import"
    LOAD_THEIRS = "load-theirs"
    KEEP_MINE = "keep-mine"
    CLEAR_HISTORY = "clear-history-yes"


@dataclass(frozen=True)
class Persist:
    """What the saved data looks like from this tab: part of the game's state, changed only by ``handle``."""

    id: str | None = None  # the saved game's id (None: the game on the table is not saved yet)
    serial: int = -1  # the table's game serial that id belongs to (a new game gets a new id)
    conflicted: bool = False  # another tab changed the saved game: this tab waits for the players' choice
    unsaved: bool = False  # a change of the game that is not in storage yet
    asked: bool = False  # the browser was asked to keep this site's data
    done: bool = False  # the game on the table is on the score sheet and forgotten: nothing more to save
    warned: bool = False  # the players were told that storage refused a write (they are told once)
    backups: tuple[str, ...] = ()  # backups of this game's damaged documents, newest first
    sheet_ready: bool = False  # the score sheet has been read
    waiting: tuple[str, ...] = ()  # files asked for (export, free space) while the sheet was still being read


class Kept(Protocol):
    """A game's state as the shell sees it: a frozen dataclass with its notices, saved data and game serial."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def notes(self) -> tuple[Note, ...]: ...
    @property
    def persist(self) -> Persist: ...
    @property
    def serial(self) -> int: ...
    @property
    def history(self) -> object:
        """The game's score sheet as this tab knows it."""


S = TypeVar("S", bound=Kept)
Result = tuple[S, Effects]
V = TypeVar("V")


class Keeper(Protocol, Generic[S]):
    """What a game tells the shell about its saved data: its documents' names and its part of every decision.

    A score sheet is optional: a keeper whose ``sheet`` is ``None`` keeps only the game in progress (forgotten
    once it is finished), and its ``finished``, ``export`` and ``trimmed`` are never called.

    Saved values and sheets are ``object`` here: the shell only carries them between the game's keeper and its
    documents (``store.Spec``), so a keeper takes back what its documents read and narrows it to its own type
    (``narrowed``: anything else is ``DataError``, reported as any failed message is).
    """

    name: str  # the game's file-name prefix: "zero", "zero-a-1000"
    slot: str  # the document of the game in progress

    @property
    def sheet(self) -> str | None:
        """The score sheet (a ledger), or ``None``: the game keeps none."""

    def playing(self, s: S) -> bool:
        """Whether a game is on the table (so another tab's change to the saved game is a conflict)."""

    def saved(self, s: S, now: str) -> object:
        """The slot's value for the game on the table, dated ``now`` (``None``: nothing to save)."""

    def ident(self, value: object) -> str:
        """A saved game's id."""

    def finished(self, s: S, now: str) -> object:
        """The score sheet's entry (a ledger value) for the finished game on the table."""

    def resume(self, s: S, value: object) -> Result[S]:
        """Continue a saved game read from storage."""

    def set_up(self, s: S) -> Result[S]:
        """No game to go on with (the other tab's was finished): back to the set-up."""

    def export(self, s: S, kind: str, today: str) -> Download | None:
        """The score sheet as a file of ``kind`` ("json" or "csv"), or None if the game has no such export."""

    def trimmed(self, sheet: object) -> object:
        """The sheet with only its newer half (to free space)."""

    def after_save(self, s: S, now: str) -> Result[S]:
        """What else to keep after a save (the quiz's questions already shown)."""


def narrowed(value: object, kind: type[V], what: str) -> V:
    """``value`` (a saved value or a sheet handed back to a keeper) as the game's own ``kind``; anything else is not
    ``what`` (the game's document): ``DataError``."""
    if not isinstance(value, kind):
        raise DataError(f"Not {what}: {type(value).__name__}.")
    return value


ALERTS = (Code.UNAVAILABLE, Code.WRITE_FAILED, Code.CORRUPT, Code.BACKUP_FAILED, Code.CONFLICT, Code.BAD_IMPORT,
          Code.NEWER_IMPORT)
# Notices a successful write makes obsolete.
WRITE_NOTES = ("storage.write-failed", "storage.at-risk")
IMPORT_NOTES = ("storage.imported", "storage.bad-import", "storage.newer-import")


def problem_actions(problem: Problem) -> tuple[tuple[StrEnum, str, str], ...]:
    """The buttons of a problem's notice: (command, argument, label key)."""
    if problem.key:
        return ((Data.EXPORT_BACKUP, problem.key, "storage.export-backup"),)
    if problem.code is Code.BACKUP_FAILED:
        return ((Data.EXPORT_RESCUE, "", "storage.export-rescue"),)
    if problem.code is Code.WRITE_FAILED:
        return ((Data.EXPORT_RESCUE, "", "storage.export-rescue"), (Data.FREE_SPACE, "", "storage.free-space"))
    return ()


def show_problem(s: S, problem: Problem, risk: AtRisk | None = None) -> S:
    """``s`` telling the players about ``problem`` (with what storage keeps and not, after a failed write)."""
    s = notify(s, problem.message_key, alert=problem.code in ALERTS, actions=problem_actions(problem))
    if problem.code is Code.WRITE_FAILED:
        s = notify(s, "storage.at-risk", alert=True, risk=risk or AtRisk(0, False, False, 0, 0))
    return s


def _persist(s: S, **changes: Any) -> S:
    return with_shell(s, persist=replace(s.persist, **changes))


# ---- triggers -----------------------------------------------------------------------------------------


def start(k: Keeper[S]) -> Effects:
    """What every game reads as it opens: its saved game at once, its score sheet (if it keeps one) in slices."""
    return (Load(k.slot), *((Load(k.sheet, slices=True),) if k.sheet is not None else ()))


def save(s: S, *, force: bool = False) -> Result[S]:
    """Save the game on the table (after every change); not while another tab's change waits for the players."""
    if s.persist.conflicted and not force:
        return s, ()
    return _persist(s, unsaved=True), (Now("save-force" if force else "save"),)


def record(s: S) -> Result[S]:
    """The game is over: put it on the score sheet (the saved game is forgotten once the sheet holds it)."""
    return s, (Now("record"),)


def abandon(s: S, slot: str) -> Result[S]:
    """The players started another game: the last one (in document ``slot``) is no longer the game to resume."""
    effects: Effects = (Clear(slot),) if s.persist.id is not None and not s.persist.conflicted else ()
    return _persist(s, id=None), effects


def command(k: Keeper[S], s: S, cmd: Data, arg: str) -> Result[S]:
    """A player's command about saved data."""
    if k.sheet is None and cmd in (Data.EXPORT_JSON, Data.EXPORT_CSV, Data.FREE_SPACE, Data.IMPORT,
                                   Data.CLEAR_HISTORY):
        return s, ()  # no score sheet: nothing to export, import, trim or clear
    if cmd in (Data.EXPORT_JSON, Data.EXPORT_CSV, Data.FREE_SPACE):
        if not s.persist.sheet_ready:  # a big sheet is read in slices: the file would miss what is not read yet,
            # and freeing space would replace the stored sheet with that part; done once it has been read
            return _persist(s, waiting=(*(w for w in s.persist.waiting if w != cmd), cmd)), ()
        return s, (Now(f"data:{cmd}"),)  # the file's name carries the date
    if cmd is Data.EXPORT_BACKUP:
        if not arg.startswith("zero-knizia:backup:"):
            return s, ()
        stamp = arg.rsplit(":", 2)[-2] if arg.count(":") >= 3 else ""
        return s, (ExportBackup(arg, f"{k.name}-backup-{stamp}.json".replace(":", "")),)
    if cmd is Data.EXPORT_RESCUE:
        return s, (Rescue(),)
    if cmd is Data.IMPORT:
        return s, (PickFile(),)
    if cmd is Data.CLEAR_HISTORY and k.sheet is not None:
        return s, (Put(k.sheet, None, "clear"),)
    if cmd is Data.LOAD_THEIRS:
        s = dismiss(_persist(s, conflicted=False, id=None), "storage.conflict")
        return s, (Load(k.slot),)
    if cmd is Data.KEEP_MINE:
        s = dismiss(_persist(s, conflicted=False), "storage.conflict")
        return save(s, force=True) if k.playing(s) and s.persist.id is not None else (s, ())
    raise ValueError(f"Unknown data command {cmd!r}.")


# ---- outcomes -------------------------------------------------------------------------------------------


def outcome(k: Keeper[S], s: S, message: object) -> Result[S] | None:
    """The next state for a storage outcome or event (``None``: ``message`` is not one)."""
    match message:
        case Started(problems):
            for problem in problems:
                s = show_problem(s, problem)
            return s, ()
        case Read(doc, loaded, backups):
            s = _persist(s, backups=backups)
            for problem in loaded.problems:
                s = show_problem(s, problem)
            if doc == k.sheet:
                asked = tuple(Now(f"data:{cmd}") for cmd in s.persist.waiting)
                return _persist(with_shell(s, history=loaded.value), sheet_ready=True, waiting=()), asked
            if doc == k.slot and loaded.value is not None:
                return _resumed(k, s, loaded.value)
            if doc == k.slot and k.playing(s) and s.persist.id is None and s.persist.serial >= 0:
                return k.set_up(s)  # the other tab's game was finished: nothing to go on with
            return s, ()
        case Clock(now, tag):
            return _dated(k, s, now, tag)
        case Wrote():
            return _wrote(k, s, message)
        case Merged(doc, imported, risk):
            s = dismiss(s, *IMPORT_NOTES)
            if imported.status is Status.REJECTED and imported.problem is not None:
                return notify(s, imported.problem.message_key, alert=True), ()
            s = notify(s, "storage.imported", added=imported.added, duplicates=imported.duplicates)
            if imported.status is Status.FAILED:
                s = _persist(show_problem(s, Problem(Code.WRITE_FAILED), risk), warned=True)
            return (with_shell(s, history=imported.value) if imported.value is not None else s), ()
        case FileChosen(text, ""):  # a score sheet (a tagged file is its game's own)
            return s, ((Import(k.sheet, text),) if k.sheet is not None else ())
        case Elsewhere(changes):
            for change in changes:
                if change.doc == k.slot and (s.persist.id is not None or k.playing(s)):
                    s = _conflict(s)
                elif change.doc == k.sheet and change.value is not None:
                    s = with_shell(s, history=change.value)
            return s, ()
        case BeforeUpdate():
            return save(s) if s.persist.unsaved else (s, ())
    return None


def _resumed(k: Keeper[S], s: S, value: object) -> Result[S]:
    after, effects = k.resume(s, value)
    return _persist(after, id=k.ident(value), serial=after.serial, unsaved=False), effects


def _conflict(s: S) -> S:
    s = _persist(s, conflicted=True)
    return notify(s, "storage.conflict", alert=True, actions=(
        (Data.LOAD_THEIRS, "", "storage.load-theirs"), (Data.KEEP_MINE, "", "storage.keep-mine")))


def _dated(k: Keeper[S], s: S, now: str, tag: str) -> Result[S]:
    """A save, a record or a file to download, now that its date is known."""
    if tag.startswith("data:"):
        cmd = Data(tag.removeprefix("data:"))
        file = k.export(s, "csv" if cmd is Data.EXPORT_CSV else "json", now)
        files: Effects = (file,) if file is not None else ()
        if cmd is Data.FREE_SPACE and k.sheet is not None:  # the whole sheet first, then its oldest half leaves
            return s, (*files, Put(k.sheet, k.trimmed(s.history), "trim"))
        return s, files
    if tag == "record":
        if k.sheet is None:  # nothing to put it on: the finished game is simply no longer one to resume
            kept = s.persist.id is not None and not s.persist.conflicted
            effects: tuple[Effect, ...] = (Clear(k.slot),) if kept else ()
            return _persist(s, id=None, done=True, serial=s.serial), effects
        effects = (Add(k.sheet, k.finished(s, now), "finished"),)
        return s, effects
    force = tag == "save-force"
    if s.persist.conflicted and not force:
        return s, ()
    effects = ()
    if s.persist.done and s.persist.serial == s.serial:
        return s, ()  # finished and recorded: nothing left to resume
    if s.persist.id is None or s.persist.serial != s.serial:
        s = _persist(s, id=None, serial=s.serial, done=False)
        if not s.persist.asked:  # asked when a person starts a game (a tap), not at load: Firefox asks them
            s = _persist(s, asked=True)
            effects = (KeepData(),)
    value = k.saved(s, now)
    if value is None:
        return s, effects
    s = _persist(s, id=k.ident(value))
    s, more = k.after_save(s, now)
    return s, (*effects, Write(k.slot, value, force=force), *more)


def _wrote(k: Keeper[S], s: S, w: Wrote) -> Result[S]:
    written, tag = w.written, w.tag
    s = _persist(s, backups=w.backups)
    if w.doc == k.slot and written.ok:
        s = dismiss(_persist(s, unsaved=False) if tag != "clear" else s, *WRITE_NOTES)
    elif w.doc == k.slot and written.status is Status.CONFLICT:
        s = _conflict(s)
    elif written.status is Status.FAILED and not s.persist.warned:
        s = _persist(show_problem(s, Problem(Code.WRITE_FAILED), w.risk), warned=True)  # this game's first: once
    elif written.status is Status.FAILED and w.risk is not None:
        s = notify(s, "storage.at-risk", alert=True, risk=w.risk)  # what is at risk now, not at the first refusal
    if w.doc == k.sheet and written.value is not None:
        s = with_shell(s, history=written.value)
    effects: Effects = ()
    if tag == "finished":
        if written.ok and not s.persist.conflicted:  # only once the sheet holding its result is written
            effects = (Clear(k.slot),)
            s = _persist(s, id=None, done=True)
    elif tag in ("trim", "rescue") and (written.ok or tag == "rescue"):
        effects = (Retry(),) if tag == "trim" else ()
        s, more = save(s) if k.playing(s) and s.persist.id is not None else (s, ())
        effects = (*effects, *more)
    return s, effects


__all__ = ["Data", "Keeper", "Persist", "abandon", "command", "narrowed", "outcome", "record", "save", "show_problem",
           "start"]
