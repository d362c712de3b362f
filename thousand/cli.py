"""Command line: ``python -m thousand <command>``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tabletop.errors import DataError

from .deck import DEFAULT_MIX, MIXES, Deck, default_deck


def _deck(path: str | None) -> Deck:
    return Deck.from_path(path) if path else default_deck()


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import format_report, run_tournament

    try:
        report = run_tournament(
            [s.strip() for s in args.teams.split(",")], args.deal_sets, args.seed, deck=_deck(args.deck)
        )
    except (ValueError, DataError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(format_report(report))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(json.dumps(report, indent=2) + "\n")
    return 1 if report["capped"] else 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import bench

    try:
        deck = _deck(args.deck)
    except DataError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(bench(deck, games=args.games, seed=args.seed))
    return 0


def _play(args: argparse.Namespace) -> int:
    from .terminal import play_from_args

    return play_from_args(args)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every sub-command."""
    parser = argparse.ArgumentParser(prog="python -m thousand", description="Zéro à 1000, a team quiz of estimates.")
    commands = parser.add_subparsers(dest="command", required=True)
    deck_help = "a question deck file (default: the deck shipped with the game)"

    play = commands.add_parser("play", help="play a game in the terminal against bots or hot-seat")
    play.add_argument("--teams", default="you,medium,medium",
                      help="teams in order: 'you', a name (people), or a bot level (random, easy, medium, hard)")
    play.add_argument("--seed", type=int, default=None, help="seed for the deal and the bots")
    play.add_argument("--lang", dest="language", default="en", help="language of the questions: en, fr or de")
    play.add_argument("--deck", help=deck_help)
    play.add_argument("--mix", choices=MIXES, default=DEFAULT_MIX,
                      help="family (easier, nothing grim), quiz-night (every question) or experts (harder)")
    play.add_argument("--leave-out", default="", metavar="THEMES",
                      help="themes (category keys) to leave out, comma-separated, e.g. sport,history")
    play.set_defaults(run=_play)

    tour = commands.add_parser("tournament", help="bot teams against each other in duplicate games")
    tour.add_argument("--teams", default="hard,medium,easy,random", help="bot levels by seat")
    tour.add_argument("--deal-sets", type=int, default=250, help="deals to play, each once per seat rotation")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--deck", help=deck_help)
    tour.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    tour.set_defaults(run=_tournament)

    bench = commands.add_parser("bench", help="measure the engine's and the bots' speed")
    bench.add_argument("--games", type=int, default=300, help="random games to time")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--deck", help=deck_help)
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    args = build_parser().parse_args(argv)
    return int(args.run(args))
