"""Random self-play speed of Tractor (Shengji): whole deals through the public ``State`` API.

Each deal is ``new_game("tractor", single_deal=True)`` (the shuffle and the deal included),
then the declaration, the burying and the 25 tricks with a uniformly random legal action at
every turn, played two ways, interleaved batch by batch:

- ``ids``: ``legal_ids()`` and ``apply_id(i)``, the integer step path (no ``Action`` is built
  for a card played, the kernel lists the ids and checks the one applied);
- ``actions``: ``legal_actions()`` builds every legal ``Action`` each time and ``apply``
  resolves and validates it.

Burying and multi-card answers are taken one card per action, as the game lists them.
Reports deals/s and actions/s (median of ``--repeats`` timed batches per way, CPU time of this
process). No other library plays Tractor, so there is no anchor.

    python bench/bench_tractor_selfplay.py [--deals 500] [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import cardcore  # noqa: E402
from cardcore.rng import Rng  # noqa: E402


def batch(deals: int, seed: int, ids: bool) -> tuple[float, float]:
    """(deals/s, actions/s) of one timed batch."""
    rng = Rng(seed)
    actions = 0
    t = time.process_time()
    for i in range(deals):
        st = cardcore.new_game("tractor", seed=seed * 100_003 + i, single_deal=True)
        if ids:
            while st.current_player is not None:
                legal = st.legal_ids()
                st.apply_id(legal[rng.below(len(legal))])
                actions += 1
        else:
            while not st.is_over:
                acts = st.legal_actions()
                st.apply(acts[rng.below(len(acts))])
                actions += 1
        st.scores()
    dt = time.process_time() - t
    return deals / dt, actions / dt


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=500, help="deals per timed batch")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    batch(20, 0, True)                             # import and warm up
    batch(20, 0, False)
    runs: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    for r in range(args.repeats):
        for ids in (True, False):
            runs[ids].append(batch(args.deals, r + 1, ids))
    print(f"Tractor random self-play, {args.deals} single deals per batch, median of "
          f"{args.repeats} batches per way, interleaved (CPU time)")
    med = {}
    for ids, label in ((True, "legal_ids/apply_id"), (False, "legal_actions/apply")):
        dps = statistics.median(r[0] for r in runs[ids])
        aps = statistics.median(r[1] for r in runs[ids])
        med[ids] = dps
        print(f"  {label:20s} deals/s: {dps:9.1f}   actions/s: {aps:9.0f}   "
              f"({aps / dps:.1f} actions per deal; batches: "
              f"{', '.join(f'{r[0]:.0f}' for r in runs[ids])})")
    print(f"  ids over actions: {med[True] / med[False]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
