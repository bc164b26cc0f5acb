"""A seat changing hands three ways in a sealed game of each mode with cards or objectives
(tests/sealed_seat_game.py): one player's program killed mid-game (a host bot takes the seat
and reads its cards), started again (the seat handed back with its hand as it stands), and
another player expelled for a forged removal of its layer. Prints one line per mode: moves,
cards read, takeovers, handbacks, expulsions, seconds, and what failed.

    .venv/bin/python bench/sealed_seats.py                      # every mode, in turn
    .venv/bin/python bench/sealed_seats.py --mode team --mode capital --keep /tmp/k

Three players a game (four parties with the host, where every escrow needs all its holders),
two in the two-player modes: a player out of the game takes its own layer off, so one
expelled, one away and one eliminated stall nothing (docs/fairness.md).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from sealed_seat_game import play_seat_changes

from risk_lan.rules.presets import RULESETS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", action="append", choices=tuple(RULESETS), help="(repeat)")
    parser.add_argument("--seconds", type=float, default=240, help="a game's longest (240)")
    parser.add_argument("--keep", type=Path, help="copy each failed game's folder here")
    parser.add_argument(
        "--away",
        choices=("kill", "taken"),
        default="kill",
        help="kill: the player's program killed and started again (the default); taken: its "
        "seat handed to a host bot while the program runs on, which asks for it back",
    )
    parser.add_argument(
        "--players", type=int, help="players a game (the fewest that keep it going: 3, or 2)"
    )
    args = parser.parse_args()
    modes = args.mode or list(RULESETS)
    began = time.monotonic()
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for mode in modes:
            result = play_seat_changes(
                Path(folder) / mode, mode, args.seconds, args.away, args.players
            )
            print(result.line(), flush=True)
            if result.failures:
                failed += 1
                if args.keep is not None:
                    shutil.copytree(Path(folder) / mode, args.keep / mode, dirs_exist_ok=True)
    print(f"{len(modes) - failed}/{len(modes)} modes ok, {time.monotonic() - began:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
