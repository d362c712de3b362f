"""The boot's Python part (tabletop/web/boot.py, main.py): imports named and timed, the first screen's modules
compiled and imported in slices, and the first screen's path free of the phones' and the games' code."""

from __future__ import annotations

import asyncio
import builtins
import importlib
import sys
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tabletop.web import boot
from tabletop.web.game_files import FIRST_PATH
from tools import filelist


def run_alone(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` to its end on a loop of its own, in a thread of its own: the browser tests that share this
    worker keep an event loop running in the main thread (Playwright's), where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, work).result()


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package ``bootdemo`` on the path: ``outer`` imports ``inner`` (relatively) and ``json.tool``."""
    write(tmp_path, {
        "bootdemo/__init__.py": "",
        "bootdemo/inner.py": "X = 1\n",
        "bootdemo/outer.py": "from . import inner\nimport json.tool\nY = inner.X + 1\n",
    })
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("bootdemo")]:
        del sys.modules[name]


def test_each_import_that_loads_a_module_is_timed_nested_and_the_hook_is_removed(package: Path) -> None:
    sys.modules.pop("json.tool", None)
    times = boot.ImportTimes(lambda: 1000.0).start()
    import bootdemo.outer  # noqa: F401
    import bootdemo.outer as again  # noqa: F401 - already there: not timed again
    importlib.import_module("bootdemo.inner")
    records = times.stop()
    assert builtins.__import__ is not None and "timed_import" not in repr(builtins.__import__)
    assert "timed" not in importlib.import_module.__name__
    names = [name for name, *_ in records]
    assert names.count("bootdemo.outer") == 1 and "bootdemo.inner" in names and "json.tool" in names
    outer = next(r for r in records if r[0] == "bootdemo.outer")
    inner = next(r for r in records if r[0] == "bootdemo.inner")
    assert inner[3] == outer[3] + 1 and outer[1] <= inner[1] <= inner[2] <= outer[2]  # nested, inside it
    assert outer[1] > 900  # on the page's clock (its now() was 1000 at the start)
    own = boot.self_times(records)
    assert own["bootdemo.outer"] <= outer[2] - outer[1] - (inner[2] - inner[1]) + 1e-6


def test_publish_names_each_import_long_enough_as_a_measure(package: Path) -> None:
    times = boot.ImportTimes().start()
    import bootdemo.outer  # noqa: F401
    measured: list[tuple[str, float, float]] = []
    count = times.publish(lambda name, start, end: measured.append((name, start, end)), least_ms=0)
    assert count == len(measured) >= 2
    assert {name for name, *_ in measured} >= {"tabletop:import:bootdemo.outer", "tabletop:import:bootdemo.inner"}
    assert times.publish(lambda *_: None, least_ms=1e9) == 0  # none that long


def test_import_in_slices_compiles_then_imports_and_yields_by_its_budget(
    package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    yields = []
    real_sleep = asyncio.sleep

    async def counted(delay: float) -> None:
        yields.append(delay)
        await real_sleep(0)

    monkeypatch.setattr(asyncio, "sleep", counted)
    files = ["bootdemo/__init__.py", "bootdemo/inner.py", "bootdemo/outer.py"]
    run_alone(boot.import_in_slices(files, budget_ms=1e9))
    assert yields == [0.0] and sys.modules["bootdemo.outer"].Y == 2  # the pause only: one slice
    assert (package / "bootdemo" / "__pycache__").is_dir()
    for name in [m for m in sys.modules if m.startswith("bootdemo")]:
        del sys.modules[name]
    Path(importlib.util.cache_from_source(str(package / "bootdemo" / "inner.py"))).unlink()
    yields.clear()
    run_alone(boot.import_in_slices(files))
    # No budget: after each import, and after compiling each file that has no bytecode yet (only the one whose
    # cached bytecode is gone: the others' are there, as a restored interpreter's glue is).
    assert len(yields) == 1 + 1 + len(files)
    yields.clear()
    run_alone(boot.import_in_slices(files, pause=0.05))
    assert yields == []  # all imported already (a restored interpreter): no pause, nothing to do


def test_the_first_screens_path_has_the_shell_each_module_after_what_it_imports_and_no_phone_or_game() -> None:
    assert list(FIRST_PATH) == filelist.first_path()  # generated: python tools/filelist.py --write
    assert FIRST_PATH[-1] == "tabletop/web/warm.py" and "tabletop/web/shell.py" in FIRST_PATH
    position = {name: index for index, name in enumerate(FIRST_PATH)}
    assert position["tabletop/store.py"] < position["tabletop/effects.py"] < position["tabletop/web/shell.py"]
    assert position["tabletop/__init__.py"] == 0
    # The phones' code (the phone's screens, the table's side of the protocol, the pairing codes: imported inside
    # functions, when phones are used) and every game stay off it.
    assert not {"tabletop/phone.py", "tabletop/remote.py", "tabletop/pairing.py"} & set(FIRST_PATH)
    assert not [name for name in FIRST_PATH if not name.startswith("tabletop/")]


def test_first_path_leaves_out_imports_in_functions_and_for_type_checking(tmp_path: Path) -> None:
    write(tmp_path, {
        "main.py": "from tabletop import a\n",
        "tabletop/__init__.py": "",
        "tabletop/a.py": ("from typing import TYPE_CHECKING\nfrom . import b\nif TYPE_CHECKING:\n    from . import c\n"
                          "try:\n    from . import d\nexcept ImportError:\n    pass\n"
                          "def later():\n    from . import e\n"),
        "tabletop/b.py": "", "tabletop/c.py": "", "tabletop/d.py": "", "tabletop/e.py": "",
    })
    assert filelist.first_path(tmp_path, found=()) == [
        "tabletop/__init__.py", "tabletop/b.py", "tabletop/d.py", "tabletop/a.py"]
