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
combinations for agents (checked against the kernel in the tests). ``Move`` is a plain
Python class on the shedding kernel's record storage (``ShedRecord``), which the kernel builds
in bulk from the generator's rows with their fields (kind, rank, length, cards) set up front
when handed the type; what a move does is written here and in
``cardcore.engines.shedding_moves.ShedMove``: the mask, the counts and the text are computed
when read.

Action ids: ``move_ids(hand, beat=None)`` lists the ids of ``moves(hand, beat)`` straight from
the kernel; ``Move.id`` is a move's id, ``id_text(i)`` the text of an id and ``NUM_ACTIONS``
the size of the id space (``docs/actions/doudizhu.md``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from .._backend import kernel
from ..cards import CardsLike
from ..engines.shedding import (RANK_NAMES, MoveBase, cards_or_ranks,
                                on_cards, rank_index)
from ..engines.shedding_moves import ShedMove
from ..errors import CardcoreError, CardError, quote

__all__ = ["Move", "classify", "moves", "move_ids", "beats", "KINDS", "BOMB_KINDS", "MIN_LENGTH",
           "TOP_RUN", "CAPS", "RANK_NAMES", "rank_index", "hand_counts", "NUM_ACTIONS",
           "FIRST_PLAY", "id_text", "readings"]

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding as _k
else:
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

_WINGS = {"trio_single": "single", "trio_pair": "pair", "airplane_singles": "single",
          "airplane_pairs": "pair", "four_two_singles": "single", "four_two_pairs": "pair"}


class Rules(ShedMove):
    """What a Dou Dizhu play does (the first base of ``Move``; its storage is the kernel's
    ``ShedRecord``). The same rules on the other backend's storage make that backend's
    ``Move``: ``class Move(Rules, ShedRecord)``."""

    __slots__ = ()
    KINDS = tuple(_k.DDZ_KINDS)
    GAME = "Dou Dizhu"
    SEQUENCE_KINDS = frozenset({"straight", "pair_run", "airplane", "airplane_singles",
                                "airplane_pairs"})
    KEY_BEATS = staticmethod(_k.ddz_beats)
    _GAME_CODE = 0

    @property
    def wing(self) -> str:
        """The attachment kind: ``"none"``, ``"single"`` or ``"pair"``."""
        return _WINGS.get(self.kind, "none")

    @property
    def wing_counts(self) -> tuple:
        """The rank count vector of the attachments only (all zero without attachments)."""
        lo, hi = _k.core_range(0, self._code, self.rank, self.length)
        return tuple(0 if lo <= r <= hi else x for r, x in enumerate(self.counts))

    @classmethod
    def _readings(cls, cards) -> list:
        return readings(cards)

    @classmethod
    def from_cards(cls: Any, cards, kind=None):
        """The move these exact cards make; ``kind`` picks a reading when there are several."""
        return cls._one_reading(classify(cards), cards, kind)


class Move(Rules, _k.ShedRecord):
    """A Dou Dizhu play: ``kind``, ``rank``, ``length``, ``cards`` (fields, set when the kernel
    builds the record), and ``mask``, ``counts``, ``id`` (the action id), ``str(move)`` (the
    rank notation), ``key``, ``kernel_key``, ``rank_name``, ``size``, ``core_ranks``, ``wing``,
    ``wing_counts``, ``beats(other)``. ``Move(kind, rank, length, cards)`` checks that the cards
    have that reading; ``Move.from_cards(cards, kind=None)``, ``Move.reading(kind, cards, text)``
    and ``Move.from_action(action)`` find the reading of given cards."""

    __slots__ = ()


MoveBase.register(Move)
#: the kernel's record builders, building this game's ``Move``
_classify_cards = partial(_k.ddz_hand_classify, Move)
_hand_moves = partial(_k.ddz_hand_moves, Move)


def beats(a, b) -> bool:
    """Whether Dou Dizhu play ``a`` beats play ``b``: each a ``Move`` or any sequence starting
    ``(kind, rank, length)`` (the kernel's ``ddz_beats`` decides: same kind and length and a
    higher rank; a bomb beats every ordinary play and lower bombs; the rocket beats all)."""
    return Move.key_beats(a, b)


# ------------------------------------------------------------------ hands

def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Dou Dizhu hand."""
    cs = cards_or_ranks(cards)
    _k.ddz_hand_moves(Move, cs, (13, 14, 1))    # checks the hand (nothing beats the rocket)
    counts = [0] * 15
    for c in cs:
        counts[rank_index(c)] += 1
    return counts


def classify(cards: CardsLike) -> list[Move]:
    """Every legal reading of exactly these cards (empty if they form no play)."""
    return on_cards(_classify_cards, cards)


def readings(cards: CardsLike) -> list[Move]:
    """Every reading of exactly these cards (``classify``; ``Move`` finds its readings here)."""
    return classify(cards)


def _beat_key(beat) -> tuple[int, int, int] | None:
    if beat is None:
        return None
    if not isinstance(beat, Move):
        raise CardcoreError(f"beat={quote(beat)}: expected a Dou Dizhu Move (or None)")
    return beat.kernel_key


def moves(hand: CardsLike, beat: Move | None = None) -> list[Move]:
    """Every distinct legal play from ``hand`` (plays differing only in suits listed once, with
    cards from the hand); with ``beat`` (the Move on the table) only the plays that beat it."""
    key = None if beat is None else _beat_key(beat)
    if type(hand) is list or type(hand) is tuple:     # (``_fast`` inlined: the hot path)
        try:
            return _k.ddz_hand_moves(Move, hand, key)
        except CardError:
            pass
    return _k.ddz_hand_moves(Move, cards_or_ranks(hand), key)


def move_ids(hand: CardsLike, beat: Move | None = None) -> np.ndarray:
    """The action ids of ``moves(hand, beat)``: an ascending ``int32`` numpy array, computed
    in the kernel (no ``Move`` is built). Ids: 0 = pass, 1..3 = bid 1..3, plays from
    ``FIRST_PLAY`` (see ``docs/actions/doudizhu.md``); a hand holds at most 20 cards."""
    key = None if beat is None else _beat_key(beat)
    if type(hand) is list or type(hand) is tuple:     # (``_fast`` inlined: the hot path)
        try:
            return _k.ddz_hand_ids(hand, key)
        except CardError:
            pass
    return _k.ddz_hand_ids(cards_or_ranks(hand), key)


#: the number of action ids (pass, three bids, every play of at most 20 cards)
NUM_ACTIONS: int = _k.DDZ_NUM_ACTIONS
#: the id of the first play (0 = pass, 1..3 = bid 1..3)
FIRST_PLAY: int = _k.DDZ_FIRST


_ID_KIND = _k.ddz_id_rows()[:, 0].tolist()


def id_text(i: int) -> str:
    """The text of action id ``i``: ``"pass"``, ``"bid N"`` or ``"<kind> <rank notation>"``
    (``CardcoreError`` for an int that is no id)."""
    if type(i) is int and 0 <= i < FIRST_PLAY:
        return "pass" if i == 0 else f"bid {i}"
    text = _k.ddz_id_text(i)
    return f"{KINDS[_ID_KIND[int(i) - FIRST_PLAY]]} {text}"
