"""A summary of the quiz deck: its size, the answer histogram and the counts per category and difficulty.

    python -m tools.deck_report            # reads thousand/deck.json
    python -m tools.deck_report PATH       # another deck file

Standard library only; the README's figures come from this output.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DECK = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
BUCKETS = 10
BAR_WIDTH = 40
DIFFICULTY_NAMES = {1: "easy", 2: "medium", 3: "hard"}


def bucket(answer: int) -> int:
    """The 100-wide bucket of an answer; 1000 belongs to the last one (900-1000)."""
    return min(answer // 100, BUCKETS - 1)


def report(deck: dict[str, Any]) -> str:
    questions = deck["questions"]
    total = len(questions)
    lines = [f"questions: {total}", "", "answers (100-wide buckets):"]
    histogram = Counter(bucket(q["answer"]) for q in questions)
    for index in range(BUCKETS):
        count = histogram[index]
        low, high = index * 100, index * 100 + (100 if index == BUCKETS - 1 else 99)
        share = count / total if total else 0.0
        bar = "#" * round(share * BAR_WIDTH * 2)
        lines.append(f"  {low:4}-{high:<4} {count:4}  {share:6.1%}  {bar}")
    lines += ["", "categories:"]
    per_category = Counter(q["category"] for q in questions)
    for key, names in deck["categories"].items():
        lines.append(f"  {key:<12} {per_category[key]:4}  {names['en']}")
    lines += ["", "difficulty:"]
    per_difficulty = Counter(q["difficulty"] for q in questions)
    for level, name in DIFFICULTY_NAMES.items():
        lines.append(f"  {level} {name:<8} {per_difficulty[level]:4}")
    with_year = sum(1 for q in questions if q["year"] is not None)
    computed = sum(1 for q in questions if q["source"].startswith("computed by tools/deck_build.py"))
    lines += ["", f"with a year: {with_year}", f"computed by tools/deck_build.py: {computed}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DECK
    print(report(json.loads(path.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
