"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the shell."""

from tabletop.web.shell import start

shell = await start()  # noqa: F704 - PyScript runs this file with top-level await
