"""The first screen: choose the game (Zero or Zéro à 1000).  A pure model, its words and its painter.

``?game=zero`` / ``?game=quiz`` open a game directly; the last choice is remembered (``CHOICE_KEY``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.i18n import LANGUAGES, SHELL, catalog

from .render import Painter
from .screens import Button, Choice
from .storage import PREFIX

GAMES = ("zero", "quiz")
CHOICE_KEY = PREFIX + "game-choice"


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


def words(lang: str) -> dict[str, str]:
    """The first screen's texts in ``lang`` (the shell's ``home.*``, by their last names), placeholders unfilled."""
    texts = catalog(lang, (SHELL,))
    return {key.removeprefix("home."): str(texts.messages[key]) for key in texts.messages if key.startswith("home.")}


def home(lang: str) -> HomeView:
    """The choice of game, in ``lang``."""
    t = catalog(lang, (SHELL,)).t
    games = tuple(GameChoice(g, t(f"home.{g}"), t(f"home.{g}.about"),
                             Button("open-game", t("home.play", name=t(f"home.{g}")), arg=g, primary=True))
                  for g in GAMES)
    return HomeView(lang, t("home.title"), t("home.heading"), t("home.intro"), games,
                    Choice("lang", t("home.language"), lang, tuple(LANGUAGES.items())))


def chosen_game(url_game: str | None, remembered: str | None) -> str | None:
    """The game to open at start: the link's ``?game=``, else the remembered choice, else none (ask)."""
    for game in (url_game, remembered):
        if game in GAMES:
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
