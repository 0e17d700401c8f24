"""Double-dummy solver: tricks with best play by all four hands, every card visible.

Full deals (directions N, E, S, W)::

    solve(deal, trump, declarer) -> int       # declarer's side tricks, LHO leads
    dd_table(deal, *, threads=None) -> {declarer: {strain: tricks}}   # threads 1..5

``dd_table(deal)["N"]["S"]`` is the number of tricks North–South take when North declares
spades. Strains are ``"C" "D" "H" "S" "N"`` (``"NT"`` is also read as no trump).

Positions in the middle of play (for card-play AIs, e.g. sampling the hidden hands and asking
the solver about each sample) are given by the cards each seat still holds::

    solve_position(hands, trump, leader, played=()) -> int
    solve_cards(hands, trump, leader, played=(), *, max_nodes=0) -> {Card: int} | None

* ``hands``: four hands (card strings, iterables of cards/ids, or 52-bit masks) for seats
  0, 1, 2, 3 **in clockwise order** — any numbering works as long as seat ``i + 1`` plays after
  seat ``i`` (mod 4); partners are ``i`` and ``i + 2``. The game's S, W, N, E = 0, 1, 2, 3
  is clockwise, so game seats can be passed as they are.
* ``leader``: the seat that led the current trick; ``played``: the cards already played to
  the current trick, in play order (0 to 3 cards; those cards are no longer in ``hands``).
  The player to move is ``(leader + len(played)) % 4``; the seats that already played to the
  trick hold one card fewer than the others.
* ``solve_position`` returns the tricks the side of the player to move takes from here on,
  the current trick included. ``solve_cards`` returns, for each legal card of the player to
  move, the tricks that side takes (current trick included) if it plays that card and
  everybody plays perfectly afterwards. The best cards are those with the maximum value.

``trick_winner(cards, trump, leader)`` names the seat (caller's numbering) winning a trick.

The search is the compiled kernel ``cardcore._fast.dds`` (or the plain-Python
``cardcore._ref.dds`` under ``CARDCORE_BACKEND=ref``). The kernel solves one strain per call
(``dd_strain``, without the GIL, with its own transposition table); this module runs the
strains of a table in threads.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING

from .._backend import kernel
from ..cards import Card, CardsLike, parse
from ..errors import CardcoreError, CardError, FormatError, quote
from .deal import DIRECTIONS, Deal, direction_index

STRAINS = "CDHSN"
"""Strain letters; index 0..3 is the trump suit id (clubs..spades), 4 is no trump."""
MAX_THREADS = len(STRAINS)
"""The most threads ``dd_table`` runs: one per strain."""

if TYPE_CHECKING:
    from .._fast import dds as _k
else:
    _k = kernel("dds")


def strain_index(trump: str) -> int:
    """``"C" "D" "H" "S" "N"`` (or ``"NT"``, either case) -> 0..4; else ``FormatError``."""
    if isinstance(trump, str):
        t = trump.strip().upper()
        if t == "NT":
            t = "N"
        if len(t) == 1 and t in STRAINS:
            return STRAINS.index(t)
    raise FormatError(f"strain {quote(trump)}: expected one of C, D, H, S, N (NT)")


def _seat(x: int, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 3:
        raise CardError(f"{what} {quote(x)}: expected a seat 0..3")
    return x


def _mask_of(hand: CardsLike | int, what: str) -> int:
    if isinstance(hand, int) and not isinstance(hand, Card):
        if isinstance(hand, bool) or not 0 <= hand < (1 << 52):
            raise CardError(f"{what} mask {quote(hand)}: expected a 52-bit card mask")
        return hand
    m = 0
    for c in parse(hand):
        if c >= 52:
            raise CardError(f"{what}: {str(c)!r} is a joker; Bridge uses no jokers")
        if m >> c & 1:
            raise CardError(f"{what}: card {str(c)!r} appears twice")
        m |= 1 << int(c)
    return m


def _check_position(hands, trump: str, leader: int,
                    played) -> tuple[list[int], int, int, list[int]]:
    t = strain_index(trump)
    ld = _seat(leader, "leader")
    if isinstance(hands, Deal):
        masks = list(hands.masks)
    else:
        hs = list(hands)
        if len(hs) != 4:
            raise CardError(f"hands: expected 4 hands (seats 0..3 clockwise), got {len(hs)}")
        masks = [_mask_of(h, f"hand of seat {i}") for i, h in enumerate(hs)]
    pl = [int(c) for c in parse(played)] if played else []
    if len(pl) > 3:
        raise CardError(f"played {quote(pl)}: at most 3 cards of the current trick")
    seen = 0
    for i, m in enumerate(masks):
        if seen & m:
            dup = (seen & m).bit_length() - 1
            raise CardError(f"card {str(Card(dup))!r} is in two hands (seat {i} and another)")
        seen |= m
    for c in pl:
        if c >= 52:
            raise CardError(f"played card {str(Card(c))!r}: Bridge uses no jokers")
        if seen >> c & 1:
            raise CardError(f"played card {str(Card(c))!r} is also in a hand or played twice")
        seen |= 1 << c
    k = len(pl)
    n = bin(masks[(ld + 3) % 4]).count("1")
    for i in range(4):
        seat = (ld + i) % 4
        want = n - 1 if i < k else n
        have = bin(masks[seat]).count("1")
        if have != want:
            raise CardError(
                f"hand of seat {seat} has {have} cards; expected {want} with leader {ld} "
                f"and {k} card(s) played to the current trick"
            )
    if k and n == 0:
        raise CardError("no cards left to finish the current trick")
    if n > 13:
        raise CardError(f"hands of {n} cards: at most 13")
    return masks, t, ld, pl


def trick_winner(cards: CardsLike, trump: str, leader: int) -> int:
    """The seat winning a trick.

    ``cards``: the 4 cards in play order, the first played by ``leader``; seats are numbered
    clockwise in the caller's numbering (any 0..3 numbering where seat ``i + 1`` plays after
    seat ``i``). Returns ``(leader + index of the winning card) % 4``. ``trump`` is
    ``"C" "D" "H" "S"`` or ``"N"`` (no trump).
    """
    cs = parse(cards)
    if len(cs) != 4:
        raise CardError(f"trick {quote(cards)}: expected 4 cards, got {len(cs)}")
    if any(c >= 52 for c in cs) or len(set(cs)) != 4:
        raise CardError(f"trick {quote(cards)}: expected 4 distinct non-joker cards")
    return _k.trick_winner([int(c) for c in cs], strain_index(trump), _seat(leader, "leader"))


def solve(deal: Deal, trump: str, declarer: str) -> int:
    """Double-dummy tricks of ``declarer``'s side in ``trump``; declarer's LHO leads first."""
    if not isinstance(deal, Deal):
        raise FormatError(f"deal {quote(deal)}: expected a cardcore.bridge.Deal")
    return _k.solve(list(deal.masks), strain_index(trump), direction_index(declarer))


def dd_table(deal: Deal, *, threads: int | None = None) -> dict[str, dict[str, int]]:
    """The double-dummy table: ``table[declarer][strain]`` = tricks of the declarer's side,
    declarers ``"N" "E" "S" "W"``, strains ``"C" "D" "H" "S" "N"``.

    The five strains are independent searches; ``threads`` of them (1..5) run at once
    (default: one per CPU core, at most five). ``threads=1`` keeps the work in the calling
    thread, for callers that already run many tables in parallel. Any other value raises
    ``FormatError``."""
    if not isinstance(deal, Deal):
        raise FormatError(f"deal {quote(deal)}: expected a cardcore.bridge.Deal")
    if threads is None:
        threads = _default_threads()
    elif (isinstance(threads, bool) or not isinstance(threads, int)
          or not 1 <= threads <= MAX_THREADS):
        raise FormatError(f"threads {quote(threads)}: expected an int 1..{MAX_THREADS} "
                          "(at most one thread per strain)")
    t = _strain_rows(list(deal.masks), threads)
    return {d: {STRAINS[s]: t[s][i] for s in range(5)} for i, d in enumerate(DIRECTIONS)}


def _default_threads() -> int:
    """One thread per CPU core this process may use, at most one per strain."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(len(STRAINS), cores))


def _strain_rows(masks: list[int], threads: int) -> list[list[int]]:
    """``rows[strain][declarer]`` of a full deal: the kernel's per-strain solve, run in a
    pool of ``threads`` threads (each search releases the GIL and has its own table) or, for
    one thread, in the calling thread."""
    if threads <= 1:
        return _k.dd_table(masks)
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="cardcore-dd") as pool:
        return list(pool.map(partial(_k.dd_strain, masks), range(len(STRAINS))))


def solve_position(hands: Sequence[CardsLike | int] | Deal, trump: str, leader: int,
                   played: CardsLike = ()) -> int:
    """Tricks (current trick included) the side of the player to move takes with best play.

    See the module docstring for the meaning of ``hands``, ``leader`` and ``played``.
    """
    masks, t, ld, pl = _check_position(hands, trump, leader, played)
    return _k.solve_position(masks, t, ld, pl)


def solve_cards(hands: Sequence[CardsLike | int] | Deal, trump: str, leader: int,
                played: CardsLike = (), *, max_nodes: int = 0) -> dict[Card, int] | None:
    """For each legal card of the player to move: the tricks (current trick included) the
    mover's side takes after playing it, with best play afterwards. Keys in card-id order.

    ``max_nodes`` > 0 is a search budget: when the search needs more nodes than that, the
    answer is None instead (callers sampling many positions skip such a position).
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 0:
        raise CardcoreError(f"max_nodes {quote(max_nodes)}: expected an int >= 0 (0 = no limit)")
    masks, t, ld, pl = _check_position(hands, trump, leader, played)
    res = _k.solve_cards(masks, t, ld, pl, max_nodes)
    if res is None:
        return None
    return {Card(c): v for c, v in res}


def best_cards(hands: Sequence[CardsLike | int] | Deal, trump: str, leader: int,
               played: CardsLike = ()) -> list[Card]:
    """The legal cards of the player to move that keep the double-dummy maximum."""
    vals = solve_cards(hands, trump, leader, played)
    assert vals is not None                 # (no node budget: always an answer)
    top = max(vals.values())
    return [c for c, v in vals.items() if v == top]


__all__ = [
    "MAX_THREADS", "STRAINS", "best_cards", "dd_table", "solve", "solve_cards", "solve_position",
    "strain_index", "trick_winner",
]
