"""Seats and teams played on phones: the tablet runs the game, each phone is one more screen of it.

The tablet is the authority.  A phone is sent, after every change, the screen presented for its seat alone:
the game's own ``present`` of the state *as that seat's phone sees it* (``Phones.enter``), built through the
same doors as the tablet's screen (Zero's ``visible_hand``, the quiz's ``seen``) with that seat as the viewer.
What travels is a screen model (frozen data, every text translated), never the game's state, so a phone
holds only what its player may see by construction.  A phone sends back the taps on its screen; the tablet
handles each as a tap of that seat (``Phones.enter`` → the game's handler → ``Phones.leave``), so a phone
can act only for its own seat and only as its screen allows.

The protocol is JSON text on a WebRTC data channel, every message ``{"v": PROTOCOL, "t": kind, ...}``:

    phone → tablet   hello {schema, nonce, proof?}     do {action, arg, value}      bye
    tablet → phone   welcome {game, seat, ticket?}     screen {screen}      refused {why}      bye {why}

A phone let in is given its seat's ticket (16 random bytes, over the channel only); it keeps it, and the tablet
keeps each seat's (``Keep``).  With the relay of ``serve.py --lan``, the tablet leaves every later offer for that
seat under the ticket's slot (``pairing.slot_of``), and the phone, asleep or reloaded or after the tablet's reload,
fetches it there and answers with no scan; its hello then carries ``proof`` (``pairing.proof_of``), without which
(or with a wrong one) the tablet refuses it (``refused {why: "ticket"}``).  docs/phones.md says why.

``v`` and ``t`` (and ``why``) mean the same in every release, so a phone of another release can always read
its refusal.  ``schema`` is a digest of every screen model and command both ends must share
(:func:`schema`): a phone whose digest differs is refused with a clear message on both screens.

Pairing is the shell's too (:class:`Remote`, changed only here): the offer for each seat (``Host`` →
``Hosting``), the code a phone scans (``tabletop.pairing``), the phone's answer (scanned, or through the
relay of ``serve.py --lan``), the channel opening (``Linked``), going away (``Unlinked``) and coming back.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable, Hashable, Iterable
from dataclasses import Field, dataclass, replace
from enum import Enum, StrEnum
from types import ModuleType
from typing import ClassVar, Protocol, TypeAlias, TypedDict, TypeVar, Unpack

from . import saving
from .documents import load_json
from .effects import (
    Accept,
    After,
    Do,
    Effect,
    Effects,
    Fetch,
    Fetched,
    Host,
    Hosting,
    Keep,
    Linked,
    Post,
    Posted,
    Probe,
    Recall,
    Recalled,
    Relayed,
    Scan,
    ScanFailed,
    Scanned,
    Send,
    Unlink,
    Unlinked,
    unique,
)
from .errors import DataError
from .notes import with_shell
from .pairing import ANSWER, KEY, OFFER, PairingError, Ticket, proof_of, read_sdp, slot_of
from .widgets import Button, Key, PairingView, PhoneRow, PhonesBar, QrView, Screen, WaitView

PROTOCOL = 1
MAX_FROM_PHONE = 2_000  # characters of one message from a phone (a tap)
MAX_FROM_TABLE = 1_000_000  # characters of one message from the table (a screen)
MAX_DEPTH = 64
JOIN = "#j="  # the link a phone's camera opens: the page's address, then this, then the offer's code


STALL_S = 20.0  # from the tablet reading a phone's code to its channel open: far longer says it cannot (docs/phones.md)


@dataclass(frozen=True)
class Stalled:
    """``STALL_S`` after the tablet read the answer of offer ``nonce`` for ``seat`` (no channel yet: a problem)."""

    seat: int
    nonce: str


class Link(StrEnum):
    """The commands of playing on phones, the same in every game (``data-action`` hooks)."""

    PAIR = "pair"  # the tablet: show the pairing screen of a seat (arg)
    PAIR_CLOSE = "pair-close"
    SCAN = "scan"  # the camera on or off (tablet: the phone's code; phone: the table's)
    HERE = "phone-here"  # the seat (arg) is played on the tablet from now on
    BOT = "phone-bot"  # a bot plays the seat (arg) from now on
    STANDIN = "phone-standin"  # a bot plays the away phone's seat (arg) for the rest of the round, or stops (again)
    CODE = "join-code"  # the phone: a short code typed (value), fetched from the relay
    ADMIT = "phone-admit"  # the tablet: the phone that typed the seat's (arg) code shows the same number: let it in
    DENY = "phone-deny"  # … it does not: turn it away (a new code is made)


class Status(StrEnum):
    """How a phone seat stands."""

    NEW = "new"  # no phone has joined (since the game started or the tablet opened it)
    LINKED = "linked"  # its phone is here
    AWAY = "away"  # its phone was here and went away


@dataclass(frozen=True)
class SeatLink:
    """One phone seat, as the tablet knows it."""

    seat: int
    status: Status = Status.NEW
    asked: bool = False  # an offer was asked for (``Host``) and not yet used or lost
    nonce: str = ""  # the offer's nonce (hex), once described
    offer: str = ""  # the offer's code (``tabletop.pairing``), once described
    code: str = ""  # its short code at the relay
    opened: bool = False  # the channel is open; the phone's hello is awaited
    problem: str = ""  # why the last attempt failed ("release", "failed", "garbled", …): a ``phone.problem.`` key
    draft: object = None  # the phone's choice in progress (the game's own value: ``Phones.enter``/``leave``)
    typed: str = ""  # the number a phone that typed the short code shows (``check_number``), until it is let in
    asking: bool = False  # that phone said hello: its host is asked whether it shows the same number
    key: str = ""  # the seat's ticket (hex), once a phone was let in: that phone rejoins by it
    fresh: str = ""  # the current offer's secret (``Hosting``): the ticket given if the seat has none yet
    rejoin: bool = False  # the answer came to an offer fetched by the ticket's slot: its hello must prove the key
    standin: Hashable = None  # a bot plays the seat while its phone is away, in this round (``Phones.round``)

    @property
    def slot(self) -> str:
        return slot_of(self.key) if self.key else ""


class LinkChanges(TypedDict, total=False):
    """What ``Remote.with_link`` may change of a seat's link: any field of ``SeatLink`` but its seat."""

    status: Status
    asked: bool
    nonce: str
    offer: str
    code: str
    opened: bool
    problem: str
    draft: object
    typed: str
    asking: bool
    key: str
    fresh: str
    rejoin: bool
    standin: Hashable


@dataclass(frozen=True)
class Remote:
    """The tablet's phones: part of a game's state, changed only by this module."""

    seats: tuple[SeatLink, ...] = ()
    pairing: int | None = None  # the seat whose pairing screen is up
    scanning: bool = False
    codes: bool = False  # the library that draws codes is loaded
    fetching: bool = False
    relay: bool | None = None  # whether the page's server relays pairing codes (None: not asked yet)
    base: str = ""  # the page's address (from the first ``Hosting``)
    problem: str = ""  # the last pairing problem ("not-answer", "stale", "unreadable", a ``ScanFailed`` reason)
    recalled: bool = False  # the seats' tickets kept on this device were asked for (``Recall``)

    def link(self, seat: int) -> SeatLink | None:
        return next((link for link in self.seats if link.seat == seat), None)

    def linked(self, seat: int) -> bool:
        link = self.link(seat)
        return link is not None and link.status is Status.LINKED

    def standing_in(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now, its phone away (``Link.STANDIN``: the game's bots play it)."""
        link = self.link(seat)
        return link is not None and link.standin is not None and link.status is not Status.LINKED

    def draft(self, seat: int) -> object:
        link = self.link(seat)
        return None if link is None else link.draft

    def with_link(self, seat: int, **changes: Unpack[LinkChanges]) -> Remote:
        return replace(self, seats=tuple(replace(link, **changes) if link.seat == seat else link
                                         for link in self.seats))


#: A message's data as JSON holds it (``Registry.encode``: a screen on the wire).
Json: TypeAlias = "None | bool | int | float | str | list[Json] | dict[str, Json]"


class Paired(saving.Kept, Protocol):
    """A game's state as the phones see it: its saved data (``saving.Kept``), its ``remote`` and its set-up."""

    @property
    def remote(self) -> Remote: ...
    @property
    def settings(self) -> Seating | None:
        """Its set-up (``None`` before one is made: a game on phones always has one)."""


S = TypeVar("S", bound=Paired)
Result = tuple[S, Effects]


class Phones(Protocol[S]):
    """What a game tells the shell about playing on phones (its part, as ``Keeper`` is of saving).

    ``seats``: the seats (or teams) played on phones in the game on the table (none while setting up); ``round``:
    the round in play (any value that changes when the next round begins; ``None``: no bot may stand in for an
    away phone now, or ever in this game);
    ``enter``: the state as ``seat``'s phone sees it (the doors' viewer is that seat; ``None``: nothing to see
    now); ``leave``: the tablet's state after a phone's command was handled on ``seen``; ``here`` and ``bot``:
    the seat played on the tablet, or by a bot, from now on; ``commands``: what a phone may ask for.
    """

    game: str
    commands: frozenset[StrEnum]
    models: tuple[ModuleType, ...]  # the modules of the game's screen models and commands

    def seats(self, s: S) -> tuple[int, ...]: ...
    def round(self, s: S) -> Hashable: ...
    def name(self, s: S, seat: int) -> str: ...
    def enter(self, s: S, seat: int) -> S | None: ...
    def leave(self, s: S, seen: S, seat: int) -> S: ...
    def here(self, s: S, seat: int) -> Result[S]: ...
    def bot(self, s: S, seat: int) -> Result[S]: ...
    def t(self, s: S) -> Callable[..., str]: ...


PHONE = "phone"  # a set-up's choice for a seat (or team) of people who play on their own phone


class Seating:
    """The part of a game's set-up the shell's phones read: each seat's (or team's) choice (``choices``: ``people``,
    a person's kind, or a bot's level; the game's ``PEOPLE`` is the one for people) and the people's seats played
    on their own phone (``phones``)."""

    __dataclass_fields__: ClassVar[dict[str, Field[object]]]  # a game's set-up is a frozen dataclass
    PEOPLE: ClassVar[str]
    phones: tuple[int, ...]

    @property
    def choices(self) -> tuple[str, ...]:
        raise NotImplementedError

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats (or teams) played by people, at the tablet or on a phone."""
        return tuple(i for i, choice in enumerate(self.choices) if choice == self.PEOPLE)

    @property
    def at_tablet(self) -> tuple[int, ...]:
        """The people's seats (or teams) at the tablet, who take it in turns."""
        return tuple(i for i in self.persons if i not in self.phones)

    def kind(self, seat: int) -> str:
        """What the set-up shows as chosen for ``seat``: its choice, or ``PHONE``."""
        return PHONE if seat in self.phones else self.choices[seat]


def saved_rows(data: object, key: str, kinds: tuple[str, ...], counts: range, problems: tuple[str, str, str],
               fits: Callable[[dict[str, object]], bool] = lambda item: True,
               ) -> tuple[dict[str, object], list[dict[str, object]]]:
    """A saved set-up (``Seating.to_dict`` data) and its rows under ``key`` (seats or teams), each an object with a
    ``kind`` among ``kinds``, a ``name`` text (not yet cleaned) and what else the game ``fits``, as many as
    ``counts`` allows; ``ValueError`` with ``problems`` (no such list, a row, the count) for anything else."""
    unreadable, row, count = problems
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ValueError(unreadable)
    rows = data[key]
    if any(not isinstance(item, dict) or item.get("kind") not in kinds or not isinstance(item.get("name"), str)
           or not fits(item) for item in rows):
        raise ValueError(row)
    if len(rows) not in counts:
        raise ValueError(count)
    return data, rows


def saved_phones(value: object, people: list[bool], problem: str) -> tuple[int, ...]:
    """The seats (or teams) on phones of a saved set-up (``people[i]``: whether people play seat ``i``): each a
    people's seat, once, in order; ``ValueError(problem)`` for anything else."""
    if not isinstance(value, list) or any(type(i) is not int or not 0 <= i < len(people) or not people[i]
                                          for i in value):
        raise ValueError(problem)
    return tuple(sorted(set(value)))


STANDIN_LEVEL = "medium"  # the bot that plays an away phone's seat for the rest of the round (``Link.STANDIN``)


def bot_level(seating: Seating, r: Remote, seat: int) -> str | None:
    """The level of the bot that plays ``seat`` (or team) now: a bot's seat's own, ``STANDIN_LEVEL`` for an away
    phone's seat a bot stands in for (``Remote.standing_in``); ``None`` while people play it."""
    choice = seating.choices[seat]
    if choice != seating.PEOPLE:
        return choice
    return STANDIN_LEVEL if r.standing_in(seat) else None


def off_phone(s: S, seat: int, settle: Callable[[S, S, Effects], Result[S]], **seats: object) -> Result[S]:
    """``seat`` played otherwise from now on (its phone let go; ``seats``: the settings' other changes, such as a
    bot in its place), saved with the game and settled (``Phones.here`` and ``Phones.bot``)."""
    seating = s.settings
    assert seating is not None, "a game on phones has a set-up"
    phones = tuple(i for i in seating.phones if i != seat)
    after, effects = saving.save(with_shell(s, settings=replace(seating, phones=phones, **seats)))
    return settle(s, after, effects)


# ---- the screen models on the wire ------------------------------------------------------------------------


class Registry:
    """The types a screen is made of, by name: what a message may hold, and nothing else."""

    def __init__(self, modules: Iterable[ModuleType]) -> None:
        self.types: dict[str, type] = {}
        for module in modules:
            for value in vars(module).values():
                if isinstance(value, type) and value.__module__ == module.__name__ and (
                        dataclasses.is_dataclass(value) or issubclass(value, Enum)):
                    self.types[value.__name__] = value

    def schema(self) -> str:
        """A digest of every type's shape: two releases with the same digest read each other's screens."""
        lines = []
        for name in sorted(self.types):
            kind = self.types[name]
            if issubclass(kind, Enum):
                lines.append(f"{name}={','.join(str(m.value) for m in kind)}")
            elif dataclasses.is_dataclass(kind):
                lines.append(f"{name}({','.join(f.name for f in dataclasses.fields(kind))})")
        digest = hashlib.sha256(f"{PROTOCOL}\n".encode() + "\n".join(lines).encode()).hexdigest()
        return digest[:16]

    def encode(self, value: object) -> Json:
        """``value`` as JSON data: a model ``{"@": name, "f": [fields]}``, a command ``{"#": type, "v": value}``."""
        if isinstance(value, Enum):
            return {"#": type(value).__name__, "v": value.value}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            name = type(value).__name__
            if self.types.get(name) is not type(value):
                raise TypeError(f"{name} is not a screen model")
            return {"@": name, "f": [self.encode(getattr(value, f.name)) for f in dataclasses.fields(value)]}
        if isinstance(value, (tuple, list)):
            return [self.encode(item) for item in value]
        if value is None or isinstance(value, (str, int, float, bool)):
            return value
        raise TypeError(f"a {type(value).__name__} in a screen")

    def decode(self, data: object) -> object:
        """The value of ``encode``'s data; ``DataError`` for anything else."""
        if isinstance(data, list):
            return tuple(self.decode(item) for item in data)
        if isinstance(data, dict):
            if set(data) == {"#", "v"}:
                kind = self.types.get(str(data["#"]))
                if kind is None or not issubclass(kind, Enum):
                    raise DataError(f"no command type {data['#']!r}")
                try:
                    return kind(data["v"])
                except ValueError as err:
                    raise DataError(f"no {data['#']} {data['v']!r}") from err
            model = self.types.get(str(data.get("@")))
            values = data.get("f")
            if model is None or not dataclasses.is_dataclass(model) or set(data) != {"@", "f"} \
                    or not isinstance(values, list) or len(values) != len(dataclasses.fields(model)):
                raise DataError(f"no screen model {data.get('@')!r} of that shape")
            fields = dataclasses.fields(model)  # by name: keyword-only fields (``SetupPage.back``) are not in order
            return model(**{f.name: self.decode(v) for f, v in zip(fields, values, strict=True)})
        if data is None or isinstance(data, (str, int, float, bool)):
            return data
        raise DataError("not a screen")


@functools.cache
def registry(models: tuple[ModuleType, ...]) -> Registry:
    """The screen models and commands of a game's screens: the shell's and the game's (``Phones.models``)."""
    import sys

    from . import present, saving, widgets

    return Registry((widgets, present, saving, sys.modules[__name__], *models))


# ---- messages ---------------------------------------------------------------------------------------------


def message(kind: str, **fields: object) -> str:
    """A protocol message as text."""
    return json.dumps({"v": PROTOCOL, "t": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def read(text: str, limit: int) -> dict[str, object]:
    """A message as data, its envelope checked; ``DataError`` if it is not one of ours."""
    data = load_json(text, "message", max_chars=limit, article="a")
    if not isinstance(data, dict) or not isinstance(data.get("t"), str) or type(data.get("v")) is not int:
        raise DataError("not a message of the games' protocol")
    return data


def screen_message(reg: Registry, screen: Screen) -> str:
    """The message that shows ``screen`` on a phone."""
    return message("screen", screen=reg.encode(screen))


# ---- the tablet's transitions -----------------------------------------------------------------------------


def command(phones: Phones[S], s: S, cmd: Link, arg: str) -> Result[S]:
    """The host's commands about phones."""
    r: Remote = s.remote
    seats = phones.seats(s)
    seat = int(arg) if arg.isdigit() else None
    match cmd:
        case Link.PAIR if seat in seats:
            return with_shell(s, remote=replace(r, pairing=seat, problem="")), ()
        case Link.PAIR_CLOSE:
            return with_shell(s, remote=replace(r, pairing=None, scanning=False, problem="")), \
                ((Scan(False),) if r.scanning else ())
        case Link.SCAN if r.pairing is not None:
            return with_shell(s, remote=replace(r, scanning=not r.scanning, problem="")), (Scan(not r.scanning),)
        case Link.ADMIT if seat in seats and (link := r.link(seat)) is not None and link.asking:
            return _welcome(phones, s, seat)
        case Link.DENY if seat in seats and (link := r.link(seat)) is not None and link.asking:
            turned = r.with_link(seat, status=Status.NEW, asked=False, nonce="", offer="", code="", opened=False,
                                 typed="", asking=False, problem="turned-away")
            return with_shell(s, remote=turned), (Send(seat, message("bye", why="turned-away")), Unlink(seat))
        case Link.STANDIN if seat in seats and (link := r.link(seat)) is not None and link.status is Status.AWAY:
            now = phones.round(s)
            if link.standin is None and now is None:
                return s, ()
            return with_shell(s, remote=r.with_link(seat, standin=None if link.standin is not None else now)), ()
        case Link.HERE | Link.BOT if seat in seats:
            link = r.link(seat)
            effects: list[Effect] = []
            if link is not None and (link.opened or link.status is Status.LINKED):
                effects += [Send(seat, message("bye", why="here" if cmd is Link.HERE else "bot")), Unlink(seat)]
            elif link is not None and link.asked:
                effects.append(Unlink(seat))
            after, more = phones.here(s, seat) if cmd is Link.HERE else phones.bot(s, seat)
            left = replace(after.remote, seats=tuple(x for x in after.remote.seats if x.seat != seat),
                           pairing=None if r.pairing == seat else r.pairing)
            return with_shell(after, remote=left), (*effects, *more)
    return s, ()


def _answer(phones: Phones[S], s: S, text: str, typed: bool = False, rejoin: bool = False) -> Result[S]:
    """A code read by the tablet's camera or left at the relay: the phone's answer for one of its offers."""
    r: Remote = s.remote
    try:
        ticket = Ticket.parse(code_of(text))
    except PairingError:
        return with_shell(s, remote=replace(r, problem="unreadable")), ()
    if ticket.kind is not ANSWER:
        return with_shell(s, remote=replace(r, problem="not-answer")), ()
    link = next((x for x in r.seats if x.nonce and x.nonce == ticket.nonce.hex()), None)
    if link is None or link.status is Status.LINKED:
        return with_shell(s, remote=replace(r, problem="stale")), ()
    stop = (Scan(False),) if r.scanning else ()
    # A channel that never opens says nothing (a local-network permission refused, a network that keeps devices
    # apart): the tablet says so after a while, instead of "Connecting…" for good.
    stalled = After(STALL_S, Stalled(link.seat, link.nonce), key=("phone-stalled", link.seat))
    r = r.with_link(link.seat, typed=check_number(text) if typed else "", asking=False, rejoin=rejoin)
    return with_shell(s, remote=replace(r, scanning=False, problem="")), (*stop, Accept(link.seat, ticket.sdp(2)),
                                                                        stalled)


def tickets_name(phones: Phones[S]) -> str:
    """Where the tablet keeps its seats' tickets (``Keep``), for the game on the table."""
    return f"tablet.{phones.game}"


def tickets(r: Remote) -> dict[str, str]:
    """The tickets of the seats on phones, by seat (as kept)."""
    return {str(x.seat): x.key for x in r.seats if x.key}


def read_tickets(value: str) -> dict[int, str]:
    """The tickets kept (``tickets``' text); anything else is none."""
    try:
        data = json.loads(value) if value else {}
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {int(seat): key for seat, key in data.items()
            if isinstance(seat, str) and seat.isdigit() and len(seat) < 4 and isinstance(key, str)
            and KEY.fullmatch(key)}


def check_number(answer: str) -> str:
    """The four digits both screens show for a phone that typed the short code (from its answer's code, which only
    that phone and the tablet hold): the host lets it in only if the phone shows the same."""
    return f"{int.from_bytes(hashlib.sha256(code_of(answer).encode()).digest()[:4], 'big') % 10_000:04d}"


def _welcome(phones: Phones[S], s: S, seat: int) -> Result[S]:
    """``seat``'s phone is in: it gets its seat (and the pairing screen moves on to a seat still without one)."""
    r: Remote = s.remote
    link = r.link(seat)
    key = (link.key or link.fresh) if link is not None else ""
    r = r.with_link(seat, status=Status.LINKED, opened=False, problem="", offer="", code="", asked=False, typed="",
                    asking=False, rejoin=False, key=key, fresh="")
    pairing = r.pairing
    if pairing == seat:
        pairing = next((x.seat for x in r.seats if x.status is not Status.LINKED), None)
    r = replace(r, pairing=pairing, scanning=r.scanning and pairing is not None)
    stop = (Scan(False),) if s.remote.scanning and not r.scanning else ()
    ticket = {"ticket": key} if key else {}
    return with_shell(s, remote=r), (*stop, Send(seat, message("welcome", game=phones.game, seat=seat, **ticket)))


def code_of(text: str) -> str:
    """The pairing code in ``text``: a code, or a link holding one after ``#j=``."""
    text = text.strip()
    return text.rpartition(JOIN)[2] if JOIN in text else text


def outcome(phones: Phones[S], s: S, msg: object) -> Result[S] | None:
    """What a link's outcome means for the table (``None``: not a link's); a phone's tap is ``hear``'s."""
    r: Remote = s.remote
    match msg:
        case Hosting(seat, nonce, sdp, base, secret):
            link = r.link(seat)
            if link is None:
                return s, (Unlink(seat),)
            if not link.asked or link.status is Status.LINKED:
                return s, ()
            try:
                ticket = read_sdp(sdp, kind=OFFER, game=phones.game, seat=seat, nonce=bytes.fromhex(nonce))
            except (PairingError, ValueError):
                return with_shell(s, remote=r.with_link(seat, asked=False, problem="failed")), (Unlink(seat),)
            fresh = secret if KEY.fullmatch(secret) else ""
            r = replace(r.with_link(seat, nonce=nonce, offer=ticket.text(), code="", fresh=fresh), base=base or r.base)
            post = (Post("offer", nonce, ticket.text(), seat, link.slot),) if r.relay else ()
            return with_shell(s, remote=r), post
        case Posted(nonce, code, withdrawn):
            link = next((x for x in r.seats if x.nonce == nonce), None)
            if link is None:
                return s, ()
            return with_shell(s, remote=r.with_link(link.seat, code=code, problem="withdrawn" if withdrawn else "")), ()
        case Scanned(text, typed, rejoin):
            return _answer(phones, s, text, typed, rejoin)
        case ScanFailed(why):
            return with_shell(s, remote=replace(r, scanning=False, problem=why)), ()
        case Linked(seat):
            link = r.link(seat)
            return (with_shell(s, remote=r.with_link(seat, opened=True)), ()) if link else (s, (Unlink(seat),))
        case Unlinked(seat, why):
            link = r.link(seat)
            if link is None:
                return s, ()
            was = link.status is Status.LINKED
            status = Status.AWAY if was or link.status is Status.AWAY else Status.NEW
            problem = "" if was else ("failed" if why == "failed" else link.problem)
            r = r.with_link(seat, status=status, asked=False, nonce="", offer="", code="", opened=False,
                            problem=problem, typed="", asking=False, rejoin=False, fresh="")
            return with_shell(s, remote=r), ()
        case Stalled(seat, nonce):
            link = r.link(seat)
            if link is None or link.nonce != nonce or link.opened or link.status is Status.LINKED:
                return s, ()
            return with_shell(s, remote=r.with_link(seat, problem="unreachable")), ()
        case Fetched("codes", ok):
            return with_shell(s, remote=replace(r, codes=ok, fetching=False)), ()
        case Relayed(ok):
            more = tuple(Post("offer", x.nonce, x.offer, x.seat, x.slot) for x in r.seats if ok and x.offer)
            return with_shell(s, remote=replace(r, relay=ok)), more
        case Recalled(name, value) if name == tickets_name(phones):
            kept = read_tickets(value)
            found = [x for x in r.seats if not x.key and kept.get(x.seat)]
            for x in found:
                r = r.with_link(x.seat, key=kept[x.seat])
            # Offers already left at the relay: again, under the seat's slot now known.
            more = tuple(Post("offer", x.nonce, x.offer, x.seat, slot_of(kept[x.seat])) for x in found
                         if r.relay and x.offer and x.status is not Status.LINKED)
            return with_shell(s, remote=r), more
    return None


def hear(phones: Phones[S], reg: Registry, s: S, seat: int, text: str) -> tuple[S, Effects, Do | None]:
    """A message from ``seat``'s phone: its hello (checked: the same protocol and screens), or a tap (returned, for
    the game's handler: ``Update``), or its goodbye."""
    r: Remote = s.remote
    link = r.link(seat)
    if link is None:
        return s, (Unlink(seat),), None
    try:
        data = read(text, MAX_FROM_PHONE)
    except DataError:
        return with_shell(s, remote=r.with_link(seat, problem="garbled")), (), None
    kind = data["t"]
    if data["v"] != PROTOCOL or (kind == "hello" and data.get("schema") != reg.schema()):
        refused = r.with_link(seat, problem="release", opened=False)
        return with_shell(s, remote=refused), (Send(seat, message("refused", why="release")), Unlink(seat)), None
    if kind == "hello" and link.opened:
        if data.get("nonce") != link.nonce:
            return s, (Send(seat, message("refused", why="stale")), Unlink(seat)), None
        # An offer fetched by the seat's slot at the relay: only the phone holding the seat's ticket may answer it.
        if link.rejoin and not (link.key and data.get("proof") == proof_of(link.key, link.nonce)):
            r = r.with_link(seat, status=Status.AWAY if link.status is Status.AWAY else Status.NEW, asked=False,
                            nonce="", offer="", code="", opened=False, rejoin=False, fresh="", problem="ticket")
            return with_shell(s, remote=r), (Send(seat, message("refused", why="ticket")), Unlink(seat)), None
        if link.typed:  # it typed the code: anyone on the network could have; its host says whether it is theirs
            return with_shell(s, remote=replace(r.with_link(seat, asking=True), pairing=seat)), (), None
        after, effects = _welcome(phones, s, seat)
        return after, effects, None
    if kind == "bye":
        return with_shell(s, remote=r.with_link(seat, status=Status.AWAY, asked=False, nonce="", offer="",
                                             opened=False)), (Unlink(seat),), None
    if kind == "do" and link.status is Status.LINKED:
        action, arg, value = (data.get(k, "") for k in ("action", "arg", "value"))
        if isinstance(action, str) and isinstance(arg, str) and isinstance(value, str) \
                and max(len(action), len(arg), len(value)) <= 200:
            found = next((c for c in phones.commands if c.value == action), None)
            if found is not None:  # a tap it could read: its row no longer says it sent what cannot be
                if link.problem == "garbled":
                    s = with_shell(s, remote=r.with_link(seat, problem=""))
                return s, (), Do(found, arg, value)
    return s, (), None


def settle(phones: Phones[S], before: S, after: S) -> Result[S]:
    """What follows from any change: a link for each phone seat of the game on the table (and none for another
    seat), an offer ready for each seat without its phone, the code library and the relay asked for once, the
    pairing screen opened when a game with phones begins or comes back."""
    r: Remote = after.remote
    wanted = phones.seats(after)
    effects: list[Effect] = []
    kept = []
    for link in r.seats:
        if link.seat in wanted:
            kept.append(link)
        elif link.asked or link.opened or link.status is Status.LINKED:
            if link.status is Status.LINKED or link.opened:
                effects.append(Send(link.seat, message("bye", why="gone")))
            effects.append(Unlink(link.seat))
    now = phones.round(after) if any(link.standin is not None for link in kept) else None
    kept = [replace(link, standin=None) if link.standin is not None and (
        link.status is Status.LINKED or link.standin != now) else link for link in kept]
    known = {link.seat for link in kept}
    fresh = [SeatLink(seat) for seat in wanted if seat not in known]
    seats = []
    for link in sorted((*kept, *fresh), key=lambda x: x.seat):
        if link.status is not Status.LINKED and not link.asked and not link.opened:
            link = replace(link, asked=True)
            effects.append(Host(link.seat))
        seats.append(link)
    r = replace(r, seats=tuple(seats))
    if r.pairing is not None and r.pairing not in wanted:
        r = replace(r, pairing=None, scanning=False)
        effects.append(Scan(False))
    began = wanted and not before.remote.seats and not any(x.status is Status.LINKED for x in seats)
    if began and r.pairing is None:
        r = replace(r, pairing=wanted[0])
    if wanted and not r.codes and not r.fetching:
        r = replace(r, fetching=True)
        effects.append(Fetch("codes"))
    if wanted and r.relay is None:
        r = replace(r, relay=False)  # asked once; ``Relayed`` says
        effects.append(Probe())
    if wanted and not r.recalled:
        r = replace(r, recalled=True)  # the tickets kept here, asked once (after the tablet's reload); ``Recalled``
        effects.append(Recall(tickets_name(phones)))
    elif r.recalled and tickets(r) != tickets(before.remote):
        effects.append(Keep(tickets_name(phones), json.dumps(tickets(r), separators=(",", ":"))))
    if r == after.remote and not effects:
        return after, ()
    return with_shell(after, remote=r), unique(effects)


# ---- the screens: the tablet's pairing screen and phones bar, each phone's own ----------------------------


def qr(text: str, label: str, codes: bool) -> QrView | None:
    """The QR code of ``text`` (``None`` until the library is loaded)."""
    if not codes or not text:
        return None
    from .qr import path

    size, d = path(text)
    return QrView(size, d, label, text)


def link_text(r: Remote, link: SeatLink) -> str:
    """What the tablet's code for ``link`` holds: the page's address and the offer."""
    return (r.base or "") + JOIN + link.offer


def bar(phones: Phones[S], s: S) -> PhonesBar | None:
    """The tablet's list of phone seats, with what the host may do for one away."""
    seats = phones.seats(s)
    r: Remote = s.remote
    if not seats:
        return None
    t = phones.t(s)
    rows = []
    for seat in seats:
        link = r.link(seat) or SeatLink(seat)
        name = phones.name(s, seat)
        status = t(f"phone.status.{link.status}", name=name)
        if r.standing_in(seat):
            status = t("phone.status.standin", name=name)
        if link.problem:
            status += " " + t(f"phone.problem.{link.problem}", name=name)
        actions: tuple[Button, ...] = ()
        if link.asking:
            status = t("phone.asking", name=name, number=link.typed)
            actions = (Button(Link.ADMIT, t("phone.admit"), arg=str(seat), primary=True),
                       Button(Link.DENY, t("phone.deny"), arg=str(seat)))
        elif link.status is not Status.LINKED:
            standin: tuple[Button, ...] = ()
            if link.standin is not None:
                standin = (Button(Link.STANDIN, t("phone.standin_off"), arg=str(seat), pressed=True,
                                  description=t("phone.standin_off_for", name=name)),)
            elif link.status is Status.AWAY and phones.round(s) is not None:
                standin = (Button(Link.STANDIN, t("phone.standin"), arg=str(seat), pressed=False,
                                  description=t("phone.standin_for", name=name)),)
            actions = (Button(Link.PAIR, t("phone.show_code"), arg=str(seat), description=t("phone.show_code_for",
                                                                                             name=name)),
                       *standin,
                       Button(Link.HERE, t("phone.here"), arg=str(seat), description=t("phone.here_for", name=name)),
                       Button(Link.BOT, t("phone.bot"), arg=str(seat), description=t("phone.bot_for", name=name)))
        rows.append(PhoneRow(seat, name, status, link.status is Status.LINKED, actions))
    return PhonesBar(t("phone.bar"), tuple(rows))


def pairing(phones: Phones[S], s: S) -> PairingView:
    """The tablet's pairing screen for the seat it is open for."""
    r: Remote = s.remote
    seat = r.pairing
    assert seat is not None
    t = phones.t(s)
    link = r.link(seat) or SeatLink(seat)
    name = phones.name(s, seat)
    steps = (t("phone.step.scan", name=name), t("phone.step.show"), t("phone.step.camera"))
    others: tuple[Button, ...] = ()
    if link.asking:
        status = t("phone.asking", name=name, number=link.typed)
        others = (Button(Link.ADMIT, t("phone.admit"), arg=str(seat), primary=True),
                  Button(Link.DENY, t("phone.deny"), arg=str(seat)))
    elif link.status is Status.LINKED:
        status = t("phone.status.linked", name=name)
    elif link.opened:
        status = t("phone.connecting")
    else:
        status = t("phone.status.new" if link.status is Status.NEW else "phone.status.away", name=name)
    code = qr(link_text(r, link), t("phone.code_label", name=name), r.codes) if link.offer else None
    problem = t(f"phone.problem.{r.problem or link.problem}", name=name) if (r.problem or link.problem) else ""
    if not link.asking:
        others = tuple(Button(Link.PAIR, phones.name(s, x.seat), arg=str(x.seat), pressed=x.seat == seat)
                       for x in r.seats if len(r.seats) > 1)
    short = t("phone.short", code=link.code, address=(r.base or "./") + "?join=" + phones.game) if link.code else ""
    return PairingView(t("phone.heading", name=name), steps, code, t("phone.preparing"), short,
                       Button(Link.SCAN, t("phone.scan_stop" if r.scanning else "phone.scan"), primary=not r.scanning,
                              pressed=r.scanning),
                       r.scanning, t("phone.camera"), status, problem, others,
                       Button(Link.PAIR_CLOSE, t("phone.close")))


def with_phones(phones: Phones[S], present: Callable[[S], Screen]) -> Callable[[S], Screen]:
    """A game's ``present`` with the phones' part: the pairing screen over the game, the bar of phone seats."""

    def presented(s: S) -> Screen:
        screen = present(s)
        if not phones.seats(s):
            return screen
        if s.remote.pairing is not None:
            t = phones.t(s)
            return replace(screen, name="pairing", title=t("phone.title"), body=pairing(phones, s),
                           focus=(".pairing h1",), keys=(_escape(Link.PAIR_CLOSE),),
                           moment=f"pairing:{s.remote.pairing}", guard=None)
        return replace(screen, phones=bar(phones, s))

    return presented


def _escape(cmd: StrEnum) -> Key:
    return Key("Escape", cmd, fields=True)


def phone_screen(screen: Screen) -> Screen:
    """A screen of the table as a phone shows it: without the tablet's bar, notices and page texts, and without its
    motion and sound (the tablet's view plays them)."""
    from .widgets import Notices

    return replace(screen, top=None, notices=Notices(screen.notices.label), chrome=(), phones=None, guard=None,
                   ready=(), motion=False, sound=False)


def outbox(phones: Phones[S], present: Callable[[S], Screen]) -> Callable[[S], tuple[tuple[int, str], ...]]:
    """What to send each phone here for a state: its screen's message (the glue sends what changed)."""
    reg = registry(phones.models)

    def messages(s: S) -> tuple[tuple[int, str], ...]:
        return tuple((seat, screen_message(reg, screen)) for seat, screen in screens(phones, present, s))

    return messages


def screens(phones: Phones[S], present: Callable[[S], Screen], s: S) -> tuple[tuple[int, Screen], ...]:
    """The screen each phone here is shown: its seat's, presented from the state as that seat sees it."""
    out = []
    for link in s.remote.seats:
        if link.status is not Status.LINKED:
            continue
        seen = phones.enter(s, link.seat)
        if seen is None:
            t = phones.t(s)
            body = WaitView(t("phone.wait.heading"), t("phone.wait.text"))
            screen = replace(present(s), name="wait", body=body, focus=("h1",), keys=(), moment="wait", live="")
        else:
            screen = present(seen)
        out.append((link.seat, phone_screen(screen)))
    return tuple(out)
