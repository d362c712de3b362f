"""The arrows point one way: the shell imports no game, no game imports another, only the page's glue touches
the browser, and only the shell's glue imports ``pyscript``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SHELL = "tabletop"
PACKAGES = (SHELL, *(g.package for g in GAMES))
BROWSER = ("js", "pyscript", "pyodide")


def imports(package: str) -> Iterator[tuple[str, int, str]]:
    """(file, line, top-level module) of every import in ``package``, in functions too (relative ones resolved)."""
    for path in sorted((ROOT / package).rglob("*.py")):
        relative = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield str(relative), node.lineno, alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                top = package if node.level else (node.module or "").split(".")[0]
                yield str(relative), node.lineno, top


def test_the_shell_imports_no_game() -> None:
    games = {g.package for g in GAMES}
    found = [f"{f}:{n}: {m}" for f, n, m in imports(SHELL) if m in games]
    assert found == []


@pytest.mark.parametrize("game", [g.package for g in GAMES])
def test_no_game_imports_another(game: str) -> None:
    others = {g.package for g in GAMES} - {game}
    found = [f"{f}:{n}: {m}" for f, n, m in imports(game) if m in others]
    assert found == []


@pytest.mark.parametrize("package", PACKAGES)
def test_only_the_shells_page_glue_touches_the_browser(package: str) -> None:
    found = [f"{f}:{n}: {m}" for f, n, m in imports(package) if m in BROWSER
             and not f.startswith(f"{SHELL}/web/")]
    assert found == []


@pytest.mark.parametrize("game", [g.package for g in GAMES])
def test_a_game_reaches_the_shell_only_through_its_pure_modules(game: str) -> None:
    """A game plugs into the shell (its runtime, store, widgets, texts); the page's glue is the shell's alone."""
    found = []
    for path in sorted((ROOT / game).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(f"{SHELL}.web"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_games_rules_packages_import_neither_the_browser_nor_their_web_layer() -> None:
    """The engines (cards, rounds, the deck, bots) run anywhere: no ``web`` import, no browser."""
    found = []
    for game in GAMES:
        for f, n, m in imports(game.package):
            if "/web/" in f:
                continue
            path = ROOT / f
            source = path.read_text(encoding="utf-8")
            if m in BROWSER or f"{game.package}.web" in source.split("\n")[n - 1]:
                found.append(f"{f}:{n}")
    assert found == []


def test_a_game_s_engine_leaves_the_phones_to_its_web_layer() -> None:
    """The rules, the sheet and the bots import nothing of the phones' link (``tabletop.remote``: a dozen modules
    loaded for one word); the word a sheet stores for a seat on its phone is the one the set-up offers."""
    found = [f"{f}:{n}" for game in GAMES for f, n, _ in imports(game.package)
             if "/web/" not in f and "tabletop.remote" in (ROOT / f).read_text(encoding="utf-8").split("\n")[n - 1]]
    assert found == []
    from tabletop.remote import PHONE
    from thousand.sheet import KINDS
    assert PHONE in KINDS


def test_the_games_states_share_no_field_but_the_shells_core() -> None:
    """What every game's page needs is the shell's ``Core``, settled once: Zero's and the quiz's states carry no
    field of the same name beside it (one would be the shell's, kept by convention in both), and no game's state
    (the test game's too) repeats one of ``Core``'s names."""
    import dataclasses

    from tabletop.core import Core
    from tests.dice.web.plugin import DiceTable
    from thousand.web.table import QuizTable
    from zero_game.web.table import Table

    own = {kind.__name__: {f.name for f in dataclasses.fields(kind)} - {"core"}
           for kind in (Table, QuizTable, DiceTable)}
    assert sorted(own["Table"] & own["QuizTable"]) == []
    shell = {f.name for f in dataclasses.fields(Core)}
    assert {name: sorted(fields & shell) for name, fields in own.items() if fields & shell} == {}


def test_no_test_file_imports_another_test_file() -> None:
    """Shared steps live in helper modules (``tests/quiz_steps.py``, ``tests/e2e/table_steps.py``, ...): a test
    file imported by another runs its module-level set-up twice and ties the two files' fates together."""
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names
                      if n.rsplit(".", 1)[-1].startswith("test_")]
    assert found == []
