"""The projection property of tests/test_projection.py with more examples: random legal moves
of every preset, under random options, played on the whole state and on every seat's and a
spectator's projection, which must give the same public events and state. The suite runs a
few examples of each preset; this runs as many as asked and prints, per preset, the examples
and moves checked, and the first failure if any.

    .venv/bin/python bench/projection.py [--examples 20] [--preset classic ...]
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_projection as projection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from risk_lan.rules import RULESETS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20, help="examples of each preset")
    parser.add_argument("--preset", action="append", choices=sorted(RULESETS))
    args = parser.parse_args()
    # The suite's property itself, under this many examples (its own decorators set the
    # suite's few): the same tables drawn, the same bot shares.
    inner = projection.test_every_projection_agrees_on_the_public_outcome.hypothesis.inner_test
    drawn = given(**projection.A_TABLE, bot_share=st.sampled_from([0.5, 0.9]))(inner)
    check = settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )(drawn)
    failed = False
    for preset in args.preset or sorted(RULESETS):
        began = time.monotonic()
        try:
            check(preset=preset)
        except Exception:
            failed = True
            traceback.print_exc()
        examples, moves = projection.EXAMPLES[preset], projection.MOVES[preset]
        took = time.monotonic() - began
        print(f"{preset}: {examples} examples, {moves} moves, {took:.0f} s", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
