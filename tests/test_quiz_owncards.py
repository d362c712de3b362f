"""A host's own questions at the quiz's page, through the page's own runtime (``tests.harness``): a file loaded
from the set-up (good, and with every kind of problem), kept on the device, a whole quiz of them alone and one
mixed into the deck, exported, reloaded, replaced, added to and deleted; the store's promises for their
document (hostile data, full storage, another tab); the language they are dealt in; secrets kept on every
screen."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.effects import Elsewhere, FileChosen, PickFile
from tabletop.store import BACKUP_PREFIX, Changed
from tabletop.widgets import Button, Screen, parts
from tests.harness import FakeStorage, TableRun
from tests.quiz_steps import check_privacy
from thousand.deck import default_deck
from thousand.owncards import MAX_FILE_BYTES, OwnCard, Use, read_file, write_json
from thousand.web.actions import Command
from thousand.web.own import ACCEPT, CARDS_KEY, PREF, TAG, CardsView, OwnCommand
from thousand.web.plugin import PLUGIN
from thousand.web.saved import GAME_KEY, SHEET_KEY
from thousand.web.screens import ChooseView, EndView, QuestionView, QuizSetupView
from thousand.web.table import Page, current_reveal, next_step, page
from thousand.web.texts import Texts

DECK = default_deck()


def csv_of(count: int, lang: str = "en", start: int = 0) -> bytes:
    """A spreadsheet's CSV of ``count`` good questions in ``lang`` (as the template's language writes it)."""
    head = {"en": "question,answer,unit", "fr": "question;réponse;unité", "de": "Frage;Antwort;Einheit"}[lang]
    sep = "," if lang == "en" else ";"
    word = {"en": "How many steps has tower", "fr": "Combien de marches a la tour", "de": "Wie viele Stufen hat Turm"}
    rows = [f"{word[lang]} {n}{' ?' if lang == 'fr' else '?'}{sep}{(n * 53) % 1001}{sep}steps" for n in
            range(start, start + count)]
    return ("\ufeff" + "\r\n".join([head, *rows]) + "\r\n").encode("utf-8")


def quiz(storage: FakeStorage | None = None, **options: Any) -> TableRun:
    return TableRun.open(PLUGIN, storage=storage if storage is not None else FakeStorage(), **options)


def set_up(run: TableRun, *kinds: str) -> None:
    """The teams, as the set-up's choices set them."""
    while len(run.state.settings.teams) > len(kinds):
        run.tap(Command.REMOVE_TEAM, str(len(run.state.settings.teams) - 1))
    while len(run.state.settings.teams) < len(kinds):
        run.tap(Command.ADD_TEAM)
    for i, kind in enumerate(kinds):
        run.field(f"team-kind:{i}", kind)


def load(run: TableRun, data: bytes) -> Any:
    """Open the page of own questions, tap Load (the page's file picker opens, tagged), and choose a file."""
    if page(run.state) is not Page.CARDS:
        run.tap(OwnCommand.OPEN)
    assert page(run.state) is Page.CARDS
    run.tap(OwnCommand.LOAD)
    assert run.ports.picks[-1] == PickFile(ACCEPT, TAG, MAX_FILE_BYTES)
    run.send(FileChosen("", TAG, data)).idle()
    return run.screen.body


def stored_cards(storage: FakeStorage) -> tuple[OwnCard, ...]:
    text = storage.data.get(CARDS_KEY)
    return read_file(text.encode("utf-8"), "en").cards if text else ()


def body(run: TableRun) -> Any:
    return run.screen.body


def texts_of(screen: Screen) -> list[str]:
    """Every text a screen's model holds (to check none is a key or has a hole)."""
    found: list[str] = []

    def walk(item: object) -> None:
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, (tuple, list)):
            for part in item:
                walk(part)
        elif hasattr(item, "__dataclass_fields__"):
            for name in item.__dataclass_fields__:
                walk(getattr(item, name))

    walk(screen.body)
    return found


def play_out(run: TableRun, limit: int = 3000) -> None:
    """Play the game on the table to its end as the people at it would, privacy checked on every screen."""
    rng = random.Random(5)
    for _ in range(limit):
        run.idle()
        s = run.state
        check_privacy(s)
        where = page(s)
        if where is Page.END:
            end = body(run)
            if any(b.action is Command.SEE_WINNER for b in end.actions):
                run.tap(Command.SEE_WINNER)
            return
        if where is Page.HANDOFF:
            run.tap(Command.READY)
        elif where is Page.CHOOSE:
            view = body(run)
            assert isinstance(view, ChooseView)
            mine = [p for p in view.teams if p.mine]
            if mine and view.controls.confirm is not None:
                run.tap(Command.CARD, rng.choice(mine[0].cards).id)
                run.tap(Command.CONFIRM)
        elif where is Page.REVEAL:
            r = current_reveal(s)
            assert r is not None
            step = next_step(s)
            if s.turned < len(r.plays):
                run.tap(Command.REVEAL_NEXT)
            elif r is s.game.pending and step is not None:
                run.tap(Command.TARGET, r.play(step.who).cards[0].id)
            else:
                run.tap(Command.REVEAL_DONE)
        elif where is Page.GUESS:
            run.field("guess", "500", typing=True)
            run.tap(Command.GUESS)
    raise AssertionError("the quiz did not end")


# ---- a good file, played alone, then mixed ----------------------------------------------------------------------


def test_a_good_file_is_kept_on_the_device_and_a_whole_quiz_of_it_is_played_then_one_mixed_into_the_deck() -> None:
    storage = FakeStorage()
    run = quiz(storage)
    set_up(run, "people", "medium", "hard")
    line = body(run).cards
    assert line is not None and line.use is None, "no choice before there are own questions"
    view = load(run, csv_of(40))
    assert isinstance(view, CardsView) and view.report is not None and view.report.ok
    assert view.report.heading == Texts("en").t("cards.report.loaded", n=40)
    assert len(stored_cards(storage)) == 40, "kept on the device at once"
    assert run.state.own.use is Use.OWN, "a first set big enough is played alone"
    assert json.loads(storage.data["zero-knizia:prefs"])["values"][PREF] == "own"
    assert [r.answer for r in view.rows] == [""] * 40, "answers hidden until the host shows them"
    run.tap(OwnCommand.ANSWERS)
    assert [r.answer for r in body(run).rows][:3] == ["0", "53", "106"]
    run.tap(OwnCommand.ANSWERS)
    run.tap("back")
    setup = body(run)
    assert isinstance(setup, QuizSetupView) and setup.cards is not None and setup.cards.use is not None
    assert setup.cards.use.value == "own" and not setup.start.disabled
    own = {c.id for c in run.state.own.cards}

    run.tap(Command.START)
    game = run.state.game
    assert game is not None and set(game.order) == own, "only the host's questions"
    cards_seen = [q for q in parts(body(run), QuestionView)]
    assert cards_seen and all(q.id in own and q.lang == "" for q in cards_seen)
    play_out(run)
    assert run.state.game.winners and isinstance(body(run), EndView)
    sheet = json.loads(storage.data[SHEET_KEY])
    assert len(sheet["games"]) == 1, "on the score sheet once"
    assert set(json.loads(storage.data["zero-knizia:quiz-seen"])["seen"]) >= set(game.shown_ids())

    run.tap("new-setup")
    run.field("cards-use", "mixed")
    run.tap(Command.START)
    mixed = run.state.game
    assert mixed is not None
    dealt = [qid for hand in mixed.hands for qid in hand]
    assert 6 <= sum(q in own for q in dealt) <= 12 and any(q in DECK for q in dealt), "one for one"
    assert set(mixed.order[:2 * 40:2]) == own
    play_out(run)
    assert len(json.loads(storage.data[SHEET_KEY])["games"]) == 2

    again = quiz(storage)  # a reload: the set and the choice are remembered
    assert len(again.state.own.cards) == 40 and again.state.own.use is Use.MIXED


def test_a_quiz_of_own_questions_resumes_after_a_reload_even_once_the_set_is_deleted() -> None:
    storage = FakeStorage()
    run = quiz(storage)
    set_up(run, "people", "people", "easy")
    load(run, csv_of(30))
    run.tap("back").tap(Command.START)
    run.tap(Command.READY)
    run.tap(Command.CARD, body(run).teams[0].cards[0].id)
    run.tap(Command.CONFIRM)
    order = run.state.game.order
    assert "cards" in json.loads(storage.data[GAME_KEY]), "the game keeps its own questions with it"

    run.tap("new-setup")
    assert run.state.confirm_new
    run.tap("new-setup-yes")  # to the set-up, the game waiting behind it
    assert body(run).back is not None
    run.tap(OwnCommand.OPEN)
    view = body(run)
    assert view.answers is None and view.hidden, "no answer of a game in progress on the page"
    run.tap(OwnCommand.DELETE)
    assert body(run).ask is not None and body(run).ask.danger
    run.tap(OwnCommand.DELETE_YES)
    assert CARDS_KEY in storage.data and stored_cards(storage) == ()
    assert run.state.own.cards == () and run.state.game is not None

    again = quiz(storage)
    assert again.state.game is not None and again.state.game.order == order
    assert page(again.state) is Page.HANDOFF and again.state.notes == ()
    play_out(again)
    assert again.state.game.winners


# ---- a file with problems ------------------------------------------------------------------------------------------

EVERY_ERROR = "\n".join([
    "question;réponse;unité;catégorie",
    "Quelle hauteur ?;1200;mètres;",
    "Quelle distance ?;12,5;km;",
    ";5;m;",
    "Combien ?;5;;",
    "Quel poids ?;;kg;",
    "Quel âge ?;vieux;ans;",
    "Quelle hauteur ?;300;m;",
    "Pourquoi" + " pas" * 60 + " ?;5;m;",
    "Bien ?;5;" + "u" * 40 + ";",
    "Bien aussi ?;5;m;" + "c" * 50,
    "Une bonne question ?;5;m;",
]).encode("cp1252")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_file_with_every_kind_of_problem_is_refused_whole_each_problem_said_by_its_row(lang: str) -> None:
    storage = FakeStorage()
    run = quiz(storage, lang=lang)
    view = load(run, EVERY_ERROR)
    t = Texts(lang)
    assert view.report is not None and not view.report.ok
    assert view.report.heading == t.t("cards.report.refused", n=10)
    lines = view.report.lines
    assert len(lines) == 11 and lines[-1] == t.t("cards.note.encoding", encoding="cp1252")
    assert [line.split(":")[0].split("\u00a0")[0] for line in lines[:10]] == \
        [t.t("cards.line", line=n, problem="").split(":")[0].split("\u00a0")[0] for n in range(2, 12)]
    assert "1200" in lines[0] and "12,5" in lines[1] and t.t("cards.at_line", line=2) in lines[6]
    assert run.state.own.cards == () and CARDS_KEY not in storage.data, "nothing half-imported"
    assert all("{" not in text and "cards." not in text for text in texts_of(run.screen))
    assert run.state.live.key == "cards.live.refused"


def test_a_json_file_is_read_like_a_spreadsheet_and_its_problems_by_question() -> None:
    run = quiz()
    bad = json.dumps([{"text": {"en": "A?", "de": "A?"}, "unit": "m", "answer": 5}, {"text": "B?", "answer": 1.5,
                                                                                       "unit": "m"}, "C"])
    view = load(run, bad.encode())
    assert not view.report.ok and [line.split(":")[0] for line in view.report.lines] == ["Question 2", "Question 3"]
    good = json.dumps({"type": "quiz-cards", "schema": 1, "questions": [
        {"text": {"en": "How many?", "fr": "Combien ?"}, "unit": {"en": "times", "fr": "fois"}, "answer": 7,
         "category": "sport", "source": "our club"}]})
    view = load(run, good.encode())
    assert view.report.ok and run.state.own.cards[0].languages == ("en", "fr")
    assert run.state.own.use is Use.MIXED, "a first set too small to play alone is mixed into the deck"


def test_a_workbook_instead_of_its_csv_says_how_to_save_it() -> None:
    run = quiz(lang="de")
    view = load(run, b"PK\x03\x04" + bytes(100))
    assert view.report.lines == (Texts("de").t("cards.problem.workbook"),)


# ---- export, templates, replace, add, delete --------------------------------------------------------------------


def downloads(run: TableRun, start: int = 0) -> list[tuple[str, str, str]]:
    return run.ports.downloads[start:]


def test_templates_in_three_languages_exports_that_load_back_replace_and_add() -> None:
    storage = FakeStorage()
    run = quiz(storage, lang="fr")
    run.tap(OwnCommand.OPEN)
    view = body(run)
    assert [b.arg for b in view.templates] == ["en", "fr", "de"] and view.tools == ()
    for lang in ("en", "fr", "de"):
        run.tap(OwnCommand.TEMPLATE, lang)
    names = [d[0] for d in downloads(run)]
    assert names == [f"zero-a-1000-questions-template-{x}.csv" for x in ("en", "fr", "de")]
    load(run, downloads(run)[1][1].encode("utf-8"))
    assert len(run.state.own.cards) == 3 and run.state.own.cards[0].languages == ("fr",)
    load(run, csv_of(5, "de"))
    view = body(run)
    assert view.ask is not None and view.also is not None and len(run.state.own.cards) == 3, "asks first"
    run.tap(OwnCommand.NO)
    assert len(stored_cards(storage)) == 3 and body(run).report.heading.startswith("Rien n'a changé")
    load(run, csv_of(5, "de"))
    run.tap(OwnCommand.ADD)
    assert len(run.state.own.cards) == 8 and len(stored_cards(storage)) == 8
    load(run, csv_of(6, "de"))  # five already there, one new
    run.tap(OwnCommand.ADD)
    assert len(stored_cards(storage)) == 9
    assert body(run).report.heading == Texts("fr").t("cards.report.added", n=1, skipped=5)

    before = len(run.ports.downloads)
    run.tap(OwnCommand.EXPORT, "csv")
    run.tap(OwnCommand.EXPORT, "json")
    (csv_name, csv_text, csv_mime), (json_name, json_text, _) = downloads(run, before)
    assert csv_name == "zero-a-1000-questions-2026-05-01.csv" and csv_mime == "text/csv"
    assert csv_text.startswith("\ufeffquestion (fr);") and json_name.endswith(".json")
    for text in (csv_text, json_text):
        assert read_file(text.encode("utf-8"), "en", DECK).cards == run.state.own.cards, "exports load back"

    load(run, csv_of(30, "en"))
    run.tap(OwnCommand.REPLACE)
    assert len(stored_cards(storage)) == 30 and {c.languages for c in run.state.own.cards} == {("en",)}
    load(run, json_text.encode("utf-8"))
    run.tap(OwnCommand.REPLACE)
    assert stored_cards(storage) == read_file(json_text.encode(), "en").cards

    run.tap(OwnCommand.DELETE)
    run.tap("cancel")  # Escape: the question is answered no, the page stays
    assert page(run.state) is Page.CARDS and len(stored_cards(storage)) == 9
    run.tap(OwnCommand.DELETE)
    run.tap(OwnCommand.DELETE_YES)
    assert stored_cards(storage) == () and body(run).tools == () and run.state.own.playing is Use.DECK
    run.tap("back").tap(Command.START)
    assert run.state.game is not None and all(q in DECK for q in run.state.game.order)


# ---- the language they are dealt in ----------------------------------------------------------------------------------


def test_questions_in_one_language_are_dealt_in_it_with_a_plain_notice() -> None:
    run = quiz(lang="en")
    set_up(run, "people", "easy")
    load(run, csv_of(20, "fr"))
    run.tap("back")
    run.field("cards-use", "mixed")
    notes = body(run).cards.notes
    assert notes == (Texts("en").t("cards.only.fr", count=20),)
    run.tap(Command.START)
    (note,) = [n for n in run.state.notes if n.key.startswith("cards.")]
    assert note.key == "cards.only.fr" and not note.alert, "a plain notice, not an alert"
    mine = parts(body(run), QuestionView)
    own = [q for q in mine if q.id.startswith("own-")]
    assert own and all(q.lang == "fr" and "Combien" in q.text for q in own)
    deck_cards = [q for q in mine if not q.id.startswith("own-")]
    assert deck_cards and all(q.lang == "" for q in deck_cards)
    run.field("lang", "fr")
    assert all(q.lang == "" for q in parts(body(run), QuestionView)), "in French, nothing to mark"


def test_too_few_own_questions_to_play_alone_say_so_and_the_deal_waits() -> None:
    run = quiz()
    set_up(run, "people", "easy", "easy", "easy")
    load(run, csv_of(30))
    run.tap("back")
    run.field("cards-use", "own")
    setup = body(run)
    assert setup.start.disabled and setup.cards.notes == (
        Texts("en").t("cards.too_few", available=30, needed=32, teams=4),)
    run.tap(Command.START)
    assert run.state.game is None
    run.tap(Command.REMOVE_TEAM, "3")
    setup = body(run)
    assert not setup.start.disabled and setup.cards.notes == (Texts("en").t("cards.runs_short", available=30),)


# ---- the store's promises ------------------------------------------------------------------------------------------

HOSTILE = {
    "deep arrays": "[" * 10_000 + "]" * 10_000,
    "wrong types": '{"type": "quiz-cards", "schema": 1, "questions": {"a": 1}}',
    "truncated": write_json((OwnCard((("en", "A?"),), (("en", "m"),), 5),))[:40],
    "a bad card among good ones": json.dumps({"type": "quiz-cards", "schema": 1, "questions": [
        {"text": {"en": "Good?"}, "unit": {"en": "m"}, "answer": 5},
        {"text": {"en": "Bad?"}, "unit": {"en": "m"}, "answer": 10**400 if False else "1e999"},
        {"text": {"en": "x" * 100_000}, "unit": {"en": "m"}, "answer": 5},
        {"text": ["not", "text"], "unit": 5, "answer": None}]}),
    "not JSON": "\ud800 not json {",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_own_questions_in_storage_never_stop_the_quiz(kind: str) -> None:
    raw = HOSTILE[kind]
    storage = FakeStorage({CARDS_KEY: raw, "zero-knizia:prefs": json.dumps(
        {"type": "prefs", "schema": 1, "values": {PREF: "mixed"}})})
    run = quiz(storage)
    assert page(run.state) is Page.SETUP and not run.ports.logs
    assert [n.key for n in run.state.notes if n.key.startswith("storage.")] == ["storage.corrupt-cards"]
    backups = [k for k in storage.data if k.startswith(BACKUP_PREFIX + "quiz-cards")]
    assert [storage.data[k] for k in backups] == [raw], "the original is kept whole"
    kept = run.state.own.cards
    assert [c.text_in("en") for c in kept] == (["Good?"] if kind == "a bad card among good ones" else [])
    run.tap(Command.START)
    assert run.state.game is not None, "and the quiz plays"
    assert run.state.persist.backups == tuple(backups)


def test_hostile_own_questions_kept_with_a_saved_quiz_are_backed_up_and_the_quiz_starts() -> None:
    storage = FakeStorage()
    run = quiz(storage)
    load(run, csv_of(30))
    run.tap("back").tap(Command.START)
    saved = json.loads(storage.data[GAME_KEY])
    saved["cards"][3]["answer"] = 5000
    storage.data[GAME_KEY] = json.dumps(saved)
    again = quiz(storage)
    assert again.state.game is None and page(again.state) is Page.SETUP
    assert "storage.corrupt-game" in {n.key for n in again.state.notes}
    assert len(again.state.own.cards) == 30


def test_with_storage_full_the_loaded_questions_are_played_and_offered_as_a_file() -> None:
    storage = FakeStorage()
    run = quiz(storage)
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 200
    view = load(run, csv_of(30))
    assert view.report.ok and len(run.state.own.cards) == 30 and CARDS_KEY not in storage.data
    (note,) = [n for n in run.state.notes if n.key == "cards.unkept"]
    assert note.alert and [a[:2] for a in note.actions] == [(OwnCommand.EXPORT, "json"), (OwnCommand.EXPORT, "csv")]
    buttons = [b for b in parts(run.screen.notices, Button) if b.action is OwnCommand.EXPORT]
    assert len(buttons) == 2
    run.tap(OwnCommand.EXPORT, "json")
    assert read_file(run.ports.downloads[-1][1].encode(), "en").cards == run.state.own.cards
    run.tap("back").tap(Command.START)
    assert run.state.game is not None and set(run.state.game.order) == {c.id for c in run.state.own.cards}
    storage.quota = None
    run.tap("new-setup").tap("new-setup-yes")
    load(run, csv_of(3, start=100))
    run.tap(OwnCommand.ADD)
    assert len(stored_cards(storage)) == 33 and not [n for n in run.state.notes if n.key == "cards.unkept"]


def test_a_newer_versions_set_is_left_untouched() -> None:
    newer = '{"type": "quiz-cards", "schema": 2, "questions": [], "more": true}'
    storage = FakeStorage({CARDS_KEY: newer})
    run = quiz(storage)
    assert "storage.newer-cards" in {n.key for n in run.state.notes}
    load(run, csv_of(30))
    assert storage.data[CARDS_KEY] == newer and len(run.state.own.cards) == 30
    assert "cards.locked" in {n.key for n in run.state.notes}


def test_another_tabs_set_is_taken_as_it_changes() -> None:
    storage = FakeStorage()
    run = quiz(storage)
    cards = read_file(csv_of(4), "en").cards
    run.send(Elsewhere((Changed("quiz-cards", cards),))).idle()
    assert run.state.own.cards == cards
    run.send(Elsewhere((Changed("quiz-cards", None, cleared=True),))).idle()
    assert run.state.own.cards == ()
