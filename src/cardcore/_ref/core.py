"""What the reference step cores share: the check that a core holds a deal.

A core made by ``Core.__new__`` without its constructor, or whose constructor raised, holds no
deal: every public method and field of it raises ``CardcoreError`` saying so, as the compiled
cores do (they test a flag the constructor sets last; so does :func:`live`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardcoreError


def live(core: object) -> None:
    """Raise ``CardcoreError`` unless ``core`` holds a deal (its constructor finished)."""
    try:
        ready = object.__getattribute__(core, "_ready")
    except AttributeError:
        ready = False
    if not ready:
        raise CardcoreError(f"{type(core).__name__}: the core is not initialised (made without "
                            "its constructor, or its constructor raised)")


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
