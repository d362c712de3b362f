"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the shell."""

from pyscript import window

from tabletop.web import warm

window.performance.mark("zero:boot:main")
# An interpreter restored from this device's start-up snapshot: fresh randomness, the glue precompiled.
warm.refresh()

from tabletop.web.shell import start  # noqa: E402 - after refresh, which puts its bytecode in place

window.performance.measure("zero:boot:refresh and import the shell", "zero:boot:main")
window.performance.mark("zero:boot:shell")
shell = await start()  # noqa: F704 - PyScript runs this file with top-level await
window.performance.measure("zero:boot:first screen or game drawn", "zero:boot:shell")
window.performance.clearMarks("zero:boot:main")
window.performance.clearMarks("zero:boot:shell")
warm.offer()  # what a snapshot for the next visit should hold (made off the page's thread, if at all)
