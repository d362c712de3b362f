"""The quiz deck (thousand/deck.json) as players meet it: well formed, in three languages, spread over 0-1000, with
quantities to reason about rather than codes, no sentence frame repeated too often, a source a player can open for
every answer, difficulty balanced and set by the rubric in docs/quiz.md, every table, rule or date a figure depends on
named in the question, and no two related questions dealt into one game.

Plain ``json`` and the deck tools, and the deal (``thousand.deck``) for the relations: no other part of the engine.
"""

from __future__ import annotations

import datetime
import json
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tools.deck_report import ARITHMETIC, is_public_page

DECK_PATH = Path(__file__).resolve().parent.parent / "thousand" / "deck.json"
LANGUAGES = ("en", "fr", "de")
QUESTION_KEYS = {"id", "text", "answer", "unit", "category", "difficulty", "familiarity", "year", "source", "frame",
                 "tags"}
TAGS = {"grim", "identifier"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MIN_QUESTIONS = 800
MIN_CATEGORIES = 10
MAX_BUCKET_SHARE = 0.20
MAX_IDENTIFIER_SHARE = 0.10
MAX_FRAME = 10
DIFFICULTY_SHARE = (0.28, 0.39)  # each of easy, medium, hard: about a third



def load() -> dict[str, Any]:
    deck: dict[str, Any] = json.loads(DECK_PATH.read_text(encoding="utf-8"))
    return deck


DECK = load()
QUESTIONS: list[dict[str, Any]] = DECK["questions"]


def normalised(text: str) -> str:
    """A text with case, accents, punctuation and spacing ignored, to catch the same question twice."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c for c in decomposed if c.isalnum() or c.isspace())
    return " ".join(letters.split())


def test_deck_file_has_schema_1_categories_questions_and_relations() -> None:
    assert set(DECK) == {"schema", "categories", "questions", "relations"}
    assert DECK["schema"] == 1
    assert isinstance(DECK["questions"], list)


def test_deck_holds_at_least_800_questions() -> None:
    count = len(QUESTIONS)
    assert count >= MIN_QUESTIONS, f"the deck holds {count} questions; at least {MIN_QUESTIONS} are needed"


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.get("id", "?") for q in QUESTIONS])
def test_question_is_well_formed(question: dict[str, Any]) -> None:
    assert set(question) == QUESTION_KEYS
    assert isinstance(question["id"], str) and ID_PATTERN.match(question["id"]), question["id"]
    assert question["familiarity"] in (1, 2, 3)
    assert question["frame"] is None or ID_PATTERN.match(question["frame"]), question["frame"]
    assert isinstance(question["tags"], list) and set(question["tags"]) <= TAGS, question["tags"]
    assert question["tags"] == sorted(set(question["tags"])), "tags are listed once, in order"
    answer = question["answer"]
    assert isinstance(answer, int) and not isinstance(answer, bool)
    assert 0 <= answer <= 1000
    assert question["category"] in DECK["categories"]
    assert question["difficulty"] in (1, 2, 3)
    assert isinstance(question["source"], str) and len(question["source"].strip()) >= 10
    for field in ("text", "unit"):
        assert set(question[field]) == set(LANGUAGES), field
        for language in LANGUAGES:
            value = question[field][language]
            assert isinstance(value, str) and value.strip() == value and value, (field, language)


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.get("id", "?") for q in QUESTIONS])
def test_question_is_asked_in_three_different_languages(question: dict[str, Any]) -> None:
    texts = [question["text"][language] for language in LANGUAGES]
    assert len(set(texts)) == 3, "a text was left untranslated"
    for text in texts:
        assert text.endswith("?"), text
        assert "  " not in text, text


def test_years_are_plausible_and_not_in_the_future() -> None:
    this_year = datetime.date.today().year
    for question in QUESTIONS:
        year = question["year"]
        if year is not None:
            assert isinstance(year, int) and not isinstance(year, bool), question["id"]
            assert 1900 <= year <= this_year, (question["id"], year)


def test_ids_are_unique() -> None:
    repeated = [key for key, count in Counter(q["id"] for q in QUESTIONS).items() if count > 1]
    assert repeated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_question_is_asked_twice(language: str) -> None:
    counts = Counter(normalised(q["text"][language]) for q in QUESTIONS)
    assert [text for text, count in counts.items() if count > 1] == []


def test_every_category_is_translated_and_used() -> None:
    categories = DECK["categories"]
    assert len(categories) >= MIN_CATEGORIES
    for key, names in categories.items():
        assert ID_PATTERN.match(key), key
        assert set(names) == set(LANGUAGES), key
        assert all(isinstance(names[lang], str) and names[lang].strip() for lang in LANGUAGES), key
    used = Counter(q["category"] for q in QUESTIONS)
    assert [key for key in categories if used[key] == 0] == []


def test_every_difficulty_is_used() -> None:
    assert {q["difficulty"] for q in QUESTIONS} == {1, 2, 3}


def test_answers_spread_over_the_whole_range() -> None:
    buckets = Counter(min(q["answer"] // 100, 9) for q in QUESTIONS)
    shares = {f"{b * 100}-{b * 100 + 99}": buckets[b] / len(QUESTIONS) for b in range(10)}
    assert all(share > 0 for share in shares.values()), shares
    assert max(shares.values()) <= MAX_BUCKET_SHARE, shares


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.get("id", "?") for q in QUESTIONS])
def test_every_source_is_a_page_a_player_can_open(question: dict[str, Any]) -> None:
    """A named page with its address, or arithmetic anyone can redo; never this project's own script."""
    source = question["source"]
    assert "deck_build" not in source and "tools/" not in source, source
    assert is_public_page(source) or source.startswith(ARITHMETIC), source


def test_identifiers_are_at_most_a_tenth_of_the_deck() -> None:
    identifiers = sum(1 for q in QUESTIONS if "identifier" in q["tags"])
    assert 0 < identifiers <= MAX_IDENTIFIER_SHARE * len(QUESTIONS), identifiers


def test_no_sentence_frame_holds_more_than_ten_questions() -> None:
    frames = Counter(q["frame"] for q in QUESTIONS if q["frame"] is not None)
    assert [(frame, n) for frame, n in frames.items() if n > MAX_FRAME] == []


def test_near_identical_sentences_share_a_frame() -> None:
    """Two questions whose English words overlap by 80% or more are the same frame with another item: they must
    say so, so that the caps and the deal order see them."""
    words = [set(re.findall(r"[a-z'’]+", q["text"]["en"].lower())) for q in QUESTIONS]
    unframed = []
    for i, a in enumerate(words):
        for j in range(i + 1, len(words)):
            b = words[j]
            if len(a & b) >= 0.8 * len(a | b):
                fi, fj = QUESTIONS[i]["frame"], QUESTIONS[j]["frame"]
                if fi is None or fi != fj:
                    unframed.append((QUESTIONS[i]["id"], QUESTIONS[j]["id"]))
    assert unframed == []


def test_difficulty_is_about_a_third_each() -> None:
    shares = {level: sum(1 for q in QUESTIONS if q["difficulty"] == level) / len(QUESTIONS) for level in (1, 2, 3)}
    low, high = DIFFICULTY_SHARE
    assert all(low <= share <= high for share in shares.values()), shares


def test_difficulty_follows_the_rubric() -> None:
    from tools import deck_build

    assert deck_build.rubric_problems(DECK) == []


def test_derived_answers_match_their_arithmetic() -> None:
    from tools import deck_build

    assert deck_build.derived_problems(DECK) == []


def test_grim_questions_are_tagged_and_the_mixes_are_playable() -> None:
    """The family mix (easy and medium, nothing grim) and the experts' mix (medium and hard) each hold enough
    questions for many games and still spread over the whole line."""
    assert any("grim" in q["tags"] for q in QUESTIONS)
    family = [q for q in QUESTIONS if q["difficulty"] <= 2 and "grim" not in q["tags"]]
    experts = [q for q in QUESTIONS if q["difficulty"] >= 2]
    for mix in (family, experts):
        assert len(mix) >= 300
        assert {min(q["answer"] // 100, 9) for q in mix} == set(range(10))


def test_deck_build_regenerates_the_computed_questions_unchanged() -> None:
    pytest.importorskip("periodictable")
    from tools import deck_build

    assert deck_build.rebuild(DECK) == DECK, "run python -m tools.deck_build --write"


def test_day_count_questions_match_their_dates() -> None:
    from tools import deck_build

    by_id = {question["id"]: question for question in QUESTIONS}
    spans = deck_build.day_span_questions()
    assert spans
    for question in spans:
        assert by_id.get(question["id"]) == question, question["id"]


# ---- one reading: the table, the rule, the date ---------------------------------------------------------------

#: Frames whose figure comes from one table among several: each question names its table, in every language.
TABLE_FRAMES = {
    "kcal-per-100g": {"en": r"\bUSDA\b|\blabel\b", "fr": r"\bUSDA\b|\bétiquette\b", "de": r"\bUSDA\b|\bEtikett\b"},
    "reference-intake": {"en": r"\bEU's 2011\b", "fr": r"\beuropéen de 2011\b", "de": r"\bEU-Verordnung von 2011\b"},
    "planet-temperature": {"en": r"\bNASA\b", "fr": r"\bNASA\b", "de": r"\bNASA\b"},
}


@pytest.mark.parametrize("frame", sorted(TABLE_FRAMES))
def test_a_question_in_a_table_frame_names_its_table(frame: str) -> None:
    """Nine kcal questions once used the USDA's figures without saying so (white sugar 387, where European labels
    say 400): a figure that depends on a table says which, in the three languages."""
    questions = [q for q in QUESTIONS if q["frame"] == frame]
    assert questions, frame
    unnamed = [(q["id"], language) for q in questions for language in LANGUAGES
               if not re.search(TABLE_FRAMES[frame][language], q["text"][language])]
    assert unnamed == []


@pytest.mark.parametrize("question", [q for q in QUESTIONS if q["year"] is not None],
                         ids=[q["id"] for q in QUESTIONS if q["year"] is not None])
def test_a_question_that_carries_a_year_says_it_in_every_language(question: dict[str, Any]) -> None:
    """The year a count, a rule or a record holds for is part of the question, not a note a player never sees."""
    for language in LANGUAGES:
        assert str(question["year"]) in question["text"][language], language


#: Words that date a question; a question using them carries its year ("up to and including Francis" was right until
#: players heard of the 267th pope).
DATED = re.compile(r"\b(today|current|currently|still|now|so far|to date|latest|up to and including)\b", re.IGNORECASE)


def test_no_question_is_dated_without_its_year() -> None:
    undated = [q["id"] for q in QUESTIONS if DATED.search(q["text"]["en"]) and q["year"] is None]
    assert undated == []


def years_in(text: str) -> set[str]:
    """The years (1000-2099) a text names; a season such as 2020–21 names both of its years. Thousands separators
    are read away first, so that 1,000 km/h, 1 000 km/h and 1000 km/h read alike."""
    text = re.sub(r"(?<=\d)[,\u202f\xa0 ](?=\d{3}\b)", "", text)
    found = set(re.findall(r"(?<![\d.,])(1\d{3}|20\d{2})(?!\d)", text))
    found |= {m.group(1) + m.group(2) for m in re.finditer(r"\b(\d\d)\d\d[–/-](\d\d)\b", text)}
    return found


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.get("id", "?") for q in QUESTIONS])
def test_the_three_languages_name_the_same_years(question: dict[str, Any]) -> None:
    years = {language: years_in(question["text"][language]) for language in LANGUAGES}
    assert years["fr"] == years["en"] == years["de"], years


#: How each language says the rounding a question asks for: (English, French, German).
ROUNDING = {
    "to the nearest ten": (r"\bnearest 10\b", r"\bdizaine\b", r"\bauf zehn\b[^)?]*gerundet"),
    "rounded down": (r"\brounded down\b", r"arrondie? au \w+ inférieur", r"\babgerundet\b"),
    "the fraction dropped": (r"\bfraction dropped\b", r"\bsans la fraction\b", r"\bohne Nachkommastellen\b"),
    "rounded": (r"\brounded\b|\bnearest\b", r"\b(?:au|à la|à l')\s?[^,?]{0,30}?\bprès\b|\barrondie?s?\b", r"gerundet"),
}


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.get("id", "?") for q in QUESTIONS])
def test_the_three_languages_ask_for_the_same_rounding(question: dict[str, Any]) -> None:
    """An answer rounded in one language and exact in another has two readings (the Empire State Building's roof,
    381.0 m, was 'rounded' in English only)."""
    for name, patterns in ROUNDING.items():
        texts = (question["text"][language] for language in LANGUAGES)
        said = [bool(re.search(pattern, text)) for pattern, text in zip(patterns, texts, strict=True)]
        assert len(set(said)) == 1, (name, dict(zip(LANGUAGES, said, strict=True)))


#: Words that make a question one about a game, not a sport (Monopoly and Scrabble were filed under sport).
GAME_WORDS = re.compile(r"\b(chess|Monopoly|Scrabble|poker|hold'em|domino|Cluedo|mahjong|Jenga|roulette|Skat|belote|"
                        r"tarot|canasta|Tetris|Pac-Man|Space Invaders|Go board|standard deck)\b", re.IGNORECASE)


def test_games_are_filed_under_games_not_sport() -> None:
    in_sport = [q["id"] for q in QUESTIONS if q["category"] == "sport" and GAME_WORDS.search(q["text"]["en"])]
    assert in_sport == []
    assert sum(1 for q in QUESTIONS if q["category"] == "games" and GAME_WORDS.search(q["text"]["en"])) >= 15


# ---- relations: questions of which one gives another away ---------------------------------------------------

RELATIONS: list[dict[str, Any]] = DECK["relations"]


def test_relations_name_questions_of_the_deck_once_each_and_say_why() -> None:
    ids = {q["id"] for q in QUESTIONS}
    seen: list[str] = []
    for relation in RELATIONS:
        assert set(relation) == {"ids", "why"}
        assert len(relation["ids"]) >= 2 and set(relation["ids"]) <= ids, relation["ids"]
        assert isinstance(relation["why"], str) and relation["why"].strip()
        seen += relation["ids"]
    assert len(seen) == len(set(seen)), "a question is in one relation at most"
    assert {"chess-first-moves", "chess-positions-after-one-move"} in [set(r["ids"]) for r in RELATIONS]


def relation_of() -> dict[str, int]:
    return {qid: number for number, relation in enumerate(RELATIONS) for qid in relation["ids"]}


@pytest.mark.parametrize("seed", range(12))
def test_no_deal_holds_two_related_questions(seed: int) -> None:
    """Chess's 20 first moves and its 400 positions after one move each (20 × 20) are never in one game: the deal
    order is every card a game can draw (the top for hands and draws, the bottom for Change)."""
    from thousand.deck import Mix, deal_order, default_deck

    deck = default_deck()
    group = relation_of()
    seen = {qid: float(i % 7) for i, qid in enumerate(deck.ids) if i % 3 == seed % 3}
    for mix in (None, Mix("family"), Mix("experts", frozenset({"games"}))):
        order = deal_order(deck, seen if seed % 2 else None, seed, mix)
        groups = [group[qid] for qid in order if qid in group]
        assert len(groups) == len(set(groups)), mix
        assert len(set(order)) == len(order)


def test_a_relation_deals_its_unseen_question_and_each_in_turn() -> None:
    """Of two related questions the deal keeps the one this device has not shown (Q6's unseen first), and over many
    deals each question of a relation is dealt."""
    from thousand.deck import deal_order, default_deck

    deck = default_deck()
    first, positions = "chess-first-moves", "chess-positions-after-one-move"
    order = deal_order(deck, {first: 1.0}, seed=3)
    assert positions in order and first not in order
    dealt = {qid for seed in range(40) for qid in deal_order(deck, None, seed) if qid in (first, positions)}
    assert dealt == {first, positions}


def test_a_mix_counts_one_question_per_relation() -> None:
    """The set-up's "this mix holds N questions" is what a game can deal: one question of each relation."""
    from thousand.deck import Mix, deal_order, default_deck
    from thousand.game import check_mix

    deck = default_deck()
    extra = sum(len(relation["ids"]) - 1 for relation in RELATIONS)
    assert check_mix(deck, Mix(), 3) == len(QUESTIONS) - extra == len(deal_order(deck, None, 1))


def small_deck(relations: object) -> dict[str, Any]:
    names = {"en": "x", "fr": "x", "de": "x"}
    questions = [{"id": f"q{n}", "text": names, "answer": n, "unit": names, "category": "c", "difficulty": 1,
                  "year": None, "source": "a source"} for n in range(4)]
    return {"schema": 1, "categories": {"c": names}, "questions": questions, "relations": relations}


@pytest.mark.parametrize(("relations", "problem"), [
    ({"ids": ["q0", "q1"]}, "relations must be a list"),
    ([{"ids": ["q0"], "why": "w"}], "two or more question ids"),
    ([{"ids": ["q0", "q0"], "why": "w"}], "names a question twice"),
    ([{"ids": ["q0", "q1"]}], "'why' must say"),
    ([{"ids": ["q0", "q9"], "why": "w"}], "'q9' that the deck does not have"),
    ([{"ids": ["q0", "q1"], "why": "w"}, {"ids": ["q1", "q2"], "why": "w"}], "'q1' is in two relations"),
])
def test_a_deck_with_a_bad_relation_is_refused_with_a_message(relations: object, problem: str) -> None:
    from tabletop.errors import DataError
    from thousand.deck import Deck

    with pytest.raises(DataError, match=re.escape(problem)):
        Deck.from_dict(small_deck(relations))


def test_a_deck_without_relations_deals_every_question() -> None:
    from thousand.deck import Deck, deal_order

    data = small_deck([])
    del data["relations"]
    deck = Deck.from_dict(data)
    assert deck.relations == () and sorted(deal_order(deck, None, 1)) == sorted(deck.ids)
    related = Deck.from_dict(small_deck([{"ids": ["q0", "q1", "q2"], "why": "w"}]))
    assert related.related("q1") == ("q0", "q2") and related.related("q3") == ()
    assert len(deal_order(related, None, 1)) == 2
