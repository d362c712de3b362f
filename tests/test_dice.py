"""The third game (Pig, ``tests/dice``) through the page's runtime: its secret is the rolls to come."""

from __future__ import annotations

from dataclasses import replace

from tests.dice.web.plugin import PLUGIN, Die, PlayView
from tests.harness import FakeStorage, TableRun


def test_a_person_plays_pig_against_the_bot_and_no_roll_shows_before_it_is_rolled() -> None:
    storage = FakeStorage()
    run = TableRun.open(PLUGIN, storage=storage, seed=2)
    run.tap("dice-start")
    assert run.screen.name == "play" and run.state.persist.id is not None, "the game is saved from its start"
    for _ in range(200):
        screen = run.screen
        assert PLUGIN.leaks(run.state, screen) == []
        if screen.name == "end":
            break
        if isinstance(screen.body, PlayView) and screen.body.buttons:
            run.tap("dice-roll" if run.state.game.total < 6 else "dice-hold")
        else:
            run.idle()
    assert run.screen.name == "end" and run.state.persist.done
    assert not any(key.endswith("dice-game") for key in storage.data), "a finished game is not kept"
    # A screen that showed the next roll would give the secret away: the check sees it.
    shown = replace(run.screen, body=PlayView("", (), Die(len(run.state.game.rolls), 6), "", ()))
    assert PLUGIN.leaks(run.state, shown) == [f"roll {len(run.state.game.rolls)}"]


def test_pig_s_state_holds_its_own_fields_and_the_shell_s_core_only() -> None:
    from dataclasses import fields

    from tabletop.core import Core
    from tests.dice.web.plugin import DiceTable

    own = {f.name for f in fields(DiceTable)}
    assert own & {f.name for f in fields(Core)} == set() and "core" in own
