"""``core_field``: the states' read-only properties that read their core.

A state declares each of them once, ``bid: Final[int] = core_field("bid", "...")``
(``cardcore.game.core_field``). Here: what one such property does (reads the core as it is now,
refuses assignment, keeps its docstring, on either backend's core), and for every registered
game that every property so declared reads what the core holds, on a fresh state and a few
moves in, with a compiled and a plain-Python core.
"""

from __future__ import annotations

import inspect
import operator

import pytest

import cardcore
from cardcore._backend import kernel
from cardcore.game import core_field, game_class
from cardcore.rng import Rng

BACKENDS = ("fast", "ref")


class _View:
    """The smallest state: a core and two fields read from it."""

    bid = core_field("bid", "The highest bid (0 before any).")
    bottom = core_field("bottom", "The three bottom cards, sorted.", call=True)

    def __init__(self, core):
        self._core = core


def declared_fields(cls: type) -> dict[str, tuple[str, bool]]:
    """Every ``core_field`` property of ``cls`` (its own and inherited): name -> (the core's
    name it reads, whether it calls it)."""
    out = {}
    for name in dir(cls):
        prop = inspect.getattr_static(cls, name)
        if not isinstance(prop, property) or prop.fget is None:
            continue
        get = inspect.unwrap(prop.fget)
        if isinstance(get, operator.attrgetter):
            path = get.__reduce__()[1][0]
            if path.startswith("_core."):
                out[name] = (path[len("_core."):], get is not prop.fget)
    return out


def with_backend(state, backend: str):
    """``state`` with its core on ``backend`` (the same position, through the export)."""
    if backend == "ref":
        state._core = kernel(type(state).CORE, "ref").from_export(state.core.export())
    return state


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_core_field_reads_the_core_now_and_is_read_only(backend):
    core = kernel("shedding_step", backend).from_seed(7, game="doudizhu")
    view = _View(core)
    assert view.bid == 0 and view.bottom == core.bottom()
    core.apply(2)                                  # id 2: "bid 2"
    assert view.bid == core.bid == 2
    assert view.bottom == core.bottom() and len(view.bottom) == 3
    with pytest.raises(AttributeError):
        view.bid = 3
    with pytest.raises(AttributeError):
        view.bottom = []
    assert view.bid == 2
    assert _View.bid.__doc__ == "The highest bid (0 before any)."
    assert _View.bottom.__doc__ == "The three bottom cards, sorted."
    assert declared_fields(_View) == {"bid": ("bid", False), "bottom": ("bottom", True)}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game", cardcore.GAMES)
def test_every_declared_field_is_the_cores_value(game, backend):
    cls = game_class(game)
    fields = declared_fields(cls)
    assert fields, f"{game}: no core_field properties"
    rng = Rng(11)
    state = cardcore.new_game(game, seed=5)
    for moves in (0, 3, 3):                     # a fresh state, then 3 and 6 random moves in
        for _ in range(moves):
            if not state.is_over:
                ids = state.legal_ids()
                state.apply_id(ids[rng.below(len(ids))])
        view = with_backend(state.clone(), backend)
        core = view.core
        for name, (attr, call) in fields.items():
            want = getattr(core, attr)() if call else getattr(core, attr)
            assert getattr(view, name) == want, (game, backend, name)
            prop = inspect.getattr_static(cls, name)
            assert isinstance(prop.__doc__, str) and prop.__doc__, (game, name)
            if prop.fset is None:               # (Guandan's editable fields have a setter)
                with pytest.raises(AttributeError):
                    setattr(view, name, want)
