"""What a client keeps on disk so that, killed mid-game, it can take its seat back: its key,
its chain's secret seed, the seat's token, and how far it got (commit, reveals, acts)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from secrets import token_bytes
from types import ModuleType
from typing import Any, Protocol

import msgpack

from protocol.signing import Identity


def _locks() -> ModuleType | None:
    """The system's file locks; not on every system: seats are then not marked as held."""
    try:
        return importlib.import_module("fcntl")
    except ImportError:
        return None


fcntl = _locks()


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
    secrets: dict[str, Any] = field(
        default_factory=dict
    )  # what only this seat knows (a seal's nonce)


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


class Whereabouts(Protocol):
    """Where a kept seat sits: the game, the seat, and where its host was last reached."""

    @property
    def game_id(self) -> str: ...

    @property
    def seat(self) -> str: ...

    @property
    def address(self) -> tuple[str, int] | None: ...


class KeptSeat:
    """A client's seat on disk: its key, its chain's seed, its token and how far it got,
    restored when the client starts, written as it goes, and forgotten when the host no
    longer knows it. ``path`` None: nothing is kept (until the host gives a seat, when the
    client is told a folder to keep it in)."""

    def __init__(self, path: Path | None, where: Whereabouts, log: Callable[[str], None]) -> None:
        self.path = path
        self.where = where
        self.log = log
        self.identity = Identity()
        self.token: bytes | None = None
        self.chain_seed = token_bytes(32)
        self.committed = False
        self.revealed = 0  # the highest roll revealed
        self.seq = 0  # the last act sent
        self.secrets: dict[str, Any] = {}  # what only this seat knows: a headquarters' seal
        self._hold: int | None = None
        self._restore()

    def _restore(self) -> None:
        self.hold()
        saved = load(self.path) if self.path else None
        if saved is not None:
            self.identity = Identity.from_private_bytes(saved.private_key)
            self.chain_seed, self.token = saved.chain_seed, saved.token
            self.committed, self.revealed, self.seq = saved.committed, saved.revealed, saved.seq
            self.secrets = dict(saved.secrets)
            self.log(f"resuming seat {saved.seat} of game {saved.game}")

    def seated(self) -> bool:
        """Whether the host gave this client a seat (or a spectator's place) to come back to."""
        return self.token is not None

    def place(self, path: Path) -> None:
        """Keep the seat the host just gave in ``path`` from now on."""
        self.path = path
        self.hold()

    def hold(self) -> None:
        if self.path is not None and self._hold is None:
            self._hold = hold(self.path)

    def release(self) -> None:
        """This program no longer plays the seat (it stops); the seat stays kept on disk."""
        if self._hold is not None and self._hold >= 0:
            os.close(self._hold)
        self._hold = None

    def _let_go(self) -> None:
        if self.path is not None:
            let_go(self.path, self._hold)
        self._hold = None

    def end(self) -> None:
        """The game is over for this seat (ended, or expelled): nothing to come back to."""
        if self.path is not None:
            self._let_go()
            self.path.unlink(missing_ok=True)

    def save(self) -> None:
        where = self.where
        if self.path is not None and self.token is not None:
            host, port = where.address or ("", 0)
            save(
                self.path,
                SeatState(
                    where.game_id,
                    where.seat,
                    self.token,
                    self.identity.private_bytes(),
                    self.chain_seed,
                    self.committed,
                    self.revealed,
                    self.seq,
                    host,
                    port,
                    self.secrets,
                ),
            )

    def keep_secret(self, name: str, value: Any) -> None:
        """Keep something only this seat knows (a headquarters' seal) with the seat, so that
        a player who comes back after a crash still has it."""
        self.secrets[name] = value
        self.save()

    def forget(self) -> None:
        """Drop a kept seat the host does not know, to ask for a new one."""
        self.log("the host no longer knows the seat kept for this address: asking for a new one")
        if self.path is not None:
            self._let_go()
            self.path.unlink(missing_ok=True)
            self.path = None
        self.identity, self.token = Identity(), None
        self.chain_seed, self.committed, self.revealed, self.seq = token_bytes(32), False, 0, 0
        self.secrets = {}
