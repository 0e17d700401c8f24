"""The batched stepper's loop over cores, compiled (plain-Python twin ``cardcore._ref.vector``)."""

from collections.abc import Callable
from typing import Any, Final

from typing_extensions import disjoint_base

import numpy as np
import numpy.typing as npt

@disjoint_base
class Stepper:
    player: npt.NDArray[np.int32]
    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    rewards: npt.NDArray[np.float64]
    terminated: npt.NDArray[np.bool_]
    episode: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    ids: npt.NDArray[np.int32]
    def __init__(self, cores: list[Any], make: Callable[[int], Any],
                 first_episode: int) -> None: ...
    def core(self, i: int) -> Any: ...
    def actions(self, i: int) -> list[int]: ...
    next_episode_index: Final[int]
    def reset(self) -> None: ...
    def step(self, actions: Any) -> None: ...
