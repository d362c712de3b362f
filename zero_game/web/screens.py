"""Zero's screen models: frozen plain data the renderer draws, one model per region of the page.

Every text in them is already translated; a model equal to the last one drawn is not drawn again.  The
pieces every game shares (buttons, choices, the bar, notices, the hand-off, the rules page, the screen
itself) are the shell's, from ``tabletop.widgets``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.widgets import (
    Button,
    Choice,
    Confirm,
    EndPage,
    HandoffView,
    RulesView,
    SetupPage,
    SetupRow,
    SheetPage,
    parts,
)


@dataclass(frozen=True)
class CardView:
    """A card as drawn: ``slug`` like ``red-7``; ``hint`` is e.g. the score a swap would give."""

    slug: str
    colour: str
    number: int
    label: str
    selected: bool = False
    cleared: bool = False
    hint: str = ""
    motion: str = ""
    note: str = ""
    cued: bool = False  # the tutorial asks for this card now


# ---- set-up and hand-off --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSetup(SetupRow):
    """One seat row of the set-up screen (a bot's seat shows its default name)."""

    about: str = ""  # a bot seat: what its level does and how strong it is, in one line


@dataclass(frozen=True)
class SetupView(SetupPage):
    """The set-up screen: the seats, and the options kept out of the way (``extra``, drawn while ``more`` is
    pressed)."""

    seats: tuple[SeatSetup, ...]
    extra: tuple[Choice, ...] = ()


# ---- the table, by region ------------------------------------------------------------------------


@dataclass(frozen=True)
class StatusView:
    """The table's header: which round, whose turn, the knocks."""

    round_label: str
    status: str
    final: bool
    tools: tuple[Button, ...] = ()  # the move log and the sound toggle, beside the status line


@dataclass(frozen=True)
class SeatInfo:
    """A seat as everyone sees it."""

    seat: int
    name: str
    badge: str
    cards: str
    knocked: str
    dealer: str
    last: str
    last_cards: tuple[CardView, ...]
    turn: bool
    thinking: str
    # The words the seat keeps room for while they are not shown ("Dealer", "Thinking…"), so that a seat keeps
    # its size when they appear and the pool below never moves (issue 36).
    room: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class PoolView:
    """The pool's cards, in their places; ``interactive`` when the person at the screen may take one."""

    label: str
    cards: tuple[CardView, ...]
    interactive: bool


@dataclass(frozen=True)
class ControlsView:
    """What to do now: a prompt, the confirm box (its space kept), the knock and sort buttons."""

    prompt: str
    confirm: Confirm | None
    actions: tuple[Button, ...]
    reserve: bool  # keep the confirm box's space (it may appear this turn)
    hint: str = ""  # the hard bot's advice, when asked (or the tutorial's lesson)
    cue: str = ""  # the action whose button the tutorial asks for now


@dataclass(frozen=True)
class HandView:
    """A hand the person at the screen may see, grouped, with its score."""

    label: str
    groups: tuple[tuple[CardView, ...], ...]
    score: str
    detail: tuple[str, ...]


@dataclass(frozen=True)
class ZeroMoment:
    """A ZERO, as the round's last move stays on the table: the stamp's words (``title``, ``who``) and the whole of
    it for screen readers (``said``: the live region's, after the move)."""

    title: str
    who: str
    said: str


@dataclass(frozen=True)
class TableView:
    """The table as the person at the screen (or nobody) may see it."""

    status: StatusView
    seats: tuple[SeatInfo, ...]
    seats_label: str
    pool: PoolView
    controls: ControlsView
    hand: HandView | None
    my_turn: bool
    log: LogView | None = None  # the move log, open beside the table (over its seats and pool on narrow screens)
    moment: ZeroMoment | None = None  # a ZERO ended the round: its moment over the pool


# ---- ends of rounds and matches, pages -----------------------------------------------------------


@dataclass(frozen=True)
class RevealedHand:
    """A hand shown face up, with its score: at the end of a round also how it scores, whether it is a ZERO and the
    match total so far; in a replay, as it stands at the step shown."""

    name: str
    cards: tuple[CardView, ...]
    score: str
    detail: tuple[str, ...] = ()
    zero: bool = False
    total: str = ""
    stamp: str = ""  # a ZERO's stamp on its hand at the round's end ("ZERO!")


@dataclass(frozen=True)
class SheetView:
    """The score sheet: rounds down, players across, totals at the bottom.

    ``marks[r][p]`` is a short word after player ``p``'s score in round ``r``: a ZERO, or the 2nd knock.
    """

    heading: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[str, ...]
    leaders: tuple[int, ...]
    marks: tuple[tuple[str, ...], ...] = ()
    legend: str = ""
    label: str = ""


@dataclass(frozen=True)
class LogRound:
    """One round of the move log: a heading, then one sentence per move, oldest first."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LogView:
    """The move log page: the rounds so far, newest first."""

    heading: str
    rounds: tuple[LogRound, ...]
    back: Button


@dataclass(frozen=True)
class RoundEndView:
    """The move that ended the round, every hand revealed, the round's moves, and the sheet so far."""

    heading: str
    banner: str
    hands: tuple[RevealedHand, ...]
    sheet: SheetView
    next: Button
    last_move: str = ""
    log: LogRound | None = None
    moves: Button | None = None  # the round's moves on a page of their own (where they do not fit beside)


@dataclass(frozen=True)
class MatchEndView(EndPage):
    """The winner(s), the final sheet, and play-again."""

    sheet: SheetView


@dataclass(frozen=True)
class HistoryEntry:
    """One finished match in the history list: its date, each player with a total, the winners."""

    date: str
    rounds: str
    players: tuple[tuple[str, str, bool], ...]  # (name, total, won)
    winners: str
    assists: str = ""  # the help used (undo, hints), if any
    replays: tuple[Button, ...] = ()  # one per round that can be replayed


@dataclass(frozen=True)
class SheetPageView(SheetPage):
    """The score-sheet page: this match (if any) above the history (``HistoryEntry``), statistics by player (a person
    by name, or all bots of a level: matches, wins, average, zeros, best round), and the data tools."""

    current: SheetView | None = None


@dataclass(frozen=True)
class ReplayView:
    """A finished round replayed: where it stands, the move just made, the pool, every hand, the buttons."""

    heading: str
    step: str
    said: str
    pool: tuple[CardView, ...]
    hands: tuple[RevealedHand, ...]  # every hand: the round is over
    buttons: tuple[Button, ...]
    back: Button
    pool_label: str = ""


Body = (SetupView | HandoffView | TableView | RoundEndView | MatchEndView | SheetPageView | RulesView | LogView
        | ReplayView)


def cards_shown(value: object) -> set[str]:
    """Every card slug a screen model would draw (for privacy checks)."""
    return {c.slug for c in parts(value, CardView)}
