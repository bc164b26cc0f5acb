"""What a client keeps on disk so that, killed mid-game, it can take its seat back: its key,
its chain's secret seed, the seat's token, and how far it got (commit, reveals, acts)."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from pathlib import Path

import msgpack


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


def save(path: Path, state: SeatState) -> None:
    """Write atomically (a crash mid-write leaves the previous state), readable by us only."""
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
