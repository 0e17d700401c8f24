"""What the shedding games (Dou Dizhu, Zheng Shangyou; later Guandan) share.

A shedding game's package keeps its own rules in ``moves.py`` (``classify``, ``moves``,
``beats``, its ``Move`` class) and ``state.py``; this engine holds what they have in common, as
public names, so no game imports another game's private names.

Ranks and notation
------------------
``RANK_NAMES`` is the 15-rank order ``3 4 5 6 7 8 9 T J Q K A 2 BJ RJ`` (indices 0..14; the
shedding kernel's ``RANK_NAMES``) and
``rank_index(card)`` a card id's index in it (``RANK_OF[card]`` the same as a list). A play is
written in rank notation by ``notation(ranks, names)``: rank characters in the given order,
ten as ``T``, the jokers as separate tokens (``"33344455"``, ``"333 BJ"``, ``"BJ RJ"``); the
kernels' move texts follow it (core ranks first, then the attachments).
``as_cards``, ``by_rank``, ``check_unique`` and ``format_cards`` are the small helpers every
``moves.py`` uses to read a hand.

Moves
-----
``MoveBase`` is the one base class of every shedding game's ``Move`` (Dou Dizhu's and Zheng
Shangyou's are plain Python classes on the shedding kernel's record storage ``ShedRecord``,
which the kernel builds in bulk, with the rules written in Python here and in
``engines.shedding_moves``; they are registered as its virtual subclasses, with the same
interface; Guandan's is its kernel's ``Play``): an immutable, hashable record with

- ``kind`` (a name from the game's ``KINDS``), ``rank`` (the main rank: an index into the
  game's ``RANK_NAMES``; the highest core rank of a sequence), ``length`` (core ranks of a
  sequence, 1 for other kinds), ``cards`` (a tuple of ``Card``, core first), ``counts`` (cards
  per rank index) and ``str(move)``, the rank notation;
- ``key`` (``(kind, rank, length)``: all that decides what a move beats), ``kernel_key`` (the
  same with the kind's code, for the kernel), ``rank_name``, ``size``, ``core_ranks``;
- ``beats(other)``: the game's one comparison (``KEY_BEATS``, the compiled kernel's
  ``*_beats`` on kind codes), also as the class method ``key_beats(a, b)`` for anything that
  starts ``(kind, rank, length)`` -- an agent's rank-space plays use it, so no copy of the rule
  exists outside the kernel;
- ``reading(kind, cards, text)`` / ``from_action(action)``: the move a listed play stands for.

A game's subclass sets ``KINDS``, ``GAME`` (its name in messages), ``SEQUENCE_KINDS``,
``KEY_BEATS`` and ``_readings(cards)`` (every reading of exactly these cards), and may set
``RANK_NAMES`` (a game with another rank order, e.g. Guandan's) and override ``core_ranks``.
Kernels build moves in bulk as tuples ``(kind, rank, length, cards, counts, text)``
(``*_build``); a game building moves in Python uses ``make``.

State side
----------
``SheddingState`` turns kernel moves into actions (``move_action``), gives two readings of one
card set their own action texts (``disambiguate``, undone by ``base_text``), resolves a play
written as exact cards (any suits from the hand, one legal reading) and gives the public table
view. A subclass sets ``RANK`` (its rank order of a card id), keeps ``hands``, ``turn``,
``table``, ``passes``, ``plays``, ``played`` and ``passes_on``, and may add a check on written
plays (``_check_written_play``).
"""

from __future__ import annotations

from abc import ABCMeta
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from .._ref import shedding as _ref_shedding
from ..cards import Card, CardsLike, parse
from ..errors import CardcoreError, CardError, IllegalAction, int_arg, quote, text_arg
from ..game import Action, State, core_field

if TYPE_CHECKING:  # the stub (.pyi) of the compiled kernel
    from .._fast import shedding_step as _step

PASS = Action("pass", "pass")

# ------------------------------------------------------------------ ranks and notation

#: the 15-rank order of the shedding games (Zheng Shangyou uses the first 13), defined in the
#: shedding kernel (``cardcore._fast.shedding.RANK_NAMES``, twin ``cardcore._ref.shedding``)
# (a constant, the same in both twins: read from the plain-Python one, so that importing the
# engine chooses no kernel; a bad CARDCORE_BACKEND is reported where a kernel is first used)
RANK_NAMES: tuple[str, ...] = _ref_shedding.RANK_NAMES
#: card id -> index in the 15-rank order (2s are 12, the black joker 13, the red joker 14)
RANK_OF: tuple[int, ...] = tuple([((i >> 2) - 1) if (i >> 2) else 12 for i in range(52)]
                                 + [13, 14])
_CARD_TYPE = {Card}


def rank_index(card: int) -> int:
    """The index of a card's rank in the 15-rank order (3 = 0 ... 2 = 12, BJ = 13, RJ = 14)."""
    return RANK_OF[int(card)]


def notation(ranks: Iterable[int], names: Sequence[str] = RANK_NAMES) -> str:
    """The rank notation of a play's rank indices, in the order given: the one-character rank
    names run together (ten as ``T``), longer names (the jokers) follow as separate tokens
    (``[0, 0, 0, 1]`` -> ``"3334"``, ``[0, 0, 0, 13]`` -> ``"333 BJ"``, ``[13, 14]`` ->
    ``"BJ RJ"``). ``names``: the game's rank names (default the 15-rank order)."""
    rs = list(ranks)
    chars = "".join(names[r] for r in rs if len(names[r]) == 1)
    return " ".join(([chars] if chars else []) + [names[r] for r in rs if len(names[r]) > 1])


def as_cards(cards: CardsLike) -> list[Card]:
    """The cards as a list of ``Card`` (a list of ``Card`` objects, the common case, is taken
    as it is; anything else goes through ``cards.parse``)."""
    if type(cards) is list and set(map(type, cards)) <= _CARD_TYPE:
        return cards
    return parse(cards)


RANK_CHARS = "3456789TJQKA2BR"   # one character per rank index of ``RANK_NAMES``


def rank_text(text: str) -> list[int] | None:
    """The rank indexes of a play written as ranks in any order (``"QKA4888999TTTJJJ"``,
    ``"10 10"``, ``"BJ RJ"``), ascending; ``None`` when ``text`` is not rank text.

    >>> rank_text("5 3 4") == rank_text("345")
    True
    >>> rank_text("As") is None
    True
    """
    t = "".join(text.split()).upper().replace("10", "T").replace("BJ", "B").replace("RJ", "R")
    if not t or any(ch not in RANK_CHARS for ch in t):
        return None
    return sorted(RANK_CHARS.index(ch) for ch in t)


def cards_of_ranks(ranks: Sequence[int]) -> list[Card] | None:
    """Concrete cards for rank indexes (suits c, d, h, s in turn; ``None`` when a rank is
    asked for more often than the deck holds it): a reading does not depend on suits."""
    out: list[Card] = []
    used: dict[int, int] = {}
    for r in ranks:
        k = used.get(r, 0)
        if r >= 13:
            if k:
                return None
            out.append(Card(52 + r - 13))
        else:
            if k >= 4:
                return None
            out.append(Card(((r + 1) % 13) * 4 + k))
        used[r] = k + 1
    return out


def cards_or_ranks(cards: CardsLike) -> list[Card]:
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


def on_cards(fn: Callable[..., Any], cards: Any, *args: Any) -> Any:
    """``fn(cards, *args)`` for a list or tuple of card ids (the common case, no parsing);
    anything else is parsed first (card text, rank text, other iterables). The kernels' hand
    functions check each card themselves."""
    if type(cards) is list or type(cards) is tuple:
        try:
            return fn(cards, *args)
        except CardError:
            pass    # e.g. a list of card strings: parse it (a real error is raised again)
    return fn(cards_or_ranks(cards), *args)


def check_unique(cards: Sequence[Card], what: str, note: str = "") -> None:
    """Raise ``CardError`` naming the first card that appears twice."""
    seen: set = set()
    for c in cards:
        if c in seen:
            raise CardError(f"{what}: card {c} appears twice{note}")
        seen.add(c)


def by_rank(cards: Iterable[Card], rank: Sequence[int] = RANK_OF) -> tuple[list[list[Card]], bytes]:
    """(cards per rank index ascending, the rank counts as bytes) -- what the kernels' move
    builders take: ``by[r]`` lists the cards of rank ``r`` in the order they are chosen."""
    by: list[list[Card]] = [[] for _ in range(15)]
    for c in sorted(cards):
        by[rank[c]].append(c)
    return by, bytes([len(b) for b in by])


def format_cards(cards: Any) -> str:
    """Cards in card notation for a message (the input as text if it is no card list)."""
    from ..cards import format as fmt

    try:
        return fmt(cards)
    except CardError:
        return str(cards)


# ------------------------------------------------------------------ moves

def make_record(cls: type, fields: tuple) -> MoveBase:
    """A move of class ``cls`` from its fields ``(kind, rank, length, cards, counts, text)``
    (unchecked: the kernels' builders and unpickling use it)."""
    return tuple.__new__(cls, fields)


def base_text(text: str, kind: str) -> str:
    """An action text without the reading suffix that ``disambiguate`` may have added."""
    suffix = " " + kind
    return text[:-len(suffix)] if text.endswith(suffix) else text


_tuple_eq = tuple.__eq__
_M = TypeVar("_M", bound="MoveBase")
_R = TypeVar("_R", bound="MoveRules")


class MoveRules:
    """What every shedding game's move does whatever stores it: reading written cards as a
    play, comparing plays by key, and the key, size and rank name read from the fields. Mixed
    into :class:`MoveBase` (the tuple record) and ``engines.shedding_moves.ShedMove`` (the
    first base of the Dou Dizhu and Zheng Shangyou ``Move``), so each is written once."""

    __slots__ = ()
    #: the game's kinds of play, in the kernel's kind-code order
    KINDS: ClassVar[tuple[str, ...]] = ()
    #: rank names, indexed by ``rank``
    RANK_NAMES: ClassVar[tuple[str, ...]] = RANK_NAMES
    #: the game's name in messages
    GAME: ClassVar[str] = "shedding game"
    #: the game's comparison of two ``(kind code, rank, length)`` keys (the kernel's function,
    #: whose stub types its keys more narrowly)
    KEY_BEATS: ClassVar[Any]
    #: the kinds whose core is a run of ``length`` consecutive ranks ending at ``rank``
    SEQUENCE_KINDS: ClassVar[frozenset[str]] = frozenset()
    _KIND_CODE: ClassVar[dict[str, int]] = {}
    kind: Any
    rank: Any
    length: Any
    cards: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._KIND_CODE = {k: i for i, k in enumerate(cls.KINDS)}

    @classmethod
    def _readings(cls: type[_R], cards: Any) -> list[_R]:
        """Every reading of exactly these cards (the game's ``classify``, all variants)."""
        raise NotImplementedError

    @classmethod
    def _one_reading(cls: type[_R], readings: list[_R], cards: Any, kind: str | None) -> _R:
        if kind is not None:
            kind = text_arg(kind, "kind", CardError)
            readings = [m for m in readings if m.kind == kind]
        if not readings:
            raise CardError(f"{format_cards(cards)!r} is no {cls.GAME} play"
                            + (f" of kind {quote(kind)}" if kind else ""))
        if len(readings) > 1:
            raise CardError(f"{format_cards(cards)!r} has several readings "
                            f"({', '.join(m.kind for m in readings)}); name the kind")
        return readings[0]

    @classmethod
    def reading(cls: type[_R], kind: str, cards: CardsLike, text: str | None = None) -> _R:
        """The move a play of ``kind`` with these exact cards stands for; when the cards have
        two readings of that kind, ``text`` (the action text) picks one."""
        kind = text_arg(kind, "kind", CardError)
        if text is not None:
            text = text_arg(text, "text", CardError)
        readings = [m for m in cls._readings(cards) if m.kind == kind]
        if len(readings) > 1 and text is not None:
            readings = [m for m in readings if str(m) == base_text(text, kind)] or readings
        if not readings:
            raise CardError(f"{format_cards(cards)!r} is no {cls.GAME} play of kind "
                            f"{quote(kind)}")
        return readings[0]

    @classmethod
    def keyed_reading(cls: type[_R], kind: str, rank: int | str, length: int,
                      cards: CardsLike) -> _R:
        """The move these cards make when read as (``kind``, ``rank``, ``length``); ``rank`` is
        a rank index or name (``"T"``, ``"BJ"``). Raises ``CardError`` unless the cards really
        have that reading (how every ``Move(kind, rank, length, cards)`` is built); a
        ``kind`` that is no string, a ``rank`` or ``length`` that is no int is ``CardError``
        too."""
        cs = parse(cards)
        kind = text_arg(kind, "kind", CardError)
        if isinstance(rank, str):
            name = "T" if rank == "10" else rank.upper()
            if name not in cls.RANK_NAMES:
                raise CardError(f"rank {quote(rank)}: expected one of "
                                f"{' '.join(cls.RANK_NAMES)}")
            rank = cls.RANK_NAMES.index(name)
        rank = int_arg(rank, "rank", None, None, CardError)
        length = int_arg(length, "length", None, None, CardError)
        key = (kind, rank, length)
        for m in cls._readings(cs):
            if m.key == key:
                return m
        raise CardError(f"{format_cards(cs)!r} is no {cls.GAME} {kind} of rank {quote(rank)} "
                        f"and length {quote(length)}")

    @classmethod
    def from_action(cls: type[_R], action: Action) -> _R:
        """The move a listed play action (kind, text, cards) stands for."""
        if not isinstance(action, Action) or type(action.kind) is not str \
                or type(action.text) is not str:
            raise CardcoreError(f"from_action: {quote(action)}: expected an Action (a listed "
                                f"{cls.GAME} play)")
        return cls.reading(action.kind, action.cards, action.text)

    @classmethod
    def key_beats(cls, a: Sequence, b: Sequence) -> bool:
        """Whether play ``a`` beats play ``b`` in this game; each is a move or any sequence
        starting ``(kind, rank, length)``."""
        code = cls._KIND_CODE
        try:
            ka, kb = code[a[0]], code[b[0]]
        except (KeyError, TypeError, IndexError):
            raise CardcoreError(f"beats({quote(a)}, {quote(b)}): a kind is no {cls.GAME} kind "
                                f"({' '.join(cls.KINDS)})") from None
        try:
            ra, la, rb, lb = a[1], a[2], b[1], b[2]
        except (TypeError, IndexError, KeyError):
            raise CardcoreError(f"beats({quote(a)}, {quote(b)}): expected two plays or "
                                "(kind, rank, length) keys") from None
        return bool(cls.KEY_BEATS((ka, ra, la), (kb, rb, lb)))

    @property
    def rank_name(self) -> str:
        """The main rank's name (``"3"`` .. ``"A"``, ``"2"``, ``"BJ"``, ``"RJ"``)."""
        return self.RANK_NAMES[self.rank]

    @property
    def size(self) -> int:
        """The number of cards played."""
        return len(self.cards)

    @property
    def key(self) -> tuple[str, int, int]:
        """``(kind, rank, length)``: all that decides what this move beats."""
        return (self.kind, self.rank, self.length)


class MoveBase(MoveRules, tuple, metaclass=ABCMeta):
    """The base of every shedding game's ``Move`` (see the module docstring).

    (Stored as a tuple ``(kind, rank, length, cards, counts, text)`` so a kernel can build
    moves in bulk; use the attributes, not the tuple positions.) A game whose kernel keeps its
    moves in a compiled record of the same interface registers that class
    (``MoveBase.register(cls)``: Dou Dizhu's and Zheng Shangyou's ``Move``).
    """

    __slots__ = ()

    def __new__(cls, kind: str, rank: int | str, length: int, cards: CardsLike):
        """The move these cards make when read as (``kind``, ``rank``, ``length``)
        (:meth:`MoveRules.keyed_reading`)."""
        return cls.keyed_reading(kind, rank, length, cards)

    @classmethod
    def make(cls: type[_M], kind: str, rank: int, length: int, cards: Sequence[Card],
             counts: Sequence[int], text: str) -> _M:
        """A move built in Python from its fields, unchecked (a game's own generator)."""
        return tuple.__new__(cls, (kind, rank, length, tuple(cards), tuple(counts), text))

    def beats(self, other: MoveBase) -> bool:
        """Whether this play beats ``other`` (a move of the same game)."""
        if not isinstance(other, type(self)):
            raise CardcoreError(f"beats({other!r}): expected a {self.GAME} Move")
        return self.key_beats(self, other)

    kind = property(itemgetter(0), doc="The kind of play (see ``KINDS``).")
    rank = property(itemgetter(1), doc="The main rank, an index into ``RANK_NAMES``.")
    length = property(itemgetter(2), doc="Number of core ranks of a sequence; 1 for other kinds.")
    cards = property(itemgetter(3), doc="The cards played (a tuple of Card).")
    counts = property(itemgetter(4), doc="The rank count vector of the cards (cards per rank).")

    def __reduce__(self):
        return (make_record, (type(self), tuple(self)))

    # equal only to a move of the same game, never to a plain tuple
    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return False if isinstance(other, tuple) else NotImplemented
        return _tuple_eq(self, other)

    def __ne__(self, other) -> bool:
        if type(other) is not type(self):
            return True if isinstance(other, tuple) else NotImplemented
        return not _tuple_eq(self, other)

    __hash__ = tuple.__hash__

    @property
    def kernel_key(self) -> tuple[int, int, int]:
        """``(kind code, rank, length)``: the key the game's kernel takes (``KINDS`` order)."""
        return (self._KIND_CODE[self[0]], self[1], self[2])

    @property
    def core_ranks(self) -> tuple[int, ...]:
        """The rank indices of the core (the run, or the rank of a single/pair/trio/bomb and
        of the trio or four a play's attachments go with)."""
        if self.kind in self.SEQUENCE_KINDS:
            return tuple(range(self.rank - self.length + 1, self.rank + 1))
        return (self.rank,)

    def __str__(self) -> str:
        return self[5]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind} {self} [{format_cards(self.cards)}])"


# ------------------------------------------------------------------ the state side

def move_action(m: Any) -> Action:
    """The action of a kernel move (built without the dataclass ``__init__``: this is the hot
    path of random play)."""
    a = object.__new__(Action)
    a.__dict__.update(kind=m.kind, text=str(m), cards=m.cards, amount=None, data=())
    return a


def disambiguate(actions: list[Action]) -> list[Action]:
    """Give each reading of one card set its own text (``"<rank notation> <kind>"``)."""
    by_text: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        by_text.setdefault(a.text, []).append(i)
    for text, idx in by_text.items():
        if len(idx) > 1:
            for i in idx:
                a = actions[i]
                actions[i] = Action(a.kind, f"{text} {a.kind}", a.cards, a.amount, a.data)
    return actions


def tensor_layout(step: Any, game: int) -> dict[str, tuple[int, int]]:
    """``{part: (start, stop)}`` of a shedding game's observation tensor, read from its step
    kernel's ``OBS_PARTS[game]`` and ``OBS_SIZE[game]`` (``TENSOR_LAYOUT`` of the states)."""
    parts = step.OBS_PARTS[game]
    stops = [start for _, start in parts[1:]] + [step.OBS_SIZE[game]]
    return {name: (start, stop) for (name, start), stop in zip(parts, stops)}


def ambiguous(text: str, hits: list[Action]) -> IllegalAction:
    return IllegalAction(
        f"action {quote(text, 120)} is ambiguous: it can be read as "
        + ", ".join(f"{a.kind} ({a.text})" for a in hits) + "; name the reading")


class DealCoreView:
    """Mixin of the states whose deal lives in a ``shedding_step.Core`` (Dou Dizhu, Zheng
    Shangyou): the deal's fields every such game shows, read from ``self._core``, and the steps
    and scores, which are the core's; the core kernel, its three seats and the one public
    method, ``world``, are theirs too. Put it after ``CoreView`` and before the state's other
    bases."""

    CORE: ClassVar[str] = "shedding_step"
    core: _step.Core  # (``State.core``: this game's core type)
    NUM_PLAYERS: ClassVar[int] = 3
    #: a search's world: the deal with the hidden hands the caller's
    PUBLIC: ClassVar[tuple[str, ...]] = ("world",)
    #: the game's ``Move`` class (its kind codes, its name in messages), and its kernel's
    #: functions ``(kind code, cards) -> play id`` (-1: no play) and ``id -> text``
    MOVE: ClassVar[Any]
    PLAY_ID: Callable[[int, list[int]], int]
    ID_TEXT: Callable[[int], str]
    _core: Any

    def world(self, hands: Sequence[Sequence[int] | None]) -> Any:
        """A copy of this deal's core in which every seat but the one to act holds the cards
        ``hands`` gives it (``hands[seat]``; the seat to act gives ``None`` and keeps its own):
        a world consistent with what the seat to act sees, for a search to play out. Nothing of
        the real hidden hands can come back through it: every other seat's hand is replaced
        (``CardcoreError`` for a ``None`` there, and for cards the deal could not have dealt
        there: ``core.with_hands``)."""
        me = self._core.current_player
        if me is None:
            raise CardcoreError("world: the deal is over")
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise CardcoreError(f"world: hands {quote(hands)}: expected 3 hands, one a seat")
        for seat, h in enumerate(hands):
            if seat != me and h is None:
                raise CardcoreError(f"world: the hand of seat {seat} is missing: every seat "
                                    "but the one to act gets its cards from the caller")
        return self._core.with_hands([None if s == me else hands[s] for s in range(3)])

    hands: Final[list[list[int]]] = core_field("hands", "Each seat's cards, sorted.", call=True)
    turn: Final[int] = core_field("turn", "The seat whose turn it is.")
    passes: Final[int] = core_field("passes", "Passes since the play on the table.")
    played: Final[list[list[int]]] = core_field("played", "The cards each seat played, in order.",
                                                call=True)
    num_plays: Final[list[int]] = core_field("num_plays", "How many plays each seat made.",
                                             call=True)
    plays: Final[list[list]] = core_field(
        "plays", "``[seat, kind, text, cards]`` of every play, in order.", call=True)
    passes_on: Final[list[list]] = core_field(
        "passes_on", "``[seat, index in plays]`` of every pass in the play.", call=True)
    winner_seat: Final[int | None] = core_field(
        "winner", "The seat that went out first (``None`` while the deal is played).")

    def _card_planes(self, v: Any, player: int, slot: Any, width: int, table: bool) -> None:
        """Set ``encode``'s first card planes in ``v``, each ``width`` wide with a card at
        ``slot[card]``: ``player``'s hand, the cards played by the relative seats 0, 1, 2 (0 =
        ``player``, 1 = next, 2 = prev), then, when ``table``, the play on the table (zeros
        when leading)."""
        played = self.played
        planes = [self.hands[player]] + [played[(player + r) % 3] for r in range(3)]
        on_table = self._core.table() if table else None
        if on_table is not None:
            planes.append(on_table[3])
        for k, cards in enumerate(planes):
            for c in cards:
                v[k * width + slot[c]] = 1.0

    def _id_of(self, action: Action) -> int:
        if action.kind == "pass":
            return 0
        code = self.MOVE._KIND_CODE.get(action.kind)
        i = -1 if code is None else type(self).PLAY_ID(code, list(action.cards))
        if i < 0:
            raise IllegalAction(f"action {str(action)!r}: no {self.MOVE.GAME} play id")
        return i

    def _describe_id(self, i: int) -> str:
        return type(self).ID_TEXT(i)

    def _apply(self, action: Any) -> None:
        # the core makes the action's id with the action's own cards (any suits);
        # ``State.apply`` writes the log entry
        self._core.apply_cards(self._id_of(action), list(action.cards))  # type: ignore[attr-defined]

    def _apply_id(self, i: int) -> None:
        # the core makes the id (a Dou Dizhu redeal included); the log entry is the one the
        # core reads back for it
        self._core.apply(i)
        self.log.append(self._core.last_entry())  # type: ignore[attr-defined]

    def _scores(self) -> tuple[float, ...]:
        return self._core.returns()


class SheddingState(State):
    """Base of the shedding game states (not registered itself)."""

    #: the game's rank order of a card id, a class attribute (``staticmethod(rank_function)``;
    #: declared without ``ClassVar`` so that mypy does not read it as a bound method)
    RANK: Callable[[int], int]
    # kept by each game (see the module docstring)
    hands: list[list[int]]
    turn: int
    table: list | None
    passes: int
    plays: list[list]
    played: list[list[int]]
    passes_on: list[list]

    def _sort(self, cards) -> list[int]:
        rank = type(self).RANK
        return sorted((int(c) for c in cards), key=lambda c: (rank(c), c))

    def _check_written_play(self, text: str, cards: list[int]) -> None:
        """Extra rule on a play written as cards (e.g. a required card); raise if broken."""

    def _resolve_foreign(self, action: Action | str) -> Action | None:
        """An ``Action`` built elsewhere, with cards, not among the listed ones: honour its
        exact cards (any suits from the hand) when they make a legal play of its kind."""
        if (isinstance(action, Action) and action.cards and self._current_player() is not None
                and action not in self._legal_actions()):
            legal = [a for a in self._legal_actions() if a.kind == action.kind]
            cards = [int(c) for c in action.cards]
            same = self._listed_in_other_order(action, cards, legal)
            if same is not None:
                return same
            return self._resolve_cards(action.text, cards, legal)
        return None

    @staticmethod
    def _listed_in_other_order(action: Action, cards: list[int], legal: list[Action]
                               ) -> Action | None:
        """The listed play that ``action`` is with its cards in another order (same kind, text
        and cards), else None."""
        want = sorted(cards)
        for a in legal:
            if a.text == action.text and sorted(int(c) for c in a.cards) == want:
                return a
        return None

    def _resolve_ranks(self, text: str, legal: list[Action]) -> Action | None:
        """A play written as ranks in any order (``"QKA4888999TTTJJJ"`` for
        ``"888999TTTJJJ4QKA"``): the listed play with those ranks, one reading; ``None`` when
        the text is not rank text or names no listed play."""
        want = rank_text(text)
        if want is None:
            return None
        rank = type(self).RANK
        hits = [a for a in legal if a.cards and sorted(rank(int(c)) for c in a.cards) == want]
        if len(hits) > 1:
            raise ambiguous(text, hits)
        return hits[0] if hits else None

    def _written_cards(self, text: str, legal: list[Action]) -> list[int] | None:
        """The cards of a play written as cards, unless the text is a listed action's text."""
        key = " ".join(text.strip().lower().split())
        if any(a.text.lower() == key for a in legal):
            return None
        try:
            cards = parse(text)
        except CardError:
            return None
        return [int(c) for c in cards] or None

    def _resolve_written_play(self, text: str, legal: list[Action]) -> Action | None:
        """A play written as exact cards, or (unless the text is a listed action's text) as
        ranks in any order: the legal play it makes; ``None`` when the text is neither."""
        cards = self._written_cards(text, legal)
        if cards:
            return self._resolve_cards(text, cards, legal)
        if any(a.text.lower() == " ".join(text.split()).lower() for a in legal):
            return None
        return self._resolve_ranks(text, legal)

    def _resolve_cards(self, text: str, cards: list[int], legal: list[Action]) -> Action:
        """A play written as exact cards: any suits from the hand, one legal reading."""
        hand = list(self.hands[self.turn])
        for c in cards:
            if c not in hand:
                raise IllegalAction(f"action {quote(text, 120)}: {Card(c)} is not in seat "
                                    f"{self.turn}'s hand")
            hand.remove(c)
        self._check_written_play(text, cards)
        rank = type(self).RANK
        shape = sorted(rank(c) for c in cards)
        hits = [a for a in legal if a.cards and sorted(rank(c) for c in a.cards) == shape]
        if not hits:
            return self._no_such(text, legal)
        if len(hits) > 1:
            raise ambiguous(text, hits)
        a = hits[0]
        ordered = self._order_like(cards, [int(c) for c in a.cards])
        return Action(a.kind, a.text, tuple(Card(c) for c in ordered), a.amount, a.data)

    def _order_like(self, cards: list[int], model: list[int]) -> list[int]:
        """The written ``cards`` in the order of ``model``, the listed play they make (same
        ranks, maybe other suits): each of the model's cards in turn, itself when written,
        else the lowest written card of its rank. The record of a play is then the same
        whatever order it was written in, and the listed play's own record when it names the
        listed cards (as its id does)."""
        rank = type(self).RANK
        pool = list(cards)
        slots: list[int | None] = []
        for m in model:
            if m in pool:
                pool.remove(m)
                slots.append(m)
            else:
                slots.append(None)
        out = []
        for m, got in zip(model, slots):
            if got is None:
                got = min(c for c in pool if rank(c) == rank(m))
                pool.remove(got)
            out.append(got)
        return out

    def _table_view(self) -> dict:
        """The public record of the play: the table, passes, every play and pass."""
        return {
            "table": None if self.table is None else {
                "seat": self.table[0], "kind": self.table[1], "text": self.table[2],
                "cards": list(self.table[3])},
            "passes": self.passes,
            "plays": [{"seat": p[0], "kind": p[1], "text": p[2], "cards": list(p[3])}
                      for p in self.plays],
            "passes_on": [list(p) for p in self.passes_on],
            "played": [list(p) for p in self.played],
        }


# ---------------------------------------------------------------- the board

def seat_lines(state: Any, player: int | None, cards: Callable[[Any], str],
               role: Callable[[int], str] = lambda s: "") -> list[str]:
    """The board's line for each seat (``>`` marks the seat to act): ``player``'s own cards
    shown, the others' counted; ``role(seat)`` follows the seat's number."""
    lines = []
    for s in range(len(state.hands)):
        mark = ">" if s == state._current_player() else " "
        n = len(state.hands[s])
        if player is not None and s == player:
            lines.append(f"{mark} seat {s}{role(s)} [{n:2d}]: {cards(state.hands[s])}")
        else:
            lines.append(f"{mark} seat {s}{role(s)} [{n:2d} card{'' if n == 1 else 's'}]")
    return lines


def table_line(state: Any, cards: Callable[[Any], str]) -> str:
    """The board's line for the play on the table (not ``None``) and the passes since."""
    seat, kind, text, played = state.table[:4]
    return (f"Table: seat {seat} played {text} ({kind}: {cards(played)})"
            + (f", {state.passes} pass" if state.passes else ""))


__all__ = ["RANK_NAMES", "RANK_OF", "rank_index", "notation", "as_cards", "cards_or_ranks",
           "on_cards", "check_unique",
           "by_rank", "format_cards", "MoveBase", "make_record", "base_text", "PASS",
           "move_action", "disambiguate", "ambiguous", "SheddingState", "DealCoreView",
           "seat_lines", "table_line", "tensor_layout"]
