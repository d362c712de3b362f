"""Presenters every game shares: the top bar, the notices (worded here from the events the state holds), and
the page's own texts outside a game's view (the "new version" bar, the file picker).

Each takes ``t``, the translation of the game on screen: ``t(key, **params) -> str``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from .notes import Note
from .store import AtRisk
from .widgets import Button, Choice, Confirm, Notice, Notices, Placing, Podium, TopBar

Translate = Callable[..., str]


class Nav(StrEnum):
    """The bar's and the notices' commands, the same in every game (``data-action`` hooks)."""

    GAMES = "games"
    SHEET = "sheet"
    RULES = "rules"
    NEW_SETUP = "new-setup"
    NEW_SETUP_YES = "new-setup-yes"
    CANCEL = "cancel"
    DISMISS = "dismiss"
    BACK = "back"


def top_bar(t: Translate, lang: str, languages: dict[str, str], *, brand: str, label: str, overlay: str | None,
            game: Any, setting_up: bool, confirm_new: bool) -> TopBar:
    """A game's bar (``brand``: the game's name; ``label``: the bar's name for screen readers; ``overlay``: the
    page open over the game, ``"sheet"`` or ``"rules"``; ``game``: the one on the table, if any): the way back
    to the choice of game (between games), score sheet, rules, new game (while playing), language."""
    sheet_open, rules_open = overlay == Nav.SHEET, overlay == Nav.RULES
    playing = game is not None and not setting_up
    between = game is None or setting_up or bool(game.is_over)
    nav = [
        Button(Nav.SHEET, t("nav.sheet"), pressed=sheet_open),
        Button(Nav.RULES, t("nav.rules"), pressed=rules_open),
    ]
    if playing:
        nav.append(Button(Nav.NEW_SETUP, t("nav.new_game"), pressed=confirm_new))
    if between:
        nav.insert(0, Button(Nav.GAMES, t("nav.games")))
    language = Choice("lang", t("nav.language"), lang, tuple(languages.items()))
    return TopBar(brand, label, tuple(nav), language)


def ranks(scores: list[float] | tuple[float, ...], *, lowest_wins: bool) -> tuple[int, ...]:
    """Each entry's place (1 is best; equal scores share a place and the next place is skipped: 1, 1, 3)."""
    sign = 1 if lowest_wins else -1
    return tuple(1 + sum(1 for other in scores if sign * other < sign * value) for value in scores)


def placings(t: Translate, entries: list[tuple[str, str, str]], places: tuple[int, ...], *,
             here: tuple[int, ...] = (), team: bool = False, opening: tuple[str, ...] = ()) -> Podium:
    """The final placings: ``entries`` (name, score, detail) with their ``places`` (``ranks``), best first; ``here``:
    the entries played at this screen (one: "You finished in 2nd place", "Your team…" for a ``team``; several: each
    by name with its place); ``opening``: what the screen says before them (its heading, who won), for the
    announcement of the whole podium in order."""
    order = sorted(range(len(entries)), key=lambda i: (places[i], i))
    lines = tuple(Placing(t(f"place.{min(places[i], 5)}"), entries[i][0], entries[i][1], entries[i][2],
                          places[i] == 1, places[i], i in here) for i in order)
    placed = {i: t(f"placed.{min(places[i], 5)}") for i in here}
    if len(here) == 1:
        yours: tuple[str, ...] = (t("finish.team" if team else "finish.you", place=placed[here[0]]),)
    else:
        yours = tuple(t("finish.name", name=entries[i][0], place=placed[i]) for i in order if i in here)
    said = (*opening, t("place.heard"), *(t("place.line", place=p.place, name=p.name, score=p.score) for p in lines),
            *(t("finish.said", line=line) for line in yours))
    return Podium(t("place.label"), lines, yours, " ".join(x for x in said if x))


def date_text(t: Translate, moment: str) -> str:
    """The day of an ISO timestamp (``2025-03-01T…``) as the language writes it ("1 Mar 2025", "1 mars 2025",
    "1. März 2025"); a text that is not one is shown as it is."""
    try:
        year, month, day = (int(part) for part in moment[:10].split("-"))
    except ValueError:
        return moment[:10]
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return moment[:10]
    return t("date.format", day=day, month=t(f"month.{month}"), year=year)


def more_options(t: Translate, command: StrEnum, shown: bool) -> Button:
    """The set-up's toggle for its options out of the way (the deal number, the device's settings)."""
    return Button(command, t("setup.more"), pressed=shown)


def switches(t: Translate, *, motion: bool, sound: bool) -> tuple[Choice, ...]:
    """This device's switches among a set-up's options, the same in every game (``prefs.switched`` reads a choice):
    motion (what travels, an ending's celebration) and sound."""
    states = (("on", t("setup.on")), ("off", t("setup.off")))
    return (Choice("motion", t("setup.motion"), "on" if motion else "off", states),
            Choice("sound", t("setup.sound"), "on" if sound else "off", states))


def at_risk_params(risk: AtRisk, t: Translate) -> dict[str, str]:
    """The ``{kept}`` and ``{lost}`` lists of ``storage.at-risk``, in the language of ``t``."""
    kept = [t("storage.kept-sheet", count=risk.kept_items)] if risk.kept_items else []
    if risk.kept_slot:
        kept.append(t("storage.kept-match"))
    lost = []
    if risk.slot:
        lost.append(t("storage.lost-match"))
    if risk.items:
        lost.append(t("storage.lost-finished", count=risk.items))
    if risk.damaged:
        lost.append(t("storage.lost-damaged"))
    return {"kept": "; ".join(kept) or t("storage.nothing"), "lost": "; ".join(lost) or t("storage.nothing")}


def note_text(note: Note, t: Translate) -> str:
    """A notice's sentence in the language on screen."""
    params = dict(note.params)
    risk = params.pop("risk", None)
    if isinstance(risk, AtRisk):
        params.update(at_risk_params(risk, t))
    return t(note.key, **params)


def notices(notes: tuple[Note, ...], t: Translate, leave: tuple[str, str, str] | None = None, *,
            compact: bool = False) -> Notices:
    """The notices, oldest first, and the question before leaving a game in progress (``leave``: the game's
    question, its detail and the yes, when it is asked).  ``compact`` over a game's play area: a notice is one
    line there, in a strip of its own above the game (never over it), and a tap opens its words and buttons."""
    items = tuple(
        Notice(n.key, note_text(n, t), n.alert,
               tuple(Button(action, t(label), arg=arg) for action, arg, label in n.actions),
               Button(Nav.DISMISS, t("notice.dismiss"), arg=n.key))
        for n in notes
    )
    ask = None
    if leave is not None:
        question, detail, yes = leave
        ask = Confirm(question, detail, Button(Nav.NEW_SETUP_YES, yes),
                      Button(Nav.CANCEL, t("leave.no"), primary=True, key="Escape"), danger=True)
    return Notices(t("notice.area"), items, ask, compact)


#: The page's elements outside a game's view (``index.html``), by id, and their texts' keys.
CHROME = (("update-message", "update.message"), ("update-reload", "update.reload"), ("update-later", "update.later"))


def chrome(t: Translate) -> tuple[tuple[str, str], ...]:
    """The texts of the page's own elements, by element id (``"picker"``: the file picker's label)."""
    return (*((node, t(key)) for node, key in CHROME), ("picker", t("storage.import")))
