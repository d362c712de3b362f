"""Every game's saved documents in the browser's ``localStorage``: one store, one set of promises, many documents.

A document is described by a :class:`Spec`: its key, its :class:`~tabletop.documents.DocType`, how to read and
write it (a slice at a time), and its shape:

- a **slot** holds one value that this tab replaces on every save (a game in progress, the device's
  preferences): each write carries a revision one more than any seen, and a write over text that another
  tab changed since this tab read or wrote it is refused as a ``CONFLICT`` unless forced;
- a **ledger** is a collection that only grows by merging (a score sheet, the questions already shown):
  every write first merges what is stored (another tab may have added to it), so nothing is lost.

The promises, the same for every document of every game:

- reading goes through the JSON door (size and depth guard), the header check and the migrations before any
  game code decodes the data; it never raises: problems come back as :class:`Problem` values;
- damaged text is copied to a backup key *before* anything is repaired or removed; when even the backup
  cannot be written, the original stays untouched, the document is locked (nothing is written over it) and
  the text is kept for the rescue file;
- a document written by a newer version is left untouched and never written over;
- a refused write (storage full, switched off) loses nothing in this tab: what was not stored is listed by
  :meth:`Store.at_risk` and offered as one file by :meth:`Store.rescue`.

No browser import: a :class:`Store` works over any *backend* with the Web Storage methods (``getItem``,
``setItem``, ``removeItem``, ``key`` and ``length``); in the page ``window.localStorage``, in tests a dict.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from .documents import DocType, Stepper, load_json
from .errors import DataError, NewerVersionError
from .ids import timestamp

T = TypeVar("T")
Steps = Generator[None, None, T]

PREFIX = "zero-knizia:"  # GitHub Pages gives all of a user's project sites one origin: every key carries this
BACKUP_PREFIX = PREFIX + "backup:"
PROBE_KEY = PREFIX + "probe"
RESCUE_TYPE = "zero-rescue"


class Shape(StrEnum):
    """How a document changes: replaced (a slot) or merged into (a ledger)."""

    SLOT = "slot"
    LEDGER = "ledger"


class Status(StrEnum):
    """The outcome of a write."""

    SAVED = "saved"  # written
    FAILED = "failed"  # the browser refused the write (quota, storage switched off): nothing written
    CONFLICT = "conflict"  # another tab changed the slot since this tab last read or wrote it
    LOCKED = "locked"  # the stored document is from a newer version (or could not be backed up): left untouched
    UNAVAILABLE = "unavailable"  # no storage at all in this browser
    REJECTED = "rejected"  # an import file that is not readable: nothing changed


class Code(StrEnum):
    """What went wrong, for the player's notice (``Problem.message_key``)."""

    UNAVAILABLE = "storage-unavailable"
    WRITE_FAILED = "write-failed"
    CORRUPT = "corrupt"  # of a document: part of it (a ledger) or all of it (a slot) could not be read; backed up
    BACKUP_FAILED = "backup-failed"  # damaged and no room for a backup: left untouched until downloaded
    NEWER = "newer"  # of a document: written by a newer version; left untouched
    CONFLICT = "conflict"
    BAD_IMPORT = "bad-import"
    NEWER_IMPORT = "newer-import"


#: Codes that are about one document: their message names it (``storage.corrupt-sheet``).
DOCUMENT_CODES = (Code.CORRUPT, Code.NEWER)


class Backend(Protocol):
    """The part of the Web Storage API (``window.localStorage``) the store uses."""

    @property
    def length(self) -> int: ...  # read-only, as in the browser

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - the browser's names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...


@dataclass(frozen=True)
class Document:
    """A document as a game names it to the shell (``Plugin.docs``): its name, its storage key, its type and
    shape.  Each is a :class:`Spec` of its own value's type, which only the game and the store look into."""

    name: str
    key: str
    doc: DocType
    shape: Shape


@dataclass(frozen=True)
class Spec(Document, Generic[T]):
    """A document a game keeps: where, what, how it is read and written, and its shape.

    ``read(text, salvage)`` is a generator (one step per item, for a :class:`~tabletop.documents.Stepper`)
    returning the value and a message per part it had to drop (with ``salvage=False`` it raises instead);
    it raises ``NewerVersionError`` for a newer version and ``DataError`` for text that is not this
    document.  ``dump(value)`` returns the text.  A ledger also has ``empty`` and ``merge(a, b)`` (a
    generator too), and ``size(value)`` counts its items; a slot has ``revision(value)``,
    ``with_revision(value, n)`` and ``peek(text)`` (the stored revision, cheaply).  ``quiet`` documents
    (device preferences) report no problem to the player: losing them costs nothing but a choice.
    """

    read: Callable[[str, bool], Steps[tuple[T, list[str]]]]
    dump: Callable[[T], Steps[str]]
    empty: T | None = None
    merge: Callable[[T, T], Steps[T]] | None = None
    size: Callable[[T], int] = lambda value: 1
    revision: Callable[[T], int] = lambda value: 0
    with_revision: Callable[[T, int], T] = lambda value, revision: value
    peek: Callable[[str], int | None] = lambda text: None
    quiet: bool = False
    conflicts: bool = True  # a slot: refuse to write over another tab's change
    rescue_names: tuple[str, ...] = ()  # where older rescue files kept this document
    role: str = ""  # what the document is to the players ("game", "sheet", "seen"), for its notices' words

    @property
    def kind(self) -> str:
        """The document's role in the notices' keys (``storage.corrupt-<kind>``): ``role``, else ``name``."""
        return self.role or self.name

    def read_all(self, text: str, salvage: bool = False) -> tuple[T, list[str]]:
        """``read`` at once."""
        return Stepper(self.read(text, salvage)).run()

    def dump_all(self, value: T) -> str:
        """``dump`` at once."""
        return Stepper(self.dump(value)).run()

    def merged(self, a: T, b: T) -> T:
        """``merge`` at once."""
        assert self.merge is not None
        return Stepper(self.merge(a, b)).run()


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the player should be told: a code, the document's name, an English detail, a backup key."""

    code: Code
    doc: str = ""
    detail: str = ""
    key: str | None = None  # the backup made of the damaged text

    @property
    def message_key(self) -> str:
        """The key of this problem's text in the catalogs: ``storage.corrupt-sheet``, ``storage.conflict``."""
        return f"storage.{self.code}-{self.doc}" if self.code in DOCUMENT_CODES else f"storage.{self.code}"


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """What reading a document found: its value (``None`` for an empty or unreadable slot) and the problems."""

    value: T | None
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True, slots=True)
class Written(Generic[T]):
    """The outcome of a write. ``warn`` is true only for the first failed write: tell the player once.

    ``value`` is the document as it now stands in this tab: a slot with its new revision, a ledger merged with
    what another tab stored.
    """

    status: Status
    value: T | None = None
    warn: bool = False

    @property
    def ok(self) -> bool:
        """Whether the data is now stored."""
        return self.status is Status.SAVED


@dataclass(frozen=True, slots=True)
class Imported(Generic[T]):
    """The outcome of an import into a ledger: items added, items already there, how storing went."""

    status: Status  # SAVED, or REJECTED (see problem), or a failed write's status (this tab still has them)
    value: T | None = None
    added: int = 0
    duplicates: int = 0
    problem: Problem | None = None
    warn: bool = False


@dataclass(frozen=True, slots=True)
class Changed(Generic[T]):
    """What another tab changed in one document (a ``storage`` event): its new value or the problem reading it.

    ``cleared`` when the other tab removed it (or all of this site's storage).
    """

    doc: str
    value: T | None = None
    problem: Problem | None = None
    cleared: bool = False


@dataclass(frozen=True, slots=True)
class AtRisk:
    """What storage keeps and what it does not: counts for the "storage is full" notice."""

    kept_items: int  # items (finished matches, games) of the ledgers that are stored
    kept_slot: bool  # a stored copy of the game in progress exists (maybe not its latest moves)
    slot: bool  # the game in progress has changes not stored
    items: int  # ledger items not stored
    damaged: int  # damaged stored values there was no room to back up

    @property
    def anything(self) -> bool:
        """Whether some data is not stored."""
        return self.slot or self.items > 0 or self.damaged > 0


@dataclass(frozen=True, slots=True)
class Rescue:
    """A file to offer for download: the data storage could not keep."""

    filename: str
    text: str
    mime: str = "application/json"


@dataclass
class _Doc(Generic[T]):
    """The store's bookkeeping for one document in this tab."""

    spec: Spec[T]
    text: str | None = None  # the stored text as this tab last read or wrote it
    locked: bool = False  # never write over the stored text (newer version, or damaged without a backup)
    revision: int = 0  # a slot: the highest revision seen
    value: T | None = None  # a ledger: this tab's value (stored, merged with what this tab added)
    pending: bool = False  # a ledger: the stored value is still to be read (see ``Store.reading``)
    unsaved: T | None = None  # a slot's value, or a ledger's items, that storage refused
    damaged: str | None = None  # damaged stored text there was no room to back up (see ``rescue``)


class Store:
    """A game's documents in one browser (``specs`` by name); every method that writes returns a status."""

    def __init__(self, backend: Backend | None, specs: Iterable[Document], *,
                 clock: Callable[[], str] | None = None) -> None:
        self.backend = backend
        self.clock = clock or (lambda: timestamp(datetime.now(UTC)))
        self.available = backend is not None
        self.docs: dict[str, _Doc[Any]] = {}
        self._warned = False
        self.register(specs)

    def register(self, specs: Iterable[Document]) -> None:
        """Keep more documents (a game's, when it is opened); a document already kept stays as it is."""
        for s in specs:
            if not isinstance(s, Spec):
                raise TypeError(f"{s.name}: a document the store keeps is a Spec (how it is read and written)")
            self.docs.setdefault(s.name, _Doc(s, value=s.empty))

    def spec(self, name: str) -> Spec[Any]:
        """The spec of the document ``name``."""
        return self.docs[name].spec

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
            return False
        return True

    def _remove(self, key: str) -> bool:
        if self.backend is None or not self.available:
            return False
        try:
            self.backend.removeItem(key)
        except Exception:
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

    def _failed(self, value: Any = None) -> Written[Any]:
        warn = not self._warned
        self._warned = True
        return Written(Status.FAILED, value, warn)

    def _backup(self, name: str, raw: str) -> str | None:
        """Copy ``raw`` to a new backup key; the key, or None if the browser refused."""
        base = f"{BACKUP_PREFIX}{name}:{self.clock()}"
        key, n = base, 1
        while self._get(key) is not None:
            n += 1
            key = f"{base}-{n}"
        return key if self._set(key, raw) else None

    # --- start-up ------------------------------------------------------------------------------------------

    def open(self) -> tuple[Problem, ...]:
        """Check that storage works (a small read and a test write). Never raises."""
        if self.backend is None:
            self.available = False
            return (Problem(Code.UNAVAILABLE),)
        try:
            self.backend.getItem(PROBE_KEY)  # a small key: a sheet may be megabytes
        except Exception as err:
            self.available = False
            return (Problem(Code.UNAVAILABLE, detail=str(err)),)
        if not self._set(PROBE_KEY, self.clock()) or not self._remove(PROBE_KEY):
            self._warned = True
            return (Problem(Code.WRITE_FAILED, detail="The browser refused a test write."),)
        return ()

    def load(self, name: str) -> Loaded[Any]:
        """Read document ``name`` at once (see :meth:`reading`). Never raises."""
        return Stepper(self._load_steps(name)).run()

    def reading(self, name: str) -> Stepper[Loaded[Any]]:
        """Read document ``name`` a slice at a time: ``step(budget)`` until it returns the ``Loaded``.

        A ledger read this way keeps what this tab added meanwhile (``add`` before the read has finished).
        """
        self.docs[name].pending = True
        return Stepper(self._load_steps(name), quiet_gc=True)

    def _load_steps(self, name: str) -> Steps[Loaded[Any]]:
        d = self.docs[name]
        problems: list[Problem] = []
        if not self.available:
            d.pending = False
            return Loaded(d.value if d.spec.shape is Shape.LEDGER else None,
                          () if d.spec.quiet else (Problem(Code.UNAVAILABLE),))
        value = yield from self._read_steps(d, problems, repair=True)
        if d.spec.shape is Shape.LEDGER:
            assert d.spec.merge is not None
            if d.pending and d.value is not None and value is not None:
                value = yield from d.spec.merge(value, d.value)  # added by this tab meanwhile: kept
            d.value = value
        d.pending = False
        return Loaded(value, () if d.spec.quiet else tuple(problems))

    def _read_steps(self, d: _Doc[Any], problems: list[Problem], *, repair: bool) -> Steps[Any]:
        """The stored value of ``d`` (a ledger: what is valid of it); damaged text is backed up first."""
        spec = d.spec
        raw = self._get(spec.key)
        d.text, d.locked, d.damaged = raw, False, None
        ledger = spec.shape is Shape.LEDGER
        if raw is None:
            return spec.empty if ledger else None
        try:
            value, dropped = yield from spec.read(raw, ledger)
        except NewerVersionError as err:
            d.locked = True
            problems.append(Problem(Code.NEWER, spec.kind, str(err)))
            return spec.empty if ledger else None
        except Exception as err:  # DataError, or a bug in reading: never crash at start
            detail = str(err) if isinstance(err, DataError) else f"The {spec.doc.what} could not be read ({err!r})."
            value, dropped = (spec.empty if ledger else None), [detail]
        if not dropped:
            if not ledger:
                d.revision = max(d.revision, spec.revision(value))
            return value
        if spec.quiet:
            return value
        detail = " ".join(dropped[:3])
        if not repair:  # another tab's text, read for its news: not backed up yet, so not taken as known
            problems.append(Problem(Code.CORRUPT, spec.kind, detail))
            d.text = None  # the next write reads it again and backs it up first (or keeps it, if it cannot)
            return value
        key = self._backup(spec.name, raw)
        if key is None:
            d.locked = True  # no copy of the original anywhere else: do not write over it
            d.damaged = raw
            problems.append(Problem(Code.BACKUP_FAILED, spec.kind, detail))
            return value
        problems.append(Problem(Code.CORRUPT, spec.kind, detail, key))
        if ledger:  # what was valid in it replaces it
            text = yield from spec.dump(value)
            if self._set(spec.key, text):
                d.text = text
        else:  # a slot that cannot be read cannot be resumed: the backup is its copy
            self._remove(spec.key)
            d.text = self._get(spec.key)
        return value

    # --- slots ---------------------------------------------------------------------------------------------

    def save(self, name: str, value: Any, *, force: bool = False) -> Written[Any]:
        """Write slot ``name``. ``force`` overwrites another tab's change (the player chose so).

        The stored revision becomes one more than any seen; the returned ``Written.value`` carries it.
        """
        d = self.docs[name]
        spec = d.spec
        if not self.available:
            return Written(Status.UNAVAILABLE)
        if d.locked:
            if d.damaged is not None:  # not silently: the player must download the damaged data first
                d.unsaved = value
                return self._failed(value)
            return Written(Status.LOCKED)
        current = self._get(spec.key)
        if not self.available:
            return Written(Status.UNAVAILABLE)
        if current != d.text:
            if spec.doc.is_newer(current):
                d.locked = True
                return Written(Status.LOCKED)
            if spec.conflicts and not force:
                return Written(Status.CONFLICT)
        seen = spec.peek(current) if current is not None else None
        revision = max(d.revision, seen or 0) + 1
        saved = spec.with_revision(value, revision)
        text = spec.dump_all(saved)
        if not self._set(spec.key, text):
            d.unsaved = saved
            return self._failed(saved)
        d.text, d.revision, d.unsaved = text, revision, None
        return Written(Status.SAVED, saved)

    def clear(self, name: str, *, force: bool = False) -> Written[Any]:
        """Forget slot ``name`` (a finished game, or one the players abandoned)."""
        d = self.docs[name]
        if not self.available:
            return Written(Status.UNAVAILABLE)
        if d.locked:
            return Written(Status.LOCKED)
        current = self._get(d.spec.key)
        if current != d.text and not force and d.spec.conflicts:
            return Written(Status.CONFLICT)
        if d.spec.doc.is_newer(current):
            d.locked = True
            return Written(Status.LOCKED)
        if current is not None and not self._remove(d.spec.key):
            return self._failed()
        d.text, d.unsaved = None, None
        return Written(Status.SAVED)

    # --- ledgers -------------------------------------------------------------------------------------------

    def value(self, name: str) -> Any:
        """A ledger's value in this tab: what is stored, merged with what this tab added."""
        return self.docs[name].value

    def pending(self, name: str) -> bool:
        """Whether ledger ``name`` is still being read."""
        return self.docs[name].pending

    def add(self, name: str, extra: Any) -> Written[Any]:
        """Merge ``extra`` into ledger ``name`` (items already there are not added twice) and write it."""
        return Stepper(self._add_steps(name, extra)).run()

    def _add_steps(self, name: str, extra: Any) -> Steps[Written[Any]]:
        """Merge the stored ledger (another tab may have added to it), this tab's and ``extra``; write."""
        d = self.docs[name]
        spec = d.spec
        assert spec.merge is not None
        stored = None
        if self.available and not d.locked and (d.pending or self._get(spec.key) != d.text):
            stored = yield from self._read_steps(d, [], repair=True)  # changed since this tab read it
            d.pending = False
        base = (yield from spec.merge(stored, d.value)) if stored is not None else d.value
        d.value = yield from spec.merge(base, extra)
        if not self.available:
            return Written(Status.UNAVAILABLE, d.value)
        if d.locked:
            d.unsaved = (yield from spec.merge(d.unsaved, extra)) if d.unsaved is not None else extra
            return self._failed(d.value) if d.damaged is not None else Written(Status.LOCKED, d.value)
        text = yield from spec.dump(d.value)
        if not self._set(spec.key, text):
            d.unsaved = (yield from spec.merge(d.unsaved, extra)) if d.unsaved is not None else extra
            return self._failed(d.value)
        d.text, d.unsaved = text, None  # every item of this tab's ledger is stored now
        return Written(Status.SAVED, d.value)

    def put(self, name: str, value: Any) -> Written[Any]:
        """Replace ledger ``name`` with ``value`` (``None``: empty; the player cleared or trimmed it). One write:
        if it fails, nothing is removed. A newer version's ledger is left alone."""
        d = self.docs[name]
        value = d.spec.empty if value is None else value
        if not self.available:
            d.value = value
            return Written(Status.UNAVAILABLE, value)
        if d.locked:
            return Written(Status.LOCKED, d.value)
        text = d.spec.dump_all(value)
        if not self._set(d.spec.key, text):
            return self._failed(d.value)
        d.value, d.text, d.pending, d.unsaved = value, text, False, None
        return Written(Status.SAVED, value)

    def importing(self, name: str, text: str | bytes) -> Stepper[Imported[Any]]:
        """Merge a file into ledger ``name`` a slice at a time (a 100,000-match file must not freeze the page);
        a file that is not this ledger (or a rescue file holding one) changes nothing."""
        return Stepper(self._import_steps(name, text), quiet_gc=True)

    def _import_steps(self, name: str, text: str | bytes) -> Steps[Imported[Any]]:
        d = self.docs[name]
        spec = d.spec
        try:
            if _is_rescue(text):  # a file from rescue(): its part for this ledger
                incoming = (yield from spec.read(_rescue_part(text, spec), False))[0]
            else:
                incoming = (yield from spec.read(text if isinstance(text, str) else _decoded(text), False))[0]
        except NewerVersionError as err:
            return Imported(Status.REJECTED, problem=Problem(Code.NEWER_IMPORT, spec.kind, str(err)))
        except DataError as err:
            return Imported(Status.REJECTED, problem=Problem(Code.BAD_IMPORT, spec.kind, str(err)))
        before = d.value
        assert spec.merge is not None and before is not None
        merged = yield from spec.merge(before, incoming)
        added = spec.size(merged) - spec.size(before)
        result = yield from self._add_steps(name, incoming)
        return Imported(result.status, result.value, added, spec.size(incoming) - added, warn=result.warn)

    # --- backups -------------------------------------------------------------------------------------------

    def backups(self, names: Iterable[str] | None = None, known: Iterable[str] = ()) -> list[str]:
        """The keys of the backups of damaged documents, newest first: of ``names`` (else of every document of
        this store), and of any document not among ``known`` (a backup nobody claims is offered everywhere)."""
        wanted = set(names if names is not None else self.docs)
        claimed = set(known) | wanted
        keys = (k for k in self._keys() if k.startswith(BACKUP_PREFIX))
        return sorted((k for k in keys if (doc := k[len(BACKUP_PREFIX):].split(":", 1)[0]) in wanted
                       or doc not in claimed), reverse=True)

    def backup_text(self, key: str) -> str | None:
        """The raw text kept under a backup key (offer it as a file to download)."""
        return self._get(key) if key.startswith(BACKUP_PREFIX) else None

    # --- when storage is full ------------------------------------------------------------------------------

    def at_risk(self, names: Iterable[str] | None = None) -> AtRisk:
        """What is kept on this device and what is not, right now, of the documents ``names`` (the game on
        screen's: the page's one store holds every game's), else of all.  The items counted are finished games:
        those of the score sheets (a ledger of kind ``sheet``), not the questions a quiz has shown."""
        wanted = set(names if names is not None else self.docs)
        kept = items = 0
        kept_slot = slot = False
        for d in self.docs.values():
            if d.spec.quiet or d.spec.name not in wanted:
                continue
            if d.spec.shape is Shape.LEDGER:
                if d.spec.kind != "sheet":
                    continue
                missing = d.spec.size(d.unsaved) if d.unsaved is not None else 0
                kept += (d.spec.size(d.value) if d.value is not None else 0) - missing
                items += missing
            else:
                kept_slot = kept_slot or d.text is not None
                slot = slot or d.unsaved is not None
        damaged = sum(d.damaged is not None for d in self.docs.values() if d.spec.name in wanted)
        return AtRisk(kept, kept_slot, slot, items, damaged)

    def rescue(self) -> Rescue | None:
        """Exactly the data storage could not keep, as one file to download; None if nothing is at risk.

        A JSON object ``{"type": "zero-rescue", "schema": 1, "saved_at", "documents": {name: <document>},
        "damaged"?: [{"key", "text"}]}``: each document is as stored (a ledger's part holds only what was not
        stored, and ``importing`` reads it back).
        """
        docs = {n: d for n, d in self.docs.items() if d.unsaved is not None and not d.spec.quiet}
        damaged = [{"key": d.spec.key, "text": d.damaged} for d in self.docs.values() if d.damaged is not None]
        if not docs and not damaged:
            return None
        doc: dict[str, Any] = {"type": RESCUE_TYPE, "schema": 1, "saved_at": self.clock()}
        if docs:
            doc["documents"] = {n: json.loads(d.spec.dump_all(d.unsaved)) for n, d in docs.items()}
        if damaged:
            doc["damaged"] = damaged
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
        return Rescue(f"zero-rescue-{str(doc['saved_at'])[:10]}.json", text)

    def rescued(self) -> None:
        """The player has downloaded the rescue file: damaged data no longer blocks saving (the next write
        replaces it). Unsaved data stays at risk until a write succeeds."""
        for d in self.docs.values():
            if d.damaged is not None:
                d.damaged, d.locked = None, False
                d.text = self._get(d.spec.key)  # the next write replaces it (a ledger: with what was valid in it)

    def retry(self) -> Written[Any]:
        """Write what is not stored yet of the ledgers (after space was freed or damaged data downloaded). A slot
        is written by its next save."""
        result: Written[Any] = Written(Status.SAVED)
        for name, d in self.docs.items():
            if d.spec.shape is Shape.LEDGER and d.unsaved is not None:
                written = self.add(name, d.spec.empty)
                result = written if not written.ok else result
        return result

    # --- other tabs ----------------------------------------------------------------------------------------

    def changed(self, key: str | None, new_value: str | None) -> tuple[Changed[Any], ...]:
        """What another tab's write (a ``storage`` event) changed, per document of this store (none: not ours).

        ``key`` ``None``: the other tab cleared all of this site's storage. A changed ledger is read again
        (this tab's additions are merged in when next written); a changed slot is read for the player to
        choose, and this tab's next save is a ``CONFLICT`` unless forced.
        """
        if key is None:
            out = []
            for d in self.docs.values():
                if d.spec.shape is Shape.LEDGER:
                    d.value, d.locked = d.spec.empty, False
                out.append(Changed(d.spec.name, d.value if d.spec.shape is Shape.LEDGER else None, cleared=True))
            return tuple(out)
        found = [d for d in self.docs.values() if d.spec.key == key]
        if not found:
            return ()
        d = found[0]
        if d.spec.shape is Shape.LEDGER:
            problems: list[Problem] = []
            d.value = Stepper(self._read_steps(d, problems, repair=False)).run()
            return (Changed(d.spec.name, d.value, problems[0] if problems else None),)
        if new_value == d.text:
            return ()
        if new_value is None:
            return (Changed(d.spec.name, cleared=True),)
        try:
            value = d.spec.read_all(new_value)[0]
        except NewerVersionError as err:
            return (Changed(d.spec.name, problem=Problem(Code.NEWER, d.spec.kind, str(err))),)
        except Exception as err:
            return (Changed(d.spec.name, problem=Problem(Code.CORRUPT, d.spec.kind, str(err))),)
        return (Changed(d.spec.name, value),)

    def owns(self, key: str | None) -> bool:
        """Whether a ``storage`` event for ``key`` concerns this store."""
        return key is None or any(d.spec.key == key for d in self.docs.values())


def _decoded(text: bytes) -> str:
    try:
        return bytes(text).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DataError("This file is not text.") from None


def _is_rescue(text: str | bytes) -> bool:
    """Whether ``text`` looks like a file written by ``Store.rescue`` (its type comes first)."""
    head = text[:80] if isinstance(text, str) else bytes(text[:80]).decode("utf-8", "replace")
    return f'"type": "{RESCUE_TYPE}"' in head


def _rescue_part(text: str | bytes, spec: Spec[Any]) -> str:
    """The text of ``spec``'s document inside a rescue file (an empty one if it holds none)."""
    data = load_json(text, "rescue file", max_chars=spec.doc.max_chars)
    if not isinstance(data, dict):
        raise DataError("This rescue file is damaged.")
    docs = data.get("documents")
    part = docs.get(spec.name) if isinstance(docs, dict) else None
    for name in spec.rescue_names:  # files written before every document had its place under "documents"
        part = data.get(name) if part is None else part
    return json.dumps(part) if part is not None else spec.dump_all(spec.empty)


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
