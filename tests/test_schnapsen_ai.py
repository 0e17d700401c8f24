"""Schnapsen AI: exact end-game search, no peeking at hidden cards, and a clear win rate."""

import pytest

import cardcore
from cardcore.agents import RandomAgent, get
from cardcore.agents.schnapsen import GreedySchnapsen, Knowledge, SchnapsenAI, search
from cardcore.cards import parse


def ids(text):
    return [int(c) for c in parse(text)]


def minimax(state, me):
    """Brute-force value of a perfect-information position over the real game rules."""
    if state.is_over:
        return state.scores()[me]
    vals = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        vals.append(minimax(child, me))
    return max(vals) if state.current_player == me else min(vals)


def exhausted_positions(n, max_cards=4):
    """Random single deals played on until the stock is empty and hands are small."""
    out = []
    seed = 0
    while len(out) < n:
        seed += 1
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over and (s.stock or len(s.hands[s.current_player]) > max_cards):
            a = agent.act(s)
            if a.kind == "close":
                a = next(x for x in s.legal_actions() if x.kind != "close")
            s.apply(a)
        if not s.is_over:
            out.append(s)
    return out


def test_exhausted_stock_search_is_exact_and_the_ai_plays_optimally():
    for s in exhausted_positions(12):
        me = s.current_player
        k = Knowledge(s.observation(me))
        w = k.world(None)
        assert sorted(w.h[1 - me]) == sorted(s.hands[1 - me])      # card counting is exact
        truth = minimax(s, me)
        assert search(w, 0, -9.0, 9.0, me) == truth
        a = SchnapsenAI(seed=1).act(s)
        child = s.clone()
        child.apply(a)
        assert minimax(child, me) == truth, (s.to_json(), a)


def test_decision_uses_only_the_observation():
    # same view for seat 0, different hidden cards for seat 1 and a different stock order
    h0 = "Ac Kh Qh Jd Ts"
    d1 = ids(h0) + ids("Tc Kc Qc Jc Ah") + ids("Th Jh Ad Td Kd Qd As Ks Qs Js")
    d2 = ids(h0) + ids("Th Jh Ad Td Kd") + ids("Qd As Tc Kc Qc Jc Ah Ks Qs Js")
    a = cardcore.new_game("schnapsen", seed=1, deck=d1, single_deal=True)
    b = cardcore.new_game("schnapsen", seed=2, deck=d2, single_deal=True)
    assert a.observation(0) == b.observation(0)
    for _ in range(3):
        assert SchnapsenAI(seed=9).act(a) == SchnapsenAI(seed=9).act(b)


def test_exchanges_and_announces():
    s = cardcore.new_game("schnapsen", seed=1, single_deal=True, deck=ids(
        "Jc Kh Qh Jd Ts Tc Kc Qc Ah Th Jh Ad Td Kd Qd As Ks Qs Js Ac"))
    ai = SchnapsenAI(seed=3)
    assert ai.act(s).kind == "exchange"
    s.apply("exchange")
    a = ai.act(s)
    assert a.kind == "marry" and str(a) in ("marry Kh", "marry Qh")


def test_closed_stock_worlds_are_consistent_with_the_view():
    from cardcore.rng import Rng

    s = cardcore.new_game("schnapsen", seed=4, single_deal=True)
    s.apply("close")
    ai = SchnapsenAI(seed=4, samples=6)
    rng = Rng(2)
    while not s.is_over:
        me = s.current_player
        k = Knowledge(s.observation(me))
        hidden = sorted(s.hands[1 - me] + s.stock)
        for _ in range(5):
            w = k.world(rng)
            assert sorted(w.h[me]) == sorted(s.hands[me])
            assert len(w.h[1 - me]) == len(s.hands[1 - me]) and len(w.stock) == len(s.stock)
            assert sorted(w.h[1 - me] + w.stock) == hidden        # only unseen cards move
            assert w.stock[-1] == s.trump_card and w.closed and w.closer == 0
        s.apply(ai.act(s))
    assert s.result["closer"] == 0 and len(s.stock) == 10


def _deals(opponent, n, samples=8):
    wins = gp = 0
    for i in range(n):
        seat = i % 2
        ai = SchnapsenAI(seed=i, samples=samples, max_nodes=0)   # no limit: every world
        opp = get(opponent, "schnapsen", seed=500 + i)
        s = cardcore.new_game("schnapsen", seed=10_000 + i, single_deal=True)
        while not s.is_over:
            s.apply(ai.act(s) if s.current_player == seat else opp.act(s))
        sc = s.scores()[seat]
        wins += sc > 0
        gp += sc
    return wins / n, gp / n


def test_ai_clearly_beats_random():
    rate, gp = _deals("random", 60)
    assert rate >= 0.65 and gp > 0.8, (rate, gp)


def test_ai_beats_the_greedy_baseline():
    rate, gp = _deals("greedy", 60)
    assert rate > 0.5 and gp > 0.2, (rate, gp)


def test_agents_registry_and_a_whole_match():
    assert isinstance(get("ai", "schnapsen", seed=1), SchnapsenAI)
    assert isinstance(get("greedy", "schnapsen"), GreedySchnapsen)
    s = cardcore.play_match("schnapsen", ["ai", "greedy"], seed=3)
    assert s.is_over and max(s.counts) > 0 and min(s.counts) == 0


@pytest.mark.parametrize("seed", range(3))
def test_greedy_plays_legal_games(seed):
    s = cardcore.play_match("schnapsen", ["greedy", "random"], seed=seed)
    assert s.is_over


def test_the_work_per_decision_is_counted_not_timed():
    from cardcore.agents import schnapsen as mod

    s = cardcore.new_game("schnapsen", seed=5, single_deal=True)
    s.apply(s.legal_actions()[-1])          # a lead; the stock is open for the follower
    used = {}
    for limit in (0, 1, 24_000):
        before = mod.NODES[0]
        SchnapsenAI(seed=1, max_nodes=limit).act(s)
        used[limit] = mod.NODES[0] - before
    # with a one-node budget only the two first worlds are searched
    assert 0 < used[1] < used[0] and used[24_000] <= used[0]
    ai = SchnapsenAI(seed=2)
    assert ai.max_nodes == 24_000 and ai.time_limit is None


# ---------------------------------------------------------------- strengths and rare branches

from cardcore.agents.strength import STRENGTHS  # noqa: E402
from cardcore.rng import Rng  # noqa: E402


def _steered_positions(want, n, prefer, seed0=0, max_games=400):
    """Up to ``n`` positions of whole matches where ``want(state)`` holds, reached by a random
    player that takes an action of kind ``prefer`` whenever it may (closing, marriages,
    exchanges are otherwise rare)."""
    out = []
    for g in range(max_games):
        seed = seed0 + g
        s = cardcore.new_game("schnapsen", seed=seed)
        rng = Rng(seed)
        while not s.is_over and len(out) < n:
            legal = s.legal_actions()
            if want(s):
                out.append(s.clone())
                if len(out) >= n:
                    break
            pick = [a for a in legal if a.kind == prefer] if prefer else []
            pool = pick if pick and rng.below(4) else legal
            s.apply(pool[rng.below(len(pool))])
        if len(out) >= n:
            break
    assert len(out) == n, f"only {len(out)} positions reached"
    return out


def _kinds(s):
    return {a.kind for a in s.legal_actions()}


def _obs(s):
    return s.observation(s.current_player)


RARE = {
    # the stock may be closed now
    "close available": (lambda s: "close" in _kinds(s), None),
    # after a close, while many cards are still in the dead stock (both seats to act)
    "closed early": (lambda s: _obs(s)["closed"] and _obs(s)["stock_size"] >= 6, "close"),
    # a marriage may be announced; or one waits for its announcer's first trick
    "marriage": (lambda s: "marry" in _kinds(s), "marry"),
    "pending marriage": (lambda s: any(_obs(s)["marriages"][p] and not _obs(s)["tricks_won"][p]
                                       for p in (0, 1)), "marry"),
    "exchange": (lambda s: "exchange" in _kinds(s), "exchange"),
    # the last draw, and the last cards after it
    "last draw": (lambda s: _obs(s)["stock_size"] == 2 and not _obs(s)["closed"], None),
    "last cards": (lambda s: _obs(s)["stock_size"] == 0 and len(_obs(s)["hand"]) <= 2, None),
}


@pytest.mark.parametrize("branch", sorted(RARE))
def test_every_strength_answers_legally_in_rare_branches(branch):
    import json

    want, prefer = RARE[branch]
    positions = _steered_positions(want, 8, prefer, seed0=sum(map(ord, branch)))
    for i, s in enumerate(positions):
        for strength in STRENGTHS:
            if strength == "strong" and i >= 2:
                continue
            before = json.dumps(s._state_dict(), sort_keys=True)
            a = get("ai", "schnapsen", seed=i, strength=strength).act(s)
            assert a in s.legal_actions(), (branch, strength, i, a)
            assert json.dumps(s._state_dict(), sort_keys=True) == before
            s.clone().apply(a)
        r = get("rdeep", "schnapsen", seed=i).act(s)
        assert r in s.legal_actions() and r.kind != "close", (branch, i, r)


def test_strength_tables():
    t = SchnapsenAI.STRENGTHS
    assert t["easy"]["samples"] < t["normal"]["samples"] < t["strong"]["samples"]
    normal = SchnapsenAI(seed=1)
    # normal keeps the long-standing defaults (pinned games stay the same)
    assert (normal.samples, normal.depth, normal.max_nodes, normal.node_cap) == (16, 1, 24_000, 0)
    assert SchnapsenAI(seed=1, strength="strong", samples=5).samples == 5   # explicit wins


def test_the_hard_node_cap_bounds_every_decision():
    from cardcore.agents import schnapsen as mod

    # the last draw: each world's search runs to the end of the deal after one trick, the
    # costliest decisions without a cap
    positions = _steered_positions(RARE["last draw"][0], 6, None, seed0=77)
    for i, s in enumerate(positions):
        for cap in (1, 800):
            before = mod.NODES[0]
            a = SchnapsenAI(seed=i, strength="easy", node_cap=cap).act(s)
            assert a in s.legal_actions()
            assert mod.NODES[0] - before <= cap + 1
        assert mod._CAP[0] == 0             # the cap is only armed during a decision


def test_easy_and_strong_differ_in_work():
    from cardcore.agents import schnapsen as mod

    positions = _steered_positions(RARE["last draw"][0], 4, None, seed0=5)
    used = {}
    for strength in STRENGTHS:
        before = mod.NODES[0]
        for i, s in enumerate(positions):
            get("ai", "schnapsen", seed=i, strength=strength).act(s)
        used[strength] = mod.NODES[0] - before
    assert used["easy"] < used["normal"] < used["strong"], used


def test_rdeep_reads_only_the_observation_and_never_closes():
    from cardcore.agents.rdeep import RdeepSchnapsen

    h0 = "Ac Kh Qh Jd Ts"
    d1 = ids(h0) + ids("Tc Kc Qc Jc Ah") + ids("Th Jh Ad Td Kd Qd As Ks Qs Js")
    d2 = ids(h0) + ids("Th Jh Ad Td Kd") + ids("Qd As Tc Kc Qc Jc Ah Ks Qs Js")
    a = cardcore.new_game("schnapsen", seed=1, deck=d1, single_deal=True)
    b = cardcore.new_game("schnapsen", seed=2, deck=d2, single_deal=True)
    for seed in range(3):
        assert RdeepSchnapsen(seed=seed).act(a) == RdeepSchnapsen(seed=seed).act(b)
    s = cardcore.play_match("schnapsen", ["rdeep", "random"], seed=4)
    assert s.is_over
    assert all(e.action.kind != "close" for e in s.history if e.seat == 0)
    with pytest.raises(cardcore.CardcoreError, match="samples"):
        RdeepSchnapsen(samples=0)


def test_rdeep_exchanges_and_announces_when_it_pays():
    from cardcore.agents.rdeep import RdeepSchnapsen

    s = cardcore.new_game("schnapsen", seed=1, single_deal=True, deck=ids(
        "Jc Kh Qh Jd Ts Tc Kc Qc Ah Th Jh Ad Td Kd Qd As Ks Qs Js Ac"))
    kinds = {RdeepSchnapsen(seed=i).act(s).kind for i in range(4)}
    assert kinds <= {"exchange", "marry", "play"} and kinds & {"exchange", "marry"}


def _closed_positions(n, seed0=300):
    """Positions after a close in single deals played by random seats (the closer's opponent
    and the closer both to act), with the true hands."""
    out = []
    seed = seed0
    while len(out) < n:
        seed += 1
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        agent = RandomAgent(seed=seed)
        while not s.is_over:
            if s.closed and len(s.legal_actions()) > 1:
                out.append(s.clone())
            s.apply(agent.act(s))
    return out[:n]


def test_inference_after_a_close_bars_only_cards_the_opponent_cannot_hold():
    barred_any = 0
    for s in _closed_positions(80):
        me = s.current_player
        k = Knowledge(s.observation(me), infer=True)
        assert not k.barred & set(s.hands[1 - me]), s.to_json()     # never a card it holds
        assert k.barred <= set(k.unseen)
        assert not Knowledge(s.observation(me)).barred                  # opt-in only
        barred_any += bool(k.barred)
    assert barred_any >= 10                                             # it does learn


def test_inference_reads_a_suit_not_followed_and_a_follow_that_did_not_head():
    from cardcore.rng import Rng

    seen = {"void": 0, "low": 0}
    for seed in range(1, 200):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        me = s.current_player
        if "close" not in [a.kind for a in s.legal_actions()]:
            continue
        s.apply("close")
        opp = s.hands[1 - me]
        pts = {c: _points(c) for c in s.hands[me] + opp}
        lead = None
        for c in s.hands[me]:
            same = [x for x in opp if x & 3 == c & 3]
            if not same and not seen["void"]:
                lead, case = c, "void"
            elif same and max(pts[x] for x in same) < pts[c] and not seen["low"]:
                lead, case = c, "low"
        if lead is None:
            continue
        s.apply(next(a for a in s.legal_actions() if a.kind == "play"
                     and int(a.cards[0]) == lead))
        s.apply(s.legal_actions()[0])
        k = Knowledge(s.observation(me), infer=True)
        if case == "void":
            assert {c for c in k.unseen if c & 3 == lead & 3} <= k.barred
        else:
            assert {c for c in k.unseen if c & 3 == lead & 3 and _points(c) > pts[lead]
                    } <= k.barred
        assert not k.barred & set(s.hands[1 - me])
        for i in range(10):
            w = k.world(Rng(i))
            assert not set(w.h[1 - me]) & k.barred
        seen[case] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def _points(c):
    from cardcore.schnapsen.state import card_points

    return card_points(c)


def test_only_strong_reads_the_follows_after_a_close():
    t = SchnapsenAI.STRENGTHS
    assert t["strong"]["infer"] and not t["normal"]["infer"] and not t["easy"]["infer"]
    assert SchnapsenAI(seed=1, strength="strong").infer
    assert not SchnapsenAI(seed=1, strength="strong", infer=False).infer


def test_only_strong_plays_out_the_deal_at_an_open_stock_horizon(monkeypatch):
    """``strong`` values a horizon with the stock open by the heuristic and a playout of the
    rest of the deal; ``normal`` and ``easy`` by the heuristic alone. The playout is the
    deterministic quick rule, so a seeded strong AI still plays the same move every time."""
    from cardcore.agents import schnapsen as mod

    calls = {"n": 0}
    real = mod.World.rollout

    def counting(self, me):
        calls["n"] += 1
        return real(self, me)

    monkeypatch.setattr(mod.World, "rollout", counting)
    state = cardcore.new_game("schnapsen", seed=4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    used = {}
    for strength in STRENGTHS:
        calls["n"] = 0
        moves = {SchnapsenAI(seed=9, strength=strength).act(state) for _ in range(2)}
        assert len(moves) == 1 and moves <= set(state.legal_actions())
        used[strength] = calls["n"]
    assert used["easy"] == used["normal"] == 0 < used["strong"], used
