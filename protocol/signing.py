"""Who said what: every peer signs its messages with an Ed25519 key of its own.

A signed message is an envelope ``{"type": "signed", "from": peer, "body": {...}, "sig": 64
bytes}``. The signature covers, under a domain label, the canonical msgpack of
``[sender, body, prev]``: ``prev`` is empty for a client's messages, and for the host's
broadcasts the transcript hash just before the message (``protocol.transcript``). So each of
the host's signatures vouches for the whole history before it, and a peer may check only the
latest one it holds (protocol.md, "The transcript and checkpoints"). A signature made for
another context, or another place in the history, does not verify here.

Ed25519 is libsodium's, through PyNaCl: it signs and verifies in about half the time of
OpenSSL's here (``bench/signatures.py``), and a host signs three messages a roll.
"""

from __future__ import annotations

from typing import Any

from nacl.exceptions import BadSignatureError
from nacl.signing import SigningKey, VerifyKey

from .errors import ProtocolError
from .framing import pack, pack_signed

SIGNING_DOMAIN = b"risk-lan/1/signed"
PUBLIC_KEY_SIZE = 32
PRIVATE_KEY_SIZE = 32  # the RFC 8032 private key: the seed the key pair is derived from
SIGNATURE_SIZE = 64


def _signed_bytes(sender: str, body: dict[str, Any], prev: bytes) -> bytes:
    # pack([sender, body, prev]), with the body's bytes remembered for the transcript.
    return b"".join((SIGNING_DOMAIN, b"\x93", pack(sender), pack_signed(body), pack(prev)))


def pack_envelope(envelope: dict[str, Any]) -> bytes:
    """``pack(envelope)``; for an envelope of exactly the four fields, made from its body's
    remembered bytes (the keys in canonical order: body, from, sig, type)."""
    sender, body, sig = envelope.get("from"), envelope.get("body"), envelope.get("sig")
    if (
        len(envelope) != 4
        or envelope.get("type") != "signed"
        or type(sender) is not str
        or type(body) is not dict
        or type(sig) is not bytes
    ):
        return pack(envelope)
    parts = (b"\x84\xa4body", pack_signed(body), b"\xa4from", pack(sender), b"\xa3sig", pack(sig))
    return b"".join((*parts, b"\xa4type\xa6signed"))


class Identity:
    """A peer's signing key (made fresh for each game unless one is given)."""

    def __init__(self, key: SigningKey | None = None) -> None:
        self._key = key or SigningKey.generate()
        self.public_key = bytes(self._key.verify_key)

    @classmethod
    def from_private_bytes(cls, raw: bytes) -> Identity:
        """The identity whose 32-byte private key was saved with ``private_bytes``."""
        if len(raw) != PRIVATE_KEY_SIZE:
            raise ValueError(f"a private key is {PRIVATE_KEY_SIZE} bytes, not {len(raw)}")
        return cls(SigningKey(bytes(raw)))

    def private_bytes(self) -> bytes:
        return self._key.encode()

    def sign(self, sender: str, body: dict[str, Any], prev: bytes = b"") -> dict[str, Any]:
        """The envelope carrying ``body`` from ``sender``, signed; ``prev`` is the transcript
        hash before it, for the host's broadcasts."""
        signature = self._key.sign(_signed_bytes(sender, body, prev)).signature
        return {"body": body, "from": sender, "sig": signature, "type": "signed"}  # sorted


def verify(envelope: dict[str, Any], public_key: bytes, prev: bytes = b"") -> dict[str, Any]:
    """Check an envelope's signature against the sender's key (and, for the host's
    broadcasts, the transcript hash before it); returns the body."""
    sender, body, sig = envelope.get("from"), envelope.get("body"), envelope.get("sig")
    if not isinstance(sender, str) or not isinstance(body, dict) or not isinstance(sig, bytes):
        raise ProtocolError("malformed", "a signed message needs 'from', 'body' and 'sig'")
    if len(sig) != SIGNATURE_SIZE or len(public_key) != PUBLIC_KEY_SIZE:
        raise ProtocolError("bad_signature", f"the signature of {sender} is malformed", sender)
    try:
        VerifyKey(public_key).verify(_signed_bytes(sender, body, prev), sig)
    except BadSignatureError:
        raise ProtocolError(
            "bad_signature", f"a message claiming to be from {sender} is forged", sender
        ) from None
    return body
