"""The table's sentences read right: the lone person is "you" in every sentence, German declines the colour
adjectives, French puts the colour after the number; the rules page says what a player asks."""

from __future__ import annotations

import re

import pytest

from tabletop.notes import with_shell
from tests.zero_steps import act, bot_play
from zero_game import Card, Colour
from zero_game.seats import Seat
from zero_game.web.i18n import rules_sections
from zero_game.web.present import present
from zero_game.web.screens import MatchEndView, RoundEndView, TableView
from zero_game.web.settings import Settings
from zero_game.web.table import Page, Table, bot_turn, page
from zero_game.web.texts import Texts

SOLO = Settings(seats=(Seat(), Seat.bot("easy"), Seat.bot("easy")), speed="fast")
# A third-person verb after the second-person pronoun: "You knocks", "Vous frappe", "Du klopft".
WRONG = {
    "en": re.compile(r"\bYou (?!and\b)\w+s\b"),
    "fr": re.compile(r"\b[Vv]ous (frappe|passe|distribue|gagne|a)\b"),
    "de": re.compile(r"\b(Du (klopft|gibt|gewinnt|gab|nahm)\b|(für|von) Du\b)"),
    "en-by": re.compile(r"\b(by|for) You\b"),
}


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_lone_person_is_addressed_as_you_in_every_sentence_of_a_match(lang: str) -> None:
    """Every live sentence, round banner and the winner's line of whole matches, with "you" at seat 0."""
    sentences: set[str] = set()
    for seed in range(12):
        s, _ = act(with_shell(Table(seed=seed), lang=lang, settings=SOLO), "start")
        for _ in range(400):
            screen = present(s)
            sentences.add(screen.live)
            body = screen.body
            if isinstance(body, (RoundEndView, MatchEndView)):
                sentences.add(body.banner)
            if isinstance(body, TableView):
                sentences.add(body.status.status)
            if page(s) is Page.MATCH_END:
                break
            if page(s) is Page.ROUND_END:
                s, _ = act(s, "next-round")
            elif (turn := bot_turn(s)) is not None:
                actions = turn.view.legal_actions()
                s, _ = bot_play(s, turn, actions[(seed + s.match.round.turns_taken) % len(actions)])  # type: ignore[union-attr]
            else:
                hand, pool = s.match.round.hand(0), s.match.round.pool  # type: ignore[union-attr]
                if seed % 3 and s.match.round.turns_taken < 6:  # type: ignore[union-attr]
                    s, _ = act(s, "hand", hand[0].slug)
                    s, _ = act(s, "pool", pool[0].slug)
                else:
                    s, _ = act(s, "knock")
                s, _ = act(s, "confirm")
    you = Texts(lang, SOLO).name(0)
    about_you = [t for t in sentences if you in t or you.lower() in t.split()]
    assert len(about_you) > 10
    assert [t for t in sentences if WRONG[lang].search(t)] == []
    assert [t for t in sentences if WRONG["en-by"].search(t)] == []


def test_the_second_person_forms_read_right() -> None:
    for lang, knock, win, one in (
        ("en", "You knock.", "You win with 33 points!", "You win with 1 point!"),
        ("fr", "Vous frappez.", "Vous gagnez avec 33 points\u202f!", "Vous gagnez avec 1 point\u202f!"),
        ("de", "Du klopfst.", "Du gewinnst mit 33 Punkten!", "Du gewinnst mit 1 Punkt!"),
    ):
        t = Texts(lang, SOLO)
        assert t.say("live.knock", 0) == knock
        assert t.say("match.winner", 0, total=33) == win
        assert t.say("match.winner", 0, total=1) == one  # a count's own form, not "1 points"
        assert t.say("live.knock", 1) == f"{t.name(1)} " + {"en": "knocks.", "fr": "frappe.", "de": "klopft."}[lang]
    named = Texts("en", Settings(seats=(Seat("Ana"), Seat.bot("easy"))))
    assert named.say("live.knock", 0) == "Ana knocks."


def test_german_declines_the_colours_and_french_puts_them_after_the_number() -> None:
    green1, red6, blue1 = Card(Colour.GREEN, 1), Card(Colour.RED, 6), Card(Colour.BLUE, 1)
    de, fr = Texts("de", SOLO), Texts("fr", SOLO)
    assert de.t("confirm.swap", give=de.card_in(green1), take=de.card_in(red6)) == \
        "Deine grüne 1 abgeben und die rote 6 nehmen?"
    assert fr.t("confirm.swap", give=fr.card_in(blue1), take=fr.card_in(red6)) == \
        "Donner votre 1 bleu et prendre le 6 rouge\u202f?"
    assert fr.card(blue1) == "1 bleu" and de.card(green1) == "grün 1"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_confirm_box_names_the_cards_as_the_language_does(lang: str) -> None:
    s, _ = act(with_shell(Table(seed=4), lang=lang, settings=Settings(seats=(Seat(), Seat.bot("easy")))), "start")
    while (turn := bot_turn(s)) is not None:
        s, _ = bot_play(s, turn, turn.view.legal_actions()[-1])
    m = s.match
    assert m is not None
    give, take = m.round.hand(0)[0], m.round.pool[0]
    s, _ = act(s, "hand", give.slug)
    s, _ = act(s, "pool", take.slug)
    body = present(s).body
    assert isinstance(body, TableView) and body.controls.confirm is not None
    t = Texts(lang, s.settings)
    assert t.card_in(give) in body.controls.confirm.text and t.card_in(take) in body.controls.confirm.text


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_rules_page_says_how_many_rounds_and_when_the_pool_shows_scores(lang: str) -> None:
    text = " ".join(p for _, paragraphs in rules_sections(lang) for p in paragraphs)
    rounds = {"en": "as many rounds as there are players", "fr": "autant de manches qu'il y a de joueurs",
              "de": "so viele Runden, wie Personen am Tisch sitzen"}
    once = {"en": "Once you have chosen a card from your hand",
            "fr": "Dès que vous avez choisi une carte de votre main",
            "de": "Sobald du eine Karte deiner Hand gewählt hast"}
    assert rounds[lang] in text and once[lang] in text


def test_a_hand_with_one_number_left_says_so_instead_of_counting_it_up() -> None:
    """"Counting: 7 = 7" says nothing: with one number left the line names it; two or more are added up."""
    from zero_game.web.present import breakdown_text

    reds = [Card(Colour.RED, n) for n in range(1, 6)]
    sevens = [Card(c, 7) for c in (Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.VIOLET)]
    for lang, one in (("en", "Only the 7 counts."), ("fr", "Seul le 7 compte."), ("de", "Nur die 7 zählt.")):
        t = Texts(lang, SOLO)
        assert breakdown_text(t, tuple(reds + sevens))[1][-1] == one
        counted = breakdown_text(t, tuple(reds[:4] + sevens[:3] + [Card(Colour.GREEN, 2), Card(Colour.BLACK, 8)]))[1]
        assert counted[-1].endswith("1 + 2 + 3 + 4 + 7 + 8 = 25") and "=" not in one


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_named_lone_person_reads_their_own_second_knock_as_their_own(lang: str) -> None:
    """Mia, alone at the table with a name typed, reads "You have knocked" after her first knock; after her
    second the status says "Your 2nd knock" too, not "2nd knock by Mia"."""
    settings = Settings(seats=(Seat("Mia"), Seat.bot("easy"), Seat.bot("easy")), speed="fast")
    t = Texts(lang, settings)
    s, _ = act(with_shell(Table(seed=2), lang=lang, settings=settings), "start")
    seen: list[str] = []
    for _ in range(40):
        r = s.match.round  # type: ignore[union-attr]
        if r.is_over or r.knocks == 2:
            break
        if (turn := bot_turn(s)) is not None:
            swaps = [a for a in turn.view.legal_actions() if a != turn.view.legal_actions()[-1]] or \
                turn.view.legal_actions()
            s, _ = bot_play(s, turn, swaps[0])
        else:
            s, _ = act(s, "knock")
            s, _ = act(s, "confirm")
            body = present(s).body
            if isinstance(body, TableView):
                seen.append(body.status.status)
    assert s.match.round.second_knocker == 0  # type: ignore[union-attr]
    assert seen[0].startswith(t.t("status.you_knocked"))
    assert seen[-1].startswith(t.t("status.final.you", left=2)), seen[-1]
    assert "Mia" not in seen[-1].split("—")[0]
