"""The curious host (issue 27), a short run: a sealed game whose host, in a process of its
own, dumps everything it holds at random moves, every player a ``risk-lan join --bot``
process; no dump names a player's card (tests/curioushost.py says how it is judged;
bench/curious_host.py plays 50 games)."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import subprocess
import sys
from pathlib import Path

from risk_lan.rules import ruleset
from risk_lan.rules.presets import RULESETS

SCRIPT = Path(__file__).resolve().parent / "curioushost.py"
BENCH = Path(__file__).resolve().parent.parent / "bench" / "curious_host.py"


def curious_game(*args: str) -> dict:
    """One game of tests/curioushost.py in a process of its own, with ``args``: what it
    found (its last line, in JSON)."""
    out = subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--seconds", "150"],
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    print(found)
    return found


def test_a_curious_hosts_memory_save_and_record_name_no_players_card() -> None:
    """secret-mission, four seats with one host bot (four parties): objectives and cards in
    the players' seats at two random moves. The control (a dump after the end, when every
    secret is public, with a binding planted) shows that each check finds what it looks
    for."""
    found = curious_game(
        "--mode", "secret-mission", "--seats", "4", "--bots", "1", "--seed", "curious",
        "--dumps", "2", "--within", "60",
    )  # fmt: skip
    assert found["error"] is None and found["winner"], found
    assert found["parties"] == 4 and found["dumps"] == 2
    assert found["tokens_judged"] >= 3  # at least each player's objective, twice
    # The guesser names a card once a game: the three players' objectives, held unopened
    # through both dumps, are one trial each, not two.
    assert found["tokens_guessed"] <= found["tokens_judged"] - 3, found
    assert found["objects"] > 10_000 and found["scalars_tried"] > 1_000
    assert found["keys_found"] == 0 and found["bindings"] == 0, found["problems"]
    assert found["host_reads_others"] == 0
    # A guesser no better than chance: within four standard deviations, one hit of slack.
    assert found["hits"] <= found["chance"] + 4 * math.sqrt(found["variance"]) + 1, found
    assert found["control_keys"] == 3 and found["control_bindings"] >= 1  # every player's key


def test_a_curious_team_host_reads_its_teammates_cards_and_no_others() -> None:
    """team, five seats with one host bot (the fifth seat: team 1 with the first and third,
    against the second and fourth): the cards of the host bot's teammates are the host's by
    right and counted apart, those of the other team are judged, and no dump names them. Each
    dump waits for a move where the host is shown a teammate's card and a card of the other
    team is judged (``--both``), so one game is enough; a game that never had such a move is
    played again (up to three), as a team game is short. The control's card is of the other
    team, and each check finds it. The 50-game run (bench/curious_host.py) plays more."""
    games = []
    for attempt in range(3):
        found = curious_game(
            "--mode", "team", "--seats", "5", "--bots", "1", "--seed", f"team-{attempt}",
            "--dumps", "2", "--within", "100", "--both",
        )  # fmt: skip
        assert found["error"] is None and found["winner"], found
        assert found["parties"] == 5
        assert found["keys_found"] == 0 and found["bindings"] == 0, found["problems"]
        assert found["host_reads_others"] == 0, found["problems"]
        assert found["hits"] <= found["chance"] + 4 * math.sqrt(found["variance"]) + 1, found
        games.append(found)
        if found["tokens_judged"] and found["tokens_shown"]:
            break
    # A teammate's card shown by right, and found bound to it in a dump: the walk finds what
    # the host holds rightly, so it would find a card it held wrongly.
    assert any(g["shown_bound"] for g in games), games
    judged = [g for g in games if g["tokens_judged"]]
    assert judged, games
    assert all(g["control_keys"] == 4 for g in judged)  # every player's key, the teammate's too
    assert all(g["control_bindings"] >= 1 and g["control_hits"] >= 1 for g in judged)
    assert all(g["control_reads"] == 1 for g in judged)


def test_the_long_run_covers_every_mode_and_seats_the_host_on_one_team_at_most() -> None:
    """bench/curious_host.py, its 50 games and its narrow run together, plays every mode (each
    has cards or objectives); a team game's host bots, the last seats, all sit on one team,
    else the host would read every card by right and nothing would be judged."""
    spec = importlib.util.spec_from_file_location("curious_host_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert set(RULESETS) <= set(bench.WIDE) | set(bench.NARROW)
    assert "team" in bench.WIDE and "team" in bench.NARROW
    for mode in (m for m in (*bench.WIDE, *bench.NARROW) if ruleset(m).teams):
        for narrow in (False, True):
            bots_seen = set()
            for turn in range(8):
                seats, bots = bench.table(mode, random.Random(turn), narrow, turn)
                teams = {1 + i % 2 for i in range(seats - bots, seats)}  # rules/teams.assign
                assert len(teams) <= 1 and seats - bots >= 2, (mode, seats, bots)
                bots_seen.add(bots)
            assert bots_seen == ({1} if narrow else {0, 1}), bots_seen
