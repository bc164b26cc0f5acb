"""The bots' ladder: each level's win rate against the level below, per mode, with 95% Wilson
score intervals, how the games were won, each level's thinking time per turn and the games
per second (the rungs and their counting: tests/ladder.py).

    .venv/bin/python bench/bots.py [--games N] [--rung NAME ...] [--think SECONDS]
                                   [--jobs J] [--seed N]
    .venv/bin/python bench/bots.py --list

A rung passes when its point estimate reaches the target: the interval beside it says how
sure that is (its lower bound would ask a few hundred games to prove more than the target
itself). A rung that plays a level against itself passes when the wins spread evenly over
the seats (chi-square, p >= 0.05). A rung whose level the registry lacks is skipped. The
figures depend only on --seed and --games, not on --jobs (the times aside).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from ladder import RUNGS, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per rung (default: each rung's own)")
    parser.add_argument(
        "--rung", action="append", choices=sorted(RUNGS), help="a rung to run (repeat for several)"
    )
    parser.add_argument("--think", type=float, help="the hard bot's budget, seconds a turn")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--list", action="store_true", help="list the rungs and stop")
    args = parser.parse_args()
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.think is not None and args.think <= 0:
        parser.error("--think must be more than 0 seconds")
    rungs = [RUNGS[name] for name in args.rung] if args.rung else list(RUNGS.values())
    if args.list:
        for rung in rungs:
            print(f"{rung.title()} ({rung.games} games)")
        return 0
    print("win rates with 95% Wilson score intervals; PASS: the point estimate reaches the target")
    run(rungs, args.games, args.seed, args.think, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
