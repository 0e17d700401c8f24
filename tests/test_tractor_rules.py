"""Tractor (Shengji) rules: the compiled kernel against its plain-Python twin, brute-force
checks of following and of the piecewise (card by card) follow, and pinned rule cases through
the public helpers ``cardcore.tractor.rules`` (run on both backends)."""

from __future__ import annotations

import itertools
import random

import pytest

from cardcore import CardcoreError, CardError, IllegalAction, OptionError
from cardcore._ref import tractor as R
from cardcore.cards import Card, parse
from cardcore.tractor import rules

F = pytest.importorskip("cardcore._fast.tractor", reason="compiled kernel not built")
KERNELS = [pytest.param(F, id="fast"), pytest.param(R, id="ref")]

LEVEL_OF = {r: i for i, r in enumerate("23456789TJQKA")}


def ids(text: str) -> list[int]:
    return [int(c) for c in parse(text)]


def canon(cards) -> tuple[int, ...]:
    return tuple(sorted(int(c) for c in cards))


@pytest.fixture(params=["fast", "ref"])
def api(request, monkeypatch):
    """The public helpers on the compiled kernel, then on the reference twin."""
    monkeypatch.setattr(rules, "_k", F if request.param == "fast" else R)
    return rules


# ------------------------------------------------------------------ twins agree

def test_twins_expose_the_same_public_names():
    def public(mod):
        return {n for n in dir(mod) if not n.startswith("_")
                and getattr(getattr(mod, n), "__module__", mod.__name__) in (mod.__name__, None)}

    names = {"table", "effective_suit", "strength", "masks", "shape", "is_legal_follow",
             "next_mask", "trick_winner", "lead_plays"}
    assert names <= public(F) and names <= public(R)
    assert set(F.__all__) == set(R.__all__)
    for name in ("NO_TRUMP", "TRUMP", "NONE", "SINGLE", "PAIR", "TRACTOR", "KINDS"):
        assert getattr(F, name) == getattr(R, name), name


def test_tables_agree_for_every_trump_and_level():
    for trump in range(5):
        for level in range(13):
            ft = F.table(trump, level)
            assert ft == R.table(trump, level)
            for c in range(54):
                es = F.effective_suit(c, trump, level)
                assert es == ft[0][c] == R.effective_suit(c, trump, level)
                assert F.strength(c, trump, level) == ft[1][c] == R.strength(c, trump, level)


def _deal(rng: random.Random, mode: int) -> tuple[list[list[int]], int, int]:
    """Four hands, a trump (0..4) and a level (0..12). Mode 0: the full two decks, 25 cards
    each. Mode 1: a window of consecutive ranks (and the level rank, the jokers), so pairs and
    tractors are common. Mode 2: two suits and the trumps, 12 cards each (short and void)."""
    trump = rng.randrange(5)
    level = rng.randrange(13)
    if mode == 1:
        lo = rng.randrange(10)
        ranks = set(range(lo, lo + rng.randrange(3, 6))) | {level}
        deck = [c for c in range(52) if c >> 2 in ranks] * 2 + [52, 53] * 2
        size = min(25, len(deck) // 4)
    elif mode == 2:
        two = rng.sample(range(4), 2)
        deck = [c for c in range(52) if c & 3 in two or c & 3 == trump or c >> 2 == level]
        deck = (deck + [52, 53]) * 2
        size = 12
    else:
        deck = list(range(54)) * 2
        size = 25
    rng.shuffle(deck)
    if mode == 1:  # the leader holds pairs only: tractors are likely
        ones = sorted(set(deck))
        pairs = rng.sample(ones, size // 2)
        for c in pairs:
            deck.remove(c)
            deck.remove(c)
        deck = sorted(pairs * 2) + deck
    return [sorted(deck[i * size:(i + 1) * size]) for i in range(4)], trump, level


def _pick_lead(rng: random.Random, leads: list[tuple[int, ...]]) -> tuple[int, ...]:
    by_kind: dict[int, list] = {}
    for p in leads:
        by_kind.setdefault(1 if len(p) == 1 else 2 if len(p) == 2 else 3, []).append(p)
    kind = rng.choice(sorted(by_kind) + [3] * 3 if 3 in by_kind else sorted(by_kind))
    return rng.choice(by_kind[kind])


def _random_follow(rng, hand, lead, trump, level) -> list[int]:
    """Pick cards one at a time among the offered ones; compare both twins at every step."""
    chosen: list[int] = []
    while True:
        m = F.next_mask(hand, lead, chosen, trump, level)
        assert m == R.next_mask(hand, lead, chosen, trump, level), (hand, lead, chosen)
        if not m:
            return chosen
        chosen.append(rng.choice([c for c in range(54) if m >> c & 1]))


def _outcome(fn, *args):
    """The result of a call, or its error type and message."""
    try:
        return fn(*args)
    except CardcoreError as exc:
        return type(exc), str(exc)


def test_random_deals_fast_vs_ref():
    rng = random.Random(20240917)
    tricks = checks = 0
    for i in range(3000):
        hands, trump, level = _deal(rng, i % 3)
        leads = F.lead_plays(hands[0], trump, level)
        assert leads == R.lead_plays(hands[0], trump, level)
        lead = list(_pick_lead(rng, leads))
        assert F.shape(lead, trump, level) == R.shape(lead, trump, level)
        n = len(lead)
        plays = [lead]
        for seat in (1, 2, 3):
            hand = hands[seat]
            follow = _random_follow(rng, hand, lead, trump, level)
            assert len(follow) == n
            assert F.is_legal_follow(hand, lead, follow, trump, level)
            assert R.is_legal_follow(hand, lead, follow, trump, level)
            # arbitrary plays of the right size, and a legal play with one card swapped
            others = [rng.sample(hand, n) for _ in range(3)]
            swapped = follow[:]
            swapped[rng.randrange(n)] = rng.choice(hand)
            for p in others + [swapped]:
                got = _outcome(F.is_legal_follow, hand, lead, p, trump, level)
                assert got == _outcome(R.is_legal_follow, hand, lead, p, trump, level), (hand, p)
                checks += 1
            for p in others:
                assert F.shape(p, trump, level) == R.shape(p, trump, level)
            plays.append(follow if rng.random() < 0.8 else others[0])
        try:
            want = R.trick_winner(plays, trump, level)
        except CardError:  # a random play reused a card another seat played
            continue
        assert F.trick_winner(plays, trump, level) == want
        for k in (1, 2, 3):
            part = plays[:k]
            assert F.trick_winner(part, trump, level) == R.trick_winner(part, trump, level)
        tricks += 1
    assert tricks > 2000 and checks > 30000


def test_random_tractor_tricks_fast_vs_ref():
    """Tricks where every seat answers with a shape (pairs, tractors, trumps) of the lead's size."""
    rng = random.Random(7)
    wins = [0, 0, 0, 0]
    for _ in range(3000):
        trump, level = rng.randrange(5), rng.randrange(13)
        ranks = sorted(rng.sample(range(13), 6))
        pool = [c for c in range(52) if c >> 2 in ranks or c >> 2 == level] + [52, 53]
        pool = pool * 2
        rng.shuffle(pool)
        hands = [sorted(pool[i::4]) for i in range(4)]
        shapes = [F.lead_plays(h, trump, level) for h in hands]
        lead = _pick_lead(rng, shapes[0])
        if len(lead) > len(min(hands, key=len)):
            continue
        plays = [list(lead)]
        for seat in (1, 2, 3):
            same = [p for p in shapes[seat] if len(p) == len(lead)]
            plays.append(list(rng.choice(same)) if same else rng.sample(hands[seat], len(lead)))
        w = F.trick_winner(plays, trump, level)
        assert w == R.trick_winner(plays, trump, level), (plays, trump, level)
        wins[w] += 1
    assert min(wins) > 100  # every seat wins some


# ------------------------------------------------------------------ brute force

def _sub_multisets(hand, n):
    return {tuple(sorted(p)) for p in itertools.combinations(hand, n)}


def _oracle_follow(hand, lead, play, suits) -> bool:
    """The following rules, straight from the text, by brute force over the hand."""
    n = len(lead)
    s = suits[lead[0]]
    suit_cards = [c for c in hand if suits[c] == s]
    played = [c for c in play if suits[c] == s]

    def pairs(p):
        return sum(1 for c in set(p) if p.count(c) == 2)

    if len(suit_cards) < n:  # short: all of the suit, the rest free
        return sorted(played) == sorted(suit_cards)
    if len(played) != n:  # follow the suit as far as you can
        return False
    if n == 1:
        return True
    most = max(pairs(list(q)) for q in _sub_multisets(suit_cards, n))
    return pairs(list(play)) == most  # as many of your own pairs as you can


@pytest.mark.parametrize("K", KERNELS)
def test_piecewise_follow_is_exactly_the_legal_follows(K):
    rng = random.Random(99 if K is F else 100)
    cases = 0
    while cases < 800:
        trump, level = rng.randrange(5), rng.randrange(13)
        ranks = set(rng.sample(range(13), 3)) | {level}
        pool = [c for c in range(52) if c >> 2 in ranks] * 2 + [52, 53] * 2
        rng.shuffle(pool)
        if cases % 2:  # a leader of pairs only: tractor leads
            pairs = rng.sample(sorted(set(pool)), 6)
            leader = pairs * 2
            pool = [c for c in pool if c not in pairs]
        else:
            leader, pool = pool[:12], pool[12:]
        hand = sorted(pool[:rng.randrange(4, 11)])
        leads = K.lead_plays(leader, trump, level)
        lead = list(_pick_lead(rng, leads))
        if len(lead) > len(hand) or len(lead) > 8:
            continue
        suits = K.table(trump, level)[0]
        subs = _sub_multisets(hand, len(lead))
        legal = {p for p in subs if K.is_legal_follow(hand, lead, list(p), trump, level)}
        assert legal == {p for p in subs if _oracle_follow(hand, lead, p, suits)}
        assert legal, "a legal answer always exists"
        # walk every path of the piecewise follow
        finished, seen, todo = set(), set(), [()]
        while todo:
            chosen = todo.pop()
            if chosen in seen:
                continue
            seen.add(chosen)
            m = K.next_mask(hand, lead, list(chosen), trump, level)
            if len(chosen) == len(lead):
                assert m == 0
                finished.add(chosen)
                continue
            assert m, f"dead end after {chosen} (hand {hand}, lead {lead})"
            for c in range(54):
                if m >> c & 1:
                    assert hand.count(c) > chosen.count(c)
                    todo.append(tuple(sorted(chosen + (c,))))
        assert finished == legal
        cases += 1


@pytest.mark.parametrize("K", KERNELS)
def test_lead_plays_are_exactly_the_shapes(K):
    rng = random.Random(5)
    for _ in range(300):
        trump, level = rng.randrange(5), rng.randrange(13)
        ranks = set(rng.sample(range(13), 3)) | {level}
        pool = [c for c in range(52) if c >> 2 in ranks] * 2 + [52, 53] * 2
        hand = sorted(rng.sample(pool, rng.randrange(1, 13)))
        got = K.lead_plays(hand, trump, level)
        assert len(set(got)) == len(got)
        want = {p for n in range(1, len(hand) + 1) for p in _sub_multisets(hand, n)
                if K.shape(list(p), trump, level)[0] != K.NONE}
        assert set(got) == want


def test_masks_and_shape_encoding():
    for K in (F, R):
        assert K.masks([3, 3, 5]) == ((1 << 3) | (1 << 5), 1 << 3)
        assert K.shape([], 0, 0) == (K.NONE, -1, 0, -1)
        assert K.shape(ids("Ac Kd"), 0, 0) == (K.NONE, -1, 2, -1)  # Ac is trump
        assert K.shape(ids("Ad Kd"), 0, 0) == (K.NONE, 1, 2, -1)
        assert K.shape(ids("Kd Kd Ad Ad"), 0, 0) == (K.TRACTOR, 1, 4, 11)


# ------------------------------------------------------------------ pinned: card order

def test_full_trump_order(api):
    order = api.trump_order("h", "7")
    names = [[str(c) for c in g] for g in order]
    assert names == [["RJ"], ["BJ"], ["7h"], ["7c", "7d", "7s"], ["Ah"], ["Kh"], ["Qh"], ["Jh"],
                     ["Th"], ["9h"], ["8h"], ["6h"], ["5h"], ["4h"], ["3h"], ["2h"]]
    assert [[str(c) for c in g] for g in api.trump_order(None, "7")] == [
        ["RJ"], ["BJ"], ["7c", "7d", "7h", "7s"]]
    assert [str(c) for c in api.suit_order("c", "h", "7")] == [
        "Ac", "Kc", "Qc", "Jc", "Tc", "9c", "8c", "6c", "5c", "4c", "3c", "2c"]
    assert api.suit_order("h", "h", "7") == []
    st = [api.strength(c, "h", "7") for c in ("RJ", "BJ", "7h", "7s", "7c", "Ah", "Kh", "2h")]
    assert st == [15, 14, 13, 12, 12, 11, 10, 0]
    assert api.effective_suit("7c", "h", "7") == "trump" and api.is_trump("2h", "h", "7")
    assert api.effective_suit("Ac", "h", "7") == "c" and not api.is_trump("Ac", None, "7")
    assert api.effective_suit("Ah", None, "7") == "h"
    # level A: the trump suit's highest plain card is the K
    assert [[str(c) for c in g] for g in api.trump_order("s", "A")][:5] == [
        ["RJ"], ["BJ"], ["As"], ["Ac", "Ad", "Ah"], ["Ks"]]


def test_earlier_of_equal_cards_wins(api):
    assert api.trick_winner(["7s", "7c", "7d", "3h"], "h", "7") == 0
    assert api.trick_winner(["3h", "7c", "7d", "7s"], "h", "7") == 1
    assert api.trick_winner(["4c", "Ac", "Ac", "Kc"], "h", "7") == 1
    assert api.trick_winner(["4c", "2h", "2h", "Ac"], "h", "7") == 1
    assert api.trick_winner(["7s 7s", "7c 7c", "3c 3c", "7d 7d"], "h", "7") == 0
    assert api.trick_winner(["7s", "7c", "7d", "7h"], None, "7") == 0  # no-trump: level cards equal
    assert api.trick_winner(["7s", "7c", "BJ", "RJ"], None, "7") == 3


# ------------------------------------------------------------------ pinned: shapes

@pytest.mark.parametrize("cards, trump, level, kind", [
    ("7c 7c 9c 9c", "h", "8", "tractor"),        # the removed level rank closes the gap
    ("6c 6c 8c 8c", "h", "7", "tractor"),
    ("7h 7h 9h 9h", "h", "8", "tractor"),        # in the trump suit too
    ("3c 3c 4c 4c", "h", "2", "tractor"),
    ("Kc Kc Qc Qc", "h", "A", "tractor"),
    ("Ah Ah 7s 7s", "h", "7", "tractor"),        # trump A -> other-suit level card
    ("7s 7s 7h 7h", "h", "7", "tractor"),        # -> trump-suit level card
    ("7h 7h BJ BJ", "h", "7", "tractor"),        # -> BJ
    ("BJ BJ RJ RJ", "h", "7", "tractor"),        # -> RJ
    ("Ah Ah 7c 7c 7h 7h BJ BJ RJ RJ", "h", "7", "tractor"),
    ("Ah Ah 7h 7h", "h", "7", None),             # skips the other-suit level cards
    ("7s 7s 7c 7c", "h", "7", None),             # other-suit level pairs: equal, never a tractor
    ("Ah Ah 7s 7s 7c 7c", "h", "7", None),
    ("7s 7s 7c 7c", None, "7", None),            # no-trump: level cards all equal
    ("7s 7s BJ BJ", None, "7", "tractor"),       # no-trump: level card -> BJ -> RJ
    ("7s 7s BJ BJ RJ RJ", None, "7", "tractor"),
    ("Ks Ks Ah Ah", "s", "A", "tractor"),        # level A: K (trump suit) -> other-suit A
    ("Ah Ah As As", "s", "A", "tractor"),
    ("Ks Ks As As", "s", "A", None),
    ("Ah Ah 2s 2s", "h", "2", "tractor"),        # level 2: trump A -> other-suit 2
    ("Ac Ac 2c 2c", "h", "2", None),             # 2c is a trump at level 2
    ("Ac Ac 2c 2c", "h", "7", None),             # no wrap-around
    ("5c 5c 6d 6d", "h", "7", None),             # two suits
    ("7s 7c", "h", "7", None),                   # level cards of two suits are not a pair
    ("7s 7s", "h", "7", "pair"),
    ("BJ RJ", "h", "7", None),
    ("RJ", None, "A", "single"),
    ("3c 3c 5c 5c", "h", "7", None),             # not consecutive
])
def test_shapes(api, cards, trump, level, kind):
    assert api.shape(cards, trump, level).kind == kind
    assert api.is_legal_lead(cards, trump, level) == (kind is not None)


def test_shape_fields(api):
    s = api.shape("Ah Ah 7s 7s 7h 7h", "h", "7")
    assert s == api.Shape("tractor", "trump", 6, 3, 13)
    assert api.shape("Ac Kd", "h", "7") == api.Shape(None, None, 2, 0, -1)
    assert api.shape("9c 9c", "h", "7") == api.Shape("pair", "c", 2, 1, 6)


def test_lead_plays_public(api):
    leads = api.lead_plays("Ah Ah 7s 7s 7c 7c 3d", "h", "7")
    text = [" ".join(str(c) for c in p) for p in leads]
    assert text == ["3d", "7c", "7s", "Ah", "7c 7c", "7s 7s", "Ah Ah",
                    "7c 7c Ah Ah", "7s 7s Ah Ah"]
    assert all(isinstance(c, Card) for p in leads for c in p)


# ------------------------------------------------------------------ pinned: following

H, L = "h", "7"


@pytest.mark.parametrize("hand, lead, play, ok", [
    # follow the effective suit
    ("3c 4c Ah", "9c", "3c", True),
    ("3c 4c Ah", "9c", "Ah", False),
    ("3c 7c 2h", "7s", "3c", False),                        # a trump lead: 7c and 2h are trumps
    ("3c 7c 2h", "7s", "7c", True),
    ("3c 7c 2h", "7s", "2h", True),
    ("3c As 2h", "BJ", "As", False),
    # to a pair lead: as many pairs as possible
    ("3c 3c 4c 5c 6h", "9c 9c", "3c 3c", True),
    ("3c 3c 4c 5c 6h", "9c 9c", "4c 5c", False),
    ("3c 4c 5c 6h", "9c 9c", "4c 5c", True),                # no pair: any two clubs
    ("3c 4c 5c 6h", "9c 9c", "4c 6h", False),
    # to a tractor lead: as many pairs as possible, a tractor not required
    ("3c 3c 5c 5c 8c Kc", "9c 9c Tc Tc", "3c 3c 5c 5c", True),
    ("3c 3c 5c 5c 8c Kc", "9c 9c Tc Tc", "3c 3c 8c Kc", False),
    ("3c 3c 4c 8c Kc", "9c 9c Tc Tc", "3c 3c 8c Kc", True),
    ("3c 3c 4c 8c Kc", "9c 9c Tc Tc", "4c 8c Kc 3c", False),
    ("3c 3c 4c 4c 8c 8c", "9c 9c Tc Tc", "3c 3c 8c 8c", True),
    ("3c 3c 4c 4c 8c 8c", "9c 9c Tc Tc", "3c 3c 4c 4c", True),
    ("2h 2h 3h 3h 7c 7c 4d", "Ah Ah 7s 7s", "2h 2h 7c 7c", True),  # trump pairs of any kind
    ("2h 2h 3h 4h 7c 7d 4d", "Ah Ah 7s 7s", "3h 4h 7c 7d", False),
    # short in the suit: all of it, then free
    ("3c 4c 6h 9d", "9c 9c", "3c 4c", True),
    ("3c 6h 9d", "9c 9c", "3c 6h", True),
    ("3c 6h 9d", "9c 9c", "3c 9d", True),
    ("3c 6h 9d", "9c 9c", "6h 9d", False),
    ("3c 3c 4c 6h 9d Kd", "9c 9c Tc Tc", "3c 3c 4c Kd", True),
    ("3c 3c 4c 6h 9d Kd", "9c 9c Tc Tc", "3c 3c 6h Kd", False),
    # void: discard or trump freely
    ("6h 9d Kd 2s", "9c 9c", "9d 2s", True),
    ("6h 9d Kd 2s", "9c 9c", "6h 2s", True),
    ("2h 2h 9d Kd", "9c 9c", "9d Kd", True),                # trumping is optional
    ("2h 2h 9d Kd", "9c 9c", "2h Kd", True),
    # size and origin
    ("3c 4c 5c", "9c 9c", "3c", False),
    ("3c 4c 5c", "9c 9c", "3c 6c", False),
    ("3c 4c 5c", "9c 9c", "3c 3c", False),
])
def test_following(api, hand, lead, play, ok):
    assert api.is_legal_follow(hand, lead, play, H, L) is ok


def test_follow_next_cards(api):
    nxt = api.follow_next_cards
    assert [str(c) for c in nxt("3c 3c 4c 5c 6h", "9c 9c", "", H, L)] == ["3c"]
    assert [str(c) for c in nxt("3c 3c 4c 5c 6h", "9c 9c", "3c", H, L)] == ["3c"]
    assert nxt("3c 3c 4c 5c 6h", "9c 9c", "3c 3c", H, L) == []
    assert nxt("3c 3c 4c 5c 6h", "9c 9c", "4c", H, L) == []      # a dead end already
    assert [str(c) for c in nxt("3c 6h 9d", "9c 9c", "", H, L)] == ["3c", "6h", "9d"]
    assert [str(c) for c in nxt("3c 6h 9d", "9c 9c", "6h", H, L)] == ["3c"]
    # a tractor lead with one pair and loose cards in the suit
    assert [str(c) for c in nxt("3c 3c 4c 8c Kc 6h", "9c 9c Tc Tc", "4c", H, L)] == [
        "3c", "8c", "Kc"]
    assert [str(c) for c in nxt("3c 3c 4c 8c Kc 6h", "9c 9c Tc Tc", "4c 8c", H, L)] == ["3c"]
    assert [str(c) for c in nxt("3c 3c 4c 8c Kc 6h", "9c 9c Tc Tc", "4c 8c 3c", H, L)] == ["3c"]
    assert [str(c) for c in nxt("3c 3c 4c 8c Kc 6h", "9c 9c Tc Tc", "3c 3c", H, L)] == [
        "4c", "8c", "Kc"]


# ------------------------------------------------------------------ pinned: winning

@pytest.mark.parametrize("plays, trump, level, winner", [
    (["9c 9c", "2h 3h", "Ac Kc", "4d 4d"], "h", "7", 0),     # two unequal cards never beat a pair
    (["9c 9c", "2h 2h", "Ac Kc", "4d 4d"], "h", "7", 1),     # a pair of trumps does
    (["9c 9c", "BJ RJ", "Ac Kc", "4d 4d"], "h", "7", 0),     # BJ RJ is not a pair
    (["9c 9c", "2h 2h", "3h 3h", "Ac Ac"], "h", "7", 2),     # the highest trump play wins
    (["9c 9c", "Ac Ac", "2h 2h", "Kc Kc"], "h", "7", 2),
    (["9c 9c", "Ad Ad", "Kc Kc", "5c 5c"], "h", "7", 2),     # another plain suit never wins
    (["9c 9c Tc Tc", "Ac Ac Kc Kc", "2h 2h 5h 5h", "4d 4d 5d 5d"], "h", "7", 1),
    (["9c 9c Tc Tc", "Ac Ac Kc Kc", "2h 2h 3h 3h", "4d 4d 5d 5d"], "h", "7", 2),
    (["9c 9c Tc Tc", "2h 2h 5h 5h", "Jc Jc Ac Ac", "3c 4c 5c 6c"], "h", "7", 0),  # loose pairs
    (["9c 9c Tc Tc", "2h 2h 5h 5h", "3h 3h 4h 4h", "3c 4c 5c 6c"], "h", "7", 2),  # a tractor
    (["9c 9c Tc Tc", "3h 3h 4h 4h", "Ah Ah 7s 7s", "7h 7h BJ BJ"], "h", "7", 3),
    (["9c 9c Tc Tc Jc Jc", "2h 2h 3h 3h 8h 8h", "Kc Kc Qc Qc 3d 3d", "2d 4d 5d 6d 8d 9d"],
     "h", "7", 0),                                            # 2 + 1 pairs never beat 3 in a row
    (["9c 9c Tc Tc Jc Jc", "2h 2h 3h 3h 4h 4h", "Qc Qc Kc Kc Ac Ac", "2d 4d 5d 6d 8d 9d"],
     "h", "7", 1),
    (["7s 7s BJ BJ", "3c 3c 4c 4c", "Ac Ac Ad Ad", "Kd Kd Ks Ks"], None, "7", 0),
    (["Ks", "As", "Kh", "2s"], "s", "A", 1),                  # level A: As (level) over Ks
    (["3s", "Ks", "Ad", "2s"], "s", "A", 2),                  # an other-suit A is a trump
    (["5c"], "h", "7", 0),
])
def test_trick_winner(api, plays, trump, level, winner):
    assert api.trick_winner(plays, trump, level) == winner


def test_top_level_exports():
    import cardcore.tractor as T

    assert T.trick_winner is rules.trick_winner and T.is_legal_follow is rules.is_legal_follow
    assert T.deal_result is rules.deal_result
    assert T.trick_winner([[Card(28), Card(28)], parse("2h 2h")], "h", "7") == 1


# ------------------------------------------------------------------ pinned: scoring

@pytest.mark.parametrize("points, result", [
    (0, ("defenders", 3)), (5, ("defenders", 2)), (35, ("defenders", 2)),
    (40, ("defenders", 1)), (75, ("defenders", 1)), (80, ("attackers", 0)),
    (115, ("attackers", 0)), (120, ("attackers", 1)), (155, ("attackers", 1)),
    (160, ("attackers", 2)), (195, ("attackers", 2)), (200, ("attackers", 3)),
    (235, ("attackers", 3)), (240, ("attackers", 3)), (600, ("attackers", 3)),
])
def test_deal_result_boundaries(points, result):
    assert rules.deal_result(points) == result


@pytest.mark.parametrize("bad", [-5, 37, 1.5, True, "80", None])
def test_deal_result_rejects(bad):
    with pytest.raises(CardcoreError, match="attacker_points"):
        rules.deal_result(bad)


def test_points_and_kitty():
    from cardcore.cards import deck108

    assert rules.card_points(deck108()) == 200
    assert rules.card_points("5c Th 10d Ks Kh Qs RJ") == 45
    assert [str(c) for c in rules.counters("5c Qs Th Kd 4h")] == ["5c", "Th", "Kd"]
    assert rules.is_counter("5h") and not rules.is_counter("BJ")
    assert rules.kitty_multiplier("Ac") == 2
    assert rules.kitty_multiplier("Ac Ac") == 4
    assert rules.kitty_multiplier("9c 9c Tc Tc") == 8
    assert rules.kitty_multiplier("9c 9c Tc Tc Jc Jc") == 12
    assert [rules.kitty_multiplier(n) for n in (1, 2, 4, 6)] == [2, 4, 8, 12]
    assert rules.kitty_multiplier(Card(5)) == 2
    assert rules.kitty_bonus("5c 5d Kh 2s 3s 4s 6s 8s", "9c 9c") == 20 * 4
    for bad in (0, 3, 26, -2, True):
        with pytest.raises(CardcoreError, match="last_lead"):
            rules.kitty_multiplier(bad)


# ------------------------------------------------------------------ errors

def test_parse_trump_and_level():
    assert [rules.parse_trump(t) for t in ("c", "D", "h", "s", None, "nt", "\u2660")] == [
        0, 1, 2, 3, 4, 4, 3]
    assert [rules.parse_level(v) for v in ("2", "T", "10", "t", "A", "k")] == [0, 8, 8, 8, 12, 11]
    for bad in ("x", "", "cd", 0, 4, ["h"]):
        with pytest.raises(CardcoreError, match="trump"):
            rules.parse_trump(bad)
    assert [rules.parse_level(v) for v in (2, 7, 10)] == [0, 5, 8]     # an int names its rank
    for bad in ("1", "11", "", None, 1, 11, True, 7.0, "B"):
        with pytest.raises(OptionError, match="level"):
            rules.parse_level(bad)


def test_errors_name_the_input(api):
    with pytest.raises(IllegalAction, match="lead .*not a single, a pair or a tractor"):
        api.trick_winner(["Ac Kc", "2d 3d"], "h", "7")                 # no throws
    with pytest.raises(IllegalAction, match="play 2: 1 cards, the lead has 2"):
        api.trick_winner(["Ac Ac", "2d 3d", "4d"], "h", "7")
    with pytest.raises(IllegalAction, match="1 to 4"):
        api.trick_winner([], "h", "7")
    with pytest.raises(IllegalAction, match="1 to 4"):
        api.trick_winner(["3c"] * 5, "h", "7")
    with pytest.raises(IllegalAction, match="plays"):
        api.trick_winner("3c 4c", "h", "7")
    with pytest.raises(CardError, match="play 1"):
        api.trick_winner(["3c", "Xq"], "h", "7")
    with pytest.raises(CardError, match="play 2: card 3c more than twice"):
        api.trick_winner(["3c", "3c", "3c"], "h", "7")
    with pytest.raises(CardError, match="hand: card 3c more than twice"):
        api.is_legal_follow("3c 3c 3c", "4c", "3c", "h", "7")
    with pytest.raises(CardError, match="hand and lead"):
        api.is_legal_follow("3c 3c", "3c", "3c", "h", "7")
    with pytest.raises(IllegalAction, match="lead"):
        api.is_legal_follow("3c 4c", "3c 4c", "3c 4c", "h", "7")
    with pytest.raises(IllegalAction, match="hand: 1 cards, fewer than the lead's 2"):
        api.is_legal_follow("3c", "4c 4c", "3c", "h", "7")
    with pytest.raises(CardError, match="lead"):
        api.is_legal_follow("3c", "4z", "3c", "h", "7")
    with pytest.raises(CardcoreError, match="trump 'x'"):
        api.is_legal_follow("3c", "4c", "3c", "x", "7")
    with pytest.raises(CardcoreError, match="level '1'"):
        api.is_legal_follow("3c", "4c", "3c", "h", "1")
    with pytest.raises(IllegalAction, match="chosen: cards not all taken from the hand"):
        api.follow_next_cards("3c 4c", "9c", "5c", "h", "7")
    with pytest.raises(IllegalAction, match="chosen: 2 cards, more than the lead's 1"):
        api.follow_next_cards("3c 4c", "9c", "3c 4c", "h", "7")
    with pytest.raises(CardError, match="card"):
        api.strength("Zz", "h", "7")


@pytest.mark.parametrize("call", [
    lambda K: K.table(5, 0), lambda K: K.table(0, 13), lambda K: K.table(True, 0),
    lambda K: K.table(0, 2 ** 80), lambda K: K.shape([54], 0, 0), lambda K: K.shape([-1], 0, 0),
    lambda K: K.shape([1.0], 0, 0), lambda K: K.shape([True], 0, 0), lambda K: K.shape("3c", 0, 0),
    lambda K: K.shape(5, 0, 0), lambda K: K.shape([2 ** 70], 0, 0), lambda K: K.masks([1, 1, 1]),
    lambda K: K.trick_winner([[1], [2]], 0, "7"), lambda K: K.lead_plays([1, 1, 1], 0, 0),
    lambda K: K.next_mask([1], [2, 2], [], 0, 0), lambda K: K.effective_suit(99, 0, 0),
    # ints too large to print in decimal (the message quotes them), other junk
    lambda K: K.table(10 ** 5000, 0), lambda K: K.table(0, -(10 ** 5000)),
    lambda K: K.shape([-(10 ** 5000)], 0, 0), lambda K: K.strength(10 ** 5000, 0, 0),
    lambda K: K.trick_winner(iter([]), 0, 0), lambda K: K.trick_winner(5, 0, 0),
    lambda K: K.lead_plays(None, 0, 0), lambda K: K.masks([None]), lambda K: K.masks(b"ab"),
    lambda K: K.is_legal_follow([1], [1, 1, 1], [1], 0, 0),
    lambda K: K.next_mask([1, 1], [1], [1, 1], 0, 0),
])
def test_kernel_errors_match(call):
    errors = []
    for K in (F, R):
        with pytest.raises(CardcoreError) as info:
            call(K)
        errors.append((type(info.value), str(info.value)))
    assert errors[0] == errors[1]
