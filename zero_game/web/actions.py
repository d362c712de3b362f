"""The commands a person can give Zero's table, as one ``StrEnum``: its values are the page's ``data-action``
hooks.  The bar's and the notices' commands are the shell's ``tabletop.present.Nav``, the saved data's
``tabletop.saving.Data``."""

from __future__ import annotations

from enum import StrEnum


class Command(StrEnum):
    """Everything a person can ask of Zero's table (with the shell's ``Nav`` and ``Data``); the values are the
    page's ``data-action`` hooks."""

    SEAT_KIND = "seat-kind"
    SEAT_NAME = "seat-name"
    ADD_SEAT = "add-seat"
    REMOVE_SEAT = "remove-seat"
    SET = "set"
    START = "start"
    BACK_TO_MATCH = "back-to-match"
    READY = "ready"
    HAND = "hand"
    POOL = "pool"
    KNOCK = "knock"
    CONFIRM = "confirm"
    SORT = "sort"
    NEXT_ROUND = "next-round"
    PLAY_AGAIN = "play-again"
    CLEAR_HISTORY = "clear-history"
    LOG = "log"
    SEE_END = "see-end"
    UNDO = "undo"
    HINT = "hint"
    SOUND = "sound"
    REPLAY = "replay"
    REPLAY_STEP = "replay-step"
    TUTORIAL = "tutorial"
    TUTORIAL_SKIP = "tutorial-skip"
    MORE_OPTIONS = "more-options"
