"""The pairing payload: a WebRTC session description cut down to what varies, small enough for a QR code.

A browser's description of a data channel (``RTCSessionDescription.sdp``, about 700 characters) is mostly
boilerplate that both ends can write for themselves.  What varies is the ICE user fragment and password,
the DTLS certificate's fingerprint, the DTLS role, and the host candidates (``<uuid>.local`` names, or
addresses where the browser shows them).  A :class:`Ticket` holds those, and what the table adds: the
protocol's version, the game, the seat, and a nonce that ties the phone's answer to the tablet's offer.

    ticket = read_sdp(sdp, kind=OFFER, game="zero", seat=2, nonce=b"...")
    text = ticket.text()          # about 130 URL-safe characters (``tests/test_phones.py`` measures it)
    again = Ticket.parse(text)    # ``PairingError`` with a reason for anything else
    again.sdp()                   # a description the other browser accepts

Pure standard library: the page and the CPython tests use the same code.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import re
import uuid
from dataclasses import dataclass
from enum import IntEnum

#: The payload's own format; a phone of another release that cannot read it says so (``PairingError``).
#: Format 1 named the game by one bit of the flags byte (``GAMES_1``): a third game's code read as Zero's.  Format 2
#: carries the game's own name (``GAME_NAME``, length-prefixed) and is the one written; format 1 is still read.
FORMAT = 2
GAMES_1 = ("zero", "quiz")
GAME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
NONCE_BYTES = 6
MAX_CANDIDATES = 4  # the host candidates kept (a tablet has one or two networks: IPv4 and IPv6)
MAX_TEXT = 600  # characters a payload may have: anything longer is not ours
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"  # RFC 8839 ice-char
HASHES = {"sha-256": 32, "sha-384": 48, "sha-512": 64}
_CANDIDATE = re.compile(r"^a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ host")


KEY = re.compile(r"[0-9a-f]{32}")  # a seat's ticket: 16 random bytes the tablet gave its phone, in hex


def slot_of(key: str) -> str:
    """Where the relay keeps the standing offer for the seat of ticket ``key``: a digest, never the key (the slot
    travels in plain HTTP; knowing it fetches an offer but cannot answer the proof)."""
    return hashlib.sha256(b"slot:" + bytes.fromhex(key)).hexdigest()[:24]


def proof_of(key: str, nonce: str) -> str:
    """What a phone holding ticket ``key`` says in its hello on offer ``nonce``: the tablet checks it."""
    return hmac.new(bytes.fromhex(key), b"hello:" + nonce.encode("ascii"), hashlib.sha256).hexdigest()[:32]


class PairingError(ValueError):
    """A payload or description that cannot be used; the message says why, in a developer's words."""


class Kind(IntEnum):
    """Which side a ticket is: the tablet's offer or the phone's answer."""

    OFFER = 0
    ANSWER = 1


OFFER, ANSWER = Kind.OFFER, Kind.ANSWER


class Role(IntEnum):
    """The DTLS role in the description (``a=setup``)."""

    ACTPASS = 0
    ACTIVE = 1
    PASSIVE = 2


@dataclass(frozen=True)
class Candidate:
    """A host candidate over UDP: a ``.local`` name (multicast DNS) or an address, and a port."""

    address: str
    port: int


@dataclass(frozen=True)
class Ticket:
    """What one side must tell the other to open a data channel, and who it is for."""

    kind: Kind
    game: str
    seat: int
    nonce: bytes
    ufrag: str
    pwd: str
    hash: str
    fingerprint: bytes
    role: Role
    candidates: tuple[Candidate, ...]
    mid: str = "0"

    # ---- the compact text ----

    def text(self) -> str:
        """The ticket as URL-safe base64 with no padding."""
        if not GAME_NAME.fullmatch(self.game):
            raise PairingError(f"no game may be named {self.game!r} in a pairing code")
        out = bytearray([FORMAT, self.kind << 7 | self.role << 5 | min(len(self.candidates), MAX_CANDIDATES),
                         self.seat])
        game = self.game.encode("ascii")
        out += bytes([len(game)]) + game
        out += self.nonce
        out += _chars(self.ufrag) + _chars(self.pwd)
        out += bytes([list(HASHES).index(self.hash)]) + self.fingerprint
        mid = self.mid.encode("ascii")
        out += bytes([len(mid)]) + mid if self.mid != "0" else b"\0"
        for c in self.candidates[:MAX_CANDIDATES]:
            out += _address(c.address) + c.port.to_bytes(2, "big")
        return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")

    @classmethod
    def parse(cls, text: str) -> Ticket:
        """The ticket of ``text`` (from a code, a link or the relay); ``PairingError`` if it is not one."""
        if not isinstance(text, str) or not 8 <= len(text) <= MAX_TEXT or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
            raise PairingError("not a pairing code")
        try:
            data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except ValueError as err:
            raise PairingError("not a pairing code") from err
        reader = _Reader(data)
        version = reader.byte()
        if version not in (1, FORMAT):
            raise PairingError(f"a pairing code of format {version}, not {FORMAT}")
        flags, seat = reader.byte(), reader.byte()
        if version == 1:
            game = GAMES_1[flags >> 4 & 1]
        else:
            game = reader.take(reader.byte()).decode("ascii", "replace")
            if not GAME_NAME.fullmatch(game) or flags & 0x18:
                raise PairingError("a pairing code naming no game")
        role = flags >> 5 & 3
        if role > 2:
            raise PairingError("an unknown DTLS role")
        nonce = reader.take(NONCE_BYTES)
        ufrag, pwd = reader.chars(), reader.chars()
        algorithm = reader.byte()
        if algorithm >= len(HASHES):
            raise PairingError("an unknown fingerprint hash")
        name = list(HASHES)[algorithm]
        fingerprint = reader.take(HASHES[name])
        mid = reader.take(reader.byte()).decode("ascii", "replace") or "0"
        candidates = tuple(Candidate(reader.address(), int.from_bytes(reader.take(2), "big"))
                           for _ in range(flags & 7))
        if not reader.done:
            raise PairingError("a pairing code with bytes left over")
        if not 4 <= len(ufrag) <= 256 or not 22 <= len(pwd) <= 256:
            raise PairingError("ICE credentials of the wrong length")
        return cls(Kind(flags >> 7), game, seat, nonce, ufrag, pwd, name, fingerprint, Role(role),
                   candidates, mid)

    # ---- the description a browser accepts ----

    def sdp(self, session: int = 1) -> str:
        """A session description for ``RTCPeerConnection.setRemoteDescription`` (one data channel)."""
        setup = {Role.ACTPASS: "actpass", Role.ACTIVE: "active", Role.PASSIVE: "passive"}[self.role]
        fingerprint = ":".join(f"{b:02X}" for b in self.fingerprint)
        lines = [
            "v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", f"a=group:BUNDLE {self.mid}",
            "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        ]
        for i, c in enumerate(self.candidates):
            priority = 2113937151 - i * 256  # host candidates, in the order the browser gave them
            lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ host generation 0")
        lines += [
            f"a=ice-ufrag:{self.ufrag}", f"a=ice-pwd:{self.pwd}", "a=ice-options:trickle",
            f"a=fingerprint:{self.hash} {fingerprint}", f"a=setup:{setup}", f"a=mid:{self.mid}",
            "a=sctp-port:5000", "a=max-message-size:262144",
        ]
        return "\r\n".join(lines) + "\r\n"


def read_sdp(sdp: str, *, kind: Kind, game: str, seat: int, nonce: bytes) -> Ticket:
    """The ticket of a local description (after ICE gathering), for ``game``'s ``seat``."""
    if not GAME_NAME.fullmatch(game) or not 0 <= seat < 256 or len(nonce) != NONCE_BYTES:
        raise PairingError("a ticket for an unknown game, seat or nonce")
    values: dict[str, str] = {}
    candidates: list[Candidate] = []
    for raw in sdp.splitlines():
        line = raw.strip()
        found = _CANDIDATE.match(line)
        if found:
            component, protocol, address, port = found.groups()
            if component == "1" and protocol.lower() == "udp":
                candidate = Candidate(address.lower() if address.endswith(".local") else address, int(port))
                if candidate not in candidates:
                    candidates.append(candidate)
            continue
        for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup", "mid"):
            if line.startswith(f"a={key}:") and key not in values:
                values[key] = line.split(":", 1)[1].strip()
    missing = [key for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup") if key not in values]
    if missing:
        raise PairingError(f"a description without {', '.join(missing)}")
    name, _, digest = values["fingerprint"].partition(" ")
    name = name.lower()
    if name not in HASHES:
        raise PairingError(f"a fingerprint hashed with {name}")
    fingerprint = bytes.fromhex(digest.replace(":", ""))
    if len(fingerprint) != HASHES[name]:
        raise PairingError("a fingerprint of the wrong length")
    roles = {"actpass": Role.ACTPASS, "active": Role.ACTIVE, "passive": Role.PASSIVE}
    if values["setup"] not in roles:
        raise PairingError(f"a DTLS role {values['setup']!r}")
    usable = [c for c in candidates if _usable(c.address)][:MAX_CANDIDATES]
    for text in (values["ice-ufrag"], values["ice-pwd"]):
        if not text or any(ch not in ICE_CHARS for ch in text):
            raise PairingError("ICE credentials with characters outside ice-char")
    return Ticket(kind, game, seat, nonce, values["ice-ufrag"], values["ice-pwd"], name, fingerprint,
                  roles[values["setup"]], tuple(usable), values.get("mid", "0"))


# ---- packing ----


def _chars(text: str) -> bytes:
    """ICE characters, 6 bits each, after their count."""
    bits = 0
    for ch in text:
        bits = bits << 6 | ICE_CHARS.index(ch)
    size = (len(text) * 6 + 7) // 8
    bits <<= size * 8 - len(text) * 6
    return bytes([len(text)]) + bits.to_bytes(size, "big")


def _usable(address: str) -> bool:
    if address.endswith(".local"):
        return True
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return len(address) < 64 and address.isascii()
    return True


def _address(address: str) -> bytes:
    """A candidate's address: 0 + 16 bytes for a ``<uuid>.local`` name, 4 + 4 bytes (IPv4), 6 + 16 bytes (IPv6),
    or 1 + a counted name."""
    if address.endswith(".local"):
        try:
            return b"\0" + uuid.UUID(address.removesuffix(".local")).bytes
        except ValueError:
            pass
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        name = address.encode("ascii")
        return bytes([1, len(name)]) + name
    return bytes([4 if ip.version == 4 else 6]) + ip.packed


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    @property
    def done(self) -> bool:
        return self.at == len(self.data)

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise PairingError("a pairing code cut short")
        piece = self.data[self.at:self.at + n]
        self.at += n
        return piece

    def byte(self) -> int:
        return self.take(1)[0]

    def chars(self) -> str:
        count = self.byte()
        size = (count * 6 + 7) // 8
        bits = int.from_bytes(self.take(size), "big") >> (size * 8 - count * 6)
        return "".join(ICE_CHARS[bits >> (6 * (count - 1 - i)) & 63] for i in range(count))

    def address(self) -> str:
        tag = self.byte()
        if tag == 0:
            return f"{uuid.UUID(bytes=self.take(16))}.local"
        if tag == 4:
            return str(ipaddress.IPv4Address(self.take(4)))
        if tag == 6:
            return str(ipaddress.IPv6Address(self.take(16)))
        if tag == 1:
            name = self.take(self.byte()).decode("ascii", "replace")
            if not name:
                raise PairingError("an empty candidate name")
            return name
        raise PairingError("an unknown kind of candidate")
