"""The first screen: choose the game (Zero or Zéro à 1000).  A pure model, its words and its painter.

``?game=zero`` / ``?game=quiz`` open a game directly; the last choice is remembered (``CHOICE_KEY``).
"""

from __future__ import annotations

# ruff: noqa: E501 - one message per line reads best
from dataclasses import dataclass
from typing import Any

from .render import Painter
from .screens import Button, Choice
from .storage import PREFIX

GAMES = ("zero", "quiz")
CHOICE_KEY = PREFIX + "game-choice"
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
    return WORDS.get(lang, WORDS["en"])


def home(lang: str) -> HomeView:
    """The choice of game, in ``lang``."""
    w = words(lang)
    games = tuple(GameChoice(g, w[g], w[g + ".about"], Button("open-game", w["play"].format(name=w[g]), arg=g,
                                                              primary=True)) for g in GAMES)
    return HomeView(lang, w["title"], w["heading"], w["intro"], games,
                    Choice("lang", w["language"], lang, tuple(LANGUAGES.items())))


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
