"""The page's Content-Security-Policy (a <meta> tag: GitHub Pages cannot send headers) stays strict."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def policy() -> dict[str, list[str]]:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    assert tag, "index.html has no Content-Security-Policy meta tag"
    # A meta policy only covers what comes after it: nothing may load before it.
    before = html[: tag.start()]
    assert not re.search(r"<(script|link|style|img)\b", before), "the CSP meta tag must come first in <head>"
    directives: dict[str, list[str]] = {}
    for part in tag.group(1).split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def test_policy_allows_only_the_sites_own_files_and_webassembly() -> None:
    directives = policy()
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert directives["form-action"] == ["'none'"]
    for name, values in directives.items():
        for value in values:
            assert value not in {"'unsafe-eval'", "'unsafe-inline'", "*", "data:", "blob:", "http:", "https:"}, (
                f"{name} allows {value}"
            )
