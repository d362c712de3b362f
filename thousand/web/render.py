"""Draw the quiz's screen models with ``createElement`` and ``textContent`` (never HTML strings).

Builds on the shell's ``Painter`` (buttons, choices, the top bar, notices, hand-off, rules); adds the
quiz's pieces.  Hooks: ``data-action``/``data-arg`` on controls, ``data-question`` on question cards,
``data-answer`` on a turned-over answer, ``data-team`` on a team's panel.  Takes the document as an
argument: no browser import.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .own_render import OwnPainter
from .screens import (
    ChooseControls,
    EndView,
    GuessView,
    NumberLine,
    PlayView,
    QuestionView,
    QuizSetupView,
    QuizSheetView,
    RevealView,
    TargetView,
    TeamPanel,
)

SVG = "http://www.w3.org/2000/svg"


MARK_ROWS = (45, 18, 72)  # a mark's height on the number line: on it, above it, below it
MARK_GAP = 28  # two marks closer than this (in the line's 0–1000 units) would cover each other


def mark_rows(places: list[int]) -> list[int]:
    """Each mark's row on the number line (an index into ``MARK_ROWS``): on the line unless a mark already
    placed there is too close, then the first row where none is (marks placed in order of their value)."""
    rows = [0] * len(places)
    taken: list[list[int]] = [[] for _ in MARK_ROWS]
    for i in sorted(range(len(places)), key=lambda i: (places[i], i)):
        free = [r for r, xs in enumerate(taken) if all(abs(places[i] - x) >= MARK_GAP for x in xs)]
        rows[i] = free[0] if free else min(range(len(MARK_ROWS)), key=lambda r: len(taken[r]))
        taken[rows[i]].append(places[i])
    return rows


class QuizPainter(OwnPainter):
    """Builds the quiz's elements for one document (the host's own questions: ``OwnPainter``)."""

    PAINTS: ClassVar[dict[type, str]] = {
        **OwnPainter.PAINTS, QuizSetupView: "quiz_setup", RevealView: "reveal", GuessView: "guess", EndView: "end",
        QuizSheetView: "quiz_sheet",
    }

    def svg(self, tag: str, **attrs: str) -> Any:
        node = self.doc.createElementNS(SVG, tag)
        for name, value in attrs.items():
            node.setAttribute(name.replace("_", "-"), value)
        return node

    # ---- pieces ----

    def question(self, q: QuestionView) -> Any:
        """A question card: a button for the team choosing, a plain card otherwise; never an answer."""
        node = self.el("button" if q.interactive else "div", "qcard cat-" + q.category_key + (
            " selected" if q.selected else "") + (" fresh" if q.fresh else "") + (" cued" if q.cued else ""),
            data_question=q.id)
        if q.interactive:
            node.type = "button"
            node.setAttribute("data-action", "card")
            node.setAttribute("data-arg", q.id)
            node.setAttribute("aria-pressed", "true" if q.selected else "false")
        text = self.el("span", "qtext", q.text)
        if q.lang:  # a host's question written in another language: read aloud in its own
            text.setAttribute("lang", q.lang)
        self.add(node, self.el("span", "qcat", q.category), text)
        if q.fresh:
            node.appendChild(self.el("span", "qfresh", q.fresh))
        return node

    def target(self, v: TargetView) -> Any:
        box = self.el("header", "target")
        big = self.el("div", "target-main")
        self.add(big, self.el("span", "target-label", v.label), self.el("span", "target-value", v.value))
        box.appendChild(big)
        info = self.el("div", "target-info")
        self.add(info, self.el("span", "round-label", v.round_label), self.el("p", "target-detail", v.detail),
                 self.el("span", "deck-size", v.deck))
        if v.low:
            info.appendChild(self.el("span", "deck-low", v.low, role="note"))
        box.appendChild(info)
        return box

    # ---- screens and regions ----

    def quiz_setup(self, v: QuizSetupView) -> Any:
        panel = self.heading(self.el("section", "panel setup quiz-setup"), v.heading, v.intro, v.back)
        if v.tutorial and v.tutorial_offer:  # the first visit's offer, in line with the set-up it comes before
            offer = self.el("div", "tutorial-offer", role="note")
            offer.appendChild(self.el("p", "tutorial-offer-text", v.tutorial_offer))
            offer.appendChild(self.buttons("tutorial-offer-buttons", (v.tutorial, *(
                [v.tutorial_dismiss] if v.tutorial_dismiss else []))))
            panel.appendChild(offer)
        rows = self.el("ol", "teams-setup")
        for team in v.teams:
            rows.appendChild(self.setup_row("team-row", team, "team-name",
                                            self.text_box(team.people_label, f"team-people:{team.index}", team.people,
                                                          200)))
        panel.appendChild(rows)
        if v.add:
            panel.appendChild(self.button(v.add, "add"))
        options = self.el("div", "options")
        for c in v.options:
            options.appendChild(self.choice(c))
        panel.appendChild(options)
        seed = self.el("label", "field")
        seed.appendChild(self.el("span", "field-label", v.seed_label))
        box = self.el("input", "", type="text", inputmode="numeric", data_field="seed", autocomplete="off",
                      maxlength="15")
        box.value = v.seed
        seed.appendChild(box)
        themes = self.el("fieldset", "themes")
        themes.appendChild(self.el("legend", "field-label", v.themes_label))
        for b in v.themes:
            themes.appendChild(self.button(b, "theme"))
        # Deal before More options: a bar stuck to the screen's foot can only cover what comes before it, so it
        # never covers More options, your own questions or the tutorial (issue 36).
        if v.warning:
            panel.appendChild(self.el("p", "mix-warning", v.warning, role="alert"))
        panel.appendChild(self.button(v.start, "play"))
        panel.appendChild(self.more(v, [themes, seed]))
        if v.cards:
            panel.appendChild(self.cards_line(v.cards))
        if v.tutorial and not v.tutorial_offer:
            panel.appendChild(self.button(v.tutorial, "tutorial"))
        return panel

    def team_panel(self, p: TeamPanel) -> Any:
        node = self.el("section", "team" + (" mine" if p.mine else "") + (" thinking" if p.thinking else ""),
                       data_team=str(p.team), aria_label=p.name)
        head = self.el("div", "team-head")
        head.appendChild(self.el("h2", "team-name", p.name))
        if p.badge:
            head.appendChild(self.el("span", "badge", p.badge))
        head.appendChild(self.el("span", "team-status", p.status))
        node.appendChild(head)
        powers = self.el("p", "powers")
        powers.appendChild(self.el("span", "powers-label", p.powers_label + " "))
        for name in p.powers:
            powers.appendChild(self.el("span", "power", name))
        if p.no_powers:
            powers.appendChild(self.el("span", "powers-none", p.no_powers))
        node.appendChild(powers)
        cards = self.el("ul", "qcards", aria_label=p.cards_label)
        if any(q.interactive for q in p.cards):  # the arrow keys move between the team's cards (the page's glue)
            cards.setAttribute("data-zone", "cards")
        # One Tab stop for the team's cards (a roving tabindex: the fresh card, else the first chosen, else the first);
        # the arrows go along them.
        stop = next((q for q in p.cards if q.fresh), None) or next((q for q in p.cards if q.selected), None) \
            or (p.cards[0] if p.cards else None)
        for q in p.cards:
            item = self.el("li")
            card = self.question(q)
            if q.interactive:
                card.setAttribute("tabindex", "0" if q is stop else "-1")
            item.appendChild(card)
            cards.appendChild(item)
        node.appendChild(cards)
        return node

    def controls(self, v: ChooseControls) -> Any:
        box = self.el("section", "quiz-controls")
        if v.lesson:
            box.appendChild(self.lesson(v.lesson))
        box.appendChild(self.el("p", "prompt", v.prompt, tabindex="-1"))  # the focus waits here while others choose
        if v.powers:
            box.appendChild(self.buttons("power-buttons", v.powers))
        if v.combine:
            box.appendChild(self.buttons("combine-buttons", v.combine, role="group"))
        if v.summary:
            box.appendChild(self.el("p", "summary", v.summary))
        if v.confirm or v.cancel:
            row = self.el("div", "confirm-buttons")
            self.add(row, self.button(v.confirm, "big") if v.confirm else None,
                     self.button(v.cancel) if v.cancel else None)
            box.appendChild(row)
        return box

    def number_line(self, v: NumberLine) -> Any:
        """The 0–1000 line with the target and every value turned over so far."""
        words = [v.label, f"{v.target}"] + [f"{label} {value}" for value, label, _ in v.marks]
        svg = self.svg("svg", viewBox="-80 0 1160 100", role="img", aria_label=", ".join(words),
                       preserveAspectRatio="xMidYMid meet")
        svg.setAttribute("class", "numberline")
        svg.appendChild(self.svg("line", x1="0", y1="45", x2="1000", y2="45", **{"class": "nl-axis"}))
        for tick in range(0, 1001, 250):
            svg.appendChild(self.svg("line", x1=str(tick), y1="38", x2=str(tick), y2="52", **{"class": "nl-tick"}))
            if v.target_tag:  # the tie-break's line: its words say the values; numbers there would cover them
                continue
            label = self.svg("text", x=str(tick), y="94", **{"class": "nl-num", "text-anchor": "middle"})
            label.textContent = str(tick)
            svg.appendChild(label)
        target = str(v.target)
        svg.appendChild(self.svg("line", x1=target, y1="10", x2=target, y2="62", **{"class": "nl-target"}))
        if v.target_tag:  # the tie-break: the answer named above the line, beside its gold mark
            svg.appendChild(self.side_text(v.target, 36, v.target_tag, "nl-side nl-answer"))
        places = [max(-24, min(1024, value)) for value, _, _ in v.marks]  # off the line: at its end, whole
        rows = mark_rows(places)
        if v.target_tag:  # the guess below the line, never on the gold mark, its words beside it
            rows = [2 for _ in rows]
        for i, (value, label, latest) in enumerate(v.marks):
            x, y = str(places[i]), MARK_ROWS[rows[i]]
            mark = self.svg("circle", cx=x, cy=str(y), r="13", **{"class": "nl-mark" + (" latest" if latest else "")})
            if i < len(v.teams):  # the team's colour, as on its played card
                mark.setAttribute("data-team", str(v.teams[i]))
            title = self.svg("title")
            title.textContent = f"{label}: {value}"
            mark.appendChild(title)
            svg.appendChild(mark)
            if i < len(v.tags):  # words beside the dot, readable: not a bare number on it
                svg.appendChild(self.side_text(places[i], y + 7, v.tags[i], "nl-side"))
                continue
            tag = self.svg("text", x=x, y=str(y + 9), **{"class": "nl-tag", "text-anchor": "middle"})
            tag.textContent = str(i + 1)
            svg.appendChild(tag)
        return svg

    def side_text(self, x: int, y: int, text: str, cls: str) -> Any:
        """Words beside a point of the number line, on the side with room (left of it past the middle)."""
        right = x <= 500
        node = self.svg("text", x=str(x + (28 if right else -28)), y=str(y), **{
            "class": cls, "text-anchor": "start" if right else "end"})
        node.textContent = text
        return node

    def play(self, p: PlayView) -> Any:
        """A team's play where it lies: its name over its cards, face down (backs only: which cards is secret until
        they are turned over) or turned over in the same place; Two questions as a pair, its sign between."""
        node = self.el("li", "play" + (" up" if p.shown else " down") + (" latest" if p.latest else "")
                       + (" furthest" if p.furthest else ""), data_team=str(p.team), data_cards=str(p.backs or 1))
        node.appendChild(self.el("h2", "play-team", p.name))
        cards = self.el("div", "play-cards" + (" pair" if p.backs == 2 else ""))
        node.appendChild(cards)
        if not p.shown:
            for _ in range(p.backs or 1):
                back = self.el("div", "qcard back", aria_hidden="true")
                back.appendChild(self.el("span", "back-mark", "?"))
                cards.appendChild(back)
            node.appendChild(self.el("p", "facedown sr-only", p.facedown))
            room = self.el("p", "play-facts room", aria_hidden="true")  # the room of its line once turned over
            node.appendChild(self.add(room, self.el("strong", "play-value", "\u00a0")))
            return node
        for i, c in enumerate(p.cards):
            if i and p.sign:  # the pair's joint: its sign on the cards' coloured edges, over no text, taking no room
                joint = self.el("div", "pair-joint", aria_hidden="true")
                joint.appendChild(self.el("span", "pair-sign", p.sign))
                cards.appendChild(joint)
            card = self.question(c.question)
            answer = self.el("span", "answer" + (" flip" if p.latest else ""), data_answer=c.id)
            self.add(answer, self.el("span", "answer-value", c.answer), self.el("span", "answer-unit", c.question.unit))
            card.appendChild(answer)
            cards.appendChild(card)
        facts = self.el("p", "play-facts")
        if p.powers:
            facts.appendChild(self.el("span", "play-powers", p.powers))
        self.add(facts, self.el("strong", "play-value", p.value), self.el("span", "play-distance", p.distance))
        node.appendChild(facts)
        return node

    def reveal(self, v: RevealView) -> Any:
        panel = self.el("section", "reveal with-lesson" if v.lesson else "reveal")
        panel.appendChild(self.el("h1", "reveal-heading", v.heading, tabindex="-1"))
        if v.lesson:
            panel.appendChild(self.lesson(v.lesson))
        panel.appendChild(self.target(v.target))
        panel.appendChild(self.number_line(v.line))
        plays = self.el("ol", "plays", data_count=str(len(v.plays)))  # the grid's columns (quiz.css)
        for p in v.plays:
            plays.appendChild(self.play(p))
        panel.appendChild(plays)
        if v.results:
            box = self.el("div", "results", role="status")
            for line in v.results:
                box.appendChild(self.el("p", "", line))
            panel.appendChild(box)
        panel.appendChild(self.buttons("reveal-buttons", (*v.choices, *([v.next] if v.next else [])), "big"))
        return panel

    def guess(self, v: GuessView) -> Any:
        panel = self.el("section", "panel guess")
        panel.appendChild(self.el("h1", "", v.heading, tabindex="-1"))
        if v.intro:
            panel.appendChild(self.el("p", "tiebreak-intro", v.intro))
        if v.card:
            panel.appendChild(self.question(v.card))
        panel.appendChild(self.el("p", "prompt", v.prompt))
        if v.confirm:
            label = self.el("label", "field")
            label.appendChild(self.el("span", "field-label", v.field_label))
            box = self.el("input", "guess-input", type="text", inputmode="numeric", data_field="guess",
                          autocomplete="off", maxlength="4")
            box.value = v.value
            label.appendChild(box)
            panel.appendChild(label)
            panel.appendChild(self.el("p", "guess-error", v.error, role="alert", id="guess-error"))
            if v.error:
                box.setAttribute("aria-invalid", "true")
                box.setAttribute("aria-describedby", "guess-error")
            panel.appendChild(self.button(v.confirm, "big"))
        return panel

    def end(self, v: EndView) -> Any:
        """The end: after a tie-break, first each guess on the line beside its card's answer; then the winner,
        the placings (a team's players named) and what next."""
        if v.podium:
            return self.ending(v, "quiz-end", *self.end_more(v))
        panel = self.el("section", "panel quiz-end tiebreak")
        panel.appendChild(self.el("h1", "", v.heading, tabindex="-1"))
        if v.banner:
            panel.appendChild(self.el("p", "banner winner", v.banner))
        panel.appendChild(self.el("p", "end-reason", v.reason))
        panel.appendChild(self.buttons("end-buttons", v.actions, "big"))
        self.add(panel, *self.end_more(v))
        return panel

    def end_more(self, v: EndView) -> list[Any]:
        """How the quiz came to its end: the reason, each tie-break guess on the line, the guesses and the rounds."""
        found = [self.el("p", "end-reason", v.reason)] if v.podium and v.reason else []
        if v.tiebreak:
            lines = self.el("div", "guess-lines", role="group", aria_label=v.tiebreak_heading)
            if v.podium:
                lines.appendChild(self.el("h2", "", v.tiebreak_heading))
            for guessed in v.tiebreak:
                lines.appendChild(self.el("p", "guess-line-label", guessed.label))
                lines.appendChild(self.number_line(guessed))
            found.append(lines)
        found += [self.el("p", "end-line", line) for line in v.lines]
        return found

    def quiz_sheet(self, v: QuizSheetView) -> Any:
        """The quiz's score sheet: finished games, the teams' statistics and the people's, its data and tools."""
        panel = self.el("section", "panel sheet-page quiz-sheet")
        panel.appendChild(self.el("h1", "", v.heading, tabindex="-1"))
        people = self.stats_table(v.people_columns, v.people, "stats-people") if v.people else None
        return self.score_sheet(panel, v, lambda h: [self.el("span", "history-date", h.date),
                                                     self.el("span", "history-teams", h.teams),
                                                     self.el("span", "history-winners", h.winners)],
                                [self.el("p", "intro", v.data_hint), self.el("p", "seen-count", v.seen)],
                                "stats-teams", people)
