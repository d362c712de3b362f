"""The boot's Python part, named: each module imported while the page starts, as a performance measure.

``main.py`` starts :class:`ImportTimes` before its first import of the site's code and publishes it once the
page is ready: every import that loaded a module (and took at least ``least_ms``) becomes a measure
``tabletop:import:<module>`` in the page's timeline (DevTools, ``bench/boottasks.py``), nested as the imports
were.  Imports made through ``import`` statements and ``importlib.import_module``; the hook is removed when
the times are taken, so nothing is wrapped once the page is up.

Pure Python (the page's clock is passed in), so it is tested in CPython.
"""

from __future__ import annotations

import asyncio
import builtins
import importlib
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

PREFIX = "tabletop:import:"


class ImportTimes:
    """While started: (module, start ms, end ms, depth) of each import that loaded something new."""

    def __init__(self, page_now: Callable[[], float] | None = None) -> None:
        # The page's timeline (performance.now()) from Python's own clock: one call across to the page.
        self.offset = (page_now() if page_now else 0.0) - time.perf_counter() * 1000
        self.records: list[tuple[str, float, float, int]] = []
        self.depth = 0
        self.saved: tuple[Any, Any] | None = None

    def now(self) -> float:
        return time.perf_counter() * 1000 + self.offset

    def start(self) -> ImportTimes:
        original_import, original_import_module = builtins.__import__, importlib.import_module

        def timed(label: str, call: Callable[[], Any]) -> Any:
            before = len(sys.modules)
            started = self.now()
            self.depth += 1
            try:
                return call()
            finally:
                self.depth -= 1
                if len(sys.modules) != before:
                    self.records.append((label, started, self.now(), self.depth))

        def timed_import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
            key = name
            if level:
                package = (globals or {}).get("__package__") or ""
                key = importlib.util.resolve_name("." * level + name, package) if package else name
            if key in sys.modules:
                missing = [f"{key}.{item}" for item in fromlist or () if f"{key}.{item}" not in sys.modules]
                if not missing:
                    return original_import(name, globals, locals, fromlist, level)
                key = ",".join(missing)
            return timed(key, lambda: original_import(name, globals, locals, fromlist, level))

        def timed_import_module(name: str, package: str | None = None) -> Any:
            if name in sys.modules:
                return original_import_module(name, package)
            return timed(name, lambda: original_import_module(name, package))

        self.saved = (original_import, original_import_module)
        builtins.__import__ = timed_import
        importlib.import_module = timed_import_module
        return self

    def stop(self) -> list[tuple[str, float, float, int]]:
        """Remove the hook; the imports timed, in the order they finished (a module after those it imported)."""
        if self.saved is not None:
            builtins.__import__, importlib.import_module = self.saved
            self.saved = None
        return self.records

    def publish(self, measure: Callable[[str, float, float], object], least_ms: float = 1.0) -> int:
        """Stop, and hand each import of at least ``least_ms`` to ``measure(name, start, end)``; how many."""
        count = 0
        for label, started, ended, _ in self.stop():
            if ended - started >= least_ms:
                measure(PREFIX + label, started, ended)
                count += 1
        return count


def self_times(records: list[tuple[str, float, float, int]]) -> dict[str, float]:
    """Each import's own time (ms): its length less that of the imports made inside it."""
    own: dict[str, float] = {}
    for index, (label, started, ended, depth) in enumerate(records):
        inner = sum(e - s for (_, s, e, d) in records[:index] if d == depth + 1 and started <= s and e <= ended)
        own[label] = own.get(label, 0.0) + (ended - started) - inner
    return own


async def import_in_slices(files: tuple[str, ...] | list[str], pause: float = 0.0, budget_ms: float = 0.0) -> None:
    """Import the modules of ``files`` (paths like ``zero_game/bots/hard.py``, in dependency order) without a
    long task: compile the files, then import their modules, yielding to the page whenever a slice has taken
    ``budget_ms`` (0: after each file; all at once would hold the page for a large part of a second).  Each
    yield costs a few milliseconds (a browser's timers), so a start, which has many small files, gives its
    slices a budget.  A file whose bytecode is there already is not compiled again (a restored interpreter's glue,
    written by ``warm.refresh()``: compiling it anew cost about 40 ms of Firefox's restored start)."""
    import py_compile

    modules = {name.removesuffix(".py").removesuffix("/__init__").replace("/", "."): name for name in files}
    modules = {module: name for module, name in modules.items() if module not in sys.modules}  # not again
    if not modules:  # all there already (an interpreter restored from a snapshot): not even a pause
        return
    await asyncio.sleep(pause)  # after the screen has painted
    steps: list[Callable[[], object]] = [partial(py_compile.compile, name, doraise=True) for name in modules.values()
                                         if not os.path.exists(importlib.util.cache_from_source(name))]
    steps += [partial(importlib.import_module, module) for module in modules]
    began = time.perf_counter()
    for step in steps:
        step()
        if (time.perf_counter() - began) * 1000 >= budget_ms:
            await asyncio.sleep(0)
            began = time.perf_counter()
