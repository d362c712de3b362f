"""What the start-up snapshot holds, and the page's side of it (assets/snapshot.mjs tells the whole story).

A snapshot is Pyodide's memory once an interpreter has started and imported what the game needs, made in
a worker after a first visit and restored on the next start instead of starting Python from nothing.

- :func:`offer` (the page, once it is ready) names what the snapshot's interpreter should hold: the files
  of the generated lists (``pyscript.toml``'s ``[files]``: the shell and Zero, packed in one archive whose
  members ``game_files.PACKED`` lists, fetched one by one here; ``game_files.FILES``: the games the page
  fetches only when opened, the quiz), and the standard-library modules the page has loaded;
- :func:`prepare` (the worker's interpreter) writes nothing and touches no page: it imports the modules of
  those files that import without the page (rules, bots, presenters, texts, of every game), every
  standard-library and Pyodide module they or the page import, and fills the caches worth keeping (each
  registry entry's ``cached``: the quiz's parsed deck);
- :func:`refresh` (the page, first thing) gives an interpreter restored from a snapshot fresh
  randomness (it would otherwise draw what every other start from that snapshot draws), and the modules
  left for the page already compiled (checked-hash ``.pyc`` files that :func:`prepare` made).

A restored interpreter's modules are in memory, not in its file system: the page still writes its
``[files]`` (PyScript does), and a lazy game's files only when it is opened (``shell.load_files``), so source
lines in tracebacks and anything read from disk come from the same release.  The interpreter's hash seed
is the snapshot's (Python fixes it at start): nothing of the game depends on it.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop import registry

from .game_files import FILES, PACKED

# The page's Python API (``pyodide``) is part of the runtime, like the standard library.
RUNTIME_PACKAGES = frozenset({"pyodide"})

made_for_snapshot = False  # true in an interpreter that :func:`prepare` made ready for a snapshot
# The modules left for the page (they import ``pyscript``), compiled by :func:`prepare`: their path and
# the bytes of a checked-hash ``.pyc`` (PEP 552), which Python uses only while the source is the same.
bytecode: dict[str, bytes] = {}


def module_name(path: str) -> str | None:
    """The module a file of the lists defines (``tabletop/web/shell.py`` → ``tabletop.web.shell``), or None."""
    if not path.endswith(".py"):
        return None
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def snapshot_files(config_files: Mapping[str, str], lazy_files: Mapping[str, Iterable[str]] = FILES,
                   packed: Iterable[str] = PACKED) -> list[tuple[str, str]]:
    """``(url, path)`` of every file the snapshot's interpreter needs: the ``[files]`` table (an archive, unpacked
    into a folder ``…/*``: its members, ``packed``, each served on its own too), then each lazy game's (fetched
    the way ``shell.load_files`` fetches them).  URLs are relative to the page."""
    files = []
    for url, path in config_files.items():
        if path.endswith("/*"):
            folder = path.removesuffix("*").removeprefix("./")
            files += [(f"./{folder}{name}", f"{folder}{name}") for name in packed]
        else:
            files.append((url, path))
    taken = {path for _, path in files}
    for names in lazy_files.values():
        for name in names:
            if name not in taken:
                files.append(("./" + name, name))
                taken.add(name)
    return files


def is_runtime_module(name: str) -> bool:
    """Whether ``name`` belongs to the standard library or to Pyodide's Python API (not to the page's host,
    PyScript, whose modules need the page, nor to the game, whose modules come from the file lists)."""
    top = name.partition(".")[0]
    return top in sys.stdlib_module_names or top in RUNTIME_PACKAGES


def imported_by(source: str) -> set[str]:
    """The absolute module names a module's source imports anywhere (in functions too)."""
    import ast  # only where a snapshot is made, not at every start

    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def to_import(paths: Sequence[str], loaded: Iterable[str], read: Any = None) -> list[str]:
    """The modules :func:`prepare` imports, in order: the runtime's modules that the files import or the page
    had loaded (sorted: a package before its modules), then the files' own modules, in the lists' order."""
    read = read or (lambda path: Path(path).read_text(encoding="utf-8"))
    wanted = {name for name in loaded if is_runtime_module(name)}
    own = [name for name in map(module_name, paths) if name is not None]
    for path in paths:
        if path.endswith(".py"):
            wanted.update(name for name in imported_by(read(path)) if is_runtime_module(name))
    return sorted(wanted) + list(dict.fromkeys(own))


def prepare(paths: Sequence[str], loaded: Iterable[str]) -> dict[str, Any]:
    """Make this interpreter what a start should find (run in the snapshot's worker): import the modules of
    :func:`to_import`, skipping those that need the page (``pyscript``), then fill each imported game's
    ``cached`` results (:func:`fill_caches`).

    Returns what it did, for the benchmarks: ``imported`` and ``skipped`` counts, and the skipped modules
    with the reason.
    """
    global made_for_snapshot
    skipped: dict[str, str] = {}
    imported = 0
    for name in to_import(list(paths), list(loaded)):
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
            imported += 1
        except Exception as err:  # noqa: BLE001 - a module that cannot be imported here is left for the page
            skipped[name] = f"{type(err).__name__}: {err}"
    for path in paths:
        if module_name(path) in skipped:
            bytecode[path] = compiled(path)
    fill_caches()
    import gc

    gc.collect()
    made_for_snapshot = True
    return {"imported": imported, "skipped": len(skipped), "skipped_modules": skipped, "modules": len(sys.modules),
            "compiled": sorted(bytecode)}


def fill_caches(games: Iterable[registry.Entry] = registry.GAMES) -> list[str]:
    """Compute the results each game's registry entry names as ``cached`` ("module:function", called with no
    argument, which keeps its result), for the games whose module is imported here: computed in the snapshot,
    they come back with it.  Returns those it called."""
    called = []
    for game in games:
        for name in game.cached:
            module, _, function = name.partition(":")
            if module in sys.modules:
                getattr(sys.modules[module], function)()
                called.append(name)
    return called


def compiled(path: str) -> bytes:
    """The bytes of a checked-hash ``.pyc`` of the module at ``path`` (written where Python looks for it)."""
    import py_compile

    target = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=target, doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    return Path(target).read_bytes()


def refresh() -> bool:
    """In an interpreter restored from a snapshot: fresh randomness, and the page's own modules compiled
    already (their :data:`bytecode`, put where Python looks: it uses it only for the same source).
    Returns whether it was one (a start from nothing has nothing to refresh).  Called before the page's
    modules are imported."""
    if not made_for_snapshot:
        return False
    random.seed()  # from the system's entropy, as at a start from nothing
    for path, data in bytecode.items():
        target = Path(importlib.util.cache_from_source(path))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    # The import system's listings of folders are the worker's: the file system is the page's, written after the
    # snapshot was made.  Only the path finders' caches: importlib.invalidate_caches() would also import
    # importlib.metadata (and email) for its own finder, 40-55 ms of a restored start in Firefox, for nothing.
    for folder, finder in list(sys.path_importer_cache.items()):
        if finder is None or not os.path.isabs(folder):
            del sys.path_importer_cache[folder]
        elif hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
    return True


def measure(name: str, start: float, end: float) -> None:
    """A performance measure on the page's timeline (DevTools, the benchmarks), from ``start`` to ``end`` ms."""
    from pyodide.ffi import to_js  # type: ignore[import-not-found]
    from pyscript import window  # type: ignore[import-not-found]

    window.performance.measure(name, to_js({"start": start, "end": end}, dict_converter=window.Object.fromEntries))


def offer() -> None:
    """Tell the page's snapshot code (assets/snapshot.mjs) what a snapshot for the next visit should hold.

    Called once the page is ready; the page decides whether to make one (not after a restore) and when.
    """
    from pyodide.ffi import to_js
    from pyscript import config, document, window

    detail = {
        "files": [list(pair) for pair in snapshot_files(dict(config.get("files") or {}))],
        "modules": sorted(name for name in sys.modules if is_runtime_module(name)),
        "prepare": f"{__name__}:{prepare.__name__}",
    }
    options = to_js({"detail": detail}, dict_converter=window.Object.fromEntries)
    document.dispatchEvent(window.CustomEvent.new("tabletop:warm", options))
