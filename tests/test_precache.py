"""The service worker's precache list is complete and current, and every URL in the site is relative."""

from __future__ import annotations

import json
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import precache

ROOT = precache.ROOT


def listed_in_worker(root: Path = ROOT) -> tuple[str, list[str]]:
    """(VERSION, PRECACHE) as written in sw.js, read from its text (not from the generator)."""
    text = (root / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = ("[^"\n]*");$', text, re.MULTILINE)
    files = re.search(r"^const PRECACHE = (\[.*?\]);$", text, re.MULTILINE | re.DOTALL)
    assert version and files, "sw.js lost its generated VERSION / PRECACHE block"
    return json.loads(version.group(1)), json.loads(re.sub(r",\s*\]$", "]", files.group(1)))


class References(HTMLParser):
    """Every src/href in a page, and whatever could run or style inline."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("src", "href"):
            if values.get(name):
                self.urls.append(values[name] or "")
        if tag == "script" and not values.get("src"):
            self.inline.append("<script> without src")
        if tag == "style":
            self.inline.append("<style>")
        self.inline += [f"{tag} {name}=" for name, _ in attrs if name.startswith("on") or name == "style"]


def page_references() -> References:
    parser = References()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_sw_js_is_generated_from_the_current_site() -> None:
    problem = precache.check()
    assert problem is None, problem


def test_every_site_file_is_precached_and_every_precached_file_exists() -> None:
    version, listed = listed_in_worker()
    on_disk = {"./" + name for name in precache.precache_files()}
    assert sorted(listed) == sorted(on_disk), "run: python tools/precache.py --write"
    for entry in listed:
        assert (ROOT / entry).is_file(), f"sw.js precaches {entry}, which does not exist"
    assert version.startswith(precache.project_version() + "-")
    # The runtime the page cannot start without, and the engine.
    for needed in ("./index.html", "./pyscript.toml", "./main.py", "./assets/vendor/pyodide/pyodide.asm.wasm",
                   "./assets/vendor/pyodide/python_stdlib.zip", "./assets/vendor/pyodide/pyodide-lock.json",
                   "./assets/vendor/pyscript/core.js", "./zero_game/__init__.py", "./assets/manifest.webmanifest"):
        assert needed in listed


def test_everything_the_page_config_and_manifest_name_is_precached() -> None:
    _, listed = listed_in_worker()
    precached = {entry.removeprefix("./") for entry in listed}
    named = [url for url in page_references().urls if not url.startswith("#")]
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    named += [config["interpreter"], *config.get("files", {})]
    manifest = json.loads((ROOT / "assets/manifest.webmanifest").read_text(encoding="utf-8"))
    named += ["assets/" + icon["src"].removeprefix("./") for icon in manifest["icons"]]
    for module in ("boot.js", "offline.js"):
        text = (ROOT / "assets" / module).read_text(encoding="utf-8")
        named += ["assets/" + m.removeprefix("./") for m in re.findall(r'import\s*\(?\s*"(\./[^"]+)"', text)]
    for url in named:
        path = url.removeprefix("./")
        assert path in precached, f"{url} is used by the site but not precached"


def test_every_url_is_relative_so_the_site_works_under_a_sub_path() -> None:
    urls = page_references().urls
    manifest = json.loads((ROOT / "assets/manifest.webmanifest").read_text(encoding="utf-8"))
    urls += [manifest["start_url"], manifest["scope"], manifest["id"], *(i["src"] for i in manifest["icons"])]
    urls.append(tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["interpreter"])
    assert urls
    for url in urls:
        assert url.startswith(("./", "../")), f"{url!r} is not relative"
    # No absolute path or origin in the worker or the page scripts.
    for script in ("sw.js", "assets/boot.js", "assets/early.js", "assets/offline.js"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert not re.search(r"""["'`]/[a-zA-Z]""", text), f"{script} has an absolute path"
        assert "http://" not in text and "https://" not in text, f"{script} names an origin"


def test_what_boot_js_asks_for_after_a_restore_is_what_pyscript_fetches_then() -> None:
    """A restored start preloads the [files] archive and main.py (boot.js): under their real names, or the preload
    goes unused (a console warning) and PyScript fetches them on the start's path after all."""
    text = (ROOT / "assets/boot.js").read_text(encoding="utf-8")
    preloaded = re.search(r'for \(const path of \[([^\]]*)\]\) preload', text)
    assert preloaded is not None
    names = {(ROOT / "assets" / name).resolve().relative_to(ROOT).as_posix()
             for name in re.findall(r'"([^"]+)"', preloaded.group(1))}
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    main = re.search(r'<script type="py" src="([^"]+)"', page)
    assert main is not None
    assert names == {*(url.removeprefix("./") for url in config["files"]), main.group(1).removeprefix("./")}


def test_the_page_has_no_inline_script_style_or_event_handler() -> None:
    assert page_references().inline == []


def make_site(root: Path) -> None:
    (root / "pyproject.toml").write_text('[project]\nname = "z"\nversion = "9.8.7"\n')
    (root / "index.html").write_text("<!doctype html>")
    (root / "pyscript.toml").write_text('interpreter = "./x"\n\n[files]\n')
    (root / "zero_game").mkdir()
    (root / "zero_game/__init__.py").write_text("")
    (root / "assets").mkdir()
    (root / "assets/app.css").write_text("body {}")
    (root / "sw.js").write_text(f"// head\n{precache.BEGIN}\n{precache.END}\nconst tail = 1;\n")


def test_generator_writes_version_and_list_and_keeps_the_handwritten_code(tmp_path: Path) -> None:
    make_site(tmp_path)
    worker = tmp_path / "sw.js"
    worker.write_text(precache.render(worker.read_text(), tmp_path))
    version, listed = listed_in_worker(tmp_path)
    assert listed == ["./assets/app.css", "./index.html", "./pyscript.toml", "./zero_game/__init__.py"]
    assert version.startswith("9.8.7-")
    text = worker.read_text()
    assert text.startswith("// head\n") and text.endswith("const tail = 1;\n")
    assert precache.check(tmp_path) is None


@pytest.mark.parametrize("change", ["add a module", "change a file", "remove a file"])
def test_check_fails_with_the_command_to_run_when_the_site_changes(tmp_path: Path, change: str) -> None:
    make_site(tmp_path)
    worker = tmp_path / "sw.js"
    worker.write_text(precache.render(worker.read_text(), tmp_path))
    before, _ = listed_in_worker(tmp_path)
    if change == "add a module":
        (tmp_path / "zero_game/web").mkdir()
        (tmp_path / "zero_game/web/table.py").write_text("")
    elif change == "change a file":
        (tmp_path / "assets/app.css").write_text("body { color: red }")
    else:
        (tmp_path / "assets/app.css").unlink()
    problem = precache.check(tmp_path)
    assert problem is not None and precache.REGENERATE in problem
    worker.write_text(precache.render(worker.read_text(), tmp_path))
    after, listed = listed_in_worker(tmp_path)
    assert after != before  # a new cache name: players get the change
    assert ("./zero_game/web/table.py" in listed) == (change == "add a module")


def test_the_deployed_copy_is_the_precached_site_plus_the_worker(tmp_path: Path) -> None:
    site = tmp_path / "site"
    precache.copy_site(site)
    copied = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert copied == precache.deploy_files()
    assert {"sw.js", "index.html", *precache.precache_files()} <= set(copied)
    assert not [name for name in copied if name.startswith(("tests/", "tools/", ".", "_"))]
    assert (site / "sw.js").read_bytes() == (ROOT / "sw.js").read_bytes()


def test_the_pages_workflow_publishes_the_copied_site_without_a_build() -> None:
    workflow = (ROOT / ".github/workflows/pages.yml").read_text(encoding="utf-8")
    assert "python tools/precache.py --check" in workflow
    assert "python tools/precache.py --site _site" in workflow
    assert "path: _site" in workflow
    for action in ("actions/checkout", "actions/configure-pages", "actions/upload-pages-artifact",
                   "actions/deploy-pages"):
        assert f"uses: {action}@" in workflow
    assert not re.search(r"\b(npm|pip install|make)\b", workflow)
