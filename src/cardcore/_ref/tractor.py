"""Tractor (Shengji) rule kernel, plain-Python reference twin of ``cardcore._fast.tractor``.

Same public functions, signatures, results and errors as the compiled kernel, written
independently over count vectors (the compiled one works on bitmasks).

Encoding
--------
- Card ids as in ``cardcore.cards``: ``0..51 = rank * 4 + suit`` (ranks 2..A = 0..12, suits
  c d h s = 0..3), 52 = BJ, 53 = RJ. Two decks: a hand is a multiset, each id at most twice.
  Every function takes cards as a sequence of ids (``Card`` is an int).
- ``trump``: 0..3 (c d h s) or ``NO_TRUMP`` = 4. ``level``: the level rank 0..12 (2..A).
- Effective suit: 0..3 for a plain suit, ``TRUMP`` = 4 for every trump (jokers, level cards,
  the trump suit).
- Strength, compared within one effective suit only (higher is stronger):
  plain suit: its ranks 2..A without the level rank, 0..11 (the removed level rank closes the
  gap). Trumps with a trump suit: the trump suit's plain cards 0..11, every other-suit level card
  12 (all equal), the trump-suit level card 13, BJ 14, RJ 15. No-trump: every level card 13
  (all equal), BJ 14, RJ 15. Pairs of consecutive strengths are consecutive in a tractor;
  pairs of equal strength (two level pairs of different suits) never are.
- A play's shape ``(kind, suit, size, top)``: ``kind`` one of ``NONE SINGLE PAIR TRACTOR``
  (``KINDS`` names them); ``suit`` its effective suit, -1 when it mixes suits or is empty;
  ``size`` its number of cards; ``top`` the strength of its highest card (-1 for ``NONE``).
- ``next_mask`` answers with a 54-bit mask of card ids (bit ``c`` for card ``c``).
- ``CARD_POINTS[c]``: the card points of card id ``c`` (every 5 is 5, every 10 and K 10), the
  one table of the rule that the games and the AI read.

Errors: a bad card id, or a card more than twice (in one collection, or across collections that
must be disjoint), raises ``CardError``; a lead that is not a single, pair or tractor of one
effective suit, mismatched sizes and other bad input raise ``IllegalAction`` /
``CardcoreError``. ``is_legal_follow`` answers ``False`` (no error) for a play that is not
taken from the hand or has the wrong number of cards.
"""

from __future__ import annotations

import operator

from cardcore.errors import CardcoreError, CardError, IllegalAction, quote

from .args import seq_arg as _seq_arg

NO_TRUMP = 4
TRUMP = 4
NONE = 0
SINGLE = 1
PAIR = 2
TRACTOR = 3
KINDS = ("none", "single", "pair", "tractor")
#: the card points by card id 0..53: every 5 is 5, every 10 and K 10, other cards and the jokers
#: 0 (200 in the two decks); the twin of ``tr_card_points`` in ``_fast/tractor.pxd``
CARD_POINTS = tuple(0 if c >= 52 else 5 if c >> 2 == 3 else 10 if c >> 2 in (8, 11) else 0
                    for c in range(54))

_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"]


# ------------------------------------------------------------------ validation

def _check_tl(trump, level) -> None:
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= 4:
        raise CardcoreError(f"trump {quote(trump)}: expected 0..3 (c d h s) or 4 (no-trump)")
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 12:
        raise CardcoreError(f"level {quote(level)}: expected a rank index 0..12 (2..A)")


def _counts(cards, what: str) -> list[int]:
    """The 54 counts of a collection of card ids (each at most twice)."""
    items = _seq_arg(cards, what, "a sequence of card ids", CardError)
    cnt = [0] * 54
    for c in items:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 53:
            raise CardError(f"{what}: card id {quote(c)} out of range 0..53")
        cnt[c] += 1
        if cnt[c] > 2:
            raise CardError(f"{what}: card {_NAMES[c]} more than twice (two decks)")
    return cnt


def _check_sum(a: list[int], b: list[int], what: str) -> None:
    for c in range(54):
        if a[c] + b[c] > 2:
            raise CardError(f"{what}: card {_NAMES[c]} more than twice (two decks)")


# ------------------------------------------------------------------ card order

def table(trump: int, level: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card id: the effective suit (4 = trump) and the strength within that suit."""
    _check_tl(trump, level)
    suit = [0] * 54
    strength = [0] * 54
    plain = [r for r in range(13) if r != level]  # the level rank removed closes the gap
    # groups of trumps of equal strength, lowest first
    if trump == NO_TRUMP:
        groups = [[level * 4 + s for s in range(4)], [52], [53]]
        base = 13
    else:
        groups = [[r * 4 + trump] for r in plain]
        groups.append([level * 4 + s for s in range(4) if s != trump])
        groups += [[level * 4 + trump], [52], [53]]
        base = 0
    for i, g in enumerate(groups):
        for c in g:
            suit[c], strength[c] = TRUMP, base + i
    for s in range(4):
        if s == trump:
            continue
        for i, r in enumerate(plain):
            suit[r * 4 + s], strength[r * 4 + s] = s, i
    return tuple(suit), tuple(strength)


def effective_suit(card: int, trump: int, level: int) -> int:
    """The effective suit of a card: 0..3, or 4 for a trump."""
    _counts([card], "card")
    return table(trump, level)[0][card]


def strength(card: int, trump: int, level: int) -> int:
    """The strength of a card within its effective suit (see the module docstring)."""
    _counts([card], "card")
    return table(trump, level)[1][card]


def masks(cards) -> tuple[int, int]:
    """``(lo, hi)``: bit c of lo set when card c is held, of hi when it is held twice."""
    cnt = _counts(cards, "cards")
    lo = sum(1 << c for c in range(54) if cnt[c] >= 1)
    hi = sum(1 << c for c in range(54) if cnt[c] == 2)
    return lo, hi


# ------------------------------------------------------------------ shapes

def _shape(cnt: list[int], tab) -> tuple[int, int, int, int]:
    suits, strength_ = tab
    ids = [c for c in range(54) if cnt[c]]
    size = sum(cnt)
    if not ids:
        return NONE, -1, 0, -1
    esuits = {suits[c] for c in ids}
    if len(esuits) != 1:
        return NONE, -1, size, -1
    s = esuits.pop()
    if size == 1:
        return SINGLE, s, 1, strength_[ids[0]]
    if any(cnt[c] != 2 for c in ids):
        return NONE, s, size, -1
    if len(ids) == 1:
        return PAIR, s, 2, strength_[ids[0]]
    st = sorted(strength_[c] for c in ids)
    if all(st[i + 1] == st[i] + 1 for i in range(len(st) - 1)):
        return TRACTOR, s, size, st[-1]
    return NONE, s, size, -1


def shape(cards, trump: int, level: int) -> tuple[int, int, int, int]:
    """``(kind, suit, size, top)`` of a play (see the module docstring)."""
    _check_tl(trump, level)
    return _shape(_counts(cards, "cards"), table(trump, level))


def _lead(lead, tab) -> tuple[list[int], tuple[int, int, int, int]]:
    lc = _counts(lead, "lead")
    sh = _shape(lc, tab)
    if sh[0] == NONE:
        raise IllegalAction(
            f"lead {[_NAMES[c] for c in range(54) for _ in range(lc[c])]}: not a single, a pair "
            "or a tractor of one suit")
    return lc, sh


# ------------------------------------------------------------------ following

def _follow_args(hand, lead, trump: int, level: int) -> tuple:
    """The checked arguments of a follow: the order table, the hand's and the lead's counts, the
    lead's kind, suit and size (``IllegalAction`` where the hand cannot answer the lead)."""
    _check_tl(trump, level)
    tab = table(trump, level)
    hc = _counts(hand, "hand")
    lc, (kind, lsuit, n, _) = _lead(lead, tab)
    _check_sum(hc, lc, "hand and lead")
    if sum(hc) < n:
        raise IllegalAction(f"hand: {sum(hc)} cards, fewer than the lead's {n}")
    return tab, hc, lc, kind, lsuit, n


def is_legal_follow(hand, lead, play, trump: int, level: int) -> bool:
    """Whether ``play`` (cards from ``hand``, the whole hand before playing) answers ``lead``."""
    tab, hc, lc, kind, lsuit, n = _follow_args(hand, lead, trump, level)
    pc = _counts(play, "play")
    if sum(pc) != n or any(pc[c] > hc[c] for c in range(54)):
        return False
    suits = tab[0]
    in_suit = [c for c in range(54) if suits[c] == lsuit]
    have = sum(hc[c] for c in in_suit)
    played = sum(pc[c] for c in in_suit)
    if have < n:
        # short: every card of the suit, the rest free
        return played == have
    if played != n:
        return False
    if kind in (PAIR, TRACTOR):
        hand_pairs = sum(1 for c in in_suit if hc[c] == 2)
        play_pairs = sum(1 for c in in_suit if pc[c] == 2)
        return play_pairs >= min(hand_pairs, n // 2)
    return True


def _completable(hc, cc, in_suit, n: int, kind: int) -> bool:
    """Whether the chosen cards ``cc`` (a sub-multiset of ``hc``) extend to a legal answer."""
    size = sum(cc)
    if size > n:
        return False
    have = sum(hc[c] for c in in_suit)
    chosen_in = sum(cc[c] for c in in_suit)
    if have < n:
        # every card of the suit must come; the free places are n - have
        return size - chosen_in <= n - have
    if chosen_in != size:
        return False
    if kind == SINGLE:
        return True
    need = min(sum(1 for c in in_suit if hc[c] == 2), n // 2)
    pairs = sum(1 for c in in_suit if cc[c] == 2)
    halves = sum(1 for c in in_suit if cc[c] == 1 and hc[c] == 2)
    whole = sum(1 for c in in_suit if cc[c] == 0 and hc[c] == 2)
    room = n - size
    # completing a started pair costs one place, a new pair two
    done = min(room, halves)
    best = pairs + done + min(whole, (room - done) // 2)
    return best >= need


def next_mask(hand, lead, chosen, trump: int, level: int) -> int:
    """The cards that may be chosen next toward a legal answer to ``lead``, as a 54-bit mask.

    ``chosen``: the cards already picked from ``hand``. Every card in the answer keeps a legal
    completion possible, so picking only offered cards never reaches a dead end, and a finished
    play (as many cards as the lead) made of offered cards is exactly a legal answer. 0 when the
    play is complete or the chosen cards already admit no legal completion.
    """
    tab, hc, lc, kind, lsuit, n = _follow_args(hand, lead, trump, level)
    cc = _counts(chosen, "chosen")
    if any(cc[c] > hc[c] for c in range(54)):
        raise IllegalAction("chosen: cards not all taken from the hand")
    if sum(cc) > n:
        raise IllegalAction(f"chosen: {sum(cc)} cards, more than the lead's {n}")
    in_suit = [c for c in range(54) if tab[0][c] == lsuit]
    if sum(cc) == n or not _completable(hc, cc, in_suit, n, kind):
        return 0
    out = 0
    for c in range(54):
        if cc[c] < hc[c]:
            cc[c] += 1
            if _completable(hc, cc, in_suit, n, kind):
                out |= 1 << c
            cc[c] -= 1
    return out


# ------------------------------------------------------------------ winning

def trick_winner(plays, trump: int, level: int) -> int:
    """The index of the winning play among 1..4 plays in play order, the lead first."""
    _check_tl(trump, level)
    tab = table(trump, level)
    if isinstance(plays, (str, bytes)):
        raise IllegalAction("plays: expected a sequence of 1 to 4 plays")
    try:
        plays = list(plays)
    except TypeError:
        raise IllegalAction(f"plays {quote(plays)}: expected a sequence of 1 to 4 plays") from None
    if not 1 <= len(plays) <= 4:
        raise IllegalAction(f"plays: {len(plays)} plays, expected 1 to 4")
    lc, (kind, bsuit, n, btop) = _lead(plays[0], tab)
    total = lc[:]
    shapes = []
    for i in range(1, len(plays)):
        pc = _counts(plays[i], f"play {i}")
        if sum(pc) != n:
            raise IllegalAction(f"play {i}: {sum(pc)} cards, the lead has {n}")
        _check_sum(total, pc, f"play {i}")
        for c in range(54):
            total[c] += pc[c]
        shapes.append(_shape(pc, tab))
    best = 0
    for i, (k, s, _, top) in enumerate(shapes, 1):
        if k != kind:
            continue  # only the same shape and size can win
        if s == bsuit:
            if top > btop:  # equal: the earlier play keeps the trick
                best, btop = i, top
        elif s == TRUMP:  # a trump play over a plain-suit lead (the follower is void)
            best, bsuit, btop = i, s, top
    return best


# ------------------------------------------------------------------ leads

def lead_plays(hand, trump: int, level: int) -> list[tuple[int, ...]]:
    """Every legal lead from ``hand``: singles, pairs, tractors (card ids ascending each).

    Order: singles by id, pairs by id, then tractors by effective suit, lowest strength,
    number of pairs, and the choice among equal-strength level pairs by id.
    """
    _check_tl(trump, level)
    suits, strength_ = table(trump, level)
    hc = _counts(hand, "hand")
    out: list[tuple[int, ...]] = [(c,) for c in range(54) if hc[c]]
    pair_ids = [c for c in range(54) if hc[c] == 2]
    out += [(c, c) for c in pair_ids]
    for s in range(5):
        by_strength: dict[int, list[int]] = {}
        for c in pair_ids:
            if suits[c] == s:
                by_strength.setdefault(strength_[c], []).append(c)
        for lo in sorted(by_strength):
            hi = lo + 1
            while hi in by_strength:
                runs: list[list[int]] = [[]]
                for st in range(lo, hi + 1):
                    runs = [r + [c] for r in runs for c in by_strength[st]]
                for r in runs:
                    out.append(tuple(sorted(r + r)))
                hi += 1
    return out


# ------------------------------------------------------------------ action ids
#
# Ids (``docs/actions/tractor.md``): 0 pass; 1..4 declare a single level card of suit c d h s;
# 5..8 a level pair of that suit; 9 BJ BJ; 10 RJ RJ; 11..64 bury card ``id - 11``; 65..118
# play card ``id - 65`` (a single lead, or one card of a follow); 119..172 lead the pair of card
# ``id - 119``; from 173 lead tractor ``id - 173``. The tractors: every tractor of the full
# two-deck hand under the 65 (trump, level) pairs, as card sets, ordered by their number of
# pairs, then by their card ids.

DECLARE_ID = 1
BURY_ID = 11
PLAY_ID = 65
PAIR_ID = 119
TRACTOR_ID = 173


def _build_tractors() -> list[tuple[int, ...]]:
    full = [c for c in range(54) for _ in range(2)]
    found = set()
    for trump in range(5):
        for level in range(13):
            for p in lead_plays(full, trump, level):
                if len(p) >= 4:
                    found.add(tuple(sorted(set(p))))
    return sorted(found, key=lambda cards: (len(cards), cards))


_TRACTORS = _build_tractors()
_TRACTOR_INDEX = {cards: i for i, cards in enumerate(_TRACTORS)}
#: the number of tractors in the id table
NUM_TRACTORS = len(_TRACTORS)
#: the size of the action id space
NUM_ACTIONS = TRACTOR_ID + NUM_TRACTORS


def tractor_masks() -> list[int]:
    """The tractors of the id table as pair masks (bit ``c``: the pair of card ``c``), in
    tractor index order (action id ``TRACTOR_ID + index``)."""
    return [sum(1 << c for c in cards) for cards in _TRACTORS]


def lead_id(cards) -> int:
    """The action id of a lead's cards: ``PLAY_ID + c`` for one card, ``PAIR_ID + c`` for a pair,
    ``TRACTOR_ID + index`` for the pairs of a tractor of the table; -1 for anything else."""
    cnt = _counts(cards, "cards")
    ids = tuple(c for c in range(54) if cnt[c])
    if sum(cnt) == 1:
        return PLAY_ID + ids[0]
    if sum(cnt) < 2 or any(cnt[c] != 2 for c in ids):
        return -1
    if len(ids) == 1:
        return PAIR_ID + ids[0]
    i = _TRACTOR_INDEX.get(ids)
    return -1 if i is None else TRACTOR_ID + i


def lead_ids(hand, trump: int, level: int) -> list[int]:
    """The action ids of ``lead_plays(hand, trump, level)``, ascending."""
    return sorted(lead_id(p) for p in lead_plays(hand, trump, level))


def follow_ids(rest, lead, picked, trump: int, level: int) -> list[int]:
    """The action ids ``PLAY_ID + c`` of the cards the follower may pick next (``rest``: what is
    left of the hand; ``picked``: the cards already played to ``lead``), ascending."""
    _check_tl(trump, level)
    rc = _counts(rest, "hand")
    pc = _counts(picked, "picked")
    _check_sum(rc, pc, "hand and picked")
    whole = [c for c in range(54) for _ in range(rc[c] + pc[c])]
    lc, (_, _, n, _) = _lead(lead, table(trump, level))
    _check_sum([rc[c] + pc[c] for c in range(54)], lc, "hand and lead")
    if len(whole) < n:
        raise IllegalAction(f"hand: {len(whole)} cards, fewer than the lead's {n}")
    if sum(pc) > n:
        raise IllegalAction(f"picked: {sum(pc)} cards, more than the lead's {n}")
    m = next_mask(whole, lead, list(picked), trump, level)
    return [PLAY_ID + c for c in range(54) if (m >> c) & 1]


def _id_int(i):
    if isinstance(i, bool):
        return None
    try:
        return operator.index(i)
    except TypeError:
        return None


def play_ok(rest, lead, picked, trump: int, level: int, i) -> bool:
    """Whether play-phase id ``i`` is legal: a lead from ``rest`` (``lead`` None or an empty list
    or tuple), else the next card of the answer to ``lead``; False for any other value of
    ``i``."""
    _check_tl(trump, level)
    v = _id_int(i)
    if v is None or not PLAY_ID <= v < NUM_ACTIONS:
        return False
    if lead is None or type(lead) in (list, tuple) and len(lead) == 0:
        return v in set(lead_ids(rest, trump, level))
    if v >= PAIR_ID:
        return False
    return v in set(follow_ids(rest, lead, picked, trump, level))


def play_cards(i) -> list[int]:
    """The cards of play-phase id ``i`` (a single card, a pair, a tractor's pairs), ascending
    card ids; ``CardcoreError`` for another id."""
    v = _id_int(i)
    if v is None or not PLAY_ID <= v < NUM_ACTIONS:
        raise CardcoreError(f"action id {quote(i)}: not a play id ({PLAY_ID}..{NUM_ACTIONS - 1})")
    if v < PAIR_ID:
        return [v - PLAY_ID]
    if v < TRACTOR_ID:
        return [v - PAIR_ID] * 2
    return [c for c in _TRACTORS[v - TRACTOR_ID] for _ in range(2)]


__all__ = [
    "NO_TRUMP", "TRUMP", "NONE", "SINGLE", "PAIR", "TRACTOR", "KINDS", "CARD_POINTS", "table",
    "effective_suit", "strength", "masks", "shape", "is_legal_follow", "next_mask",
    "trick_winner", "lead_plays", "DECLARE_ID", "BURY_ID", "PLAY_ID", "PAIR_ID", "TRACTOR_ID",
    "NUM_TRACTORS", "NUM_ACTIONS", "tractor_masks", "lead_ids", "follow_ids", "play_ok",
    "play_cards", "lead_id",
]
