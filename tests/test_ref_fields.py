"""The plain reads of the reference cores (``cardcore._ref.core``): ``field`` makes a read-only
property, ``reader`` a method of no argument; both read an attribute through an optional
converter, from a core that holds a deal only."""

from __future__ import annotations

import pytest

from cardcore._ref.core import Core, each, field, reader, seat_or_none
from cardcore.errors import CardcoreError


class _Toy(Core):
    __slots__ = ("seat_", "cards_", "hands_", "_ready")

    seat: int | None = field("seat_", seat_or_none, "The seat, ``None`` for none.")
    raw: int = field("seat_")
    cards = reader("cards_", list, "A copy of the cards.")
    hands = reader("hands_", each(list))
    ncards: int = field("cards_", len)

    def __init__(self, seat: int, cards: list[int]) -> None:
        self._ready = False
        self.seat_ = seat
        self.cards_ = cards
        self.hands_ = [cards, cards[::-1]]
        self._ready = True


def test_a_field_reads_its_attribute_through_its_converter():
    t = _Toy(2, [5, 7])
    assert (t.seat, t.raw, t.ncards) == (2, 2, 2)
    assert _Toy(-1, []).seat is None
    assert t.cards() == [5, 7] and t.cards() is not t.cards_
    assert t.hands() == [[5, 7], [7, 5]] and t.hands()[0] is not t.cards_


def test_fields_are_read_only_properties_with_their_docs():
    assert isinstance(vars(_Toy)["seat"], property)
    assert _Toy.seat.__doc__ == "The seat, ``None`` for none."
    assert _Toy.raw.__doc__ is None
    assert _Toy.cards.__doc__ == "A copy of the cards."
    with pytest.raises(AttributeError):
        _Toy(0, []).seat = 1  # type: ignore[misc]


@pytest.mark.parametrize("name", ["seat", "raw", "ncards", "cards", "hands"])
def test_a_core_that_holds_no_deal_raises_the_librarys_error(name):
    blank = _Toy.__new__(_Toy)            # no constructor: no field set
    half = _Toy.__new__(_Toy)             # a constructor that stopped before its end
    half._ready = False
    half.seat_, half.cards_, half.hands_ = 0, [], []
    for core in (blank, half):
        with pytest.raises(CardcoreError, match="_Toy: the core is not initialised"):
            v = getattr(core, name)
            v()


@pytest.mark.parametrize("name", ["bridge_step", "guandan_step", "holdem_step", "onepoker_step",
                                  "preference_step", "schnapsen_step", "shedding_step",
                                  "tractor_step"])
def test_every_public_property_of_a_reference_core_checks_the_deal(name):
    import importlib

    core = importlib.import_module(f"cardcore._ref.{name}").Core
    blank = core.__new__(core)
    props = [n for n, v in vars(core).items() if isinstance(v, property) and n[0] != "_"]
    assert props
    for n in props:
        with pytest.raises(CardcoreError, match="not initialised"):
            getattr(blank, n)
