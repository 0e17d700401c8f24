"""Run the kernel tests on one CPU path of the compiled kernels (not a test module itself).

``python tests/kernel_tests.py [--cpu baseline] [pytest options]`` runs them with
``CARDCORE_CPU`` set (default ``baseline``, the path every CPU runs); ``--list`` prints the files.
Used by ``.ci/run`` and by the wheels' test command, on any platform (no shell syntax needed).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: the compiled kernels against their twins, their arguments and threads, and the build itself
KERNEL_TESTS = (
    "test_build.py", "test_bridge_kernel.py", "test_cardset_kernel.py", "test_guandan_kernel.py",
    "test_holdem_kernel.py", "test_poker_kernel.py", "test_shedding_kernel.py",
    "test_kernel_args.py", "test_kernel_rng.py", "test_kernel_threads.py", "test_dds.py",
    "test_bridge_dds_args.py", "test_shedding_step.py", "test_move_slots.py",
    "test_crash_regressions.py", "test_onepoker_core.py", "test_preference_core.py",
    "test_schnapsen_core.py", "test_tractor_core.py", "test_betting_kernel.py",
)


def main(argv: list[str]) -> int:
    cpu = "baseline"
    if argv[:1] == ["--list"]:
        print("\n".join(str(HERE / name) for name in KERNEL_TESTS))
        return 0
    if argv[:1] == ["--cpu"] and len(argv) >= 2:
        cpu, argv = argv[1], argv[2:]
    env = dict(os.environ, CARDCORE_CPU=cpu)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
           *argv, *(str(HERE / name) for name in KERNEL_TESTS)]
    print(f"CARDCORE_CPU={cpu}", " ".join(cmd[1:]), flush=True)
    return subprocess.call(cmd, env=env, cwd=str(HERE.parent))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
