"""The site's file list, and the generated ``[files]`` table of ``pyscript.toml``.

    python tools/filelist.py            # print every file the site serves (one per line)
    python tools/filelist.py --write    # regenerate pyscript.toml's [files] table and the quiz's file list
    python tools/filelist.py --check    # exit 1 if either is out of date

The ``[files]`` table maps each module ``./zero_game/x.py`` to ``zero_game/x.py`` in Pyodide's file
system, for every ``tabletop/**/*.py`` and ``zero_game/**/*.py`` outside test folders, and each package's
data files (``texts/*.toml``, the text catalogs read with ``importlib.resources``).  It must be the
last table in ``pyscript.toml``: everything after the ``[files]`` header is regenerated.
Standard library only, so the service worker's precache list can reuse :func:`site_files`.

The quiz (package ``thousand``) is not in ``[files]``: the page fetches its modules, texts and deck only
when the quiz is chosen, from the list generated into ``tabletop/web/game_files.py``.  They are
site files all the same (served, precached for offline play).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tabletop", "zero_game")  # the shell and the first game: loaded at start
CONFIG = "pyscript.toml"
FILES_HEADER = "[files]"
REGENERATE = "python tools/filelist.py --write"

# Files at the root that the page loads.
ROOT_FILES = ("index.html", "main.py", CONFIG)
# Folders whose files the page may load (except the vendor manifest, README and licenses).
ASSET_DIRS = ("assets",)
NOT_SERVED_NAMES = {"MANIFEST.sha256", "README.md", "LICENSE"}
# Engine modules for the terminal only (command line, tournaments, benchmarks): the page never imports
# them, so they are not shipped (each would be one more download at start-up and in the offline cache).
TERMINAL_ONLY = {
    "zero_game/__main__.py", "zero_game/cli.py", "zero_game/bench.py", "zero_game/bots/bench.py",
    "zero_game/terminal.py", "zero_game/tournament.py", "tabletop/console.py", "tabletop/stats.py",
}
# Data files a package reads with importlib.resources (its text catalogs), shipped beside its modules.
PACKAGE_DATA = ("texts/*.toml",)


QUIZ_PACKAGE = "thousand"
QUIZ_DATA = ("thousand/deck.json",)
QUIZ_STYLE = "assets/quiz.css"
QUIZ_LIST = "tabletop/web/game_files.py"
QUIZ_TERMINAL_ONLY = {
    "thousand/__main__.py", "thousand/cli.py", "thousand/bench.py", "thousand/stats.py", "thousand/terminal.py",
    "thousand/text.py", "thousand/tournament.py",
}


def _is_test_path(relative: Path) -> bool:
    return any(
        part in {"tests", "test", "__pycache__"} or part.startswith("test_")
        for part in relative.parts
    )


def package_modules(root: Path = ROOT) -> list[str]:
    """POSIX paths, relative to ``root``, of the engine's Python files the browser needs."""
    found = []
    for path in (p for package in PACKAGES for p in (root / package).rglob("*.py")):
        relative = path.relative_to(root)
        if (
            not _is_test_path(relative)
            and not any(p.startswith(".") for p in relative.parts)
            and relative.as_posix() not in TERMINAL_ONLY
        ):
            found.append(relative.as_posix())
    return sorted(found)


def package_data(package: str, root: Path = ROOT) -> list[str]:
    """POSIX paths, relative to ``root``, of ``package``'s data files (``PACKAGE_DATA``)."""
    return sorted(
        path.relative_to(root).as_posix()
        for pattern in PACKAGE_DATA for path in (root / package).glob(pattern) if path.is_file()
    )


def package_files(root: Path = ROOT) -> list[str]:
    """What the page loads at start: the shell's and Zero's modules and data files."""
    return sorted(package_modules(root) + [name for package in PACKAGES for name in package_data(package, root)])


def _module(name: str) -> str:
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def imported_names(nodes: Iterable[ast.AST], package: str) -> set[str]:
    """The absolute names that the import statements among ``nodes`` of a module of ``package`` import: each
    module, and each ``module.name`` a ``from`` import takes (relative imports resolved against ``package``)."""
    found = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _imports(root: Path, name: str) -> set[str]:
    """The modules of the quiz package that module file ``name`` imports (absolute or relative)."""
    package = _module(name) if name.endswith("__init__.py") else _module(name).rpartition(".")[0]
    found = imported_names(ast.walk(ast.parse((root / name).read_text(encoding="utf-8"))), package)
    return {m for m in found if m == QUIZ_PACKAGE or m.startswith(QUIZ_PACKAGE + ".")}


def quiz_files(root: Path = ROOT) -> list[str]:
    """The quiz's files the page fetches when the quiz is chosen: its modules (not the terminal's), each
    after the modules it imports (so the page can compile them one at a time), then its texts and the deck."""
    if not (root / QUIZ_PACKAGE).is_dir():
        return []
    found = sorted(
        path.relative_to(root).as_posix() for path in (root / QUIZ_PACKAGE).rglob("*.py")
        if not _is_test_path(path.relative_to(root)) and path.relative_to(root).as_posix() not in QUIZ_TERMINAL_ONLY
    )
    modules = {_module(name): name for name in found}
    ordered: list[str] = []

    def visit(module: str, path: tuple[str, ...]) -> None:
        if modules[module] in ordered or module in path:
            return
        parent = module.rpartition(".")[0]
        for dependency in sorted(_imports(root, modules[module]) | ({parent} if parent else set())):
            if dependency in modules:
                visit(dependency, (*path, module))
        ordered.append(modules[module])

    for module in modules:
        visit(module, ())
    return ordered + package_data(QUIZ_PACKAGE, root) + [name for name in QUIZ_DATA if (root / name).is_file()]


def quiz_list(root: Path = ROOT) -> str:
    """The text of ``tabletop/web/game_files.py``: per game the page loads only when it is opened, its files
    (each after the modules it imports) and its style sheet."""
    names = "".join(f"        {name!r},\n" for name in quiz_files(root))
    return (
        '"""The files of the games the page loads only when one is opened (``tabletop.registry``: ``lazy``).\n\n'
        'Generated by tools/filelist.py --write.\n"""\n\n'
        f"STYLES: dict[str, str] = {{{QUIZ_PACKAGE!r}: {QUIZ_STYLE!r}}}\n"
        f"FILES: dict[str, tuple[str, ...]] = {{\n    {QUIZ_PACKAGE!r}: (\n{names}    ),\n}}\n"
    )


def check_quiz(root: Path = ROOT) -> str | None:
    """``None`` if the quiz's file list is current, else how to fix it."""
    path = root / QUIZ_LIST
    if path.is_file() and path.read_text(encoding="utf-8") == quiz_list(root):
        return None
    return f"{QUIZ_LIST} does not list the quiz's files. Regenerate it with: {REGENERATE}"


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the static site serves to run the game, as POSIX paths relative to ``root``."""
    files = [name for name in ROOT_FILES if (root / name).is_file()]
    for folder in ASSET_DIRS:
        for path in (root / folder).rglob("*"):
            relative = path.relative_to(root)
            if (
                path.is_file()
                and path.name not in NOT_SERVED_NAMES
                and not any(part.startswith(".") for part in relative.parts)
            ):
                files.append(relative.as_posix())
    files += package_files(root)
    files += quiz_files(root)
    return sorted(set(files))


def files_table(root: Path = ROOT) -> str:
    """The ``[files]`` table for ``pyscript.toml``."""
    lines = [FILES_HEADER]
    lines += [f'"./{name}" = "{name}"' for name in package_files(root)]
    return "\n".join(lines) + "\n"


def render_config(current: str, root: Path = ROOT) -> str:
    """``current`` config text with its ``[files]`` table (and everything after) regenerated."""
    head, found, _ = current.partition("\n" + FILES_HEADER)
    if not found:
        head = current
    return head.rstrip("\n") + "\n\n" + files_table(root)


def check(root: Path = ROOT) -> str | None:
    """``None`` if ``pyscript.toml`` is up to date, else a message saying how to fix it."""
    path = root / CONFIG
    current = path.read_text(encoding="utf-8")
    if render_config(current, root) == current:
        return None
    return (
        f"{CONFIG}'s [files] table does not match the {', '.join(PACKAGES)} packages "
        f"(modules or text catalogs added, moved or removed?). Regenerate it with: {REGENERATE}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="List the site's files; keep pyscript.toml current."
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help=f"regenerate {CONFIG}'s [files] table")
    mode.add_argument("--check", action="store_true", help=f"fail if {CONFIG} is out of date")
    args = parser.parse_args(argv)
    if args.write:
        path = ROOT / CONFIG
        path.write_text(render_config(path.read_text(encoding="utf-8")), encoding="utf-8")
        (ROOT / QUIZ_LIST).write_text(quiz_list(), encoding="utf-8")
        print(f"wrote {CONFIG} ({len(package_files())} files) and {QUIZ_LIST} ({len(quiz_files())} files)")
        return 0
    if args.check:
        problem = check() or check_quiz()
        print(problem or f"{CONFIG} is up to date", file=sys.stderr if problem else sys.stdout)
        return 1 if problem else 0
    print("\n".join(site_files()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
