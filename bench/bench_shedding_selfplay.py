"""Random self-play speed of Dou Dizhu: cardcore vs OpenSpiel's ``dou_dizhu`` vs RLCard.

Each engine plays whole deals with uniformly random legal actions (chance nodes, i.e. the deal,
sampled uniformly in OpenSpiel; RLCard's environment deals and fixes the landlord itself;
cardcore's deals include the auction). Reports games/s (median of ``--repeats`` timed batches,
CPU time of this process) and the ratio to cardcore. The three engines differ in what a "game"
contains, so the numbers compare engines at the same task, not identical work:

- cardcore: ``new_game("doudizhu")`` + auction + play, through the public ``State`` API
  (``legal_actions()`` builds every legal ``Action`` at every turn, each apply is validated);
- OpenSpiel: ``new_initial_state()``, chance outcomes, ``legal_actions()``/``apply_action``;
- RLCard: ``env.run()`` with its random agents (no auction).

    python bench/bench_shedding_selfplay.py [--games 300] [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def bench_cardcore(games: int, seed: int) -> float:
    import cardcore
    from cardcore.rng import Rng

    rng = Rng(seed)
    t = time.process_time()
    for i in range(games):
        st = cardcore.new_game("doudizhu", seed=seed * 100_003 + i)
        while not st.is_over:
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
    return games / (time.process_time() - t)


def bench_openspiel(games: int, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rnd = random.Random(seed)
    t = time.process_time()
    for _ in range(games):
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                legal = st.legal_actions()
                st.apply_action(legal[rnd.randrange(len(legal))])
    return games / (time.process_time() - t)


def bench_rlcard(games: int, seed: int) -> float:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    t = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return games / (time.process_time() - t)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300, help="games per timed batch")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    engines = [("cardcore", bench_cardcore, args.games),
               ("open_spiel dou_dizhu", bench_openspiel, args.games * 10),
               ("rlcard doudizhu", bench_rlcard, max(10, args.games // 10))]
    results = {}
    for name, fn, n in engines:
        try:
            fn(min(n, 5), 0)                     # import and warm up
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name}); skipped")
            continue
        runs = [fn(n, r + 1) for r in range(args.repeats)]
        results[name] = statistics.median(runs)
    base = results.get("cardcore")
    print(f"Dou Dizhu random self-play, median of {args.repeats} batches (CPU time)")
    print(f"{'engine':<24}{'games/s':>12}{'vs cardcore':>14}")
    for name, v in results.items():
        ratio = f"{v / base:.2f}x" if base else "-"
        print(f"{name:<24}{v:>12.1f}{ratio:>14}")


if __name__ == "__main__":
    sys.exit(main())
