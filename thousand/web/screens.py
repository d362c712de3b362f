"""The quiz's screen models: frozen plain data the renderer draws, every text already translated.

Shared pieces (buttons, choices, the bar, notices, the hand-off, the rules page, the screen itself) are
the shell's own models from ``tabletop.widgets``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.widgets import Button, EndPage, HandoffView, Lesson, RulesView, SetupPage, SetupRow, SheetPage, parts

from .own import CardsLine, CardsView


@dataclass(frozen=True)
class QuestionView:
    """A question card, question side up: never an answer."""

    id: str
    text: str
    category: str
    category_key: str
    unit: str
    selected: bool = False
    fresh: str = ""  # "new from the deck" after a Change
    interactive: bool = False
    cued: bool = False  # the tutorial asks for this card next
    lang: str = ""  # the language of its text where it is not the page's (a host's question in another language)


@dataclass(frozen=True)
class TeamPanel:
    """A team at the table: its name, what it is doing, its power cards left and its question cards."""

    team: int
    name: str
    badge: str
    status: str
    powers_label: str
    powers: tuple[str, ...]
    cards_label: str
    cards: tuple[QuestionView, ...]
    mine: bool
    thinking: bool
    no_powers: str = ""  # said in words when no power card is left (not drawn as a power card)


@dataclass(frozen=True)
class TargetView:
    """The target in large type, where it comes from, the round and the deck."""

    label: str
    value: str
    detail: str
    round_label: str
    deck: str
    low: str


@dataclass(frozen=True)
class ChooseControls:
    """What the team at the tablet can do: the prompt, power toggles, sum/difference, the summary, play."""

    prompt: str
    powers: tuple[Button, ...]
    combine: tuple[Button, ...]
    summary: str
    confirm: Button | None
    cancel: Button | None
    lesson: Lesson | None = None  # the tutorial's words, in a tutorial


@dataclass(frozen=True)
class ChooseView:
    """The table while the teams choose."""

    target: TargetView
    teams: tuple[TeamPanel, ...]
    teams_label: str
    controls: ChooseControls


@dataclass(frozen=True)
class RevealedAnswer:
    """One card of a turned-over play: its question side (as the teams saw it) and, below, its answer."""

    question: QuestionView
    answer: str

    @property
    def id(self) -> str:
        return self.question.id


@dataclass(frozen=True)
class PlayView:
    """One team's play in the reveal: face down (``backs``: how many cards, laid out where they will be turned over;
    nothing else of the play), or turned over with value and distance; two cards (Two questions) as a pair, ``sign``
    between them once turned (+ for their sum, − for their difference)."""

    team: int
    name: str
    shown: bool
    facedown: str
    cards: tuple[RevealedAnswer, ...] = ()
    powers: str = ""
    value: str = ""
    distance: str = ""
    latest: bool = False
    furthest: bool = False
    backs: int = 0
    sign: str = ""


@dataclass(frozen=True)
class NumberLine:
    """The 0–1000 line: the target and each turned-over value (position, label, latest)."""

    label: str
    target: int
    marks: tuple[tuple[int, str, bool], ...]
    tags: tuple[str, ...] = ()  # words beside each mark (the tie-break's "guess 540"), instead of its number
    target_tag: str = ""  # words beside the target line (the tie-break's "answer 544")
    teams: tuple[int, ...] = ()  # each mark's team: its colour, the same as on its played card


@dataclass(frozen=True)
class RevealView:
    """A round's reveal, one team at a time, then who is furthest, the new target, who draws."""

    heading: str
    target: TargetView
    plays: tuple[PlayView, ...]
    line: NumberLine
    results: tuple[str, ...]
    choices: tuple[Button, ...]
    next: Button | None
    lesson: Lesson | None = None  # the tutorial's words, in a tutorial


@dataclass(frozen=True)
class GuessView:
    """The tie-break of Q14: the team at the tablet writes its guess of its last card's answer."""

    heading: str
    card: QuestionView | None
    prompt: str
    field_label: str
    value: str = field(compare=False, default="")
    confirm: Button | None = None
    intro: str = ""  # the tie-break announced: who is guessing, and why
    error: str = ""  # why the text typed is not a guess


@dataclass(frozen=True)
class EndView(EndPage):
    """The winner(s), how the game ended, the guesses if any, and what next."""

    reason: str
    lines: tuple[str, ...]
    tiebreak: tuple[NumberLine, ...] = ()  # each guessing team's guess and its card's answer, on the line
    tiebreak_heading: str = ""


@dataclass(frozen=True)
class TeamSetup(SetupRow):
    """One team row of the set-up: its name box, then who plays in it (its text is the box's while typed: not
    compared)."""

    people_label: str = ""
    people: str = field(default="", compare=False)


@dataclass(frozen=True)
class QuizSetupView(SetupPage):
    """The quiz's set-up screen: the teams; out of the way (``more``), the deal number and the themes."""

    teams: tuple[TeamSetup, ...]
    seed_label: str
    seed: str = field(default="", compare=False)
    themes_label: str = ""
    themes: tuple[Button, ...] = ()  # one per theme: pressed while it is in the mix
    warning: str = ""  # a mix too small for the teams, said before the deal
    tutorial: Button | None = None  # a scripted first round that teaches the game
    # The first visit's offer of it, in line at the top of the set-up (not a notice floating above the bar): its words
    # and its "Dismiss"; the offer's button is ``tutorial``, drawn there and nowhere else.
    tutorial_offer: str = ""
    tutorial_dismiss: Button | None = None
    cards: CardsLine | None = None  # the host's own questions (``own_page.cards_line``)


@dataclass(frozen=True)
class HistoryLine:
    """One finished quiz in the sheet's history: its date, the teams, who won."""

    date: str
    teams: str
    winners: str


@dataclass(frozen=True)
class QuizSheetView(SheetPage):
    """The quiz's score sheet: finished games (``HistoryLine``), the teams' statistics, then the people's who played in
    teams (a table of their own), its data and the questions seen."""

    seen: str = ""
    people_columns: tuple[str, ...] = ()
    people: tuple[tuple[str, ...], ...] = ()


Body = (QuizSetupView | HandoffView | ChooseView | RevealView | GuessView | EndView | QuizSheetView | RulesView
        | CardsView)


def answers_of(value: object) -> list[RevealedAnswer]:
    """Every answer a screen model would draw (for privacy checks)."""
    return parts(value, RevealedAnswer)
