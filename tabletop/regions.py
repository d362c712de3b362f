"""Keep a page in step with its screen model, region by region (React's reconciliation, by hand).

A game's view says how a screen is cut into regions (``layout``) and lists each region with its model
and painter (``regions``); a region whose model equals the last one drawn is not touched, so focus and
animations on it survive.  The notices and the top bar are regions of every screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from .paint import Painter
from .widgets import Screen

#: Seconds an announcement of the live region is left to be heard: one that comes sooner follows it, never replaces it.
HOLD = 2.0
#: The announcements the live region holds at most while they follow each other.
KEEP = 4


@dataclass(frozen=True)
class Heard:
    """What the live region holds: its announcements, oldest first, and when the last came (seconds).

    While bots play, a move is said every 0.7–1 s: each is added after the last (a screen reader queues an
    addition) instead of replacing it (a replaced text may be cut off before it is heard).  Once it is quiet for
    ``HOLD`` seconds, only the last is kept (a removal is not said)."""

    lines: tuple[str, ...] = ()
    at: float = float("-inf")

    def hear(self, text: str, now: float, *, new_screen: bool = False) -> Heard:
        """The region once ``text`` is said at ``now``: after the others if they are recent, else alone.  A new
        screen (a hand-off above all) starts it afresh: what was said to the last person (the question a team just
        chose) is never left in the page for the next."""
        if new_screen:
            return Heard((text,) if text else (), now)
        if now - self.at < HOLD:
            return Heard((*self.lines, text)[-KEEP:], now)
        return Heard((text,), now)

    def quiet(self, now: float) -> Heard:
        """The region at ``now``: the last announcement alone once ``HOLD`` seconds have passed without one."""
        if len(self.lines) > 1 and now - self.at >= HOLD:
            return Heard(self.lines[-1:], self.at)
        return self


#: A region: its name, its model, and a function from the region's current node to its new node (the same
#: node when it updates in place).
Region = tuple[str, object, Callable[[Any], Any]]


class Host(Protocol):
    """The page a view draws in: its document and window, and the converter of Python values to JavaScript."""

    document: Any
    window: Any

    def to_js(self, value: object) -> Any: ...
    def mark(self, name: str, detail: dict[str, float]) -> None: ...


class Regions:
    """A drawn page: ``draw(screen)`` repaints what changed and returns the names of the regions it repainted.

    A game's view may also make a change felt (cards that travel, a sound): ``before`` is called with the
    states before and after a change and their screens while the page still shows the first, ``after`` once it is
    drawn.  Whether it may move or sound comes from the screens (``Screen.motion``, ``Screen.sound``): a phone's
    view, the game's own, is handed screens with both off (and states that are not the game's).
    """

    frame_class = "view"

    def __init__(self, painter: Painter, host: Host) -> None:
        self.host = host
        self.p = painter
        self.doc = painter.doc
        self.notice_area = painter.el("div", "notice-slot")
        self.frame = painter.el("div", self.frame_class)
        self.drawn: dict[str, object] = {}
        self.nodes: dict[str, Any] = {}
        self.shape = ""

    # ---- what a game's view says ----

    def shape_of(self, screen: Screen) -> str:
        """The screen's layout: a new shape gets a new skeleton (nothing of the last screen is reused)."""
        return f"{screen.name}:{type(screen.body).__name__}"

    def layout(self, screen: Screen, top: Any) -> Any:
        """The skeleton of a new screen below its bar (``self.nodes[name]`` for each region's first node)."""
        self.nodes["body"] = self.p.el("div")
        return self.nodes["body"]

    def regions(self, screen: Screen) -> Iterable[Region]:
        """The regions of the body, in drawing order."""
        yield "body", screen.body, lambda node: self.body(screen.body)

    def body(self, body: Any) -> Any:
        """A whole screen body drawn as one region."""
        return self.p.body(body)

    def before(self, old: Any, new: Any, shown: Screen | None, screen: Screen) -> Any:
        """Called before ``new`` (its screen ``screen``) is drawn over ``old`` (``shown``: the screen the page still
        shows, ``None`` for the game's first); its result goes to ``after``."""
        return None

    def after(self, old: Any, new: Any, shown: Screen | None, screen: Screen, token: Any) -> None:
        """Called once ``new`` (its screen ``screen``) is drawn over ``old`` (``shown``)."""

    def pressed(self, screen: Screen) -> None:
        """A pointer went down on the page showing ``screen`` (a gesture: the moment to start audio)."""

    # ---- shared ----

    def draw(self, screen: Screen) -> set[str]:
        """Repaint the regions whose model changed."""
        changed: set[str] = set()
        shape = self.shape_of(screen)
        if shape != self.shape:
            self._skeleton(screen)
            self.shape = shape
            changed.add("screen")
        n, phones = screen.notices, screen.phones
        if self.drawn.get("notices") != (n, phones):
            parts = [self.p.notices(n)] if n.items or n.ask else []
            if phones is not None:
                parts.append(self.p.phones(phones))
            self.notice_area.replaceChildren(*parts)
            self.drawn["notices"] = (n, phones)
            changed.add("notices")
        top = screen.top
        if top is not None:
            self._region("top", top, changed, lambda node: self.p.top(top))
        for name, model, paint in self.regions(screen):
            self._region(name, model, changed, paint)
        return changed

    def _skeleton(self, screen: Screen) -> None:
        page = self.p.el("div", f"screen screen-{screen.name}")
        self.drawn = {k: v for k, v in self.drawn.items() if k == "notices"}
        self.nodes = {"top": self.p.el("nav", "topbar")} if screen.top is not None else {}
        if screen.top is not None:
            page.appendChild(self.nodes["top"])
        page.appendChild(self.layout(screen, self.nodes.get("top")))
        self.frame.replaceChildren(page)

    def _region(self, name: str, model: object, changed: set[str], paint: Callable[[Any], Any]) -> None:
        if name in self.drawn and self.drawn[name] == model:
            return
        old = self.nodes.get(name)
        node = paint(old)
        if old is not None and node is not old and name not in self.drawn:  # its first drawing, over its place
            old.replaceWith(node)
        elif old is not None and node is not old:
            # Where its animations stand, read while it is in the page (leaving it cancels them).
            running = [(_which(a), a.currentTime) for a in old.getAnimations(self.host.to_js({"subtree": True}))]
            old.replaceWith(node)
            self.carry_on(running, node)
        self.nodes[name] = node
        self.drawn[name] = model
        changed.add(name)

    def carry_on(self, running: list[tuple[tuple[str, str, str], Any]], node: Any) -> None:
        """A region drawn again (in another language, with a line more) goes on with the CSS animations of the node
        it replaced (``running``: each one's element and time) where they were, a finished one finished: an ending's
        celebration plays once, not on each repaint.  Only where the new node runs the same animations, in order."""
        fresh = list(node.getAnimations(self.host.to_js({"subtree": True})))
        if not fresh or [_which(a) for a in fresh] != [which for which, _ in running]:
            return
        for (_, time), now in zip(running, fresh, strict=True):
            if time is not None:
                now.currentTime = time


def _which(animation: Any) -> tuple[str, str, str]:
    """A CSS animation's name and its element's class and card (a card that arrives anew is not the one that did)."""
    target = animation.effect.target if animation.effect is not None else None
    if target is None:
        return (str(getattr(animation, "animationName", "")), "", "")
    card = target.getAttribute("data-card") or ""
    return (str(getattr(animation, "animationName", "")), str(target.className), str(card))


class OneRegion(Regions):
    """A view that draws every screen's body as one region, with ``paint(painter, body)`` (the first screen's,
    a small game's)."""

    def __init__(self, host: Host, paint: Callable[[Painter, Any], Any]) -> None:
        super().__init__(Painter(host.document), host)
        self.paint = paint

    def body(self, body: Any) -> Any:
        return self.paint(self.p, body)


def one_region(paint: Callable[[Painter, Any], Any]) -> Callable[[Host], Regions]:
    """A plug-in's ``view`` that paints a whole body at once with ``paint``."""
    return lambda host: OneRegion(host, paint)
