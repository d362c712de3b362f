"""The games the site offers, by name: the first screen lists them, ``?game=`` opens one.

Adding a game is adding its package (with a ``web/plugin.py`` that makes ``PLUGIN``, a
``tabletop.plugin.Plugin``) and one line here.  The shell imports a game only by its module's name, when
it is opened: ``tabletop`` itself imports no game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .plugin import Plugin


@dataclass(frozen=True)
class Entry:
    """A game: its name, its package, and whether the page fetches its files only when it is first opened."""

    name: str
    package: str
    lazy: bool = False
    docs: tuple[str, ...] = ()  # the names of the documents it keeps (its backups are offered on its own sheet)
    # Functions ("module:function", no argument) whose results the module keeps once computed, worth computing
    # in the start-up snapshot (tabletop/web/warm.py) so that a restored start has them at once.
    cached: tuple[str, ...] = ()
    # What the page needs besides its modules and text catalogs (``tools/filelist.py`` ships them): its modules
    # for the terminal only (paths inside the package; the page never imports them), its data files (paths
    # inside the package), and a lazy game's style sheet (a path from the site's root, loaded with its files).
    terminal: tuple[str, ...] = ()
    data: tuple[str, ...] = ()
    style: str = ""

    @property
    def module(self) -> str:
        """The module that makes its plug-in."""
        return f"{self.package}.web.plugin"


GAMES: tuple[Entry, ...] = (
    Entry("zero", "zero_game", docs=("game", "sheet"),
          terminal=("__main__.py", "cli.py", "bench.py", "bots/bench.py", "terminal.py", "tournament.py")),
    Entry("quiz", "thousand", lazy=True, docs=("quiz-game", "quiz-sheet", "quiz-seen", "quiz-cards"),
          cached=("thousand.deck:default_deck",), data=("deck.json",), style="assets/quiz.css",
          terminal=("__main__.py", "cli.py", "bench.py", "stats.py", "terminal.py", "text.py", "tournament.py")),
)


def documents() -> tuple[str, ...]:
    """The names of every game's documents."""
    return tuple(name for game in GAMES for name in game.docs)


def entry(name: str) -> Entry:
    """The registry's entry for ``name`` (``KeyError`` if there is none)."""
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(name)


def plugin(name: str) -> Plugin[Any]:
    """The plug-in of game ``name`` (its package imported now; a lazy game's files must be in place)."""
    found: Plugin[Any] = importlib.import_module(entry(name).module).PLUGIN
    return found
