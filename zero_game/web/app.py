"""The browser side: wires the controller to the page (events, rendering, focus, the bot loop).

The only game state is the ``Controller``; the DOM is redrawn from its ``screen()`` model after
every change, and events are read back through ``data-*`` attributes (event delegation).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from .controller import SPEEDS, BotTurn, Controller
from .i18n import pick_language
from .render import Painter

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
        root.replaceChildren(self.view, self.live)
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
        if self.live.textContent != screen.live:
            self.live.textContent = screen.live
        body = screen.body
        confirm = getattr(body, "confirm", None) is not None
        changed_screen = screen.name != self.last_screen
        my_turn = bool(getattr(body, "my_turn", False))
        if confirm and not self.had_confirm:
            self._focus(".confirm [data-action='confirm']")
        elif changed_screen or not self._restore(focus_key):
            # A new screen, or focus lost during your turn (a card or panel went away): back to the hand.
            self._focus_default(screen.name, changed_screen or my_turn)
        self.last_screen = screen.name
        self.had_confirm = confirm

    def _focus_key(self, node: Any) -> str | None:
        if not node or not hasattr(node, "getAttribute"):
            return None
        for attr in ("data-card", "data-field", "data-action"):
            value = node.getAttribute(attr)
            if value:
                arg = node.getAttribute("data-arg")
                return f"[{attr}='{value}']" + (f"[data-arg='{arg}']" if arg else "")
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
        self.ctrl.handle(action, arg, value)
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
    app.render()
    document.documentElement.dataset.app = "ready"
    return app
