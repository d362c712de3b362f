"""The bot speed page's Python: run the search benchmark, put its figures on <html data-result>."""

import json

from js import document  # type: ignore[import-not-found]

from zero_game.bots.bench import search_speed

document.documentElement.dataset.result = json.dumps(search_speed())
document.documentElement.dataset.app = "ready"
