"""Saved data in the page: the match saved after every change, the score sheet, other tabs, export and import.

The glue between ``storage.Store`` (over ``localStorage``) and the app: it carries out the ``Save``,
``RecordFinished``, ``ClearSaved`` and store-command effects, and turns storage problems into notices.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from tabletop.ids import new_id, timestamp
from zero_game.sheet import SavedGame, game_assists

from .commands import Command
from .settings import saved_settings
from .storage import (
    CONFLICT,
    FAILED,
    REJECTED,
    THINK_SLICE,
    WRITE_FAILED,
    Loaded,
    Problem,
    Store,
    at_risk_notice,
    export_filename,
    problem_actions,
    request_persistence,
)
from .table import dismiss, notify, resume, settle
from .texts import sheet_seats

if TYPE_CHECKING:
    from .app import App

# Problems that are about data the player may lose: shown as alerts (the rest as status messages).
ALERTS = ("storage-unavailable", "write-failed", "corrupt-sheet", "corrupt-game", "backup-failed", "conflict",
          "bad-import", "newer-import")


class SavedData:
    """The page's saved data: the store, the match as last saved, and whether another tab disagrees."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store: Store | None = None
        self.game: SavedGame | None = None  # the match in progress as last saved (id, seats, revision)
        self.serial = -1  # the state's match serial the saved game belongs to
        self.conflicted = False
        self.unsaved = False  # a change of the match that is not in storage yet
        self.asked_to_persist = False

    def attach_store(self, store: Store, loaded: Loaded) -> None:
        """Use ``store``: show what loading found, resume the saved match, save from now on."""
        self.store = store
        self.app.state = replace(self.app.state, history=loaded.sheet, backups=tuple(store.list_backups()))
        for problem in loaded.problems:
            self.show_problem(problem)
        if loaded.game is not None:
            self.resume(loaded.game)
        self.app.listen(window, "storage", self.on_storage)
        self.app.listen(document, "zero:before-update", self.on_before_update)

    def show_problem(self, problem: Problem) -> None:
        state = notify(self.app.state, problem.message_key, alert=problem.code in ALERTS,
                       actions=problem_actions(problem))
        at_risk = at_risk_notice(problem, self.store, state.texts.t)
        if at_risk is not None:  # a failed write: say what is kept and what is not
            state = notify(state, "storage.at-risk", alert=True, kept=at_risk["kept"], lost=at_risk["lost"])
        self.app.state = state
        if problem.detail:
            window.console.warn(f"Zero: {problem.code}: {problem.detail}")

    def resume(self, game: SavedGame) -> None:
        """Continue ``game`` with its own set-up; what happens next (bots, hand-off) follows from the state."""
        reviewed = game.options.get("reviewed")
        state, effects = resume(self.app.state, game.match, saved_settings(game),
                                reviewed if type(reviewed) is int else None, game_assists(game))
        self.game = game
        self.serial = state.serial
        self.app.run((state, effects))

    def options(self) -> dict[str, Any]:
        return {"settings": json.dumps(self.app.state.settings.to_dict()), "reviewed": self.app.state.reviewed,
                "lang": self.app.state.lang, "assists": ",".join(self.app.state.assists)}

    def save_match(self) -> None:
        """After every change of the match (the deal too): save it; a new match gets a new id."""
        match = self.app.state.match
        if match is None:
            return
        moment = timestamp(datetime.now(UTC))
        if self.game is None or self.serial != self.app.state.serial:
            if not self.asked_to_persist:
                # Asked when a person starts a match (a tap), not at load: Firefox asks the player about it.
                self.asked_to_persist = True
                asyncio.ensure_future(request_persistence(window.navigator))
            self.serial = self.app.state.serial
            self.game = SavedGame(new_id(random.SystemRandom()), sheet_seats(self.app.state.texts), match, moment,
                                  self.options())
        elif self.game.match is not match:
            self.game = replace(self.game.advance(match, moment), options=self.options())
        self.save()

    def save(self, *, force: bool = False) -> None:
        """Write the match in progress; on trouble tell the player (once) and keep playing."""
        if self.store is None or self.game is None:
            return
        if self.conflicted and not force:
            return  # the player has not chosen yet between this tab's match and the other one
        if self.game.options != self.options():
            self.game = replace(self.game, options=self.options())
        self.unsaved = True
        result = self.store.save_game(self.game, force=force)
        if result.ok and result.game is not None:
            self.game = result.game
            self.unsaved = False
            self.app.state = dismiss(dismiss(self.app.state, "storage.write-failed"), "storage.at-risk")
        elif result.status == CONFLICT:
            self.show_conflict()
        elif result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))

    def show_conflict(self) -> None:
        self.conflicted = True
        self.app.state = notify(self.app.state, "storage.conflict", alert=True, actions=(
            ("load-theirs", "", "storage.load-theirs"), ("keep-mine", "", "storage.keep-mine")))

    def record_finished(self) -> None:
        """The match is over: put it on the score sheet and forget the match in progress."""
        if self.store is None or self.game is None:
            return
        # The saved match is forgotten only once the sheet holding its result is written.
        result = self.store.finish_match(self.game.record(timestamp(datetime.now(UTC))), clear=not self.conflicted)
        if result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))
        self.game = None
        self.app.state = replace(self.app.state, history=self.store.sheet)

    def abandon(self) -> None:
        """The players started another match: the last one is no longer the match to resume."""
        if self.store is not None and self.game is not None and not self.conflicted:
            self.store.clear_game()
        self.game = None

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to this site's storage."""
        if self.store is None:
            return
        key = event.key
        change = self.store.on_storage_event(js_text(key), js_text(event.newValue))
        if change is None:
            return
        if change.what in ("game", "all") and (self.game is not None or self.app.state.match is not None):
            self.show_conflict()
        if change.what in ("sheet", "all"):
            self.app.state = replace(self.app.state, history=self.store.sheet)
        self.app.render()

    def on_before_update(self, event: Any) -> None:
        """The page is about to reload for a new version: retry a save that failed or waited."""
        if self.unsaved:
            self.save()

    def store_command(self, command: Command, arg: str) -> None:
        store = self.store
        if store is None:
            return
        if command is Command.EXPORT_JSON:
            download(store.export_json(), export_filename("json", self.today()), "application/json")
        elif command is Command.EXPORT_CSV:
            download(store.export_csv(), export_filename("csv", self.today()), "text/csv")
        elif command is Command.EXPORT_BACKUP:
            text = store.backup_text(arg)
            if text is not None:
                name = "zero-backup-" + arg.rsplit(":", 2)[-2] + ".json" if arg.count(":") >= 3 else "zero-backup.json"
                download(text, name.replace(":", ""), "application/json")
        elif command is Command.EXPORT_RESCUE:  # exactly what storage could not keep
            rescue = store.rescue()
            if rescue is not None:
                download(rescue.text, rescue.filename, rescue.mime)
                store.rescued()
                store.retry()
                self.save()
        elif command is Command.FREE_SPACE:  # the whole sheet is offered first, then the oldest half leaves storage
            download(store.export_json(), export_filename("json", self.today()), "application/json")
            if store.trim_history(len(store.sheet.matches) // 2).ok:
                self.app.state = replace(self.app.state, history=store.sheet)
                store.retry()
                self.save()
        elif command is Command.IMPORT:
            self.app.picker.click()
        elif command is Command.CLEAR_HISTORY_YES:
            result = store.clear_history()
            if result.status == FAILED and result.warn:
                self.show_problem(Problem(WRITE_FAILED))
            self.app.state = replace(self.app.state, history=store.sheet)
        elif command is Command.LOAD_THEIRS:
            self.conflicted = False
            self.app.state = dismiss(self.app.state, "storage.conflict")
            loaded = store.reload_game()
            for problem in loaded.problems:
                self.show_problem(problem)
            self.game = None
            if loaded.game is not None:
                self.resume(loaded.game)
            else:
                before = self.app.state
                self.app.state, effects = settle(before, replace(before, match=None, setting_up=True))
                for effect in effects:
                    self.app.carry_out(effect)
        elif command is Command.KEEP_MINE:
            self.conflicted = False
            self.app.state = dismiss(self.app.state, "storage.conflict")
            match = self.app.state.match
            if match is not None and not match.is_over and self.game is not None:
                self.save(force=True)

    def today(self) -> str:
        return timestamp(datetime.now(UTC))

    async def import_file(self, file: Any, picker: Any) -> None:
        """Read a chosen score-sheet file and merge it; say what happened."""
        try:
            if self.store is None:
                return
            try:
                text = str(await file.text())
            except Exception:
                text = ""
            picker.value = ""
            importing = self.store.importing(text)  # in slices: a 100,000-match file must not freeze the page
            while (result := importing.step(THINK_SLICE)) is None:
                await asyncio.sleep(0)
            for key in ("storage.imported", "storage.bad-import", "storage.newer-import"):
                self.app.state = dismiss(self.app.state, key)
            if result.status == REJECTED and result.problem is not None:
                self.app.state = notify(self.app.state, result.problem.message_key, alert=True)
            else:
                self.app.state = notify(self.app.state, "storage.imported", added=result.added,
                                        duplicates=result.duplicates)
                if result.status == FAILED and result.warn:
                    self.show_problem(Problem(WRITE_FAILED))
            self.app.state = replace(self.app.state, history=self.store.sheet)
            self.app.render()
        except Exception as err:
            self.app.failed(err)

    async def read_sheet(self) -> None:
        """Read the score sheet in slices once the first screen is up: a big sheet does not delay the start."""
        try:
            if self.store is None or not self.store.sheet_pending:
                document.documentElement.dataset.sheet = "ready"
                return
            reading = self.store.sheet_reading()
            while (problems := reading.step(THINK_SLICE)) is None:
                await asyncio.sleep(0)
            for problem in problems:
                self.show_problem(problem)
            self.app.state = replace(self.app.state, history=self.store.sheet,
                                     backups=tuple(self.store.list_backups()))
            document.documentElement.dataset.sheet = "ready"
            self.app.render()
        except Exception as err:
            self.app.failed(err)


def js_text(value: Any) -> str | None:
    """A JS string as text; ``null`` (``None`` or a falsy ``JsNull``) as ``None``."""
    return None if value is None or (not value and value != "") else str(value)


def download(text: str, filename: str, mime: str) -> None:
    """Offer ``text`` as a file: a Blob, an object URL and a temporary ``<a download>`` clicked once."""
    options = to_js({"type": mime + ";charset=utf-8"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
