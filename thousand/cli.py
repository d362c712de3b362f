"""Command line: ``python -m thousand <command>``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from tabletop.console import commands, failed, later, report, run
from tabletop.errors import DataError

from .deck import DEFAULT_MIX, MIXES, Deck, default_deck


def _deck(path: str | None) -> Deck:
    return Deck.from_path(path) if path else default_deck()


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import format_report, run_tournament

    try:
        figures = run_tournament(
            [s.strip() for s in args.teams.split(",")], args.deal_sets, args.seed, deck=_deck(args.deck)
        )
    except (ValueError, DataError) as err:
        return failed(err)
    report(format_report(figures), args.json, lambda: json.dumps(figures, indent=2))
    return 1 if figures["capped"] else 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import bench

    try:
        deck = _deck(args.deck)
    except DataError as err:
        return failed(err)
    print(bench(deck, games=args.games, seed=args.seed))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The parser for every sub-command."""
    parser, sub = commands("thousand", "Zéro à 1000, a team quiz of estimates.")
    deck_help = "a question deck file (default: the deck shipped with the game)"

    play = sub.add_parser("play", help="play a game in the terminal against bots or hot-seat")
    play.add_argument("--teams", default="you,medium,medium",
                      help="teams in order: 'you', a name (people), or a bot level (random, easy, medium, hard)")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the bots")
    play.add_argument("--lang", dest="language", default="en", help="language of the questions: en, fr or de")
    play.add_argument("--deck", help=deck_help)
    play.add_argument("--mix", choices=MIXES, default=DEFAULT_MIX,
                      help="family (easier, nothing grim), quiz-night (every question) or experts (harder)")
    play.add_argument("--leave-out", default="", metavar="THEMES",
                      help="themes (category keys) to leave out, comma-separated, e.g. sport,history")
    play.set_defaults(run=later("thousand.terminal", "play_from_args"))

    tour = sub.add_parser("tournament", help="bot teams against each other in duplicate games")
    tour.add_argument("--teams", default="hard,medium,easy,random", help="bot levels by seat")
    tour.add_argument("--deal-sets", type=int, default=250, help="deals to play, each once per seat rotation")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--deck", help=deck_help)
    tour.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    tour.set_defaults(run=_tournament)

    bench = sub.add_parser("bench", help="measure the engine's and the bots' speed")
    bench.add_argument("--games", type=int, default=300, help="random games to time")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--deck", help=deck_help)
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    return run(build_parser(), argv)
