"""What the two OpenSpiel adapters (``research.zero_spiel``, ``research.quiz_spiel``) and their bots share.

- ``game_type``: the OpenSpiel type both games are: sequential, dealt by explicit chance, of imperfect
  information, scored at the end, with every view (information state and observation, string and tensor).
- ``Held``: an immutable engine state (a Zero ``Round``, a quiz ``Game``) inside an OpenSpiel state: shared by
  clones, never copied, and pickled by its record (``to_dict``, rebuilt by its class's ``from_dict``; so a quiz
  game comes back on the shipped deck).
- ``EngineState``: an OpenSpiel state that chance deals first, one outcome at a time (``_dealt``), each outcome
  uniform among those not dealt yet, and that then holds the engine's state (``engine``); a game gives its
  deal (``dealt``) and what an action does (``played``).
- ``uniform_outcomes``: the chance outcomes of a deal that draws one of the items not dealt yet.
- ``Observer`` and ``recalls``: an observer's tensor and the named views into it that ``set_from`` fills.
- ``StatelessBot``: a ``pyspiel.Bot`` that keeps nothing between its steps (it reads the state at each).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar

import numpy as np
import pyspiel


def game_type(short_name: str, long_name: str, utility: Any, players: range, params: dict[str, Any]) -> Any:
    """A ``pyspiel.GameType`` of this package's kind (see the module's text) for ``players`` players."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[-1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class Record(Protocol):
    """An engine state that is plain data (``from_dict(to_dict())`` rebuilds it) and knows when it is over."""

    @property
    def is_over(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: object) -> Self: ...


R = TypeVar("R", bound=Record)


class Held(Generic[R]):
    """An immutable engine state inside an OpenSpiel state: shared by clones (never copied), pickled by its record."""

    __slots__ = ("value",)

    def __init__(self, value: R) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Held[R]:
        return self

    def __reduce__(self) -> tuple[Callable[[type[R], dict[str, Any]], Held[R]], tuple[type[R], dict[str, Any]]]:
        return (_held_from_dict, (type(self.value), self.value.to_dict()))


def _held_from_dict(kind: type[R], data: dict[str, Any]) -> Held[R]:
    return Held(kind.from_dict(data))


def uniform_outcomes(count: int, dealt: Iterable[int]) -> list[tuple[int, float]]:
    """Every outcome of ``range(count)`` not in ``dealt``, each as likely."""
    taken = set(dealt)
    left = [i for i in range(count) if i not in taken]
    chance = 1.0 / len(left)
    return [(i, chance) for i in left]


class EngineState(pyspiel.State, Generic[R]):  # type: ignore[misc]
    """A state of a game whose chance outcomes come first (``_dealt``, the outcomes so far, each uniform among the
    game's ``max_chance_outcomes`` not dealt yet), then the engine's immutable state (``engine``). A game says
    when the deal is whole and what it deals (``dealt``), and what an OpenSpiel action does (``played``)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._dealt: list[int] = []
        self._held: Held[R] | None = None

    @property
    def engine(self) -> R | None:
        """The engine's state once dealt (immutable; ``None`` while chance deals)."""
        return None if self._held is None else self._held.value

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return uniform_outcomes(self.get_game().max_chance_outcomes(), self._dealt)

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        if engine is not None:
            self._held = Held(self.played(engine, action))
            return
        self._dealt.append(action)
        dealt = self.dealt()
        if dealt is not None:
            self._held = Held(dealt)

    def dealt(self) -> R | None:
        """The engine's state once ``_dealt`` is a whole deal, else ``None``."""
        raise NotImplementedError

    def played(self, engine: R, action: int) -> R:
        """The engine's state after OpenSpiel's ``action`` in ``engine``."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        engine = self.engine
        return engine is not None and engine.is_over


def recalls(iig_obs_type: Any, params: Any, game: str) -> bool:
    """Whether ``make_py_observer``'s arguments ask for the information state (perfect recall) rather than the
    observation; the observers take no parameters."""
    if params:
        raise ValueError(f"The {game} observer takes no parameters, not {params!r}.")
    return iig_obs_type is not None and bool(iig_obs_type.perfect_recall)


class Observer:
    """An observer's flat ``float32`` tensor and, by name, the shaped views into it (``pieces``, in order), for
    the information state (``perfect_recall``) or the observation."""

    #: The one-hot piece that names whose view the tensor holds.
    who = "player"

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...]]], perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + size].reshape(shape)
            index += size

    def set_from(self, state: Any, player: int) -> None:
        """Fill the tensor with ``player``'s view of ``state`` (an ``EngineState``): ``who`` and, while chance
        deals, the first place of the ``phase`` piece and ``set_dealing``; then ``set_engine``."""
        self.tensor.fill(0)
        self.dict[self.who][player] = 1
        engine = state.engine
        if engine is None:
            self.dict["phase"][0] = 1
            self.set_dealing(state, player)
        else:
            self.set_engine(state, engine, player)

    def set_dealing(self, state: Any, player: int) -> None:
        """The rest of ``player``'s view while chance deals."""
        raise NotImplementedError

    def set_engine(self, state: Any, engine: Any, player: int) -> None:
        """The rest of ``player``'s view once the engine plays."""
        raise NotImplementedError


class StatelessBot(pyspiel.Bot):  # type: ignore[misc]
    """A ``pyspiel.Bot`` that reads the state at every step, so a restart or another's action tells it nothing."""

    def __init__(self) -> None:
        pyspiel.Bot.__init__(self)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass
