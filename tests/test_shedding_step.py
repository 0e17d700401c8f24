"""Differential tests: the compiled shedding step kernel against its plain-Python twin.

Random Dou Dizhu and Zheng Shangyou games are played through the game states; at every
position both twins list the same legal ids, judge random ids alike, and applying the same id
(with the log entry, or with given cards and no log entry) leaves the same state dict."""

from __future__ import annotations

import json
import random
import sys

import pytest

import cardcore
import cardcore.doudizhu.state
import cardcore.zhengshangyou.state
from cardcore import CardcoreError
from cardcore._ref import shedding_step as R
from cardcore.game import _copy_native

F = pytest.importorskip("cardcore._fast.shedding_step", reason="compiled kernel not built")

GAMES = {"doudizhu": ("ddz", 24643), "zhengshangyou": ("zsy", 142)}


def state_dict(state) -> dict:
    return _copy_native(state._state_dict())


def dump(d: dict) -> str:
    return json.dumps(d, sort_keys=True)


def test_twins_expose_the_same_public_functions():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
                and getattr(getattr(mod, n), "__module__", mod.__name__) == mod.__name__}

    assert public(F) == public(R)
    assert F.DDZ_KINDS == R.DDZ_KINDS and F.ZSY_KINDS == R.ZSY_KINDS
    assert F.BOMB_BONUS == R.BOMB_BONUS == cardcore.zhengshangyou.state.BOMB_BONUS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_games_step_alike(name):
    """The game's own core (fast) and a twin core (ref) fed the same actions (ids, or a
    played Action's exact cards) agree on legal ids, legality, entries and every accessor."""
    n = GAMES[name][1]
    rng = random.Random(2024)
    steps = 0
    for seed in range(30):
        s = cardcore.new_game(name, seed=seed)
        fc = s._core
        rc = R.from_export(fc.export())
        while not s.is_over:
            ids = s.legal_ids()
            assert ids == fc.legal_ids() == rc.legal_ids()
            assert sorted(s.action_to_id(a) for a in s.legal_actions()) == ids
            probe = rng.sample(range(n), 12) + ids[:3] + [n, -1, None, "1", 1.5]
            assert [fc.is_legal(j) for j in probe] == [rc.is_legal(j) for j in probe]
            for f in ("phase", "turn", "player", "bid", "bidder", "bid_passes", "landlord",
                      "bombs", "multiplier", "spring", "passes", "winner", "opening",
                      "pending_bomb", "nplays", "first", "redeal"):
                assert getattr(fc, f) == getattr(rc, f), f
            for f in ("hands", "bottom", "played", "num_plays", "plays", "passes_on",
                      "table", "table_id", "bid_log", "bonus", "bomb_log", "history",
                      "export", "last_entry", "hand_sizes"):
                assert getattr(fc, f)() == getattr(rc, f)(), f
            if rng.random() < 0.5:
                a = rng.choice(s.legal_actions())
                i, cards = s.action_to_id(a), [int(c) for c in a.cards]
                s.apply(a)
            else:
                i, cards = rng.choice(ids), None
                s.apply_id(i)
            r = rc.apply(i, cards)
            assert rc.last_entry() == fc.last_entry() == s.log[-1]
            steps += 1
            if r:                               # a Dou Dizhu redeal: a new core
                assert s._core is not fc and fc.redeal
                fc = s._core
                rc = R.from_export(fc.export())
            assert fc.export() == rc.export()
        assert fc.export() == rc.export()
        # the game's own core type (the compiled one, or the twin on CARDCORE_BACKEND=ref)
        again = sys.modules[type(fc).__module__].from_export(fc.export())
        assert again.export() == fc.export() and again == fc and R.from_export(fc.export()) == rc
        assert F.from_export(fc.export()).export() == fc.export()
    assert steps > 1000


def test_illegal_ids_and_cards_are_refused_alike():
    for g, first in ((0, 1), (1, None)):
        deck = list(range(54)) if g == 0 else sorted(R._ZSY_DECK)
        a, b = F.Core(g, deck, first), R.Core(g, deck, first)
        for i in (-1, 10**6, 5000, 140):
            for core in (a, b):
                with pytest.raises(CardcoreError):
                    core.apply(i)
        assert a.export() == b.export()


def test_sort_cards_agree():
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(range(54), rng.randrange(0, 21))
        assert F.sort_cards(cards) == R.sort_cards(cards)
        assert F.sort_cards(cards) == sorted(cards, key=lambda c: (R._rank(c), c))
    assert F.sort_cards([5, 5, 0]) == R.sort_cards([5, 5, 0]) == [5, 5, 0]
    for mod in (F, R):
        for bad in ([54], [-1], ["3c"], [True], [10**5000]):
            with pytest.raises(CardcoreError):
                mod.sort_cards(bad)


