"""Plain-Python twin of ``cardcore._fast.dds``: the same functions and results.

An exhaustive minimax over every legal card with a memo of exact values at trick starts.
Obviously correct and slow: meant for small endings (a few cards per hand) in the
differential tests, not for full 13-card deals.

Seats are 0..3 clockwise, sides {0, 2} and {1, 3}; hands are 52-bit masks of card ids
(``rank * 4 + suit``); ``trump`` is 0..3 (c, d, h, s) or 4 (no trump).
"""

from __future__ import annotations

NT = 4


def _check(hands, trump, leader, played):
    if len(hands) != 4:
        raise ValueError(f"hands: expected 4 masks, got {len(hands)}")
    if not 0 <= trump <= 4:
        raise ValueError(f"trump {trump!r}: expected 0..4")
    if not 0 <= leader <= 3:
        raise ValueError(f"leader {leader!r}: expected 0..3")
    if len(played) > 3:
        raise ValueError(f"played: at most 3 cards of the current trick, got {len(played)}")
    seen = 0
    hs = []
    for h in hands:
        h = int(h)
        if h < 0 or h >> 52:
            raise ValueError(f"hand mask {h!r}: more than 52 bits")
        if seen & h:
            raise ValueError("hands overlap")
        seen |= h
        hs.append(h)
    for c in played:
        if not 0 <= c < 52:
            raise ValueError(f"played card {c!r}: expected a card id 0..51")
        if seen >> c & 1:
            raise ValueError(f"played card {c} is also in a hand")
        seen |= 1 << c
    k = len(played)
    n = bin(hs[(leader + 3) % 4]).count("1")
    for i in range(4):
        if bin(hs[(leader + i) % 4]).count("1") != (n - 1 if i < k else n):
            raise ValueError("hand sizes do not fit the cards played to the current trick")
    if k and n == 0:
        raise ValueError("no cards left to finish the current trick")
    return hs


def _winner_index(cards, trump):
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c & 3 == b & 3:
            if c > b:
                best = i
        elif c & 3 == trump:
            best = i
    return best


def trick_winner(cards, trump, leader):
    """Seat winning a trick: ``cards`` are the 4 card ids in play order from ``leader``;
    returns ``(leader + index) % 4``."""
    if len(cards) != 4:
        raise ValueError(f"trick: expected 4 cards, got {len(cards)}")
    cs = [int(c) for c in cards]
    for c in cs:
        if not 0 <= c < 52:
            raise ValueError(f"card id {c!r}: expected 0..51")
    return (leader + _winner_index(cs, trump)) % 4


def _legal(hand, trick):
    cards = [c for c in range(52) if hand >> c & 1]
    if trick:
        follow = [c for c in cards if c & 3 == trick[0] & 3]
        if follow:
            return follow
    return cards


def _ns(hands, trump, leader, trick, memo):
    """Side-0 tricks from the current trick on (exact minimax)."""
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
        t = trick + [c]
        if len(t) == 4:
            w = (leader + _winner_index(t, trump)) % 4
            v = _ns(hands, trump, w, [], memo) + (1 if w % 2 == 0 else 0)
        else:
            v = _ns(hands, trump, leader, t, memo)
        hands[player] ^= 1 << c
        if best is None or (v > best if player % 2 == 0 else v < best):
            best = v
    if not trick:
        memo[key] = best
    return best


def solve_position(hands, trump, leader, played=()):
    """Tricks (current one included) the side of the player to move takes with best play."""
    played = [int(c) for c in played]
    hs = _check(hands, trump, leader, played)
    left = bin(hs[(leader + 3) % 4]).count("1")
    mover = (leader + len(played)) % 4
    v = _ns(hs, trump, leader, played, {})
    return v if mover % 2 == 0 else left - v


def solve_cards(hands, trump, leader, played=(), max_nodes=0):
    """``(card id, tricks for the mover's side)`` for each legal card, sorted by card id; None
    when more than ``max_nodes`` (> 0) positions had to be stored (a search budget)."""
    if max_nodes < 0:
        raise ValueError(f"max_nodes {max_nodes!r}: expected 0 (no limit) or more")
    played = [int(c) for c in played]
    hs = _check(hands, trump, leader, played)
    left = bin(hs[(leader + 3) % 4]).count("1")
    mover = (leader + len(played)) % 4
    if left == 0:
        return []
    memo: dict = {}
    out = []
    for c in _legal(hs[mover], played):
        hs[mover] ^= 1 << c
        t = played + [c]
        if len(t) == 4:
            w = (leader + _winner_index(t, trump)) % 4
            v = _ns(hs, trump, w, [], memo) + (1 if w % 2 == 0 else 0)
        else:
            v = _ns(hs, trump, leader, t, memo)
        hs[mover] ^= 1 << c
        if max_nodes and len(memo) > max_nodes:
            return None
        out.append((c, v if mover % 2 == 0 else left - v))
    return sorted(out)


def solve(hands, trump, declarer):
    """Tricks of ``declarer``'s side (seat 0..3) in strain ``trump``; the next seat leads."""
    if not 0 <= declarer <= 3:
        raise ValueError(f"declarer {declarer!r}: expected 0..3")
    leader = (declarer + 1) % 4
    return bin(int(hands[leader])).count("1") - solve_position(hands, trump, leader, ())


def dd_table(hands, threads=1):
    """``t[strain][declarer]`` = tricks of the declarer's side (strains c, d, h, s, NT).
    ``threads`` is accepted for the kernel's signature; the reference runs in one thread."""
    if threads < 1:
        raise ValueError(f"threads {threads!r}: expected 1 or more")
    hs = _full_deal(hands, "dd_table")
    return [[solve(hs, s, d) for d in range(4)] for s in range(5)]


def dd_strain(hands, strain):
    """One strain of :func:`dd_table`: tricks of each declarer's side (seats 0..3)."""
    if not 0 <= strain <= 4:
        raise ValueError(f"strain {strain!r}: expected 0..4")
    hs = _full_deal(hands, "dd_strain")
    return [solve(hs, strain, d) for d in range(4)]


def _full_deal(hands, what):
    """The checked hands of a full deal (four 13-card hands)."""
    hs = _check(hands, 0, 0, [])
    if bin(hs[0]).count("1") != 13:
        raise ValueError(f"{what} needs four 13-card hands")
    return hs


def node_count_table(hands):
    """Not tracked by the reference solver (always 0)."""
    return 0
