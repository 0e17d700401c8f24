"""Tractor (Shengji) rule helpers: card order, play shapes, following, winning, scoring.

Built on the rule kernel ``cardcore._backend.kernel("tractor")`` (compiled ``_fast.tractor``,
or its plain-Python twin ``_ref.tractor`` with ``CARDCORE_BACKEND=ref``).

Conventions
-----------
- ``trump``: ``"c" "d" "h" "s"`` (either case, or a suit symbol) or ``None`` for no-trump
  (``"nt"`` is accepted too).
- ``level``: the level rank, ``"2"`` .. ``"9"``, ``"T"`` or ``"10"``, ``"J" "Q" "K" "A"`` (either
  case).
- Cards: a string (``"As Kd 10h RJ"``) or an iterable of ``Card``/card ids, as
  ``cardcore.cards.parse`` reads them. Two decks: a card may appear twice.

Card order (rules): trumps, highest first, are the Red Joker, the Black Joker, the level cards
of the trump suit, the level cards of the other suits (equal to each other), then the trump
suit A down to 2 without the level rank; in no-trump only the jokers and the level cards (all
equal) are trumps. A plain suit runs A down to 2 without the level rank. ``strength`` numbers
this order within one effective suit (plain 0..11; trumps: the trump suit's plain cards 0..11,
other-suit level cards 12, trump-suit level cards 13 -- every level card in no-trump --, BJ 14,
RJ 15); consecutive strengths are consecutive for a tractor, equal ones never are.

Bad cards raise ``CardError``; a bad ``trump``/``level``/points, a lead that is not a single, a
pair or a tractor (there are no throws), plays of different sizes and the like raise
``IllegalAction`` or ``CardcoreError``, each naming the input and the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral
from typing import TYPE_CHECKING, Any, NamedTuple

from .._backend import kernel
from ..cards import _UNICODE_SUITS, Card, CardsLike, card as _card, parse
from ..errors import CardcoreError, CardError, IllegalAction
from ..options import LEVEL_RANKS, parse_level as _parse_level

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import tractor as _k
else:
    _k = kernel("tractor")

NO_TRUMP = None
#: the name of the trump effective suit (``effective_suit`` answers it for every trump)
TRUMP = "trump"
SUITS = ("c", "d", "h", "s")
LEVELS = LEVEL_RANKS
KINDS = ("single", "pair", "tractor")
#: card points by card id, the rule kernel's table (every 5 is 5, every 10 and K 10)
_POINTS_BY_ID: tuple[int, ...] = _k.CARD_POINTS
#: card points by rank index: 5 -> 5, 10 -> 10, K -> 10 (200 in the two decks), read from the
#: kernel's table
POINTS = {c >> 2: p for c, p in enumerate(_POINTS_BY_ID) if p and c < 52}
_DECK = tuple(Card(c) for c in range(54))

_TRUMPS: dict = {None: 4, "nt": 4, "NT": 4, "Nt": 4}
for _i, _s in enumerate(SUITS):
    _TRUMPS[_s] = _TRUMPS[_s.upper()] = _i
for _sym, _i in _UNICODE_SUITS.items():
    _TRUMPS[_sym] = _i
del _i, _s, _sym


# ------------------------------------------------------------------ parsing

def parse_trump(trump: str | None) -> int:
    """The trump as the kernel's int: 0..3 for ``"c" "d" "h" "s"``, 4 for ``None`` (no-trump)."""
    try:
        return _TRUMPS[trump.strip() if isinstance(trump, str) else trump]
    except (KeyError, TypeError):
        raise CardcoreError(
            f"trump {trump!r}: expected 'c', 'd', 'h', 's' or None (no-trump)") from None


#: the level rank as a rank index 0..12 (``"2"`` -> 0, ``"T"``/``"10"``/``10`` -> 8, ``"A"``
#: -> 12; an int names the rank, never an index), ``OptionError`` for anything else: the one
#: level reader of the games played by levels, ``cardcore.options.parse_level`` itself
parse_level = _parse_level


def _cards(cards: CardsLike, what: str) -> list[Card]:
    try:
        return parse(cards)
    except CardError as exc:
        raise CardError(f"{what}: {exc}") from None


def _quick(cards: CardsLike, what: str):
    """A list or tuple goes to the kernel as it is (the kernel checks every card id; on a
    ``CardError`` the caller retries with ``_cards``, which names a bad token); anything else is
    parsed here."""
    t = type(cards)
    return cards if t is list or t is tuple else _cards(cards, what)


def _one(card: Card | int | str, what: str = "card") -> Card:
    try:
        if isinstance(card, str):
            return _card(card)
        return Card(card)
    except CardError as exc:
        raise CardError(f"{what}: {exc}") from None


# ------------------------------------------------------------------ card order

def effective_suit(card: Card | int | str, trump: str | None, level: str) -> str:
    """``"c" "d" "h" "s"`` for a plain card, ``"trump"`` for a trump."""
    s = _k.effective_suit(_one(card), parse_trump(trump), parse_level(level))
    return TRUMP if s == 4 else SUITS[s]


def is_trump(card: Card | int | str, trump: str | None, level: str) -> bool:
    """Whether ``card`` is a trump (a joker, a level card, or of the trump suit)."""
    return _k.effective_suit(_one(card), parse_trump(trump), parse_level(level)) == 4


def strength(card: Card | int | str, trump: str | None, level: str) -> int:
    """The card's strength within its effective suit (see the module docstring)."""
    return _k.strength(_one(card), parse_trump(trump), parse_level(level))


def trump_order(trump: str | None, level: str) -> list[list[Card]]:
    """The trumps, highest first, grouped by equal strength (one of each card)."""
    suits, st = _k.table(parse_trump(trump), parse_level(level))
    groups: dict[int, list[Card]] = {}
    for c in range(54):
        if suits[c] == 4:
            groups.setdefault(st[c], []).append(Card(c))
    return [groups[k] for k in sorted(groups, reverse=True)]


def suit_order(suit: str, trump: str | None, level: str) -> list[Card]:
    """The cards of a plain effective suit (``"c" "d" "h" "s"``), highest first; empty for the
    trump suit (its cards are trumps)."""
    if suit not in SUITS:
        raise CardcoreError(f"suit {suit!r}: expected 'c', 'd', 'h' or 's'")
    s = SUITS.index(suit)
    suits, st = _k.table(parse_trump(trump), parse_level(level))
    return sorted((Card(c) for c in range(54) if suits[c] == s), key=lambda c: -st[c])


# ------------------------------------------------------------------ shapes

class Shape(NamedTuple):
    """What a play is: ``kind`` ``"single" "pair" "tractor"`` or ``None`` (anything else);
    ``suit`` its effective suit (``"c" "d" "h" "s" "trump"``, ``None`` when mixed); ``size`` its
    cards; ``pairs`` its pairs (0 for a single); ``top`` the strength of its highest card
    (-1 when ``kind`` is None)."""

    kind: str | None
    suit: str | None
    size: int
    pairs: int
    top: int


def shape(cards: CardsLike, trump: str | None, level: str) -> Shape:
    """The shape of a play: a single, a pair, a tractor (2+ consecutive pairs) or None."""
    t, lv = parse_trump(trump), parse_level(level)
    kind, s, size, top = _k.shape(_cards(cards, "cards"), t, lv)
    return Shape(KINDS[kind - 1] if kind else None,
                 None if s < 0 else (TRUMP if s == 4 else SUITS[s]),
                 size, size // 2 if kind >= 2 else 0, top)


def is_legal_lead(cards: CardsLike, trump: str | None, level: str) -> bool:
    """Whether ``cards`` may be led: a single, a pair or a tractor of one effective suit."""
    t, lv = parse_trump(trump), parse_level(level)
    return _k.shape(_cards(cards, "cards"), t, lv)[0] != 0


def lead_plays(hand: CardsLike, trump: str | None, level: str) -> list[tuple[Card, ...]]:
    """Every legal lead from ``hand``: singles, pairs, then tractors (see the kernel's order)."""
    t, lv = parse_trump(trump), parse_level(level)
    return [tuple(Card(c) for c in p) for p in _k.lead_plays(_cards(hand, "hand"), t, lv)]


# ------------------------------------------------------------------ following and winning

def is_legal_follow(hand: CardsLike, lead: CardsLike, play: CardsLike, trump: str | None,
                    level: str) -> bool:
    """Whether ``play`` (cards taken from ``hand``, the follower's whole hand before playing) is
    a legal answer to ``lead``.

    The follower plays as many cards as the lead; follows the lead's effective suit as far as
    possible; to a pair or tractor plays as many of their own pairs of that suit as they can (up
    to the lead's number of pairs; a tractor is not required); when short in the suit plays all
    of it and fills freely; when void plays anything. A play not taken from ``hand`` or of the
    wrong size is not legal (False). A lead that is not a single, pair or tractor raises.
    """
    t, lv = parse_trump(trump), parse_level(level)
    try:
        return _k.is_legal_follow(_quick(hand, "hand"), _quick(lead, "lead"),
                                  _quick(play, "play"), t, lv)
    except CardError:
        return _k.is_legal_follow(_cards(hand, "hand"), _cards(lead, "lead"),
                                  _cards(play, "play"), t, lv)


def follow_next_cards(hand: CardsLike, lead: CardsLike, chosen: CardsLike | None,
                      trump: str | None, level: str) -> list[Card]:
    """The cards (distinct, by id) the follower may pick next, one card at a time.

    ``chosen``: the cards already picked from ``hand`` for the answer to ``lead`` (``None`` or
    empty before the first pick). Picking only
    offered cards never reaches a dead end, and a finished play made that way is exactly a legal
    answer (``is_legal_follow``). Empty once the play is complete (or when ``chosen`` already
    admits no legal completion).
    """
    t, lv = parse_trump(trump), parse_level(level)
    if chosen is None:
        chosen = ()
    try:
        m = _k.next_mask(_quick(hand, "hand"), _quick(lead, "lead"), _quick(chosen, "chosen"),
                         t, lv)
    except CardError:
        m = _k.next_mask(_cards(hand, "hand"), _cards(lead, "lead"), _cards(chosen, "chosen"),
                         t, lv)
    return mask_items(m, _DECK)


def mask_items(m: int, items: Sequence[Any] | None = None) -> list:
    """``items[b]`` for each set bit ``b`` of the kernel mask ``m``, lowest bit first (the bit
    numbers themselves when ``items`` is None)."""
    out = []
    while m:
        low = m & -m
        b = low.bit_length() - 1
        out.append(b if items is None else items[b])
        m ^= low
    return out


def trick_winner(plays, trump: str | None, level: str) -> int:
    """The index in ``plays`` (one trick's card lists in play order, the lead first) of the
    play that wins the trick.

    Only a play of the lead's shape and size can win: the higher play of the lead's effective
    suit, or a trump play over a plain-suit lead (the highest such trump play wins); between
    equal plays the earlier one wins. 1 to 4 plays (a trick in progress too).
    """
    t, lv = parse_trump(trump), parse_level(level)
    if type(plays) is list or type(plays) is tuple:
        items = plays
    elif isinstance(plays, (str, bytes)):
        raise IllegalAction(
            f"plays {plays!r}: expected a list of plays (card lists), the lead first")
    else:
        try:
            items = list(plays)
        except TypeError:
            raise IllegalAction(
                f"plays {plays!r}: expected a list of plays (card lists), the lead first") from None
    try:
        quick = []
        for p in items:
            tp = type(p)
            quick.append(p if tp is list or tp is tuple else _cards(p, "play"))
        return _k.trick_winner(quick, t, lv)
    except CardError:
        return _k.trick_winner([_cards(p, f"play {i}") for i, p in enumerate(items)], t, lv)


# ------------------------------------------------------------------ scoring

def card_points(cards: CardsLike) -> int:
    """The points of ``cards``: every 5 is 5, every 10 and K 10 (200 in the two decks)."""
    return sum(_POINTS_BY_ID[c] for c in _cards(cards, "cards"))


def is_counter(card: Card | int | str) -> bool:
    """Whether ``card`` is a counter (a 5, 10 or K)."""
    return _POINTS_BY_ID[_one(card)] > 0


def counters(cards: CardsLike) -> list[Card]:
    """The counters (5s, 10s, Ks) among ``cards``, in their order."""
    return [c for c in _cards(cards, "cards") if _POINTS_BY_ID[c]]


def kitty_multiplier(last_lead: CardsLike | int) -> int:
    """The kitty bonus factor when the attackers win the last trick: twice the number of cards
    each player played in it (single lead x2, pair x4, 2-pair tractor x8, 3-pair tractor x12).

    ``last_lead``: the last trick's lead (cards), or the number of cards each player played
    (a plain int: 1, or an even number up to 24; a ``Card`` counts as one card).
    """
    if isinstance(last_lead, Integral) and not isinstance(last_lead, (bool, Card)):
        n = int(last_lead)
        if n != 1 and not (2 <= n <= 24 and n % 2 == 0):
            raise CardcoreError(
                f"last_lead {last_lead!r}: a lead has 1 card or an even number from 2 to 24")
        return 2 * n
    n = len(_cards(last_lead, "last_lead"))  # type: ignore[arg-type]
    if n == 0:
        raise CardcoreError("last_lead: no cards")
    return 2 * n


def kitty_bonus(kitty: CardsLike, last_lead: CardsLike | int) -> int:
    """The points the attackers add when they win the last trick: the kitty's points times
    ``kitty_multiplier(last_lead)``."""
    return card_points(kitty) * kitty_multiplier(last_lead)


def deal_result(attacker_points: int) -> tuple[str, int]:
    """Who defends next and how many levels they rise, from the attackers' points (kitty bonus
    included): 0 -> ("defenders", 3); 5-35 -> ("defenders", 2); 40-75 -> ("defenders", 1);
    80-115 -> ("attackers", 0) (they take over); 120-155 -> ("attackers", 1); 160-195 ->
    ("attackers", 2); 200 or more -> ("attackers", 3) (the rise stops at 3 levels).

    Points come in fives; a negative, non-integer or non-multiple-of-5 value raises
    ``CardcoreError``.
    """
    if isinstance(attacker_points, bool) or not isinstance(attacker_points, Integral):
        raise CardcoreError(f"attacker_points {attacker_points!r}: expected an int")
    p = int(attacker_points)
    if p < 0:
        raise CardcoreError(f"attacker_points {p}: negative")
    if p % 5:
        raise CardcoreError(f"attacker_points {p}: points come in multiples of 5")
    if p == 0:
        return ("defenders", 3)
    if p < 40:
        return ("defenders", 2)
    if p < 80:
        return ("defenders", 1)
    return ("attackers", min(3, (p - 80) // 40))


__all__ = [
    "NO_TRUMP", "TRUMP", "SUITS", "LEVELS", "KINDS", "POINTS", "Shape", "parse_trump",
    "parse_level", "effective_suit", "is_trump", "strength", "trump_order", "suit_order",
    "shape", "is_legal_lead", "lead_plays", "is_legal_follow", "follow_next_cards",
    "trick_winner", "card_points", "is_counter", "counters", "kitty_multiplier", "kitty_bonus",
    "deal_result",
]
