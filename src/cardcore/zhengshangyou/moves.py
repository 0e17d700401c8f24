"""Zheng Shangyou (48-card Run Fast) plays: ``classify``, ``moves``, ``must_beat`` and ``Move``.

The deck: 48 cards, no jokers, no Ace of hearts, and of the 2s only the 2 of spades.

``Move.rank`` is an int in the rank order ``3 4 5 6 7 8 9 T J Q K A 2`` (0..12, the same
15-rank order as Dou Dizhu's without the jokers); for a straight or pair run it is the highest
rank. ``Move.length`` is a straight's number of cards, a pair run's number of pairs, 1 otherwise.
Kinds: ``single pair trio straight pair_run bomb ace_bomb heavenly_bomb``. Three aces are only
the ace bomb (above every four-card bomb). In the opening play of the deal (``first_play=True``)
the 3 of hearts must be among the cards and four 3s are only the unbeatable heavenly bomb; later
four 3s are the lowest bomb.

``beats``, ``BOMB_KINDS``, ``MIN_LENGTH``, ``TOP_RUN``, ``CAPS`` and ``Move`` (a plain Python
class on the shedding kernel's ``ShedRecord`` storage, its rules here and in
``cardcore.engines.shedding_moves.ShedMove``) are as in ``cardcore.doudizhu.moves``.

Action ids: ``move_ids(hand, beat=None, first_play=False)`` lists the ids of the same call's
``moves`` straight from the kernel; ``Move.id`` is a move's id, ``id_text(i)`` the text of an
id and ``NUM_ACTIONS`` the size of the id space (``docs/actions/zhengshangyou.md``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from .._backend import kernel
from ..cards import Card, CardsLike
from ..engines.shedding import (RANK_NAMES, MoveBase, cards_or_ranks,
                                on_cards, rank_index)
from ..engines.shedding_moves import ShedMove
from ..errors import CardcoreError, quote

__all__ = ["Move", "classify", "moves", "move_ids", "must_beat", "beats", "KINDS", "BOMB_KINDS",
           "MIN_LENGTH", "TOP_RUN", "CAPS", "RANK_NAMES", "THREE_HEARTS", "rank_index",
           "hand_counts", "NUM_ACTIONS", "FIRST_PLAY", "id_text", "readings"]

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding as _k
else:
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


class Rules(ShedMove):
    """What a Zheng Shangyou play does: the first base of ``Move`` on either backend's
    ``ShedRecord`` storage, as Dou Dizhu's ``Rules`` is."""

    __slots__ = ()
    KINDS = tuple(_k.ZSY_KINDS)
    GAME = "Zheng Shangyou"
    SEQUENCE_KINDS = frozenset({"straight", "pair_run"})
    KEY_BEATS = staticmethod(_k.zsy_beats)
    _GAME_CODE = 1

    @classmethod
    def _readings(cls, cards) -> list:
        return readings(cards)

    @classmethod
    def from_cards(cls: Any, cards, kind=None, first_play=False):
        """The move these exact cards make (``kind`` picks a reading if there are several)."""
        return cls._one_reading(classify(cards, first_play=first_play), cards, kind)


class Move(Rules, _k.ShedRecord):
    """A Zheng Shangyou play: ``kind``, ``rank``, ``length``, ``cards`` (fields, set when the
    kernel builds the record), and ``mask``, ``counts``, ``id`` (the action id), ``str(move)``
    (the rank notation), ``key``, ``kernel_key``, ``rank_name``, ``size``, ``core_ranks``,
    ``beats(other)``. ``Move(kind, rank, length, cards)`` checks that the cards have that
    reading; ``Move.from_cards(cards, kind=None, first_play=False)``, ``Move.reading(kind,
    cards, text)`` and ``Move.from_action(action)`` find the reading of given cards."""

    __slots__ = ()


MoveBase.register(Move)
#: the kernel's record builders, building this game's ``Move``
_classify_cards = partial(_k.zsy_hand_classify, Move)
_hand_moves = partial(_k.zsy_hand_moves, Move)


def beats(a, b) -> bool:
    """Whether Zheng Shangyou play ``a`` beats play ``b``: each a ``Move`` or any sequence
    starting ``(kind, rank, length)`` (the kernel's ``zsy_beats`` decides: same kind and length
    and a higher rank; a bomb beats ordinary plays and lower bombs; the ace bomb beats every
    other play; nothing beats the heavenly bomb)."""
    return Move.key_beats(a, b)


def hand_counts(cards: CardsLike) -> list[int]:
    """The 15-rank count vector of a Zheng Shangyou hand (jokers always 0)."""
    cs = cards_or_ranks(cards)
    _k.zsy_hand_moves(Move, cs, (7, 0, 1))      # checks the hand (nothing beats the heavenly bomb)
    counts = [0] * 15
    for c in cs:
        counts[rank_index(c)] += 1
    return counts


def classify(cards: CardsLike, first_play: bool = False) -> list[Move]:
    """Every legal reading of exactly these cards (empty if none). With ``first_play`` (the
    opening play of the deal) the cards must hold the 3 of hearts, and four 3s are the heavenly
    bomb."""
    return on_cards(_classify_cards, cards, first_play)


def readings(cards: CardsLike) -> list[Move]:
    """Every reading of exactly these cards, the opening play's heavenly bomb included
    (``Move`` finds its readings here)."""
    return classify(cards) + [m for m in classify(cards, first_play=True)
                              if m.kind == "heavenly_bomb"]


def _beat_key(beat) -> tuple[int, int, int]:
    if not isinstance(beat, Move):
        raise CardcoreError(f"beat={quote(beat)}: expected a Zheng Shangyou Move (or None)")
    return beat.kernel_key


def _key(beat, first_play) -> tuple[int, int, int] | None:
    if beat is None:
        return None
    if first_play:
        raise CardcoreError("first_play: the opening play is a lead, there is nothing to beat")
    return _beat_key(beat)


def moves(hand: CardsLike, beat: Move | None = None, first_play: bool = False) -> list[Move]:
    """Every distinct legal play from ``hand``; with ``beat`` (the Move on the table) only the
    plays that beat it. ``first_play``: the opening play of the deal, every move holds the 3 of
    hearts (empty when the hand lacks it); it cannot be combined with ``beat``."""
    return on_cards(_hand_moves, hand, _key(beat, first_play), first_play)


def move_ids(hand: CardsLike, beat: Move | None = None, first_play: bool = False) -> np.ndarray:
    """The action ids of ``moves(hand, beat, first_play)``: an ascending ``int32`` numpy array,
    computed in the kernel (no ``Move`` is built). Ids: 0 = pass, plays from ``FIRST_PLAY``
    (see ``docs/actions/zhengshangyou.md``); a hand holds at most 16 cards."""
    return on_cards(_k.zsy_hand_ids, hand, _key(beat, first_play), first_play)


def must_beat(hand: CardsLike, beat: Move) -> bool:
    """Whether ``hand`` holds a play that beats ``beat`` (then passing is not allowed)."""
    key = _beat_key(beat)
    return bool(_k.zsy_can_beat(hand_counts(hand), key))


#: the number of action ids (pass, every play of at most 16 cards, the heavenly bomb)
NUM_ACTIONS: int = _k.ZSY_NUM_ACTIONS
#: the id of the first play (0 = pass)
FIRST_PLAY: int = _k.ZSY_FIRST
_ID_KIND = _k.zsy_id_rows()[:, 0].tolist()


def id_text(i: int) -> str:
    """The text of action id ``i``: ``"pass"`` or ``"<kind> <rank notation>"``
    (``CardcoreError`` for an int that is no id)."""
    if type(i) is int and i == 0:
        return "pass"
    text = _k.zsy_id_text(i)
    return f"{KINDS[_ID_KIND[int(i) - FIRST_PLAY]]} {text}"
