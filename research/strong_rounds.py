"""Rounds played by a strong player in every seat, recorded for fitting the bots' action model and measuring beliefs.

    nice -n 19 python -m research.strong_rounds --level ismcts --seeds 5000:5030 [--out FILE.jsonl]

Each round is one JSON line: the deal's seed, the dealer, the player, and every action in order (``[give, take]``
card indices, or ``"knock"``); ``Round.deal(3, seed=seed, dealer=dealer)`` and the actions replay it exactly.
Resumable: seeds already in the file are skipped, and each round is appended (flushed) as soon as it is played, so
a run stopped at any point keeps what it did. ``--level`` is a bot level or an outside yardstick (``ismcts``: the
strongest outside searcher this project runs; ``expert``).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from zero_game.actions import KNOCK, Action, Swap
from zero_game.bots.base import swap_action
from zero_game.round import Round

DEFAULT_OUT = Path(__file__).resolve().parent / "data" / "ismcts_rounds.jsonl"
PLAYERS = 3


def encode(action: Action) -> list[int] | str:
    """An action as JSON: ``[give, take]`` card indices, or ``"knock"``."""
    if isinstance(action, Swap):
        return [action.give.index, action.take.index]
    return "knock"


def decode(item: list[int] | str) -> Action:
    """The action ``encode`` wrote."""
    return KNOCK if item == "knock" else swap_action(int(item[0]), int(item[1]))


def load(path: Path) -> list[dict[str, Any]]:
    """The recorded rounds of ``path`` (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def replay(record: dict[str, Any]) -> Iterator[tuple[Round, Action]]:
    """Every state of a recorded round with the action taken from it, in order."""
    state = Round.deal(record["players"], seed=record["seed"], dealer=record["dealer"])
    for item in record["actions"]:
        action = decode(item)
        yield state, action
        state = state.apply(action)


def play(level: str, seed: int) -> tuple[dict[str, Any], float, int]:
    """One round of ``level`` in every seat; its record, the seconds it took and its decisions."""
    from zero_game.tournament import capped_bot

    bots = [capped_bot(level) for _ in range(PLAYERS)]
    dealer = seed % PLAYERS
    state = Round.deal(PLAYERS, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    actions = []
    began = time.process_time()
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state.view(seat), rng)
        actions.append(encode(action))
        state = state.apply(action)
    record = {"seed": seed, "dealer": dealer, "players": PLAYERS, "level": level, "actions": actions}
    return record, time.process_time() - began, len(actions)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="ismcts")
    parser.add_argument("--seeds", default="5000:5030", help="FIRST:END (END excluded)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    done = {(r["seed"], r["level"]) for r in load(args.out)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for seed in range(first, end):
        if (seed, args.level) in done:
            continue
        record, cpu, decisions = play(args.level, seed)
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
        print(f"seed {seed}: {decisions} decisions, {cpu:.1f} s CPU ({cpu / decisions:.2f} s a decision)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
