"""Research tools for the two games, for CPython only (never loaded by the page).

- ``research.zero_spiel``: Zero as an OpenSpiel game (``pyspiel.load_game("knizia_zero(players=3)")``), driven by
  ``zero_game.round.Round``; the project's bots as OpenSpiel bots, and OpenSpiel's bots as project bots.
- ``research.quiz_spiel``: Zéro à 1000 as an OpenSpiel game, driven by ``thousand.game.Game``.
- ``research.spiel``: what both adapters share: the deal-then-engine state, its held engine, the game type, the
  observers' tensor, and the stateless bot.
- ``research.yardsticks``: the outside yardsticks the project's bots are measured against and never tuned with,
  seated by name in ``python -m zero_game tournament`` (``ismcts``, OpenSpiel's information-set MCTS; ``pimc``, a
  determinized search of its own design).

OpenSpiel comes with the ``research`` extra (``pip install -e '.[research]'``). The games never import this
package; the tournament command imports it when a seat names a yardstick.
"""
