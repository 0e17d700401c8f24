"""The double-dummy solver refuses what it cannot honour: a ``threads`` count outside 1..5 is an
error naming the value and the range (never silently clamped), and values too large to print
in decimal still give the library's error, not a bare ``ValueError`` from formatting."""

from __future__ import annotations

import pytest

from cardcore import CardcoreError, CardError, FormatError
from cardcore._backend import kernel
from cardcore.bridge import Deal, dd_table
from cardcore.bridge import solver

HUGE = 10**5000             # over 4300 digits: ``repr`` raises ValueError for it
DEAL = Deal.random(3)


@pytest.mark.parametrize("threads", [2**40, 6, 10**30, HUGE, -HUGE, 0, -1],
                         ids=["2**40", "6", "10**30", "huge", "-huge", "0", "-1"])
def test_threads_out_of_range_is_refused_with_the_range(threads):
    with pytest.raises(FormatError) as err:
        dd_table(DEAL, threads=threads)
    msg = str(err.value)
    assert msg.startswith("threads ") and "1..5" in msg and len(msg) < 200
    if abs(threads) < 10**40:
        assert str(threads) in msg


def test_threads_in_range_give_the_one_table():
    want = dd_table(DEAL, threads=1)
    assert all(dd_table(DEAL, threads=t) == want for t in (2, 5))
    assert solver.MAX_THREADS == 5
    assert want["S"]["N"] == solver.solve(DEAL, "N", "S")


@pytest.mark.parametrize("backend", ["fast", "ref"])
def test_kernel_messages_quote_unprintable_ints(backend):
    k = kernel("dds", backend)
    masks = list(DEAL.masks)
    with pytest.raises(CardError, match="hand of seat 0 <an int of"):
        k.solve_position([HUGE, *masks[1:]], 4, 0, [])
    with pytest.raises(CardcoreError, match="trump <an int of"):
        k.solve_position(masks, HUGE, 0, [])
    with pytest.raises(CardError, match="leader <an int of"):
        k.solve_position(masks, 4, -HUGE, [])
    with pytest.raises(CardcoreError, match="strain <an int of"):
        k.dd_strain(masks, HUGE)


def test_solver_messages_quote_unprintable_ints():
    masks = list(DEAL.masks)
    with pytest.raises(CardError, match="leader <an int of"):
        solver.solve_position(masks, "S", HUGE)
    with pytest.raises(CardError, match="mask <an int of"):
        solver.solve_position([HUGE, *masks[1:]], "S", 0)
    with pytest.raises(CardcoreError, match="max_nodes <an int of"):
        solver.solve_cards(masks, "S", 0, max_nodes=HUGE)
    with pytest.raises(CardError, match="<an int of"):
        Deal.from_masks([HUGE, 0, 0, 0])
