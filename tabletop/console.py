"""Text in and out for the terminal games (Zero's and the quiz's): say, read, and ask for a move; the line-up and
the command line.

Both games read a person's move the same way: ``help`` shows the help, ``quit`` (or the end of the
input) leaves, ``show`` (or an empty line) shows the table again, and anything else is parsed, then
refused with a reason until it is a move the game allows.  Both read who plays from one comma-separated
list (:func:`lineup`), and run their sub-commands the same way (:func:`commands`, :func:`later`,
:func:`report`, :func:`run`).
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Callable, Collection, Sequence
from typing import Any, TextIO, TypeVar

from .errors import IllegalMove, InvalidMove

Move = TypeVar("Move")


class Quit(Exception):
    """A person left the game."""


class Console:
    """A game's text streams (the terminal, or scripted streams in tests)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def read(self, prompt: str) -> str:
        """One line typed after ``prompt``; the end of the input raises ``Quit``."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise Quit
        return line.strip()

    def ask(self, prompt: str, help_text: str, show: Callable[[], None], parse: Callable[[str], Move],
            refusal: Callable[[Move], str | None]) -> Move:
        """Ask until the answer is a move the game allows (``refusal`` says why one is not)."""
        while True:
            text = self.read(prompt)
            low = text.lower()
            if low in ("help", "?", "h"):
                self.say(help_text)
                continue
            if low in ("quit", "exit", "q"):
                raise Quit
            if low in ("show", "look", ""):
                show()
                continue
            try:
                move = parse(text)
            except (InvalidMove, IllegalMove) as err:
                self.say(f"Sorry: {err}")
                continue
            problem = refusal(move)
            if problem is None:
                return move
            self.say(problem)


#: A name typed for a seat or a team on the command line.
TYPED_NAME = re.compile(r"[\w' .-]{1,20}")


def lineup(text: str, levels: Collection[str], noun: str, sizes: range, count: str) -> list[tuple[str | None, str]]:
    """Who plays, from ``you,medium,Ann`` (``noun``: ``seat`` or ``team``): each entry a bot's level (``(level,
    "medium bot")``) or people (``(None, name)``: ``You`` for ``you``, else the name as typed).  ``ValueError`` for
    an empty entry, a number of entries out of ``sizes`` (``count`` says so, with ``{n}``), an entry that is
    neither, or no people at all."""
    entries = [e.strip() for e in text.split(",")]
    if any(not e for e in entries):
        raise ValueError(f"A {noun} is empty; list the {noun}s like you,medium,hard.")
    if len(entries) not in sizes:
        raise ValueError(count.format(n=len(entries)))
    found: list[tuple[str | None, str]] = []
    for entry in entries:
        low = entry.lower()
        if low in levels:
            found.append((low, f"{low} bot"))
        elif low == "you":
            found.append((None, "You"))
        elif TYPED_NAME.fullmatch(entry):
            found.append((None, entry))
        else:
            raise ValueError(f"{entry!r} is neither a bot level ({', '.join(levels)}) nor a name.")
    if all(level is not None for level, _ in found):
        raise ValueError(f"Nobody plays: add 'you' or a name to the {noun}s (bots alone: use the tournament).")
    return found


def numbered(names: Sequence[str]) -> list[str]:
    """``names`` with each one that stands more than once numbered: ``You 1``, ``You 2``."""
    return [f"{name} {names[: i + 1].count(name)}" if names.count(name) > 1 else name for i, name in enumerate(names)]


# ---- the command line ---------------------------------------------------------------------------------


def commands(prog: str, description: str) -> tuple[argparse.ArgumentParser, Any]:
    """A game's command line (``python -m <prog>``) and the sub-commands to add to it (each ``set_defaults(run=…)``:
    a function of the arguments that returns the exit code)."""
    parser = argparse.ArgumentParser(prog=f"python -m {prog}", description=description)
    return parser, parser.add_subparsers(dest="command", required=True)


def later(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """A sub-command run by ``module``'s ``name``, imported only when it runs (the others start faster)."""
    def run_it(args: argparse.Namespace) -> int:
        return int(getattr(importlib.import_module(module), name)(args))
    return run_it


def report(text: str, path: str | None, data: Callable[[], str]) -> None:
    """Print a run's figures for people and, if asked for (``--json``: ``path``), write them as JSON (``data``)."""
    print(text)
    if path:
        with open(path, "w", encoding="utf-8") as out:
            out.write(data() + "\n")


def failed(err: Exception | str) -> int:
    """Say why a command cannot run (an error, or its words); its exit code."""
    print(f"error: {err}", file=sys.stderr)
    return 2


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Run one command; returns the process exit code."""
    args = parser.parse_args(argv)
    return int(args.run(args))
