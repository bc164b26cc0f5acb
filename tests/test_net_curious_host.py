"""The curious host (issue 27), a short run: a sealed game whose host, in a process of its
own, dumps everything it holds at random moves, every player a ``risk-lan join --bot``
process; no dump names a player's card (tests/curioushost.py says how it is judged;
bench/curious_host.py plays 50 games)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "curioushost.py"


def test_a_curious_hosts_memory_save_and_record_name_no_players_card() -> None:
    """secret-mission, four seats with one host bot (four parties): objectives and cards in
    the players' seats at two random moves. The control (a dump after the end, when every
    secret is public, with a binding planted) shows that each check finds what it looks
    for."""
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--mode", "secret-mission", "--seats", "4",
         "--bots", "1", "--seed", "curious", "--dumps", "2", "--within", "60",
         "--seconds", "150"],
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    print(found)
    assert found["error"] is None and found["winner"], found
    assert found["parties"] == 4 and found["dumps"] == 2
    assert found["tokens_judged"] >= 3  # at least each player's objective, twice
    assert found["objects"] > 10_000 and found["scalars_tried"] > 1_000
    assert found["keys_found"] == 0 and found["bindings"] == 0, found["problems"]
    assert found["host_reads_others"] == 0
    # A guesser no better than chance: within four standard deviations, one hit of slack.
    assert found["hits"] <= found["chance"] + 4 * math.sqrt(found["variance"]) + 1, found
    assert found["control_keys"] == 3 and found["control_bindings"] >= 1  # every player's key
