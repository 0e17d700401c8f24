"""Differential and exhaustive tests of the poker evaluator (``_fast.poker`` vs ``_ref.poker``)."""

from itertools import combinations

import numpy as np
import pytest

from cardcore import CardcoreError, CardError, poker
from cardcore._fast import poker as fast
from cardcore._ref import poker as ref
from cardcore.cards import parse

SEVEN_CARD_COUNTS = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three of a kind": 6_461_620,
    "two pair": 31_433_400, "pair": 58_627_800, "high card": 23_294_460,
}
FIVE_CARD_COUNTS = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
    "high card": 1_302_540,
}


def ids(text):
    return [int(c) for c in parse(text)]


@pytest.fixture(scope="module")
def all_five():
    return np.array(list(combinations(range(52), 5)), dtype=np.uint8)


def test_every_five_card_hand_matches_reference(all_five):
    """All 2,598,960 hands: the kernel's value equals the reference's value of the hand.

    The reference value of a five-card hand is a function of (sorted ranks, flush) only, so it
    is computed once per such class and compared with the kernel on every hand of the class."""
    assert len(all_five) == 2_598_960
    values = fast.evaluate_many(all_five)
    ranks = (all_five >> 2).astype(np.int64)  # ascending, as the ids are
    suits = all_five & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    key = ((((ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]) * 13 + ranks[:, 3]) * 13
           + ranks[:, 4]) * 2 + flush
    classes, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    assert len(classes) == 6175 + 1287  # rank multisets, plus flush rank sets
    ref_vals = np.array([ref.evaluate(all_five[i].tolist()) for i in first], dtype=np.uint16)
    mismatch = np.flatnonzero(ref_vals[inverse.ravel()] != values)
    assert mismatch.size == 0, all_five[mismatch[:5]].tolist()
    # every value 1..7462 occurs, and nothing else
    assert sorted(set(ref_vals.tolist())) == list(range(1, 7463))


def _rank_multisets(k):
    """Every multiset of k ranks (each rank at most 4 times), as sorted lists."""
    out = []

    def rec(r, left, acc):
        if left == 0:
            out.append(acc)
            return
        if r == 13:
            return
        for c in range(min(4, left), -1, -1):
            rec(r + 1, left - c, acc + [r] * c)
    rec(0, k, [])
    return out


@pytest.mark.parametrize("k,n_patterns", [(5, 6175), (6, 18395), (7, 49205)])
def test_every_rank_pattern_and_flush_mask_matches_reference(k, n_patterns):
    """Every entry the kernel can look up for k cards: each rank multiset without a flush
    (suits dealt round-robin, so no suit has five cards and equal ranks differ in suit) and
    each k-card flush (every k-subset of ranks in one suit)."""
    patterns = _rank_multisets(k)
    assert len(patterns) == n_patterns
    rows = [[r * 4 + i % 4 for i, r in enumerate(p)] for p in patterns]
    rows += [[r * 4 for r in ranks] for ranks in combinations(range(13), k)]
    arr = np.array(rows, dtype=np.uint8)
    got = fast.evaluate_many(arr)
    want = np.array([ref.evaluate(row) for row in rows], dtype=np.uint16)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, [rows[i] for i in bad[:5]]


def test_five_card_category_counts():
    assert fast.category_histogram(5) == FIVE_CARD_COUNTS
    assert list(fast.category_histogram(5)) == list(reversed(poker.CATEGORIES))


def test_seven_card_enumeration_counts():
    hist = poker.category_histogram7()
    assert hist == SEVEN_CARD_COUNTS
    assert sum(hist.values()) == 133_784_560
    vals = poker.value_histogram(7)
    assert vals[0] == 0 and vals.sum() == 133_784_560
    # 4,824 distinct values can be the best five of seven cards
    assert int((vals > 0).sum()) == 4824


@pytest.mark.parametrize("k,n", [(6, 4000), (7, 4000)])
def test_random_hands_match_reference(k, n):
    rng = np.random.default_rng(1000 + k)
    hands = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
    got = fast.evaluate_many(hands)
    want = ref.evaluate_many(hands)
    assert (got == want).all()
    for row, v in zip(hands[:300].tolist(), got[:300].tolist()):
        assert fast.evaluate(row) == v == poker.evaluate(row)


def test_extra_cards_never_break_ties():
    """A 6/7-card value is the best of its five-card subsets, so two hands with the same best
    five tie whatever the other cards."""
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].astype(np.uint8)
    subsets = np.array(list(combinations(range(7), 5)))
    best = fast.evaluate_many(hands[:, subsets].reshape(-1, 5)).reshape(-1, 21).max(axis=1)
    assert (fast.evaluate_many(hands) == best).all()
    a = poker.evaluate("As Ks Qd Jc 9h 3c 2d")
    b = poker.evaluate("Ah Kh Qs Jd 9c 4s 5d")
    assert a == b == poker.evaluate("Ac Kd Qh Js 9s")
    assert poker.evaluate("Kh Kd 8s 8c 4h 4d 2c") == poker.evaluate("Ks Kc 8h 8d 4s 2s 4c")


def test_wheel_and_straights():
    wheel = poker.evaluate("Ah 2c 3d 4s 5h")
    six_high = poker.evaluate("2c 3d 4s 5h 6h")
    broadway = poker.evaluate("Th Jc Qd Ks Ah")
    assert poker.category(wheel) == "straight"
    assert wheel < six_high < broadway
    assert poker.evaluate("Ah Kd 3h 4s 5h") < wheel  # no wraparound: ace-high
    assert poker.category(poker.evaluate("Qh Kd Ah 2s 3h")) == "high card"
    steel = poker.evaluate("As 2s 3s 4s 5s")
    assert poker.category(steel) == "straight flush"
    assert steel < poker.evaluate("2s 3s 4s 5s 6s") < poker.evaluate("Ts Js Qs Ks As") == 7462
    assert poker.evaluate("7c 5d 4h 3s 2c") == 1
    # a wheel with a six plays as six high
    assert poker.evaluate("Ah 2c 3d 4s 5h 6c Kd") == six_high


def test_category_order_and_boundaries():
    hands = ["7c 5d 4h 3s 2c", "2c 2d 3h 4s 5c", "2c 2d 3h 3s 4c", "2c 2d 2h 3s 4c",
             "Ah 2c 3d 4s 5h", "2h 3h 4h 5h 7h", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c",
             "As 2s 3s 4s 5s"]
    values = [poker.evaluate(h) for h in hands]
    assert values == sorted(values)
    assert [poker.category(v) for v in values] == list(poker.CATEGORIES)
    assert poker.CATEGORIES == ("high card", "pair", "two pair", "three of a kind", "straight",
                                "flush", "full house", "four of a kind", "straight flush")
    for v in range(1, 7463):
        assert fast.category(v) == ref.category(v)
    assert fast.CATEGORY_BASES == ref.CATEGORY_BASES


def test_kickers_and_suits():
    assert poker.evaluate("Ah Ad Kc 7s 3d") > poker.evaluate("Ah Ad Qc Js Td")
    assert poker.evaluate("Kh Kd Ks 2c 2d") > poker.evaluate("Qh Qd Qs Ac Ad")
    assert poker.evaluate("Ah Kh 9h 7h 2h") == poker.evaluate("As Ks 9s 7s 2s")
    assert poker.evaluate("9h 9d 4c 4s Ad") > poker.evaluate("9c 9s 4h 4d Kd")
    # three pairs: the best two plus the best kicker (the third pair's rank may kick)
    assert poker.evaluate("Ah Ad Kh Kd Qc Qd 2s") == poker.evaluate("Ac As Kc Ks Qh")
    # two trips make a full house of the higher over the lower
    assert poker.evaluate("9h 9d 9c 5s 5h 5d 2c") == poker.evaluate("9s 9d 9c 5s 5h")


def test_input_forms_and_errors():
    v = poker.evaluate("AsKsQsJsTs")
    assert v == poker.evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    assert v == poker.evaluate(parse("AsKsQsJsTs"))
    assert v == poker.evaluate(ids("As Ks Qs Js Ts")) == poker.evaluate(tuple(ids("AsKsQsJsTs")))
    assert v == poker.evaluate(iter(ids("As Ks Qs Js Ts")))
    for bad in ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", "As As Qs Js Ts", "As Ks Qs Js BJ",
                [0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 3], [0, 1, 2, 3, 4.0], 5,
                "As Ks Qs Js Zs", [0, 1, 2, 3, True]]:
        with pytest.raises(CardError):
            poker.evaluate(bad)
    for mod in (fast, ref):
        with pytest.raises(CardError):
            mod.evaluate([0, 1, 2, 3, 60])
        with pytest.raises(CardError):
            mod.category(0)
        with pytest.raises(CardError):
            mod.category(7463)
        with pytest.raises(CardError):
            mod.category("7")


def test_evaluate_many_validation():
    good = np.array([ids("As Ks Qs Js Ts 2c 3d"), ids("2c 3d 4h 5s 7c 8d 9h")], dtype=np.uint8)
    assert fast.evaluate_many(good).tolist() == ref.evaluate_many(good).tolist()
    assert fast.evaluate_many(good.astype(np.int64)).dtype == np.uint16
    assert fast.evaluate_many(np.zeros((0, 7), np.uint8)).shape == (0,)
    for bad in [np.array([[0, 1, 2, 3, 3]]), np.array([[0, 1, 2, 3, 52]]),
                np.array([[0, 1, 2, 3, 300]]), np.array([[0, 1, 2, 3, -1]]),
                np.array([[0, 1, 2, 3]]), np.array([0, 1, 2, 3, 4]),
                np.array([[0.0, 1, 2, 3, 4]]), np.array([[0, 1, 2, 3, 255]], np.uint8)]:
        for mod in (fast, ref):
            with pytest.raises(CardError):
                mod.evaluate_many(bad)
    big = np.tile(good, (1000, 1))
    big[1234, 3] = big[1234, 2]
    with pytest.raises(CardError, match="row 1234"):
        poker.evaluate_many(big)


def test_unchecked_matches_checked():
    rng = np.random.default_rng(3)
    for k in (5, 6, 7):
        hands = np.argsort(rng.random((2000, 52)), axis=1)[:, :k].astype(np.uint8)
        want = fast.evaluate_many(hands)
        assert (fast.evaluate_many(hands, check=False) == want).all()
        assert (ref.evaluate_many(hands[:300], check=False) == want[:300]).all()
    # invalid rows are not an error without the check, and read nothing out of bounds
    junk = np.array([[255, 255, 255, 255, 255, 255, 255], [0, 0, 0, 0, 0, 0, 0],
                     [0, 4, 8, 12, 16, 52, 252], [0, 4, 8, 12, 200, 204, 208]], np.uint8)
    assert fast.evaluate_many(junk, check=False).shape == (4,)
    for row in junk:
        with pytest.raises(CardError):
            fast.evaluate_many(row[None, :])


def test_describe_and_best_five():
    assert poker.describe("As Ks Qs Js Ts 2c 3d") == "royal flush"
    assert poker.describe("Kh Kd Ks 2c 2d 9h") == "full house, kings full of twos"
    assert poker.describe("Ah 2c 3d 4s 5h 9c") == "straight, five high"
    assert poker.describe("9c 9s 4h 4d Kd 2c") == "two pair, nines and fours"
    assert [str(c) for c in poker.best_five("Ah 2c 3d 4s 5h 9c")] == ["5h", "4s", "3d", "2c", "Ah"]


def test_suits_are_equal():
    """Relabelling the suits never changes a value (all 24 permutations, random hands)."""
    from itertools import permutations

    rng = np.random.default_rng(11)
    hands = np.argpartition(rng.random((5000, 52)), 7, axis=1)[:, :7].astype(np.uint8)
    base = fast.evaluate_many(hands)
    for perm in permutations(range(4)):
        relabelled = (hands & ~np.uint8(3)) | np.array(perm, dtype=np.uint8)[hands & 3]
        assert (fast.evaluate_many(relabelled) == base).all()


def test_reference_twin_exposes_the_same_functions():
    public = {n for n in dir(fast) if not n.startswith("_") and n.islower()}
    assert public <= set(dir(ref)), public - set(dir(ref))
    for name in ("CATEGORIES", "CATEGORY_BASES", "NUM_VALUES", "MAX_PLAYERS", "SHARE_UNIT"):
        assert getattr(fast, name) == getattr(ref, name)


# ---------------------------------------------------------------- input forms and dtypes

WIDE = [np.uint8, np.int8, np.uint16, np.int16, np.uint32, np.int32, np.uint64, np.int64]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_many_every_int_dtype_gives_the_same_values(k):
    rng = np.random.default_rng(40 + k)
    hands = np.argpartition(rng.random((3000, 52)), k, axis=1)[:, :k].astype(np.uint8)
    want = fast.evaluate_many(hands)
    assert (ref.evaluate_many(hands[:200]) == want[:200]).all()
    for dt in WIDE + [">i8", ">u2", "<i4"]:
        arr = hands.astype(dt)
        for check in (True, False):
            got = fast.evaluate_many(arr, check)
            assert got.dtype == np.uint16 and (got == want).all(), (dt, check)
        assert (ref.evaluate_many(arr[:200]) == want[:200]).all(), dt
    # non-contiguous views: a column slice of a wider array, and Fortran order
    wide = np.concatenate([hands.astype(np.int64), np.zeros((len(hands), 2), np.int64)],
                          axis=1)
    assert (fast.evaluate_many(wide[:, :k]) == want).all()
    assert (fast.evaluate_many(np.asfortranarray(hands.astype(np.int32))) == want).all()
    assert (fast.evaluate_many(hands.astype(np.int64)[::-1])[::-1] == want).all()


@pytest.mark.parametrize("dt", [np.int64, np.int32, np.int16, np.uint16, np.uint32,
                                np.uint64, np.int8])
def test_evaluate_many_bad_values_raise_naming_the_row_and_id(dt):
    good = np.array([ids("As Ks Qs Js Ts 2c 3d")] * 6, dtype=np.int64)
    info = np.iinfo(dt)
    cases = [(52, "card id 52 "), (51 + 205, "card id 256 "), (-1, "card id -1 "),
             (256 + 5, "card id 261 "), (2**40, "card id 1099511627776 "),
             (-(2**40), "card id -1099511627776 "), (info.max, f"card id {info.max} ")]
    for value, text in cases:
        if not info.min <= value <= info.max:
            continue
        bad = good.astype(dt)
        bad[4, 2] = value
        for mod in (fast, ref):
            with pytest.raises(CardError, match=f"row 4 .*{text}") as e1:
                mod.evaluate_many(bad)
        assert str(e1.value).startswith("evaluate_many: row 4 '")
        # the kernel and its twin say the same
        msgs = []
        for mod in (fast, ref):
            try:
                mod.evaluate_many(bad)
            except CardError as exc:
                msgs.append(str(exc))
        assert msgs[0] == msgs[1]
        # unchecked: some value per row, no error, nothing read out of bounds
        assert fast.evaluate_many(bad, check=False).shape == (6,)
    rep = good.astype(dt)
    rep[5, 6] = rep[5, 0]
    for mod in (fast, ref):
        with pytest.raises(CardError, match="row 5 .*As appears twice"):
            mod.evaluate_many(rep)


def test_evaluate_many_low_byte_aliases_are_caught():
    """An id whose low byte is a valid id that is not in the row (256 + 5) must not pass."""
    row = np.array([[0, 1, 2, 3, 4 + 256]], dtype=np.int64)
    with pytest.raises(CardError, match="card id 260"):
        fast.evaluate_many(row)
    row16 = np.array([[8, 12, 16, 20, 24, 28, 256 + 40]], dtype=np.uint16)
    with pytest.raises(CardError, match="card id 296"):
        fast.evaluate_many(row16)


def test_evaluate_many_other_inputs():
    assert fast.evaluate_many(np.zeros((0, 7), np.float64)).shape == (0,)
    assert fast.evaluate_many([[0, 5, 10, 15, 20]]).tolist() == [
        fast.evaluate([0, 5, 10, 15, 20])]
    for bad in (np.array([[0, 1, 2, 3, 4]], dtype=bool), np.array([[0.0, 1, 2, 3, 4]]),
                [[0, 1, 2, 3, 10**30]], [["As", "Ks", "Qs", "Js", "Ts"]]):
        for mod in (fast, ref):
            with pytest.raises(CardError, match="evaluate_many"):
                mod.evaluate_many(bad)


def test_huge_ints_in_messages_do_not_fail():
    """An int too large to print (over 4300 digits) is quoted, not formatted."""
    huge = -10**5000
    calls = [("evaluate", ([0, 1, 2, 3, huge],)), ("evaluate", ([huge] * 6,)),
             ("evaluate", (huge,)), ("evaluate", ([0, 1, 2, 3, 4, 5, 6, huge],)),
             ("category", (huge,)), ("category_index", (huge,)),
             ("value_histogram", (huge,)), ("category_histogram", (huge,)),
             ("evaluate_many", (np.array([[0, 1, 2, 3, 4]]), huge))]
    for mod in (fast, ref):
        for name, args in calls:
            with pytest.raises(poker.CardError.__mro__[1]) as e:  # CardcoreError
                getattr(mod, name)(*args)
            assert "4300" not in str(e.value)
    for bad in ([0, 1, 2, 3, huge], huge, [huge] * 5, (huge, 1, 2, 3, 4)):
        with pytest.raises(CardError, match="<an int of"):
            poker.evaluate(bad)


def test_public_evaluate_input_forms_agree():
    from cardcore.cards import Card

    rng = np.random.default_rng(9)
    for k in (5, 6, 7):
        for row in np.argpartition(rng.random((200, 52)), k, axis=1)[:, :k]:
            lst = [int(c) for c in row]
            v = fast.evaluate(lst)
            names = [str(Card(c)) for c in lst]
            forms = [lst, tuple(lst), [Card(c) for c in lst], list(row), row,
                     row.astype(np.uint8), iter(lst), " ".join(names), "".join(names),
                     " ".join(n.lower() for n in names), ", ".join(names), names,
                     [names[0]] + lst[1:]]
            for form in forms:
                assert poker.evaluate(form) == v, form
    sym = "A\u2660 K\u2660 Q\u2660 J\u2660 10\u2660"
    assert poker.evaluate(sym) == poker.evaluate("As Ks Qs Js Ts") == 7462


@pytest.mark.parametrize("bad, words", [
    ([0, 1, 2, 3, True], "card id True"), ([0, 1, 2, 3, 4.0], "card id 4.0"),
    ([0, 1, 2, 3], "got 4"), ([0, 1, 2, 3, 3], "appears twice"),
    ("As Ks Qs Js As", "As appears twice"), ("As Ks Qs Js BJ", "not a poker card"),
    ("As Ks Qs Js Xs", "unknown rank"), ("AsKsQsJs", "got 4"), ([0, 1, 2, 3, 52], "card id 52"),
    ((0, 1, 2, 3, -1), "card id -1"), ([np.int64(0), 1, 2, 3, np.int64(60)], "card id 60"),
    (np.array([0, 1, 2, 3, 3]), "appears twice"), (5, "expected a string or an iterable"),
])
def test_public_evaluate_errors(bad, words):
    with pytest.raises(CardError, match=words):
        poker.evaluate(bad)


def test_wrapper_builder_calls_the_fallback_for_everything_else():
    """``_Wrappers.evaluate(fallback)``: kernel and twin read the same inputs themselves."""
    seen = []

    def fallback(cards):
        seen.append(cards)
        return -1

    from cardcore.cards import Card

    for mod in (fast, ref):
        f = mod._Wrappers.evaluate(fallback)
        assert f([0, 5, 10, 15, 20]) == fast.evaluate([0, 5, 10, 15, 20])
        assert f((51, 47, 43, 39, 35, 1, 2)) == 7462
        assert f([Card(0), Card(5), Card(10), Card(15), Card(20)]) == f([0, 5, 10, 15, 20])
        seen.clear()
        others = ["As Ks Qs Js Ts", [0, 1, 2, 3, 3], [0, 1, 2, 3, True], [0, 1, 2, 3],
                  [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 52], [0, 1, 2, 3, -1],
                  [np.int64(0), 1, 2, 3, 4], np.arange(5), iter([0, 1, 2, 3, 4]),
                  [0, 1, 2, 3, 2**70]]
        for x in others:
            assert f(x) == -1
        assert len(seen) == len(others)


@pytest.mark.parametrize("dt", [np.int64, np.int32, np.uint16])
def test_evaluate_many_wide_rows_anywhere_in_a_long_array(dt):
    """Long wide arrays run in two parts (rows that prefetch ahead, then the last rows): a
    bad row is found in either, and every value matches the uint8 array's."""
    rng = np.random.default_rng(77)
    hands = np.argpartition(rng.random((5000, 52)), 7, axis=1)[:, :7].astype(np.uint8)
    want = fast.evaluate_many(hands)
    wide = hands.astype(dt)
    assert (fast.evaluate_many(wide) == want).all()
    for row in (0, 10, 2500, 4990, 4999):
        bad = wide.copy()
        bad[row, 6] = 300
        with pytest.raises(CardError, match=f"row {row} .*card id 300 "):
            fast.evaluate_many(bad)
        bad[row, 6] = bad[row, 1]
        with pytest.raises(CardError, match=f"row {row} .*appears twice"):
            fast.evaluate_many(bad)


@pytest.mark.parametrize("mod", [fast, ref], ids=["fast", "ref"])
@pytest.mark.parametrize("cumw", [np.array([1 + 0j, 2 + 1j]), np.array([True, True]),
                                  np.array(["1.5", "2"]), np.array([1.0, None], dtype=object)],
                         ids=["complex", "bool", "text", "object"])
def test_equity_ranges_refuses_weights_that_are_not_real_numbers(mod, cumw):
    """Cumulative weights must be real numbers: complex weights used to lose their imaginary
    part with numpy's ComplexWarning, text was read as numbers, on both backends."""
    combos = np.array([[48, 49], [44, 45]], np.uint8)
    with pytest.raises(CardcoreError, match="cumw of dtype"):
        mod.equity_ranges(combos, cumw, np.array([0, 1, 2]), np.array([], np.uint8),
                          np.array([], np.uint8), 10, 1)
    got = mod.equity_ranges(combos, np.array([1.0, 1.0]), np.array([0, 1, 2]),
                            np.array([], np.uint8), np.array([], np.uint8), 10, 1)
    assert got[3] == 10
