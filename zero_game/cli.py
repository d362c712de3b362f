"""Command line: ``python -m zero_game <command>``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def _bench(args: argparse.Namespace) -> int:
    if args.what == "engine":
        from .bench import bench_engine

        print(bench_engine(rounds=args.rounds, seed=args.seed))
        return 0
    raise AssertionError(args.what)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every sub-command."""
    parser = argparse.ArgumentParser(prog="python -m zero_game", description="Reiner Knizia's Zero.")
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("what", choices=["engine"], help="what to measure")
    bench.add_argument("--rounds", type=int, default=2000, help="rounds per table size")
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    args = build_parser().parse_args(argv)
    return int(args.run(args))
