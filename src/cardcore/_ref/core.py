"""What the reference step cores share: the check that a core holds a deal, their plain reads
(the read-only fields ``field`` makes, the methods ``reader`` makes), the copy of a core
(``copy_fields``) and the first read of an export (``export_fields``).

A core made by ``Core.__new__`` without its constructor, or whose constructor raised, holds no
deal: every public method and field of it raises ``CardcoreError`` saying so, as the compiled
cores do (they test a flag the constructor sets last; so does :func:`live`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import CardcoreError, IllegalAction, int_arg, quote
from .args import action_id
from .args import seq_arg as _seq_arg

C = TypeVar("C")


def live(core: object) -> None:
    """Raise ``CardcoreError`` unless ``core`` holds a deal (its constructor finished)."""
    try:
        ready = object.__getattribute__(core, "_ready")
    except AttributeError:
        ready = False
    if not ready:
        raise CardcoreError(f"{type(core).__name__}: the core is not initialised (made without "
                            "its constructor, or its constructor raised)")


def reader(attr: str, convert: Callable[[Any], Any] | None = None,
           doc: str | None = None) -> Any:
    """A core's method of no argument, documented ``doc``, that reads the core's attribute
    ``attr``, through ``convert`` when given (``list`` for a copy, ``len``,
    :func:`seat_or_none`, ...), from a core that holds a deal (else :func:`live` raises). It is
    typed ``Any``: the class annotates it with the type it is called as."""
    get = attrgetter(attr)
    # (``_ready``, read as a field, is False or missing for a core that holds no deal: a
    # missing one reaches ``CoreBase.__getattr__``, which lets ``live`` raise)
    if convert is None:
        def read(self: Any) -> Any:
            if not self._ready:
                live(self)
            return get(self)
    else:
        def read(self: Any) -> Any:
            if not self._ready:
                live(self)
            return convert(get(self))
    read.__doc__ = doc
    return read


def field(attr: str, convert: Callable[[Any], Any] | None = None, doc: str | None = None) -> Any:
    """A read-only field of a core: a builtin ``property`` documented ``doc``, which reads as
    ``reader(attr, convert)()`` does. It is typed ``Any``: the class annotates the field with
    the type it reads as."""
    return property(reader(attr, convert), doc=doc)


def seat_or_none(v: int) -> int | None:
    """A field that holds a seat (or an index) or -1 for none, as read: ``None`` for -1."""
    return None if v < 0 else v


def each(convert: Callable[[Any], Any]) -> Callable[[Any], list[Any]]:
    """The converter of a field that holds a list: ``convert`` applied to each of its items
    (``each(list)``: a copy of a list of lists)."""
    return lambda v: [convert(x) for x in v]


class CoreBase:
    """The base of the reference step cores: a field read from a core that holds no deal raises
    the library's error (the compiled cores' fields are properties that check it)."""

    __slots__ = ()

    if not TYPE_CHECKING:  # (for the type checker, a missing attribute stays an error)
        def __getattr__(self, name: str):
            # reached only for an attribute the core lacks: a field of a core that holds no
            # deal, or a name no core has
            if not name.startswith("__"):
                live(self)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _copied(v: Any) -> Any:
    """``v`` with its lists and dicts copied all the way down (other values are immutable)."""
    if type(v) is list:
        return [_copied(x) for x in v]
    if type(v) is dict:
        return {k: _copied(x) for k, x in v.items()}
    return v


def copy_fields(core: C) -> C:
    """An independent core in the same position as ``core`` (a core holding a deal): a core of
    its class, made without its constructor, with every field of ``core`` (its class's slots,
    or its instance dict), lists and dicts copied all the way down."""
    live(core)
    cls = type(core)
    new = object.__new__(cls)
    if hasattr(core, "__dict__"):
        for name, v in vars(core).items():
            vars(new)[name] = _copied(v)
    for name in getattr(cls, "__slots__", ()):
        try:
            v = object.__getattribute__(core, name)
        except AttributeError:      # a slot the core never set
            continue
        object.__setattr__(new, name, _copied(v))
    return new


def export_fields(values: Any, fields: tuple[str, ...]) -> tuple[list[Any], dict[str, Any]]:
    """An export: ``values`` (any iterable of values but a string) as a list of at least
    ``len(fields)`` values, and a dict of its first values by the names ``fields``; else
    ``CardcoreError``."""
    v = _seq_arg(values, "values", "a list of ints", CardcoreError)
    if len(v) < len(fields):
        raise CardcoreError(f"values: expected at least {len(fields)} ints, got {len(v)}")
    return v, dict(zip(fields, v))


def _rebuild(cls, values):
    """Unpickle a core: ``cls.from_export(values)`` (``cls`` a core type)."""
    if not (isinstance(cls, type) and issubclass(cls, Core)):
        raise CardcoreError(f"core type {quote(cls)}: expected a subclass of {Core.__name__}")
    return cls.from_export(values)


def _writable(out: Any) -> Any:
    """The array ``out`` (an ``ndarray``, a subclass's too) as a plain ``ndarray`` over the same
    memory: the checks and the core read that one, not what a subclass's methods say."""
    import numpy as np

    return out if type(out) is np.ndarray else np.asarray(out)


class Core(CoreBase):
    """The one core contract, plain Python (twin of ``cardcore._fast.core.Core``).

    A game's reference core subclasses it, sets ``num_players``, ``num_distinct_actions`` and
    ``observation_shape`` and fills the hooks ``_player()`` (the seat to act, ``None`` once
    over), ``_over()``, ``_legal()`` (the legal ids, ascending), ``_apply(i)`` (a legal id),
    ``_returns()`` (one float a seat, zeros until over), ``_observe(seat, out)`` (``out`` a
    zeroed float32 vector), ``copy()`` and ``export()``, and its module has the function
    ``from_export(values)`` (``Core.from_export`` calls it); its constructor ends with
    ``self._ready = True``. The public names are written here once.
    """

    __slots__ = ()

    num_players: int
    num_distinct_actions: int
    observation_shape: tuple[int, ...]

    # ------------------------------------------------------------------ hooks
    def _player(self) -> int | None:  # pragma: no cover - every core overrides it
        raise NotImplementedError

    def _over(self) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _legal(self) -> list[int]:  # pragma: no cover
        raise NotImplementedError

    def _is_legal(self, i: int) -> bool:
        return i in self._legal()

    def _apply(self, i: int) -> None:  # pragma: no cover
        raise NotImplementedError

    def _returns(self) -> list[float]:  # pragma: no cover
        raise NotImplementedError

    def _observe(self, seat: int, out) -> None:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ reading
    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` once the deal is over."""
        live(self)
        return self._player()

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        live(self)
        return bool(self._over())

    def legal_ids(self) -> list[int]:
        """The legal action ids, ascending (empty once over)."""
        live(self)
        return list(self._legal())

    def legal_mask(self, out=None):
        """A bool vector of ``num_distinct_actions``: ``True`` at each legal id. With ``out`` (a
        bool vector of that length) it is filled and returned."""
        import numpy as np

        live(self)
        na = self.num_distinct_actions
        if out is None:
            arr: Any = np.zeros(na, dtype=np.bool_)
            out = arr
        else:
            arr = _writable(out) if isinstance(out, np.ndarray) else None
            if (arr is None or arr.dtype != np.bool_ or arr.ndim != 1 or arr.shape[0] != na
                    or not arr.flags.writeable or (na > 1 and arr.strides[0] == 0)):
                raise CardcoreError(f"out {quote(out)}: expected a writable bool vector of "
                                    f"{na} values (no two of them in the same byte)")
            arr[:] = False
        ids = self._legal()
        if ids:
            arr[ids] = True
        return out

    def is_legal(self, i: object) -> bool:
        """Whether ``i`` is a legal action id now (``False`` for any int that is not; anything
        but an int raises ``IllegalAction``)."""
        live(self)
        return self._is_legal(action_id(i))

    def returns(self) -> tuple[float, ...]:
        """The deal's result: one float a seat (zeros until the deal is over)."""
        live(self)
        return tuple(float(v) for v in self._returns())

    def observation_tensor(self, seat: object, out=None):
        """What ``seat`` sees, as a float32 array of ``observation_shape``. With ``out`` (a
        writable, C-contiguous float32 array of that shape) it is filled and returned."""
        import numpy as np

        live(self)
        p = int_arg(seat, "seat", 0, self.num_players - 1)
        shape = tuple(self.observation_shape)
        if out is None:
            arr: Any = np.zeros(shape, dtype=np.float32)
            out = arr
        else:
            arr = _writable(out) if isinstance(out, np.ndarray) else None
            if (arr is None or arr.dtype != np.float32 or arr.shape != shape
                    or not arr.flags.c_contiguous or not arr.flags.writeable):
                raise CardcoreError(f"out {quote(out)}: expected a writable C-contiguous "
                                    f"float32 array of shape {shape}")
        flat = arr.reshape(-1)
        flat[:] = 0.0
        self._observe(p, flat)
        return out

    # ------------------------------------------------------------------ playing
    def apply(self, i: object) -> None:
        """Make the legal action id ``i`` (chance that follows included); returns ``None``. An
        id that is not legal now, or a deal that is over, raises ``IllegalAction`` and changes
        nothing."""
        live(self)
        v = action_id(i)
        if self._over():
            raise IllegalAction(f"action id {quote(i)}: the deal is over")
        if not self._is_legal(v):
            raise IllegalAction(f"action id {quote(i)}: not legal now (the legal ids: "
                                f"{quote(self.legal_ids(), 200)})")
        self._apply(v)

    def copy(self):  # every core overrides it
        """An independent core in the same position."""
        live(self)
        raise CardcoreError(f"{type(self).__name__}: a core type must define its copy")

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    @classmethod
    def from_export(cls: type[C], values: Any) -> C:
        """The core whose ``export()`` is ``values``: the ``from_export`` function of the module
        that defines ``cls`` (every game's core twin has one; it checks every field)."""
        read = getattr(sys.modules.get(cls.__module__), "from_export", None)
        if read is None:
            raise CardcoreError(f"{cls.__name__}: a core type must define its from_export")
        core: C = read(values)
        return core

    def export(self) -> list[int]:  # every core overrides it
        """The core's whole position as a flat list of ints (``from_export`` reads it back)."""
        live(self)
        raise CardcoreError(f"{type(self).__name__}: a core type must define its export")

    def __reduce__(self):
        return (_rebuild, (type(self), self.export()))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.export() == other.export()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]
