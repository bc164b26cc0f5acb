"""The group of the encrypted deck: ristretto255 (RFC 9496), through libsodium's (``rbcl``).

ristretto255 has prime order L = 2^252 + 27742317777372353535851937790883648493 and one
canonical 32-byte encoding per element, so a point received needs one check (that it decodes,
and is not the identity) and no cofactor care. A scalar is 32 bytes, little-endian, below L.

Only this module touches ``rbcl``: the rest of ``protocol`` sees ``Point`` and ``Scalar``
(bytes, typed apart) and the few operations the deck needs. Every point and scalar that came
from another peer goes through ``point`` or ``scalar`` (or ``proof_scalar``) first; they raise
``MalformedCrypto`` rather than hand on something the group functions would misread.
"""

from __future__ import annotations

import secrets
from typing import NewType

import rbcl  # type: ignore[import-untyped]  # it ships no type information

Point = NewType("Point", bytes)
Scalar = NewType("Scalar", bytes)

SIZE = 32  # bytes of a point and of a scalar
HASH_SIZE = 64  # bytes hash-to-group takes
ORDER = 2**252 + 27742317777372353535851937790883648493
IDENTITY = bytes(SIZE)


class DeckCryptoError(ValueError):
    """Something about the encrypted deck that a peer sent and that does not hold."""


class MalformedCrypto(DeckCryptoError):
    """Bytes that are not what they should be: a point that does not decode or is the
    identity, a scalar that is not canonical, a proof of the wrong length, a permutation that
    is not one. The message says which, for people."""


def point(data: bytes) -> Point:
    """``data`` as a point, checked: 32 bytes, the canonical encoding of a group element, not
    the identity."""
    if type(data) is not bytes or len(data) != SIZE:
        raise MalformedCrypto(f"a point is {SIZE} bytes")
    if data == IDENTITY:
        raise MalformedCrypto("the identity is not a point of the deck")
    if not rbcl.crypto_core_ristretto255_is_valid_point(data):
        raise MalformedCrypto("these bytes are not the encoding of a ristretto255 point")
    return Point(data)


def points(data: bytes, count: int) -> list[Point]:
    """``count`` points, back to back, each checked."""
    if len(data) != count * SIZE:
        raise MalformedCrypto(f"{count} points are {count * SIZE} bytes, not {len(data)}")
    return [point(data[i : i + SIZE]) for i in range(0, len(data), SIZE)]


def proof_scalar(data: bytes) -> Scalar:
    """A scalar of a proof: 32 bytes, canonical (below L); zero is allowed."""
    if type(data) is not bytes or len(data) != SIZE:
        raise MalformedCrypto(f"a scalar is {SIZE} bytes")
    if int.from_bytes(data, "little") >= ORDER:
        raise MalformedCrypto("a scalar is not canonical (not below the group's order)")
    return Scalar(data)


def scalar(data: bytes) -> Scalar:
    """A secret or an exponent: canonical and not zero."""
    value = proof_scalar(data)
    if value == IDENTITY:
        raise MalformedCrypto("a scalar of zero")
    return value


def scalar_of(value: int) -> Scalar:
    return Scalar((value % ORDER).to_bytes(SIZE, "little"))


def value_of(s: Scalar) -> int:
    return int.from_bytes(s, "little")


def random_scalar() -> Scalar:
    """A uniform non-zero scalar, from the system's randomness."""
    while True:
        value = int.from_bytes(secrets.token_bytes(HASH_SIZE), "little") % ORDER
        if value:
            return scalar_of(value)


def hash_to_scalar(digest32: bytes) -> Scalar:
    """A 32-byte hash read as a little-endian integer, reduced mod L (a challenge; its
    distance from uniform is below 2^-120)."""
    return scalar_of(int.from_bytes(digest32, "little"))


def invert(s: Scalar) -> Scalar:
    value = value_of(s)
    if not value:
        raise MalformedCrypto("zero has no inverse")
    return scalar_of(pow(value, -1, ORDER))


def from_hash(data: bytes) -> Point:
    """Ristretto255's hash-to-group (RFC 9496, section 4.3.4) of 64 uniform bytes."""
    if len(data) != HASH_SIZE:
        raise MalformedCrypto(f"hash-to-group takes {HASH_SIZE} bytes")
    return point(bytes(rbcl.crypto_core_ristretto255_from_hash(data)))


def mul(s: Scalar, p: Point) -> Point:
    """s·p, for a non-zero scalar and a point (never the identity in a prime-order group)."""
    return Point(bytes(rbcl.crypto_scalarmult_ristretto255(s, p)))


def mul_base(s: Scalar) -> Point:
    """s·B, B the group's standard base point."""
    return Point(bytes(rbcl.crypto_scalarmult_ristretto255_base(s)))


def mul_or_identity(s: Scalar, p: bytes) -> bytes:
    """s·p, zero scalars allowed: what a proof's verification computes (the identity's
    encoding, 32 zero bytes, when s is zero)."""
    if s == IDENTITY:
        return IDENTITY
    if p == BASE:  # the base's precomputed table: about a third of the time
        return bytes(rbcl.crypto_scalarmult_ristretto255_base(s))
    return bytes(rbcl.crypto_scalarmult_ristretto255_allow_scalar_zero(s, p))


def add(p: bytes, q: bytes) -> bytes:
    """p + q (the identity's encoding when they cancel)."""
    return bytes(rbcl.crypto_core_ristretto255_add(p, q))


BASE = mul_base(scalar_of(1))
