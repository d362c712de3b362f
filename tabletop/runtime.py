"""One runtime for every game: messages go to the game's ``handle``, its effects are carried out against ports,
and every outcome comes back to ``handle`` as a message.  The page and the CPython tests run this same loop;
only the ports differ (the browser's, or the tests' fakes in ``tests/harness.py``).

``handle`` is the only writer of the state: the runtime keeps the latest state, never changes it, and
draws it after each message.  Messages are handled one at a time, in order: an outcome that is known at
once (a write to ``localStorage``) waits until the message that caused it is done.
"""

from __future__ import annotations

import time
import traceback
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, Protocol, assert_never

from .effects import (
    Accept,
    Add,
    After,
    Clear,
    Clock,
    Collect,
    Download,
    Effect,
    Effects,
    ExportBackup,
    Failed,
    Fetch,
    Host,
    Import,
    Job,
    Join,
    Keep,
    KeepData,
    Leave,
    LinkEffect,
    Load,
    Mark,
    Merged,
    Now,
    Open,
    PickFile,
    Post,
    Probe,
    Put,
    Read,
    Recall,
    Rejoin,
    Reopen,
    Rescue,
    Retry,
    Scan,
    Send,
    Started,
    Think,
    Thinking,
    Unlink,
    Write,
    Wrote,
)
from .registry import documents
from .store import Status, Store, Written

#: The longest piece of work (a bot's thinking, reading or importing a sheet) the page does before it gives the
#: main thread back: well under the 50 ms of a long task.
THINK_SLICE = 0.015

Handle = Callable[[Any, Any], tuple[Any, Effects]]
MARKS = ("bot-think", "bot-decided")  # a job's performance marks as it starts and as it decides (``Job.marks``)


class Ports(Protocol):
    """What the runtime needs of its surroundings: drawing, files, time, and the host's choice of game."""

    def render(self, before: Any, after: Any) -> None:
        """Draw ``after`` (``before`` is the state last drawn: what moved)."""

    def download(self, filename: str, text: str, mime: str) -> None: ...
    def pick_file(self, pick: PickFile) -> None: ...
    def keep_data(self) -> None: ...
    def mark(self, name: str, detail: dict[str, float]) -> None: ...
    def later(self, seconds: float, callback: Callable[[], None]) -> None: ...
    def log(self, text: str) -> None: ...
    def now(self) -> str:
        """The time as documents store it (``tabletop.ids.timestamp``)."""
    def leave(self) -> None: ...
    def open(self, game: str) -> None: ...
    def link(self, effect: LinkEffect) -> None:
        """Carry out a link's effect (a channel to a phone, the camera, the relay); outcomes come as messages."""


class Runtime:
    """A game's state, its ``handle``, the store of its documents and the ports, in one loop."""

    def __init__(self, handle: Handle, state: Any, store: Store, ports: Ports, docs: tuple[str, ...] = ()) -> None:
        self.handle = handle
        self.state = state
        self.store = store
        self.ports = ports
        self.docs = docs or tuple(store.docs)  # the documents of this game (its backups are listed with them)
        self.closed = False
        self._queue: deque[Any] = deque()
        self._busy = False
        self._jobs: set[Hashable] = set()
        self._pauses: set[Hashable] = set()

    # ---- the one path: message -> state and effects -> carried out -> drawn ----

    def start(self, effects: Effects = ()) -> None:
        """Check storage, carry out the game's first effects (loading its documents), and draw."""
        self.send(Started(self.store.open()))
        self._carry_all(effects)

    def carry(self, effects: Effects) -> None:
        """Carry out ``effects`` (a game's first effects, when it has no documents to check first)."""
        self._carry_all(effects)

    def send(self, message: Any) -> None:
        """Handle ``message`` (and the outcomes it brings at once), then draw."""
        if self.closed:
            return
        self._queue.append(message)
        if self._busy:
            return
        self._busy = True
        before = self.state
        try:
            while self._queue and not self.closed:
                self._step(self._queue.popleft())
        finally:
            self._busy = False
        if not self.closed:
            self.ports.render(before, self.state)

    def _step(self, message: Any) -> None:
        try:
            self.state, effects = self.handle(self.state, message)
        except Exception as err:  # the page must keep working whatever one message does
            self.ports.log("".join(traceback.format_exception(err)))
            if isinstance(message, Failed):
                return
            self._queue.append(Failed(repr(err)))
            return
        self._carry_all(effects)

    def _carry_all(self, effects: Effects) -> None:
        for effect in effects:
            try:
                self.carry_out(effect)
            except Exception as err:
                self.ports.log("".join(traceback.format_exception(err)))
                self._queue.append(Failed(repr(err)))
        if self._queue and not self._busy:
            self.send(self._queue.popleft())

    def carry_out(self, effect: Effect) -> None:
        """The only place effects happen."""
        store = self.store
        match effect:
            case Load(doc, slices):
                if slices:
                    reading = store.reading(doc)
                    self._in_slices(reading.step, lambda loaded: Read(doc, loaded, self._backups()))
                else:
                    self._queue.append(Read(doc, store.load(doc), self._backups()))
            case Write(doc, value, force, tag):
                self._wrote(doc, store.save(doc, value, force=force), tag)
            case Clear(doc, tag):
                self._wrote(doc, store.clear(doc), tag)
            case Add(doc, value, tag):
                self._wrote(doc, store.add(doc, value), tag)
            case Put(doc, value, tag):
                self._wrote(doc, store.put(doc, value), tag)
            case Retry():
                self._wrote("", store.retry(), "retry")
            case Rescue():
                rescue = store.rescue()
                if rescue is not None:
                    self.ports.download(rescue.filename, rescue.text, rescue.mime)
                    store.rescued()
                self._wrote("", store.retry() if rescue is not None else Written(Status.SAVED), "rescue")
            case Import(doc, text):
                importing = store.importing(doc, text)
                self._in_slices(importing.step, lambda imported: Merged(doc, imported, self._risk(imported.status)))
            case ExportBackup(key, filename):
                kept = store.backup_text(key)
                if kept is not None:
                    self.ports.download(filename, kept, "application/json")
            case Download(filename, text, mime):
                self.ports.download(filename, text, mime)
            case PickFile():
                self.ports.pick_file(effect)
            case KeepData():
                self.ports.keep_data()
            case Think(job, delay):
                if job.key not in self._jobs:
                    self._jobs.add(job.key)
                    self.ports.later(delay, lambda: self._begin(job))
            case After(seconds, message, key):
                if key is None or key not in self._pauses:
                    if key is not None:
                        self._pauses.add(key)
                    self.ports.later(seconds, lambda: self._pause_over(key, message))
            case Now(tag):
                self._queue.append(Clock(self.ports.now(), tag))
            case Mark(name, detail):
                self.ports.mark(name, dict(detail))
            case Leave():
                self.close()
                self.ports.leave()
            case Open(game):
                self.close()
                self.ports.open(game)
            case (Host() | Accept() | Join() | Send() | Unlink() | Scan() | Fetch() | Probe() | Post() | Collect()
                  | Reopen() | Keep() | Recall() | Rejoin()):
                self.ports.link(effect)
            case _:
                assert_never(effect)

    def close(self) -> None:
        """Stop: no more messages, jobs or pauses reach the game (the page goes to another game)."""
        self.closed = True

    # ---- outcomes ----

    def _backups(self) -> tuple[str, ...]:
        return tuple(self.store.backups(self.docs, documents()))

    def _risk(self, status: Status) -> Any:
        return self.store.at_risk(self.docs) if status is Status.FAILED else None  # this game's documents

    def _wrote(self, doc: str, written: Written[Any], tag: str) -> None:
        self._queue.append(Wrote(doc, written, tag, self._risk(written.status), self._backups()))

    def _pause_over(self, key: Hashable, message: Any) -> None:
        self._pauses.discard(key)
        self.send(message)

    def _in_slices(self, step: Callable[[float], Any], then: Callable[[Any], Any]) -> None:
        """Run ``step`` a slice per task until it returns a result, then send ``then(result)``."""

        def run() -> None:
            if self.closed:
                return
            try:
                result = step(THINK_SLICE)
            except Exception as err:
                self.ports.log("".join(traceback.format_exception(err)))
                self.send(Failed(repr(err)))
                return
            if result is None:
                self.ports.later(0, run)
            else:
                self.send(then(result))

        self.ports.later(0, run)

    # ---- jobs: a bot's decision, a hint ----

    def _begin(self, job: Job) -> None:
        if self.closed or not job.current(self.state):
            self._jobs.discard(job.key)
            return
        started = job.started()
        if started is not None:
            self.send(started)
        self.ports.mark(getattr(job, "marks", MARKS)[0], {})
        thinking = job.start()
        self.ports.later(0, lambda: self._slice(job, thinking, 0.0, 0.0, 0))

    def _slice(self, job: Job, thinking: Thinking, work: float, longest: float, slices: int) -> None:
        if self.closed:
            self._jobs.discard(job.key)
            return
        began = time.perf_counter()
        try:
            result = thinking.step(THINK_SLICE)
        except Exception as err:
            self._jobs.discard(job.key)
            self.ports.log("".join(traceback.format_exception(err)))
            self.send(Failed(repr(err)))
            return
        spent = time.perf_counter() - began
        work, longest, slices = work + spent, max(longest, spent), slices + 1
        if result is None:
            if not job.current(self.state):
                self._jobs.discard(job.key)  # the players moved on: the loop asks again
                return
            self.ports.later(0, lambda: self._slice(job, thinking, work, longest, slices))
            return
        self._jobs.discard(job.key)
        detail = {"work": work * 1000, "longest": longest * 1000, "slices": float(slices),
                  "playouts": float(getattr(thinking, "playouts", 0))}  # for the benchmarks, in every engine
        self.ports.mark(getattr(job, "marks", MARKS)[1], detail)
        self.send(job.done(result, work))

