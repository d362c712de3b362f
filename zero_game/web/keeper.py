"""Zero's documents in the shell's store, and its part of saving (``tabletop.saving.Keeper``).

Two documents: the match in progress (a slot, ``zero-knizia:game``: a ``zero_game.sheet.SavedGame``, saved
after every change) and the score sheet (a ledger, ``zero-knizia:sheet``: every finished match, read in
slices at start).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from tabletop.effects import Download, Effects
from tabletop.errors import InvalidMove
from tabletop.ids import new_id
from tabletop.notes import dismiss, with_shell
from tabletop.saving import narrowed
from tabletop.store import PREFIX, Shape, Spec, Steps
from zero_game.cards import Card
from zero_game.sheet import (
    GAME_DOC,
    SHEET_DOC,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet_steps,
    game_assists,
    load_game,
    merge_steps,
    peek_revision,
    read_sheet_steps,
    record_match,
    sheet_csv,
)

from .settings import saved_settings
from .table import SLOT, Result, Table, resume, settle, table_round

GAME_KEY = PREFIX + "game"
SHEET_KEY = PREFIX + "sheet"


def _read_game(text: str, salvage: bool) -> Steps[tuple[SavedGame, list[str]]]:
    yield
    return load_game(text), []


def _dump_game(game: SavedGame) -> Steps[str]:
    yield
    return dump_game(game)


def _peek(text: str) -> int | None:
    found = peek_revision(text)
    return found[1] if found else None


def _merge(a: ScoreSheet, b: ScoreSheet) -> Steps[ScoreSheet]:
    return (yield from merge_steps(a, b))[0]


def _sheet_spec() -> Spec[ScoreSheet]:
    written: dict[str, Any] = {}  # each match's JSON text, written once (a big sheet is rewritten often)

    def dump(sheet: ScoreSheet) -> Steps[str]:
        return (yield from dump_sheet_steps(sheet, written))

    def read(text: str, salvage: bool) -> Steps[tuple[ScoreSheet, list[str]]]:
        return (yield from read_sheet_steps(text, salvage=salvage))

    return Spec("sheet", SHEET_KEY, SHEET_DOC, Shape.LEDGER, read, dump, empty=ScoreSheet(), merge=_merge,
                size=lambda sheet: len(sheet.matches), rescue_names=("finished_matches",))


GAME: Spec[SavedGame] = Spec(SLOT, GAME_KEY, GAME_DOC, Shape.SLOT, _read_game, _dump_game,
                             revision=lambda game: game.revision,
                             with_revision=lambda game, revision: replace(game, revision=revision), peek=_peek)


def docs() -> tuple[Spec[Any], ...]:
    """Zero's documents, for one store (the sheet's spec keeps its own cache of written matches)."""
    return (GAME, _sheet_spec())


def export_filename(kind: str, when: str) -> str:
    """A download name such as ``zero-score-sheet-2025-05-01.json`` (``kind``: "json" or "csv")."""
    return f"zero-score-sheet-{when[:10]}.{kind}"


class ZeroKeeper:
    """Zero's part of saving."""

    name, slot, sheet = "zero", SLOT, "sheet"  # the files' prefix, the match in progress, the score sheet

    def playing(self, s: Table) -> bool:
        return s.match is not None

    def saved(self, s: Table, now: str) -> SavedGame | None:
        if s.match is None or s.lesson is not None:
            return None
        ident = s.persist.id or new_id(random.Random(f"{s.ids}:{s.serial}"))
        options: dict[str, Any] = {"reviewed": s.reviewed, "lang": s.lang, "assists": ",".join(s.assists),
                                   "pool": " ".join(c.slug for c in s.pool_order)}  # as laid out, not re-sorted
        return SavedGame(ident, s.seat_names, s.match, now, options, table=s.settings.to_dict())

    def ident(self, value: object) -> str:
        return narrowed(value, SavedGame, "a saved match of Zero").id

    def finished(self, s: Table, now: str) -> ScoreSheet:
        assert s.match is not None
        ident = s.persist.id or new_id(random.Random(f"{s.ids}:{s.serial}"))
        return ScoreSheet((record_match(s.match, s.seat_names, match_id=ident, finished_at=now, assists=s.assists),))

    def resume(self, s: Table, value: object) -> Result:
        value = narrowed(value, SavedGame, "a saved match of Zero")
        reviewed = value.options.get("reviewed")
        after, effects = resume(dismiss(s, "tutorial.offer"), value.match, saved_settings(value),
                                reviewed if type(reviewed) is int else None, game_assists(value), value.seats)
        return replace(after, pool_order=laid_out(after, value.options.get("pool"))), effects

    def set_up(self, s: Table) -> Result:
        return settle(s, with_shell(replace(s, match=None), setting_up=True))

    def export(self, s: Table, kind: str, today: str) -> Download | None:
        if kind == "csv":
            return Download(export_filename("csv", today), sheet_csv(s.history), "text/csv")
        text = json.dumps(s.history.to_dict(), ensure_ascii=False, indent=1) + "\n"
        return Download(export_filename("json", today), text, "application/json")

    def trimmed(self, sheet: object) -> ScoreSheet:
        sheet = narrowed(sheet, ScoreSheet, "Zero's score sheet")
        kept = {r.id for r in sheet.history()[: len(sheet.matches) // 2]}
        return ScoreSheet(tuple(r for r in sheet.matches if r.id in kept))

    def after_save(self, s: Table, now: str) -> tuple[Table, Effects]:
        return s, ()


def laid_out(s: Table, saved: object) -> tuple[Card, ...]:
    """The pool in the order it had on the table when saved (a given card in the taken card's place), if the saved
    order holds the same cards; else as the round holds it."""
    r = table_round(s)
    if r is None:
        return s.pool_order
    try:
        order = tuple(Card.parse(slug) for slug in saved.split()) if isinstance(saved, str) else ()
    except InvalidMove:
        order = ()
    return order if sorted(order) == sorted(r.pool) and len(set(order)) == len(order) else s.pool_order


KEEPER = ZeroKeeper()
