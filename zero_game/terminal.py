"""Terminal play: ``python -m zero_game play --seats you,medium,hard``.

People type their moves; bots (``random``, ``easy``, ``medium``, ``hard``) play the other seats.
Several people can share the terminal hot-seat: between two people's turns the screen is cleared
and play waits for the next person to press Enter, so nobody sees another's hand.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from typing import TextIO

from tabletop.console import Console, Quit, failed, lineup, numbered
from tabletop.errors import IllegalMove, InvalidMove

from .actions import KNOCK, Action, Swap, parse_action
from .bots import LEVELS, make_bot
from .bots.base import Bot, Standing
from .cards import Card, Colour
from .match import Match
from .round import Effect, Phase, RoundView
from .scoring import breakdown
from .seats import Seat

_ANSI = {
    Colour.RED: "31",
    Colour.YELLOW: "33",
    Colour.GREEN: "32",
    Colour.BLUE: "34",
    Colour.VIOLET: "35",
    Colour.GREY: "90",
    Colour.BLACK: "97;40",
}
_SWAP_BY_NUMBER = re.compile(r"^\s*swap\s+(\d+)\s+(?:for\s+)?(\d+)\s*$", re.IGNORECASE)

HELP = """Commands:
  swap H P               give your hand card number H, take pool card number P (e.g. swap 3 2)
  swap red 7 for blue 2  the same, naming the cards
  knock                  knock (after the second knock everyone else gets one last turn)
  help                   show this help
  quit                   leave the match
Scoring: each distinct number left in your hand counts once; five cards of one colour or of one
number are cleared; five of a colour and five of a number sharing a card is a ZERO: 0 points and
the round ends at once. Lowest total after the last round wins."""


def parse_seats(text: str) -> list[Seat]:
    """Seats from ``you,medium,Ann``: ``you`` or a name is a person, a level name is a bot."""
    entries = lineup(text, LEVELS, "seat", range(2, 6), "Zero is played by 2 to 5 players; you listed {n} seats.")
    typed = [name for level, name in entries if level is None and name != "You"]
    names = numbered([name for _, name in entries])  # you, you: You 1, You 2; medium, medium: medium bot 1, 2
    if len(set(typed)) != len(typed) or len(set(names)) != len(names):
        raise ValueError("Two seats have the same name; give each person a different one.")
    return [Seat(name) if level is None else Seat.bot(level, name)
            for (level, _), name in zip(entries, names, strict=True)]


class TerminalGame(Console):
    """A match played through text streams (the terminal, or scripted streams in tests)."""

    def __init__(
        self,
        seats: Sequence[Seat],
        *,
        seed: int | None = None,
        rounds: int | None = None,
        colour: bool = False,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
    ) -> None:
        self.seats = list(seats)
        self.bots: list[Bot | None] = [None if s.level is None else make_bot(s.level) for s in self.seats]
        self.match = Match.new(len(self.seats), seed=seed, rounds=rounds)
        self.rng = random.Random(f"bots:{self.match.seed}")
        self.colour = colour
        super().__init__(stdin, stdout)
        self.people = sum(1 for s in self.seats if s.is_person)
        self.last_person: int | None = None
        self.seen_turns = [0] * len(self.seats)  # history entries each seat has been shown

    # ---- output -----------------------------------------------------------------------------

    def card(self, card: Card) -> str:
        if not self.colour:
            return str(card)
        return f"\033[{_ANSI[card.colour]}m{card}\033[0m"


    def action_text(self, seat: int, action: Action, effect: Effect) -> str:
        who = self.seats[seat].name
        s = "" if who == "You" else "s"
        if isinstance(action, Swap):
            text = f"{who} give{s} {self.card(action.give)} and take{s} {self.card(action.take)}"
            return text + (" — ZERO!" if effect is Effect.ZERO else "")
        return {
            Effect.KNOCK: f"{who} knock{s} (first knock)",
            Effect.SECOND_KNOCK: f"{who} knock{s} (second knock: everyone else has one last turn)",
        }.get(effect, f"{who} pass{'es' if s else ''}")

    # ---- the match --------------------------------------------------------------------------

    def run(self) -> int:
        """Play the match to its end (0) or until a person quits (1)."""
        names = ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(self.seats))
        self.say(f"Zero: {names}. {self.match.rounds} round(s); lowest total wins. Type 'help' for help.")
        try:
            while not self.match.is_over:
                seat = self.match.current_player
                assert seat is not None
                occupant, bot = self.seats[seat], self.bots[seat]
                view = self.match.view(seat)
                if bot is not None:
                    action = bot.choose(view, self.rng, Standing.of(self.match))
                else:
                    action = self.person_turn(seat, view)
                number = self.match.round_number
                after = self.match.round.apply(action)
                self.match = self.match.apply(action)
                if self.people == 1 or occupant.is_person:
                    self.say(self.action_text(seat, action, after.history[-1].effect))
                if after.is_over:
                    self.round_over(number, after.view(seat))
        except Quit:
            self.say("Match abandoned.")
            return 1
        self.match_over()
        return 0

    def person_turn(self, seat: int, view: RoundView) -> Action:
        if self.people > 1 and self.last_person != seat:
            self.handoff(seat)
        self.last_person = seat
        self.show(view)
        legal = view.legal_actions()
        return self.ask(f"{self.seats[seat].name}> ", HELP, lambda: self.show(view),
                        lambda text: self.parse(text, view),
                        lambda action: None if action in legal else f"Sorry: {action} is not possible now.")

    def parse(self, text: str, view: RoundView) -> Action:
        """Read a person's move: ``swap 3 2``, ``swap red 7 for blue 2`` or ``knock``."""
        hand, pool = sorted(view.hand), list(view.pool)
        numbered = _SWAP_BY_NUMBER.match(text)
        if numbered:
            h, p = int(numbered.group(1)), int(numbered.group(2))
            if not 1 <= h <= len(hand):
                raise InvalidMove(f"Your hand cards are numbered 1 to {len(hand)}; there is no card {h}.")
            if not 1 <= p <= len(pool):
                raise InvalidMove(f"The pool cards are numbered 1 to {len(pool)}; there is no pool card {p}.")
            return Swap(hand[h - 1], pool[p - 1])
        if text.lower().startswith("swap") and " for " not in text.lower():
            raise InvalidMove("Write a swap as 'swap 3 2' (hand card 3 for pool card 2) or 'swap red 7 for blue 2'.")
        action = parse_action(text)
        if isinstance(action, Swap):
            if action.give not in view.hand:
                raise IllegalMove(f"The {action.give} is not in your hand.")
            if action.take not in view.pool:
                raise IllegalMove(f"The {action.take} is not in the pool.")
        return action

    def handoff(self, seat: int) -> None:
        if self.colour:
            self.stdout.write("\033[2J\033[H")
        else:
            self.say("\n" * 40)
        self.read(f"Pass to {self.seats[seat].name}, then press Enter. ")

    def show(self, view: RoundView) -> None:
        match = self.match
        self.say()
        self.say(f"— Round {match.round_number} of {match.rounds} — {self.seats[view.seat].name} to play —")
        totals = ", ".join(f"{s.name} {t}" for s, t in zip(self.seats, match.totals, strict=True))
        self.say(f"Totals: {totals}")
        news = view.history[self.seen_turns[view.seat]:]
        if news and self.people > 1:
            self.say("Since your last turn:")
            for turn in news:
                self.say("  " + self.action_text(turn.seat, turn.action, turn.effect))
        self.seen_turns[view.seat] = len(view.history) + 1
        if view.phase is Phase.FINAL:
            self.say("The second knock was made: this is your last turn (swap, or knock to pass).")
        elif view.knocks == 1:
            knocker = self.seats[view.first_knocker or 0].name
            self.say(f"{knocker} has knocked once: the next knock starts the final turns.")
        for seat, known in enumerate(view.known):
            if known and seat != view.seat:
                self.say(f"{self.seats[seat].name} holds (seen taken): {', '.join(self.card(c) for c in known)}")
        self.say("Pool:  " + "  ".join(f"{i}:{self.card(c)}" for i, c in enumerate(view.pool, 1)))
        hand = sorted(view.hand)
        self.say("Hand:  " + "  ".join(f"{i}:{self.card(c)}" for i, c in enumerate(hand, 1)))
        b = breakdown(hand)
        self.say(f"Your hand scores {b.score} now" + (f" (cleared: {len(b.cleared)} cards)" if b.cleared else "") + ".")

    def round_over(self, number: int, view: RoundView) -> None:
        assert view.revealed is not None and view.scores is not None
        if self.people > 1:
            self.say()
        self.say(f"Round {number} is over.")
        for seat, (hand, score) in enumerate(zip(view.revealed, view.scores, strict=True)):
            zero = " ZERO!" if seat in view.zero_seats else ""
            cards = " ".join(self.card(c) for c in sorted(hand))
            self.say(f"  {self.seats[seat].name:<12} {score:>3} points{zero}  {cards}")

    def match_over(self) -> None:
        self.say("Final totals:")
        for seat, total in enumerate(self.match.totals):
            self.say(f"  {self.seats[seat].name:<12} {total:>4}")
        winners = [self.seats[s].name for s in self.match.winners]
        self.say(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners))


def play_from_args(args: argparse.Namespace) -> int:
    """The ``play`` command."""
    try:
        seats = parse_seats(args.seats)
        game = TerminalGame(
            seats, seed=args.seed, rounds=args.rounds, colour=args.colour and sys.stdout.isatty()
        )
    except ValueError as err:
        return failed(err)
    return game.run()


__all__ = ["HELP", "KNOCK", "TerminalGame", "parse_seats", "play_from_args"]
