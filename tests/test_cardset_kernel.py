"""Differential tests: the compiled card-set kernel against its plain-Python twin."""

import itertools

import numpy as np
import pytest

from cardcore import CardError
from cardcore._backend import kernel
from cardcore.rng import Rng

fast = kernel("cardset", "fast")
ref = kernel("cardset", "ref")


def random_hands(n, seed, max_len=40, multi=True):
    rng = Rng(seed)
    for _ in range(n):
        k = rng.below(max_len + 1)
        if multi:
            yield [rng.below(54) for _ in range(k)]
        else:
            deck = list(range(54))
            rng.shuffle(deck)
            yield deck[:k]


@pytest.mark.parametrize("seed", range(3))
def test_random_hands_agree(seed):
    for ids in random_hands(2000, seed):
        assert fast.mask(ids) == ref.mask(ids)
        assert np.array_equal(fast.card_counts(ids), ref.card_counts(ids))
        assert np.array_equal(fast.rank_counts(ids), ref.rank_counts(ids))
        m = ref.mask(ids)
        assert np.array_equal(fast.from_mask(m), ref.from_mask(m))
        assert fast.popcount(m) == ref.popcount(m) == len(set(ids))
        assert fast.suit_masks(m & ((1 << 52) - 1)) == ref.suit_masks(m & ((1 << 52) - 1))
        other = list(ids)
        Rng(seed + len(ids)).shuffle(other)
        assert fast.same_multiset(ids, other) is ref.same_multiset(ids, other) is True
        if other:
            other[0] = (other[0] + 1) % 54
            assert fast.same_multiset(ids, other) is ref.same_multiset(ids, other)


def test_exhaustive_single_cards_and_pairs():
    for a, b in itertools.product(range(54), repeat=2):
        ids = [a, b]
        assert fast.mask(ids) == ref.mask(ids) == (1 << a) | (1 << b)
        assert np.array_equal(fast.rank_counts(ids), ref.rank_counts(ids))
        assert fast.same_multiset(ids, [b, a]) and ref.same_multiset(ids, [b, a])


def test_rank_counts_layout():
    # 2c, 2s, As, BJ, RJ, RJ
    counts = fast.rank_counts([0, 3, 51, 52, 53, 53])
    assert counts.tolist() == [2] + [0] * 11 + [1, 1, 2]


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
def test_bad_ids_raise(mod):
    with pytest.raises(CardError, match="54"):
        mod.mask([1, 54])
    with pytest.raises(CardError, match="above 53"):
        mod.from_mask(1 << 60)
    with pytest.raises(CardError, match="1-d"):
        mod.card_counts([[1, 2]])
    # ids are checked before any conversion: 300 does not wrap to 44, floats and bools are
    # not ids, a mask is an int
    for bad in ([1, 300], np.array([1, 300]), [1, -1], [1, 2.0], [True], "AsKs", None):
        with pytest.raises(CardError):
            mod.mask(bad)
    for bad in (-1, 2**64, 1.0, True, "5", None):
        with pytest.raises(CardError, match="mask"):
            mod.popcount(bad)


def test_counts_past_255_wrap_alike():
    ids = [7] * 300
    assert fast.card_counts(ids).tolist() == ref.card_counts(ids).tolist()
    assert fast.rank_counts(ids).tolist() == ref.rank_counts(ids).tolist()
    assert fast.card_counts(ids)[7] == 300 % 256


@pytest.mark.parametrize("a, b", [(np.array([2, 1, 0, 255], np.uint8), None), ([1], None),
                                  (None, [1, 2]), ([60], [70])])
def test_same_multiset_checks_its_first_argument_first_on_both_backends(a, b):
    """Both backends check ``a`` before ``b``, so a call bad in both names the same error."""
    got = []
    for back in ("fast", "ref"):
        with pytest.raises(CardError) as err:
            kernel("cardset", back).same_multiset(a, b)
        got.append(str(err.value))
    assert got[0] == got[1]
