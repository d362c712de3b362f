"""Draw the host's own questions: the set-up's part about them and their page (``createElement`` and
``textContent`` only, never HTML strings; no browser import: the painter holds the document).

Hooks: ``data-action`` on buttons (``own.OwnCommand``), ``data-field="cards-use"`` on the choice of questions,
``data-own`` on each row of the list, ``lang`` on a question written in another language than the page's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from tabletop.paint import Painter

from .own import CardsLine, CardsView, ReportView


class OwnPainter(Painter):
    """The quiz painter's part for own questions (a mix-in of ``render.QuizPainter``)."""

    PAINTS: ClassVar[dict[type, str]] = {**Painter.PAINTS, CardsView: "cards_page"}

    def cards_line(self, v: CardsLine) -> Any:
        """The set-up's part: how many own questions, which the table plays with, the way to their page."""
        box = self.el("section", "own-cards-line", aria_label=v.label)
        head = self.el("p", "own-cards-text")
        self.add(head, self.el("strong", "", v.label + " "), self.el("span", "", v.text))
        box.appendChild(head)
        row = self.el("div", "own-cards-row")
        if v.use:
            row.appendChild(self.choice(v.use))
        row.appendChild(self.button(v.open, "own-cards-open"))
        box.appendChild(row)
        for note in v.notes:
            box.appendChild(self.el("p", "own-cards-note", note, role="note"))
        return box

    def own_report(self, v: ReportView) -> Any:
        """What the last file gave: loaded, or refused with every problem by line."""
        box = self.el("div", "own-report " + ("ok" if v.ok else "refused"))  # said by the live region
        if v.heading:
            box.appendChild(self.el("p", "own-report-heading", v.heading))
        if v.lines:
            items = self.el("ul", "own-problems", tabindex="0", aria_label=v.heading)  # it may scroll: keys too
            for line in v.lines:
                items.appendChild(self.el("li", "", line))
            box.appendChild(items)
        if v.more:
            box.appendChild(self.el("p", "own-more", v.more))
        return box

    def cards_page(self, v: CardsView) -> Any:
        """The page of own questions: load (its report, its question), which the table plays, the set's tools, the
        list, how a file looks and its templates, the way back."""
        panel = self.el("section", "panel own-cards")
        self.add(panel, self.el("h1", "", v.heading, tabindex="-1"), self.el("p", "intro", v.intro),
                 self.el("p", "own-summary", v.summary))
        load = self.el("div", "own-load")
        load.appendChild(self.button(v.load, "big"))
        panel.appendChild(load)
        if v.report:
            panel.appendChild(self.own_report(v.report))
        if v.ask:
            panel.appendChild(self.confirm(replace(v.ask, also=v.also)))
        if v.use:
            panel.appendChild(self.add(self.el("div", "options own-use"), self.choice(v.use)))
        for note in v.notes:
            panel.appendChild(self.el("p", "own-cards-note", note, role="note"))
        if v.tools:
            panel.appendChild(self.el("h2", "", v.tools_label))
            panel.appendChild(self.buttons("own-tools sheet-tools", v.tools))
        if v.rows:
            panel.appendChild(self.el("h2", "", v.list_heading))
            if v.answers:
                panel.appendChild(self.button(v.answers, "own-answers"))
            if v.hidden:
                panel.appendChild(self.el("p", "own-hidden", v.hidden))
            panel.appendChild(self.own_list(v))
        how = self.el("details", "own-how", open="") if not v.rows else self.el("details", "own-how")
        how.appendChild(self.el("summary", "", v.how_heading))
        for line in v.how:
            how.appendChild(self.el("p", "", line))
        how.appendChild(self.el("p", "own-templates-label", v.templates_label))
        how.appendChild(self.buttons("own-templates", v.templates))
        panel.appendChild(how)
        panel.appendChild(self.button(v.back, "primary back"))
        return panel

    def own_list(self, v: CardsView) -> Any:
        """The set as a table: number, question, unit, category (and the answer while shown)."""
        table = self.el("table", "sheet-table own-list")
        head = self.el("tr")
        for name in v.columns:
            head.appendChild(self.el("th", "", name, scope="col"))
        thead = self.el("thead")
        thead.appendChild(head)
        body = self.el("tbody")
        for row in v.rows:
            tr = self.el("tr", "", data_own=str(row.number))
            tr.appendChild(self.el("th", "", str(row.number), scope="row"))
            text = self.el("td", "own-text", row.text)
            if row.lang:
                text.setAttribute("lang", row.lang)
            self.add(tr, text, self.el("td", "", row.unit), self.el("td", "", row.category))
            if row.answer:
                tr.appendChild(self.el("td", "own-answer", row.answer))
            body.appendChild(tr)
        self.add(table, thead, body)
        wrap = self.el("div", "sheet own-list-wrap", tabindex="0", role="region", aria_label=v.list_heading)
        wrap.appendChild(table)
        return wrap
