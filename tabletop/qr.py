"""QR codes as screen data: the dark modules of a code as one SVG path, made by segno (a pure-Python QR encoder,
vendored under ``assets/vendor/segno/`` and loaded by the page only when a phone is paired: ``Fetch("codes")``).

The presenter calls :func:`path`; the painter draws the path in an ``<svg>`` with a quiet zone around it.
"""

from __future__ import annotations

import functools

QUIET = 4  # modules of white around a code (ISO/IEC 18004 asks for 4)
ERROR = "m"  # error correction: about 15% of the code may be unreadable (glare on a screen, a finger)


@functools.lru_cache(maxsize=16)
def path(text: str) -> tuple[int, str]:
    """The side of ``text``'s code in modules, and an SVG path of its dark modules (one rectangle per run)."""
    import segno

    code = segno.make(text, error=ERROR, micro=False)
    rows = code.matrix
    d = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                d.append(f"M{start} {y}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return len(rows), "".join(d)


def matrix(size: int, d: str) -> list[list[bool]]:
    """The modules a path of :func:`path` paints (for tests: the code as drawn)."""
    grid = [[False] * size for _ in range(size)]
    for piece in d.split("M")[1:]:
        head, _, rest = piece.partition("h")
        x, y = (int(v) for v in head.split())
        width = int(rest.partition("v")[0])
        for i in range(width):
            grid[y][x + i] = True
    return grid
