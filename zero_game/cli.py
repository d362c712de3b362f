"""Command line: ``python -m zero_game <command>``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tabletop.console import commands, failed, later, report, run


def _bench(args: argparse.Namespace) -> int:
    if args.what == "engine":
        from .bench import bench_engine

        print(bench_engine(rounds=args.rounds, seed=args.seed))
        return 0
    if args.what == "bots":
        from .bots.bench import bench_bots

        print(bench_bots(rounds=min(args.rounds, 200), seed=args.seed))
        return 0
    raise AssertionError(args.what)


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import format_report, run_tournament, to_json

    try:
        seats = [s.strip() for s in args.seats.split(",")]
        figures = run_tournament(
            seats, args.matches, args.seed, workers=args.workers, rounds=args.rounds, records=args.records,
            iterations={level: cap for level, cap in (("hard", args.hard_iterations),
                                                      ("expert", args.expert_iterations)) if cap is not None},
        )
    except ValueError as err:
        return failed(err)
    report(format_report(figures), args.json, lambda: to_json(figures))
    # A capped round means a bot failed to end a round on its own.
    return 1 if figures["capped_rounds"] else 0


def _compare(args: argparse.Namespace) -> int:
    import json

    from .tournament import compare_reports, format_comparison

    try:
        reports = []
        for name in (args.old, args.new):
            with open(name, encoding="utf-8") as file:
                reports.append(json.load(file))
        result = compare_reports(*reports)
    except (OSError, ValueError, KeyError, TypeError) as err:
        detail = f"no {err} in a report" if isinstance(err, KeyError) else str(err)
        return failed(f"cannot compare these runs: {detail}")
    print(format_comparison(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The parser for every sub-command."""
    parser, sub = commands("zero_game", "Reiner Knizia's Zero.")
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("what", choices=["engine", "bots"], help="what to measure")
    bench.add_argument("--rounds", type=int, default=2000, help="rounds per table size")
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(run=_bench)

    tour = sub.add_parser("tournament", help="bots against bots in duplicate matches")
    tour.add_argument("--seats", required=True, help="bot levels by seat, e.g. hard,medium,medium, or outside "
                      "yardsticks: pimc, ismcts (OpenSpiel: the research extra), optionally with a budget, pimc:175")
    tour.add_argument("--matches", type=int, default=300, help="matches to play (rounded up to whole deal sets)")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--rounds", type=int, default=None, help="rounds per match (default: one per player)")
    tour.add_argument("--workers", type=int, default=1, help="processes to play in")
    tour.add_argument("--hard-iterations", type=int, default=None,
                      help="the hard bot's playout cap per decision (default: the page's)")
    tour.add_argument("--expert-iterations", type=int, default=None,
                      help="the expert bot's playout cap per decision (default: the page's)")
    tour.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    tour.add_argument("--records", action="store_true",
                      help="keep every match (deals, actions, scores) in the JSON, for bench/habits.py")
    tour.set_defaults(run=_tournament)

    compare = sub.add_parser(
        "compare", help="a bot's change between two tournament runs (--json files) on the same cards"
    )
    compare.add_argument("old", help="the JSON of the run before the change")
    compare.add_argument("new", help="the JSON of the run after it")
    compare.set_defaults(run=_compare)

    play = sub.add_parser("play", help="play a match in the terminal against bots or hot-seat")
    play.add_argument("--seats", default="you,medium,medium",
                      help="seats in order: 'you', a person's name, or a bot level "
                           "(random, easy, medium, hard, expert)")
    play.add_argument("--rounds", type=int, default=None, help="rounds in the match (default: one per player)")
    play.add_argument("--seed", type=int, default=None, help="seed for the deals and the bots")
    play.add_argument(
        "--no-colour", "--no-color", dest="colour", action="store_false", help="plain text, no ANSI colours"
    )
    play.set_defaults(run=later("zero_game.terminal", "play_from_args"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    return run(build_parser(), argv)
