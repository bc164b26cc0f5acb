"""The transcript: a running hash of every signed message of the game, in order.

Every peer keeps one. Two peers who saw the same messages in the same order have the same
hash; the short code of it is shown on screen so players can compare across the room. A
host that shows different peers different things makes their codes differ. Each step hashes
the canonical msgpack of the envelope (``framing.pack``), whatever order its maps came in.
"""

from __future__ import annotations

import base64
from typing import Any

from .fairness import digest
from .signing import pack_envelope


class Transcript:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.count = 0
        self.hash = digest("transcript", game_id)

    def add(self, envelope: dict[str, Any]) -> bytes:
        """Add one signed message; returns the new hash."""
        self.count += 1
        self.hash = digest("transcript-step", self.hash, pack_envelope(envelope))
        return self.hash

    @property
    def code(self) -> str:
        """A short code of the hash to read aloud: 8 base32 characters, as XXXX-XXXX."""
        text = base64.b32encode(self.hash[:5]).decode()
        return f"{text[:4]}-{text[4:]}"
