"""The quiz tutorial: one scripted first round against one bot team that teaches by doing.

The target and choosing a question card (any of the six: the lesson says so and takes any), then the powers in
the order a team meets them: Change before the pick (with its confirm), then Two questions with Sum as the pick,
Play (±200 explained there and kept for a later round: a team does not spend all its powers in round 1), and the
reveal on the number line.  The person taps what the lesson asks, one tap a step: the card or button to tap next
is cued, the lesson's words follow each tap, and any other tap is refused with a line saying which one is wanted
(in place of the line that asks for it: the lesson's words stay as they were, whole, never scrolled away).  The
bot's pick is scripted (``QuizTable.script``).  Nothing of the tutorial is saved: not the quiz's game, not its
score sheet, not its questions seen (``table.settle`` and ``saved.QuizKeeper`` hold that back while ``lesson`` is
set); leaving it brings back the table as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from tabletop.effects import Add, Effects
from tabletop.notes import dismiss, notify, said, with_shell
from tabletop.prefs import PREFS
from tabletop.present import Nav
from tabletop.update import Handler
from tabletop.widgets import Button, Lesson, RulesView, Screen
from thousand.actions import Pick
from thousand.deck import default_deck
from thousand.game import Game
from thousand.sheet import PEOPLE

from .actions import Command
from .screens import ChooseControls, ChooseView, QuestionView, QuizSetupView, RevealView, TeamPanel
from .settings import QuizSettings, TeamConfig
from .table import Page, QuizTable, Result, cleared, page, team_name

OFFER = "quiztut.offer"

# The scripted deal (question ids of the shipped deck): your six cards, the bot team's six, the deck's bottom card
# (what Change brings).  Answers, for the script's sake only (never in a text): snooker 147 + Indianapolis 200
# = 347, 153 from 500; the bot's palace windows 760, 260 away: the bot is furthest, 760 the next target.
YOURS = ("snooker-maximum-break", "versailles-treaty-articles", "mona-lisa-height", "dial-portugal",
         "octopus-hearts", "eu-members-2024")
BOTS = ("buckingham-palace-windows", "age-mozart-death", "un-member-states", "vga-width", "champagne-magnum-cl",
        "loreley-height")
BOTTOM = "indianapolis-500-laps"
FIRST, SWAPPED = YOURS[0], YOURS[1]
BOT_PICK = Pick(1, (BOTS[0],))


@dataclass(frozen=True)
class Step:
    """One tap the lesson asks for: the command (and its argument: "" takes any, e.g. any of the team's cards),
    and the lesson's words for it."""

    command: StrEnum
    arg: str
    key: str


STEPS = (
    Step(Command.CARD, "", "quiztut.target"),  # "choose a question you can estimate": any of the six is taken
    Step(Command.CHANGE, "", "quiztut.change"),
    Step(Command.CARD, SWAPPED, "quiztut.change_which"),
    Step(Command.CONFIRM, "", "quiztut.change_confirm"),
    Step(Command.TWO, "", "quiztut.two"),
    Step(Command.CARD, FIRST, "quiztut.two_first"),
    Step(Command.CARD, BOTTOM, "quiztut.two_second"),
    Step(Command.COMBINE, "sum", "quiztut.combine"),
    Step(Command.CONFIRM, "", "quiztut.play"),
    Step(Command.REVEAL_NEXT, "", "quiztut.reveal"),
    Step(Command.REVEAL_NEXT, "", "quiztut.reveal_bot"),
    Step(Command.REVEAL_DONE, "", "quiztut.end"),
)
WAITING = "quiztut.waiting"  # said while the bot team has not chosen yet and the reveal is to come

# Taps that are never the lesson's business: the bar, the notices, the language, typing.
FREE = frozenset({Nav.RULES, Nav.SHEET, Nav.BACK, Nav.GAMES, Nav.DISMISS, Command.SET, Command.MORE_OPTIONS,
                  Command.GUESS_TEXT, Command.TUTORIAL_SKIP})


def scene() -> Game:
    """The tutorial's round: you and one bot team, the shipped deck in its own order with ``BOTTOM`` last."""
    deck = default_deck()
    rest = tuple(q for q in deck.ids if q not in {*YOURS, *BOTS, BOTTOM})
    return Game.from_order(2, (*YOURS, *BOTS, *rest, BOTTOM), deck=deck, seed="quiz-tutorial")


def expected(s: QuizTable) -> Step | None:
    """The tap the lesson asks for now, in the tutorial."""
    return STEPS[s.lesson] if s.lesson is not None and s.lesson < len(STEPS) else None


# ---- the words -------------------------------------------------------------------------------------


def _question(s: QuizTable, qid: str) -> str:
    return default_deck().question(qid).text[s.lang]


def want(s: QuizTable, step: Step) -> str:
    """What the step asks to tap, in words: a question card in quotes, or a button's label."""
    t = s.texts
    labels: Mapping[str, str] = {
        "quiztut.change": t.t("choose.change"), "quiztut.change_confirm": t.t("choose.confirm_change"),
        "quiztut.two": t.t("choose.two"),
        "quiztut.combine": t.t("choose.sum"), "quiztut.play": t.t("choose.confirm"),
        "quiztut.reveal": t.t("reveal.next", name=team_name(s, 0)),
        "quiztut.reveal_bot": t.t("reveal.next", name=team_name(s, 1)), "quiztut.end": t.t("quiztut.finish"),
    }
    if step.command is Command.CARD:
        return t.t("quiztut.quoted", question=_question(s, step.arg)) if step.arg else t.t("quiztut.any_card")
    return labels[step.key]


def lesson_text(s: QuizTable) -> tuple[str, str]:
    """The lesson's words now: the step's; then what to tap, or, after a refused tap (until the next right one),
    which tap the step wants instead (in the same place: the step's words stay whole and in view)."""
    step = expected(s)
    if step is None:
        return "", ""
    t = s.texts
    if step.command is Command.REVEAL_NEXT and page(s) is not Page.REVEAL:
        return t.t(WAITING), ""
    return t.t(step.key), t.t("quiztut.wrong" if s.refused else "quiztut.ask", tap=want(s, step))


def lesson(s: QuizTable) -> Lesson:
    t = s.texts
    text, ask = lesson_text(s)
    return Lesson(t.t("quiztut.heading", n=(s.lesson or 0) + 1, total=len(STEPS)), text,
                  Button(Command.TUTORIAL_SKIP, t.t("quiztut.skip")), refused=s.refused, ask=ask)


# ---- the screen: the lesson box and the cue, laid over the quiz's own models ------------------------------


def dress(s: QuizTable, screen: Screen) -> Screen:
    """``screen`` with the tutorial in it: its button on the lobby and the rules; in the tutorial, the lesson's
    words and the cue on what to tap next."""
    body = screen.body
    t = s.texts
    if s.lesson is None:
        start = Button(Command.TUTORIAL, t.t("quiztut.start"))
        if isinstance(body, QuizSetupView):  # once: the first visit's offer, in line at the set-up's top, is its place
            offer = next((n for n in screen.notices.items if n.key == OFFER), None)
            if offer is None:
                return replace(screen, body=replace(body, tutorial=start))
            rest = tuple(n for n in screen.notices.items if n.key != OFFER)
            return replace(screen, notices=replace(screen.notices, items=rest),
                           body=replace(body, tutorial=replace(start, primary=True), tutorial_offer=offer.text,
                                        tutorial_dismiss=offer.dismiss))
        if isinstance(body, RulesView):
            return replace(screen, body=replace(body, tutorial=start))
        return screen
    step = expected(s)
    if step is None:
        return screen
    # The lesson's words reach a screen reader through the live region (after what just happened), worded in
    # the language on screen like the rest of it.
    words = " ".join(w for w in lesson_text(s) if w and w not in screen.live)
    screen = replace(screen, live=f"{screen.live} {words}".strip())
    if isinstance(body, ChooseView):
        return replace(screen, body=replace(body, teams=tuple(_cue_cards(p, step) for p in body.teams),
                                            controls=_cue_controls(body.controls, step, lesson(s))))
    if isinstance(body, RevealView):
        nxt = body.next
        if nxt is not None:
            last = step.command is Command.REVEAL_DONE
            nxt = replace(nxt, cued=nxt.action == step.command, label=t.t("quiztut.finish") if last else nxt.label)
        return replace(screen, body=replace(body, next=nxt, lesson=lesson(s)))
    return screen


def _cue_cards(panel: TeamPanel, step: Step) -> TeamPanel:
    if not panel.mine or step.command is not Command.CARD:
        return panel
    cards: tuple[QuestionView, ...] = tuple(replace(c, cued=step.arg in ("", c.id) and not c.selected)
                                            for c in panel.cards)
    return replace(panel, cards=cards)


def _cue_controls(c: ChooseControls, step: Step, words: Lesson) -> ChooseControls:
    def cued(b: Button | None) -> Button | None:
        if b is None:
            return None
        return replace(b, cued=b.action == step.command and step.arg in ("", b.arg) and not b.pressed)

    return replace(c, powers=tuple(map(cued, c.powers)), combine=tuple(map(cued, c.combine)),  # type: ignore[arg-type]
                   confirm=cued(c.confirm), lesson=words)


# ---- the taps ------------------------------------------------------------------------------------------


def begin(s: QuizTable) -> Result:
    """Start the tutorial's round; the table as it was waits behind it."""
    home = s.before_lesson or with_shell(dismiss(cleared(s), OFFER), overlay=None, confirm_new=False)
    settings = QuizSettings(teams=(TeamConfig(PEOPLE), TeamConfig("medium")), speed=s.settings.speed)
    after = with_shell(replace(dismiss(cleared(s), OFFER), game=scene(), reveals_seen=0, turned=0,
                               end_seen=False, script=(BOT_PICK,)),
                       lesson=0, serial=s.serial + 1, setting_up=False, overlay=None, at_screen=None, recorded=True,
                       confirm_new=False, before_lesson=home, refused=False, live=said("quiztut.begins"),
                       settings=settings)
    return after, ()


def leave(s: QuizTable, *, taught: bool = False) -> Result:
    """Back to the table as it was before the tutorial (finished, or skipped); a finished one is remembered."""
    home = s.before_lesson
    if home is None:
        return s, ()
    back = with_shell(replace(home, seen_ids=s.seen_ids, mix=s.mix, script=()),
                      lang=s.lang, history=s.history, persist=s.persist, notes=s.notes, taught=s.taught or taught,
                      live=said("quiztut.left"))
    return back, remembered(back) if taught and not s.taught else ()


def remembered(s: QuizTable) -> Effects:
    """Remember that this device has had the tutorial (played, or its offer declined)."""
    return (Add(PREFS.name, {"quiz.taught": True}),)


def offered(s: QuizTable) -> QuizTable:
    """The first visit's offer of the tutorial."""
    return notify(s, OFFER, actions=((Command.TUTORIAL, "", "quiztut.start"),))


def _refuse(s: QuizTable) -> Result:
    return with_shell(s, refused=True, live=said("quiztut.refused")), ()


def guarded(handlers: Mapping[StrEnum, Handler[QuizTable]]) -> dict[StrEnum, Handler[QuizTable]]:
    """The quiz's handlers with the tutorial in front: in it, only the lesson's tap (and the bar's) is taken."""

    def guard(command: StrEnum, handler: Handler[QuizTable]) -> Handler[QuizTable]:
        def run(s: QuizTable, arg: str, value: str) -> Result:
            if command is Nav.DISMISS and arg == OFFER:  # declined: not offered again (the lobby still has it)
                return with_shell(dismiss(s, OFFER), taught=True), remembered(s)
            if command is Command.START:  # playing a quiz answers the offer
                return handler(dismiss(s, OFFER), arg, value)
            if s.lesson is None or command in FREE:
                return handler(s, arg, value)
            if command in (Nav.NEW_SETUP, Nav.NEW_SETUP_YES):  # nothing to lose: out of the tutorial, to the lobby
                back, effects = leave(s)
                return with_shell(back, setting_up=True, overlay=None, confirm_new=False), effects
            if command is Nav.CANCEL and (s.overlay is not None or s.confirm_new):
                return handler(s, arg, value)
            step = expected(s)
            if step is None or command is not step.command or step.arg not in ("", arg):
                return _refuse(s)
            after, effects = handler(s, arg, value)
            if after is s:  # not possible now (the reveal is not up yet): nothing happened, nothing to refuse
                return after, effects
            assert s.lesson is not None
            if s.lesson + 1 == len(STEPS):
                return leave(after, taught=True)
            return with_shell(after, lesson=s.lesson + 1, refused=False), effects

        return run

    return {command: guard(command, handler) for command, handler in handlers.items()}


def _tutorial(s: QuizTable, arg: str, value: str) -> Result:
    return (s, ()) if s.lesson is not None else begin(s)


def _skip(s: QuizTable, arg: str, value: str) -> Result:
    return leave(s)


HANDLERS: dict[StrEnum, Callable[[QuizTable, str, str], Result]] = {
    Command.TUTORIAL: _tutorial,
    Command.TUTORIAL_SKIP: _skip,
}

