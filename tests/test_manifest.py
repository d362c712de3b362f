"""The web app manifest is valid and its icons exist at the sizes it states (the game installs well)."""

from __future__ import annotations

import json
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import icons

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "assets" / "manifest.webmanifest"
# What tablets and browsers ask for (Android launchers, Chrome's install prompt, iPad home screen).
WANTED_SIZES = {48, 72, 96, 128, 144, 152, 167, 192, 256, 384, 512}


def manifest() -> dict:  # type: ignore[type-arg]
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGBA pixels) of an 8-bit RGBA, non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    offset, idat, header = 8, b"", b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind, body = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        assert struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert (depth, colour_type, interlace) == (8, 6, 0), f"{path.name}: expected 8-bit RGBA"
    raw, stride, rows, previous = zlib.decompress(idat), width * 4, [], bytes(width * 4)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(row))
        previous = bytes(row)
    return width, height, rows


def alpha(rows: list[bytes], x: int, y: int) -> int:
    return rows[y][x * 4 + 3]


def test_manifest_has_what_an_install_needs() -> None:
    data = manifest()
    assert data["name"] and data["short_name"] == "Zero" and len(data["short_name"]) <= 12
    assert data["display"] == "standalone"
    # Relative to the manifest (in assets/): the site root, wherever the site is hosted.
    assert data["start_url"] == data["scope"] == "../"
    assert data["id"] == "./"  # resolved against start_url
    for key in ("theme_color", "background_color"):
        assert len(data[key]) == 7 and data[key].startswith("#") and int(data[key][1:], 16) >= 0


def test_every_icon_exists_with_the_size_and_type_it_states() -> None:
    entries = manifest()["icons"]
    assert entries
    for entry in entries:
        path = (MANIFEST.parent / entry["src"]).resolve()
        assert path.is_file(), f"{entry['src']} is missing"
        width, height, _ = read_png(path)
        assert entry["sizes"] == f"{width}x{height}", entry["src"]
        assert entry["type"] == "image/png"
        assert entry["purpose"] in {"any", "maskable"}
    stated = {(int(e["sizes"].split("x")[0]), e["purpose"]) for e in entries}
    assert {(size, "any") for size in WANTED_SIZES} <= stated
    assert (512, "maskable") in stated


def test_a_maskable_icon_fills_its_square_and_any_icon_has_transparent_corners() -> None:
    for entry in manifest()["icons"]:
        width, height, rows = read_png((MANIFEST.parent / entry["src"]).resolve())
        corners = [alpha(rows, x, y) for x in (0, width - 1) for y in (0, height - 1)]
        if entry["purpose"] == "maskable":
            # Android may cut it to a circle or squircle: no hole anywhere.
            assert all(alpha(rows, x, y) == 255 for y in range(height) for x in range(width))
        else:
            assert corners == [0, 0, 0, 0], f"{entry['src']} should have rounded corners"
            assert alpha(rows, width // 2, height // 2) == 255


def test_a_maskable_icon_keeps_the_cards_inside_the_safe_zone() -> None:
    """Outside the central circle of radius 40 % there is only the felt (no card colours)."""
    path = (MANIFEST.parent / "icons/icon-maskable-512.png").resolve()
    width, _, rows = read_png(path)
    felt = {bytes(icons.FELT), bytes(icons.FELT_DARK)}
    outside = 0
    for y in range(0, width, 4):
        for x in range(0, width, 4):
            if (x - width / 2) ** 2 + (y - width / 2) ** 2 > (0.4 * width) ** 2:
                r, g, b = rows[y][x * 4:x * 4 + 3]
                # Felt (a vertical gradient) is green and darker than any card or shadow-free paper.
                assert g > r and g > b and max(r, g, b) <= max(max(c) for c in felt) + 2, (x, y, (r, g, b))
                outside += 1
    assert outside > 1000


class HeadTags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []
        self.metas: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "link":
            self.links.append(values)
        if tag == "meta" and values.get("name"):
            self.metas[values["name"] or ""] = values.get("content") or ""


def test_the_page_links_the_manifest_apple_touch_icon_and_theme_colour() -> None:
    tags = HeadTags()
    tags.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    by_rel = {link["rel"]: link for link in tags.links}
    assert by_rel["manifest"]["href"] == "./assets/manifest.webmanifest"
    touch = ROOT / (by_rel["apple-touch-icon"]["href"] or "")
    width, height, rows = read_png(touch)
    assert (width, height) == (180, 180)
    assert alpha(rows, 0, 0) == 255  # iOS would fill transparent corners with black
    assert tags.metas["theme-color"] == manifest()["theme_color"]
    assert tags.metas["apple-mobile-web-app-capable"] == "yes"
    assert tags.metas["apple-mobile-web-app-title"] == "Zero"


@pytest.mark.parametrize("name", ["icon-48.png", "favicon-32.png"])
def test_committed_icons_are_the_ones_tools_icons_draws(name: str) -> None:
    size, maskable = icons.icon_files()[name]
    assert (icons.ICON_DIR / name).read_bytes() == icons.png(size, icons.render(size, maskable)), (
        "run: python tools/icons.py"
    )
