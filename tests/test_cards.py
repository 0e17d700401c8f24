"""cardcore.cards: parsing, formatting, decks, rendering."""

import pytest

from cardcore import CardError
from cardcore import cards as C
from cardcore.cards import Card, parse


def test_card_ids_and_names():
    assert int(Card(0)) == 0 and str(Card(0)) == "2c"
    assert str(Card(51)) == "As" and str(Card(52)) == "BJ" and str(Card(53)) == "RJ"
    assert str(Card(8 * 4 + 1)) == "Td"
    assert Card(5) is Card(5) and hash(Card(5)) == hash(5)
    assert Card(12).rank == 3 and Card(12).suit == 0 and Card(52).rank is None


@pytest.mark.parametrize("bad", [-1, 54, 1.5, "As", True, None])
def test_card_rejects_bad_ids(bad):
    with pytest.raises(CardError):
        Card(bad)


def test_parse_forms():
    assert C.format(parse("As Kd 10h RJ")) == "As Kd Th RJ"
    assert C.format(parse("AsKd")) == "As Kd"
    assert C.format(parse("tH 10S bj")) == "Th Ts BJ"
    assert C.format(parse("A\u2660 K\u2665 Q\u2666 J\u2663")) == "As Kh Qd Jc"
    assert parse([Card(3), 4, "5c"]) == [Card(3), Card(4), Card(12)]
    assert parse("") == []


@pytest.mark.parametrize("bad,token", [("Ax", "Ax"), ("As 1h", "1h"), ("Zs", "Zs"), ("A", "A"),
                                       ("As Kd 11c", "11c")])
def test_parse_names_bad_token(bad, token):
    with pytest.raises(CardError) as exc:
        parse(bad)
    assert repr(token)[1:-1].split()[0][:2] in str(exc.value)
    assert isinstance(exc.value, ValueError)


def test_decks():
    assert len(C.deck52()) == 52 and len(set(C.deck52())) == 52
    assert len(C.deck54()) == 54 and C.deck54()[-2:] == [Card(52), Card(53)]
    assert len(C.deck104()) == 104 and len(set(C.deck104())) == 52
    assert len(C.deck108()) == 108 and len(set(C.deck108())) == 54
    assert C.format(sorted(C.deck_vienna20())[:5]) == "Tc Td Th Ts Jc"
    assert len(C.deck_vienna32()) == 32 and min(C.deck_vienna32()) == parse("7c")[0]


def test_check_deck():
    deck = C.deck54()[::-1]
    assert C.check_deck(deck, C.deck54(), "doudizhu") == deck
    with pytest.raises(CardError, match="expected 54 cards, got 53"):
        C.check_deck(deck[:-1], C.deck54(), "doudizhu")
    wrong = deck[:-1] + [deck[0]]
    with pytest.raises(CardError, match="extra: RJ; missing: 2c"):
        C.check_deck(wrong, C.deck54(), "doudizhu")


def test_masks_and_counts():
    m = C.mask("2c As RJ")
    assert m == (1 << 0) | (1 << 51) | (1 << 53)
    assert C.from_mask(m) == parse("2c As RJ")
    assert C.counts("As As 2c")[51] == 2 and sum(C.counts("As As 2c")) == 3
    assert C.same_multiset("As Kd As", "Kd As As") and not C.same_multiset("As Kd", "As Ks")
    with pytest.raises(CardError):
        C.from_mask(1 << 60)


def test_render_color_and_fallback(monkeypatch):
    assert C.render("Ah Ks", color=False) == "Ah Ks"
    colored = C.render("Ah Ks BJ RJ", color=True, unicode=True)
    assert "\x1b[31m" in colored and "\u2665" in colored and "\u2660" in colored
    assert colored.count("\x1b[31m") == 2  # hearts and the red joker
    monkeypatch.setenv("NO_COLOR", "1")
    assert C.render("Ah Ks") == "Ah Ks"
