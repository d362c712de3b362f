"""Keep the page in step with the screen model, region by region.

Each region (top bar, notices, and on the table: status, seats, pool, controls, hand) is repainted
only when its model differs from the one last drawn.  Cards in the pool and the hand are keyed by
their slug: a card that stays is updated in place, so focus and animations stay on the same element.
"""

from __future__ import annotations

from typing import Any

from .render import Painter
from .screens import CardView, HandView, PoolView, Screen, SetupView, TableView


class View:
    """The drawn page: ``draw(screen)`` repaints what changed and returns the names of the regions it repainted."""

    def __init__(self, document: Any, root: Any) -> None:
        self.doc = document
        self.p = Painter(document)
        self.root = root
        self.notice_area = self.p.el("div", "notice-slot")
        self.frame = self.p.el("div", "view")
        self.drawn: dict[str, object] = {}
        self.nodes: dict[str, Any] = {}
        self.cards: dict[str, dict[str, Any]] = {"pool": {}, "hand": {}}
        self.shape = ""

    def draw(self, screen: Screen) -> set[str]:
        """Repaint the regions whose model changed."""
        changed: set[str] = set()
        body = screen.body
        shape = f"{screen.name}:{type(body).__name__}"
        if shape != self.shape:
            self._skeleton(screen.name, body)
            self.shape = shape
            changed.add("screen")
        self._region("notices", screen.notices, changed, lambda: self._notices(screen))
        self._region("top", screen.top, changed, lambda: self.p.top(screen.top))
        if isinstance(body, TableView):
            self._region("status", body.status, changed, lambda: self.p.status(body.status))
            seats = (body.seats, body.seats_label)
            self._region("seats", seats, changed, lambda: self.p.seats(body.seats, body.seats_label))
            self._region("controls", body.controls, changed, lambda: self.p.controls(body.controls))
            if body.pool != self.drawn.get("pool"):
                self._pool(body.pool)
                self.drawn["pool"] = body.pool
                changed.add("pool")
            if body.hand != self.drawn.get("hand"):
                self._hand(body.hand)
                self.drawn["hand"] = body.hand
                changed.add("hand")
            self.nodes["table"].className = "tablescreen" + (" myturn" if body.my_turn else "")
        elif isinstance(body, SetupView):
            # Two regions, so typing a name (which changes the dealer's list) leaves the name box alone.
            rows = (body.heading, body.intro, body.back, body.seats, body.add)
            self._region("setup-seats", rows, changed, lambda: self.p.setup_seats(body))
            self._region("setup-options", (body.options, body.start), changed, lambda: self.p.setup_options(body))
        else:
            self._region("body", body, changed, lambda: self.p.body(body))
        return changed

    # ---- regions ----

    def _skeleton(self, name: str, body: object) -> None:
        """A new screen: fresh slots for its regions (nothing is reused from the last screen)."""
        p = self.p
        screen = p.el("div", "screen screen-" + name)
        top = p.el("nav", "topbar")
        screen.appendChild(top)
        self.drawn = {k: v for k, v in self.drawn.items() if k == "notices"}
        self.nodes = {"top": top, "notices": self.nodes.get("notices")}
        self.cards = {"pool": {}, "hand": {}}
        if isinstance(body, TableView):
            table = p.el("section", "tablescreen")
            for region in ("status", "seats", "pool", "controls", "hand"):
                self.nodes[region] = p.el("div", "region-" + region)
                table.appendChild(self.nodes[region])
            self.nodes["table"] = table
            screen.appendChild(table)
        elif isinstance(body, SetupView):
            panel = p.el("section", "panel setup")
            for region in ("setup-seats", "setup-options"):
                self.nodes[region] = p.el("div")
                panel.appendChild(self.nodes[region])
            screen.appendChild(panel)
        else:
            self.nodes["body"] = p.el("div")
            screen.appendChild(self.nodes["body"])
        self.frame.replaceChildren(screen)

    def _region(self, name: str, model: object, changed: set[str], build: Any) -> None:
        if name in self.drawn and self.drawn[name] == model:
            return
        node = build()
        old = self.nodes.get(name)
        if old is not None and name != "notices":
            old.replaceWith(node)
        self.nodes[name] = node
        self.drawn[name] = model
        changed.add(name)

    def _notices(self, screen: Screen) -> Any:
        n = screen.notices
        if n.items or n.ask:
            self.notice_area.replaceChildren(self.p.notices(n))
        else:
            self.notice_area.replaceChildren()
        return self.notice_area

    # ---- keyed cards ----

    def _card_nodes(self, zone: str, cards: tuple[CardView, ...], interactive: bool) -> list[Any]:
        """One element per card: the same element as before for a card that stays, updated in place."""
        known = self.cards[zone]
        nodes = []
        for card in cards:
            node = known.get(card.slug)
            if node is None or node.getAttribute("data-interactive") != str(interactive):
                node = self.p.card_slot(card, interactive)
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

    def _pool(self, v: PoolView) -> None:
        region = self.nodes["pool"]
        zone = region.querySelector("[data-zone=pool]")
        if not zone or region.getAttribute("data-label") != v.label:
            region.replaceChildren()
            region.className = "pool-area"
            region.setAttribute("data-label", v.label)
            region.appendChild(self.p.el("h2", "zone-label", v.label))
            zone = self.p.el("div", "cards pool", data_zone="pool", role="group", aria_label=v.label)
            region.appendChild(zone)
        self._place(zone, self._card_nodes("pool", v.cards, v.interactive))

    def _hand(self, v: HandView | None) -> None:
        region = self.nodes["hand"]
        if v is None:
            region.replaceChildren()
            region.className = "hand-area empty"
            self.cards["hand"] = {}
            return
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
        shape = [[n for n in group_nodes] for _, group_nodes in groups]
        current = [list(box.children) for box in zone.children]
        same = len(current) == len(shape) and all(
            len(a) == len(b) and all(x == y for x, y in zip(a, b, strict=True))
            for a, b in zip(current, shape, strict=True)
        )
        if same:
            for box, (fresh, _) in zip(zone.children, groups, strict=True):
                box.className = fresh.className
            return
        active = self.doc.activeElement
        for box, group_nodes in groups:
            box.replaceChildren(*group_nodes)
        zone.replaceChildren(*(box for box, _ in groups))
        if active and active.isConnected and self.doc.activeElement != active:
            active.focus()
