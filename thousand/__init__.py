"""Zéro à 1000: a team quiz of estimates, as a pure-Python rules engine (rules Q1–Q18)."""

from .actions import Action, Change, ChooseTarget, Combine, Guess, Pick, Power, parse_action
from .deck import Deck, Question, Texts, deal_order, default_deck
from .game import Card, End, Game, Phase, Play, Reveal, RevealedCard, TeamView, deal

__all__ = [
    "Action",
    "Card",
    "Change",
    "ChooseTarget",
    "Combine",
    "Deck",
    "End",
    "Game",
    "Guess",
    "Phase",
    "Pick",
    "Play",
    "Power",
    "Question",
    "Reveal",
    "RevealedCard",
    "TeamView",
    "Texts",
    "deal",
    "deal_order",
    "default_deck",
    "parse_action",
]
