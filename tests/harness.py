"""The page's own runtime in CPython: ``tabletop.runtime.Runtime`` with fake ports (a dict for
``localStorage``, a virtual clock for pauses and slices, files and marks recorded).

    table = Table.open(PLUGIN, storage=FakeStorage(), seed=3)   # launched and started, like the page
    table.tap(Command.START)                                    # a button's action (and argument)
    table.idle()                                                # pauses, bots and slices until a person acts
    table.screen                                                # the screen model last drawn
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from tabletop.effects import Do
from tabletop.ids import timestamp
from tabletop.plugin import Launch
from tabletop.prefs import PREFS
from tabletop.runtime import Runtime
from tabletop.store import Store
from tabletop.widgets import Screen


class QuotaExceededError(Exception):
    """What a full browser storage raises."""


class FakeStorage:
    """A dict with the Web Storage methods; ``quota`` caps the total characters like a browser does."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data = dict(data or {})
        self.quota = quota
        self.writes = 0

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, index: int) -> str | None:
        return list(self.data)[index] if 0 <= index < len(self.data) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
        if self.quota is not None and size > self.quota:
            raise QuotaExceededError("The quota has been exceeded.")
        self.data[key] = str(value)
        self.writes += 1

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class BlockedStorage(FakeStorage):
    """Storage the browser forbids (site data blocked): every call raises."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        raise PermissionError("SecurityError: The operation is insecure.")

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise PermissionError("SecurityError: The operation is insecure.")


START = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


class FakePorts:
    """The runtime's ports without a page: drawn screens kept, files and marks recorded, time virtual."""

    def __init__(self, plugin: Any) -> None:
        self.plugin = plugin
        self.time = 0.0
        self._timers: list[tuple[float, int, Callable[[], None]]] = []
        self._seq = 0
        self.screens: list[Screen] = []
        self.downloads: list[tuple[str, str, str]] = []
        self.marks: list[tuple[str, dict[str, float]]] = []
        self.logs: list[str] = []
        self.picked = 0
        self.kept = 0
        self.left = 0
        self.opened: list[str] = []

    def render(self, before: Any, after: Any) -> None:
        self.screens.append(self.plugin.present(after))

    def download(self, filename: str, text: str, mime: str) -> None:
        self.downloads.append((filename, text, mime))

    def pick_file(self) -> None:
        self.picked += 1

    def keep_data(self) -> None:
        self.kept += 1

    def mark(self, name: str, detail: dict[str, float]) -> None:
        self.marks.append((name, detail))

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        self._seq += 1
        heapq.heappush(self._timers, (self.time + max(0.0, seconds), self._seq, callback))

    def log(self, text: str) -> None:
        self.logs.append(text)

    def now(self) -> str:
        return timestamp(START + timedelta(seconds=self.time))

    def leave(self) -> None:
        self.left += 1

    def open(self, game: str) -> None:
        self.opened.append(game)

    def step(self) -> bool:
        """Run the next timer (moving the clock to it); False if none is waiting."""
        if not self._timers:
            return False
        when, _, callback = heapq.heappop(self._timers)
        self.time = max(self.time, when)
        callback()
        return True

    @property
    def waiting(self) -> int:
        """How many timers are waiting."""
        return len(self._timers)


class TableRun:
    """A game run by the page's runtime over fake ports."""

    def __init__(self, plugin: Any, runtime: Runtime, ports: FakePorts, storage: FakeStorage | None) -> None:
        self.plugin = plugin
        self.runtime = runtime
        self.ports = ports
        self.storage = storage

    @classmethod
    def open(cls, plugin: Any, *, storage: FakeStorage | None = None, lang: str = "en", seed: int | None = None,
             speed: str | None = "fast", entropy: int = 7, prefs: Iterable[tuple[str, object]] = (),
             idle: bool = True) -> TableRun:
        """Launch ``plugin``'s game as the page does: its documents read, its first screen drawn."""
        store = Store(storage if storage is not None else FakeStorage(), (PREFS, *plugin.docs))
        remembered = store.load(PREFS.name).value or {}
        state, effects = plugin.launch(Launch(lang, seed, entropy, speed, (*remembered.items(), *prefs)))
        ports = FakePorts(plugin)
        runtime = Runtime(plugin.handle, state, store, ports, tuple(d.name for d in plugin.docs))
        runtime.start(effects)
        run = cls(plugin, runtime, ports, storage)
        if idle:
            run.idle()
        return run

    @property
    def state(self) -> Any:
        return self.runtime.state

    @property
    def screen(self) -> Screen:
        """The screen model of the state now."""
        return self.plugin.present(self.runtime.state)  # type: ignore[no-any-return]

    def send(self, message: Any) -> TableRun:
        self.runtime.send(message)
        return self

    def tap(self, command: StrEnum | str, arg: str = "", *, idle: bool = True) -> TableRun:
        """A tap on a button giving ``command`` (a member, or its ``data-action`` text), then what follows."""
        message = self.plugin.message(str(command), arg)
        assert message is not None, f"no such action {command!r}"
        self.runtime.send(message)
        if idle:
            self.idle()
        return self

    def field(self, name: str, value: str, *, typing: bool = False, idle: bool = True) -> TableRun:
        """A field's new value (``typing``: as typed, else a change)."""
        message = self.plugin.field(name, value, typing)
        if message is not None:
            self.runtime.send(message)
        if idle:
            self.idle()
        return self

    def do(self, command: StrEnum, arg: str = "", value: str = "", *, idle: bool = True) -> TableRun:
        self.runtime.send(Do(command, arg, value))
        if idle:
            self.idle()
        return self

    def idle(self, limit: int = 200_000, until: Callable[[TableRun], bool] | None = None) -> TableRun:
        """Run pauses, slices and bots until nothing waits (or ``until`` holds)."""
        for _ in range(limit):
            if until is not None and until(self):
                return self
            if not self.ports.step():
                return self
        raise AssertionError("the table never came to rest")
