"""Plain-Python twin of ``cardcore._fast.dds``: the same functions and results.

An exhaustive minimax over every legal card with a memo of exact values at trick starts.
Obviously correct and slow: meant for small endings (a few cards per hand) in the
differential tests, not for full 13-card deals.

Seats are 0..3 clockwise, sides {0, 2} and {1, 3}; hands are 52-bit masks of card ids
(``rank * 4 + suit``); ``trump`` is 0..3 (c, d, h, s) or 4 (no trump).
"""

from __future__ import annotations

import operator

from cardcore.errors import CardcoreError, CardError, flag_arg, quote
from cardcore.errors import int_arg as _int_arg

from . import tricks as _tricks
from .args import seq_arg as _seq_arg

NT = 4
_INT64_MAX = (1 << 63) - 1


# Argument checks: the same errors (class and meaning) as the compiled kernel's.

def _ints_arg(x, what: str) -> list:
    return _seq_arg(x, what, "a sequence of ints", CardcoreError)


def _mask_arg(x, what: str) -> int:
    if isinstance(x, bool):
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (an int), not a bool")
    try:
        v = operator.index(x)
    except TypeError:
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (an int)") from None
    if not 0 <= v < (1 << 52):
        raise CardError(f"{what} {quote(x)}: expected a 52-bit card mask (0 <= mask < 2**52)")
    return v


def _trump_arg(x) -> int:
    return _int_arg(x, "trump", 0, 4)


def _seat_arg(x, what: str) -> int:
    return _int_arg(x, what, 0, 3, CardError)


def _hands(hands) -> tuple[list[int], int]:
    """Four disjoint card-id masks (seats 0..3), and their union."""
    hs_in = _ints_arg(hands, "hands")
    if len(hs_in) != 4:
        raise CardError(f"hands: expected 4 masks (seats 0..3), got {len(hs_in)}")
    seen = 0
    hs = []
    for i, h in enumerate(hs_in):
        h = _mask_arg(h, f"hand of seat {i}")
        if seen & h:
            raise CardError(f"hand of seat {i}: shares cards with another hand")
        seen |= h
        hs.append(h)
    return hs, seen


def _check(hands, leader, played):
    """The checked hands and played cards (``leader`` already checked)."""
    hs, seen = _hands(hands)
    pl_in = _ints_arg(played, "played")
    if len(pl_in) > 3:
        raise CardError(f"played: at most 3 cards of the current trick, got {len(pl_in)}")
    played = []
    for c in pl_in:
        c = _int_arg(c, "played card", 0, 51, CardError)
        if seen >> c & 1:
            raise CardError(f"played card {c} is also in a hand or played twice")
        seen |= 1 << c
        played.append(c)
    k = len(played)
    n = bin(hs[(leader + 3) % 4]).count("1")
    for i in range(4):
        if bin(hs[(leader + i) % 4]).count("1") != (n - 1 if i < k else n):
            raise CardError("hand sizes do not fit the leader and the cards played to the "
                            "current trick")
    if k and n == 0:
        raise CardError("no cards left to finish the current trick")
    return hs, played


def _winner_index(cards, trump):
    """The trick rule's one definition, ``cardcore._ref.tricks.trick_winner`` (4: no trump)."""
    return _tricks.trick_winner(cards, None if trump == 4 else trump)


def trick_winner(cards, trump, leader):
    """Seat winning a trick: ``cards`` are the 4 card ids in play order from ``leader``;
    returns ``(leader + index) % 4``."""
    t, ld = _trump_arg(trump), _seat_arg(leader, "leader")
    cs_in = _ints_arg(cards, "cards")
    if len(cs_in) != 4:
        raise CardError(f"trick: expected 4 cards, got {len(cs_in)}")
    cs: list[int] = []
    for c in cs_in:
        c = _int_arg(c, "card id", 0, 51, CardError)
        if c in cs:
            raise CardError(f"trick: card id {c} appears twice")
        cs.append(c)
    return (ld + _winner_index(cs, t)) % 4


def _legal(hand, trick):
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        follow = [c for c in cards if c & 3 == trick[0] & 3]
        if follow:
            return follow
    return cards


def _ns(hands, trump, leader, trick, memo):
    """Side-0 tricks from the current trick on (exact minimax); a full ``trick`` counts for its
    winner's side, who leads the next."""
    if len(trick) == 4:
        w = (leader + _winner_index(trick, trump)) % 4
        return _ns(hands, trump, w, [], memo) + (1 if w % 2 == 0 else 0)
    if not trick:
        if hands[leader] == 0:
            return 0
        key = (hands[0], hands[1], hands[2], hands[3], leader)
        v = memo.get(key)
        if v is not None:
            return v
    player = (leader + len(trick)) % 4
    best = None
    for c in _legal(hands[player], trick):
        hands[player] ^= 1 << c
        v = _ns(hands, trump, leader, trick + [c], memo)
        hands[player] ^= 1 << c
        if best is None or (v > best if player % 2 == 0 else v < best):
            best = v
    if not trick:
        memo[key] = best
    return best


def solve_position(hands, trump, leader, played=()):
    """Tricks (current one included) the side of the player to move takes with best play."""
    t, ld = _trump_arg(trump), _seat_arg(leader, "leader")
    hs, played = _check(hands, ld, played)
    left = bin(hs[(ld + 3) % 4]).count("1")
    mover = (ld + len(played)) % 4
    v = _ns(hs, t, ld, played, {})
    return v if mover % 2 == 0 else left - v


def solve_cards(hands, trump, leader, played=(), max_nodes=0):
    """``(card id, tricks for the mover's side)`` for each legal card, sorted by card id; None
    when more than ``max_nodes`` (> 0) positions had to be stored (a search budget)."""
    t, ld = _trump_arg(trump), _seat_arg(leader, "leader")
    max_nodes = _int_arg(max_nodes, "max_nodes", 0, _INT64_MAX)
    hs, played = _check(hands, ld, played)
    left = bin(hs[(ld + 3) % 4]).count("1")
    mover = (ld + len(played)) % 4
    if left == 0:
        return []
    memo: dict = {}
    out = []
    for c in _legal(hs[mover], played):
        hs[mover] ^= 1 << c
        v = _ns(hs, t, ld, played + [c], memo)
        hs[mover] ^= 1 << c
        if max_nodes and len(memo) > max_nodes:
            return None
        out.append((c, v if mover % 2 == 0 else left - v))
    return sorted(out)


def solve(hands, trump, declarer):
    """Tricks of ``declarer``'s side (seat 0..3) in strain ``trump``; the next seat leads."""
    t = _trump_arg(trump)
    leader = (_seat_arg(declarer, "declarer") + 1) % 4
    hs, _ = _check(hands, leader, ())
    return bin(hs[leader]).count("1") - solve_position(hs, t, leader, ())


def dd_table(hands):
    """``t[strain][declarer]`` = tricks of the declarer's side (strains c, d, h, s, NT)."""
    hs = _full_deal(hands, "dd_table")
    return [[solve(hs, s, d) for d in range(4)] for s in range(5)]


def dd_strain(hands, strain):
    """One strain of :func:`dd_table`: tricks of each declarer's side (seats 0..3)."""
    st = _int_arg(strain, "strain", 0, 4)
    hs = _full_deal(hands, "dd_strain")
    return [solve(hs, st, d) for d in range(4)]


def _full_deal(hands, what):
    """The checked hands of a full deal (four 13-card hands)."""
    hs, _ = _check(hands, 0, ())
    if bin(hs[0]).count("1") != 13:
        raise CardError(f"{what} needs four 13-card hands")
    return hs


def layout_key(hands, gather=True):
    """The transposition table's view of four hands (card-id masks, disjoint, of any sizes):
    ``(lengths, key0, key1)`` as the kernel's (``gather`` is checked; the twin has one way)."""
    flag_arg(gather, "gather")
    masks, _ = _hands(hands)
    lengths, key = 0, [0, 0]
    for s in range(4):
        held = []                       # (rank, seat) of the suit's cards, the top first
        for i in range(4):
            ranks = [c >> 2 for c in range(52) if (masks[i] >> c) & 1 and c & 3 == s]
            lengths |= len(ranks) << (4 * (4 * i + s))
            held += [(r, i) for r in ranks]
        code = 0
        for _, seat in sorted(held, reverse=True):
            code = (code << 2) | seat
        key[s >> 1] |= (code << (32 - 2 * len(held))) << (32 * (s & 1))
    return (lengths, key[0], key[1])


def node_count_table(hands):
    """Not tracked by the reference solver (always 0); the hands are checked as the kernel's."""
    _full_deal(hands, "node_count_table")
    return 0
