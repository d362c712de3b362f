"""The quiz's rules page and its questions: complete in every language, and written in our own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.own_words import copied_runs
from thousand.web.texts import LANGUAGES, rules_sections

RULES = {lang: rules_sections(lang) for lang in LANGUAGES}
DECK = Path(__file__).resolve().parents[1] / "thousand" / "deck.json"


def paragraphs(lang: str) -> list[str]:
    return [p for _, ps in RULES[lang] for p in ps]


def test_rules_page_has_the_same_sections_and_paragraphs_in_each_language() -> None:
    shape = {lang: [len(ps) for _, ps in sections] for lang, sections in RULES.items()}
    assert set(shape) == {"en", "fr", "de"}
    assert shape["fr"] == shape["en"] == shape["de"]
    for lang in RULES:
        assert all(title and all(p.strip() for p in ps) for title, ps in RULES[lang]), lang


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_rules_page_states_the_numbers_a_player_needs(lang: str) -> None:
    """Six cards each, the first target 500, answers 0 to 1000, ±200, the deck warning at 10."""
    text = " ".join(paragraphs(lang))
    for number in ("6", "500", "0", "1000", "±200", "10"):
        assert re.search(rf"(?<!\d){re.escape(number)}(?!\d)", text), (lang, number)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_rules_page_shares_no_sentence_with_the_source_texts(lang: str) -> None:
    assert copied_runs(paragraphs(lang)) == []


def test_questions_share_no_sentence_with_the_source_texts() -> None:
    deck = json.loads(DECK.read_text(encoding="utf-8"))
    texts = [q["text"][lang] for q in deck["questions"] for lang in ("en", "fr", "de")]
    assert copied_runs(texts) == []
