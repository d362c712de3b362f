"""The page of a host's own questions, over the quiz's set-up: its handlers, its messages and its presenters.

Pure: a file chosen comes back as ``FileChosen`` (its bytes, tagged ``own.TAG``) and is read by
``thousand.owncards.read_file``: every problem is listed per line and nothing of a file with a problem is kept;
a good file is the set (or, where one is kept already, replaces it or is added to it, as the host says).  The
set is a document of the shell's store (``own.SPEC``); storing it may fail (full storage, a newer version's
set): the table still plays it, says so, and offers it as a file.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import Any

from tabletop import saving
from tabletop.effects import Add, Clock, Download, Effects, FileChosen, Now, PickFile, Put, Read, Wrote
from tabletop.i18n import LANGUAGES
from tabletop.notes import dismiss, notify, said, with_shell
from tabletop.prefs import PREFS
from tabletop.present import Nav
from tabletop.store import Status
from tabletop.update import Handler
from tabletop.widgets import Button, Choice, Confirm
from thousand.owncards import (
    MAX_FILE_BYTES,
    MAX_TEXT,
    OwnCard,
    OwnDeck,
    Parsed,
    Problem,
    Use,
    merged,
    own_needed,
    read_file,
    runs_short,
    template,
    write_csv,
    write_json,
)

from .own import (
    ACCEPT,
    CARDS,
    PREF,
    TAG,
    CardRow,
    CardsLine,
    CardsView,
    OwnCommand,
    Report,
    ReportView,
    too_few,
    use_of,
)

__all__ = ["HANDLERS", "cancel_first", "cards_line", "cards_page", "elsewhere", "message", "question_lang", "too_few"]
from .saved import KEEPER
from .table import Page, QuizTable, Result, page, questions
from .texts import Texts

#: The most problems a report lists (the rest are counted).
SHOWN_PROBLEMS = 100
NOTICES = ("cards.unkept", "cards.locked")


def _own(s: QuizTable, **changes: Any) -> QuizTable:
    return replace(s, own=replace(s.own, **changes))


def _on_page(s: QuizTable) -> bool:
    return s.setting_up and s.overlay is Page.CARDS


def _same(s: QuizTable, arg: str = "", value: str = "") -> Result:
    return s, ()


def playing(s: QuizTable) -> bool:
    """Whether a game is in progress behind the set-up (its own cards' answers must not show)."""
    return s.game is not None and not s.game.is_over


# ---- handlers -------------------------------------------------------------------------------------------------


def _open(s: QuizTable, arg: str, value: str) -> Result:
    if not s.setting_up or page(s) not in (Page.SETUP, Page.CARDS):
        return _same(s)
    return _own(with_shell(s, overlay=Page.CARDS), asking="", pending=(), report=None, answers=False), ()


def _load(s: QuizTable, arg: str, value: str) -> Result:
    if not _on_page(s):
        return _same(s)
    return _own(s, asking="", pending=()), (PickFile(ACCEPT, TAG, MAX_FILE_BYTES),)


def _template(s: QuizTable, arg: str, value: str) -> Result:
    if arg not in LANGUAGES:
        return _same(s)
    return s, (Download(f"zero-a-1000-questions-template-{arg}.csv", template(arg), "text/csv"),)


def _export(s: QuizTable, arg: str, value: str) -> Result:
    if arg not in ("csv", "json") or not s.own.cards:
        return _same(s)
    return s, (Now(f"cards:{arg}"),)  # the file's name carries the date


def _keep(s: QuizTable, cards: tuple[OwnCard, ...], report: Report, effect: Put | Add) -> Result:
    """``cards`` are the host's set now: stored by ``effect``; a first set is played (alone if it is enough)."""
    own = replace(s.own, cards=cards, pending=(), asking="", report=report)
    effects: Effects = (effect,)
    if s.own.use is Use.DECK:
        use = Use.OWN if len(cards) >= own_needed(len(s.settings.teams)) else Use.MIXED
        own = replace(own, use=use)
        effects = (*effects, Add(PREFS.name, {PREF: use.value}))
    return replace(s, own=own), effects


def _replace(s: QuizTable, arg: str, value: str) -> Result:
    new = s.own.pending
    if not new or s.own.asking != "replace":
        return _same(s)
    report = replace(s.own.report or Report("csv", "waiting"), outcome="replaced", count=len(new))
    after, effects = _keep(s, new, report, Put(CARDS, new, "replace"))
    return with_shell(after, live=said("cards.live.loaded", n=len(new))), effects


def _add(s: QuizTable, arg: str, value: str) -> Result:
    new = s.own.pending
    if not new or s.own.asking != "replace":
        return _same(s)
    cards = merged(s.own.cards, new)
    added = len(cards) - len(s.own.cards)
    report = replace(s.own.report or Report("csv", "waiting"), outcome="added", count=added,
                     skipped=len(new) - added)
    # What storage refused before goes with them (a ledger takes each question once).
    after, effects = _keep(s, cards, report, Add(CARDS, cards if s.own.unkept else new, "add"))
    return with_shell(after, live=said("cards.live.loaded", n=added)), effects


def _delete(s: QuizTable, arg: str, value: str) -> Result:
    if not _on_page(s) or not s.own.cards:
        return _same(s)
    return _own(s, asking="delete", pending=()), ()


def _delete_yes(s: QuizTable, arg: str, value: str) -> Result:
    if s.own.asking != "delete":
        return _same(s)
    after = _own(dismiss(s, *NOTICES), cards=(), asking="", report=None, answers=False, unkept=False)
    return with_shell(after, live=said("cards.live.deleted")), (Put(CARDS, None, "delete"),)


def _no(s: QuizTable, arg: str, value: str) -> Result:
    if not s.own.asking:
        return _same(s)
    report = replace(s.own.report, outcome="kept") if s.own.pending and s.own.report is not None else s.own.report
    return _own(s, asking="", pending=(), report=report), ()


def _answers(s: QuizTable, arg: str, value: str) -> Result:
    if not _on_page(s) or playing(s):
        return _same(s)
    return _own(s, answers=not s.own.answers), ()


def _use(s: QuizTable, arg: str, value: str) -> Result:
    if not s.setting_up or value not in {u.value for u in Use}:
        return _same(s)
    use = use_of(value)
    return _own(s, use=use), (Add(PREFS.name, {PREF: use.value}),)


HANDLERS: dict[StrEnum, Handler[QuizTable]] = {
    OwnCommand.OPEN: _open,
    OwnCommand.LOAD: _load,
    OwnCommand.TEMPLATE: _template,
    OwnCommand.EXPORT: _export,
    OwnCommand.REPLACE: _replace,
    OwnCommand.ADD: _add,
    OwnCommand.DELETE: _delete,
    OwnCommand.DELETE_YES: _delete_yes,
    OwnCommand.NO: _no,
    OwnCommand.ANSWERS: _answers,
    OwnCommand.USE: _use,
}
assert set(HANDLERS) == set(OwnCommand), "every command about own questions has one handler"


def cancel_first(escape: Handler[QuizTable]) -> Handler[QuizTable]:
    """Cancel (Escape) answers the page's question "no" before it closes anything of the shell's."""

    def cancel(s: QuizTable, arg: str, value: str) -> Result:
        return _no(s, arg, value) if s.own.asking else escape(s, arg, value)

    return cancel


# ---- messages ---------------------------------------------------------------------------------------------------


def message(s: QuizTable, msg: object) -> Result | None:
    """The page's messages: a file of questions chosen, the set read or written, a file's date (``None``: not
    one of these)."""
    match msg:
        case FileChosen(_, tag, data) if tag == TAG:
            return chosen(s, data)
        case Read(doc, loaded, _) if doc == CARDS:  # its problems (damage, a newer version) are told as any document's
            return saving.outcome(KEEPER, _own(s, cards=tuple(loaded.value or ())), msg)
        case Wrote(doc, _, _) if doc == CARDS:
            return wrote(s, msg)
        case Clock(now, tag) if tag.startswith("cards:"):
            return exported(s, now, tag.removeprefix("cards:"))
    return None


def chosen(s: QuizTable, data: bytes) -> Result:
    """A file of questions: every problem reported and nothing kept, or its questions kept (or waiting for the host
    to say replace or add, where a set is kept already)."""
    parsed: Parsed = read_file(data, s.lang, questions(s))
    if not parsed.ok:
        report = Report(parsed.kind, "refused", parsed.lines, parsed.problems, parsed.notes)
        return with_shell(_own(s, report=report, pending=(), asking=""),
                          live=said("cards.live.refused", n=len(parsed.problems))), ()
    report = Report(parsed.kind, "loaded", len(parsed.cards), notes=parsed.notes)
    if s.own.cards:
        waiting = replace(report, outcome="waiting")
        return _own(s, report=waiting, pending=parsed.cards, asking="replace"), ()
    after, effects = _keep(s, parsed.cards, report, Put(CARDS, parsed.cards, "load"))
    return with_shell(after, live=said("cards.live.loaded", n=len(parsed.cards))), effects


def wrote(s: QuizTable, w: Wrote) -> Result:
    """The set stored (another tab's additions merged in), or not: then it lives in this tab, and the host is told
    and offered it as a file."""
    s = with_shell(s, persist=replace(s.persist, backups=w.backups))
    written = w.written
    if written.ok:
        s = _own(dismiss(s, *NOTICES), unkept=False)
        if w.tag != "delete" and written.value is not None:
            s = _own(s, cards=tuple(written.value))
        return s, ()
    if w.tag == "delete" or not s.own.cards:
        return s, ()
    key = "cards.locked" if written.status is Status.LOCKED else "cards.unkept"
    s = notify(dismiss(s, *NOTICES), key, alert=True, actions=(
        (OwnCommand.EXPORT, "json", "cards.export_json"), (OwnCommand.EXPORT, "csv", "cards.export_csv")))
    return _own(s, unkept=True), ()


def elsewhere(s: QuizTable, cards: object) -> QuizTable:
    """Another tab changed the set (``cards``: its value, ``None`` when it was cleared)."""
    return _own(s, cards=tuple(cards) if isinstance(cards, tuple) else ())


def exported(s: QuizTable, now: str, kind: str) -> Result:
    """The set as a file, dated: a spreadsheet's CSV in the page's language's way, or JSON."""
    cards = s.own.cards
    if not cards:
        return _same(s)
    name = f"zero-a-1000-questions-{now[:10]}"
    if kind == "csv":
        themes = dict(questions(s).categories)
        return s, (Download(name + ".csv", write_csv(cards, s.lang, themes), "text/csv"),)
    return s, (Download(name + ".json", write_json(cards), "application/json"),)


# ---- presenters ---------------------------------------------------------------------------------------------


def languages_text(t: Texts, langs: list[str]) -> str:
    """Languages named in the page's language ("French and German")."""
    names = [t.t("cards.lang." + lang) for lang in langs]
    return names[0] if len(names) == 1 else t.t("cards.and", first=", ".join(names[:-1]), last=names[-1])


def set_languages(cards: tuple[OwnCard, ...]) -> list[str]:
    return [lang for lang in LANGUAGES if any(lang in c.languages for c in cards)]


def use_choice(s: QuizTable) -> Choice | None:
    """Which questions the table plays with (offered once there are own questions)."""
    if not s.own.cards:
        return None
    t = s.texts
    return Choice("cards-use", t.t("cards.use"), s.own.playing.value,
                  tuple((u.value, t.t("cards.use." + u.value)) for u in Use))


def set_notes(s: QuizTable) -> tuple[str, ...]:
    """What the table should know before it deals: questions dealt in another language, a set too small."""
    t = s.texts
    own = s.own
    if own.playing is Use.DECK:
        return ()
    notes = []
    other = [card for card in own.cards if s.lang not in card.languages]
    by_lang: dict[str, int] = {}
    for card in other:
        by_lang[card.languages[0]] = by_lang.get(card.languages[0], 0) + 1
    for lang, count in by_lang.items():
        notes.append(t.t(f"cards.only.{lang}", count=count))
    teams = len(s.settings.teams)
    short = too_few(own, teams)
    if short is not None:
        notes.append(t.t("cards.too_few", available=short[0], needed=short[1], teams=teams))
    elif own.playing is Use.OWN and runs_short(own.cards, teams):
        notes.append(t.t("cards.runs_short", available=len(own.cards)))
    return tuple(notes)


def cards_line(s: QuizTable) -> CardsLine:
    """The set-up's part about own questions."""
    t = s.texts
    n = len(s.own.cards)
    text = t.t("cards.line_some", n=n) if n else t.t("cards.line_none")
    return CardsLine(t.t("cards.line_label"), text, use_choice(s), Button(OwnCommand.OPEN, t.t("cards.open")),
                     set_notes(s))


def problem_text(t: Texts, p: Problem, kind: str) -> str:
    """One problem (or note) of a file, worded: where it is, and what is wrong."""
    params = dict(p.params)
    if "lang" in params:
        params["language"] = t.t("cards.lang." + str(params.pop("lang")))
    if p.code == "duplicate":
        params["first"] = t.t("cards.at_item" if kind == "json" else "cards.at_line", line=params["first"])
    note = p.code in ("encoding", "columns-ignored")
    text = t.t(f"cards.note.{p.code}" if note else f"cards.problem.{p.code}", **params)
    if p.line == 0:
        return text
    return t.t("cards.item" if kind == "json" else "cards.line", line=p.line, problem=text)


def report_view(s: QuizTable) -> ReportView | None:
    """What the last file gave."""
    r = s.own.report
    if r is None:
        return None
    t = s.texts
    if r.outcome == "refused":
        heading = t.t("cards.report.refused", n=len(r.problems))
        shown = r.problems[:SHOWN_PROBLEMS]
        lines = tuple(problem_text(t, p, r.kind) for p in (*shown, *r.notes))
        more = t.t("cards.report.more", n=len(r.problems) - len(shown)) if len(r.problems) > len(shown) else ""
        return ReportView(heading, False, lines, more)
    if r.outcome == "waiting":  # the question asked says what the file holds: its notes only
        return ReportView("", True, tuple(problem_text(t, p, r.kind) for p in r.notes)) if r.notes else None
    if r.outcome == "added":
        heading = t.t("cards.report.added", n=r.count, skipped=r.skipped)
    else:
        heading = t.t("cards.report." + r.outcome, n=r.count)
    return ReportView(heading, True, tuple(problem_text(t, p, r.kind) for p in r.notes))


def cards_page(s: QuizTable) -> CardsView:
    """The page of the host's own questions."""
    t = s.texts
    own = s.own
    n = len(own.cards)
    langs = set_languages(own.cards)
    summary = t.t("cards.summary", n=n, languages=languages_text(t, langs)) if n else t.t("cards.summary_none")
    ask = also = None
    if own.asking == "replace":
        ask = Confirm(t.t("cards.replace_question", n=len(own.pending), old=n), t.t("cards.replace_detail"),
                      Button(OwnCommand.REPLACE, t.t("cards.replace"), primary=True),
                      Button(OwnCommand.NO, t.t("cards.cancel"), key="Escape"))
        also = Button(OwnCommand.ADD, t.t("cards.add"))
    elif own.asking == "delete":
        ask = Confirm(t.t("cards.delete_question", n=n), t.t("cards.delete_detail"),
                      Button(OwnCommand.DELETE_YES, t.t("cards.delete_yes")),
                      Button(OwnCommand.NO, t.t("cards.keep"), primary=True, key="Escape"), danger=True)
    tools: tuple[Button, ...] = ()
    if n:
        tools = (Button(OwnCommand.EXPORT, t.t("cards.export_csv"), arg="csv"),
                 Button(OwnCommand.EXPORT, t.t("cards.export_json"), arg="json"),
                 Button(OwnCommand.DELETE, t.t("cards.delete")))
    deck = questions(s)
    themes = dict(deck.categories)
    show = own.answers and not playing(s)
    rows = tuple(CardRow(i, card.text_in(s.lang), card.unit_in(s.lang),
                         themes[card.category][s.lang] if card.category in themes else card.category,
                         str(card.answer) if show else "",
                         "" if s.lang in card.languages else card.languages[0])
                 for i, card in enumerate(own.cards, 1))
    answers = None
    if n and not playing(s):
        answers = Button(OwnCommand.ANSWERS, t.t("cards.answers_hide" if own.answers else "cards.answers_show"),
                         pressed=own.answers)
    columns = (t.t("cards.col_number"), t.t("cards.col_question"), t.t("cards.col_unit"), t.t("cards.col_category"),
               *((t.t("cards.col_answer"),) if show else ()))
    return CardsView(
        heading=t.t("cards.heading"), intro=t.t("cards.intro"), summary=summary,
        load=Button(OwnCommand.LOAD, t.t("cards.load"), primary=True),
        how_heading=t.t("cards.how_heading"),
        how=tuple(t.t(f"cards.how.{i}", max=MAX_TEXT) for i in range(1, 5)),
        templates_label=t.t("cards.templates"),
        templates=tuple(Button(OwnCommand.TEMPLATE, name, arg=lang) for lang, name in LANGUAGES.items()),
        report=report_view(s), ask=ask, also=also, use=use_choice(s), notes=set_notes(s),
        tools_label=t.t("cards.tools"), tools=tools, list_heading=t.t("cards.list", n=n), rows=rows,
        answers=answers, hidden=t.t("cards.answers_hidden") if n and playing(s) else "",
        back=Button(Nav.BACK, t.t("cards.back")), columns=columns)


def question_lang(s: QuizTable, question_id: str) -> str:
    """The language a question card on the table is shown in, where it is not the page's (a host's question
    written in other languages only)."""
    deck = s.game.deck if s.game is not None else None
    if not isinstance(deck, OwnDeck):
        return ""
    langs = deck.languages(question_id)
    return "" if s.lang in langs else langs[0]

