"""Zéro à 1000 as a plug-in of the shell (``tabletop.plugin.Plugin``), registered under the name ``quiz``."""

from __future__ import annotations

import random
from dataclasses import replace

from tabletop import saving
from tabletop.effects import Effects, Load
from tabletop.notes import with_shell
from tabletop.plugin import Fields, Launch, Plugin
from tabletop.remote import outbox, with_phones
from tabletop.widgets import Screen, parts
from thousand.deck import Deck

from .actions import Command
from .commands import handle
from .own import CARDS, PREF, OwnCommand, use_of
from .phones import PHONES
from .present import present as present_table
from .saved import KEEPER, docs
from .screens import RevealView, answers_of
from .settings import SPEEDS
from .table import Page, QuizTable, mix_of, page, questions, shown_plays
from .texts import LANGUAGES
from .tutorial import dress, offered
from .view import QuizView


def leaks(state: QuizTable, screen: Screen) -> list[str]:
    """Answers drawn that are not turned over yet (Q16): only the plays of the reveal turned over so far, and at
    the end the guessed last cards, may show theirs; a round's outcome (who is furthest, the new target: an answer)
    only once every play is up."""
    allowed = {c.id for p in shown_plays(state) for c in p.cards}
    g = state.game
    if g is not None and g.is_over and page(state) is Page.END:
        allowed |= {r.card.id for r in g.guess_results}
    early = ["the outcome before the reveal" for v in parts(screen.body, RevealView)
             if (v.results or v.choices) and not all(p.shown for p in v.plays)]
    return sorted({a.id for a in answers_of(screen.body)} - allowed) + early


def present(state: QuizTable) -> Screen:
    """The quiz's screen, with the tutorial's button, lesson and cue laid over it."""
    return dress(state, present_table(state))


def quiz(deck: Deck | None = None) -> Plugin[QuizTable]:
    """The quiz, dealing from ``deck`` (the shipped one by default)."""

    def launch(start: Launch) -> tuple[QuizTable, Effects]:
        lang = start.lang if start.lang in LANGUAGES else "en"
        state = with_shell(QuizTable(seed_text="" if start.seed is None else str(start.seed),
                                     deck=deck), lang=lang, entropy=random.Random(start.entropy).getrandbits(48),
                                     ids=start.entropy)
        if start.speed in SPEEDS:
            state = with_shell(state, settings=replace(state.settings, speed=start.speed))
        state = replace(state, mix=mix_of(start.pref("quiz.mix"), start.pref("quiz.leave_out"), questions(state)))
        state = with_shell(state, taught=start.pref("quiz.taught") is True, sound=start.pref("sound") is not False,
                           motion=start.pref("motion") is not False)
        state = replace(state, own=replace(state.own, use=use_of(start.pref(PREF))))
        if not state.taught:  # the first visit offers the tutorial
            state = offered(state)
        return state, (*saving.start(KEEPER), Load("quiz-seen"), Load(CARDS))

    return Plugin(
        name="quiz", title="Zéro à 1000", docs=docs(deck), keeper=KEEPER, launch=launch, handle=handle,
        present=with_phones(PHONES, present), commands=(Command, OwnCommand), phones=outbox(PHONES, present),
        models=PHONES.models,
        fields=Fields(typed={"team-name": Command.TEAM_NAME, "team-people": Command.TEAM_PEOPLE,
                             "guess": Command.GUESS_TEXT},
                      changed={"team-kind": Command.TEAM_KIND, "cards-use": OwnCommand.USE}, settings=Command.SET,
                      typed_settings=("seed",),
                      only=("lang", "speed", "seed", "mix")),
        view=QuizView, leaks=leaks,
    )


PLUGIN = quiz()
