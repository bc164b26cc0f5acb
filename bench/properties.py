"""The engine's properties (tests/test_properties.py) over many more examples than the suite
gives them: legal play keeps every invariant under any preset and options, whole bot games
finish under any options, and rulebook 004's options in any mix keep every invariant. Prints
each property's examples and CPU seconds; a counterexample stops the run, as in the suite.

    .venv/bin/python bench/properties.py [--scale 1.0] [--seed N]

About 2 minutes of CPU at scale 1 on a quiet machine (the suite: 15, 30 and 12 examples;
at 150, 100 and 100 each took 15, 0.7 and 15.5 s)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_properties as props

# (the suite's test, its strategies, examples at scale 1)
RUNS = [
    (props.test_legal_play_keeps_every_invariant, props.LEGAL_PLAY, 500),
    (props.test_whole_bot_games_under_any_options_finish, props.WHOLE_GAMES, 300),
    (props.test_rulebook_004s_options_in_any_mix_keep_every_invariant, props.REVISED_MIX, 400),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times each one's examples")
    parser.add_argument("--seed", type=int, help="hypothesis's seed (default: a new one)")
    args = parser.parse_args()
    if args.scale <= 0:
        parser.error("--scale must be more than 0")
    for test, strategies, examples in RUNS:
        count = max(1, round(examples * args.scale))
        run = settings(
            max_examples=count,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow],
        )(given(**strategies)(test.hypothesis.inner_test))
        if args.seed is not None:
            run = seed(args.seed)(run)
        cpu = time.process_time()
        run()
        print(f"{test.__name__}: {count} examples, {time.process_time() - cpu:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
