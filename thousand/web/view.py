"""Keep the quiz page in step with its screen model, region by region (as Zero's ``View``).

Regions: the top bar, the notices, and on the choosing table the target, each team's panel and the
controls; every other screen is one region.  A region whose model equals the last one drawn is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .render import QuizPainter
from .screens import ChooseView, QuizScreen


class QuizView:
    """The drawn quiz page: ``draw(screen)`` repaints what changed and returns the regions it repainted."""

    def __init__(self, document: Any, root: Any) -> None:
        self.doc = document
        self.p = QuizPainter(document)
        self.root = root
        self.notice_area = self.p.el("div", "notice-slot")
        self.frame = self.p.el("div", "view quiz")
        self.drawn: dict[str, object] = {}
        self.nodes: dict[str, Any] = {}
        self.shape = ""

    def draw(self, screen: QuizScreen) -> set[str]:
        changed: set[str] = set()
        body = screen.body
        teams = tuple(p.team for p in body.teams) if isinstance(body, ChooseView) else ()
        shape = f"{screen.name}:{type(body).__name__}:{teams}"
        if shape != self.shape:
            self._skeleton(screen.name, body)
            self.shape = shape
            changed.add("screen")
        n = screen.notices
        if self.drawn.get("notices") != n:
            self.notice_area.replaceChildren(*((self.p.notices(n),) if n.items or n.ask else ()))
            self.drawn["notices"] = n
            changed.add("notices")
        self._region("top", screen.top, changed, lambda: self.p.top(screen.top))
        if isinstance(body, ChooseView):
            self._region("target", body.target, changed, lambda: self.p.target(body.target))
            for panel in body.teams:
                self._region(f"team:{panel.team}", panel, changed, partial(self.p.team_panel, panel))
            self._region("controls", body.controls, changed, lambda: self.p.controls(body.controls))
        else:
            self._region("body", body, changed, lambda: self.p.body(body))
        return changed

    def _skeleton(self, name: str, body: object) -> None:
        p = self.p
        screen = p.el("div", "screen quiz-screen screen-" + name)
        self.drawn = {k: v for k, v in self.drawn.items() if k == "notices"}
        self.nodes = {"top": p.el("nav", "topbar")}
        screen.appendChild(self.nodes["top"])
        if isinstance(body, ChooseView):
            table = p.el("section", "quiz-table")
            self.nodes["target"] = p.el("div")
            self.nodes["controls"] = p.el("div")
            teams = p.el("div", "teams")
            for panel in body.teams:
                self.nodes[f"team:{panel.team}"] = p.el("div")
                teams.appendChild(self.nodes[f"team:{panel.team}"])
            self.add(table, self.nodes["target"], teams, self.nodes["controls"])
            screen.appendChild(table)
        else:
            self.nodes["body"] = p.el("div")
            screen.appendChild(self.nodes["body"])
        self.frame.replaceChildren(screen)

    def add(self, parent: Any, *children: Any) -> None:
        for child in children:
            parent.appendChild(child)

    def _region(self, name: str, model: object, changed: set[str], build: Callable[[], Any]) -> None:
        if name in self.drawn and self.drawn[name] == model:
            return
        node = build()
        old = self.nodes.get(name)
        if old is not None:
            old.replaceWith(node)
        self.nodes[name] = node
        self.drawn[name] = model
        changed.add(name)
