"""A long game, then a player's app restarted: prints how long a client that has checked
nothing takes to catch up with the whole history, at the real frame and buffer limits.

    .venv/bin/python bench/long_game.py [--moves 9000]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_net_evening import return_after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=9000)
    args = parser.parse_args()
    before = resource.getrusage(resource.RUSAGE_SELF)
    size, seen, seconds = asyncio.run(return_after(args.moves))
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    print(f"moves: {args.moves}+, history: {size / 1024 / 1024:.2f} MiB in {seen} broadcasts")
    print(f"caught up in {seconds:.2f} s ({seen / seconds:.0f} broadcasts/s, checked)")
    print(f"whole run: {cpu:.1f} s of CPU (host, both clients and the game, one process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
