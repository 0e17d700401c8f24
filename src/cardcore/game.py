"""The game protocol: ``Action``, the ``State`` base class every game subclasses, and JSON I/O.

A game is a ``State`` subclass in the module ``cardcore.<name>`` decorated with
``@register``. Its instance attributes must be JSON-native (ints -- ``Card`` is an int --,
floats, strings, bools, ``None``, lists and dicts with string keys; never tuples or sets):
that rule is what makes ``clone``, ``to_json`` and ``from_json`` exact for every game without
per-game code. Attributes named in ``TRANSIENT`` are caches: they are not serialised and are
reset to ``None`` on clone/load.

A subclass implements the underscore hooks:

``_setup(deck, **options)``   deal (from ``deck`` if given, else shuffle with ``self.rng()``)
``_current_player()``          the seat to act, or ``None`` once over
``_legal_actions()``           the legal actions, deterministic order, never empty while not over
``_apply(action)``             perform a legal action (already validated)
``_scores()``                  the result per seat (called only once over)
``_observation(player)``       what ``player`` may see (JSON-native dict)
``render(player)``             optional: a text view for the terminal

and may override ``_resolve(action)`` to accept actions beyond the listed ones (``raise N``).

Integer actions (``legal_ids``, ``apply_id``, ...; each game's ids and tensor layout are
documented in ``docs/actions/<game>.md``) come from these hooks:

``_num_distinct_actions()``    the size of the id space (fixed per game and options)
``_id_of(action)``             the id of an action from ``_legal_actions()``
``_action_of_id(i)``           optional: the legal action with id ``i`` (default: a search)
``_legal_ids()``               optional fast path: the legal ids, ascending
``_apply_id(i)``               optional fast path: perform legal id ``i`` and append its
                               ``log`` entry (the same entry ``apply`` would write)
``_observation_shape()``       the fixed shape of ``observation_tensor``
``_observation_tensor(p, out)`` fill ``out`` (float32 zeros of that shape) for seat ``p``
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from .cards import Card, CardsLike, parse, same_multiset
from .errors import (CardcoreError, CardError, FormatError, GameNotAvailable, IllegalAction,
                     OptionError, quote)
from .options import Option, as_int, check_options, is_bool
from .rng import Rng, fresh_seed

if TYPE_CHECKING:  # the stub (.pyi) of the compiled kernel: the one core contract
    from ._fast.core import Core

GAMES: tuple[str, ...] = (
    "doudizhu", "guandan", "zhengshangyou", "tractor", "holdem",
    "onepoker", "bridge", "schnapsen", "preference",
)

_REGISTRY: dict[str, type[State]] = {}

JSON_VERSION = 2
SEED_MAX = (1 << 64) - 1


@dataclass(frozen=True)
class Action:
    """One move. ``str(action)`` is its natural notation, which ``State.apply`` also accepts.

    ``kind``: e.g. ``"bid"``, ``"pass"``, ``"play"``, ``"call"``, ``"raise"``;
    ``cards``: the cards it plays (empty for other actions);
    ``amount``: a number the action carries (a bid level, a raise-to total), else ``None``;
    ``data``: extra game-specific detail (JSON-native tuple), e.g. what wild cards stand for.
    """

    kind: str
    text: str
    cards: tuple[Card, ...] = ()
    amount: int | None = None
    data: tuple[Any, ...] = field(default=(), compare=True)

    def __str__(self) -> str:
        return self.text

    def to_list(self) -> list[Any]:
        return [self.kind, self.text, [int(c) for c in self.cards], self.amount,
                _listify(self.data)]

    @classmethod
    def from_list(cls, item: Sequence[Any]) -> Action:
        kind, text, cards, amount, data = item
        return cls(kind, text, tuple(Card(c) for c in cards), amount, _tuplify(data))


def action_arg(x: object, what: str = "action") -> Action:
    """``x`` as a game's ``Action`` (a kind and a text, both strings), else ``CardcoreError``
    naming ``what``."""
    if not isinstance(x, Action) or not isinstance(x.kind, str) or not isinstance(x.text, str):
        raise CardcoreError(f"{what} {quote(x)}: expected an Action of the game")
    return x


def _listify(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_listify(v) for v in x]
    return x


def _tuplify(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    return x


class HistoryEntry(NamedTuple):
    seat: int
    action: Action


def _copy_native(x: Any) -> Any:
    """Deep copy of JSON-native data (much faster than ``copy.deepcopy``)."""
    t = type(x)
    if t is list:
        return [_copy_native(v) for v in x]
    if t is dict:
        return {k: _copy_native(v) for k, v in x.items()}
    return x


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().split())


def _check_agrees(action: Action, resolved: Action) -> None:
    """``IllegalAction`` when ``action`` was read as the legal action ``resolved`` (by its
    text, or a game's own reading) but gives an amount or cards that ``resolved`` does not
    have: a field that says otherwise is refused, never silently replaced."""
    if action.amount is not None and action.amount != resolved.amount:
        why = (f"its amount {quote(action.amount)} is not the amount of {resolved.text!r} "
               f"({resolved.amount})")
    elif action.cards and not same_multiset(action.cards, resolved.cards):
        why = f"its cards are not the cards of {resolved.text!r}"
    else:
        return
    raise IllegalAction(f"action {quote(action)}: {why}")


class State:
    """Base class of every game state. See the module docstring for the subclass hooks."""

    GAME: ClassVar[str] = ""
    NUM_PLAYERS: ClassVar[int] = 0
    #: whether the scores of every finished game sum to zero (a game with a party that is no
    #: seat, such as Preference's pot, sets it ``False``).
    ZERO_SUM: ClassVar[bool] = True
    #: ``"module:Class"`` of the game's best built-in agent (``agents.get("ai", game)``).
    AI_AGENT: ClassVar[str | None] = None
    #: attribute names that are caches (not serialised, reset to ``None``).
    TRANSIENT: ClassVar[tuple[str, ...]] = ()
    #: the declared options (name -> ``Option``); ``new_game`` accepts these and no others.
    OPTIONS: ClassVar[dict[str, Option]] = {}
    PUBLIC: ClassVar[tuple[str, ...]] = ()  # read-only properties agents may read (nothing hidden)
    #: the kernel module of the game's step core (``cardcore._fast.<CORE>``, twin
    #: ``cardcore._ref.<CORE>``): its ``Core`` answers the one core contract and its
    #: ``from_seed(seed, **CORE_OPTIONS)`` is the core ``new_game(GAME, seed=seed).core`` starts
    #: with (``CORE_OPTIONS`` tells the games that share a core kernel apart).
    CORE: ClassVar[str] = ""
    CORE_OPTIONS: ClassVar[dict[str, Any]] = {}

    # ------------------------------------------------------------ construction
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        raw = cls.__dict__.get("_legal_actions")
        if raw is not None and not getattr(raw, "_memoised", False):
            cls._legal_actions = _memoise_legal(raw)  # type: ignore[method-assign,assignment]

    def __init__(self, /, *, seed: int | None = None, deck: CardsLike | None = None,
                 **options: Any) -> None:
        # (``self`` positional-only: an option named "self" is an unknown option, not a clash)
        if seed is None:
            seed = fresh_seed()
        value = seed if type(seed) is int else as_int(seed)
        if value is None or not 0 <= value <= SEED_MAX:
            raise OptionError(f"seed {quote(seed)}: expected a whole number 0..2**64-1 or None")
        options = check_options(self.GAME, self.OPTIONS, options) if options else {}
        self.seed = value
        self.rng_state = value  # SplitMix64's state is the seed itself (``Rng(seed).state``)
        #: every action applied, in order: ``[seat, *action.to_list()]`` each
        self.log: list[list[Any]] = []
        for name in self.TRANSIENT:
            setattr(self, name, None)
        cards = None
        if deck is not None:
            cards = [int(c) for c in parse(deck)]
        # how this game began (options as given, the stacked deck): with ``log`` it rebuilds
        # the state by replay (``from_json``); ``start`` shows a copy
        self._start = {"options": _copy_native(options) if options else {}, "deck": cards}
        self._setup(None if cards is None else list(cards), **options)

    # ------------------------------------------------------------ hooks
    def _setup(self, deck: list[int] | None, *args: Any,
               **options: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def _current_player(self) -> int | None:  # pragma: no cover
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:  # pragma: no cover
        raise NotImplementedError

    def _apply(self, action: Action) -> None:  # pragma: no cover
        raise NotImplementedError

    def _scores(self) -> tuple[float, ...]:  # pragma: no cover
        raise NotImplementedError

    def _observation(self, player: int) -> dict[str, Any]:  # pragma: no cover
        """What seat ``player`` may see, the game's own entries (``observation`` puts the
        game's name and the seat first)."""
        raise NotImplementedError

    def render(self, player: int | None = None) -> str:
        """A plain-text view for ``player`` (``None``: the public view).

        Every game package has a ``render.py`` whose ``render(state, player)`` draws it; the
        state module never imports its view. A ``player`` that is no seat raises
        ``IllegalAction``, as ``observation`` does."""
        import importlib

        if player is not None:
            self._check_seat(player)

        package = type(self).__module__.rpartition(".")[0]
        view: Callable[[State, int | None], str] = importlib.import_module(
            f"{package}.render").render
        return view(self, player)

    # ------------------------------------------------------------ randomness
    def rng(self) -> _StateRng:
        """A generator bound to this state: draws advance ``self.rng_state``."""
        return _StateRng(self)

    # ------------------------------------------------------------ public protocol
    @property
    def start(self) -> dict[str, Any]:
        """How this game began: ``options`` (as given) and ``deck`` (the stacked deck's card
        ids, or ``None``), a copy (``to_json`` saves them with the actions)."""
        shown: dict[str, Any] = _copy_native(self._start)
        return shown

    @property
    def num_players(self) -> int:
        """The number of seats (``NUM_PLAYERS``)."""
        return self.NUM_PLAYERS

    @property
    def game(self) -> str:
        """The game's registered name (``GAME``)."""
        return self.GAME

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once over."""
        return self._current_player()

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self._current_player() is None

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return list(self._legal_actions())

    def apply(self, action: Action | str) -> None:
        """Apply ``action`` (an ``Action`` or its text). Illegal input raises ``IllegalAction``
        and leaves the state exactly as it was. An ``Action`` that is not one of the legal
        actions is read by its text; an amount or cards it gives must then be the amount or
        cards of the action its text names."""
        if self.is_over:
            raise IllegalAction(f"action {quote(action)}: the game is over")
        if not isinstance(action, (Action, str)):
            raise IllegalAction(f"action {quote(action)}: expected an Action or its text form")
        if isinstance(action, Action) and (
                not isinstance(action.text, str) or not isinstance(action.kind, str)
                or not isinstance(action.cards, tuple)
                or not all(type(c) is Card or (isinstance(c, int) and not isinstance(c, bool)
                                               and 0 <= c < 54) for c in action.cards)
                or not (action.amount is None or (isinstance(action.amount, int)
                                                  and not isinstance(action.amount, bool)))
                or not isinstance(action.data, tuple)):
            raise IllegalAction(f"action {quote(action)}: an Action needs a str kind and text, "
                                "a tuple of cards (Card or ids 0..53), an int or None amount "
                                "and a tuple of data")
        resolved = self._resolve(action)
        if isinstance(action, Action) and resolved is not action:
            _check_agrees(action, resolved)
        seat = self._current_player()
        self._apply(resolved)
        self.__dict__.pop(_MEMO, None)
        self.log.append([seat, *resolved.to_list()])
        for name in self.TRANSIENT:
            setattr(self, name, None)

    def _resolve(self, action: Action | str) -> Action:
        """Turn ``action`` into one of the legal actions or raise ``IllegalAction``."""
        legal = self._legal_actions()
        if isinstance(action, Action):
            try:
                listed = action in legal
            except (TypeError, ValueError):  # data holding objects that refuse to compare
                raise IllegalAction(f"action {quote(action)}: its data cannot be compared with "
                                    "the legal actions'") from None
            if listed:
                return action
            return self._resolve(action.text) if action.text else self._no_such(action, legal)
        text = action
        key = _norm(text)
        if not key:
            raise IllegalAction("action '': empty text")
        for a in legal:
            if _norm(a.text) == key:
                return a
        # a play written as its exact cards
        try:
            cards = parse(text)
        except CardError:
            cards = None
        if cards:
            want = sorted(int(c) for c in cards)
            hits = [a for a in legal if a.cards and sorted(int(c) for c in a.cards) == want]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                raise IllegalAction(
                    f"action {quote(text, 120)} is ambiguous: it can be read as "
                    + ", ".join(f"{a.kind} ({a.text})" for a in hits)
                    + "; name the reading"
                )
        return self._no_such(text, legal)

    def _no_such(self, action: Action | str, legal: list[Action]) -> Action:
        shown = ", ".join(a.text for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise IllegalAction(
            f"action {quote(str(action), 120)} is not legal for seat {self._current_player()} "
            f"in {self.GAME} now; legal: {shown}"
        )

    # ------------------------------------------------------------ integer actions
    @property
    def core(self) -> Core:
        """The core that holds the play of this state's deal (see ``docs/architecture.md``:
        every game's core answers the same names; each game's state types it as its own core
        type). Driving it directly bypasses the state's log: read it, or search on
        ``state.core.copy()``."""
        core: Core | None = self.__dict__.get("_core")
        if core is None:
            raise CardcoreError(f"{self.GAME}: this state keeps no core")
        return core

    @property
    def num_distinct_actions(self) -> int:
        """The number of action ids of this game with these options (ids are 0..n-1)."""
        return self._num_distinct_actions()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, ascending (empty once over)."""
        if self._current_player() is None:
            return []
        return list(self._legal_ids())

    def legal_mask(self) -> Any:
        """A bool ``numpy`` array of length ``num_distinct_actions``: True at the legal ids."""
        import numpy as np

        mask = np.zeros(self._num_distinct_actions(), dtype=np.bool_)
        if self._current_player() is not None:
            mask[self._legal_ids()] = True
        return mask

    def _check_id(self, i: Any) -> int:
        if type(i) is not int:
            if is_bool(i):      # numpy's too, before operator.index reads it as 0 or 1
                raise IllegalAction(f"action id {quote(i)}: expected an int, not a bool")
            try:
                i = operator.index(i)
            except TypeError:
                raise IllegalAction(f"action id {quote(i)}: expected an int") from None
        n = self._num_distinct_actions()
        if not 0 <= i < n:
            raise IllegalAction(f"action id {quote(i)}: out of range 0..{n - 1} for {self.GAME}")
        checked: int = i
        return checked

    def _illegal_id(self, i: int) -> IllegalAction:
        ids = self._legal_ids()
        shown = ", ".join(str(x) for x in ids[:16]) + (", ..." if len(ids) > 16 else "")
        try:
            what = f" ({self._describe_id(i)})"
        except Exception:  # noqa: BLE001 - the description is only a courtesy
            what = ""
        return IllegalAction(f"action id {i}{what} is not legal for seat "
                             f"{self._current_player()} in {self.GAME} now; legal ids: {shown}")

    def _describe_id(self, i: int) -> str:
        return ""

    def apply_id(self, i: int) -> None:
        """Apply the action with id ``i``. An id that is not legal now raises ``IllegalAction``
        and leaves the state unchanged."""
        if self._current_player() is None:
            raise IllegalAction(f"action id {quote(i)}: the game is over")
        if type(i) is not int or not self._id_is_legal(i):
            i = self._check_id(i)
            if not self._id_is_legal(i):
                raise self._illegal_id(i)
        self._apply_id(i)
        self.__dict__.pop(_MEMO, None)
        for name in self.TRANSIENT:
            setattr(self, name, None)

    def action_from_id(self, i: int) -> Action:
        """The legal action with id ``i`` in this position (``IllegalAction`` if ``i`` is out of
        range or not legal now: ids of some games, such as bet sizes, mean something only in a
        position)."""
        if self._current_player() is None:
            raise IllegalAction(f"action id {quote(i)}: the game is over")
        i = self._check_id(i)
        if not self._id_is_legal(i):
            raise self._illegal_id(i)
        return self._action_of_id(i)

    def action_to_id(self, action: Action | str) -> int:
        """The id of ``action`` (an ``Action`` or its text), which must be legal now."""
        if self._current_player() is None:
            raise IllegalAction(f"action {quote(action)}: the game is over")
        if not isinstance(action, (Action, str)):
            raise IllegalAction(f"action {quote(action)}: expected an Action or its text form")
        return self._id_of(self._resolve(action))

    # hooks (defaults go through the Action list; fast games override them)
    def _num_distinct_actions(self) -> int:  # pragma: no cover
        raise NotImplementedError

    def _id_of(self, action: Action) -> int:  # pragma: no cover
        raise NotImplementedError

    def _legal_ids(self) -> list[int]:
        return sorted(self._id_of(a) for a in self._legal_actions())

    def _id_is_legal(self, i: int) -> bool:
        return i in self._legal_ids()

    def _action_of_id(self, i: int) -> Action:
        for a in self._legal_actions():
            if self._id_of(a) == i:
                return a
        raise self._illegal_id(i)

    def _apply_id(self, i: int) -> None:
        action = self._action_of_id(i)
        seat = self._current_player()
        self._apply(action)
        self.log.append([seat, *action.to_list()])

    # ------------------------------------------------------------ tensors
    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The fixed shape of ``observation_tensor`` for this game and options."""
        return tuple(self._observation_shape())

    def observation_tensor(self, player: int) -> Any:
        """What ``player`` may see as a float32 ``numpy`` array of shape ``observation_shape``
        (its layout is documented per game in ``docs/actions/<game>.md``); never depends on cards
        hidden from ``player``."""
        import numpy as np

        if (isinstance(player, bool) or not isinstance(player, int)
                or not 0 <= player < self.NUM_PLAYERS):
            raise IllegalAction(
                f"player {quote(player)}: expected a seat 0..{self.NUM_PLAYERS - 1} for "
                f"{self.GAME}"
            )
        out = np.zeros(self._observation_shape(), dtype=np.float32)
        self._observation_tensor(player, out)
        return out

    def _observation_shape(self) -> tuple[int, ...]:  # pragma: no cover
        raise NotImplementedError

    def _observation_tensor(self, player: int, out: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def scores(self) -> tuple[float, ...]:
        """The result per seat once over: ints where the game scores in whole numbers."""
        if not self.is_over:
            raise IllegalAction(f"{self.GAME}: scores() asked before the game is over")
        return tuple([int(v) if v.is_integer() else v for v in map(float, self._scores())])

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the best score once over (empty while the game runs)."""
        if not self.is_over:
            return ()
        s = self.scores()
        best = max(s)
        return tuple(i for i, v in enumerate(s) if v == best)

    @property
    def winner(self) -> int | None:
        w = self.winners
        return w[0] if len(w) == 1 else None

    def observation(self, player: int) -> dict[str, Any]:
        """What seat ``player`` may see, JSON-serialisable: ``game`` (the game's name) and
        ``player`` (the seat) first, then the game's own entries; never a card hidden from it."""
        self._check_seat(player)
        return {"game": self.GAME, "player": player, **self._observation(player)}

    def _check_seat(self, player: object) -> None:
        """``IllegalAction`` unless ``player`` is a seat of this game (an int)."""
        if (isinstance(player, bool) or not isinstance(player, int)
                or not 0 <= player < self.NUM_PLAYERS):
            raise IllegalAction(
                f"player {quote(player)}: expected a seat 0..{self.NUM_PLAYERS - 1} for "
                f"{self.GAME}")

    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """What ``viewer`` (a seat, or ``None`` for the public) may see of ``seat`` taking
        ``action``: its text, or a per-seat public form where the action hides cards (One
        Poker's lock, Preference's discards, Tractor's burial). Never another seat's hidden
        card. Called once ``action`` is applied (it reads the state only through the game's
        own override)."""
        return action.text

    @property
    def history(self) -> list[HistoryEntry]:
        return [HistoryEntry(e[0], Action.from_list(e[1:])) for e in self.log]

    # ------------------------------------------------------------ copying and JSON
    def _state_dict(self) -> dict[str, Any]:
        skip = set(self.TRANSIENT)
        skip.add(_MEMO)
        return {k: v for k, v in self.__dict__.items() if k not in skip}

    def clone(self) -> State:
        new = object.__new__(type(self))
        new.__dict__.update(_copy_native(self._state_dict()))
        for name in self.TRANSIENT:
            setattr(new, name, None)
        return new

    def __copy__(self) -> State:
        # a shallow copy would share the history and hands with the original: copy whole
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def to_json(self) -> str:
        """The game as JSON: game, format version, seed, options, stacked deck and the actions.
        ``cardcore.from_json`` rebuilds it by replaying the actions, so only reachable states
        load."""
        return json.dumps(
            {"game": self.GAME, "version": JSON_VERSION, "seed": self.seed,
             "options": self._start["options"], "deck": self._start["deck"],
             "actions": self.log},
            separators=(",", ":"), sort_keys=True,
        )

    def _replay(self, index: int, entry: Any) -> None:
        """Apply stored action ``index`` of a JSON game; ``FormatError`` unless it is legal and
        the game records it exactly as stored."""
        where = f"state JSON: action {index}"
        if (not isinstance(entry, list) or len(entry) != 6 or type(entry[0]) is not int
                or not isinstance(entry[1], str) or not isinstance(entry[2], str)
                or not isinstance(entry[3], list) or any(type(c) is not int for c in entry[3])
                or not (entry[4] is None or type(entry[4]) is int)
                or not isinstance(entry[5], list)):
            raise FormatError(f"{where}: {quote(entry)} is not [seat, kind, text, cards, "
                              "amount, data]")
        seat = self.current_player
        if seat is None:
            raise FormatError(f"{where}: {quote(entry[2])} comes after the game is over")
        if entry[0] != seat:
            raise FormatError(f"{where}: stored for seat {entry[0]}, but seat {seat} is to act")
        try:
            action = Action.from_list(entry[1:])
            self.apply(action)
        except (IllegalAction, CardError, ValueError, TypeError) as exc:
            raise FormatError(f"{where} ({quote(entry[2])}) is not legal here: {exc}") from None
        if self.log[-1] != entry:
            raise FormatError(f"{where}: stored as {quote(entry)}, but the game reads it as "
                              f"{quote(self.log[-1])}")

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} game={self.GAME} player={self.current_player} "
                f"actions={len(self.log)}>")


_MEMO = "_legal_memo"


class CachedIds:
    """Mixin for a ``State`` whose legal ids are computed once per position by
    ``_compute_ids()`` and kept in the transient attribute ``_ids`` (list it in ``TRANSIENT``;
    ``_apply_id`` need not reset it). ``legal_ids`` and ``apply_id`` then skip the generic
    layer; anything but a legal int goes through ``State.apply_id`` and its errors."""

    _ids: list[int] | None

    def _compute_ids(self) -> list[int]:  # pragma: no cover
        raise NotImplementedError

    def _legal_ids(self) -> list[int]:
        ids = self._ids
        if ids is None:
            ids = self._ids = self._compute_ids()
        return ids

    def _id_is_legal(self, i: int) -> bool:
        return i in self._legal_ids()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, ascending (empty once over)."""
        return self._legal_ids()[:]

    def apply_id(self, i: int) -> None:
        """Apply the action with id ``i``. An id that is not legal now raises ``IllegalAction``
        and leaves the state unchanged."""
        if type(i) is not int or i not in self._legal_ids():
            State.apply_id(self, i)  # type: ignore[arg-type]  # other int types; the errors
            return
        self._apply_id(i)  # type: ignore[attr-defined]
        self._ids = None
        self.__dict__.pop(_MEMO, None)


class CoreView:
    """Mixin for a ``State`` whose deal lives in its game's step core, ``self._core`` (the one
    core contract: ``cardcore._fast.core.Core``, twin ``cardcore._ref.core.Core``): the state is
    a view over it. ``state.core`` (``State.core``) is that core; the seat to act, the action
    ids, the legal mask, the observation tensor and its shape are the core's; a clone gets a
    copy of the core, and the state dict holds the core's export. Put it before the ``State``
    base:
    ``class BridgeState(CoreView, State)``."""

    _core: Any
    TRANSIENT: ClassVar[tuple[str, ...]]

    def _current_player(self) -> int | None:
        p: int | None = self._core.current_player
        return p

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once over: the core's."""
        p: int | None = self._core.current_player
        return p

    @property
    def is_over(self) -> bool:
        """Whether the game is over: the core's."""
        over: bool = self._core.is_over
        return over

    def _legal_ids(self) -> list[int]:
        ids: list[int] = self._core.legal_ids()
        return ids

    def _id_is_legal(self, i: int) -> bool:
        ok: bool = self._core.is_legal(i)
        return ok

    def _num_distinct_actions(self) -> int:
        n: int = self._core.num_distinct_actions
        return n

    def _observation_shape(self) -> tuple[int, ...]:
        shape: tuple[int, ...] = self._core.observation_shape
        return shape

    def _observation_tensor(self, player: int, out: Any) -> None:
        self._core.observation_tensor(player, out)

    def legal_mask(self) -> Any:
        """A bool ``numpy`` array of length ``num_distinct_actions``: True at the legal ids."""
        return self._core.legal_mask()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, ascending (empty once over): the core's."""
        ids: list[int] = self._core.legal_ids()
        return ids

    def _state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = super()._state_dict()  # type: ignore[misc]
        d["_core"] = self._core.export()
        return d

    def clone(self) -> Any:
        new = object.__new__(type(self))
        skip = {_MEMO, "_core", *self.TRANSIENT}
        new.__dict__.update(_copy_native({k: v for k, v in self.__dict__.items()
                                          if k not in skip}))
        for name in self.TRANSIENT:
            setattr(new, name, None)
        new._core = self._core.copy()
        return new


def core_field(name: str, doc: str, *, call: bool = False) -> Any:
    """A read-only property of a ``CoreView`` state that reads its core's ``name``:
    ``self._core.<name>``, or with ``call`` what the core's method ``<name>()`` returns, so
    that each read sees the core as it is now. A state declares it in its class body with the
    type a read gives, ``Final`` because nothing assigns to it:

    ``bid: Final[int] = core_field("bid", "The highest bid (0 before any).")``

    The getter is ``operator.attrgetter("_core.<name>")`` (for ``call``, a function calling
    what it reads, whose ``__wrapped__`` is that attrgetter)."""
    get = operator.attrgetter("_core." + name)
    if not call:
        return property(get, doc=doc)

    def read(self: Any) -> Any:
        return get(self)()

    read.__wrapped__ = get  # type: ignore[attr-defined]
    return property(read, doc=doc)


def _memoise_legal(raw: Callable[[State], list[Action]]) -> Callable[[State], list[Action]]:
    """Wrap a game's ``_legal_actions`` so that it is computed once per position.

    The memo is keyed on the number of actions applied and the generator state, is never
    serialised, and is dropped by every ``apply``; callers get a fresh list each time.
    """

    def _legal_actions(self: State) -> list[Action]:
        key = (len(self.log), self.rng_state)
        memo = self.__dict__.get(_MEMO)
        if memo is None or memo[0] != key:
            memo = (key, raw(self))
            self.__dict__[_MEMO] = memo
        return list(memo[1])

    _legal_actions._memoised = True  # type: ignore[attr-defined]
    _legal_actions.__doc__ = raw.__doc__
    _legal_actions.__wrapped__ = raw  # type: ignore[attr-defined]
    return _legal_actions


class _StateRng(Rng):
    """An ``Rng`` that writes its state back to the owning game state after every draw."""

    __slots__ = ("_owner",)

    def __init__(self, owner: State) -> None:
        self._owner = owner
        self.state = owner.rng_state

    def next_u64(self) -> int:
        z = Rng.next_u64(self)
        self._owner.rng_state = self.state
        return z

    def shuffle(self, seq: Any) -> None:
        Rng.shuffle(self, seq)
        self._owner.rng_state = self.state


# ---------------------------------------------------------------- registry

_S = TypeVar("_S", bound="State")


def register(cls: type[_S]) -> type[_S]:
    """Class decorator: make ``cls`` the state class of game ``cls.GAME``."""
    if cls.GAME not in GAMES:
        raise ValueError(f"unknown game name {cls.GAME!r}")
    _REGISTRY[cls.GAME] = cls
    return cls


def _load(name: str) -> bool:
    """Import ``cardcore.<name>`` so that it registers; ``False`` when it does not exist."""
    if name not in _REGISTRY:
        import importlib

        try:
            importlib.import_module(f"cardcore.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"cardcore.{name}":
                raise
    return name in _REGISTRY


def game_class(name: str) -> type[State]:
    """The ``State`` subclass of game ``name``; raises ``GameNotAvailable`` clearly."""
    if not isinstance(name, str) or name not in GAMES:
        raise GameNotAvailable(f"game {name!r}: unknown; the games are {', '.join(GAMES)}")
    if not _load(name):
        raise GameNotAvailable(
            f"game {name!r} is not implemented in this version of cardcore yet; "
            f"available now: {', '.join(available_games())}"
        )
    return _REGISTRY[name]


def available_games() -> list[str]:
    """The game names this installation implements."""
    return [g for g in GAMES if _load(g)]


class Game:
    """A game as an object: its ``name``, ``num_players`` and declared ``options``, and
    ``new()`` to start one. ``cardcore.get_game("bridge").options["vulnerability"]``."""

    def __init__(self, cls: type[State]) -> None:
        self.state_class = cls
        #: the game's registered name (``"bridge"``)
        self.name: str = cls.GAME
        #: the number of seats
        self.num_players: int = cls.NUM_PLAYERS
        #: the options ``new_game`` accepts, by name, each with its kind, default and help
        self.options: dict[str, Option] = dict(cls.OPTIONS)

    def new(self, /, *, seed: int | None = None, deck: CardsLike | None = None,
            **options: Any) -> State:
        """Start a game (the same as ``cardcore.new_game(self.name, ...)``)."""
        return self.state_class(seed=seed, deck=deck, **options)

    def describe(self) -> str:
        """The game's options, one per line."""
        lines = [f"{self.name}: {self.num_players} players"]
        if not self.options:
            lines.append("  (no options)")
        for name, opt in self.options.items():
            lines.append(f"  {name}: {opt.describe()}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Game {self.name} players={self.num_players} options={list(self.options)}>"


def get_game(name: str) -> Game:
    """The game ``name`` as a ``Game`` (raises ``GameNotAvailable`` for an unknown name)."""
    return Game(game_class(name))


def new_game(name: str, *, seed: int | None = None, deck: CardsLike | None = None,
             **options: Any) -> State:
    """Start game ``name``. Same seed and same actions give the same game on every platform.
    Options are checked against the game's declarations (``get_game(name).options``)."""
    return game_class(name)(seed=seed, deck=deck, **options)


_JSON_KEYS = {"game", "version", "seed", "options", "deck", "actions"}


def from_json(text: str | bytes) -> State:
    """Rebuild a state from ``State.to_json()`` output by replaying its actions.

    Only states the game can reach load: anything else (an unknown field, a wrong type, an
    action that is not legal where it stands, an action stored differently from how the game
    reads it) raises ``FormatError`` saying what is wrong."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"state JSON: expected a str or bytes, got {type(text).__name__}")
    try:
        data = json.loads(text, object_pairs_hook=_no_repeated_keys)
    except RecursionError:
        raise FormatError("state JSON: nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise FormatError(f"state JSON: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise FormatError("state JSON: expected an object")
    version = data.get("version")
    if type(version) is not int or version != JSON_VERSION:
        raise FormatError(f"state JSON: version {quote(version)} is not supported "
                          f"(this cardcore reads and writes version {JSON_VERSION})")
    if set(data) != _JSON_KEYS:
        extra, missing = sorted(set(data) - _JSON_KEYS), sorted(_JSON_KEYS - set(data))
        raise FormatError(f"state JSON: unknown fields {extra}" if extra
                          else f"state JSON: missing fields {missing}")
    try:
        cls = game_class(data["game"])
    except GameNotAvailable as exc:
        raise FormatError(f"state JSON: {exc}") from None
    seed, options, deck, actions = data["seed"], data["options"], data["deck"], data["actions"]
    if type(seed) is not int:
        raise FormatError(f"state JSON: seed {quote(seed)}: expected an int")
    if not isinstance(options, dict):
        raise FormatError(f"state JSON: options {quote(options)}: expected an object")
    if "seed" in options or "deck" in options:
        raise FormatError("state JSON: options: the seed and the deck are fields of their own, "
                          "not options")
    if deck is not None and (not isinstance(deck, list)
                             or any(type(c) is not int for c in deck)):
        raise FormatError(f"state JSON: deck {quote(deck)}: expected a list of card ids")
    if not isinstance(actions, list):
        raise FormatError(f"state JSON: actions {quote(actions)}: expected a list")
    try:
        state = cls(seed=seed, deck=deck, **options)
    except (OptionError, CardError, IllegalAction) as exc:
        raise FormatError(f"state JSON: cannot start the {cls.GAME} game ({exc})") from None
    try:
        for i, entry in enumerate(actions):
            state._replay(i, entry)
    except RecursionError:      # (an action's data nested deeper than Python recurses)
        raise FormatError("state JSON: an action nested too deeply") from None
    return state


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict; a key written twice raises ``ValueError`` (``json.loads``
    would keep the last value silently)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {quote(key)} twice in one object")
            seen.add(key)
    return out


__all__ = [
    "GAMES", "Action", "CachedIds", "CoreView", "Game", "HistoryEntry", "State", "register",
    "game_class",
    "get_game", "new_game", "from_json", "available_games",
]
