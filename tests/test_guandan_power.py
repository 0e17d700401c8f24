"""Guandan's bomb order: written once in the kernel (``power``, with its plain-Python twin), read
by ``Play.power``, ``Play.is_bomb``, ``beats`` and the AI."""

from __future__ import annotations

import importlib

import pytest

from cardcore import CardcoreError
from cardcore._ref import guandan as R
from cardcore.agents import guandan as ai

F = pytest.importorskip("cardcore._fast.guandan", reason="compiled kernel not built")
#: the moves module (``cardcore.guandan.moves`` the attribute is its ``moves`` function)
gm = importlib.import_module("cardcore.guandan.moves")

(SINGLE, PAIR, TRIO, FULL_HOUSE, STRAIGHT, TUBE, PLATE, BOMB, SF, JOKERS) = range(10)
#: the rules page's bomb order, weakest first: 4 < 5 < straight flush < 6 < ... < 10 < jokers
ORDER = [(BOMB, 4), (BOMB, 5), (SF, 5)] + [(BOMB, n) for n in range(6, 11)] + [(JOKERS, 4)]
#: every key the kernel accepts: (kind, rank range, length range)
RANGES = {SINGLE: (0, 15, 1, 1), PAIR: (0, 15, 2, 2), TRIO: (0, 13, 3, 3),
          FULL_HOUSE: (0, 13, 5, 5), STRAIGHT: (3, 12, 5, 5), TUBE: (1, 12, 6, 6),
          PLATE: (0, 12, 6, 6), BOMB: (0, 13, 4, 10), SF: (3, 12, 5, 5), JOKERS: (15, 15, 4, 4)}


def keys():
    for k, (rlo, rhi, nlo, nhi) in RANGES.items():
        for r in range(rlo, rhi + 1):
            for n in range(nlo, nhi + 1):
                yield (k, r, n)


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
def test_power_is_the_bomb_order(mod):
    for key in keys():
        cls, rank = mod.power(key)
        assert rank == key[1]
        if key[0] in (BOMB, SF, JOKERS):
            assert cls == 1 + ORDER.index((key[0], key[2]))
        else:
            assert cls == 0
    # the order agrees with beats: a higher (class, rank) among bombs beats a lower one
    bombs = [k for k in keys() if mod.power(k)[0]]
    for a in bombs:
        for b in bombs:
            assert bool(mod.beats(a, b)) == (mod.power(a) > mod.power(b))


def test_the_twins_agree_and_the_records_and_the_ai_read_the_kernel():
    for key in keys():
        assert F.power(key) == R.power(key)
    assert gm.power is gm._k.power
    for m in gm.moves("5s 5s 5c 5d 5h Jh Qh Kh Ah Th BJ BJ RJ RJ 7c", "2"):
        assert m.power == gm.power(m.key)
        assert m.is_bomb == (m.power[0] > 0)
        assert ai._bomb(gm.action_of(m)) == m.is_bomb


@pytest.mark.parametrize("mod", [F, R], ids=["fast", "ref"])
@pytest.mark.parametrize("bad", [None, "777", (1, 2), (BOMB, 3, 3), (99, 0, 1), (SF, 1.5, 5)])
def test_power_refuses_what_is_no_key(mod, bad):
    with pytest.raises(CardcoreError):
        mod.power(bad)
