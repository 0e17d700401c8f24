"""Dou Dizhu plays: classification (``classify``), generation (``moves``) and ``Move``.

Ranks
-----
``Move.rank`` is an int in the 15-rank order ``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` (0..14),
``Move.rank_name`` its name. It is the *main* rank: the card of a single/pair/trio/bomb, the
trio or four of a play with attachments, and the **highest** core rank of a straight, pair run
or airplane (the rank plays are compared by). The rocket's rank is 14 (RJ).

``Move.length`` is the number of consecutive core ranks of a sequence (a straight's cards, a
pair run's pairs, an airplane's trios) and 1 for every other kind; ``len(move.cards)`` (also
``move.size``) is the number of cards.

``str(move)`` is the natural notation: the core ranks then the attachments, ascending, ten as
``T``, jokers as separate tokens (``33344455``, ``4443``, ``333 BJ``, ``BJ RJ``).

Identity: two moves are equal when kind, rank, length and cards are equal (cards are kept in a
canonical order: core ranks first, then attachments, each ascending, suits ascending). The same
cards can have two readings (two moves, the player picks one).

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
from ..errors import CardcoreError, CardError

__all__ = ["Move", "classify", "moves", "beats", "KINDS", "BOMB_KINDS", "MIN_LENGTH", "TOP_RUN",
           "CAPS", "RANK_NAMES", "rank_index", "hand_counts"]

_k = kernel("shedding")

KINDS: tuple[str, ...] = tuple(_k.DDZ_KINDS)
#: the most cards of each rank index in the deck (four of 3..2, one of each joker)
CAPS: tuple[int, ...] = tuple(_k.DDZ_CAPS)
#: the kinds that beat every ordinary play (and are compared among themselves by ``beats``)
BOMB_KINDS: tuple[str, ...] = ("bomb", "rocket")
#: the fewest core ranks of each sequence kind (the airplanes with wings as ``airplane``)
MIN_LENGTH: dict[str, int] = {"straight": 5, "pair_run": 3, "airplane": 2,
                              "airplane_singles": 2, "airplane_pairs": 2}
#: the highest rank index a sequence may reach (the ace: no 2s or jokers in a run)
TOP_RUN = 11

_WING = {"trio_single": "single", "trio_pair": "pair", "airplane_singles": "single",
         "airplane_pairs": "pair", "four_two_singles": "single", "four_two_pairs": "pair"}


class Move(MoveBase):
    """A Dou Dizhu play: ``kind``, ``rank``, ``length``, ``cards``, ``counts`` (see module doc)."""

    __slots__ = ()
    KINDS = KINDS
    SEQUENCE_KINDS = frozenset({"straight", "pair_run", "airplane", "airplane_singles",
                                "airplane_pairs"})
    GAME = "Dou Dizhu"
    KEY_BEATS = staticmethod(_k.ddz_beats)

    @classmethod
    def _readings(cls, cards) -> list:
        return classify(cards)

    @property
    def core_ranks(self) -> tuple[int, ...]:
        """The rank indices of the core (the run, the trio or four, both jokers of a rocket)."""
        if self.kind == "rocket":
            return (13, 14)
        return super().core_ranks

    @property
    def wing(self) -> str:
        """The attachment kind: ``"none"``, ``"single"`` or ``"pair"``."""
        return _WING.get(self.kind, "none")

    @property
    def wing_counts(self) -> tuple[int, ...]:
        """The rank count vector of the attachments only (all zero without attachments)."""
        core = self.core_ranks
        return tuple(0 if r in core else x for r, x in enumerate(self.counts))

    def beats(self, other: MoveBase) -> bool:
        """Whether this play beats ``other`` (same kind and length and a higher rank; bombs beat
        every ordinary play and lower bombs; the rocket beats everything)."""
        return MoveBase.beats(self, other)

    @classmethod
    def from_cards(cls, cards: CardsLike, kind: str | None = None) -> Move:
        """The move these exact cards make; ``kind`` picks a reading when there are several."""
        return cls._one_reading(classify(cards), cards, kind)


def beats(a, b) -> bool:
    """Whether Dou Dizhu play ``a`` beats play ``b``: each a ``Move`` or any sequence starting
    ``(kind, rank, length)`` (the kernel's ``ddz_beats`` decides: same kind and length and a
    higher rank; a bomb beats every ordinary play and lower bombs; the rocket beats all)."""
    return Move.key_beats(a, b)


# ------------------------------------------------------------------ hands

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
    """Parse a Dou Dizhu hand: (cards per rank index ascending, rank counts as bytes)."""
    cs = _as_cards_or_ranks(cards)
    check_unique(cs, what, " (Dou Dizhu uses one 54-card deck)")
    return by_rank(cs)


def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Dou Dizhu hand."""
    return list(_prep(cards, "hand")[1])


def classify(cards: CardsLike) -> list[Move]:
    """Every legal reading of exactly these cards (empty if they form no play)."""
    by, cnt = _prep(cards, "cards")
    return _k.ddz_build(_k.ddz_classify(cnt), by, Move)


def moves(hand: CardsLike, beat: Move | None = None) -> list[Move]:
    """Every distinct legal play from ``hand`` (plays differing only in suits listed once, with
    cards from the hand); with ``beat`` (the Move on the table) only the plays that beat it."""
    by, cnt = _prep(hand, "hand")
    if beat is None:
        rows = _k.ddz_moves(cnt)
    else:
        if not isinstance(beat, Move):
            raise CardcoreError(f"beat={beat!r}: expected a Dou Dizhu Move (or None)")
        rows = _k.ddz_moves(cnt, beat.kernel_key)
    return _k.ddz_build(rows, by, Move)
