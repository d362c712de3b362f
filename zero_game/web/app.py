"""The browser side: wires the controller to the page (events, rendering, focus, the bot loop, saving).

The only game state is the ``Controller``; the DOM is redrawn from its ``screen()`` model after
every change, and events are read back through ``data-*`` attributes (event delegation).

Saved data (``storage.Store`` over ``localStorage``): the match is saved after every change
(``Controller.on_change``), recorded on the score sheet when it ends (``on_finish``), resumed at
start; problems, another tab's changes and failed writes become notices (``Controller.notify``).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from zero_game import Match
from zero_game.sheet import SavedGame, new_id, timestamp

from .controller import SPEEDS, BotTurn, Controller, SeatConfig, Settings
from .i18n import pick_language
from .render import Painter
from .storage import (
    CONFLICT,
    FAILED,
    REJECTED,
    WRITE_FAILED,
    Loaded,
    Problem,
    Store,
    at_risk_notice,
    browser_backend,
    export_filename,
    problem_actions,
    request_persistence,
    settings_data,
)

# Commands the app handles itself (they touch the store or the browser), before the controller sees them.
STORE_COMMANDS = ("export-json", "export-csv", "import", "export-backup", "clear-history-yes", "load-theirs",
                  "keep-mine", "export-rescue", "free-space")
# Problems that are about data the player may lose: shown as alerts (the rest as status messages).
ALERTS = ("storage-unavailable", "write-failed", "corrupt-sheet", "corrupt-game", "backup-failed", "conflict",
          "bad-import", "newer-import")

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
# The slice of thinking a bot may do before the page gets the main thread back (the hard bot may
# overrun it by one search iteration, so it stays well under the 50 ms of a long task).
THINK_SLICE = 0.015


class App:
    """One game page: the controller, the painter, the listeners and the bot loop."""

    def __init__(self, root: Any, controller: Controller) -> None:
        self.root = root
        self.ctrl = controller
        self.painter = Painter(document)
        self.bots: dict[str, Any] = {}
        self.bot_task: Any = None
        self.live = document.createElement("div")
        self.live.className = "sr-only"
        self.live.id = "live"
        self.live.setAttribute("aria-live", "polite")
        self.live.setAttribute("role", "status")
        self.view = document.createElement("div")
        self.view.className = "view"
        self.notice_area = document.createElement("div")
        self.notice_area.className = "notice-slot"
        # The file picker the Import button opens: outside the redrawn view, so it outlives a redraw.
        self.picker = document.createElement("input")
        self.picker.type = "file"
        self.picker.accept = ".json,application/json"
        self.picker.className = "file-input"
        self.picker.hidden = True  # opened by the Import button; a hidden input still opens its picker
        self.picker.setAttribute("data-field", "import-file")
        root.replaceChildren(self.notice_area, self.view, self.live, self.picker)
        self.notices_shown: object = None
        self.banner_lang = ""
        self.store: Store | None = None
        self.game: SavedGame | None = None  # the match in progress as last saved (id, seats, revision)
        self.serial = -1  # the controller's match_serial the saved game belongs to
        self.conflicted = False
        self.unsaved = False  # a change of the match that is not in storage yet
        self._proxies = [
            (root, "click", create_proxy(self.on_click)),
            (root, "change", create_proxy(self.on_change)),
            (root, "input", create_proxy(self.on_input)),
            (document, "keydown", create_proxy(self.on_key)),
        ]
        for target, kind, proxy in self._proxies:
            target.addEventListener(kind, proxy)
        self.last_screen = ""
        self.had_confirm = False

    # ---- drawing ----

    def render(self) -> None:
        """Redraw the screen from the controller, keeping focus on the same control if it is still there."""
        focus_key = self._focus_key(document.activeElement)
        screen = self.ctrl.screen()
        html = document.documentElement
        html.lang = screen.lang
        document.title = screen.title
        for selector, text in ((".masthead h1", screen.brand), (".tagline", screen.tagline)):
            node = document.querySelector(selector)
            if node:
                node.textContent = text
        self.root.setAttribute("aria-label", screen.table_label)
        document.body.dataset.screen = screen.name
        self.view.replaceChildren(self.painter.screen(screen))
        self._render_notices(screen)
        if screen.lang != self.banner_lang:
            self._translate_banner()
        if self.live.textContent != screen.live:
            self.live.textContent = screen.live
        body = screen.body
        confirm = getattr(body, "confirm", None) is not None
        changed_screen = screen.name != self.last_screen
        my_turn = bool(getattr(body, "my_turn", False))
        if confirm and not self.had_confirm:
            # A question about deleting data starts on Cancel; a move's confirmation on its Yes.
            if not self._focus(".confirm.danger [data-action='cancel']"):
                self._focus(".confirm .btn.primary")
        elif changed_screen or not self._restore(focus_key):
            # A new screen, or focus lost during your turn (a card or panel went away): back to the hand.
            self._focus_default(screen.name, changed_screen or my_turn)
        self.last_screen = screen.name
        self.had_confirm = confirm

    def _render_notices(self, screen: Any) -> None:
        """Redraw the notices only when they change, so a screen reader announces each one once."""
        shown = (screen.lang, screen.notices)
        if shown == self.notices_shown:
            return
        self.notices_shown = shown
        if screen.notices:
            self.notice_area.replaceChildren(self.painter.notices(screen.notices, screen.notices_label))
        else:
            self.notice_area.replaceChildren()

    def _translate_banner(self) -> None:
        """The service worker's "new version" bar (index.html, in English) in the current language."""
        self.banner_lang = self.ctrl.lang
        self.picker.setAttribute("aria-label", self.ctrl.t("storage.import"))
        for node_id, key in (("update-message", "update.message"), ("update-reload", "update.reload"),
                             ("update-later", "update.later")):
            node = document.getElementById(node_id)
            if node:
                node.textContent = self.ctrl.t(key)

    def _focus_key(self, node: Any) -> str | None:
        if not node or not hasattr(node, "getAttribute"):
            return None
        for attr in ("data-card", "data-field", "data-action"):
            value = node.getAttribute(attr)
            if value:
                arg = node.getAttribute("data-arg")
                # Escaped: a value may come from a stored key (a backup's), which anyone on the origin can name.
                escape = window.CSS.escape
                return f'[{attr}="{escape(value)}"]' + (f'[data-arg="{escape(arg)}"]' if arg else "")
        return None

    def _restore(self, key: str | None) -> bool:
        return bool(key) and self._focus(key)  # type: ignore[arg-type]

    def _focus(self, selector: str) -> bool:
        node = self.view.querySelector(selector)
        if not node:
            return False
        node.focus()
        return True

    def _focus_default(self, name: str, changed: bool) -> None:
        if not changed:
            return
        for selector in ("[data-zone='hand'] [data-card]", ".btn.primary", "h1"):
            node = self.view.querySelector(selector)
            if node:
                if selector == "h1":
                    node.setAttribute("tabindex", "-1")
                node.focus()
                return

    # ---- events ----

    def command(self, action: str, arg: str = "", value: str = "") -> None:
        """Run one command, redraw, and let the bots play if it is their turn."""
        if action in STORE_COMMANDS:
            self.store_command(action, arg)
        else:
            had_match = self.ctrl.match is not None
            self.ctrl.handle(action, arg, value)
            if action == "new-setup" and had_match:
                self.abandon()
            elif action == "next-round":
                self.save()  # remembers which round ends have been seen
        self.render()
        self.wake_bots()

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-card], [data-action]")
        if not target:
            return
        card = target.getAttribute("data-card")
        if card:
            zone = target.closest("[data-zone]")
            if zone:
                self.command(zone.getAttribute("data-zone"), card)
            return
        self.command(target.getAttribute("data-action"), target.getAttribute("data-arg") or "")

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
        value = str(event.target.value)
        if name == "seat-kind":
            self.command("seat-kind", arg, value)
        elif name == "seat-name":
            self.on_input(event)  # no redraw: it would pull focus back from the next field
        else:
            self.command("set", name, value)

    def on_input(self, event: Any) -> None:
        # Names are stored as typed, without a redraw that would move the caret.
        field = event.target.getAttribute("data-field") or ""
        if field.startswith("seat-name:"):
            seat = field.partition(":")[2]
            self.ctrl.handle("seat-name", seat, str(event.target.value))
            option = self.view.querySelector(f"[data-field='dealer'] option[value='{seat}']")
            if option:
                option.textContent = self.ctrl.name(int(seat))

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = str(target.tagName or "").lower() if target else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = event.key
        if key in ("k", "K") and self.view.querySelector("[data-action='knock']"):
            event.preventDefault()
            self.command("knock")
        elif key == "Escape":
            self.command("cancel")
        elif key in ARROWS and target.getAttribute("data-card"):
            event.preventDefault()
            self._move_focus(target, key)

    def _move_focus(self, card: Any, key: str) -> None:
        """Arrows: left/right along a row of cards, up/down between the pool and the hand."""
        zone = card.closest("[data-zone]")
        if not zone:
            return
        if key in ("ArrowUp", "ArrowDown"):
            other = "pool" if key == "ArrowUp" else "hand"
            if zone.getAttribute("data-zone") != other:
                target = self.view.querySelector(f"[data-zone='{other}'] [data-card]")
                if target:
                    target.focus()
                return
        cards = list(zone.querySelectorAll("[data-card]"))
        slugs = [c.getAttribute("data-card") for c in cards]
        i = slugs.index(card.getAttribute("data-card"))
        cards[(i + ARROWS[key]) % len(cards)].focus()

    # ---- saved data ----

    def attach_store(self, store: Store, loaded: Loaded) -> None:
        """Use ``store``: show what loading found, resume the saved match, save from now on."""
        self.store = store
        self.ctrl.on_change = self.on_match_change
        self.ctrl.on_finish = self.on_match_finish
        self.ctrl.history = loaded.sheet
        self.ctrl.backups = tuple(store.list_backups())
        for problem in loaded.problems:
            self.show_problem(problem)
        if loaded.game is not None:
            self.resume(loaded.game)
        self._proxies += [
            (window, "storage", create_proxy(self.on_storage)),
            (document, "zero:before-update", create_proxy(self.on_before_update)),
        ]
        for target, kind, proxy in self._proxies[-2:]:
            target.addEventListener(kind, proxy)
        asyncio.ensure_future(request_persistence(window.navigator))

    def show_problem(self, problem: Problem) -> None:
        self.ctrl.notify(problem.message_key, alert=problem.code in ALERTS, actions=problem_actions(problem))
        at_risk = at_risk_notice(problem, self.store, self.ctrl.t)
        if at_risk is not None:
            self.ctrl.notify("storage.at-risk", **at_risk)
        if problem.detail:
            window.console.warn(f"Zero: {problem.code}: {problem.detail}")

    def resume(self, game: SavedGame) -> None:
        """Continue ``game`` with its own table set-up (on the hand-off screen if several people play)."""
        settings = saved_settings(game)
        reviewed = game.options.get("reviewed")
        self.ctrl.resume(game.match, settings, reviewed if type(reviewed) is int else None)
        self.game = game
        self.serial = self.ctrl.match_serial

    def options(self) -> dict[str, Any]:
        return {"settings": json.dumps(self.ctrl.settings.to_dict()), "reviewed": self.ctrl.reviewed,
                "lang": self.ctrl.lang}

    def on_match_change(self, match: Match, settings: Settings) -> None:
        """After every change of the match (the deal too): save it; a new match gets a new id."""
        moment = timestamp(datetime.now(UTC))
        if self.game is None or self.serial != self.ctrl.match_serial:
            self.serial = self.ctrl.match_serial
            self.game = SavedGame(new_id(random.SystemRandom()), self.ctrl.sheet_seats(), match, moment,
                                  self.options())
        else:
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
            self.ctrl.dismiss("storage.write-failed")
            self.ctrl.dismiss("storage.at-risk")
        elif result.status == CONFLICT:
            self.show_conflict()
        elif result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))

    def show_conflict(self) -> None:
        self.conflicted = True
        self.ctrl.notify("storage.conflict", alert=True, actions=(
            ("load-theirs", "", "storage.load-theirs"), ("keep-mine", "", "storage.keep-mine")))

    def on_match_finish(self, match: Match, settings: Settings) -> None:
        """The match is over: put it on the score sheet and forget the match in progress."""
        if self.store is None or self.game is None:
            return
        # The saved match is forgotten only once the sheet holding its result is written.
        result = self.store.finish_match(self.game.record(timestamp(datetime.now(UTC))), clear=not self.conflicted)
        if result.status == FAILED and result.warn:
            self.show_problem(Problem(WRITE_FAILED))
        self.game = None
        self.ctrl.history = self.store.sheet

    def abandon(self) -> None:
        """The players left the match for a new set-up: it is no longer the match to resume."""
        if self.store is not None and self.game is not None and not self.conflicted:
            self.store.clear_game()
        self.game = None

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to this site's storage."""
        if self.store is None:
            return
        key = event.key
        change = self.store.on_storage_event(None if key is None else str(key),
                                             None if event.newValue is None else str(event.newValue))
        if change is None:
            return
        if change.what in ("game", "all") and (self.game is not None or self.ctrl.match is not None):
            self.show_conflict()
        if change.what in ("sheet", "all"):
            self.ctrl.history = self.store.sheet
        self.render()

    def on_before_update(self, event: Any) -> None:
        """The page is about to reload for a new version: make sure the match is stored.

        It normally is already (saved after every change); this retries a save that failed or waited.
        """
        if self.unsaved:
            self.save()

    def store_command(self, action: str, arg: str) -> None:
        store = self.store
        if store is None:
            return
        if action == "export-json":
            download(store.export_json(), export_filename("json", self.today()), "application/json")
        elif action == "export-csv":
            download(store.export_csv(), export_filename("csv", self.today()), "text/csv")
        elif action == "export-backup":
            text = store.backup_text(arg)
            if text is not None:
                name = "zero-backup-" + arg.rsplit(":", 2)[-2] + ".json" if arg.count(":") >= 3 else "zero-backup.json"
                download(text, name.replace(":", ""), "application/json")
        elif action == "export-rescue":  # exactly what storage could not keep
            rescue = store.rescue()
            if rescue is not None:
                download(rescue.text, rescue.filename, rescue.mime)
                store.rescued()
                store.retry()
                self.save()
        elif action == "free-space":  # the whole sheet is offered first, then the oldest half leaves storage
            download(store.export_json(), export_filename("json", self.today()), "application/json")
            if store.trim_history(len(store.sheet.matches) // 2).ok:
                self.ctrl.history = store.sheet
                store.retry()
                self.save()
        elif action == "import":
            self.picker.click()
        elif action == "clear-history-yes":
            result = store.clear_history()
            if result.status == FAILED and result.warn:
                self.show_problem(Problem(WRITE_FAILED))
            self.ctrl.history = store.sheet
            self.ctrl.confirm_clear = False
        elif action == "load-theirs":
            self.conflicted = False
            self.ctrl.dismiss("storage.conflict")
            loaded = store.reload_game()
            for problem in loaded.problems:
                self.show_problem(problem)
            self.game = None
            if loaded.game is not None:
                self.resume(loaded.game)
            else:
                self.ctrl.handle("new-setup")
        elif action == "keep-mine":
            self.conflicted = False
            self.ctrl.dismiss("storage.conflict")
            if self.ctrl.match is not None and not self.ctrl.match.is_over and self.game is not None:
                self.save(force=True)

    def today(self) -> str:
        return timestamp(datetime.now(UTC))

    async def import_file(self, file: Any, picker: Any) -> None:
        """Read a chosen score-sheet file and merge it; say what happened."""
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
            self.ctrl.dismiss(key)
        if result.status == REJECTED and result.problem is not None:
            self.ctrl.notify(result.problem.message_key, alert=True)
        else:
            self.ctrl.notify("storage.imported", added=result.added, duplicates=result.duplicates)
            if result.status == FAILED and result.warn:
                self.show_problem(Problem(WRITE_FAILED))
        self.ctrl.history = self.store.sheet
        self.render()

    async def read_sheet(self) -> None:
        """Read the score sheet in slices once the first screen is up: a big sheet does not delay the start."""
        if self.store is None or not self.store.sheet_pending:
            return
        reading = self.store.sheet_reading()
        while (problems := reading.step(THINK_SLICE)) is None:
            await asyncio.sleep(0)
        for problem in problems:
            self.show_problem(problem)
        self.ctrl.history = self.store.sheet
        self.ctrl.backups = tuple(self.store.list_backups())
        document.documentElement.dataset.sheet = "ready"
        self.render()

    # ---- bots ----

    def wake_bots(self) -> None:
        """Start the bot loop unless it is running or no bot is to act."""
        if self.bot_task is None and self.ctrl.bot_turn() is not None:
            self.bot_task = asyncio.ensure_future(self.play_bots())

    async def play_bots(self) -> None:
        try:
            while (turn := self.ctrl.bot_turn()) is not None:
                await self.play_bot(turn)
        finally:
            self.bot_task = None

    async def play_bot(self, turn: BotTurn) -> None:
        """One bot turn: think in slices, show the card leaving, then the card arriving."""
        from zero_game.bots import make_bot  # the bots package is only needed once a bot plays

        pace = SPEEDS[self.ctrl.settings.speed]
        started = time.perf_counter()
        self.ctrl.bot_thinking(turn)
        self.render()
        await asyncio.sleep(0)  # let the browser paint "thinking" before the first slice of work
        bot = self.bots.get(turn.level)
        if bot is None:
            bot = self.bots[turn.level] = make_bot(turn.level)
        window.performance.mark("zero:bot-think")
        thinking = bot.start(turn.view, turn.rng)
        while (action := thinking.step(THINK_SLICE)) is None:
            await asyncio.sleep(0)
        window.performance.mark("zero:bot-decided")
        await asyncio.sleep(max(0.0, pace * 0.4 - (time.perf_counter() - started)))
        self.ctrl.bot_show(turn, action)
        self.render()
        await asyncio.sleep(pace * 0.3)
        if self.ctrl.bot_play(turn, action):
            self.render()
        await asyncio.sleep(pace * 0.3)


def saved_settings(game: SavedGame) -> Settings:
    """The table set-up saved with ``game``, or one rebuilt from its seats if that is unreadable."""
    try:
        settings = Settings.from_dict(settings_data(game))
        if len(settings.seats) == game.match.players:
            return settings
    except ValueError:
        pass
    seats = tuple(SeatConfig("person", s.name) if s.kind == "person" else SeatConfig(str(s.level), "")
                  for s in game.seats)
    seats = tuple(s if s.kind in ("person", "easy", "medium", "hard") else SeatConfig("medium") for s in seats)
    return Settings(seats=seats, pool_size=game.match.pool_size, rounds=game.match.rounds)


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


def seed_from_url() -> int | None:
    """``?seed=N`` fixes the match seed (for tests and for replaying a deal)."""
    params = window.URLSearchParams.new(window.location.search)
    text = params.get("seed")
    return int(text) if text and text.isdigit() else None


def start() -> App:
    """Take over the page: replace the loading indicator with the set-up screen."""
    languages = list(window.navigator.languages or [window.navigator.language or "en"])
    controller = Controller(lang=pick_language(languages), seed=seed_from_url())
    params = window.URLSearchParams.new(window.location.search)
    if params.get("speed") in SPEEDS:
        controller.settings = replace(controller.settings, speed=params.get("speed"))
    app = App(document.getElementById("app"), controller)
    try:
        store = Store(browser_backend())
        app.attach_store(store, store.load(read_sheet=False))
    except Exception as err:  # saved data must never stop the game from starting
        window.console.error(f"Zero: saved data could not be used: {err!r}")
    app.render()
    document.documentElement.dataset.app = "ready"
    asyncio.ensure_future(app.read_sheet())
    asyncio.ensure_future(warm_up_bots())
    return app


async def warm_up_bots() -> None:
    """Import the bots while people read the first screen, so the first bot turn thinks in short slices."""
    await asyncio.sleep(0.05)  # after the first screen has painted
    import zero_game.bots  # noqa: F401

