"""Bridge scoring has one owner: the step kernel's ``score_parts`` (``cardcore._fast.bridge_step``,
twin ``cardcore._ref.bridge_step``). Both give the same parts for every contract, the parts add
up to ``score``, ``cardcore.bridge.scoring`` reports exactly those parts, and the values are the
rules' (checked here against an oracle written from the rules' scoring section)."""

from __future__ import annotations

import pytest

from cardcore import CardcoreError
from cardcore._backend import kernel
from cardcore.bridge import scoring

FAST = kernel("bridge_step", "fast")
REF = kernel("bridge_step", "ref")
NAMES = ("trick_points", "game_bonus", "partscore_bonus", "slam_bonus", "insult", "overtricks",
         "undertricks")

ALL = [(level, strain, doubled, tricks, vul)
       for level in range(1, 8) for strain in range(5) for doubled in range(3)
       for tricks in range(14) for vul in (False, True)]


def oracle(level: int, strain: int, doubled: int, tricks: int, vul: bool) -> dict[str, int]:
    """The parts, line by line from the rules' scoring section."""
    out = dict.fromkeys(NAMES, 0)
    over = tricks - 6 - level
    if over < 0:
        steps = []
        for k in range(1, -over + 1):
            if doubled == 0:
                steps.append(100 if vul else 50)
            elif vul:
                steps.append(200 if k == 1 else 300)
            else:
                steps.append(100 if k == 1 else 200 if k <= 3 else 300)
        out["undertricks"] = -sum(steps) * (2 if doubled == 2 else 1)
        return out
    per = [20, 20, 30, 30, 30][strain]
    tp = sum((40 if strain == 4 and k == 0 else per) for k in range(level)) * [1, 2, 4][doubled]
    out["trick_points"] = tp
    if tp >= 100:
        out["game_bonus"] = 500 if vul else 300
    else:
        out["partscore_bonus"] = 50
    out["slam_bonus"] = {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    out["insult"] = [0, 50, 100][doubled]
    each = per if doubled == 0 else (200 if vul else 100) * (2 if doubled == 2 else 1)
    out["overtricks"] = over * each
    return out


def test_the_parts_are_named_alike():
    assert FAST.SCORE_PARTS == REF.SCORE_PARTS == NAMES


@pytest.mark.parametrize("k", [FAST, REF], ids=["fast", "ref"])
def test_every_contract_matches_the_rules(k):
    for args in ALL:
        parts = k.score_parts(*args)
        assert type(parts) is tuple and all(type(x) is int for x in parts)
        assert dict(zip(NAMES, parts, strict=True)) == oracle(*args), args
        assert sum(parts) == k.score(*args), args


def test_compiled_and_reference_agree_on_every_contract():
    assert [FAST.score_parts(*a) for a in ALL] == [REF.score_parts(*a) for a in ALL]
    assert len(ALL) == 7 * 5 * 3 * 14 * 2


# published values (contract, tricks, vulnerable, score)
KNOWN = [
    ("4S", 10, False, 420),        # 4S=
    ("3NT", 10, True, 630),        # 3NT+1 vulnerable
    ("1NTX", 6, False, -100),      # 1NTx-1
    ("2HXX", 5, True, -1600),      # 2Hxx-3 vulnerable: (200 + 300 + 300) x 2
    ("7NTXX", 13, True, 2980),     # 880 + 500 + 1500 + 100
    ("6C", 13, False, 940),        # 120 + 300 + 500 + 20
    ("1CX", 7, False, 140),        # 40 + 50 + 50
    ("3NTX", 0, False, -2300),     # 100 + 200 + 200 + 6 x 300
]


@pytest.mark.parametrize("contract, tricks, vul, want", KNOWN)
def test_published_values(contract, tricks, vul, want):
    assert scoring.score(contract, "S", tricks, vul) == want
    b = scoring.breakdown(contract, "W", tricks, vul)
    assert b.total == want
    assert b.total == sum(getattr(b, n) for n in NAMES)


def test_breakdown_reports_the_kernel_parts():
    for level, strain, doubled, tricks, vul in ALL:
        text = f"{level}{'CDHSN'[strain]}" + "X" * doubled
        b = scoring.breakdown(text, "N", tricks, vul)
        parts = FAST.score_parts(level, strain, doubled, tricks, vul)
        assert tuple(getattr(b, n) for n in NAMES) == parts
        assert b.total == sum(parts) == scoring.score(text, "E", tricks, vul)
        assert b.made == (tricks >= 6 + level) and b.result == tricks - 6 - level


@pytest.mark.parametrize("k", [FAST, REF], ids=["fast", "ref"])
@pytest.mark.parametrize("args", [(0, 0, 0, 0, 0), (8, 0, 0, 0, 0), (1, 5, 0, 0, 0),
                                  (1, 0, 3, 0, 0), (1, 0, 0, 14, 0), (1, 0, 0, 0, 2),
                                  (10**30, 0, 0, 0, 0), ("1", 0, 0, 0, 0), (1, 0, 0, 0, 0.5),
                                  (1, None, 0, 0, 0)])
def test_bad_arguments(k, args):
    with pytest.raises(CardcoreError) as fast_err:
        FAST.score_parts(*args)
    with pytest.raises(CardcoreError) as err:
        k.score_parts(*args)
    assert type(err.value) is type(fast_err.value) and str(err.value) == str(fast_err.value)
