"""The commands a team can give the quiz's table, as one ``StrEnum``: its values are the page's ``data-action``
hooks.  The bar's and the notices' commands are the shell's ``tabletop.present.Nav``, the saved data's
``tabletop.saving.Data``."""

from __future__ import annotations

from enum import StrEnum


class Command(StrEnum):
    """Everything a person can ask of the quiz page; the values are ``data-action`` hooks."""

    TEAM_KIND = "team-kind"
    TEAM_NAME = "team-name"
    TEAM_PEOPLE = "team-people"
    ADD_TEAM = "add-team"
    REMOVE_TEAM = "remove-team"
    SET = "set"
    START = "start"
    BACK_TO_GAME = "back-to-game"
    READY = "ready"
    CARD = "card"
    SHIFT = "shift"
    CHANGE = "change"
    TWO = "two"
    COMBINE = "combine"
    CONFIRM = "confirm"
    GUESS_TEXT = "guess-text"
    GUESS = "guess"
    REVEAL_NEXT = "reveal-next"
    REVEAL_DONE = "reveal-done"
    TARGET = "target"
    PLAY_AGAIN = "play-again"
    CLEAR_HISTORY = "clear-history"
    RESET_SEEN = "reset-seen"
    MORE_OPTIONS = "more-options"
    THEME = "theme"
    SEE_WINNER = "see-winner"
