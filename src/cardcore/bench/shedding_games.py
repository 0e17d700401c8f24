"""``cardcore bench shedding_games``: Dou Dizhu / Zheng Shangyou random self-play speed and the
AI's decision time and win rate against random and greedy players (cardcore only, no optional
packages)."""

from __future__ import annotations

import time

from ..agents import get
from ..game import new_game
from ..rng import Rng
from . import won


def _selfplay(game: str, games: int) -> float:
    rng = Rng(1)
    t = time.perf_counter()
    for i in range(games):
        st = new_game(game, seed=i)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return games / (time.perf_counter() - t)


def _ai_vs(opponent: str, deals: int, rollouts: int | None) -> tuple[int, float]:
    """Dou Dizhu: AI landlord (seat 0, bid 3) against two ``opponent`` farmers for ``deals``
    deals; the deals won and the AI's mean time per play."""
    from ..agents.doudizhu import DouDizhuAI

    wins, moves, spent = 0, 0, 0.0
    for i in range(deals):
        st = new_game("doudizhu", seed=10_000 + i, first=0)
        st.apply("bid 3")
        ai = DouDizhuAI(seed=i) if rollouts is None else DouDizhuAI(seed=i, rollouts=rollouts)
        opp = [get(opponent, "doudizhu", seed=i * 3 + s) for s in range(3)]
        while not st.is_over:
            p = st.current_player
            assert p is not None
            if p == 0:
                t = time.perf_counter()
                a = ai.act(st)
                spent += time.perf_counter() - t
                moves += 1
            else:
                a = opp[p].act(st)
            st.apply(a)
        wins += st.winner == 0
    return wins, spent / max(1, moves)


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    from ..agents.doudizhu import DouDizhuAI

    games = 100 if quick else 1000
    deals = 10 if quick else 100
    g_deals = max(4, deals // 2)
    wins, per_move = _ai_vs("random", deals, rollouts=8)
    g_wins, g_move = _ai_vs("greedy", g_deals, rollouts=None)
    n = DouDizhuAI.DEFAULT_ROLLOUTS
    return [
        ("doudizhu random self-play", _selfplay("doudizhu", games), "games/s"),
        ("zhengshangyou random self-play", _selfplay("zhengshangyou", games), "games/s"),
        won(f"doudizhu AI (8 worlds/play) landlord vs random, {deals} deals", wins, deals),
        ("doudizhu AI decision, 8 worlds", per_move * 1e3, "ms/play"),
        won(f"doudizhu AI (default, {n} worlds/play) landlord vs greedy, {g_deals} deals",
            g_wins, g_deals),
        (f"doudizhu AI decision, default {n} worlds", g_move * 1e3, "ms/play"),
    ]
