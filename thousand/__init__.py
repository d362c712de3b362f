"""Zéro à 1000: a team quiz of estimates, as a pure-Python rules engine (rules Q1–Q18)."""

from .actions import Action, Change, ChooseTarget, Combine, Guess, Pick, Power, parse_action
from .deck import MIXES, Deck, Mix, MixTooSmall, Question, Texts, deal_order, default_deck
from .game import Card, End, Game, Phase, Play, Reveal, RevealedCard, TeamView, cards_needed, check_mix, deal

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
    "MIXES",
    "Mix",
    "MixTooSmall",
    "Phase",
    "Pick",
    "Play",
    "Power",
    "Question",
    "Reveal",
    "RevealedCard",
    "TeamView",
    "Texts",
    "cards_needed",
    "check_mix",
    "deal",
    "deal_order",
    "default_deck",
    "parse_action",
]
