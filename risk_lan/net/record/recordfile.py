"""The game record: every message the host broadcast, in order, as a msgpack stream.

It holds everything needed to re-check a game offline: the players' keys, their chain
commitments, every move (with the signed request of the player who asked for it), every
roll's reveals, and at the end the host's secret, which unlocks the shuffles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgpack

from protocol.errors import ProtocolError
from protocol.framing import MAX_FRAME, Packed, plain

RECORD_MAGIC = {"type": "risk-lan-record", "version": 1}


class RecordWriter:
    def __init__(self, path: str | Path, envelopes: Iterable[dict[str, Any]] = ()) -> None:
        """Start the record, with ``envelopes`` already broadcast (a resumed game's)."""
        self._file = Path(path).open("wb")  # noqa: SIM115 - kept open for the whole game
        self._file.write(plain(RECORD_MAGIC))
        for envelope in envelopes:
            self._file.write(_bytes(envelope))
        self._file.flush()

    def write(self, envelope: dict[str, Any]) -> None:
        self._file.write(_bytes(envelope))
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def _bytes(envelope: dict[str, Any]) -> bytes:
    """An entry's bytes: a signed broadcast's as it was sent (the transcript hashes them)."""
    return envelope.payload if type(envelope) is Packed else plain(envelope)


def read_record(path: str | Path) -> Iterator[dict[str, Any]]:
    """The entries of a record, in order; a signed one with the bytes it was written in
    (``Packed``), as the transcript hashes them."""
    unpacker = msgpack.Unpacker(
        raw=False, strict_map_key=True, max_buffer_size=4 * MAX_FRAME, max_ext_len=0
    )
    held = bytearray()  # what was fed and not yet read: each entry's bytes come from it
    start = 0  # where, in the whole record, ``held`` starts
    with Path(path).open("rb") as f:
        first = True
        while chunk := f.read(64 * 1024):
            unpacker.feed(chunk)
            held += chunk
            try:
                for item in unpacker:
                    end = unpacker.tell()
                    raw = bytes(held[: end - start])
                    del held[: end - start]
                    start = end
                    if first:
                        if item != RECORD_MAGIC:
                            raise ProtocolError("not_a_record", f"{path} is not a risk-lan record")
                        first = False
                        continue
                    if not isinstance(item, dict):
                        raise ProtocolError("malformed", "a record entry is not a map")
                    yield Packed(item, raw) if item.get("type") == "signed" else item
            except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as e:
                raise ProtocolError("malformed", f"the record is damaged: {e}") from None
