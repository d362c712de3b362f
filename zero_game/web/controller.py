"""The table's state machine: set-up, hand-offs, turns, bots, rounds and matches, as plain data.

Pure Python (no browser imports), so CPython tests drive it exactly as the page does.  Data flows
one way: ``handle(action, arg, value)`` turns a tap into an engine action, the engine returns the
next ``Match``, ``on_change`` saves it, and ``screen()`` describes what the person in front of the
tablet may see.  The renderer only draws that description.

Privacy by construction: a hand reaches the screen model only from ``Match.view(seat)`` of the
seat in front of the tablet (``viewer``), or from a finished round, where every hand is public.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from zero_game import KNOCK, Action, Card, Colour, Effect, Match, Phase, Round, Swap, breakdown, score_hand
from zero_game.match import MAX_ROUNDS
from zero_game.round import default_pool_size
from zero_game.sheet import ScoreSheet, Seat

from .i18n import LANGUAGES, translate
from .rules_text import rules_sections

PERSON = "person"
BOT_LEVELS = ("easy", "medium", "hard")
KINDS = (PERSON, *BOT_LEVELS)
MIN_SEATS, MAX_SEATS = 2, 5
# Seconds a bot's move stays on screen, per speed: half showing the card leaving, half arriving.
SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.15}
NAME_LIMIT = 40
BOT_NAMES = ("Ada", "Bruno", "Chloé", "Dario", "Elke")

SETUP, HANDOFF, TABLE, ROUND_END, MATCH_END = "setup", "handoff", "table", "round-end", "match-end"
SHEET, RULES = "sheet", "rules"

SaveHook = Callable[[Match, "Settings"], None]


# ---- configuration ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table: a person (with an optional custom name) or a bot level."""

    kind: str = PERSON
    name: str = ""

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == PERSON


@dataclass(frozen=True)
class Settings:
    """How the table is set up; ``None`` options take the rules' default for the player count."""

    seats: tuple[SeatConfig, ...] = (SeatConfig(), SeatConfig("medium"), SeatConfig("medium"))
    pool_size: int | None = None
    rounds: int | None = None
    dealer: int = 0
    speed: str = "normal"

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready data, for saving next to the match."""
        return {
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "pool_size": self.pool_size,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "speed": self.speed,
        }

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from ``to_dict`` output; raises ``ValueError`` with a readable message if malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise ValueError("The saved table set-up is not readable.")
        seats = []
        for item in data["seats"]:
            if not isinstance(item, dict) or item.get("kind") not in KINDS or not isinstance(item.get("name"), str):
                raise ValueError("A saved seat is not readable.")
            seats.append(SeatConfig(item["kind"], clean_name(item["name"])))
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise ValueError("A saved table must have 2 to 5 seats.")
        pool, rounds, dealer, speed = (data.get(k) for k in ("pool_size", "rounds", "dealer", "speed"))
        if pool not in (None, 5, 7, 9) or not (rounds is None or (type(rounds) is int and 1 <= rounds <= MAX_ROUNDS)):
            raise ValueError("The saved pool size or number of rounds is not readable.")
        if type(dealer) is not int or not 0 <= dealer < len(seats) or speed not in SPEEDS:
            raise ValueError("The saved dealer or bot speed is not readable.")
        return cls(tuple(seats), pool, rounds, dealer, speed)


def clean_name(text: str) -> str:
    """A name as typed, trimmed of surrounding and control whitespace and cut to a sensible length."""
    return " ".join(text.split())[:NAME_LIMIT]


# ---- the screen model (plain data the renderer draws) --------------------------------------------


@dataclass(frozen=True)
class CardView:
    """A card as drawn: ``slug`` like ``red-7``; ``hint`` is e.g. the score a swap would give."""

    slug: str
    colour: str
    number: int
    label: str
    selected: bool = False
    cleared: bool = False
    hint: str = ""
    motion: str = ""
    note: str = ""


@dataclass(frozen=True)
class Button:
    """A control: ``action``/``arg`` go back to ``Controller.handle``; ``key`` is a keyboard shortcut."""

    action: str
    label: str
    arg: str = ""
    primary: bool = False
    disabled: bool = False
    key: str = ""
    pressed: bool | None = None


@dataclass(frozen=True)
class Choice:
    """A drop-down setting: ``options`` are (value, label) pairs."""

    field: str
    label: str
    value: str
    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SeatSetup:
    """One seat row of the set-up screen."""

    index: int
    heading: str
    kind: Choice
    name_label: str
    name: str
    placeholder: str
    editable: bool
    remove: Button | None


@dataclass(frozen=True)
class SetupView:
    """The set-up screen."""

    heading: str
    intro: str
    seats: tuple[SeatSetup, ...]
    add: Button | None
    options: tuple[Choice, ...]
    start: Button


@dataclass(frozen=True)
class HandoffView:
    """The full-screen hand-off: nothing private on it."""

    heading: str
    detail: str
    ready: Button


@dataclass(frozen=True)
class SeatInfo:
    """An opponent (or a bot) as everyone sees it."""

    seat: int
    name: str
    badge: str
    cards: str
    knocked: str
    dealer: str
    last: str
    last_cards: tuple[CardView, ...]
    turn: bool
    thinking: str


@dataclass(frozen=True)
class Confirm:
    """The confirm step of a swap or a knock."""

    text: str
    detail: str
    yes: Button
    no: Button


@dataclass(frozen=True)
class TableView:
    """The table as the person in front of the tablet (or nobody, at an all-bot table) may see it."""

    round_label: str
    status: str
    final: bool
    seats: tuple[SeatInfo, ...]
    pool_label: str
    pool: tuple[CardView, ...]
    hand_label: str
    hand_groups: tuple[tuple[CardView, ...], ...]
    score: str
    score_detail: tuple[str, ...]
    prompt: str
    actions: tuple[Button, ...]
    confirm: Confirm | None
    my_turn: bool


@dataclass(frozen=True)
class RevealedHand:
    """A hand shown at the end of a round, with its scoring."""

    name: str
    cards: tuple[CardView, ...]
    score: str
    detail: tuple[str, ...]
    zero: bool


@dataclass(frozen=True)
class SheetView:
    """The score sheet: rounds down, players across, totals at the bottom.

    ``marks[r][p]`` is a short word after player ``p``'s score in round ``r``: a ZERO, or the 2nd knock.
    """

    heading: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[str, ...]
    leaders: tuple[int, ...]
    back: Button | None
    marks: tuple[tuple[str, ...], ...] = ()
    legend: str = ""


@dataclass(frozen=True)
class HistoryEntry:
    """One finished match in the history list: its date, each player with a total, the winners."""

    date: str
    rounds: str
    players: tuple[tuple[str, str, bool], ...]  # (name, total, won)
    winners: str


@dataclass(frozen=True)
class StatsLine:
    """One player's line of statistics (a person by name, or all bots of a level)."""

    name: str
    matches: str
    wins: str
    average: str
    zeros: str
    best: str


@dataclass(frozen=True)
class SheetPageView:
    """The score-sheet page: this match (if any), the history, statistics by player, and the data tools."""

    heading: str
    current: SheetView | None
    history_heading: str
    history: tuple[HistoryEntry, ...]
    history_empty: str
    stats_heading: str
    stats_columns: tuple[str, ...]
    stats: tuple[StatsLine, ...]
    stats_empty: str
    data_heading: str
    data_hint: str
    tools: tuple[Button, ...]
    confirm: Confirm | None
    back: Button


@dataclass(frozen=True)
class Notice:
    """A message about saved data, shown above the screen until dismissed: ``alert`` for problems."""

    key: str
    text: str
    alert: bool
    actions: tuple[Button, ...]
    dismiss: Button


@dataclass(frozen=True)
class RoundEndView:
    """Every hand revealed, the round's scores, and the sheet so far."""

    heading: str
    banner: str
    hands: tuple[RevealedHand, ...]
    sheet: SheetView
    next: Button


@dataclass(frozen=True)
class MatchEndView:
    """The winner(s), the final sheet, and play-again."""

    heading: str
    banner: str
    sheet: SheetView
    actions: tuple[Button, ...]


@dataclass(frozen=True)
class RulesView:
    """The rules page."""

    heading: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    back: Button


@dataclass(frozen=True)
class Screen:
    """Everything the renderer draws: the page chrome plus one screen body."""

    name: str
    lang: str
    title: str
    brand: str
    tagline: str
    table_label: str
    nav: tuple[Button, ...]
    language: Choice
    live: str
    body: SetupView | HandoffView | TableView | RoundEndView | MatchEndView | SheetPageView | RulesView
    notices: tuple[Notice, ...] = ()
    notices_label: str = ""


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn to take: the app asks the bot for an action on ``view`` with ``rng``."""

    seat: int
    level: str
    view: object
    rng: random.Random
    key: tuple[int, int, int]


# ---- the controller -----------------------------------------------------------------------------


@dataclass
class Controller:
    """The app's state machine.  Hooks: ``on_change`` after every match change (save it),
    ``on_finish`` once when a match ends (record it)."""

    lang: str = "en"
    settings: Settings = field(default_factory=Settings)
    seed: int | None = None
    on_change: SaveHook | None = None
    on_finish: SaveHook | None = None
    screen_name: str = SETUP
    overlay: str | None = None
    match: Match | None = None
    viewer: int | None = None
    reviewed: int = 0
    give: Card | None = None
    take: Card | None = None
    knocking: bool = False
    sort_by_number: bool = False
    moving: Swap | None = None
    arrived: Card | None = None
    received: Card | None = None
    thinking: int | None = None
    live: str = ""
    history: ScoreSheet = field(default_factory=ScoreSheet)  # finished matches (the app keeps it current)
    backups: tuple[str, ...] = ()  # storage keys of backed-up damaged data, offered for export
    confirm_clear: bool = False
    match_serial: int = 0  # counts dealt matches: a new one gets a new saved-game id
    notes: list[tuple[str, dict[str, object], bool, tuple[tuple[str, str, str], ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ---- helpers ----

    def t(self, key: str, **params: object) -> str:
        """A message in the current language."""
        return translate(self.lang, key, **params)

    def card_label(self, card: Card) -> str:
        """A card's spoken name, e.g. "red 7" / "rouge 7"."""
        return self.t("card", colour=self.t("colour." + card.colour.label), number=card.number)

    def name(self, seat: int) -> str:
        """The display name of ``seat``."""
        return self.settings.seats[seat].name or self.default_name(seat)

    def default_name(self, seat: int) -> str:
        """The name ``seat`` has when nobody typed one: "You" alone, else "Player 2"; bots by seat."""
        seats = self.settings.seats
        if seats[seat].is_person:
            persons = [i for i, s in enumerate(seats) if s.is_person]
            return self.t("you") if len(persons) == 1 else self.t("player_n", n=persons.index(seat) + 1)
        return BOT_NAMES[seat % len(BOT_NAMES)]

    def persons(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.settings.seats) if s.is_person]

    def _card(self, card: Card, *, selected: bool = False, cleared: bool = False, preview: tuple[str, str] = ("", ""),
              motion: str = "") -> CardView:
        notes = [self.t("card.cleared")] if cleared else []
        if preview[1]:
            notes.append(preview[1])
        return CardView(card.slug, card.colour.label, card.number, self.card_label(card), selected, cleared,
                        preview[0], motion, ", ".join(notes))

    def _announce(self, text: str) -> None:
        self.live = text

    # ---- notices (saved-data messages) ----

    def notify(self, key: str, *, alert: bool = False, actions: tuple[tuple[str, str, str], ...] = (),
               **params: object) -> None:
        """Show the message ``key`` (with ``params``) until dismissed; ``actions`` are (action, arg, label key).

        A notice with the same key replaces the earlier one, so a repeated problem shows once.
        """
        self.dismiss(key)
        self.notes.append((key, params, alert, actions))

    def dismiss(self, key: str) -> None:
        """Remove the notice ``key`` if it is shown."""
        self.notes = [n for n in self.notes if n[0] != key]

    def notices(self) -> tuple[Notice, ...]:
        """The notices in the current language, oldest first."""
        return tuple(
            Notice(key, self.t(key, **params), alert,
                   tuple(Button(action, self.t(label), arg=arg) for action, arg, label in actions),
                   Button("dismiss", self.t("notice.dismiss"), arg=key))
            for key, params, alert, actions in self.notes
        )

    def sheet_seats(self) -> tuple[Seat, ...]:
        """The seats as the score sheet records them: each name once (a clash gets a number added)."""
        seats: list[Seat] = []
        used: set[str] = set()
        for i, config in enumerate(self.settings.seats):
            base = self.name(i)[:NAME_LIMIT - 4]
            name, n = base, 1
            while name.casefold() in used:
                n += 1
                name = f"{base} ({n})"
            used.add(name.casefold())
            seats.append(Seat(name) if config.is_person else Seat(name, "bot", config.kind))
        return tuple(seats)

    # ---- entry points ----

    def handle(self, action: str, arg: str = "", value: str = "") -> None:
        """Apply one user command (a button's ``action``/``arg``, or a field and its new ``value``)."""
        self.arrived = self.received = None
        handler = getattr(self, "_do_" + action.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"Unknown command {action!r}.")
        handler(arg, value)

    def start(self, seed: int | None = None) -> None:
        """Deal a new match with the current settings; from the set-up screen a fixed ``seed`` deals it."""
        s = self.settings
        if seed is None:
            seed = self.seed if self.seed is not None and self.screen_name == SETUP else self.rng.getrandbits(48)
        self.match = Match.new(len(s.seats), seed, rounds=s.rounds, pool_size=s.pool_size, dealer=s.dealer)
        self.match_serial += 1
        self.reviewed = 0
        self.viewer = None
        self.finished_reported = False
        self._clear_choice()
        dealer = self.name(self.match.round.dealer)
        self._announce(self.t("live.round_start", n=1, total=self.match.rounds, name=dealer))
        self._changed()
        self._route()

    def resume(self, match: Match, settings: Settings, reviewed: int | None = None) -> None:
        """Continue a restored match; with several people at the table the screen starts hidden.

        ``reviewed`` is how many finished rounds the players had already looked at: a reload on a
        round's end shows that round's end again.
        """
        if match.players != len(settings.seats):
            raise ValueError("The saved match does not fit the saved seats.")
        self.settings = settings
        self.match = match
        self.overlay = None
        done = len(match.finished_rounds)
        self.reviewed = done if reviewed is None else max(0, min(reviewed, done))
        self.viewer = None
        self.finished_reported = match.is_over
        self._clear_choice()
        self.screen_name = TABLE
        self._route()

    def bot_turn(self) -> BotTurn | None:
        """The bot turn to play now, if a bot is to act at the table (and no page is open over it)."""
        m = self.match
        if m is None or self.screen_name != TABLE or self.overlay or m.is_over:
            return None
        seat = m.current_player
        if seat is None or self.settings.seats[seat].is_person:
            return None
        r = m.round
        key = (len(m.finished_rounds), r.turns_taken, seat)
        rng = random.Random(f"{m.seed}:{key[0]}:{key[1]}")
        return BotTurn(seat, self.settings.seats[seat].kind, m.view(seat), rng, key)

    def bot_thinking(self, turn: BotTurn) -> None:
        """Mark the bot as thinking (shown on its seat)."""
        self.thinking = turn.seat
        self.arrived = self.received = None

    def bot_show(self, turn: BotTurn, action: Action) -> None:
        """First half of a bot's move on screen: the pool card it takes starts to leave."""
        self.thinking = None
        self.moving = action if isinstance(action, Swap) else None

    def bot_play(self, turn: BotTurn, action: Action) -> bool:
        """Second half: apply the bot's action if the table is still where the bot saw it."""
        self.moving = None
        self.thinking = None
        current = self.bot_turn()
        if current is None or current.key != turn.key:
            return False
        self._apply(action)
        return True

    # ---- the engine path ----

    def _apply(self, action: Action) -> None:
        assert self.match is not None
        before = self.match
        seat = before.current_player
        assert seat is not None
        self.match = before.apply(action)
        self._clear_choice()
        if isinstance(action, Swap):
            self.arrived = action.give
            self.received = action.take if seat == self.viewer else None
        self._announce(self._describe_turn(before, seat))
        self._changed()
        self._route()

    def _changed(self) -> None:
        assert self.match is not None
        if self.on_change is not None:
            self.on_change(self.match, self.settings)
        if self.match.is_over and not self.finished_reported:
            self.finished_reported = True
            if self.on_finish is not None:
                self.on_finish(self.match, self.settings)

    def _route(self) -> None:
        """Pick the screen after a change: round end, match end, a hand-off, or the table."""
        m = self.match
        assert m is not None
        if len(m.finished_rounds) > self.reviewed:
            self.screen_name = ROUND_END
            return
        if m.is_over:
            self.screen_name = MATCH_END
            return
        persons = self.persons()
        if len(persons) == 1:
            self.viewer = persons[0]
        elif not persons:
            self.viewer = None
        current = m.current_player
        if current in persons and self.viewer != current:
            self.screen_name = HANDOFF
            self._announce(self.t("handoff.heading", name=self.name(current)))
            return
        self.screen_name = TABLE

    def _clear_choice(self) -> None:
        self.give = self.take = None
        self.knocking = False
        self.moving = None
        self.arrived = self.received = None

    def _my_turn(self) -> bool:
        m = self.match
        return (
            m is not None and self.screen_name == TABLE and self.viewer is not None
            and m.current_player == self.viewer and not m.is_over
        )

    # ---- commands: set-up ----

    def _seats(self, seats: list[SeatConfig]) -> None:
        dealer = min(self.settings.dealer, len(seats) - 1)
        self.settings = replace(self.settings, seats=tuple(seats), dealer=dealer, rounds=None)

    def _do_seat_kind(self, arg: str, value: str) -> None:
        if value not in KINDS:
            return
        seats = list(self.settings.seats)
        i = int(arg)
        seats[i] = SeatConfig(value, seats[i].name if value == PERSON else "")
        self._seats(seats)

    def _do_seat_name(self, arg: str, value: str) -> None:
        seats = list(self.settings.seats)
        i = int(arg)
        seats[i] = replace(seats[i], name=clean_name(value))
        self.settings = replace(self.settings, seats=tuple(seats))

    def _do_add_seat(self, arg: str, value: str) -> None:
        if len(self.settings.seats) < MAX_SEATS:
            self._seats([*self.settings.seats, SeatConfig("medium")])

    def _do_remove_seat(self, arg: str, value: str) -> None:
        seats = list(self.settings.seats)
        if len(seats) > MIN_SEATS:
            del seats[int(arg)]
            self._seats(seats)

    def _do_set(self, arg: str, value: str) -> None:
        s = self.settings
        if arg == "pool":
            self.settings = replace(s, pool_size=int(value) if value in ("5", "7", "9") else None)
        elif arg == "rounds":
            self.settings = replace(s, rounds=int(value) if value.isdigit() and 1 <= int(value) <= MAX_ROUNDS else None)
        elif arg == "dealer" and value.isdigit() and int(value) < len(s.seats):
            self.settings = replace(s, dealer=int(value))
        elif arg == "speed" and value in SPEEDS:
            self.settings = replace(s, speed=value)
        elif arg == "lang" and value in LANGUAGES:
            self.lang = value

    def _do_start(self, arg: str, value: str) -> None:
        self.start()

    # ---- commands: play ----

    def _do_ready(self, arg: str, value: str) -> None:
        m = self.match
        if self.screen_name == HANDOFF and m is not None and m.current_player is not None:
            self.viewer = m.current_player
            self.screen_name = TABLE
            self._announce(self.t("live.your_turn", name=self.name(self.viewer)))

    def _find(self, cards: tuple[Card, ...], slug: str) -> Card | None:
        return next((c for c in cards if c.slug == slug), None)

    def _do_hand(self, arg: str, value: str) -> None:
        if not self._my_turn():
            return
        assert self.match is not None and self.viewer is not None
        card = self._find(self.match.round.hand(self.viewer), arg)
        if card is None:
            return
        self.knocking = False
        self.give = None if self.give == card else card
        self._announce_choice()

    def _do_pool(self, arg: str, value: str) -> None:
        if not self._my_turn():
            return
        assert self.match is not None
        card = self._find(self.match.round.pool, arg)
        if card is None:
            return
        self.knocking = False
        self.take = None if self.take == card else card
        self._announce_choice()

    def _announce_choice(self) -> None:
        if self.give and self.take:
            self._announce(self.t("confirm.swap", give=self.card_label(self.give), take=self.card_label(self.take)))
        elif self.give:
            self._announce(self.t("live.selected_hand", card=self.card_label(self.give)))
        elif self.take:
            self._announce(self.t("live.selected_pool", card=self.card_label(self.take)))
        else:
            self._announce(self.t("live.cleared"))

    def _do_knock(self, arg: str, value: str) -> None:
        if self._my_turn():
            self.give = self.take = None
            self.knocking = True
            self._announce(self._knock_question())

    def _do_confirm(self, arg: str, value: str) -> None:
        if not self._my_turn():
            return
        if self.knocking:
            self._apply(KNOCK)
        elif self.give is not None and self.take is not None:
            self._apply(Swap(self.give, self.take))

    def _do_cancel(self, arg: str, value: str) -> None:
        if self.confirm_clear:
            self.confirm_clear = False
            return
        if self.overlay:
            self.overlay = None
            return
        if self.give or self.take or self.knocking:
            self.give = self.take = None
            self.knocking = False
            self._announce(self.t("live.cleared"))

    def _do_sort(self, arg: str, value: str) -> None:
        self.sort_by_number = not self.sort_by_number

    # ---- commands: rounds, matches, pages ----

    def _do_next_round(self, arg: str, value: str) -> None:
        m = self.match
        if self.screen_name != ROUND_END or m is None:
            return
        self.reviewed += 1
        self._route()
        if self.screen_name == TABLE and not m.is_over:
            r = m.round
            self._announce(self.t("live.round_start", n=m.round_number, total=m.rounds, name=self.name(r.dealer)))

    def _do_play_again(self, arg: str, value: str) -> None:
        self.overlay = None
        self.start()

    def _do_new_setup(self, arg: str, value: str) -> None:
        self.overlay = None
        self.match = None
        self.viewer = None
        self.screen_name = SETUP

    def _do_rules(self, arg: str, value: str) -> None:
        self.overlay = RULES

    def _do_sheet(self, arg: str, value: str) -> None:
        self.overlay = SHEET
        self.confirm_clear = False

    def _do_back(self, arg: str, value: str) -> None:
        self.overlay = None
        self.confirm_clear = False

    def _do_clear_history(self, arg: str, value: str) -> None:
        """Ask before deleting the history (the app deletes it on ``clear-history-yes``)."""
        self.confirm_clear = bool(self.history.matches)

    def _do_dismiss(self, arg: str, value: str) -> None:
        self.dismiss(arg)

    # ---- texts ----

    def _describe_turn(self, before: Match, seat: int) -> str:
        """The live-region sentence for the turn just taken (public information only)."""
        m = self.match
        assert m is not None
        finished = len(m.finished_rounds) > len(before.finished_rounds)
        r = m.finished_rounds[len(before.finished_rounds)] if finished else m.round
        turn = r.history[-1]
        text = self._turn_text(turn.seat, turn.action, turn.effect)
        if finished and turn.effect is not Effect.ZERO:
            text += " " + self.t("live.round_over")
        return text

    def _turn_text(self, seat: int, action: Action, effect: Effect) -> str:
        name = self.name(seat)
        if isinstance(action, Swap):
            key = "live.zero" if effect is Effect.ZERO else "live.swap"
            return self.t(key, name=name, give=self.card_label(action.give), take=self.card_label(action.take))
        return self.t(
            {Effect.KNOCK: "live.knock", Effect.SECOND_KNOCK: "live.second_knock"}.get(effect, "live.pass"), name=name
        )

    def _knock_question(self) -> str:
        r = self.match.round if self.match else None
        if r is None or r.phase is Phase.FINAL:
            return self.t("confirm.pass")
        return self.t("confirm.knock_first" if r.knocks == 0 else "confirm.knock_second")

    def _status(self, r: Round) -> tuple[str, bool]:
        current = r.current_player
        assert current is not None
        who = self.name(current)
        if current != self.viewer:
            turn = self.t("status.turn", name=who)
        else:
            turn = self.t("status.your_turn_solo") if len(self.persons()) == 1 else self.t("status.your_turn", name=who)
        if r.phase is Phase.FINAL:
            assert r.second_knocker is not None
            left = len(r.final_turns_left)
            return self.t("status.final", name=self.name(r.second_knocker), left=left) + " " + turn, True
        if r.knocks == 1:
            assert r.first_knocker is not None
            if r.first_knocker == self.viewer:
                return self.t("status.you_knocked") + " " + turn, False
            return self.t("status.one_knock", name=self.name(r.first_knocker)) + " " + turn, False
        return turn, False

    def _breakdown_text(self, cards: tuple[Card, ...]) -> tuple[str, tuple[str, ...]]:
        b = breakdown(cards)
        if b.zero:
            return self.t("score.zero"), (self.t("score.zero_detail"),)
        detail = []
        for colour in b.colour_groups:
            detail.append(self.t("score.colour_group", colour=self.t("colour." + colour.label)))
        for number in b.number_groups:
            detail.append(self.t("score.number_group", number=number))
        if b.scoring_numbers:
            detail.append(self.t("score.counting", sum=" + ".join(str(n) for n in b.scoring_numbers), score=b.score))
        else:
            detail.append(self.t("score.nothing"))
        return self.t("score.total", score=b.score), tuple(detail)

    # ---- the screen model ----

    def screen(self) -> Screen:
        """What to draw now."""
        name = self.overlay or self.screen_name
        body: SetupView | HandoffView | TableView | RoundEndView | MatchEndView | SheetPageView | RulesView
        if name == RULES:
            body = RulesView(self.t("rules.heading"), rules_sections(self.lang), Button("back", self.t("back")))
        elif name == SHEET:
            body = self._sheet_page()
        elif name == SETUP:
            body = self._setup()
        elif name == HANDOFF:
            body = self._handoff()
        elif name == TABLE:
            body = self._table()
        elif name == ROUND_END:
            body = self._round_end()
        else:
            body = self._match_end()
        nav = [
            Button("sheet", self.t("nav.sheet"), pressed=self.overlay == SHEET),
            Button("rules", self.t("nav.rules"), pressed=self.overlay == RULES),
        ]
        if self.match is not None:
            nav.append(Button("new-setup", self.t("nav.new_game")))
        language = Choice("lang", self.t("nav.language"), self.lang, tuple((k, LANGUAGES[k]) for k in LANGUAGES))
        return Screen(
            name=name,
            lang=self.lang,
            title=self.t("title." + name.replace("-", "_")),
            brand=self.t("brand"),
            tagline=self.t("tagline"),
            table_label=self.t("table_label"),
            nav=tuple(nav),
            language=language,
            live=self.live,
            body=body,
            notices=self.notices(),
            notices_label=self.t("notice.area"),
        )

    def _setup(self) -> SetupView:
        s = self.settings
        kinds = tuple((k, self.t("kind." + k)) for k in KINDS)
        seats = []
        for i, seat in enumerate(s.seats):
            remove = Button("remove-seat", self.t("setup.remove"), arg=str(i)) if len(s.seats) > MIN_SEATS else None
            seats.append(
                SeatSetup(
                    index=i,
                    heading=self.t("setup.seat", n=i + 1),
                    kind=Choice(f"seat-kind:{i}", self.t("setup.kind", n=i + 1), seat.kind, kinds),
                    name_label=self.t("setup.name", n=i + 1),
                    name=seat.name,
                    placeholder=self.default_name(i),
                    editable=seat.is_person,
                    remove=remove,
                )
            )
        players = len(s.seats)
        pool_default = self.t("setup.default", value=default_pool_size(players))
        rounds_default = self.t("setup.default", value=players)
        options = (
            Choice("pool", self.t("setup.pool"), str(s.pool_size or ""),
                   (("", pool_default), *((str(n), str(n)) for n in (5, 7, 9)))),
            Choice("rounds", self.t("setup.rounds"), str(s.rounds or ""),
                   (("", rounds_default), *((str(n), str(n)) for n in range(1, MAX_ROUNDS + 1)))),
            Choice("dealer", self.t("setup.dealer"), str(s.dealer),
                   tuple((str(i), self.name(i)) for i in range(players))),
            Choice("speed", self.t("setup.speed"), s.speed, tuple((k, self.t("speed." + k)) for k in SPEEDS)),
        )
        add = Button("add-seat", self.t("setup.add")) if players < MAX_SEATS else None
        return SetupView(
            self.t("setup.heading"), self.t("setup.intro"), tuple(seats), add, options,
            Button("start", self.t("setup.play"), primary=True),
        )

    def _handoff(self) -> HandoffView:
        m = self.match
        assert m is not None and m.current_player is not None
        who = self.name(m.current_player)
        return HandoffView(
            self.t("handoff.heading", name=who),
            self.t("handoff.detail", name=who),
            Button("ready", self.t("handoff.ready", name=who), primary=True),
        )

    def _table(self) -> TableView:
        m = self.match
        assert m is not None
        r = m.round
        viewer = self.viewer
        public = r.view(viewer if viewer is not None else 0)
        mine = viewer is not None and r.current_player == viewer
        status, final = self._status(r)
        seats = []
        last: dict[int, tuple[Action, Effect]] = {}
        for turn in public.history:
            last[turn.seat] = (turn.action, turn.effect)
        for seat in range(m.players):
            if seat == viewer:
                continue
            config = self.settings.seats[seat]
            last_text, last_cards = "", ()
            if seat in last:
                action, effect = last[seat]
                if isinstance(action, Swap):
                    last_text = self.t("seat.last_swap")
                    last_cards = (self._card(action.give), self._card(action.take))
                else:
                    last_text = self.t("seat.last_" + ("pass" if effect is Effect.PASS else "knock"))
            knocked = ""
            if seat == r.second_knocker:
                knocked = self.t("seat.knocked_second")
            elif seat == r.first_knocker:
                knocked = self.t("seat.knocked")
            seats.append(
                SeatInfo(
                    seat=seat,
                    name=self.name(seat),
                    badge=self.t("kind." + config.kind) if not config.is_person else "",
                    cards=self.t("seat.cards", n=public.hand_sizes[seat]),
                    knocked=knocked,
                    dealer=self.t("seat.dealer") if seat == r.dealer else "",
                    last=last_text,
                    last_cards=last_cards,
                    turn=seat == r.current_player,
                    thinking=self.t("seat.thinking") if self.thinking == seat else "",
                )
            )
        hand: tuple[Card, ...] = public.hand if viewer is not None else ()
        cleared = set(breakdown(hand).cleared) if hand else set()
        pool_cards = []
        for card in public.pool:
            hint = ("", "")
            if mine and self.give is not None:
                hint = self._preview(hand, self.give, card)
            motion = "leaving" if self.moving is not None and self.moving.take == card else ""
            if self.arrived == card:
                motion = "arriving"
            pool_cards.append(self._card(card, selected=card == self.take, preview=hint, motion=motion))
        hand_views = []
        for card in hand:
            hint = ("", "")
            if mine and self.take is not None and self.give is None:
                hint = self._preview(hand, card, self.take)
            motion = "arriving" if card == self.received else ""
            hand_views.append(self._card(card, selected=card == self.give, cleared=card in cleared, preview=hint,
                                         motion=motion))
        groups = self._group(hand_views)
        score, detail = ("", ())
        if hand:
            score, detail = self._breakdown_text(hand)
        confirm = None
        prompt = ""
        actions: list[Button] = []
        if mine:
            if self.knocking:
                confirm = Confirm(self._knock_question(), self.t("confirm.knock_detail"),
                                  Button("confirm", self.t("confirm.yes_knock"), primary=True, key="Enter"),
                                  Button("cancel", self.t("cancel"), key="Escape"))
            elif self.give is not None and self.take is not None:
                new = [c for c in hand if c != self.give] + [self.take]
                confirm = Confirm(
                    self.t("confirm.swap", give=self.card_label(self.give), take=self.card_label(self.take)),
                    self._preview_sentence(tuple(new)),
                    Button("confirm", self.t("confirm.yes_swap"), primary=True, key="Enter"),
                    Button("cancel", self.t("cancel"), key="Escape"),
                )
            if self.give is None and self.take is None:
                prompt = self.t("prompt.choose")
            elif self.give is not None and self.take is None:
                prompt = self.t("prompt.choose_pool", card=self.card_label(self.give))
            elif self.take is not None and self.give is None:
                prompt = self.t("prompt.choose_hand", card=self.card_label(self.take))
            knock_label = self.t("action.pass") if r.phase is Phase.FINAL else self.t("action.knock")
            actions.append(Button("knock", knock_label, key="K", pressed=self.knocking))
        elif viewer is None:
            prompt = self.t("prompt.watch")
        else:
            prompt = self.t("prompt.wait", name=self.name(r.current_player or 0))
        if hand:
            sort = "action.sort_colour" if self.sort_by_number else "action.sort_number"
            actions.append(Button("sort", self.t(sort)))
        viewer_name = self.name(viewer) if viewer is not None else ""
        return TableView(
            round_label=self.t("round_of", n=m.round_number, total=m.rounds),
            status=status,
            final=final,
            seats=tuple(seats),
            pool_label=self.t("zone.pool"),
            pool=tuple(pool_cards),
            hand_label=(self.t("zone.your_hand") if len(self.persons()) == 1 else self.t("zone.hand", name=viewer_name))
            if hand else "",
            hand_groups=groups,
            score=score,
            score_detail=detail,
            prompt=prompt,
            actions=tuple(actions),
            confirm=confirm,
            my_turn=mine,
        )

    def _group(self, cards: list[CardView]) -> tuple[tuple[CardView, ...], ...]:
        """The hand sorted and split into groups (by colour, or by number), bigger groups first."""
        keyed: dict[object, list[CardView]] = {}
        order = {c.label: i for i, c in enumerate(Colour)}
        for card in cards:
            keyed.setdefault(card.number if self.sort_by_number else order[card.colour], []).append(card)
        for group in keyed.values():
            group.sort(key=lambda c: (order[c.colour], c.number) if self.sort_by_number else (c.number,))
        ordered = sorted(keyed.items(), key=lambda kv: (-len(kv[1]), kv[0]))  # type: ignore[operator]
        return tuple(tuple(g) for _, g in ordered)

    def _preview(self, hand: tuple[Card, ...], give: Card, take: Card) -> tuple[str, str]:
        """The badge and the spoken note for the hand a swap would make."""
        new = [c for c in hand if c != give] + [take]
        if breakdown(new).zero:
            return self.t("hint.zero"), self.t("card.would_zero")
        score = score_hand(new)
        return self.t("hint.score", score=score), self.t("card.would_score", score=score)

    def _preview_sentence(self, hand: tuple[Card, ...]) -> str:
        b = breakdown(hand)
        return self.t("confirm.makes_zero") if b.zero else self.t("confirm.makes", score=b.score)

    def _revealed(self, r: Round) -> tuple[RevealedHand, ...]:
        hands = []
        zero = set(r.zero_seats)
        for seat in range(r.players):
            cards = r.hand(seat)
            b = breakdown(cards)
            cleared = set(b.cleared)
            score, detail = self._breakdown_text(cards)
            hands.append(
                RevealedHand(
                    name=self.name(seat),
                    cards=tuple(self._card(c, cleared=c in cleared) for c in sorted(cards)),
                    score=self.t("score.round", score=r.scores()[seat]),
                    detail=detail,
                    zero=seat in zero,
                )
            )
        return tuple(hands)

    def _round_end(self) -> RoundEndView:
        m = self.match
        assert m is not None
        r = m.finished_rounds[self.reviewed]
        if r.zero_seats:
            names = ", ".join(self.name(s) for s in r.zero_seats)
            banner = self.t("end.zero", name=names)
        else:
            scores = r.scores()
            best = min(scores)
            names = ", ".join(self.name(s) for s, v in enumerate(scores) if v == best)
            banner = self.t("end.best", name=names, score=best)
        last = self.reviewed + 1 == m.rounds
        nxt = Button("next-round", self.t("end.final" if last else "end.next"), primary=True)
        return RoundEndView(
            self.t("end.heading", n=self.reviewed + 1, total=m.rounds), banner, self._revealed(r),
            self._sheet(back=False, upto=self.reviewed + 1), nxt,
        )

    def _match_end(self) -> MatchEndView:
        m = self.match
        assert m is not None
        winners = [self.name(s) for s in m.winners]
        if len(winners) == 1:
            banner = self.t("match.winner", name=winners[0], total=m.totals[m.winners[0]])
        else:
            banner = self.t("match.shared", names=", ".join(winners), total=m.totals[m.winners[0]])
        return MatchEndView(
            self.t("match.heading"), banner, self._sheet(back=False),
            (Button("play-again", self.t("match.again"), primary=True), Button("new-setup", self.t("match.setup"))),
        )

    def _sheet(self, back: bool, upto: int | None = None, heading: str = "sheet.heading") -> SheetView:
        m = self.match
        assert m is not None
        count = upto if upto is not None else self.reviewed
        scores = m.round_scores[:count]
        rows = tuple((self.t("sheet.round", n=i + 1), *(str(v) for v in row)) for i, row in enumerate(scores))
        marks = []
        for r in m.finished_rounds[:count]:
            marks.append(tuple(
                self.t("sheet.mark_zero") if seat in r.zero_seats
                else self.t("sheet.mark_knock") if seat == r.second_knocker else ""
                for seat in range(m.players)
            ))
        totals = [sum(col) for col in zip(*scores, strict=True)] if scores else [0] * m.players
        best = min(totals)
        leaders = tuple(i for i, v in enumerate(totals) if v == best) if scores else ()
        return SheetView(
            heading=self.t(heading),
            columns=(self.t("sheet.round_col"), *(self.name(i) for i in range(m.players))),
            rows=rows,
            totals=(self.t("sheet.total"), *(str(v) for v in totals)),
            leaders=leaders,
            back=Button("back", self.t("back")) if back else None,
            marks=tuple(marks),
            legend=self.t("sheet.legend") if any(any(row) for row in marks) else "",
        )

    def _number(self, value: float) -> str:
        text = f"{value:.1f}"
        return text if self.lang == "en" else text.replace(".", ",")

    def _sheet_page(self) -> SheetPageView:
        history = []
        for record in self.history.history():
            totals, winners = record.totals, record.winners
            history.append(HistoryEntry(
                date=record.finished_at[:10],
                rounds=(
                    self.t("sheet.rounds_1") if len(record.rounds) == 1
                    else self.t("sheet.rounds_n", n=len(record.rounds))
                ),
                players=tuple((seat.name, str(totals[i]), i in winners) for i, seat in enumerate(record.seats)),
                winners=self.t("sheet.won_by", names=", ".join(record.seats[i].name for i in winners)),
            ))
        stats = []
        for line in self.history.player_stats():
            name = line.name
            if line.kind == "bot" and line.level in BOT_LEVELS:
                name = self.t("kind." + line.level)
            stats.append(StatsLine(
                name, str(line.matches), str(line.wins), self._number(line.average), str(line.zeros),
                "" if line.best_round is None else str(line.best_round),
            ))
        tools = [
            Button("export-json", self.t("storage.export")),
            Button("export-csv", self.t("storage.export-csv"), disabled=not self.history.matches),
            Button("import", self.t("storage.import")),
        ]
        tools += [Button("export-backup", self.t("storage.export-backup"), arg=key) for key in self.backups]
        tools.append(Button("clear-history", self.t("storage.clear"), disabled=not self.history.matches,
                            pressed=self.confirm_clear))
        confirm = None
        if self.confirm_clear:
            confirm = Confirm(self.t("storage.clear-confirm"), "",
                              Button("clear-history-yes", self.t("sheet.clear_yes"), primary=True),
                              Button("cancel", self.t("cancel"), key="Escape"))
        current = None
        if self.match is not None:
            current = self._sheet(back=False, upto=len(self.match.finished_rounds), heading="sheet.this_match")
        return SheetPageView(
            heading=self.t("sheet.heading"),
            current=current,
            history_heading=self.t("sheet.history"),
            history=tuple(history),
            history_empty=self.t("sheet.history_empty"),
            stats_heading=self.t("sheet.stats"),
            stats_columns=tuple(self.t("stats." + k) for k in ("name", "matches", "wins", "average", "zeros", "best")),
            stats=tuple(stats),
            stats_empty=self.t("sheet.stats_empty"),
            data_heading=self.t("sheet.data"),
            data_hint=self.t("sheet.data_hint"),
            tools=tuple(tools),
            confirm=confirm,
            back=Button("back", self.t("back")),
        )


def cards_shown(screen: Screen) -> set[str]:
    """Every card slug a screen model would draw (for privacy checks)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, CardView):
            found.add(value.slug)
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(screen)
    return found


__all__ = [
    "BOT_LEVELS",
    "KINDS",
    "PERSON",
    "SPEEDS",
    "BotTurn",
    "Controller",
    "Notice",
    "SheetPageView",
    "SeatConfig",
    "Settings",
    "cards_shown",
]
