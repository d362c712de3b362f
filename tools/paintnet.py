"""A net for changes that must not change what the page shows: every screen the tests build, painted.

Loaded as a pytest plug-in, it keeps every ``tabletop.widgets.Screen`` a test builds (through the page's
runtime, a presenter called directly, a phone's view), paints each on paper (a DOM that writes HTML)
with its game's own view, and writes one line per test: the test, and the hash of each painted screen in order.

    PAINTNET=/tmp/before.txt python -m pytest -p no:cacheprovider -p tools.paintnet -m "not browser" -q tests
    (``-n 2`` works too: each worker writes ``/tmp/before.txt.gw0``…, and ``read`` takes them all)
    (change the code)
    PAINTNET=/tmp/after.txt  python -m pytest -p no:cacheprovider -p tools.paintnet -m "not browser" -q tests
    python -m tools.paintnet /tmp/before.txt /tmp/after.txt    # exit 1, with the tests that differ, if any does

A state's fields may move (onto the shell's ``Core``, say) while every screen stays the same to the byte.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
import sys
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

from tabletop import widgets
from tabletop.widgets import Screen

#: Each screen's game (``Screen.game``) and the module whose ``PLUGIN`` (or ``HOME``) paints it.
VIEWS = {"": ("tabletop.home", "HOME"), "zero": ("zero_game.web.plugin", "PLUGIN"),
         "quiz": ("thousand.web.plugin", "PLUGIN"), "dice": ("tests.dice.web.plugin", "PLUGIN")}

# ---- paper: the part of a DOM the games' painters use, written out as HTML ----------------------------------

VOID = {"input", "br", "img", "meta", "link"}
_OWN = {"tag", "doc", "attrs", "kids", "parent", "props"}


class Text:
    """A text node."""

    def __init__(self, data: str) -> None:
        self.data = data
        self.parent: Node | None = None

    @property
    def textContent(self) -> str:  # noqa: N802 - the DOM's name
        return self.data

    def html(self) -> str:
        return escape(self.data, quote=False)


class Node:
    """An element: its attributes, its children, and the properties a painter set on it (``type``, ``value``…)."""

    tag: str
    doc: Paper
    attrs: dict[str, str]
    kids: list[Node | Text]
    parent: Node | None
    props: dict[str, Any]

    def __init__(self, tag: str, doc: Paper) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "attrs", {})
        object.__setattr__(self, "kids", [])
        object.__setattr__(self, "parent", None)
        object.__setattr__(self, "props", {})

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _OWN or isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
        else:
            self.props[name] = value

    def __getattr__(self, name: str) -> Any:
        props = self.__dict__.get("props", {})
        if name in props:
            return props[name]
        if name in ("selected", "disabled", "hidden", "checked", "open"):
            return False
        raise AttributeError(name)

    @property
    def className(self) -> str:  # noqa: N802
        return self.attrs.get("class", "")

    @className.setter
    def className(self, value: str) -> None:  # noqa: N802
        self.attrs["class"] = value

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @id.setter
    def id(self, value: str) -> None:
        self.attrs["id"] = value

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(c.textContent for c in self.kids)

    @textContent.setter
    def textContent(self, value: str) -> None:  # noqa: N802
        self.replaceChildren(*([Text(str(value))] if value else []))

    def setAttribute(self, name: str, value: object) -> None:  # noqa: N802
        self.attrs[name] = str(value)

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:  # noqa: N802
        return name in self.attrs

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)

    @property
    def children(self) -> list[Node]:
        return [c for c in self.kids if isinstance(c, Node)]

    @property
    def firstChild(self) -> Node | Text | None:  # noqa: N802
        return self.kids[0] if self.kids else None

    @property
    def firstElementChild(self) -> Node | None:  # noqa: N802
        return next(iter(self.children), None)

    @property
    def lastElementChild(self) -> Node | None:  # noqa: N802
        return self.children[-1] if self.children else None

    @property
    def previousElementSibling(self) -> Node | None:  # noqa: N802
        if self.parent is None:
            return None
        siblings = self.parent.children
        at = siblings.index(self)
        return siblings[at - 1] if at > 0 else None

    @property
    def isConnected(self) -> bool:  # noqa: N802
        return True

    def appendChild(self, child: Node | Text) -> Node | Text:  # noqa: N802
        if child.parent is not None:
            child.parent.kids.remove(child)
        child.parent = self
        self.kids.append(child)
        return child

    def append(self, *children: Node | Text | str) -> None:
        for child in children:
            self.appendChild(Text(child) if isinstance(child, str) else child)

    def replaceChildren(self, *children: Node | Text) -> None:  # noqa: N802
        for old in self.kids:
            old.parent = None
        self.kids.clear()
        for child in children:
            self.appendChild(child)

    def replaceWith(self, node: Node) -> None:  # noqa: N802
        parent = self.parent
        assert parent is not None
        if node.parent is not None:
            node.parent.kids.remove(node)
        parent.kids[parent.kids.index(self)] = node
        node.parent, self.parent = parent, None

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.kids.remove(self)
            self.parent = None

    def focus(self) -> None:
        pass

    def matches(self, selector: str) -> bool:
        return _matches(self, selector.split()[-1]) and _ancestors_match(self, selector.split()[:-1])

    def querySelector(self, selector: str) -> Node | None:  # noqa: N802
        for node in self._descendants():
            if node.matches(selector):
                return node
        return None

    def _descendants(self) -> Iterator[Node]:
        for child in self.children:
            yield child
            yield from child._descendants()

    def html(self) -> str:
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in self.attrs.items())
        props = "".join(f' .{k}="{escape(str(v))}"' for k, v in self.props.items() if not callable(v))
        if self.tag in VOID:
            return f"<{self.tag}{attrs}{props}>"
        return f"<{self.tag}{attrs}{props}>{''.join(c.html() for c in self.kids)}</{self.tag}>"


_SIMPLE = re.compile(r"([a-z0-9-]+)|\.([\w-]+)|\[([\w-]+)(?:=\"?([^\]\"]*)\"?)?\]")


def _matches(node: Node, compound: str) -> bool:
    """Whether ``node`` matches one compound selector (``tag.class[attr=value]``)."""
    at = 0
    for m in _SIMPLE.finditer(compound):
        if m.start() != at:
            raise ValueError(f"selector not understood on paper: {compound}")
        at = m.end()
        tag, cls, attr, value = m.groups()
        if tag and node.tag != tag:
            return False
        if cls and cls not in node.className.split():
            return False
        if attr and (attr not in node.attrs or (value is not None and node.attrs[attr] != value)):
            return False
    if at != len(compound):
        raise ValueError(f"selector not understood on paper: {compound}")
    return True


def _ancestors_match(node: Node, compounds: list[str]) -> bool:
    up = node.parent
    for compound in reversed(compounds):
        while up is not None and not _matches(up, compound):
            up = up.parent
        if up is None:
            return False
        up = up.parent
    return True


class Paper:
    """A document on paper: ``createElement`` and little else."""

    activeElement = None  # noqa: N815

    def createElement(self, tag: str) -> Node:  # noqa: N802
        return Node(tag, self)

    def createElementNS(self, _ns: str, tag: str) -> Node:  # noqa: N802
        return Node(tag, self)

    def createTextNode(self, data: str) -> Text:  # noqa: N802
        return Text(data)

    def querySelector(self, selector: str) -> Node | None:  # noqa: N802
        return None


class Host:
    """The page a view draws in, on paper."""

    def __init__(self) -> None:
        self.document = Paper()
        self.window = None

    def to_js(self, value: object) -> Any:
        return value

    def mark(self, name: str, detail: dict[str, float]) -> None:
        pass


_built: list[Screen] = []
_lines: list[str] = []


def _init(original: Any) -> Any:
    def init(self: Screen, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        _built.append(self)
    return init


def painted(screen: Screen) -> str:
    """``screen`` painted on fresh paper by its game's view: the notices' slot and the frame, as HTML."""
    module, name = VIEWS[screen.game]
    view = getattr(importlib.import_module(module), name).view(Host())
    view.draw(screen)
    return str(view.notice_area.html() + view.frame.html())


#: What a painted screen holds that the tests do not fix: a backup's name carries the wall clock's time.
VARYING = re.compile(r"(backup:[\w-]+:)\d{4}-\d\d-\d\dT[\d:.]+Z")


def digest(screen: Screen) -> str:
    """A short hash of the painted screen (``!`` and the hash of the error its painting raised, if it did)."""
    try:
        html = painted(screen)
    except Exception as error:  # noqa: BLE001 - a screen that cannot be painted is a difference too
        return "!" + hashlib.sha256(f"{type(error).__name__}: {error}".encode()).hexdigest()[:15]
    return hashlib.sha256(VARYING.sub(r"\1<now>", html).encode()).hexdigest()[:16]


def pytest_configure(config: Any) -> None:
    widgets.Screen.__init__ = _init(widgets.Screen.__init__)  # type: ignore[method-assign]


def pytest_runtest_setup(item: Any) -> None:
    _built.clear()


def pytest_runtest_teardown(item: Any) -> None:
    hashes = [digest(screen) for screen in _built]
    keep = os.environ.get("PAINTNET_HTML")  # a folder: each screen's HTML too, to see what differs
    if keep:
        for i, screen in enumerate(_built):
            name = re.sub(r"[^\w.-]+", "_", item.nodeid)[-150:]
            try:
                html = painted(screen)
            except Exception as error:  # noqa: BLE001
                html = f"error {type(error).__name__}: {error}"
            body = (("screen", screen.name), ("game", screen.game), *screen.flags)  # the page's <body> data-*
            flags = " ".join(f'data-{k}="{v}"' for k, v in body)
            Path(keep, f"{name}.{i:05d}.html").write_text(f"{flags}\n{html}", encoding="utf-8")
    _built.clear()
    _lines.append(f"{item.nodeid}\t{len(hashes)}\t{' '.join(hashes)}")


def pytest_unconfigure(config: Any) -> None:
    out = os.environ.get("PAINTNET")
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # under xdist (``-n``), each worker writes its own part
    if out and worker:
        Path(f"{out}.{worker}").write_text("".join(line + "\n" for line in _lines), encoding="utf-8")
    elif out and _lines:
        Path(out).write_text("\n".join(_lines) + "\n", encoding="utf-8")


def read(path: str) -> dict[str, list[str]]:
    """A run's hashes, by test (its workers' parts too, ``path.gw0``…, when it ran under xdist)."""
    found: dict[str, list[str]] = {}
    parts = [Path(path)] if Path(path).exists() else []
    parts += sorted(Path(path).parent.glob(Path(path).name + ".gw*"))
    for line in (line for part in parts for line in part.read_text(encoding="utf-8").splitlines()):
        test, _, hashes = line.split("\t")
        found[test] = hashes.split()
    return found


def compare(before: dict[str, list[str]], after: dict[str, list[str]]) -> Iterator[str]:
    """What differs between two runs, test by test."""
    for test in sorted(before.keys() | after.keys()):
        a, b = before.get(test), after.get(test)
        if a is None or b is None:
            yield f"{test}: only in {'after' if a is None else 'before'}"
        elif a != b:
            first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            yield f"{test}: {len(a)} -> {len(b)} screens, first difference at screen {first}"


def main(argv: list[str]) -> int:
    before, after = read(argv[0]), read(argv[1])
    problems = list(compare(before, after))
    for line in problems:
        print(line)
    screens = sum(len(h) for h in after.values())
    distinct = len({h for hs in after.values() for h in hs})
    tests = sum(1 for h in after.values() if h)
    print(f"{screens} painted screens ({distinct} distinct) in {tests} tests; {len(problems)} tests differ")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
