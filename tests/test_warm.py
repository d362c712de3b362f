"""What the start-up snapshot holds (tabletop/web/warm.py), checked in CPython: the browser side is in
tests/e2e/test_snapshot.py and tests/engines/test_snapshot.py."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.web import warm
from tabletop.web.game_files import FILES, PACKED
from tools import filelist

ROOT = filelist.ROOT


def config_files() -> dict[str, str]:
    files: dict[str, str] = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    return files


def at_import(tree: ast.AST) -> list[ast.AST]:
    """The nodes of a module that run when it is imported (not the bodies of its functions)."""
    found = []
    for node in ast.iter_child_nodes(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            found.append(node)
            found.extend(at_import(node))
    return found


def page_modules(paths: list[str]) -> set[str]:
    """The modules of ``paths`` that need the page: importing them imports ``pyscript``, or one of ours that does."""
    modules = {warm.module_name(path): path for path in paths if path.endswith(".py")}
    imports: dict[str, set[str]] = {}
    for module, path in modules.items():
        assert module is not None
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        imports[module] = filelist.imported_names(at_import(tree), package)
    needing = {m for m, found in imports.items() if any(n.partition(".")[0] == "pyscript" for n in found)}
    while True:
        more = {m for m, found in imports.items() if found & needing} - needing
        if not more:
            return needing
        needing |= more


def test_the_snapshot_holds_both_games_modules_that_import_without_the_page_and_the_parsed_deck() -> None:
    """In a fresh interpreter (as the worker's): everything of both games that imports without a page is
    imported, what needs the page is left for it, and the quiz's deck is already parsed."""
    files = warm.snapshot_files(config_files())
    paths = [path for _, path in files]
    script = f"""
import json, sys, types
# As in the worker's Pyodide: its Python API is there, PyScript's (which needs a page) is not.
for name, names in (("pyodide", ()), ("pyodide.ffi", ("create_once_callable", "create_proxy", "to_js")),
                    ("pyodide.http", ("pyfetch",))):
    sys.modules[name] = module = types.ModuleType(name)
    for attribute in names:
        setattr(module, attribute, lambda *args, **kwargs: None)
from tabletop.web import warm
summary = warm.prepare({paths!r}, ["json", "asyncio", "pyscript", "_pyscript", "js"])
import thousand.deck
print(json.dumps({{"summary": summary, "modules": sorted(sys.modules), "deck": thousand.deck._DEFAULT is not None,
                  "made": warm.made_for_snapshot}}))
"""
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    done = json.loads(result.stdout)
    ours = {warm.module_name(path) for path in paths} - {None}
    needing = page_modules(paths)
    assert needing, "some modules do need the page (the glue that imports pyscript)"
    assert {"tabletop.web.page", "tabletop.web.shell"} <= needing
    skipped = {name: why for name, why in done["summary"]["skipped_modules"].items() if name in ours}
    assert set(skipped) == needing
    assert all(reason == "ModuleNotFoundError: No module named 'pyscript'" for reason in skipped.values())
    held = set(done["modules"])
    assert ours - needing <= held
    # Both games' rules, bots, presenters and texts, by name.
    assert {"zero_game.bots.hard", "zero_game.web.present", "zero_game.web.texts", "thousand.bots",
            "thousand.web.present", "thousand.web.texts", "thousand.web.plugin", "zero_game.web.plugin"} <= held
    # The standard library the files import (inside functions too: shell.import_in_slices) and the page had.
    assert {"py_compile", "json", "asyncio", "traceback", "pathlib"} <= held
    assert "pyscript" not in held
    assert done["deck"] is True and done["made"] is True
    # What needs the page comes precompiled instead.
    assert done["summary"]["compiled"] == sorted(path for path in paths if warm.module_name(path) in needing)


def test_the_files_are_the_generated_lists_the_shell_and_zero_then_the_quiz_as_the_page_fetches_it() -> None:
    files = warm.snapshot_files(config_files())
    # The [files] archive's members, each fetched on its own (the page unpacked them from one download).
    assert config_files() == {"./" + filelist.ARCHIVE: "./*"}
    assert files[: len(PACKED)] == [("./" + name, name) for name in filelist.package_files()]
    lazy = [name for game in registry.GAMES if game.lazy for name in FILES[game.package]]
    assert lazy and files[len(PACKED):] == [("./" + name, name) for name in lazy]
    assert ("./thousand/deck.json", "thousand/deck.json") in files
    assert ("./tabletop/web/warm.py", "tabletop/web/warm.py") in files


def test_module_names_and_what_counts_as_the_runtime() -> None:
    assert warm.module_name("tabletop/web/shell.py") == "tabletop.web.shell"
    assert warm.module_name("thousand/__init__.py") == "thousand"
    assert warm.module_name("thousand/deck.json") is None
    for name in ("json", "asyncio.events", "encodings.utf_8", "pyodide.ffi", "pyodide.http", "__future__"):
        assert warm.is_runtime_module(name), name
    # PyScript's modules need the page; the game's come from the file lists.
    for name in ("pyscript", "pyscript.web", "_pyscript", "polyscript", "js", "pyodide_js", "zero_game.cards"):
        assert not warm.is_runtime_module(name), name


def test_runtime_modules_come_first_and_imports_inside_functions_count() -> None:
    sources = {
        "pkg/__init__.py": "",
        "pkg/a.py": "import json\nfrom . import b\n\ndef later():\n    import py_compile\n"
                    "    from pyodide.http import pyfetch\n    from pyscript import window\n",
        "pkg/b.py": "from collections.abc import Mapping\n",
    }
    order = warm.to_import(list(sources), ["zlib", "pyscript", "zero_game.cards"], read=sources.__getitem__)
    assert order == ["collections.abc", "json", "py_compile", "pyodide.http", "zlib", "pkg", "pkg.a", "pkg.b"]


@pytest.fixture
def restored() -> object:
    """This interpreter as if restored from a snapshot (the flag :func:`warm.prepare` leaves), then as it was."""
    before, state = warm.made_for_snapshot, random.getstate()
    warm.made_for_snapshot = True
    yield
    warm.made_for_snapshot = before
    random.setstate(state)


def test_two_starts_from_one_snapshot_draw_different_randomness(restored: object) -> None:
    random.seed(1234)  # the state a snapshot holds
    saved = random.getstate()
    draws = []
    for _ in range(2):
        random.setstate(saved)  # a start from that snapshot
        assert warm.refresh() is True
        draws.append(random.getrandbits(64))
    assert draws[0] != draws[1]


def test_a_start_from_nothing_is_left_alone() -> None:
    assert warm.made_for_snapshot is False
    random.seed(99)
    state = random.getstate()
    assert warm.refresh() is False
    assert random.getstate() == state


def test_a_restored_start_gets_the_pages_modules_precompiled_but_only_for_the_same_source(
    restored: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    source = Path("glue_for_test.py")
    source.write_text("WHO = 'snapshot'\n", encoding="utf-8")
    monkeypatch.setattr(warm, "bytecode", {"glue_for_test.py": warm.compiled("glue_for_test.py")})
    cached = Path(importlib.util.cache_from_source("glue_for_test.py"))
    cached.unlink()  # a restored interpreter's file system holds the sources only
    assert warm.refresh() is True
    assert cached.read_bytes()[4:8] == b"\x03\x00\x00\x00", "a checked-hash pyc (PEP 552)"
    module = importlib.import_module("glue_for_test")
    assert module.WHO == "snapshot"
    del sys.modules["glue_for_test"]
    # Another source (a file changed since): Python sees the hash differ and compiles the source.
    source.write_text("WHO = 'page'\n", encoding="utf-8")
    assert warm.refresh() is True
    importlib.invalidate_caches()
    assert importlib.import_module("glue_for_test").WHO == "page"
    del sys.modules["glue_for_test"]
