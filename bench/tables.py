"""The tables the benchmarks print: Markdown ones, a row per engine (the browser benchmarks), and plain text ones."""

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


def text_table(title: str, rows: Sequence[tuple[str, Sequence[str]]], first: int, cell: int) -> str:
    """``title``, then a line per ``(name, cells)`` of ``rows`` (the first is the head), in columns of fixed width:
    the names left-aligned in ``first`` characters, the cells right-aligned in ``cell`` each."""
    lines = [f"{name:<{first}}" + "".join(f"{text:>{cell}}" for text in texts) for name, texts in rows]
    return "\n".join([title, *lines])
