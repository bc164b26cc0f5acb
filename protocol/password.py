"""A game's password, proved without being sent: the host sends a salt and a fresh nonce,
the joiner answers an HMAC of the nonce under a key stretched from the password with that
salt. Someone listening on the LAN sees the salt, the nonce and the answer, never the
password, and an answer is good for that one connection's nonce alone (docs/protocol.md,
"The lobby").

Each key costs a guess KEY_ROUNDS rounds of PBKDF2, so that an answer overheard is slow to
try passwords against; a host stretches its password once, for the game's one salt."""

from __future__ import annotations

import hashlib
import hmac
import unicodedata

KEY_ROUNDS = 200_000
DOMAIN = b"risk-lan/6/password"


def password_key(password: str, salt: bytes) -> bytes:
    """The 32-byte key of ``password`` under ``salt``: PBKDF2-HMAC-SHA256 of the password's
    UTF-8 bytes in Unicode's NFC form (the same word typed on any keyboard)."""
    data = unicodedata.normalize("NFC", password).encode("utf-8")
    return hashlib.pbkdf2_hmac("sha256", data, salt, KEY_ROUNDS, 32)


def password_proof(key: bytes, nonce: bytes, client_key: bytes) -> bytes:
    """The answer to a challenge: HMAC-SHA256 under ``key`` of the domain, the host's nonce
    and the joiner's public key (so that the answer vouches for that joiner alone)."""
    return hmac.new(key, DOMAIN + nonce + client_key, hashlib.sha256).digest()


def proof_holds(key: bytes, nonce: bytes, client_key: bytes, mac: bytes) -> bool:
    """Whether ``mac`` answers the challenge (compared in constant time)."""
    return hmac.compare_digest(password_proof(key, nonce, client_key), mac)
