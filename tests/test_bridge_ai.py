"""The Bridge AI: the bidding rules (openings, responses, conventions, competition), reading
the auction, sampling consistent with the play, and PIMC card play in cheap mode."""

import pytest

import cardcore
from cardcore.agents import get
from cardcore.agents.bridge import BridgeAI
from cardcore.agents.bridge_bidding import Hand, choose_call, read_auction
from cardcore.bridge import Deal
from cardcore.bridge.auction import BIDS, Auction, bid_index
from cardcore.cards import parse
from cardcore.rng import Rng

S, W, N, E = 0, 1, 2, 3


def hand(pbn_hand: str):
    """Cards from 'spades.hearts.diamonds.clubs'."""
    groups = pbn_hand.split(".")
    out = []
    for suit, g in zip("shdc", groups):
        out += [f"{r}{suit}" for r in g]
    cards = parse(" ".join(out))
    assert len(cards) == 13, pbn_hand
    return cards


def call(pbn_hand, calls=(), dealer=S):
    return choose_call(hand(pbn_hand), Auction(dealer, calls))[0]


def test_hand_evaluation():
    h = Hand.of(hand("AKQ32.K2.Q32.J32"))
    assert h.hcp == 4 + 3 + 2 + 3 + 2 + 1 and h.points == h.hcp + 1
    assert h.lengths == (3, 3, 2, 5) and h.balanced


@pytest.mark.parametrize("cards,expected", [
    ("AK32.Q32.A32.K32", "1NT"),        # 16 balanced
    ("AKQ2.AK2.AK2.K32", "2C"),         # 25
    ("AK32.AK2.QJ2.K32", "2NT"),        # 20 balanced
    ("AK432.K2.Q32.J32", "1S"),         # 5 spades, 13
    ("A432.K2.KQ32.J32", "1D"),         # no 5-card major, 4 diamonds
    ("A432.K32.Q32.KJ2", "1C"),         # 4333 with 13: 1C
    ("Q32.KQJ932.32.32", "2H"),         # weak two
    ("2.32.KQJ9532.432", "3D"),         # preempt
    ("Q432.K32.J32.J32", "pass"),       # 7 points
])
def test_openings(cards, expected):
    assert call(cards) == expected


def test_responses_and_conventions_over_1nt():
    # transfers
    assert call("32.KJ932.Q32.432", ["1NT", "pass"]) == "2D"
    assert call("KJ932.32.Q32.432", ["1NT", "pass"]) == "2H"
    # Stayman with a 4-card major and 8+
    assert call("KJ93.Q32.K32.432", ["1NT", "pass"]) == "2C"
    # raises in NT
    assert call("K93.Q32.K32.Q432", ["1NT", "pass"]) == "3NT"
    assert call("93.Q32.K32.Q5432", ["1NT", "pass"]) == "pass"
    # opener completes the transfer, answers Stayman
    assert call("AK2.A32.KJ32.Q32", ["1NT", "pass", "2D", "pass"]) == "2H"
    assert call("AK32.A32.KJ2.Q32", ["1NT", "pass", "2C", "pass"]) == "2S"
    assert call("AK2.A32.KJ32.Q32", ["1NT", "pass", "2C", "pass"]) == "2D"
    # responder places the contract after the transfer: 10+ -> game
    assert call("32.KQ932.K32.Q32", ["1NT", "pass", "2D", "pass", "2H", "pass"]) in ("3NT", "4H")


def test_responses_to_one_of_a_suit():
    assert call("K32.Q32.K432.432", ["1S", "pass"]) == "2S"          # 3 spades, 8
    assert call("K432.A32.KQ32.K2", ["1S", "pass"]) == "4S"          # 4 spades, 15
    assert call("32.KQ32.K432.432", ["1D", "pass"]) == "1H"          # new suit
    assert call("32.Q32.K432.Q432", ["1S", "pass"]) == "1NT"         # 7, no fit
    assert call("32.432.5432.5432", ["1S", "pass"]) == "pass"


def test_strong_two_clubs_is_answered_and_reaches_game():
    assert call("32.432.5432.5432", ["2C", "pass"]) == "2D"
    s = cardcore.new_game("bridge", deal=Deal.from_pbn(
        "N:432.432.5432.432 QJT.QJT.QJT9.QJT 98765.98765.8.98 AK.AK.AK76.AK765"))
    ai = BridgeAI(seed=1)
    # W opens 2C? S deals: S has the weak hand here -- let every seat bid by the system
    while s.phase == "auction":
        s.apply(ai.act(s))
    assert s.contract is not None and int(s.contract[0]) >= 3


def test_competitive_calls():
    # takeout double: 13 HCP, short in their suit, both majors
    assert call("AJ32.KQ32.2.K432", ["1D"], dealer=W) == "X"
    # overcall with a 5-card suit
    assert call("AQJ32.32.K32.432", ["1D"], dealer=W) == "1S"
    # answering partner's takeout double with the best unbid major
    assert call("Q432.32.5432.432", ["1D", "X", "pass"], dealer=E) == "1S"
    # penalty double of a two-level contract with a trump stack
    assert call("32.AQT98.AK3.K32", ["1C", "pass", "1S", "2H"], dealer=N) == "X"


def test_read_auction_pictures():
    pics = read_auction(Auction(S, ["1NT", "pass", "2H", "pass", "2S"]))
    assert (pics[S].hcp_lo, pics[S].hcp_hi, pics[S].balanced) == (15, 17, True)
    assert pics[N].minlen[3] >= 5  # transfer shows spades
    assert pics[W].hcp_hi <= 17  # did not overcall
    pics = read_auction(Auction(S, ["1S"]))
    assert pics[S].minlen[3] == 5 and pics[S].hcp_lo >= 9


def test_ai_bids_legally_and_auctions_end():
    for seed in range(150):
        s = cardcore.new_game("bridge", seed=seed, vulnerability=("none", "both")[seed % 2])
        ai = BridgeAI(seed=seed)
        while s.phase == "auction":
            a = ai.act(s)
            assert a in s.legal_actions()
            s.apply(a)
        assert len(s.calls) < 40


def test_sampling_respects_known_cards_voids_and_sizes():
    s = cardcore.new_game("bridge", seed=3)
    for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
        s.apply(c)
    first = BridgeAI(seed=0, cheap=True)
    for _ in range(12):  # play three tricks
        s.apply(s.legal_actions()[0])
    ai = BridgeAI(seed=4, samples=20)
    me = s.current_player
    known = {me, s.dummy}
    hidden = [x for x in range(4) if x not in known]
    voids = {x: set() for x in range(4)}
    for t in s.tricks:
        for k, c in enumerate(t["cards"]):
            if k and c & 3 != t["cards"][0] & 3:
                voids[(t["leader"] + k) % 4].add(t["cards"][0] & 3)
    n = 0
    for masks in ai._sample(s.observation(me), known, hidden):
        n += 1
        for seat in known:
            assert masks[seat] == sum(1 << c for c in s.hands[seat])
        for seat in hidden:
            cards = [c for c in range(52) if masks[seat] >> c & 1]
            assert len(cards) == len(s.hands[seat])
            assert not any(c & 3 in voids[seat] for c in cards)
        assert sum(bin(m).count("1") for m in masks) == sum(len(h) for h in s.hands)
        assert masks[0] & masks[1] == 0 and masks[2] & masks[3] == 0
    assert n == 20
    assert first.samples == 6


def test_the_shared_sampler_honours_voids():
    # the AI deals the hidden cards with agents.sampling.deal_unseen, a void as ``allowed``
    from cardcore.agents.sampling import deal_unseen

    rng = Rng(1)
    unknown = list(range(0, 52, 2))[:16]  # clubs and hearts only
    voids = [set(), {0}, set(), set()]
    for _ in range(50):
        out = deal_unseen(unknown, {1: 8, 3: 8}, rng, allowed=lambda s, c: c & 3 not in voids[s])
        assert sorted(out[1] + out[3]) == sorted(unknown)
        assert all(c & 3 != 0 for c in out[1]) and len(out[1]) == 8
    voids[1] = {0, 2}
    assert deal_unseen(unknown, {1: 8, 3: 8}, rng,
                       allowed=lambda s, c: c & 3 not in voids[s]) is None


def test_pimc_takes_the_obvious_tricks_in_an_ending():
    # NT; North (dummy) holds the last three top spades; South declares and must cash them
    deal = Deal.from_pbn("N:AKQ2.AKQ2.AK2.A2 J987.J987.J87.J7 T543.T543.T43.T4 6.6.Q965.KQ98653")
    s = cardcore.new_game("bridge", deal=deal)
    for c in ["1NT", "pass", "7NT", "pass", "pass", "pass"]:
        s.apply(c)
    # a sample count (not the clock) bounds the search, so the play is reproducible
    ai = BridgeAI(seed=2, samples=8)
    while not s.is_over:
        s.apply(ai.act(s))
    # 7NT by South with North's 26 HCP: top tricks only (A K Q in the majors, A K in
    # diamonds, A in clubs) is 6 for NS double dummy at least; PIMC must take all its winners
    assert s.won[0] >= 9
    assert s.score_breakdown() is not None


def test_pimc_skips_samples_over_the_node_budget(monkeypatch):
    import cardcore.agents.bridge as mod

    deal = Deal.from_pbn("N:AKQ2.AKQ2.AK2.A2 J987.J987.J87.J7 T543.T543.T43.T4 6.6.Q965.KQ98653")
    s = cardcore.new_game("bridge", deal=deal)
    for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
        s.apply(c)
    s.apply(s.legal_actions()[0])          # the opening lead, then the AI plays from dummy
    # a node budget far too small for any 12-13 card search: every sample is given up
    ai = BridgeAI(seed=3, samples=4, max_nodes=5, rule_tricks=0)
    a = ai.act(s)
    assert a in s.legal_actions()
    assert ai.last_info["samples"] == 0 and ai.last_info["skipped"] == 3
    # the same in the opt-in clock mode, with a node rate too small for anything
    ai = BridgeAI(seed=3, samples=4, time_budget=0.05, rule_tricks=0)
    monkeypatch.setattr(mod, "NODES_PER_SECOND", 1)
    monkeypatch.setattr(mod, "MIN_NODES", 5)
    assert ai.act(s) in s.legal_actions()
    assert ai.last_info["samples"] == 0 and ai.last_info["skipped"] >= 3
    # with the normal budget the same decision is searched
    monkeypatch.undo()
    ai = BridgeAI(seed=3, samples=4, rule_tricks=0)
    ai.act(s)
    assert ai.last_info["samples"] == 4 and ai.last_info["skipped"] == 0


def test_score_objective_values_a_card_by_the_deals_score():
    # 3NT by South, East to play to a trick near the end: with objective="score" each card's
    # value is the mean, over the sampled deals, of the defenders' score (minus the declarer's)
    # once the rest is played double dummy, so every value lies between the scores of the
    # fewest and the most tricks the declarer can still end with
    from cardcore.bridge.scoring import score

    s = cardcore.new_game("bridge", seed=5)
    for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
        s.apply(c)
    play = BridgeAI(seed=1, samples=4)
    while len(s.tricks) < 9 or s.current_player % 2 == 0 or len(s.legal_actions()) < 2:
        s.apply(play.act(s))
        assert not s.is_over
    ai = BridgeAI(seed=2, samples=6, objective="score")
    ai.act(s)
    info = ai.last_info
    assert info["samples"] == 6
    ns = s.won[0]
    left = 13 - len(s.tricks)
    lo, hi = -score("3NT", "S", ns + left, False), -score("3NT", "S", ns, False)
    assert all(lo <= v <= hi for v in info["values"].values()), (lo, hi, info["values"])
    # (every such score is at least 50 either way: a card valued in tricks would be below 5)
    assert all(round(6 * v) % 10 == 0 for v in info["values"].values())
    assert max(abs(v) for v in info["values"].values()) >= 50
    tricks_ai = BridgeAI(seed=2, samples=6)
    tricks_ai.act(s)
    assert all(0 <= v <= left + 0.5 for v in tricks_ai.last_info["values"].values())
    with pytest.raises(cardcore.CardcoreError, match="objective"):
        BridgeAI(objective="imps")


def test_agent_registry_cheap_mode_and_options():
    agent = get("ai", "bridge", seed=1, cheap=True)
    assert isinstance(agent, BridgeAI) and agent.samples == 6 and agent.max_nodes <= 100_000
    assert agent.time_budget is None          # the work is counted unless a clock is asked for
    assert get("ai", "bridge", cheap=True, time_budget=1.0).time_budget <= 0.05
    for bad in ({"time_budget": 0}, {"samples": 0}, {"max_nodes": 0}):
        with pytest.raises(cardcore.CardcoreError):
            BridgeAI(**bad)


@pytest.mark.parametrize("west,calls,expected", [
    # partner (E) bid hearts: lead the top of the doubleton
    ("KJ32.Q2.K432.432", ["1S", "pass", "2S", "3H", "3S", "pass", "pass", "pass"], "Qh"),
    # top of a sequence
    ("KQJ2.732.432.432", ["1NT", "pass", "3NT", "pass", "pass", "pass"], "Ks"),
    # fourth best of the longest suit against NT
    ("K8642.A73.43.432", ["1NT", "pass", "3NT", "pass", "pass", "pass"], "4s"),
    # a singleton against a suit contract
    ("974.9.87432.5432", ["1S", "pass", "4S", "pass", "pass", "pass"], "9h"),
])
def test_opening_lead_rules(west, calls, expected):
    from cardcore.agents.bridge import opening_lead
    rest = [c for c in range(52) if c not in {int(x) for x in hand(west)}]
    deck = rest[:13] + [int(x) for x in hand(west)] + rest[13:]
    s = cardcore.new_game("bridge", deck=deck)
    for c in calls:
        s.apply(c)
    assert s.current_player == W
    assert str(cardcore.Card(opening_lead(s.observation(W)))) == expected


def test_first_trick_rules():
    from cardcore.agents.bridge import trick_rule_card
    deal = Deal.from_pbn("N:AK32.AK32.AK32.A QJT9.QJT9.QJ.QJT 8765.8765.T98.98 4.4.7654.K765432")
    s = cardcore.new_game("bridge", deal=deal)
    for c in ["1S", "pass", "pass", "pass"]:
        s.apply(c)
    s.apply("4h")  # W leads

    def rule_card():
        return str(cardcore.Card(trick_rule_card(s.observation(s.current_player))))

    # dummy (N) second hand: low
    assert rule_card() == "2h"
    s.apply("2h")
    # E third hand: cheapest card that wins
    assert rule_card() == "9h"
    s.apply("Jh")
    # S fourth hand, opponents winning: win as cheaply as possible -- cannot beat the jack
    assert rule_card() == "5h"


def test_rule_tricks_option():
    with pytest.raises(cardcore.CardcoreError, match="rule_tricks"):
        BridgeAI(rule_tricks=-1)
    s = cardcore.new_game("bridge", seed=8)
    for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
        s.apply(c)
    ai = BridgeAI(seed=1, cheap=True, rule_tricks=2)
    seen = []  # (completed tricks before the decision, played by rule?)
    while sum(1 for t in s.tricks if t["winner"] is not None) < 3:
        done = sum(1 for t in s.tricks if t["winner"] is not None)
        multi = len(s.legal_actions()) > 1
        a = ai.act(s)
        if multi:
            seen.append((done, "rule" in ai.last_info))
        s.apply(a)
    assert all(by_rule for done, by_rule in seen if done < 2)
    assert all(not by_rule for done, by_rule in seen if done == 2)
    assert any(done == 2 for done, _ in seen)


def test_rule_play_from_dummy_is_legal():
    # several tricks by rule, including leads from dummy: every card chosen is legal
    for seed in range(6):
        s = cardcore.new_game("bridge", seed=seed)
        for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
            s.apply(c)
        ai = BridgeAI(seed=seed, cheap=True, rule_tricks=13)
        while not s.is_over:
            a = ai.act(s)
            assert a in s.legal_actions()
            s.apply(a)


# ---------------------------------------------------------------- no crash from any auction

def _finish(s, ai_seats, rng, ais):
    """Play ``s`` to the end: the AI in ``ai_seats`` (each answer checked legal), random calls
    and cards elsewhere (passing half the time in the auction)."""
    while not s.is_over:
        p = s.current_player
        legal = s.legal_actions()
        if p in ai_seats:
            a = ais[p].act(s)
            assert a in legal, (s.calls, str(a))
        elif s.phase == "auction" and rng.below(2):
            a = legal[0]
        else:
            a = legal[rng.below(len(legal))]
        s.apply(a)
    return s


def _ais(seed, strength="easy"):
    return [BridgeAI(seed=seed * 4 + k, strength=strength) for k in range(4)]


def test_the_3nt_opening_is_answered():
    # South opening 3NT as the first call crashed the AI (a rule asked for a "N" suit length)
    for seed in range(48):
        s = cardcore.new_game("bridge", seed=seed)
        s.apply("3NT")
        a = BridgeAI(seed=seed).act(s)
        assert a in s.legal_actions()
    assert call("32.432.5432.5432", ["3NT"], dealer=N) == "pass"
    # the AI's partner reads 3NT and every seat bids on legally
    pics = read_auction(Auction(S, ["3NT", "pass"]))
    assert pics[S].minlen == [0, 0, 0, 0]


@pytest.mark.parametrize("bid", BIDS)
def test_every_opening_bid_is_answered_legally(bid):
    # the opening bid from each seat in turn (0..3 passes before it), then the AI seats carry
    # on through the auction and the play; the player who opened calls and plays at random
    rng = Rng(bid_index(bid))
    for passes in range(4):
        seed = bid_index(bid) * 4 + passes
        s = cardcore.new_game("bridge", seed=seed)
        for _ in range(passes):
            s.apply("pass")
        opener = s.current_player
        s.apply(bid)
        _finish(s, {x for x in range(4) if x != opener}, rng, _ais(seed))
        assert s.is_over and s.score_breakdown() is not None


@pytest.mark.parametrize("start", [
    ["pass", "pass", "pass"],                       # the fourth seat may pass the deal out
    ["1C", "X"], ["1S", "X", "XX"], ["1NT", "X"], ["2C", "X"], ["3NT", "X", "XX"],
    ["1H", "pass", "pass", "X"], ["1D", "pass", "pass", "X", "XX"], ["7NT", "X"],
    ["7C", "pass", "pass", "X", "XX"], ["1C", "1NT", "X", "XX"], ["2H", "X", "pass", "pass"],
    ["4S", "X"], ["1H", "2H"], ["1NT", "2C", "X"], ["pass", "1S", "X", "XX", "2C"],
])
def test_doubles_redoubles_and_pass_outs_are_answered_legally(start):
    for seed in range(4):
        for dealer_ai in (False, True):
            s = cardcore.new_game("bridge", seed=100 + seed)
            human = set()
            for c in start:  # the calls given are made by whoever is to call
                human.add(s.current_player)
                s.apply(c)
            ai_seats = set(range(4)) if dealer_ai else set(range(4)) - human or {0}
            _finish(s, ai_seats, Rng(seed), _ais(seed))
            assert s.is_over


def test_random_auctions_then_the_ai():
    rng = Rng(7)
    for seed in range(120):
        s = cardcore.new_game("bridge", seed=1000 + seed)
        for _ in range(rng.below(14)):
            if s.phase != "auction":
                break
            legal = s.legal_actions()
            s.apply(legal[0] if rng.below(2) else legal[rng.below(len(legal))])
        _finish(s, set(range(4)), rng, _ais(seed))
        assert s.is_over


def test_random_auctions_many_hands():
    # the bidding rules alone, over many more auctions: every call legal, every auction ends
    rng = Rng(11)
    for _ in range(2000):
        deck = list(range(52))
        rng.shuffle(deck)
        a = Auction(rng.below(4))
        for _ in range(rng.below(12)):
            if a.is_over:
                break
            legal = a.legal_calls()
            a.add("pass" if rng.below(5) < 2 else legal[rng.below(len(legal))])
        n = 0
        while not a.is_over:
            seat = a.next_seat
            c, _ = choose_call(deck[seat * 13:seat * 13 + 13], a)
            assert c in a.legal_calls(), (a.calls, c)
            a.add(c)
            n += 1
            assert n < 60, a.calls


# ---------------------------------------------------------------- strengths

def test_strengths_table_and_options():
    easy, normal, strong = (BridgeAI(seed=1, strength=x) for x in ("easy", "normal", "strong"))
    assert (normal.samples, normal.max_nodes, normal.rule_tricks, normal.early_samples) == \
        (48, 500_000, 1, 0)                            # today's default, unchanged
    assert easy.rule_tricks == 13 and (strong.samples, strong.early_samples) == (48, 0)
    assert (easy.objective, normal.objective, strong.objective) == ("tricks", "tricks", "score")
    assert BridgeAI(strength="strong", samples=10).samples == 10   # explicit options win
    with pytest.raises(cardcore.CardcoreError, match="early_samples"):
        BridgeAI(early_samples=-1)
    with pytest.raises(cardcore.CardcoreError, match="strength"):
        BridgeAI(strength="hard")


def test_easy_plays_every_card_by_rule_and_strong_values_cards_by_the_score(monkeypatch):
    import cardcore.bridge.solver as solver
    from cardcore.bridge.scoring import score

    s = cardcore.new_game("bridge", seed=8)
    for c in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
        s.apply(c)
    easy = BridgeAI(seed=1, strength="easy")
    while len(s.tricks) < 5 or len(s.legal_actions()) < 2:
        a = easy.act(s)
        assert "rule" in easy.last_info or len(s.legal_actions()) == 1
        s.apply(a)
    # every sampled deal answers the same: the k-th legal card takes k tricks from here
    legal = [int(a.cards[0]) for a in s.legal_actions()]
    answer = {cardcore.cards.Card(c): k for k, c in enumerate(legal)}
    monkeypatch.setattr(solver, "solve_cards", lambda *a, **k: dict(answer))
    mover = s.current_player
    left = 13 - len(s.tricks)
    ns = s.won[0]
    strong, normal = BridgeAI(seed=1, strength="strong"), BridgeAI(seed=1)
    strong.act(s)
    normal.act(s)
    for k, c in enumerate(legal):
        decl_tricks = ns + k if mover % 2 == 0 else ns + left - k
        want = score("3NT", "S", decl_tricks, False) * (1 if mover % 2 == 0 else -1)
        assert strong.last_info["values"][c] == want, (c, k)
        side = ns if mover % 2 == 0 else s.won[1]
        need = 9 if mover % 2 == 0 else 5
        assert normal.last_info["values"][c] == k + (0.5 if side + k >= need else 0.0)
    while not s.is_over:                    # easy: every card by rule, to the end
        a = easy.act(s)
        assert "rule" in easy.last_info or len(s.legal_actions()) == 1
        s.apply(a)


# ---------------------------------------------------------------- more of the system

def test_ace_asking():
    # South opened 1S, North raised to game: South (20 points) asks for aces with 4NT
    south = "AKQ32.AK2.K32.32"
    assert call(south, ["1S", "pass", "4S", "pass"]) == "4NT"
    # the answers: 5C none (or four), 5D one, 5H two, 5S three
    asked = ["1S", "pass", "4S", "pass", "4NT", "pass"]
    assert call("J654.QJ3.A32.KQ2", asked) == "5D"
    assert call("J654.Q32.A32.AQ2", asked) == "5H"
    assert call("J654.QJ3.QJ2.KQ2", asked) == "5C"
    pics = read_auction(Auction(S, asked + ["5D"]))
    assert pics[N].aces == (1, 1)
    # the asker: one ace missing -> six; two missing -> five of the suit; none -> six (no
    # grand slam without 37 points)
    assert call(south, asked + ["5D", "pass"]) == "6S"
    assert call(south, asked + ["5C", "pass"]) == "5S"
    assert call(south, asked + ["5H", "pass"]) == "6S"
    # and then the answering hand passes
    assert call("J654.QJ3.A32.KQ2", asked + ["5D", "pass", "6S", "pass"]) == "pass"
    # after partner's no trump 4NT is not an ace ask (quantitative over 1NT)
    assert call("AK2.A32.KJ32.Q32", ["1NT", "pass", "4NT", "pass"]) == "6NT"


def test_negative_double_balancing_and_four_level_preempts():
    # partner opened 1C, RHO overcalled 1D: four cards in both majors and 8 HCP -> X
    assert call("KJ32.Q432.32.J32", ["1C", "1D"], dealer=N) == "X"
    # opener answers the negative double in a four-card major
    assert call("AK32.32.K32.AJ32", ["1C", "1D", "X", "pass"], dealer=S) == "1S"
    # balancing: their 1H, two passes: an overcall with 6 HCP
    assert call("KJ732.32.Q32.432", ["1H", "pass", "pass"], dealer=E) == "1S"
    # but not in the direct seat with the same hand
    assert call("KJ732.32.Q32.432", ["1H"], dealer=E) == "pass"
    # eight spades and 7 HCP: 4S
    assert call("KQJ98765.32.32.2", []) == "4S"


def test_reopening_double_and_one_major_negative_double():
    # S opened 1D, W overcalled 2C, two passes: S (short in clubs, 14 HCP) reopens with X
    assert call("AK32.KQ32.QJ32.2", ["1D", "2C", "pass", "pass"]) == "X"
    # N, with a club stack behind the overcaller, passes the double for penalty
    assert call("32.432.32.AKJT92", ["1D", "2C", "pass", "pass", "X", "pass"]) == "pass"
    # with three clubs and six diamonds opener rebids the diamonds instead
    assert call("A2.K3.AKJ932.432", ["1D", "2C", "pass", "pass"]) == "2D"
    # over 1D - 2C one four-card major and 9 HCP is enough for a negative double
    assert call("KJ32.Q32.K32.432", ["1D", "2C"]) == "X"
    pics = read_auction(Auction(S, ["1D", "2C", "X"]))
    assert pics[N].minlen[2] >= 4 and pics[N].minlen[3] >= 4   # read as both majors first
