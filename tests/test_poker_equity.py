"""Equity: exact enumeration, Monte Carlo, ranges, validation (kernel vs reference twin)."""

from math import comb

import numpy as np
import pytest

from cardcore import CardError, poker
from cardcore._fast import poker as fast
from cardcore._ref import poker as ref
from cardcore.cards import parse


def u8(text_or_list):
    if isinstance(text_or_list, str):
        return np.array([int(c) for c in parse(text_or_list)], dtype=np.uint8)
    return np.array(text_or_list, dtype=np.uint8)


def holes(*hands):
    return np.array([[int(c) for c in parse(h)] for h in hands], dtype=np.uint8)


def test_aks_vs_queens_preflop_exact():
    res = poker.equity_detail(["AhKh", "QsQd"])
    assert [round(e, 8) for e in res.equity] == [0.46214457, 0.53785543]
    assert res.total == comb(48, 5) and res.exact
    assert res.wins[0] + res.ties[0] + res.losses[0] == res.total
    assert res.ties[0] == res.ties[1]
    assert res.wins[0] == res.losses[1]
    assert abs(sum(res.equity) - 1.0) < 1e-12


@pytest.mark.parametrize("hands,board,dead", [
    (("AhKh", "QsQd"), "2h 7h Qc", ""),
    (("AhKh", "QsQd", "Jc Tc"), "2h 7h 9c", "3s"),
    (("As Ad", "Ks Kd", "7c 2d", "8h 9h"), "Ac 5h 6h 2c", ""),
    (("Ts 9s", "Td 9d"), "2c 3c 4h", "As Ks"),
    (("Ts 9s", "Td 9d", "Th 9h"), "Jc Qc Kc", ""),
    (("As Ks", "2c 2d"), "Qs Js 3c 4d 9h", ""),
    (("As Ks", "Ac Kc", "2c 2d", "3d 4d", "5h 6h"), "Qs Js 7c 8d", "Th"),
])
def test_exact_matches_reference(hands, board, dead):
    h, b, d = holes(*hands), u8(board), u8(dead)
    assert fast.equity_exact(h, b, d) == ref.equity_exact(h, b, d)


def test_monte_carlo_matches_reference_bit_for_bit():
    h = holes("AhKh", "QsQd", "7c 6c")
    for board in ("", "2h 7h Qc", "2h 7h Qc 9s"):
        got = fast.equity_sample(h, u8(board), u8("3c"), 1500, 99)
        assert got == ref.equity_sample(h, u8(board), u8("3c"), 1500, 99)
        assert got[3] == 1500


def test_ranges_match_reference_bit_for_bit():
    combos = np.array([[51, 47], [50, 46], [43, 41], [42, 40], [39, 38], [20, 16]], np.uint8)
    cum = np.array([1.0, 3.0, 1.0, 2.0, 2.5, 4.0])
    off = np.array([0, 2, 6], dtype=np.int64)
    got = fast.equity_ranges(combos, cum, off, u8("2c 3d 4h"), u8(""), 2000, 5)
    assert got == ref.equity_ranges(combos, cum, off, u8("2c 3d 4h"), u8(""), 2000, 5)


def test_monte_carlo_converges_and_is_seeded():
    exact = poker.equity(["AhKh", "QsQd", "7c 7d"])
    mc = poker.equity(["AhKh", "QsQd", "7c 7d"], samples=200_000, seed=3)
    assert all(abs(a - b) < 0.006 for a, b in zip(exact, mc))
    assert mc == poker.equity(["AhKh", "QsQd", "7c 7d"], samples=200_000, seed=3)
    assert mc != poker.equity(["AhKh", "QsQd", "7c 7d"], samples=200_000, seed=4)
    res = poker.equity_detail(["AhKh", "QsQd"], samples=1000, seed=1)
    assert res.total == 1000 and not res.exact


def test_ties_share_the_pot():
    # royal flush on the board: everybody plays it
    assert poker.equity(["2c 3c", "4d 5d", "7h 8h"], board="As Ks Qs Js Ts") == [1 / 3] * 3
    res = poker.equity_detail(["Ah Kd", "Ad Kh"])  # mirror images: equal equity
    assert res.equity[0] == pytest.approx(res.equity[1])
    assert res.ties[0] > 0.9 * res.total
    assert sum(res.equity) == pytest.approx(1.0)
    # three-way split computed exactly in 2520ths
    r = poker.equity_detail(["2c 3c", "4d 5d", "7h 8h", "9d 9h"], board="As Ks Qs Js Ts")
    assert r.equity == (0.25, 0.25, 0.25, 0.25) and r.ties == (1, 1, 1, 1)


def test_known_board_counts():
    r = poker.equity_detail(["AhKh", "QsQd"], board="2h 7h Qc")
    assert r.total == comb(45, 2)
    r = poker.equity_detail(["AhKh", "QsQd"], board="2h 7h Qc 3d", dead="4s 5s")
    assert r.total == 42
    r = poker.equity_detail(["AhKh", "QsQd"], board="2h 7h Qc 3d 9h")
    assert r.total == 1 and r.equity == (1.0, 0.0)
    six = poker.equity_detail(["AhKh", "QsQd", "Jc Tc", "2d 2s", "9s 8s", "Ad 5c"])
    assert six.total == comb(40, 5) and sum(six.equity) == pytest.approx(1.0)


def test_dead_cards_change_equity():
    base = poker.equity(["AhKh", "QsQd"], board="2h 7h Qc")
    no_hearts = poker.equity(["AhKh", "QsQd"], board="2h 7h Qc", dead="3h 4h 5h 6h 8h")
    assert no_hearts[0] < base[0]


@pytest.mark.parametrize("args,kwargs", [
    ((["AhKh", "AhQd"],), {}),
    ((["AhKh", "QsQd"], "Ah 2c 3c"), {}),
    ((["AhKh", "QsQd"], "2c 3c 4c", "2c"), {}),
    ((["AhKh", "QsQd"], "", "Kh"), {}),
    ((["AhKh"],), {}),
    ((["AhKhQh", "QsQd"],), {}),
    ((["Ah", "QsQd"],), {}),
    ((["AhKh", "QsQd"], "2c 3c"), {}),
    ((["AhKh", "QsQd"], "2c 3c 4c 5c 6c 7c"), {}),
    ((["AhKh", "QsBJ"],), {}),
    (("AhKh QsQd",), {}),
    ((["AhKh", "QsQd"],), {"samples": 0}),
    ((["AhKh", "QsQd"],), {"samples": -5}),
    ((["AhKh", "QsQd"],), {"samples": 1.5}),
    ((["AhKh", "QsQd"],), {"samples": 10, "seed": "x"}),
    (([f"{r}c {r}d" for r in "23456789TJQ"],), {}),
])
def test_equity_validation(args, kwargs):
    with pytest.raises(CardError):
        poker.equity(*args, **kwargs)


def test_kernel_validation():
    for mod in (fast, ref):
        with pytest.raises(CardError):
            mod.equity_exact(holes("AhKh", "AhQd"), u8(""), u8(""))
        with pytest.raises(CardError):
            mod.equity_exact(holes("AhKh", "QsQd"), u8([60]), u8(""))
        with pytest.raises(CardError):
            mod.equity_sample(holes("AhKh", "QsQd"), u8(""), u8("Qs"), 10, 1)
        with pytest.raises(CardError):
            mod.equity_ranges(np.array([[1, 1]], np.uint8), np.array([1.0]),
                              np.array([0, 1, 1], np.int64), u8(""), u8(""), 10, 1)


def test_parse_range():
    assert len(poker.parse_range("QQ+")) == 18
    assert len(poker.parse_range("AKs")) == 4
    assert len(poker.parse_range("AKo")) == 12
    assert len(poker.parse_range("AK")) == 16
    assert len(poker.parse_range("T9s-76s")) == 16
    assert len(poker.parse_range("22-55")) == 24
    assert len(poker.parse_range("A5s-A2s")) == 16
    assert len(poker.parse_range("ATs+")) == 16
    assert len(poker.parse_range("QQ+, AKs, T9s-76s")) == 38
    assert len(poker.parse_range("QQ+ QQ+ KK")) == 18
    assert len(poker.parse_range("any")) == 1326
    assert poker.parse_range("AhKh") == [tuple(parse("Ah Kh"))]
    assert {poker.hand_class(a, b) for a, b in poker.parse_range("T9s-76s")} == {
        "T9s", "98s", "87s", "76s"}
    assert {poker.hand_class(a, b) for a, b in poker.parse_range("AJo+")} == {"AJo", "AQo", "AKo"}
    for bad in ["", "AKx", "KAs", "QQs", "T9s-76o", "T9s-75s", "ZZ", "150%", "Ah", "AhAh"]:
        with pytest.raises(CardError):
            poker.parse_range(bad)


def test_top_fraction_and_preflop_strength():
    st = poker.preflop_strength()
    assert len(st) == 169
    assert max(st, key=st.get) == "AA" and min(st, key=st.get) in ("32o", "42o", "72o", "52o")
    assert st["AKs"] > st["AKo"] > st["72o"]
    fresh = poker.compute_preflop_strength(samples=3000, seed=5)
    assert fresh.keys() == st.keys()
    assert max(abs(fresh[k] - st[k]) for k in st) < 0.035
    assert len(poker.top_fraction(1.0)) == 1326
    top = poker.parse_range("10%")
    assert 110 <= len(top) <= 150
    assert {poker.hand_class(a, b) for a, b in poker.parse_range("3%")} >= {"AA", "KK", "QQ"}


def test_range_equity():
    exact = poker.equity(["AhKh", "QsQd"])
    mc = poker.range_equity(["AhKh", "QsQd"], samples=100_000, seed=1)
    assert abs(mc.equity[0] - exact[0]) < 0.01
    vs_range = poker.range_equity(["AhKh", "QQ+"], samples=50_000, seed=2)
    vs_any = poker.range_equity(["AhKh", "any"], samples=50_000, seed=2)
    assert vs_range.equity[0] < 0.45 < 0.6 < vs_any.equity[0]
    w = poker.range_equity(["AhKh", ["QsQd", "7c2d"]], samples=20_000, seed=3,
                           weights=[None, [1.0, 0.0]])
    assert abs(w.equity[0] - exact[0]) < 0.02
    with pytest.raises(CardError):
        poker.range_equity(["AhKh", "AhAd"], samples=100, seed=1)  # only combo is blocked
    with pytest.raises(CardError):
        poker.range_equity(["AhKh"], samples=100)
    with pytest.raises(CardError):
        poker.range_equity(["AhKh", "QQ"], board="Qs Qd Qh", dead="Qc", samples=100)
