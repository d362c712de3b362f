"""Zero's texts and rules page: the rules' terms, the browser's language, and written in our own words.

Every catalog's parity (keys, placeholders, plural forms) is tested in test_catalogs.py."""

from __future__ import annotations

import pytest

from tabletop.i18n import LIST_PATTERNS, join_list
from tests.own_words import copied_runs
from zero_game.seats import Seat
from zero_game.web.i18n import LANGUAGES, messages, pick_language, rules_sections, translate
from zero_game.web.settings import Settings
from zero_game.web.texts import Texts

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


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["", "Ana", "Ana and Ben", "Ana, Ben, and Mia", "Ana, Ben, Mia, and Jonas"]),
    ("fr", ["", "Ana", "Ana et Ben", "Ana, Ben et Mia", "Ana, Ben, Mia et Jonas"]),
    ("de", ["", "Ana", "Ana und Ben", "Ana, Ben und Mia", "Ana, Ben, Mia und Jonas"]),
])
def test_lists_join_with_and_as_cldr_says(lang: str, expected: list[str]) -> None:
    names = ["Ana", "Ben", "Mia", "Jonas"]
    assert [join_list(lang, names[:n]) for n in range(5)] == expected
    assert [messages(lang).join(names[:n]) for n in range(5)] == expected  # the catalog of the page on screen


def test_every_language_has_its_list_pattern_and_an_unknown_one_is_english() -> None:
    assert set(LIST_PATTERNS) == set(LANGUAGES)
    assert join_list("xx", ["A", "B", "C"]) == "A, B, and C"


def test_zero_names_seats_as_one_list() -> None:
    settings = Settings(seats=(Seat(), Seat.bot("easy"), Seat.bot("medium")))
    for lang, three, two in (("en", "You, Bruno, and Chloé", "Bruno and Chloé"),
                             ("fr", "Vous, Bruno et Chloé", "Bruno et Chloé"),
                             ("de", "Du, Bruno und Chloé", "Bruno und Chloé")):
        t = Texts(lang, settings)
        assert (t.names((0, 1, 2)), t.names((1, 2))) == (three, two)


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
