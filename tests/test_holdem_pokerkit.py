"""Differential test of Hold'em betting and settlement against pokerkit.

Thousands of seeded random hands (2 to 4 players, random stacks from a few chips to deep, so
short blinds, short all-ins, side pots and run-outs all occur) are played on both
implementations with the same cards. At every decision both must agree on who acts, on the
legal action kinds and on the raise bounds; at the end, on the final stacks.

Where our rules text and pokerkit differ, the rules text wins; the cases are pinned at the end
of this file with the difference explained.
"""

from __future__ import annotations

import pytest
from pokerkit import Automation, NoLimitTexasHoldem  # the test extra installs pokerkit

import cardcore
from cardcore.cards import Card
from cardcore.rng import Rng

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pk_order(s) -> list[int]:
    """Our seats in pokerkit's player order: the dealt players clockwise from the button's
    left (pokerkit's player 0 is the small blind, or the big blind heads-up; the button last)."""
    dealt = [i for i in range(4) if s.holes[i]]
    return sorted(dealt, key=lambda i: (i - s.button - 1) % 4)


def pk_cards(cards) -> str:
    return "".join(str(Card(c)) for c in cards)


def make_pair(stacks, seed):
    rng = Rng(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    s = cardcore.new_game("holdem", seed=seed, deck=deck, stacks=stacks, single_deal=True)
    order = pk_order(s)
    n = len(order)
    pk = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (10, 20), 20, tuple(stacks[i] for i in order), n)
    for i in order:
        pk.deal_hole(pk_cards(s.holes[i]))
    rest = deck[2 * n:]
    burns = [rest[0], rest[4], rest[6]]
    streets = [rest[1:4], [rest[5]], [rest[7]]]
    return s, pk, order, burns, streets


def pk_deal(pk, burns, streets):
    while pk.can_burn_card() or pk.can_deal_board():
        if pk.can_burn_card():
            pk.burn_card(pk_cards([burns.pop(0)]))
        else:
            pk.deal_board(pk_cards(streets.pop(0)))


def snapshot_pk(pk, order):
    a = pk.actor_index
    if a is None:
        return None
    kinds = []
    if pk.can_fold():
        kinds.append("fold")
    if pk.can_check_or_call():
        kinds.append("call" if pk.checking_or_calling_amount else "check")
    lo = hi = None
    if pk.can_complete_bet_or_raise_to():
        lo = pk.min_completion_betting_or_raising_to_amount
        hi = pk.max_completion_betting_or_raising_to_amount
    return order[a], kinds, lo, hi


def snapshot_ours(s):
    p = s.current_player
    if p is None:
        return None
    kinds = [a.kind for a in s.legal_actions() if a.kind in ("fold", "check", "call")]
    return p, kinds, s.min_raise_to, s.max_raise_to


def random_stacks(rng: Rng) -> list[int]:
    while True:
        out = []
        for _ in range(4):
            r = rng.below(10)
            if r == 0:
                out.append(0)
            elif r <= 3:
                out.append(1 + rng.below(60))
            elif r <= 6:
                out.append(61 + rng.below(340))
            else:
                out.append(400 + rng.below(1600))
        if sum(1 for x in out if x > 0) >= 2:
            return out


def play_pair(seed: int, stats: dict) -> int:
    rng = Rng(seed * 7919 + 1)
    stacks = random_stacks(rng)
    s, pk, order, burns, streets = make_pair(stacks, seed)
    steps = 0
    street = -1
    short = False   # a short all-in happened in this betting round
    while True:
        pk_deal(pk, burns, streets)
        if s.street != street:
            street = s.street
            short = False
        ours, theirs = snapshot_ours(s), snapshot_pk(pk, order)
        while ours is None and theirs is not None and theirs[1:] == (["check"], None, None):
            # pokerkit asks for a check that decides nothing (nobody else can bet); we skip it
            pk.check_or_call()
            stats["skip"] += 1
            pk_deal(pk, burns, streets)
            theirs = snapshot_pk(pk, order)
        if ours is None or theirs is None or ours[:2] != theirs[:2] or not short:
            assert ours == theirs, (seed, stacks, s.history, ours, theirs)
        agree = ours == theirs
        # the same chips in the middle and the same collected pots (amount, eligible seats)
        if ours is not None:
            assert s.pot == pk.total_pot_amount, (seed, stacks, s.history)
            pk_pots = [(p.amount, sorted(order[i] for i in p.player_indices)) for p in pk.pots]
            assert [(p["amount"], p["eligible"]) for p in s.pots] == pk_pots, (seed, s.history)
            stats["pots"] += len(pk_pots) > 1
        if not agree:
            stats["short"] += 1   # the known difference after a short all-in (see below)
        if ours is None:
            break
        _, kinds, lo, hi = ours
        choices = list(kinds) + (["raise"] * 2 if lo is not None and agree else [])
        k = choices[rng.below(len(choices))]
        if k == "fold":
            s.apply("fold")
            pk.fold()
        elif k in ("check", "call"):
            s.apply(k)
            pk.check_or_call()
        else:
            r = rng.below(4)
            amt = lo if r == 0 else hi if r == 1 else lo + rng.below(hi - lo + 1)
            h = s.bet
            if amt == hi and amt - h["max_bet"] < h["last_inc"]:
                short = True
            s.apply(f"raise {amt}")
            pk.complete_bet_or_raise_to(amt)
        steps += 1
    assert s.is_over and not pk.status
    assert [s.stacks[i] for i in order] == list(pk.stacks), (seed, stacks, s.history)
    assert [s.last_hand["net"][i] for i in order] == list(pk.payoffs)
    return steps


def test_random_hands_agree_with_pokerkit():
    stats = {"short": 0, "skip": 0, "pots": 0}
    steps = sum(play_pair(seed, stats) for seed in range(900))
    assert steps > 3000 and stats["pots"] > 50   # side pots were compared too
    # the known difference occurs, but rarely
    assert 0 < stats["short"] < steps // 20, stats


# ---------------------------------------------------------------- pinned cases

@pytest.mark.parametrize("stacks, bounds", [
    ([1000, 1000, 1000, 35], (35, 35)),   # the minimum raise is capped by the actor's chips
    ([1000, 30, 0, 0], (40, 1000)),       # ... and by nothing else: not by the opponent's 30
    ([1000, 1000, 30, 0], (40, 1000)),
    ([1000, 25, 1000, 1000], (40, 1000)),
    ([1000, 1000, 15, 1000], (35, 1000)),  # a short big blind: a full 20 above the 15 posted
    ([1000, 5, 1000, 1000], (40, 1000)),   # a short small blind changes nothing
])
def test_min_raise_capped_only_by_own_stack(stacks, bounds):
    s, pk, order, _, _ = make_pair(stacks, 1)
    assert (s.min_raise_to, s.max_raise_to) == bounds
    assert snapshot_ours(s) == snapshot_pk(pk, order)


def test_short_allin_does_not_reopen_where_pokerkit_does():
    # button (seat 0, 40 chips) calls, the small blind calls, the big blind (29 chips) goes
    # all-in for 29: an increase of 9, short of the full 20. Our rules: the button and the small
    # blind already acted and may only call or fold. pokerkit 0.7 takes the 9 as the new raise
    # increment and lets them raise (the button all-in to 40); the rules text wins.
    s, pk, order, _, _ = make_pair([40, 1767, 29, 0], 56)
    for a in ("call", "call", "all-in"):
        s.apply(a)
    assert s.current_player == 0
    assert [a.text for a in s.legal_actions()] == ["fold", "call"]
    assert s.min_raise_to is None and s.max_raise_to is None
    s.apply("call")
    assert s.current_player == 1 and s.min_raise_to is None
    for _ in ("call", "call"):
        pk.check_or_call()
    pk.complete_bet_or_raise_to(29)
    # pokerkit's side of the difference (if a later pokerkit changes it, update this note)
    assert pk.can_complete_bet_or_raise_to()
    assert pk.min_completion_betting_or_raising_to_amount == 40   # its all-in


def test_no_decision_is_skipped_where_pokerkit_asks_for_a_check():
    # seat 1 (button, 14 chips) calls all-in for less, the small blind folds: the big blind
    # owes nothing and nobody else can bet, so it has no decision and the board runs out.
    # pokerkit asks the big blind for a check first; the outcome is the same.
    s, pk, order, burns, streets = make_pair([0, 14, 1879, 57], 78)
    s.apply("call")
    s.apply("fold")
    assert s.is_over and len(s.last_hand["board"]) == 5
    pk.check_or_call()
    pk.fold()
    assert snapshot_pk(pk, order) == (3, ["check"], None, None)
    pk.check_or_call()
    pk_deal(pk, burns, streets)
    assert not pk.status
    assert [s.stacks[i] for i in order] == list(pk.stacks)
