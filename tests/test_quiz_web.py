"""The quiz table in CPython: whole games played through ``handle`` by taps and bots, with the privacy
rule (Q16) checked on every screen model: no other team's pick, no answer before its turn in the reveal."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from tabletop.bots import BotPlay, BotStarted, Turn
from tabletop.effects import Elsewhere, Leave, Now
from tabletop.notes import with_shell
from tabletop.turns import Acts, BotActs, HandOff
from tests.harness import FakeStorage, TableRun, saves
from tests.quiz_steps import _buttons, act, bot_play, check_privacy
from thousand.bots import make_bot
from thousand.deck import default_deck
from thousand.game import Phase, TeamView
from thousand.sheet import PEOPLE, QuizSheet, TeamRecord, record_of, statistics
from thousand.web.actions import Command
from thousand.web.commands import handle
from thousand.web.present import present
from thousand.web.screens import (
    ChooseView,
    EndView,
    QuestionView,
    QuizSheetView,
    RevealView,
)
from thousand.web.settings import QuizSettings, TeamConfig
from thousand.web.table import (
    Page,
    QuizTable,
    bot_turn,
    current_reveal,
    next_step,
    page,
    resume,
    team_name,
    viewer,
)

DECK = default_deck()


def play_game(settings: QuizSettings, seed: int, *, rng: random.Random, check: bool = True,
              limit: int = 4000, lang: str = "en") -> QuizTable:
    """Play one game by taps (people) and bot decisions; returns the table at the end screen."""
    s = with_shell(QuizTable(seed_text=str(seed)), lang=lang, settings=settings)
    s, _ = act(s, Command.START)
    bots: dict[int, object] = {}
    for _ in range(limit):
        if check:
            check_privacy(s)
        where = page(s)
        step = next_step(s)
        if where is Page.END:
            return s
        if isinstance(step, BotActs):
            turn = bot_turn(s)
            assert isinstance(turn, Turn) and isinstance(turn.view, TeamView)
            assert s.game is not None
            bot = bots.setdefault(turn.who, make_bot(turn.level, DECK, f"{s.game.seed}:{turn.who}"))
            s, _ = bot_play(s, turn, bot.decide(turn.view, turn.rng))  # type: ignore[attr-defined]
        elif where is Page.HANDOFF:
            s, _ = act(s, Command.READY)
        elif where is Page.REVEAL:
            r = current_reveal(s)
            assert r is not None
            if s.turned < len(r.plays):
                s, _ = act(s, Command.REVEAL_NEXT)
            elif isinstance(step, Acts):
                s, _ = act(s, Command.TARGET, r.play(step.who).cards[rng.randrange(2)].id)
            else:
                s, _ = act(s, Command.REVEAL_DONE)
        elif where is Page.GUESS:
            s, _ = act(s, Command.GUESS_TEXT, value=str(rng.randint(0, 1000)))
            s, _ = act(s, Command.GUESS)
        elif where is Page.CHOOSE:
            s = choose_by_taps(s, rng)
        else:
            raise AssertionError(f"stuck on {where}")
    raise AssertionError("the game did not end")


def choose_by_taps(s: QuizTable, rng: random.Random) -> QuizTable:
    screen = present(s)
    body = screen.body
    assert isinstance(body, ChooseView)
    mine = next(p for p in body.teams if p.mine)
    ids = [c.id for c in mine.cards]
    actions = {(b.action, b.arg) for b in body.controls.powers}
    if ("change", "") in actions and rng.random() < 0.2:
        s, _ = act(s, Command.CHANGE)
        before = s.game
        s, _ = act(s, Command.CARD, rng.choice(ids))
        assert s.game is before, "a card tapped in change mode waits for the confirm (Change is once a game)"
        confirm = present(s).body.controls.confirm  # type: ignore[union-attr]
        assert confirm is not None and not confirm.disabled
        s, _ = act(s, Command.CONFIRM)
        assert s.game is not before and not s.changing
        ids = [c.id for c in next(p for p in present(s).body.teams if p.mine).cards]  # type: ignore[union-attr]
    if ("two", "") in actions and rng.random() < 0.3:
        s, _ = act(s, Command.TWO)
        a, b = rng.sample(ids, 2)
        s, _ = act(s, Command.CARD, a)
        s, _ = act(s, Command.CARD, b)
        s, _ = act(s, Command.COMBINE, rng.choice(("sum", "difference")))
    else:
        s, _ = act(s, Command.CARD, rng.choice(ids))
    if ("shift", "+200") in actions and rng.random() < 0.2:
        s, _ = act(s, Command.SHIFT, rng.choice(("+200", "-200")))
    before = s.game
    s, _ = act(s, Command.CONFIRM)
    assert s.game is not before, "a complete choice is played"
    return s


MIXES = [
    (TeamConfig(), TeamConfig("medium"), TeamConfig("easy")),
    (TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "", ("Ana", "Ben"))),
    (TeamConfig(), TeamConfig(), TeamConfig("hard"), TeamConfig()),
    (TeamConfig("easy"), TeamConfig("hard")),
    (TeamConfig(PEOPLE, "A"), TeamConfig(PEOPLE, "B"), TeamConfig(PEOPLE, "C"), TeamConfig(PEOPLE, "D")),
]


@pytest.mark.parametrize("mix", range(len(MIXES)))
def test_whole_games_by_taps_keep_every_secret(mix: int) -> None:
    """Seeded games with every mix of people and bots, in the three languages, end with a winner; no screen
    shows a secret."""
    for seed in range(15):
        rng = random.Random(seed)
        s = play_game(QuizSettings(MIXES[mix], "fast"), seed + 100 * mix, rng=rng, lang=("en", "fr", "de")[seed % 3])
        assert s.game is not None and s.game.winners
        end = present(s).body
        assert isinstance(end, EndView)
        if s.game.guess_results:  # a tie-break: its guesses on the line first, the winner one tap on
            assert not end.banner and len(end.tiebreak) == len(s.game.guess_results) and not end.podium
            assert [b.action for b in end.actions] == [Command.SEE_WINNER]
            s, _ = act(s, Command.SEE_WINNER)
            end = present(s).body
            assert isinstance(end, EndView)
        assert end.banner and end.podium is not None
        assert [p.name for p in end.podium.places if p.winner] == [team_name(s, w) for w in s.game.winners]


def test_several_teams_of_people_pass_the_tablet_and_see_only_their_own_cards_marked() -> None:
    s = with_shell(QuizTable(seed_text="7"),
                   settings=QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "Cats")), "fast"))
    s, _ = act(s, Command.START)
    assert page(s) is Page.HANDOFF and next_step(s) == HandOff(0)
    assert present(s).body.heading == "Pass the tablet to Owls"  # type: ignore[union-attr]
    s, _ = act(s, Command.READY)
    assert page(s) is Page.CHOOSE and viewer(s) == 0
    card = s.game.hands[0][2]  # type: ignore[union-attr]
    s, _ = act(s, Command.CARD, card)
    s, effects = act(s, Command.CONFIRM)
    assert saves(effects)
    assert page(s) is Page.HANDOFF and next_step(s) == HandOff(1) and s.at_screen is None
    assert card not in repr(present(s)), "the hand-off screen names no card"
    s, _ = act(s, Command.READY)
    body = present(s).body
    assert isinstance(body, ChooseView)
    assert not any(c.selected for p in body.teams for c in p.cards)
    s, _ = act(s, Command.CARD, card)  # a card of the other team: not Cats' to choose
    assert s.chosen == ()


def test_the_reveal_turns_over_one_team_at_a_time_in_q8_order_and_says_it() -> None:
    s = with_shell(QuizTable(seed_text="3"),
                   settings=QuizSettings((TeamConfig(), TeamConfig("medium"), TeamConfig("hard")), "fast"))
    s, _ = act(s, Command.START)
    rng = random.Random(1)
    while page(s) is not Page.REVEAL:
        if isinstance(next_step(s), BotActs):
            turn = bot_turn(s)
            assert turn is not None
            s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
        else:
            s = choose_by_taps(s, rng)
    r = current_reveal(s)
    assert r is not None and r.order == (0, 1, 2)
    for n in range(3):
        body = present(s).body
        assert isinstance(body, RevealView)
        assert [p.shown for p in body.plays] == [i < n for i in range(3)]
        # every played card laid out from the start, face down in its place: how many, and nothing else of the play
        assert [p.backs for p in body.plays] == [len(p.cards) for p in r.plays]
        for down in body.plays[n:]:
            assert down.cards == () and down.value == down.powers == down.sign == ""
        s, _ = act(s, Command.REVEAL_NEXT)
        play = r.plays[n]
        said = present(s).live
        assert str(play.cards[0].answer) in said and play.cards[0].card.text["en"] in said
    body = present(s).body
    assert isinstance(body, RevealView) and body.results[0].startswith("Furthest:")


def test_a_saved_game_resumes_on_the_hand_off_where_it_was() -> None:
    settings = QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "Cats"), TeamConfig("easy")), "fast")
    s = with_shell(QuizTable(seed_text="11"), settings=settings)
    s, _ = act(s, Command.START)
    assert page(s) is Page.HANDOFF and bot_turn(s) is not None, "the bot team decides while the tablet is passed"
    while (turn := bot_turn(s)) is not None:
        s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
    s, _ = act(s, Command.READY)
    s, _ = act(s, Command.CARD, s.game.hands[0][0])  # type: ignore[union-attr]
    s, _ = act(s, Command.CONFIRM)
    assert s.game is not None
    from thousand.game import Game

    again = Game.from_json(s.game.to_json(), DECK)
    fresh, effects = resume(QuizTable(), again, QuizSettings.from_dict(settings.to_dict()), s.reveals_seen, s.turned)
    assert page(fresh) is Page.HANDOFF and next_step(fresh) == next_step(s) == HandOff(1)
    assert not saves(effects)  # it was just read from storage


def test_a_finished_game_goes_on_the_sheet_with_wins_and_closeness() -> None:
    s = play_game(QuizSettings((TeamConfig(PEOPLE, "", ("Ana", "Ben")), TeamConfig("hard")), "fast"), 5,
                  rng=random.Random(5), check=False)
    assert s.recorded and s.game is not None
    teams = (TeamRecord("Ana & Ben", PEOPLE, ("Ana", "Ben")), TeamRecord("Bruno", "hard"))
    record = record_of(s.game, teams, "x1", "2026-11-30T12:00:00Z")
    sheet = QuizSheet().add(record)
    again = QuizSheet.from_json(sheet.to_json())
    assert again == sheet
    merged, added, dupes = sheet.merge(again)
    assert (added, dupes) == (0, 1) and merged == sheet
    lines = statistics(sheet)
    names = {line.name: line for line in lines}
    assert {"Ana", "Ben", "Ana & Ben", "Bruno"} <= set(names)
    assert names["Ana"].games == 1 and names["Ana"].average is not None
    # Teams and the people who played in them are two tables, teams first.
    assert [line.name for line in lines if not line.person] in (["Ana & Ben", "Bruno"], ["Bruno", "Ana & Ben"])
    assert sorted(line.name for line in lines if line.person) == ["Ana", "Ben"]
    view = present(with_shell(s, history=sheet, overlay=Page.SHEET)).body
    assert isinstance(view, QuizSheetView)
    assert view.columns[0] == "Team" and view.people_columns[0] == "Player"
    assert {row[0] for row in view.stats} == {"Ana & Ben", "Bruno"}
    assert {row[0] for row in view.people} == {"Ana", "Ben"}


def test_the_way_back_to_the_games_is_an_effect() -> None:
    s, effects = act(QuizTable(), "games")
    assert Leave() in effects


def test_the_questions_follow_the_table_language() -> None:
    s = with_shell(QuizTable(seed_text="1"), lang="de", settings=QuizSettings((TeamConfig(), TeamConfig("easy"))))
    s, _ = act(s, Command.START)
    while isinstance(next_step(s), BotActs):
        turn = bot_turn(s)
        assert turn is not None
        s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
    body = present(s).body
    assert isinstance(body, ChooseView)
    card = next(c for p in body.teams if p.mine for c in p.cards)
    assert card.text == DECK.question(card.id).text.de


def test_a_bad_guess_is_refused_with_a_message() -> None:
    s = with_shell(QuizTable(), settings=QuizSettings((TeamConfig(), TeamConfig("easy"))))
    s = replace(s, guess_text="")
    s2, _ = act(s, Command.GUESS, value="abc")
    assert s2.game is None


def test_record_finished_once() -> None:
    s = with_shell(QuizTable(seed_text="2"), settings=QuizSettings((TeamConfig("easy"), TeamConfig("hard")), "fast"))
    s, effects = act(s, Command.START)
    records = 0
    bots = {}
    while not (s.game and s.game.is_over):
        turn = bot_turn(s)
        if turn is None:
            s, effects = act(s, Command.REVEAL_NEXT if page(s) is Page.REVEAL and s.turned < len(
                current_reveal(s).plays) else Command.REVEAL_DONE)  # type: ignore[union-attr]
        else:
            bot = bots.setdefault(turn.who, make_bot(turn.level, DECK, turn.who))
            s, effects = bot_play(s, turn, bot.decide(turn.view, turn.rng))
        records += sum(isinstance(e, Now) and e.tag == "record" for e in effects)
    assert records == 1
    assert isinstance(QuestionView, type)


# ---- saved data --------------------------------------------------------------------------------------


def quiz_run(storage: FakeStorage) -> TableRun:
    """The quiz at the page's runtime over ``storage``."""
    from thousand.web.plugin import PLUGIN

    return TableRun.open(PLUGIN, storage=storage)


def test_the_quiz_keeps_its_game_sheet_and_seen_marks_under_its_own_keys_and_survives_damage() -> None:
    from thousand.web.saved import GAME_KEY, SEEN_KEY, SHEET_KEY
    from zero_game.web.keeper import GAME_KEY as ZERO_GAME
    from zero_game.web.keeper import SHEET_KEY as ZERO_SHEET

    backend = FakeStorage({ZERO_SHEET: "zero's own sheet"})
    run = quiz_run(backend)
    run.field("team-kind:1", "easy")
    run.field("lang", "fr")
    run.tap(Command.START)
    game = run.state.game
    assert game is not None
    assert {GAME_KEY, SEEN_KEY} <= set(backend.data) and ZERO_GAME not in backend.data
    assert backend.data[ZERO_SHEET] == "zero's own sheet"
    again = quiz_run(backend)  # a reload
    assert again.state.game is not None and again.state.game.order == game.order and again.state.lang == "fr"
    assert set(dict(again.state.seen_ids)) == set(game.shown_ids()) and again.state.notes == ()

    backend.data[GAME_KEY] = '{"type": "quiz-table", "schema": 2, "revision": 1, "game": {}}'
    backend.data[SHEET_KEY] = "not json"
    damaged = quiz_run(backend)
    assert damaged.state.game is None and damaged.state.history == QuizSheet()
    assert {n.key for n in damaged.state.notes} - {"quiztut.offer"} == {"storage.corrupt-game", "storage.corrupt-sheet"}
    assert GAME_KEY not in backend.data
    assert sum(1 for k in backend.data if k.startswith("zero-knizia:backup:quiz-")) == 2, "kept aside, not lost"
    assert len(damaged.state.persist.backups) == 2, "offered on the quiz's own sheet"


def test_a_new_deal_takes_unseen_questions_first() -> None:
    seen = tuple((q, 1.0) for q in DECK.ids[:400])
    s = with_shell(QuizTable(seed_text="1", seen_ids=seen),
                   settings=QuizSettings((TeamConfig("easy"), TeamConfig("easy"))))
    s, _ = act(s, Command.START)
    assert s.game is not None
    dealt = {c for hand in s.game.hands for c in hand}
    assert not dealt & set(DECK.ids[:400])


def test_a_hand_off_ignores_the_tail_of_the_last_teams_double_tap() -> None:
    from tabletop.widgets import deliberate_press

    assert deliberate_press(1, pressed_at=200.0, handoff_at=100.0), "a fresh tap passes the tablet"
    assert not deliberate_press(1, pressed_at=90.0, handoff_at=100.0), "a press begun before it appeared"
    assert not deliberate_press(2, pressed_at=200.0, handoff_at=100.0), "a double-click's second click"
    assert deliberate_press(0, pressed_at=0.0, handoff_at=100.0), "a key press on the button"


def test_the_way_back_to_the_games_is_offered_between_games_in_both_games() -> None:
    from tests.zero_steps import act as zero_handle
    from zero_game.web.present import present as zero_present
    from zero_game.web.table import Table

    def actions(screen: object) -> list[str]:
        return [b.action for b in screen.top.nav]  # type: ignore[attr-defined]

    zero = Table(seed=1)
    assert "games" in actions(zero_present(zero))
    zero, _ = zero_handle(zero, "start")
    assert "games" not in actions(zero_present(zero)), "a match in progress keeps its bar"
    _, effects = zero_handle(zero, "games")
    assert Leave() in effects
    quiz = with_shell(QuizTable(seed_text="1"), settings=QuizSettings((TeamConfig(), TeamConfig("easy"))))
    assert "games" in actions(present(quiz))
    quiz, _ = act(quiz, Command.START)
    assert "games" not in actions(present(quiz))


def test_another_tabs_quiz_is_told_apart_from_this_tabs_own_writes() -> None:
    from thousand.web.saved import GAME_KEY, SHEET_KEY

    backend = FakeStorage()
    run = quiz_run(backend)
    store = run.runtime.store
    assert store.changed(GAME_KEY, "x")[0].problem is not None  # nothing of ours to lose: told, not a conflict
    run.tap(Command.START)
    ours = backend.data[GAME_KEY]
    assert store.changed(GAME_KEY, ours) == (), "our own write echoed"
    other = quiz_run(FakeStorage(dict(backend.data)))  # another tab, the same quiz, a move further
    other.tap("rules")
    theirs = json.loads(ours)
    theirs["revision"] += 5  # the other tab saved its quiz a few times
    run.send(Elsewhere(store.changed(GAME_KEY, json.dumps(theirs))))
    assert "storage.conflict" in {n.key for n in run.state.notes} and run.state.persist.conflicted
    writes = backend.writes
    run.tap("cancel")
    assert backend.writes == writes, "this tab stops saving over the other one's quiz"
    run.send(Elsewhere(store.changed(SHEET_KEY, QuizSheet().to_json())))
    assert run.state.history == QuizSheet()
    run.send(Elsewhere(store.changed(None, None)))  # the other tab cleared everything
    assert run.state.persist.conflicted


def test_a_reveal_shows_the_target_of_its_own_round_and_where_it_came_from() -> None:
    s = play_game(QuizSettings((TeamConfig("easy"), TeamConfig("hard")), "fast"), 12, rng=random.Random(1),
                  check=False)
    assert s.game is not None and len(s.game.reveals) >= 2
    second = s.game.reveals[1]
    s = replace(s, reveals_seen=1, turned=0)
    body = present(s).body
    assert isinstance(body, RevealView)
    first_target = s.game.reveals[0].target_card
    assert first_target is not None and body.target.value == str(second.target) == str(first_target.answer)
    assert first_target.card.text["en"] in body.target.detail


def test_close_values_on_the_number_line_do_not_cover_each_other() -> None:
    """Marks closer than a mark's width go to rows above and below the line; far ones stay on it."""
    from thousand.web.render import MARK_GAP, mark_rows

    for places in ([500, 510, 505], [0, 1000, 10, 990], [480, 500, 520, 300, 990]):
        rows = mark_rows(places)
        close = [(i, j) for i in range(len(places)) for j in range(i) if abs(places[i] - places[j]) < MARK_GAP]
        assert all(rows[i] != rows[j] for i, j in close), (places, rows)
    assert mark_rows([100, 500, 900]) == [0, 0, 0]


def test_two_questions_with_200_ask_for_sum_or_difference_before_they_describe_the_play() -> None:
    """With two questions tapped and +200 on, the summary asks for Sum or Difference (and no "with +200" hangs
    after the request); once chosen, it describes the play with the +200."""
    s = with_shell(QuizTable(seed_text="3"),
                   settings=QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "Cats")), "fast"))
    s, _ = act(s, Command.START)
    while page(s) is Page.HANDOFF:
        s, _ = act(s, Command.READY)
    assert page(s) is Page.CHOOSE
    ids = [c.id for c in next(p for p in present(s).body.teams if p.mine).cards]  # type: ignore[union-attr]
    for command, arg in ((Command.TWO, ""), (Command.CARD, ids[0]), (Command.CARD, ids[1]), (Command.SHIFT, "+200")):
        s, _ = act(s, command, arg)
    controls = present(s).body.controls  # type: ignore[union-attr]
    assert controls.summary == s.texts.t("choose.need_combine")
    assert controls.confirm is not None and controls.confirm.disabled
    s, _ = act(s, Command.COMBINE, "sum")
    summary = present(s).body.controls.summary  # type: ignore[union-attr]
    assert summary.endswith(s.texts.t("choose.summary_shift", shift="+200"))


def test_enter_on_a_focused_control_presses_that_control_never_the_play_behind_it() -> None:
    """Item 10: once a question is chosen, Enter plays it only when no control has the focus; Enter or Space
    on "+200", a second question or Rules is that control's own press; the guess box's Enter gives the guess."""
    from tabletop.widgets import shortcut

    s = with_shell(QuizTable(seed_text="7"),
                   settings=QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "Cats")), "fast"))
    s, _ = act(s, Command.START)
    while isinstance(next_step(s), HandOff):
        s, _ = act(s, Command.READY)
    screen = present(s)
    assert isinstance(screen.body, ChooseView)
    assert shortcut(screen.keys, "Enter", "") is None, "nothing chosen: Enter plays nothing"
    card = next(p for p in screen.body.teams if p.mine).cards[0].id
    s, _ = act(s, Command.CARD, card)
    keys = present(s).keys
    assert shortcut(keys, "Enter", "") is not None and shortcut(keys, "Enter", "").action is Command.CONFIRM
    for focused in ("control", "text"):
        for key in ("Enter", " "):
            assert shortcut(keys, key, focused) is None, (focused, key)
    assert shortcut(keys, "Escape", "control") is not None and shortcut(keys, "Escape", "text") is not None


def test_the_guess_box_gives_its_guess_by_enter() -> None:
    from tabletop.widgets import Key, shortcut

    keys = (Key("Escape", Command.CONFIRM, fields=True), Key("Enter", Command.GUESS, fields=True))
    found = shortcut(keys, "Enter", "text")
    assert found is not None and found.action is Command.GUESS
    assert shortcut(keys, "Enter", "control") is None, "Enter on the guess page's buttons presses them"


def test_against_bot_teams_the_peoples_cards_are_tappable_at_once_while_the_bots_decide() -> None:
    """Item 2: every team chooses at once.  From the first moment of every round the team of people may tap
    its cards; a bot team decides meanwhile, shown as thinking then ready (never which card); a bot's choice
    landing while a person is choosing keeps that person's choice in progress."""
    settings = QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig("easy"), TeamConfig("hard")), "fast")
    s = with_shell(QuizTable(seed_text="23"), settings=settings)
    s, _ = act(s, Command.START)
    rounds = 0
    for _ in range(4):  # rounds
        if s.game is None or s.game.is_over or s.game.phase is not Phase.CHOOSE:
            break
        rounds += 1
        screen = present(s).body
        assert isinstance(screen, ChooseView) and page(s) is Page.CHOOSE
        mine = next(p for p in screen.teams if p.mine)
        assert all(c.interactive for c in mine.cards), "the people's cards are tappable at once"
        assert screen.controls.prompt != s.texts.t("choose.wait")
        turn = bot_turn(s)
        assert turn is not None and turn.who != 0, "a bot team decides meanwhile"
        s, _ = act(s, Command.CARD, mine.cards[0].id)
        key = (s.serial, turn.key)
        s, _ = handle(s, BotStarted(key))
        panel = next(p for p in present(s).body.teams if p.team == turn.who)  # type: ignore[union-attr]
        assert panel.status == s.texts.t("team.thinking")
        s, _ = handle(s, BotPlay(key, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng)))
        bot = turn.who
        while s.game is not None and s.game.picks[bot] is None:  # a Change first, then its pick
            turn = bot_turn(s)
            assert turn is not None and turn.who == bot
            s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
        assert s.chosen == (mine.cards[0].id,), "the person's choice in progress survives the bot's"
        body = present(s).body
        panel = next(p for p in body.teams if p.team == bot)  # type: ignore[union-attr]
        assert panel.status == s.texts.t("team.picked") and not any(c.selected for c in panel.cards)
        s, _ = act(s, Command.CONFIRM)
        while (turn := bot_turn(s)) is not None:
            s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
        while page(s) is Page.REVEAL:
            b = next(b for b in _buttons(present(s).body, []) if b.action in ("reveal-next", "reveal-done", "target"))
            s, _ = act(s, b.action, b.arg)
    assert rounds == 4


def test_the_tie_break_is_announced_as_the_final_and_its_guess_is_labelled_readably_on_the_line() -> None:
    """Item 3: the reveal before a tie-break says "Tie-break! Owls and …, one card each" and leads on by its
    own button; the end's line names the guess and the answer in words, the guess never on the gold mark."""
    from tests.quiz_steps import started_walk, walk_by_first_taps
    from thousand.web.screens import RevealView

    assert walk_by_first_taps(23)[-2:] == ["guess", "see-winner"]  # the browser walks' tie-break deal
    run = started_walk(23)
    announced = ""
    for _ in range(300):
        where = page(run.state)
        body = run.screen.body
        if where is Page.CHOOSE:
            run.tap(Command.CARD, next(t for t in body.teams if t.mine).cards[0].id).tap(Command.CONFIRM)
        elif where is Page.REVEAL:
            assert isinstance(body, RevealView)
            b = next(b for b in _buttons(body, []) if b.action in ("reveal-next", "reveal-done", "target"))
            if b.action == "reveal-done" and run.state.game.phase is Phase.GUESS:  # type: ignore[union-attr]
                names = run.state.texts.join(team_name(run.state, x) for x in run.state.game.guessers)  # type: ignore[union-attr]
                announced = f"Tie-break! {names}, one card each"
                assert any(r.startswith(announced) for r in body.results), body.results
                assert b.label == "On to the tie-break"
                assert " and " in names
            run.tap(b.action, b.arg)
        elif where is Page.GUESS:
            run.do(Command.GUESS_TEXT, value="500").tap(Command.GUESS)
        elif where is Page.END:
            break
    assert announced
    end = run.screen.body
    assert isinstance(end, EndView) and end.tiebreak
    for line, r in zip(end.tiebreak, run.state.game.guess_results, strict=True):  # type: ignore[union-attr]
        assert line.tags == (f"guess {r.guess}",) and line.target_tag == f"answer {r.card.answer}"


def test_a_team_with_no_power_card_left_says_so_in_words_not_as_a_power_card() -> None:
    settings = QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig(PEOPLE, "Cats")), "fast")
    s = with_shell(QuizTable(seed_text="7"), settings=settings)
    s, _ = act(s, Command.START)
    assert s.game is not None
    s = replace(s, game=replace(s.game, powers=(frozenset(),) + s.game.powers[1:]))
    s, _ = act(s, Command.READY)
    body = present(s).body
    assert isinstance(body, ChooseView)
    owls, cats = sorted(body.teams, key=lambda p: p.team)
    assert owls.powers == () and owls.no_powers == "none left"
    assert cats.powers and not cats.no_powers


def test_the_reveal_counts_the_deck_as_it_was_until_its_verdict_says_who_draws() -> None:
    s = with_shell(QuizTable(seed_text="4"),
                   settings=QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig("easy")), "fast"))
    s, _ = act(s, Command.START)
    assert s.game is not None
    before = s.game.deck_size
    s, _ = act(s, Command.CARD, s.game.hands[0][0])
    s, _ = act(s, Command.CONFIRM)
    while (turn := bot_turn(s)) is not None:
        s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
    assert page(s) is Page.REVEAL and s.game.deck_size < before, "the furthest team has drawn in the game"
    changes = sum(type(a).__name__ == "Change" for a in s.game.history)  # a Change takes the deck's bottom card
    words = s.texts.t("deck.size", n=before - changes)
    while (body := present(s).body).next is not None and body.next.action == "reveal-next":  # type: ignore[union-attr]
        assert body.target.deck == words, "no card turned, nobody told to draw: the deck as it was"  # type: ignore[union-attr]
        s, _ = act(s, Command.REVEAL_NEXT)
    assert present(s).body.target.deck == s.texts.t("deck.size", n=s.game.deck_size)  # type: ignore[union-attr]


def test_two_questions_are_laid_out_and_turned_over_as_a_pair_with_their_sign() -> None:
    s = with_shell(QuizTable(seed_text="3"), settings=QuizSettings((TeamConfig(), TeamConfig("easy")), "fast"))
    s, _ = act(s, Command.START)
    mine = s.game.hands[0]  # type: ignore[union-attr]
    for command, arg in ((Command.TWO, ""), (Command.CARD, mine[0]), (Command.CARD, mine[1]),
                         (Command.COMBINE, "difference"), (Command.CONFIRM, "")):
        s, _ = act(s, command, arg)
    while page(s) is not Page.REVEAL:
        turn = bot_turn(s)
        assert turn is not None
        s, _ = bot_play(s, turn, make_bot(turn.level, DECK, 1).decide(turn.view, turn.rng))
    body = present(s).body
    assert isinstance(body, RevealView) and body.plays[0].team == 0
    assert body.plays[0].backs == 2 and not body.plays[0].shown and body.plays[0].sign == ""  # face down: no sign yet
    s, _ = act(s, Command.REVEAL_NEXT)
    body = present(s).body
    assert isinstance(body, RevealView)
    pair = body.plays[0]
    assert pair.shown and pair.backs == 2 and pair.sign == "−" and {c.id for c in pair.cards} == set(mine[:2])
    one = body.plays[1]
    assert not one.shown and one.backs == len(current_reveal(s).plays[1].cards)  # type: ignore[union-attr]


def test_a_plain_counts_answer_stands_alone_without_the_word_number() -> None:
    """A "How many…?" card's unit is "number" in the deck: its answer reads "1000", never "1000 number"; a
    card with a real unit keeps it, in the table's language."""
    from thousand.web.present import question

    s = with_shell(QuizTable(seed_text="4"),
                   settings=QuizSettings((TeamConfig(PEOPLE, "Owls"), TeamConfig("easy")), "fast"))
    s, _ = act(s, Command.START)
    assert s.game is not None
    counts = [c for c in DECK.questions if c.unit["en"] == "number"]
    metres = [c for c in DECK.questions if c.unit["en"] == "metres"]
    assert counts and metres
    for lang, unit in (("en", "metres"), ("fr", "mètres"), ("de", "Meter")):
        s = with_shell(s, lang=lang)
        assert question(s, counts[0]).unit == ""
        assert question(s, metres[0]).unit == unit
