"""pyscript.toml's [files] table and the site file list stay in step with the package."""

from __future__ import annotations

import io
import tomllib
import zipfile
from dataclasses import replace
from pathlib import Path

from tabletop import registry
from tabletop.registry import Entry
from tools import filelist


def test_the_first_screen_names_each_game_as_its_own_catalog_does() -> None:
    """``tabletop/game_names.py`` holds each registered game's ``[game]`` words, in every language, as read."""
    assert filelist.check_names() is None
    from tabletop.game_names import NAMES
    from tabletop.i18n import LANGUAGES, catalog

    assert NAMES.keys() == {game.name for game in registry.GAMES}
    for game in registry.GAMES:
        for lang in LANGUAGES:
            texts = catalog(lang, (game.package,))
            assert NAMES[game.name][lang] == (texts.t("game.name"), texts.t("game.about")) != ("", "")


def test_pyscript_toml_lists_every_engine_module() -> None:
    problem = filelist.check()
    assert problem is None, problem


def test_pyscript_toml_is_valid_and_loads_the_vendored_runtime_without_packages() -> None:
    config = tomllib.loads((filelist.ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    # PyScript loads the vendored Pyodide through assets/runtime.mjs (which adds the start-up snapshot).
    assert config["interpreter"] == "./assets/runtime.mjs"
    runtime = filelist.ROOT / config["interpreter"]
    assert 'from "./vendor/pyodide/pyodide.mjs"' in runtime.read_text(encoding="utf-8")
    assert (runtime.parent / "vendor/pyodide/pyodide.mjs").is_file()
    assert "packages" not in config  # micropip costs ~0.7 s at start
    # The files the page loads at start, in one archive unpacked where Python runs: one download, not ~80.
    assert config["files"] == {f"./{filelist.ARCHIVE}": "./*"}
    with zipfile.ZipFile(filelist.ROOT / filelist.ARCHIVE) as archive:
        assert archive.namelist() == filelist.package_files()
        for name in archive.namelist():
            assert archive.read(name) == (filelist.ROOT / name).read_bytes()


def make_package(root: Path, *modules: str) -> None:
    for module in modules:
        path = root / module
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")


def test_files_table_skips_tests_and_caches(tmp_path: Path) -> None:
    make_package(
        tmp_path,
        "zero_game/__init__.py",
        "zero_game/web/__init__.py",
        "zero_game/tests/test_rules.py",
        "zero_game/test_helpers.py",
        "zero_game/__pycache__/x.py",
    )
    assert filelist.package_modules(tmp_path) == [
        "zero_game/__init__.py",
        "zero_game/web/__init__.py",
    ]


def test_check_fails_with_the_regenerate_command_when_a_module_is_added(tmp_path: Path) -> None:
    make_package(tmp_path, "zero_game/__init__.py")
    config = tmp_path / "pyscript.toml"
    config.write_text('interpreter = "x"\n\n[files]\n')
    config.write_text(filelist.render_config(config.read_text(), tmp_path))
    (tmp_path / "assets").mkdir()
    assert filelist.write_archive(tmp_path) and not filelist.write_archive(tmp_path)  # the same: left as it is
    assert filelist.check(tmp_path) is None

    make_package(tmp_path, "zero_game/cards.py")
    problem = filelist.check(tmp_path)
    assert problem is not None and "python tools/filelist.py --write" in problem
    assert filelist.write_archive(tmp_path) and filelist.check(tmp_path) is None
    (tmp_path / "zero_game/cards.py").write_text("CHANGED = True\n")  # a module changed, not added
    assert filelist.check(tmp_path) is not None

    config.write_text(filelist.render_config(config.read_text(), tmp_path))
    filelist.write_archive(tmp_path)
    assert filelist.check(tmp_path) is None
    assert '"./assets/files.zip" = "./*"' in config.read_text()
    with zipfile.ZipFile(tmp_path / filelist.ARCHIVE) as archive:
        assert archive.read("zero_game/cards.py") == b"CHANGED = True\n"
    assert config.read_text().startswith('interpreter = "x"\n')


def test_site_files_cover_the_page_and_leave_out_tooling() -> None:
    files = filelist.site_files()
    for needed in (
        "index.html",
        "main.py",
        "pyscript.toml",
        "assets/boot.js",
        "assets/app.css",
        "assets/vendor/pyodide/pyodide.asm.wasm",
        "zero_game/__init__.py",
    ):
        assert needed in files
    assert not [f for f in files if f.startswith(("tests/", "tools/", "bench/")) or "/." in f]
    assert "serve.py" not in files


def test_a_registered_game_is_shipped_without_an_edit_here(tmp_path: Path) -> None:
    """The file lists read the registry: a new game's entry is all it takes for the browser to get its files."""
    make_package(tmp_path, "tabletop/__init__.py", "dice/__init__.py", "dice/rules.py", "dice/web/plugin.py",
                 "dice/cli.py", "dice/tests/test_rules.py", "dice/texts/en.toml", "dice/faces.json",
                 "assets/dice.css")
    (tmp_path / "dice/web/plugin.py").write_text("from dice import rules\n")
    entry = Entry("dice", "dice", terminal=("cli.py",), data=("faces.json",))
    games = (entry,)
    assert filelist.package_files(tmp_path, games) == sorted([
        "dice/__init__.py", "dice/rules.py", "dice/web/plugin.py", "dice/texts/en.toml", "dice/faces.json",
        "tabletop/__init__.py",
    ])
    assert "dice/rules.py" in packed(filelist.archive_bytes(tmp_path, games))
    assert "dice/cli.py" not in filelist.site_files(tmp_path, games)

    # The same game fetched only when opened: out of [files], in the lazy list (each module after what it
    # imports), its style sheet with it, and served all the same.
    lazy = (replace(entry, lazy=True, style="assets/dice.css"),)
    assert not [name for name in packed(filelist.archive_bytes(tmp_path, lazy)) if name.startswith("dice/")]
    listed = filelist.lazy_files(lazy[0], tmp_path, lazy)
    assert listed.index("dice/rules.py") < listed.index("dice/web/plugin.py")
    assert listed[-2:] == ["dice/texts/en.toml", "dice/faces.json"] and "dice/cli.py" not in listed
    text = filelist.lazy_list(tmp_path, lazy)
    namespace: dict[str, object] = {}
    exec(text, namespace)
    assert namespace["FILES"] == {"dice": tuple(listed)} and namespace["STYLES"] == {"dice": "assets/dice.css"}
    assert {*listed, "assets/dice.css"} <= set(filelist.site_files(tmp_path, lazy))


def packed(archive: bytes) -> list[str]:
    """The names of the files in a zip archive's bytes."""
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        return opened.namelist()


def test_the_registered_games_are_the_ones_shipped() -> None:
    started = packed((filelist.ROOT / filelist.ARCHIVE).read_bytes())
    for game in registry.GAMES:
        if game.lazy:
            assert not [name for name in started if name.startswith(f"{game.package}/")]
            assert filelist.lazy_files(game) and set(filelist.lazy_files(game)) <= set(filelist.site_files())
        else:
            assert f"{game.package}/__init__.py" in started
        assert not {f"{game.package}/{name}" for name in game.terminal} & set(filelist.site_files())
