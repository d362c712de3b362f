"""The page's motion and sound: cards that travel (Web Animations API), short sounds made with Web Audio and a
short vibration where the device has one (``tabletop.chimes``).  Browser glue, handed ``document`` and ``window``;
what to play is decided by the pure ``motion.py``.
"""

from __future__ import annotations

from typing import Any

from tabletop.chimes import Chimes
from zero_game import Swap


class Fx:
    """Plays ``motion.travelled`` swaps and ``motion.cues`` sounds in one document."""

    def __init__(self, document: Any, window: Any, to_js: Any) -> None:
        """``to_js`` turns Python values into JavaScript ones (dicts as plain objects)."""
        self.doc = document
        self.win = window
        self.to_js = to_js
        self.chimes = Chimes(window, to_js)

    def js(self, value: object) -> Any:
        return self.to_js(value)

    # ---- motion ----

    def reduced(self) -> bool:
        """Whether the device asks for reduced motion."""
        return bool(self.win.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def snapshot(self) -> dict[str, tuple[Any, Any]]:
        """Where every card and seat is now: ``zone:slug`` / ``seat:n`` → (element, its box)."""
        found: dict[str, tuple[Any, Any]] = {}
        for node in self.doc.querySelectorAll("[data-zone=pool] [data-card], [data-zone=hand] [data-card]"):
            zone = node.closest("[data-zone]")
            if zone:
                found[f"{zone.getAttribute('data-zone')}:{node.getAttribute('data-card')}"] = (
                    node, node.getBoundingClientRect())
        for node in self.doc.querySelectorAll("[data-seat]"):
            found[f"seat:{node.getAttribute('data-seat')}"] = (node, node.getBoundingClientRect())
        return found

    def travel(self, before: dict[str, tuple[Any, Any]], seat: int, swap: Swap, ms: int) -> None:
        """The given card flies from the hand or the seat to the taken card's pool slot, the taken card to the
        hand or the seat (a copy flies there and fades: a seat shows no cards)."""
        give, take = swap.give.slug, swap.take.slug
        held = before.get(f"hand:{give}")
        landed = self.doc.querySelector(f"[data-zone=pool] [data-card='{give}']")
        if held is not None and landed:  # a missing element is null (falsy), not None, in Pyodide
            self.fly_in(landed, held[1], ms)
        elif (seated := before.get(f"seat:{seat}")) is not None and landed:
            # A seat shows no cards: the card leaves from the middle of its panel at its own size, not the panel's.
            self.fly_in(landed, seated[1], ms, whole=False)
        taken = before.get(f"pool:{take}")
        if taken is None:
            return
        in_hand = self.doc.querySelector(f"[data-zone=hand] [data-card='{take}']")
        if in_hand:
            self.fly_in(in_hand, taken[1], ms)
            return
        seat_node = self.doc.querySelector(f"[data-seat='{seat}']")
        if seat_node:
            self.fly_away(taken[0], taken[1], seat_node.getBoundingClientRect(), ms)

    def fly_in(self, node: Any, start: Any, ms: int, whole: bool = True) -> None:
        """``node`` moves from the box ``start`` to where it now is: from that box's size (``whole``: it was a card
        there), else at its own size from the box's middle (a seat, which shows no cards)."""
        end = node.getBoundingClientRect()
        if not (start.width and end.width):
            return  # from or to a place not drawn now (the seats and the pool behind the move log on a phone)
        if whole:
            dx, dy = start.left - end.left, start.top - end.top
            scale = start.width / end.width
        else:
            dx = start.left + start.width / 2 - (end.left + end.width / 2)
            dy = start.top + start.height / 2 - (end.top + end.height / 2)
            scale = 1
        frames = [{"transform": f"translate({dx}px, {dy}px) scale({scale})"}, {"transform": "none"}]
        node.animate(self.js(frames), self.js({"duration": ms, "easing": "cubic-bezier(.2,.7,.2,1)"}))

    def fly_away(self, old: Any, start: Any, end: Any, ms: int) -> None:
        """A copy of the card ``old`` (no longer in the page) flies from ``start`` to the box ``end`` and fades."""
        if not (start.width and end.width):
            return
        ghost = old.cloneNode(True)
        for name in ("data-card", "aria-label", "aria-pressed", "aria-description", "role"):
            ghost.removeAttribute(name)  # decoration only: no name, no hook, nothing to read
        ghost.setAttribute("aria-hidden", "true")
        ghost.setAttribute("inert", "")  # a copied button must not take focus
        kept = [c for c in str(ghost.className).split() if c.startswith(("card", "c-"))]
        ghost.className = " ".join([*kept, "ghost"])
        style = ghost.style
        style.position = "fixed"
        style.left = f"{start.left}px"
        style.top = f"{start.top}px"
        style.width = f"{start.width}px"
        style.height = f"{start.height}px"
        style.margin = "0"
        style.pointerEvents = "none"
        style.zIndex = "20"
        self.doc.body.appendChild(ghost)
        dx = end.left + end.width / 2 - (start.left + start.width / 2)
        dy = end.top + end.height / 2 - (start.top + start.height / 2)
        frames = [{"transform": "none", "opacity": 1},
                  {"transform": f"translate({dx}px, {dy}px) scale(0.45)", "opacity": 0.2}]
        animation = ghost.animate(self.js(frames), self.js({"duration": ms, "easing": "ease-in", "fill": "forwards"}))
        animation.finished.then(lambda _: ghost.remove())

    # ---- sound and touch ----

    def unlock(self) -> None:
        """Make the audio context on a person's gesture (browsers keep audio silent until one)."""
        self.chimes.unlock()

    def play(self, cue: str) -> None:
        """A short sound for ``cue`` (``tabletop.chimes.TONES``), and a short vibration where supported."""
        self.chimes.play(cue)
