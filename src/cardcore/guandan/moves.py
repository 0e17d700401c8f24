"""Guandan plays: ``classify`` (every reading of some cards) and ``moves`` (every distinct play
of a hand), over the ``guandan`` kernel.

A ``Move`` has ``kind`` (``"single" "pair" "trio" "full_house" "straight" "tube" "plate"
"bomb" "straight_flush" "joker_bomb"``), ``rank``, ``length``, ``cards`` (the physical cards
played, wild cards as themselves), ``wilds`` (what each wild card stands for) and
``beats(other)``.

Notation (``str(move)``, which the game's ``apply`` accepts): the ranks the play stands for in
its reading's order, ``2 .. 9 T J Q K A``, ``B``/``R`` for the jokers; a wild card is written
as what it stands for in brackets; a straight flush names its suits. So ``"777"`` is three
natural 7s, ``"77[7]"`` two 7s and a wild card, ``"77788"`` a full house, ``"3[4]567"`` a
straight with a wild card as its 4, ``"3h4h5h6h7h"`` a straight flush, ``"[7]"`` a wild card
played alone at level 7 (a level single), ``"BBRR"`` the four-joker bomb.

A play may also be written as its exact cards (``"7h 7s 7d"``). Some card sets have several
readings (``3h 4h 5h 6h 7h``: a straight or a straight flush; with wild cards, the ranks they
stand for): the game's ``apply`` then takes the reading named after ``=``, as a kind or as this
notation: ``"3h 4h 5h 6h 7h = straight"``, ``"3h 4h 5h 6h 7h = straight_flush"`` (or
``straight flush``), ``"2c 2d 2h 3c 3d = 33[3]22"``; a kind may also just follow the cards
(``"3h 4h 5h 6h 7h straight"``).

>>> [str(m) for m in classify("7h 7s 7d", "7")]
['77[7]']
>>> m = moves("2c 2d 3c 3d 4c 4d 5h", "9")
>>> sorted(str(x) for x in m if x.kind == "tube")
['223344']
>>> strongest = max(moves("5s 5s 5c 5d Jh Qh Kh Ah Th", "2"), key=lambda x: x.power)
>>> strongest.kind, str(strongest)
('straight_flush', 'ThJhQhKhAh')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._backend import kernel
from ..cards import Card, CardsLike, parse
from ..errors import CardcoreError, CardError, quote
from ..game import Action
from ..options import LEVEL_INDEX as _LEVEL_OF
from ..options import parse_level

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import guandan as _k
else:
    _k = kernel("guandan")

KINDS: tuple[str, ...] = tuple(_k.KINDS)
#: rank names by level-aware value: natural ranks 0..12, then the level rank, BJ, RJ.
RANK_NAMES: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
                               "A", "L", "B", "R")
_SUITS = "cdhs"
_NONE = _k.NONE
_C = _k.COL_COUNTS
_CARD = [Card(i) for i in range(54)]


def wild_card(level: int) -> int:
    """The card id of the wild cards at ``level`` (0..12): the heart of the level rank."""
    return level * 4 + 2


def strength(card: int, level: int) -> int:
    """Single-card strength at ``level``: 2..A = 0..12 except the level rank 13, BJ 14, RJ 15
    (the order of singles; suits have no order)."""
    if card >= 52:
        return 14 if card == 52 else 15
    r = card >> 2
    return 13 if r == level else r


def natural_rank(card: int) -> int:
    """2..A = 0..12, BJ 13, RJ 14 (the natural order, for sorting hands)."""
    return card >> 2 if card < 52 else card - 39


def level_index(level: Any) -> int:
    """A level, ``"2".."A"`` (``"T"`` or ``"10"``) or a whole number 2..10 naming its rank (never
    an index), as the level's rank index 0..12: ``cardcore.options.parse_level``, which raises
    ``OptionError`` (a ``CardcoreError``) naming anything else."""
    return parse_level(level)


def counts_of(cards: Sequence[int], what: str = "hand") -> np.ndarray:
    """54 card counts of a two-deck hand (each id at most twice)."""
    out = np.bincount(np.asarray(cards, dtype=np.int64), minlength=54).astype(np.uint8) \
        if len(cards) else np.zeros(54, dtype=np.uint8)
    if len(out) > 54:
        raise CardError(f"{what}: a card id above 53")
    if out.max(initial=0) > 2:
        bad = int(np.argmax(out))
        raise CardError(f"{what}: {_CARD[bad]} three or more times (Guandan has two decks)")
    return out


def _ids(cards: CardsLike, what: str) -> list[int]:
    if isinstance(cards, (list, tuple)) and all(type(c) is Card for c in cards):
        return [int(c) for c in cards]  # the common case: Card objects
    if isinstance(cards, str):
        return [int(c) for c in parse(cards)]
    try:
        items = list(cards)
    except TypeError:
        raise CardError(f"{what} {cards!r}: expected cards") from None
    out = []
    for c in items:
        if isinstance(c, (int, np.integer)) and not isinstance(c, bool) and 0 <= c < 54:
            out.append(int(c))
        elif isinstance(c, str):
            out.extend(int(x) for x in parse(c))
        else:
            raise CardError(f"{what}: {c!r} is not a card")
    return out


# ---------------------------------------------------------------- Move

#: One play (or one reading of a set of cards). See the module docstring. The kernel's record
#: (``cardcore._fast.guandan.Play``): the kernel's row, the level index, the kind's name and the
#: cards (a tuple of ``Card``, built with the record). A plain extension type: ``level``,
#: ``kind`` and ``cards`` are its read-only fields, ``row``, ``length``, ``key`` and ``rank``
#: (the comparison rank: the level-aware value for single, pair, trio, full house and bomb, see
#: ``RANK_NAMES``; for sequences the natural index of the top card) C-level getters; ``suit``,
#: ``power`` (a sort key in the order of strength across kinds), ``wilds`` (``(wild card, the
#: card it stands for)`` pairs), ``is_bomb``, ``beats(other)``, ``str()`` (the notation); equal
#: and hashed by row and level.
#: ``Move(row, level, cards=None)`` makes one from a row (its ``cards`` is then ``None``).
if TYPE_CHECKING:
    from .._fast.guandan import Play as Move
else:
    Move = _k.Play

_notation = _k.Play.row_text


# ---------------------------------------------------------------- building moves

#: the 54 cards by id (what a move's card ids are read through), then their 1-tuples and the
#: 2-tuples of card a and card b at 54 * a + b (a single's or a pair's ``cards``, shared)
_TABLE: tuple[Any, ...] = (tuple(_CARD) + tuple((c,) for c in _CARD)
                           + tuple((a, b) for a in _CARD for b in _CARD))


def _build(rows: np.ndarray, level: int, counts: np.ndarray) -> list[Move]:
    """The moves of ``rows`` (from ``_k.moves`` of ``counts``), each with the cards it takes
    from the hand (built in the kernel)."""
    return Move.build(counts, level, rows, _TABLE)


def _beat_key(beat: Move | Sequence[int] | None) -> tuple[int, int, int] | None:
    if beat is None:
        return None
    if isinstance(beat, Move):
        return beat.key
    try:
        key = tuple(int(x) for x in beat)
    except (TypeError, ValueError):
        raise CardcoreError(f"beat={beat!r}: expected a Move or a (kind, rank, length) key") \
            from None
    if len(key) != 3:
        raise CardcoreError(f"beat={beat!r}: expected a Move or a (kind, rank, length) key")
    return key  # type: ignore[return-value]


def _level_and_key(level: Any, beat: Move | Sequence[int] | None) -> tuple[int, tuple | None]:
    """The level index of ``level`` and the kernel key of ``beat`` (``None``: no play to
    beat)."""
    t = type(level)
    lv = _LEVEL_OF.get(level) if t is str or t is int else None
    if lv is None:
        lv = level_index(level)
    return lv, None if beat is None else _beat_key(beat)


def moves(hand: CardsLike, level: Any, beat: Move | Sequence[int] | None = None) -> list[Move]:
    """Every distinct play from ``hand`` (up to 27 cards) at ``level`` (``"2".."A"``); with
    ``beat=`` (a ``Move`` on the table) only the plays that beat it (no pass)."""
    lv, key = _level_and_key(level, beat)
    if type(hand) is list:
        try:                        # a list of Card or card ids goes to the kernel as it is
            return Move.of_hand(hand, lv, key, _TABLE)
        except CardError:
            pass                    # (anything else is read by ``_ids``, which names it)
    counts = counts_of(_ids(hand, "hand"))
    return _build(_k.moves(counts, lv, key), lv, counts)


def moves_of_counts(counts: np.ndarray, level: int, beat: tuple | None = None) -> list[Move]:
    """``moves`` for a hand already given as 54 card counts and a level index (the game's
    fast path)."""
    return _build(_k.moves(counts, level, beat), level, counts)


def classify(cards: CardsLike, level: Any) -> list[Move]:
    """Every legal reading of exactly ``cards`` at ``level``; empty when they make no play.
    Each ``Move`` says what its wild cards stand for (``wilds``)."""
    lv = level_index(level)
    ids = _ids(cards, "cards")
    counts = counts_of(ids, "cards")
    held = tuple(sorted((_CARD[c] for c in ids), key=lambda c: (natural_rank(c), int(c))))
    return [Move.make(row, lv, held) for row in _k.classify(counts, lv)]


def move_ids(hand: CardsLike, level: Any,
             beat: Move | Sequence[int] | None = None) -> np.ndarray:
    """The action ids of ``moves(hand, level, beat)``: an ascending ``int32`` numpy array
    computed in the kernel (no ``Move`` is built). Ids: 0 = pass, 1..54 = return a card, plays
    from ``FIRST_PLAY`` (``docs/actions/guandan.md``)."""
    lv, key = _level_and_key(level, beat)
    if type(hand) is list:
        try:                        # a list of Card or card ids goes to the kernel as it is
            return _k.move_ids_of(hand, lv, key)
        except CardError:
            pass                    # (anything else is read by ``_ids``, which names it)
    ids = _ids(hand, "hand")
    return _k.move_ids(counts_of(ids), lv, key)


#: the id of the first play (0 = pass, 1..54 = return card id ``i - 1``)
FIRST_PLAY: int = _k.FIRST_PLAY
#: the number of distinct plays
NUM_PLAYS: int = _k.NUM_PLAYS
#: the size of the action id space (pass, 54 returns, every distinct play)
NUM_ACTIONS: int = _k.NUM_ACTIONS

_TEXTS: list[str] = []
_TEXT_IDS: dict[str, int] = {}
#: the kind name of each action id
ID_KINDS: tuple[str, ...] = (("pass",) + ("return",) * 54
                             + tuple(KINDS[k] for k in _k.id_rows()[:, 0].tolist()))


def id_texts() -> list[str]:
    """The text of every action id (``"pass"``, ``"return 5c"``, a play's notation); the
    plays' texts do not depend on the level (the kernel's ``id_texts``, read on first use)."""
    if not _TEXTS:
        texts = _k.id_texts()
        _TEXT_IDS.update((t, i) for i, t in enumerate(texts))
        _TEXTS.extend(texts)
    return _TEXTS


def id_text(i: int) -> str:
    """The text of action id ``i`` (``CardcoreError`` for an int that is no id)."""
    texts = id_texts()
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < len(texts):
        raise CardcoreError(f"action id {i!r}: expected an int 0..{len(texts) - 1}")
    return texts[int(i)]


def text_id(text: str) -> int | None:
    """The action id whose text is ``text`` exactly, else ``None`` (``CardcoreError`` for
    anything that is no string)."""
    if not isinstance(text, str):
        raise CardcoreError(f"text_id: {quote(text)}: expected an action text")
    id_texts()
    return _TEXT_IDS.get(text)


#: ``power((kind, rank, length))``: the bomb order, as the kernel's sort key
#: ``(bomb class, rank)`` (class 0: an ordinary play; 4-bomb 1, 5-bomb 2, straight flush 3,
#: 6-bomb 4 ... 10-bomb 8, four jokers 9)
power = _k.power


def beats(a: Move, b: Move) -> bool:
    """True when play ``a`` beats play ``b`` (a play or its key, ``(kind, rank, length)``)."""
    if not isinstance(a, Move) or not isinstance(b, (Move, tuple, list)):
        raise CardcoreError(f"beats({quote(a)}, {quote(b)}): expected a Guandan play (Move) "
                            "and a play or its key")
    return a.beats(b)


def action_of(m: Move) -> Action:
    """The game action of a play (its key in ``data``)."""
    a = object.__new__(Action)
    a.__dict__.update(kind=m.kind, text=str(m), cards=m.cards, amount=None, data=m.key)
    return a


__all__ = ["Move", "classify", "moves", "move_ids", "beats", "power", "strength", "wild_card",
           "natural_rank", "level_index", "KINDS", "RANK_NAMES", "FIRST_PLAY", "NUM_PLAYS",
           "NUM_ACTIONS", "ID_KINDS", "id_texts", "id_text", "text_id"]
