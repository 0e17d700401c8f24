"""Argument checks at every kernel entry point (``def`` functions of ``cardcore._fast.*`` and
their plain-Python twins ``cardcore._ref.*``).

A bad argument raises ``CardcoreError`` (``CardError`` for cards, hands, seats and hand
values) whose message names the argument: never a segfault, never a bare ``TypeError`` or
``OverflowError`` (C-typed parameters used to leak those), never an infinite loop. Every twin
raises the same classes for the same input (floats, bools, strings, ids that would wrap
modulo 256, ints too large to print are refused alike).
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from cardcore import CardcoreError, CardError, IllegalAction
from cardcore._backend import kernel
from cardcore.bridge.deal import Deal
from cardcore.cards import Card
from cardcore.doudizhu.moves import Move as DdzMove
from cardcore.doudizhu.moves import Rules as DdzRules
from cardcore.zhengshangyou.moves import Move as ZsyMove
from cardcore.zhengshangyou.moves import Rules as ZsyRules
from cardcore.game import Action

KERNELS = ("dds", "poker", "cardset", "shedding", "guandan", "tractor")
FAST = {name: kernel(name, "fast") for name in KERNELS}
REF = {name: kernel(name, "ref") for name in KERNELS}

FULL = list(Deal.random(1).masks)                   # a full deal (13 cards per hand)
SMALL = [1 << 0 | 1 << 4, 1 << 1 | 1 << 5, 1 << 2 | 1 << 6, 1 << 3 | 1 << 7]   # 2 cards each
u8 = np.uint8


def _ddz_counts():
    c = [0] * 15
    c[0] = 3
    c[1] = 1
    return c


ROWS = FAST["shedding"].ddz_moves(_ddz_counts())
H2 = np.array([[48, 49], [0, 5]], u8)
BOARD3 = np.array([8, 12, 16], u8)
NONE = np.zeros(0, u8)
COMBOS = np.array([[48, 49], [44, 45], [0, 5], [1, 6]], u8)
CUM = np.array([1.0, 3.0, 2.0, 2.5])
OFF = np.array([0, 2, 4], np.int64)


def _gd_hand():
    c = np.zeros(54, u8)
    for x in (0, 1, 4, 5, 8, 9, 22, 52):        # 2c 2d 3c 3d 4c 4d, the wild 7h (level 5), BJ
        c[x] = 1
    return c


GD = _gd_hand()
GD_ROWS = FAST["guandan"].moves(GD, 5)
GDL = [0, 1, 4, 5, 8, 9, 22, 22, 52, 30, 31]

# (kernel, function, valid arguments, whether the valid call is cheap on the twin too)
ENTRIES = [
    ("dds", "trick_winner", ([0, 4, 8, 12], 4, 0), True),
    ("dds", "solve_position", (SMALL, 4, 0, ()), True),
    ("dds", "solve_cards", (SMALL, 4, 0, (), 0), True),
    ("dds", "solve", (SMALL, 4, 0), True),
    ("dds", "dd_table", (FULL,), False),
    ("dds", "dd_strain", (FULL, 0), False),
    ("dds", "node_count_table", (FULL,), False),
    ("dds", "layout_key", (FULL, True), True),
    ("dds", "search_stats", (SMALL, 4, 0, 0, 14, 7, 0), None),   # kernel only
    ("poker", "evaluate", ([0, 1, 2, 3, 8],), True),
    ("poker", "evaluate_many", (np.array([[0, 1, 2, 3, 8]]), True), True),
    ("poker", "category", (100,), True),
    ("poker", "category_index", (100,), True),
    ("poker", "value_histogram", (5,), False),
    ("poker", "category_histogram", (5,), False),
    ("poker", "equity_exact", (H2, BOARD3, NONE), True),
    ("poker", "equity_sample", (H2, BOARD3, NONE, 10, 1), True),
    ("poker", "equity_ranges", (COMBOS, CUM, OFF, NONE, NONE, 10, 1, 1000), True),
    ("poker", "splitmix_stream", (1, 5), True),
    ("cardset", "popcount", (5,), True),
    ("cardset", "mask", ([1, 2],), True),
    ("cardset", "from_mask", (6,), True),
    ("cardset", "card_counts", ([1, 2],), True),
    ("cardset", "rank_counts", ([1, 2],), True),
    ("cardset", "suit_masks", (6,), True),
    ("cardset", "same_multiset", ([1, 2], [2, 1]), True),
    ("cardset", "shuffle", ([1, 2, 3], 7), True),
    ("shedding", "ddz_moves", (_ddz_counts(), None), True),
    ("shedding", "ddz_count", (_ddz_counts(), None), True),
    ("shedding", "ddz_classify", (_ddz_counts(),), True),
    ("shedding", "ddz_beats", ((0, 3, 1), (0, 2, 1)), True),
    ("shedding", "zsy_moves", (_ddz_counts(), None, False), True),
    ("shedding", "zsy_can_beat", (_ddz_counts(), (0, 0, 1)), True),
    ("shedding", "zsy_classify", (_ddz_counts(), False), True),
    ("shedding", "zsy_beats", ((0, 3, 1), (0, 2, 1)), True),
    ("shedding", "ddz_move_ids", (_ddz_counts(), None), True),
    ("shedding", "zsy_move_ids", (_ddz_counts(), None, False), True),
    ("shedding", "ddz_row_ids", (ROWS,), True),
    ("shedding", "zsy_row_ids", (np.zeros((0, 18), u8),), True),
    ("shedding", "ddz_id_rows", (), True),
    ("shedding", "zsy_id_rows", (), True),
    ("shedding", "ddz_id_text", (4,), True),
    ("shedding", "zsy_id_text", (1,), True),
    ("shedding", "make_move", (DdzMove, 0, 0, 0, 1, 16), True),
    ("shedding", "move_text", (0, 0, 0, 1, (4,)), True),
    ("shedding", "record_text", (DdzMove.from_cards("3c"),), True),
    ("shedding", "move_id", (0, 0, 0, 1, (4,)), True),
    ("shedding", "cards_mask", (0, (4, 5)), True),
    ("shedding", "mask_counts", (16,), True),
    ("shedding", "core_range", (0, 0, 0, 1), True),
    ("shedding", "ddz_hand_moves", (DdzMove, [4, 5, 6], None), True),
    ("shedding", "ddz_hand_ids", ([4, 5, 6], None), True),
    ("shedding", "ddz_hand_classify", (DdzMove, [4, 5, 6]), True),
    ("shedding", "ddz_cards_id", (2, [4, 5, 6]), True),
    ("shedding", "zsy_hand_moves", (ZsyMove, [4, 5, 6], None, False), True),
    ("shedding", "zsy_hand_ids", ([4, 5, 6], None, False), True),
    ("shedding", "zsy_hand_classify", (ZsyMove, [4, 5, 6], False), True),
    ("shedding", "zsy_cards_id", (2, [4, 5, 6]), True),
    ("guandan", "moves", (GD, 5, None), True),
    ("guandan", "count", (GD, 5, (0, 3, 1)), True),
    ("guandan", "classify", (GD, 5), True),
    ("guandan", "beats", ((7, 3, 4), (0, 3, 1)), True),
    ("guandan", "pick", (GD, 5, GD_ROWS), True),
    ("guandan", "pick_ids", (GD, 5, GD_ROWS), True),
    ("guandan", "id_rows", (), True),
    ("guandan", "id_levels", (), True),
    ("guandan", "id_texts", (), True),
    ("guandan", "move_ids", (GD, 5, (0, 3, 1)), True),
    ("guandan", "move_ids_of", (GDL, 5, None), True),
    ("guandan", "row_ids", (GD_ROWS, 5), True),
    ("guandan", "id_row", (59, 5), True),
    ("guandan", "hand_ids", (GDL, 5, (0, 3, 1)), True),
    ("guandan", "id_ok", (GDL, 5, None, 60), True),
    ("guandan", "take", (GDL, 5, 59), True),
    ("guandan", "power", ((7, 3, 4),), True),
    ("tractor", "tractor_masks", (), True),
    ("tractor", "lead_ids", ([1, 1, 5, 5, 9, 9], 0, 5), True),
    ("tractor", "follow_ids", ([1, 2, 9, 13], [5, 5], [1], 0, 5), True),
    ("tractor", "play_ok", ([1, 2, 9, 13], [5, 5], [1], 0, 5, 66), True),
    ("tractor", "play_cards", (180,), True),
    ("tractor", "lead_id", ([1, 1, 5, 5],), True),
    ("tractor", "table", (0, 5), True),
    ("tractor", "effective_suit", (9, 0, 5), True),
    ("tractor", "strength", (9, 0, 5), True),
    ("tractor", "masks", ([1, 1, 2],), True),
    ("tractor", "shape", ([1, 1, 5, 5], 0, 5), True),
    ("tractor", "is_legal_follow", ([1, 1, 2, 9], [5, 5], [1, 1], 0, 5), True),
    ("tractor", "next_mask", ([1, 1, 2, 9], [5, 5], [1], 0, 5), True),
    ("tractor", "trick_winner", ([[5, 5], [1, 1]], 0, 5), True),
    ("tractor", "lead_plays", ([1, 1, 5, 5, 9], 0, 5), True),
]

# Values that are wrong for every argument of every entry (wrong type, huge, ...) -- or
# valid where an argument takes them (None as "no move to beat", [] as "nothing played"):
# then the call just returns.
JUNK = [None, "x", b"x", 1.5, float("nan"), 2**70, -(2**70), 10**30, True, object(), [[]],
        np.float64(1.0), -1, {"a": 1}, (1, 2, 3, 4, 5, 6, 7, 8, 9)]


def test_every_kernel_entry_is_covered():
    """Each public function of each compiled kernel has a row in ENTRIES (and the module has
    no other ``def``: helpers are ``cdef``)."""
    covered = {}
    for k, f, _, _ in ENTRIES:
        covered.setdefault(k, set()).add(f)
    for name, mod in FAST.items():
        funcs = {n for n in dir(mod) if not n.startswith("__") and callable(getattr(mod, n))
                 and type(getattr(mod, n)).__name__ in ("cython_function_or_method",
                                                          "builtin_function_or_method")}
        assert funcs - {"category_histogram7"} <= covered[name], (name, funcs - covered[name])


@pytest.mark.parametrize("k, f, args, cheap", ENTRIES, ids=[f"{e[0]}.{e[1]}" for e in ENTRIES])
def test_valid_calls_work(k, f, args, cheap):
    getattr(FAST[k], f)(*args)
    if cheap:
        getattr(REF[k], f)(*args)


def _junk_calls(mod, f, args):
    fn = getattr(mod, f)
    for i in range(len(args)):
        for junk in JUNK:
            bad = list(args)
            bad[i] = junk
            yield i, junk, fn, bad


def _check_junk(mod, f, args):
    for i, junk, fn, bad in _junk_calls(mod, f, args):
        try:
            fn(*bad)
        except CardcoreError:
            pass
        except Exception as e:      # noqa: BLE001 - the point of the test
            raise AssertionError(f"{mod.__name__}.{f}: argument {i} = {junk!r} raised "
                                 f"{type(e).__name__}: {e}") from e


@pytest.mark.parametrize("k, f, args, cheap", ENTRIES, ids=[f"{e[0]}.{e[1]}" for e in ENTRIES])
def test_junk_arguments_raise_cardcore_errors_fast(k, f, args, cheap):
    _check_junk(FAST[k], f, args)


@pytest.mark.parametrize("k, f, args, cheap", [e for e in ENTRIES if e[3] is not None],
                         ids=[f"{e[0]}.{e[1]}" for e in ENTRIES if e[3] is not None])
def test_junk_arguments_raise_cardcore_errors_ref(k, f, args, cheap):
    _check_junk(REF[k], f, args)


def _outcome(fn, args):
    try:
        return "ok", fn(*args)
    except CardcoreError as e:
        return type(e), str(e)


def _same(a, b):
    if a[0] != "ok" or b[0] != "ok":
        return a == b
    x, y = a[1], b[1]
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return np.array_equal(np.asarray(x), np.asarray(y))
    return x == y


@pytest.mark.parametrize("k, f, args, cheap", [e for e in ENTRIES if e[3]],
                         ids=[f"{e[0]}.{e[1]}" for e in ENTRIES if e[3]])
def test_junk_arguments_twins_agree(k, f, args, cheap):
    """Kernel and twin give the same answer, or the same error class and message, for every
    junk argument (the twins raise what the kernels raise)."""
    for i, junk, _, bad in _junk_calls(FAST[k], f, args):
        got_f = _outcome(getattr(FAST[k], f), bad)
        got_r = _outcome(getattr(REF[k], f), bad)
        if k == "poker" and f.startswith("equity") and "ok" not in (got_f[0], got_r[0]):
            # (the twin words the repeated-card message differently: compare the classes)
            got_f, got_r = got_f[:1], got_r[:1]
        assert _same(got_f, got_r), (f, i, junk, got_f, got_r)


# ----------------------------------------------------------------------------- named cases
#
# (kernel, function, arguments, error class, word the message must contain, twins)
# twins: "both" = the twin raises the same class; "fast" = the twin has no such entry
# (dds.search_stats, the kernel's profiling entry).

CASES = [
    # dds -- a negative table size (once a segfault)
    ("dds", "search_stats", (FULL, 0, 0, 0, -2), CardcoreError, "tt_bits", "fast"),
    ("dds", "layout_key", (FULL, 2), CardcoreError, "gather", "both"),
    ("dds", "layout_key", ([1, 2, 4],), CardError, "4 masks", "both"),
    ("dds", "search_stats", (FULL, 0, 0, 0, 19), CardcoreError, "tt_bits", "fast"),
    ("dds", "search_stats", (FULL, 0, 0, 0, 2**40), CardcoreError, "tt_bits", "fast"),
    ("dds", "search_stats", (FULL, 0, 0, 16), CardcoreError, "flags", "fast"),
    ("dds", "search_stats", (FULL, 0, 0, 0, 14, 14), CardcoreError, "guess", "fast"),
    ("dds", "search_stats", (FULL, 0, 0, 0, 14, 7, -1), CardcoreError, "target", "fast"),
    ("dds", "search_stats", (FULL, 0, 0, 0, 14, 2**70), CardcoreError, "guess", "fast"),
    ("dds", "search_stats", (SMALL[:3], 0, 0), CardError, "hands", "fast"),
    ("dds", "solve_cards", (SMALL, 4, 0, (), 2**70), CardcoreError, "max_nodes", "both"),
    ("dds", "solve_cards", (SMALL, 4, 0, (), 2**63), CardcoreError, "max_nodes", "both"),
    ("dds", "solve_cards", (SMALL, 4, 0, (), -1), CardcoreError, "max_nodes", "both"),
    ("dds", "solve_cards", (SMALL, 4, 0, (), 1.5), CardcoreError, "max_nodes", "both"),
    ("dds", "solve_position", (SMALL, 5, 0), CardcoreError, "trump", "both"),
    ("dds", "solve_position", (SMALL, 2**40, 0), CardcoreError, "trump", "both"),
    ("dds", "solve_position", (SMALL, "N", 0), CardcoreError, "trump", "both"),
    ("dds", "solve_position", (SMALL, 4, 4), CardError, "leader", "both"),
    ("dds", "solve_position", (SMALL, 4, -2**70), CardError, "leader", "both"),
    ("dds", "solve_position", (SMALL[:3], 4, 0), CardError, "hands", "both"),
    ("dds", "solve_position", ([1, 1, 4, 8], 4, 0), CardError, "hand", "both"),
    ("dds", "solve_position", ([1 << 52, 2, 4, 8], 4, 0), CardError, "mask", "both"),
    ("dds", "solve_position", ([-1, 2, 4, 8], 4, 0), CardError, "mask", "both"),
    ("dds", "solve_position", (["As", 2, 4, 8], 4, 0), CardError, "mask", "both"),
    ("dds", "solve_position", ([True, 2, 4, 8], 4, 0), CardError, "mask", "both"),
    ("dds", "solve_position", (5, 4, 0), CardcoreError, "hands", "both"),
    ("dds", "solve_position", (SMALL, 4, 0, [52]), CardError, "played", "both"),
    ("dds", "solve_position", (SMALL, 4, 0, "As"), CardcoreError, "played", "both"),
    ("dds", "solve_position", (SMALL, 4, 0, [8, 9, 10, 11]), CardError, "played", "both"),
    ("dds", "solve", (SMALL, 4, 4), CardError, "declarer", "both"),
    ("dds", "solve", (SMALL, 4, "N"), CardError, "declarer", "both"),
    ("dds", "trick_winner", ([0, 0, 4, 8], 4, 0), CardError, "twice", "both"),
    ("dds", "trick_winner", ([0, 4, 8], 4, 0), CardError, "4 cards", "both"),
    ("dds", "trick_winner", ([0, 4, 8, 52], 4, 0), CardError, "card id", "both"),
    ("dds", "trick_winner", ([0, 4, 8, 12], 7, 0), CardcoreError, "trump", "both"),
    ("dds", "trick_winner", ([0, 4, 8, 12], 4, 2**70), CardError, "leader", "both"),
    ("dds", "dd_strain", (FULL, 5), CardcoreError, "strain", "both"),
    ("dds", "dd_strain", (FULL, -2**70), CardcoreError, "strain", "both"),
    ("dds", "dd_strain", (SMALL, 0), CardError, "13-card", "both"),
    ("dds", "dd_table", (SMALL,), CardError, "13-card", "both"),
    ("dds", "dd_table", (FULL[:3],), CardError, "hands", "both"),
    ("dds", "node_count_table", (SMALL,), CardError, "13-card", "both"),
    # poker
    ("poker", "evaluate", ([0, 1, 2, 3, 2**70],), CardError, "card id", "both"),
    ("poker", "evaluate", ([0, 1, 2, 3, "As"],), CardError, "card", "both"),
    ("poker", "evaluate", ([0, 1, 2, 3, 4.0],), CardError, "card", "both"),
    ("poker", "evaluate", (5,), CardError, "cards", "both"),
    ("poker", "evaluate", ("As Ks Qs Js Ts",), CardError, "cards", "both"),
    ("poker", "evaluate_many", ([[0, 1, 2, 3, 4], [0, 1]],), CardError, "evaluate_many", "both"),
    ("poker", "evaluate_many", (np.array([[0, 1, 2, 3, 4]]), "yes"), CardcoreError, "check",
     "both"),
    ("poker", "category", (2**70,), CardError, "hand value", "both"),
    ("poker", "category_index", ("7",), CardError, "hand value", "both"),
    ("poker", "category_index", (np.uint64(2**64 - 1),), CardError, "hand value", "both"),
    ("poker", "category_index", (7462.0,), CardError, "hand value", "both"),
    ("poker", "value_histogram", (6,), CardcoreError, "k", "both"),
    ("poker", "value_histogram", (5.0,), CardcoreError, "k", "both"),
    ("poker", "value_histogram", (2**70,), CardcoreError, "k", "both"),
    ("poker", "category_histogram", ("7",), CardcoreError, "k", "both"),
    ("poker", "equity_exact", (np.array([[48, 300], [0, 5]]), NONE, NONE), CardError, "holes",
     "both"),
    ("poker", "equity_exact", (H2, np.array([1.0, 2.0, 3.0]), NONE), CardError, "board", "both"),
    ("poker", "equity_exact", (H2, NONE, [[1]]), CardError, "dead", "both"),
    ("poker", "equity_exact", (np.array([48, 49]), NONE, NONE), CardError, "holes", "both"),
    ("poker", "equity_exact", (np.array([[48, 49, 50], [0, 5, 6]]), NONE, NONE), CardError,
     "hands", "both"),
    ("poker", "equity_sample", (H2, NONE, NONE, -1, 1), CardcoreError, "samples", "both"),
    ("poker", "equity_sample", (H2, NONE, NONE, 2**70, 1), CardcoreError, "samples", "both"),
    ("poker", "equity_sample", (H2, NONE, NONE, 1.5, 1), CardcoreError, "samples", "both"),
    ("poker", "equity_sample", (H2, NONE, NONE, 10, "x"), CardcoreError, "seed", "both"),
    ("poker", "equity_sample", (H2, NONE, NONE, 10, True), CardcoreError, "seed", "both"),
    # a negative offset used to read before the combos (no bounds checks in the kernel)
    ("poker", "equity_ranges", (COMBOS, CUM, np.array([-1, 2, 4]), NONE, NONE, 10, 1),
     CardcoreError, "offsets", "both"),
    ("poker", "equity_ranges", (COMBOS, CUM, np.array([0, 2, 5]), NONE, NONE, 10, 1),
     CardcoreError, "offsets", "both"),
    ("poker", "equity_ranges", (COMBOS, CUM, np.array([0.0, 2, 4]), NONE, NONE, 10, 1),
     CardcoreError, "offsets", "both"),
    ("poker", "equity_ranges", (COMBOS, np.array([1.0, np.nan, 2.0, 3.0]), OFF, NONE, NONE, 10,
                                1), CardcoreError, "weights", "both"),
    ("poker", "equity_ranges", (COMBOS, np.array([0.0, 0.0, 2.0, 3.0]), OFF, NONE, NONE, 10,
                                1), CardcoreError, "weight", "both"),
    ("poker", "equity_ranges", (COMBOS, np.array([3.0, 1.0, 2.0, 3.0]), OFF, NONE, NONE, 10,
                                1), CardcoreError, "nondecreasing", "both"),
    ("poker", "equity_ranges", (COMBOS, CUM, OFF, NONE, NONE, 10, 1, -1), CardcoreError,
     "max_tries", "both"),
    ("poker", "equity_ranges", (COMBOS, CUM, OFF, NONE, NONE, 10, 1, 2**70), CardcoreError,
     "max_tries", "both"),
    ("poker", "equity_ranges", (COMBOS, CUM, OFF, NONE, NONE, 2**63, 1), CardcoreError,
     "samples", "both"),
    ("poker", "equity_ranges", (np.array([[0, 1, 2], [3, 4, 5]]), CUM[:2], np.array([0, 1, 2]),
                                NONE, NONE, 10, 1), CardError, "combos", "both"),
    # too few cards left to complete the board: the board draw used to loop for ever
    ("poker", "equity_ranges", (COMBOS, CUM, OFF, NONE,
                                np.array([c for c in range(52)
                                          if c not in (48, 49, 44, 45, 0, 5, 1, 6)]),
                                10, 1), CardError, "not enough cards", "both"),
    # cardset
    ("cardset", "popcount", (-1,), CardError, "mask", "both"),
    ("cardset", "popcount", (2**64,), CardError, "mask", "both"),
    ("cardset", "popcount", ("x",), CardError, "mask", "both"),
    ("cardset", "from_mask", (1 << 60,), CardError, "above 53", "both"),
    ("cardset", "from_mask", (-1,), CardError, "mask", "both"),
    ("cardset", "from_mask", (2**70,), CardError, "above 53", "both"),
    ("cardset", "suit_masks", (-1,), CardError, "mask", "both"),
    ("cardset", "suit_masks", (2**64,), CardError, "mask", "both"),
    ("cardset", "mask", ([1, 54],), CardError, "54", "both"),
    ("cardset", "mask", ([1, 300],), CardError, "300", "both"),      # (the twin used to wrap)
    ("cardset", "mask", (np.array([1, 300]),), CardError, "300", "both"),
    ("cardset", "mask", ([1, -1],), CardError, "-1", "both"),
    ("cardset", "mask", ([1, 2.0],), CardError, "dtype", "both"),
    ("cardset", "card_counts", ([[1, 2]],), CardError, "1-d", "both"),
    ("cardset", "rank_counts", ("AsKs",), CardError, "card ids", "both"),
    ("cardset", "same_multiset", ([1], [2**70]), CardError, "card id", "both"),
    # shedding
    ("shedding", "ddz_moves", ([0] * 14,), CardError, "15 rank counts", "both"),
    ("shedding", "ddz_moves", ([2**70] + [0] * 14,), CardError, "count", "both"),
    ("shedding", "ddz_moves", ([5] + [0] * 14,), CardError, "count", "both"),
    ("shedding", "ddz_moves", ([1.5] + [0] * 14,), CardError, "count", "both"),
    ("shedding", "ddz_moves", ([True] + [0] * 14,), CardError, "count", "both"),
    ("shedding", "ddz_moves", (_ddz_counts(), (0, 3)), CardcoreError, "beat", "both"),
    ("shedding", "ddz_moves", (_ddz_counts(), (0, 3, 2**70)), CardcoreError, "beat",
     "both"),
    ("shedding", "ddz_moves", (_ddz_counts(), (0, 3, 1.5)), CardcoreError, "beat", "both"),
    ("shedding", "ddz_count", (_ddz_counts(), (14, 0, 1)), CardcoreError, "beat",
     "both"),
    ("shedding", "ddz_beats", ((0, 3, 1), "xyz"), CardcoreError, "b", "both"),
    ("shedding", "zsy_moves", (_ddz_counts(), None, "yes"), CardcoreError, "first_play", "both"),
    ("shedding", "zsy_moves", (_ddz_counts(), (0, 0, 1), True), CardcoreError, "first_play",
     "both"),
    ("shedding", "zsy_classify", (_ddz_counts(), 2), CardcoreError, "first_play", "both"),
    ("shedding", "zsy_can_beat", (_ddz_counts(), None), CardcoreError, "beat", "both"),
    ("shedding", "ddz_row_ids", (ROWS.astype(np.int64),), CardcoreError, "rows", "both"),
    ("cardset", "popcount", (10**5000,), CardError, "mask", "both"),
    ("cardset", "mask", (np.array([1, 2], dtype=object),), CardError, "dtype", "both"),
    ("cardset", "from_mask", (np.uint64(1 << 60),), CardError, "above 53", "both"),
    ("shedding", "zsy_can_beat", (_ddz_counts(), (0, 0)), CardcoreError, "beat", "both"),
    ("shedding", "ddz_row_ids", (np.asfortranarray(np.zeros((2, 18), u8)),), CardcoreError,
     "C-contiguous", "both"),
    # guandan
    ("guandan", "moves", ([0] * 53, 5), CardError, "54 card counts", "both"),
    ("guandan", "moves", ([3] + [0] * 53, 5), CardError, "count 3", "both"),
    ("guandan", "moves", ([1.0] + [0] * 53, 5), CardError, "expected an int", "both"),
    ("guandan", "moves", ([True] + [0] * 53, 5), CardError, "expected an int", "both"),
    ("guandan", "moves", ([2**70] + [0] * 53, 5), CardError, "outside 0..2", "both"),
    ("guandan", "moves", (np.zeros(54), 5), CardError, "expected an int", "both"),
    ("guandan", "moves", (GD, 13), CardcoreError, "level", "both"),
    ("guandan", "moves", (GD, 5.0), CardcoreError, "level", "both"),
    ("guandan", "moves", (GD, True), CardcoreError, "level", "both"),
    ("guandan", "moves", (GD, -(10**5000)), CardcoreError, "level", "both"),
    ("guandan", "moves", (GD, 5, (0, 3)), CardcoreError, "beat", "both"),
    ("guandan", "moves", (GD, 5, (0, 3.0, 1)), CardcoreError, "beat", "both"),
    ("guandan", "moves", (GD, 5, (0, 3, 2)), CardcoreError, "impossible", "both"),
    ("guandan", "count", (GD, 5, (12, 3, 1)), CardcoreError, "kind", "both"),
    ("guandan", "beats", ("abc", (0, 3, 1)), CardcoreError, "a", "both"),
    ("guandan", "beats", ((0, 3, 1), (0, 2**70, 1)), CardcoreError, "b", "both"),
    ("guandan", "pick", (GD, 5, [0] * 22), CardcoreError, "rows", "both"),
    ("guandan", "pick", (GD, 5, np.zeros((1, 23))), CardcoreError, "dtype", "both"),
    ("guandan", "pick", (GD, 5, np.full((1, 23), 300)), CardcoreError, "0..255", "both"),
    ("guandan", "pick", (GD, 5, [[0] * 23, [0]]), CardcoreError, "rows", "both"),
    ("guandan", "pick_ids", (GD, 5, GD_ROWS[0]), CardcoreError, "rows", "both"),
    ("guandan", "pick_ids", (np.zeros(54, u8), 5, GD_ROWS[:1]), CardError, "lacks", "both"),
    # tractor
    ("tractor", "table", (5, 0), CardcoreError, "trump", "both"),
    ("tractor", "table", (0, 2**70), CardcoreError, "level", "both"),
    ("tractor", "table", (0, -(10**5000)), CardcoreError, "level", "both"),
    ("tractor", "shape", ([54], 0, 0), CardError, "card id", "both"),
    ("tractor", "shape", ([1.0], 0, 0), CardError, "card id", "both"),
    ("tractor", "masks", ([1, 1, 1],), CardError, "more than twice", "both"),
    ("tractor", "masks", ("3c",), CardError, "cards", "both"),
    ("tractor", "lead_plays", (None, 0, 0), CardError, "hand", "both"),
    ("tractor", "trick_winner", ([[1], [2, 3]], 0, 0), IllegalAction, "play 1", "both"),
    ("tractor", "trick_winner", ([], 0, 0), IllegalAction, "1 to 4", "both"),
    ("tractor", "is_legal_follow", ([1], [1, 5], [1], 0, 0), IllegalAction, "lead", "both"),
    ("tractor", "next_mask", ([1], [2], [3], 0, 0), IllegalAction, "chosen", "both"),
]


@pytest.mark.parametrize("k, f, args, err, word, twins", CASES,
                         ids=[f"{c[0]}.{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_named_bad_arguments(k, f, args, err, word, twins):
    with pytest.raises(err, match=word.replace("(", r"\(")):
        getattr(FAST[k], f)(*args)
    if twins == "fast":
        assert not hasattr(REF[k], f)
        return
    assert twins == "both"
    with pytest.raises(err, match=word.replace("(", r"\(")):
        getattr(REF[k], f)(*args)


def test_poker_card_strings_are_a_plain_card_error():
    """The kernels take card ids only: anything else (a card string) is a plain CardError,
    not a TypeError; ``cardcore.poker.evaluate`` checks the types itself and parses strings."""
    from cardcore import poker
    from cardcore.cards import Card

    for mod in (FAST["poker"], REF["poker"]):
        with pytest.raises(CardError, match="expected an int card id") as info:
            mod.evaluate(["As", "Ks", "Qs", "Js", "Ts"])
        assert not isinstance(info.value, TypeError)
        assert not hasattr(mod, "CardIdTypeError")
    royal = poker.evaluate([51, 47, 43, 39, 35])
    assert poker.evaluate(["As", "Ks", "Qs", "Js", "Ts"]) == poker.evaluate("As Ks Qs Js Ts")
    assert poker.evaluate([Card(c) for c in (51, 47, 43, 39, 35)]) == royal
    assert poker.evaluate((np.int64(51), 47, np.uint8(43), 39, 35)) == royal
    assert poker.evaluate(["As", 47, "Qs", 39, "Ts"]) == royal
    # an all-ids list the kernel refuses is final (no string parsing of ids)
    for bad, word in (([51, 51, 43, 39, 35], "twice"), ([51, 47, 43, 39, 52], "52"),
                      ([51, 47, 43, 39], "5, 6 or 7"), ([51, 47, 43, 39, 2**70], "0..51")):
        with pytest.raises(CardError, match=word):
            poker.evaluate(bad)
    for bad in ([51, 47, 43, 39, "Xx"], [51, 47, 43, 39, None], [51, 47, 43, 39, 1.5],
                [True, 47, 43, 39, 35]):
        with pytest.raises(CardError):
            poker.evaluate(bad)
    with pytest.raises(CardcoreError, match="check"):
        poker.evaluate_many(np.array([[0, 1, 2, 3, 8]]), check="yes")


def test_huge_budgets_and_seeds_that_are_valid():
    dds = FAST["dds"]
    assert dds.solve_cards(SMALL, 4, 0, (), 2**63 - 1) == REF["dds"].solve_cards(SMALL, 4, 0, ())
    poker = FAST["poker"]
    assert poker.equity_sample(H2, BOARD3, NONE, 5, -(2**70)) == \
        REF["poker"].equity_sample(H2, BOARD3, NONE, 5, -(2**70))
    assert poker.equity_sample(H2, BOARD3, NONE, 5, -(2**70)) == \
        poker.equity_sample(H2, BOARD3, NONE, 5, (-(2**70)) % 2**64)


def test_max_tries_cap_without_overflow():
    """The give-up rule ``tries > max_tries * (samples so far)`` holds for huge caps (the
    product used to overflow int64); ranges that always conflict give up at once with 0."""
    poker = FAST["poker"]
    same = np.array([[0, 1], [0, 1]], u8)
    args = (same, np.array([1.0, 1.0]), np.array([0, 1, 2], np.int64), NONE, NONE, 5, 3)
    for cap in (0, 1, 7, 2**62, 2**63 - 1):
        if cap > 10**6:
            continue        # the conflict never resolves: with a huge cap the loop is long
        got = poker.equity_ranges(*args, cap)
        assert got == REF["poker"].equity_ranges(*args, cap) and got[3] == 0


# ----------------------------------------------------------------------------- step cores
#
# The compiled step cores (``bridge_step``, ``holdem_step``, ``tractor_step``): their module
# functions, the
# ``Core`` constructor and every ``Core`` method that takes an argument. A method entry is
# called on a fresh core each time, so a junk call that got through cannot leak into the next.

def _bridge_core(mod):
    return mod.Core(FULL, 0, 0)


def _holdem_core(mod):
    core = mod.Core([100, 100, 100, 100], 0, 1, 2)
    core.start_hand(None, 12345)
    return core


_TRACTOR_DECK = [c for c in range(54) for _ in range(2)]


def _tractor_core(mod):
    core = mod.Core(_TRACTOR_DECK, 0, None, 0)
    for _ in range(4):                  # four passes: the kitty settles trumps; the burying
        core.apply(0)
    return core


def _guandan_hands() -> list[list[int]]:
    import cardcore

    return cardcore.new_game("guandan", seed=3, single_deal=True).hands


_GUANDAN_HANDS = _guandan_hands()


def _guandan_core(mod):
    core = mod.Core(_GUANDAN_HANDS, 0, 0)
    core.apply(core.legal_ids()[0])     # a play on the table: pass is legal too
    return core


_GUANDAN_PLAY = _guandan_core(kernel("guandan_step", "fast")).legal_ids()[-1]


def _schnapsen_core(mod):
    return mod.Core(5, None, 1, [7, 7])     # seat 0 leads: plays, marry Qc and Kc, close


def _ddz_core(mod):
    core = mod.Core(0, list(range(54)), 0)
    core.apply(3)                       # seat 0 bids 3: the play
    return core


STEP_CORES = {"bridge_step": _bridge_core, "holdem_step": _holdem_core,
              "tractor_step": _tractor_core, "guandan_step": _guandan_core,
              "shedding_step": _ddz_core, "schnapsen_step": _schnapsen_core}
STEP_ENTRIES = [
    ("bridge_step", "Core", (FULL, 0, 0)),
    ("bridge_step", "score", (3, 4, 0, 9, False)),
    ("bridge_step", "score_parts", (3, 4, 0, 9, False)),
    ("bridge_step", "trick_winner_index", ([0, 4, 8, 12], 0)),
    ("bridge_step", "legal_follows", ([0, 4, 8], [1])),
    ("bridge_step", "from_export", (kernel("bridge_step", "fast").Core(FULL, 0, 0).export(),)),
    ("bridge_step", "Core.apply", (0,)),
    ("bridge_step", "Core.is_legal", (0,)),
    ("bridge_step", "Core.observation_tensor", (0,)),
    ("bridge_step", "from_seed", (5, 0, 0)),
    ("bridge_step", "shuffled_deck", (5,)),
    ("bridge_step", "auction", (0, [3, 0, 0, 0])),
    ("holdem_step", "Core", ([100, 100, 100, 100], 0, 1, 2)),
    ("holdem_step", "Core.start_hand", (None, 12345)),
    ("holdem_step", "Core.apply", (2,)),
    ("holdem_step", "Core.is_legal", (2,)),
    ("holdem_step", "Core.amount", (5,)),
    ("holdem_step", "Core.perform", (2, 2)),
    ("holdem_step", "Core.observation_tensor", (0,)),
    ("holdem_step", "from_seed", (5, [100, 100, 0, 100], 1)),
    ("holdem_step", "from_export", (_holdem_core(kernel("holdem_step", "fast")).export(),)),
    ("tractor_step", "Core", (_TRACTOR_DECK, 0, None, 0)),
    ("tractor_step", "Core", (_TRACTOR_DECK, 0, 3, (2, 5), 12345)),
    ("tractor_step", "from_export",
     (kernel("tractor_step", "fast").Core(_TRACTOR_DECK, 0, 2, (1, 4), 99).export(),)),
    ("tractor_step", "from_seed", (5, 3, None)),
    ("tractor_step", "from_seed", (5, 0, 2)),
    ("tractor_step", "deal", (12345, 1, 3, (2, 5))),
    ("tractor_step", "Core.apply", (11,)),
    ("tractor_step", "Core.is_legal", (11,)),
    ("tractor_step", "Core.hand", (0,)),
    ("tractor_step", "Core.observation_tensor", (2,)),
    ("guandan_step", "Core", (_GUANDAN_HANDS, 0, 0)),
    ("guandan_step", "from_export", (_guandan_core(kernel("guandan_step", "fast")).export(),)),
    ("guandan_step", "Core.apply", (_GUANDAN_PLAY,)),
    ("guandan_step", "Core.apply_cards", (0, [])),
    ("guandan_step", "Core.is_legal", (_GUANDAN_PLAY,)),
    ("guandan_step", "Core.hand", (1,)),
    ("guandan_step", "from_seed", (5,)),
    ("guandan_step", "deal", (5, 3)),
    ("guandan_step", "Core.observation_tensor", (1,)),
    ("shedding_step", "Core", (0, list(range(54)), 0, 7)),
    ("shedding_step", "from_export",
     (kernel("shedding_step", "fast").Core(0, list(range(54)), 1).export(),)),
    ("shedding_step", "from_seed", (5, "doudizhu", 1)),
    ("shedding_step", "Core.apply", (4,)),
    ("shedding_step", "Core.apply_cards", (4, [4])),
    ("shedding_step", "Core.with_hands", ([None, list(range(34, 51)), list(range(17, 34))],)),
    ("shedding_step", "Core.is_legal", (4,)),
    ("shedding_step", "Core.hand", (0,)),
    ("shedding_step", "Core.observation_tensor", (1,)),
    ("schnapsen_step", "Core", (5, None, 1, [7, 7])),
    ("schnapsen_step", "Core", (5, list(range(32, 52)), 0, (3, 7))),
    ("schnapsen_step", "from_seed", (5,)),
    ("schnapsen_step", "from_export", (kernel("schnapsen_step", "fast").from_seed(5).export(),)),
    ("schnapsen_step", "Core.apply", (20,)),
    ("schnapsen_step", "Core.is_legal", (29,)),
    ("schnapsen_step", "Core.observation_tensor", (0,)),
]


def _onepoker_core(mod):
    core = mod.from_seed(5)
    core.apply(core.legal_ids()[0])     # both locks: the betting round is open
    core.apply(core.legal_ids()[0])
    return core


STEP_CORES["onepoker_step"] = _onepoker_core
_ONEPOKER_PILE = [0, 1, 2, 3] + [c for c in range(4, 52) for _ in range(2)]
STEP_ENTRIES += [
    ("onepoker_step", "Core", ([[0, 1], [2, 3]], _ONEPOKER_PILE, [], [20, 20], 0, 5)),
    ("onepoker_step", "from_seed", (5, [20, 20])),
    ("onepoker_step", "from_export",
     (_onepoker_core(kernel("onepoker_step", "fast")).export(),)),
    ("onepoker_step", "Core.apply", (1,)),
    ("onepoker_step", "Core.is_legal", (1,)),
    ("onepoker_step", "Core.amount", (6,)),
    ("onepoker_step", "Core.raise_to", (3,)),
    ("onepoker_step", "Core.hand", (0,)),
    ("onepoker_step", "Core.observation_tensor", (0,)),
]


def _preference_core(mod):
    core = mod.from_seed(5)
    for i in (528, 537, 537):           # seat 0 bids 1, the others pass: seat 0 discards
        core.apply(i)
    return core


STEP_CORES["preference_step"] = _preference_core
_PREFERENCE_DISCARD = _preference_core(kernel("preference_step", "fast")).legal_ids()[-1]
STEP_ENTRIES += [
    ("preference_step", "Core", (list(range(20, 52)), 2, [-30, -30, -30], 90, 1, 9)),
    ("preference_step", "from_seed", (5, 2, 9)),
    ("preference_step", "shuffled_deck", (5,)),
    ("preference_step", "legal_follows", ([20, 24], [21], 0, False)),
    ("preference_step", "from_export",
     (_preference_core(kernel("preference_step", "fast")).export(),)),
    ("preference_step", "Core.apply", (_PREFERENCE_DISCARD,)),
    ("preference_step", "Core.is_legal", (_PREFERENCE_DISCARD,)),
    ("preference_step", "Core.observation_tensor", (0,)),
    ("preference_step", "Core.set_money", ([-30, -30, -35], 5)),
    ("preference_step", "Core.set_won", ([0, 0, 0],)),
]
STEP_IDS = [f"{k}.{f}" for k, f, _ in STEP_ENTRIES]
#: the cores a method is called on where ``STEP_CORES``'s is not one it may be called on:
#: Hold'em starts a hand only once the one before is settled (a core made for a match)
METHOD_CORES = {("holdem_step", "start_hand"): lambda mod: mod.Core([100] * 4, 0, 1, 2)}


def _step_fn(back: str, k: str, f: str):
    mod = kernel(k, back)
    if f.startswith("Core."):
        method = f.partition(".")[2]
        make = METHOD_CORES.get((k, method), STEP_CORES[k])
        return lambda *a: getattr(make(mod), method)(*a)
    return getattr(mod, f)


def test_every_step_core_entry_is_covered():
    # (shedding_step's rule functions are swept with the rule entries below)
    covered = {(k, f) for k, f, _ in STEP_ENTRIES} | {(k, f) for k, f, _ in RULE_ENTRIES}
    for k in STEP_CORES:
        mod = kernel(k, "fast")
        funcs = {n for n in dir(mod) if not n.startswith("_") and callable(getattr(mod, n))
                 and type(getattr(mod, n)).__name__ in ("cython_function_or_method",
                                                          "builtin_function_or_method")}
        assert funcs, k
        assert {(k, n) for n in funcs} - {(k, "quote")} <= covered, funcs


@pytest.mark.parametrize("k, f, args", STEP_ENTRIES, ids=STEP_IDS)
def test_step_cores_refuse_junk_like_their_twins(k, f, args):
    for back in ("fast", "ref"):
        _step_fn(back, k, f)(*args)          # the valid call works on both
    for i in range(len(args)):
        for junk in JUNK:
            bad = list(args)
            bad[i] = junk
            got = [_outcome(_step_fn(back, k, f), bad) for back in ("fast", "ref")]
            for back, g in zip(("fast", "ref"), got):
                assert g[0] == "ok" or issubclass(g[0], CardcoreError), (back, f, i, junk, g)
            assert [g[0] == "ok" for g in got] == [got[0][0] == "ok"] * 2, (f, i, junk, got)


# ----------------------------------------------------------------------------- rule functions
#
# ``shedding_step``'s rule functions (the one place of Dou Dizhu's spring and multiplier and
# Zheng Shangyou's bomb bonus): each called with valid arguments, then with each junk value in
# each argument. A call returns or raises ``CardcoreError`` / ``TypeError`` / ``ValueError``,
# never crashes, and the twin answers alike.

# (kernel, function, valid arguments)
RULE_ENTRIES = [
    ("shedding_step", "sort_cards", ([5, 1, 53],)),
    ("shedding_step", "ddz_spring", (0, 0, [3, 0, 0])),
    ("shedding_step", "ddz_multiplier", (2, True)),
    ("shedding_step", "zsy_claims_bonus", ("bomb", True)),
    ("shedding_step", "zsy_bonus_share", (1,)),
    ("shedding_step", "zsy_settle_bonus", ([0, 0, 0], 2)),
    ("shedding_step", "ddz_deal_scores", (0, 1, 6)),
    ("shedding_step", "zsy_count_bombs", ([4, 4] + [0] * 9 + [3, 1],)),
    ("shedding_step", "zsy_penalty", ([1] * 13, True)),
    ("shedding_step", "zsy_deal_scores", (0, [0, 3, 4], [20, -10, -10])),
    ("schnapsen_step", "card_points", (51,)),
    ("schnapsen_step", "beats", (50, 51, 0)),
    ("schnapsen_step", "trick_winner", (0, 50, 51, 0)),
    ("schnapsen_step", "strict", (False, 4)),
    ("schnapsen_step", "strict_follows", ([32, 36, 51], 50, 0)),
    ("schnapsen_step", "may_close", (False, 4)),
    ("schnapsen_step", "trump_jack", (2,)),
    ("schnapsen_step", "may_exchange", (False, 6, [38], 2)),
    ("schnapsen_step", "marriage_partner", (44,)),
    ("schnapsen_step", "may_marry", (44, [40, 44], 0)),
    ("schnapsen_step", "marriage_points", (1, 1)),
    ("schnapsen_step", "announce", (10, 0, 1, 20)),
    ("schnapsen_step", "take_trick", (0, 20, 0, 44, 51)),
    ("schnapsen_step", "last_trick_winner", (1, None)),
    ("schnapsen_step", "game_points", (33, True)),
    ("schnapsen_step", "deal_game_points", (0, None, 0, 0, True, 50, 3)),
]
RULE_IDS = [f"{k}.{f}" for k, f, _ in RULE_ENTRIES]
ALLOWED = (CardcoreError, TypeError, ValueError)


def _rule_outcome(fn, args):
    try:
        out = fn(*args)
    except Exception as e:      # noqa: BLE001 - classified by the caller
        return type(e), str(e)
    if isinstance(out, list):
        out = sorted(out)
    return "ok", out


@pytest.mark.parametrize("k, f, args", RULE_ENTRIES, ids=RULE_IDS)
def test_rule_functions_refuse_junk_like_their_twins(k, f, args):
    for back in ("fast", "ref"):
        got = _rule_outcome(getattr(kernel(k, back), f), list(args))   # the valid call works
        assert got[0] == "ok", (back, f, got)
    for i in range(len(args)):
        for junk in JUNK:
            got = []
            for back in ("fast", "ref"):
                bad = list(args)
                bad[i] = junk
                got.append(_rule_outcome(getattr(kernel(k, back), f), bad))
            for back, g in zip(("fast", "ref"), got):
                assert g[0] == "ok" or issubclass(g[0], ALLOWED), (back, f, i, junk, g)
            assert got[0][0] == got[1][0], (f, i, junk, got)
            if got[0][0] == "ok" or issubclass(got[0][0], CardcoreError):
                assert got[0] == got[1], (f, i, junk, got)


# ----------------------------------------------------------------------------- constructors
#
# The step cores' constructors with every argument (the Guandan core at a position: a seat
# out, a play on the table, a pass), and the move record types (``ShedRecord._from_fields``,
# the games' ``Move`` built from its fields, and the class methods that read cards or an
# action): each called with valid arguments, then with each junk value in each argument. Both
# backends answer or raise ``CardcoreError`` alike.

def _guandan_position():
    """A Guandan position: seat 2 out, seat 1's play on the table, seat 3 passed on it."""
    mod = kernel("guandan_step", "fast")
    hands = [list(h) for h in _GUANDAN_HANDS]
    hands[2] = []
    core = mod.Core(hands, 0, 1, [2])
    play = core.legal_ids()[0]
    core.apply(play)
    return (core.hands(), 0, 0, [2], (1, play, core.table()[3]), 1)


def _guandan_play_cards():
    core = _guandan_core(kernel("guandan_step", "fast"))
    core.apply(_GUANDAN_PLAY)
    return core.table()[3]


CONSTRUCTOR_ENTRIES = [
    ("guandan_step", "Core", _guandan_position()),
    ("guandan_step", "Core.apply_cards", (_GUANDAN_PLAY, _guandan_play_cards())),
]


@pytest.mark.parametrize("k, f, args", CONSTRUCTOR_ENTRIES,
                         ids=[f"{k}.{f}" for k, f, _ in CONSTRUCTOR_ENTRIES])
def test_step_core_constructors_with_every_argument_refuse_junk_like_their_twins(k, f, args):
    test_step_cores_refuse_junk_like_their_twins(k, f, args)
    # and values of the right shape that do not hold here: a seat out that holds cards, a
    # seat out twice, a table whose cards are not its play, cards that are not the play
    seat, play, cards = args[4] if f == "Core" else (None, args[0], args[1])
    extras = {3: ([0], [1], [2, 2], [0, 1, 3], [2, 0]),
              4: ((1, play, cards[:-1]), (1, play, cards + cards[:1]), (1, 0, cards)),
              5: (2, 3)} if f == "Core" else {1: (cards[:-1], cards[::-1] + [53])}
    for i, values in extras.items():
        for v in values:
            bad = list(args)
            bad[i] = v
            got = [_outcome(_step_fn(back, k, f), bad) for back in ("fast", "ref")]
            refused = not (f == "Core" and i == 5 and v == 2)     # (two passes: valid)
            assert [g[0] != "ok" for g in got] == [refused] * 2, (f, i, v, got)
            assert all(g[0] == "ok" or issubclass(g[0], CardcoreError) for g in got), got


#: the entries that take an action id first (with a valid one)
ID_ENTRIES = [e for e in STEP_ENTRIES + CONSTRUCTOR_ENTRIES
              if e[1] in ("Core.apply", "Core.is_legal", "Core.apply_cards", "Core.amount",
                          "Core.perform")]


@pytest.mark.parametrize("k, f, args", ID_ENTRIES, ids=[f"{k}.{f}" for k, f, _ in ID_ENTRIES])
def test_a_numpy_integer_id_is_that_id_on_both_backends(k, f, args):
    assert {e[0] for e in ID_ENTRIES} >= {"guandan_step", "shedding_step", "holdem_step"}
    for back in ("fast", "ref"):
        fn = _step_fn(back, k, f)
        want = _outcome(fn, args)
        assert want[0] == "ok", (back, want)
        for as_type in (np.int64, np.int32, np.uint16):
            assert _outcome(fn, (as_type(args[0]), *args[1:])) == want, (back, as_type)
        for junk in (np.array(args[0]), np.bool_(True), np.float64(args[0])):
            assert _outcome(fn, (junk, *args[1:]))[0] is IllegalAction, (back, junk)


#: each game's ``Move`` on each backend's record storage (the games' rules on ``ShedRecord``)
_MOVES = {back: SimpleNamespace(
    DdzMove=type("Move", (DdzRules, kernel("shedding", back).ShedRecord), {"__slots__": ()}),
    ZsyMove=type("Move", (ZsyRules, kernel("shedding", back).ShedRecord), {"__slots__": ()}))
    for back in ("fast", "ref")}
_C3, _C3D, _C4 = Card(4), Card(5), Card(8)
RECORD_ENTRIES = [
    ("shedding", "ShedRecord._from_fields", ("pair", 0, 1, (_C3, _C3D), 1)),
    ("moves", "DdzMove", ("pair", 0, 1, (_C3, _C3D))),
    ("moves", "ZsyMove", ("single", 1, 1, (_C4,))),
    ("moves", "DdzMove.from_cards", ((_C3, _C3D), "pair")),
    ("moves", "ZsyMove.from_cards", ((_C3, _C3D), None, False)),
    ("moves", "DdzMove.from_action", (Action("pair", "33", (_C3, _C3D)),)),
    ("moves", "ZsyMove.from_action", (Action("single", "4", (_C4,)),)),
    ("moves", "DdzMove.reading", ("pair", (_C3, _C3D), "33")),
    ("moves", "ZsyMove.keyed_reading", ("pair", 0, 1, (_C3, _C3D))),
    ("moves", "DdzMove._make", (1, 0, 1, 1 << 4 | 1 << 5)),
    ("moves", "ZsyMove.key_beats", (("pair", 1, 1), ("pair", 0, 1))),
]


def _record_fn(back: str, k: str, f: str):
    obj = _MOVES[back] if k == "moves" else kernel(k, back)
    for part in f.split("."):
        obj = getattr(obj, part)
    return obj


def _record_outcome(fn, args):
    try:
        out = fn(*args)
    except CardcoreError as e:
        return type(e), None
    except Exception as e:      # noqa: BLE001 - the point of the test
        raise AssertionError(f"{fn}{args!r:.200} raised {type(e).__name__}: {e}") from e
    return "ok", (out.kind, out.rank, out.length, tuple(out.cards)) \
        if hasattr(out, "cards") else out


@pytest.mark.parametrize("back", ["fast", "ref"])
def test_a_move_by_its_key_takes_ints_and_a_kind_and_nothing_equal_to_them(back):
    """``Move(kind, rank, length, cards)`` (and ``keyed_reading``): numpy integers are the same
    move; a rank or length that only compares equal to the int (a float, a bool, an array) and
    a kind that is no string are ``CardError`` (an empty array raised numpy's ValueError, and
    ``0.0`` was taken as rank 0)."""
    cls = _MOVES[back].DdzMove
    want = cls("pair", 0, 1, (_C3, _C3D))
    assert cls("pair", np.int64(0), np.uint8(1), (_C3, _C3D)) == want
    assert cls.keyed_reading("pair", "3", np.int32(1), (_C3, _C3D)) == want
    for i, junk in [(1, 0.0), (1, True), (1, np.float64(0)), (1, np.array(0)),
                    (1, np.array([], dtype=np.uint8)), (2, 1.0), (2, np.bool_(True)),
                    (2, np.array([], dtype=np.uint8)), (2, np.array([1])), (0, 5),
                    (0, np.array(["pair"])), (0, None)]:
        args = ["pair", 0, 1, (_C3, _C3D)]
        args[i] = junk
        for make in (cls, cls.keyed_reading):
            with pytest.raises(CardError, match=("kind", "rank", "length")[i]):
                make(*args)


@pytest.mark.parametrize("back", ["fast", "ref"])
def test_a_move_by_its_reading_takes_a_kind_and_a_text_that_are_strings(back):
    """``Move.from_cards(cards, kind)`` and ``Move.reading(kind, cards, text)``: a kind or
    text that is no string is ``CardError`` (an array kind was taken as the kind it holds, an
    empty one raised numpy's ValueError, an array text was passed over)."""
    for cls in (_MOVES[back].DdzMove, _MOVES[back].ZsyMove):
        want = cls.reading("pair", (_C3, _C3D), "33")
        assert cls.from_cards((_C3, _C3D), "pair") == want
        assert cls.reading("pair", (_C3, _C3D)) == want
        for junk in (np.array(["pair"]), np.array([], dtype=np.uint8), 0, b"pair"):
            with pytest.raises(CardError, match="kind"):
                cls.from_cards((_C3, _C3D), junk)
            with pytest.raises(CardError, match="kind"):
                cls.reading(junk, (_C3, _C3D), "33")
            with pytest.raises(CardError, match="text"):
                cls.reading("pair", (_C3, _C3D), junk)


@pytest.mark.parametrize("k, f, args", RECORD_ENTRIES, ids=[f"{k}.{f}" for k, f, _ in
                                                           RECORD_ENTRIES])
def test_record_types_refuse_junk_like_their_twins(k, f, args):
    want = [_record_outcome(_record_fn(back, k, f), args) for back in ("fast", "ref")]
    assert want[0][0] == "ok" and want[0] == want[1], want
    for i in range(len(args)):
        for junk in [*JUNK, Action("pair", "33", None), ("pair", 0), (_C3, _C3, _C3D)]:
            bad = list(args)
            bad[i] = junk
            got = [_record_outcome(_record_fn(back, k, f), bad) for back in ("fast", "ref")]
            assert got[0] == got[1], (f, i, junk, got)
