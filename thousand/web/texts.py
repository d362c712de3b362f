"""The quiz's texts: the shell's catalog and the quiz's (``tabletop/texts/``, ``thousand/texts/``) in one language.

The project's own wording; terms from RULES-1000.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.i18n import LANGUAGES, SHELL, Section, catalog, join_list

__all__ = ["DOMAINS", "LANGUAGES", "Texts", "rules_sections"]

DOMAINS = (SHELL, "thousand")


@dataclass(frozen=True)
class Texts:
    """The quiz's messages in one language."""

    lang: str

    def t(self, key: str, **params: object) -> str:
        """A message in this language (English if the language is unknown)."""
        return catalog(self.lang, DOMAINS).t(key, **params)

    def join(self, items: object) -> str:
        """Names as one list in this language: "Foxes and Owls", "Renards et Hiboux" (CLDR's list patterns)."""
        return join_list(self.lang, [str(i) for i in items])  # type: ignore[attr-defined]


def rules_sections(lang: str) -> tuple[Section, ...]:
    """The quiz's rules page in ``lang`` (English if unknown), as (heading, paragraphs) sections."""
    return catalog(lang, DOMAINS).sections("rules.sections")
