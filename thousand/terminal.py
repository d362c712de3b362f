"""Zéro à 1000 in the terminal: teams of people (hot-seat, behind hand-off prompts) and bot teams."""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from tabletop.console import Console, Quit, failed, lineup, numbered
from tabletop.errors import DataError, InvalidMove

from .actions import Action, Change, ChooseTarget, Combine, Guess, Pick, Power
from .bots import LEVELS, Bot, make_bot
from .deck import DEFAULT_MIX, LANGUAGES, Deck, Mix, default_deck
from .game import MAX_TEAMS, MIN_TEAMS, Card, Game, Phase, Reveal, TeamView
from .text import describe_end, describe_reveal

HELP = """Commands (cards are numbered as listed under "Your questions"):
  pick 3                 play question 3: the one you believe closest to the target
  pick 3 +200            ... with the ±200 card (or -200)
  pick 2 5 sum           play questions 2 and 5 with Two questions: their sum (or: difference)
  pick 2 5 sum -200      ... with ±200 as well
  change 4               Change: swap question 4 for the bottom card of the deck, then pick
  target 1               (after Two questions, when furthest) which of your two cards becomes the target
  guess 440              (at the end) your guess of the answer to your last card
  show, help, quit
Each round every team picks in secret; the team furthest from the target turns its card into the next
target and takes a new card, the others discard theirs. The first team down to one card wins."""

POWER_NAMES = {Power.SHIFT: "±200", Power.CHANGE: "Change", Power.TWO: "Two questions"}


@dataclass
class Team:
    """Who plays a team: people (by name) or a bot."""

    name: str
    bot: Bot | None = None
    level: str | None = None

    @property
    def is_people(self) -> bool:
        return self.level is None


def parse_teams(text: str) -> list[Team]:
    """Teams from ``you,medium,Ann``: ``you`` or a name is a team of people, a level name is a bot team."""
    entries = lineup(text, LEVELS, "team", range(MIN_TEAMS, MAX_TEAMS + 1),
                     f"Zéro à 1000 is played by {MIN_TEAMS} to {MAX_TEAMS} teams; you listed {{n}}.")
    names = numbered([name for _, name in entries])
    return [Team(name, level=level) for (level, _), name in zip(entries, names, strict=True)]


class TerminalGame(Console):
    """A game played through text streams (the terminal, or scripted streams in tests)."""

    def __init__(
        self,
        teams: Sequence[Team],
        *,
        seed: int | None = None,
        deck: Deck | None = None,
        language: str = "en",
        mix: Mix | None = None,
        stdin: TextIO = sys.stdin,
        stdout: TextIO = sys.stdout,
    ) -> None:
        self.teams = list(teams)
        self.deck = deck if deck is not None else default_deck()
        # No seed asked for: a fresh one from the operating system, here at the program's edge.
        self.game = Game.deal(len(self.teams), seed=random.SystemRandom().randrange(2**32) if seed is None else seed,
                              deck=self.deck, mix=mix)
        for number, team in enumerate(self.teams):
            if team.level is not None:
                team.bot = make_bot(team.level, self.deck, f"{self.game.seed}:{number}")
        self.rng = random.Random(f"bots:{self.game.seed}")
        self.language = language
        super().__init__(stdin, stdout)
        self.people = sum(1 for t in self.teams if t.is_people)
        self.names = [t.name for t in self.teams]
        self.last_people: int | None = None

    def question(self, card: Card) -> str:
        return f"{card.text[self.language]} ({card.unit[self.language]})"

    # ---- the game -----------------------------------------------------------------------------

    def run(self) -> int:
        """Play the game to its end (0) or until a person quits (1)."""
        self.say(f"Zéro à 1000: {', '.join(self.names)}. The first team down to one card wins. Type 'help' for help.")
        try:
            while not self.game.is_over:
                shown = len(self.game.reveals)
                for number in self.game.to_act:
                    if number not in self.game.to_act:
                        continue
                    team = self.teams[number]
                    view = self.game.view(number)
                    if team.bot is not None:
                        action = team.bot.decide(view, self.rng)
                    else:
                        action = self.people_turn(number, view)
                    self.game = self.game.apply(action)  # a bot's Change: it picks on the next pass
                if self.game.phase is Phase.TARGET and shown == len(self.game.reveals):
                    self.show_pending()
                for reveal in self.game.reveals[shown:]:
                    self.show_reveal(reveal)
        except Quit:
            self.say("Game abandoned.")
            return 1
        self.say()
        for line in describe_end(self.game, self.names):
            self.say(line)
        return 0

    def show_reveal(self, reveal: Reveal) -> None:
        """A round's reveal (Q8) with the questions written out, then who is furthest and the new target."""
        self.say()
        self.say(f"Round {reveal.number}: the reveal (target {reveal.target})")
        for play in reveal.plays:
            if play.change is not None:
                self.say(f"  {self.names[play.team]} played Change.")
            for c in play.cards:
                self.say(f"  {self.names[play.team]}: {self.question(c.card)} — {c.answer}")
        for line in describe_reveal(reveal, self.names)[1:]:
            self.say(line)
        if reveal.target_card is not None:
            self.say(f"  the new target is the answer to: {self.question(reveal.target_card.card)}")

    def show_pending(self) -> None:
        pending = self.game.pending
        assert pending is not None
        self.say()
        self.say(f"Round {pending.number}: the cards are revealed.")
        for play in pending.plays:
            cards = ", ".join(f"{self.question(c.card)} = {c.answer}" for c in play.cards)
            self.say(f"  {self.names[play.team]}: {cards}; value {play.value}, {play.distance} away")
        self.say(f"  furthest: {self.names[pending.furthest[0]]}, who chooses the new target.")

    def people_turn(self, number: int, view: TeamView) -> Action:
        """Ask a team of people for its decision, behind a hand-off prompt if several teams are people."""
        if self.people > 1 and self.last_people != number:
            self.say("\n" * 40)
            self.read(f"Pass the device to {self.names[number]}, then press Enter. ")
        self.last_people = number
        self.show(view)
        while isinstance(action := self.ask_move(number, view), Change):  # played at once; then ask again
            self.game = self.game.apply(action)
            view = self.game.view(number)
            new = view.my_change[1] if view.my_change else "?"
            card = next(c for c in view.hand if c.id == new)
            self.say(f"Change played: your new card is {self.question(card)}.")
            self.show(view)
        if self.people > 1:
            self.say("Recorded in secret.")
        return action

    def ask_move(self, number: int, view: TeamView) -> Action:
        legal = view.legal_actions()
        return self.ask(f"{self.names[number]}> ", HELP, lambda: self.show(view), lambda text: self.parse(text, view),
                        lambda action: None if action in legal else "Sorry: that is not possible now (type 'help').")

    def parse(self, text: str, view: TeamView) -> Action:
        """Read a person's decision: ``pick 3``, ``pick 2 5 sum +200``, ``change 4``, ``target 1``, ``guess 440``."""
        words = text.lower().split()
        verb, rest = (words[0], words[1:]) if words else ("", [])
        hand = view.hand

        def card(word: str, cards: Sequence[Card]) -> str:
            if not re.fullmatch(r"[0-9]{1,3}", word) or not 1 <= int(word) <= len(cards):
                raise InvalidMove(f"Cards are numbered 1 to {len(cards)}, not {word!r}.")
            return cards[int(word) - 1].id

        if verb == "change" and len(rest) == 1:
            return Change(view.team, card(rest[0], hand))
        if verb == "guess" and len(rest) == 1:
            if not re.fullmatch(r"[0-9]{1,4}", rest[0]):
                raise InvalidMove(f"A guess is a whole number from 0 to 1000, not {rest[0]!r}.")
            return Guess(view.team, int(rest[0]))
        if verb == "target" and len(rest) == 1 and view.pending is not None:
            return ChooseTarget(view.team, card(rest[0], [c.card for c in view.pending.play(view.team).cards]))
        if verb == "pick" and rest:
            shift = 0
            if rest[-1] in ("+200", "-200", "200"):
                shift = int(rest.pop())
            combine = None
            if len(rest) == 3 and rest[-1] in ("sum", "difference", "diff"):
                combine = Combine.SUM if rest.pop() == "sum" else Combine.DIFFERENCE
            if len(rest) == 2 and combine is None:
                raise InvalidMove("With two cards, say 'sum' or 'difference' (pick 2 5 sum).")
            return Pick(view.team, tuple(card(w, hand) for w in rest), combine, shift)
        raise InvalidMove("Type 'pick 3', 'pick 2 5 sum', 'pick 3 +200', 'change 4', or 'help'.")

    def show(self, view: TeamView) -> None:
        self.say()
        name = self.names[view.team]
        if view.phase is Phase.GUESS:
            self.say(f"— {name}: several teams are down to one card. Guess the answer to yours (0 to 1000). —")
            self.say(f"  {self.question(view.hand[0])}")
            return
        if view.phase is Phase.TARGET:
            assert view.pending is not None
            self.say(f"— {name}: you are furthest with Two questions. Which card becomes the target? —")
            for i, c in enumerate(view.pending.play(view.team).cards, 1):
                self.say(f"  {i}. {self.question(c.card)} = {c.answer}")
            return
        self.say(f"— Round {view.number}: {name} to choose — target {view.target} —")
        if view.target_card is not None:
            self.say(f"  (the target is the answer to: {self.question(view.target_card.card)})")
        low = " — fewer than 10 cards left!" if view.deck_low else ""
        self.say(f"Deck: {view.deck_size} cards{low}")
        for team, (hand, powers) in enumerate(zip(view.hands, view.powers, strict=True)):
            if team != view.team:
                left = ", ".join(POWER_NAMES[p] for p in Power if p in powers) or "no powers"
                self.say(f"  {self.names[team]}: {len(hand)} cards, {left}")
        mine = ", ".join(POWER_NAMES[p] for p in Power if p in view.powers[view.team]) or "none"
        self.say(f"Your power cards: {mine}")
        self.say("Your questions:")
        for i, card in enumerate(view.hand, 1):
            self.say(f"  {i}. {self.question(card)}")


def play_from_args(args: argparse.Namespace) -> int:
    """The ``play`` command."""
    try:
        teams = parse_teams(args.teams)
        deck = Deck.from_path(args.deck) if args.deck else default_deck()
        if args.language not in LANGUAGES:
            raise ValueError(f"The languages are {', '.join(LANGUAGES)}.")
        leave_out = frozenset(key.strip() for key in args.leave_out.split(",") if key.strip())
        unknown = sorted(leave_out - set(deck.themes))
        if unknown:
            raise ValueError(f"There is no theme {unknown[0]!r}; the themes are {', '.join(deck.themes)}.")
        mix = Mix(args.mix, leave_out) if args.mix != DEFAULT_MIX or leave_out else None  # None: the whole deck
        game = TerminalGame(teams, seed=args.seed, deck=deck, language=args.language, mix=mix)
    except (ValueError, DataError) as err:
        return failed(err)
    return game.run()
