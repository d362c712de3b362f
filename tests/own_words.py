"""The project's texts are in its own words: no run of eight words is taken from the source texts in seeds/."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

# The source texts live in the steering folder beside the repository (shared/seeds), as in CI.
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RUN = 8


def words(text: str) -> list[str]:
    """The words of a text, without numbers (a worked example's numbers are facts, not wording)."""
    return [w for w in re.findall(r"\w+", text.lower()) if not w.isdigit()]


@cache
def source_runs() -> frozenset[tuple[str, ...]]:
    """Every run of eight words in the source texts (the test is skipped when they are not there)."""
    if not SEEDS.is_dir():
        pytest.skip(f"the source texts are not beside the repository ({SEEDS})")
    runs: set[tuple[str, ...]] = set()
    for path in SEEDS.glob("*.txt"):
        w = words(path.read_text(encoding="utf-8", errors="replace"))
        runs.update(tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    assert runs, "the source texts were not read"
    return frozenset(runs)


def copied_runs(texts: Iterable[str]) -> list[str]:
    """The runs of eight words of ``texts`` (each text on its own) that stand in a source text."""
    source = source_runs()
    copied = []
    for text in texts:
        w = words(text)
        copied += [" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1) if tuple(w[i : i + RUN]) in source]
    return copied
