"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the game."""

from zero_game.web.app import start

app = await start()  # noqa: F704 - PyScript runs this file with top-level await
