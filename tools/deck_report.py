"""A summary of the quiz deck: what a quiz host and a reviewer want to see at a glance.

    python -m tools.deck_report            # reads thousand/deck.json
    python -m tools.deck_report PATH       # another deck file

It prints the size, the answer histogram, the categories, the difficulty (and the familiarity grades it comes
from), the sentence frames that hold more than five questions, the share of identifiers (codes and catalogue
numbers), the grim questions, the relations (questions of which one gives another away, never dealt into one game)
and the size of each mix, and the questions whose source is not a public page.
Standard library only; the figures in docs/quiz.md come from this output.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

DECK = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
BUCKETS = 10
BAR_WIDTH = 40
DIFFICULTY_NAMES = {1: "easy", 2: "medium", 3: "hard"}
FAMILIARITY_NAMES = {1: "known", 2: "anchored", 3: "remote"}
#: Frames holding more than this many questions are listed (the schema test caps them at 10).
LIST_FRAMES_ABOVE = 5
#: A source is a public page when it names the page's address in brackets, e.g. "(britannica.com)".
PUBLIC_PAGE = re.compile(r"\((?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/[^)]*)?\)")
ARITHMETIC = "Arithmetic: "


def bucket(answer: int) -> int:
    """The 100-wide bucket of an answer; 1000 belongs to the last one (900-1000)."""
    return min(answer // 100, BUCKETS - 1)


def is_public_page(source: str) -> bool:
    """Whether a source names a page a player can open (by its address)."""
    return PUBLIC_PAGE.search(source) is not None


def mixes(questions: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The questions of each mix, as ``thousand.deck.Mix`` deals them (no theme left out)."""
    return {
        "family": [q for q in questions if q["difficulty"] <= 2 and "grim" not in q.get("tags", [])],
        "quiz-night": list(questions),
        "experts": [q for q in questions if q["difficulty"] >= 2],
    }


def histogram(questions: list[dict[str, Any]]) -> list[str]:
    total = len(questions)
    counts = Counter(bucket(q["answer"]) for q in questions)
    lines = []
    for index in range(BUCKETS):
        count = counts[index]
        low, high = index * 100, index * 100 + (100 if index == BUCKETS - 1 else 99)
        share = count / total if total else 0.0
        bar = "#" * round(share * BAR_WIDTH * 2)
        lines.append(f"  {low:4}-{high:<4} {count:4}  {share:6.1%}  {bar}")
    return lines


def report(deck: dict[str, Any]) -> str:
    questions = deck["questions"]
    total = len(questions)
    lines = [f"questions: {total}", "", "answers (100-wide buckets):", *histogram(questions)]
    lines += ["", "categories:"]
    per_category = Counter(q["category"] for q in questions)
    for key, names in deck["categories"].items():
        lines.append(f"  {key:<12} {per_category[key]:4}  {names['en']}")
    lines += ["", "difficulty:"]
    per_difficulty = Counter(q["difficulty"] for q in questions)
    for level, name in DIFFICULTY_NAMES.items():
        count = per_difficulty[level]
        lines.append(f"  {level} {name:<8} {count:4}  {count / total:6.1%}")
    per_familiarity = Counter(q.get("familiarity") for q in questions)
    lines.append("  from familiarity: " + ", ".join(
        f"{per_familiarity[level]} {name}" for level, name in FAMILIARITY_NAMES.items()))
    frames = Counter(q.get("frame") for q in questions if q.get("frame"))
    big = sorted(((n, frame) for frame, n in frames.items() if n > LIST_FRAMES_ABOVE), key=lambda x: (-x[0], x[1]))
    lines += ["", f"sentence frames with more than {LIST_FRAMES_ABOVE} questions ({len(frames)} frames in all, "
              f"{sum(1 for q in questions if not q.get('frame'))} questions with a sentence of their own):"]
    lines += [f"  {n:3}  {frame}" for n, frame in big]
    identifiers = sum(1 for q in questions if "identifier" in q.get("tags", []))
    grim = sum(1 for q in questions if "grim" in q.get("tags", []))
    relations = deck.get("relations", [])
    related = sum(len(relation["ids"]) for relation in relations)
    lines += ["", f"identifiers (codes, catalogue numbers): {identifiers} = {identifiers / total:.1%}",
              f"grim (left out of the family mix): {grim}",
              f"relations (one question of each dealt per game): {len(relations)}, holding {related} questions; "
              f"a game deals from {total - related + len(relations)}", "", "mixes:"]
    for name, chosen in mixes(questions).items():
        spread = Counter(bucket(q["answer"]) for q in chosen)
        lines.append(f"  {name:<10} {len(chosen):4}  answers per 100-wide bucket: "
                     + " ".join(f"{spread[i]}" for i in range(BUCKETS)))
    with_year = sum(1 for q in questions if q["year"] is not None)
    lines += ["", f"with a year: {with_year}"]
    not_public = [q for q in questions if not is_public_page(q["source"])]
    arithmetic = [q for q in not_public if q["source"].startswith(ARITHMETIC)]
    other = [q for q in not_public if not q["source"].startswith(ARITHMETIC)]
    lines += ["", f"sources that are not a public page: {len(not_public)} "
              f"({len(arithmetic)} arithmetic a player redoes from the question, {len(other)} other)"]
    lines += [f"  {q['id']}: {q['source']}" for q in not_public]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DECK
    print(report(json.loads(path.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
