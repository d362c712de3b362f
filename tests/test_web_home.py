"""The first screen (which game?) and the quiz's file list the page fetches when the quiz is chosen."""

from __future__ import annotations

import ast
from pathlib import Path

from tabletop import registry
from tabletop.home import HomeCommand, chosen_game, home, words
from tabletop.i18n import catalog
from tabletop.registry import GAMES
from tools import filelist


def module(name: str) -> str:
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_a_link_wins_over_the_remembered_game_and_nothing_known_asks() -> None:
    assert chosen_game("quiz", "zero") == "quiz"
    assert chosen_game(None, "zero") == "zero"
    assert chosen_game("chess", None) is None
    assert chosen_game(None, "garbage") is None


def test_the_first_screen_offers_both_games_in_every_language() -> None:
    for lang in ("en", "fr", "de"):
        assert words(lang).keys() == words("en").keys()
        view = home(lang)
        assert [g.open.arg for g in view.games] == [g.name for g in GAMES]
        assert all(g.open.action is HomeCommand.OPEN_GAME and g.name in g.open.label for g in view.games)


def test_the_quiz_files_are_listed_each_after_what_it_imports_and_the_list_is_current() -> None:
    assert filelist.check_quiz() is None
    names = filelist.quiz_files()
    assert names[-1] == "thousand/deck.json"
    assert "thousand/cli.py" not in names and all(not n.startswith("tests/") for n in names)
    modules = [n for n in names if n.endswith(".py")]
    position = {module(n): i for i, n in enumerate(modules)}
    for name in modules:
        own = module(name)
        package = own if name.endswith("__init__.py") else own.rpartition(".")[0]
        for node in ast.walk(ast.parse((filelist.ROOT / name).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            target = f"{package}.{node.module}" if node.level == 1 else node.module
            if target in position and target != package:
                assert position[target] < position[own], f"{name} is listed before {target}"


def test_the_quiz_is_served_and_precached_but_not_loaded_at_start(tmp_path: Path) -> None:
    site = set(filelist.site_files())
    assert set(filelist.quiz_files()) <= site and registry.entry("quiz").style in site
    started = filelist.package_files()  # the [files] archive's members
    assert not [name for name in started if name.startswith("thousand/")], "the quiz is fetched only when chosen"


def test_the_quiz_table_and_the_first_screen_are_in_our_own_words() -> None:
    from tests.own_words import copied_runs
    from thousand.web.texts import DOMAINS

    texts = [text for lang in ("en", "fr", "de") for text in catalog(lang, DOMAINS).texts()]
    assert copied_runs(texts) == []


def test_placings_share_a_place_on_equal_scores_and_dates_are_written_the_language_s_way() -> None:
    from tabletop.i18n import SHELL
    from tabletop.present import date_text, placings, ranks

    assert ranks([12, 7, 7, 20], lowest_wins=True) == (3, 1, 1, 4)  # 1, 1, then 3rd: the next place is skipped
    assert ranks([2, 5, 5], lowest_wins=False) == (3, 1, 1)

    en = catalog("en", (SHELL,)).t
    podium = placings(en, [("Ana", "12", ""), ("Ben", "7", "Ben, Eva"), ("Cy", "7", "")],
                      ranks([12, 7, 7], lowest_wins=True))
    assert [(p.place, p.name, p.winner) for p in podium.places] == [("1st", "Ben", True), ("1st", "Cy", True),
                                                                     ("3rd", "Ana", False)]
    assert podium.places[0].detail == "Ben, Eva"
    moment = "2026-03-01T20:00:00Z"
    assert [date_text(catalog(lang, (SHELL,)).t, moment) for lang in ("en", "fr", "de")] == [
        "1 Mar 2026", "1 mars 2026", "1. März 2026"]
    assert date_text(en, "not a date") == "not a date"


def test_a_game_with_no_drawing_of_its_own_shows_the_felt_not_another_games_picture() -> None:
    """A third game listed on the first screen (Pig) is not shown with the quiz's question card and teams."""
    from tabletop.home import art
    from tabletop.paint import Painter
    from tools.firstscreen import Host

    def drawn(game: str) -> str:
        return str(art(Painter(Host().document), game).html())

    assert "<circle" in drawn("quiz") and ">?<" in drawn("quiz"), "the quiz's own drawing: its teams on the line"
    assert "<circle" not in drawn("dice") and ">?<" not in drawn("dice") and "<text" not in drawn("dice")
    assert 'class="home-art art-dice"' in drawn("dice")
