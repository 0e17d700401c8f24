"""One owner for each scoring rule.

Tractor's card points are written once in the Tractor rule kernel (``tr_card_points`` in
``_fast/tractor.pxd``, exported as ``CARD_POINTS``; the twin ``_ref/tractor.py``). These tests
check that the game, its public helpers and the AI read that definition, that the compiled
kernel and its twin agree, and that played games follow it.
"""

from __future__ import annotations

import random

import pytest

import cardcore
from cardcore._backend import kernel
from cardcore._ref import tractor as RT

FT = pytest.importorskip("cardcore._fast.tractor", reason="compiled kernel not built")

TRACTOR = kernel("tractor")


# ------------------------------------------------------------------ Tractor's card points

def test_tractor_reads_the_card_points_from_the_rule_kernel():
    from cardcore.agents import tractor as ai
    from cardcore.tractor import rules
    from cardcore.tractor import state as ts

    assert rules._POINTS_BY_ID is TRACTOR.CARD_POINTS
    assert ts._POINTS is TRACTOR.CARD_POINTS
    assert ai._PTS is TRACTOR.CARD_POINTS
    assert rules.POINTS == {3: 5, 8: 10, 11: 10}


def test_card_points_twins_agree():
    assert FT.CARD_POINTS == RT.CARD_POINTS
    assert len(FT.CARD_POINTS) == 54 and 2 * sum(FT.CARD_POINTS) == 200
    for c, p in enumerate(FT.CARD_POINTS):
        rank = c >> 2 if c < 52 else None
        assert p == {3: 5, 8: 10, 11: 10}.get(rank, 0), c     # 5s, 10s and Ks
    from cardcore.tractor import rules
    rng = random.Random(3)
    deck = [c for c in range(54) for _ in range(2)]
    for _ in range(200):
        cards = rng.sample(deck, rng.randrange(0, 30))
        assert rules.card_points(cards) == sum(RT.CARD_POINTS[c] for c in cards)


def test_tractor_games_count_points_by_the_rule():
    from cardcore._ref import tractor_step as RTS

    assert RTS._POINTS is RT.CARD_POINTS
    scored = 0
    for seed in range(6):
        s = cardcore.new_game("tractor", seed=seed, single_deal=True)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply_id(rng.choice(s.legal_ids()))
        assert sum(len(cs) for t in s.tricks for _, cs in t["plays"]) == 100
        won = 0
        for t in s.tricks:
            assert t["points"] == sum(FT.CARD_POINTS[c] for _, cs in t["plays"] for c in cs)
            if (t["winner"] & 1) != (s.dealer & 1):
                won += t["points"]
        rec = s.past[-1]
        assert rec["card_points"] == won
        assert rec["kitty_points"] == sum(FT.CARD_POINTS[c] for c in rec["kitty"])
        # every counter of the two decks is in a trick or in the kitty
        assert sum(t["points"] for t in s.tricks) + rec["kitty_points"] == 200
        scored += won > 0
    assert scored >= 3
