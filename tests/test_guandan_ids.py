"""Guandan action ids (``docs/actions/guandan.md``): the pinned id table, ``move_ids``, the
kernel's id functions against the plain-Python twin, and the observation tensor's layout."""

from __future__ import annotations

import hashlib
import importlib
import random

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, CardError, IllegalAction, guandan
from cardcore._ref import guandan as R
from cardcore.cards import Card, parse

F = pytest.importorskip("cardcore._fast.guandan", reason="compiled kernel not built")
M = importlib.import_module("cardcore.guandan.moves")

DECK2 = [c for c in range(54) for _ in range(2)]


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def counts(cards) -> np.ndarray:
    return np.bincount(np.asarray(cards, dtype=np.int64), minlength=54).astype(np.uint8)


# ------------------------------------------------------------------ the pinned table

PINNED = {
    0: "pass", 1: "return 2c", 13: "return 5c", 54: "return RJ",
    55: "2", 56: "[2]", 57: "3", 81: "B", 82: "R",
    83: "22", 84: "2[2]", 85: "[2][2]", 122: "BB", 123: "RR",
    124: "222", 125: "22[2]", 126: "2[2][2]", 140: "77[7]",
    163: "22233", 242: "33344", 565: "777BB", 680: "888[5][5]", 1176: "A[A][A]RR",
    1177: "A2345", 1209: "34567", 1336: "TJQ[K][A]",
    1337: "AA2233", 1347: "223344", 1456: "QQKK[A][A]",
    1457: "AAA222", 1463: "222333", 1534: "KKKA[A][A]",
    1535: "2222", 1751: "AAAA", 1768: "AAAAAAAA[A][A]",
    1769: "Ac2c3c4c5c", 1929: "3h4h5h6h7h", 2408: "TsJsQs[Ks][As]",
    2409: "BBRR",
}
KIND_RANGES = {
    "pass": (0, 0), "return": (1, 54), "single": (55, 82), "pair": (83, 123),
    "trio": (124, 162), "full_house": (163, 1176), "straight": (1177, 1336),
    "tube": (1337, 1456), "plate": (1457, 1534), "bomb": (1535, 1768),
    "straight_flush": (1769, 2408), "joker_bomb": (2409, 2409),
}


def test_the_id_space_is_fixed_for_every_option_set():
    for options in ({}, {"single_deal": True}, {"level": "A"}, {"level": "7", "first": 2},
                    {"single_deal": True, "level": "T"}):
        s = cardcore.new_game("guandan", seed=3, **options)
        assert s.num_distinct_actions == 2410 == M.NUM_ACTIONS
        assert s.legal_mask().shape == (2410,)
    assert M.FIRST_PLAY == 55 and M.NUM_PLAYS == 2355


def test_id_texts_are_pinned():
    texts = M.id_texts()
    for i, text in PINNED.items():
        assert texts[i] == text == M.id_text(i), i
        assert M.text_id(text) == i
    for kind, (lo, hi) in KIND_RANGES.items():
        assert set(M.ID_KINDS[lo:hi + 1]) == {kind}
    # the whole table, kinds and texts: a change of any id changes this digest
    blob = "\n".join(f"{k} {t}" for k, t in zip(M.ID_KINDS, texts)).encode()
    assert hashlib.sha256(blob).hexdigest()[:16] == "52eb433d239932cd"
    assert hashlib.sha256(F.id_rows().tobytes()).hexdigest()[:16] == "014d31eb324e013b"


def test_the_table_is_sorted_by_natural_key_and_texts_are_unique():
    rows = F.id_rows()
    keys = [tuple(r[:8]) for r in rows.tolist()]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    texts = M.id_texts()
    assert len(set(texts)) == len(texts) == 2410
    levels = F.id_levels()
    assert levels.any(axis=0).all()                    # every play exists at some level
    assert int(levels.all(axis=0).sum()) == 1935
    assert int((levels.sum(axis=0) == 1).sum()) == 169
    # a wild card alone is the level single: id 56 ([2]) exists at level 2 only
    assert levels[:, 56 - 55].tolist() == [True] + [False] * 12
    with pytest.raises(CardcoreError, match="no such play at level"):
        F.id_row(56, 3)


def test_texts_are_the_notation_of_the_moves_at_every_level():
    full = np.full(54, 2, np.uint8)
    texts = M.id_texts()
    for level in range(13):
        rows = F.moves(full, level)
        got = F.row_ids(rows, level)
        assert (got >= 55).all() and len(set(got.tolist())) == len(rows)
        assert got.tolist() == [M.text_id(M._notation(r)) for r in rows.tolist()]
        assert [texts[i] for i in got.tolist()] == [M._notation(r) for r in rows.tolist()]
        assert np.array_equal(F.id_levels()[level], np.isin(np.arange(55, 2410), got))


def test_id_texts_come_from_the_kernel_and_the_twins_agree():
    assert F.id_texts() == R.id_texts() == M.id_texts()
    assert F.id_texts()[:2] == ["pass", "return 2c"] and len(F.id_texts()) == F.NUM_ACTIONS


# ------------------------------------------------------------------ move_ids

def test_move_ids_are_the_ids_of_moves():
    rng = random.Random(12)
    for trial in range(150):
        level = "23456789TJQKA"[rng.randrange(13)]
        hand = [Card(c) for c in rng.sample(DECK2, rng.choice([27, 27, 12, 6, 2]))]
        beat = None
        if trial % 2:
            table = guandan.moves([Card(c) for c in rng.sample(DECK2, 27)], level)
            beat = table[rng.randrange(len(table))]
        got = guandan.move_ids(hand, level, beat)
        assert got.dtype == np.int32
        want = sorted(M.text_id(str(m)) for m in guandan.moves(hand, level, beat))
        assert got.tolist() == want
    assert guandan.move_ids("7h 7h 7s 8c 9d", "7").tolist() == [
        65, 66, 67, 69, 99, 100, 102, 105, 141, 144, 147, 1247, 1266, 1288]
    assert guandan.move_ids("7h 7h 7s 8c 9d", "7", beat=(1, 5, 2)).tolist() == [
        99, 100, 102, 105]
    assert guandan.move_ids([], "2").tolist() == []


def test_move_ids_reject_bad_input():
    with pytest.raises(CardError):
        guandan.move_ids("7h 7h 7h", "7")                   # three copies
    with pytest.raises(CardcoreError):
        guandan.move_ids("7h", "1")
    with pytest.raises(CardcoreError):
        guandan.move_ids("7h", "7", beat=(0, 99, 1))
    with pytest.raises(CardError):
        guandan.move_ids([54], "7")


# ------------------------------------------------------------------ kernel vs twin

def test_the_twins_build_the_same_table():
    assert R.NUM_PLAYS == F.NUM_PLAYS and R.NUM_ACTIONS == F.NUM_ACTIONS
    assert R.FIRST_PLAY == F.FIRST_PLAY == 55
    assert np.array_equal(R.id_rows(), F.id_rows())
    assert np.array_equal(R.id_levels(), F.id_levels())


def test_kernel_id_functions_match_the_twin_on_random_hands():
    rng = random.Random(2026)
    for trial in range(160):
        level = rng.randrange(13)
        hand = sorted(rng.sample(DECK2, rng.choice([27, 27, 15, 8, 3])))
        beat = None
        if trial % 3:
            other = F.moves(counts(rng.sample(DECK2, 27)), level)
            beat = tuple(int(x) for x in other[rng.randrange(len(other))][:3])
        h = counts(hand)
        fast = F.move_ids(h, level, beat)
        assert fast.tolist() == R.move_ids(h, level, beat).tolist()
        assert fast.tolist() == F.move_ids_of(hand, level, beat).tolist()
        assert fast.tolist() == R.move_ids_of(hand, level, beat).tolist()
        assert fast.tolist() == sorted(F.row_ids(F.moves(h, level, beat), level).tolist())
        listed = F.hand_ids(hand, level, beat)
        assert listed == R.hand_ids(hand, level, beat)
        assert listed == ([0] if beat is not None else []) + fast.tolist()
        legal = set(fast.tolist())
        for i in rng.sample(range(-3, 2415), 60) + fast.tolist()[:20]:
            assert F.id_ok(hand, level, beat, i) == R.id_ok(hand, level, beat, i) == (i in legal)
        rows = F.moves(h, level)
        flat, ends = F.pick_ids(h, level, rows) if len(rows) else (np.zeros(0), [])
        start = 0
        for k, i in enumerate(F.row_ids(rows, level).tolist()[:40]):
            cards, key = F.take(hand, level, i)
            assert (cards, key) == R.take(hand, level, i)
            assert cards == flat[start:ends[k]].tolist() and key == rows[k][:3].tolist()
            assert np.array_equal(F.id_row(i, level), rows[k])
            assert np.array_equal(R.id_row(i, level), rows[k])
            start = ends[k]


def _same_error(call):
    got = []
    for mod in (F, R):
        with pytest.raises(CardcoreError) as info:
            call(mod)
        got.append((type(info.value), str(info.value)))
    assert got[0] == got[1], got
    return got[0][0]


def test_kernel_id_functions_reject_bad_input_alike():
    hand = ids("7c 7d 8c")
    for bad_hand in ((7, 8), [7, 7, 7], [54], [-1], [True], ["7c"], [1.0], None, "7c"):
        assert _same_error(lambda m, x=bad_hand: m.hand_ids(x, 5)) is CardError
        assert _same_error(lambda m, x=bad_hand: m.id_ok(x, 5, None, 60)) is CardError
        assert _same_error(lambda m, x=bad_hand: m.take(x, 5, 60)) is CardError
    for bad_level in (-1, 13, "5", None, 2.0):
        assert _same_error(lambda m, x=bad_level: m.hand_ids(hand, x)) is CardcoreError
        assert _same_error(lambda m, x=bad_level: m.move_ids(counts(hand), x)) is CardcoreError
    for bad_id in (0, 54, 2410, -1, "60", 60.0, True, None):
        assert _same_error(lambda m, x=bad_id: m.take(hand, 5, x)) is CardcoreError
        assert _same_error(lambda m, x=bad_id: m.id_row(x, 5)) is CardcoreError
        assert not F.id_ok(hand, 5, None, bad_id) and not R.id_ok(hand, 5, None, bad_id)
    assert _same_error(lambda m: m.hand_ids(hand, 5, (0, 99, 1))) is CardcoreError
    # a play the hand lacks (a trio of 7s from two 7s)
    trio = M.text_id("777")
    assert _same_error(lambda m: m.take(hand, 5, trio)) is CardError
    assert F.row_ids(np.zeros(23, np.uint8), 5) == R.row_ids(np.zeros(23, np.uint8), 5) == -1


# ------------------------------------------------------------------ the game's ids

def _position(hands, level=0, turn=0, table=None):
    s = cardcore.new_game("guandan", seed=0, first=turn, single_deal=True,
                          level="23456789TJQKA"[level])
    s.hands = [s._sort(ids(h)) for h in hands]
    if table is not None:
        s.table = table
    return s


def test_game_ids_follow_the_table():
    s = _position(["3c 3d 4c 5c", "9c", "9d", "9s"])
    assert s.legal_ids() == [57, 59, 61, 86]             # 3, 4, 5, 33
    s.apply_id(86)
    assert s.log[-1] == [0, "pair", "33", ids("3c 3d"), None, [1, 1, 2]]
    assert s.table[4] == [1, 1, 2] and s.current_player == 1
    assert s.legal_ids() == [0]                           # seat 1 can only pass
    with pytest.raises(IllegalAction):
        s.apply_id(86)
    s.apply_id(0)
    assert s.log[-1] == [1, "pass", "pass", [], None, []]


def test_game_action_from_id_matches_legal_actions():
    s = _position(["7h 7h 7s 8c 9d Th", "2c", "2d", "2s"], level=5)
    for i in s.legal_ids():
        a = s.action_from_id(i)
        assert a in s.legal_actions() and s.action_to_id(a) == i
        assert a.text == M.id_text(i)
    wild_pair = s.action_from_id(M.text_id("[7][7]"))
    assert wild_pair.kind == "pair" and wild_pair.cards == tuple(Card(c) for c in ids("7h 7h"))
    assert wild_pair.data == (1, 13, 2)                   # the level pair: value 13


def test_return_ids_in_a_match():
    rng = random.Random(5)
    s = cardcore.new_game("guandan", seed=8)
    seen = 0
    while not s.is_over and s.deal_no < 6:
        if s.phase == "return":
            legal = s.legal_ids()
            want = [1 + c for c in guandan.return_choices(s.hands[s.turn], s.level)]
            assert legal == want and all(1 <= i <= 54 for i in legal)
            a = s.action_from_id(legal[0])
            assert a.kind == "return" and a.text == f"return {Card(legal[0] - 1)}"
            assert M.id_text(legal[0]) == a.text
            seen += 1
        s.apply_id(rng.choice(s.legal_ids()))
    assert seen >= 2


def test_play_ids_taken_from_the_hand_keep_one_id_for_both_copies():
    s = _position(["5c 5c 5d 9s", "2c", "2d", "2s"], level=0)
    assert s.action_to_id("5c") == s.action_to_id("5") == M.text_id("5") == 61
    s.apply_id(61)
    assert s.log[-1][3] == [ids("5c")[0]] and s.hands[0].count(ids("5c")[0]) == 1


# ------------------------------------------------------------------ tensor layout

def test_tensor_layout():
    s = cardcore.new_game("guandan", seed=11, first=1, single_deal=True, level="9")
    t = s.observation_tensor(2)
    assert t.shape == (512,) and t.dtype == np.float32
    assert np.array_equal(t[0:54], counts(s.hands[2]))
    assert t[:54].sum() == 27
    assert t[54:432].sum() == 0                          # nothing played, no tribute
    assert t[466 + 7] == 1 and t[466:479].sum() == 1     # level 9
    assert t[479 + 7] == 1 and t[492 + 7] == 1
    assert t[505] == 1 and t[508] == 0                   # play phase; seat 1 to act
    assert np.allclose(t[446:450], 1.0)
    lead = s.legal_ids()[0]
    s.apply_id(lead)
    t1 = s.observation_tensor(1)
    t2 = s.observation_tensor(2)
    card = s.log[-1][3][0]
    assert t1[54 + card] == 1                            # seat 1 played it: relative 0 of 1
    assert t2[54 * 4 + card] == 1                        # ... relative 3 of seat 2
    assert t2[270 + card] == 1 and t2[432 + 3] == 1 and t2[436] == 1   # a single on the table
    assert t2[508] == 1 and t2[511] == 0                 # seat 2 to act, not leading
    assert abs(t1[446] - 26 / 27) < 1e-6


def test_tensor_shows_tribute_and_places():
    rng = random.Random(4)
    s = cardcore.new_game("guandan", seed=21)
    while s.deal_no == 1:
        s.apply_id(rng.choice(s.legal_ids()))
    t = s.observation_tensor(0)
    if s.tribute:
        for rec in s.tribute:
            assert t[324 + rec["card"]] >= 1
    else:
        assert s.tribute_cancelled and t[510] == 1
    assert t[450:466].sum() == 0                         # a new deal: nobody out
    levels = s.levels
    assert t[479 + levels[0]] == 1 and t[492 + levels[1]] == 1


# ------------------------------------------------------------------ the step kernel vs twin

def _core_view(core) -> list:
    """Everything a core answers, for comparing the kernel with its twin."""
    return [core.export(), core.hands(), core.hand_sizes(), core.table(), core.plays(),
            core.played(), core.passes_on(), core.places(), core.turn, core.level,
            core.passes, core.phase, core.tribute(), core.tribute_cancelled, core.levels,
            core.new_levels, core.advance, core.rng_state, core.current_player,
            core.is_over, core.returns(),
            [core.observation_tensor(p).tobytes() for p in range(4)]]


def _tensor_from_views(s, player: int) -> np.ndarray:
    """The observation tensor of ``docs/actions/guandan.md`` built from the state's public
    views (the encoder the state had before the core wrote it), to pin the core's."""
    out = np.zeros(512, dtype=np.float32)
    hands, all_played, places = s.hands, s.played, s.places
    out[0:54] = np.bincount(hands[player], minlength=54)
    for rel in range(4):
        played = all_played[(player + rel) % 4]
        if played:
            out[54 * (1 + rel):54 * (2 + rel)] = np.bincount(played, minlength=54)
    table = s.table
    if table is not None:
        out[270:324] = np.bincount(table[3], minlength=54)
        out[432 + (table[0] - player) % 4] = 1
        out[436 + M.KINDS.index(table[1])] = 1
    for rec in s.tribute:
        out[324 + rec["card"]] += 1
        if rec["returned"] is not None:
            out[378 + rec["returned"]] += 1
    for rel in range(4):
        seat = (player + rel) % 4
        out[446 + rel] = len(hands[seat]) / 27
        if seat in places:
            out[450 + 4 * rel + places.index(seat)] = 1
    mine = player & 1
    out[466 + s.level] = 1
    out[479 + s.levels[mine]] = 1
    out[492 + s.levels[1 - mine]] = 1
    out[505 + ("play", "return", "over").index(s.phase)] = 1
    if s.phase != "over" and s.turn == player:
        out[508] = 1
        out[511] = 1 if s.phase == "play" and table is None else 0
    out[509] = s.passes / 3
    out[510] = 1 if s.tribute_cancelled else 0
    return out


def test_the_cores_tensor_is_the_one_the_views_describe():
    rng = random.Random(7)
    for seed, opts in ((2, {}), (5, {"single_deal": True, "level": "K"})):
        s = cardcore.new_game("guandan", seed=seed, **opts)
        seen = set()
        while True:
            for p in range(4):
                assert np.array_equal(s.observation_tensor(p), _tensor_from_views(s, p))
            if s.is_over:
                break
            seen.add(s.phase)
            s.apply_id(rng.choice(s.legal_ids()))
        assert "play" in seen


def test_step_core_matches_the_twin_along_random_games():
    import copy
    import pickle

    FS = pytest.importorskip("cardcore._fast.guandan_step")
    from cardcore._ref import guandan_step as RS

    rng = random.Random(31)
    steps = ends = returns = 0
    for seed in (4, 5):                                     # 511 steps, 4 deals, 4 returns
        s = cardcore.new_game("guandan", seed=seed)         # a match: tribute and returns too
        while not s.is_over and s.deal_no < 3:
            a, b = FS.from_export(s.core.export()), RS.from_export(s.core.export())
            assert _core_view(a) == _core_view(b) == _core_view(s.core)
            got = a.legal_ids()
            assert got == b.legal_ids() == s.legal_ids()
            assert got == sorted(s.action_to_id(x) for x in s.legal_actions())
            before = a.export()
            for bad in (1, 54, 2410, -1, 10**30,
                        *[j for j in rng.sample(range(55, 2410), 40) if j not in got][:4],
                        *([0] if 0 not in got else [])):
                if bad in got:
                    continue
                assert a.is_legal(bad) is b.is_legal(bad) is False
                for core in (a, b):
                    with pytest.raises(IllegalAction):
                        core.apply(bad)
            for junk in ("0", 0.0, None, True):
                for core in (a, b):
                    with pytest.raises(IllegalAction):
                        core.apply(junk)
            assert a.export() == before == b.export()
            if steps % 25 == 0:
                for core, mod in ((a, FS), (b, RS)):
                    v = core.export()
                    for twin in (core.copy(), copy.copy(core), pickle.loads(pickle.dumps(core)),
                                 mod.from_export(v), mod.Core.from_export(v)):
                        assert twin == core and _core_view(twin) == _core_view(core)
            i = rng.choice(got)
            action = s.action_from_id(i)
            returns += action.kind == "return"
            a2, b2 = a.copy(), b.copy()
            assert a.apply(i) is None and b.apply(i) is None
            cards = [int(c) for c in action.cards]
            assert a2.apply_cards(i, cards) is None and b2.apply_cards(i, cards) is None
            assert _core_view(a) == _core_view(b) and _core_view(a2) == _core_view(b2)
            ends += a.is_over
            twin = s.clone()
            twin.apply(action)
            s.apply_id(i)
            assert s.log == twin.log and s._state_dict() == twin._state_dict()
            if not a.is_over:
                assert _core_view(s.core) == _core_view(a2)
            else:                                   # the next deal starts from the last one
                assert s.is_over or (s.core.levels == a.new_levels and s.core.phase != "over")
            steps += 1
    assert steps > 450 and ends >= 4 and returns >= 2


def test_a_core_alone_plays_the_tribute_and_returns_of_a_deal():
    FS = pytest.importorskip("cardcore._fast.guandan_step")
    from cardcore._ref import guandan_step as RS

    hands = [ids("3c 4c"), ids("5c 6c"), ids("9c Kc"), ids("7c Ac")]
    for mod in (FS, RS):
        core = mod.Core(hands, 0, None, previous=[1, 3, 0, 2], levels=[0, 3])
        # team 1 first and second: seats 2 (Kc) and 0 (4c) pay, the stronger to first place
        assert core.tribute() == [[2, 1, ids("Kc")[0], None], [0, 3, ids("4c")[0], None]]
        assert core.phase == "return" and core.current_player == 1
        assert core.legal_ids() == [1 + c for c in ids("5c 6c")]
        core.apply(1 + ids("6c")[0])
        assert core.current_player == 3 and core.legal_ids() == [1 + c for c in ids("4c 7c")]
        with pytest.raises(IllegalAction):
            core.apply_cards(1 + ids("4c")[0], ids("7c"))
        core.apply_cards(1 + ids("4c")[0], ids("4c"))
        assert core.phase == "play" and core.current_player == 2    # paid first place: leads
        assert core.tribute()[1][3] == ids("4c")[0] and core.levels == [0, 3]
        t = core.observation_tensor(2)
        assert t[324 + ids("Kc")[0]] == 1 and t[378 + ids("6c")[0]] == 1
        assert t[479] == 1 and t[492 + 3] == 1 and t[505] == 1 and t[511] == 1
        assert mod.from_export(core.export()) == core
        cancelled = mod.Core([ids("RJ 3c"), ids("5c"), ids("RJ 7c"), ids("9d")], 0, None,
                             previous=[1, 3, 0, 2])
        assert cancelled.tribute_cancelled and cancelled.tribute() == []
        assert cancelled.current_player == 1 and cancelled.phase == "play"
        for bad in ((hands, 0, 1), ):
            with pytest.raises(CardcoreError):
                mod.Core(*bad, previous=[1, 3, 0, 2])
        for previous in ([1, 3, 0], [1, 1, 0, 2], "x", [1, 3, 0, 4]):
            with pytest.raises(CardcoreError):
                mod.Core(hands, 0, None, previous=previous)
        with pytest.raises(CardcoreError, match="holds no card"):
            mod.Core([ids("3c"), ids("5c"), [], ids("7c")], 0, None, previous=[1, 3, 0, 2])


def test_a_deal_from_the_seed_is_the_games_first_deal():
    FS = pytest.importorskip("cardcore._fast.guandan_step")
    from cardcore._ref import guandan_step as RS

    for seed, opts in ((0, {}), (9, {"level": "7", "first": 2}), (3, {"single_deal": True})):
        s = cardcore.new_game("guandan", seed=seed, **opts)
        for mod in (FS, RS):
            core = mod.from_seed(seed, **opts)
            assert core.export() == s.core.export() and core.rng_state == s.rng_state
        assert s.core.returns() == (0.0,) * 4
    for mod in (FS, RS):
        for bad in ({"level": "1"}, {"first": 4}, {"single_deal": "yes"}, {"level": None}):
            with pytest.raises(CardcoreError):
                mod.from_seed(1, **bad)
        with pytest.raises(TypeError):
            mod.from_seed(1, seats=4)
        deck = [c for c in range(54) for _ in range(2)]
        for bad in ({"deck": deck[:-1]}, {"deck": deck[:-1] + [0]}, {"first": 1,
                                                                     "previous": [0, 1, 2, 3]}):
            with pytest.raises(CardcoreError):
                mod.deal(0, 0, **bad)


def test_step_core_refuses_bad_arguments():
    FS = pytest.importorskip("cardcore._fast.guandan_step")
    from cardcore._ref import guandan_step as RS

    s = cardcore.new_game("guandan", seed=3, single_deal=True)
    hands = s.hands
    for mod in (FS, RS):
        mod.Core(hands, 0, 0)
        for args in ((hands[:3], 0, 0), ([[99]] * 4, 0, 0), ([hands[0] * 2] * 4, 0, 0),
                     ("x", 0, 0), (None, 0, 0), (hands, 13, 0), (hands, 0, 4), (hands, 0, True),
                     (hands, 0, 0, [0, 0]), (hands, 0, 0, [0, 1, 2, 3]), (hands, 0, 0, (), None, 1),
                     (hands, 0, 0, (), (0, 55, [5])), (hands, 0, 0, (), (0, 7, [])),
                     (hands, 0, 0, (), "x")):
            with pytest.raises(CardcoreError):
                mod.Core(*args)
        core = mod.Core(hands, 0, 0)
        good = core.export()
        for bad in (None, "x", [], good[:-1], good[:5], good + [0],
                    [*good[:1], 13, *good[2:]]):
            with pytest.raises(CardcoreError):
                mod.from_export(bad)
        core.apply(core.legal_ids()[0])
        good = core.export()
        with pytest.raises(CardcoreError):
            mod.from_export(good + [0, 0])
        assert mod.from_export(good) == core
        with pytest.raises(CardcoreError):
            core.hand(4)
        f = {n: k for k, n in enumerate(mod.EXPORT_FIELDS)}
        for name, value in (("ntribute", 1), ("cancelled", 2), ("level_0", 13), ("rng", -1),
                            ("tribute_0_from", 0), ("rng", 2**64)):
            bad = list(good)
            bad[f[name]] = value
            with pytest.raises(CardcoreError):
                mod.from_export(bad)
        with pytest.raises(IllegalAction):
            core.apply_cards(0, [5])
        with pytest.raises(CardcoreError):
            core.apply_cards(60, "x")
