"""Zero as a plug-in of the shell (``tabletop.plugin.Plugin``): its state, ``handle``, ``present``, documents
and painter, registered under the name ``zero`` (``tabletop.registry``)."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import Any

from tabletop import saving
from tabletop.effects import Do, Effects
from tabletop.notes import notify
from tabletop.plugin import Launch
from tabletop.present import Nav
from tabletop.regions import Host
from tabletop.saving import Data
from tabletop.store import Spec
from tabletop.widgets import Screen
from zero_game import Swap

from .actions import Command
from .commands import handle as handle_message
from .i18n import LANGUAGES
from .keeper import KEEPER, docs
from .present import present as present_table
from .screens import cards_shown
from .settings import SPEEDS
from .table import Table, table_round, visible_hand
from .view import View


def command(action: str) -> StrEnum | None:
    """The command a ``data-action`` names (Zero's, the bar's or the saved data's), or ``None``."""
    for kind in (Command, Nav, Data):
        try:
            return kind(action)
        except ValueError:
            continue
    return None


class Zero:
    """Reiner Knizia's card game."""

    name = "zero"
    title = "Zero"
    # The bots' modules, imported in slices while people read the first screen, so the first bot turn thinks
    # in short slices.
    warm_up = tuple(f"zero_game/bots/{name}.py" for name in ("sim", "base", "simple", "hard", "__init__"))

    keeper = KEEPER

    def __init__(self) -> None:
        self.docs: tuple[Spec[Any], ...] = docs()

    def launch(self, start: Launch) -> tuple[Table, Effects]:
        lang = start.lang if start.lang in LANGUAGES else "en"
        state = Table(lang=lang, seed=start.seed, entropy=start.seed if start.seed is not None else start.entropy,
                      ids=start.entropy, sound=start.pref("sound") is not False,
                      motion=start.pref("motion") is not False, taught=start.pref("zero.taught") is True)
        if start.speed in SPEEDS:
            state = replace(state, settings=replace(state.settings, speed=start.speed))
        if not state.taught:  # withdrawn if a saved match is resumed (see ``keeper.ZeroKeeper.resume``)
            state = notify(state, "tutorial.offer", actions=((Command.TUTORIAL, "", "tutorial.start"),))
        return state, saving.start(KEEPER)

    def handle(self, state: Table, message: object) -> tuple[Table, Effects]:
        return handle_message(state, message)

    def present(self, state: Table) -> Any:
        return present_table(state)

    def message(self, action: str, arg: str = "") -> Do | None:
        cmd = command(action)
        return Do(cmd, arg) if cmd is not None else None

    def field(self, name: str, value: str, typing: bool) -> Do | None:
        base, _, arg = name.partition(":")
        if base == "seat-name":
            return Do(Command.SEAT_NAME, arg, value) if typing else None  # taken as typed
        if typing:
            return None
        if base == "seat-kind":
            return Do(Command.SEAT_KIND, arg, value)
        return Do(Command.SET, base, value)

    def view(self, host: Host) -> View:
        return View(host)

    def leaks(self, state: Table, screen: Screen) -> list[str]:
        """Cards of a hand that may not be in the page now (``visible_hand``), drawn anyway: only cards
        everyone saw taken may be."""
        m = state.match
        if m is None:
            return []
        shown = visible_hand(state)
        drawn = cards_shown(screen)
        r = table_round(state)
        assert r is not None
        public = {t.action.take.slug for t in r.history if isinstance(t.action, Swap)}
        return [f"seat {seat}: {card.slug}" for seat in range(m.players) if seat not in shown
                for card in r.hand(seat) if card.slug in drawn and card.slug not in public]


PLUGIN = Zero()
