"""Plain-text lines of a game (English; question texts in the chosen language): for the terminal and transcripts."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Combine
from .game import Game, Play, Reveal


def team_name(team: int, names: Sequence[str] | None = None) -> str:
    return names[team] if names else f"team {team}"


def describe_play(play: Play, names: Sequence[str] | None = None) -> str:
    """One team's revealed play: its card(s) and answers, its powers, its value and distance."""
    cards = f" {'+' if play.combine is Combine.SUM else '~'} ".join(f"{c.id} ({c.answer})" for c in play.cards)
    parts = [f"{team_name(play.team, names)}: {cards}"]
    if play.combine is Combine.DIFFERENCE:
        parts.append("difference")
    if play.shift:
        parts.append(f"{play.shift:+d}")
    if play.change:
        parts.append(f"(Change: {play.change[0]} for {play.change[1]})")
    parts.append(f"= {play.value}, {play.distance} away")
    return " ".join(parts)


def describe_reveal(reveal: Reveal, names: Sequence[str] | None = None) -> list[str]:
    """The lines of one round's reveal, in the order of Q8, with who is furthest and what it took."""
    lines = [f"Round {reveal.number}, target {reveal.target}"]
    lines += [f"  {describe_play(p, names)}" for p in reveal.plays]
    furthest = ", ".join(team_name(t, names) for t in reveal.furthest)
    lines.append(f"  furthest: {furthest}")
    if reveal.target_card is not None:
        lines.append(f"  new target: {reveal.target_card.answer} ({reveal.target_card.id})")
    for team in reveal.furthest:
        if reveal.drawn and reveal.drawn[team]:
            lines.append(f"  new cards for {team_name(team, names)}: {', '.join(reveal.drawn[team])}")
    return lines


def describe_end(game: Game, names: Sequence[str] | None = None) -> list[str]:
    """How the game ended and who won."""
    lines = [
        f"  {team_name(r.team, names)} guesses {r.guess} for {r.card.id} ({r.card.answer}): {r.distance} away"
        for r in game.guess_results
    ]
    winners = " and ".join(team_name(t, names) for t in game.winners)
    lines.append(f"Game over ({game.end}): {winners} {'wins' if len(game.winners) == 1 else 'share the win'}.")
    return lines
