"""Pig as a plug-in of the shell (``tabletop.plugin.Plugin``): everything a game writes to be hosted.

The state holds Pig's own fields and the shell's ``Core`` (``tabletop.core``), which only the shell changes.
No score sheet: the keeper keeps the game in progress only.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from tabletop import core, nav, saving
from tabletop.core import Core, OnCore
from tabletop.documents import DocType
from tabletop.effects import After, Download, Effects
from tabletop.errors import DataError
from tabletop.i18n import LANGUAGES, SHELL, catalog
from tabletop.ids import new_id
from tabletop.notes import with_shell
from tabletop.paint import Painter
from tabletop.plugin import Fields, Launch, Plugin
from tabletop.present import Nav, Translate, chrome, notices
from tabletop.regions import one_region
from tabletop.replay import replay_saved
from tabletop.store import Shape, Spec, Steps
from tabletop.update import Update
from tabletop.widgets import Button, Choice, EndPage, Screen, TopBar, parts

from .. import HOLD, ROLL, SEATS, Pig, bot_move

DOMAIN = __name__.removesuffix(".web.plugin")  # its package, wherever it is registered from (its texts)
KINDS = ("people", "medium")  # who plays a seat: a person at the tablet, or the bot
SLOT = "dice-game"
GAME_DOC = DocType("dice-game", 1, "saved game", "Pig")
BOT_PAUSE = 0.4


class Command(StrEnum):
    """Pig's buttons and fields (``data-action``)."""

    START = "dice-start"
    ROLL = "dice-roll"
    HOLD = "dice-hold"
    AGAIN = "dice-again"
    SET = "dice-set"


@dataclass(frozen=True)
class BotMove:
    """The bot's pause is over: it moves."""

    serial: int


@dataclass(frozen=True)
class DiceTable(OnCore):
    core: Core = Core()
    seed: int = 0
    kinds: tuple[str, ...] = ("people", "medium")
    game: Pig | None = None
    game_id: str = ""


@dataclass(frozen=True)
class Die:
    """A face shown (``index``: which roll of the game it is)."""

    index: int
    face: int


@dataclass(frozen=True)
class SetupView:
    heading: str
    intro: str
    seats: tuple[Choice, ...]
    start: Button


@dataclass(frozen=True)
class PlayView:
    heading: str
    scores: tuple[str, ...]
    last: Die | None
    said: str
    buttons: tuple[Button, ...]


Result = tuple[DiceTable, Effects]


def words(lang: str) -> Translate:
    return catalog(lang, (SHELL, DOMAIN)).t


def name_of(s: DiceTable, seat: int) -> str:
    return words(s.lang)("seat", number=seat + 1)


# ---- saving -----------------------------------------------------------------------------------------------


def _read(text: str, salvage: bool) -> Steps[tuple[dict[str, Any], list[str]]]:
    yield
    data = GAME_DOC.parse(text)
    if not isinstance(data, dict) or data.get("type") != GAME_DOC.tag:
        raise DataError("not a saved game of Pig")
    return data, []


def _dump(value: dict[str, Any]) -> Steps[str]:
    yield
    return json.dumps(value)


GAME: Spec[dict[str, Any]] = Spec(SLOT, "zero-knizia:dice-game", GAME_DOC, Shape.SLOT, _read, _dump,
                                  revision=lambda v: int(v.get("revision", 0)),
                                  with_revision=lambda v, n: {**v, "revision": n}, role="game")


class DiceKeeper:
    name, slot, sheet = "pig", SLOT, None

    def playing(self, s: DiceTable) -> bool:
        return s.game is not None and not s.game.is_over

    def saved(self, s: DiceTable, now: str) -> dict[str, object] | None:
        if s.game is None:
            return None
        return {"type": GAME_DOC.tag, "schema": GAME_DOC.schema, "id": s.game_id, "at": now, "serial": s.serial,
                "seed": s.game.seed, "kinds": list(s.kinds), "actions": list(s.game.actions)}

    def ident(self, value: object) -> str:
        return str(saving.narrowed(value, dict, "a saved game of Pig")["id"])

    def finished(self, s: DiceTable, now: str) -> object:
        raise AssertionError("Pig keeps no score sheet")

    def resume(self, s: DiceTable, value: object) -> Result:
        data = saving.narrowed(value, dict, "a saved game of Pig")
        game = replay_saved("game of Pig", lambda: Pig(int(data["seed"])), [str(a) for a in data["actions"]],
                            lambda g, a: g.play(a))
        s = with_shell(replace(s, game=game, game_id=str(data["id"]), kinds=tuple(data["kinds"])),
                       setting_up=False, serial=int(data["serial"]))
        return s, bot_next(s)

    def set_up(self, s: DiceTable) -> Result:
        return with_shell(replace(s, game=None), setting_up=True), ()

    def export(self, s: DiceTable, kind: str, today: str) -> Download | None:
        raise AssertionError("Pig keeps no score sheet")

    def trimmed(self, sheet: object) -> object:
        raise AssertionError("Pig keeps no score sheet")

    def after_save(self, s: DiceTable, now: str) -> Result:
        return s, ()


KEEPER = DiceKeeper()


# ---- the game's part of every change ------------------------------------------------------------------------


def bot_next(s: DiceTable) -> Effects:
    g = s.game
    if g is None or g.is_over or s.setting_up or s.kinds[g.turn] == "people":
        return ()
    return (After(BOT_PAUSE, BotMove(s.serial), key="bot"),)


def settle(before: DiceTable, after: DiceTable, effects: Effects = ()) -> Result:
    """The shell's part (save, or put a finished game away), then Pig's own: wake the bot."""
    people = tuple(seat for seat, kind in enumerate(after.kinds) if kind == "people")
    after, found = core.settle(before, after, effects, was=before.game, game=after.game,
                               changed=after.game != before.game, at_tablet=people, slot=SLOT)
    return after, (*found, *bot_next(after))


def start(s: DiceTable, arg: str, value: str) -> Result:
    serial = s.serial + 1
    rng = random.Random(f"{s.seed}:{serial}")
    game = Pig(rng.getrandbits(32))
    s = with_shell(replace(s, game=game, game_id=new_id(rng)), serial=serial, setting_up=False, overlay=None,
                   persist=replace(s.persist, done=False), recorded=False)
    return s, ()


def move(action: str) -> Any:
    def handler(s: DiceTable, arg: str, value: str) -> Result:
        g = s.game
        if g is None or g.is_over or s.kinds[g.turn] != "people":
            return s, ()
        return replace(s, game=g.play(action)), ()
    return handler


def set_field(s: DiceTable, arg: str, value: str) -> Result:
    if arg == "lang" and value in LANGUAGES:
        return with_shell(s, lang=value), ()
    if arg.startswith("seat-") and value in KINDS and s.setting_up:
        seat = int(arg.removeprefix("seat-"))
        if 0 <= seat < SEATS:
            return replace(s, kinds=tuple(value if i == seat else k for i, k in enumerate(s.kinds))), ()
    return s, ()


def messages(s: DiceTable, message: object) -> Result | None:
    match message:
        case BotMove(serial) if serial == s.serial and s.game is not None and not s.game.is_over:
            if s.kinds[s.game.turn] == "people":
                return s, ()
            return settle(s, replace(s, game=s.game.play(bot_move(s.game))))
        case BotMove():
            return s, ()
    return None


HANDLERS: dict[StrEnum, Any] = {
    **nav.handlers("rules", None, game=lambda s: s.game, leave=lambda s: replace(s, game=None),
                   cancel=lambda s: (s, ())),
    Command.START: start,
    Command.AGAIN: lambda s, a, v: (with_shell(replace(s, game=None), setting_up=True), ()),
    Command.ROLL: move(ROLL),
    Command.HOLD: move(HOLD),
    Command.SET: set_field,
}

handle: Update[DiceTable] = Update("Pig", HANDLERS, settle, KEEPER, messages)


# ---- screens ------------------------------------------------------------------------------------------------


def present(s: DiceTable) -> Screen:
    t = words(s.lang)
    g = s.game
    body: Any
    if s.setting_up or g is None:
        name = "setup"
        seats = tuple(Choice(f"seat-{i}", t("seat", number=i + 1), s.kinds[i],
                             (("people", t("person")), ("medium", t("bot")))) for i in range(SEATS))
        body = SetupView(t("setup"), t("intro"), seats, Button(Command.START, t("start"), primary=True))
    elif g.is_over:
        name = "end"
        winner = g.winner if g.winner is not None else 0
        body = EndPage(t("title"), t("won", name=name_of(s, winner)),
                       (Button(Command.AGAIN, t("again"), primary=True),))
    else:
        name = "play"
        person = s.kinds[g.turn] == "people"
        last = Die(len(g.rolls) - 1, g.rolls[-1]) if g.rolls else None
        body = PlayView(t("turn", name=name_of(s, g.turn), total=g.total),
                        tuple(t("score", name=name_of(s, i), score=g.scores[i]) for i in range(SEATS)),
                        last, t("rolled", face=last.face) if last else "",
                        (Button(Command.ROLL, t("roll"), primary=True), Button(Command.HOLD, t("hold")))
                        if person else ())
    between = g is None or s.setting_up or g.is_over
    top = TopBar(t("title"), t("bar"), (Button(Nav.GAMES, t("nav.games")),) if between else (),
                 Choice("lang", t("nav.language"), s.lang, tuple((code, code) for code in LANGUAGES)))
    return Screen(name=name, game="dice", lang=s.lang, title=t("title"), brand=t("title"), tagline=t("intro"),
                  table_label=t("title"), top=top, notices=notices(s.notes, t), live="", body=body,
                  chrome=chrome(t), moment=f"{name}:{len(g.actions) if g else 0}")


def leaks(s: DiceTable, screen: Screen) -> list[str]:
    """A die shown that is not rolled yet (the rolls to come are the secret)."""
    rolled = len(s.game.rolls) if s.game is not None else 0
    return [f"roll {d.index}" for d in parts(screen.body, Die) if d.index >= rolled]


# ---- the painter --------------------------------------------------------------------------------------------


def paint(p: Painter, body: Any) -> Any:
    panel = p.el("section", "panel dice")
    if isinstance(body, SetupView):
        p.add(panel, p.el("h1", "", body.heading, tabindex="-1"), p.el("p", "intro", body.intro),
              *(p.choice(c) for c in body.seats), p.button(body.start, "big"))
    elif isinstance(body, PlayView):
        scores = p.el("ul", "dice-scores")
        for line in body.scores:
            scores.appendChild(p.el("li", "", line))
        p.add(panel, p.el("h1", "", body.heading, tabindex="-1"), scores,
              p.el("p", "dice-face", body.said) if body.said else None,
              p.buttons("actions", body.buttons) if body.buttons else None)
    else:
        p.add(panel, p.el("h1", "", body.heading, tabindex="-1"), p.el("p", "banner", body.banner),
              p.buttons("actions", body.actions))
    return panel


def launch(start_with: Launch) -> Result:
    lang = start_with.lang if start_with.lang in LANGUAGES else "en"
    seed = start_with.seed if start_with.seed is not None else start_with.entropy
    return DiceTable(Core(lang=lang), seed=seed), saving.start(KEEPER)


PLUGIN = Plugin(
    name="dice", title="Pig", docs=(GAME,), keeper=KEEPER, launch=launch, handle=handle, present=present,
    commands=(Command,), fields=Fields(settings=Command.SET), view=one_region(paint), leaks=leaks,
)
