"""Entry point run by PyScript (see index.html and pyscript.toml): hand the page to the shell."""

from pyscript import window

from tabletop.web import boot

imports = boot.ImportTimes(window.performance.now).start()  # each import of the start, named in the timeline

from tabletop.web import warm  # noqa: E402 - timed
from tabletop.web.game_files import FIRST_PATH  # noqa: E402

window.performance.mark("tabletop:boot:main")
# An interpreter restored from this device's start-up snapshot: fresh randomness, the glue precompiled.
warm.refresh()
# The first screen's modules compiled, then imported, in slices of about 40 ms: not one long task.
await boot.import_in_slices(FIRST_PATH, budget_ms=40)  # noqa: F704 - PyScript runs this file with top-level await

from tabletop.web.shell import start  # noqa: E402 - imported by the slices above

window.performance.measure("tabletop:boot:refresh and import the shell", "tabletop:boot:main")
window.performance.mark("tabletop:boot:shell")
shell = await start()  # noqa: F704
window.performance.measure("tabletop:boot:first screen or game drawn", "tabletop:boot:shell")
window.performance.clearMarks("tabletop:boot:main")
window.performance.clearMarks("tabletop:boot:shell")
imports.publish(warm.measure)
warm.offer()  # what a snapshot for the next visit should hold (made off the page's thread, if at all)
