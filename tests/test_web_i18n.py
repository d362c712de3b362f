"""Zero's texts and rules page: the rules' terms, the browser's language, and written in our own words.

Every catalog's parity (keys, placeholders, plural forms) is tested in test_catalogs.py."""

from __future__ import annotations

import pytest

from tests.own_words import copied_runs
from zero_game.web.i18n import LANGUAGES, messages, pick_language, rules_sections, translate

RULES = {lang: rules_sections(lang) for lang in LANGUAGES}


def test_card_labels_and_terms_follow_the_rules_table() -> None:
    def card(lang: str) -> str:
        return translate(lang, "card", colour=translate(lang, "colour.red"), number=7)

    assert [card(lang) for lang in ("en", "fr", "de")] == ["red 7", "7 rouge", "rot 7"]
    fr, de = messages("fr").t, messages("de").t
    assert "réserve" in fr("setup.pool") and "Auslage" in de("setup.pool")
    assert fr("action.knock") == "Frapper" and de("action.knock") == "Klopfen"
    assert fr("sheet.heading") == fr("nav.sheet") == "Feuille de score"
    assert de("sheet.heading") == de("nav.sheet") == "Punktezettel"


def test_language_comes_from_the_browser_preferences() -> None:
    assert pick_language(["de-CH", "en"]) == "de"
    assert pick_language(["es-ES", "fr-CA"]) == "fr"
    assert pick_language(["ja"]) == "en"
    assert pick_language([]) == "en"


def test_rules_page_has_the_same_sections_in_each_language() -> None:
    assert len({len(sections) for sections in RULES.values()}) == 1
    for lang, sections in RULES.items():
        text = " ".join(p for _, paragraphs in sections for p in paragraphs)
        assert "56" in text and "9" in text, lang


@pytest.mark.parametrize("lang", sorted(RULES))
def test_rules_page_shares_no_sentence_with_the_source_texts(lang: str) -> None:
    """No run of eight words in a row is taken from seeds/ (facts carry over, sentences do not)."""
    assert copied_runs([" ".join(p for _, paragraphs in RULES[lang] for p in paragraphs)]) == []
