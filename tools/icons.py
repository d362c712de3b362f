"""Draw Zero's app icons (standard library only) and write them to ``assets/icons/``.

    python tools/icons.py            # (re)write every icon
    python tools/icons.py --check    # exit 1 if a committed icon differs from what this draws

The design: three fanned playing cards on the green felt of the table, the front card showing a
big "0".  Every shape is described by a signed distance function, so each size is drawn
directly at its own resolution with anti-aliased edges (no scaling of a big bitmap).

``any`` icons have rounded corners and a transparent outside; the ``maskable`` icon fills the
whole square and keeps the cards inside the central safe zone (a circle of 40 % of the size), so
Android may cut it to any shape.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "assets" / "icons"

# Sizes browsers and tablets ask for: Android launchers (48–192), Chrome's install prompt and
# splash screen (192, 512), iPad home screens (152, 167), iPhone/apple-touch-icon (180).
ANY_SIZES = (48, 72, 96, 128, 144, 152, 167, 192, 256, 384, 512)
APPLE_TOUCH_SIZE = 180
MASKABLE_SIZE = 512
FAVICON_SIZE = 32

# The game's colours (assets/app.css): table felt and the card colours.
FELT = (0x1F, 0x6F, 0x4A)
FELT_DARK = (0x12, 0x4A, 0x31)
PAPER = (0xF7, 0xF3, 0xE6)
RED = (0xD6, 0x45, 0x41)
BLUE = (0x2F, 0x6F, 0xD6)
YELLOW = (0xF2, 0xB7, 0x2E)
INK = (0x1F, 0x6F, 0x4A)
SHADOW = (0x05, 0x1A, 0x10)

Distance = Callable[[float, float], float]
RGB = tuple[int, int, int]


def icon_files() -> dict[str, tuple[int, bool]]:
    """File name → (size in pixels, maskable) for every icon this script draws."""
    files = {f"icon-{size}.png": (size, False) for size in ANY_SIZES}
    files[f"apple-touch-icon-{APPLE_TOUCH_SIZE}.png"] = (APPLE_TOUCH_SIZE, True)
    files[f"icon-maskable-{MASKABLE_SIZE}.png"] = (MASKABLE_SIZE, True)
    files[f"favicon-{FAVICON_SIZE}.png"] = (FAVICON_SIZE, False)
    return files


def rounded_box(cx: float, cy: float, half_w: float, half_h: float, radius: float, angle: float) -> Distance:
    """Signed distance to a rounded rectangle centred on (cx, cy), turned by ``angle`` radians."""
    cos, sin = math.cos(angle), math.sin(angle)

    def distance(x: float, y: float) -> float:
        dx, dy = x - cx, y - cy
        # Into the box's own frame.
        u = abs(dx * cos + dy * sin) - half_w + radius
        v = abs(-dx * sin + dy * cos) - half_h + radius
        outside = math.hypot(max(u, 0.0), max(v, 0.0))
        return outside + min(max(u, v), 0.0) - radius

    return distance


def ring(cx: float, cy: float, rx: float, ry: float, thickness: float) -> Distance:
    """Approximate signed distance to an elliptical ring (the "0")."""
    scale = min(rx, ry)

    def distance(x: float, y: float) -> float:
        to_ellipse = (math.hypot((x - cx) / rx, (y - cy) / ry) - 1.0) * scale
        return abs(to_ellipse) - thickness / 2

    return distance


@dataclass(frozen=True)
class Layer:
    shape: Distance
    colour: RGB
    opacity: float = 1.0
    softness: float = 0.0  # extra blur, in units of the icon size (for shadows)
    gradient: RGB | None = None  # colour at the bottom edge (top edge is ``colour``)


def turn(x: float, y: float, px: float, py: float, angle: float) -> tuple[float, float]:
    """(x, y) turned by ``angle`` around (px, py)."""
    cos, sin = math.cos(angle), math.sin(angle)
    return px + (x - px) * cos - (y - py) * sin, py + (x - px) * sin + (y - py) * cos


def layers(maskable: bool) -> list[Layer]:
    """The icon as painter's-order layers, in unit coordinates (0–1, y down)."""
    result: list[Layer] = []
    if maskable:
        result.append(Layer(rounded_box(0.5, 0.5, 0.6, 0.6, 0.0, 0.0), FELT, gradient=FELT_DARK))
        scale = 0.8  # keep the cards inside the safe zone
    else:
        result.append(Layer(rounded_box(0.5, 0.5, 0.47, 0.47, 0.2, 0.0), FELT, gradient=FELT_DARK))
        scale = 1.0

    def at(x: float, y: float) -> tuple[float, float]:
        return 0.5 + (x - 0.5) * scale, 0.5 + (y - 0.5) * scale

    half_w, half_h, corner = 0.165 * scale, 0.235 * scale, 0.04 * scale
    pivot = at(0.5, 0.98)
    centre = at(0.5, 0.50)
    fan = ((-0.42, RED), (0.42, BLUE), (-0.14, YELLOW), (0.0, PAPER))
    for index, (angle, colour) in enumerate(fan):
        if index == len(fan) - 2:
            angle = 0.16  # the yellow card peeks out on the right, under the front card
        cx, cy = turn(*centre, *pivot, angle)
        shadow = rounded_box(cx + 0.012 * scale, cy + 0.02 * scale, half_w, half_h, corner, angle)
        result.append(Layer(shadow, SHADOW, opacity=0.35, softness=0.025))
        result.append(Layer(rounded_box(cx, cy, half_w, half_h, corner, angle), colour))
        if colour != PAPER:
            inner = rounded_box(cx, cy, half_w - 0.025 * scale, half_h - 0.025 * scale, corner * 0.6, angle)
            result.append(Layer(lambda x, y, d=inner: abs(d(x, y)) - 0.006 * scale, PAPER, opacity=0.55))
    zx, zy = centre
    result.append(Layer(ring(zx, zy, 0.085 * scale, 0.135 * scale, 0.05 * scale), INK))
    return result


def render(size: int, maskable: bool) -> bytes:
    """RGBA pixels, row by row."""
    drawing = layers(maskable)
    pixel = 1.0 / size
    rows = bytearray()
    for j in range(size):
        y = (j + 0.5) / size
        for i in range(size):
            x = (i + 0.5) / size
            r = g = b = a = 0.0
            for layer in drawing:
                width = pixel + layer.softness
                coverage = min(1.0, max(0.0, 0.5 - layer.shape(x, y) / width)) * layer.opacity
                if coverage <= 0.0:
                    continue
                colour = layer.colour
                if layer.gradient is not None:
                    colour = tuple(round(c + (e - c) * y) for c, e in zip(colour, layer.gradient, strict=True))  # type: ignore[assignment]
                # "Over" compositing on premultiplied colour.
                r = colour[0] * coverage + r * (1 - coverage)
                g = colour[1] * coverage + g * (1 - coverage)
                b = colour[2] * coverage + b * (1 - coverage)
                a = coverage + a * (1 - coverage)
            if a > 0:
                rows += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                rows += b"\0\0\0\0"
    return bytes(rows)


def png(size: int, rgba: bytes) -> bytes:
    """A minimal PNG file (8-bit RGBA, no filtering) holding ``rgba``."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    stride = size * 4
    raw = b"".join(b"\0" + rgba[row * stride:(row + 1) * stride] for row in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def draw_all() -> dict[str, bytes]:
    return {name: png(size, render(size, maskable)) for name, (size, maskable) in icon_files().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw Zero's app icons into assets/icons/.")
    parser.add_argument("--check", action="store_true", help="fail if a committed icon is missing or differs")
    args = parser.parse_args(argv)
    drawn = draw_all()
    if args.check:
        stale = [name for name, data in drawn.items()
                 if not (ICON_DIR / name).is_file() or (ICON_DIR / name).read_bytes() != data]
        if stale:
            print(f"Icons out of date: {', '.join(stale)}. Run: python tools/icons.py", file=sys.stderr)
            return 1
        print("icons are up to date")
        return 0
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for name, data in drawn.items():
        (ICON_DIR / name).write_bytes(data)
    print(f"wrote {len(drawn)} icons to {ICON_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
