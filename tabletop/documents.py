"""The one door through which stored and imported text becomes data, for every game's documents.

- ``load_json``: JSON text within size and depth limits (``json.loads`` recurses once per level, and in
  the browser a few thousand levels overflow the JavaScript stack, which no ``except`` can catch);
- ``DocType``: a versioned document kind (``{"type": …, "schema": n, …}``): its header is checked and
  older schemas are migrated forward, step by step, before any game code decodes it;
- ``Stepper``: such work done a slice at a time, so that a page stays responsive.
"""

from __future__ import annotations

import gc
import json
import re
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import DamagedError, DataError, NewerVersionError, NotJsonError, WrongKindError, shown

MAX_JSON_DEPTH = 32  # every document of the game nests 6 levels at most
MAX_JSON_CHARS = 4_000_000  # a saved round or match; localStorage itself holds about 5 million characters
JSON_CHUNK = 1 << 17  # characters checked per step of json_problem_steps
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_OPENER = {"]": "[", "}": "{"}


def json_problem(text: str, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH) -> str | None:
    """Why ``text`` may not be given to ``json.loads`` (too long, too deep, brackets that don't pair), or None.

    Linear in the length of ``text`` and without recursion: ``json.loads`` recurses once per nesting level,
    and in the browser a few thousand levels overflow the JavaScript stack, which no ``except`` can catch.
    """
    steps = json_problem_steps(text, max_chars, max_depth)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def json_problem_steps(
    text: str, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH
) -> Generator[None, None, str | None]:
    """``json_problem``, one step per ``JSON_CHUNK`` characters (so a page can pause between steps)."""
    if len(text) > max_chars:
        return f"the text is {len(text):,} characters long; at most {max_chars:,} are read"
    in_string, stack, start = False, [], 0
    while start < len(text):
        end = min(start + JSON_CHUNK, len(text))
        while end < len(text) and text[end - 1] == "\\":  # never split an escape between two steps
            end += 1
        # Without its escaped backslashes and quotes, a piece of JSON has strings between plain quotes only.
        parts = text[start:end].replace("\\\\", "").replace('\\"', "").split('"')
        outside = "".join(parts[1::2] if in_string else parts[0::2])
        in_string ^= len(parts) % 2 == 0
        for bracket in _NOT_BRACKET.sub("", outside):
            if bracket in "[{":
                stack.append(bracket)
                if len(stack) > max_depth:
                    return f"the text is nested more than {max_depth} levels deep"
            elif not stack or stack.pop() != _OPENER[bracket]:
                return "the text is not valid JSON (its brackets do not pair up)"
        start = end
        yield
    return "the text is not valid JSON (its brackets do not pair up)" if stack else None


def load_json(
    text: object,
    what: str,
    *,
    max_chars: int = MAX_JSON_CHARS,
    error: type[DataError] = DataError,
    article: str = "a saved",
) -> object:
    """Parse JSON text within size and depth limits; every failure is an ``error`` naming ``what`` was expected.

    The one door through which stored and imported text becomes data (rounds, matches, score sheets, saved
    games, table set-ups).
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise error(f"This is not {article} {what}: it is not text.") from None
    if not isinstance(text, str):
        raise error(f"{article.capitalize()} {what} is JSON text, not {type(text).__name__}.")
    text = text.removeprefix("\ufeff")
    problem = json_problem(text, max_chars)
    if problem is not None:
        raise error(f"This is not {article} {what}: {problem}.")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        raise error(f"This is not {article} {what}: the text is not valid JSON ({shown(str(err), 80)}).") from None


Migration = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class DocType:
    """A kind of versioned JSON document: its ``type`` tag, the schema this version writes, the migrations.

    ``migrations[n]`` turns a schema-``n`` document into schema ``n + 1``; ``what`` names the document in
    messages ("score sheet"), ``game`` the game that writes it ("Zero").
    """

    tag: str
    schema: int
    what: str
    game: str
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    max_chars: int = MAX_JSON_CHARS

    def parse(self, text: object) -> object:
        """The JSON of ``text``, through the door; ``NotJsonError`` if it is not JSON within the limits."""
        return load_json(text, self.what, max_chars=self.max_chars, error=NotJsonError, article=f"a {self.game}")

    def header(self, data: object) -> dict[str, Any]:
        """``data`` checked to be this kind of document and brought up to this version's schema.

        ``WrongKindError`` for another kind, ``NewerVersionError`` for a newer schema (leave it untouched),
        ``DamagedError`` for a missing or never-used schema number.
        """
        if not isinstance(data, dict) or data.get("type") != self.tag:
            raise WrongKindError(f"This is not a {self.game} {self.what}.")
        found = data.get("schema")
        if type(found) is not int or found < 1:
            raise DamagedError(f"This {self.what} has no valid format number, so it can't be read.")
        if found > self.schema:
            raise NewerVersionError(self.what, found, self.schema, self.game)
        doc: dict[str, Any] = data
        while found < self.schema:
            step = self.migrations.get(found)
            if step is None:
                raise DamagedError(f"This {self.what} has format {found}, which was never used.")
            try:
                doc = step(doc)
            except RecursionError:
                raise DamagedError(f"This {self.what} is nested too deeply to be read.") from None
            found = doc["schema"]
        return doc

    def read(self, text: object) -> dict[str, Any]:
        """``parse`` then ``header``: the document's data at this version's schema."""
        return self.header(self.parse(text))

    def is_newer(self, text: str | None) -> bool:
        """Whether ``text`` is this kind of document from a newer version (cheap: nothing is decoded)."""
        if text is None:
            return False
        try:
            data = self.parse(text)
        except DataError:
            return False
        schema = data.get("schema") if isinstance(data, dict) else None
        return isinstance(data, dict) and data.get("type") == self.tag and type(schema) is int and schema > self.schema


T = TypeVar("T")


class Stepper(Generic[T]):
    """Work done a slice at a time, so that a page stays responsive while it reads or writes a big sheet.

    ``step(0.02)`` works for about 20 ms and returns ``None`` while there is more to do, then the result (or
    raises the error the work raised). ``run()`` does it all at once. A slice ends between two matches; the
    only longer single steps are linear passes at C speed over the whole text (the depth check, and joining
    the written text).
    """

    def __init__(self, steps: Generator[None, None, T], *, quiet_gc: bool = False) -> None:
        self._steps = steps
        self.quiet_gc = quiet_gc
        self.done = False
        self.count = 0  # steps taken, for a progress indicator

    def step(self, budget: float) -> T | None:
        """Work for about ``budget`` seconds: ``None`` if not done yet, else the result.

        With ``quiet_gc`` the cyclic garbage collector is paused during the slice and what survives it is
        moved out of the collector's view (``gc.freeze``): otherwise a full collection, which walks every
        object (a big sheet is millions), lands in some slice and makes it long. Reading a sheet makes no
        reference cycles, so reference counting alone frees all it drops.
        """
        collecting = self.quiet_gc and gc.isenabled()
        if collecting:
            gc.disable()
        deadline = time.perf_counter() + budget
        try:
            while True:
                for _ in range(16):
                    next(self._steps)
                    self.count += 1
                if time.perf_counter() >= deadline:
                    return None
        except StopIteration as finished:
            self.done = True
            return finished.value  # type: ignore[no-any-return]
        finally:
            if collecting:
                gc.freeze()
                gc.enable()

    def run(self) -> T:
        """All the work at once."""
        while True:
            try:
                next(self._steps)
            except StopIteration as finished:
                self.done = True
                return finished.value  # type: ignore[no-any-return]
