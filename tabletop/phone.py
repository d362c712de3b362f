"""A phone at the table: a plug-in of the shell that shows the screens the tablet sends and sends back its taps.

The phone runs no game: it holds the table's code (``tabletop.pairing``), answers it, shows its own code for
the tablet's camera (or leaves it at the relay of ``serve.py --lan``), and once the channel is open shows each
screen the tablet sends, drawn by the game's own painter.  Let in, it keeps its seat's ticket (``Keep``): with the
relay, it rejoins by it after a sleep, its own reload or the tablet's, with no scan (``tabletop.remote``).  A tap
on it goes to the tablet as the game's command (``remote`` protocol ``do``); the tablet checks it like any tap of
that seat.  Everything it shows of the game came from the tablet, already cut to what its seat may see.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .effects import (
    After,
    BeforeUpdate,
    Collect,
    Do,
    Effects,
    Elsewhere,
    Failed,
    Fetch,
    Fetched,
    Heard,
    Join,
    Joining,
    Keep,
    Linked,
    Post,
    Probe,
    Recall,
    Recalled,
    Rejoin,
    Relayed,
    Reopen,
    Scan,
    ScanFailed,
    Scanned,
    Send,
    Started,
    Unlink,
    Unlinked,
)
from .errors import DataError
from .i18n import SHELL, catalog
from .pairing import ANSWER, KEY, OFFER, PairingError, Ticket, proof_of, read_sdp, slot_of
from .plugin import Fields, Plugin
from .remote import MAX_FROM_TABLE, PROTOCOL, Link, check_number, code_of, message, qr, read, registry
from .widgets import Button, JoinView, Notices, Screen

WAIT_S = 60.0  # its code shown this long with no channel: the phone says what to check (docs/phones.md)
REJOIN_S = 30.0  # waiting this long at the relay for its table's offer: the phone says it may scan instead


@dataclass(frozen=True)
class Late:
    """``REJOIN_S`` after the phone began waiting at the relay under ``slot``."""

    slot: str


@dataclass(frozen=True)
class Waited:
    """``WAIT_S`` after the phone showed its answer to the offer ``nonce``."""

    nonce: str


class Stage(StrEnum):
    """Where a phone stands with its table."""

    JOINING = "joining"  # answering the table's code
    SHOWING = "showing"  # its own code is shown for the tablet's camera (or left at the relay)
    CONNECTING = "connecting"  # the channel is open; waiting for the table's welcome
    PLAYING = "playing"
    AWAY = "away"  # the channel closed: scan the table's code again
    REFUSED = "refused"  # the table is of another release
    BAD = "bad"  # the link holds no code this release can read
    NONE = "none"  # opened with no code: type the relay's short code, or scan


@dataclass(frozen=True)
class PhoneTable:
    """A phone's whole state: the table's code, how it stands, and the last screen the table sent."""

    lang: str
    game: str
    stage: Stage
    ticket: Ticket | None = None
    answer: str = ""  # its answer's code
    screen: Screen | None = None
    seat: int = -1
    why: str = ""  # why it is away or refused: a ``join.why.`` key
    codes: bool = False
    relay: bool | None = None
    scanning: bool = False
    typed: bool = False  # it fetched the table's offer by the short code typed: it shows the number to check
    key: str = ""  # its seat's ticket, from the table's welcome (kept on the phone: ``ticket_name``)
    recalled: bool = False  # the ticket kept on this phone was read
    rejoining: bool = False  # waiting at the relay for the table's offer under its ticket's slot


Result = tuple[PhoneTable, Effects]


def texts(lang: str) -> Callable[..., str]:
    return catalog(lang, (SHELL,)).t


def ticket_name(game: str) -> str:
    """Where a phone keeps its ticket for a table of ``game`` (``Keep``)."""
    return f"phone.{game}"


def launch(lang: str, game: str, code: str) -> Result:
    """A phone opened with the table's code (from the link its camera read, or ``""``: then it looks for the
    ticket it kept, to rejoin by it)."""
    if not code:
        return PhoneTable(lang, game, Stage.NONE), (Fetch("codes"), Probe(), Recall(ticket_name(game)))
    try:
        ticket = Ticket.parse(code_of(code))
    except PairingError:
        return PhoneTable(lang, game, Stage.BAD, why="bad"), ()
    if ticket.kind is not OFFER:
        return PhoneTable(lang, game, Stage.BAD, why="bad"), ()
    return PhoneTable(lang, ticket.game, Stage.JOINING, ticket), (Fetch("codes"), Probe(), Join(ticket.sdp(3)))


def game_of(code: str) -> str | None:
    """The game a table's code is for (``None``: not a code)."""
    try:
        return Ticket.parse(code_of(code)).game
    except PairingError:
        return None


def handle_with(schema: str, models: Any) -> Callable[[PhoneTable, object], Result]:
    """The phone's ``handle``, for a game whose screens' digest is ``schema`` (read with its ``models``)."""
    reg = registry(models)

    def handle(s: PhoneTable, msg: object) -> Result:
        match msg:
            case Started():
                return s, ()
            case Joining(sdp) if s.ticket is not None:
                t = s.ticket
                try:
                    answer = read_sdp(sdp, kind=ANSWER, game=t.game, seat=t.seat, nonce=t.nonce)
                except PairingError:
                    return replace(s, stage=Stage.AWAY, why="failed"), ()
                # With its candidates: a tablet whose own names the phone cannot resolve (Firefox's, to a Chromium
                # phone) still reaches the phone; without them that pairing never opened (tests/test_phones.py).
                text = answer.text()
                post = (Post("answer", t.nonce.hex(), text),) if s.relay else ()
                # Long after its code is shown, no channel yet: say what may be in the way (it keeps showing it).
                waited = After(WAIT_S, Waited(t.nonce.hex()), key="phone-waited")
                return replace(s, stage=Stage.SHOWING, answer=text), (*post, waited)
            case Waited(nonce):
                late = s.stage is Stage.SHOWING and s.ticket is not None and s.ticket.nonce.hex() == nonce
                return (replace(s, why="waited"), ()) if late and not s.why else (s, ())
            case Relayed(ok):
                again: Effects = ()
                if ok and s.answer and s.ticket is not None and s.stage is Stage.SHOWING:
                    again = (Post("answer", s.ticket.nonce.hex(), s.answer),)
                return rejoin(replace(s, relay=ok), again)
            case Recalled(name, value) if name == ticket_name(s.game):
                return rejoin(replace(s, key=s.key or read_ticket(value), recalled=True), ())
            case Late(slot):
                late = s.rejoining and bool(s.key) and slot_of(s.key) == slot and s.why in ("", "closed", "failed")
                return (replace(s, why="late"), ()) if late else (s, ())
            case Fetched("codes", ok):
                return replace(s, codes=ok), ()
            case Linked(_) if s.ticket is not None:
                nonce = s.ticket.nonce.hex()
                proof = {"proof": proof_of(s.key, nonce)} if s.key else {}
                hello = message("hello", schema=schema, nonce=nonce, **proof)
                return replace(s, stage=Stage.CONNECTING), (Send(0, hello),)
            case Heard(_, text):
                return heard(reg, s, text)
            case Unlinked(_, why):
                if s.stage in (Stage.REFUSED, Stage.BAD, Stage.AWAY):
                    return s, ()
                lost = "failed" if why == "failed" or s.stage is not Stage.PLAYING else "closed"
                away = replace(s, stage=Stage.AWAY, why=lost if why != "unsupported" else "unsupported")
                return rejoin(away, ()) if why != "unsupported" else (away, ())
            case Do(Link.SCAN, _, _):
                return replace(s, scanning=not s.scanning, typed=False), (Scan(not s.scanning),)
            case Scanned(text, _, True):  # the table's standing offer, fetched at the relay by its ticket's slot
                try:
                    ticket = Ticket.parse(code_of(text))
                except PairingError:
                    return s, ()
                if not s.rejoining or ticket.kind is not OFFER or ticket.game != s.game:
                    return s, ()
                return replace(s, stage=Stage.JOINING, ticket=ticket, answer="", why="", rejoining=False, typed=False,
                               scanning=False, screen=None), ((Scan(False),) if s.scanning else ()) + (
                                   Unlink(0), Join(ticket.sdp(3)))
            case Do(Link.CODE, _, value):
                code = "".join(ch for ch in value if ch.isdigit())
                return (replace(s, typed=True), (Collect(code),)) if len(code) == 6 else (s, ())
            case Scanned(text):
                try:
                    ticket = Ticket.parse(code_of(text))
                except PairingError:
                    return replace(s, why="unreadable"), ()
                if ticket.kind is not OFFER:
                    return replace(s, why="unreadable"), ()
                if ticket.game != s.game:  # another game's table: this page opens again as its phone
                    return replace(s, stage=Stage.JOINING, scanning=False, why=""), (Unlink(0), Reopen(ticket.text()))
                stop = (Scan(False),) if s.scanning else ()
                quit = (Rejoin(""),) if s.rejoining else ()
                return replace(s, stage=Stage.JOINING, ticket=ticket, answer="", why="", scanning=False,
                               screen=None, rejoining=False), (*stop, *quit, Unlink(0), Join(ticket.sdp(3)))
            case ScanFailed(why):
                return replace(s, scanning=False, why=why), ()
            case Do(command, arg, value) if s.stage is Stage.PLAYING:
                return s, (Send(0, message("do", action=str(command), arg=arg, value=value)),)
            case Do():
                return s, ()
            case Failed():
                return s, ()
            case Elsewhere() | BeforeUpdate():  # another tab's storage, a new release: a phone keeps nothing
                return s, ()
        raise ValueError(f"a phone has no message {msg!r}")

    return handle


def read_ticket(value: str) -> str:
    """The key of a ticket kept (``Keep``'s text), or ``""``."""
    try:
        data = json.loads(value) if value else None
    except ValueError:
        return ""
    key = data.get("key") if isinstance(data, dict) else None
    return key if isinstance(key, str) and KEY.fullmatch(key) else ""


def rejoin(s: PhoneTable, effects: Effects) -> Result:
    """A phone away (or just opened) that holds a ticket and has a relay: it waits there for its table's offer."""
    if s.rejoining or not s.key or not s.relay or s.stage not in (Stage.NONE, Stage.AWAY):
        return s, effects
    slot = slot_of(s.key)
    return replace(s, rejoining=True), (*effects, Rejoin(slot), After(REJOIN_S, Late(slot), key="phone-late"))


def forget(s: PhoneTable) -> Effects:
    """Its ticket, no longer its table's (the seat went elsewhere, the table set up another game, it was refused)."""
    return (Keep(ticket_name(s.game), ""),) if s.key else ()


def heard(reg: Any, s: PhoneTable, text: str) -> Result:
    """A message from the table: its welcome, a screen, its refusal or its goodbye."""
    try:
        data = read(text, MAX_FROM_TABLE)
    except DataError:
        return s, ()
    kind = data["t"]
    if data["v"] != PROTOCOL and kind != "refused":
        return replace(s, stage=Stage.REFUSED, why="release", screen=None), (Unlink(0),)
    match kind:
        case "welcome" if type(seat := data.get("seat")) is int:
            key = data.get("ticket")
            if not isinstance(key, str) or not KEY.fullmatch(key):
                return replace(s, stage=Stage.PLAYING, seat=seat, why=""), ()
            kept = Keep(ticket_name(s.game), json.dumps({"seat": seat, "key": key}, separators=(",", ":")))
            return replace(s, stage=Stage.PLAYING, seat=seat, why="", key=key), (kept,)
        case "screen" if s.stage is Stage.PLAYING:
            try:
                screen = reg.decode(data.get("screen"))
            except (DataError, TypeError, ValueError):
                return s, ()
            return (replace(s, screen=screen), ()) if isinstance(screen, Screen) else (s, ())
        case "refused":
            why = data.get("why") if data.get("why") in ("release", "stale", "ticket") else "release"
            if why == "ticket":  # its ticket is not the table's (any more): it joins as a new phone, by a scan
                return replace(s, stage=Stage.NONE, why="ticket", screen=None, key=""), (*forget(s), Unlink(0))
            return replace(s, stage=Stage.REFUSED, why=str(why), screen=None), (Unlink(0),)
        case "bye":
            why = data.get("why") if data.get("why") in ("here", "bot", "gone", "turned-away") else "closed"
            lost = forget(s) if why in ("here", "bot", "gone") else ()
            key = "" if lost else s.key
            return replace(s, stage=Stage.AWAY, why=str(why), screen=None, key=key), (*lost, Unlink(0))
    return s, ()


def present(s: PhoneTable) -> Screen:
    """The table's last screen while playing, neither moving nor sounding (a phone has screens only: the game's view
    never reads the phone's states); else the phone's own screen."""
    t = texts(s.lang)
    if s.stage is Stage.PLAYING and s.screen is not None:
        return replace(s.screen, notices=Notices(t("notice.area")), motion=False, sound=False)
    body = join_view(s, t)
    return Screen(name="join", game=s.game, lang=s.lang, title=t("join.title"), brand=t("join.brand"),
                  tagline=t("join.tagline"), table_label=t("join.title"), top=None, notices=Notices(t("notice.area")),
                  live=body.text, body=body, focus=("h1",), moment=f"join:{s.stage}")


def join_view(s: PhoneTable, t: Callable[..., str]) -> JoinView:
    scan = Button(Link.SCAN, t("join.scan_stop" if s.scanning else "join.scan"), pressed=s.scanning)
    problem = t(f"join.why.{s.why}") if s.why else ""
    match s.stage:
        case Stage.JOINING:
            return JoinView(t("join.heading"), t("join.making"), None)
        case Stage.SHOWING:
            code = qr(s.answer, t("join.code_label"), s.codes)
            detail = t("join.relayed") if s.relay else ""
            return JoinView(t("join.heading"), t("join.show"), code, " ".join(x for x in (detail, problem) if x))
        case Stage.CONNECTING if s.typed and s.answer:
            return JoinView(t("join.heading"), t("join.check", number=check_number(s.answer)), None)
        case Stage.CONNECTING:
            return JoinView(t("join.heading"), t("join.connecting"), None)
        case Stage.PLAYING:
            return JoinView(t("join.heading"), t("join.connecting"), None)
        case Stage.REFUSED:
            return JoinView(t("join.refused.heading"), problem, None, actions=(scan,), scanning=s.scanning,
                            scanner_label=t("phone.camera"))
        case Stage.BAD:
            return JoinView(t("join.bad.heading"), problem, None, actions=(scan,), scanning=s.scanning,
                            scanner_label=t("phone.camera"))
        case Stage.AWAY if s.rejoining:
            return JoinView(t("join.away.heading"), t("join.rejoining"), None, problem, (scan,),
                            t("join.code") if s.relay else "", s.scanning, t("phone.camera"))
        case Stage.AWAY:
            return JoinView(t("join.away.heading"), problem, None, t("join.again"), (scan,),
                            t("join.code") if s.relay else "", s.scanning, t("phone.camera"))
    if s.rejoining:
        return JoinView(t("join.none.heading"), t("join.rejoining"), None, problem, (scan,),
                        t("join.code") if s.relay else "", s.scanning, t("phone.camera"))
    return JoinView(t("join.none.heading"), t("join.none.text"), None, problem, (scan,),
                    t("join.code") if s.relay else "", s.scanning, t("phone.camera"))


def plugin(game: Plugin[Any]) -> Plugin[Any]:
    """The phone's plug-in for ``game``: the game's painter and commands, the table's screens."""
    from .remote import Link as LinkCommand

    return Plugin(
        name="phone", title=f"{game.title} (phone)", docs=(), keeper=game.keeper, launch=lambda start: (None, ()),
        handle=handle_with(game.schema, game.models), present=present, commands=(*game.commands, LinkCommand),
        fields=Fields(typed=dict(game.fields.typed), changed={**game.fields.changed, "join-code": LinkCommand.CODE}),
        view=game.view, leaks=lambda state, screen: [], models=game.models,
    )
