"""The page's glue, for every game: events in, the runtime's ports out, the screen drawn.  Thin on purpose:
nothing here decides anything about a game; what to draw, where focus starts and which keys do what come
from the screen model, and every event becomes one message to the game's ``handle``.

One :class:`Page` per document: the live region and the file picker outside the drawn view, the
listeners (set once, for whichever game is on screen), the hand-off's guard against the tail of the last
person's tap, and focus that never scrolls.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from tabletop.effects import BeforeUpdate, Elsewhere, Failed, FileChosen, LinkEffect, PickFile, Scanned, Started
from tabletop.ids import timestamp
from tabletop.regions import HOLD, KEEP, Heard, Regions
from tabletop.runtime import Runtime
from tabletop.store import Store, request_persistence
from tabletop.widgets import Screen, deliberate_press, shortcut

from .link import Links

ARROWS = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
MARK_PREFIX = "tabletop:"  # performance marks the benchmarks and tests read
# The page's own marks (one per bot move, per card's travel…) are cleared once this many are in the browser's
# buffer: readers (the benchmarks: a dozen turns, ~40 marks) read them well before; a long evening keeps at most
# this many instead of thousands (7,169 after 12 minutes of fast play before).
MARK_LIMIT = 120


def js_text(value: Any) -> str | None:
    """A JS string as text; ``null`` (``None`` or a falsy ``JsNull``) as ``None``."""
    return None if value is None or (not value and value != "") else str(value)


HOOKS = ("data-action", "data-field", "data-card", "data-question")


def hook(node: Any) -> tuple[str, str, str] | None:
    """What finds a control again after a repaint: its first hook attribute, its value and its ``data-arg``."""
    if not node or not hasattr(node, "getAttribute"):
        return None
    for attr in HOOKS:
        value = node.getAttribute(attr)
        if value:
            return attr, str(value), str(node.getAttribute("data-arg") or "")
    return None


def dialog_words(dialog: Any) -> str:
    """A question's words (what tells one dialog from the next); "" for none."""
    if not dialog:
        return ""
    words = dialog.querySelector(".confirm-text")
    return str(words.textContent) if words else "?"


CONTROL_ROLES = ("button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "option")
TEXT_INPUTS = ("text", "number", "search", "email", "tel", "url", "password")


def focused_kind(target: Any) -> str:
    """What has the focus, for ``tabletop.widgets.shortcut``: "text", "control" or ""."""
    if not target or not getattr(target, "tagName", None) or not hasattr(target, "getAttribute"):
        return ""
    tag = str(target.tagName or "").lower()
    if tag in ("select", "textarea"):
        return "text"
    if tag == "input":
        return "text" if str(getattr(target, "type", "") or "text").lower() in TEXT_INPUTS else "control"
    if tag in ("button", "a", "summary") or str(target.getAttribute("role") or "") in CONTROL_ROLES:
        return "control"
    return ""


class Page:
    """The document the games are drawn in, and the one game on it now (its plug-in, view and runtime)."""

    document = document
    window = window

    def __init__(self, root: Any, store: Store) -> None:
        self.root = root
        self.store = store
        self.plugin: Any = None
        self.runtime: Runtime | None = None
        self.view: Regions | None = None
        self.screen: Screen | None = None
        self.on_leave: Callable[[str], None] = lambda lang: None
        self.on_open: Callable[[str], None] = lambda game: None
        self.chrome_lang = ""
        self.asked = ""  # the words of the question (a modal dialog) on screen, "" for none
        self.back = False  # whether the focus goes back to its opener when it closes (else the screen's start)
        self.opener: tuple[str, str, str] | None = None  # the control that had the focus before it was asked
        self.input_seen = False  # no key or tap yet in this page (just opened, or reloaded)
        self.handoff_at = 0.0  # when the hand-off appeared (ms, the events' clock)
        self.pressed_at = 0.0  # when the last pointer press began
        self.no_scroll = self.to_js({"preventScroll": True})
        self.marked: dict[str, int] = {}  # the performance marks made since they were last cleared, per name
        self.live = document.createElement("div")
        self.live.className = "sr-only"
        self.live.id = "live"
        self.live.setAttribute("aria-live", "polite")
        self.live.setAttribute("role", "status")
        self.heard = Heard()
        # The file picker the Import button opens: outside the drawn view, so it outlives a repaint.
        self.picker = document.createElement("input")
        self.picker.type = "file"
        self.picker.accept = ".json,application/json"
        self.picker.className = "file-input"
        self.picker.hidden = True
        self.picker.setAttribute("data-field", "import-file")
        self.picking = PickFile()  # what the picker was last opened for (a score sheet, or a game's own file)
        self.links = Links(self)
        self._proxies: list[Any] = []
        for target, kind, handler in (
            (root, "click", self.on_click), (root, "change", self.on_change), (root, "input", self.on_input),
            (document, "keydown", self.on_key), (document, "pointerdown", self.on_pointerdown),
            (window, "storage", self.on_storage), (document, "tabletop:before-update", self.on_before_update),
            (document, "tabletop:scanned", self.on_scanned),
            (self.picker, "change", self.on_file),
        ):
            proxy = create_proxy(lambda event, handler=handler: self.guarded(handler, event))
            self._proxies.append(proxy)
            target.addEventListener(kind, proxy)

    # ---- the game on the page ----

    def show(self, plugin: Any, state: Any, effects: Any = ()) -> Runtime:
        """Put ``plugin``'s game on the page with ``state``, and run it (``effects``: what it does at once)."""
        if self.runtime is not None:
            self.runtime.close()
            self.links.close_all()
        self.plugin = plugin
        self.view = plugin.view(self)
        self.screen = None
        self.root.replaceChildren(self.view.notice_area, self.view.frame, self.live, self.picker)
        runtime = Runtime(plugin.handle, state, self.store, self, tuple(d.name for d in plugin.docs))
        self.runtime = runtime
        self.render(state, state)
        if plugin.docs:
            runtime.start(effects)
        else:  # the first screen and a phone keep no documents of their own: nothing to check
            runtime.send(Started())
            runtime.carry(effects)
        return runtime

    # ---- ports (``tabletop.runtime.Ports``) ----

    def to_js(self, value: object) -> Any:
        return to_js(value, dict_converter=window.Object.fromEntries)

    def render(self, before: Any, after: Any) -> None:
        """Draw the game's screen for ``after``; a new screen opens at its top; focus stays on its element."""
        if self.view is None or self.plugin is None:
            return
        screen = self.plugin.present(after)
        last = self.screen
        token = self.view.before(before, after, last, screen)
        active = document.activeElement
        document.documentElement.lang = screen.lang
        document.title = screen.title
        for selector, text in ((".masthead h1", screen.brand), (".tagline", screen.tagline)):
            node = document.querySelector(selector)
            if node:
                node.textContent = text
        self.root.setAttribute("aria-label", screen.table_label)
        for name, value in (("screen", screen.name), ("game", screen.game), *screen.flags):
            document.body.setAttribute(f"data-{name}", value)
        for name in screen.ready:
            document.documentElement.setAttribute(f"data-{name}", "ready")
        changed = self.view.draw(screen)
        if screen.lang != self.chrome_lang and screen.chrome:
            self.chrome_lang = screen.lang
            for node_id, text in screen.chrome:
                node = self.picker if node_id == "picker" else document.getElementById(node_id)
                if node_id == "picker":
                    node.setAttribute("aria-label", text)
                elif node:
                    node.textContent = text
        # A new screen (every hand-off) or language: the region holds only what this one says.
        fresh = "screen" in changed or screen.guard is not None or (last is not None and last.lang != screen.lang)
        if (screen.live and (last is None or last.live != screen.live)) \
                or (fresh and self.heard.lines[-1:] != ((screen.live,) if screen.live else ())):
            self.say(screen.live, new_screen=fresh)
        self.screen = screen
        dialog = self.root.querySelector("[data-dialog]") or None  # a JsNull is falsy, not None
        asked, self.asked = self.asked, dialog_words(dialog)
        back, self.back = self.back, dialog is not None and dialog.getAttribute("data-dialog") == "back"
        if "screen" in changed:
            window.scrollTo(0, 0)
        if dialog is not None:  # a question: the focus goes into it, on its first answer, and stays there
            if not asked and active and not active.closest("[data-dialog]"):
                self.opener = hook(active)  # where the focus goes back when it closes (a repaint may have replaced it)
            if asked != self.asked or not dialog.contains(document.activeElement):
                self.focus_in(dialog)
        elif "screen" in changed or (last is not None and last.moment != screen.moment):
            if screen.guard is not None:
                self.handoff_at = float(window.performance.now())
            self.focus_first(screen)
        elif asked and back and self.opener is not None and self.focus_hook(self.opener):
            pass  # a question answered: back where the focus was before it was asked
        elif asked:  # a question that restarts a turn (or whose opener is gone): the screen's start
            self.focus_first(screen)
        elif not active or not active.isConnected or document.activeElement == document.body \
                or bool(getattr(document.activeElement, "disabled", False)):  # a press disabled its own button
            self.refocus(active, screen)
        if dialog is None:
            self.opener = None
        self.view.after(before, after, last, screen, token)
        self.links.show(self.plugin.phones(after))
        self.links.attach()

    def download(self, filename: str, text: str, mime: str) -> None:
        """Offer ``text`` as a file: a Blob, an object URL and a temporary ``<a download>`` clicked once."""
        blob = window.Blob.new(to_js([text]), self.to_js({"type": mime + ";charset=utf-8"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    def pick_file(self, pick: PickFile) -> None:
        self.picking = pick
        self.picker.accept = pick.accept
        self.picker.click()

    def keep_data(self) -> None:
        asyncio.ensure_future(request_persistence(window.navigator))

    def mark(self, name: str, detail: dict[str, float]) -> None:
        if sum(self.marked.values()) >= MARK_LIMIT:  # read by now: cleared, every name at once (pairs stay paired)
            for made in self.marked:
                window.performance.clearMarks(MARK_PREFIX + made)
            self.marked.clear()
        self.marked[name] = self.marked.get(name, 0) + 1
        window.performance.mark(MARK_PREFIX + name, self.to_js({"detail": detail}))

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        asyncio.get_event_loop().call_later(max(0.0, seconds), self.guarded, callback)

    def log(self, text: str) -> None:
        window.console.error(f"{self.plugin.title if self.plugin else 'tabletop'}: {text}")

    def now(self) -> str:
        return timestamp(datetime.now(UTC))

    def leave(self) -> None:
        runtime = self.runtime
        self.on_leave(getattr(runtime.state, "lang", "en") if runtime is not None else "en")

    def open(self, game: str) -> None:
        self.on_open(game)

    def link(self, effect: LinkEffect) -> None:
        self.links.carry_out(effect)

    # ---- the live region ----

    def say(self, text: str, *, new_screen: bool = False) -> None:
        """Announce ``text`` in the live region: after the announcements still being heard, else alone (``Heard``);
        the region keeps only the last once it is quiet.  On a new screen the region holds only ``text`` ("": none)."""
        now = float(window.performance.now()) / 1000
        heard = self.heard.hear(text, now, new_screen=new_screen)
        line = document.createElement("p")
        line.textContent = text
        if not heard.lines:
            self.live.replaceChildren()
        elif len(heard.lines) > 1:
            while self.live.childElementCount >= KEEP:
                self.live.firstElementChild.remove()
            self.live.appendChild(line)
        else:
            self.live.replaceChildren(line)
        self.heard = heard
        self.later(HOLD + 0.1, self.quiet)

    def quiet(self) -> None:
        heard = self.heard.quiet(float(window.performance.now()) / 1000)
        if heard is not self.heard:
            while self.live.childElementCount > 1:
                self.live.firstElementChild.remove()
            self.heard = heard

    # ---- focus ----

    def focus(self, selector: str) -> bool:
        """Focus the first element ``selector`` finds that takes focus (not a disabled button, not a plain
        card), without scrolling to it; False if there is none."""
        for node in self.root.querySelectorAll(selector):
            node.focus(self.no_scroll)
            if document.activeElement == node:
                return True
        return False

    def focus_first(self, screen: Screen) -> None:
        """Where the screen starts: the first of its ``focus`` selectors that finds an element. Before the first key
        or tap of a page (a reload in the middle of a game), its heading, if it takes focus: a control focused by
        the page then would wear the keyboard's ring (the browser cannot tell who is there)."""
        if not self.input_seen and self.focus('h1[tabindex="-1"]'):
            return
        for selector in screen.focus:
            if self.focus(selector):
                return

    def refocus(self, lost: Any, screen: Screen) -> None:
        """Focus was on an element that a repaint replaced: the control with the same hook, else the screen's
        start."""
        found = hook(lost) if lost and hasattr(lost, "getAttribute") else None
        if found is not None and self.focus_hook(found):
            return
        if lost:
            self.focus_first(screen)

    def focus_hook(self, found: tuple[str, str, str]) -> bool:
        """Focus the control with the hook ``found`` (see ``hook``), where it is now; False if there is none."""
        attr, value, arg = found
        # Escaped: a value may come from a stored key (a backup's), which anyone on the origin can name.
        escape = window.CSS.escape
        return self.focus(f'[{attr}="{escape(value)}"]' + (f'[data-arg="{escape(arg)}"]' if arg else ""))

    def focus_in(self, dialog: Any) -> None:
        """Focus a dialog's first answer (the one it starts on: ``tabletop.widgets.Confirm.answers``)."""
        for node in dialog.querySelectorAll("button"):
            if not node.disabled:
                node.focus(self.no_scroll)
                return

    def in_dialog(self, event: Any) -> bool:
        """A key while a question is asked: Escape gives its safe answer, Tab and Shift+Tab go round its answers
        (the focus never leaves it by the keyboard); True if the key was for the dialog."""
        dialog = self.root.querySelector("[data-dialog]") or None
        if dialog is None or event.key not in ("Escape", "Tab"):
            return False
        event.preventDefault()
        if event.key == "Escape":
            safe = dialog.querySelector("[data-safe]")
            if safe:
                safe.click()
            return True
        answers = [node for node in dialog.querySelectorAll("button") if not node.disabled]
        if answers:
            at = next((i for i, node in enumerate(answers) if node == document.activeElement), None)
            step = -1 if event.shiftKey else 1
            to = (0 if step > 0 else -1) if at is None else (at + step) % len(answers)
            answers[to].focus(self.no_scroll)
        return True

    # ---- events ----

    def guarded(self, handler: Callable[..., None], *args: Any) -> None:
        try:
            handler(*args)
        except Exception as err:  # the page must keep working whatever one handler does
            window.console.error("".join(traceback.format_exception(err)))

    def send(self, message: Any) -> None:
        if message is not None and self.runtime is not None:
            self.runtime.send(message)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]")
        if not target or target.disabled or self.plugin is None:
            return
        action = str(target.getAttribute("data-action"))
        screen = self.screen
        if screen is not None and screen.guard is not None and action == screen.guard and not self.deliberate(event):
            return
        message = self.plugin.message(action, str(target.getAttribute("data-arg") or ""))
        if message is None:  # a control the game does not know: said, never silently dropped
            window.console.error(f"{self.plugin.title}: no such command {action!r}")
            message = Failed(f"no such command {action!r}")
        self.send(message)

    def on_change(self, event: Any) -> None:
        name = event.target.getAttribute("data-field")
        if name and name != "import-file" and self.plugin is not None:
            self.send(self.plugin.field(str(name), str(event.target.value), False))

    def on_input(self, event: Any) -> None:
        name = event.target.getAttribute("data-field")
        if name and self.plugin is not None:
            self.send(self.plugin.field(str(name), str(event.target.value), True))

    def on_file(self, event: Any) -> None:
        files = self.picker.files
        if files and files.length:
            asyncio.ensure_future(self.read_file(files.item(0)))

    async def read_file(self, file: Any) -> None:
        pick, self.picking = self.picking, PickFile()
        text, data = "", b""
        try:
            if pick.tag:  # a game's own file: its bytes (the game decodes them), never more than it reads
                part = file.slice(0, pick.limit + 1) if pick.limit else file
                data = bytes((await part.arrayBuffer()).to_bytes())
            else:
                text = str(await file.text())
        except Exception:
            pass
        self.picker.value = ""
        self.picker.accept = PickFile().accept
        self.send(FileChosen(text, pick.tag, data))

    def on_key(self, event: Any) -> None:
        self.input_seen = True
        screen = self.screen
        if screen is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.in_dialog(event):
            return
        target = event.target
        focused = focused_kind(target)
        typing = focused == "text"
        key = shortcut(screen.keys, str(event.key), focused)
        if key is not None:
            event.preventDefault()
            self.send(self.plugin.message(str(key.action), key.arg))
            return
        if event.key in ARROWS and not typing and target and target.closest("[data-zone]") \
                and (target.getAttribute("data-card") or target.getAttribute("data-question")):
            event.preventDefault()
            self.move_focus(target, event.key)

    def move_focus(self, card: Any, key: str) -> None:
        """Arrows: left/right along a row of cards, up/down between the rows (``data-zone``)."""
        zone = card.closest("[data-zone]")
        if key in ("ArrowUp", "ArrowDown"):
            zones = list(self.root.querySelectorAll("[data-zone]"))
            at = next((i for i, z in enumerate(zones) if z == zone), 0)
            other = zones[max(0, min(len(zones) - 1, at + ARROWS[key]))]
            if other != zone:
                first = other.querySelector("[data-card]")
                if first:
                    first.focus()
                return
        hook = "data-card" if card.getAttribute("data-card") else "data-question"
        cards = [c for c in zone.querySelectorAll(f"[{hook}]") if not getattr(c, "disabled", False)]
        slugs = [c.getAttribute(hook) for c in cards]
        if card.getAttribute(hook) not in slugs:
            return
        i = slugs.index(card.getAttribute(hook))
        to = cards[(i + ARROWS[key]) % len(cards)]
        to.focus()
        if card.hasAttribute("tabindex"):  # a roving tabindex (the quiz's cards): the Tab stop follows the focus
            card.setAttribute("tabindex", "-1")
            to.setAttribute("tabindex", "0")

    def on_pointerdown(self, event: Any) -> None:
        self.input_seen = True
        self.pressed_at = float(event.timeStamp)
        if self.view is not None and self.screen is not None:
            self.view.pressed(self.screen)

    def deliberate(self, event: Any) -> bool:
        """Whether a press on the hand-off's button is a new act, not the tail of the last person's.

        Keys cannot reach the button, which never gets focus by itself (see ``deliberate_press``).
        """
        return deliberate_press(int(event.detail or 0), self.pressed_at, self.handoff_at)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to this site's storage."""
        key = js_text(event.key)
        if self.runtime is None or not self.store.owns(key):
            return
        changes = self.store.changed(key, js_text(event.newValue))
        if changes:
            self.send(Elsewhere(changes))

    def on_scanned(self, event: Any) -> None:
        """A code was read (the camera's ``Links.scan``, or a test handing one over as a camera would)."""
        text = js_text(event.detail)
        if text:
            self.send(Scanned(text))

    def on_before_update(self, event: Any) -> None:
        """The page is about to reload for a new version: save what waits."""
        self.send(BeforeUpdate())


def browser_backend() -> Any:
    """``window.localStorage``, or ``None`` where the browser has none or forbids it."""
    try:
        storage = window.localStorage
        return None if storage is None else storage
    except Exception:  # SecurityError when site data is blocked
        return None
