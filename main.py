"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the shell."""

from tabletop.web import warm

# An interpreter restored from this device's start-up snapshot: fresh randomness, the glue precompiled.
warm.refresh()

from tabletop.web.shell import start  # noqa: E402 - after refresh, which puts its bytecode in place

shell = await start()  # noqa: F704 - PyScript runs this file with top-level await
warm.offer()  # what a snapshot for the next visit should hold (made off the page's thread, if at all)
