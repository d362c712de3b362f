"""The page's host for every game: the choice of game, then the game, on one page and one store.

``start()`` (awaited by ``main.py``) reads this device's preferences, opens the game the link or the last
visit chose (a lazy game's files are fetched into Python's file system first), else the first screen.
"""

from __future__ import annotations

import asyncio
import importlib
import random
import traceback
from pathlib import Path
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]

from tabletop import registry
from tabletop.home import HOME, chosen_game, loading_words, pick_language
from tabletop.i18n import LANGUAGES
from tabletop.plugin import Launch
from tabletop.prefs import PREFS
from tabletop.store import Store

from .boot import import_in_slices
from .game_files import FILES, STYLES
from .page import Page, browser_backend


def url_options() -> tuple[int | None, str | None, str | None]:
    """``?seed=N`` fixes the first deal's seed (tests, replaying a deal); ``?speed=`` the bots' pace;
    ``?game=<name>`` opens a game directly."""
    params = window.URLSearchParams.new(window.location.search)
    text = params.get("seed")
    speed = params.get("speed")
    game = params.get("game")
    return ((int(text) if text and text.isdigit() else None), (str(speed) if speed else None),
            (str(game) if game else None))


def phone_code() -> tuple[str, str] | None:
    """This page as a phone at a table: the table's code from the link its camera opened (``#j=…``), or none yet
    (``?join=<game>``: after a reload, or to type a relay's short code); ``None``: not a phone."""
    hash_text = str(window.location.hash or "")
    if hash_text:  # perhaps a phone's link (the phones' code is imported only then: not on the first screen's path)
        from tabletop.remote import JOIN

        if hash_text.startswith(JOIN):
            from tabletop import phone

            code = hash_text[len(JOIN):]
            return phone.game_of(code) or registry.GAMES[0].name, code
    params = window.URLSearchParams.new(window.location.search)
    if params.has("join"):
        game = str(params.get("join") or "")
        return (game if game in {g.name for g in registry.GAMES} else registry.GAMES[0].name), ""
    return None


def set_url(game: str | None) -> None:
    """The address names the game, so a group can bookmark its own."""
    params = window.URLSearchParams.new(window.location.search)
    if game is None:
        params.delete("game")
    else:
        params.set("game", game)
    query = str(params.toString())
    window.history.replaceState(None, "", str(window.location.pathname) + (f"?{query}" if query else ""))


class Shell:
    """The games on this page: one store, one page glue, the game on screen."""

    def __init__(self, root: Any, seed: int | None, speed: str | None) -> None:
        self.root = root
        self.seed = seed
        self.speed = speed
        try:
            self.store = Store(browser_backend(), (PREFS,))
        except Exception:
            self.store = Store(None, (PREFS,))
        self.prefs: dict[str, object] = dict(self.store.load(PREFS.name).value or {})
        languages = list(window.navigator.languages or [window.navigator.language or "en"])
        remembered = self.prefs.get("lang")
        self.lang = remembered if isinstance(remembered, str) else pick_language(languages)
        self.page = Page(root, self.store)
        self.page.on_leave = self.show_home
        self.page.on_open = self.open_soon

    def open_soon(self, name: str) -> None:
        """Open game ``name`` (from the first screen's button)."""
        asyncio.ensure_future(self.open(name))

    def show_home(self, lang: str | None = None) -> None:
        """The first screen: which game?"""
        self.lang = lang or self.lang
        set_url(None)
        self.store.add(PREFS.name, {"game": None})
        state, _ = HOME.launch(self.lang)
        self.page.show(HOME, state)

    async def phone(self, game: str, code: str) -> None:
        """Be a phone at a table: the game's painter, the table's screens (``tabletop.phone``)."""
        # The code leaves the address: a reload asks for a new one (the tablet's offer can be answered once).
        window.history.replaceState(None, "", str(window.location.pathname) + f"?join={game}")
        entry = registry.entry(game)
        if entry.lazy:
            self.root.replaceChildren(self.page.live)
            self.page.live.textContent = loading_words(self.lang, game)["loading"]
            await load_files(entry.package)
        from tabletop import phone

        self.page.links.facing = "environment"  # a phone's camera looks at the tablet
        state, effects = phone.launch(self.lang, game, code)
        self.page.show(phone.plugin(registry.plugin(game)), state, effects)

    async def open(self, name: str) -> None:
        """Open game ``name`` (remembered for the next visit)."""
        set_url(name)
        entry = registry.entry(name)
        try:
            if entry.lazy:
                self.root.replaceChildren(self.page.live)
                self.page.live.textContent = loading_words(self.lang, name)["loading"]
                await load_files(entry.package)
            plugin = registry.plugin(name)
        except Exception as err:
            window.console.error(f"{name}: " + "".join(traceback.format_exception(err)))
            node = document.createElement("p")
            node.className = "load-error"
            node.setAttribute("role", "alert")
            node.textContent = loading_words(self.lang, name)["failed"]
            self.root.replaceChildren(node)
            self.store.add(PREFS.name, {"game": None})
            return
        self.store.register(plugin.docs)
        self.prefs = dict(self.store.value(PREFS.name) or {})
        state, effects = plugin.launch(Launch(self.lang, self.seed, random.SystemRandom().getrandbits(48), self.speed,
                                              tuple(self.prefs.items())))
        self.page.show(plugin, state, effects)
        warm = getattr(plugin, "warm_up", ())
        if warm:  # modules needed soon (a bot's search), imported while people read the first screen
            asyncio.ensure_future(import_in_slices(warm, pause=0.05))


async def load_files(package: str) -> None:
    """Write a lazy game's files (``FILES[package]``) where Python imports them, and add its style sheet."""
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    style = STYLES.get(package)
    if style and not document.querySelector(f"link[data-game-style='{package}']"):
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = "./" + style
        link.setAttribute("data-game-style", package)
        document.head.appendChild(link)
    files = FILES[package]
    missing = [name for name in files if not Path(name).exists()]

    async def fetch(name: str) -> None:
        response = await pyfetch("./" + name)
        if not response.ok:
            raise OSError(f"{name}: HTTP {response.status}")
        data = await response.bytes()
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_bytes(data)

    await asyncio.gather(*(fetch(name) for name in missing))
    importlib.invalidate_caches()
    await import_in_slices([name for name in files if name.endswith(".py")])


async def start() -> Shell:
    """Take over the page: the game the link or the last visit chose, else the choice of game.

    Awaited by main.py, so the page is ready (``data-app``) only once the chosen game is up.
    """
    seed, speed, game = url_options()
    shell = Shell(document.getElementById("app"), seed, speed)
    joining = phone_code()
    if joining is not None:
        await shell.phone(*joining)
        document.documentElement.dataset.app = "ready"
        return shell
    # What the visitor did on the first screen (index.html's, before Python: assets/first.js) is carried out now.
    before = document.documentElement
    first_lang = before.getAttribute("data-first-lang")
    if first_lang in LANGUAGES:
        shell.lang = first_lang
        shell.store.add(PREFS.name, {"lang": first_lang})
    tapped = chosen_game(before.getAttribute("data-pending"), None)
    if tapped is not None and tapped != game:  # a tap, not the link's own game: remembered as a tap on the screen
        shell.store.add(PREFS.name, {"game": tapped, "lang": shell.lang})
    choice = chosen_game(tapped or game, shell.prefs.get("game"))
    if choice is not None:
        await shell.open(choice)
    else:
        shell.show_home()
    document.documentElement.dataset.app = "ready"
    return shell
