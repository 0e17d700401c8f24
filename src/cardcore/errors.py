"""The errors cardcore raises. Every error about bad input derives from ``CardcoreError``."""


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


__all__ = ["CardcoreError", "CardError", "IllegalAction", "FormatError", "OptionError",
           "GameNotAvailable"]
