"""The shell every game of this site plugs into: what every game's page and terminal share, and no game.

Pure Python, for CPython and Pyodide alike; only ``tabletop.web`` touches the browser.  A game is a
package that registers a plug-in (``tabletop.plugin``); ``tabletop`` never imports a game.
"""
