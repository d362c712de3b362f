"""Draw the shared screen models into a page with ``createElement`` and ``textContent`` (never HTML strings).

Every text comes from the model; a painter adds only structure, classes and the stable hooks the page's
glue and the tests use: ``data-action`` and ``data-arg`` on buttons, ``data-field`` on fields.  Each game's
painter extends :class:`Painter` with its own pieces.  No browser import: the page hands in ``document``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from .names import MAX_NAME
from .qr import QUIET
from .widgets import (
    Button,
    Choice,
    Confirm,
    EndPage,
    HandoffView,
    JoinView,
    Lesson,
    Notices,
    PairingView,
    PhonesBar,
    Podium,
    QrView,
    RulesView,
    SetupPage,
    SetupRow,
    SheetPage,
    TopBar,
    WaitView,
)

SVG = "http://www.w3.org/2000/svg"


class Painter:
    """Builds elements for one document.

    ``PAINTS`` maps each screen body's model type to the method that draws it: a game's painter adds its own.
    """

    PAINTS: ClassVar[dict[type, str]] = {HandoffView: "handoff", RulesView: "rules", PairingView: "pairing",
                                         JoinView: "join", WaitView: "wait"}

    def __init__(self, document: Any) -> None:
        self.doc = document
        self.dialogs = 0  # dialogs drawn so far: each one's ids are its own

    def body(self, model: Any) -> Any:
        """A whole screen body, by its model's type."""
        method = self.PAINTS.get(type(model))
        if method is None:
            raise TypeError(f"{type(self).__name__} draws no {type(model).__name__}.")
        return getattr(self, method)(model)

    def el(self, tag: str, cls: str = "", text: str | None = None, **attrs: str) -> Any:
        """A new element with a class, text (as text, never HTML) and attributes (``data_x`` → ``data-x``)."""
        node = self.doc.createElement(tag)
        if cls:
            node.className = cls
        if text is not None:
            node.textContent = text
        for name, value in attrs.items():
            node.setAttribute(name.replace("_", "-"), value)
        return node

    def add(self, parent: Any, *children: Any) -> Any:
        """Append children (skipping ``None``) and return the parent."""
        for child in children:
            if child is not None:
                parent.appendChild(child)
        return parent

    def button(self, b: Button, cls: str = "") -> Any:
        """A button that gives ``b.action`` (its ``data-action`` hook) with ``b.arg``."""
        classes = ["btn"]
        if b.primary:
            classes.append("primary")
        if cls:
            classes.append(cls)
        if b.cued:
            classes.append("cued")
        node = self.el("button", " ".join(classes), b.label, type="button", data_action=str(b.action))
        if b.arg:
            node.setAttribute("data-arg", b.arg)
        if b.key:
            node.setAttribute("aria-keyshortcuts", b.key)
        if b.pressed is not None:
            node.setAttribute("aria-pressed", "true" if b.pressed else "false")
        if b.disabled:
            node.disabled = True
        if b.description:
            node.setAttribute("aria-description", b.description)
            node.setAttribute("title", b.description)
        return node

    def buttons(self, cls: str, buttons: Iterable[Button], kind: str = "", **attrs: str) -> Any:
        """A row of buttons (``kind``: each one's class)."""
        row = self.el("div", cls, **attrs)
        for b in buttons:
            row.appendChild(self.button(b, kind))
        return row

    def choice(self, c: Choice, cls: str = "field") -> Any:
        """A labelled drop-down (its ``data-field`` hook is ``c.field``)."""
        wrap = self.el("label", cls)
        wrap.appendChild(self.el("span", "field-label", c.label))
        select = self.el("select", "", data_field=c.field)
        for value, label in c.options:
            option = self.el("option", "", label, value=value)
            if value == c.value:
                option.selected = True
            select.appendChild(option)
        wrap.appendChild(select)
        return wrap

    # Where each place stands, left to right, by how many there are: the best in the middle, the next either side.
    SPOTS: ClassVar[dict[int, tuple[int, ...]]] = {
        1: (0,), 2: (1, 0), 3: (1, 0, 2), 4: (3, 1, 0, 2), 5: (3, 1, 0, 2, 4)}

    def podium(self, v: Podium) -> Any:
        """A game's final placings on a podium: one step per place (read best first; drawn with the best in the
        middle, a step as high as its place), the winners' marked, the people at this screen's outlined."""
        places = self.el("ol", "podium", aria_label=v.label)
        spots = self.SPOTS.get(len(v.places), tuple(range(len(v.places))))
        for i, p in enumerate(v.places):
            classes = ["placing", f"rank-{min(p.rank, 4)}", f"spot-{spots.index(i) if i in spots else i}"]
            classes += ["winner"] * p.winner + ["here"] * p.here
            line = self.el("li", " ".join(classes))
            who = self.el("div", "placing-who")
            who.appendChild(self.el("span", "placing-name", p.name))
            if p.detail:
                who.appendChild(self.el("span", "placing-detail", p.detail))
            step = self.el("div", "step")
            self.add(step, self.el("span", "place", p.place), self.el("span", "placing-score", p.score))
            self.add(line, who, step)
            places.appendChild(line)
        return places

    def ending(self, v: EndPage, cls: str, *more: Any) -> Any:
        """A game's end as a moment: who won and where the people here finished, the podium, what next in reach,
        and ``more`` (the game's own: the score sheet, how it came to that) beside or below; a short celebration
        that the page's motion switch and the device's reduced motion leave out (CSS)."""
        if v.podium is None:
            raise ValueError("An end without its placings.")
        podium = v.podium
        panel = self.el("section", f"panel ending {cls}" + ("" if v.celebrate else " still"))
        head = self.el("header", "ending-head")
        self.add(head, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "banner winner", v.banner))
        for line in podium.yours:
            head.appendChild(self.el("p", "yours", line))
        stage = self.el("div", "ending-stage")
        self.add(stage, head, self.podium(podium), self.buttons("end-buttons", v.actions, "big") if v.actions else None)
        aside = self.el("div", "ending-more", tabindex="0", aria_label=v.more)  # it may scroll: a keyboard reaches it
        self.add(aside, *more)
        confetti = None
        if v.celebrate:  # once per end (``OnCore.celebrates``): back from the rules, nothing falls again
            confetti = self.el("div", "confetti", aria_hidden="true")
            for _ in range(28):
                confetti.appendChild(self.el("i"))
        self.add(panel, confetti, stage, aside if aside.firstChild else None)
        return panel

    def more(self, v: SetupPage, fields: list[Any]) -> Any:
        """A set-up's "more options": the toggle, and while it is pressed the game's fields (drawn nodes) and this
        device's switches."""
        toggle = v.more
        if toggle is None:
            return None
        part = self.el("div", "more-options" + (" open" if toggle.pressed else ""))
        part.appendChild(self.button(toggle, "more"))
        if toggle.pressed:
            part.appendChild(self.add(self.el("div", "options more-choices"), *fields,
                                      *(self.choice(c) for c in v.switches)))
        return part

    def heading(self, parent: Any, heading: str, intro: str, back: Button | None = None) -> Any:
        """A screen's heading (focusable, for a new screen's start), its intro line, and the way back to a game
        waiting behind it."""
        self.add(parent, self.el("h1", "", heading, tabindex="-1"), self.el("p", "intro", intro))
        if back is not None:
            parent.appendChild(self.button(back, "back-to-match"))
        return parent

    def row(self, cls: str, heading: str, kind: Choice) -> Any:
        """A set-up row: its heading and who plays it."""
        row = self.el("li", cls)
        self.add(row, self.el("span", "seat-no", heading), self.choice(kind, "field kind"))
        return row

    def setup_row(self, cls: str, v: SetupRow, field: str, *more: Any) -> Any:
        """A set-up row: its heading, who plays it, its name box (``field``, with the row's index) and ``more`` boxes
        while people play it, else the bot's name; its remove button."""
        row = self.row(cls, v.heading, v.kind)
        if v.editable:
            self.add(row, self.text_box(v.name_label, f"{field}:{v.index}", v.name, MAX_NAME, v.placeholder), *more)
        else:
            row.appendChild(self.el("span", "field name bot-name", v.bot_name))
        if v.remove:
            row.appendChild(self.button(v.remove, "remove"))
        return row

    def text_box(self, label: str, field: str, value: str, limit: int, placeholder: str = "") -> Any:
        """A labelled one-line text box (its ``data-field`` hook is ``field``), its text as typed so far."""
        wrap = self.el("label", "field name")
        wrap.appendChild(self.el("span", "field-label", label))
        box = self.el("input", "", type="text", data_field=field, maxlength=str(limit), autocomplete="off",
                      spellcheck="false")
        if placeholder:
            box.setAttribute("placeholder", placeholder)
        box.value = value
        wrap.appendChild(box)
        return wrap

    def top(self, v: TopBar) -> Any:
        """The top bar: name, navigation and language (its own accessible name, not the table's)."""
        bar = self.el("nav", "topbar", aria_label=v.label)
        bar.appendChild(self.el("span", "brand", v.brand))
        links = self.el("div", "topbar-actions")
        for b in v.nav:
            links.appendChild(self.button(b, "nav"))
        links.appendChild(self.choice(v.language, "field lang"))
        bar.appendChild(links)
        return bar

    def confirm(self, c: Confirm) -> Any:
        """A question as a modal dialog: named by its words, described by its detail, the answer that takes the
        focus first (``Confirm.answers``); ``data-safe`` marks the answer Escape gives.  The page's glue moves the
        focus into it, keeps Tab inside it and gives the focus back when it closes."""
        self.dialogs += 1
        ids = f"dialog-{self.dialogs}"
        box = self.el("div", "confirm" + (" danger" if c.danger else ""), role="alertdialog", aria_modal="true",
                      aria_labelledby=ids + "-text", data_dialog="restart" if c.restart else "back")
        box.appendChild(self.el("p", "confirm-text", c.text, id=ids + "-text"))
        if c.detail:
            box.appendChild(self.el("p", "confirm-detail", c.detail, id=ids + "-detail"))
            box.setAttribute("aria-describedby", ids + "-detail")
        buttons = self.el("div", "confirm-buttons")
        for b in c.answers():
            node = self.button(b)
            if b is c.no:
                node.setAttribute("data-safe", "")
            buttons.appendChild(node)
        box.appendChild(buttons)
        return box

    def notices(self, v: Notices) -> Any:
        """The notice area: one box per message, problems as alerts, and the question before leaving a game."""
        area = self.el("div", "notices", role="region", aria_label=v.label)
        if v.ask:
            area.appendChild(self.confirm(v.ask))
        if v.compact:
            area.className = "notices compact"
        for n in v.items:
            box = self.el("div", "notice" + (" alert" if n.alert else ""), role="alert" if n.alert else "status",
                          data_notice=n.key)
            buttons = self.buttons("notice-buttons", n.actions)
            if v.compact:  # one line (a disclosure: a tap opens the words and the buttons below the strip)
                more = self.el("details", "notice-more")
                more.appendChild(self.el("summary", "notice-text", n.text))
                if n.actions:
                    more.appendChild(buttons)
                self.add(box, more, self.button(n.dismiss, "dismiss"))
            else:
                buttons.appendChild(self.button(n.dismiss, "dismiss"))
                self.add(box, self.el("p", "notice-text", n.text), buttons)
            area.appendChild(box)
        return area

    def handoff(self, v: HandoffView) -> Any:
        """The hand-off: its button sits low and starts without focus (the page guards it against stray taps)."""
        panel = self.el("section", "handoff")
        self.add(panel, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "", v.detail),
                 self.button(v.ready, "big ready"))
        return panel

    def lesson(self, v: Lesson) -> Any:
        """A tutorial's lesson box: its heading, the step's words (a refusal marked), what to tap, the way out."""
        box = self.el("aside", "lesson" + (" refused" if v.refused else ""), aria_label=v.heading)
        self.add(box, self.el("strong", "lesson-heading", v.heading), self.el("p", "lesson-text", v.text),
                 self.el("p", "lesson-ask", v.ask) if v.ask else None, self.button(v.skip, "lesson-skip"))
        return box

    def rules(self, v: RulesView) -> Any:
        """A rules page: its sections, the tutorial's button if there is one, the way back."""
        panel = self.el("article", "panel rules")
        panel.appendChild(self.el("h1", "", v.heading, tabindex="-1"))  # where a page opened by key starts
        if v.tutorial:
            panel.appendChild(self.button(v.tutorial, "tutorial"))
        for heading, paragraphs in v.sections:
            panel.appendChild(self.el("h2", "", heading))
            for text in paragraphs:
                panel.appendChild(self.el("p", "", text))
        panel.appendChild(self.button(v.back, "primary"))
        return panel

    # ---- a game's score-sheet page ----

    def stats_table(self, columns: tuple[str, ...], rows: tuple[tuple[str, ...], ...], kind: str = "") -> Any:
        """A table of statistics: a line per player (or team, or person), its name as the row's heading."""
        table = self.el("table", "sheet-table stats-table" + (f" {kind}" if kind else ""))
        head = self.el("tr")
        for col in columns:
            head.appendChild(self.el("th", "", col, scope="col"))
        thead = self.el("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        body = self.el("tbody")
        for row in rows:
            tr = self.el("tr")
            tr.appendChild(self.el("th", "", row[0], scope="row"))
            for value in row[1:]:
                tr.appendChild(self.el("td", "", value))
            body.appendChild(tr)
        table.appendChild(body)
        wrap = self.el("div", "sheet")
        wrap.appendChild(table)
        return wrap

    def score_sheet(self, panel: Any, v: SheetPage, entry: Callable[[Any], list[Any]], lines: list[Any],
                    kind: str = "", more: Any = None) -> Any:
        """A score-sheet page below its heading: the history (each entry's parts drawn by the game's ``entry``), the
        statistics (``kind``: their table's class; ``more``: a table after it), its data (``lines`` say what), the
        tools and the question they ask, the way back.  A part with nothing in it yet says so."""
        items = self.el("ol", "history")
        for e in v.history:
            items.appendChild(self.add(self.el("li", "history-entry"), *entry(e)))
        stats = self.stats_table(v.columns, v.stats, kind) if v.stats else None
        self.add(panel, self.el("h2", "", v.history_heading),
                 items if v.history else self.el("p", "empty", v.history_empty),
                 self.el("h2", "", v.stats_heading), stats, more if stats else self.el("p", "empty", v.stats_empty),
                 self.el("h2", "", v.data_heading), *lines, self.buttons("sheet-tools", v.tools),
                 self.confirm(v.confirm) if v.confirm else None,
                 self.button(v.back, "primary back"))
        return panel

    # ---- phones (``tabletop.remote``) ----

    def qr(self, v: QrView) -> Any:
        """A QR code: its dark modules on white, a quiet zone around, crisp at any size."""
        svg = self.doc.createElementNS(SVG, "svg")
        side = v.size + 2 * QUIET
        for name, value in (("viewBox", f"-{QUIET} -{QUIET} {side} {side}"), ("class", "qr"), ("role", "img"),
                            ("aria-label", v.label), ("shape-rendering", "crispEdges"), ("data-qr", v.text)):
            svg.setAttribute(name, value)
        back = self.doc.createElementNS(SVG, "rect")
        for name, value in (("x", f"-{QUIET}"), ("y", f"-{QUIET}"), ("width", str(side)), ("height", str(side)),
                            ("fill", "#fff")):
            back.setAttribute(name, value)
        dark = self.doc.createElementNS(SVG, "path")
        dark.setAttribute("d", v.path)
        dark.setAttribute("fill", "#000")
        svg.appendChild(back)
        svg.appendChild(dark)
        return svg

    def scanner(self, label: str) -> Any:
        """Where the camera's picture shows while it looks for a code (the page's glue gives it the camera)."""
        video = self.el("video", "scanner", data_scanner="", aria_label=label)
        video.muted = True
        video.setAttribute("playsinline", "")
        video.setAttribute("autoplay", "")
        return video

    def phones(self, v: PhonesBar) -> Any:
        """The tablet's phone seats: who is here, who is away, and what the host may do for them."""
        bar = self.el("section", "phones", role="region", aria_label=v.label)
        rows = self.el("ul", "phone-rows")
        for row in v.rows:
            item = self.el("li", "phone-row" + (" linked" if row.linked else " away"), data_phone=str(row.seat))
            item.appendChild(self.el("span", "phone-status", row.status))
            for b in row.actions:
                item.appendChild(self.button(b, "small"))
            rows.appendChild(item)
        bar.appendChild(rows)
        return bar

    def pairing(self, v: PairingView) -> Any:
        """The tablet's pairing screen: the steps, the code the phone scans, the camera for the phone's code."""
        panel = self.el("section", "panel pairing")
        panel.appendChild(self.el("h1", "", v.heading, tabindex="-1"))
        if v.others:
            panel.appendChild(self.buttons("pairing-seats", v.others, "small"))
        steps = self.el("ol", "pairing-steps")
        for text in v.steps:
            steps.appendChild(self.el("li", "", text))
        panel.appendChild(steps)
        codes = self.el("div", "pairing-codes")
        codes.appendChild(self.qr(v.code) if v.code else self.el("p", "qr-waiting", v.waiting, role="status"))
        if v.scanning:
            codes.appendChild(self.scanner(v.scanner_label))
        panel.appendChild(codes)
        if v.short:
            panel.appendChild(self.el("p", "pairing-short", v.short))
        panel.appendChild(self.el("p", "pairing-status", v.status, role="status"))
        if v.problem:
            panel.appendChild(self.el("p", "pairing-problem", v.problem, role="alert"))
        buttons = self.el("div", "pairing-buttons")
        self.add(buttons, self.button(v.scan), self.button(v.close))
        panel.appendChild(buttons)
        return panel

    def join(self, v: JoinView) -> Any:
        """A phone's own screen: joining the table, its code for the tablet, away, or refused."""
        panel = self.el("section", "panel join")
        self.add(panel, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "join-text", v.text, role="status"))
        if v.code:
            panel.appendChild(self.qr(v.code))
        if v.scanning:
            panel.appendChild(self.scanner(v.scanner_label))
        if v.detail:
            panel.appendChild(self.el("p", "join-detail", v.detail))
        if v.field:
            panel.appendChild(self.text_box(v.field, "join-code", "", 8))
        panel.appendChild(self.buttons("join-buttons", v.actions))
        return panel

    def wait(self, v: WaitView) -> Any:
        """A phone's screen while the table sets up."""
        panel = self.el("section", "panel wait")
        self.add(panel, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "", v.text))
        return panel
