"""A player who leaves ``risk-lan play`` alone for minutes, reading the rules, still has the
game: the suite's test of it (``test_play_left_alone_is_still_the_players``, 20 s there), run
for as long as asked, in a real terminal (tmux).

    .venv/bin/python bench/idle.py [--seconds 300]

Prints whether the seat was still the player's, and the claim still answered, after that
long.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/test_tui_tmux_evening.py::test_play_left_alone_is_still_the_players"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    args = parser.parse_args()
    env = {**os.environ, "RISK_LAN_IDLE_SECONDS": str(args.seconds)}
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    took = time.monotonic() - started
    verdict = "still the player's, and the claim answered" if run.returncode == 0 else "LOST"
    print(f"left alone {args.seconds:.0f} s: {verdict} ({took:.0f} s in all)")
    if run.returncode != 0:
        print(run.stdout[-3000:])
    sys.exit(run.returncode)


if __name__ == "__main__":
    main()
