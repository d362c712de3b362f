"""The third game (Pig, ``tests/dice``) through the page's runtime: its secret is the rolls to come."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from tests.dice.web.plugin import PLUGIN, Die, PlayView
from tests.dice_site import GENERATED, REPO, build, shipped
from tests.harness import FakeStorage, TableRun

# Pig's own words for the first screen (``tests/dice/texts``): its name and the start of what it is.
OWN_WORDS = {"en": ("Pig", "A dice game for two"), "fr": ("Cochon", "Un jeu de dés à deux"),
             "de": ("Schweinchen", "Ein Würfelspiel zu zweit")}
FIRST_SCREENS = """
import json
from tabletop.home import loading_words
from tools.firstscreen import screen_html
print(json.dumps({lang: [screen_html(lang), loading_words(lang, "dice")["loading"]] for lang in ("en", "fr", "de")}))
"""


def test_pig_added_as_the_docs_say_changes_one_file_outside_its_package_and_is_offered_in_its_own_words(
        tmp_path: Path) -> None:
    """Its package and its registry line, then the tools' regeneration: no other file of the site differs, and
    the first screen (as Python paints it, and as ``index.html`` would be drawn) offers Pig by its own name and
    description in every language, as the page's loading line names it."""
    build(tmp_path)
    changed = {name for name in shipped() if (tmp_path / name).read_bytes() != (REPO / name).read_bytes()}
    assert changed - GENERATED == {"tabletop/registry.py"}
    env = {**os.environ, "PYTHONPATH": str(REPO)}  # the site's own tabletop first (the working folder), tools after
    out = subprocess.run([sys.executable, "-c", FIRST_SCREENS], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True).stdout
    for lang, (html, loading) in json.loads(out).items():
        name, about = OWN_WORDS[lang]
        assert f"<h2>{name}</h2>" in html and about in html and 'data-arg="dice"' in html, lang
        assert name in loading


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
