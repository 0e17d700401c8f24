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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardcore.bench.selfplay import compare_ways  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=500, help="deals per timed batch")
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    print("\n".join(compare_ways("tractor", args.deals, args.repeats, "Tractor")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
