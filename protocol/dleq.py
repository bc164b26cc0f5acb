"""Chaum–Pedersen proofs: the same secret exponent x links two pairs of points, X = x·G and
Z = x·H, proved without showing x.

Non-interactive (Fiat–Shamir). The prover draws a nonce k, computes A = k·G and A' = k·H,
the challenge ``c = H(label, context, G, X, H, Z, A, A')`` read as a scalar, and the response
``r = k − c·x``. The proof is 64 bytes, ``c ‖ r`` (two canonical scalars). The verifier
recomputes ``A = r·G + c·X`` and ``A' = r·H + c·Z`` and checks that they hash to ``c``.

``label`` says what the proof is for (each use of the deck has its own: a layer removed, a
layer added, a card opened, an escrow's inverse, an escrow's partial removal), ``context``
where it stands (the game, the deck, the seat, the index: bytes the caller builds), so a
proof made for one place proves nothing at another.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from .fairness import digest
from .ristretto import (
    SIZE,
    MalformedCrypto,
    Point,
    Scalar,
    add,
    hash_to_scalar,
    mul,
    mul_or_identity,
    proof_scalar,
    random_scalar,
    scalar_of,
    value_of,
)

PROOF_SIZE = 2 * SIZE

# Each use of a proof in the deck, one label each (the hash's label is "deck-dleq/" + it).
USES = frozenset({"remove", "add", "open", "escrow-inverse", "escrow-partial"})


@dataclass(frozen=True)
class Statement:
    """What a proof claims: log_G(X) = log_H(Z)."""

    g: Point
    x: Point
    h: Point
    z: Point


def challenge(use: str, context: bytes, statement: Statement, a: bytes, a_prime: bytes) -> Scalar:
    if use not in USES:
        raise ValueError(f"no proof is used for {use!r}")
    s = statement
    return hash_to_scalar(digest("deck-dleq/" + use, context, s.g, s.x, s.h, s.z, a, a_prime))


def prove(
    use: str, context: bytes, statement: Statement, secret: Scalar, nonce: Scalar | None = None
) -> bytes:
    """The 64-byte proof that ``secret`` is log_G(X) and log_H(Z). ``nonce`` is drawn at
    random unless given (the doc's test vectors give it; a nonce used twice shows the
    secret)."""
    k = nonce if nonce is not None else random_scalar()
    a, a_prime = mul(k, statement.g), mul(k, statement.h)
    c = challenge(use, context, statement, a, a_prime)
    r = scalar_of(value_of(k) - value_of(c) * value_of(secret))
    return c + r


def verify(use: str, context: bytes, statement: Statement, proof: bytes) -> bool:
    """Whether ``proof`` proves ``statement`` for this use and context. The statement's
    points must have been checked (``ristretto.point``); a proof of the wrong length or with
    a non-canonical scalar raises ``MalformedCrypto``."""
    c, r = decode(proof)
    a = add(mul_or_identity(r, statement.g), mul_or_identity(c, statement.x))
    a_prime = add(mul_or_identity(r, statement.h), mul_or_identity(c, statement.z))
    return hmac.compare_digest(challenge(use, context, statement, a, a_prime), c)


def decode(proof: bytes) -> tuple[Scalar, Scalar]:
    if type(proof) is not bytes or len(proof) != PROOF_SIZE:
        raise MalformedCrypto(f"a Chaum–Pedersen proof is {PROOF_SIZE} bytes")
    return proof_scalar(proof[:SIZE]), proof_scalar(proof[SIZE:])
