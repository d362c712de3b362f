"""Zero: Reiner Knizia's card game as a pure-Python rules engine.

>>> from zero_game import Round, Card
>>> r = Round.deal(3, seed=7)
>>> r.current_player
1
>>> len(r.hand(1)), len(r.pool)
(9, 5)
"""

from tabletop.errors import DataError, IllegalMove, InvalidMove

from .actions import KNOCK, Action, Knock, Swap, parse_action
from .cards import DECK, Card, Colour
from .match import Match
from .round import Effect, Phase, Round, RoundView, Turn, default_pool_size
from .scoring import Breakdown, breakdown, is_zero, score_hand

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "KNOCK",
    "Action",
    "Breakdown",
    "Card",
    "Colour",
    "DataError",
    "Effect",
    "IllegalMove",
    "InvalidMove",
    "Knock",
    "Match",
    "Phase",
    "Round",
    "RoundView",
    "Swap",
    "Turn",
    "breakdown",
    "default_pool_size",
    "is_zero",
    "parse_action",
    "score_hand",
]
