"""Zero as a plug-in of the shell (``tabletop.plugin.Plugin``), registered under the name ``zero``."""

from __future__ import annotations

from dataclasses import replace

from tabletop import saving
from tabletop.effects import Effects
from tabletop.notes import notify, with_shell
from tabletop.plugin import Fields, Launch, Plugin
from tabletop.remote import outbox, with_phones
from tabletop.widgets import Screen
from zero_game import Swap

from .actions import Command
from .commands import handle
from .i18n import LANGUAGES
from .keeper import KEEPER, docs
from .phones import PHONES
from .present import present
from .screens import cards_shown
from .settings import SPEEDS
from .table import Table, table_round, visible_hand
from .view import View


def launch(start: Launch) -> tuple[Table, Effects]:
    """Zero's first state: the set-up (a saved match, once read, takes over), and reading its documents."""
    lang = start.lang if start.lang in LANGUAGES else "en"
    state = with_shell(Table(seed=start.seed), entropy=start.seed if start.seed is not None else start.entropy,
                       ids=start.entropy)
    state = with_shell(state, lang=lang, sound=start.pref("sound") is not False,
                       motion=start.pref("motion") is not False, taught=start.pref("zero.taught") is True)
    if start.speed in SPEEDS:
        state = with_shell(state, settings=replace(state.settings, speed=start.speed))
    if not state.taught:  # withdrawn if a saved match is resumed (see ``keeper.ZeroKeeper.resume``)
        state = notify(state, "tutorial.offer", actions=((Command.TUTORIAL, "", "tutorial.start"),))
    return state, saving.start(KEEPER)


def leaks(state: Table, screen: Screen) -> list[str]:
    """Cards of a hand that may not be in the page now (``visible_hand``), drawn anyway: only cards everyone saw
    taken may be."""
    m = state.match
    r = table_round(state)
    if m is None or r is None:
        return []
    shown = visible_hand(state)
    drawn = cards_shown(screen)
    public = {t.action.take.slug for t in r.history if isinstance(t.action, Swap)}
    return [f"seat {seat}: {card.slug}" for seat in range(m.players) if seat not in shown
            for card in r.hand(seat) if card.slug in drawn and card.slug not in public]


PLUGIN = Plugin(
    name="zero", title="Zero", docs=docs(), keeper=KEEPER, launch=launch, handle=handle,
    present=with_phones(PHONES, present), phones=outbox(PHONES, present),
    models=PHONES.models,
    commands=(Command,),
    fields=Fields(typed={"seat-name": Command.SEAT_NAME}, changed={"seat-kind": Command.SEAT_KIND},
                  settings=Command.SET),
    view=View, leaks=leaks,
    # The bots' modules, imported in slices while people read the first screen, so that the first bot turn
    # thinks in short slices.
    warm_up=tuple(f"zero_game/bots/{name}.py" for name in ("sim", "base", "simple", "hard", "__init__")),
)
