"""Bot tournaments of Zéro à 1000 in duplicate format: the same deals replayed with the seats rotated.

A *deal set* is one deal (one deck order) played once per rotation of the line-up, so every level
sits in every seat on the same cards; a level's knowledge (its errors on each question) is the same
in every rotation of a deal set, so the rotations differ only in who holds which cards. Each level's
win credit per game is 1 for a sole win, 1/k for a win shared by k teams.

Two sets of figures with 95% intervals:

* the *win share* of each level over all its games, with a Wilson interval (games of one deal set
  are related, so this interval is a little optimistic; it is there to read the size of the effect);
* the *head-to-head* of each pair of levels over deal sets, the independent unit: in how many deal
  sets the first did better than the second (more win credit; with equal credit, fewer cards left
  at the ends of its games), of the deal sets where they differ, with an exact Clopper–Pearson
  interval. A ladder step holds when that interval lies above 1/2.

This is the duplicate idea of ``zero_game.tournament``, not its code: that one plays rounds of seats
taking turns with normal intervals; here teams decide at once and the figures are binomial.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from tabletop.stats import clopper_pearson, wilson

from .bots import LEVELS, Bot, make_bot
from .deck import Deck, deal_order, default_deck
from .game import MAX_TEAMS, MIN_TEAMS, Game

#: A game still running after this many rounds is stopped and reported: only a broken bot gets there.
ROUND_CAP = 200


def seat_bot(level: str, deck: Deck, seed: int | str) -> Bot:
    """A bot of ``level``, or an OpenSpiel bot by name (``ismcts``, ``spiel-random``: ``research.quiz_bots``).

    The game never imports ``research``; the tournament does, here, only when a team names an OpenSpiel bot.
    """
    if level in LEVELS:
        return make_bot(level, deck, seed)
    try:
        from research.quiz_bots import make_outside
    except ImportError as err:
        raise ValueError(f"{level!r} is not a bot level ({', '.join(LEVELS)}), and OpenSpiel's bots cannot be "
                         f"loaded ({err}): pip install -e '.[research]' in the project's checkout.") from None
    return make_outside(level, deck, seed)


def play_game(bots: Sequence[Bot], order: Sequence[str], deck: Deck, rng: random.Random) -> tuple[Game, int]:
    """Play one game of these bots (team i is ``bots[i]``) from this deal; returns it and the decisions made."""
    game = Game.from_order(len(bots), order, deck=deck)
    decisions = 0
    while not game.is_over and game.number <= ROUND_CAP:
        for team in game.to_act:  # simultaneous decisions, each from the team's own view
            if team in game.to_act:
                game = game.apply(bots[team].decide(game.view(team), rng))
                decisions += 1
    return game, decisions


def play_deal_set(
    lineup: Sequence[str], deal: int, seed: int, deck: Deck
) -> dict[str, Any]:
    """Play one deal with every rotation of the line-up; returns each level's win credit and the game facts."""
    n = len(lineup)
    order = deal_order(deck, None, f"{seed}:{deal}")
    credit = dict.fromkeys(lineup, 0.0)
    cards = dict.fromkeys(lineup, 0)
    games = []
    for rotation in range(n):
        seats = [lineup[(i - rotation) % n] for i in range(n)]
        # The same knowledge for a level (and its k-th copy) in every rotation of this deal.
        copies: dict[str, int] = {}
        bots = []
        for level in seats:
            copies[level] = copies.get(level, 0) + 1
            bots.append(seat_bot(level, deck, f"{seed}:{deal}:{copies[level]}"))
        game, decisions = play_game(bots, order, deck, random.Random(f"{seed}:{deal}:{rotation}"))
        capped = not game.is_over
        if not capped:
            for team in game.winners:
                credit[seats[team]] += 1.0 / len(game.winners)
            for team, hand in enumerate(game.hands):
                cards[seats[team]] += len(hand)
        games.append(
            {"seats": seats, "winners": list(game.winners), "rounds": len(game.reveals), "end": str(game.end),
             "decisions": decisions, "capped": capped}
        )
    return {"deal": deal, "credit": credit, "cards": cards, "games": games}


def run_tournament(lineup: Sequence[str], deal_sets: int, seed: int = 1, deck: Deck | None = None) -> dict[str, Any]:
    """Play ``deal_sets`` deal sets of this line-up and return the figures per level and per pair."""
    lineup = list(lineup)
    deck = deck if deck is not None else default_deck()
    for level in dict.fromkeys(lineup):
        seat_bot(level, deck, 0)  # a clear message now for a name that is no bot
    if not MIN_TEAMS <= len(lineup) <= MAX_TEAMS:
        raise ValueError(f"A table has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(lineup)}.")
    if deal_sets < 1:
        raise ValueError("Play at least one deal set.")
    began = time.perf_counter()
    results = [play_deal_set(lineup, deal, seed, deck) for deal in range(deal_sets)]
    return summarise(lineup, results, seed, time.perf_counter() - began)


def summarise(lineup: list[str], results: list[dict[str, Any]], seed: int, seconds: float) -> dict[str, Any]:
    """Turn deal-set records into the tournament's figures."""
    levels = list(dict.fromkeys(lineup))
    games = [g for r in results for g in r["games"]]
    capped = sum(g["capped"] for g in games)
    figures: dict[str, Any] = {}
    for level in levels:
        seats = lineup.count(level)
        trials = sum(seats for g in games if not g["capped"])
        wins = sum(r["credit"][level] for r in results)
        lo, hi = wilson(wins, trials)
        figures[level] = {"seats": seats, "games": trials, "win_share": wins / trials if trials else 0.0,
                          "win_share_ci": [lo, hi]}
    pairs = []

    def standing(result: dict[str, Any], level: str) -> tuple[float, float]:
        # Win credit first, then fewer cards left at the ends of the games; per seat, so that a level
        # with two seats is not favoured.
        seats = lineup.count(level)
        return (result["credit"][level] / seats, -result["cards"][level] / seats)

    for a, b in combinations(levels, 2):
        better = sum(standing(r, a) > standing(r, b) for r in results)
        worse = sum(standing(r, a) < standing(r, b) for r in results)
        if better < worse:
            a, b, better, worse = b, a, worse, better
        lo, hi = clopper_pearson(better, better + worse)
        pairs.append({"better": a, "worse": b, "won": better, "lost": worse, "tied": len(results) - better - worse,
                      "share": better / (better + worse) if better + worse else 0.5, "share_ci": [lo, hi],
                      "holds": lo > 0.5})
    return {
        "lineup": lineup,
        "seed": seed,
        "deal_sets": len(results),
        "games": len(games),
        "capped": capped,
        "rounds_per_game": sum(g["rounds"] for g in games) / max(len(games), 1),
        "decisions": sum(g["decisions"] for g in games),
        "seconds": seconds,
        "levels": figures,
        "pairs": pairs,
    }


def format_report(report: dict[str, Any]) -> str:
    """The figures as text for people."""
    lines = [
        f"Zéro à 1000 tournament {','.join(report['lineup'])}: {report['deal_sets']} deal sets x "
        f"{len(report['lineup'])} rotations = {report['games']} games, seed {report['seed']}, "
        f"{report['rounds_per_game']:.1f} rounds per game, {report['seconds']:.1f} s",
        f"{'level':<8}{'seats':>6}{'games':>7}   win share (95% Wilson)",
    ]
    ranked = sorted(report["levels"].items(), key=lambda item: -item[1]["win_share"])
    for level, f in ranked:
        lo, hi = f["win_share_ci"]
        lines.append(f"{level:<8}{f['seats']:>6}{f['games']:>7}   {f['win_share']:.3f} [{lo:.3f}, {hi:.3f}]")
    lines.append("head to head over deal sets: more wins, then fewer cards left (95% Clopper-Pearson; holds > 0.5):")
    for p in report["pairs"]:
        lo, hi = p["share_ci"]
        lines.append(
            f"  {p['better']:>6} > {p['worse']:<6} in {p['won']:>4} of {p['won'] + p['lost']:>4} deal sets "
            f"({p['tied']} even): {p['share']:.3f} [{lo:.3f}, {hi:.3f}] {'holds' if p['holds'] else 'not shown'}"
        )
    lines.append(f"capped games (a broken bot): {report['capped']}")
    return "\n".join(lines)
