"""The curious host over many sealed games (tests/curioushost.py): each game's host, in a
process of its own, dumps everything it holds at random moves (every object of its process,
its save, its record); every player is a ``risk-lan join --bot`` process. Prints, per mode
and in all: games, moves, dumps, objects walked, the players' sealed cards judged (a card
counts once in each dump that holds it), the layer keys and token–card bindings found
(which must be 0), the cards the host party read that were not its by right (0), the
guesser's hits and the control (a dump after the end, every secret public, one binding
planted: the checks must find them, and the guesser name it; a card planted among the
host's reads: it must be counted). A mode whose controls found nothing fails.

The guesser's trial is one card of one game (a token): its guess at the first dump that
judges the token, however many dumps judge it after (one lucky guess at a card held through
three dumps was three hits before, and a z of +2.7 on 50 games that chance explains). Its
chance is that of the best guess from public knowledge alone at that dump (the candidate the
deal left most copies of); the expected hits are the sum of those chances over the trials,
the variance the sum of each chance times its complement, and z = (hits − expected) / √
variance: near 0 is chance, a large positive z a guesser better than chance (a leak).

Team games (``team``): a seat's teammates see its hand, so the host reads by right the cards
in the hands of its bots' teammates. Those are counted apart (teammates' cards shown, and
how many a dump bound to their card: the walk finds what the host holds rightly), never
judged; every other player's card is judged as in any mode, every player's key (a
teammate's too) looked for, and the control's card is of a seat on no team of the host's.
A team game has one host bot or none, in turn: bots take the last seats and teams alternate
seats, so two would put the host on both teams. Being short, with a hand a team, it is
dumped three times as often as another game.

    .venv/bin/python bench/curious_host.py [--games 50] [--seed 1] [--dumps 3]
    .venv/bin/python bench/curious_host.py --narrow --games 8   # three parties or fewer

By default each table has at least four parties (the host and three players or more).
--narrow plays tables of three parties (the host and two players), where the escrow's
threshold once was one share, the layer's inverse itself: the host's share read every
player's cards. The threshold is now all the holders at such a table (docs/fairness.md,
"The sealed deck's escrow, exactly"), and the key check must find nothing there either.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

from risk_lan.rules import ruleset

# Every mode with cards or objectives at four parties or more (the two-player modes have
# three parties at most), the team mode included.
WIDE = (
    "classic", "classic-2015", "mission", "old-world", "conquete", "conquete-2",
    "secret-mission", "risk-mission", "capital", "capital-short", "revised",
    "revised-objectives", "revised-support", "team",
)  # fmt: skip
# Three parties: every two-player mode, and the team mode at its fewest, three seats with one
# host bot (the host's bot and a teammate's player against a player alone). With WIDE, every
# mode with cards or objectives.
NARROW = (
    "classic", "secret-mission", "two-player", "revised-objectives", "team",
    "two-player-independents", "two-player-ally", "two-player-active",
)  # fmt: skip
# A team game is soon over (the first player put out ends it) and holds one hand a team,
# often empty: it is dumped this many times as often, to judge as many cards.
TEAM_DUMPS = 3
CONTROLS = ("control_keys", "control_bindings", "control_hits", "control_reads")
SCRIPT = Path(__file__).resolve().parent.parent / "tests" / "curioushost.py"
COUNTS = (
    "games", "moves", "dumps", "objects", "scalars_tried", "tokens_judged", "keys_found",
    "bindings", "host_reads_others", "tokens_shown", "shown_bound", "tokens_guessed", "hits",
    "chance",
    "variance", "control_keys", "control_bindings", "control_hits", "control_reads",
)  # fmt: skip


def table(mode: str, rng: random.Random, narrow: bool, turn: int) -> tuple[int, int]:
    """Seats and host bots: at least three players (four parties), or at most two. ``turn``:
    how many games of the mode came before this one."""
    rules = ruleset(mode)
    if narrow:
        seats = rules.min_players
        return seats, max(0, seats - 2)
    seats = rng.randint(max(4, rules.min_players), rules.max_players)
    if rules.teams:
        # Bots take the last seats, and teams alternate seats: two bots would put the host on
        # both teams, and every card would be its by right. One bot puts it on one team, whose
        # players' cards it reads, against the other's; none, against every player. The
        # games of the mode take turns at each, one bot first.
        return seats, 1 - turn % 2
    return seats, rng.randint(0, seats - 3)


def controls_failed(row: dict[str, float]) -> list[str]:
    """A mode's controls that found nothing, where they had something to find: a check that
    cannot fail would prove nothing."""
    failed = []
    if row["tokens_judged"]:
        failed += [f"the control's {what} found nothing" for what in CONTROLS if not row[what]]
    if row["tokens_shown"] and not row["shown_bound"]:
        failed.append("no teammate's card shown to the host was found bound in a dump")
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dumps", type=int, default=3)
    parser.add_argument("--narrow", action="store_true", help="tables of three parties or fewer")
    parser.add_argument("--only", type=int, action="append", help="play only game ONLY (repeat)")
    args = parser.parse_args()
    modes = NARROW if args.narrow else WIDE
    totals: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(COUNTS, 0.0))
    failures = []
    began = time.monotonic()
    for i in range(args.games):
        rng = random.Random(f"{args.seed}:{i}")
        mode = modes[i % len(modes)]
        seats, bots = table(mode, rng, args.narrow, i // len(modes))
        if args.only and i not in args.only:
            continue
        out = subprocess.run(
            [sys.executable, str(SCRIPT), "--mode", mode, "--seats", str(seats),
             "--bots", str(bots), "--seed", f"{args.seed}:{i}",
             "--dumps", str(args.dumps * (TEAM_DUMPS if ruleset(mode).teams else 1))],
            capture_output=True, text=True,
        )  # fmt: skip
        try:
            found = json.loads(out.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            failures.append(f"game {i} ({mode}): {out.stderr.strip()[-300:]}")
            continue
        if found["error"]:
            failures.append(f"game {i} ({mode}, {seats} seats): {found['error']}")
        failures += [f"game {i} ({mode}): {p}" for p in found["problems"]][:3]
        for row in (totals[mode], totals["all"]):
            row["games"] += 1
            for name in COUNTS[1:]:
                row[name] += found[name]
        print(
            f"game {i}: {mode}, {seats} seats ({bots} host bots), {found['parties']} parties, "
            f"{found['moves']} moves, {found['tokens_judged']} cards judged, keys "
            f"{found['keys_found']}, bindings {found['bindings']}, hits {found['hits']} of "
            f"{found['tokens_guessed']} (chance {found['chance']:.2f}), teammates' cards shown "
            f"{found['tokens_shown']} ({found['shown_bound']} bound)",
            flush=True,
        )
    for mode, row in sorted(totals.items(), key=lambda item: item[0] == "all"):
        spread = math.sqrt(row["variance"]) or 1.0
        print(
            f"{mode:20} games {row['games']:.0f}, moves {row['moves']:.0f}, dumps "
            f"{row['dumps']:.0f}, objects walked {row['objects']:.0f}, scalars tried "
            f"{row['scalars_tried']:.0f}, cards judged {row['tokens_judged']:.0f}, keys found "
            f"{row['keys_found']:.0f}, bindings {row['bindings']:.0f}, host read others' "
            f"{row['host_reads_others']:.0f}, guesser hits {row['hits']:.0f} of "
            f"{row['tokens_guessed']:.0f} cards against {row['chance']:.1f} by chance "
            f"(z {(row['hits'] - row['chance']) / spread:+.2f}), "
            f"teammates' cards shown to the host {row['tokens_shown']:.0f} (found bound "
            f"{row['shown_bound']:.0f}), control keys {row['control_keys']:.0f} bindings "
            f"{row['control_bindings']:.0f} guesser hits {row['control_hits']:.0f} reads "
            f"{row['control_reads']:.0f}"
        )
    failures += [f"{mode}: {p}" for mode, row in totals.items() for p in controls_failed(row)]
    print("\n".join(failures) or "no failure")
    print(f"time: {time.monotonic() - began:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
