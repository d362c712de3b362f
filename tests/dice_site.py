"""The site as it ships with the third game (Pig, ``tests/dice``) added as docs/architecture.md says: its package
beside the others as ``dice``, its line in the registry (lazy: fetched when opened), then what
``python -m tools.filelist --write`` generates.  Nothing else of the site is changed."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from tabletop import registry
from tabletop.registry import Entry
from tests.dice import ENTRY
from tools import filelist

REPO = filelist.ROOT
DICE = replace(ENTRY, package="dice", lazy=True)
#: What ``python -m tools.filelist --write`` regenerates (``sw.js``, by ``tools/precache.py``, is left as shipped).
GENERATED = frozenset({filelist.CONFIG, filelist.NAMES, filelist.LAZY_LIST, filelist.ARCHIVE})


def shipped() -> set[str]:
    """The site's files as they ship, and its service worker."""
    return {*filelist.site_files(), "sw.js", filelist.LAZY_LIST}


def build(root: Path) -> tuple[Entry, ...]:
    """The site in ``root`` with Pig added; the games it registers."""
    for name in shipped():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, root / name)
    shutil.copytree(REPO / "tests" / "dice", root / "dice", ignore=shutil.ignore_patterns("__pycache__"))
    path = root / "tabletop" / "registry.py"
    path.write_text(path.read_text(encoding="utf-8")
                    + f"\n\nGAMES = (*GAMES, Entry({DICE.name!r}, {DICE.package!r}, lazy=True, docs={DICE.docs!r}))\n",
                    encoding="utf-8")
    games = (*registry.GAMES, DICE)
    filelist.write_generated(root, games)
    return games
