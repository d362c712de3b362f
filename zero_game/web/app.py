"""The browser glue: events become commands, effects are carried out here (in one place), the view is drawn.

Everything it decides with is pure and tested in CPython: ``commands.handle`` (state in, state and
effects out), ``table.next_step``/``bot_turn`` (what happens next), ``present.present`` (what to draw).
Every handler and the bot loop are guarded: an exception shows an error notice and the page plays on.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from zero_game.sheet import SavedGame, new_id, timestamp

from .commands import Command, handle
from .i18n import pick_language
from .present import present
from .settings import SPEEDS, saved_settings
from .storage import (
    CONFLICT,
    FAILED,
    REJECTED,
    WRITE_FAILED,
    Loaded,
    Problem,
    Store,
    browser_backend,
    export_filename,
    request_persistence,
)
from .table import (
    BotTurn,
    ClearSaved,
    Effect_,
    Page,
    RecordFinished,
    Result,
    Save,
    StoreAction,
    Table,
    Think,
    bot_play,
    bot_show,
    bot_thinking,
    bot_turn,
    dismiss,
    notify,
    page,
    resume,
    settle,
    still_to_play,
)
from .texts import sheet_seats
from .view import View

# Problems that are about data the player may lose: shown as alerts (the rest as status messages).
ALERTS = ("storage-unavailable", "write-failed", "corrupt-sheet", "corrupt-game", "backup-failed", "conflict",
          "bad-import", "newer-import")
ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
# The slice of thinking a bot may do before the page gets the main thread back (well under a 50 ms long task).
THINK_SLICE = 0.015


class App:
    """One game page: the state, the view, the listeners, the saved data and the bot loop."""

    def __init__(self, root: Any, state: Table) -> None:
        self.root = root
        self.state = state
        self.view = View(document, root)
        self.live = document.createElement("div")
        self.live.className = "sr-only"
        self.live.id = "live"
        self.live.setAttribute("aria-live", "polite")
        self.live.setAttribute("role", "status")
        # The file picker the Import button opens: outside the drawn view, so it outlives a repaint.
        self.picker = document.createElement("input")
        self.picker.type = "file"
        self.picker.accept = ".json,application/json"
        self.picker.className = "file-input"
        self.picker.hidden = True
        self.picker.setAttribute("data-field", "import-file")
        root.replaceChildren(self.view.notice_area, self.view.frame, self.live, self.picker)
        self.no_scroll = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
        self.store: Store | None = None
        self.game: SavedGame | None = None  # the match in progress as last saved (id, seats, revision)
        self.serial = -1  # the state's match serial the saved game belongs to
        self.conflicted = False
        self.unsaved = False
        self.bots: dict[str, Any] = {}
        self.bot_task: Any = None
        self.banner_lang = ""
        self.had_confirm = False
        self.handoff_at = 0.0  # when the hand-off appeared (ms, the events' clock)
        self.pressed_at = 0.0  # when the last pointer press began
        self._proxies: list[tuple[Any, str, Any]] = []
        self.listen(root, "click", self.on_click)
        self.listen(root, "change", self.on_change)
        self.listen(root, "input", self.on_input)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "pointerdown", self.on_pointerdown)

    def listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Listen for ``kind`` events with ``handler``, guarded: an exception becomes an error notice."""
        proxy = create_proxy(lambda event: self.guarded(handler, event))
        self._proxies.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def guarded(self, handler: Callable[..., None], *args: Any) -> None:
        try:
            handler(*args)
        except Exception as err:  # the page must keep working whatever one handler does
            self.failed(err)

    def failed(self, err: BaseException) -> None:
        """Say that something went wrong, log the details, and keep the page alive."""
        window.console.error("Zero: " + "".join(traceback.format_exception(err)))
        try:
            self.state = notify(self.state, "error.unexpected", alert=True)
            self.render()
        except Exception as again:
            window.console.error(f"Zero: could not show the error: {again!r}")

    # ---- the one path: command -> state and effects -> carried out -> drawn ----

    def dispatch(self, command: str, arg: str = "", value: str = "") -> None:
        """Run one command from the page."""
        self.run(handle(self.state, command, arg, value))

    def run(self, result: Result) -> None:
        """Take the new state, carry out its effects, draw."""
        self.state, effects = result
        for effect in effects:
            self.carry_out(effect)
        self.render()

    def carry_out(self, effect: Effect_) -> None:
        """The only place effects happen."""
        if isinstance(effect, Save):
            self.save_match()
        elif isinstance(effect, RecordFinished):
            self.record_finished()
        elif isinstance(effect, ClearSaved):
            self.abandon()
        elif isinstance(effect, Think):
            self.wake_bots()
        elif isinstance(effect, StoreAction):
            self.store_command(Command(effect.command), effect.arg)

    # ---- drawing ----

    def render(self) -> None:
        """Repaint what changed; a new screen opens at its top; focus stays on its element."""
        screen = present(self.state)
        active = document.activeElement
        document.documentElement.lang = screen.lang
        document.title = screen.title
        for selector, text in ((".masthead h1", screen.top.brand), (".tagline", screen.tagline)):
            node = document.querySelector(selector)
            if node:
                node.textContent = text
        self.root.setAttribute("aria-label", screen.table_label)
        document.body.dataset.screen = screen.name
        changed = self.view.draw(screen)
        if screen.lang != self.banner_lang:
            self.translate_banner()
        if self.live.textContent != screen.live:
            self.live.textContent = screen.live
        confirm = bool(self.root.querySelector(".confirm"))
        if "screen" in changed:
            window.scrollTo(0, 0)
            if screen.name == Page.HANDOFF:
                self.handoff_at = float(window.performance.now())
            self.focus_first(screen.name)
        elif confirm and not self.had_confirm:
            self.focus(".confirm .btn.primary")
        elif not active or not active.isConnected or document.activeElement == document.body:
            self.refocus(active)
        self.had_confirm = confirm

    def focus(self, selector: str) -> bool:
        node = self.root.querySelector(selector)
        if not node:
            return False
        node.focus(self.no_scroll)
        return True

    def focus_first(self, name: str) -> None:
        """Where a new screen starts: the hand on the table, the heading on a hand-off (never its button)."""
        if name == Page.HANDOFF:
            self.focus(".handoff h1")
        elif name == Page.TABLE:
            _ = self.focus("[data-zone='hand'] [data-card]") or self.focus(".status-text")
        elif name == Page.SETUP:
            self.focus(".setup h1")
        else:
            _ = self.focus(".view .btn.primary") or self.focus("h1")

    def refocus(self, lost: Any) -> None:
        """Focus was on an element that a repaint replaced: the control with the same hook, else the hand."""
        if lost and hasattr(lost, "getAttribute"):
            for attr in ("data-action", "data-field", "data-card"):
                value = lost.getAttribute(attr)
                if value:
                    arg = lost.getAttribute("data-arg")
                    if self.focus(f"[{attr}='{value}']" + (f"[data-arg='{arg}']" if arg else "")):
                        return
        if page(self.state) is Page.TABLE:
            self.focus("[data-zone='hand'] [data-card]")

    def translate_banner(self) -> None:
        """The service worker's "new version" bar (index.html, in English) in the current language."""
        t = self.state.texts
        self.banner_lang = self.state.lang
        self.picker.setAttribute("aria-label", t.t("storage.import"))
        for node_id, key in (("update-message", "update.message"), ("update-reload", "update.reload"),
                             ("update-later", "update.later")):
            node = document.getElementById(node_id)
            if node:
                node.textContent = t.t(key)

    # ---- events ----

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target:
            return
        card = target.getAttribute("data-card")
        if card:
            zone = target.closest("[data-zone]")
            if zone:
                self.dispatch(zone.getAttribute("data-zone"), card)
            return
        action = target.getAttribute("data-action")
        if action == Command.READY and not self.deliberate(event):
            return
        self.dispatch(action, target.getAttribute("data-arg") or "")

    def on_pointerdown(self, event: Any) -> None:
        self.pressed_at = float(event.timeStamp)

    def deliberate(self, event: Any) -> bool:
        """Whether a press on the hand-off's button is a new act, not the tail of the last person's.

        The second click of a double-click (``detail`` 2) and a press that began before the hand-off
        appeared are tails; keys cannot reach the button, which never gets focus by itself.
        """
        clicks = int(event.detail or 0)  # 0: a key press on the button (reached only by Tab) or a script
        return clicks == 0 or (clicks == 1 and self.pressed_at >= self.handoff_at)

    def on_change(self, event: Any) -> None:
        field = event.target.getAttribute("data-field")
        if not field:
            return
        if field == "import-file":
            files = event.target.files
            if files and files.length:
                asyncio.ensure_future(self.import_file(files.item(0), event.target))
            return
        name, _, arg = field.partition(":")
        if name == "seat-name":
            return  # already taken on input
        value = str(event.target.value)
        if name == "seat-kind":
            self.dispatch(Command.SEAT_KIND, arg, value)
        else:
            self.dispatch(Command.SET, name, value)

    def on_input(self, event: Any) -> None:
        field = event.target.getAttribute("data-field") or ""
        if field.startswith("seat-name:"):
            self.dispatch(Command.SEAT_NAME, field.partition(":")[2], str(event.target.value))

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = str(target.tagName or "").lower() if target else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = event.key
        if key in ("k", "K") and self.root.querySelector("[data-action='knock']"):
            event.preventDefault()
            self.dispatch(Command.KNOCK)
        elif key == "Escape":
            self.dispatch(Command.CANCEL)
        elif key in ARROWS and target.getAttribute("data-card"):
            event.preventDefault()
            self.move_focus(target, key)

    def move_focus(self, card: Any, key: str) -> None:
        """Arrows: left/right along a row of cards, up/down between the pool and the hand."""
        zone = card.closest("[data-zone]")
        if not zone:
            return
        if key in ("ArrowUp", "ArrowDown"):
            other = "pool" if key == "ArrowUp" else "hand"
            if zone.getAttribute("data-zone") != other:
                self.focus(f"[data-zone='{other}'] [data-card]")
                return
        cards = list(zone.querySelectorAll("[data-card]"))
        slugs = [c.getAttribute("data-card") for c in cards]
        i = slugs.index(card.getAttribute("data-card"))
        cards[(i + ARROWS[key]) % len(cards)].focus()

    # ---- saved data ----

    def attach_store(self, store: Store, loaded: Loaded) -> None:
        """Use ``store``: show what loading found, resume the saved match, save from now on."""
        self.store = store
        self.state = replace(self.state, history=loaded.sheet, backups=tuple(store.list_backups()))
        for problem in loaded.problems:
            self.show_problem(problem)
        if loaded.game is not None:
            self.resume(loaded.game)
        self.listen(window, "storage", self.on_storage)
        self.listen(document, "zero:before-update", self.on_before_update)
        asyncio.ensure_future(request_persistence(window.navigator))

    def show_problem(self, problem: Problem) -> None:
        actions: tuple[tuple[str, str, str], ...] = ()
        if problem.key:
            actions = (("export-backup", problem.key, "storage.export-backup"),)
        elif problem.code in (WRITE_FAILED, "backup-failed"):
            actions = (("export-json", "", "storage.export"),)
        self.state = notify(self.state, problem.message_key, alert=problem.code in ALERTS, actions=actions)
        if problem.detail:
            window.console.warn(f"Zero: {problem.code}: {problem.detail}")

    def resume(self, game: SavedGame) -> None:
        """Continue ``game`` with its own set-up; what happens next (bots, hand-off) follows from the state."""
        reviewed = game.options.get("reviewed")
        state, effects = resume(self.state, game.match, saved_settings(game),
                                reviewed if type(reviewed) is int else None)
        self.game = game
        self.serial = state.serial
        self.run((state, effects))

    def options(self) -> dict[str, Any]:
        return {"settings": json.dumps(self.state.settings.to_dict()), "reviewed": self.state.reviewed,
                "lang": self.state.lang}

    def save_match(self) -> None:
        """After every change of the match (the deal too): save it; a new match gets a new id."""
        match = self.state.match
        if match is None:
            return
        moment = timestamp(datetime.now(UTC))
        if self.game is None or self.serial != self.state.serial:
            self.serial = self.state.serial
            self.game = SavedGame(new_id(random.SystemRandom()), sheet_seats(self.state.texts), match, moment,
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
            self.state = dismiss(self.state, "storage.write-failed")
        elif result.status == CONFLICT:
            self.show_conflict()
        elif result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))

    def show_conflict(self) -> None:
        self.conflicted = True
        self.state = notify(self.state, "storage.conflict", alert=True, actions=(
            ("load-theirs", "", "storage.load-theirs"), ("keep-mine", "", "storage.keep-mine")))

    def record_finished(self) -> None:
        """The match is over: put it on the score sheet and forget the match in progress."""
        if self.store is None or self.game is None:
            return
        result = self.store.record_finished(self.game.record(timestamp(datetime.now(UTC))))
        if result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))
        if not self.conflicted:
            self.store.clear_game()
        self.game = None
        self.state = replace(self.state, history=self.store.sheet)

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
        if change.what in ("game", "all") and (self.game is not None or self.state.match is not None):
            self.show_conflict()
        if change.what in ("sheet", "all"):
            self.state = replace(self.state, history=self.store.sheet)
        self.render()

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
        elif command is Command.IMPORT:
            self.picker.click()
        elif command is Command.CLEAR_HISTORY_YES:
            result = store.clear_history()
            if result.status == FAILED and result.warn:
                self.show_problem(Problem(WRITE_FAILED))
            self.state = replace(self.state, history=store.sheet)
        elif command is Command.LOAD_THEIRS:
            self.conflicted = False
            self.state = dismiss(self.state, "storage.conflict")
            loaded = store.reload_game()
            for problem in loaded.problems:
                self.show_problem(problem)
            self.game = None
            if loaded.game is not None:
                self.resume(loaded.game)
            else:
                before = self.state
                self.state, effects = settle(before, replace(before, match=None, setting_up=True))
                for effect in effects:
                    self.carry_out(effect)
        elif command is Command.KEEP_MINE:
            self.conflicted = False
            self.state = dismiss(self.state, "storage.conflict")
            match = self.state.match
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
            result = self.store.import_json(text)
            for key in ("storage.imported", "storage.bad-import", "storage.newer-import"):
                self.state = dismiss(self.state, key)
            if result.status == REJECTED and result.problem is not None:
                self.state = notify(self.state, result.problem.message_key, alert=True)
            else:
                self.state = notify(self.state, "storage.imported", added=result.added, duplicates=result.duplicates)
                if result.status == FAILED and result.warn:
                    self.show_problem(Problem(WRITE_FAILED))
            self.state = replace(self.state, history=self.store.sheet)
            self.render()
        except Exception as err:
            self.failed(err)

    # ---- bots ----

    def wake_bots(self) -> None:
        """Start the bot loop unless it is running or no bot is to act."""
        if self.bot_task is None and bot_turn(self.state) is not None:
            self.bot_task = asyncio.ensure_future(self.play_bots())

    async def play_bots(self) -> None:
        """Play bot turns while a bot is to act; a failure shows a notice and ends this run of the loop."""
        try:
            while (turn := bot_turn(self.state)) is not None:
                await self.play_bot(turn)
        except Exception as err:
            self.failed(err)
        finally:
            self.bot_task = None

    async def play_bot(self, turn: BotTurn) -> None:
        """One bot turn: think in slices, show the card leaving, then the card arriving."""
        from zero_game.bots import make_bot  # the bots package is only needed once a bot plays

        pace = SPEEDS[self.state.settings.speed]
        started = time.perf_counter()
        self.state = bot_thinking(self.state, turn)
        self.render()
        await asyncio.sleep(0)  # let the browser paint "thinking" before the first slice of work
        bot = self.bots.get(turn.level)
        if bot is None:
            bot = self.bots[turn.level] = make_bot(turn.level)
        window.performance.mark("zero:bot-think")
        thinking = bot.start(turn.view, turn.rng)
        while (action := thinking.step(THINK_SLICE)) is None:
            await asyncio.sleep(0)
            if not still_to_play(self.state, turn):
                return  # the players left the table (a page, a new game): the loop asks again
        window.performance.mark("zero:bot-decided")
        await asyncio.sleep(max(0.0, pace * 0.4 - (time.perf_counter() - started)))
        self.state = bot_show(self.state, turn, action)
        self.render()
        await asyncio.sleep(pace * 0.3)
        self.run(bot_play(self.state, turn, action))
        await asyncio.sleep(pace * 0.3)


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


def url_options() -> tuple[int | None, str | None]:
    """``?seed=N`` fixes the first match's seed (tests, replaying a deal); ``?speed=`` the bots' pace."""
    params = window.URLSearchParams.new(window.location.search)
    text = params.get("seed")
    speed = params.get("speed")
    return (int(text) if text and text.isdigit() else None), (str(speed) if speed in SPEEDS else None)


def start() -> App:
    """Take over the page: the set-up screen, or the saved match where it was left."""
    languages = list(window.navigator.languages or [window.navigator.language or "en"])
    seed, speed = url_options()
    state = Table(lang=pick_language(languages), seed=seed,
                  entropy=seed if seed is not None else random.SystemRandom().getrandbits(48))
    if speed is not None:
        state = replace(state, settings=replace(state.settings, speed=speed))
    app = App(document.getElementById("app"), state)
    try:
        store = Store(browser_backend())
        app.attach_store(store, store.load())
    except Exception as err:  # saved data must never stop the game from starting
        window.console.error(f"Zero: saved data could not be used: {err!r}")
    app.render()
    document.documentElement.dataset.app = "ready"
    asyncio.ensure_future(warm_up_bots())
    return app


async def warm_up_bots() -> None:
    """Import the bots while people read the first screen, so the first bot turn thinks in short slices."""
    await asyncio.sleep(0.05)  # after the first screen has painted
    import zero_game.bots  # noqa: F401
