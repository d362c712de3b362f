"""Keep the quiz page in step with its screen model, region by region (``tabletop.regions.Regions``).

Regions: the bar and the notices (the shell's), and on the choosing table the target, each team's panel and
the controls; every other screen is one region.  A region whose model equals the last one drawn is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from tabletop.chimes import Chimes
from tabletop.regions import Host, Region, Regions
from tabletop.widgets import Screen

from .present import cheered
from .render import QuizPainter
from .screens import ChooseView, TeamPanel
from .table import QuizTable


class QuizView(Regions):
    """The drawn quiz page."""

    p: QuizPainter
    frame_class = "view quiz"

    def __init__(self, host: Host) -> None:
        super().__init__(QuizPainter(host.document), host)
        self.chimes = Chimes(host.window, host.to_js)

    def after(self, old: QuizTable, new: QuizTable, shown: Screen | None, screen: Screen, token: Any) -> None:
        if screen.sound and cheered(old, new):
            self.chimes.play("podium")

    def pressed(self, screen: Screen) -> None:
        if screen.sound:  # in a task of its own, within the gesture (as Zero's view does)
            self.host.window.setTimeout(self.host.to_js(self.chimes.unlock), 0)

    def shape_of(self, screen: Screen) -> str:
        body = screen.body
        teams = tuple(p.team for p in body.teams) if isinstance(body, ChooseView) else ()
        return f"{screen.name}:{type(body).__name__}:{teams}"

    def layout(self, screen: Screen, top: Any) -> Any:
        body = screen.body
        if not isinstance(body, ChooseView):
            return super().layout(screen, top)
        p = self.p
        table = p.el("section", "quiz-table")
        self.nodes["target"] = p.el("div")
        self.nodes["controls"] = p.el("div")
        teams = p.el("div", "teams")
        for panel in body.teams:
            self.nodes[f"team:{panel.team}"] = p.el("div")
            teams.appendChild(self.nodes[f"team:{panel.team}"])
        p.add(table, self.nodes["target"], teams, self.nodes["controls"])
        return table

    def regions(self, screen: Screen) -> Iterable[Region]:
        body = screen.body
        if not isinstance(body, ChooseView):
            yield from super().regions(screen)
            return
        p = self.p
        yield "target", body.target, lambda node: p.target(body.target)
        for panel in body.teams:
            yield f"team:{panel.team}", panel, partial(self._team, panel)
        yield "controls", body.controls, lambda node: p.controls(body.controls)

    def _team(self, panel: TeamPanel, node: Any) -> Any:
        return self.p.team_panel(panel)

