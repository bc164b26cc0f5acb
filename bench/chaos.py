"""Many games of bots under chaos (tests/chaos.py): prints, for each rule set, the games (by seat
count), moves, rolls, late joins of spectators, players' programs restarted, the host resumed,
the blames (which must be 0: nobody cheats) and the records verified, then every failure.

    .venv/bin/python bench/chaos.py [--games 30] [--seed 1] [--blows 6] [--mode M ...]
    .venv/bin/python bench/chaos.py --all-modes --games 56   # every mode at every seat count
    .venv/bin/python bench/chaos.py --mode revised --standing all --blows 0 --keep /tmp/k
    .venv/bin/python bench/chaos.py --sealed --all-modes --counts fewest --games 18 --blows 4 \
        --absent 2 --at-once 2   # every mode sealed, every kind of blow in each game

With --all-modes each mode is played at each seat count it allows in turn (56 tables in all);
else at a count drawn for each game (--counts says otherwise). The suite's short run is
--all-modes --counts fewest --seed 23 --blows 2 --absent 1 --games 18. Game i of a run
always has the same table, blows and personalities: the same options with --only i play it
again, the dice aside (they come from every peer's secrets). --keep copies each failed
game's folder (every program's output, the records, the host's save) for a closer look.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from chaos import BLOWS, plans, play_all

from risk_lan.rules.presets import RULESETS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blows", type=int, default=6, help="chaos events per game")
    parser.add_argument(
        "--mode", action="append", help="a rule set to play (repeat for several, in turn)"
    )
    parser.add_argument("--all-modes", action="store_true", help="every rule set, in turn")
    parser.add_argument(
        "--counts",
        choices=("drawn", "every", "fewest"),
        help="seat counts: drawn at random, every one each mode allows in turn (the default "
        "with --all-modes), or the fewest (as the suite's short run)",
    )
    parser.add_argument(
        "--standing",
        choices=("drawn", "all", "none"),
        default="drawn",
        help="players' standing answers (F7): as each personality draws it, all set, none set",
    )
    parser.add_argument(
        "--absent", type=float, default=2.0, help="seconds before a bot takes a seat (2)"
    )
    parser.add_argument(
        "--sealed", action="store_true", help="the cards dealt by the sealed deck (host --sealed)"
    )
    parser.add_argument("--blow", action="append", choices=BLOWS, help="only blows of this kind")
    parser.add_argument("--seats", type=int, help="play only the games of this seat count")
    parser.add_argument("--only", type=int, help="play only game ONLY of the run (from 0)")
    parser.add_argument("--seconds", type=float, default=240, help="a game's longest (240)")
    parser.add_argument("--keep", type=Path, help="copy each failed game's folder here")
    parser.add_argument("--quiet", action="store_true", help="no line after each game")
    parser.add_argument("--at-once", type=int, default=1, help="games played at the same time (1)")
    args = parser.parse_args()
    modes = tuple(RULESETS) if args.all_modes else tuple(args.mode or ["classic"])
    counts = args.counts or ("every" if args.all_modes else "drawn")
    standing = {"drawn": None, "all": True, "none": False}[args.standing]
    planned = plans(
        args.games, args.seed, args.blows, modes, counts, standing, args.absent, args.sealed,
        tuple(args.blow or BLOWS),
    )  # fmt: skip
    chosen = list(enumerate(planned))
    if args.seats is not None:
        chosen = [(i, p) for i, p in chosen if p.seats == args.seats]
    if args.only is not None:
        chosen = [(i, p) for i, p in chosen if i == args.only]
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    say = None if args.quiet else (lambda line: print(line, flush=True))
    with tempfile.TemporaryDirectory() as folder:
        tally = play_all(
            Path(folder), chosen, args.seconds, keep=args.keep, say=say, at_once=args.at_once
        )
    print("\n".join(tally.lines()))
    print(f"time: {time.monotonic() - began:.0f} s")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
