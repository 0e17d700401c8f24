"""cardcore.bridge.deal: PBN in/out, random deals, masks, validation."""

import pytest

from cardcore import CardError, FormatError
from cardcore.bridge.deal import DIRECTIONS, Deal, direction_index
from cardcore.cards import Card, parse

PBN = "N:AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876"


def test_pbn_round_trip_and_hands():
    d = Deal.from_pbn(PBN)
    assert d.to_pbn() == PBN
    assert str(d) == PBN
    assert d.hand("N")[:4] == tuple(parse("As Ks Qs 2s"))
    assert set(d.hand("E")) == set(parse("Js Ts 9s Ah Kh Qh Ad Kd Qd Ac Kc Qc Jc"))
    assert d.holder("Ac") == "E" and d.holder(Card(0)) == "N"


@pytest.mark.parametrize("first", list("NESW"))
def test_pbn_any_first_seat(first):
    d = Deal.from_pbn(PBN)
    text = d.to_pbn(first=first)
    assert text[0] == first
    assert Deal.from_pbn(text) == d
    # the hands rotate clockwise from the named seat
    k = DIRECTIONS.index(first)
    assert text[2:].split()[0] == PBN[2:].split()[k]


def test_pbn_voids_and_ten_spelling():
    text = "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    d = Deal.from_pbn(text)
    assert d.hand("S") == tuple(parse("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"))
    assert d.hand("W")[0] == Card.__new__(Card, 12 * 4 + 2)  # West holds the hearts
    assert d.to_pbn("S") == text
    assert Deal.from_pbn(PBN.replace("T98", "1098")) == Deal.from_pbn(PBN)
    assert Deal.from_pbn(PBN.lower().replace("n:", "N:")) == Deal.from_pbn(PBN)
    assert Deal.from_pbn(f'[Deal "{PBN}"]') == Deal.from_pbn(PBN)


def test_masks_are_card_id_bits():
    d = Deal.from_pbn(PBN)
    assert d.masks == tuple(d.mask(x) for x in "NESW")
    assert sum(d.masks) == (1 << 52) - 1
    for x in "NESW":
        assert d.mask(x) == sum(1 << int(c) for c in d.hand(x))
    assert Deal.from_masks(d.masks) == d


def test_random_is_seeded_and_valid():
    a, b, c = Deal.random(7), Deal.random(7), Deal.random(8)
    assert a == b and a != c and hash(a) == hash(b)
    assert sorted(int(x) for h in a.hands for x in h) == list(range(52))
    assert all(len(h) == 13 for h in a.hands)


def test_constructor_from_hands_and_immutability():
    d = Deal.from_pbn(PBN)
    e = Deal({x: d.hand(x) for x in "WSEN"})
    assert e == d
    assert Deal([d.hand(x) for x in "NESW"]) == d
    with pytest.raises(AttributeError):
        d._masks = (0, 0, 0, 0)
    assert eval(repr(d), {"Deal": Deal}) == d


@pytest.mark.parametrize(
    "text, err, words",
    [
        ("N:AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9", FormatError, "4 hands"),
        ("AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876", FormatError,
         "first direction"),
        ("X:AKQ2.T98.76.5432 JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876", FormatError,
         "direction"),
        (PBN[:-1] + "Z", FormatError, "bad rank"),
        (PBN.replace("AKQ2.", "AKQ2"), FormatError, "4 suit groups"),
        (PBN[:-1], CardError, "12 cards"),
        (PBN.replace("43.", "433."), CardError, "14 cards"),
        (PBN.replace("876", "875").replace("5432 JT9", "5436 JT9"), CardError, ""),
        ("N:- JT9.AKQ.AKQ.AKQJ 8765.765.5432.T9 43.J432.JT98.876", FormatError, "unknown"),
        (12, FormatError, "string"),
    ],
)
def test_bad_pbn_is_rejected_with_reason(text, err, words):
    with pytest.raises(err) as info:
        Deal.from_pbn(text)
    assert words in str(info.value)


def test_duplicate_card_named():
    bad = PBN.replace("43.J432", "42.J432")  # 2s twice (N and W), 3s missing
    with pytest.raises(CardError, match="'2s'.*N and W"):
        Deal.from_pbn(bad)


def test_bad_hands_and_directions():
    d = Deal.from_pbn(PBN)
    with pytest.raises(FormatError):
        d.hand("X")
    with pytest.raises(FormatError):
        d.to_pbn(first="north")
    with pytest.raises(CardError):
        Deal([d.hand("N")] * 4)
    with pytest.raises(CardError):
        Deal([d.hand("N"), d.hand("E"), d.hand("S")])
    with pytest.raises(CardError):
        Deal({"N": d.hand("N"), "E": d.hand("E"), "S": d.hand("S")})
    with pytest.raises(CardError):
        Deal.from_masks([1, 2, 3])
    with pytest.raises(FormatError):
        Deal("As Ks Qs")  # a string is read as PBN
    assert direction_index("w") == 3


def test_the_constructor_takes_a_pbn_string_as_endplay_s_deal_does():
    d = Deal(PBN)
    assert d == Deal.from_pbn(PBN) and d.to_pbn() == PBN
    assert Deal(d.to_pbn("W")) == d and Deal(f'[Deal "{PBN}"]') == d
    assert d.hand("N")[:4] == tuple(parse("As Ks Qs 2s"))
    # every other accepted form still works
    assert Deal(d) == d
    assert Deal({x: d.hand(x) for x in "NESW"}) == d
    assert Deal([" ".join(str(c) for c in d.hand(x)) for x in "NESW"]) == d
    assert Deal([[int(c) for c in d.hand(x)] for x in "NESW"]) == d
    for bad, err in [("N:AKQ2.T98.76.5432", FormatError), (PBN[:-1], CardError),
                     ("", FormatError), ("N:" + " ".join(["AKQ2.T98.76.5432"] * 4), CardError)]:
        with pytest.raises(err):
            Deal(bad)
    # and the Bridge game takes it as its deal
    import cardcore

    s = cardcore.new_game("bridge", deal=Deal(PBN))
    assert s.deal() == d
