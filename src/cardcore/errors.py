"""The errors cardcore raises. Every error about bad input derives from ``CardcoreError``."""

from __future__ import annotations



def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages (never raises, even for
    an int too large to print)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<an int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def int_arg(x: object, what: str, lo: int | None, hi: int | None,
            err: type[Exception] | None = None) -> int:
    """``x`` as an int in ``lo..hi`` (an int or numpy integer, not a bool; ``None`` for both
    bounds: any int), else ``err`` (default ``CardcoreError``) naming ``what``: the argument
    check of the kernels' ``def`` entries (the compiled kernels have the same one in
    ``_fast/args.pxd``)."""
    import operator

    cls = CardcoreError if err is None else err
    if isinstance(x, bool):
        raise cls(f"{what} {quote(x)}: expected an int, not a bool")
    if not isinstance(x, int):
        import numpy as np

        if not isinstance(x, np.integer):
            raise cls(f"{what} {quote(x)}: expected an int")
    v = operator.index(x)       # (an int subclass's value as stored: no method of it runs)
    if lo is not None and hi is not None and not lo <= v <= hi:
        raise cls(f"{what} {quote(x)}: expected {lo}..{hi}")
    return v


def flag_arg(x: object, what: str) -> bool:
    """``x`` as a flag: a bool, or 0 or 1 as an int or numpy integer or bool, else
    ``CardcoreError`` naming ``what`` (the compiled kernels have the same check in
    ``_fast/args.pxd``)."""
    import numpy as np

    if not isinstance(x, (bool, np.bool_, int, np.integer)) or x not in (0, 1):
        raise CardcoreError(f"{what} {quote(x)}: expected True or False")
    return bool(x)


def text_arg(x: object, what: str, err: type[Exception] | None = None) -> str:
    """``x`` as a str, else ``err`` (default ``CardcoreError``) naming ``what``."""
    if not isinstance(x, str):
        raise (CardcoreError if err is None else err)(f"{what} {quote(x)}: expected a string")
    return x


class CardcoreError(ValueError):
    """Base class of every error cardcore raises on bad input."""


class CardError(CardcoreError):
    """A card, card string or deck is malformed or of the wrong content."""


class IllegalAction(CardcoreError):
    """An action is malformed or not legal in the current state (the state is unchanged)."""


class FormatError(CardcoreError):
    """Serialised input (JSON, PBN, LIN, PHH, ...) is malformed."""


class OptionError(CardcoreError):
    """A game option is unknown, or its value is of the wrong type or out of range."""


class GameNotAvailable(CardcoreError, NotImplementedError):
    """The game name is known but this version does not implement it yet, or is unknown."""


__all__ = ["quote", "int_arg", "CardcoreError", "CardError", "IllegalAction", "FormatError",
           "OptionError", "GameNotAvailable"]
