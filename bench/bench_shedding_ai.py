"""Win rates of the Dou Dizhu and Zheng Shangyou AIs against baselines, with 95% intervals.

    python bench/bench_shedding_ai.py [--deals 200] [--seed 0] [--rollouts N | --budget-ms MS]
        [--strength easy|normal|strong] [--option KEY=INT ...] [--versus easy|normal|strong]
        [--only random|greedy|rlcard|ddz|zsy ...] [--workers K] [--ray [ADDRESS]]
        [--out FILE] | --aggregate FILE ... | --timing DEALS [--strength S]
        | --agreement DEALS [--strength S] [--versus T]

    python bench/bench_shedding_ai.py --deals 1000
    python bench/bench_shedding_ai.py --deals 200 --rollouts 8 --only rlcard
    python bench/bench_shedding_ai.py --deals 200 --budget-ms 100 --only greedy --only zsy
    python bench/bench_shedding_ai.py --deals 200 --strength strong --versus normal
    python bench/bench_shedding_ai.py --deals 200 --strength strong --option endgame=0 \
        --versus normal --only ddz
    python bench/bench_shedding_ai.py --timing 20 --strength strong
    python bench/bench_shedding_ai.py --agreement 15 --strength strong --versus normal --only ddz

Strengths: ``--strength`` sets the AI's strength (default ``normal``); ``--versus LEVEL`` plays
it against the AI at strength ``LEVEL`` instead of the baselines (Dou Dizhu: as landlord against
two of them and as both farmers against one; Zheng Shangyou: in each seat in turn against two),
so each level is measured against the one below on the same duplicate deals. ``--timing DEALS``
only times the AI's decisions in self-play at ``--strength`` (process time, so other load on the
machine does not count, and wall clock): median, p99 and max seconds a move.

Long runs in pieces: ``--out FILE`` appends each deal's result to ``FILE`` (JSON lines), and
``--aggregate FILE ...`` prints the rows of every stored deal (runs over disjoint seed ranges add
up to one measurement; a seed stored twice counts once).

Runs on ``cardcore.simulate``. Deal ``k`` (``k = 0 .. deals - 1``) is dealt from seed
``seed + k``, and the agent in seat ``s`` of it is seeded with
``cardcore.simulate.agent_seed(seed + k, s)``: the plays of a deal see the same cards, and an
agent of the same kind in the same seat of a deal is the same player. Opponents:

- ``random``: uniform over the legal actions;
- ``greedy``: the registered ``greedy`` agent, the AI's own plan policy without search
  (``rollouts=0``) -- what the rollouts add;
- ``rlcard-rule`` (Dou Dizhu only): RLCard's ``doudizhu-rule-v1`` agent
  (``DouDizhuRuleAgentV1``), driven through an adapter that builds the raw observation it reads
  (its hand and the legal plays in RLCard's rank-string notation, the play trace, the landlord
  and its own seat) from cardcore's public observation and maps its answer back. Skipped when
  ``rlcard`` is not installed.

Dou Dizhu (option ``first=0``): seat 0 opens the auction with "bid 3" and is the landlord (the
roles are fixed, as RLCard's environment has no auction). Every deal is played twice: the AI as
the landlord (seat 0) against two copies of the opponent, and the opponent as the landlord
against the AI in both farmer seats (1 and 2). A play is a win when the AI's side goes out
first. Rows ``landlord`` and ``farmers``: the win rate in that role with a 95% Wilson interval
(over the deals, one play each). Row ``both``: the AI's share of the two plays of a deal won,
averaged over the deals, with a 95% interval over the deals (normal approximation, mean +- 1.96
standard errors, cut to [0, 1]); an AI no better than the opponent scores 0.5 ("even").

Zheng Shangyou: duplicate deals, every deal played three times with the AI in each seat in turn
against two copies of the opponent (``random`` or ``greedy``). A play is a win when the AI goes
out first. The row gives the win rate with a 95% Wilson interval over the plays, and the AI's
mean score per play with its 95% interval over the deals (the mean of a deal's three plays;
normal approximation); the scores are zero-sum, so an AI no better than the opponent scores 0.

``s/play`` is the time a play takes in its worker (wall clock: every seat's decisions and the
agents' setup), averaged over the row's plays. The AI plays at its default budget (a fixed
number of sampled worlds per play) unless ``--rollouts`` or the opt-in clock ``--budget-ms`` is
given. The exit code is 1 when the lower end of a ``both`` row's interval is not above 0.5 or
that of a Zheng Shangyou mean score is not above 0 (the AI is not shown to be better than that
opponent), else 0.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:  # worker processes import this file by name (the agents below)
    sys.path.insert(0, _HERE)

import cardcore  # noqa: E402
from cardcore.agents import get  # noqa: E402
from cardcore.agents.doudizhu import DouDizhuAI  # noqa: E402
from cardcore.agents.zhengshangyou import ZhengShangyouAI  # noqa: E402
from cardcore.engines.shedding import rank_index  # noqa: E402

#: the module name the agents below are imported by in the workers
MODULE = Path(__file__).stem
RL_CHARS = "3456789TJQKA2BR"
OPPONENTS = ("random", "greedy", "rlcard")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation) of ``xs``."""
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, m - h, m + h


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


class BidThree:
    """A Dou Dizhu seat for ``cardcore.simulate``: bids 3 (the top bid, which ends the auction)
    when the auction comes to it, and plays as ``agent`` (``"ai"``, ``"random"``, ``"greedy"``
    or ``"rlcard"``) otherwise. With ``first=0`` seat 0 opens the auction, so it is the
    landlord. ``rollouts``, ``time_budget``, ``strength`` and the search options go to the AI."""

    def __init__(self, game: str = "doudizhu", seed: int | None = None, *, agent: str = "ai",
                 rollouts: int | None = None, time_budget: float | None = None,
                 strength: str | None = None, top_k: int | None = None,
                 first_cut: int | None = None, endgame: int | None = None,
                 endgame_worlds: int | None = None, endgame_nodes: int | None = None,
                 bid_samples: int | None = None) -> None:
        opts = {k: v for k, v in (("rollouts", rollouts), ("time_budget", time_budget),
                                  ("strength", strength), ("top_k", top_k),
                                  ("first_cut", first_cut), ("endgame", endgame),
                                  ("endgame_worlds", endgame_worlds),
                                  ("endgame_nodes", endgame_nodes),
                                  ("bid_samples", bid_samples)) if v is not None}
        if agent == "rlcard":
            self.inner: Any = RLCardRuleAdapter(seed or 0)
        else:
            self.inner = get(agent, game, seed=seed, **(opts if agent == "ai" else {}))

    def act(self, state):
        if state.observation(state.current_player)["phase"] == "bid":
            for a in state.legal_actions():
                if a.text == "bid 3":
                    return a
        return self.inner.act(state)


def _options(ai_opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in ai_opts.items())


def ddz_rows(opp: str, deals: int, seed: int, ai_opts: dict, workers: int | None = None,
             engine: str = "local", address: str | None = None,
             out: str | None = None) -> list[dict]:
    """The ``landlord``, ``farmers`` and ``both`` rows of Dou Dizhu against ``opp`` (an
    opponent name, or ``"ai:strength=LEVEL"`` for the AI at another strength)."""
    ai = f"{MODULE}:BidThree:" + _options({"agent": "ai", **ai_opts})
    if opp.startswith("ai:"):
        other = f"{MODULE}:BidThree:agent=ai,{opp[3:]}"
    else:
        other = f"{MODULE}:BidThree:agent={opp}"
    common: dict[str, Any] = {"seed": seed, "first": 0, "workers": workers, "engine": engine,
                              "address": address}
    landlord = cardcore.simulate("doudizhu", [ai, other, other], deals, **common)
    farmers = cardcore.simulate("doudizhu", [other, ai, ai], deals, **common)
    won: dict[str, dict[int, int]] = {}
    rows = []
    for role, res, seat in (("landlord", landlord, 0), ("farmers", farmers, 1)):
        won[role] = {r["seed"]: int(r["scores"][seat] > 0) for r in res.rows}
        wins = sum(won[role].values())
        lo, hi = wilson(wins, res.total_games)
        rows.append({"game": "doudizhu", "role": role, "opponent": opp, "deals": deals,
                     "plays": res.total_games, "wins": wins, "rate": wins / res.total_games,
                     "lo": lo, "hi": hi, "even": None,
                     "sec": res.cpu_seconds / res.total_games})
    if out:
        with open(out, "a") as f:
            for k in sorted(won["landlord"]):
                f.write(json.dumps({"game": "doudizhu", "opponent": opp,
                                    "ai": _options(ai_opts), "seed": k,
                                    "landlord": won["landlord"][k],
                                    "farmers": won["farmers"][k]}) + "\n")
    share = [(won["landlord"][k] + won["farmers"][k]) / 2 for k in won["landlord"]]
    m, lo, hi = mean_ci(share)
    lo, hi = max(0.0, lo), min(1.0, hi)
    plays = landlord.total_games + farmers.total_games
    rows.append({"game": "doudizhu", "role": "both", "opponent": opp, "deals": deals,
                 "plays": plays, "wins": sum(map(sum, (d.values() for d in won.values()))),
                 "rate": m, "lo": lo, "hi": hi, "even": 0.5,
                 "sec": (landlord.cpu_seconds + farmers.cpu_seconds) / plays})
    return rows


def zsy_row(opp: str, deals: int, seed: int, ai_opts: dict, workers: int | None = None,
            engine: str = "local", address: str | None = None, out: str | None = None) -> dict:
    """The Zheng Shangyou row against two copies of ``opp`` (duplicate deals)."""
    ai = "ai" + (":" + _options(ai_opts) if ai_opts else "")
    res = cardcore.simulate("zhengshangyou", [ai, opp, opp], deals, seed=seed, duplicate=True,
                            stats=zsy_winner, workers=workers, engine=engine, address=address)
    wins = sum(r["stats"] == r["agents"].index(ai) for r in res.rows)
    lo, hi = wilson(wins, res.total_games)
    if out:
        with open(out, "a") as f:
            for r in res.rows:
                seat = r["agents"].index(ai)
                f.write(json.dumps({"game": "zhengshangyou", "opponent": opp,
                                    "ai": _options(ai_opts), "seed": r["seed"],
                                    "score": r["scores"][seat],
                                    "win": int(r["stats"] == seat)}) + "\n")
    score = res[ai]
    return {"game": "zhengshangyou", "role": "any seat", "opponent": opp, "deals": deals,
            "plays": res.total_games, "wins": wins, "rate": wins / res.total_games,
            "lo": lo, "hi": hi, "even": None, "score": score.mean, "score_ci": score.ci95,
            "sec": res.cpu_seconds / res.total_games}


GAME_NAMES = {"ddz": "doudizhu", "zsy": "zhengshangyou"}


def aggregate(files: list[str]) -> list[str]:
    """The rows of the deals stored by ``--out`` (runs over disjoint seed ranges add up): per
    game, opponent and AI options, Dou Dizhu's landlord and farmers win rates (Wilson) and the
    share of a deal's two plays won (mean over the deals); Zheng Shangyou's win rate (Wilson,
    over the plays) and mean score a play (95% interval over the deals)."""
    groups: dict[tuple, dict] = {}
    for name in files:
        with open(name) as f:
            for line in f:
                d = json.loads(line)
                key = (d["game"], d["opponent"], d["ai"] or "normal")
                groups.setdefault(key, {}).setdefault(d["seed"], []).append(d)
    out = []
    for (game, opp, ai), deals in sorted(groups.items()):
        head = f"{game} AI [{ai}] vs {opp}: {len(deals)} deals"
        if game == "doudizhu":
            rows = [v[-1] for v in deals.values()]
            parts = []
            for role in ("landlord", "farmers"):
                k = sum(r[role] for r in rows)
                lo, hi = wilson(k, len(rows))
                parts.append(f"{role} {k}/{len(rows)} = {k / len(rows):.3f} "
                             f"[{lo:.3f}, {hi:.3f}]")
            m, lo, hi = mean_ci([(r["landlord"] + r["farmers"]) / 2 for r in rows])
            parts.append(f"both {m:.3f} [{max(0.0, lo):.3f}, {min(1.0, hi):.3f}]")
            out.append(head + "; " + "; ".join(parts))
        else:
            plays = [r for v in deals.values() for r in v]
            k = sum(r["win"] for r in plays)
            lo, hi = wilson(k, len(plays))
            m, mlo, mhi = mean_ci([statistics.fmean(r["score"] for r in v)
                                   for v in deals.values()])
            out.append(head + f", {len(plays)} plays; wins {k}/{len(plays)} = "
                       f"{k / len(plays):.3f} [{lo:.3f}, {hi:.3f}]; mean score a play "
                       f"{m:+.2f} [{mlo:+.2f}, {mhi:+.2f}]")
    return out


def timing(game: str, deals: int, seed: int, ai_opts: dict) -> str:
    """The AI's seconds a decision (process time, so other load on the machine does not
    count; and wall clock) over ``deals`` self-play deals: median, p99 and max."""
    import time

    cpu: list[float] = []
    wall: list[float] = []
    for k in range(deals):
        state = cardcore.new_game(game, seed=seed + k)
        seats = [get("ai", game, seed=cardcore.simulate.agent_seed(seed + k, s), **ai_opts)
                 for s in range(3)]
        while not state.is_over:
            t0, w0 = time.process_time(), time.perf_counter()
            action = seats[state.current_player].act(state)
            cpu.append(time.process_time() - t0)
            wall.append(time.perf_counter() - w0)
            state.apply(action)

    def q(xs: list[float], f: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(f * len(xs)))]

    return (f"{game} timing {_options(ai_opts) or 'normal'}: {deals} deals, {len(cpu)} "
            f"decisions; s/move cpu median {q(cpu, .5):.4f} p99 {q(cpu, .99):.4f} max "
            f"{max(cpu):.4f}; wall median {q(wall, .5):.4f} p99 {q(wall, .99):.4f} max "
            f"{max(wall):.4f}")


def agreement(game: str, deals: int, seed: int, ai_opts: dict, base: str) -> str:
    """How often the AI at ``ai_opts`` picks the play the AI at strength ``base`` picks, against
    how often ``base`` with another seed does: ``deals`` self-play deals of ``base`` (each
    seat seeded as in ``cardcore.simulate``), counted at the decisions ``base`` searched (more
    than one candidate after its shortcuts)."""
    same = {"again": 0, "other": 0}
    searched = 0
    for k in range(deals):
        state = cardcore.new_game(game, seed=seed + k)
        seats = [get("ai", game, seed=cardcore.simulate.agent_seed(seed + k, s), strength=base)
                 for s in range(3)]
        again = get("ai", game, seed=cardcore.simulate.agent_seed(seed + k, 3), strength=base)
        other = get("ai", game, seed=cardcore.simulate.agent_seed(seed + k, 4), **ai_opts)
        while not state.is_over:
            seat = seats[state.current_player]
            seat.last_stats = {}
            action = seat.act(state)
            if len(seat.last_stats.get("means", ())) > 1:
                searched += 1
                same["again"] += again.act(state) == action
                same["other"] += other.act(state) == action
            state.apply(action)
    rate = {k: v / max(1, searched) for k, v in same.items()}
    return (f"{game} agreement with {base}: {deals} deals, {searched} searched decisions; "
            f"{base} with another seed picks the same play {rate['again']:.1%}, "
            f"{_options(ai_opts) or 'normal'} {rate['other']:.1%}")


def zsy_winner(state) -> int:
    """``stats=`` (run in the workers): the seat that went out first."""
    return state.winner_seat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=None,
                    help="sampled worlds per play (default: the AI's default budget)")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="opt-in clock: AI time per play (ms) instead of counted work")
    ap.add_argument("--only", choices=["random", "greedy", "rlcard", "ddz", "zsy"],
                    action="append", help="opponents and/or games to run (default: all)")
    ap.add_argument("--strength", choices=["easy", "normal", "strong"], default=None,
                    help="the AI's strength (default: normal)")
    ap.add_argument("--versus", choices=["easy", "normal", "strong"], default=None,
                    help="play the AI (at --strength) against the AI at this strength instead "
                         "of the baselines")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=INT",
                    help="one more search option of the AI at --strength (top_k, first_cut, "
                         "endgame, endgame_worlds, endgame_nodes, bid_samples), repeatable")
    ap.add_argument("--timing", type=int, default=0, metavar="DEALS",
                    help="only time the AI's decisions (median, p99, max) over this many "
                         "deals in this process, every seat the AI at --strength")
    ap.add_argument("--agreement", type=int, default=0, metavar="DEALS",
                    help="only count, over DEALS self-play deals of the AI at --versus (default "
                         "normal), how often the AI at --strength picks the same play, and how "
                         "often --versus with another seed does")
    ap.add_argument("--out", default=None, metavar="FILE",
                    help="also append each deal's result to FILE (JSON lines)")
    ap.add_argument("--aggregate", nargs="+", default=None, metavar="FILE",
                    help="only print the rows of the deals stored in these --out files")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    ap.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                    help="run on Ray (a cluster address, or a local Ray without one)")
    args = ap.parse_args(argv)
    engine = "local" if args.ray is None else "ray"
    opts: dict = {}
    if args.rollouts is not None:
        opts["rollouts"] = args.rollouts
    if args.budget_ms is not None:
        opts["time_budget"] = args.budget_ms / 1000
    if args.strength is not None:
        opts["strength"] = args.strength
    for text in args.option:
        key, eq, value = text.partition("=")
        if not eq or not key.strip() or not value.strip().lstrip("-").isdigit():
            ap.error(f"--option {text!r}: expected KEY=INT")
        opts[key.strip()] = int(value)
    only = set(args.only or ())
    opps = [o for o in OPPONENTS if o in only] or list(OPPONENTS)
    games = [g for g in ("ddz", "zsy") if g in only] or ["ddz", "zsy"]
    if args.aggregate:
        for line in aggregate(args.aggregate):
            print(line)
        return 0
    if args.timing:
        for g in games:
            print(timing(GAME_NAMES[g], args.timing, args.seed, opts))
        return 0
    if args.agreement:
        for g in games:
            print(agreement(GAME_NAMES[g], args.agreement, args.seed, opts,
                            args.versus or "normal"))
        return 0
    if args.versus is not None:
        opps = [f"ai:strength={args.versus}"]
    if "rlcard" in opps and "ddz" in games:
        try:
            import rlcard  # noqa: F401
        except ImportError:
            print("rlcard is not installed (pip install rlcard): skipping its rows")
            opps = [o for o in opps if o != "rlcard"]
    mode = ", ".join(f"{k}={v}" for k, v in opts.items()) or (
        f"default budget (rollouts={DouDizhuAI.DEFAULT_ROLLOUTS} / "
        f"{ZhengShangyouAI.DEFAULT_ROLLOUTS})")
    print(f"Shedding AIs, {args.deals} deals per opponent (seeds {args.seed}.."
          f"{args.seed + args.deals - 1}), AI {mode}")
    print(f"{'game':<14}{'AI as':<10}{'opponent':<13}{'plays':>6}{'wins':>7}{'rate':>8}"
          f"{'95% CI':>17}{'even':>6}{'s/play':>8}")
    ok = True
    for opp in opps:
        name = ("rlcard-rule" if opp == "rlcard" else
                f"ai {opp.split('=')[1]}" if opp.startswith("ai:") else opp)
        rows = []
        if "ddz" in games:
            rows += ddz_rows(opp, args.deals, args.seed, opts, args.workers, engine,
                             args.ray or None, args.out)
        if "zsy" in games and opp != "rlcard":
            rows.append(zsy_row(opp, args.deals, args.seed, opts, args.workers, engine,
                                args.ray or None, args.out))
        for r in rows:
            who = name if r["game"] == "doudizhu" else "2x " + name
            even = "-" if r["even"] is None else f"{r['even']:.1f}"
            ci = f"[{r['lo']:.3f}, {r['hi']:.3f}]"
            line = (f"{r['game']:<14}{r['role']:<10}{who:<13}{r['plays']:>6}{r['wins']:>7}"
                    f"{r['rate']:>8.3f}{ci:>17}{even:>6}{r['sec']:>8.2f}")
            if r["even"] is not None:
                ok = ok and r["lo"] > r["even"]
            if "score" in r:
                lo, hi = r["score_ci"]
                line += f"   mean score {r['score']:+.1f} [{lo:+.1f}, {hi:+.1f}]"
                ok = ok and lo > 0
            print(line, flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
