"""How a level's rounds end: who ends them, how far ahead, how often the one who ends a round is beaten.

    python bench/knocks.py [--level hard] [--against medium] [--deal-sets 40] [--seed 2026]

Plays the tournament's duplicate matches (the same deal sets and seatings as
``python -m zero_game tournament --seats LEVEL,AGAINST,AGAINST --seed SEED``, the searching levels at
the page's caps) and watches from outside the bots, where every hand is visible. For the first seat's
level it prints how its rounds ended (its own second knock, an opponent's, a ZERO), its score and the
best other score in each case, how often it was beaten and by 8 points or more, the lead over the best
other hand at the moment of a second knock, and when and with what hand it makes the first knock.
Run it with ``--level medium`` for the same figures of medium in that seat. It measures and prints.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zero_game.actions import KNOCK, Action
from zero_game.bots import sim
from zero_game.bots.hard import HardBot, Search
from zero_game.match import Match
from zero_game.round import Phase, Round, RoundView
from zero_game.scoring import score_hand
from zero_game.tournament import capped_bot, play_deal_set


@dataclass
class Ending:
    """The rounds of one kind of ending, seen from the watched seat."""

    rounds: int = 0
    mine: int = 0  # the watched seat's scores, summed
    best: int = 0  # the best other score, summed
    beaten: int = 0
    beaten_by_8: int = 0
    leads: list[int] = field(default_factory=list)  # the second knocker's lead when it knocked
    turns: list[int] = field(default_factory=list)  # the second knocker's own turns before it knocked
    believed: list[float] = field(default_factory=list)  # the knocker's own chance of being beaten, as it saw it


@dataclass
class Profile:
    """What one seat's level did over the deal sets."""

    endings: dict[str, Ending] = field(default_factory=lambda: defaultdict(Ending))
    first_knocks: list[tuple[int, int]] = field(default_factory=list)  # (score, own turns before it)
    rounds: int = 0


def believed_beaten(level: str, view: RoundView, samples: int = 60) -> float | None:
    """For a searching level about to make the second knock: in how many of the deals it pictures (its
    ``OpponentModel``) it is beaten after the others' final turns (each the swap that lowers its score most)."""
    bot = capped_bot(level)
    if not isinstance(bot, HardBot):
        return None
    search = Search(bot, view, random.Random(len(view.history)))
    beaten = 0
    for _ in range(samples):
        hands = search._deal()
        table = sim.Table(hands, search.pool, view.seat, view.knocks, -1, search.turns)
        table.knock()
        over = table.advance()
        while not over:
            over = table.policy_step(search.rng)
        scores = table.scores()
        beaten += scores[view.seat] > min(s for k, s in enumerate(scores) if k != view.seat)
    return beaten / samples


def watch(level: str, against: str, deal_sets: int, seed: int, beliefs: bool = False) -> Profile:
    """Play the duplicate matches of ``level`` against two ``against`` and record how the rounds ended."""
    profile = Profile()
    second: tuple[int, int, int] | None = None  # this round's (knocker, its lead, its own turns before)
    believed: float | None = None

    def seen(watched: int, before: Match, action: Action, after: Match) -> None:
        # In rotation r the watched level sits in seat r (``play_deal_set``).
        nonlocal second, believed
        seat = before.current_player
        assert seat is not None
        view = before.view(seat)
        if action == KNOCK and view.phase is not Phase.FINAL:
            scores = [score_hand(before.round.hand(s)) for s in range(before.players)]
            best_other = min(s for other, s in enumerate(scores) if other != seat)
            turns = sum(t.seat == seat for t in view.history)
            if view.knocks == 0 and seat == watched:
                profile.first_knocks.append((scores[seat], turns))
            elif view.knocks == 1:
                second = (seat, best_other - scores[seat], turns)
                if beliefs and seat == watched:
                    believed = believed_beaten(level, view)
        if len(after.finished_rounds) > len(before.finished_rounds):
            _record(profile, after.finished_rounds[-1], watched, second, believed)
            second = believed = None

    for deal in range(deal_sets):
        play_deal_set([level, against, against], deal, seed, None, watch=seen)
    return profile


def _record(profile: Profile, done: Round, watched: int, second: tuple[int, int, int] | None,
            believed: float | None = None) -> None:
    scores = list(done.scores())
    zeros = done.zero_seats
    if zeros:
        kind = "its ZERO" if watched in zeros else "an opponent's ZERO"
    elif second is None:
        kind = "other"
    else:
        kind = "its second knock" if second[0] == watched else "an opponent's second knock"
    ending = profile.endings[kind]
    mine = scores[watched]
    best = min(s for seat, s in enumerate(scores) if seat != watched)
    ending.rounds += 1
    ending.mine += mine
    ending.best += best
    ending.beaten += mine > best
    ending.beaten_by_8 += mine >= best + 8
    if second is not None and not zeros:
        ending.leads.append(second[1])
        ending.turns.append(second[2])
        if believed is not None and second[0] == watched:
            ending.believed.append(believed)
    profile.rounds += 1


def report(profile: Profile, level: str, against: str) -> str:
    """The figures as lines for people."""
    lines = [f"{level} against two {against}: {profile.rounds} rounds, watched from outside the bots",
             f"{'ended by':<28}{'rounds':>8}{'share':>8}{'its score':>11}{'best other':>12}{'beaten':>8}"
             f"{'by 8+':>7}{'knocker lead':>14}{'knocker turns':>15}"]
    for kind in ("its second knock", "an opponent's second knock", "its ZERO", "an opponent's ZERO", "other"):
        e = profile.endings.get(kind)
        if not e or not e.rounds:
            continue
        lead = f"{sum(e.leads) / len(e.leads):.2f}" if e.leads else "-"
        turns = f"{sum(e.turns) / len(e.turns):.1f}" if e.turns else "-"
        lines.append(f"{kind:<28}{e.rounds:>8}{e.rounds / profile.rounds:>8.0%}{e.mine / e.rounds:>11.2f}"
                     f"{e.best / e.rounds:>12.2f}{e.beaten / e.rounds:>8.0%}{e.beaten_by_8 / e.rounds:>7.1%}"
                     f"{lead:>14}{turns:>15}")
    mine = profile.endings.get("its second knock")
    if mine and mine.believed:
        lines.append(f"{level}'s second knocks: it pictured itself beaten after the final turns in "
                     f"{sum(mine.believed) / len(mine.believed):.0%} of its deals; it was beaten in "
                     f"{mine.beaten / mine.rounds:.0%} of those rounds")
    firsts = profile.first_knocks
    if firsts:
        lines.append(f"{level} made the first knock in {len(firsts) / profile.rounds:.0%} of rounds, "
                     f"with {sum(s for s, _ in firsts) / len(firsts):.1f} points on average, "
                     f"after {sum(t for _, t in firsts) / len(firsts):.1f} turns of its own")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard", help="the level watched (first seat)")
    parser.add_argument("--against", default="medium", help="the other two seats' level, or a yardstick (pimc)")
    parser.add_argument("--beliefs", action="store_true",
                        help="also ask the watched searching level how likely it believed it was to be beaten")
    parser.add_argument("--deal-sets", type=int, default=40, help="deal sets (3 matches each)")
    parser.add_argument("--seed", type=int, default=2026, help="the tournament's seed")
    args = parser.parse_args()
    profile = watch(args.level, args.against, args.deal_sets, args.seed, args.beliefs)
    print(report(profile, args.level, args.against))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
