"""Phones for the CPython tests: a phone that joins a table run by ``tests.harness`` and plays from the screens
it is sent, exactly as the page's glue would hand them over (``FakePorts.wire``: every message on each channel).
"""

from __future__ import annotations

from typing import Any

from tabletop.effects import Heard, Scanned, Unlinked
from tabletop.pairing import ANSWER, Ticket, read_sdp
from tabletop.remote import MAX_FROM_TABLE, message, read, registry
from tabletop.widgets import Button, Screen, parts

from .harness import TableRun, fake_sdp


class Phone:
    """A phone at ``run``'s table for ``seat``: it reads only what arrives on its channel."""

    def __init__(self, run: TableRun, seat: int) -> None:
        self.run = run
        self.seat = seat
        self.reg = registry(run.plugin.models)
        self.read_upto = 0
        self.screen: Screen | None = None
        self.messages: list[dict[str, Any]] = []  # everything it received, decoded, in order

    @property
    def ticket(self) -> Ticket:
        link = self.run.state.remote.link(self.seat)
        assert link is not None and link.offer, f"no code for seat {self.seat}"
        return Ticket.parse(link.offer)

    def answer(self) -> str:
        t = self.ticket
        return read_sdp(fake_sdp(self.seat + 10, offer=False), kind=ANSWER, game=t.game, seat=t.seat,
                        nonce=t.nonce).text()

    def join(self, schema: str | None = None) -> Phone:
        """Scan the tablet's code, show ours to its camera, say hello when the channel opens."""
        nonce = self.ticket.nonce.hex()
        self.run.send(Scanned(self.answer()))
        self.run.idle()
        self.run.send(Heard(self.seat, message("hello", schema=schema or self.run.plugin.schema, nonce=nonce)))
        self.run.idle()
        return self.receive()

    def receive(self) -> Phone:
        """Read what arrived on the channel since last time (the newest screen is what it shows)."""
        wire = self.run.ports.wire.get(self.seat, [])
        for text in wire[self.read_upto:]:
            data = read(text, MAX_FROM_TABLE)
            self.messages.append(data)
            if data["t"] == "screen":
                self.screen = self.reg.decode(data["screen"])
        self.read_upto = len(wire)
        return self

    def tap(self, action: str, arg: str = "", value: str = "") -> Phone:
        self.run.send(Heard(self.seat, message("do", action=action, arg=arg, value=value)))
        self.run.idle()
        return self.receive()

    def lose(self) -> Phone:
        """The phone sleeps, loses the Wi-Fi or reloads: its channel closes."""
        self.run.send(Unlinked(self.seat, "closed"))
        self.run.idle()
        return self

    def buttons(self) -> list[Button]:
        assert self.screen is not None
        return parts(self.screen.body, Button)

    def has(self, action: str) -> Button | None:
        return next((b for b in self.buttons() if str(b.action) == action and not b.disabled), None)


def screens_on(run: TableRun, seat: int) -> list[Screen]:
    """Every screen sent to ``seat``'s phone so far, decoded from the wire."""
    reg = registry(run.plugin.models)
    out = []
    for text in run.ports.wire.get(seat, []):
        data = read(text, MAX_FROM_TABLE)
        if data["t"] == "screen":
            out.append(reg.decode(data["screen"]))
    return out
