"""The first screen: which game?  A plug-in like any game (its state, ``handle``, ``present`` and painter),
with its words; the games it offers are the registry's (``tabletop.registry``).

``?game=zero`` / ``?game=quiz`` open a game directly; the last choice is remembered on the device.
"""

from __future__ import annotations

# ruff: noqa: E501 - one message per line reads best
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .effects import Add, Do, Effects, Open
from .paint import Painter
from .prefs import PREFS
from .regions import Host, Regions
from .registry import GAMES
from .store import Spec
from .widgets import Button, Choice, Notices, Screen

LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Zero and Zéro à 1000 — choose a game",
        "heading": "Which game?",
        "intro": "Two games for one tablet in the middle of the table.",
        "zero": "Zero",
        "zero.about": "Reiner Knizia's card game: swap cards with the pool and get your hand down to nothing. 2–5 players, people or bots.",
        "quiz": "Zéro à 1000",
        "quiz.about": "A quiz of estimates for teams: every answer lies between 0 and 1000; pick the question nearest the target. 2–4 teams.",
        "play": "Play {name}",
        "language": "Language",
        "loading": "Loading the quiz…",
        "failed": "The quiz could not be loaded. Check your connection and try again.",
    },
    "fr": {
        "title": "Zéro et Zéro à 1000 — choisir un jeu",
        "heading": "À quel jeu jouer ?",
        "intro": "Deux jeux pour une tablette posée au milieu de la table.",
        "zero": "Zéro",
        "zero.about": "Le jeu de cartes de Reiner Knizia : échangez des cartes avec la réserve et videz votre main de points. 2 à 5 joueurs, humains ou robots.",
        "quiz": "Zéro à 1000",
        "quiz.about": "Un quiz d'estimations en équipes : chaque réponse est entre 0 et 1000 ; jouez la question la plus proche de la cible. 2 à 4 équipes.",
        "play": "Jouer à {name}",
        "language": "Langue",
        "loading": "Chargement du quiz…",
        "failed": "Le quiz n'a pas pu se charger. Vérifiez la connexion et réessayez.",
    },
    "de": {
        "title": "Zero und Zéro à 1000 — Spiel wählen",
        "heading": "Welches Spiel?",
        "intro": "Zwei Spiele für ein Tablet in der Mitte des Tisches.",
        "zero": "Zero",
        "zero.about": "Das Kartenspiel von Reiner Knizia: tauscht Karten mit der Auslage und bringt eure Hand auf null. 2–5 Spieler, Menschen oder Bots.",
        "quiz": "Zéro à 1000",
        "quiz.about": "Ein Schätzquiz für Teams: jede Antwort liegt zwischen 0 und 1000; spielt die Frage, die der Zielzahl am nächsten ist. 2–4 Teams.",
        "play": "{name} spielen",
        "language": "Sprache",
        "loading": "Das Quiz wird geladen…",
        "failed": "Das Quiz ließ sich nicht laden. Prüft die Verbindung und versucht es noch einmal.",
    },
}


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


def pick_language(preferred: Iterable[str]) -> str:
    """The first of the browser's languages (``navigator.languages``) the site speaks, else English."""
    for tag in preferred:
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


def words(lang: str) -> dict[str, str]:
    """The first screen's words in ``lang``."""
    return WORDS.get(lang, WORDS["en"])


def home(lang: str, games: Iterable[str] | None = None) -> HomeView:
    """The choice of game, in ``lang``."""
    w = words(lang)
    choices = tuple(GameChoice(g, w[g], w[g + ".about"],
                               Button(HomeCommand.OPEN_GAME, w["play"].format(name=w[g]), arg=g, primary=True))
                    for g in (games if games is not None else [e.name for e in GAMES]))
    return HomeView(lang, w["title"], w["heading"], w["intro"], choices,
                    Choice("lang", w["language"], lang, tuple(LANGUAGES.items())))


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


class HomeRegions(Regions):
    """The first screen drawn as one region."""

    def __init__(self, host: Host) -> None:
        super().__init__(Painter(host.document), host)

    def body(self, body: Any) -> Any:
        return paint_home(self.p, body)


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

    def view(self, host: Host) -> HomeRegions:
        return HomeRegions(host)


HOME = HomePlugin()
