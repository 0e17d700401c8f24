"""The Dou Dizhu and Zheng Shangyou AIs in front of the rarely reached branches, at every
strength: every auction path of Dou Dizhu (the all-pass redeal included), bombs, rockets, the
ace bomb and the heavenly bomb on the table, a seat with one card left, leads after everyone
passed, a pending bomb bonus. Each answer must be legal and leave the state unchanged.

Also the strengths' own parts: the options each level resolves to, the easy Dou Dizhu bid by
top-card points and the strong Dou Dizhu endgame search (exact on small positions, bounded in
work, off for Zheng Shangyou)."""

from __future__ import annotations

import json

import pytest

import cardcore
from cardcore import CardcoreError
from cardcore.agents import get
from cardcore.agents.doudizhu import DouDizhuAI
from cardcore.agents.shedding import (DDZ, Decomposer, EndgameSolver, NodeLimit, Sim, all_groups,
                                      answers)
from cardcore.agents.strength import STRENGTHS
from cardcore.agents.zhengshangyou import ZhengShangyouAI
from cardcore.cards import deck54, parse
from cardcore.engines.shedding import rank_index
from cardcore.zhengshangyou.state import DECK48_IDS

#: a cheaper stand-in for each strength in the wide sweeps (the real budgets are asked in
#: the targeted tests below): same policy parts, fewer worlds
CHEAP = {"easy": {}, "normal": {"rollouts": 6, "bid_samples": 4},
         "strong": {"rollouts": 6, "endgame_worlds": 4, "bid_samples": 4}}


def ask(game: str, state, strength: str, seed: int = 1, cheap: bool = True):
    """The AI's answer at ``strength``: legal, and the state unchanged by asking."""
    before = json.dumps(state._state_dict(), sort_keys=True)
    opts = CHEAP[strength] if cheap else {}
    if game == "zhengshangyou":
        opts = {k: v for k, v in opts.items() if not k.startswith(("endgame", "bid"))}
    ai = get("ai", game, seed=seed, strength=strength, **opts)
    action = ai.act(state)
    assert action in state.legal_actions(), (game, strength, action)
    assert json.dumps(state._state_dict(), sort_keys=True) == before
    return action


def cnt15(ranks):
    c = [0] * 15
    for r in ranks:
        c[r] += 1
    return c


# ------------------------------------------------------------------ Dou Dizhu auction

def auction_paths(first: int):
    """Every auction of a deal (each a list of action texts) up to its end, depth first."""
    out = []

    def walk(prefix, st):
        if st.observation(st.current_player)["phase"] != "bid" or (
                prefix and st.observation(0)["redeals"]):
            out.append((prefix, st))
            return
        out.append((prefix, st))
        for a in st.legal_actions():
            child = st.clone()
            child.apply(a)
            walk(prefix + [a.text], child)

    walk([], cardcore.new_game("doudizhu", seed=7 + first, first=first))
    return out


@pytest.mark.parametrize("first", [0, 1, 2])
def test_ddz_every_auction_path(first):
    paths = auction_paths(first)
    ends = {"bid": 0, "play": 0, "redeal": 0}
    for prefix, st in paths:
        obs = st.observation(st.current_player)
        if obs["redeals"]:
            ends["redeal"] += 1
        elif obs["phase"] == "play":
            ends["play"] += 1
        else:
            ends["bid"] += 1
        # (the auction is the same from every first seat, turned: every strength from seat 0)
        for strength in STRENGTHS if first == 0 else ("normal",):
            a = ask("doudizhu", st, strength, seed=len(prefix))
            if obs["phase"] == "bid":
                assert a.kind in ("bid", "pass")
    # every way an auction ends is reached: a bid of 3, two passes after a bid, all pass
    assert ends["redeal"] == 1 and ends["play"] > 10 and ends["bid"] > 10
    finished = {tuple(p) for p, s in paths if s.observation(0)["phase"] == "play"}
    assert ("bid 3",) in finished and ("bid 1", "pass", "pass") in finished
    assert ("pass", "pass", "bid 1", "pass", "pass") in finished


def test_ddz_all_pass_redeal_then_ai_bids_on_new_hand():
    st = cardcore.new_game("doudizhu", seed=3, first=1)
    old = st.observation(1)["hand"]
    for _ in range(3):
        st.apply("pass")
    obs = st.observation(st.current_player)
    assert obs["redeals"] == 1 and obs["phase"] == "bid" and st.current_player == 1
    assert obs["hand"] != old
    for strength in STRENGTHS:
        ask("doudizhu", st, strength, cheap=False)


def test_easy_bid_counts_top_cards():
    ai = DouDizhuAI(seed=1, strength="easy")
    assert ai.bid_samples == 0
    rich = [int(c) for c in parse("BJ RJ 2c 2d 2h 2s Ac Ad Ah As Kc Kd Kh Ks Qc Qd Qh")]
    poor = [int(c) for c in parse("3c 3d 4c 5d 6h 7s 8c 9d Tc Jd 4h 6s 8d 9h Js Qc 5c")]
    # the jokers 4 + 3, four 2s 8, three bombs (2s, aces, kings) 18, four aces 4
    assert ai.top_points(ai.counts(rich)) == 4 + 3 + 8 + 18 + 4
    assert ai.top_points(ai.counts(poor)) == 0
    for hand, want in ((rich, "bid 3"), (poor, "pass")):
        rest = [int(c) for c in deck54() if int(c) not in hand]
        st = cardcore.new_game("doudizhu", seed=1, deck=hand + rest, first=0)
        assert ai.act(st).text == want
        assert "top_points" in ai.last_stats


# ------------------------------------------------------------------ bomb-rich deals

def _by_rank(ids, rank_of):
    return sorted(ids, key=lambda c: (rank_of(c), c))


def ddz_bomb_deck(shift: int) -> list[int]:
    """A Dou Dizhu deck dealt in whole ranks (every seat holds bombs), rotated by ``shift``
    ranks; the jokers go to seat ``shift % 3`` (the rocket)."""
    plain = _by_rank([int(c) for c in deck54() if rank_index(int(c)) < 13], rank_index)
    plain = plain[4 * shift:] + plain[:4 * shift]
    jokers = [int(c) for c in deck54() if rank_index(int(c)) >= 13]
    hands = [plain[0:16], plain[16:32], plain[32:48]]
    hands[shift % 3] = hands[shift % 3][:15] + jokers
    spare = [c for c in plain if c not in set(hands[0] + hands[1] + hands[2])]
    for h in hands:
        while len(h) < 17:
            h.append(spare.pop())
    return hands[0] + hands[1] + hands[2] + spare


def zsy_bomb_deck(shift: int) -> list[int]:
    cards = _by_rank(list(DECK48_IDS), rank_index)
    return cards[4 * shift:] + cards[:4 * shift]


def sweep(game: str, decks, pick, needs: set[str], per_kind: int = 3):
    """Play the decks (``None``: a random deal) with random seats (and easy AI seats), ask
    the AI at every strength at the positions ``pick(obs)`` names, at most ``per_kind`` of
    each; every name in ``needs`` must be met."""
    met: dict[str, int] = {}
    for k, deck in enumerate(decks):
        opts = {"first": k % 3} if game == "doudizhu" else {}
        st = cardcore.new_game(game, seed=100 + k, deck=deck, **opts)
        movers = [get("random", game, seed=k * 3 + s) if (k + s) % 2 or deck is None else
                  get("ai", game, seed=k * 3 + s, strength="easy") for s in range(3)]
        while not st.is_over:
            obs = st.observation(st.current_player)
            for name in pick(obs):
                if met.get(name, 0) < per_kind and len(st.legal_actions()) > 1:
                    met[name] = met.get(name, 0) + 1
                    for strength in STRENGTHS:
                        ask(game, st, strength, seed=k)
            st.apply(movers[st.current_player].act(st))
    assert needs <= set(met), f"{game}: never reached {sorted(needs - set(met))}"
    return met


def common_kinds(obs):
    out = []
    t = obs["table"]
    if t is not None:
        out.append(f"{t['kind']} on the table")
    elif obs["plays"]:
        out.append("lead after passes")
    me = obs["player"]
    if obs["card_counts"][me] == 1:
        out.append("one card left (me)")
    if any(n == 1 for s, n in enumerate(obs["card_counts"]) if s != me):
        out.append("one card left (other)")
    return out


def test_ddz_bombs_rockets_one_card_leads():
    def pick(obs):
        if obs["phase"] != "play":
            return []
        out = common_kinds(obs)
        if obs["table"] is not None and obs["landlord"] != obs["player"] and (
                obs["table"]["seat"] != obs["landlord"]):
            out.append("partner's play on the table")
        if sum(rank_index(c) >= 13 for c in obs["hand"]) == 2:
            out.append("holding the rocket, " + ("leading" if obs["table"] is None
                                                 else "answering"))
        return out

    decks = [ddz_bomb_deck(s) for s in range(13)] + [None] * 40     # (None: a random deal)
    # (the rocket on the table leaves a single legal answer, pass: the AI returns it at once)
    sweep("doudizhu", decks, pick, {"bomb on the table", "holding the rocket, answering",
                                    "holding the rocket, leading",
                                    "lead after passes", "one card left (me)",
                                    "one card left (other)", "partner's play on the table"})


def test_zsy_bombs_one_card_leads_pending_bonus():
    def pick(obs):
        out = common_kinds(obs)
        if obs["pending_bomb"] is not None:
            out.append("pending bomb bonus")
        if sum(rank_index(c) == 11 for c in obs["hand"]) == 3:
            out.append("holding the ace bomb, " + ("leading" if obs["table"] is None
                                                   else "answering"))
        return out

    # (nothing answers the ace bomb, and a last card either must answer or cannot: one legal
    # action each, which the AI returns at once)
    decks = [zsy_bomb_deck(s) for s in range(12)] + [None] * 20
    sweep("zhengshangyou", decks, pick,
          {"bomb on the table", "holding the ace bomb, answering",
           "holding the ace bomb, leading", "lead after passes", "one card left (other)",
           "pending bomb bonus"})


def test_zsy_heavenly_bomb_on_the_table():
    # seat 0 holds the four 3s and opens with them: the heavenly bomb
    threes = [c for c in DECK48_IDS if rank_index(c) == 0]
    rest = [c for c in DECK48_IDS if rank_index(c) != 0]
    deck = threes + rest
    for seed in range(6):
        st = cardcore.new_game("zhengshangyou", seed=seed, deck=deck)
        if st.current_player != 0:
            continue
        heavenly = [a for a in st.legal_actions() if a.kind == "heavenly_bomb"]
        assert heavenly
        st.apply(heavenly[0])
        for _ in range(2):
            for strength in STRENGTHS:
                a = ask("zhengshangyou", st, strength, cheap=False)
            st.apply(a)
        return
    pytest.fail("seat 0 never opened in six seeds")


# ------------------------------------------------------------------ strengths' parts

def test_strength_options_resolve():
    for cls in (DouDizhuAI, ZhengShangyouAI):
        easy, normal, strong = (cls(seed=1, strength=s) for s in STRENGTHS)
        assert easy.rollouts == 0 and normal.rollouts == cls.DEFAULT_ROLLOUTS
        assert strong.rollouts >= normal.rollouts and strong.top_k > normal.top_k
        # an option given explicitly overrides the strength's
        assert cls(seed=1, strength="strong", rollouts=5).rollouts == 5
        assert cls(seed=1, strength="easy", top_k=2).top_k == 2
        # the clock mode alone stays the clock mode
        assert cls(seed=1, strength="strong", time_budget=0.1).rollouts is None
    assert DouDizhuAI(seed=1).endgame == 0 and DouDizhuAI(seed=1, strength="strong").endgame > 0
    assert DouDizhuAI(seed=1).bid_samples == 32
    assert DouDizhuAI(seed=1, rollouts=4).bid_samples == 12     # (pinned games rely on it)
    with pytest.raises(CardcoreError, match="endgame"):
        ZhengShangyouAI(seed=1, endgame=10)
    with pytest.raises(CardcoreError, match="endgame_nodes"):
        DouDizhuAI(seed=1, endgame_nodes=-1)
    with pytest.raises(CardcoreError, match="bid_samples"):
        DouDizhuAI(seed=1, bid_samples=-1)
    with pytest.raises(CardcoreError, match="strength"):
        DouDizhuAI(seed=1, strength="hard")


def _position(hands, turn: int = 0, lead=None) -> Sim:
    """A Dou Dizhu position with these rank-count hands (seat 0 the landlord, ``turn`` to act),
    the other cards written down as played, as a :class:`Sim` on a reference core (whose fields
    are plain Python); ``lead``: a group seat ``turn`` holds and plays first (on the table)."""
    from cardcore._ref import shedding_step as R

    core = R.Core(0, list(range(54)), 0)
    core.apply(3)                                  # seat 0 bids 3: the landlord
    by_rank = [[c for c in range(54) if rank_index(c) == r] for r in range(15)]
    masks = []
    for cnt in hands:
        m = 0
        for r, k in enumerate(cnt):
            for c in by_rank[r][:k]:
                m |= 1 << c
            by_rank[r] = by_rank[r][k:]
        masks.append(m)
    rest = [c for c in range(54) if not (masks[0] | masks[1] | masks[2]) >> c & 1]
    core.hand_m = masks
    core.played_ = [[], rest[:len(rest) // 2], rest[len(rest) // 2:]]
    core.turn = turn
    sim = Sim(DDZ, Decomposer(DDZ), core, hands)
    if lead is not None:
        sim.play(lead)
    return sim


def test_endgame_solver_exact_on_small_positions():
    # the landlord (seat 0) leads the rocket, then its 3: out first
    s = EndgameSolver(DDZ, 0, 10_000)
    assert s.landlord_wins(_position([cnt15([13, 14, 0]), cnt15([5, 6]), cnt15([7, 8])]))
    # the landlord's two low singles lose to a farmer holding one 2
    s = EndgameSolver(DDZ, 0, 10_000)
    assert not s.landlord_wins(_position([cnt15([0, 1]), cnt15([12]), cnt15([5, 6, 7])]))
    # a pair led goes out at once (the farmers hold singles only)
    s = EndgameSolver(DDZ, 0, 10_000)
    assert s.landlord_wins(_position([cnt15([2, 2]), cnt15([12]), cnt15([11])]))
    # after the landlord's single 3, farmer 1's 2 wins; passing lets the landlord (holding a
    # single 5) out, as farmer 2 holds only 3s
    s = EndgameSolver(DDZ, 0, 10_000)
    pos = _position([cnt15([0, 2]), cnt15([12, 5]), cnt15([0, 0])],
                    lead=("single", 0, 1, (0,)))
    assert pos.core.current_player == 1 and pos.table[:2] == ("single", 0)
    assert s.after(pos, ("single", 12, 1, (12,))) is False
    assert s.after(pos, None) is True
    # the moves are made on copies of the core: the position is unchanged
    assert pos.core.current_player == 1 and pos.core.passes == 0
    # the node budget is enforced
    s = EndgameSolver(DDZ, 0, 3)
    with pytest.raises(NodeLimit):
        s.landlord_wins(_position([cnt15([0, 2, 4, 6, 8, 10, 12]),
                                   cnt15([1, 3, 5, 7, 9, 11, 13]),
                                   cnt15([0, 2, 4, 6, 8, 10, 14])]))


def test_endgame_groups_are_the_games_plays():
    hand = cnt15([0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6, 13, 14])
    groups = all_groups(hand, DDZ)
    assert len(groups) == len(set(groups))
    kinds = {g[0] for g in groups}
    assert {"single", "pair", "trio", "trio_single", "trio_pair", "straight", "airplane",
            "airplane_singles", "rocket"} <= kinds
    for g in groups:                       # every group uses cards the hand holds
        need = cnt15(g[3])
        assert all(need[r] <= hand[r] for r in range(15)), g
    # answers beat the play, bombs and the rocket included
    target = ("trio_single", 0, 1, (0, 0, 0, 5))
    ans = answers(cnt15([3, 3, 3, 7, 9, 9, 9, 9, 13, 14]), target, DDZ)
    assert all(DDZ.beats(g, target) for g in ans)
    assert {g[0] for g in ans} == {"trio_single", "bomb", "rocket"}


def test_strong_solves_the_endgame_within_budget():
    # late Dou Dizhu positions (few cards in all hands): strong searches them exactly, in a
    # bounded number of worlds, and answers legally
    searched = 0
    for seed in range(40):
        st = cardcore.new_game("doudizhu", seed=seed, first=0)
        st.apply("bid 3")
        rnd = get("random", "doudizhu", seed=seed)
        while not st.is_over and (sum(st.observation(0)["card_counts"]) > 14
                                  or len(st.legal_actions()) == 1):
            st.apply(rnd.act(st))
        if st.is_over:
            continue
        ai = DouDizhuAI(seed=seed, strength="strong")
        assert ai.act(st) in st.legal_actions()
        stats = ai.last_stats
        if "worlds" in stats:          # (a search ran: not an immediate win or a pass)
            assert stats["solved"] > 0 and stats["worlds"] <= ai.endgame_worlds
            searched += 1
            if searched == 3:
                return
    pytest.fail(f"only {searched} endgame searches in 40 deals")


@pytest.mark.parametrize("cls, game", [(DouDizhuAI, "doudizhu"),
                                       (ZhengShangyouAI, "zhengshangyou")])
def test_first_cut_sets_the_halving_of_the_candidates(cls, game):
    # the first searched decision with more than two candidates (a lead, mostly)
    st = cardcore.new_game(game, seed=11, **({"first": 0} if game == "doudizhu" else {}))
    if game == "doudizhu":
        st.apply("bid 3")
    rnd = get("random", game, seed=2)
    while True:
        quick = cls(seed=5, rollouts=32, first_cut=4)
        action = quick.act(st)
        if quick.last_stats.get("candidates", 0) > 2:
            break
        st.apply(rnd.act(st) if len(st.legal_actions()) > 1 else action)
    counts = quick.last_stats["counts"]
    # cut after 4 worlds and again after 8: only two candidates see all 32 worlds
    assert sorted(counts)[-2:] == [32, 32] and min(counts) == 4
    assert sum(c == 32 for c in counts) == 2
    even = cls(seed=5, rollouts=32, first_cut=32)
    even.act(st)
    assert even.last_stats["counts"] == [32] * even.last_stats["candidates"]
    # strong halves late (an even share of its worlds a round); normal keeps the early cut
    normal, strong = cls(seed=1), cls(seed=1, strength="strong")
    assert normal.first_cut == 4 and strong.first_cut * 8 == strong.rollouts
    for bad in (0, -3, 2.5, True, "4"):
        with pytest.raises(CardcoreError, match="first_cut"):
            cls(seed=1, first_cut=bad)
