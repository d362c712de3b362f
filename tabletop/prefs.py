"""This device's preferences, for every game: sound, motion, the language, the last game, tutorials seen.

One small document (``zero-knizia:prefs``), kept like a ledger: a write merges what is stored, so one game's
choices never erase another's.  Losing it costs a choice, never a game: it is ``quiet`` (no notice).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .documents import DocType
from .errors import DataError
from .store import PREFIX, Shape, Spec, Steps

PREFS_KEY = PREFIX + "prefs"
PREFS_DOC = DocType("prefs", 1, "preferences", "Zero · Zéro à 1000", max_chars=10_000)
Prefs = Mapping[str, object]  # name -> a JSON scalar (or a short list of names)
#: This device's switches, each kept here by its name and on unless turned off (``present.switches`` shows them).
SWITCHES = ("motion", "sound")


def switched(name: str, value: str) -> dict[str, Any]:
    """What the set-up's choice ``name`` = ``value`` turns on or off, as a game state's fields (``{"sound": False}``
    for ``dataclasses.replace``); nothing for another choice."""
    return {name: value == "on"} if name in SWITCHES and value in ("on", "off") else {}


def _read(text: str, salvage: bool) -> Steps[tuple[dict[str, object], list[str]]]:
    data = PREFS_DOC.parse(text)
    if isinstance(data, dict) and "type" not in data:  # before prefs were a document: {"sound", "motion", "taught"}
        data = {"type": PREFS_DOC.tag, "schema": 1, "values": {**data, "zero.taught": data.get("taught")}}
    doc = PREFS_DOC.header(data)
    values = doc.get("values")
    if not isinstance(values, dict):
        raise DataError("The preferences are damaged.")
    clean: dict[str, object] = {k: v for k, v in values.items()
                                if isinstance(k, str) and (v is None or isinstance(v, (str, bool, int)))}
    yield
    return clean, []


def _dump(value: Prefs) -> Steps[str]:
    yield
    return json.dumps({"type": PREFS_DOC.tag, "schema": 1, "values": dict(value)}, separators=(",", ":"))


def _merge(a: Prefs, b: Prefs) -> Steps[dict[str, object]]:
    yield
    return {**a, **b}


def _size(value: Prefs) -> int:
    return len(value)


PREFS: Spec[Any] = Spec("prefs", PREFS_KEY, PREFS_DOC, Shape.LEDGER, _read, _dump, empty={}, merge=_merge,
                        size=_size, quiet=True)
