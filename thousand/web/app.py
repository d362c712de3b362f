"""The quiz's browser glue: events become commands, effects are carried out here, the view is drawn.

Everything it decides with is pure and tested in CPython (``commands.handle``, ``table.bot_turn``,
``present.present``).  Loaded only when the quiz is chosen (see ``zero_game.web.app``).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from tabletop.errors import DataError
from tabletop.ids import new_id, timestamp
from thousand.bots import Bot, make_bot
from thousand.deck import default_deck
from zero_game.web.page import GamePage
from zero_game.web.saved import download, js_text
from zero_game.web.storage import Store
from zero_game.web.table import (
    ClearSaved,
    Effect_,
    Leave,
    RecordFinished,
    Save,
    StoreAction,
    Think,
)

from .commands import Command, handle
from .present import present
from .saved import QuizStore, SavedQuiz
from .settings import SPEEDS
from .sheet import QuizSheet, TeamRecord, record_of
from .table import (
    Page,
    QuizTable,
    Result,
    bot_play,
    bot_thinking,
    bot_turn,
    notify,
    page,
    resume,
    still_to_play,
    team_name,
)
from .texts import LANGUAGES
from .view import QuizView


class QuizApp(GamePage):
    """The quiz page: the state, the view, the saved data and the bot loop."""

    game = "Zéro à 1000"
    view: QuizView

    def __init__(self, root: Any, state: QuizTable, store: Store | None, on_leave: Callable[[str], None]) -> None:
        self.state = state
        self.on_leave = on_leave
        self.deck = default_deck()
        super().__init__(root, QuizView(document, root))
        self.quiz_store = QuizStore(store) if store is not None else None
        self.saved: SavedQuiz | None = None
        self.conflicted = False  # another tab changed the saved quiz: this one stops writing it
        self.bots: dict[tuple[int, int], Bot] = {}
        self.bot_task: Any = None
        self.was_mine = False
        self.listen(window, "storage", self.on_storage)

    def show_error(self) -> None:
        self.state = notify(self.state, "error.unexpected", alert=True)
        self.render()

    # ---- command -> state and effects -> carried out -> drawn ----

    def dispatch(self, command: str, arg: str = "", value: str = "") -> None:
        self.run(handle(self.state, command, arg, value))

    def run(self, result: Result) -> None:
        self.state, effects = result
        for effect in effects:
            self.carry_out(effect)
        if not self.closed:
            self.render()

    def carry_out(self, effect: Effect_) -> None:
        """The only place the quiz's effects happen."""
        if isinstance(effect, Save):
            self.save()
        elif isinstance(effect, RecordFinished):
            self.record_finished()
        elif isinstance(effect, ClearSaved):
            self.saved = None
        elif isinstance(effect, Think):
            self.wake_bots()
        elif isinstance(effect, StoreAction):
            self.store_command(Command(effect.command))
        elif isinstance(effect, Leave):
            self.close()
            self.on_leave(self.state.lang)

    # ---- saved data ----

    def attach(self) -> None:
        """Read the quiz's saved data: the sheet, the seen marks, and the game to resume."""
        if self.quiz_store is None:
            return
        loaded = self.quiz_store.load(self.deck)
        self.state = replace(self.state, history=loaded.sheet, seen_ids=tuple(sorted(loaded.seen.items())))
        for key in loaded.problems:
            self.state = notify(self.state, key, alert=True)
        if loaded.game is not None:
            g = loaded.game
            self.saved = g
            if g.lang in LANGUAGES:
                self.state = replace(self.state, lang=g.lang)
            self.run(resume(self.state, g.game, g.settings, g.reviewed, g.shown))

    def save(self) -> None:
        """After every step: the game, and the questions it has shown (Q6)."""
        s = self.state
        if self.quiz_store is None or s.game is None or self.conflicted:
            return
        if self.saved is None or self.saved.game.order != s.game.order or self.saved.game.seed != s.game.seed:
            self.saved = SavedQuiz(new_id(random.SystemRandom()), s.game, s.settings, s.reviewed, s.shown, s.lang)
        self.saved = replace(self.saved, game=s.game, settings=s.settings, reviewed=s.reviewed, shown=s.shown,
                             lang=s.lang)
        ok = self.quiz_store.save_game(self.saved) if not s.game.is_over else True
        seen = dict(s.seen_ids)
        new = [q for q in s.game.shown_ids() if q not in seen]
        if new:
            now = time.time()
            seen.update((q, now) for q in new)
            ok = self.quiz_store.save_seen(seen) and ok
            self.state = replace(self.state, seen_ids=tuple(sorted(seen.items())))
        if not ok:
            self.state = notify(self.state, "sheet.write_failed", alert=True)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote: its sheet is taken in; a changed quiz stops this tab from writing over it."""
        if self.quiz_store is None:
            return
        what = self.quiz_store.changed_elsewhere(js_text(event.key), js_text(event.newValue))
        if what == "game" and self.state.game is not None:
            self.conflicted = True
            self.state = notify(self.state, "sheet.other_tab", alert=True)
        elif what == "sheet":
            sheet = self.quiz_store.read_sheet()
            if sheet is not None:
                self.state = replace(self.state, history=sheet)
        self.render()

    def record_finished(self) -> None:
        s = self.state
        if s.game is None:
            return
        teams = tuple(TeamRecord(team_name(s, i), t.kind, t.people) for i, t in enumerate(s.settings.teams))
        ident = self.saved.id if self.saved else new_id(random.SystemRandom())
        sheet = s.history.add(record_of(s.game, teams, ident, timestamp(datetime.now(UTC))))
        self.state = replace(self.state, history=sheet)
        if self.quiz_store is not None:
            if not self.quiz_store.save_sheet(sheet):
                self.state = notify(self.state, "sheet.write_failed", alert=True)
            self.quiz_store.clear_game()
        self.saved = None

    def store_command(self, command: Command) -> None:
        s = self.state
        if command is Command.EXPORT:
            download(s.history.to_json(), f"zero-a-1000-{timestamp(datetime.now(UTC))[:10]}.json", "application/json")
        elif command is Command.IMPORT:
            self.picker.click()
        elif command is Command.CLEAR_HISTORY_YES:
            self.state = replace(s, history=QuizSheet())
            if self.quiz_store is not None:
                self.quiz_store.save_sheet(QuizSheet())
        elif command is Command.RESET_SEEN:
            self.state = notify(replace(s, seen_ids=()), "sheet.seen_reset")
            if self.quiz_store is not None:
                self.quiz_store.reset_seen()

    async def import_file(self, file: Any) -> None:
        try:
            try:
                text = str(await file.text())
            except Exception:
                text = ""
            self.picker.value = ""
            s = self.state
            for key in ("sheet.imported", "sheet.bad_import"):
                s = replace(s, notes=tuple(n for n in s.notes if n.key != key))
            try:
                sheet, added, dupes = s.history.merge(QuizSheet.from_json(text))
            except DataError:
                self.state = notify(s, "sheet.bad_import", alert=True)
            else:
                self.state = notify(replace(s, history=sheet), "sheet.imported", added=added, duplicates=dupes)
                if self.quiz_store is not None:
                    self.quiz_store.save_sheet(sheet)
            self.render()
        except Exception as err:
            self.failed(err)

    # ---- drawing ----

    def render(self) -> None:
        if self.closed:
            return  # the page has gone back to the choice of game
        screen = present(self.state)
        active = document.activeElement
        focused = active.getAttribute("data-question") if active and hasattr(active, "getAttribute") else None
        action = active.getAttribute("data-action") if active and hasattr(active, "getAttribute") else None
        arg = active.getAttribute("data-arg") if active and hasattr(active, "getAttribute") else None
        document.documentElement.lang = screen.lang
        document.title = screen.title
        for selector, text in ((".masthead h1", screen.top.brand), (".tagline", screen.tagline)):
            node = document.querySelector(selector)
            if node:
                node.textContent = text
        self.root.setAttribute("aria-label", screen.table_label)
        document.body.dataset.screen = screen.name
        document.body.dataset.game = "quiz"
        changed = self.view.draw(screen)
        if self.live.textContent != screen.live:
            self.live.textContent = screen.live
        mine = bool(self.root.querySelector(".team.mine button[data-question]"))
        if "screen" in changed:
            window.scrollTo(0, 0)
            if screen.name == Page.HANDOFF:
                self.handoff_at = float(window.performance.now())
            self.focus_first(screen.name)
        elif mine and not self.was_mine:  # the bots have chosen: the team at the tablet starts on its cards
            self.focus_first(screen.name)
        elif not active or not active.isConnected or document.activeElement == document.body:
            if focused:
                self.focus(f"[data-question='{focused}']")
            elif action:
                if not self.focus(f"[data-action='{action}']" + (f"[data-arg='{arg}']" if arg else "")):
                    self.focus_first(screen.name)
        self.was_mine = mine

    def focus_first(self, name: str) -> None:
        if name == Page.CHOOSE:
            _ = self.focus(".team.mine [data-question]") or self.focus(".prompt")
        elif name == Page.GUESS:
            _ = self.focus("[data-field=guess]") or self.focus("h1")
        elif name == Page.REVEAL:
            _ = self.focus(".reveal-buttons .btn") or self.focus("h1")
        else:
            self.focus("h1")

    # ---- events ----

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-question], [data-action]")
        if not target:
            return
        question = target.getAttribute("data-question")
        if question:
            if target.tagName.lower() == "button":
                self.dispatch(Command.CARD, question)
            return
        action = target.getAttribute("data-action")
        if action == Command.READY and not self.deliberate(event):
            return
        self.dispatch(action, target.getAttribute("data-arg") or "")

    def on_change(self, event: Any) -> None:
        field = event.target.getAttribute("data-field")
        if not field:
            return
        if field == "import-file":
            files = event.target.files
            if files and files.length:
                asyncio.ensure_future(self.import_file(files.item(0)))
            return
        name, _, arg = field.partition(":")
        value = str(event.target.value)
        if name == "team-kind":
            self.dispatch(Command.TEAM_KIND, arg, value)
        elif name in ("lang", "speed"):
            self.dispatch(Command.SET, name, value)

    def on_input(self, event: Any) -> None:
        field = event.target.getAttribute("data-field") or ""
        name, _, arg = field.partition(":")
        value = str(event.target.value)
        if name == "team-name":
            self.dispatch(Command.TEAM_NAME, arg, value)
        elif name == "team-people":
            self.dispatch(Command.TEAM_PEOPLE, arg, value)
        elif name == "seed":
            self.dispatch(Command.SET, "seed", value)
        elif name == "guess":
            self.dispatch(Command.GUESS_TEXT, "", value)

    def on_key(self, event: Any) -> None:
        target = event.target
        tag = str(target.tagName or "").lower() if target else ""
        if event.key == "Enter" and target and target.getAttribute("data-field") == "guess":
            event.preventDefault()
            self.dispatch(Command.GUESS)
            return
        if tag in ("input", "select", "textarea", "button") or event.ctrlKey or event.metaKey or event.altKey:
            if event.key == "Escape" and tag == "button":
                self.dispatch(Command.CANCEL)
            return
        if event.key == "Escape":
            self.dispatch(Command.CANCEL)
        elif event.key == "Enter" and self.root.querySelector("[data-action=confirm]:not([disabled])"):
            event.preventDefault()
            self.dispatch(Command.CONFIRM)

    # ---- bots ----

    def wake_bots(self) -> None:
        if self.bot_task is None and bot_turn(self.state) is not None:
            self.bot_task = asyncio.ensure_future(self.play_bots())

    async def play_bots(self) -> None:
        try:
            while not self.closed and (turn := bot_turn(self.state)) is not None:
                self.state = bot_thinking(self.state, turn)
                self.render()
                await asyncio.sleep(SPEEDS[self.state.settings.speed])
                if self.closed or not still_to_play(self.state, turn):
                    continue
                g = self.state.game
                assert g is not None
                key = (self.state.serial, turn.team)
                bot = self.bots.get(key)
                if bot is None:
                    bot = self.bots[key] = make_bot(turn.level, self.deck, f"{g.seed}:{turn.team}")
                self.run(bot_play(self.state, turn, bot.decide(turn.view, turn.rng)))
        except Exception as err:
            self.failed(err)
        finally:
            self.bot_task = None


def start_quiz(root: Any, lang: str, seed: int | None, speed: str | None, store: Store | None,
               on_leave: Callable[[str], None]) -> QuizApp:
    """Take over ``root`` with the quiz: its set-up, or the saved game where it was left."""
    state = QuizTable(lang=lang, seed_text="" if seed is None else str(seed),
                      entropy=random.SystemRandom().getrandbits(48))
    if speed in SPEEDS:
        state = replace(state, settings=replace(state.settings, speed=speed))
    app = QuizApp(root, state, store, on_leave)
    try:
        app.attach()
    except Exception as err:
        window.console.error(f"Zéro à 1000: saved data could not be used: {err!r}")
    app.render()
    if page(app.state) is not Page.SETUP:
        app.wake_bots()
    return app
