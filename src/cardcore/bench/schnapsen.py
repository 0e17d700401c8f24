"""``cardcore bench schnapsen``: Schnapsen random self-play speed, the AI's exact end-game
search and its decision time and win rate against the greedy baseline (cardcore only)."""

from __future__ import annotations

import statistics
import time

from ..agents import get
from ..game import new_game
from ..rng import Rng
from . import won


def _selfplay(matches: int) -> float:
    rng = Rng(1)
    t = time.perf_counter()
    for i in range(matches):
        st = new_game("schnapsen", seed=i)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return matches / (time.perf_counter() - t)


def _endgames(n: int) -> float:
    """Median time of one exact alpha-beta solve with five cards each (stock just exhausted)."""
    from ..agents.schnapsen import Knowledge, search
    from ..schnapsen.state import SchnapsenState

    times: list[float] = []
    seed = 0
    while len(times) < n:
        seed += 1
        st = new_game("schnapsen", seed=seed, single_deal=True)
        assert isinstance(st, SchnapsenState)
        rng = Rng(seed)
        while not st.is_over and st.stock:
            legal = [a for a in st.legal_actions() if a.kind != "close"]
            st.apply(legal[rng.below(len(legal))])
        if st.is_over or st.phase != "lead":
            continue
        me = st.current_player
        assert me is not None
        w = Knowledge(st.observation(me)).world(None)
        t = time.perf_counter()
        search(w, 0, -9.0, 9.0, me)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _ai_vs_greedy(deals: int) -> tuple[int, float, float]:
    from ..agents.schnapsen import SchnapsenAI

    wins, gp, spent = 0, 0.0, []
    for i in range(deals):
        seat = i % 2
        ai = SchnapsenAI(seed=i)
        opp = get("greedy", "schnapsen", seed=i)
        st = new_game("schnapsen", seed=20_000 + i, single_deal=True)
        while not st.is_over:
            if st.current_player == seat:
                t = time.perf_counter()
                a = ai.act(st)
                spent.append(time.perf_counter() - t)
            else:
                a = opp.act(st)
            st.apply(a)
        wins += st.scores()[seat] > 0
        gp += st.scores()[seat]
    return wins, gp / deals, statistics.median(spent)


def run(quick: bool = True) -> list[tuple[str, float, str]]:
    matches = 50 if quick else 500
    deals = 20 if quick else 200
    wins, gp, per_move = _ai_vs_greedy(deals)
    return [
        ("schnapsen random self-play (7-point matches)", _selfplay(matches), "matches/s"),
        ("schnapsen exact end game, 5 cards each", _endgames(20 if quick else 200) * 1e3, "ms"),
        won(f"schnapsen AI vs greedy, {deals} single deals", wins, deals),
        (f"schnapsen AI vs greedy, {deals} single deals", gp, "game points/deal"),
        ("schnapsen AI decision (median)", per_move * 1e3, "ms"),
    ]
