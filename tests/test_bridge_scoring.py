"""Duplicate scoring: the reference values of the rules, a hand-derived table, every part of the
breakdown, validation, and an exhaustive cross-check against endplay's scorer."""

import pytest

from cardcore import CardcoreError
from cardcore.bridge import score
from cardcore.bridge.scoring import breakdown, parse_contract

# (contract, tricks, vulnerable, expected): the reference values from the rules page
REFERENCE = [
    ("4S", 10, False, 420),
    ("3NT", 10, True, 630),
    ("6S", 12, True, 1430),
    ("7NTX", 13, True, 2490),
    ("2CXX", 8, False, 560),
    ("1C", 6, False, -50),
    ("4HX", 7, True, -800),
]

# worked out by hand from the scoring section, line by line
HAND_TABLE = [
    # part scores: trick points + 50, overtricks at trick value
    ("1C", 7, False, 70), ("1C", 8, False, 90), ("1C", 13, False, 190),
    ("2D", 8, True, 90), ("1H", 7, False, 80), ("2S", 9, True, 140),
    ("1NT", 7, False, 90), ("1N", 9, True, 150), ("2NT", 8, False, 120),
    # games: 100+ trick points
    ("3NT", 9, False, 400), ("3NT", 9, True, 600), ("4H", 10, True, 620),
    ("5C", 11, False, 400), ("5D", 11, True, 600),
    # overtricks never turn a part score into a game
    ("4C", 10, False, 130), ("4C", 11, False, 150), ("2H", 10, False, 170),
    # slams only when bid
    ("6NT", 12, False, 990), ("6NT", 12, True, 1440), ("6C", 13, False, 940),
    ("7S", 13, False, 1510), ("7S", 13, True, 2210), ("7NT", 13, True, 2220),
    ("3NT", 12, False, 490), ("4S", 13, True, 710),
    # doubled / redoubled made: x2 / x4 trick points, +50 / +100, overtricks 100/200 (x2)
    ("1CX", 7, False, 140), ("1CX", 8, False, 240), ("1CX", 8, True, 340),
    ("2HX", 8, False, 470), ("2HX", 8, True, 670), ("1NTX", 7, False, 180),
    ("1NTXX", 7, False, 560), ("1SXX", 8, True, 1120), ("4SX", 11, False, 690),
    ("6HXX", 12, True, 2070), ("2CX", 8, False, 180), ("2CXX", 9, True, 1160),
    # undoubled undertricks: 50 / 100 each
    ("3NT", 8, False, -50), ("3NT", 8, True, -100), ("4S", 6, True, -400),
    ("7NT", 0, False, -650),
    # doubled not vulnerable: 100, 200, 200, 300...
    ("1CX", 6, False, -100), ("1CX", 5, False, -300), ("1CX", 4, False, -500),
    ("1CX", 3, False, -800), ("1CX", 2, False, -1100), ("1CX", 0, False, -1700),
    # doubled vulnerable: 200, 300...
    ("4HX", 9, True, -200), ("4HX", 8, True, -500), ("4HX", 6, True, -1100),
    ("7NTX", 0, True, -3800),
    # redoubled: twice the doubled penalty
    ("4HXX", 9, False, -200), ("4HXX", 8, False, -600), ("4HXX", 7, False, -1000),
    ("4HXX", 6, False, -1600), ("4HXX", 9, True, -400), ("4HXX", 8, True, -1000),
    ("7NTXX", 0, True, -7600), ("7NTXX", 0, False, -7000),
]


@pytest.mark.parametrize("contract,tricks,vul,expected", REFERENCE)
def test_reference_values(contract, tricks, vul, expected):
    assert score(contract, "S", tricks, vul) == expected


@pytest.mark.parametrize("contract,tricks,vul,expected", HAND_TABLE)
def test_hand_table(contract, tricks, vul, expected):
    assert score(contract, "N", tricks, vul) == expected
    assert breakdown(contract, "E", tricks, vul).total == expected


def test_declarer_does_not_change_the_score():
    for d in ("N", "E", "S", "W", "n", 0, 1, 2, 3):
        assert score("4S", d, 10, False) == 420


def test_breakdown_parts():
    b = breakdown("4SX", "S", 11, False)
    assert (b.trick_points, b.game_bonus, b.partscore_bonus, b.slam_bonus, b.insult,
            b.overtricks, b.undertricks) == (240, 300, 0, 0, 50, 100, 0)
    assert b.made and b.result == 1 and b.result_text == "4SX+1" and b.total == 690
    b = breakdown("6HXX", "N", 12, True)
    assert (b.trick_points, b.game_bonus, b.slam_bonus, b.insult, b.overtricks) == \
        (720, 500, 750, 100, 0)
    b = breakdown("2D", "W", 9, False)
    assert (b.trick_points, b.partscore_bonus, b.game_bonus, b.overtricks) == (40, 50, 0, 20)
    b = breakdown("4HX", "E", 7, True)
    assert not b.made and b.result == -3 and b.undertricks == -800 and b.trick_points == 0
    assert b.result_text == "4HX-3"
    assert "undertricks: -800" in b.lines() and b.lines()[-1] == "total: -800"
    assert breakdown("3N", "S", 9, False).result_text == "3NT="
    d = breakdown("1NT", "S", 7, False).to_dict()
    assert d["total"] == 90 and d["contract"] == "1NT"


@pytest.mark.parametrize("bad", ["8S", "0C", "4Z", "4SXXX", "", "S4", "4 S X Y", 4, None, "NT"])
def test_bad_contract(bad):
    with pytest.raises(CardcoreError, match="contract"):
        score(bad, "S", 10, False)


def test_bad_other_args():
    with pytest.raises(CardcoreError, match="declarer"):
        score("4S", "X", 10, False)
    with pytest.raises(CardcoreError, match="declarer"):
        score("4S", 4, 10, False)
    with pytest.raises(CardcoreError, match="tricks"):
        score("4S", "S", 14, False)
    with pytest.raises(CardcoreError, match="tricks"):
        score("4S", "S", -1, False)
    with pytest.raises(CardcoreError, match="tricks"):
        score("4S", "S", True, False)
    with pytest.raises(CardcoreError, match="vulnerable"):
        score("4S", "S", 10, "yes")


def test_parse_contract():
    c = parse_contract("3ntx")
    assert (c.level, c.strain, c.doubled, c.text, c.target) == (3, "N", 1, "3NTX", 9)
    assert parse_contract("3N").text == "3NT"


def test_every_score_matches_endplay():
    types = pytest.importorskip("endplay.types")
    denoms = {"C": types.Denom.clubs, "D": types.Denom.diamonds, "H": types.Denom.hearts,
              "S": types.Denom.spades, "N": types.Denom.nt}
    pens = [types.Penalty.passed, types.Penalty.doubled, types.Penalty.redoubled]
    n = 0
    for level in range(1, 8):
        for strain in "CDHSN":
            for dbl in range(3):
                for tricks in range(14):
                    ec = types.Contract(level=level, denom=denoms[strain],
                                        declarer=types.Player.south, penalty=pens[dbl],
                                        result=tricks - 6 - level)
                    for vul, evul in ((False, types.Vul.none), (True, types.Vul.ns)):
                        text = f"{level}{strain}" + "X" * dbl
                        assert score(text, "S", tricks, vul) == ec.score(evul), (text, tricks, vul)
                        n += 1
    assert n == 7 * 5 * 3 * 14 * 2
