"""Zero's texts: the shell's catalog and Zero's (``tabletop/texts/``, ``zero_game/texts/``) in one language.

Terms follow the rules' table (R-terms): pool = réserve = Auslage, knock = frapper = klopfen,
round = manche = Runde, score sheet = feuille de score = Punktezettel.
"""

from __future__ import annotations

from tabletop.i18n import DEFAULT_LANGUAGE, LANGUAGES, SHELL, Catalog, Section, catalog, pick_language, placeholders

__all__ = ["DEFAULT_LANGUAGE", "DOMAINS", "LANGUAGES", "messages", "pick_language", "placeholders", "rules_sections",
           "translate"]

DOMAINS = (SHELL, "zero_game")


def messages(lang: str) -> Catalog:
    """Zero's page's texts in ``lang`` (English if the language is unknown), read once."""
    return catalog(lang, DOMAINS)


def translate(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` (English if the language is unknown), filled with ``params``."""
    return messages(lang).t(key, **params)


def rules_sections(lang: str) -> tuple[Section, ...]:
    """The rules page in ``lang`` (English if unknown), as (heading, paragraphs) sections."""
    return messages(lang).sections("rules.sections")
