"""Zheng Shangyou (48-card Run Fast) plays: ``classify``, ``moves``, ``must_beat`` and ``Move``.

The deck: 48 cards, no jokers, no Ace of hearts, and of the 2s only the 2 of spades.

``Move.rank`` is an int in the rank order ``3 4 5 6 7 8 9 T J Q K A 2`` (0..12, the same
15-rank order as Dou Dizhu's without the jokers); for a straight or pair run it is the highest
rank. ``Move.length`` is a straight's number of cards, a pair run's number of pairs, 1 otherwise.
Kinds: ``single pair trio straight pair_run bomb ace_bomb heavenly_bomb``. Three aces are only
the ace bomb (above every four-card bomb). In the opening play of the deal (``first_play=True``)
the 3 of hearts must be among the cards and four 3s are only the unbeatable heavenly bomb; later
four 3s are the lowest bomb.

``beats(a, b)`` is the one comparison (the kernel's), for moves and for anything starting
``(kind, rank, length)``; ``BOMB_KINDS``, ``MIN_LENGTH``, ``TOP_RUN`` and ``CAPS`` state the
combinations for agents (checked against the kernel in the tests). ``Move`` builds on
``cardcore.engines.shedding.MoveBase``.
"""

from __future__ import annotations

from .._backend import kernel
from ..cards import Card, CardsLike
from ..engines.shedding import (RANK_NAMES, MoveBase, as_cards, by_rank, cards_of_ranks,
                                check_unique, rank_index, rank_text)
from ..errors import CardError, CardcoreError

__all__ = ["Move", "classify", "moves", "must_beat", "beats", "KINDS", "BOMB_KINDS",
           "MIN_LENGTH", "TOP_RUN", "CAPS", "RANK_NAMES", "THREE_HEARTS", "rank_index",
           "hand_counts"]

_k = kernel("shedding")

KINDS: tuple[str, ...] = tuple(_k.ZSY_KINDS)
#: the most cards of each rank index in the deck (four of 3..K, three aces, one 2, no jokers)
CAPS: tuple[int, ...] = tuple(_k.ZSY_CAPS)
#: the kinds that beat every ordinary play (and are compared among themselves by ``beats``)
BOMB_KINDS: tuple[str, ...] = ("bomb", "ace_bomb", "heavenly_bomb")
#: the fewest core ranks of each sequence kind (cards of a straight, pairs of a pair run)
MIN_LENGTH: dict[str, int] = {"straight": 5, "pair_run": 2}
#: the highest rank index a sequence may reach (the ace: no 2 in a run)
TOP_RUN = 11
THREE_HEARTS = Card(6)
_ACE_HEARTS = 50
_TWO_SPADES = 3


class Move(MoveBase):
    """A Zheng Shangyou play: ``kind``, ``rank``, ``length``, ``cards``, ``counts``."""

    __slots__ = ()
    KINDS = KINDS
    SEQUENCE_KINDS = frozenset({"straight", "pair_run"})
    GAME = "Zheng Shangyou"
    KEY_BEATS = staticmethod(_k.zsy_beats)

    @classmethod
    def _readings(cls, cards) -> list:
        return classify(cards) + [m for m in classify(cards, first_play=True)
                                  if m.kind == "heavenly_bomb"]

    def beats(self, other: MoveBase) -> bool:
        """Whether this play beats ``other``: same kind and length and a higher rank; a bomb
        beats ordinary plays and lower bombs; the ace bomb beats every other play; nothing beats
        the heavenly bomb (or the ace bomb)."""
        return MoveBase.beats(self, other)

    @classmethod
    def from_cards(cls, cards: CardsLike, kind: str | None = None,
                   first_play: bool = False) -> Move:
        """The move these exact cards make (``kind`` picks a reading if there are several)."""
        return cls._one_reading(classify(cards, first_play=first_play), cards, kind)


def beats(a, b) -> bool:
    """Whether Zheng Shangyou play ``a`` beats play ``b``: each a ``Move`` or any sequence
    starting ``(kind, rank, length)`` (the kernel's ``zsy_beats`` decides: same kind and length
    and a higher rank; a bomb beats ordinary plays and lower bombs; the ace bomb beats every
    other play; nothing beats the heavenly bomb)."""
    return Move.key_beats(a, b)


def _as_cards_or_ranks(cards: CardsLike) -> list[Card]:
    """The cards, or for a string of ranks only (``"33344455"``) concrete cards of those ranks
    (a reading does not depend on suits)."""
    try:
        return as_cards(cards)
    except CardError:
        if isinstance(cards, str):
            ranks = rank_text(cards)
            made = cards_of_ranks(ranks) if ranks is not None else None
            if made is not None:
                return made
        raise


def _prep(cards: CardsLike, what: str):
    """Parse a hand: (cards, cards per rank index with the 3 of hearts first among the 3s,
    rank counts as bytes)."""
    cs = _as_cards_or_ranks(cards)
    for c in cs:
        if c >= 52 or c == _ACE_HEARTS or (c < 4 and c != _TWO_SPADES):
            raise CardError(f"{what}: card {c} is not in the 48-card Zheng Shangyou deck")
    check_unique(cs, what)
    by, cnt = by_rank(cs)
    if THREE_HEARTS in by[0]:  # the 3 of hearts is always the first 3 chosen
        by[0].remove(THREE_HEARTS)
        by[0].insert(0, THREE_HEARTS)
    return cs, by, cnt


def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Zheng Shangyou hand (jokers always 0)."""
    return list(_prep(cards, "hand")[2])


def classify(cards: CardsLike, first_play: bool = False) -> list[Move]:
    """Every legal reading of exactly these cards (empty if none). With ``first_play`` (the
    opening play of the deal) the cards must hold the 3 of hearts, and four 3s are the heavenly
    bomb."""
    cs, by, cnt = _prep(cards, "cards")
    if not cs or (first_play and THREE_HEARTS not in cs):
        return []
    return _k.zsy_build(_k.zsy_classify(cnt, bool(first_play)), by, Move)


def _beat_key(beat) -> tuple[int, int, int]:
    if not isinstance(beat, Move):
        raise CardcoreError(f"beat={beat!r}: expected a Zheng Shangyou Move (or None)")
    return beat.kernel_key


def moves(hand: CardsLike, beat: Move | None = None, first_play: bool = False) -> list[Move]:
    """Every distinct legal play from ``hand``; with ``beat`` (the Move on the table) only the
    plays that beat it. ``first_play``: the opening play of the deal, every move holds the 3 of
    hearts (empty when the hand lacks it); it cannot be combined with ``beat``."""
    cs, by, cnt = _prep(hand, "hand")
    if beat is None:
        if first_play and THREE_HEARTS not in cs:
            return []
        rows = _k.zsy_moves(cnt, None, bool(first_play))
    else:
        if first_play:
            raise CardcoreError("first_play: the opening play is a lead, there is nothing to beat")
        rows = _k.zsy_moves(cnt, _beat_key(beat))
    return _k.zsy_build(rows, by, Move)


def must_beat(hand: CardsLike, beat: Move) -> bool:
    """Whether ``hand`` holds a play that beats ``beat`` (then passing is not allowed)."""
    _, _, cnt = _prep(hand, "hand")
    return bool(_k.zsy_can_beat(cnt, _beat_key(beat)))
