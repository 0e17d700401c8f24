"""Hold'em AI: legal play, reproducibility, and a clear win against a calling station."""

import pytest

import cardcore
from cardcore import CardcoreError
from cardcore.agents import RandomAgent, get
from cardcore.agents.holdem import CallingStation, HoldemAI


def test_ai_is_the_registered_holdem_agent():
    ai = get("ai", "holdem", seed=1)
    assert isinstance(ai, HoldemAI)
    assert isinstance(get("calling-station", "holdem"), CallingStation)


def test_plays_only_legal_actions_in_a_full_match():
    state = cardcore.new_game("holdem", seed=11)
    agents = [HoldemAI(seed=s, samples=600) for s in range(2)] + [
        RandomAgent("holdem", seed=5), CallingStation()]
    n = 0
    while not state.is_over and n < 3000:
        p = state.current_player
        action = agents[p].act(state)
        legal_texts = {a.text for a in state.legal_actions()}
        if action.kind == "raise":
            assert state.min_raise_to <= action.amount <= state.max_raise_to
        else:
            assert action.text in legal_texts
        before = state.to_json()
        state.apply(action)
        assert state.to_json() != before
        n += 1
    assert n > 20


def test_seeded_ai_is_reproducible_and_leaves_the_state_alone():
    state = cardcore.new_game("holdem", seed=3, single_deal=True)
    snapshot = state.to_json()
    a = HoldemAI(seed=9, samples=800).act(state)
    b = HoldemAI(seed=9, samples=800).act(state)
    assert a == b
    assert state.to_json() == snapshot


def test_strong_and_weak_hands():
    # button seat 0, blinds seats 1 and 2: seat 3 acts first preflop
    aces = cardcore.new_game("holdem", single_deal=True, seed=1,
                             deck="2c 3d 4h 5s 6c 7d As Ad" + _rest("2c3d4h5s6c7dAsAd"))
    assert aces.current_player == 3
    assert HoldemAI(seed=1).act(aces).kind in ("raise", "all-in")
    trash = cardcore.new_game("holdem", single_deal=True, seed=1,
                              deck="7c 2d As Ad Ks Kd Qs Qd" + _rest("7c2dAsAdKsKdQsQd"))
    trash.apply("raise 200")  # seat 3
    assert trash.current_player == 0
    assert HoldemAI(seed=2).act(trash).kind == "fold"


def _rest(used: str) -> str:
    from cardcore.cards import deck52, parse

    taken = set(parse(used))
    return " " + " ".join(str(c) for c in deck52() if c not in taken)


def test_beats_calling_station():
    total = 0.0
    for h in range(48):
        me = h % 4
        deal = h // 4
        state = cardcore.new_game("holdem", seed=500 + deal, single_deal=True, button=deal % 4)
        ai = HoldemAI(seed=h, samples=1500)
        station = CallingStation()
        while not state.is_over:
            p = state.current_player
            state.apply((ai if p == me else station).act(state))
        total += state.scores()[me]
    assert total > 0


def test_bad_options():
    with pytest.raises(CardcoreError, match="option samples=5: expected a whole number 100.."):
        HoldemAI(samples=5)
    with pytest.raises(CardcoreError, match="option time_budget=0: expected a number"):
        HoldemAI(time_budget=0)


def test_raises_tighten_the_opponent_range():
    """Against an opponent who re-raised, a medium hand's estimated equity drops."""
    deck = "Jc Td 9s 9h 8c 8d 2s 3s" + _rest("JcTd9s9h8c8d2s3s")

    def equity_after(action):
        state = cardcore.new_game("holdem", single_deal=True, seed=1, deck=deck)
        state.apply(action)  # seat 3 (2s 3s) acts first
        assert state.current_player == 0  # Jc Td
        obs = state.observation(0)
        return HoldemAI(seed=4, samples=20_000)._equity(obs, 0, [3], 1.0)

    passive = equity_after("call")
    aggressive = equity_after("raise 200")
    assert aggressive < passive - 0.05


# ---------------------------------------------------------------- strengths and rare branches
import json  # noqa: E402
import os  # noqa: E402

from cardcore.agents.holdem import EquityBot  # noqa: E402
from cardcore.agents.strength import STRENGTHS  # noqa: E402

REF = os.environ.get("CARDCORE_BACKEND") == "ref"
CHEAP = 300 if REF else None  # the pure-Python kernels: fewer samples, the same policy


def _answers(state, seed, samples=None):
    """Ask the AI at every strength (and the equity bot) for an action: each must be one of
    the listed legal actions and asking must leave the state as it was."""
    before = json.dumps(state._state_dict(), sort_keys=True)
    legal = state.legal_actions()
    bots = [HoldemAI(seed=seed, strength=s, samples=samples if s != "easy" else None)
            for s in STRENGTHS] + [EquityBot(seed=seed, samples=200)]
    for bot in bots:
        a = bot.act(state)
        assert a in legal, (getattr(bot, "strength", "equity"), a, legal)
        assert json.dumps(state._state_dict(), sort_keys=True) == before
    return legal


def _sweep(n_hands, seed0, **options):
    """Play ``n_hands`` hands of ``options`` with mixed seats and ask every strength at every
    decision; returns the kinds of legal-action lists met (for coverage checks)."""
    seen = set()
    mixed = [RandomAgent(seed=seed0), CallingStation(), EquityBot(seed=seed0, samples=200),
             HoldemAI(seed=seed0, strength="easy")]
    for h in range(n_hands):
        stacks = options.get("stacks", [1000] * 4)
        button = [b for b in range(4) if stacks[b] > 0][h % sum(1 for x in stacks if x > 0)]
        state = cardcore.new_game("holdem", seed=seed0 + h, single_deal=True,
                                  button=button, **options)
        k = 0
        while not state.is_over:
            legal = _answers(state, seed0 + 31 * h + k, samples=300)
            seen.add(tuple(sorted({a.kind for a in legal})))
            p = state.current_player
            obs = state.observation(p)
            if max(obs["bets"]) - obs["bets"][p] > obs["stacks"][p]:
                seen.add("call for less")
            if sum(1 for x in obs["in_hand"] if x) == 2:
                seen.add("heads-up")
            state.apply(mixed[(p + h) % 4].act(state))
            k += 1
    return seen


def test_strength_tables_and_options():
    assert {s: HoldemAI(strength=s).samples for s in STRENGTHS} == {
        "easy": 200, "normal": 4000, "strong": 16000}
    assert not HoldemAI(strength="easy").reads and HoldemAI().reads
    assert HoldemAI(strength="easy").bluff == 0 and HoldemAI().bluff == 1.0
    # an explicit option wins over the table
    assert HoldemAI(strength="strong", samples=500).samples == 500
    with pytest.raises(cardcore.CardcoreError, match="strength"):
        HoldemAI(strength="hard")


def test_all_in_for_less_than_a_call_and_side_pots():
    # seat 0 has 30 chips, seat 1 has 120: raises leave them all-in for less, side pots form
    seen = _sweep(2 if REF else 12, 700, stacks=[30, 120, 1000, 1000])
    assert "call for less" in seen  # owing more than the stack: the call is all-in for less


def test_short_stacks_and_blinds_posted_all_in():
    # the blinds cannot be covered: 5 and 15 chips
    _sweep(2 if REF else 10, 800, stacks=[1000, 5, 15, 1000])
    state = cardcore.new_game("holdem", seed=3, single_deal=True, stacks=[1000, 5, 15, 1000])
    _answers(state, 1, samples=300)


def test_heads_up_after_eliminations_and_seats_without_chips():
    assert "heads-up" in _sweep(2 if REF else 10, 900, stacks=[0, 1500, 0, 2500])
    _sweep(2 if REF else 6, 950, stacks=[400, 0, 1800, 1800])
    # a whole match down to the last player, with the AI at every strength in front of it
    state = cardcore.new_game("holdem", seed=12, stacks=[60, 40, 2000, 1900])
    rand = RandomAgent(seed=4)
    k = 0
    while not state.is_over and k < (20 if REF else 400):
        _answers(state, k, samples=300)
        state.apply(rand.act(state))
        k += 1
    assert sum(1 for s in state.observation(0)["stacks"] if s > 0) <= 3


def test_short_all_in_does_not_reopen_raising():
    # seat 3 raises to 100, seat 0 (button, 130 chips) goes all-in: a raise of 30, less than a
    # full raise, so seat 3 may only call or fold when the action comes back
    deck = "7c 2d As Ad Ks Kd Qs Qd" + _rest("7c2dAsAdKsKdQsQd")
    state = cardcore.new_game("holdem", single_deal=True, seed=1, deck=deck,
                              stacks=[130, 1000, 1000, 1000])
    state.apply("raise 100")   # seat 3
    state.apply("all-in")      # seat 0 to 130
    state.apply("call")        # seat 1
    state.apply("call")        # seat 2
    assert state.current_player == 3
    kinds = {a.kind for a in state.legal_actions()}
    assert "raise" not in kinds and "all-in" not in kinds
    for s in STRENGTHS:
        a = HoldemAI(seed=2, strength=s, samples=CHEAP).act(state)
        assert a.kind in ("call", "fold")
    # a full raise over a short all-in re-opens it
    state = cardcore.new_game("holdem", single_deal=True, seed=1, deck=deck,
                              stacks=[1000, 1000, 1000, 1000])
    state.apply("raise 60")
    state.apply("raise 100")
    state.apply("fold")
    state.apply("fold")
    assert state.current_player == 3
    assert "raise" in {a.kind for a in state.legal_actions()}
    for s in STRENGTHS:
        assert HoldemAI(seed=2, strength=s, samples=CHEAP).act(state) in state.legal_actions()


@pytest.mark.parametrize("short, reopens", [(105, True), (95, False)])
def test_short_all_ins_that_add_up_to_a_full_raise_reopen_it(short, reopens):
    # seat 3 raises to 60 (a raise of 40); seat 0 goes all-in to 80, seat 1 to ``short``:
    # seat 3 faces an increase of 45 (a full raise: raising re-opens) or 35 (it does not)
    state = cardcore.new_game("holdem", single_deal=True, seed=1,
                              stacks=[80, short, 1000, 1000])
    for a in ("raise 60", "all-in", "all-in", "call"):
        state.apply(a)
    assert state.current_player == 3
    assert ("raise" in {a.kind for a in state.legal_actions()}) == reopens
    for s in STRENGTHS:
        assert HoldemAI(seed=5, strength=s, samples=CHEAP).act(state) in state.legal_actions()
    assert EquityBot(seed=5, samples=200).act(state) in state.legal_actions()


def test_nothing_to_decide_for_the_ai_when_opponents_are_all_in():
    # everyone else all-in: the AI is asked only while it still owes a call
    _sweep(2 if REF else 8, 1000, stacks=[1000, 50, 50, 50])


def test_raises_are_listed_sizes():
    """The AI's raise is always one of the listed sizes (min, half pot, pot) or all-in."""
    state = cardcore.new_game("holdem", single_deal=True, seed=1,
                              deck="2c 3d 4h 5s 6c 7d As Ad" + _rest("2c3d4h5s6c7dAsAd"))
    a = HoldemAI(seed=1).act(state)
    assert a in state.legal_actions() and a.kind in ("raise", "all-in")


def test_equity_bot_follows_pot_odds():
    bot = EquityBot(seed=1, samples=4000)
    assert get("equity", "holdem", seed=1).name == "equity"
    aces = cardcore.new_game("holdem", single_deal=True, seed=1,
                             deck="2c 3d 4h 5s 6c 7d As Ad" + _rest("2c3d4h5s6c7dAsAd"))
    assert bot.act(aces).kind in ("raise", "all-in")   # AA against three random hands
    trash = cardcore.new_game("holdem", single_deal=True, seed=1,
                              deck="7c 2d As Ad Ks Kd Qs Qd" + _rest("7c2dAsAdKsKdQsQd"))
    trash.apply("all-in")                                # seat 3 shoves
    assert bot.act(trash).kind == "fold"                 # 72o: equity far below the odds
    trash.apply("call")  # seat 0 calls; seat 1 (small blind) with KK faces 1000 into 1030
    eq_needed = (1000 - 10) / (2030 + 990)
    a = bot.act(trash)
    assert bot.last_equity is not None
    assert (a.kind in ("call", "all-in", "raise")) == (bot.last_equity >= eq_needed)
    with pytest.raises(CardcoreError,
                       match="EquityBot: option samples=10: expected a whole number 100.."):
        EquityBot(samples=10)


def test_levels_reproducible_for_a_seed():
    for s in STRENGTHS:
        state = cardcore.new_game("holdem", seed=21, single_deal=True)
        seats = [HoldemAI(seed=p, strength=s, samples=CHEAP) for p in range(4)]
        log = []
        while not state.is_over:
            a = seats[state.current_player].act(state)
            log.append(a.text)
            state.apply(a)
        state = cardcore.new_game("holdem", seed=21, single_deal=True)
        seats = [HoldemAI(seed=p, strength=s, samples=CHEAP) for p in range(4)]
        again = []
        while not state.is_over:
            a = seats[state.current_player].act(state)
            again.append(a.text)
            state.apply(a)
        assert log == again
