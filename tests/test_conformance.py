"""Every registered game, through the page's own runtime (as OpenSpiel's ``games_sim_test`` runs every game):
seeded whole games with bots in every seat, played by taps on what each screen presents; on every screen
drawn, no secret (``Plugin.leaks``) and every button a command the game handles; a reload part-way resumes
the same game on the same screen; the finished game lands on the game's own score sheet, once.

A new game passes these by being registered (``tabletop.registry``): nothing here names a game.  The third game,
Pig (``tests/dice``), is registered for these tests only (``registered``): the site does not offer it.
"""

from __future__ import annotations

import random

import pytest

from tabletop import registry
from tabletop.effects import Read
from tabletop.errors import DataError
from tabletop.present import Nav
from tabletop.store import Loaded
from tabletop.widgets import Button, Choice, Screen, parts
from tests.dice import ENTRY as TEST_GAME
from tests.harness import FakeStorage, TableRun

GAMES = [g.name for g in (*registry.GAMES, TEST_GAME)]
SEEDS = range(4)
LEVEL = "medium"  # a bot level every game offers


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry with the test game's line added, as a new game adds its own."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, TEST_GAME))


def bots_everywhere(run: TableRun) -> None:
    """On the set-up screen, every seat (or team) that may be a bot becomes one, by the screen's own fields."""
    for choice in parts(run.screen.body, Choice):
        if any(value == LEVEL for value, _ in choice.options) and choice.value != LEVEL:
            run.field(choice.field, LEVEL)


def body_buttons(screen: Screen) -> list[Button]:
    """The buttons of the screen's body that move the game on (not the bar's or the notices')."""
    return [b for b in parts(screen.body, Button) if not b.disabled and not isinstance(b.action, Nav)]


def check(run: TableRun, screen: Screen) -> None:
    """One drawn screen: nothing private shown, every button a message the game takes without error."""
    assert run.plugin.leaks(run.state, screen) == [], screen.name
    for button in parts(screen, Button):
        message = run.plugin.message(str(button.action), button.arg)
        assert message is not None, f"{screen.name}: {button.action!r} is no command of {run.plugin.name}"
        run.plugin.handle(run.state, message)  # pure: the state is not changed, it must not fail


def play(name: str, seed: int, *, reload_at: int | None = None) -> tuple[TableRun, FakeStorage]:
    """A whole game of bots, started and stepped by taps on each screen's first button; reloaded once at step
    ``reload_at`` (a new runtime over the same storage, as after closing the tab)."""
    storage = FakeStorage()
    run = TableRun.open(registry.plugin(name), storage=storage, seed=seed)
    bots_everywhere(run)
    rng = random.Random(seed)
    for step in range(3000):
        for screen in run.ports.screens[-3:]:
            check(run, screen)
        run.ports.screens.clear()
        if run.state.persist.done:
            return run, storage
        if step == reload_at:
            before = run.plugin.present(run.state).name
            saved = run.state.persist.id
            run = TableRun.open(run.plugin, storage=storage, seed=seed)
            assert run.state.persist.id == saved, f"{name}: the reload did not resume the same game"
            assert run.plugin.present(run.state).name == before, f"{name}: the reload did not resume its screen"
        buttons = body_buttons(run.screen)
        if not buttons:
            run.idle()
            continue
        primary = [b for b in buttons if b.primary] or buttons
        tap = primary[0] if rng.random() < 0.9 else rng.choice(buttons)
        run.tap(tap.action, tap.arg)
    raise AssertionError(f"{name} seed {seed}: the game did not end")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_game_of_bots_keeps_every_secret_and_lands_once_on_its_own_score_sheet(name: str, seed: int) -> None:
    run, storage = play(name, seed, reload_at=3 + seed)
    keeper = run.plugin.keeper
    if keeper.sheet is not None:  # a score sheet is optional
        spec = next(d for d in run.plugin.docs if d.name == keeper.sheet)
        assert spec.size(run.state.history) == 1, "the finished game is on the sheet once"
        stored = spec.read_all(storage.data[spec.key])[0]
        assert spec.size(stored) == 1, "and stored"
    slot = next(d for d in run.plugin.docs if d.name == keeper.slot)
    assert slot.key not in storage.data, "a finished game is no longer one to resume"
    others = {d.key for g in registry.GAMES if g.name != name for d in registry.plugin(g.name).docs}
    assert not others & set(storage.data), "a game writes only its own documents"


@pytest.mark.parametrize("name", GAMES)
def test_every_screen_of_the_set_up_offers_only_commands_and_an_unknown_action_is_no_message(name: str) -> None:
    run = TableRun.open(registry.plugin(name), storage=FakeStorage())
    check(run, run.screen)
    assert run.plugin.message("no-such-command") is None
    with pytest.raises(ValueError):
        run.plugin.handle(run.state, object())  # a message the game has no word for is refused, not dropped


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_value_of_another_type_resumes_nothing_and_the_players_are_told(name: str) -> None:
    """The shell hands a game's saved values back as ``object`` (``saving.Keeper``): its keeper narrows them, and
    a value that is not of its type (the document's text, a list, a number) is damaged data, not a half-resumed game."""
    run = TableRun.open(registry.plugin(name), storage=FakeStorage())
    keeper, first = run.plugin.keeper, run.screen.name
    for wrong in ('{"id": "g1"}', ["g1", 3], 42):
        with pytest.raises(DataError):
            keeper.resume(run.state, wrong)
        if keeper.sheet is not None:
            with pytest.raises(DataError):
                keeper.trimmed(wrong)
        run.send(Read(keeper.slot, Loaded(wrong))).idle()
        assert "error.unexpected" in [note.key for note in run.state.notes]
        assert not keeper.playing(run.state) and run.screen.name == first and run.state.persist.id is None


@pytest.mark.parametrize("name", GAMES)
def test_the_registry_names_the_documents_the_plug_in_keeps(name: str) -> None:
    """The registry's ``docs`` (read before a lazy game is loaded, to offer its backups) are its specs' names."""
    assert registry.entry(name).docs == tuple(spec.name for spec in registry.plugin(name).docs)
