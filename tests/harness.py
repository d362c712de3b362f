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

from tabletop.effects import (
    Accept,
    Do,
    Fetch,
    Fetched,
    Host,
    Hosting,
    Join,
    Joining,
    Keep,
    Linked,
    Probe,
    Recall,
    Recalled,
    Relayed,
    Send,
    Unlink,
)
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
        self.picks: list[Any] = []  # every ``PickFile`` carried out
        self.kept = 0
        self.left = 0
        self.opened: list[str] = []
        self.deliver: Callable[[Any], None] = lambda message: None  # the runtime's send (set once it exists)
        self.links: list[Any] = []  # every link effect carried out
        self.wire: dict[int, list[str]] = {}  # every message sent on each seat's channel, in order
        self.closed: list[int] = []  # seats whose channel was closed, in order
        self.hosted = 0
        self.relay = False
        self.kept_links: dict[str, str] = {}  # what ``Keep`` kept (a test carries it over a reload)
        self.watch: list[Callable[[Any], None]] = []  # called with every state drawn (a test's checks)

    def render(self, before: Any, after: Any) -> None:
        self.screens.append(self.plugin.present(after))
        for seat, text in self.plugin.phones(after):  # as the page's glue: a phone is sent its screen when it changed
            sent = self.wire.setdefault(seat, [])
            if not sent or sent[-1] != text:
                sent.append(text)
        for check in self.watch:
            check(after)

    def link(self, effect: Any) -> None:
        """A network of its own: an offer is described at once, a channel opens as soon as its answer is taken."""
        self.links.append(effect)
        match effect:
            case Host(seat):
                self.hosted += 1
                nonce = f"{self.hosted:012x}"
                secret = f"{self.hosted:032x}"
                self.later(0, lambda: self.deliver(Hosting(seat, nonce, fake_sdp(seat, offer=True),
                                                           "https://table.example/zero/", secret)))
            case Accept(seat, _):
                self.later(0, lambda: self.deliver(Linked(seat)))
            case Join(_):
                self.later(0, lambda: self.deliver(Joining(fake_sdp(0, offer=False))))
            case Send(seat, text):
                self.wire.setdefault(seat, []).append(text)
            case Unlink(seat):
                self.closed.append(seat)
            case Fetch(name):
                self.later(0, lambda: self.deliver(Fetched(name)))
            case Probe():
                self.later(0, lambda: self.deliver(Relayed(self.relay)))
            case Keep(name, value):
                self.kept_links[name] = value
            case Recall(name):
                self.later(0, lambda: self.deliver(Recalled(name, self.kept_links.get(name, ""))))

    def download(self, filename: str, text: str, mime: str) -> None:
        self.downloads.append((filename, text, mime))

    def pick_file(self, pick: Any = None) -> None:
        self.picked += 1
        self.picks.append(pick)

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
        self.handled: list[tuple[Any, tuple[Any, ...]]] = []  # every message handled, with its effects
        handle = runtime.handle

        def recorded(state: Any, message: Any) -> tuple[Any, tuple[Any, ...]]:
            after, effects = handle(state, message)
            self.handled.append((message, effects))
            return after, effects

        runtime.handle = recorded

    @property
    def effects(self) -> list[Any]:
        """Every effect asked for so far, in order."""
        return [e for _, effects in self.handled for e in effects]

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
        ports.deliver = runtime.send
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


class ZeroTable(TableRun):
    """Zero at the page's runtime, with the table's words: ``d("start")``, ``d.page``, ``d.hand(seat)``."""

    @classmethod
    def of(cls, state: Any = None, *, storage: FakeStorage | None = None) -> ZeroTable:
        """Zero with ``state`` as its first state (its documents read from ``storage``, empty by default)."""
        from zero_game.web.plugin import PLUGIN
        from zero_game.web.table import Table

        storage = storage if storage is not None else FakeStorage()
        if isinstance(state, Table) and state.history.matches:  # the sheet comes from storage, as in the page
            from zero_game.sheet import dump_sheet

            storage.setItem("zero-knizia:sheet", dump_sheet(state.history))
        run = cls.open(PLUGIN, storage=storage, idle=False)
        if state is not None:
            run.runtime.state = replace_state(run.runtime.state, state if isinstance(state, Table) else Table())
        run.idle()
        return run

    def __call__(self, command: str, arg: str = "", value: str = "") -> tuple[Any, ...]:
        """A tap on ``command`` (its ``data-action`` text) and the outcomes it brings at once (a save's write),
        but no pause and no bot yet (``bots()``); the effects the tap itself asked for."""
        from zero_game.web.plugin import PLUGIN

        cmd = PLUGIN.command(command)
        assert cmd is not None, f"no such action {command!r}"
        start = len(self.handled)
        self.do(cmd, arg, value, idle=False)
        return self.handled[start][1] if len(self.handled) > start else ()

    @property
    def s(self) -> Any:
        return self.runtime.state

    @s.setter
    def s(self, state: Any) -> None:
        """Put the table in ``state`` (a test's seam: the page never does this)."""
        self.runtime.state = state

    @property
    def page(self) -> Any:
        from zero_game.web.table import page

        return page(self.s)

    @property
    def match(self) -> Any:
        assert self.s.match is not None
        return self.s.match

    def hand(self, seat: int) -> set[str]:
        return {c.slug for c in self.match.round.hand(seat)}

    def table(self) -> Any:
        from zero_game.web.screens import TableView

        body = self.screen.body
        assert isinstance(body, TableView), type(body)
        return body

    def play_bots(self) -> ZeroTable:
        """Let the runtime play the bots' turns until a person must act or the round's last move is on the table."""
        from zero_game.web.table import Page, bot_turn, page

        self.idle(until=lambda run: page(run.state) is Page.LAST_MOVE or bot_turn(run.state) is None)
        return self

    def bots(self) -> ZeroTable:
        """Bots act until a person must; a round's end opens without waiting for its pause."""
        from zero_game.web.table import Page

        self.play_bots()
        if self.page is Page.LAST_MOVE:
            self("see-end")
        return self

    def knock_round_out(self) -> None:
        """People knock (through the confirm step) and bots play until the round ends."""
        from zero_game.web.table import Page

        while self.page not in (Page.ROUND_END, Page.MATCH_END):
            if self.page is Page.HANDOFF:
                self("ready")
            self.bots()
            if self.page is Page.TABLE:
                self("knock")
                self("confirm")

    def saved(self) -> Any:
        """The match in progress as stored, or None."""
        from zero_game.sheet import load_game

        assert self.storage is not None
        text = self.storage.data.get("zero-knizia:game")
        return load_game(text) if text is not None else None


def fake_sdp(seat: int, *, offer: bool) -> str:
    """A local description as Chromium writes one for a data channel (ICE gathered): two ``.local`` candidates."""
    digest = ":".join(f"{(seat * 37 + i * 11) % 256:02X}" for i in range(32))
    return "\r\n".join((
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
        "a=extmap-allow-mixed", "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        f"a=candidate:3447419523 1 udp 2113937151 {seat:08x}-e0e7-4806-92bb-198e7f3fcb96.local 36176 typ host "
        "generation 0 network-cost 999",
        f"a=candidate:3389595187 1 udp 2113942271 {seat:08x}-79ec-455c-9dde-31618cd6e209.local 46952 typ host "
        "generation 0 network-cost 999",
        f"a=ice-ufrag:iQf{seat % 10}", "a=ice-pwd:ktdXOazznsiU3yAqygWDS6MF", "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {digest}", f"a=setup:{'actpass' if offer else 'active'}", "a=mid:0",
        "a=sctp-port:5000", "a=max-message-size:262144", "",
    ))


def replace_state(base: Any, state: Any) -> Any:
    """``state`` with the runtime's bookkeeping of ``base`` where ``state`` leaves it at its default."""

    from tabletop.notes import with_shell
    from tabletop.saving import Persist

    if state.persist == Persist():
        state = with_shell(state, persist=base.persist)  # the shell's saving, as the page read it
    if state.ids == 0:
        state = with_shell(state, ids=base.ids)  # where saved games' ids come from, as the page drew it
    return state


def saves(effects: Iterable[Any]) -> bool:
    """Whether ``effects`` save the game in progress (a save asks for the time first)."""
    from tabletop.effects import Now

    return any(isinstance(e, Now) and e.tag.startswith("save") for e in effects)


def remembers(effects: Iterable[Any]) -> bool:
    """Whether ``effects`` write this device's preferences."""
    from tabletop.effects import Add

    return any(isinstance(e, Add) and e.doc == PREFS.name for e in effects)


def thinks(effects: Iterable[Any]) -> bool:
    """Whether ``effects`` start a job (a bot's decision, a hint)."""
    from tabletop.effects import Think

    return any(isinstance(e, Think) for e in effects)
