"""Sample documents of every game, and a test clock: shared by the storage, document and fuzz tests (a test
module imports helpers from here, never from another test module)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from tabletop.ids import new_id
from thousand.deck import default_deck
from thousand.game import Game
from thousand.owncards import OwnCard, Use
from thousand.owncards import deal as deal_own
from thousand.sheet import QuizRecord, QuizSheet, TeamRecord
from thousand.web.saved import SavedQuiz
from thousand.web.settings import QuizSettings, TeamConfig
from zero_game import KNOCK, Match
from zero_game.seats import Seat
from zero_game.sheet import SavedGame, ScoreSheet

SEATS = (Seat("Ann"), Seat("Bob"), Seat("Medium bot", "bot", "medium"))


def clock() -> Callable[[], str]:
    """A clock giving a new millisecond each call."""
    counter = itertools.count()
    return lambda: f"2025-06-01T12:00:00.{next(counter) % 1000:03d}Z"



def new_game(seed: int = 1, players: int = 3) -> SavedGame:
    return SavedGame(
        new_id(random.Random(seed)), SEATS[:players], Match.new(players, seed=seed), "2025-06-01T12:00:00.000Z"
    )


def act(game: SavedGame, steps: int = 1) -> SavedGame:
    match = game.match
    for _ in range(steps):
        match = match.apply(match.legal_actions()[0])
    return game.advance(match, "2025-06-01T12:01:00.000Z")


def finish(game: SavedGame) -> SavedGame:
    rng = random.Random(0)
    match = game.match
    while not match.is_over:
        match = match.apply(KNOCK if rng.random() < 0.3 else rng.choice(match.legal_actions()[:-1]))
    return game.advance(match, "2025-06-01T13:00:00.000Z")


def finished(seed: int, when: str = "2025-06-01T13:00:00.000Z") -> ScoreSheet:
    """A sheet holding one finished match (what the table adds to the sheet as a match ends)."""
    return ScoreSheet((finish(new_game(seed)).record(when),))



def own_cards(i: int, n: int = 1) -> tuple[OwnCard, ...]:
    """A host's set of ``n`` questions in English, the first in French and German too."""
    more = (("fr", f"Ma question {i} ?"), ("de", f"Meine Frage {i}?"))
    return tuple(OwnCard((("en", f"Own question {i}.{k}?"), *(more if k == 0 else ())), (("en", "metres"),), 10 * k + i)
                 for k in range(n))


def quiz_game(i: int) -> SavedQuiz:
    if i == 2:  # a quiz of the host's own questions mixed into the deck: they are kept with it
        game = deal_own(2, seed=i, deck=default_deck(), cards=own_cards(1, 12), use=Use.MIXED)
    else:
        game = Game.deal(2, seed=i, deck=default_deck())
    return SavedQuiz(new_id(random.Random(i)), game, QuizSettings((TeamConfig(), TeamConfig("easy"))), 0, 0, "en")


def quiz_sheet(i: int) -> QuizSheet:
    teams = (TeamRecord("Ann", "people", ("Ann", "Bo")), TeamRecord("", "easy"))
    return QuizSheet((QuizRecord(new_id(random.Random(1000 + i)), f"2025-06-{1 + i % 28:02d}T12:00:00.000Z", teams,
                                 (i % 2,), "deck", 3, ((10, 20, i), (5,))),))


SAMPLES: dict[str, Callable[[int], Any]] = {
    "game": new_game,
    "sheet": finished,
    "quiz-game": quiz_game,
    "quiz-sheet": quiz_sheet,
    "quiz-seen": lambda i: {f"q-{i}": 1_750_000_000.0 + i},
    "quiz-cards": own_cards,
    "prefs": lambda i: {f"choice-{i}": i},
}
