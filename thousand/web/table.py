"""The quiz table's state and its transitions: one frozen ``QuizTable``, pure functions from state to state.

Effects are the shell's values (``tabletop.effects``); saving is the shell's (``tabletop.saving``), and
three functions of the state decide everything else:

- ``page(state)``: which screen is up;
- ``next_step(state)``: what happens next (a bot thinks, the tablet goes to a team, a team plays);
- ``seen(state)``: the only door through which the game reaches the screen: a ``TeamView`` of the
  team at the tablet while it may look, else a public view.  Neither ever holds an unrevealed
  answer (Q16); the reveal adds answers one team at a time (``shown_plays``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import cast

from tabletop import bots, core, nav
from tabletop.bots import BotSteps, Decided, Key, Turn
from tabletop.core import Core, OnCore
from tabletop.effects import Add, Effects, Thinking, unique
from tabletop.names import bot_name
from tabletop.notes import dismiss, notify, said, with_shell
from tabletop.prefs import PREFS
from tabletop.remote import bot_level
from tabletop.turns import Acts, BotActs, HandOff, Step, Waits
from thousand.actions import Action, Change, ChooseTarget, Combine, Guess, Pick
from thousand.deck import Deck, Mix, MixTooSmall, default_deck
from thousand.game import Card, Game, Phase, Play, Reveal, TeamView, check_mix, two_allowed
from thousand.owncards import Use
from thousand.sheet import QuizSheet

from .own import OwnCards, deal_for, dealt_own, too_few
from .settings import SPEEDS, QuizSettings
from .texts import Texts


class Page(StrEnum):
    """The quiz's screens."""

    SETUP = "setup"
    HANDOFF = "handoff"
    CHOOSE = "choose"
    REVEAL = "reveal"
    GUESS = "guess"
    END = "end"
    SHEET = "sheet"
    RULES = "rules"
    CARDS = "cards"  # the host's own questions (``own_page``), over the set-up




# ---- the live region: what just happened, as an event (the presenter words it) --------------------


@dataclass(frozen=True)
class QuestionWord:
    """A question in a live sentence: its text in the language on screen."""

    id: str


@dataclass(frozen=True)
class TeamWord:
    """A team in a live sentence: its name."""

    team: int


@dataclass(frozen=True)
class QuizTable(OnCore):
    """Everything the quiz page knows: the set-up, the game, the screen, the choice in progress."""

    core: Core = field(default_factory=lambda: Core(history=QuizSheet(), settings=QuizSettings()))  # the shell's fields
    seed_text: str = ""  # the deal number typed in the set-up (or from ``?seed=``)
    game: Game | None = None
    chosen: tuple[str, ...] = ()  # question ids picked, not yet confirmed
    two: bool = False
    combine: Combine | None = None
    shift: int = 0
    changing: bool = False
    guess_text: str = ""
    reveals_seen: int = 0  # reveals the table has seen to the end
    turned: int = 0  # plays of the reveal on screen that are turned over
    deck: Deck | None = field(default=None, compare=False)  # the questions (None: the shipped deck)
    seen_ids: tuple[tuple[str, float], ...] = ()  # questions this device has shown, with when (Q6)
    mix: Mix = Mix()  # the questions this device plays with (remembered in its preferences)
    end_seen: bool = False  # after a tie-break, the guesses were shown on the line before the winner
    script: tuple[Pick, ...] = ()  # the tutorial's bot picks: played as they are, no thinking
    own: OwnCards = OwnCards()  # the host's own questions on this device, and which the table plays with

    @property
    def overlay(self) -> Page | None:
        """The rules, the score sheet or the host's own questions over the game, if one is open."""
        return cast("Page | None", self.core.overlay)

    @property
    def history(self) -> QuizSheet:
        """The score sheet as read."""
        return cast(QuizSheet, self.core.history)

    @property
    def settings(self) -> QuizSettings:
        """The set-up: the teams, the pace (the phones' seating is the shell's to change)."""
        return cast(QuizSettings, self.core.settings)

    @property
    def texts(self) -> Texts:
        return Texts(self.lang)


def team_name(s: QuizTable, team: int) -> str:
    """A team's display name: its name, else its people, else "Team 2" (bots by their own names)."""
    config = s.settings.teams[team]
    if config.name:
        return config.name
    if config.is_people and config.people:
        return " & ".join(config.people)
    if config.is_people:
        return s.texts.t("team.default", n=team + 1)
    return bot_name(team)


def current_reveal(s: QuizTable) -> Reveal | None:
    """The reveal the table is looking at (a round's, or one waiting for its target card), if any."""
    g = s.game
    if g is None:
        return None
    if len(g.reveals) > s.reveals_seen:
        return g.reveals[s.reveals_seen]
    if g.pending is not None and len(g.reveals) == s.reveals_seen:
        return g.pending
    return None


def page(s: QuizTable) -> Page:
    """The screen that is up."""
    g = s.game
    if g is None or s.setting_up or s.overlay is not None:
        return nav.over(s, Page.SETUP)
    if current_reveal(s) is not None:
        return Page.REVEAL
    if g.is_over:
        return Page.END
    if isinstance(next_step(s), HandOff):
        return Page.HANDOFF
    return Page.GUESS if g.phase is Phase.GUESS else Page.CHOOSE


def open_to_act(s: QuizTable) -> tuple[int, ...]:
    """The teams that owe a decision now; none while the table waits for a tap (a card to turn over)."""
    g = s.game
    if g is None or s.setting_up or s.overlay is not None or g.is_over:
        return ()
    reveal = current_reveal(s)
    if reveal is not None:
        if s.turned < len(reveal.plays) or g.phase is not Phase.TARGET or reveal is not g.pending:
            return ()
    return g.to_act


def people_acted(g: Game, people: frozenset[int]) -> int:
    """How many of this round's actions so far (its picks and changes; the tie-break's guesses) are by teams of
    people: the bots' choices are seeded as if every bot had chosen before any person (``bot_step``), so a bot
    team decides the same however quickly the people tap."""
    n, picks, guessing = 0, 0, g.phase is Phase.GUESS
    owed = sum(p is not None for p in g.picks) if not guessing else sum(x is not None for x in g.guesses)
    for action in reversed(g.history):
        if guessing and not isinstance(action, Guess):
            break
        if not guessing:
            if isinstance(action, Pick):
                if picks == owed:
                    break
                picks += 1
            elif not isinstance(action, Change):
                break
        n += 1 if isinstance(action, (Pick, Change, Guess)) and action.team in people else 0
    return n


def bots_now(s: QuizTable) -> frozenset[int]:
    """The teams a bot plays now: the bot teams, and a team whose phone is away while a bot stands in for it."""
    return frozenset(i for i in range(len(s.settings.teams)) if bot_level(s.settings, s.remote, i) is not None)


def bot_step(s: QuizTable) -> BotActs | None:
    """The bot team to decide now, if any: while the people choose (every team chooses at once), one bot team
    after another in table order, each shown only as thinking, then ready."""
    g = s.game
    played = bots_now(s)
    for team in open_to_act(s):
        if team in played:
            assert g is not None
            people = frozenset(range(len(s.settings.teams))) - played
            return BotActs(team, (len(g.history) - people_acted(g, people), team, g.number))
    return None


def thinking(s: QuizTable) -> int | None:
    """The bot team shown thinking: the one deciding now (not a team whose phone came back while the bot that stood
    in for it thought: that bot's decision is dropped)."""
    step = bot_step(s) if s.thinking is not None else None
    return s.thinking if step is not None and step.who == s.thinking else None


def next_step(s: QuizTable) -> Step | None:
    """What happens next at the tablet: the tablet goes to a team of people, that team acts, or a bot decides.

    Every team chooses at once: the teams of people (in table order, hot-seat teams after their hand-offs)
    while the bot teams decide (``bot_step``); a bot team is the next step only when no person has to act
    here.  ``None`` while the table waits for a tap (a card to turn over) or nothing may happen.
    """
    g = s.game
    to_act = open_to_act(s)
    if g is None or not to_act:
        return None
    played = bots_now(s)
    people = tuple(t for t in to_act if t not in played)
    if g.phase is Phase.TARGET or not people:
        bot = bot_step(s)
        if bot is not None:
            return bot
    to_act = people or to_act
    team = to_act[0]
    if g.phase is Phase.TARGET:
        return Acts(team)  # the choice of the target card is public: no hand-off
    if s.phone is not None:  # a team's phone: its own turn, else it waits for the others
        return Acts(s.phone) if s.phone in to_act else Waits(team)
    here = [t for t in to_act if t not in s.settings.phones]  # the teams on phones choose at the same time
    if not here:
        return Waits(team)
    team = here[0]
    return Acts(team) if s.at_screen == team else HandOff(team)


def viewer(s: QuizTable) -> int | None:
    """The team whose secrets (its pick in progress, its Change, its guess) may be in the page now.

    One team of people at the tablet: that team, while the quiz is played.  Several: a team only while it
    acts after its own hand-off.  A team's phone (``s.phone``): that team.  Never a team on a phone on the tablet.
    """
    if s.game is None or page(s) not in (Page.CHOOSE, Page.GUESS):
        return None
    if s.phone is not None:  # a team's phone: that team's, all the game long
        return s.phone
    here = s.settings.at_tablet
    if s.at_screen is None or s.at_screen not in here:
        return None
    if len(here) > 1 and next_step(s) != Acts(s.at_screen):
        return None
    return s.at_screen


def seen(s: QuizTable) -> TeamView | None:
    """The game as the page may show it: the viewer's own view, or a public view with nobody's secrets.

    The public view is team 0's with team 0's secrets taken out (its Change, pick and guess; its hand and
    powers as at the start of the round) and ``team`` -1: it is nobody's.
    """
    g = s.game
    if g is None:
        return None
    team = viewer(s)
    if team is not None:
        return g.view(team)
    view = g.view(0)
    public = tuple(Card.of(g.deck.question(c)) for c in g.hands[0])
    hands = (public, *view.hands[1:])
    return replace(view, hands=hands, powers=g.powers, can_change=False, my_pick=None, my_change=None,
                   my_guess=None, team=-1)


def shown_plays(s: QuizTable) -> tuple[Play, ...]:
    """The plays of the reveal on screen that are turned over: the only answers of a round in the page."""
    reveal = current_reveal(s)
    return reveal.plays[: s.turned] if reveal is not None else ()


def my_turn(s: QuizTable) -> bool:
    """Whether the team at the tablet may choose now."""
    step = next_step(s)
    return isinstance(step, Acts) and step.who == s.at_screen and page(s) in (Page.CHOOSE, Page.GUESS)


# ---- the transitions -------------------------------------------------------------------------------

Result = tuple[QuizTable, Effects]


SLOT = "quiz-game"  # the saved quiz's document (``saved.KEEPER.slot``; "game" is Zero's, in the same store)


def settle(before: QuizTable, after: QuizTable, effects: Effects = (), *, save: bool = True) -> Result:
    """The state after a change, with the effects that follow from it (save, record, wake the bots)."""
    g = after.game
    changed = g is not before.game or (after.reveals_seen, after.turned) != (before.reveals_seen, before.turned)
    # The tutorial (and leaving it): nothing saved, recorded, marked seen or left behind.
    after, found = core.settle(before, after, effects, was=before.game, game=g, changed=changed,
                               at_tablet=after.settings.at_tablet, slot=SLOT, save=save,
                               quiet=after.lesson is not None or before.lesson is not None)
    found += bots.wake(after.serial, bot_turn(after), think, lambda state, k: acting(state, k) is not None)
    return after, unique(found)


def prefs_saved(s: QuizTable) -> Effects:
    """Remember this device's choices: the language, sound and motion (for every game)."""
    return (Add(PREFS.name, {"lang": s.lang, "sound": s.sound, "motion": s.motion}),)


def mix_saved(s: QuizTable) -> Effects:
    """Remember this device's mix of questions and the themes it leaves out."""
    return (Add(PREFS.name, {"quiz.mix": s.mix.name, "quiz.leave_out": ",".join(sorted(s.mix.leave_out))}),)


def mix_of(name: object, leave_out: object, deck: Deck) -> Mix:
    """The mix remembered in the preferences (the default where they hold none, or something unreadable)."""
    try:
        themes = [key for key in str(leave_out or "").split(",") if key]
        return Mix.from_dict({"mix": name if isinstance(name, str) else Mix().name, "leave_out": themes}, deck)
    except ValueError:
        return Mix()


def mix_problem(s: QuizTable) -> MixTooSmall | None:
    """Why the mix chosen cannot be dealt to the teams set up, if it cannot (no mix is dealt with only the host's
    own questions: ``own.too_few`` says whether they are enough)."""
    if s.own.playing is Use.OWN:
        return None
    try:
        check_mix(questions(s), s.mix, len(s.settings.teams))
    except MixTooSmall as problem:
        return problem
    return None


def cleared(s: QuizTable) -> QuizTable:
    """``s`` with no choice in progress."""
    return with_shell(replace(s, chosen=(), two=False, combine=None, shift=0, changing=False, guess_text=""),
                      thinking=None)


def deal_seed(s: QuizTable) -> int:
    """The deal number: as typed in the set-up, else a new one."""
    text = s.seed_text.strip()
    if text.isdigit():
        return int(text[:15])
    return random.Random(f"{s.entropy}:{s.serial}").getrandbits(40)


def questions(s: QuizTable) -> Deck:
    """The deck the table deals from."""
    return s.deck if s.deck is not None else default_deck()


def start(s: QuizTable, deck: Deck, seed: int | None = None) -> Result:
    """Deal a new game to the teams set up, unseen questions first (Q6)."""
    seen_at: dict[str, float] = dict(s.seen_ids)
    if mix_problem(s) is not None or too_few(s.own, len(s.settings.teams)) is not None:
        return with_shell(s, live=said("live.mix_small")), ()
    game = deal_for(s.own, len(s.settings.teams), seed=deal_seed(s) if seed is None else seed, deck=deck,
                    seen=seen_at, mix=s.mix)
    after = with_shell(replace(cleared(s), game=game, reveals_seen=0, turned=0, end_seen=False),
                       serial=s.serial + 1, setting_up=False, overlay=None, at_screen=None, recorded=False,
                       confirm_new=False, live=said("round", n=1))
    return settle(s, only_in(after))


def only_in(s: QuizTable) -> QuizTable:
    """A new game dealing the host's questions that are not written in the table's language: a plain notice per
    language they are dealt in (``cards.only.fr``: "… are only in French: they are dealt in French")."""
    s = dismiss(s, *(f"cards.only.{lang}" for lang in ("en", "fr", "de")))
    found: dict[str, int] = {}
    for card in dealt_own(s.game) if s.game is not None else ():
        if s.lang not in card.languages:
            found[card.languages[0]] = found.get(card.languages[0], 0) + 1
    for lang, count in found.items():
        s = notify(s, f"cards.only.{lang}", count=count)
    return s


def resume(s: QuizTable, game: Game, settings: QuizSettings, reviewed: int, shown: int) -> Result:
    """Continue a restored game: nobody holds the tablet yet; the reveal resumes where it was.

    A finished game is put on the score sheet again (``recorded=False``): it is saved only while the sheet has
    not been written with it (storage was full as it ended), and the sheet adds a game it holds already once.
    """
    if game.teams != len(settings.teams):
        raise ValueError("The saved quiz does not fit its saved teams.")
    done = len(game.reveals)
    reviewed = max(0, min(reviewed, done))
    after = with_shell(replace(cleared(s), game=game, reveals_seen=reviewed, turned=max(0, shown)),
                       setting_up=False, overlay=None, at_screen=None, recorded=False, serial=s.serial + 1,
                       settings=settings)
    reveal = current_reveal(after)
    after = replace(after, turned=min(after.turned, len(reveal.plays)) if reveal else 0)
    return settle(with_shell(replace(s, game=None), serial=after.serial), after, save=False)


def apply(s: QuizTable, action: Action) -> Result:
    """The team of ``action`` acts; a person's pick ends with the tablet put down (several teams of people)."""
    g = s.game
    assert g is not None
    game = g.apply(action)
    after = replace(s, game=game)
    if isinstance(action, (Pick, Guess)):
        if action.team == (s.phone if s.phone is not None else s.at_screen):  # not a bot's, chosen meanwhile
            after = cleared(after)
            if len(s.settings.at_tablet) > 1:
                after = with_shell(after, at_screen=None)
        after = with_shell(after, live=said("live.picked", name=TeamWord(action.team)))
    if isinstance(action, ChooseTarget):
        after = with_shell(after, thinking=None)
    return settle(s, after)


def pick_of(s: QuizTable) -> Pick | None:
    """The pick the team at the tablet has put together, if it is complete (none while it is changing a card)."""
    team = s.at_screen
    if team is None or not s.chosen or s.changing:
        return None
    if s.two != (len(s.chosen) == 2) or (s.two and s.combine is None):
        return None
    return Pick(team, s.chosen, s.combine if s.two else None, s.shift)


def can_two(view: TeamView) -> bool:
    """Whether the viewer may play Two questions now."""
    return two_allowed([c.id for c in view.hand], view.powers[view.team])


def change_action(s: QuizTable) -> Change | None:
    """The Change the team at the tablet has asked for (change mode, one card tapped), to play once confirmed."""
    if s.at_screen is None or not s.changing or len(s.chosen) != 1:
        return None
    return Change(s.at_screen, s.chosen[0])


# ---- bots -------------------------------------------------------------------------------------------


def bot_turn(s: QuizTable) -> Turn | None:
    """The bot team's decision to take now, if a bot team is to act (the answers of unrevealed cards: in no view).
    Its ``context`` is the deck and the bot's seed."""
    g = s.game
    if g is None or (step := bot_step(s)) is None:
        return None
    script = next((a for a in s.script if a.team == step.who), None) if g.phase is Phase.CHOOSE else None
    level = bot_level(s.settings, s.remote, step.who)
    assert level is not None
    return Turn(step.who, level, g.view(step.who),
                random.Random(f"{g.seed}:{step.key[0]}:{step.who}"), step.key, script, (g.deck, f"{g.seed}:{step.who}"))


def think(turn: Turn) -> Thinking:
    """The bot team of ``turn`` deciding on its team's view (well under a slice: it decides at once)."""
    from thousand.bots import make_bot

    return Decided(make_bot(turn.level, *turn.context).decide(turn.view, turn.rng))


def acting(s: QuizTable, key: Key) -> BotActs | None:
    """The bot team to act of ``key``, if the table is still where that bot saw it."""
    return bots.acting(bot_step(s), s.serial, key)


#: A bot team's decision on the quiz's table: its panel says it is thinking for the table's pace, then it plays.
BOT_STEPS: BotSteps[QuizTable] = BotSteps(
    acting=acting,
    thinking=lambda s, who: with_shell(s, thinking=who.who),
    play=lambda s, action, rest: apply(with_shell(s, thinking=None), action),
    pace=lambda s: SPEEDS[s.settings.speed],
)
