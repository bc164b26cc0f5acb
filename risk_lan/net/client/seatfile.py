"""What a client keeps on disk so that, killed mid-game, it can take its seat back: its key,
its chain's secret seed, the seat's token, and how far it got (commit, reveals, acts)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from secrets import token_bytes
from typing import Any

import msgpack

try:
    import fcntl
except ImportError:  # not on every system: seats are then not marked as held
    fcntl = None

from protocol.signing import Identity


@dataclass
class SeatState:
    game: str
    seat: str
    token: bytes
    private_key: bytes
    chain_seed: bytes
    committed: bool = False
    revealed: int = 0  # the highest roll this client has revealed
    seq: int = 0  # the last act it sent
    host: str = ""  # where the host was last reached
    port: int = 0
    secrets: dict = field(default_factory=dict)  # what only this seat knows (a seal's nonce)


def save(path: Path, state: SeatState) -> None:
    """Write atomically (a crash mid-write leaves the previous state), readable by us only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(msgpack.packb(asdict(state), use_bin_type=True))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load(path: Path) -> SeatState | None:
    try:
        data = msgpack.unpackb(path.read_bytes(), raw=False)
        return SeatState(**data)
    except (OSError, ValueError, TypeError):
        return None


SEAT_SUFFIX = ".seat"


def seat_path(folder: Path, game: str, seat: str) -> Path:
    """The file of one seat of one game: two apps of one user on one machine at the same
    table each keep their own."""
    return folder / f"{game}-{seat}{SEAT_SUFFIX}"


def find_seat(
    folder: Path, game: str | None = None, address: tuple[str, int] | None = None
) -> Path | None:
    """The file of a seat kept in ``folder`` for the game ``game``, or last reached at
    ``address``, that no running program holds (two apps of one user on one machine each
    have their own seat); None if there is none."""
    for path in sorted(folder.glob("*" + SEAT_SUFFIX), key=_modified, reverse=True):
        state = load(path)
        if state is None:
            continue
        if game is not None and state.game != game:
            continue
        if game is None and (address is None or (state.host, state.port) != address):
            continue
        if not in_use(path):
            return path
    return None


def hold(path: Path) -> int | None:
    """Mark the seat in ``path`` as held by this program until it ends or ``let_go``; None
    if another program holds it. The operating system lets go of a crashed program's hold."""
    if fcntl is None:
        return -1
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def let_go(path: Path, fd: int | None) -> None:
    if fd is not None and fd >= 0:
        os.close(fd)
    path.with_name(path.name + ".lock").unlink(missing_ok=True)


def in_use(path: Path) -> bool:
    fd = hold(path)
    if fd is None:
        return True
    if fd >= 0:
        os.close(fd)
    return False


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class StaleSeat(Exception):
    """The host refused the kept seat's token before any welcome."""


class KeptSeat:
    """A client's seat on disk: restored when the client starts, written as it goes, and
    forgotten when the host no longer knows it. Part of ``Client``."""

    state_path: Path | None
    identity: Identity
    token: bytes | None
    game_id: str
    seat: str
    chain_seed: bytes
    committed: bool
    revealed: int
    seq: int
    address: tuple[str, int] | None
    secrets: dict[str, Any]
    log: Callable[[str], None]

    def _hold_seat(self) -> None:
        if self.state_path is not None and getattr(self, "_seat_hold", None) is None:
            self._seat_hold = hold(self.state_path)

    def _release_seat(self) -> None:
        """This program no longer plays the seat (it stops); the seat stays kept on disk."""
        hold_fd = getattr(self, "_seat_hold", None)
        if hold_fd is not None and hold_fd >= 0:
            os.close(hold_fd)
        self._seat_hold = None

    def _let_seat_go(self) -> None:
        if self.state_path is not None:
            let_go(self.state_path, getattr(self, "_seat_hold", None))
        self._seat_hold = None

    def _restore_seat(self) -> None:
        self._hold_seat()
        saved = load(self.state_path) if self.state_path else None
        if saved is not None:
            self.identity = Identity.from_private_bytes(saved.private_key)
            self.chain_seed, self.token = saved.chain_seed, saved.token
            self.committed, self.revealed, self.seq = saved.committed, saved.revealed, saved.seq
            self.secrets = dict(saved.secrets)
            self.log(f"resuming seat {saved.seat} of game {saved.game}")

    def _save(self) -> None:
        if self.state_path is not None and self.token is not None:
            save(
                self.state_path,
                SeatState(
                    self.game_id,
                    self.seat,
                    self.token,
                    self.identity.private_bytes(),
                    self.chain_seed,
                    self.committed,
                    self.revealed,
                    self.seq,
                    self.address[0] if self.address else "",
                    self.address[1] if self.address else 0,
                    self.secrets,
                ),
            )

    def keep_secret(self, name: str, value: Any) -> None:
        """Keep something only this seat knows (a headquarters' seal) with the seat, so that
        a player who comes back after a crash still has it."""
        self.secrets[name] = value
        self._save()

    def _forget_seat(self) -> None:
        """Drop a kept seat the host does not know, and ask for a new one."""
        self.log("the seat kept for this address belongs to another game: asking for a new one")
        if self.state_path is not None:
            self._let_seat_go()
            self.state_path.unlink(missing_ok=True)
            self.state_path = None
        self.identity, self.token = Identity(), None
        self.chain_seed, self.committed, self.revealed, self.seq = (
            token_bytes(32),
            False,
            0,
            0,
        )
        self.secrets = {}
