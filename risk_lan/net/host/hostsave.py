"""The host's game on disk, so that a host that crashes, or whose machine sleeps, can take the
game up again at its last move (``risk-lan host --resume FILE``).

A save is one msgpack stream: a header with what only the host holds (its signing key, its
chain's seed, its end-of-game secret, the seats' tokens and keys, the table, a sealed game's
layer on the deck), then every
broadcast of the game in order, each appended and flushed before it is sent to anyone. So a
save always holds at least what any client has seen, and a message torn by a crash mid-write
was never sent: it is dropped when the save is read. Saves are readable by their owner only:
they hold the host's secrets.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from protocol.framing import Packed
from risk_lan.paths import saves_dir

SAVE_MAGIC = "risk-lan-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".save"
# Saves are flushed to the operating system at every message (a crash of the program loses
# nothing) and forced to the disk at most this many seconds later, and whenever the game
# waits (a crash of the whole machine, a flat battery, may lose the messages of that last
# moment only). Forcing every message would add a disk round trip to every roll.
SYNC_AFTER = 0.5


@dataclass
class SavedSeat:
    id: str
    name: str
    kind: str
    colour: str
    key: bytes = b""
    token: bytes = b""
    level: str = ""  # a bot seat's (a save written before levels: none, so normal)


@dataclass
class HostSecrets:
    """Everything a host needs to be the same host again, beyond the broadcasts."""

    game: str
    private_key: bytes
    chain_seed: bytes
    secret: bytes
    chain_length: int
    name: str
    mode: str
    seats: list[SavedSeat]
    absent_after: float | None = 120.0
    record: str | None = None
    interface: str = "0.0.0.0"
    port: int = 0
    owner_key: bytes | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # A sealed game's: the secret of the host's layer on the deck (its escrow shares come
    # from its signing key). Without it, no card held under the host's layer could be read
    # again, nor its shuffles proven.
    deck_layer: bytes = b""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HostSecrets:
        data = dict(data)
        data["seats"] = [SavedSeat(**s) for s in data["seats"]]
        return cls(**data)


class SaveWriter:
    """Appends each broadcast to the save as it is made."""

    def __init__(self, path: Path, secrets: HostSecrets, envelopes: list[dict[str, Any]]) -> None:
        """Write the save anew (atomically: a crash mid-write leaves the previous one), with
        the broadcasts so far, then keep it open to append."""
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(_pack({"type": SAVE_MAGIC, "version": SAVE_VERSION, "host": secrets.to_dict()}))
            for envelope in envelopes:
                f.write(_pack(envelope))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        self._file = path.open("ab")
        self._dirty_since: float | None = None

    def append(self, envelope: dict[str, Any]) -> None:
        if self._file.closed:
            return
        self._file.write(_pack(envelope))
        self._file.flush()
        now = time.monotonic()
        if self._dirty_since is None:
            self._dirty_since = now
        elif now - self._dirty_since >= SYNC_AFTER:
            self.sync()

    def sync(self) -> None:
        """Force what was appended to the disk, if anything is waiting."""
        if self._dirty_since is not None and not self._file.closed:
            os.fdatasync(self._file.fileno())
            self._dirty_since = None

    def close(self, finished: bool = False) -> None:
        """Close the save; a finished game's save is removed (its record, if any, stays)."""
        if not self._file.closed:
            self._file.close()
        if finished:
            self.path.unlink(missing_ok=True)


class SaveError(Exception):
    """A file that is not a risk-lan save, or one this version cannot read."""


def _pack(value: Any) -> bytes:
    if type(value) is Packed:
        return value.payload  # a broadcast, in the bytes it was sent in
    return msgpack.packb(value, use_bin_type=True)


def load_save(path: str | Path) -> tuple[HostSecrets, list[dict[str, Any]]]:
    """The host's secrets and the broadcasts of a save; a message torn at the end by a crash
    is left out."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise SaveError(f"cannot read {path}: {e.strerror or e}") from None
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    items: list[Any] = []
    try:
        for item in unpacker:
            items.append(item)
    except (ValueError, msgpack.FormatError, msgpack.StackError):
        pass  # a torn or damaged tail: what came before it stands
    if not items or not isinstance(items[0], dict) or items[0].get("type") != SAVE_MAGIC:
        raise SaveError(f"{path} is not a risk-lan save")
    if items[0].get("version") != SAVE_VERSION:
        raise SaveError(f"{path} was saved by another version of risk-lan")
    try:
        secrets = HostSecrets.from_dict(items[0]["host"])
    except (KeyError, TypeError) as e:
        raise SaveError(f"{path} is damaged ({e})") from None
    return secrets, [e for e in items[1:] if isinstance(e, dict)]


@dataclass
class SavedGame:
    path: Path
    name: str
    mode: str
    game: str
    moves: int
    modified: float


def list_saves(folder: Path | None = None) -> list[SavedGame]:
    """The games saved in ``folder`` (the user's by default), the latest first."""
    folder = folder or saves_dir()
    found = []
    for path in folder.glob("*" + SAVE_SUFFIX):
        try:
            secrets, envelopes = load_save(path)
        except SaveError:
            continue
        moves = sum(1 for e in envelopes if e.get("body", {}).get("type") == "move")
        found.append(
            SavedGame(path, secrets.name, secrets.mode, secrets.game, moves, path.stat().st_mtime)
        )
    return sorted(found, key=lambda g: g.modified, reverse=True)
