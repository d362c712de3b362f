"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the game.

Kept tiny on purpose: the game UI will replace this body with a call into ``zero_game.web``.
"""

from js import document  # type: ignore[import-not-found]

import zero_game

table = document.createElement("p")
table.id = "table-status"
table.className = "table-status"
table.textContent = f"The table is ready. ({zero_game.__doc__})"
document.getElementById("loading").replaceWith(table)
document.documentElement.dataset.app = "ready"
