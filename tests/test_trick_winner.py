"""The trick winner of Bridge has one rule, ``cardcore._ref.tricks.trick_winner``; the Bridge
step kernel (``bridge_step.trick_winner_index``) and the double-dummy search
(``dds.trick_winner``) keep compiled copies of it for speed. All of them, compiled and reference,
give the same winner over many random four-card tricks, every trump and no trump, every leader,
and over every suit pattern."""

from __future__ import annotations

import itertools
import random

import pytest

from cardcore._backend import kernel
from cardcore._ref import tricks as rule
from cardcore._ref.tricks import trick_winner
from cardcore.engines import tricks as engine

STEP = {"fast": kernel("bridge_step", "fast"), "ref": kernel("bridge_step", "ref")}
DDS = {"fast": kernel("dds", "fast"), "ref": kernel("dds", "ref")}
BACKENDS = ["fast", "ref"]


def by_hand(cards: list[int], trump: int | None) -> int:
    """The rule written out: the highest trump, else the highest card of the led suit."""
    pool = [c for c in cards if trump is not None and c & 3 == trump] or \
        [c for c in cards if c & 3 == cards[0] & 3]
    return cards.index(max(pool))


def check(cards: list[int], trump: int, leader: int) -> None:
    t = None if trump == 4 else trump
    want = trick_winner(cards, t)
    assert want == by_hand(cards, t), (cards, trump)
    for b in BACKENDS:
        assert STEP[b].trick_winner_index(cards, trump) == want, (b, cards, trump)
        assert DDS[b].trick_winner(cards, trump, leader) == (leader + want) % 4, \
            (b, cards, trump, leader)


def test_random_tricks():
    rng = random.Random(2026)
    for _ in range(20000):
        check(rng.sample(range(52), 4), rng.randrange(5), rng.randrange(4))


@pytest.mark.parametrize("trump", range(5))
def test_every_suit_pattern(trump):
    """Every assignment of suits to the four cards, with ranks both rising and falling."""
    rng = random.Random(trump)
    for suits in itertools.product(range(4), repeat=4):
        for ranks in ([0, 5, 9, 12], [12, 9, 5, 0], rng.sample(range(13), 4)):
            cards = [r * 4 + s for r, s in zip(ranks, suits, strict=True)]
            if len(set(cards)) == 4:
                check(cards, trump, rng.randrange(4))


def test_the_engine_re_exports_the_one_rule():
    assert all(getattr(engine, n) is getattr(rule, n) for n in rule.__all__)
