"""The glue every game's page shares: the live region and the file picker beside the drawn view, guarded
listeners that a game can take down, focus that never scrolls, and the hand-off's guard against the tail
of the last person's tap.  Zero's ``app.App`` and the quiz's ``thousand.web.app.QuizApp`` build on it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from .table import deliberate_press


class GamePage:
    """One game's page: its view in ``root``, its listeners, and what to do when a handler fails."""

    #: The game's name in the console's messages.
    game = "Zero"

    def __init__(self, root: Any, view: Any) -> None:
        self.root = root
        self.view = view
        self.closed = False
        self.live = document.createElement("div")
        self.live.className = "sr-only"
        self.live.id = "live"
        self.live.setAttribute("aria-live", "polite")
        self.live.setAttribute("role", "status")
        # The file picker the Import button opens: outside the drawn view, so it outlives a repaint.
        self.picker = document.createElement("input")
        self.picker.type = "file"
        self.picker.accept = ".json,application/json"
        self.picker.className = "file-input"
        self.picker.hidden = True
        self.picker.setAttribute("data-field", "import-file")
        root.replaceChildren(view.notice_area, view.frame, self.live, self.picker)
        self.no_scroll = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
        self.handoff_at = 0.0  # when the hand-off appeared (ms, the events' clock)
        self.pressed_at = 0.0  # when the last pointer press began
        self._proxies: list[tuple[Any, str, Any]] = []
        self.listen(root, "click", self.on_click)
        self.listen(root, "change", self.on_change)
        self.listen(root, "input", self.on_input)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "pointerdown", self.on_pointerdown)

    # ---- what each game brings ----

    def show_error(self) -> None:
        """Put the "something went wrong" notice on the game's screen."""
        raise NotImplementedError

    def on_click(self, event: Any) -> None:
        raise NotImplementedError

    def on_change(self, event: Any) -> None:
        raise NotImplementedError

    def on_input(self, event: Any) -> None:
        raise NotImplementedError

    def on_key(self, event: Any) -> None:
        raise NotImplementedError

    # ---- shared ----

    def listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Listen for ``kind`` events with ``handler``, guarded: an exception becomes an error notice."""
        proxy = create_proxy(lambda event: self.guarded(handler, event))
        self._proxies.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def close(self) -> None:
        """Stop listening and playing (the page goes back to the choice of game)."""
        self.closed = True
        for target, kind, proxy in self._proxies:
            target.removeEventListener(kind, proxy)
        self._proxies = []

    def guarded(self, handler: Callable[..., None], *args: Any) -> None:
        try:
            handler(*args)
        except Exception as err:  # the page must keep working whatever one handler does
            self.failed(err)

    def failed(self, err: BaseException) -> None:
        """Say that something went wrong, log the details, and keep the page alive."""
        window.console.error(f"{self.game}: " + "".join(traceback.format_exception(err)))
        try:
            self.show_error()
        except Exception as again:
            window.console.error(f"{self.game}: could not show the error: {again!r}")

    def focus(self, selector: str) -> bool:
        """Focus the first element ``selector`` finds, without scrolling to it; False if there is none."""
        node = self.root.querySelector(selector)
        if not node:
            return False
        node.focus(self.no_scroll)
        return True

    def on_pointerdown(self, event: Any) -> None:
        self.pressed_at = float(event.timeStamp)

    def deliberate(self, event: Any) -> bool:
        """Whether a press on the hand-off's button is a new act, not the tail of the last person's.

        Keys cannot reach the button, which never gets focus by itself (see ``deliberate_press``).
        """
        return deliberate_press(int(event.detail or 0), self.pressed_at, self.handoff_at)
