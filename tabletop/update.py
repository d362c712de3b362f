"""A game's ``handle``, assembled the same way for every game: a person's commands go to the game's handlers
and its ``settle``; the saved data's commands, every storage outcome and a failure are the shell's; the
game's own messages (a bot's steps, a pause that ended) go to the game.  A message nobody knows is refused
with an error, never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from . import remote, saving
from .effects import Do, Effects, Failed, Heard
from .notes import notify
from .remote import Link, Paired, Phones
from .saving import Data, Keeper, S

Result = tuple[S, Effects]
Handler = Callable[[S, str, str], Result[S]]
P = TypeVar("P", bound=Paired)  # a game's state: its saved data, its phones' remote and its set-up (``remote.Paired``)


def same(s: S, arg: str = "", value: str = "") -> Result[S]:
    """A command that changes nothing now (not allowed at this moment)."""
    return s, ()


def _as_is(s: S) -> S:
    return s


def _no_message(s: S, message: object) -> Result[S] | None:
    return None


@dataclass(frozen=True)
class Update(Generic[P]):
    """A game's ``handle(state, message) -> (state, effects)``.

    ``commands``: the handler of each of the game's commands (and of the bar's ``Nav``); ``settle``: what follows
    from any change (saving, the bots, the hand-off); ``before``: the state every command starts from (a move's
    animation plays once); ``data``: the state before a saved-data command (a question it answers goes);
    ``messages``: the game's own messages, ``None`` for one it does not know; ``phones``: the game's part of
    playing on phones (``tabletop.remote``: a phone's tap is handled as a tap of its seat, on the state as that
    seat sees it).
    """

    name: str
    commands: Mapping[StrEnum, Handler[P]]
    settle: Callable[[P, P, Effects], Result[P]]
    keeper: Keeper[P]
    messages: Callable[[P, object], Result[P] | None] = _no_message
    before: Callable[[P], P] = _as_is
    data: Callable[[P, Data], P] = lambda s, cmd: s
    phones: Phones[P] | None = None  # a game on phones

    def __call__(self, s: P, message: object) -> Result[P]:
        after, effects = self._handle(s, message)
        if self.phones is not None:
            after, more = remote.settle(self.phones, s, after)
            effects = (*effects, *more)
        return after, effects

    def _handle(self, s: P, message: object) -> Result[P]:
        match message:
            case Do(Data() as cmd, arg, _):
                return saving.command(self.keeper, self.data(s, cmd), cmd, arg)
            case Do(Link() as cmd, arg, _) if self.phones is not None:
                after, effects = remote.command(self.phones, s, cmd, arg)
                # A bot standing in for an away phone (or no longer): the game's settle wakes its bots.
                return self.settle(s, after, effects) if cmd is Link.STANDIN else (after, effects)
            case Do(command, arg, value) if command in self.commands:
                s = self.before(s)
                after, effects = self.commands[command](s, arg, value)
                return self.settle(s, after, effects)
            case Heard(seat, text) if self.phones is not None:
                return self._heard(self.phones, s, seat, text)
            case Failed():
                return notify(s, "error.unexpected", alert=True), ()
        if self.phones is not None:
            outcome = remote.outcome(self.phones, s, message)
            if outcome is not None:
                return outcome
        found = self.messages(s, message)
        if found is None:
            found = saving.outcome(self.keeper, s, message)
        if found is None:
            raise ValueError(f"{self.name} has no message {message!r}.")
        return found

    def _heard(self, phones: Phones[P], s: P, seat: int, text: str) -> Result[P]:
        """A message from ``seat``'s phone; a tap is handled as that seat's, on the state as that seat sees it."""
        s, effects, tap = remote.hear(phones, remote.registry(phones.models), s, seat, text)
        if tap is None or tap.command not in self.commands:
            return s, effects
        seen = phones.enter(s, seat)
        if seen is None:
            return s, effects
        seen = self.before(seen)
        after, more = self.commands[tap.command](seen, tap.arg, tap.value)
        back, settled = self.settle(s, phones.leave(s, after, seat), more)
        return back, (*effects, *settled)
