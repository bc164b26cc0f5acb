"""The host fuzz of tests/test_host_fuzz.py, for longer: a live host, one seat sending what
hypothesis makes of its messages while every game plays out. Prints how many examples,
messages and games ran, and the first failure if any.

    .venv/bin/python bench/host_fuzz.py [--examples 300] [--steps 20]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_host_fuzz as fuzz
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--steps", type=int, default=20, help="messages per example at most")
    args = parser.parse_args()
    began = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        table = fuzz.TABLE = fuzz.Table(Path(folder))
        try:
            run_state_machine_as_test(
                fuzz.FuzzedSeat,
                settings=settings(
                    max_examples=args.examples,
                    stateful_step_count=args.steps,
                    deadline=None,
                    database=None,
                    suppress_health_check=list(HealthCheck),
                ),
            )
            table.close()
        except Exception:
            failed = True
            traceback.print_exc()
    print(f"examples: {table.examples}, messages: {table.steps}, games: {table.games}")
    print(f"time: {time.monotonic() - began:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
