"""Who said what: every peer signs its messages with an Ed25519 key of its own.

A signed message is an envelope ``{"type": "signed", "from": peer, "body": {...}, "sig": 64
bytes}``. The signature covers, under a domain label, the canonical msgpack of
``[sender, body, prev]``: ``prev`` is empty for a client's messages, and for the host's
broadcasts the transcript hash just before the message (``protocol.transcript``). So each of
the host's signatures vouches for the whole history before it, and a peer may check only the
latest one it holds (fairness.md, "Checkpoints"). A signature made for another context, or
another place in the history, does not verify here.
"""

from __future__ import annotations

from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .errors import ProtocolError
from .framing import pack

SIGNING_DOMAIN = b"risk-lan/1/signed"
PUBLIC_KEY_SIZE = 32
SIGNATURE_SIZE = 64


def _signed_bytes(sender: str, body: dict[str, Any], prev: bytes) -> bytes:
    return SIGNING_DOMAIN + pack([sender, body, prev])


class Identity:
    """A peer's signing key (made fresh for each game unless one is given)."""

    def __init__(self, key: Ed25519PrivateKey | None = None) -> None:
        self._key = key or Ed25519PrivateKey.generate()
        self.public_key = self._key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    @classmethod
    def from_private_bytes(cls, raw: bytes) -> Identity:
        """The identity whose 32-byte private key was saved with ``private_bytes``."""
        return cls(Ed25519PrivateKey.from_private_bytes(raw))

    def private_bytes(self) -> bytes:
        return self._key.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )

    def sign(self, sender: str, body: dict[str, Any], prev: bytes = b"") -> dict[str, Any]:
        """The envelope carrying ``body`` from ``sender``, signed; ``prev`` is the transcript
        hash before it, for the host's broadcasts."""
        signature = self._key.sign(_signed_bytes(sender, body, prev))
        return {"type": "signed", "from": sender, "body": body, "sig": signature}


def verify(envelope: dict[str, Any], public_key: bytes, prev: bytes = b"") -> dict[str, Any]:
    """Check an envelope's signature against the sender's key (and, for the host's
    broadcasts, the transcript hash before it); returns the body."""
    sender, body, sig = envelope.get("from"), envelope.get("body"), envelope.get("sig")
    if not isinstance(sender, str) or not isinstance(body, dict) or not isinstance(sig, bytes):
        raise ProtocolError("malformed", "a signed message needs 'from', 'body' and 'sig'")
    if len(sig) != SIGNATURE_SIZE or len(public_key) != PUBLIC_KEY_SIZE:
        raise ProtocolError("bad_signature", f"the signature of {sender} is malformed", sender)
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(
            sig, _signed_bytes(sender, body, prev)
        )
    except InvalidSignature:
        raise ProtocolError(
            "bad_signature", f"a message claiming to be from {sender} is forged", sender
        ) from None
    return body
