"""The page's motion and sound: cards that travel (Web Animations API), short sounds made with Web Audio,
a short vibration where the device has one.  Browser glue, handed ``document`` and ``window``; what to
play is decided by the pure ``motion.py``.
"""

from __future__ import annotations

from typing import Any

from zero_game import Swap

# Per cue: (wave, [(frequency Hz, start s, length s)], loudness 0..1), and a vibration pattern in ms.
TONES: dict[str, tuple[str, tuple[tuple[float, float, float], ...], float]] = {
    "swap": ("triangle", ((660, 0.0, 0.06), (880, 0.06, 0.08)), 0.18),
    "knock": ("square", ((140, 0.0, 0.07), (120, 0.11, 0.07)), 0.12),
    "final": ("triangle", ((523, 0.0, 0.1), (659, 0.1, 0.1), (784, 0.2, 0.16)), 0.18),
    "zero": ("sine", ((523, 0.0, 0.1), (659, 0.09, 0.1), (784, 0.18, 0.1), (1047, 0.27, 0.3)), 0.22),
    "end": ("sine", ((784, 0.0, 0.14), (587, 0.14, 0.24)), 0.18),
}
BUZZ: dict[str, tuple[int, ...]] = {"knock": (30, 40, 30), "final": (60,), "zero": (40, 30, 40, 30, 120)}


class Fx:
    """Plays ``motion.travelled`` swaps and ``motion.cues`` sounds in one document."""

    def __init__(self, document: Any, window: Any, to_js: Any) -> None:
        """``to_js`` turns Python values into JavaScript ones (dicts as plain objects)."""
        self.doc = document
        self.win = window
        self.to_js = to_js
        self.audio: Any = None

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
        source = before.get(f"hand:{give}") or before.get(f"seat:{seat}")
        landed = self.doc.querySelector(f"[data-zone=pool] [data-card='{give}']")
        if source is not None and landed:  # a missing element is null (falsy), not None, in Pyodide
            self.fly_in(landed, source[1], ms)
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

    def fly_in(self, node: Any, start: Any, ms: int) -> None:
        """``node`` moves from the box ``start`` to where it now is."""
        end = node.getBoundingClientRect()
        if not (start.width and end.width):
            return  # from or to a place not drawn now (the seats and the pool behind the move log on a phone)
        dx, dy = start.left - end.left, start.top - end.top
        scale = start.width / end.width if end.width else 1
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
        if self.audio is None and hasattr(self.win, "AudioContext"):
            self.audio = self.win.AudioContext.new()
        elif self.audio is not None and self.audio.state == "suspended":
            self.audio.resume()

    def play(self, cue: str) -> None:
        """A short sound for ``cue`` (made here, no files), and a short vibration where supported."""
        pattern = BUZZ.get(cue)
        if pattern and hasattr(self.win.navigator, "vibrate"):
            self.win.navigator.vibrate(self.js(list(pattern)))
        ctx = self.audio
        if ctx is None or cue not in TONES:
            return
        wave, notes, loudness = TONES[cue]
        now = float(ctx.currentTime)
        for frequency, start, length in notes:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.type = wave
            osc.frequency.value = frequency
            gain.gain.setValueAtTime(0.0001, now + start)
            gain.gain.exponentialRampToValueAtTime(loudness, now + start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(now + start)
            osc.stop(now + start + length + 0.02)
