"""Bools of every kind, numpy's included, are refused as action ids with ``IllegalAction``
before any integer conversion, whatever the numpy version (before numpy 2.3 ``operator.index``
reads ``np.True_`` as 1 with only a ``DeprecationWarning``; that reading is simulated here), and
under ``-W error`` the library's error is what escapes, never a warning."""

from __future__ import annotations

import copy
import operator
import subprocess
import sys
import warnings

import numpy as np
import pytest

import cardcore
from cardcore import IllegalAction
from cardcore.game import available_games
from cardcore.options import as_int, is_bool

GAMES = available_games()
BOOLS = [True, False, np.True_, np.False_, np.bool_(1), np.array(True)[()]]


def _old_numpy_index(real):
    """``operator.index`` as numpy < 2.3 has it: a numpy bool is read as 0 or 1 with a
    DeprecationWarning."""

    def index(x):
        if isinstance(x, np.bool_):
            warnings.warn("In future, it will be an error for 'np.bool' scalars to be "
                          "interpreted as an index", DeprecationWarning, stacklevel=2)
            return int(bool(x))
        return real(x)

    return index


def _states(game):
    s = cardcore.new_game(game, seed=1)
    yield s
    s2 = cardcore.new_game(game, seed=2)
    for _ in range(3):                  # a later position too
        if s2.is_over:
            break
        s2.apply_id(s2.legal_ids()[-1])
    yield s2


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("old_numpy", [False, True], ids=["numpy-now", "numpy-before-2.3"])
def test_apply_id_refuses_every_bool(game, old_numpy, monkeypatch):
    if old_numpy:
        monkeypatch.setattr(operator, "index", _old_numpy_index(operator.index))
    for state in _states(game):
        before = state.to_json()
        for b in BOOLS:
            for call in (state.apply_id, state.action_from_id):
                with pytest.raises(IllegalAction, match="not a bool"):
                    call(b)
            assert state.to_json() == before
        # a numpy integer is still an id
        i = state.legal_ids()[0]
        twin = copy.deepcopy(state)
        state.apply_id(np.int64(i))
        twin.apply_id(i)
        assert state.to_json() == twin.to_json()


def test_the_reported_cases_refused_with_the_library_error(monkeypatch):
    monkeypatch.setattr(operator, "index", _old_numpy_index(operator.index))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = cardcore.new_game("doudizhu", seed=1, first=0)
        with pytest.raises(IllegalAction, match=r"np.True_.*not a bool"):
            s.apply_id(np.True_)
        assert s.history == []
        b = cardcore.new_game("bridge", seed=0)
        with pytest.raises(IllegalAction, match=r"np.False_.*not a bool"):
            b.apply_id(np.False_)
        assert b.history == []


def test_options_and_seats_never_read_a_bool_as_an_int():
    for b in BOOLS:
        assert is_bool(b) and as_int(b) is None
    for n in (0, 1, np.int8(1), np.uint64(3)):
        assert not is_bool(n) and as_int(n) == int(n)
    for game, opt in (("doudizhu", "first"), ("guandan", "level"), ("holdem", "dealer")):
        if opt not in cardcore.get_game(game).options:
            continue
        for b in (np.True_, np.False_):
            with pytest.raises(cardcore.OptionError, match=opt):
                cardcore.new_game(game, seed=1, **{opt: b})


def test_under_W_error_the_library_error_escapes():
    code = ("import numpy as np, cardcore\n"
            "for g, kw in (('doudizhu', {'first': 0}), ('bridge', {})):\n"
            "    s = cardcore.new_game(g, seed=1, **kw)\n"
            "    for b in (np.True_, np.False_):\n"
            "        try:\n"
            "            s.apply_id(b)\n"
            "        except cardcore.IllegalAction as e:\n"
            "            print(type(e).__name__, e)\n")
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 4 and all(ln.startswith("IllegalAction") and "not a bool" in ln
                                   for ln in lines)
