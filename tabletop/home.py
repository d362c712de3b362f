"""The first screen: which game?  A plug-in like any game (its state, ``handle``, ``present`` and painter),
with its words; the games it offers are the registry's (``tabletop.registry``).

``?game=zero`` / ``?game=quiz`` open a game directly; the last choice is remembered on the device.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .effects import Add, Do, Effects, Open
from .i18n import LANGUAGES, SHELL, catalog, pick_language
from .paint import Painter
from .prefs import PREFS
from .regions import Host, OneRegion, Regions
from .registry import GAMES
from .store import Spec
from .widgets import Button, Choice, Notices, Screen

__all__ = ["HOME", "HomeCommand", "chosen_game", "home", "loading_words", "pick_language", "words"]


class HomeCommand(StrEnum):
    """The first screen's commands."""

    OPEN_GAME = "open-game"
    SET = "set"


@dataclass(frozen=True)
class GameChoice:
    """One game on the first screen: its name, what it is, the button that opens it."""

    game: str
    name: str
    about: str
    open: Button


@dataclass(frozen=True)
class HomeView:
    """The first screen."""

    lang: str
    title: str
    heading: str
    intro: str
    games: tuple[GameChoice, ...]
    language: Choice


@dataclass(frozen=True)
class Home:
    """The first screen's state: its language."""

    lang: str = "en"


def words(lang: str) -> dict[str, str]:
    """The first screen's texts in ``lang`` (the shell's ``home.*``, by their last names), placeholders unfilled."""
    texts = catalog(lang, (SHELL,))
    return {key.removeprefix("home."): str(texts.messages[key]) for key in texts.messages if key.startswith("home.")}


def loading_words(lang: str, game: str) -> dict[str, str]:
    """What the page says while game ``game``'s files are fetched (``loading``) and if they cannot be
    (``failed``), in ``lang``: the shell's words, naming the game as the first screen names it."""
    t = catalog(lang, (SHELL,)).t
    name = t(f"home.{game}") if f"home.{game}" in catalog(lang, (SHELL,)).messages else game
    return {key: t(f"home.{key}", name=name) for key in ("loading", "failed")}


def home(lang: str, games: Iterable[str] | None = None) -> HomeView:
    """The choice of game, in ``lang``."""
    t = catalog(lang, (SHELL,)).t
    choices = tuple(GameChoice(g, t(f"home.{g}"), t(f"home.{g}.about"),
                               Button(HomeCommand.OPEN_GAME, t("home.play", name=t(f"home.{g}")), arg=g, primary=True))
                    for g in (games if games is not None else [e.name for e in GAMES]))
    return HomeView(lang, t("home.title"), t("home.heading"), t("home.intro"), choices,
                    Choice("lang", t("home.language"), lang, tuple(LANGUAGES.items())))


def chosen_game(url_game: str | None, remembered: object) -> str | None:
    """The game to open at start: the link's ``?game=``, else the remembered choice, else none (ask)."""
    names = {g.name for g in GAMES}
    for game in (url_game, remembered):
        if isinstance(game, str) and game in names:
            return game
    return None


def paint_home(p: Painter, v: HomeView) -> Any:
    """The first screen's elements."""
    panel = p.el("section", "panel home")
    head = p.el("div", "home-head")
    head.appendChild(p.el("h1", "", v.heading, tabindex="-1"))
    head.appendChild(p.choice(v.language, "field lang"))
    panel.appendChild(head)
    panel.appendChild(p.el("p", "intro", v.intro))
    games = p.el("ul", "home-games")
    for g in v.games:
        item = p.el("li", "home-game game-" + g.game)
        p.add(item, p.el("h2", "", g.name), p.el("p", "", g.about), p.button(g.open, "big"))
        games.appendChild(item)
    panel.appendChild(games)
    return panel


class HomePlugin:
    """The first screen as a plug-in."""

    name = "home"
    title = "Zero · Zéro à 1000"
    docs: tuple[Spec[Any], ...] = ()

    def launch(self, lang: str) -> tuple[Home, Effects]:
        return Home(lang if lang in LANGUAGES else "en"), ()

    def handle(self, state: Home, message: object) -> tuple[Home, Effects]:
        match message:
            case Do(HomeCommand.OPEN_GAME, game, _) if chosen_game(game, None) == game:
                return state, (Add(PREFS.name, {"game": game, "lang": state.lang}), Open(game))
            case Do(HomeCommand.SET, "lang", value) if value in LANGUAGES:
                return replace(state, lang=value), (Add(PREFS.name, {"lang": value}),)
        return state, ()

    def present(self, state: Home) -> Screen:
        view = home(state.lang)
        return Screen(name="home", game="", lang=state.lang, title=view.title, brand="Zero · Zéro à 1000",
                      tagline=view.intro, table_label=view.heading, top=None, notices=Notices(""), live="", body=view,
                      focus=("h1",))

    def message(self, action: str, arg: str = "") -> Do | None:
        return Do(HomeCommand.OPEN_GAME, arg) if action == HomeCommand.OPEN_GAME else None

    def field(self, name: str, value: str, typing: bool) -> Do | None:
        return Do(HomeCommand.SET, name, value) if name == "lang" and not typing else None

    def view(self, host: Host) -> Regions:
        return OneRegion(host, paint_home)

    def phones(self, state: Home) -> tuple[tuple[int, str], ...]:
        """No table here: no phone is sent anything (the links of the game left are closed)."""
        return ()


HOME = HomePlugin()
