"""The screen models every game shares: frozen plain data a painter draws, every text already translated.

A game's screen is a :class:`Screen`: the bar, the notices, one body of the game's own models, the live
region's sentence, and what the runtime needs to know without asking the page: where focus starts
(``focus``) and which keys do what (``keys``).  A model equal to the last one drawn is not drawn again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Button:
    """A control: ``action`` (a game's or the shell's command) and ``arg`` are what it asks for; ``key`` its
    keyboard shortcut (shown to assistive technology; the screen's ``keys`` carry it out)."""

    action: StrEnum
    label: str
    arg: str = ""
    primary: bool = False
    disabled: bool = False
    key: str = ""
    pressed: bool | None = None
    description: str = ""  # said by screen readers and shown on hover, for a short label
    cued: bool = False  # a tutorial asks for this tap next (drawn with the dashed ring)


@dataclass(frozen=True)
class Choice:
    """A drop-down setting: ``options`` are (value, label) pairs."""

    field: str
    label: str
    value: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Confirm:
    """A question with a yes and a no (a move, deleting data, leaving a game), drawn as a modal dialog.

    ``no`` is the safe answer: Escape gives it.  The answer that starts with the focus is the primary one, and it
    comes first in reading order (``answers``): where the question guards data or a game (``danger``), that is the
    safe "No"; for a move the player has just chosen in two steps (Zero's swap or knock), the move, with Cancel
    beside it.  ``also`` is a third answer between the two (replace the own questions, or add them).  Once answered,
    the focus goes back to the control that had it, or, for a question that ends or restarts a turn (``restart``),
    to where the screen starts."""

    text: str
    detail: str
    yes: Button
    no: Button
    danger: bool = False
    also: Button | None = None
    restart: bool = False

    def answers(self) -> tuple[Button, ...]:
        """The answers in reading order: the one focused first (the primary), then the rest."""
        rest = tuple(b for b in (self.yes, self.also, self.no) if b is not None)
        first = next((b for b in rest if b.primary), self.no)
        return (first, *(b for b in rest if b is not first))


@dataclass(frozen=True)
class SetupRow:
    """One row of a game's set-up, a seat or a team: its heading, who plays it (``kind``), its name box while people
    play it (``editable``; else the bot's name), its remove button.  The box owns its text while typed: ``name`` is
    not compared."""

    index: int
    heading: str
    kind: Choice
    editable: bool
    bot_name: str
    name_label: str
    placeholder: str
    remove: Button | None
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class SetupPage:
    """A game's set-up screen: its heading and intro, the button that adds a row (a seat or a team: the game's page
    holds its rows), the options, the start, the way back to a game under way, the toggle of the options kept
    out of the way (``more``), and this device's switches drawn among them (``switches``: motion and sound)."""

    heading: str
    intro: str
    add: Button | None
    options: tuple[Choice, ...]
    start: Button
    back: Button | None = field(default=None, kw_only=True)
    more: Button | None = field(default=None, kw_only=True)
    switches: tuple[Choice, ...] = field(default=(), kw_only=True)


@dataclass(frozen=True)
class EndPage:
    """A game's end: its heading, the banner (who won), what next (``actions``: none on a phone) and the podium;
    a game's page adds how it came to that (``more``: its name, for the part of the page that holds it)."""

    heading: str
    banner: str
    actions: tuple[Button, ...]
    podium: Podium | None = field(default=None, kw_only=True)
    more: str = field(default="", kw_only=True)
    celebrate: bool = field(default=True, kw_only=True)  # steps rise, confetti falls (``OnCore.celebrates``)


@dataclass(frozen=True)
class TopBar:
    """The page's bar: the game's name, the navigation and the language."""

    brand: str
    label: str
    nav: tuple[Button, ...]
    language: Choice


@dataclass(frozen=True)
class Notice:
    """A message shown above the screen until dismissed: ``alert`` for problems."""

    key: str
    text: str
    alert: bool
    actions: tuple[Button, ...]
    dismiss: Button


@dataclass(frozen=True)
class Notices:
    """The notice area, and the question before leaving a game."""

    label: str
    items: tuple[Notice, ...] = ()
    ask: Confirm | None = None
    compact: bool = False  # over a game's play area: each notice one line, opened by a tap (its words, its buttons)


@dataclass(frozen=True)
class HandoffView:
    """The full-screen hand-off: nothing private on it."""

    heading: str
    detail: str
    ready: Button


@dataclass(frozen=True)
class Lesson:
    """A tutorial's words for the step on screen (why a tap was refused first, if one was), what to tap, and its
    way out."""

    heading: str
    text: str
    skip: Button
    refused: bool = False
    ask: str = ""  # the tap the step asks for, in words: always in view (the text may scroll)


@dataclass(frozen=True)
class RulesView:
    """A game's rules page."""

    heading: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    back: Button
    tutorial: Button | None = None


@dataclass(frozen=True)
class SheetPage:
    """A game's score-sheet page: its finished games (``history``: the game's own entries, newest first), statistics
    by player (``columns``; ``stats``: a line each, its name first), its data and their tools (``tools``, with the
    question one asks: ``confirm``), and the way back.  A game's page adds its own parts."""

    heading: str
    history_heading: str
    history: tuple[Any, ...]
    history_empty: str
    stats_heading: str
    columns: tuple[str, ...]
    stats: tuple[tuple[str, ...], ...]
    stats_empty: str
    data_heading: str
    data_hint: str
    tools: tuple[Button, ...]
    confirm: Confirm | None
    back: Button


@dataclass(frozen=True)
class Placing:
    """One line of a game's final placings: its place ("1st", shared places alike) and ``rank`` (1 for the best: the
    step it stands on), who, their score, ``detail`` (a team's players), and whether it is played at this screen
    (``here``: "you", or one of the people at the tablet)."""

    place: str
    name: str
    score: str
    detail: str = ""
    winner: bool = False
    rank: int = 1
    here: bool = False


@dataclass(frozen=True)
class Podium:
    """A game's end as a moment: the placings, winners first (``tabletop.present.placings``); where the people at this
    screen finished (``yours``: "You finished in 2nd place", or each of them by name); the whole of it in words, in
    order, for screen readers (``said``)."""

    label: str
    places: tuple[Placing, ...]
    yours: tuple[str, ...] = ()
    said: str = ""


@dataclass(frozen=True)
class Key:
    """A keyboard shortcut of a screen: ``key`` (a ``KeyboardEvent.key``) gives ``action``/``arg``.

    ``fields`` says whether it also works while typing in a text box (Enter in the quiz's guess box).
    """

    key: str
    action: StrEnum
    arg: str = ""
    fields: bool = False


ACTIVATING = ("Enter", " ")  # the keys a focused control answers itself (a button's press, a box's submit)


def shortcut(keys: tuple[Key, ...], key: str, focused: str) -> Key | None:
    """The screen's shortcut that ``key`` gives, where the focus is ``focused``: ``"text"`` (a text box or
    a list box), ``"control"`` (a button, link or check box) or ``""`` (nothing that takes keys).

    A key does what the focused control says: Enter or Space on a button presses that button, never a
    screen-wide action behind it (Enter on "+200" must not play the pick without the power); in a text box
    only the shortcuts made for typing (``fields``) apply.
    """
    for k in keys:
        if k.key != key:
            continue
        if focused == "text" and not k.fields:
            continue
        if focused == "control" and key in ACTIVATING:
            continue
        return k
    return None


# ---- the shell's screens for phones (``tabletop.remote``, ``tabletop.phone``) ----------------------------------


@dataclass(frozen=True)
class QrView:
    """A QR code: its side in modules and one SVG path of its dark modules (``tabletop.qr``); ``text`` is what it
    holds (for people who cannot scan: a link to open)."""

    size: int
    path: str
    label: str
    text: str = ""


@dataclass(frozen=True)
class PhoneRow:
    """One phone seat on the tablet: its name, how it stands, what the host may do."""

    seat: int
    name: str
    status: str
    linked: bool
    actions: tuple[Button, ...]


@dataclass(frozen=True)
class PhonesBar:
    """The tablet's list of phone seats, above the game."""

    label: str
    rows: tuple[PhoneRow, ...]


@dataclass(frozen=True)
class PairingView:
    """The tablet's pairing screen for one seat: the code its phone scans, the camera for the phone's code."""

    heading: str
    steps: tuple[str, ...]
    code: QrView | None
    waiting: str  # while the code is prepared
    short: str  # the relay's short code ("" without a relay)
    scan: Button
    scanning: bool
    scanner_label: str
    status: str
    problem: str
    others: tuple[Button, ...]  # the other phone seats' pairing screens
    close: Button


@dataclass(frozen=True)
class JoinView:
    """A phone's own screen while it is not showing the table's: joining, its code for the tablet, away, refused."""

    heading: str
    text: str
    code: QrView | None
    detail: str = ""
    actions: tuple[Button, ...] = ()
    field: str = ""  # the label of the box for a short code ("" without)
    scanning: bool = False
    scanner_label: str = ""


@dataclass(frozen=True)
class WaitView:
    """A phone's screen while the table has nothing for it (the host is setting up a game)."""

    heading: str
    text: str


@dataclass(frozen=True)
class Screen:
    """Everything a painter draws, and how the page behaves around it.

    ``focus`` lists where focus starts (CSS selectors, the first that matches) when the screen opens or its
    ``moment`` changes (a team's turn starts while the screen stays); ``keys`` are its shortcuts; ``game``
    is the plug-in's name (``data-game`` on the page); ``brand`` and ``tagline`` the page's heading.
    ``motion`` and ``sound`` say whether the game's view makes a change felt (cards that travel) and heard (its
    chimes): this device's switches, both off on a phone, which shows screens only (``tabletop.phone``).
    """

    name: str
    game: str
    lang: str
    title: str
    brand: str
    tagline: str
    table_label: str
    top: TopBar | None
    notices: Notices
    live: str
    body: object  # the game's own model of the screen's body (its painter's ``body`` draws it)
    focus: tuple[str, ...] = ("h1",)
    keys: tuple[Key, ...] = ()
    moment: str = ""
    chrome: tuple[tuple[str, str], ...] = ()  # the page's own elements' texts, by id (``tabletop.present.chrome``)
    guard: StrEnum | None = None  # a hand-off's button: only a deliberate press gives it (``deliberate_press``)
    flags: tuple[tuple[str, str], ...] = ()  # the page body's ``data-*`` flags (``motion``: on or off)
    ready: tuple[str, ...] = ()  # what is ready, as ``data-<name>="ready"`` on the page (``sheet``: read)
    phones: PhonesBar | None = None  # the seats played on phones, above the game
    motion: bool = False  # the view's motion (``Regions.before``/``after``); the CSS's is ``flags``' ``motion``
    sound: bool = False  # the view's sounds, and a tap starts the audio (``Regions.pressed``)


def deliberate_press(clicks: int, pressed_at: float, handoff_at: float) -> bool:
    """Whether a press on a hand-off's button is a new act, not the tail of the last person's (any game).

    The second click of a double-click (``clicks`` 2) and a press that began before the hand-off
    appeared are tails; ``clicks`` 0 is a key press on the button (reached only by Tab) or a script.
    """
    return clicks == 0 or (clicks == 1 and pressed_at >= handoff_at)


def parts(model: object, kind: type[T]) -> list[T]:
    """Every ``kind`` inside a screen model, however deep (a privacy check's cards, a test's buttons)."""
    found: list[T] = []

    def walk(item: object) -> None:
        if isinstance(item, kind):
            found.append(item)
        elif isinstance(item, (tuple, list)):
            for part in item:
                walk(part)
        elif hasattr(item, "__dataclass_fields__"):
            for name in item.__dataclass_fields__:
                walk(getattr(item, name))

    walk(model)
    return found
