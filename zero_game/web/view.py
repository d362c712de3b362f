"""Keep the page in step with Zero's screen model, region by region (``tabletop.regions.Regions``).

Regions: the bar and the notices (the shell's), and on the table the status, the seats, the pool, the
controls and the hand; the set-up is two regions (so typing a name leaves the name box alone); every
other screen is one region.  Cards in the pool and the hand are keyed by their slug: a card that stays
is updated in place, so focus and animations stay on the same element.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.regions import Host, Region, Regions
from tabletop.widgets import Screen

from .fx import Fx
from .motion import cues, travel_ms, travelled
from .render import CardPainter
from .screens import CardView, HandView, PoolView, SetupView, TableView
from .table import Page, Table


class View(Regions):
    """Zero's drawn page, with each change felt: a swap's cards travel, its sound plays (unless turned off)."""

    p: CardPainter

    def __init__(self, host: Host) -> None:
        super().__init__(CardPainter(host.document), host)
        self.cards: dict[str, dict[str, Any]] = {"pool": {}, "hand": {}}
        self.fx = Fx(host.document, host.window, host.to_js)

    def before(self, old: Table, new: Table, shown: Screen | None, screen: Screen) -> Any:
        return self.fx.snapshot() if shown is not None and shown.name == Page.TABLE and shown.motion else None

    def after(self, old: Table, new: Table, shown: Screen | None, screen: Screen, places: Any) -> None:
        moved = travelled(old, new) if places is not None and screen.motion else None
        if moved is not None and not self.fx.reduced():
            ms = travel_ms(new)
            self.fx.travel(places, moved[0], moved[1], ms)
            self.host.mark("travel", {"detail": float(ms)})
        if screen.sound:
            for cue in cues(old, new):
                self.fx.play(cue)
        if screen.name == Page.LOG and shown is not None and shown.name != Page.LOG:  # it opens on the newest round
            newest = self.doc.querySelector(".log [data-newest]")
            if newest and newest.previousElementSibling and newest.previousElementSibling.matches(".log-round"):
                newest.scrollIntoView(self.host.to_js({"block": "start"}))

    def pressed(self, screen: Screen) -> None:
        if screen.sound:
            # In a task of its own, within the gesture's activation: starting the browser's audio can take
            # tens of milliseconds, which must not hold up the tap's response.
            self.host.window.setTimeout(self.host.to_js(self.fx.unlock), 0)

    def layout(self, screen: Screen, top: Any) -> Any:
        p = self.p
        body = screen.body
        self.cards = {"pool": {}, "hand": {}}
        if isinstance(body, TableView):
            table = p.el("section", "tablescreen")
            for region in ("status", "seats", "pool", "controls", "hand", "log", "moment"):
                self.nodes[region] = p.el("div", "region-" + region)
                table.appendChild(self.nodes[region])
            self.nodes["table"] = table
            return table
        if isinstance(body, SetupView):
            panel = p.el("section", "panel setup")
            for region in ("setup-seats", "setup-options"):
                self.nodes[region] = p.el("div")
                panel.appendChild(self.nodes[region])
            return panel
        return super().layout(screen, top)

    def regions(self, screen: Screen) -> Iterable[Region]:
        body = screen.body
        p = self.p
        if isinstance(body, TableView):
            yield "status", body.status, lambda node: p.status(body.status)
            yield "seats", (body.seats, body.seats_label), lambda node: p.seats(body.seats, body.seats_label)
            yield "controls", body.controls, lambda node: p.controls(body.controls)
            yield "pool", body.pool, lambda node: self._pool(node, body.pool)
            yield "hand", body.hand, lambda node: self._hand(node, body.hand)
            yield "log", body.log, lambda node: p.log_side(body.log) if body.log else p.el("div", "region-log")
            yield "moment", body.moment, lambda node: p.zero_moment(body.moment)
            self.nodes["table"].className = ("tablescreen" + (" myturn" if body.my_turn else "")
                                             + (" log-open" if body.log else ""))
        elif isinstance(body, SetupView):
            # Two regions, so typing a name (which changes the dealer's list) leaves the name box alone.
            rows = (body.heading, body.intro, body.back, body.seats, body.add)
            yield "setup-seats", rows, lambda node: p.setup_seats(body)
            yield ("setup-options", (body.options, body.start, body.more, body.extra, body.switches),
                   lambda node: p.setup_options(body))
        else:
            yield from super().regions(screen)

    # ---- keyed cards ----

    def _card_nodes(self, zone: str, cards: tuple[CardView, ...], interactive: bool) -> list[Any]:
        """One element per card: the same element as before for a card that stays, updated in place."""
        known = self.cards[zone]
        nodes = []
        for card in cards:
            node = known.get(card.slug)
            if node is None or node.getAttribute("data-interactive") != str(interactive):
                node = self.p.card_slot(card, interactive, zone)
            else:
                self.p.update_card(node, card)
            nodes.append(node)
        self.cards[zone] = {c.slug: n for c, n in zip(cards, nodes, strict=True)}
        return nodes

    def _place(self, parent: Any, nodes: list[Any]) -> None:
        """Put ``nodes`` in ``parent`` in order, moving only what is out of place; focus stays where it was."""
        active = self.doc.activeElement
        children = list(parent.children)
        if len(children) == len(nodes) and all(a == b for a, b in zip(children, nodes, strict=True)):
            return
        parent.replaceChildren(*nodes)
        if active and active.isConnected and self.doc.activeElement != active:
            active.focus()

    def _pool(self, region: Any, v: PoolView) -> Any:
        zone = region.querySelector("[data-zone=pool]")
        if not zone or region.getAttribute("data-label") != v.label:
            region.replaceChildren()
            region.className = "pool-area"
            region.setAttribute("data-label", v.label)
            region.appendChild(self.p.el("h2", "zone-label", v.label))
            zone = self.p.el("div", "cards pool", data_zone="pool", role="group", aria_label=v.label)
            region.appendChild(zone)
        self._place(zone, self._card_nodes("pool", v.cards, v.interactive))
        return region

    def _hand(self, region: Any, v: HandView | None) -> Any:
        if v is None:
            region.replaceChildren()
            region.className = "hand-area empty"
            self.cards["hand"] = {}
            return region
        region.className = "hand-area"
        zone = region.querySelector("[data-zone=hand]")
        if not zone:
            zone = self.p.el("div", "cards hand", data_zone="hand", role="group")
            region.replaceChildren(self.p.el("div", "hand-head"), zone, self.p.el("ul", "score-detail"))
        zone.setAttribute("aria-label", v.label)
        head = self.p.el("div", "hand-head")
        head.appendChild(self.p.el("h2", "zone-label", v.label))
        if v.score:
            head.appendChild(self.p.el("p", "score", v.score))
        region.firstElementChild.replaceWith(head)
        detail = self.p.el("ul", "score-detail")
        for line in v.detail:
            detail.appendChild(self.p.el("li", "", line))
        region.lastElementChild.replaceWith(detail)
        flat = tuple(c for g in v.groups for c in g)
        nodes = self._card_nodes("hand", flat, True)
        groups = []
        at = 0
        for g in v.groups:
            box = self.p.el("div", "group" + (" set" if len(g) >= 5 else ""))
            groups.append((box, nodes[at:at + len(g)]))
            at += len(g)
        shape = [list(group_nodes) for _, group_nodes in groups]
        current = [list(box.children) for box in zone.children]
        same = len(current) == len(shape) and all(
            len(a) == len(b) and all(x == y for x, y in zip(a, b, strict=True))
            for a, b in zip(current, shape, strict=True)
        )
        if same:
            for box, (fresh, _) in zip(zone.children, groups, strict=True):
                box.className = fresh.className
            return region
        active = self.doc.activeElement
        for box, group_nodes in groups:
            box.replaceChildren(*group_nodes)
        zone.replaceChildren(*(box for box, _ in groups))
        if active and active.isConnected and self.doc.activeElement != active:
            active.focus()
        return region
