"""The score sheet and the saved match: encoding, migrations, validation, merging, statistics, CSV."""

from __future__ import annotations

import csv
import doctest
import io
import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

import zero_game.sheet as sheet_module
from tabletop.errors import DamagedError, NewerVersionError, NotJsonError, WrongKindError
from tabletop.ids import new_id, timestamp
from zero_game import KNOCK, DataError, Match
from zero_game.seats import Seat
from zero_game.sheet import (
    CSV_HEADER,
    GAME_SCHEMA,
    SHEET_MIGRATIONS,
    SHEET_SCHEMA,
    MatchRecord,
    RoundRecord,
    SavedGame,
    ScoreSheet,
    dump_game,
    dump_sheet,
    load_game,
    load_sheet,
    merge,
    peek_revision,
    record_match,
    salvage_sheet,
    seat_dict,
    sheet_csv,
)

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def played_match(players: int, seed: int, rounds: int | None = None) -> Match:
    """A match played to its end by seeded random moves (knocking now and then)."""
    rng = random.Random(seed)
    match = Match.new(players, seed=seed, rounds=rounds)
    while not match.is_over:
        actions = match.legal_actions()
        match = match.apply(KNOCK if rng.random() < 0.2 else rng.choice(actions[:-1]))
    return match


def rec(match_id: str, when: str, seats: list[Seat], rounds: list[tuple[list[int], int | None]]) -> MatchRecord:
    """A hand-made record: rounds as (scores, second knocker); a score of 0 is a ZERO."""
    return MatchRecord(
        match_id,
        when,
        tuple(seats),
        5,
        0,
        tuple(RoundRecord(tuple(s), tuple(i for i, x in enumerate(s) if x == 0), k) for s, k in rounds),
    )


ANN, BOB, EVE = Seat("Ann"), Seat("Bob"), Seat("Eve")
MEDIUM = Seat("Medium bot", "bot", "medium")


def test_module_examples() -> None:
    assert doctest.testmod(sheet_module).failed == 0


# --- encoding -----------------------------------------------------------------------------------------------


def test_current_fixture_round_trips_exactly() -> None:
    """The committed schema-3 file loads, and dumping it gives the same document back."""
    text = fixture("sheet_v3.json")
    sheet = load_sheet(text)
    assert len(sheet.matches) == 4
    assert json.loads(dump_sheet(sheet)) == json.loads(text)
    assert load_sheet(dump_sheet(sheet)) == sheet
    assert dump_sheet(load_sheet(dump_sheet(sheet))) == dump_sheet(sheet)


def test_record_of_a_played_match_keeps_scores_zeros_and_knocks() -> None:
    match = played_match(3, seed=5)
    record = record_match(match, (ANN, BOB, MEDIUM), match_id="m-1", finished_at="2025-01-02T03:04:05.678Z")
    assert [r.scores for r in record.rounds] == list(match.round_scores)
    assert [r.second_knocker for r in record.rounds] == [r.second_knocker for r in match.finished_rounds]
    assert [set(r.zero_seats) for r in record.rounds] == [set(r.zero_seats) for r in match.finished_rounds]
    assert record.totals == match.totals
    assert record.winners == match.winners
    again = load_sheet(dump_sheet(ScoreSheet((record,))))
    assert again.matches == (record,)


def test_fixture_holds_a_zero_round_that_survives_loading() -> None:
    sheet = load_sheet(fixture("sheet_v2.json"))
    zero_rounds = [r for m in sheet.matches for r in m.rounds if r.zero_seats]
    assert zero_rounds and all(r.scores[s] == 0 for r in zero_rounds for s in r.zero_seats)


def test_only_a_finished_match_can_be_recorded() -> None:
    with pytest.raises(ValueError, match="finished"):
        record_match(Match.new(2, seed=1), (ANN, BOB), match_id="x", finished_at="2025-01-01T00:00:00.000Z")
    with pytest.raises(ValueError, match="seats"):
        record_match(played_match(2, 1), (ANN,), match_id="x", finished_at="2025-01-01T00:00:00.000Z")


def test_saved_game_round_trips_and_resumes_the_same_turn() -> None:
    match = Match.new(3, seed=9)
    for _ in range(7):
        match = match.apply(match.legal_actions()[3])
    game = SavedGame(
        id=new_id(random.Random(1)),
        seats=(ANN, BOB, MEDIUM),
        match=match,
        updated_at="2025-03-01T12:00:00.000Z",
        options={"bot_speed": "fast", "language": "fr", "sound": False},
        revision=4,
    )
    back = load_game(dump_game(game))
    assert back == game
    assert back.match.current_player == match.current_player
    assert back.match.round.hand(back.match.current_player) == match.round.hand(match.current_player)
    assert back.options["language"] == "fr" and back.revision == 4
    assert peek_revision(dump_game(game)) == (game.id, 4)


def test_ids_come_from_the_generator_passed_in() -> None:
    assert new_id(random.Random(7)) == new_id(random.Random(7))
    assert new_id(random.Random(7)) != new_id(random.Random(8))
    assert len(new_id(random.Random(7))) == 36


def test_timestamp_matches_javascript_iso_format() -> None:
    moment = datetime(2025, 5, 1, 10, 0, 0, 123456, tzinfo=UTC)
    assert timestamp(moment) == "2025-05-01T10:00:00.123Z"


# --- migrations ---------------------------------------------------------------------------------------------


def test_every_older_schema_has_a_fixture_and_a_migration() -> None:
    assert sorted(SHEET_MIGRATIONS) == list(range(1, SHEET_SCHEMA))
    for schema in range(1, SHEET_SCHEMA + 1):
        assert json.loads(fixture(f"sheet_v{schema}.json"))["schema"] == schema


def test_schema_1_sheet_migrates_with_zeros_recovered_and_bots_typed() -> None:
    sheet = load_sheet(fixture("sheet_v1.json"))
    first, second = sheet.matches
    assert first.seats == (Seat("Ann"), Seat("Bruno"), Seat("Robot", "bot", "medium"))
    assert first.finished_at == "2024-04-30T18:00:00.000Z"
    assert [r.scores for r in first.rounds] == [(12, 0, 7), (9, 14, 11), (20, 6, 6)]
    assert [r.zero_seats for r in first.rounds] == [(1,), (), ()]  # Bruno's 0 was a ZERO
    assert all(r.second_knocker is None for r in first.rounds)  # schema 1 did not record knocks
    assert first.totals == (41, 20, 24) and first.winners == (1,)
    assert second.winners == (0, 1)  # 15 each: a shared win
    assert first.id.startswith("v1-") and first.id != second.id


def test_migrated_sheet_is_saved_in_the_current_schema_and_stays_the_same() -> None:
    sheet = load_sheet(fixture("sheet_v1.json"))
    text = dump_sheet(sheet)
    assert json.loads(text)["schema"] == SHEET_SCHEMA
    assert load_sheet(text) == sheet


def test_importing_the_same_old_file_twice_adds_its_matches_once() -> None:
    """Schema-1 matches had no ids; the migration derives stable ones so merging does not duplicate."""
    once = load_sheet(fixture("sheet_v1.json"))
    twice, added, duplicates = merge(once, load_sheet(fixture("sheet_v1.json")))
    assert (added, duplicates) == (0, 2)
    assert twice == once


def test_a_damaged_schema_1_sheet_is_rejected_with_a_message() -> None:
    doc = json.loads(fixture("sheet_v1.json"))
    doc["matches"][0]["scores"][1] = [9, 14]
    with pytest.raises(DamagedError, match="Match 1"):
        load_sheet(json.dumps(doc))


def test_newer_schema_is_refused_with_its_own_error() -> None:
    doc = json.loads(fixture("sheet_v2.json"))
    doc["schema"] = SHEET_SCHEMA + 1
    doc["matches"] = "a shape this version has never seen"
    with pytest.raises(NewerVersionError, match="newer version") as info:
        load_sheet(json.dumps(doc))
    assert isinstance(info.value, DataError)
    assert (info.value.found, info.value.known) == (SHEET_SCHEMA + 1, SHEET_SCHEMA)
    game = json.dumps({"schema": GAME_SCHEMA + 1, "type": "saved-game"})
    with pytest.raises(NewerVersionError):
        load_game(game)


# --- validation ---------------------------------------------------------------------------------------------


def damaged(change: str) -> str:
    """The v2 fixture with one Python statement applied to its decoded document ``d``."""
    d = json.loads(fixture("sheet_v2.json"))
    exec(change, {"d": d})
    return json.dumps(d)


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("", NotJsonError, "not valid JSON"),
        ('{"schema": 2, "type": "sheet", "matches": [', NotJsonError, "not valid JSON"),
        ("[1, 2, 3]", WrongKindError, "not a Zero score sheet"),
        ('{"schema": 1, "type": "round"}', WrongKindError, "not a Zero score sheet"),
        ('{"type": "sheet", "matches": []}', DamagedError, "format number"),
        ('{"schema": 0, "type": "sheet", "matches": []}', DamagedError, "format number"),
        (damaged("d['matches'][0]['rounds'][0]['scores'].append(3)"), DamagedError, "Match 1, round 1"),
        (damaged("d['matches'][1]['rounds'][1]['scores'][0] = 37"), DamagedError, "score"),
        (damaged("d['matches'][1]['rounds'][1]['scores'][0] = -1"), DamagedError, "score"),
        (damaged("d['matches'][2]['rounds'][0]['scores'][0] = 0"), DamagedError, "ZERO"),
        (damaged("d['matches'][0]['rounds'][0]['zero'] = []"), DamagedError, "ZERO"),
        (damaged("d['matches'][0]['totals'][0] += 1"), DamagedError, "do not add up"),
        (damaged("d['matches'][0]['winners'] = [1]"), DamagedError, "do not add up"),
        (damaged("d['matches'][1]['id'] = d['matches'][0]['id']"), DamagedError, "same id"),
        (damaged("d['matches'][0]['id'] = 'has spaces'"), DamagedError, "id"),
        (damaged("d['matches'][0]['finished_at'] = 'yesterday'"), DamagedError, "date"),
        (damaged("d['matches'][0]['finished_at'] = '2025-02-30T00:00:00.000Z'"), DamagedError, "does not exist"),
        (damaged("d['matches'][0]['seats'][0]['name'] = ''"), DamagedError, "name"),
        (damaged("d['matches'][0]['seats'][0]['name'] = 'Bruno'"), DamagedError, "same name"),
        (damaged("d['matches'][0]['seats'][2]['level'] = 'genius'"), DamagedError, "level"),
        (damaged("d['matches'][0]['seats'][0]['kind'] = 'ghost'"), DamagedError, "person"),
        (damaged("d['matches'][0]['seats'].pop()"), DamagedError, "3 scores for 2 seats"),
        (damaged("d['matches'][0]['pool_size'] = 6"), DamagedError, "pool"),
        (damaged("d['matches'][0]['rounds'] = []"), DamagedError, "1 to 10 rounds"),
        (damaged("d['matches'][0]['extra'] = 1"), DamagedError, "unexpected"),
        (damaged("d['matches'][0]['rounds'][0]['scores'][1] = True"), DamagedError, "whole number"),
    ],
)
def test_invalid_sheets_are_rejected_with_a_readable_reason(text: str, error: type[DataError], words: str) -> None:
    with pytest.raises(error, match=words):
        load_sheet(text)


def test_damaged_saved_game_is_a_data_error() -> None:
    game = SavedGame("g1", (ANN, BOB), Match.new(2, seed=3), "2025-01-01T00:00:00.000Z")
    doc = json.loads(dump_game(game))
    doc["match"]["played"][0]["actions"] = ["swap red 1 for red 1"]
    with pytest.raises(DataError, match="damaged"):
        load_game(json.dumps(doc))
    doc = json.loads(dump_game(game))
    doc["seats"].append(seat_dict(Seat("Eve")))
    with pytest.raises(DamagedError, match="seats"):
        load_game(json.dumps(doc))


def test_salvage_keeps_the_valid_matches_of_a_damaged_sheet() -> None:
    text = damaged("d['matches'][1]['rounds'][0]['scores'] = 'lost'")
    sheet, problems = salvage_sheet(text)
    assert [m.id for m in sheet.matches] == [
        m.id for i, m in enumerate(load_sheet(fixture("sheet_v2.json")).matches) if i != 1
    ]
    assert len(problems) == 1 and problems[0].startswith("Match 2")


def test_salvage_of_an_old_sheet_migrates_the_good_matches() -> None:
    doc = json.loads(fixture("sheet_v1.json"))
    doc["matches"][0]["levels"] = [None]
    sheet, problems = salvage_sheet(json.dumps(doc))
    assert [m.seats[1].name for m in sheet.matches] == ["Chloé"]
    assert problems and problems[0].startswith("Match 1")


def test_salvage_of_garbage_is_an_empty_sheet_with_a_message() -> None:
    sheet, problems = salvage_sheet("{{{{")
    assert sheet == ScoreSheet() and "not valid JSON" in problems[0]


# --- merging, history, statistics ---------------------------------------------------------------------------


def test_merge_adds_only_missing_matches() -> None:
    a = ScoreSheet((rec("a", "2025-01-01T00:00:00.000Z", [ANN, BOB], [([3, 4], 0)]),))
    b = ScoreSheet(
        (
            rec("b", "2025-01-02T00:00:00.000Z", [ANN, BOB], [([5, 4], 1)]),
            rec("a", "2025-01-01T00:00:00.000Z", [ANN, BOB], [([3, 4], 0)]),
        )
    )
    merged, added, duplicates = merge(a, b)
    assert (added, duplicates) == (1, 1)
    assert sorted(merged.ids()) == ["a", "b"]
    again, added, duplicates = merge(merged, b)
    assert (again, added, duplicates) == (merged, 0, 2)


def test_history_is_newest_first_whatever_the_insertion_order() -> None:
    sheet = ScoreSheet(
        (
            rec("mid", "2025-01-02T00:00:00Z", [ANN, BOB], [([3, 4], None)]),
            rec("new", "2025-01-02T00:00:00.500Z", [ANN, BOB], [([3, 4], None)]),
            rec("old", "2024-12-31T23:59:59.999Z", [ANN, BOB], [([3, 4], None)]),
        )
    )
    assert [m.id for m in sheet.history()] == ["new", "mid", "old"]


def test_player_stats_on_a_crafted_sheet() -> None:
    sheet = ScoreSheet(
        (
            # Ann wins alone 10 to 20; Ann made a ZERO in round 1.
            rec("m1", "2025-01-01T10:00:00.000Z", [ANN, BOB], [([0, 12], 1), ([10, 8], 0)]),
            # Ann and Medium bot tie on 7 and share the win.
            rec("m2", "2025-01-02T10:00:00.000Z", [BOB, Seat("ann"), MEDIUM], [([9, 7, 7], 2)]),
            # Two medium bots at one table: two matches of "Medium bot", one won (by the second), one lost.
            rec("m3", "2025-01-03T10:00:00.000Z", [EVE, MEDIUM, Seat("Other", "bot", "medium")], [([9, 5, 0], None)]),
        )
    )
    stats = {s.key: s for s in sheet.player_stats()}
    assert set(stats) == {"person:ann", "person:bob", "person:eve", "bot:medium"}
    ann, bob, eve, bot = stats["person:ann"], stats["person:bob"], stats["person:eve"], stats["bot:medium"]
    assert ann.name == "ann"  # the latest spelling is shown
    assert (ann.matches, ann.wins, ann.rounds, ann.points, ann.zeros, ann.best_round) == (2, 2, 3, 17, 1, 0)
    assert ann.average == pytest.approx(17 / 3)
    assert (bob.matches, bob.wins, bob.points, bob.zeros, bob.best_round) == (2, 0, 29, 0, 8)
    assert (eve.matches, eve.wins, eve.best_round) == (1, 0, 9)
    assert (bot.name, bot.kind, bot.level) == ("Medium bot", "bot", "medium")
    assert (bot.matches, bot.wins, bot.rounds, bot.points, bot.zeros, bot.best_round) == (3, 2, 3, 12, 1, 0)
    order = [s.key for s in sheet.player_stats()]
    assert order[0] == "person:ann" and order[-1] == "bot:medium"


def test_empty_sheet_has_no_stats_or_history() -> None:
    assert ScoreSheet().player_stats() == [] and ScoreSheet().history() == []


# --- CSV ----------------------------------------------------------------------------------------------------


def test_csv_has_a_header_and_one_row_per_player_per_round() -> None:
    sheet = load_sheet(fixture("sheet_v2.json"))
    rows = list(csv.reader(io.StringIO(sheet_csv(sheet))))
    assert tuple(rows[0]) == CSV_HEADER
    body = [dict(zip(CSV_HEADER, row, strict=True)) for row in rows[1:]]
    assert len(body) == sum(len(m.rounds) * len(m.seats) for m in sheet.matches)
    for record in sheet.matches:
        mine = [r for r in body if r["match_id"] == record.id]
        for seat, s in enumerate(record.seats):
            points = [int(r["score"]) for r in mine if r["seat"] == str(seat + 1)]
            assert sum(points) == record.totals[seat]
            assert {r["player"] for r in mine if r["seat"] == str(seat + 1)} == {s.name}
        zero_rows = [r for r in mine if r["zero"] == "1"]
        assert len(zero_rows) == sum(len(r.zero_seats) for r in record.rounds)
        assert all(r["score"] == "0" for r in zero_rows)
        winners = {int(r["seat"]) - 1 for r in mine if r["match_winner"] == "1"}
        assert winners == set(record.winners)


def test_csv_keeps_names_from_being_read_as_formulas() -> None:
    sheet = ScoreSheet((rec("f", "2025-01-01T00:00:00.000Z", [Seat("=SUM(A1)"), BOB], [([3, 4], None)]),))
    rows = list(csv.reader(io.StringIO(sheet_csv(sheet))))
    assert rows[1][4] == "'=SUM(A1)"


# --- schema 3: how each round went, and the help used (issue 13) ---------------------------------------------


def test_schema_2_sheet_migrates_with_no_help_marked_and_no_replay() -> None:
    old = load_sheet(fixture("sheet_v2.json"))
    assert [m.assists for m in old.matches] == [(), (), ()]
    assert all(r.play is None for m in old.matches for r in m.rounds)
    current = load_sheet(fixture("sheet_v3.json"))
    assert current.matches[:3] == old.matches  # nothing else changed
    assert json.loads(dump_sheet(old))["schema"] == SHEET_SCHEMA == 3


def test_a_recorded_round_replays_to_the_same_scores_and_the_help_used_is_kept() -> None:
    match = played_match(4, seed=21)
    record = record_match(match, (ANN, BOB, MEDIUM, Seat("Ada", "bot", "hard")), match_id="m-3",
                          finished_at="2025-01-02T03:04:05.678Z", assists=("hint", "undo", "other"))
    assert record.assists == ("undo", "hint")  # known names, in a fixed order
    for index, (rnd, played) in enumerate(zip(record.rounds, match.finished_rounds, strict=True)):
        assert rnd.play is not None
        states = rnd.play.replay((record.first_dealer + index) % 4)
        assert states[-1] == played and states[-1].scores() == rnd.scores
        assert len(states) == len(played.history) + 1
    assert load_sheet(dump_sheet(ScoreSheet().add(record))).matches[0] == record


def test_a_damaged_play_is_refused_on_load_or_on_replay_with_a_message() -> None:
    doc = json.loads(fixture("sheet_v3.json"))
    play = doc["matches"][3]["rounds"][0]["play"]
    play["hands"][0] = play["pool"][0] + play["hands"][0][1:]  # a card dealt twice
    with pytest.raises(DamagedError, match="dealt twice"):
        load_sheet(json.dumps(doc))
    doc = json.loads(fixture("sheet_v3.json"))
    doc["matches"][3]["rounds"][0]["play"]["actions"] = doc["matches"][3]["rounds"][0]["play"]["actions"][:2]
    sheet = load_sheet(json.dumps(doc))  # the shape is fine: the sheet loads
    rnd = sheet.matches[3].rounds[0]
    assert rnd.play is not None
    with pytest.raises(DamagedError, match="replayed"):
        rnd.play.replay(sheet.matches[3].first_dealer)
    doc["matches"][3]["assists"] = ["hint", "undo"]
    with pytest.raises(DamagedError, match="help used"):
        load_sheet(json.dumps(doc))


def test_a_play_is_saved_compactly_and_odd_codes_are_refused() -> None:
    doc = json.loads(fixture("sheet_v3.json"))
    play = doc["matches"][3]["rounds"][0]["play"]
    assert all(len(h) == 9 for h in play["hands"]) and len(play["pool"]) == 5 and len(play["actions"]) % 2 == 0
    for field, bad in (("pool", "HSd-t"), ("actions", play["actions"] + "Q"), ("actions", "Q-"), ("hands", "x")):
        broken = json.loads(fixture("sheet_v3.json"))
        broken["matches"][3]["rounds"][0]["play"][field] = bad
        with pytest.raises(DamagedError, match="Match 4, round 1"):
            load_sheet(json.dumps(broken))
