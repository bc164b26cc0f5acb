"""One game of a chaos run (tests/chaos.py): the host's process, one process per player (a bot
with a personality of its own) and the spectators', the blows dealt to them, and where the
game has got to, read from the host's record as it grows."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import msgpack

from risk_lan.bots.personality import Personality

RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]
ABSENT_AFTER = 2.0  # seconds before a frozen or gone player's seat goes to a bot


class RecordTail:
    """The last move and whether the game is over, from the host's record, reading only what
    was added since the last look."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.n = 0
        self.over = False
        self.reset()

    def reset(self) -> None:
        """Read from the start again: a resumed host writes its record afresh."""
        self._at = 0
        self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)

    def poll(self) -> None:
        try:
            with self.path.open("rb") as f:
                f.seek(self._at)
                chunk = f.read()
        except OSError:
            return
        self._at += len(chunk)
        self._unpacker.feed(chunk)
        try:
            for item in self._unpacker:
                body = item.get("body") if isinstance(item, dict) else None
                if isinstance(body, dict) and body.get("type") == "move":
                    self.n = max(self.n, body.get("n", 0))
                elif isinstance(body, dict) and body.get("type") == "over":
                    self.over = True
        except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError):
            self.reset()  # caught mid-rewrite by a resumed host: read it again next time


class Table:
    def __init__(
        self,
        folder: Path,
        mode: str,
        seats: int,
        bots: int,
        seed: str,
        standing: bool | None = None,
        absent: float = ABSENT_AFTER,
        sealed: bool = False,
    ) -> None:
        """``standing``: every player's standing answer set at the start (True), none (False),
        or each as its personality draws it (None). ``absent``: seconds before a seat whose
        player is gone or frozen goes to a bot of the host. ``sealed``: the cards dealt by
        the sealed deck (``host --sealed``)."""
        self.folder, self.mode, self.seed = folder, mode, seed
        self.standing, self.absent = standing, absent
        self.record, self.save, self.log = (
            folder / "game.rec",
            folder / "game.save",
            folder / "host.log",
        )
        self.names = [f"p{i}" for i in range(seats - bots)]
        self.watchers: list[str] = []
        self.runs: dict[str, int] = {}  # each peer's programs started so far
        self.processes: dict[str, subprocess.Popen] = {}
        self.frozen: set[str] = set()
        self.said_before: dict[str, int] = {}  # each peer's output before its last program
        self.later: list[tuple[float, Callable[[], None]]] = []  # (when, what) to do
        self.tail = RecordTail(self.record)
        self.hostings = 0  # 'hosting' lines the host's log held when last looked at
        self.host_gone_after_end = 0.0  # when the host was killed after the game's end
        self.host_left = 0.0  # when the host ended by itself after the game's end
        self.listening = False
        self.lingering = 0.0  # when the host was left lingering for nobody
        self.late_joins = self.restarts = self.freezes = self.resumes = 0
        self.port = 0
        self.host = self._host(
            "--seats", str(seats), "--bots", str(bots), "--port", "0", "--mode", mode,
            "--interface", "127.0.0.1", "--record", str(self.record), "--save", str(self.save),
            "--sealed" if sealed else "--plain",
        )  # fmt: skip

    @property
    def at(self) -> int:
        """The last move the host has recorded."""
        return self.tail.n

    def _host(self, *args: str) -> subprocess.Popen:
        with self.log.open("a") as out:
            return subprocess.Popen(
                [*RISK_LAN, "host", "--headless", "--absent-after", str(self.absent), *args],
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def _join(self, name: str, *how: str) -> None:
        self.runs[name] = self.runs.get(name, 0) + 1
        record = self.peer_record(name)
        output = self.folder / f"{name}.out"
        self.said_before[name] = output.stat().st_size if output.exists() else 0
        with output.open("a") as out:
            self.processes[name] = subprocess.Popen(
                [*RISK_LAN, "join", f"127.0.0.1:{self.port}", "--name", name, *how,
                 "--record", str(record)],
                stdout=out,
                stderr=subprocess.STDOUT,
            )  # fmt: skip

    def _seat(self, name: str) -> None:
        seat = str(self.folder / f"{name}.seat")
        self._join(name, "--bot", "--state", seat, "--personality", self.personality(name))

    def personality(self, name: str) -> str:
        """The seed of the seat's personality: the first, after the game's seed and the
        seat's name, with the standing answer asked for."""
        for k in range(100):
            seed = f"{self.seed}:{name}" + (f":{k}" if k else "")
            if self.standing in (None, Personality.drawn(seed).standing):
                return seed
        raise AssertionError("no personality with that standing answer")

    def peer_record(self, name: str) -> Path:
        """The record of the peer's last program (one killed wrote an unfinished one)."""
        return self.folder / f"{name}.{self.runs.get(name, 1)}.rec"

    def begin(self) -> None:
        deadline = time.monotonic() + 30
        while not (match := re.search(r"on 127\.0\.0\.1:(\d+)", self.log.read_text())):
            if time.monotonic() > deadline or self.host.poll() is not None:
                raise RuntimeError("the host did not start listening")
            time.sleep(0.05)
        self.hostings, self.listening = 1, True
        self.port = int(match.group(1))
        for name in self.names:
            self._seat(name)

    def tick(self) -> None:
        """Do what is due, and read how far the game has got."""
        now = time.monotonic()
        for item in sorted(self.later, key=lambda x: x[0]):
            if item[0] <= now:
                self.later.remove(item)
                item[1]()
        hostings = self.log.read_text().count("hosting ")
        if hostings > self.hostings:  # a resumed host, listening, its record written afresh
            self.hostings = hostings
            self.listening = True
            self.tail.reset()
        self.tail.poll()
        if self.host_gone_after_end and now > self.host_gone_after_end + 5:
            # With the host gone for good, a player still running is only retrying in vain.
            self.close()
        if self.tail.over and self.host.poll() is not None and not self.later:
            # The host ended by itself once its players saw the end; a spectator that was
            # away then (the host killed and resumed as the game ended) retries in vain.
            self.host_left = self.host_left or now
            if now > self.host_left + 5:
                self.close()
        peers_gone = all(not self._running(n) for n in self.processes)
        if self.tail.over and peers_gone and not self.later and self.host.poll() is None:
            # The host lingers for players yet to see the end: those that stopped (and said
            # why) never will. Its record is whole, written before each broadcast.
            self.lingering = self.lingering or now
            if now > self.lingering + 1:
                self.close()

    def done(self) -> bool:
        return not self.later and all(p.poll() is not None for p in self._all())

    def can_strike(self) -> bool:
        """Blows fall on a game under way, with its host up and listening, and every program
        started connected: a program's first connection is not retried (the host's address
        may be wrong), so a host killed before it would tell nothing of the game."""
        return (
            not self.tail.over
            and self.listening
            and self.host.poll() is None
            and all(self._connected(name) for name in self.processes)
        )

    def _connected(self, name: str) -> bool:
        if not self._running(name):
            return True
        with (self.folder / f"{name}.out").open("rb") as f:
            f.seek(self.said_before[name])
            return b"joined as " in f.read()

    def strike(self, kind: str, rng: random.Random) -> str:
        """One blow of ``kind``; returns what was dealt."""
        now = time.monotonic()
        if kind == "watch":
            name = f"w{len(self.watchers)}"
            self.watchers.append(name)
            self._join(name, "--watch", "--headless")
            self.late_joins += 1
            return kind
        if kind == "kill_host":
            self.host.send_signal(signal.SIGKILL)
            self.host.wait()
            self.listening = False
            if not self.save.exists():
                # Nothing brings the host back once its game is over: a player away at that
                # moment cannot hear the end, through no fault of the game.
                self.host_gone_after_end = now
                return "kill_host_after_end"
            self._after(rng.uniform(0.1, 1.5), self._resume)
            return kind
        awake = [n for n in self.names if n not in self.frozen and self._running(n)]
        if not awake:
            return "nothing"
        name = rng.choice(awake)
        process = self.processes[name]
        if kind == "kill_player":
            process.send_signal(signal.SIGKILL)
            process.wait()
            # The same seat file: the seat back, with its key and chain.
            self._after(rng.uniform(0, 2 * self.absent), lambda: self._restart(name))
        else:
            process.send_signal(signal.SIGSTOP)
            self.frozen.add(name)
            self.freezes += 1
            self._after(rng.uniform(0.2, 2.5 * self.absent), lambda: self._wake(name))
        return kind

    def _after(self, seconds: float, what: Callable[[], None]) -> None:
        self.later.append((time.monotonic() + seconds, what))

    def _running(self, name: str) -> bool:
        return self.processes[name].poll() is None

    def _resume(self) -> None:
        self.resumes += 1
        self.host = self._host("--resume", str(self.save))

    def _restart(self, name: str) -> None:
        if not self.listening:  # its first connection would find nobody: later
            self._after(0.2, lambda: self._restart(name))
            return
        self.restarts += 1
        self._seat(name)

    def _wake(self, name: str) -> None:
        self.frozen.discard(name)
        self.processes[name].send_signal(signal.SIGCONT)

    def _all(self) -> list[subprocess.Popen]:
        return [self.host, *self.processes.values()]

    def outputs(self) -> dict[str, str]:
        """What each peer's programs printed, the host's included."""
        out = {"host": self.log.read_text()}
        for name in [*self.names, *self.watchers]:
            path = self.folder / f"{name}.out"
            out[name] = path.read_text() if path.exists() else ""
        return out

    def close(self) -> None:
        for process in self._all():
            if process.poll() is None:
                process.send_signal(signal.SIGCONT)
                process.kill()
                process.wait()
