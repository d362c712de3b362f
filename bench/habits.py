"""How each level plays at the table: the habits table of issue 27, from the tournament's own matches.

    python bench/habits.py --seats hard,pimc,pimc [--deal-sets 20] [--seed 2026]
    python bench/habits.py --json figures.json   # a tournament run with --records, without playing it again

Plays the duplicate matches of ``python -m zero_game tournament --seats ... --seed ...`` (the same cards and
seatings, the searching levels at the page's caps) and watches them from outside the bots, where every hand is
visible. Per level it prints its mean round score; its final score minus the best other's; how often it lost a
round by 8 points or more to the best other; its first knocks (the hand's score, after how many turns of its
own); its second knocks (its lead over the best other hand at that moment, how often it was beaten after the
final turns and by how much, how often someone already held less); and the immediate score it gave up per swap
(the score after the swap that lowers it most, minus the score after the swap it made: what it paid to build
groups). It measures and prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tables import text_table
from zero_game.actions import KNOCK, Action, Swap, parse_action
from zero_game.bots import sim
from zero_game.cards import to_mask
from zero_game.match import Match
from zero_game.round import Phase, Round
from zero_game.scoring import is_zero_mask, score_mask
from zero_game.tournament import play_deal_set


@dataclass
class Habits:
    """What one level did over the matches watched (per seat-round unless said)."""

    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)  # its final score minus the best other's
    first_knocks: list[tuple[int, int]] = field(default_factory=list)  # (score, own turns before it)
    second_leads: list[int] = field(default_factory=list)  # best other hand minus its own, at the knock
    second_beaten: list[int] = field(default_factory=list)  # after the final turns: its score minus the best other's
    second_behind: int = 0  # second knocks while another hand already scored less
    given_up: list[int] = field(default_factory=list)  # per swap in normal play: chosen score minus best score


class Watcher:
    """Gathers every level's habits from the moves of rounds watched from outside the bots."""

    def __init__(self) -> None:
        self.habits: dict[str, Habits] = defaultdict(Habits)
        self.pending: dict[int, tuple[str, int, bool]] = {}  # this round's second knock: seat -> (level, lead, behind)

    def move(self, lineup: list[str], rnd: Round, action: Action) -> None:
        """``lineup[seat]`` plays ``action`` in ``rnd`` (the round before the move)."""
        seat = rnd.current_player
        assert seat is not None
        level = lineup[seat]
        hands = [to_mask(rnd.hand(s)) for s in range(rnd.players)]
        scores = [score_mask(h) for h in hands]
        best_other = min(s for other, s in enumerate(scores) if other != seat)
        if action == KNOCK and rnd.phase is Phase.PLAY:
            if rnd.knocks == 0:
                turns = sum(t.seat == seat for t in rnd.history)
                self.habits[level].first_knocks.append((scores[seat], turns))
            else:
                self.pending[seat] = (level, best_other - scores[seat], best_other < scores[seat])
        elif isinstance(action, Swap) and rnd.phase is Phase.PLAY:
            best = min(0 if is_zero_mask(after) else score_mask(after) for after in _swaps(hands[seat], rnd))
            chosen = hands[seat] ^ (1 << action.give.index) ^ (1 << action.take.index)
            self.habits[level].given_up.append((0 if is_zero_mask(chosen) else score_mask(chosen)) - best)

    def end(self, lineup: list[str], rnd: Round) -> None:
        """``rnd`` is over."""
        done = rnd.scores()
        for s in range(rnd.players):
            other = min(x for k, x in enumerate(done) if k != s)
            self.habits[lineup[s]].scores.append(done[s])
            self.habits[lineup[s]].margins.append(done[s] - other)
        for knocker, (who, lead, behind) in self.pending.items():
            other = min(x for k, x in enumerate(done) if k != knocker)
            self.habits[who].second_leads.append(lead)
            self.habits[who].second_beaten.append(done[knocker] - other)
            self.habits[who].second_behind += behind
        self.pending.clear()


def _swaps(hand: int, rnd: Round) -> list[int]:
    pool = to_mask(rnd.pool)
    return [hand ^ (1 << g) ^ (1 << t) for g in sim.bits(hand) for t in sim.bits(pool)]


def watch(seats: list[str], deal_sets: int, seed: int) -> dict[str, Habits]:
    """Play the duplicate matches of this line-up and gather every level's habits."""
    watcher = Watcher()
    n = len(seats)

    def seen(rotation: int, before: Match, action: Action, after: Match) -> None:
        lineup = [seats[(i - rotation) % n] for i in range(n)]
        watcher.move(lineup, before.round, action)
        if len(after.finished_rounds) > len(before.finished_rounds):
            watcher.end(lineup, after.finished_rounds[-1])

    for deal in range(deal_sets):
        play_deal_set(seats, deal, seed, None, watch=seen)
    return watcher.habits


def _cards(text: str) -> list[str]:
    """Cards written one after the other ("red 7 blue 2")."""
    words = text.split()
    return [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)]


def replay(report: dict[str, Any]) -> dict[str, Habits]:
    """The habits of a tournament run with ``--records`` (its JSON), from its recorded matches."""
    watcher = Watcher()
    for deal in report["records"]:
        for match in deal["matches"]:
            lineup = match["lineup"]
            for played in match["rounds"]:
                rnd = Round.from_deal([_cards(hand) for hand in played["dealt"]], _cards(played["pool"]),
                                      first_player=(played["dealer"] + 1) % len(lineup))
                for text in played["actions"]:
                    action = parse_action(text)
                    watcher.move(lineup, rnd, action)
                    rnd = rnd.apply(action)
                watcher.end(lineup, rnd)
    return watcher.habits


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values) if values else float("nan")


def report(habits: dict[str, Habits], seats: list[str], deal_sets: int) -> str:
    """The habits as a table for people, one column per level."""
    levels = list(dict.fromkeys(seats))
    rows: list[tuple[str, list[str]]] = []

    def row(name: str, cell: object) -> None:
        rows.append((name, [cell(habits[level]) for level in levels]))  # type: ignore[operator]

    row("seat-rounds", lambda h: f"{len(h.scores)}")
    row("mean round score", lambda h: f"{_mean(h.scores):.2f}")
    row("final score minus the best other's", lambda h: f"{_mean(h.margins):+.2f}")
    row("rounds lost by 8 or more to the best other", lambda h: f"{_mean([m >= 8 for m in h.margins]):.0%}")
    row("first knock: hand score, after own turns",
        lambda h: f"{_mean([s for s, _ in h.first_knocks]):.1f} at {_mean([t for _, t in h.first_knocks]):.1f}"
        if h.first_knocks else "-")
    row("second knocks (share of its seat-rounds)", lambda h: f"{len(h.second_leads) / max(1, len(h.scores)):.0%}")
    row("second knock: its lead over the best other hand", lambda h: f"{_mean(h.second_leads):+.2f}")
    row("second knocker beaten after the final turns",
        lambda h: f"{_mean([b > 0 for b in h.second_beaten]):.0%}"
                  + (f" (by {_mean([b for b in h.second_beaten if b > 0]):+.2f})" if any(b > 0 for b in h.second_beaten)
                     else "") if h.second_beaten else "-")
    row("second knock while another hand already scored less",
        lambda h: f"{h.second_behind / len(h.second_leads):.0%}" if h.second_leads else "-")
    row("immediate score given up per swap", lambda h: f"{_mean(h.given_up):.2f}")
    width = max(len(name) for name, _ in rows) + 2
    title = f"{','.join(seats)}: {deal_sets} deal sets x {len(seats)} seatings, watched from outside the bots"
    return text_table(title, [("", levels), *rows], width, 18)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="hard,pimc,pimc", help="the line-up, as for the tournament")
    parser.add_argument("--deal-sets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", metavar="FILE",
                        help="read the matches of a tournament run with --records instead of playing them")
    args = parser.parse_args()
    if args.json:
        with open(args.json, encoding="utf-8") as file:
            data = json.load(file)
        print(report(replay(data), data["seats"], data["deal_sets"]))
        return 0
    seats = [s.strip() for s in args.seats.split(",")]
    print(report(watch(seats, args.deal_sets, args.seed), seats, args.deal_sets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
