"""The Bridge AI's opt-in ``bid_samples``: placing calls checked by simulation (sampled deals
consistent with the auction, solved double dummy, scored in IMPs against the rule's call)."""

import pytest

import cardcore
from cardcore import _backend
from cardcore.agents.bridge import BridgeAI
from cardcore.agents.bridge_bidding import (Context, Hand, Picture, Simulation, choose_call,
                                            read_auction, shows)
from cardcore.bridge.auction import Auction
from cardcore.rng import Rng
from test_bridge_ai import hand

S, W, N, E = 0, 1, 2, 3
NONE = [False] * 4
# the check solves full deals; on the reference kernels (minutes a deal) the rules decide,
# which test_the_reference_kernels_bid_by_the_rules covers on either backend
compiled = pytest.mark.skipif(_backend.BACKEND == "ref",
                              reason="the simulation check is off on the reference kernels")


def test_shows_checks_points_lengths_and_shape():
    p = Picture(hcp_lo=15, hcp_hi=17, balanced=True)
    assert shows(p, hand("AK32.K32.Q32.K32"))          # 15, 4333
    assert not shows(p, hand("AK32.K32.Q32.432"))      # 12 points
    assert not shows(p, hand("AK32.KQ32.QJ32.2"))      # 4441: not balanced
    p = Picture(minlen=[0, 0, 5, 0])
    assert shows(p, hand("32.KQ932.432.432")) and not shows(p, hand("32.KQ93.5432.432"))


def _after_1nt_2c_2h():
    """North opened 1NT, South asked with Stayman, North showed hearts: South to call."""
    return Auction(N, ["1NT", "pass", "2C", "pass", "2H", "pass"])


def test_sampled_deals_fit_the_auction_and_keep_my_hand():
    a = _after_1nt_2c_2h()
    mine = hand("K432.QJ54.A2.432")
    ctx = Context(a, read_auction(a))
    sim = Simulation(12, Rng(3), NONE)
    deals = sim.deals(mine, ctx)
    assert len(deals) == 12
    my_mask = sum(1 << int(c) for c in mine)
    for masks in deals:
        assert masks[S] == my_mask
        assert sum(masks) == (1 << 52) - 1 and all(bin(m).count("1") == 13 for m in masks)
        north = [c for c in range(52) if masks[N] >> c & 1]
        assert shows(ctx.pics[N], north)
        assert sum(1 for c in north if c & 3 == 2) >= 4      # the hearts North showed


@compiled
def test_candidates_and_the_check_pick_the_best_mean():
    a = _after_1nt_2c_2h()
    mine = hand("K432.QJ54.A2.432")
    ctx = Context(a, read_auction(a))
    h = Hand.of(mine)
    legal = set(a.legal_calls())
    sim = Simulation(8, Rng(5), NONE, margin=0.0)
    cands = sim.candidates(ctx, h, "4H", legal)
    assert {"pass", "3H", "4H", "3NT"} <= set(cands)
    assert cands["4H"] == ("4H", N) and cands["pass"] == ("2H", N)  # North bid hearts first
    got = sim.check(mine, ctx, h, "4H", legal)
    means = sim.last["imps"]
    assert sim.last["deals"] == 8 and means["4H"] == 0.0
    best = max(means, key=lambda c: (means[c], c == "4H"))
    assert got == (None if best == "4H" else best)
    # a margin no candidate reaches keeps the rule's call
    high = Simulation(8, Rng(5), NONE, margin=99.0)
    assert high.check(mine, ctx, h, "4H", legal) is None


@compiled
def test_the_same_seed_bids_the_same_and_only_bid_samples_simulates():
    def auction(strength, seed, bid_samples=None):
        s = cardcore.new_game("bridge", seed=42)
        ais = [BridgeAI(seed=seed + k, strength=strength, bid_samples=bid_samples)
               for k in range(4)]
        sims = 0
        while s.phase == "auction":
            ai = ais[s.current_player]
            s.apply(ai.act(s))
            sims += "simulation" in ai.last_info
        return s.calls, sims

    first, sims = auction("strong", 7, 4)
    assert (first, sims) == auction("strong", 7, 4) and sims > 0
    assert auction("strong", 7)[1] == 0 and auction("easy", 7)[1] == 0


def test_the_reference_kernels_bid_by_the_rules(monkeypatch):
    monkeypatch.setattr(_backend, "BACKEND", "ref")
    a = _after_1nt_2c_2h()
    mine = hand("K432.QJ54.A2.432")
    sim = Simulation(8, Rng(5), NONE, margin=-99.0)   # would change the call if it ran
    assert choose_call(mine, a, sim) == choose_call(mine, a)
    assert sim.last == {}


def test_bid_samples_option():
    assert all(BridgeAI(strength=x).bid_samples == 0 for x in ("easy", "normal", "strong"))
    assert BridgeAI(strength="normal", bid_samples=4).bid_samples == 4
    with pytest.raises(cardcore.CardcoreError, match="bid_samples"):
        BridgeAI(bid_samples=-1)
