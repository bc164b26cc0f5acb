"""A chaos run: whole games over real sockets, host and bot players each in a process of
their own, while players' processes are killed and restarted from their seat files, frozen
(a sleeping laptop: no reveal, no move) and woken, and the host itself is killed and resumed
from its save. Every game must end with a winner, every record must verify, every player
must have seen the game the record holds, and no roll number may have two results.

Used by tests/test_net_chaos.py (a few games) and bench/chaos.py (many)."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from protocol.errors import ProtocolError
from risk_lan.net.record import read_record
from risk_lan.net.verify import verify_record
from risk_lan.rules import ruleset

RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]
ABSENT_AFTER = 2.0  # seconds before a frozen or gone player's seat goes to a bot
BLOWS = ("kill_host", "kill_player", "freeze_player")


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    verified: int = 0
    seats: Counter = field(default_factory=Counter)
    modes: Counter = field(default_factory=Counter)
    events: Counter = field(default_factory=Counter)
    moves: int = 0
    rolls: int = 0
    failures: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        seats = ", ".join(f"{n} seats: {c}" for n, c in sorted(self.seats.items()))
        modes = ", ".join(f"{m}: {c}" for m, c in sorted(self.modes.items()))
        events = ", ".join(f"{k}: {v}" for k, v in sorted(self.events.items()))
        return [
            f"games: {self.games} ({seats}; {modes})",
            f"finished with a winner: {self.finished}, records verified: {self.verified}",
            f"moves: {self.moves}, rolls: {self.rolls} (no roll number with two results)",
            f"chaos: {events}",
            *(f"FAILED: {f}" for f in self.failures),
        ]


def _broadcasts(record: Path) -> list[dict]:
    out = []
    try:
        for envelope in read_record(record):
            out.append(envelope["body"])
    except (ProtocolError, OSError):
        pass
    return out


class Table:
    """One game: the host's process and one process per player."""

    def __init__(
        self, folder: Path, seats: int, bots: int, rng: random.Random, mode: str = "classic"
    ) -> None:
        self.folder, self.rng = folder, rng
        self.record, self.save, self.log = (
            folder / "game.rec",
            folder / "game.save",
            folder / "host.log",
        )
        self.seats, self.bots = seats, bots
        self.names = [f"p{i}" for i in range(seats - bots)]
        self.host_gone_after_end = False
        self.players: dict[str, subprocess.Popen] = {}
        self.outputs: dict[str, list[str]] = {n: [] for n in self.names}
        self.port = 0
        self.host = self._host(
            "--seats", str(seats), "--bots", str(bots), "--port", "0", "--mode", mode,
            "--interface", "127.0.0.1", "--record", str(self.record), "--save", str(self.save),
        )  # fmt: skip

    def _host(self, *args: str) -> subprocess.Popen:
        with self.log.open("a") as out:
            return subprocess.Popen(
                [*RISK_LAN, "host", "--headless", "--absent-after", str(ABSENT_AFTER), *args],
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def _join(self, name: str) -> None:
        seat = str(self.folder / f"{name}.seat")
        address = f"127.0.0.1:{self.port}"
        with (self.folder / f"{name}.out").open("a") as out:
            self.players[name] = subprocess.Popen(
                [*RISK_LAN, "join", address, "--bot", "--name", name, "--state", seat],
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def begin(self) -> None:
        deadline = time.monotonic() + 30
        while not (match := re.search(r"on 127\.0\.0\.1:(\d+)", self.log.read_text())):
            if time.monotonic() > deadline or self.host.poll() is not None:
                raise RuntimeError("the host did not start listening")
            time.sleep(0.05)
        self.port = int(match.group(1))
        for name in self.names:
            self._join(name)

    def started(self) -> bool:
        return any(b["type"] == "commits" for b in _broadcasts(self.record))

    def strike(self, tally: Tally, kind: str | None = None) -> None:
        """One blow of chaos, ``kind`` or one chosen at random."""
        kind = kind or self.rng.choice([*BLOWS, "nothing"])
        name = self.rng.choice(self.names)
        process = self.players[name]
        if kind == "kill_player" and process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            time.sleep(self.rng.uniform(0, 2 * ABSENT_AFTER))
            self._join(name)  # the same seat file: the seat back, with its key and chain
        elif kind == "freeze_player" and process.poll() is None:
            process.send_signal(signal.SIGSTOP)
            time.sleep(self.rng.uniform(0.2, 2.5 * ABSENT_AFTER))
            process.send_signal(signal.SIGCONT)
        elif kind == "kill_host" and self.host.poll() is None:
            self.host.send_signal(signal.SIGKILL)
            self.host.wait()
            if not self.save.exists():
                kind = "kill_host_after_end"
                # Nothing brings the host back once its game is over: a player away at that
                # moment cannot hear the end, through no fault of the game.
                self.host_gone_after_end = True
            else:
                time.sleep(self.rng.uniform(0.1, 1.5))
                self.host = self._host("--resume", str(self.save))
        tally.events[kind] += 1

    def finish(self, seconds: float) -> None:
        # With the host gone for good, a player still running is only retrying in vain.
        deadline = time.monotonic() + (5 if self.host_gone_after_end else seconds)
        for process in [self.host, *self.players.values()]:
            left = max(0.1, deadline - time.monotonic())
            try:
                process.wait(timeout=left)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def close(self) -> None:
        for process in [self.host, *self.players.values()]:
            if process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait()


def play_table(
    folder: Path,
    rng: random.Random,
    tally: Tally,
    blows: int,
    seconds: float,
    first: str,
    mode: str = "classic",
) -> None:
    """One game of ``mode`` under ``blows`` blows: ``first`` as soon as the game has started
    (so that every kind is dealt while games run, however short), the others at random
    moments."""
    rules = ruleset(mode)
    seats = rng.randint(rules.min_players, rules.max_players)
    bots = rng.randint(0, seats - 2)
    tally.games += 1
    tally.seats[seats] += 1
    tally.modes[mode] += 1
    table = Table(folder, seats, bots, rng, mode)
    try:
        table.begin()
        deadline = time.monotonic() + 30
        while not table.started() and time.monotonic() < deadline:
            time.sleep(0.05)
        for i in range(blows):
            if table.host.poll() is not None and not table.save.exists():
                break
            if i:
                time.sleep(rng.uniform(0.2, 1.5))
            table.strike(tally, first if i == 0 else None)
        table.finish(seconds)
    finally:
        table.close()
    _judge(table, tally)


def _judge(table: Table, tally: Tally) -> None:
    where = table.folder.name
    bodies = _broadcasts(table.record)
    rolls = [b["roll"] for b in bodies if b["type"] == "reveals"]
    if len(rolls) != len(set(rolls)):
        tally.failures.append(f"{where}: a roll number has two results")
    verdict = verify_record(table.record)
    if not verdict.ok:
        tally.failures.append(f"{where}: the record does not verify: {verdict.message}")
        return
    tally.verified += 1
    tally.moves += verdict.moves
    tally.rolls += verdict.rolls
    tally.events["takeovers"] += sum(b["type"] == "takeover" for b in bodies)
    tally.events["handbacks"] += sum(b["type"] == "handback" for b in bodies)
    if verdict.winner is None:
        tally.failures.append(f"{where}: no winner ({verdict.message})")
        return
    tally.finished += 1
    if table.host_gone_after_end:
        return
    for name in table.names:
        text = (table.folder / f"{name}.out").read_text()
        if f"transcript {verdict.transcript}" not in text:
            last = " | ".join(text.strip().splitlines()[-3:])
            tally.failures.append(f"{where}: {name} did not see the recorded game end ({last})")


def chaos(
    folder: Path,
    games: int,
    seed: int,
    blows: int = 4,
    seconds: float = 240,
    modes: tuple[str, ...] = ("classic",),
) -> Tally:
    """``games`` games under chaos, the modes taken in turn."""
    rng = random.Random(seed)
    tally = Tally()
    for i in range(games):
        game_folder = folder / f"game{i}"
        game_folder.mkdir(parents=True)
        mode = modes[i % len(modes)]
        play_table(game_folder, rng, tally, blows, seconds, BLOWS[i % len(BLOWS)], mode)
    return tally
