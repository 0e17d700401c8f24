"""Dou Dizhu plays: every rule Decision pinned, generation checked against classification."""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

from cardcore import CardError, CardcoreError
from cardcore.cards import Card
from cardcore.doudizhu import Move, classify, moves
from cardcore.doudizhu.moves import beats, hand_counts, rank_index

RANKS = "23456789TJQKA"


def cards(text: str) -> list[Card]:
    """Rank notation to physical cards: ``"33344455 BJ"`` (suits picked c, d, h, s in turn)."""
    used: set[int] = set()
    out: list[Card] = []
    for tok in text.split():
        if tok in ("BJ", "RJ"):
            out.append(Card(52 if tok == "BJ" else 53))
            continue
        for ch in tok:
            r = RANKS.index(ch)
            suit = next(s for s in range(4) if r * 4 + s not in used)
            used.add(r * 4 + suit)
            out.append(Card(r * 4 + suit))
    return out


def kinds(text: str) -> list[tuple[str, str, int]]:
    return [(m.kind, m.rank_name, m.length) for m in classify(cards(text))]


# ------------------------------------------------------------------ classification

@pytest.mark.parametrize("text, expected", [
    ("7", [("single", "7", 1)]),
    ("RJ", [("single", "RJ", 1)]),
    ("TT", [("pair", "T", 1)]),
    ("222", [("trio", "2", 1)]),
    ("5552", [("trio_single", "5", 1)]),
    ("22233", [("trio_pair", "2", 1)]),
    ("34567", [("straight", "7", 5)]),
    ("3456789TJQKA", [("straight", "A", 12)]),
    ("TTJJQQ", [("pair_run", "Q", 3)]),
    ("QQQKKK", [("airplane", "K", 2)]),
    ("3333", [("bomb", "3", 1)]),
    ("BJ RJ", [("rocket", "RJ", 1)]),
    ("KKKKJQ", [("four_two_singles", "K", 1)]),
    ("KKKK3355", [("four_two_pairs", "K", 1)]),
    ("333444 5566", [("airplane_pairs", "4", 2)]),
    ("333444555 789", [("airplane_singles", "5", 3)]),
])
def test_basic_kinds(text, expected):
    assert kinds(text) == expected


def test_decision_airplane_with_paired_single_wings():
    ms = classify(cards("33344455"))
    assert [(m.kind, m.rank_name, m.length, m.wing) for m in ms] == [
        ("airplane_singles", "4", 2, "single")]
    assert str(ms[0]) == "33344455"
    assert ms[0].wing_counts[2] == 2  # the wings are 5, 5


def test_decision_four_trios_only_plain_airplane():
    # as a 3-trio airplane its wings would be a trio
    assert kinds("333444555666") == [("airplane", "6", 4)]


@pytest.mark.parametrize("text", ["3334445555", "33334444"])
def test_decision_same_rank_pairs_are_no_combination(text):
    assert classify(cards(text)) == []


def test_decision_trio_single_may_take_a_joker():
    assert kinds("333 BJ") == [("trio_single", "3", 1)]
    assert kinds("333 RJ") == [("trio_single", "3", 1)]
    assert str(classify(cards("333 BJ"))[0]) == "333 BJ"


def test_decision_jokers_are_not_a_pair():
    assert kinds("BJ RJ") == [("rocket", "RJ", 1)]
    assert kinds("333 BJ RJ") == []  # no trio + pair with the jokers


def test_decision_four_two_singles_attachments():
    assert kinds("5555 77") == [("four_two_singles", "5", 1)]  # the two may be a pair
    assert kinds("5555 7 BJ") == [("four_two_singles", "5", 1)]
    assert kinds("5555 BJ RJ") == []  # not both jokers


def test_decision_four_two_pairs_distinct():
    assert kinds("5555 7799") == [("four_two_pairs", "5", 1)]
    assert kinds("5555 7777") == []
    assert kinds("5555 77 BJ RJ") == []


def test_decision_single_wings():
    assert kinds("333444 77") == [("airplane_singles", "4", 2)]
    assert kinds("333444 2 BJ") == [("airplane_singles", "4", 2)]
    assert kinds("333444555 777") == []  # wings hold a trio
    assert kinds("333444555666 7777") == []  # wings hold a bomb
    assert kinds("333444 BJ RJ") == []  # both jokers
    assert kinds("3333444 5") == []  # a wing of a core rank
    assert kinds("333444555 5 67") == []


def test_decision_pair_wings():
    assert kinds("333444 5522") == [("airplane_pairs", "4", 2)]
    assert kinds("3333 4444 55") == []  # the 3 and the 4 left over are of core ranks
    assert kinds("333444555 667788") == [("airplane_pairs", "5", 3)]
    assert kinds("333444555 666688") == []  # distinct ranks


@pytest.mark.parametrize("text", ["JQKA2", "KKAA22", "AAA222", "QKA2 BJ", "2 BJ RJ 34",
                                  "3456", "3344", "33", "34", "3 BJ", "333444555 666 7"])
def test_runs_exclude_2_and_jokers_and_have_minimum_length(text):
    runs = ("straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs")
    assert [m for m in classify(cards(text)) if m.kind in runs] == []


def test_no_cards_is_no_play_and_bad_input():
    assert classify([]) == []
    with pytest.raises(CardError):
        classify("3c 3c")
    with pytest.raises(CardError):
        moves("3c Zz")
    with pytest.raises(CardcoreError):
        moves("3c 4c", beat="3d")


# ------------------------------------------------------------------ Move

def test_move_is_frozen_hashable_and_printable():
    m = classify(cards("QQQ KK"))[0]
    assert str(m) == "QQQKK" and m.kind == "trio_pair" and m.size == 5
    assert m.rank == 9 and m.rank_name == "Q" and m.wing == "pair"
    assert m.counts[9] == 3 and m.counts[10] == 2 and sum(m.counts) == 5
    with pytest.raises(AttributeError):
        m.rank = 3
    assert {m: 1}[classify(cards("QQQ KK"))[0]] == 1
    assert pickle.loads(pickle.dumps(m)) == m
    assert Move.from_cards("Qc Qd Qh Kc Kd") == m
    assert Move(m.kind, m.rank, m.length, m.cards) == m
    assert str(classify(cards("T 9 J 8 7"))[0]) == "789TJ"
    assert str(classify(cards("4 333"))[0]) == "3334"
    with pytest.raises(CardError):
        Move.from_cards("3c 4d")


def test_move_identity_copy_and_constructor():
    import copy

    from cardcore.zhengshangyou import Move as ZMove

    m = classify(cards("333 BJ"))[0]
    assert m != tuple(m) and tuple(m) != m and (m == tuple(m)) is False
    assert copy.copy(m) == m and copy.deepcopy(m) == m and type(copy.deepcopy(m)) is Move
    assert Move("trio_single", "3", 1, "3c 3d 3h BJ") == m
    assert Move("trio_single", 0, 1, m.cards) == m
    with pytest.raises(CardError):
        Move("trio_pair", "3", 1, "3c 3d 3h BJ")
    with pytest.raises(CardError):
        Move("trio_single", "4", 1, "3c 3d 3h BJ")
    with pytest.raises(CardError):
        Move("trio_single", "Z", 1, "3c 3d 3h BJ")
    # same cards, same kind name, different games: different moves
    assert classify("3h")[0] != ZMove.from_cards("3h")
    assert len({m, copy.copy(m), classify(cards("333 RJ"))[0]}) == 2


def test_rank_order():
    order = [rank_index(c) for c in (cards("3")[0], cards("T")[0], cards("A")[0],
                                     cards("2")[0], Card(52), Card(53))]
    assert order == [0, 7, 11, 12, 13, 14]
    assert hand_counts("3c 3d 2s BJ") == [2] + [0] * 11 + [1, 1, 0]


def M(text, kind=None):
    return Move.from_cards(cards(text), kind)


def test_beats_basic_and_bombs_and_rocket():
    assert M("4").beats(M("3")) and not M("3").beats(M("4"))
    assert M("RJ").beats(M("BJ")) and M("BJ").beats(M("2")) and M("2").beats(M("A"))
    assert not M("44").beats(M("3"))
    assert M("45678").beats(M("34567")) and not M("45678").beats(M("345678"))
    assert M("4443").beats(M("3339")) and not M("4443").beats(M("33399"))
    assert M("3333").beats(M("3456789TJQKA")) and M("3333").beats(M("AAAA 2 BJ"))
    assert M("4444").beats(M("3333")) and not M("3333").beats(M("4444"))
    assert M("BJ RJ").beats(M("2222")) and not M("2222").beats(M("BJ RJ"))
    assert not M("3333 45").beats(M("4")) and not M("4444 56").beats(M("3333"))
    assert M("4444 56").beats(M("3333 22"))


def test_module_beats_compares_moves_and_keys():
    # the one comparison (the kernel's): Move.beats, and beats() on anything that starts
    # (kind, rank, length), such as an agent's rank-space plays
    assert beats(M("4"), M("3")) and beats(M("BJ RJ"), ("bomb", 12, 1))
    assert beats(("bomb", 0, 1), ("straight", 11, 8))
    assert not beats(("pair", 5, 1), ("single", 3, 1))
    assert not beats(("straight", 9, 6), ("straight", 8, 5))
    with pytest.raises(CardcoreError):
        beats(("heavenly_bomb", 0, 1), ("single", 0, 1))


def test_decision_airplane_answers_same_trios_and_wing_kind():
    plain = M("333444")
    singles = M("333444 78")
    pairs = M("333444 7788")
    assert M("444555").beats(plain) and not M("444555 99").beats(plain)
    assert M("444555 9T").beats(singles) and not M("444555").beats(singles)
    assert not M("444555 99TT").beats(singles)
    assert M("444555 99TT").beats(pairs)
    assert not M("444555666 9TJ").beats(singles)  # three trios against two
    assert M("444555 99").beats(singles)  # paired single wings are single wings


# ------------------------------------------------------------------ generation

def test_lead_and_response_lists_on_a_known_hand():
    hand = cards("3334445 BJ RJ")
    ms = moves(hand)
    texts = {(m.kind, str(m)) for m in ms}
    assert ("airplane_singles", "3334445 BJ") in texts
    assert ("airplane_singles", "333444 BJ RJ") not in texts
    assert ("airplane_singles", "3334445 RJ") in texts
    assert ("rocket", "BJ RJ") in texts
    assert ("trio_single", "333 BJ") in texts
    assert len(texts) == len(ms)
    beat = M("5556")
    assert {str(m) for m in moves(hand, beat=beat)} == {"BJ RJ"}
    assert moves(hand, beat=M("BJ RJ")) == []


def test_moves_cards_come_from_the_hand():
    rng = random.Random(7)
    for _ in range(200):
        hand = rng.sample(range(54), 20)
        for m in moves(hand):
            assert set(m.cards) <= set(hand) and len(set(m.cards)) == len(m.cards)


def _sub_counts(h):
    return itertools.product(*[range(x + 1) for x in h])


def _cards_for(counts, by):
    out = []
    for r, x in enumerate(counts):
        out += by[r][:x]
    return out


def test_generation_equals_classification_of_every_subset():
    """moves(hand) == every reading of every sub-multiset of the hand, each once."""
    rng = random.Random(2024)
    hands = [[Card(c) for c in rng.sample(range(54), size)]
             for size in (6, 8, 9, 10, 12) for _ in range(6)]
    for _ in range(12):  # dense hands: most cards of three neighbouring ranks, plus jokers
        lo = rng.randrange(1, 11)
        pool = rng.sample(range(lo * 4, lo * 4 + 12), rng.choice((9, 10, 11)))
        rest = [c for c in range(54) if c not in pool and c < 52]
        hands.append([Card(c) for c in pool + rng.sample(rest, 1) + [52, 53]])
    for hand in hands:
        by = [[] for _ in range(15)]
        for c in sorted(hand):
            by[rank_index(c)].append(c)
        h = hand_counts(hand)
        want = set()
        for sub in _sub_counts(h):
            if any(sub):
                for m in classify(_cards_for(sub, by)):
                    want.add((m.kind, m.rank, m.length, m.counts))
        got = [(m.kind, m.rank, m.length, m.counts) for m in moves(hand)]
        assert len(got) == len(set(got))
        assert set(got) == want


def test_responses_are_the_beating_leads_in_order():
    rng = random.Random(99)
    for _ in range(150):
        hand = [Card(c) for c in rng.sample(range(54), rng.choice((17, 20)))]
        other = [Card(c) for c in rng.sample([c for c in range(54) if c not in hand], 17)]
        leads = moves(hand)
        for beat in rng.sample(moves(other), 5):
            assert moves(hand, beat=beat) == [m for m in leads if m.beats(beat)]


def test_dense_hand_with_many_airplanes():
    hand = cards("333444555666777 88 BJ RJ 2")
    ms = moves(hand)
    assert len(ms) == len(set(ms)) and len({(m.kind, m.counts) for m in ms}) == len(ms)
    five = [m for m in ms if m.kind == "airplane" and m.length == 5]
    assert [str(m) for m in five] == ["333444555666777"]
    wings4 = [m for m in ms if m.kind == "airplane_singles" and m.length == 4]
    # core 3456 + four wings from {7,7,8,8,2,BJ,RJ} (at most two 7s, not both jokers), and
    # core 4567 + four wings from {3,3,8,8,2,BJ,RJ}
    assert all(m.counts[13] + m.counts[14] < 2 for m in wings4)
    ways = sum((2 if j else 1) for a in range(3) for b in range(3) for c in range(2)
               for j in range(2) if a + b + c + j == 4)
    assert len(wings4) == 2 * ways


# ------------------------------------------------------------------ an independent classifier

def _naive_readings(c: list[int]) -> set[tuple[str, int, int]]:
    """The rules read literally: take a core off the cards, check what is left."""
    out = set()
    n = sum(c)
    nz = [r for r in range(15) if c[r]]

    def rest_after(core: dict[int, int]):
        rest = list(c)
        for r, x in core.items():
            if rest[r] < x:
                return None
            rest[r] -= x
        return rest

    if n == 1:
        out.add(("single", nz[0], 1))
    if n == 2 and c[13] and c[14]:
        out.add(("rocket", 14, 1))
    for r in range(13):
        for kind, x in (("pair", 2), ("trio", 3), ("bomb", 4)):
            if c[r] == x == n:
                out.add((kind, r, 1))
        rest = rest_after({r: 3})
        if rest is not None and rest[r] == 0:
            if sum(rest) == 1:
                out.add(("trio_single", r, 1))
            if sum(rest) == 2 and max(rest[:13]) == 2:
                out.add(("trio_pair", r, 1))
        rest = rest_after({r: 4})
        if rest is not None:
            if sum(rest) == 2 and not (rest[13] and rest[14]):
                out.add(("four_two_singles", r, 1))
            if sum(rest) == 4 and sorted(x for x in rest if x) == [2, 2]:
                out.add(("four_two_pairs", r, 1))
    for lo in range(12):
        for hi in range(lo, 12):
            length = hi - lo + 1
            for kind, x, minimum in (("straight", 1, 5), ("pair_run", 2, 3), ("airplane", 3, 2)):
                if length >= minimum and n == x * length and rest_after(
                        dict.fromkeys(range(lo, hi + 1), x)) == [0] * 15:
                    out.add((kind, hi, length))
            if length < 2:
                continue
            rest = rest_after(dict.fromkeys(range(lo, hi + 1), 3))
            if rest is None or any(rest[lo:hi + 1]):
                continue
            if sum(rest) == length and max(rest) <= 2 and not (rest[13] and rest[14]):
                out.add(("airplane_singles", hi, length))
            if sum(rest) == 2 * length and all(x in (0, 2) for x in rest):
                out.add(("airplane_pairs", hi, length))
    return out


def test_classify_matches_a_literal_reading_of_the_rules():
    """Plays generated from random hands, each also with one card more or one card less."""
    rng = random.Random(31)
    seen_kinds = set()
    checked = 0
    for i in range(250):
        if i % 2:
            ids = rng.sample(range(54), 20)
        else:  # concentrated on few ranks, so trios, fours and airplanes come up
            lo = rng.randrange(0, 8)
            pool = [c for c in range(54) if c >= 52 or lo <= rank_index(c) < lo + 6]
            ids = rng.sample(pool, 20)
        hand = [Card(c) for c in ids]
        ms = moves(hand)
        for m in rng.sample(ms, min(12, len(ms))):
            left = [c for c in hand if c not in m.cards]
            variants = [list(m.cards), list(m.cards[1:])]
            if left:
                variants.append(list(m.cards) + [rng.choice(left)])
            for cs in variants:
                got = {x.key for x in classify(cs)}
                assert got == _naive_readings(hand_counts(cs)), cs
                seen_kinds |= {k for k, _, _ in got}
                checked += 1
    assert checked > 6_000 and seen_kinds == set(Move.KINDS), seen_kinds
