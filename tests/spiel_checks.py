"""Checks both OpenSpiel adapters' tests make (``research.zero_spiel``, ``research.quiz_spiel``): what a player
sees of two states, and OpenSpiel's resampling contract."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: What a player sees of a state: its information state and its observation, each as a string and a tensor.
VIEWS = ("information_state_string", "information_state_tensor", "observation_string", "observation_tensor")


def views_differ(one: Any, two: Any, player: int) -> list[str]:
    """The views (``VIEWS``) in which ``player`` sees ``one`` and ``two`` differently."""
    return [name for name in VIEWS if getattr(one, name)(player) != getattr(two, name)(player)]


def resample_checked(state: Any, player: int, sampler: Callable[[], float]) -> tuple[Any, list[str]]:
    """A resample of ``state`` from ``player``'s information state, and where it breaks OpenSpiel's contract
    (ResampleInfostateTest): every view of ``player``, whose turn it is and, for the player to act, the legal
    actions must stay the same."""
    other = state.resample_from_infostate(player, sampler)
    problems = views_differ(other, state, player)
    if other.current_player() != state.current_player():
        problems.append("current_player")
    if player == state.current_player() and other.legal_actions() != state.legal_actions():
        problems.append("legal_actions")
    return other, problems
