"""The shell's vocabulary: effects a game's ``handle`` asks for, and the messages their outcomes come back as.

An effect is a value; the runtime (``tabletop.runtime``) carries it out against its ports and hands every
outcome back to the same ``handle`` as a message, so ``handle`` is the only writer of a game's state.  A
game has no effect of its own: it says what it needs in these words (a bot's decision is a ``Think`` job,
a pause is an ``After``, saving is a ``Write``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from .store import AtRisk, Changed, Imported, Loaded, Problem, Written


class Thinking(Protocol):
    """Work done a slice at a time: ``step(seconds)`` returns ``None`` until it has the result."""

    def step(self, budget: float) -> Any: ...


class Job(Protocol):
    """Work that takes longer than one slice (a bot's decision, a hint), run by the runtime in slices.

    ``current(state)`` says whether the state still wants it (checked between slices: the players may have
    moved on); ``done(result, seconds)`` is the message that carries its result back, ``started()`` the one
    sent as it starts (``None``: none).
    """

    @property
    def key(self) -> Hashable: ...

    def start(self) -> Thinking: ...
    def current(self, state: Any) -> bool: ...
    def started(self) -> Any: ...
    def done(self, result: Any, seconds: float) -> Any: ...


# ---- effects -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Load:
    """Read document ``doc`` (in slices: a big score sheet must not delay the first screen); → ``Read``."""

    doc: str
    slices: bool = False


@dataclass(frozen=True)
class Write:
    """Replace slot ``doc`` with ``value`` (``force``: over another tab's change); → ``Wrote``."""

    doc: str
    value: Any
    force: bool = False
    tag: str = ""


@dataclass(frozen=True)
class Clear:
    """Forget slot ``doc``; → ``Wrote``."""

    doc: str
    tag: str = ""


@dataclass(frozen=True)
class Add:
    """Merge ``value`` into ledger ``doc`` (``tag`` comes back with the outcome); → ``Wrote``."""

    doc: str
    value: Any
    tag: str = ""


@dataclass(frozen=True)
class Put:
    """Replace ledger ``doc`` with ``value`` (``None``: empty it; the players cleared or trimmed it); → ``Wrote``."""

    doc: str
    value: Any
    tag: str = ""


@dataclass(frozen=True)
class Import:
    """Merge a file's ``text`` into ledger ``doc``, in slices; → ``Merged``."""

    doc: str
    text: str


@dataclass(frozen=True)
class Retry:
    """Write what storage refused before (after space was freed); → ``Wrote`` (tag ``retry``)."""


@dataclass(frozen=True)
class Rescue:
    """Offer what storage could not keep as one file, then let saving go on; → ``Wrote`` (tag ``rescue``)."""


@dataclass(frozen=True)
class ExportBackup:
    """Offer the backup of a damaged document (its storage key) as a file."""

    key: str
    filename: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file called ``filename``."""

    filename: str
    text: str
    mime: str = "application/json"


@dataclass(frozen=True)
class PickFile:
    """Open the file picker (offering files of ``accept``); the chosen file comes back as ``FileChosen``.

    Untagged, it is a score sheet to import (its text). A game's own file (``tag``: a word of the game's) comes
    back as its bytes, the first ``limit + 1`` at most (0: all), with its tag: the game reads it itself.
    """

    accept: str = ".json,application/json"
    tag: str = ""
    limit: int = 0


@dataclass(frozen=True)
class KeepData:
    """Ask the browser to keep this site's data (``navigator.storage.persist()``), once, after a tap."""


@dataclass(frozen=True)
class Think:
    """Run ``job`` in slices, unless a job with its key runs already; after ``delay`` seconds."""

    job: Job
    delay: float = 0.0


@dataclass(frozen=True)
class After:
    """Send ``message`` to ``handle`` after ``seconds`` (a pause the players see)."""

    seconds: float
    message: Any
    key: Hashable = None  # at most one pending pause per key (``None``: no limit)


@dataclass(frozen=True)
class Leave:
    """Leave this game for the choice of game (the game in progress stays saved)."""


@dataclass(frozen=True)
class Open:
    """Open game ``game`` (from the choice of game)."""

    game: str


@dataclass(frozen=True)
class Now:
    """What time it is (for a document's date); → ``Clock`` with ``tag``."""

    tag: str


@dataclass(frozen=True)
class Mark:
    """A performance mark for the benchmarks and tests (``tabletop:<name>``), with a detail."""

    name: str
    detail: tuple[tuple[str, float], ...] = ()


# ---- links: a seat or team played on a phone (``tabletop.remote``) -------------------------------------


@dataclass(frozen=True)
class Host:
    """The tablet: open a data channel for ``seat`` and describe it (ICE gathered); → ``Hosting`` or ``Unlinked``."""

    seat: int


@dataclass(frozen=True)
class Accept:
    """The tablet: the phone's answer (a description) for ``seat``'s channel; → ``Linked`` once it opens."""

    seat: int
    sdp: str


@dataclass(frozen=True)
class Join:
    """The phone: answer the table's offer (a description); → ``Joining`` with the answer, then ``Linked``."""

    sdp: str


@dataclass(frozen=True)
class Send:
    """Send ``text`` (a message of ``tabletop.remote``'s protocol) on ``seat``'s channel (the phone's: 0)."""

    seat: int
    text: str


@dataclass(frozen=True)
class Unlink:
    """Close ``seat``'s channel (after ``Send``s asked before it); no ``Unlinked`` comes back."""

    seat: int


@dataclass(frozen=True)
class Scan:
    """Start (``on``) or stop the camera that reads codes; what it reads comes back as ``Scanned``."""

    on: bool


@dataclass(frozen=True)
class Fetch:
    """Load a library the page loads only when needed (``"codes"``: drawing QR codes); → ``Fetched``."""

    name: str


@dataclass(frozen=True)
class Probe:
    """Ask whether the page's own server relays pairing messages (``serve.py --lan``); → ``Relayed``."""


@dataclass(frozen=True)
class Post:
    """Leave ``text`` (a pairing code) at the relay: the tablet's offer for ``seat`` (→ ``Posted`` with its short
    code, then ``Scanned`` when the phone's answer comes), or the phone's answer to offer ``nonce``."""

    kind: str  # "offer" or "answer"
    nonce: str
    text: str
    seat: int = 0
    slot: str = ""  # an offer for a seat whose phone holds a ticket: left under its slot too (``Rejoin``)


@dataclass(frozen=True)
class Collect:
    """The phone: fetch the offer left at the relay under a short ``code`` typed by its player; → ``Scanned``."""

    code: str


@dataclass(frozen=True)
class Reopen:
    """The phone: open this page again as a phone of the table whose offer is ``code`` (a code of another game than
    the page's: the camera of a phone on Zero's join screen read a quiz table's code)."""

    code: str


@dataclass(frozen=True)
class Keep:
    """Keep ``value`` (a short JSON text; ``""``: forget it) on this device under ``name``, beside the games'
    documents, not in them: the tickets that let a phone rejoin its table (``tabletop.remote``)."""

    name: str
    value: str


@dataclass(frozen=True)
class Recall:
    """Read what ``Keep`` kept under ``name``; → ``Recalled``."""

    name: str


@dataclass(frozen=True)
class Rejoin:
    """The phone: wait at the relay for its table's standing offer left under ``slot`` (its ticket's; ``""``: stop
    waiting); → ``Scanned`` (``rejoin``) when it comes."""

    slot: str


def unique(effects: list[Any] | tuple[Any, ...]) -> tuple[Any, ...]:
    """``effects`` in order, each once (asking twice for the same thing asks once)."""
    found: list[Any] = []
    for effect in effects:
        if effect not in found:
            found.append(effect)
    return tuple(found)


Effect = (Load | Write | Clear | Add | Put | Import | Retry | Rescue | ExportBackup | Download | PickFile | KeepData
          | Think | After | Leave | Open | Now | Mark | Host | Accept | Join | Send | Unlink | Scan | Fetch | Probe
          | Post | Collect | Reopen | Keep | Recall | Rejoin)
LinkEffect = (Host | Accept | Join | Send | Unlink | Scan | Fetch | Probe | Post | Collect | Reopen | Keep | Recall
              | Rejoin)
Effects = tuple[Effect, ...]


# ---- messages: outcomes and the page's events -----------------------------------------------------------


@dataclass(frozen=True)
class Do:
    """A person's command: a button's action and argument, or a field's new ``value``."""

    command: StrEnum
    arg: str = ""
    value: str = ""


@dataclass(frozen=True)
class Started:
    """The runtime has started the game: storage was checked (``problems``)."""

    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Read:
    """What reading document ``doc`` found, and the backups of the game's damaged documents."""

    doc: str
    loaded: Loaded[Any]
    backups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Wrote:
    """The outcome of a ``Write``, ``Clear``, ``Add``, ``Put``, ``Retry`` or ``Rescue`` of document ``doc``."""

    doc: str
    written: Written[Any]
    tag: str = ""
    risk: AtRisk | None = None  # after a failed write: what storage keeps and what it does not
    backups: tuple[str, ...] = ()


@dataclass(frozen=True)
class Merged:
    """The outcome of an ``Import``."""

    doc: str
    imported: Imported[Any]
    risk: AtRisk | None = None


@dataclass(frozen=True)
class Clock:
    """The time (ISO text, as documents store it) asked for by ``Now(tag)``."""

    now: str
    tag: str


@dataclass(frozen=True)
class FileChosen:
    """The text of the file the player chose (``""`` if it could not be read); for a tagged ``PickFile``, its tag
    and its bytes (``data``) instead."""

    text: str
    tag: str = ""
    data: bytes = b""


@dataclass(frozen=True)
class Elsewhere:
    """Another tab changed this game's documents."""

    changes: tuple[Changed[Any], ...]


@dataclass(frozen=True)
class BeforeUpdate:
    """The page is about to reload for a new release: save what waits."""


@dataclass(frozen=True)
class Failed:
    """Something went wrong in the page's glue or a job (logged): tell the player, play on."""

    detail: str = field(default="", compare=False)


# ---- links' outcomes ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hosting:
    """The tablet's channel for ``seat`` is described (``sdp``: its local description, ICE gathered); ``nonce``
    (hex) names this offer; ``base`` is the page's address, for the link a phone's camera opens."""

    seat: int
    nonce: str
    sdp: str
    base: str = ""
    secret: str = ""  # 16 random bytes (hex): the seat's ticket, if the phone let in on this offer is its first


@dataclass(frozen=True)
class Joining:
    """The phone's answer is described (``sdp``)."""

    sdp: str


@dataclass(frozen=True)
class Linked:
    """``seat``'s data channel is open (the phone's own: 0)."""

    seat: int


@dataclass(frozen=True)
class Heard:
    """A message (``text``) arrived on ``seat``'s channel."""

    seat: int
    text: str


@dataclass(frozen=True)
class Unlinked:
    """``seat``'s channel closed or could not open (``why``: "closed", "failed", "unsupported")."""

    seat: int
    why: str = "closed"


@dataclass(frozen=True)
class Scanned:
    """The camera (or the relay, or a link) read ``text``: a pairing code, or an address holding one."""

    text: str
    typed: bool = False  # the phone's answer to an offer it fetched by the short code typed (``serve.py --lan``)
    rejoin: bool = False  # an offer fetched, or an answer to one fetched, by a ticket's slot at the relay


@dataclass(frozen=True)
class ScanFailed:
    """The camera could not read codes (``why``: "no-camera", "denied", "no-decoder")."""

    why: str


@dataclass(frozen=True)
class Fetched:
    """A library of ``Fetch`` is loaded (``ok``) or could not be."""

    name: str
    ok: bool = True


@dataclass(frozen=True)
class Relayed:
    """Whether the page's server relays pairing messages."""

    ok: bool


@dataclass(frozen=True)
class Recalled:
    """What ``Keep`` kept under ``name`` (``""``: nothing)."""

    name: str
    value: str


@dataclass(frozen=True)
class Posted:
    """The relay keeps the offer ``nonce`` under the short ``code`` a phone's player may type."""

    nonce: str
    code: str
    withdrawn: bool = False  # a new code: the relay withdrew the last one after wrong codes were typed
