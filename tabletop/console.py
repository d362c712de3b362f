"""Text in and out for the terminal games (Zero's and the quiz's): say, read, and ask for a move.

Both games read a person's move the same way: ``help`` shows the help, ``quit`` (or the end of the
input) leaves, ``show`` (or an empty line) shows the table again, and anything else is parsed, then
refused with a reason until it is a move the game allows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO, TypeVar

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
