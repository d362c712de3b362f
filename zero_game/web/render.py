"""Draw Zero's screen models into the page with ``createElement`` and ``textContent`` (never HTML strings).

Every text comes from the model; this module adds only structure, classes and the stable hooks:
``data-card`` and ``data-zone`` (a card in the pool or the hand is a button whose ``data-action`` is its
zone), beside the shell painter's ``data-action``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.paint import Painter

from .screens import (
    CardView,
    ControlsView,
    HistoryEntry,
    LogRound,
    LogView,
    MatchEndView,
    ReplayView,
    RevealedHand,
    RoundEndView,
    SeatInfo,
    SetupView,
    SheetPageView,
    SheetView,
    StatusView,
    ZeroMoment,
)

SVG = "http://www.w3.org/2000/svg"

# One symbol per colour, drawn in a 24×24 box (the French rulebook's tactile set; a star for grey).
SYMBOLS: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    "red": (("path", {"d": "M12 21s-7.6-4.7-9.6-9.4C1.1 8.3 3.2 4.8 6.7 4.8c2.2 0 3.7 1.3 5.3 3.3 1.6-2 3.1-3.3 "
                           "5.3-3.3 3.5 0 5.6 3.5 4.3 6.8C19.6 16.3 12 21 12 21z"}),),
    "yellow": (("path", {"d": "M14.5 2.5a9.5 9.5 0 1 0 7 15.8A8 8 0 0 1 14.5 2.5z"}),),
    "green": (
        ("circle", {"cx": "12", "cy": "7", "r": "4.3"}),
        ("circle", {"cx": "7", "cy": "13.2", "r": "4.3"}),
        ("circle", {"cx": "17", "cy": "13.2", "r": "4.3"}),
        ("path", {"d": "M11 13h2l1.2 9h-4.4z"}),
    ),
    "blue": (("path", {"d": "M12 2.2S4.8 10.8 4.8 15.6a7.2 7.2 0 0 0 14.4 0C19.2 10.8 12 2.2 12 2.2z"}),),
    "violet": (
        ("path", {"d": "M12 4.5c1-2.2 3.4-3 5.6-2.4-.6 2-2.6 3.3-5 3.1z"}),
        ("circle", {"cx": "7", "cy": "8.2", "r": "2.7"}),
        ("circle", {"cx": "12.2", "cy": "8.2", "r": "2.7"}),
        ("circle", {"cx": "17.4", "cy": "8.2", "r": "2.7"}),
        ("circle", {"cx": "9.6", "cy": "13", "r": "2.7"}),
        ("circle", {"cx": "14.8", "cy": "13", "r": "2.7"}),
        ("circle", {"cx": "12.2", "cy": "17.8", "r": "2.7"}),
    ),
    "grey": (("path", {"d": "M12 1.8l3 6.8 7.3.7-5.5 4.9 1.6 7.2L12 17.6l-6.4 3.8 1.6-7.2-5.5-4.9 7.3-.7z"}),),
    "black": (("path", {"d": "M8.6 2.5h6.8v6.1h6.1v6.8h-6.1v6.1H8.6v-6.1H2.5V8.6h6.1z"}),),
}


class CardPainter(Painter):
    """Builds Zero's elements for one document: cards, seats, the table's regions, the ends of rounds."""

    PAINTS: ClassVar[dict[type, str]] = {
        **Painter.PAINTS, SetupView: "setup", RoundEndView: "round_end", MatchEndView: "match_end",
        SheetPageView: "sheet_page", LogView: "log_page", ReplayView: "replay",
    }

    def symbol(self, colour: str) -> Any:
        svg = self.doc.createElementNS(SVG, "svg")
        svg.setAttribute("viewBox", "0 0 24 24")
        svg.setAttribute("class", "card-symbol")
        svg.setAttribute("aria-hidden", "true")
        svg.setAttribute("focusable", "false")
        for tag, attrs in SYMBOLS[colour]:
            shape = self.doc.createElementNS(SVG, tag)
            for name, value in attrs.items():
                shape.setAttribute(name, value)
            svg.appendChild(shape)
        return svg

    def card(self, card: CardView, *, interactive: bool = True, hook: str = "data-card", size: str = "",
             zone: str = "") -> Any:
        """A card: a button in hand and pool (its ``zone`` is the command it gives), a plain figure elsewhere."""
        node = self.el("button" if interactive else "span", self.card_classes(card, size))
        node.setAttribute(hook, card.slug)
        if interactive:
            node.type = "button"
            node.setAttribute("data-action", zone)
            node.setAttribute("data-arg", card.slug)
        else:
            node.setAttribute("role", "img")
        self.card_state(node, card, interactive)
        self.add(
            node,
            self.el("span", "card-number", str(card.number), aria_hidden="true"),
            self.symbol(card.colour),
        )
        return node

    def card_classes(self, card: CardView, size: str = "") -> str:
        classes = ["card", "c-" + card.colour]
        if size:
            classes.append(size)
        for flag, name in ((card.selected, "selected"), (card.cleared, "cleared"), (card.motion, card.motion),
                           (card.cued, "cued")):
            if flag:
                classes.append(name)
        return " ".join(classes)

    def card_state(self, node: Any, card: CardView, interactive: bool) -> None:
        """The card's name, chosen state and spoken hint."""
        node.setAttribute("aria-label", card.label)
        if interactive:
            node.setAttribute("aria-pressed", "true" if card.selected else "false")
        if card.note:
            node.setAttribute("aria-description", card.note)
        else:
            node.removeAttribute("aria-description")

    def card_slot(self, card: CardView, interactive: bool, zone: str) -> Any:
        """A card in the pool or the hand, with the badge beside it (not in it, so the button's name
        stays "red 7"; the spoken hint is its aria-description)."""
        slot = self.el("span", "slot", data_interactive=str(interactive))
        self.add(slot, self.card(card, interactive=interactive, zone=zone), self.el("span", "card-hint", card.hint,
                                                                          aria_hidden="true"))
        return slot

    def update_card(self, slot: Any, card: CardView) -> None:
        """Bring a drawn card (from ``card_slot``) up to date in place."""
        node = slot.firstElementChild
        node.className = self.card_classes(card)
        self.card_state(node, card, slot.getAttribute("data-interactive") == "True")
        slot.lastElementChild.textContent = card.hint

    # ---- regions ----

    def setup(self, v: SetupView) -> Any:
        """The set-up page: who sits where, then the options and Play."""
        panel = self.el("section", "panel setup")
        self.add(panel, self.setup_seats(v), self.setup_options(v))
        return panel

    def setup_seats(self, v: SetupView) -> Any:
        part = self.heading(self.el("div", "setup-seats"), v.heading, v.intro, v.back)
        seats = self.el("ol", "seats")
        for seat in v.seats:
            row = self.setup_row("seat-row", seat, "seat-name")
            if seat.about:
                row.querySelector("select").setAttribute("aria-describedby", f"level-about-{seat.index}")
                row.appendChild(self.el("p", "level-about", seat.about, id=f"level-about-{seat.index}"))
            seats.appendChild(row)
        part.appendChild(seats)
        if v.add:
            part.appendChild(self.button(v.add, "add"))
        return part

    def setup_options(self, v: SetupView) -> Any:
        part = self.el("div", "setup-options")
        options = self.el("div", "options")
        for c in v.options:
            options.appendChild(self.choice(c))
        part.appendChild(options)
        self.add(part, self.more(v, [self.choice(c) for c in v.extra]), self.button(v.start, "play"))
        return part

    def seats(self, seats: tuple[SeatInfo, ...], label: str) -> Any:
        """The seats around the table."""
        node = self.el("ul", "opponents", aria_label=label)
        for s in seats:
            node.appendChild(self.seat(s))
        return node

    def seat(self, s: SeatInfo) -> Any:
        """A seat of fixed size: the dealer's badge, "Thinking…" and the last move's line keep their room (hidden)
        while they are not shown, so no seat grows or shrinks between turns and the pool stays put."""
        node = self.el("li", "seat" + (" turn" if s.turn else ""), data_seat=str(s.seat))
        dealer_room, thinking_room = s.room
        head = self.add(self.el("div", "seat-head"), self.el("span", "seat-name", s.name),
                        self.el("span", "badge", s.badge) if s.badge else None,
                        self.el("span", "badge dealer", s.dealer) if s.dealer else
                        self.el("span", "badge dealer room", dealer_room, aria_hidden="true") if dealer_room else None)
        info = self.add(self.el("div", "seat-info"), self.el("span", "seat-cards", s.cards),
                        self.el("span", "knock-marker", s.knocked) if s.knocked else None,
                        self.el("span", "thinking", s.thinking) if s.thinking else
                        self.el("span", "thinking-room", thinking_room, aria_hidden="true") if thinking_room else None)
        self.add(node, head, info)
        last = self.el("div", "seat-last" if s.last else "seat-last-room")
        if s.last:
            last.appendChild(self.el("span", "", s.last))
            for c in s.last_cards:
                last.appendChild(self.card(c, interactive=False, hook="data-seen", size="mini"))
        node.appendChild(last)
        return node

    def status(self, v: StatusView) -> Any:
        status = self.el("header", "status" + (" final" if v.final else ""))
        main = self.el("div", "status-main")
        text = self.el("h1", "status-text", tabindex="-1")  # focus may land here: no ring (CSS)
        text.appendChild(self.el("span", "status-words", v.status))  # its lines capped (CSS), the h1 keeps the room
        self.add(main, self.el("span", "round-label", v.round_label), text)
        status.appendChild(main)
        if v.tools:
            tools = self.el("div", "status-tools")
            for b in v.tools:
                tools.appendChild(self.button(b, "tool"))
            status.appendChild(tools)
        return status

    def controls(self, v: ControlsView) -> Any:
        """Prompt, the confirm box's slot (kept the same height with or without the box), the buttons."""
        controls = self.el("section", "controls" + (" reserve" if v.reserve else ""))
        slot = self.el("div", "confirm-slot")  # the prompt, or the confirm box in its place
        slot.appendChild(self.confirm(v.confirm) if v.confirm else self.el("p", "prompt", v.prompt))
        controls.appendChild(slot)
        if v.hint:
            controls.appendChild(self.el("p", "hint-text", v.hint))
        actions = self.el("div", "actions")
        for b in v.actions:
            cls = ("knock" if b.action == "knock" else "") + (" cued" if v.cue and b.action == v.cue else "")
            actions.appendChild(self.button(b, cls.strip()))
        controls.appendChild(actions)
        return controls

    def sheet(self, v: SheetView, level: str = "h2") -> Any:
        wrap = self.el("div", "sheet")
        wrap.appendChild(self.el(level, "", v.heading))
        table = self.el("table", "sheet-table" + (" wide" if len(v.columns) > 4 else ""))
        head = self.el("tr")
        for i, col in enumerate(v.columns):
            cell = self.el("th", "leader" if i - 1 in v.leaders else "", col, scope="col")
            head.appendChild(cell)
        thead = self.el("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        body = self.el("tbody")
        for r, row in enumerate(v.rows):
            tr = self.el("tr")
            marks = v.marks[r] if r < len(v.marks) else ()
            for i, value in enumerate(row):
                cell = self.el("th" if i == 0 else "td", "", value, **({"scope": "row"} if i == 0 else {}))
                mark = marks[i - 1] if 0 < i <= len(marks) else ""
                if mark:
                    cell.appendChild(self.doc.createTextNode(" "))
                    cell.appendChild(self.el("span", "mark zero" if value == "0" else "mark knock", mark))
                tr.appendChild(cell)
            body.appendChild(tr)
        table.appendChild(body)
        foot = self.el("tfoot")
        tr = self.el("tr")
        for i, value in enumerate(v.totals):
            cls = "leader" if i - 1 in v.leaders else ""
            tr.appendChild(self.el("th" if i == 0 else "td", cls, value, **({"scope": "row"} if i == 0 else {})))
        foot.appendChild(tr)
        table.appendChild(foot)
        wrap.appendChild(table)
        if v.legend:
            wrap.appendChild(self.el("p", "sheet-legend", v.legend))
        return wrap

    def sheet_page(self, v: SheetPageView) -> Any:
        """The score-sheet page: this match, finished matches, statistics, export/import/clear."""
        panel = self.el("section", "panel sheet-page")
        self.add(panel, self.el("h1", "", v.heading), self.sheet(v.current) if v.current else None)
        return self.score_sheet(panel, v, self.history_entry, [self.el("p", "intro", v.data_hint)])

    def history_entry(self, entry: HistoryEntry) -> list[Any]:
        """A finished match: its date, rounds, winners and help used; each player's total; its rounds to replay."""
        head = self.add(self.el("p", "history-head"), self.el("span", "history-date", entry.date),
                        self.el("span", "history-rounds", entry.rounds),
                        self.el("span", "history-winners", entry.winners),
                        self.el("span", "history-assists", entry.assists) if entry.assists else None)
        players = self.el("ul", "history-players")
        for name, total, won in entry.players:
            line = self.el("li", "won" if won else "")
            self.add(line, self.el("span", "history-name", name), self.el("span", "history-total", total))
            players.appendChild(line)
        return [head, players, self.buttons("history-replays", entry.replays) if entry.replays else None]

    def zero_moment(self, m: ZeroMoment | None) -> Any:
        """A ZERO's stamp over the pool (decoration: the live region says it all), or an empty region."""
        node = self.el("div", "region-moment")
        if m is not None:
            node.className = "region-moment zero-moment"
            node.setAttribute("aria-hidden", "true")
            self.add(node, self.el("span", "zero-stamp", m.title), self.el("span", "zero-who", m.who))
        return node

    def revealed(self, hands: tuple[RevealedHand, ...], hook: str = "data-card") -> Any:
        """Hands face up, each with its name and score (its total and how it scores, where the model has them)."""
        node = self.el("ul", "revealed")
        for h in hands:
            item = self.el("li", "revealed-hand" + (" zero" if h.zero else ""))
            head = self.add(self.el("div", "revealed-head"), self.el("h2", "", h.name),
                            self.el("span", "zero-stamp small", h.stamp) if h.stamp else None,
                            self.el("span", "revealed-score", h.score),
                            self.el("span", "revealed-total", h.total) if h.total else None)
            cards = self.el("div", "cards small")
            for c in h.cards:
                cards.appendChild(self.card(c, interactive=False, hook=hook, size="small"))
            self.add(item, head, cards, self.el("p", "revealed-detail", " ".join(h.detail)) if h.detail else None)
            node.appendChild(item)
        return node

    def replay(self, v: ReplayView) -> Any:
        """A finished round replayed: its heading, the move, the pool, every hand, the step buttons."""
        panel = self.el("section", "panel replay", data_zone="replay")
        panel.appendChild(self.el("h1", "", v.heading))
        if v.step:
            panel.appendChild(self.el("p", "replay-step", v.step))
        panel.appendChild(self.el("p", "last-move", v.said, role="status"))
        if v.pool:
            panel.appendChild(self.el("h2", "zone-label", v.pool_label))
            pool = self.el("div", "cards small replay-pool")
            for c in v.pool:
                pool.appendChild(self.card(c, interactive=False, hook="data-shown", size="small"))
            panel.appendChild(pool)
        panel.appendChild(self.revealed(v.hands, hook="data-shown"))
        panel.appendChild(self.buttons("end-buttons replay-buttons", v.buttons))
        panel.appendChild(self.button(v.back, "back"))
        return panel

    def log_round(self, v: LogRound, level: str = "h2") -> Any:
        """One round of the move log: a heading and a numbered list of its moves."""
        part = self.el("section", "log-round")
        part.appendChild(self.el(level, "", v.heading))
        lines = self.el("ol", "log-lines")
        for text in v.lines:
            lines.appendChild(self.el("li", "", text))
        part.appendChild(lines)
        return part

    def log_side(self, v: LogView) -> Any:
        """The move log at the table: its heading and its way out, then every round, the newest move last (its
        scroller is reversed, so the end is in view and stays there as moves come in)."""
        box = self.el("aside", "table-log", aria_label=v.heading, data_zone="table-log")
        head = self.el("div", "table-log-head")
        self.add(head, self.el("h2", "", v.heading), self.button(v.back, "log-close"))
        rounds = self.el("div", "log-rounds")
        for r in v.rounds:
            rounds.appendChild(self.log_round(r, "h3"))
        scroll = self.el("div", "log-scroll", tabindex="0")  # a keyboard scrolls it too
        scroll.appendChild(rounds)
        self.add(box, head, scroll)
        return box

    def log_page(self, v: LogView) -> Any:
        """The move log: a heading per round, the oldest first; the newest round's heading takes focus (the page
        opens on it)."""
        panel = self.el("article", "panel log", data_zone="log")
        panel.appendChild(self.el("h1", "", v.heading))
        panel.appendChild(self.button(v.back, "back"))
        part = None
        for r in v.rounds:
            part = self.log_round(r)
            panel.appendChild(part)
        if part is not None:
            part.setAttribute("data-newest", "")
            part.firstElementChild.setAttribute("tabindex", "-1")
        return panel

    def round_end(self, v: RoundEndView) -> Any:
        """The round's end in one look: what ended it, who did best and the way on at the top; every hand with
        its score and total; the sheet and the round's moves beside (or behind a button where they do not fit)."""
        panel = self.el("section", "panel round-end")
        top = self.el("header", "end-top")
        said = self.el("div", "end-said")
        said.appendChild(self.el("h1", "", v.heading, tabindex="-1"))  # where the focus starts: the results follow
        if v.last_move:
            said.appendChild(self.el("p", "last-move", v.last_move))
        said.appendChild(self.el("p", "banner", v.banner))
        self.add(top, said, self.button(v.next, "big next"))
        panel.appendChild(top)
        hands = self.revealed(v.hands)
        side = self.el("div", "end-side")
        sheet = self.sheet(v.sheet)
        # The sheet and the moves scroll beside the hands: a keyboard must reach them too.
        moves = self.log_round(v.log) if v.log is not None else None
        for region, label in ((sheet, v.sheet.heading), (moves, v.log.heading if v.log else "")):
            if region is not None:
                region.setAttribute("tabindex", "0")
                region.setAttribute("aria-label", label)
                side.appendChild(region)
        if v.moves is not None:
            side.appendChild(self.button(v.moves, "moves"))
        body = self.el("div", "end-body")
        self.add(body, hands, side)
        panel.appendChild(body)
        return panel

    def match_end(self, v: MatchEndView) -> Any:
        """The match's end: the podium and what next, the match's sheet beside it."""
        return self.ending(v, "match-end", self.sheet(v.sheet))
