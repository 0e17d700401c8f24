"""Win rates of the Dou Dizhu and Zheng Shangyou AIs.

Dou Dizhu deals are played on cardcore's engine with seat 0 as the landlord (it opens the
auction with "bid 3", as RLCard's environment has no auction) against:

- ``random``: uniform over the legal actions;
- ``greedy``: the registered ``greedy`` agent, the AI's own plan policy without search
  (``rollouts=0``) -- what the rollouts add;
- ``rlcard-rule``: RLCard's ``doudizhu-rule-v1`` agent (``DouDizhuRuleAgentV1``), driven through
  an adapter that builds the raw observation it reads (its hand and the legal plays in RLCard's
  rank-string notation, the play trace, the landlord and its own seat) from cardcore's public
  observation and maps its answer back.

The AI plays the landlord (seat 0) or both farmers (seats 1 and 2); a deal is a win when the
AI's side goes out first. Zheng Shangyou: the AI in seat 0 against two random or two greedy
players (win = it goes out first; the mean score is also shown). Each row gives the win rate
with a 95% Wilson interval.

The AI plays at its default budget (a fixed number of sampled worlds per play) unless
``--rollouts`` or the opt-in clock ``--budget-ms`` is given.

    python bench/bench_shedding_ai.py --deals 1000
    python bench/bench_shedding_ai.py --deals 200 --rollouts 8 --only rlcard
    python bench/bench_shedding_ai.py --deals 200 --budget-ms 100 --only greedy --only zsy
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import cardcore
from cardcore.agents import get
from cardcore.agents.doudizhu import DouDizhuAI
from cardcore.agents.zhengshangyou import ZhengShangyouAI
from cardcore.engines.shedding import rank_index

RL_CHARS = "3456789TJQKA2BR"


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def rl_str(cards) -> str:
    """RLCard's notation of a set of cards: rank characters sorted low to high."""
    return "".join(sorted((RL_CHARS[rank_index(c)] for c in cards), key=RL_CHARS.index))


def rl_trace(obs: dict) -> list[tuple[int, str]]:
    """The play trace (plays and passes in order) from the public observation: each play
    ``plays[i]``, then the passes on it (``passes_on`` entries ``[seat, i]``)."""
    passes: dict[int, list[int]] = {}
    for seat, idx in obs["passes_on"]:
        passes.setdefault(idx, []).append(seat)
    trace = [(seat, "pass") for seat in passes.get(-1, [])]
    for i, p in enumerate(obs["plays"]):
        trace.append((p["seat"], rl_str(p["cards"])))
        trace += [(seat, "pass") for seat in passes.get(i, [])]
    return trace


class RLCardRuleAdapter:
    """Drives RLCard's ``DouDizhuRuleAgentV1`` on a cardcore Dou Dizhu state (public API)."""

    def __init__(self, seed: int = 0) -> None:
        import numpy as np
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

        self.agent = DouDizhuRuleAgentV1()
        self.types = CARD_TYPE[0]
        np.random.seed(seed % (2 ** 32))

    def act(self, state):
        legal = state.legal_actions()
        obs = state.observation(state.current_player)
        if obs["phase"] == "bid":
            return next(a for a in legal if a.kind == "pass")
        by_str: dict[str, object] = {}
        for a in legal:
            s = "pass" if a.kind == "pass" else rl_str(a.cards)
            if s == "pass" or s in self.types:
                by_str.setdefault(s, a)
        raw = {
            "current_hand": rl_str(obs["hand"]),
            "trace": rl_trace(obs),
            "actions": list(by_str),
            "landlord": obs["landlord"],
            "self": obs["player"],
        }
        choice = self.agent.step({"raw_obs": raw})
        if choice in by_str:
            return by_str[choice]
        # a lead the rule agent composed that is not listed verbatim: match by ranks
        for a in legal:
            if a.cards and rl_str(a.cards) == "".join(sorted(choice, key=RL_CHARS.index)):
                return a
        return legal[0]


def opponent(name: str, game: str, seed: int):
    if name == "rlcard":
        return RLCardRuleAdapter(seed)
    return get(name, game, seed=seed)


def ddz_deal(seed: int, ai_landlord: bool, opp: str, ai_opts: dict) -> bool:
    st = cardcore.new_game("doudizhu", seed=seed, first=0)
    st.apply("bid 3")
    ai_seats = (0,) if ai_landlord else (1, 2)
    agents = [DouDizhuAI(seed=seed * 7 + s, **ai_opts) if s in ai_seats
              else opponent(opp, "doudizhu", seed * 7 + s) for s in range(3)]
    while not st.is_over:
        st.apply(agents[st.current_player].act(st))
    return st.scores()[ai_seats[0]] > 0


def zsy_deal(seed: int, opp: str, ai_opts: dict) -> tuple[bool, float]:
    st = cardcore.new_game("zhengshangyou", seed=seed)
    agents = [ZhengShangyouAI(seed=seed, **ai_opts),
              opponent(opp, "zhengshangyou", seed * 3 + 1),
              opponent(opp, "zhengshangyou", seed * 3 + 2)]
    while not st.is_over:
        st.apply(agents[st.current_player].act(st))
    return st.winner == 0, st.scores()[0]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=None,
                    help="sampled worlds per play (default: the AI's default budget)")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="opt-in clock: AI time per play (ms) instead of counted work")
    ap.add_argument("--only", choices=["random", "greedy", "rlcard", "ddz", "zsy"],
                    action="append", help="opponents and/or games to run (default: all)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    opts: dict = {}
    if args.rollouts is not None:
        opts["rollouts"] = args.rollouts
    if args.budget_ms is not None:
        opts["time_budget"] = args.budget_ms / 1000
    only = set(args.only or ())
    opps = [o for o in ("random", "greedy", "rlcard") if o in only] or ["random", "greedy",
                                                                         "rlcard"]
    games = [g for g in ("ddz", "zsy") if g in only] or ["ddz", "zsy"]
    if "rlcard" in opps:
        try:
            import rlcard  # noqa: F401
        except ImportError:
            print("rlcard is not installed (pip install rlcard): skipping its rows")
            opps = [o for o in opps if o != "rlcard"]
    mode = ", ".join(f"{k}={v}" for k, v in opts.items()) or (
        f"default budget (rollouts={DouDizhuAI.DEFAULT_ROLLOUTS} / "
        f"{ZhengShangyouAI.DEFAULT_ROLLOUTS})")
    print(f"Shedding AIs, {args.deals} deals per row, AI {mode}")
    print(f"{'game':<14}{'AI as':<10}{'opponent':<13}{'wins':>7}{'rate':>8}"
          f"{'95% CI':>17}{'s/deal':>8}")
    for opp in opps:
        name = "rlcard-rule" if opp == "rlcard" else opp
        if "ddz" in games:
            for ai_landlord in (True, False):
                t = time.perf_counter()
                wins = sum(ddz_deal(args.seed + i, ai_landlord, opp, opts)
                           for i in range(args.deals))
                dt = (time.perf_counter() - t) / args.deals
                lo, hi = wilson(wins, args.deals)
                role = "landlord" if ai_landlord else "farmers"
                print(f"{'doudizhu':<14}{role:<10}{name:<13}{wins:>7}{wins / args.deals:>8.3f}"
                      f"{f'[{lo:.3f}, {hi:.3f}]':>17}{dt:>8.2f}", flush=True)
        if "zsy" in games and opp != "rlcard":
            t = time.perf_counter()
            wins, total = 0, 0.0
            for i in range(args.deals):
                w, s = zsy_deal(args.seed + i, opp, opts)
                wins += w
                total += s
            dt = (time.perf_counter() - t) / args.deals
            lo, hi = wilson(wins, args.deals)
            print(f"{'zhengshangyou':<14}{'seat 0':<10}{'2x ' + name:<13}{wins:>7}"
                  f"{wins / args.deals:>8.3f}{f'[{lo:.3f}, {hi:.3f}]':>17}{dt:>8.2f}"
                  f"   mean score {total / args.deals:+.1f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
