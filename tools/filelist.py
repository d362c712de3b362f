"""The site's file list, and the generated ``[files]`` table of ``pyscript.toml``.

    python tools/filelist.py            # print every file the site serves (one per line)
    python tools/filelist.py --write    # regenerate pyscript.toml's [files], its archive and the lazy games' list
    python tools/filelist.py --check    # exit 1 if any is out of date

The games are the registry's (``tabletop.registry.GAMES``): a game registered there is shipped, and nothing
here names one.  The files the page loads at start are every module of the shell (``tabletop``) and of each
game not marked ``lazy``, outside test folders and the modules an entry names ``terminal``, and each package's
data files (``texts/*.toml``, the text catalogs read with ``importlib.resources``, and an entry's ``data``).
They are packed into one archive, ``assets/files.zip`` (generated; PyScript unpacks it into Pyodide's file
system: ``"./assets/files.zip" = "./*"``): one download instead of about 80, each of which was a round trip to
the service worker on every start.  The ``[files]`` table must be the last table in ``pyscript.toml``:
everything after its header is regenerated.  The archive's members are listed in ``tabletop/web/game_files.py``
(``PACKED``, for the start-up snapshot's worker) and stay served one by one too.
Standard library and the registry only, so the service worker's precache list can reuse :func:`site_files`.

A lazy game is not in ``[files]``: the page fetches its modules, texts and data only when it is chosen, from
the list generated into ``tabletop/web/game_files.py`` (with its ``style``).  They are site files all the
same (served, precached for offline play).
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
import tomllib
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as ``python tools/filelist.py``: the registry is read from this tree
    sys.path.insert(0, str(ROOT))

from tabletop import registry  # noqa: E402 - after the path (the registry imports nothing of the site)
from tabletop.registry import Entry  # noqa: E402

SHELL = "tabletop"  # loaded at start, with every game the registry does not mark lazy
CONFIG = "pyscript.toml"
FILES_HEADER = "[files]"
REGENERATE = "python tools/filelist.py --write"

# Files at the root that the page loads.
ROOT_FILES = ("index.html", "main.py", CONFIG)
# Folders whose files the page may load (except the vendor manifest, README and licenses).
ASSET_DIRS = ("assets",)
NOT_SERVED_NAMES = {"MANIFEST.sha256", "README.md", "LICENSE"}
# The shell's modules for the terminal only (a game names its own in its registry entry, ``terminal``): the
# page never imports them, so they are not shipped (each would be one more download at start-up and offline).
SHELL_TERMINAL_ONLY = {"tabletop/console.py", "tabletop/stats.py"}
# Data files a package reads with importlib.resources (its text catalogs), shipped beside its modules.
PACKAGE_DATA = ("texts/*.toml",)
LAZY_LIST = "tabletop/web/game_files.py"
# Each game's name and what it is, in every language, copied from its own catalogs (``[game]``) for the first
# screen: a lazy game's catalogs reach the page only when it is opened.
NAMES = "tabletop/game_names.py"
ARCHIVE = "assets/files.zip"
ARCHIVE_TIME = (1980, 1, 1, 0, 0, 0)  # every member's date: the same files make the same archive


def games(found: Iterable[Entry] | None = None) -> tuple[Entry, ...]:
    """The registered games (``found``: others, for tests)."""
    return tuple(registry.GAMES if found is None else found)


def eager_packages(found: Iterable[Entry] | None = None) -> tuple[str, ...]:
    """The packages the page loads at start: the shell and every game not marked lazy."""
    return (SHELL, *(game.package for game in games(found) if not game.lazy))


def terminal_only(found: Iterable[Entry] | None = None) -> set[str]:
    """Module paths (from the root) the page never imports: the shell's and each game's ``terminal``."""
    return SHELL_TERMINAL_ONLY | {f"{game.package}/{name}" for game in games(found) for name in game.terminal}


def _is_test_path(relative: Path) -> bool:
    return any(
        part in {"tests", "test", "__pycache__"} or part.startswith("test_")
        for part in relative.parts
    )


def modules_of(package: str, root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
    """POSIX paths, relative to ``root``, of ``package``'s Python files the browser needs."""
    skip = terminal_only(found)
    return sorted(
        relative.as_posix() for relative in (path.relative_to(root) for path in (root / package).rglob("*.py"))
        if not _is_test_path(relative) and not any(p.startswith(".") for p in relative.parts)
        and relative.as_posix() not in skip
    )


def package_modules(root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
    """POSIX paths, relative to ``root``, of the Python files the browser loads at start."""
    return sorted(name for package in eager_packages(found) for name in modules_of(package, root, found))


def package_data(package: str, root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
    """POSIX paths, relative to ``root``, of ``package``'s data files (``PACKAGE_DATA``, and a game's ``data``)."""
    extra = [f"{game.package}/{name}" for game in games(found) if game.package == package for name in game.data]
    return sorted(
        path.relative_to(root).as_posix()
        for pattern in PACKAGE_DATA for path in (root / package).glob(pattern) if path.is_file()
    ) + [name for name in extra if (root / name).is_file()]


def package_files(root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
    """What the page loads at start: the shell's and the eager games' modules and data files."""
    return sorted(package_modules(root, found)
                  + [name for package in eager_packages(found) for name in package_data(package, root, found)])


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


def _imports(root: Path, name: str, package: str) -> set[str]:
    """The modules of ``package`` that module file ``name`` imports (absolute or relative)."""
    within = _module(name) if name.endswith("__init__.py") else _module(name).rpartition(".")[0]
    found = imported_names(ast.walk(ast.parse((root / name).read_text(encoding="utf-8"))), within)
    return {m for m in found if m == package or m.startswith(package + ".")}


def lazy_files(game: Entry, root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
    """A lazy game's files the page fetches when it is opened: its modules (not the terminal's), each after the
    modules it imports (so the page can compile them one at a time), then its texts and data files."""
    if not (root / game.package).is_dir():
        return []
    modules = {_module(name): name for name in modules_of(game.package, root, found)}
    ordered: list[str] = []

    def visit(module: str, path: tuple[str, ...]) -> None:
        if modules[module] in ordered or module in path:
            return
        parent = module.rpartition(".")[0]
        for dependency in sorted(_imports(root, modules[module], game.package) | ({parent} if parent else set())):
            if dependency in modules:
                visit(dependency, (*path, module))
        ordered.append(modules[module])

    for module in modules:
        visit(module, ())
    return ordered + package_data(game.package, root, found)


def module_level_imports(tree: ast.Module) -> list[ast.stmt]:
    """The import statements a module runs as it is imported: at its top level, in ``if``/``try`` blocks, not in
    functions or classes, nor under ``if TYPE_CHECKING``."""
    found: list[ast.stmt] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if "TYPE_CHECKING" not in ast.unparse(node.test):
                pending[:0] = [*node.body, *node.orelse]
        elif isinstance(node, ast.Try):
            pending[:0] = [*node.body, *(s for h in node.handlers for s in h.body), *node.orelse, *node.finalbody]
    return found


def first_path(root: Path = ROOT, found: Iterable[Entry] | None = None, entry: str = "main.py") -> list[str]:
    """The site's modules that ``entry`` (main.py) imports as the page starts, before any game is opened, each
    after the modules it imports (so the page can compile and import them one per task, see
    ``tabletop.web.boot``): the first screen's path.  Imports inside functions are left out (made later, if at
    all: the phones' code, a game)."""
    if not (root / entry).is_file():
        return []
    modules = {_module(name): name for name in package_files(root, found) if name.endswith(".py")}
    ordered: list[str] = []

    def imports(path: str, package: str) -> set[str]:
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        return {m for m in imported_names(module_level_imports(tree), package) if m in modules}

    def visit(module: str, trail: tuple[str, ...]) -> None:
        name = modules[module]
        if name in ordered or module in trail:
            return
        parent = module.rpartition(".")[0]
        within = module if name.endswith("__init__.py") else parent
        for dependency in sorted(imports(name, within) | ({parent} if parent in modules else set())):
            visit(dependency, (*trail, module))
        ordered.append(name)

    for module in sorted(imports(entry, "")):
        visit(module, ())
    return ordered


def quiz_files(root: Path = ROOT) -> list[str]:
    """The quiz's files (``lazy_files`` of the registry's ``quiz``)."""
    return lazy_files(registry.entry("quiz"), root)


def lazy_list(root: Path = ROOT, found: Iterable[Entry] | None = None) -> str:
    """The text of ``tabletop/web/game_files.py``: per game the page loads only when it is opened, its files
    (each after the modules it imports) and its style sheet."""
    lazy = [game for game in games(found) if game.lazy]
    styles = ", ".join(f"{game.package!r}: {game.style!r}" for game in lazy if game.style)
    files = "".join(
        f"    {game.package!r}: (\n" + "".join(f"        {name!r},\n" for name in lazy_files(game, root, found))
        + "    ),\n" for game in lazy
    )
    return (
        '"""The files of the games the page loads only when one is opened (``tabletop.registry``: ``lazy``).\n\n'
        'Generated by tools/filelist.py --write.\n"""\n\n'
        f"STYLES: dict[str, str] = {{{styles}}}\n"
        f"FILES: dict[str, tuple[str, ...]] = {{\n{files}}}\n"
        "# The first screen's path: what main.py imports before a game is opened, each after what it imports.\n"
        "FIRST_PATH: tuple[str, ...] = (\n" + "".join(f"    {name!r},\n" for name in first_path(root, found))
        + ")\n"
        f"# The members of pyscript.toml's [files] archive ({ARCHIVE}): what the page loads at start.\n"
        "PACKED: tuple[str, ...] = (\n" + "".join(f"    {name!r},\n" for name in package_files(root, found))
        + ")\n"
    )


def check_lazy(root: Path = ROOT, found: Iterable[Entry] | None = None) -> str | None:
    """``None`` if the lazy games' file list is current, else how to fix it."""
    path = root / LAZY_LIST
    if path.is_file() and path.read_text(encoding="utf-8") == lazy_list(root, found):
        return None
    return f"{LAZY_LIST} does not list the lazy games' files. Regenerate it with: {REGENERATE}"


check_quiz = check_lazy  # the older name


def game_names(root: Path = ROOT, found: Iterable[Entry] | None = None) -> dict[str, dict[str, tuple[str, str]]]:
    """Per game, per language: its name and what it is, from its catalog's ``[game]`` table."""
    languages = tomllib.loads((root / SHELL / "texts" / "languages.toml").read_text(encoding="utf-8"))
    names: dict[str, dict[str, tuple[str, str]]] = {}
    for game in games(found):
        texts = root.joinpath(*game.package.split("."), "texts")
        names[game.name] = {}
        for lang in languages:
            path = texts / f"{lang}.toml"
            table = tomllib.loads(path.read_text(encoding="utf-8")).get("game", {})
            if not isinstance(table.get("name"), str) or not isinstance(table.get("about"), str):
                raise SystemExit(f"{path}: no [game] name and about (the first screen's words for the game)")
            names[game.name][lang] = (table["name"], table["about"])
    return names


def names_module(root: Path = ROOT, found: Iterable[Entry] | None = None) -> str:
    """The text of ``tabletop/game_names.py``."""
    rows = "".join(f"    {game!r}: {{\n" + "".join(f"        {lang!r}: {words!r},\n" for lang, words in langs.items())
                   + "    },\n" for game, langs in game_names(root, found).items())
    return (
        '"""Each registered game\'s name and what it is, per language, as its own catalog says (``[game]``): the\n'
        "first screen's words for it (a lazy game's catalogs reach the page only when it is opened).\n\n"
        'Generated by tools/filelist.py --write.\n"""\n'
        "# ruff: noqa: E501\n\n"
        f"NAMES: dict[str, dict[str, tuple[str, str]]] = {{\n{rows}}}\n"
    )


def write_generated(root: Path = ROOT, found: Iterable[Entry] | None = None) -> bool:
    """Write the games' names, ``pyscript.toml``'s ``[files]``, the lazy games' list and the archive (in that
    order: the archive packs the names); whether the archive was written."""
    (root / NAMES).write_text(names_module(root, found), encoding="utf-8")
    config = root / CONFIG
    config.write_text(render_config(config.read_text(encoding="utf-8"), root, found), encoding="utf-8")
    (root / LAZY_LIST).write_text(lazy_list(root, found), encoding="utf-8")
    return write_archive(root, found)


def check_names(root: Path = ROOT, found: Iterable[Entry] | None = None) -> str | None:
    """``None`` if the games' names are those of their catalogs, else how to fix it."""
    path = root / NAMES
    if path.is_file() and path.read_text(encoding="utf-8") == names_module(root, found):
        return None
    return f"{NAMES} does not hold the games' names as their catalogs say them. Regenerate it with: {REGENERATE}"


def site_files(root: Path = ROOT, found: Iterable[Entry] | None = None) -> list[str]:
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
    files += package_files(root, found)
    for game in games(found):
        if game.lazy:
            files += lazy_files(game, root, found)
    files += [game.style for game in games(found) if game.style and (root / game.style).is_file()]
    return sorted(set(files))


def files_table(root: Path = ROOT, found: Iterable[Entry] | None = None) -> str:
    """The ``[files]`` table for ``pyscript.toml``: the archive of :func:`package_files`, unpacked where Python
    runs (an empty table when there is nothing to pack)."""
    lines = [FILES_HEADER]
    if package_files(root, found):
        lines.append(f'"./{ARCHIVE}" = "./*"')
    return "\n".join(lines) + "\n"


def archive_bytes(root: Path = ROOT, found: Iterable[Entry] | None = None) -> bytes:
    """The archive of :func:`package_files` (zip, deflated; fixed dates and modes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in package_files(root, found):
            member = zipfile.ZipInfo(name, date_time=ARCHIVE_TIME)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            archive.writestr(member, (root / name).read_bytes(), compresslevel=9)
    return buffer.getvalue()


def archive_current(root: Path = ROOT, found: Iterable[Entry] | None = None) -> bool:
    """Whether the archive holds exactly :func:`package_files`, each as it is now (names and contents: another
    zlib may compress the same files to other bytes)."""
    try:
        with zipfile.ZipFile(root / ARCHIVE) as archive:
            held = {name: archive.read(name) for name in archive.namelist()}
    except (OSError, zipfile.BadZipFile):
        return not package_files(root, found)
    return held == {name: (root / name).read_bytes() for name in package_files(root, found)}


def write_archive(root: Path = ROOT, found: Iterable[Entry] | None = None) -> bool:
    """Write the archive unless it is current; whether it was written."""
    if archive_current(root, found):
        return False
    (root / ARCHIVE).write_bytes(archive_bytes(root, found))
    return True


def render_config(current: str, root: Path = ROOT, found: Iterable[Entry] | None = None) -> str:
    """``current`` config text with its ``[files]`` table (and everything after) regenerated."""
    head, header, _ = current.partition("\n" + FILES_HEADER)
    if not header:
        head = current
    return head.rstrip("\n") + "\n\n" + files_table(root, found)


def check(root: Path = ROOT) -> str | None:
    """``None`` if ``pyscript.toml`` is up to date, else a message saying how to fix it."""
    path = root / CONFIG
    current = path.read_text(encoding="utf-8")
    if render_config(current, root) == current:
        if archive_current(root):
            return None
        return (
            f"{ARCHIVE} does not hold the files the page loads at start, as they are. "
            f"Regenerate it with: {REGENERATE}"
        )
    return (
        f"{CONFIG}'s [files] table does not match the {', '.join(eager_packages())} packages "
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
        packed = "wrote" if write_generated() else "kept"
        lazy = sum(len(lazy_files(game)) for game in games() if game.lazy)
        print(f"wrote {CONFIG}, {NAMES} and {LAZY_LIST} ({lazy} files); {packed} {ARCHIVE} "
              f"({len(package_files())} files)")
        return 0
    if args.check:
        problem = check_names() or check() or check_lazy()
        print(problem or f"{CONFIG} is up to date", file=sys.stderr if problem else sys.stdout)
        return 1 if problem else 0
    print("\n".join(site_files()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
