"""Many headless games between default bots, every one to be won: the long runs of the suite's
bot games (tests/test_bots.py plays each with fewer games). Prints a line a run (its games,
how many were won, the games per second and the CPU seconds) and exits 1 if a game was not
won.

    .venv/bin/python bench/bot_games.py [--scale 1.0]

``--scale`` multiplies every run's games. About 30 s of CPU at scale 1 on a quiet machine."""

from __future__ import annotations

import argparse
import sys
import time

from risk_lan.simulate import simulate

# (rules, players, games, seed): a thousand classic games of three to six players; a hundred
# of each newer mode; a hundred of each revised mode, 25 at each table size.
RUNS = [
    *(("classic", n, 250, 1000 + n) for n in (3, 4, 5, 6)),
    *((mode, 4, 100, 11) for mode in ("old-world", "conquete", "conquete-2", "risk-mission")),
    ("two-player-active", 2, 100, 11),
    ("two-player-ally", 2, 100, 11),
    *(
        (mode, n, 25, 11)
        for mode in ("revised", "revised-objectives", "revised-support")
        for n in (2, 3, 4, 5)
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times each run's games")
    args = parser.parse_args()
    if args.scale <= 0:
        parser.error("--scale must be more than 0")
    unfinished = 0
    for rules, players, games, seed in RUNS:
        count = max(1, round(games * args.scale))
        cpu = time.process_time()
        summary = simulate(players, count, seed=seed, rules=rules)
        cpu = time.process_time() - cpu
        unfinished += summary.games - summary.finished
        rate = summary.games / cpu if cpu else 0.0
        print(
            f"{rules}, {players} players: {summary.finished} of {summary.games} won,"
            f" {rate:.1f} games per CPU second ({cpu:.1f} s)",
            flush=True,
        )
    print("every game won" if not unfinished else f"{unfinished} games not won")
    return 1 if unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
