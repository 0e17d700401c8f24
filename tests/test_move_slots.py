"""The shedding games' compiled ``Move`` records hold their kind and cards in read-only member
slots (``_fast/slots.pxd``): read without a getter call, equal to what the records would
compute, and never writable."""

from __future__ import annotations

import pickle
import random

import pytest

from cardcore import doudizhu, guandan, zhengshangyou
from cardcore.cards import Card
from cardcore.guandan.moves import KINDS
from cardcore.zhengshangyou.state import deck48

F_SHED = pytest.importorskip("cardcore._fast.shedding", reason="compiled kernel not built")
F_GD = pytest.importorskip("cardcore._fast.guandan", reason="compiled kernel not built")

CLASSES = [F_SHED.DdzMove, F_SHED.ZsyMove, F_GD.Play]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_kind_and_cards_are_read_only_member_slots(cls):
    for name in ("kind", "cards"):
        assert type(cls.__dict__[name]).__name__ == "member_descriptor", name


def _hands(deck, n, size, seed):
    rng = random.Random(seed)
    deck = list(deck)
    for _ in range(n):
        rng.shuffle(deck)
        yield sorted(deck[:size])


def test_dou_dizhu_and_zheng_shangyou_slots_hold_the_records_own_reading():
    for game, deck in ((doudizhu, range(54)), (zhengshangyou, deck48())):
        for hand in _hands(deck, 30, 17, 3):
            for m in game.moves(hand):
                assert m.kind == m[0] and m.cards == m[3]
                # the cards are the hand's, and they make this very play
                assert set(m.cards) <= set(hand)
                assert type(m)(m.kind, m.rank, m.length, m.cards) == m
                back = pickle.loads(pickle.dumps(m))
                assert (back.kind, back.cards) == (m.kind, m.cards)
                with pytest.raises(AttributeError):
                    m.cards = ()
                with pytest.raises(AttributeError):
                    m.kind = "pair"


def test_guandan_slots_hold_the_cards_each_play_takes():
    for hand in _hands(range(54), 30, 27, 4):
        cards = [Card(c) for c in hand]
        for m in guandan.moves(cards, "5"):
            assert m.kind == KINDS[m.row[0]]
            assert sorted(map(int, m.cards)) == [int(c) for c in m.cards]
            assert set(m.cards) <= set(cards)
            assert m in guandan.classify(m.cards, "5")
            with pytest.raises(AttributeError):
                m.cards = ()
            with pytest.raises(AttributeError):
                m.kind = "pair"
