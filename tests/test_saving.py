"""The shell's part of saving (``tabletop.saving``) for a game that keeps no score sheet."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop import saving
from tabletop.effects import Clear, Clock, Download, Load, Now, PickFile, Write
from tabletop.notes import Note
from tabletop.saving import Data, Persist


@dataclass(frozen=True)
class Game:
    notes: tuple[Note, ...] = ()
    persist: Persist = Persist()
    serial: int = 0
    history: object = None
    playing: bool = True


class NoSheet:
    """A keeper of one document: the game in progress."""

    name, slot, sheet = "dice", "dice-game", None

    def playing(self, s: Game) -> bool:
        return s.playing

    def saved(self, s: Game, now: str) -> dict[str, str] | None:
        return {"id": "g1", "at": now} if s.playing else None

    def ident(self, value: object) -> str:
        return str(saving.narrowed(value, dict, "a saved game")["id"])

    def finished(self, s: Game, now: str) -> object:
        raise AssertionError("no sheet to put a game on")

    def resume(self, s: Game, value: object) -> tuple[Game, tuple[()]]:
        return s, ()

    def set_up(self, s: Game) -> tuple[Game, tuple[()]]:
        return replace(s, playing=False), ()

    def export(self, s: Game, kind: str, today: str) -> Download | None:
        raise AssertionError("no sheet to export")

    def trimmed(self, sheet: object) -> object:
        raise AssertionError("no sheet to trim")

    def after_save(self, s: Game, now: str) -> tuple[Game, tuple[()]]:
        return s, ()


KEEPER = NoSheet()


def test_a_game_without_a_score_sheet_reads_and_saves_its_game_only() -> None:
    assert saving.start(KEEPER) == (Load("dice-game"),)
    s, effects = saving.outcome(KEEPER, Game(), Clock("2026-01-01T00:00:00", "save")) or (Game(), ())
    assert s.persist.id == "g1" and any(isinstance(e, Write) and e.doc == "dice-game" for e in effects)


def test_a_finished_game_without_a_sheet_is_forgotten_and_nothing_more_is_saved() -> None:
    s = replace(Game(), persist=Persist(id="g1", serial=0))
    s, effects = saving.record(s)
    assert effects == (Now("record"),)
    s, effects = saving.outcome(KEEPER, s, Clock("2026-01-01T00:00:00", "record")) or (s, ())
    assert effects == (Clear("dice-game"),) and s.persist.done and s.persist.id is None
    s, effects = saving.outcome(KEEPER, s, Clock("2026-01-01T00:00:01", "save")) or (s, ())
    assert effects == (), "a finished game is not saved again"


def test_the_sheet_s_commands_do_nothing_without_a_sheet() -> None:
    s = Game()
    for cmd in (Data.EXPORT_JSON, Data.EXPORT_CSV, Data.FREE_SPACE, Data.IMPORT, Data.CLEAR_HISTORY):
        assert saving.command(KEEPER, s, cmd, "") == (s, ()), cmd
    assert saving.command(KEEPER, s, Data.LOAD_THEIRS, "")[1] == (Load("dice-game"),)
    assert not isinstance(saving.command(KEEPER, s, Data.IMPORT, "")[1], PickFile)
