"""The Markdown tables the browser benchmarks print, a row per engine."""

from __future__ import annotations

from collections.abc import Sequence


def table_head(title: str, columns: Sequence[str]) -> None:
    """Print ``title`` after a blank line, then the head of a Markdown table of ``columns``."""
    print(f"\n{title}")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))


def measured(engine: str, result: object) -> bool:
    """Whether ``engine`` was measured: a result that is text says why not, printed as the engine's row."""
    if isinstance(result, str):
        print(f"| {engine} | not measured: {result} |")
        return False
    return True
