"""The README and docs/: every relative link and #heading resolves, the README stays short, and the
examples in docs/ run as doctests.

Standard library only, CPython: a fraction of a second for the whole file.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
README_MAX_LINES = 150

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)


def prose(text: str) -> str:
    """The text a reader sees as prose: code blocks and code spans removed."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text, lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every #anchor of a page's headings, with GitHub's -1, -2 for repeated ones."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, title in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(title)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    return LINK.findall(prose(page.read_text(encoding="utf-8")))


def test_the_docs_exist_and_the_readme_links_to_every_page() -> None:
    linked = {(README.parent / target.split("#")[0]).resolve() for target in links(README)}
    assert DOCS, "docs/ holds no page"
    missing = [page.name for page in DOCS if page.resolve() not in linked]
    assert not missing, f"README.md links to no {missing}"


def test_the_readme_stays_a_short_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; keep it to {README_MAX_LINES}"
    assert lines[0].startswith("# ") and "Zero" in lines[0] and "1000" in lines[0], "the title names both games"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_and_heading_anchor_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:: not ours to check
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT) if file.is_relative_to(ROOT) else file}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.name}")
    assert not broken, f"{page.name}: broken links:\n" + "\n".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_the_prose_carries_no_issue_numbers(page: Path) -> None:
    found = re.findall(r"\b(?:issues?|PR) #?\d+", prose(page.read_text(encoding="utf-8")), re.I)
    assert not found, f"{page.name} names issue numbers, which mean nothing to a reader: {found}"


@pytest.mark.parametrize("page", DOCS, ids=lambda page: page.name)
def test_the_examples_in_the_docs_run(page: Path) -> None:
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {page.name} fail (output above)"


def test_the_slugs_follow_githubs_rule() -> None:
    assert slug("Hosting and the Content-Security-Policy") == "hosting-and-the-content-security-policy"
    assert slug("Zéro à 1000: the quiz") == "zéro-à-1000-the-quiz"
    assert slug("`serve.py` and its options") == "servepy-and-its-options"
    assert slug("Start-up, measured per engine (1 December)") == "start-up-measured-per-engine-1-december"
