"""The transcript: a running hash of every signed message of the game, in order.

Every peer keeps one. Two peers who saw the same messages in the same order have the same
hash; the short code of it is shown on screen so players can compare across the room. A
host that shows different peers different things makes their codes differ. Each step hashes
the envelope's bytes: the canonical msgpack (``framing.pack``) the host sends it in.
"""

from __future__ import annotations

import base64
from typing import Any

from .fairness import digest
from .framing import Packed
from .signing import pack_envelope


class Transcript:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.count = 0
        self.hash = digest("transcript", game_id)

    def add(self, envelope: dict[str, Any]) -> bytes:
        """Add one signed message; returns the new hash. One that came over the wire (or
        from a record) is hashed as the bytes it came in (``Packed``), which a host sends in
        canonical msgpack; any other is packed canonically."""
        self.count += 1
        data = envelope.payload if type(envelope) is Packed else pack_envelope(envelope)
        self.hash = digest("transcript-step", self.hash, data)
        return self.hash

    @property
    def code(self) -> str:
        """A short code of the hash to read aloud: 8 base32 characters, as XXXX-XXXX."""
        text = base64.b32encode(self.hash[:5]).decode()
        return f"{text[:4]}-{text[4:]}"
