"""Draw the shared screen models into a page with ``createElement`` and ``textContent`` (never HTML strings).

Every text comes from the model; a painter adds only structure, classes and the stable hooks the page's
glue and the tests use: ``data-action`` and ``data-arg`` on buttons, ``data-field`` on fields.  Each game's
painter extends :class:`Painter` with its own pieces.  No browser import: the page hands in ``document``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .widgets import Button, Choice, Confirm, HandoffView, Notices, Podium, RulesView, TopBar


class Painter:
    """Builds elements for one document.

    ``PAINTS`` maps each screen body's model type to the method that draws it: a game's painter adds its own.
    """

    PAINTS: ClassVar[dict[type, str]] = {HandoffView: "handoff", RulesView: "rules"}

    def __init__(self, document: Any) -> None:
        self.doc = document

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

    def podium(self, v: Podium) -> Any:
        """A game's final placings: one line per place, the winners' raised (their entrance is CSS, and stays
        still under reduced motion)."""
        places = self.el("ol", "podium", aria_label=v.label)
        for p in v.places:
            line = self.el("li", "placing" + (" winner" if p.winner else ""))
            self.add(line, self.el("span", "place", p.place), self.el("span", "placing-name", p.name),
                     self.el("span", "placing-score", p.score))
            if p.detail:
                line.appendChild(self.el("span", "placing-detail", p.detail))
            places.appendChild(line)
        return places

    def more(self, toggle: Button | None, fields: list[Any]) -> Any:
        """A set-up's "more options": the toggle, and its fields (drawn nodes) while it is pressed."""
        if toggle is None:
            return None
        part = self.el("div", "more-options" + (" open" if toggle.pressed else ""))
        part.appendChild(self.button(toggle, "more"))
        if toggle.pressed:
            part.appendChild(self.add(self.el("div", "options more-choices"), *fields))
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

    def confirm(self, c: Confirm, *, role: str = "group") -> Any:
        """A question with its yes and no."""
        box = self.el("div", "confirm" + (" danger" if c.danger else ""), role=role, aria_label=c.text)
        box.appendChild(self.el("p", "confirm-text", c.text))
        if c.detail:
            box.appendChild(self.el("p", "confirm-detail", c.detail))
        buttons = self.el("div", "confirm-buttons")
        self.add(buttons, self.button(c.yes), self.button(c.no))
        box.appendChild(buttons)
        return box

    def notices(self, v: Notices) -> Any:
        """The notice area: one box per message, problems as alerts, and the question before leaving a game."""
        area = self.el("div", "notices", role="region", aria_label=v.label)
        if v.ask:
            area.appendChild(self.confirm(v.ask, role="alertdialog"))
        for n in v.items:
            box = self.el("div", "notice" + (" alert" if n.alert else ""), role="alert" if n.alert else "status",
                          data_notice=n.key)
            box.appendChild(self.el("p", "notice-text", n.text))
            buttons = self.el("div", "notice-buttons")
            for b in n.actions:
                buttons.appendChild(self.button(b))
            buttons.appendChild(self.button(n.dismiss, "dismiss"))
            box.appendChild(buttons)
            area.appendChild(box)
        return area

    def handoff(self, v: HandoffView) -> Any:
        """The hand-off: its button sits low and starts without focus (the page guards it against stray taps)."""
        panel = self.el("section", "handoff")
        self.add(panel, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "", v.detail),
                 self.button(v.ready, "big ready"))
        return panel

    def rules(self, v: RulesView) -> Any:
        """A rules page: its sections, the tutorial's button if there is one, the way back."""
        panel = self.el("article", "panel rules")
        panel.appendChild(self.el("h1", "", v.heading))
        if v.tutorial:
            panel.appendChild(self.button(v.tutorial, "tutorial"))
        for heading, paragraphs in v.sections:
            panel.appendChild(self.el("h2", "", heading))
            for text in paragraphs:
                panel.appendChild(self.el("p", "", text))
        panel.appendChild(self.button(v.back, "primary"))
        return panel
