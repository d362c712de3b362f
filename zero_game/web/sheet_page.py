"""The score sheet of the match being played, and the score-sheet page (history, statistics, data tools)."""

from __future__ import annotations

from tabletop.present import Nav, date_text
from tabletop.saving import Data
from tabletop.widgets import Button, Confirm

from .actions import Command
from .replay import replay_buttons
from .screens import HistoryEntry, SheetPageView, SheetView
from .settings import BOT_LEVELS
from .table import Table


def match_sheet(s: Table, upto: int, heading: str = "sheet.heading") -> SheetView:
    """The sheet of the first ``upto`` finished rounds of the match: scores, marks, totals, leaders."""
    m = s.match
    assert m is not None
    t = s.texts
    scores = m.round_scores[:upto]
    rows = tuple((t.t("sheet.round", n=i + 1), *(str(v) for v in row)) for i, row in enumerate(scores))
    marks = tuple(
        tuple(
            t.t("sheet.mark_zero") if seat in r.zero_seats
            else t.t("sheet.mark_knock") if seat == r.second_knocker else ""
            for seat in range(m.players)
        )
        for r in m.finished_rounds[:upto]
    )
    totals = [sum(col) for col in zip(*scores, strict=True)] if scores else [0] * m.players
    best = min(totals)
    leaders = tuple(i for i, v in enumerate(totals) if v == best) if scores else ()
    return SheetView(
        heading=t.t(heading),
        columns=(t.t("sheet.round_col"), *(t.name(i) for i in range(m.players))),
        rows=rows,
        totals=(t.t("sheet.total"), *(str(v) for v in totals)),
        leaders=leaders,
        marks=marks,
        legend=t.t("sheet.legend") if any(any(row) for row in marks) else "",
        label=t.t(heading),
    )


def number(lang: str, value: float) -> str:
    """A number with one decimal, in the language's way."""
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def sheet_page(s: Table) -> SheetPageView:
    """The score-sheet page."""
    t = s.texts
    history = []
    for record in s.history.history():
        totals, winners = record.totals, record.winners
        history.append(HistoryEntry(
            date=date_text(t.t, record.finished_at),
            rounds=t.t("sheet.rounds", n=len(record.rounds)),
            players=tuple((seat.name, str(totals[i]), i in winners) for i, seat in enumerate(record.seats)),
            winners=t.t("sheet.won_by", names=t.join(record.seats[i].name for i in winners)),
            assists=t.t("sheet.assists", names=t.join(t.t("assist." + a) for a in record.assists))
            if record.assists else "",
            replays=replay_buttons(t, record),
        ))
    stats = []
    for line in s.history.player_stats():
        name = t.t("kind." + line.level) if line.kind == "bot" and line.level in BOT_LEVELS else line.name
        stats.append((name, str(line.matches), str(line.wins), number(s.lang, line.average), str(line.zeros),
                      "" if line.best_round is None else str(line.best_round)))
    empty = not s.history.matches
    tools = [
        Button(Data.EXPORT_JSON, t.t("storage.export")),
        Button(Data.EXPORT_CSV, t.t("storage.export-csv"), disabled=empty),
        Button(Data.IMPORT, t.t("storage.import")),
        *(Button(Data.EXPORT_BACKUP, t.t("storage.export-backup"), arg=key) for key in s.persist.backups),
        Button(Command.CLEAR_HISTORY, t.t("storage.clear"), disabled=empty, pressed=s.confirm_clear),
    ]
    confirm = None
    if s.confirm_clear:
        confirm = Confirm(t.t("storage.clear-confirm"), "", Button(Data.CLEAR_HISTORY, t.t("sheet.clear_yes")),
                          Button(Nav.CANCEL, t.t("cancel"), primary=True, key="Escape"), danger=True)
    current = None
    if s.match is not None:
        current = match_sheet(s, upto=len(s.match.finished_rounds), heading="sheet.this_match")
    return SheetPageView(
        heading=t.t("sheet.heading"), current=current, history_heading=t.t("sheet.history"),
        history=tuple(history), history_empty=t.t("sheet.history_empty"), stats_heading=t.t("sheet.stats"),
        columns=tuple(t.t("stats." + k) for k in ("name", "matches", "wins", "average", "zeros", "best")),
        stats=tuple(stats), stats_empty=t.t("sheet.stats_empty"), data_heading=t.t("sheet.data"),
        data_hint=t.t("sheet.data_hint"), tools=tuple(tools), confirm=confirm, back=Button(Nav.BACK, t.t("back")),
    )
