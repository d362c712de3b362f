"""Presenters: the quiz's screen models built from its state, every text translated.

Pure functions of the state.  The game reaches a model only through ``table.seen`` (a team view,
no unrevealed answer) and ``table.shown_plays`` (the plays turned over so far).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.names import bot_name
from tabletop.notes import Live
from tabletop.present import Nav, chrome, date_text, more_options, notices, placings, switches
from tabletop.present import top_bar as shell_top_bar
from tabletop.saving import Data
from tabletop.turns import Acts, BotActs, HandOff, Waits
from tabletop.widgets import Button, Choice, Confirm, HandoffView, Key, RulesView, Screen, TopBar
from thousand.actions import Combine, Power
from thousand.deck import MIXES
from thousand.game import Card, End, Phase, Reveal, RevealedCard, TeamView
from thousand.sheet import KINDS, PEOPLE, statistics

from . import own_page
from .actions import Command
from .screens import (
    Body,
    ChooseControls,
    ChooseView,
    EndView,
    GuessView,
    HistoryLine,
    NumberLine,
    PlayView,
    QuestionView,
    QuizSetupView,
    QuizSheetView,
    RevealedAnswer,
    RevealView,
    TargetView,
    TeamPanel,
    TeamSetup,
)
from .settings import SPEEDS
from .table import (
    Page,
    QuestionWord,
    QuizTable,
    TeamWord,
    can_two,
    change_action,
    current_reveal,
    mix_problem,
    my_turn,
    next_step,
    page,
    pick_of,
    questions,
    seen,
    shown_plays,
    team_name,
    thinking,
    viewer,
)
from .texts import LANGUAGES, Texts, rules_sections

POWER_ORDER = (Power.SHIFT, Power.CHANGE, Power.TWO)
#: The screens of play: a notice there is one line above the game, never over it.
PLAY = frozenset({Page.HANDOFF, Page.CHOOSE, Page.REVEAL, Page.GUESS, Page.END})


def present(s: QuizTable) -> Screen:
    """What to draw now, and how the page behaves around it (where focus starts, which keys do what)."""
    t = s.texts
    name = page(s)
    body = BODIES[name](s)
    mine = my_turn(s)
    return Screen(name=str(name), game="quiz", lang=s.lang, title=t.t("title." + name), brand=t.t("brand"),
                  tagline=t.t("tagline"), table_label=t.t("table_label"), top=top_bar(s),
                  notices=notices(s.notes, t.t, leave_question(t) if s.confirm_new else None,
                                  compact=name in PLAY),
                  live=body.podium.said if isinstance(body, EndView) and body.podium else live_text(s),
                  body=body,
                  focus=FOCUS.get(name, ("h1",)), keys=keys(s, name, mine), moment=f"{name}:{mine}",
                  chrome=chrome(t.t), guard=Command.READY if name is Page.HANDOFF else None,
                  ready=("sheet",) if s.persist.sheet_ready else (), flags=(("motion", "on" if s.motion else "off"),),
                  motion=s.motion, sound=s.sound)


def rules(s: QuizTable) -> RulesView:
    """The rules page."""
    return RulesView(s.texts.t("rules.heading"), rules_sections(s.lang), Button(Nav.BACK, s.texts.t("back")))


FOCUS: dict[Page, tuple[str, ...]] = {
    # the card just changed, else the team's own cards (buttons; the page skips what takes no focus)
    Page.CHOOSE: (".team.mine button.qcard.fresh", ".team.mine button[data-question]", ".quiz-controls .btn",
                  ".quiz-controls .prompt"),  # while the others choose: what the table waits for
    Page.GUESS: ("[data-field=guess]", "h1"),
    Page.REVEAL: (".reveal-buttons .btn", "h1"),
}


def keys(s: QuizTable, name: Page, mine: bool) -> tuple[Key, ...]:
    """The screen's shortcuts: Escape cancels; Enter plays a complete pick, or gives the guess typed."""
    found = [Key("Escape", Nav.CANCEL, fields=True)]
    if name is Page.CHOOSE and mine and pick_of(s) is not None:
        found.append(Key("Enter", Command.CONFIRM))
    if name is Page.GUESS and mine:
        found.append(Key("Enter", Command.GUESS, fields=True))
    return tuple(found)


def leave_question(t: Texts) -> tuple[str, str, str]:
    """The question before leaving a game in progress: its words, its detail, its yes."""
    return t.t("leave.question"), t.t("leave.detail"), t.t("leave.yes")


def live_text(s: QuizTable) -> str:
    """The live region's sentence: the state's event, worded in the language on screen.  When the reveal's last
    card is turned over, the verdict follows it (the furthest, the new target or who chooses it, who draws, the
    tie-break), as the screen shows it."""
    live: Live = s.live
    if not live.key:
        return ""
    text = s.texts.t(live.key, **{name: _word(s, value) for name, value in live.params})
    if live.key == "reveal.said" and page(s) is Page.REVEAL:
        text = " ".join((text, *reveal(s).results))
    return text


def _word(s: QuizTable, value: object) -> object:
    if isinstance(value, TeamWord):
        return team_name(s, value.team)
    if isinstance(value, QuestionWord) and s.game is not None:
        return s.game.deck.question(value.id).text[s.lang]
    if isinstance(value, tuple):
        return " / ".join(str(_word(s, v)) for v in value)
    return value


def top_bar(s: QuizTable) -> TopBar:
    """The bar: the games (between games), score sheet, rules, new game, language."""
    t = s.texts
    return shell_top_bar(t.t, s.lang, LANGUAGES, brand=t.t("brand"), label=t.t("nav.label"), overlay=s.overlay,
                         game=s.game, setting_up=s.setting_up, confirm_new=s.confirm_new)


# ---- set-up and hand-off --------------------------------------------------------------------------


def setup(s: QuizTable) -> QuizSetupView:
    t = s.texts
    kinds = tuple((k, t.t("kind." + k)) for k in KINDS)
    teams = tuple(
        TeamSetup(
            index=i, heading=t.t("setup.team", n=i + 1),
            kind=Choice(f"team-kind:{i}", t.t("setup.kind", n=i + 1), s.settings.kind(i), kinds),
            editable=team.is_people, bot_name=bot_name(i),
            name_label=t.t("setup.name"), people_label=t.t("setup.people"),
            placeholder=t.t("team.default", n=i + 1),
            remove=Button(Command.REMOVE_TEAM, t.t("setup.remove"), arg=str(i)) if len(s.settings.teams) > 2 else None,
            name=team.name, people=", ".join(team.people),
        )
        for i, team in enumerate(s.settings.teams)
    )
    options = (
        Choice("mix", t.t("setup.mix"), s.mix.name, tuple((k, t.t("mix." + k)) for k in MIXES)),
        Choice("speed", t.t("setup.speed"), s.settings.speed, tuple((k, t.t("speed." + k)) for k in SPEEDS)),
    )
    add = Button(Command.ADD_TEAM, t.t("setup.add")) if len(s.settings.teams) < 4 else None
    back = Button(Command.BACK_TO_GAME, t.t("setup.back")) if s.game is not None and not s.game.is_over else None
    deck = questions(s)
    themes = tuple(Button(Command.THEME, deck.category(key)[s.lang], arg=key, pressed=key not in s.mix.leave_out)
                   for key in deck.themes)
    problem = mix_problem(s)
    warning = ""
    short = own_page.too_few(s.own, len(s.settings.teams))
    if problem is not None:
        left_out = ", ".join(deck.category(key)[s.lang] for key in sorted(problem.mix.leave_out))
        warning = t.t("setup.mix_small_without" if left_out else "setup.mix_small", mix=t.t("mix." + problem.mix.name),
                      themes=left_out, available=problem.available, needed=problem.needed, teams=problem.teams)
    start = Button(Command.START, t.t("setup.play"), primary=True, disabled=problem is not None or short is not None,
                   description=warning)
    return QuizSetupView(t.t("setup.heading"), t.t("setup.intro"), add, options, start, teams, t.t("setup.seed"),
                         s.seed_text, t.t("setup.themes"), themes, warning, back=back,
                         more=more_options(t.t, Command.MORE_OPTIONS, s.more_options), cards=own_page.cards_line(s),
                         switches=switches(t.t, motion=s.motion, sound=s.sound))


def handoff(s: QuizTable) -> HandoffView:
    """Whose turn it is to take the tablet; nothing private."""
    step = next_step(s)
    assert step is not None and not isinstance(step, Acts)
    t = s.texts
    assert isinstance(step, HandOff)
    who = team_name(s, step.who)
    config = s.settings.teams[step.who]
    named = f"{who} ({t.join(config.people)})" if config.name and config.people else who
    guessing = s.game is not None and s.game.phase is Phase.GUESS
    return HandoffView(t.t("handoff.heading", name=named), t.t("handoff.detail_guess" if guessing else "handoff.detail",
                                                              name=who),
                       Button(Command.READY, t.t("handoff.ready", name=who), primary=True))


# ---- the table ------------------------------------------------------------------------------------


#: The unit of a plain count ("How many…?"): its answer stands alone ("1000", not "1000 number").
PLAIN_COUNT = "number"


def question(s: QuizTable, card: Card, *, selected: bool = False, fresh: bool = False,
             interactive: bool = False) -> QuestionView:
    """A question card, question side up."""
    assert s.game is not None
    return QuestionView(card.id, card.text[s.lang], s.game.deck.category(card.category)[s.lang], card.category,
                        "" if card.unit["en"] == PLAIN_COUNT else card.unit[s.lang], selected,
                        s.texts.t("choose.changed") if fresh else "", interactive,
                        lang=own_page.question_lang(s, card.id))


def target(s: QuizTable, value: int, number: int, card: RevealedCard | None, undrawn: int = 0) -> TargetView:
    """The target of round ``number`` (``card`` its question card; None for the start card); ``undrawn``: cards
    the game has drawn that the screen has not told yet (a reveal before its verdict), still counted in the deck."""
    g = s.game
    assert g is not None
    t = s.texts
    detail = t.t("target.from", question=card.card.text[s.lang]) if card is not None else t.t("target.start")
    return TargetView(t.t("target.label"), str(value), detail, t.t("round", n=number),
                      t.t("deck.size", n=g.deck_size + undrawn), t.t("deck.low") if g.deck_low else "")


def powers_text(t: Texts, powers: frozenset[Power]) -> tuple[str, ...]:
    return tuple(t.t("power." + p.value) for p in POWER_ORDER if p in powers)


def choose(s: QuizTable) -> ChooseView:
    """The table while the teams choose: every team's questions, the viewer's choice in progress."""
    g = s.game
    view = seen(s)
    assert g is not None and view is not None
    t = s.texts
    me = viewer(s)
    mine = my_turn(s) and me is not None
    step = next_step(s)
    busy = thinking(s)
    panels = []
    order = ([me] if me is not None else []) + [i for i in range(g.teams) if i != me]
    for team in order:
        hand = view.hands[team]
        changed = view.my_change[1] if team == me and view.my_change else ""
        if team == me:
            status = t.t("team.yours" if s.phone is None else "team.yours_phone")
        elif busy == team:
            status = t.t("team.thinking")
        else:
            status = t.t("team.picked") if view.picked[team] else t.t("team.choosing")
        panels.append(TeamPanel(
            team=team, name=team_name(s, team),
            badge="" if s.settings.kind(team) == PEOPLE else t.t("kind." + s.settings.kind(team)),
            status=status, powers_label=t.t("powers.label"), powers=powers_text(t, view.powers[team]),
            cards_label=t.t("team.cards", n=len(hand)),
            cards=tuple(question(s, c, selected=team == me and c.id in s.chosen, fresh=c.id == changed,
                                 interactive=mine and team == me) for c in hand),
            mine=team == me, thinking=busy == team,
            no_powers="" if view.powers[team] else t.t("powers.none"),
        ))
    return ChooseView(target(s, g.target, g.number, g.target_card), tuple(panels), t.t("table_label"),
                      controls(s, view, mine, step))


def controls(s: QuizTable, view: TeamView, mine: bool, step: object) -> ChooseControls:
    """The team at the tablet's choices; for anyone else, only what the table is waiting for."""
    t = s.texts
    if not mine:
        watching = isinstance(step, BotActs) and not s.settings.persons
        g = s.game
        away = [team_name(s, x) for x in (g.to_act if g else ())
                if x in s.settings.phones and not s.remote.standing_in(x)]  # not those a bot stands in for
        if s.phone is None and isinstance(step, Waits) and away:
            return ChooseControls(t.t("choose.phones", names=t.join(away)), (), (), "", None, None)
        return ChooseControls(t.t("choose.watch" if watching else "choose.wait"), (), (), "", None, None)
    powers = view.powers[view.team]
    buttons = []
    if Power.SHIFT in powers:
        buttons.append(Button(Command.SHIFT, t.t("choose.shift_plus"), arg="+200", pressed=s.shift > 0))
        buttons.append(Button(Command.SHIFT, t.t("choose.shift_minus"), arg="-200", pressed=s.shift < 0))
    if view.can_change:
        buttons.append(Button(Command.CHANGE, t.t("choose.change"), pressed=s.changing))
    if can_two(view):
        buttons.append(Button(Command.TWO, t.t("choose.two"), pressed=s.two))
    combine: tuple[Button, ...] = ()
    if s.two:
        combine = tuple(Button(Command.COMBINE, t.t("choose." + c.value), arg=c.value, pressed=s.combine is c)
                        for c in Combine)
    if s.changing:
        prompt = t.t("choose.prompt_change", target=view.target)
    elif s.two:
        prompt = t.t("choose.prompt_two", target=view.target)
    else:
        prompt = t.t("choose.prompt", target=view.target)
    texts = {c.id: c.text[s.lang] for c in view.hand}
    waiting = ""  # what Play waits for, said beside it
    if s.changing:
        summary = (t.t("choose.summary_change", question=texts.get(s.chosen[0], "")) if s.chosen
                   else t.t("choose.change_which"))
        if change_action(s) is not None:
            return ChooseControls(prompt, tuple(buttons), (), summary,
                                  Button(Command.CONFIRM, t.t("choose.confirm_change"), primary=True, key="Enter"),
                                  Button(Nav.CANCEL, t.t("choose.cancel"), key="Escape"))
        waiting = t.t("choose.change_which")
    elif not s.chosen:
        summary = t.t("choose.nothing")
        waiting = t.t("choose.need_two" if s.two else "choose.need_one")
    elif len(s.chosen) == 1 and s.two:
        summary = t.t("choose.summary_one", question=texts.get(s.chosen[0], ""))
        waiting = t.t("choose.need_second")
    elif len(s.chosen) == 1:
        summary = t.t("choose.summary_one", question=texts.get(s.chosen[0], ""))
    elif s.combine is None:
        summary = t.t("choose.need_combine")  # a request, not a play: no "with +200" after it
        waiting = summary
    else:
        word = t.t("combine." + s.combine.value)
        summary = t.t("choose.summary_two", combine=word, first=texts.get(s.chosen[0], ""),
                      second=texts.get(s.chosen[1], ""))
    if s.shift and s.chosen and not s.changing and not (s.two and len(s.chosen) == 2 and s.combine is None):
        summary += " " + t.t("choose.summary_shift", shift=f"{s.shift:+d}".replace("-", "−"))
    ready = pick_of(s) is not None
    return ChooseControls(prompt, tuple(buttons), combine, summary,
                          Button(Command.CONFIRM, t.t("choose.confirm"), primary=True, disabled=not ready, key="Enter",
                                 description="" if ready else waiting),
                          Button(Nav.CANCEL, t.t("choose.cancel"), key="Escape"))


# ---- the reveal -----------------------------------------------------------------------------------


def reveal(s: QuizTable) -> RevealView:
    """The plays turned over so far, the rest face down; when all are up, the round's outcome."""
    g = s.game
    r = current_reveal(s)
    assert g is not None and r is not None
    t = s.texts
    up = shown_plays(s)
    done = len(up) == len(r.plays)
    plays = []
    for i, play in enumerate(r.plays):
        name = team_name(s, play.team)
        if i >= len(up):  # laid out face down where it will be turned over: how many cards, nothing more
            plays.append(PlayView(play.team, name, False, t.t("reveal.facedown", name=name), backs=len(play.cards)))
            continue
        powers = []
        if len(play.cards) == 2 and play.combine is not None:
            powers.append(t.t("combine." + play.combine.value))
        if play.shift:
            powers.append(f"{play.shift:+d}".replace("-", "−"))
        if play.change:
            powers.append(t.t("reveal.powers_change"))
        cards = tuple(RevealedAnswer(question(s, c.card), str(c.answer)) for c in play.cards)
        pair = len(play.cards) == 2 and play.combine is not None
        sign = ("+" if play.combine is Combine.SUM else "−") if pair else ""
        plays.append(PlayView(play.team, name, True, "", cards, " · ".join(powers),
                              t.t("reveal.value", value=play.value), t.t("reveal.distance", distance=play.distance),
                              latest=i == len(up) - 1, furthest=done and play.team in r.furthest, backs=len(cards),
                              sign=sign))
    marks = tuple((p.value, team_name(s, p.team), i == len(up) - 1) for i, p in enumerate(up))
    line = NumberLine(t.t("reveal.line"), r.target, marks, teams=tuple(p.team for p in up))
    results: list[str] = []
    choices: tuple[Button, ...] = ()
    nxt: Button | None = None
    if not done:  # the cards are turned over on the tablet; a phone waits (the outcome would tell an answer)
        if s.phone is None:
            nxt = Button(Command.REVEAL_NEXT, t.t("reveal.next", name=team_name(s, r.plays[len(up)].team)),
                         primary=True)
    else:
        results.append(t.t("reveal.furthest", names=t.join(team_name(s, f) for f in r.furthest)))
        results += outcome(s, r)
        step = next_step(s)
        if r is g.pending:
            chooser = r.furthest[0]
            results.append(t.t("reveal.choose_target", name=team_name(s, chooser)))
            if isinstance(step, Acts):
                choices = tuple(Button(Command.TARGET, t.t("reveal.pick_target", answer=c.answer), arg=c.id,
                                       primary=True) for c in r.play(chooser).cards)
        last = s.reveals_seen + 1 >= len(g.reveals) and g.pending is None
        final = last and g.phase is Phase.GUESS and not g.is_over  # the tie-break comes next: the final
        if final:
            results.append(t.t("reveal.tiebreak", names=t.join(team_name(s, x) for x in g.guessers)))
        if r is not g.pending and s.phone is None:
            key = "reveal.to_tiebreak" if final else "reveal.to_end" if last and g.is_over else "reveal.done"
            nxt = Button(Command.REVEAL_DONE, t.t(key), primary=True)
    earlier = g.reveals[r.number - 2].target_card if r.number > 1 else None
    later = g.reveals[r.number:] if r is not g.pending else ()  # rounds after this one, drawn already
    undrawn = sum(len(d) for x in later for d in x.drawn) + (0 if done else sum(len(d) for d in r.drawn))
    return RevealView(t.t("reveal.heading", n=r.number), target(s, r.target, r.number, earlier, undrawn),
                      tuple(plays), line,
                      tuple(results), choices, nxt)


def outcome(s: QuizTable, r: Reveal) -> list[str]:
    """The new target and who draws (once the target card is known)."""
    t = s.texts
    if r.target_card is None:
        return []
    lines = [t.t("reveal.new_target", target=r.target_card.answer)]
    for team, drawn in enumerate(r.drawn):
        if drawn:
            lines.append(t.t("reveal.draws", name=team_name(s, team), n=len(drawn)))
    return lines


# ---- the last guess and the end -------------------------------------------------------------------


def guess(s: QuizTable) -> GuessView:
    t = s.texts
    view = seen(s)
    me = viewer(s)
    if view is None or me is None or not my_turn(s):
        return GuessView(t.t("title.guess"), None, t.t("guess.wait"), t.t("guess.field"),
                         intro=t.t("guess.tiebreak_all"))
    card = view.hands[me][0]
    g = s.game
    assert g is not None
    names = t.join(team_name(s, team) for team in g.guessers) or team_name(s, me)  # everyone in the tie-break
    return GuessView(t.t("guess.heading", name=team_name(s, me)), question(s, card), t.t("guess.prompt"),
                     t.t("guess.field"), s.guess_text,
                     Button(Command.GUESS, t.t("guess.confirm"), primary=True, key="Enter"),
                     t.t("guess.tiebreak", names=names), t.t("guess.bad") if s.live.key == "guess.bad" else "")


def end(s: QuizTable) -> EndView:
    g = s.game
    assert g is not None
    t = s.texts
    names = t.join(team_name(s, w) for w in g.winners)
    banner = t.t("end.winner" if len(g.winners) == 1 else "end.winners", names=names)
    reason = {End.ONE_CARD: "end.one_card", End.GUESS: "end.closest_guess", End.DECK_EMPTY: "end.deck_empty"}
    lines = [t.t("end.guess_line", name=team_name(s, r.team), guess=r.guess, answer=r.card.answer,
                 distance=r.distance) for r in g.guess_results]
    lines.append(t.t("end.rounds", n=len(g.reveals)))
    lines_on = tuple(NumberLine(t.t("end.guess_on_line", name=team_name(s, r.team)), r.card.answer,
                                ((r.guess, team_name(s, r.team), True),), (t.t("end.guess_tag", value=r.guess),),
                                t.t("end.answer_tag", value=r.card.answer), (r.team,)) for r in g.guess_results)
    tablet = s.phone is None  # a phone shows the end; its buttons are the tablet's
    if g.guess_results and not s.end_seen:  # the tie-break's guesses first, on the line; the winner one tap on
        return EndView(t.t("end.tiebreak"), "",
                       (Button(Command.SEE_WINNER, t.t("end.see_winner"), primary=True),) if tablet else (),
                       t.t("end.tiebreak_detail"), tuple(lines[:-1]), tiebreak=lines_on,
                       tiebreak_heading=t.t("end.tiebreak"))
    distance = {r.team: r.distance for r in g.guess_results}
    # Places: the winners first; then fewer cards left, then (after a tie-break) the closer guess.
    key = [(team not in g.winners, len(g.hands[team]), distance.get(team, 0)) for team in range(g.teams)]
    places = tuple(1 + sum(1 for other in key if other < mine) for mine in key)
    entries = []
    for team in range(g.teams):
        config = s.settings.teams[team]
        detail = t.t("end.players", names=t.join(config.people)) if config.is_people and config.people else ""
        entries.append((team_name(s, team), t.t("end.cards", n=len(g.hands[team])), detail))
    buttons = (Button(Command.PLAY_AGAIN, t.t("end.again"), primary=True), Button(Nav.NEW_SETUP, t.t("end.setup")))
    heading, said = t.t("end.heading"), t.t(reason[g.end]) if g.end else ""
    here = s.settings.at_tablet if tablet else (s.phone,)  # the teams of people at this screen
    podium = placings(t.t, entries, places, here=tuple(i for i in here if i is not None), team=True,
                      opening=(heading + ".", banner, said))
    return EndView(heading, banner, buttons if tablet else (), said, tuple(lines), podium=podium, more=t.t("end.more"),
                   tiebreak=lines_on, tiebreak_heading=t.t("end.tiebreak") if lines_on else "", celebrate=s.celebrates)


def cheered(before: QuizTable, after: QuizTable) -> bool:
    """Whether the change from ``before`` to ``after`` opens the podium (its fanfare plays once)."""
    # The table moved on (a page closed over the end is no new podium).
    moved = (before.game, before.reveals_seen, before.end_seen) != (after.game, after.reveals_seen, after.end_seen)
    return moved and page(after) is Page.END and _podium_up(after)


def _podium_up(s: QuizTable) -> bool:
    g = s.game
    return g is not None and g.is_over and (not g.guess_results or s.end_seen)


# ---- the score sheet ------------------------------------------------------------------------------


def sheet_page(s: QuizTable) -> QuizSheetView:
    t = s.texts
    history = tuple(
        HistoryLine(f"{date_text(t.t, r.date)} {r.date[11:16]}".strip(), " · ".join(team.name for team in r.teams),
                    t.t("sheet.won", names=t.join(r.teams[w].name for w in r.winners)))
        for r in reversed(s.history.records)
    )
    lines = statistics(s.history)
    stats, people = (tuple((line.name, str(line.games), str(line.wins),
                            "–" if line.average is None else f"{line.average:.0f}") for line in lines
                           if line.person is person) for person in (False, True))
    deck = questions(s)
    seen_text = t.t("sheet.seen", n=sum(1 for q, _ in s.seen_ids if q in deck), total=len(deck))  # not own cards
    tools = (Button(Data.EXPORT_JSON, t.t("sheet.export")), Button(Data.IMPORT, t.t("sheet.import")),
             *(Button(Data.EXPORT_BACKUP, t.t("storage.export-backup"), arg=key) for key in s.persist.backups),
             Button(Command.RESET_SEEN, t.t("sheet.reset_seen")), Button(Command.CLEAR_HISTORY, t.t("sheet.clear")))
    confirm = None
    if s.confirm_clear:
        confirm = Confirm(t.t("sheet.clear_question"), t.t("sheet.clear_detail"),
                          Button(Data.CLEAR_HISTORY, t.t("sheet.clear_yes")),
                          Button(Nav.CANCEL, t.t("sheet.clear_no"), primary=True, key="Escape"), danger=True)
    return QuizSheetView(
        t.t("sheet.heading"), t.t("sheet.history"), history, t.t("sheet.empty"), t.t("sheet.stats"),
        (t.t("sheet.col_name"), t.t("sheet.col_games"), t.t("sheet.col_wins"), t.t("sheet.col_close")),
        stats, t.t("sheet.stats_empty"), t.t("sheet.data"), t.t("sheet.data_hint"), tools, confirm,
        Button(Nav.BACK, t.t("back"), primary=True), seen=seen_text,
        people_columns=(t.t("sheet.col_person"), t.t("sheet.col_games"), t.t("sheet.col_wins"), t.t("sheet.col_close")),
        people=people,
    )


#: Each screen's presenter (its painter is ``render.QuizPainter.PAINTS``'s for the model's type).
BODIES: dict[Page, Callable[[QuizTable], Body]] = {
    Page.SETUP: setup,
    Page.HANDOFF: handoff,
    Page.CHOOSE: choose,
    Page.REVEAL: reveal,
    Page.GUESS: guess,
    Page.END: end,
    Page.SHEET: sheet_page,
    Page.RULES: rules,
    Page.CARDS: own_page.cards_page,
}
assert set(BODIES) == set(Page), "every screen has its presenter"
