"""Hypothesis runs the same examples on every run by default, so that a red run is one anybody can repeat and
a change is never refused for an example drawn by luck: ``HYPOTHESIS_PROFILE=explore`` draws fresh ones (and
keeps failures in ``.hypothesis/``), to look for new bugs on purpose."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


E2E = Path(__file__).parent / "e2e"
ENGINES = Path(__file__).parent / "engines"
# Chromium modules run on the engines' worker, to even out the two workers: measured on 3 December 2026, the
# Chromium tests took 1037 s, the Firefox and WebKit ones 366 s and the rest 427 s; this module 117 s.
BESIDE_ENGINES = ("test_storage",)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``./test.sh``: ``-n auto --dist loadgroup``), the Chromium tests run on one worker, in
    order (they share a server, a browser and warm tabs), and the Firefox and WebKit tests on another (with a
    Chromium module or so, for balance); a browser waits far more than it computes, so the tests that only compute
    fill the workers' time after that. Three browsers at once on two cores (load 10) failed tests: two is the most."""
    for item in items:
        path = Path(str(item.path))
        if ENGINES in path.parents or (E2E in path.parents and path.stem in BESIDE_ENGINES):
            item.add_marker(pytest.mark.xdist_group("engines"))
        elif E2E in path.parents:
            item.add_marker(pytest.mark.xdist_group("chromium"))
