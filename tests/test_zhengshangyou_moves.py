"""Zheng Shangyou plays: every rule Decision pinned, generation checked against classification."""

from __future__ import annotations

import itertools
import random

import pytest

from cardcore import CardError, CardcoreError
from cardcore.cards import Card, parse
from cardcore.zhengshangyou import Move, classify, moves
from cardcore.zhengshangyou.moves import THREE_HEARTS, beats, hand_counts, must_beat

DECK = [c for c in range(52) if c != 50 and (c >= 4 or c == 3)]  # no Ah, only 2s
RANKS = "23456789TJQKA"


def cards(text: str) -> list[Card]:
    """Rank notation to cards of the 48-card deck, suits picked s, h, d, c (3h kept last)."""
    used: set[int] = set()
    out: list[Card] = []
    for ch in text.replace(" ", ""):
        r = RANKS.index(ch)
        cid = next(r * 4 + s for s in (3, 1, 0, 2) if r * 4 + s in DECK and r * 4 + s not in used)
        used.add(cid)
        out.append(Card(cid))
    return out


def kinds(text, first_play=False):
    return [(m.kind, m.rank_name, m.length) for m in classify(cards(text), first_play=first_play)]


def test_deck_is_48_cards():
    assert len(DECK) == 48
    with pytest.raises(CardError):
        classify("Ah")
    with pytest.raises(CardError):
        moves("2h 3c")
    with pytest.raises(CardError):
        moves("BJ 3c")
    with pytest.raises(CardError):
        moves("3c 3c")


@pytest.mark.parametrize("text, expected", [
    ("2", [("single", "2", 1)]),
    ("AA", [("pair", "A", 1)]),
    ("KKK", [("trio", "K", 1)]),
    ("34567", [("straight", "7", 5)]),
    ("TJQKA", [("straight", "A", 5)]),
    ("3456789TJQKA", [("straight", "A", 12)]),
    ("3344", [("pair_run", "4", 2)]),
    ("KKAA", [("pair_run", "A", 2)]),
    ("5555", [("bomb", "5", 1)]),
    ("3333", [("bomb", "3", 1)]),
    ("AAA", [("ace_bomb", "A", 1)]),
])
def test_kinds(text, expected):
    assert kinds(text) == expected


@pytest.mark.parametrize("text", ["JQKA2", "A2345", "AA2", "2345", "34", "3456", "33344",
                                  "333444", "33344455", "33334", "KKKAA", "3345", "AAAK"])
def test_not_plays(text):
    assert kinds(text) == []


def test_decision_three_aces_only_ace_bomb():
    assert kinds("AAA") == [("ace_bomb", "A", 1)]
    hand = cards("AAA KKK 3")
    assert [m.kind for m in moves(hand) if m.counts[11] == 3] == ["ace_bomb"]
    ab = Move.from_cards(cards("AAA"))
    for text in ("KKKK", "3333", "2", "TJQKA", "QQKKAA"):
        assert ab.beats(Move.from_cards(cards(text)))
    assert not Move.from_cards(cards("KKKK")).beats(ab)
    assert Move.from_cards(cards("KKK")).beats(Move.from_cards(cards("QQQ")))


def test_decision_heavenly_bomb_only_in_opening_play():
    four3 = cards("3333")
    assert THREE_HEARTS in four3
    assert kinds("3333", first_play=True) == [("heavenly_bomb", "3", 1)]
    assert kinds("3333") == [("bomb", "3", 1)]
    hb = Move.from_cards(four3, first_play=True)
    for text in ("AAA", "KKKK", "2", "3456789TJQKA"):
        other = Move.from_cards(cards(text))
        assert hb.beats(other) and not other.beats(hb)
    low = Move.from_cards(four3)
    assert Move.from_cards(cards("4444")).beats(low) and not low.beats(
        Move.from_cards(cards("4444")))
    assert low.beats(Move.from_cards(cards("2")))


def test_first_play_needs_three_of_hearts():
    hand = cards("3333 4567 88")
    ms = moves(hand, first_play=True)
    assert ms and all(THREE_HEARTS in m.cards for m in ms)
    assert [m.kind for m in ms if m.counts[0] == 4] == ["heavenly_bomb"]
    assert "bomb" not in [m.kind for m in ms]
    assert sorted(str(m) for m in ms if m.kind == "single") == ["3"]
    assert {str(m) for m in ms if m.kind == "straight"} == {"34567", "345678"}
    assert classify("3c", first_play=True) == []
    assert [m.kind for m in classify("3h", first_play=True)] == ["single"]
    assert moves(cards("4444 5"), first_play=True) == []
    with pytest.raises(CardcoreError):
        moves(hand, beat=ms[0], first_play=True)


def test_beats_and_must_beat():
    M = lambda t: Move.from_cards(cards(t))  # noqa: E731
    assert M("2").beats(M("A")) and not M("A").beats(M("2"))
    assert M("45678").beats(M("34567")) and not M("456789").beats(M("34567"))
    assert M("4455").beats(M("3344")) and not M("445566").beats(M("3344"))
    assert M("3333").beats(M("2")) and M("KKKK").beats(M("QQQQ"))
    assert not M("QQQQ").beats(M("KKKK"))
    assert M("AAA").beats(M("KKKK"))
    hand = cards("44 9 J")
    assert must_beat(hand, M("33")) and not must_beat(hand, M("55"))
    assert must_beat(cards("5555 3"), M("2"))  # a bomb is a legal answer, so must beat
    assert not must_beat(cards("KKKK 2"), M("AAA"))


def test_module_beats_compares_moves_and_keys():
    M = lambda t: Move.from_cards(cards(t))  # noqa: E731
    assert beats(M("AAA"), M("KKKK")) and beats(("ace_bomb", 11, 1), ("bomb", 10, 1))
    assert beats(("heavenly_bomb", 0, 1), ("ace_bomb", 11, 1))
    assert not beats(("ace_bomb", 11, 1), ("heavenly_bomb", 0, 1))
    assert beats(("pair_run", 3, 2), M("3344")) and not beats(("pair_run", 4, 3), M("3344"))
    with pytest.raises(CardcoreError):
        beats(("rocket", 14, 1), ("single", 0, 1))


def test_no_trio_attachments_no_airplanes():
    assert kinds("333 4") == []
    assert kinds("333 44") == []
    assert kinds("333444") == []
    assert kinds("4444 5 6") == []


def _sub_counts(h):
    return itertools.product(*[range(x + 1) for x in h])


def test_generation_equals_classification_of_every_subset():
    rng = random.Random(11)
    hands = [rng.sample(DECK, n) for n in (8, 10, 12) for _ in range(8)]
    hands += [[c for c in DECK if c < 24] + [6] for _ in range(1)]
    for hand in hands:
        hand = [Card(c) for c in dict.fromkeys(hand)]
        for first in (False, True):
            by = [[] for _ in range(15)]
            for c in sorted(hand, key=lambda c: (c != THREE_HEARTS, c)):
                by[(c >> 2) - 1 if c >= 4 else 12].append(c)
            h = hand_counts(hand)
            want = set()
            for sub in _sub_counts(h):
                if any(sub):
                    pick = [c for r, x in enumerate(sub) for c in by[r][:x]]
                    for m in classify(pick, first_play=first):
                        want.add((m.kind, m.rank, m.length, m.counts))
            got = [(m.kind, m.rank, m.length, m.counts) for m in moves(hand, first_play=first)]
            assert len(got) == len(set(got))
            assert set(got) == want


def test_responses_are_the_beating_leads_in_order():
    rng = random.Random(5)
    for _ in range(300):
        deal = rng.sample(DECK, 32)
        hand, other = deal[:16], deal[16:]
        leads = moves(hand)
        for beat in rng.sample(moves(other), 5):
            ans = moves(hand, beat=beat)
            assert ans == [m for m in leads if m.beats(beat)]
            assert must_beat(hand, beat) == bool(ans)


def test_move_text_and_cards():
    m = Move.from_cards("Th Jh Qs Kd As")
    assert str(m) == "TJQKA" and m.rank_name == "A" and m.length == 5 and m.size == 5
    assert parse("Th Jh Qs Kd As") == sorted(m.cards)


def _naive_readings(c, first):
    """The rules read literally, for the 48-card deck."""
    out = set()
    n = sum(c)
    nz = [r for r in range(15) if c[r]]
    if first and not c[0]:
        return out
    if n == 1:
        out.add(("single", nz[0], 1))
    if len(nz) == 1:
        r = nz[0]
        if n == 2:
            out.add(("pair", r, 1))
        if n == 3:
            out.add(("ace_bomb" if r == 11 else "trio", r, 1))
        if n == 4:
            out.add(("heavenly_bomb" if first and r == 0 else "bomb", r, 1))
    for lo in range(12):
        for hi in range(lo + 1, 12):
            run = [0] * 15
            for r in range(lo, hi + 1):
                run[r] = 1
            if hi - lo + 1 >= 5 and c == run:
                out.add(("straight", hi, hi - lo + 1))
            if c == [2 * x for x in run]:
                out.add(("pair_run", hi, hi - lo + 1))
    return out


def test_classify_matches_a_literal_reading_of_the_rules():
    rng = random.Random(8)
    seen = set()
    for i in range(150):
        if i % 10 == 0:  # all four 3s
            hand = [Card(c) for c in [4, 5, 6, 7] + rng.sample(DECK[5:], 12)]
        else:
            hand = [Card(c) for c in rng.sample(DECK, 16)]
        for first in (False, True):
            for m in moves(hand, first_play=first):
                left = [c for c in hand if c not in m.cards]
                for cs in (list(m.cards), list(m.cards[:-1]), list(m.cards[1:]),
                           list(m.cards) + [rng.choice(left)] if left else list(m.cards)):
                    got = {x.key for x in classify(cs, first_play=first)}
                    want = (set() if first and THREE_HEARTS not in cs
                            else _naive_readings(hand_counts(cs), first))
                    assert got == want, (cs, first)
                    seen |= {k for k, _, _ in got}
    assert seen == {"single", "pair", "trio", "straight", "pair_run", "bomb", "ace_bomb",
                    "heavenly_bomb"}, seen
