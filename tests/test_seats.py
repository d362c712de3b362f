"""One seat type for the set-up screen, the score sheet and terminal play (zero_game/seats.py)."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.errors import DamagedError
from tabletop.names import MAX_NAME, clean_name, name_problem
from tests.zero_steps import act
from zero_game import Match
from zero_game.seats import Seat
from zero_game.sheet import (
    ScoreSheet,
    dump_sheet,
    load_sheet,
    record_match,
    seat_dict,
)
from zero_game.terminal import TerminalGame, parse_seats
from zero_game.web.settings import Settings
from zero_game.web.table import Table
from zero_game.web.texts import Texts, sheet_seats


def finished_match(players: int) -> Match:
    m = Match.new(players, seed=1, rounds=1)
    while not m.is_over:
        m = m.apply(m.legal_actions()[-1])
    return m


def test_the_set_up_screen_the_sheet_and_the_terminal_share_one_seat_type() -> None:
    s, _ = act(Table(seed=3), "seat-name", "0", "Ann")
    s, _ = act(s, "seat-kind", "1", "hard")
    web = s.settings.seats
    assert all(type(seat) is Seat for seat in web)
    assert web[:2] == (Seat("Ann"), Seat.bot("hard"))
    sheet = sheet_seats(Texts("en", s.settings))  # what the score sheet records: the same type, named
    assert sheet[0] == Seat("Ann") and sheet[1] == Seat.bot("hard", "Bruno")
    terminal = parse_seats("Ann,hard")
    assert terminal == [Seat("Ann"), Seat.bot("hard", "hard bot")]


def test_a_person_switched_to_a_bot_and_back_loses_the_typed_name_only_as_a_bot() -> None:
    s, _ = act(Table(), "seat-name", "0", "Ann")
    s, _ = act(s, "seat-kind", "0", "easy")
    assert s.settings.seats[0] == Seat.bot("easy")  # a bot takes its own name
    s, _ = act(s, "seat-kind", "0", "person")
    assert s.settings.seats[0] == Seat() and Texts("en", s.settings).name(0) == "You"


@pytest.mark.parametrize(("name", "kind", "level"), [
    ("Ann", "person", "easy"), ("Bot", "bot", None), ("Bot", "bot", "wizard"), ("Ann", "alien", None),
    (" Ann", "person", None), ("A" * (MAX_NAME + 1), "person", None), ("An\x07n", "person", None),
])
def test_a_seat_that_cannot_be_is_refused(name: str, kind: str, level: str | None) -> None:
    with pytest.raises(ValueError, match="Seat"):
        Seat(name, kind, level)  # type: ignore[arg-type]


def test_an_unnamed_seat_is_for_the_set_up_only() -> None:
    seats = (Seat("Ann"), Seat.bot("medium"))  # the bot has no name yet
    with pytest.raises(ValueError, match="name"):
        record_match(finished_match(2), seats, match_id="m1", finished_at="2025-05-01T10:00:00.000Z")
    named = (Seat("Ann"), Seat.bot("medium", "Bruno"))
    record = record_match(finished_match(2), named, match_id="m1", finished_at="2025-05-01T10:00:00.000Z")
    text = dump_sheet(ScoreSheet().add(record))
    assert load_sheet(text).matches[0].seats == named
    doc = json.loads(text)
    doc["matches"][0]["seats"][1]["name"] = ""
    damaged = json.dumps(doc)
    with pytest.raises(DamagedError, match="1 to 40 characters"):
        load_sheet(damaged)
    assert seat_dict(named[1]) == {"name": "Bruno", "kind": "bot", "level": "medium"}


@given(st.text(max_size=80))
def test_whatever_is_typed_as_a_name_makes_a_seat_the_sheet_can_keep(typed: str) -> None:
    name = clean_name(typed)
    assert name == "" or name_problem(name) is None
    seat = Seat(name)  # never raises
    settings = Settings(seats=(seat, Seat.bot("easy")))
    recorded = sheet_seats(Texts("de", settings))
    assert all(name_problem(s.name) is None for s in recorded)


def test_a_long_name_that_clashes_is_cut_without_a_trailing_space() -> None:
    long = "A" * 35 + " Bee"  # 39 characters: cut to 36 for the clash's " (2)", it would end in a space
    settings = Settings(seats=(Seat(long), Seat(long.lower()), Seat.bot("easy")))
    names = [s.name for s in sheet_seats(Texts("en", settings))]
    assert names[1] == "a" * 35 + " (2)" and all(name_problem(n) is None for n in names)


def test_a_terminal_bot_seat_plays_at_its_level() -> None:
    out = io.StringIO()
    game = TerminalGame([Seat.bot("easy", "Eve"), Seat("You")], seed=random.Random(2).randrange(1000),
                        stdin=io.StringIO("knock\n" * 40), stdout=out)
    assert game.run() in (0, 1)
    assert "Eve" in out.getvalue()
