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
from .game_names import NAMES
from .i18n import LANGUAGES, SHELL, catalog, pick_language
from .paint import Painter
from .prefs import PREFS
from .regions import Host, OneRegion, Regions
from .registry import GAMES, entry
from .store import Spec
from .widgets import Button, Choice, Notices, Screen

__all__ = ["GAME_WORDS", "HOME", "HomeCommand", "chosen_game", "game_words", "home", "loading_words", "pick_language",
           "words"]


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


#: What every game's catalog says of it for the first screen: its name and what it is.
GAME_WORDS = ("game.name", "game.about")


def game_words(lang: str, game: str) -> tuple[str, str]:
    """Registered game ``game``'s name and what it is, in ``lang``: its own catalog's ``game.name`` and
    ``game.about``, as ``tools/filelist.py --write`` copies them into ``tabletop/game_names.py`` (the page has a
    lazy game's catalogs only once it is opened), else read from the catalog (a game registered since)."""
    copied = NAMES.get(game, {}).get(lang)
    if copied is not None:
        return copied
    texts = catalog(lang, (entry(game).package,))
    name, about = GAME_WORDS
    return texts.t(name), texts.t(about)


def loading_words(lang: str, game: str) -> dict[str, str]:
    """What the page says while game ``game``'s files are fetched (``loading``) and if they cannot be
    (``failed``), in ``lang``: the shell's words, naming the game as the first screen names it."""
    t = catalog(lang, (SHELL,)).t
    name = game_words(lang, game)[0] if game in {g.name for g in GAMES} else game
    return {key: t(f"home.{key}", name=name) for key in ("loading", "failed")}


def home(lang: str, games: Iterable[str] | None = None) -> HomeView:
    """The choice of game, in ``lang``: each game named and described by its own words."""
    t = catalog(lang, (SHELL,)).t
    named = {g: game_words(lang, g) for g in (games if games is not None else [e.name for e in GAMES])}
    choices = tuple(GameChoice(g, name, about, Button(HomeCommand.OPEN_GAME, t("home.play", name=name), arg=g,
                                                      primary=True))
                    for g, (name, about) in named.items())
    return HomeView(lang, t("home.title"), t("home.heading"), t("home.intro"), choices,
                    Choice("lang", t("home.language"), lang, tuple(LANGUAGES.items())))


def chosen_game(url_game: str | None, remembered: object) -> str | None:
    """The game to open at start: the link's ``?game=``, else the remembered choice, else none (ask)."""
    names = {g.name for g in GAMES}
    for game in (url_game, remembered):
        if isinstance(game, str) and game in names:
            return game
    return None


SVG = "http://www.w3.org/2000/svg"
# A small drawing of each game on its choice (made here, in the page: nothing fetched), in the games' own colours.
FELT, PAPER, GOLD, INK = "#1a5a3c", "#fbf8f1", "#ffd54a", "#10291d"
ZERO_FAN = ((-16, "#c0392b", "#fff"), (0, "#f2c230", "#1b1b1b"), (16, "#1f5fbf", "#fff"))  # three cards of one number
QUIZ_MARKS = ((58, "#6ec6ff"), (148, "#ff9ad5"))  # two teams' values on the number line, the target between


def _svg(p: Painter, tag: str, text: str = "", **attrs: str) -> Any:
    node = p.doc.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    if text:
        node.textContent = text
    return node


def art(p: Painter, game: str) -> Any:
    """The drawing on a game's choice: Zero, a fan of three cards of one number; the quiz, a question card over
    the number line with the target and two teams' values; any other game, the felt.  Decoration only: hidden
    from screen readers."""
    svg = _svg(p, "svg", viewBox="0 0 200 104", width="200", height="104", aria_hidden="true", focusable="false")
    svg.setAttribute("class", f"home-art art-{game}")
    svg.appendChild(_svg(p, "rect", width="200", height="104", rx="12", fill=FELT))
    if game == "zero":
        for angle, colour, ink in ZERO_FAN:
            card = _svg(p, "g", transform=f"rotate({angle} 100 150)")
            card.appendChild(_svg(p, "rect", x="77", y="16", width="46", height="66", rx="6", fill=colour,
                                  stroke="#fff", stroke_width="3"))
            card.appendChild(_svg(p, "text", "7", x="100", y="60", text_anchor="middle", font_size="30",
                                  font_weight="800", font_family="sans-serif", fill=ink))
            svg.appendChild(card)
        return svg
    if game != "quiz":
        return svg  # a game with no drawing of its own: the felt alone (never another game's picture)
    svg.appendChild(_svg(p, "rect", x="48", y="9", width="104", height="56", rx="6", fill=PAPER))
    svg.appendChild(_svg(p, "rect", x="48", y="9", width="8", height="56", rx="3", fill="#1f5fbf"))
    for y, width in ((21, "72"), (33, "58"), (45, "40")):
        svg.appendChild(_svg(p, "rect", x="64", y=str(y), width=width, height="6", rx="3", fill="#c9cfc6"))
    svg.appendChild(_svg(p, "text", "?", x="134", y="59", text_anchor="middle", font_size="24", font_weight="800",
                         font_family="sans-serif", fill="#7a1b12"))
    svg.appendChild(_svg(p, "line", x1="20", y1="86", x2="180", y2="86", stroke="#fff", stroke_width="3"))
    for x in range(20, 181, 40):
        svg.appendChild(_svg(p, "line", x1=str(x), y1="80", x2=str(x), y2="92", stroke="#fff", stroke_width="2"))
    svg.appendChild(_svg(p, "line", x1="100", y1="74", x2="100", y2="98", stroke=GOLD, stroke_width="5"))
    for x, colour in QUIZ_MARKS:
        svg.appendChild(_svg(p, "circle", cx=str(x), cy="86", r="7", fill=colour, stroke=INK, stroke_width="2"))
    return svg


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
        p.add(item, art(p, g.game), p.el("h2", "", g.name), p.el("p", "", g.about), p.button(g.open, "big"))
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
