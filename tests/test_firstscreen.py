"""The first screen is in index.html, as Python paints it, in every language, under the page's CSP."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tabletop.home import HOME, Home
from tabletop.i18n import LANGUAGES
from tabletop.registry import GAMES
from tools import firstscreen

PAGE = (firstscreen.ROOT / "index.html").read_text(encoding="utf-8")


class Buttons(HTMLParser):
    """The game buttons and scripts of a piece of HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[str] = []
        self.scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and a.get("data-action") == "open-game":
            self.games.append(str(a.get("data-arg")))
        if tag == "script":
            self.scripts.append(a)


def test_index_html_holds_the_first_screen_python_paints_now() -> None:
    assert firstscreen.check() is None


def test_the_check_fails_when_the_page_and_the_painter_differ() -> None:
    changed = PAGE.replace('data-arg="quiz"', 'data-arg="chess"', 1)
    assert changed != PAGE and firstscreen.render(changed) != changed
    # The painter's output drives the page: a changed word in the model changes the static screen.
    heading = HOME.present(Home("en")).body.heading
    assert f">{heading}</h1>" in PAGE


def test_every_language_offers_every_game_with_the_site_title_naming_both() -> None:
    for lang in LANGUAGES:
        html = firstscreen.screen_html(lang)
        parsed = Buttons()
        parsed.feed(html)
        assert parsed.games == [g.name for g in GAMES]
        words = firstscreen.words(lang)
        assert "Zero" in words["title"] or "Zéro" in words["title"].split(" et ")[0]
        assert "1000" in words["title"]
        assert "{name}" in words["opening"] and words["starting"]
        if lang != "en":
            assert f'<template id="first-{lang}"><div id="first" class="first" data-lang="{lang}"' in PAGE
            assert html in PAGE
    title = re.search(r"<title>(.*?)</title>", PAGE)
    assert title and "Zero" in title.group(1) and "Zéro à 1000" in title.group(1)


def test_the_first_screen_needs_no_inline_script() -> None:
    parsed = Buttons()
    parsed.feed(PAGE)
    assert parsed.scripts and all(s.get("src", "") and str(s["src"]).startswith("./") for s in parsed.scripts)
    assert "first.js" in PAGE and not re.search(r"\son[a-z]+=", PAGE), "no inline event handler"
