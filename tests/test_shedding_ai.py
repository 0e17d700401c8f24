"""The Dou Dizhu and Zheng Shangyou AIs (cheap fixed-rollout mode) and their building blocks."""

from __future__ import annotations

import pytest
from public_view import play_public

import cardcore
from cardcore.game import game_class
from cardcore import agents as agents_mod
from cardcore.agents import get
from cardcore.agents.doudizhu import DouDizhuAI
from cardcore.agents.shedding import (DDZ, ZSY, Decomposer, SheddingAI, Sim, rules_of,
                                      simple_answers)
from cardcore.agents.zhengshangyou import ZhengShangyouAI
from cardcore.doudizhu.moves import Move as DdzMove
from cardcore.rng import Rng

STEP = cardcore._backend.kernel("shedding_step")


def cnt15(ranks):
    c = [0] * 15
    for r in ranks:
        c[r] += 1
    return c


def test_decomposer_minimal_plays():
    d = Decomposer(DDZ)
    # 34567 straight + 888 with a single 9 + rocket: two plays (the rocket is free)
    hand = cnt15([0, 1, 2, 3, 4, 5, 5, 5, 6, 13, 14])
    assert d.cost(hand) == 2
    kinds = sorted(g[0] for g in d.plan(hand))
    assert kinds == ["rocket", "straight", "trio_single"]
    # an airplane with two single wings is one play
    assert d.cost(cnt15([0, 0, 0, 1, 1, 1, 5, 7])) == 1
    # a bomb is kept whole
    plan = d.plan(cnt15([4, 4, 4, 4, 0, 1]))
    assert ("bomb", 4, 1, (4, 4, 4, 4)) in plan
    # every plan covers the hand exactly
    rng = Rng(4)
    for _ in range(50):
        deck = list(range(54))
        rng.shuffle(deck)
        h = [0] * 15
        for c in deck[:20]:
            h[c - 39 if c >= 52 else ((c >> 2) + 12) % 13] += 1
        got = [0] * 15
        for g in d.plan(h):
            for r in g[3]:
                got[r] += 1
        assert got == h


def test_rest_cost_counts_what_by_count_lists():
    # the cost of the cards left after the runs is counted straight from the count vector; it
    # is the cost of _by_count's lists (bombs free, a lone 2 or joker half, kickers carried)
    rng = Rng(7)
    for rules in (DDZ, ZSY):
        dec = Decomposer(rules)
        n = rules.n_ranks
        for _ in range(3000):
            cnt = tuple(rng.below(4 if r < 13 else 2) + (rng.below(2) if r < 13 else 0)
                        for r in range(n))
            cap = rng.below(4)
            _, trios, pairs, singles = dec._by_count(cnt)
            tops = sum(1 for r in singles if r >= 12)
            top = 0.5 * tops + (0.5 if rules.jokers and cnt[13] + cnt[14] == 1 else 0)
            loose = len(singles) - tops + len(pairs)
            want = (len(trios) + max(0, loose - cap - len(trios)) if rules.kickers
                    else len(trios) + loose) + top
            assert dec._rest_cost(cnt, cap) == want, (rules.name, cnt, cap)


def test_beats_and_answers():
    # groups are compared by the game's own beats (the kernel), through Rules.beats
    single9 = ("single", 6, 1, (6,))
    assert DDZ.beats(("single", 7, 1, (7,)), single9)
    assert not DDZ.beats(("pair", 7, 1, (7, 7)), single9)
    assert DDZ.beats(("bomb", 0, 1, (0,) * 4), single9)
    assert DDZ.beats(("rocket", 14, 1, (13, 14)), ("bomb", 12, 1, (12,) * 4))
    assert ZSY.beats(("ace_bomb", 11, 1, (11,) * 3), ("bomb", 10, 1, (10,) * 4))
    assert not ZSY.beats(("bomb", 10, 1, (10,) * 4), ("ace_bomb", 11, 1, (11,) * 3))
    with pytest.raises(cardcore.CardcoreError, match="kind"):
        DDZ.beats(("ace_bomb", 11, 1, (11,) * 3), single9)   # no Dou Dizhu kind
    # a play's group is its reading by the game's Move
    ai = DouDizhuAI(seed=1, rollouts=0)
    g = ai.play_group("airplane_singles", "33344455", DdzMove.from_cards("3c 3d 3h 4c 4d 4h 5c 5d",
                                                                         "airplane_singles").cards)
    assert g == ("airplane_singles", 1, 2, (0, 0, 0, 1, 1, 1, 2, 2))
    ans = simple_answers(cnt15([3, 3, 3, 4, 4, 4, 0, 9]), g, DDZ)
    assert ans and ans[0][:3] == ("airplane_singles", 4, 2)


def _counts(core, n):
    out = []
    for hand in core.hands():
        c = [0] * n
        for x in hand:
            c[x - 39 if x >= 52 else ((x >> 2) + 12) % 13] += 1
        out.append(c)
    return out


def test_sim_plays_out_on_the_core():
    # a rollout plays the deal on the core: the policy's groups are legal ids, the core ends
    # the deal and scores it, and the Sim's counts follow the core's hands
    for rules, n, game in ((DDZ, 15, "doudizhu"), (ZSY, 13, "zhengshangyou")):
        dec = Decomposer(rules)
        for seed in range(20):
            core = STEP.from_seed(seed, game=game, first=0 if rules is DDZ else None)
            # (Dou Dizhu: seat 0 bids 3; Zheng Shangyou: the opening play, with the 3 of
            # hearts, is made: the AI's rollouts start after its own legal candidate)
            core.apply(3 if rules is DDZ else core.legal_ids()[0])
            sim = Sim(rules, dec, core, _counts(core, n))
            while not core.is_over:
                g = sim.policy(core.current_player)
                assert g is None or sim.ids[g] in core.legal_ids()
                sim.play(g)
                assert sim.cnt == _counts(core, n)
                assert (sim.table is None) == (core.table_id() == 0)
                if sim.table is not None:
                    assert sim.ids[sim.table] == core.table_id()
            assert sim.winner == core.winner is not None and sum(sim.scores()) == 0
            assert sim.scores() == list(core.returns())


def _ddz_match(ai_seats, deals, rollouts=3):
    won = 0
    for i in range(deals):
        st = cardcore.new_game("doudizhu", seed=1000 + i, first=0)
        st.apply("bid 3")                                 # seat 0 is the landlord
        agents = [DouDizhuAI(seed=i, rollouts=rollouts) if s in ai_seats
                  else get("random", "doudizhu", seed=i * 3 + s) for s in range(3)]
        while not st.is_over:
            st.apply(agents[st.current_player].act(st))
        won += st.scores()[ai_seats[0]] > 0
    return won / deals


def test_ddz_ai_beats_random_as_landlord_and_farmers():
    assert _ddz_match([0], 12) >= 0.9
    assert _ddz_match([1, 2], 12) >= 0.9


def test_ddz_ai_bids_and_plays_through_registry():
    ai = get("ai", "doudizhu", seed=1, rollouts=2)
    assert isinstance(ai, DouDizhuAI)
    st = cardcore.agents.play_match("doudizhu", [ai, "random", "random"], seed=5)
    assert st.is_over and sum(st.scores()) == 0


def test_ddz_bidding_follows_hand_strength():
    strong = "BJ RJ 2c 2d 2h 2s Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh"
    from cardcore.cards import deck54, parse

    a = [int(c) for c in parse(strong)]
    rest = [int(c) for c in deck54() if int(c) not in a]
    st = cardcore.new_game("doudizhu", seed=1, deck=a + rest, first=0)
    ai = DouDizhuAI(seed=2, bid_samples=10)
    assert ai.act(st).text == "bid 3"
    weak = [int(c) for c in parse("3c 3d 4c 5d 6h 7s 8c 9d Tc Jd 4h 6s 8d 9h Js Qc 5c")]
    rest = [int(c) for c in deck54() if int(c) not in weak]
    st = cardcore.new_game("doudizhu", seed=1, deck=weak + rest, first=0)
    assert ai.act(st).text == "pass"


def test_farmer_does_not_overtake_partner():
    # seat 1 (farmer) leads a single A after the landlord passes; seat 2 (farmer) holds the 2s
    from cardcore.cards import deck54, parse

    s0 = [int(c) for c in parse("3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 8c 8d")]
    s1 = [int(c) for c in parse("Ac 9c 9d 9h Tc Td Th Jc Jd Jh Qc Qd Qh Kc Kd Kh 8h")]
    s2 = [int(c) for c in parse("2c 2d 2h 2s BJ RJ As Ad Ah 9s Ts Js Qs Ks 3s 4s 5s")]
    rest = [int(c) for c in deck54() if int(c) not in set(s0 + s1 + s2)]
    st = cardcore.new_game("doudizhu", seed=1, deck=s0 + s1 + s2 + rest, first=0)
    st.apply("bid 3")
    st.apply("8c")
    st.apply("Ac")                                        # farmer seat 1 wins the round so far
    ai = DouDizhuAI(seed=3, rollouts=6)
    assert ai.act(st).text == "pass"


def test_zsy_ai_beats_random():
    total = 0.0
    wins = 0
    n = 12
    for i in range(n):
        st = cardcore.new_game("zhengshangyou", seed=2000 + i)
        agents = [ZhengShangyouAI(seed=i, rollouts=3), get("random", "zhengshangyou", seed=i),
                  get("random", "zhengshangyou", seed=i + 99)]
        while not st.is_over:
            st.apply(agents[st.current_player].act(st))
        total += st.scores()[0]
        wins += st.winner == 0
    assert wins / n >= 0.5 and total > 0


def test_ai_options_validated_and_deterministic():
    with pytest.raises(ValueError):
        DouDizhuAI(time_budget=-1)
    with pytest.raises(ValueError):
        DouDizhuAI(time_budget="1s")
    with pytest.raises(ValueError):
        ZhengShangyouAI(rollouts=-2)
    with pytest.raises(cardcore.CardcoreError, match="unknown option"):
        get("ai", "doudizhu", seed=1, budget=3)
    st = cardcore.new_game("zhengshangyou", seed=11)
    a = [ZhengShangyouAI(seed=4, rollouts=3).act(st.clone()) for _ in range(2)]
    assert a[0] == a[1]


def test_time_budget_mode_respects_budget():
    import time

    st = cardcore.new_game("doudizhu", seed=12, first=0)
    st.apply("bid 3")
    ai = DouDizhuAI(seed=1, time_budget=0.03)
    assert ai.rollouts is None and ai.time_budget == 0.03
    t = time.perf_counter()
    ai.act(st)
    assert time.perf_counter() - t < 0.5
    assert ai.last_stats.get("worlds", 1) >= 1
    # with both, both limits hold
    ai = DouDizhuAI(seed=1, time_budget=5.0, rollouts=3)
    ai.act(st)
    assert ai.last_stats.get("worlds", 3) <= 3


def test_zsy_pass_inference_holds_for_real_hands():
    # a pass in Zheng Shangyou means "no answer": the caps it implies never exclude the truth
    from cardcore.zhengshangyou.state import zsy_rank

    ai = ZhengShangyouAI(seed=1, rollouts=1)
    tight = 0
    for seed in range(4):
        st = cardcore.new_game("zhengshangyou", seed=seed)
        rnd = get("random", "zhengshangyou", seed=seed)
        while not st.is_over:
            obs = st.observation(st.current_player)
            caps = ai.caps(obs)
            for s, cap in caps.items():
                cnt = [0] * 13
                for c in st.hands[s]:
                    cnt[zsy_rank(c)] += 1
                assert all(cnt[r] <= cap[r] for r in range(13)), (seed, s, cnt, cap)
                tight += sum(cap) < 4 * 11 + 4
            world = ai._world(obs)
            assert [len(w) for w in world] == obs["card_counts"]
            # a sampled world is the state's core with the opponents' hands replaced
            core = st.core.with_hands([None if s == obs["player"] else world[s]
                                       for s in range(3)])
            assert core.hand(obs["player"]) == st.core.hand(obs["player"])
            st.apply(rnd.act(st))
    assert tight > 0


def test_ddz_pass_events_and_consistent_worlds():
    from cardcore.cards import deck54, parse

    s0 = [int(c) for c in parse("3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 8c 8d")]
    rest = [int(c) for c in deck54() if int(c) not in s0]
    st = cardcore.new_game("doudizhu", seed=1, deck=s0 + rest, first=0)
    st.apply("bid 3")
    st.apply("8c")
    st.apply("pass")                                   # seat 1 passes on the landlord's 8
    ai = DouDizhuAI(seed=3, rollouts=2)
    ai.pass_tries = 8
    obs = st.observation(2)
    ev = ai.pass_events(obs)
    assert len(ev) == 1 and ev[0][0] == 1 and ev[0][1][:2] == ("single", 5)
    world = ai._world(obs)
    assert [len(w) for w in world] == obs["card_counts"]
    # the landlord keeps the bottom cards it has not played (public)
    assert set(obs["bottom"]) - set(obs["played"][0]) <= set(world[0])
    st.core.with_hands([world[0], world[1], None])


def test_farmer_feeds_partner_about_to_go_out():
    # a position set up directly: seat 1 (farmer) leads, seat 2 (its partner, next to act)
    # holds one card; a low single lets the partner out at once
    from cardcore.cards import parse

    st = cardcore.new_game("doudizhu", seed=4, first=0)
    st.apply("bid 3")
    # (the position is written into a reference core, whose fields are plain Python)
    from cardcore._ref import shedding_step as R

    # (the cards no longer in a hand are written down as played, so the position is whole;
    # the landlord has played the other 3s: the partner's one card beats the 3)
    core = R.from_export(st._core.export())
    h1 = sum(1 << int(c) for c in parse("3c 9d Kd Ks Ac Ad"))
    h2 = 1 << int(parse("5h")[0])
    assert not core.bottom_m & (h1 | h2)
    threes = sum(1 << c for c in range(4, 8)) & ~h1
    h0 = core.hand_m[0] & ~(h1 | h2 | threes)
    rest = [c for c in range(54) if not (h0 | h1 | h2 | threes) >> c & 1]
    core.hand_m = [h0, h1, h2]
    core.played_ = [[c for c in range(4, 8) if threes >> c & 1], rest[:len(rest) // 2],
                    rest[len(rest) // 2:]]
    core.turn = 1
    st._core = core
    for seed in range(3):
        a = DouDizhuAI(seed=seed, rollouts=6).act(st.clone())
        assert a.kind == "single" and int(a.cards[0]) >> 2 == 1   # the 3


# ---------------------------------------------------------------- the "one shape" contract

def test_budget_is_counted_in_work_by_default():
    for cls in (DouDizhuAI, ZhengShangyouAI):
        ai = cls(seed=1)
        assert ai.time_budget is None and ai.rollouts == cls.DEFAULT_ROLLOUTS > 0
    assert DouDizhuAI(seed=1).bid_samples == 32
    assert DouDizhuAI(seed=1, rollouts=8).bid_samples == 24


@pytest.mark.parametrize("game", ["doudizhu", "zhengshangyou"])
def test_agents_use_only_the_public_api(game):
    # every agent of the game (the AI, the registered extras such as greedy) plays whole games
    # on a view that raises on anything but the public API
    names = agents_mod.names(game)
    assert {"ai", "greedy"} <= set(names)
    cheap = {"ai": {"rollouts": 3}}
    used: set = set()
    for seed in range(3):
        seats = [names[(seed + i) % len(names)] for i in range(3)]
        if seed == 0:
            seats = ["ai", "ai", "greedy"]
        players = [get(n, game, seed=seed * 3 + i, **cheap.get(n, {}))
                   for i, n in enumerate(seats)]
        state, reads = play_public(game, players, seed=40 + seed,
                                   allow=game_class(game).PUBLIC)
        assert state.is_over
        used |= reads
    # (the worlds come from ``world``, which replaces every hidden hand by the caller's cards)
    assert "observation" in used and "legal_actions" in used and "world" in used


class _GuardedView:
    def __init__(self, view, reads: set) -> None:
        self._view, self._reads = view, reads

    def __getattr__(self, name: str):
        if name != "core":
            return getattr(self._view, name)
        core, reads = self._view.core, self._reads

        class Guard:
            def __getattr__(self, attr: str):
                reads.add(attr)
                if attr != "with_hands":
                    raise AssertionError(f"an agent read state.core.{attr}")
                return core.with_hands

        return Guard()


def test_public_view_refuses_private_reads():
    from public_view import PublicView

    st = cardcore.new_game("doudizhu", seed=1)
    view = PublicView(st)
    assert view.legal_actions() == st.legal_actions() and view.game == "doudizhu"
    for name in ("hands", "history", "clone", "seed", "apply", "_legal_actions", "phase"):
        with pytest.raises(AssertionError, match=name):
            getattr(view, name)
    with pytest.raises(AssertionError, match="observation"):
        view.observation((st.current_player + 1) % 3)
    with pytest.raises(AssertionError):
        view.turn = 2
    assert PublicView(st, allow=("phase",)).phase == "bid"


def test_rules_are_read_from_the_game():
    import importlib

    # (importlib: the game packages re-export their moves() function under the module's name)
    dm = importlib.import_module("cardcore.doudizhu.moves")
    zm = importlib.import_module("cardcore.zhengshangyou.moves")
    assert (DDZ.n_ranks, DDZ.min_run, DDZ.kickers, DDZ.jokers, DDZ.ace_bomb, DDZ.top_run) == \
        (15, (5, 3, 2), True, True, False, 11)
    assert (ZSY.n_ranks, ZSY.min_run, ZSY.kickers, ZSY.jokers, ZSY.ace_bomb, ZSY.top_run) == \
        (13, (5, 2, 0), False, False, True, 11)
    assert DDZ.bombs == set(dm.BOMB_KINDS) and ZSY.bombs == set(zm.BOMB_KINDS)
    assert rules_of("doudizhu") == DDZ
    # the memoised comparison answers as the game's beats for every pair of plays of a hand
    rng = Rng(5)
    for mod, rules in ((dm, DDZ), (zm, ZSY)):
        for _ in range(5):
            deck = [c for c in range(54) if mod is dm or (c < 52 and c != 50
                                                           and (c >= 4 or c == 3))]
            rng.shuffle(deck)
            ms = mod.moves(sorted(deck[:16]))
            for a in ms[::7]:
                for b in ms[::5]:
                    assert rules.beats(a, b) == a.beats(b) == mod.beats(a, b)


def test_rollout_scores_are_the_core_returns():
    # the rollouts are scored by the core (Dou Dizhu's bombs and springs, Zheng Shangyou's
    # bomb bonus and penalties): over many playouts, some with bombs and bonuses settled
    bombs = bonuses = 0
    for rules, n, game in ((DDZ, 15, "doudizhu"), (ZSY, 13, "zhengshangyou")):
        dec = Decomposer(rules)
        for seed in range(60):
            core = STEP.from_seed(100 + seed, game=game, first=0 if rules is DDZ else None)
            core.apply(3 if rules is DDZ else core.legal_ids()[0])
            sim = Sim(rules, dec, core, _counts(core, n))
            sim.run()
            assert sim.winner is not None and sim.scores() == list(core.returns())
            assert sum(sim.scores()) == 0
            bombs += rules is DDZ and core.bombs > 0
            bonuses += len(core.bomb_log())
    assert bombs and bonuses


def test_greedy_is_the_plan_policy():
    g = get("greedy", "zhengshangyou", seed=1)
    assert isinstance(g, ZhengShangyouAI) and g.rollouts == 0
    assert isinstance(get("greedy", "doudizhu", seed=1), SheddingAI)
