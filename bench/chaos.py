"""Many games under chaos (tests/chaos.py): prints how many games finished and verified, the
blows dealt (players killed and restarted, frozen, the host killed and resumed), the
takeovers and hand-backs they caused, and any failure.

    .venv/bin/python bench/chaos.py [--games 30] [--seed 1] [--blows 6] [--mode M ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from chaos import chaos


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blows", type=int, default=6, help="chaos events per game")
    parser.add_argument(
        "--mode", action="append", help="a rule set to play (repeat for several, in turn)"
    )
    args = parser.parse_args()
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        modes = tuple(args.mode or ["classic"])
        tally = chaos(Path(folder), args.games, args.seed, args.blows, modes=modes)
    print("\n".join(tally.lines()))
    print(f"time: {time.monotonic() - began:.0f} s")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
