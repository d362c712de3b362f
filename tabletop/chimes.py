"""Short sounds made with Web Audio (no files, nothing fetched) and a short vibration, for every game's page.

Browser glue handed the page's ``window`` (this module imports no browser package); what to play and when is
each game's pure decision (Zero's ``motion.cues``, the quiz's ``present.cheered``), and nothing plays while the
device's sound switch is off.
"""

from __future__ import annotations

from typing import Any

# Per cue: (wave, [(frequency Hz, start s, length s)], loudness 0..1), and a vibration pattern in ms.
TONES: dict[str, tuple[str, tuple[tuple[float, float, float], ...], float]] = {
    "swap": ("triangle", ((660, 0.0, 0.06), (880, 0.06, 0.08)), 0.18),
    "knock": ("square", ((140, 0.0, 0.07), (120, 0.11, 0.07)), 0.12),
    "final": ("triangle", ((523, 0.0, 0.1), (659, 0.1, 0.1), (784, 0.2, 0.16)), 0.18),
    "zero": ("sine", ((523, 0.0, 0.1), (659, 0.09, 0.1), (784, 0.18, 0.1), (1047, 0.27, 0.3)), 0.22),
    "end": ("sine", ((784, 0.0, 0.14), (587, 0.14, 0.24)), 0.18),
    # The podium: a short fanfare, up to a held chord (about 1.3 s).
    "podium": ("triangle", ((392, 0.0, 0.12), (523, 0.13, 0.12), (659, 0.26, 0.12), (784, 0.39, 0.22),
                            (659, 0.62, 0.1), (784, 0.73, 0.55), (1047, 0.73, 0.55), (523, 0.73, 0.55)), 0.16),
}
BUZZ: dict[str, tuple[int, ...]] = {"knock": (30, 40, 30), "final": (60,), "zero": (40, 30, 40, 30, 120),
                                    "podium": (50, 60, 50, 60, 160)}


class Chimes:
    """Plays :data:`TONES` in one window."""

    def __init__(self, window: Any, to_js: Any) -> None:
        """``to_js`` turns Python values into JavaScript ones."""
        self.win = window
        self.to_js = to_js
        self.audio: Any = None

    def unlock(self) -> None:
        """Make the audio context on a person's gesture (browsers keep audio silent until one)."""
        if self.audio is None and hasattr(self.win, "AudioContext"):
            self.audio = self.win.AudioContext.new()
        elif self.audio is not None and self.audio.state == "suspended":
            self.audio.resume()

    def play(self, cue: str) -> None:
        """A short sound for ``cue``, and a short vibration where supported."""
        pattern = BUZZ.get(cue)
        if pattern and hasattr(self.win.navigator, "vibrate"):
            self.win.navigator.vibrate(self.to_js(list(pattern)))
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
