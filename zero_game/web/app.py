"""The browser glue: events become commands, effects are carried out here (in one place), the view is drawn.

Saved data is ``saved.SavedData``'s part of the glue.

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
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from .commands import Command, handle
from .fx import Fx
from .hint import advised, hint_key, hint_rng
from .home import CHOICE_KEY, chosen_game, home, paint_home, words
from .i18n import pick_language
from .motion import cues, travel_ms, travelled
from .page import GamePage
from .present import present
from .quiz_files import QUIZ_FILES, QUIZ_STYLE
from .render import Painter
from .saved import SavedData
from .settings import SPEEDS
from .storage import PREFIX, THINK_SLICE, Store, browser_backend
from .table import (
    Advise,
    BotTurn,
    ClearSaved,
    Effect_,
    Leave,
    Page,
    RecordFinished,
    Result,
    Reveal,
    Save,
    SavePrefs,
    StoreAction,
    Table,
    Think,
    bot_play,
    bot_show,
    bot_thinking,
    bot_turn,
    notify,
    page,
    revealing,
    still_to_play,
)
from .view import View

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}


class App(GamePage):
    """Zero's page: the state, the view, the saved data, the bot loop, travelling cards and sounds."""

    view: View

    def __init__(self, root: Any, state: Table, on_leave: Callable[[str], None] | None = None) -> None:
        self.state = state
        self.on_leave = on_leave
        self.fx = Fx(document, window, to_js)
        super().__init__(root, View(document, root))
        self.saved = SavedData(self)
        self.bots: dict[str, Any] = {}
        self.bot_task: Any = None
        self.reveals: set[tuple[int, int]] = set()  # round ends waiting to open after their last move
        self.banner_lang = ""
        self.had_confirm = False

    def show_error(self) -> None:
        self.state = notify(self.state, "error.unexpected", alert=True)
        self.render()

    # ---- the one path: command -> state and effects -> carried out -> drawn ----

    def dispatch(self, command: str, arg: str = "", value: str = "") -> None:
        """Run one command from the page."""
        self.run(handle(self.state, command, arg, value))

    def run(self, result: Result) -> None:
        """Take the new state, carry out its effects, draw; then the cards travel and the sounds play."""
        before = self.state
        places = self.fx.snapshot() if page(before) is Page.TABLE and before.motion else None
        self.state, effects = result
        for effect in effects:
            self.carry_out(effect)
        if not self.closed:
            self.render()
            self.feedback(before, places)

    def feedback(self, before: Table, places: dict[str, Any] | None) -> None:
        """A swap's cards travel (unless motion is off here or on the device); its sound plays (unless muted)."""
        s = self.state
        moved = travelled(before, s) if places is not None and s.motion else None
        if moved is not None and not self.fx.reduced():
            ms = travel_ms(s)
            self.fx.travel(places or {}, moved[0], moved[1], ms)
            window.performance.mark("zero:travel", to_js({"detail": ms}, dict_converter=window.Object.fromEntries))
        if s.sound:
            for cue in cues(before, s):
                self.fx.play(cue)

    def carry_out(self, effect: Effect_) -> None:
        """The only place effects happen."""
        if isinstance(effect, Save):
            self.saved.save_match()
        elif isinstance(effect, RecordFinished):
            self.saved.record_finished()
        elif isinstance(effect, ClearSaved):
            self.saved.abandon()
        elif isinstance(effect, Think):
            self.wake_bots()
        elif isinstance(effect, SavePrefs):
            save_prefs(self.state)
        elif isinstance(effect, Advise):
            asyncio.ensure_future(self.advise(effect))
        elif isinstance(effect, Reveal):
            if effect.key not in self.reveals:
                self.reveals.add(effect.key)
                asyncio.ensure_future(self.reveal_later(effect))
        elif isinstance(effect, StoreAction):
            self.saved.store_command(Command(effect.command), effect.arg)
        elif isinstance(effect, Leave) and self.on_leave is not None:
            self.close()
            self.on_leave(self.state.lang)

    # ---- drawing ----

    def render(self) -> None:
        """Repaint what changed; a new screen opens at its top; focus stays on its element."""
        if self.closed:
            return  # the page has gone back to the choice of game
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
        document.body.dataset.motion = "on" if self.state.motion else "off"
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
                    # Escaped: a value may come from a stored key (a backup's), which anyone on the origin can name.
                    escape = window.CSS.escape
                    if self.focus(f'[{attr}="{escape(value)}"]' + (f'[data-arg="{escape(arg)}"]' if arg else "")):
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
        super().on_pointerdown(event)
        if self.state.sound:
            # In a task of its own, within the gesture's activation: starting the browser's audio can take
            # tens of milliseconds, which must not hold up the tap's response.
            asyncio.get_event_loop().call_soon(self.fx.unlock)

    def on_change(self, event: Any) -> None:
        field = event.target.getAttribute("data-field")
        if not field:
            return
        if field == "import-file":
            files = event.target.files
            if files and files.length:
                asyncio.ensure_future(self.saved.import_file(files.item(0), event.target))
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

    # ---- bots ----

    def wake_bots(self) -> None:
        """Start the bot loop unless it is running or no bot is to act."""
        if self.bot_task is None and bot_turn(self.state) is not None:
            self.bot_task = asyncio.ensure_future(self.play_bots())

    async def play_bots(self) -> None:
        """Play bot turns while a bot is to act; a failure shows a notice and ends this run of the loop."""
        try:
            while not self.closed and (turn := bot_turn(self.state)) is not None:
                await self.play_bot(turn)
        except Exception as err:
            self.failed(err)
        finally:
            self.bot_task = None

    async def play_bot(self, turn: BotTurn) -> None:
        """One bot turn: think in slices, show the card leaving, then the card arriving."""
        from zero_game.bots import Standing, make_bot  # the bots package is only needed once a bot plays
        from zero_game.bots.base import Decided

        pace = SPEEDS[self.state.settings.speed]
        started = time.perf_counter()
        self.state = bot_thinking(self.state, turn)
        self.render()
        await asyncio.sleep(0)  # let the browser paint "thinking" before the first slice of work
        bot = self.bots.get(turn.level)
        if bot is None:
            bot = self.bots[turn.level] = make_bot(turn.level)
        window.performance.mark("zero:bot-think")
        began = time.perf_counter()
        if turn.script is not None:
            thinking: Any = Decided(turn.script)  # the tutorial's scripted move
        else:
            thinking = bot.start(turn.view, turn.rng, Standing(turn.totals, turn.rounds_left))
        work = longest = 0.0  # seconds of thinking, and the longest slice (the task that holds the page longest)
        slices = 0
        while True:
            action = thinking.step(THINK_SLICE)
            now = time.perf_counter()
            work, longest, slices = work + now - began, max(longest, now - began), slices + 1
            if action is not None:
                break
            await asyncio.sleep(0)
            if not still_to_play(self.state, turn):
                return  # the players left the table (a page, a new game): the loop asks again
            began = time.perf_counter()
        detail = {"work": work * 1000, "longest": longest * 1000, "slices": slices,
                  "playouts": getattr(thinking, "playouts", 0)}  # for the benchmarks, in every engine
        window.performance.mark("zero:bot-decided", to_js({"detail": detail}, dict_converter=window.Object.fromEntries))
        await asyncio.sleep(max(0.0, pace * 0.4 - (time.perf_counter() - started)))
        self.state = bot_show(self.state, turn, action)
        self.render()
        await asyncio.sleep(pace * 0.3)
        self.run(bot_play(self.state, turn, action))
        await asyncio.sleep(pace * 0.3)


    async def advise(self, effect: Advise) -> None:
        """Ask the hard bot what it would do in the person's place, in slices, and show its answer."""
        from zero_game.bots import make_bot

        try:
            s = self.state
            if s.match is None or s.at_screen is None or hint_key(s) != effect.key:
                return
            bot = self.bots.get("hint")
            if bot is None:
                bot = self.bots["hint"] = make_bot("hard")
            window.performance.mark("zero:hint-asked")
            from zero_game.bots import Standing

            m = s.match
            standing = Standing(tuple(m.totals), max(0, m.rounds - m.round_number))  # as a hard bot seat sees it
            search = bot.start(m.view(s.at_screen), hint_rng(s, effect.key), standing)
            while (action := search.step(THINK_SLICE)) is None:
                await asyncio.sleep(0)
                if hint_key(self.state) != effect.key:
                    return  # the person played on, or left the table
            window.performance.mark("zero:hint-shown")
            self.run(advised(self.state, effect.key, action))
        except Exception as err:
            self.failed(err)

    async def reveal_later(self, reveal: Reveal) -> None:
        """Leave the round's last move on the table for a while, then open the round's end."""
        try:
            await asyncio.sleep(max(1.0, SPEEDS[self.state.settings.speed] * 2))
            if revealing(self.state) == reveal:
                self.dispatch(Command.SEE_END)
        except Exception as err:
            self.failed(err)
        finally:
            self.reveals.discard(reveal.key)


PREFS_KEY = PREFIX + "prefs"  # this device's sound, motion and tutorial choices


def save_prefs(s: Table) -> None:
    """Remember this device's sound and motion choices (losing them is no harm: nothing is reported)."""
    try:
        window.localStorage.setItem(PREFS_KEY, json.dumps({"sound": s.sound, "motion": s.motion, "taught": s.taught}))
    except Exception as err:
        window.console.warn(f"Zero: the sound and motion choices were not saved: {err!r}")


def load_prefs(s: Table) -> Table:
    """``s`` with this device's remembered sound and motion choices."""
    try:
        text = window.localStorage.getItem(PREFS_KEY)
        data = json.loads(str(text)) if text else {}
    except Exception:
        return s
    if not isinstance(data, dict):
        return s
    return replace(s, sound=data.get("sound") is not False, motion=data.get("motion") is not False,
                   taught=data.get("taught") is True)


def url_options() -> tuple[int | None, str | None, str | None]:
    """``?seed=N`` fixes the first deal's seed (tests, replaying a deal); ``?speed=`` the bots' pace;
    ``?game=zero|quiz`` opens a game directly."""
    params = window.URLSearchParams.new(window.location.search)
    text = params.get("seed")
    speed = params.get("speed")
    game = params.get("game")
    return ((int(text) if text and text.isdigit() else None), (str(speed) if speed else None),
            (str(game) if game else None))


class Shell:
    """The page's host for two games: the choice of game, then Zero's table or the quiz's."""

    def __init__(self, root: Any, lang: str, seed: int | None, speed: str | None) -> None:
        self.root = root
        self.lang = lang
        self.seed = seed
        self.speed = speed
        self.current: Any = None
        self.painter = Painter(document)
        self.home_listeners: list[tuple[str, Any]] = []
        try:
            self.store: Store | None = Store(browser_backend())
        except Exception:
            self.store = None

    def remember(self, game: str | None) -> None:
        if self.store is not None:
            if game is None:
                self.store.remove(CHOICE_KEY)
            else:
                self.store.write(CHOICE_KEY, game)

    def remembered(self) -> str | None:
        return self.store.read(CHOICE_KEY) if self.store is not None else None

    def show_home(self, lang: str | None = None) -> None:
        """The first screen: which game?"""
        self.lang = lang or self.lang
        self.current = None
        self.remember(None)
        view = home(self.lang)
        document.documentElement.lang = self.lang
        document.title = view.title
        document.body.dataset.screen = "home"
        document.body.dataset.game = ""
        for selector, text in ((".masthead h1", "Zero · Zéro à 1000"), (".tagline", view.intro)):
            node = document.querySelector(selector)
            if node:
                node.textContent = text
        self.root.setAttribute("aria-label", view.heading)
        self.root.replaceChildren(paint_home(self.painter, view))
        self.set_url(None)
        if not self.home_listeners:
            for kind, handler in (("click", self.on_home_click), ("change", self.on_home_change)):
                proxy = create_proxy(handler)
                self.root.addEventListener(kind, proxy)
                self.home_listeners.append((kind, proxy))
        node = self.root.querySelector("h1")
        if node:
            node.focus()

    def stop_home(self) -> None:
        for kind, proxy in self.home_listeners:
            self.root.removeEventListener(kind, proxy)
        self.home_listeners = []

    def on_home_click(self, event: Any) -> None:
        target = event.target.closest("[data-action='open-game']")
        if target:
            self.open(str(target.getAttribute("data-arg")))

    def on_home_change(self, event: Any) -> None:
        if event.target.getAttribute("data-field") == "lang":
            self.show_home(str(event.target.value))

    def set_url(self, game: str | None) -> None:
        """The address names the game, so a group can bookmark its own."""
        params = window.URLSearchParams.new(window.location.search)
        if game is None:
            params.delete("game")
        else:
            params.set("game", game)
        query = str(params.toString())
        window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else ""))

    def open(self, game: str) -> None:
        """Open ``game`` (remembered for the next visit)."""
        self.stop_home()
        self.remember(game)
        self.set_url(game)
        if game == "quiz":
            asyncio.ensure_future(self.open_quiz())
        else:
            self.open_zero()

    def open_zero(self) -> None:
        state = Table(lang=self.lang, seed=self.seed,
                      entropy=self.seed if self.seed is not None else random.SystemRandom().getrandbits(48))
        if self.speed in SPEEDS:
            state = replace(state, settings=replace(state.settings, speed=self.speed))
        app = App(self.root, load_prefs(state), on_leave=self.show_home)
        try:
            store = Store(browser_backend())
            app.saved.attach_store(store, store.load(read_sheet=False))
        except Exception as err:  # saved data must never stop the game from starting
            window.console.error(f"Zero: saved data could not be used: {err!r}")
        if app.state.match is None and not app.state.history.matches and not app.state.taught:
            app.state = notify(app.state, "tutorial.offer", actions=(("tutorial", "", "tutorial.start"),))
        app.render()
        self.current = app
        document.body.dataset.game = "zero"
        asyncio.ensure_future(app.saved.read_sheet())
        asyncio.ensure_future(warm_up_bots())

    async def open_quiz(self) -> None:
        """Fetch the quiz's modules and deck into Python's file system (first time only), then start it."""
        self.root.replaceChildren(self.painter.el("p", "loading-step", words(self.lang)["loading"], role="status"))
        try:
            await load_quiz()
            from thousand.web.app import start_quiz

            self.current = start_quiz(self.root, self.lang, self.seed, self.speed, self.store, self.show_home)
        except Exception as err:
            window.console.error("Zéro à 1000: " + "".join(traceback.format_exception(err)))
            self.root.replaceChildren(self.painter.el("p", "load-error", words(self.lang)["failed"], role="alert"))
            self.remember(None)
        document.documentElement.dataset.app = "ready"


async def import_in_slices(files: list[str]) -> None:
    """Import the modules of ``files`` (paths like ``zero_game/bots/hard.py``, in dependency order) without a
    long task: compile one file per task, then import one module per task (all at once would hold the page
    for a large part of a second)."""
    import importlib
    import py_compile
    import sys

    modules = {name.removesuffix(".py").removesuffix("/__init__").replace("/", "."): name for name in files}
    modules = {module: name for module, name in modules.items() if module not in sys.modules}  # not again
    for name in modules.values():
        py_compile.compile(name, doraise=True)
        await asyncio.sleep(0)
    for module in modules:
        importlib.import_module(module)
        await asyncio.sleep(0)


async def load_quiz() -> None:
    """Write the quiz's files (``QUIZ_FILES``) where Python imports them; add its style sheet."""
    import importlib
    from pathlib import Path

    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    if not document.querySelector("link[data-quiz]"):
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = "./" + QUIZ_STYLE
        link.setAttribute("data-quiz", "")
        document.head.appendChild(link)
    missing = [name for name in QUIZ_FILES if not Path(name).exists()]

    async def fetch(name: str) -> None:
        response = await pyfetch("./" + name)
        if not response.ok:
            raise OSError(f"{name}: HTTP {response.status}")
        data = await response.bytes()
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_bytes(data)

    await asyncio.gather(*(fetch(name) for name in missing))
    importlib.invalidate_caches()
    await import_in_slices([name for name in QUIZ_FILES if name.endswith(".py")])
    from thousand.deck import default_deck

    default_deck()
    await asyncio.sleep(0)


async def start() -> Shell:
    """Take over the page: the game the link or the last visit chose, else the choice of game.

    Awaited by main.py, so the page is ready (``data-app``) only once the chosen game is up.
    """
    languages = list(window.navigator.languages or [window.navigator.language or "en"])
    seed, speed, game = url_options()
    shell = Shell(document.getElementById("app"), pick_language(languages), seed, speed)
    choice = chosen_game(game, shell.remembered())
    if choice == "quiz":
        shell.stop_home()
        shell.set_url("quiz")
        await shell.open_quiz()  # sets the page ready once the quiz is up
        return shell
    if choice == "zero":
        shell.open("zero")
    else:
        shell.show_home()
    document.documentElement.dataset.app = "ready"
    return shell


async def warm_up_bots() -> None:
    """Import the bots while people read the first screen, so the first bot turn thinks in short slices."""
    await asyncio.sleep(0.05)  # after the first screen has painted
    await import_in_slices([f"zero_game/bots/{name}.py" for name in ("sim", "base", "simple", "hard", "__init__")])
