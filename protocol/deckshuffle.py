"""A shuffle step of the encrypted deck, made and proven in two phases.

A step takes a deck D of n points and gives E with E[i] = s·D[π(i)]: every card under one
more layer (the shuffler's secret s, whose public key is Y = s·B) and in a secret order π.
The proof that it is one is Bayer–Groth's argument (``shuffleargument``, where its soundness
and zero knowledge are argued): a false step passes with probability about 3n/L, below
2^-240, and the proof shows nothing of π or s.

The step keeps the ledger's two phases. The shuffler first sends ``commit``, a hash of its
context, Y, D, E and c_A (its commitment to π); the table then draws its randomness; the
argument's first challenge x is a hash of the commit and that randomness, and the proof is
sent with E. The argument needs no randomness but its own hashes (trying again in private
gains a cheat nothing against 2^-240); the two phases stay because the ledger, the host and
the clients are built on them, and they cost a message, not a computation (docs/protocol.md,
"Why two phases").

A shuffler's secrets (its order, its commitment's blinding and every nonce of its proof) come
from a secret ``seed``; the proof's nonces also from the randomness, so no nonce ever answers
two different challenges (which would show s), even if a step were proven twice.

Every byte of the proof and of its challenges is in docs/protocol.md ("The encrypted deck,
byte by byte").
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .fairness import digest, wide_digest
from .layerkey import LayerKey
from .ristretto import ORDER, SIZE, MalformedCrypto, Point, Scalar, mul, value_of
from .shuffleargument import (
    MAX_CARDS,
    POINTS,
    Proof,
    ShuffleRefused,
    Statement,
    Witness,
    commit_order,
    proof_size,
    prove,
    response_count,
    verify,
)

__all__ = [
    "MAX_CARDS",
    "POINTS",
    "RANDOMNESS_SIZE",
    "CommittedShuffle",
    "ShuffleRefused",
    "check_committed_shuffle",
    "commit_digest",
    "commit_shuffle",
    "proof_parts",
    "proof_size",
    "prove_committed",
    "random_order",
    "response_count",
]

RANDOMNESS_SIZE = 32


def random_order(n: int) -> list[int]:
    """A secret uniform order of ``range(n)`` (Fisher–Yates over the system's randomness)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def nonce(seed: bytes, randomness: bytes, label: str, index: int) -> int:
    """A secret scalar of the shuffler's: ``H512("deck-shuffle-nonce", seed, randomness,
    label, index)`` mod L (the randomness empty for the commit's blinding)."""
    raw = wide_digest("deck-shuffle-nonce", seed, randomness, label, index)
    return int.from_bytes(raw, "little") % ORDER


def commit_digest(
    context: bytes,
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    order_commitment: bytes,
) -> bytes:
    """``H("deck-shuffle-commit", context, Y, D, E, c_A)``: the 32 bytes a shuffler sends
    before the randomness is drawn."""
    return digest(
        "deck-shuffle-commit",
        context,
        public,
        b"".join(deck),
        b"".join(shuffled),
        order_commitment,
    )


def first_challenge(commit: bytes, randomness: bytes) -> int:
    """x = ``H("deck-shuffle-x", commit, randomness)`` read little-endian, mod L."""
    return int.from_bytes(digest("deck-shuffle-x", commit, randomness), "little") % ORDER


@dataclass(frozen=True)
class CommittedShuffle:
    """A shuffle step made and committed to, its proof not yet made: ``commit`` is sent
    first; ``prove_committed`` proves the step once the randomness is known. Everything here
    but ``public``, ``deck``, ``shuffled`` and ``commit`` is the shuffler's secret."""

    public: Point
    deck: list[Point]
    shuffled: list[Point]
    commit: bytes
    secret: Scalar
    order: list[int]
    seed: bytes
    order_commitment: bytes


def commit_shuffle(
    key: LayerKey,
    deck: Sequence[Point],
    context: bytes,
    order: Sequence[int] | None = None,
    seed: bytes | None = None,
) -> CommittedShuffle:
    """Phase one: the deck under ``key``'s layer in ``order`` (secret and random unless
    given), c_A and the commit to them. ``seed`` (32 secret random bytes unless given) is where
    the blinding and the proof's nonces come from: give it only to make the same step again
    (a restarted party) or a test vector."""
    n = len(deck)
    if not 1 <= n <= MAX_CARDS:
        raise ValueError(f"a deck has 1 to {MAX_CARDS} cards")
    pi = list(order) if order is not None else random_order(n)
    if sorted(pi) != list(range(n)):
        raise ValueError("the order is not a permutation of the deck")
    shuffled = [mul(key.secret, deck[pi[i]]) for i in range(n)]
    seed = seed if seed is not None else secrets.token_bytes(32)
    order_commitment = commit_order(pi, nonce(seed, b"", "order", 0))
    commit = commit_digest(context, key.public, deck, shuffled, order_commitment)
    return CommittedShuffle(
        key.public, list(deck), shuffled, commit, key.secret, pi, seed, order_commitment
    )


def prove_committed(step: CommittedShuffle, randomness: bytes) -> bytes:
    """Phase two: the proof of ``step`` for the randomness drawn after its commit."""
    if type(randomness) is not bytes or len(randomness) != RANDOMNESS_SIZE:
        raise ValueError(f"the randomness is {RANDOMNESS_SIZE} bytes")
    statement = Statement(step.public, step.deck, step.shuffled)
    blinding = nonce(step.seed, b"", "order", 0)
    witness = Witness(value_of(step.secret), step.order, blinding, step.order_commitment)
    x = first_challenge(step.commit, randomness)
    proof = prove(statement, witness, x, lambda label, i: nonce(step.seed, randomness, label, i))
    return proof.encode()


def proof_parts(proof: bytes) -> tuple[list[bytes], list[bytes]]:
    """A proof cut as the wire carries it: its points, then its scalars, 32 bytes each."""
    chunks = [proof[i : i + SIZE] for i in range(0, len(proof), SIZE)]
    return chunks[:POINTS], chunks[POINTS:]


def check_committed_shuffle(
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
    randomness: bytes,
) -> None:
    """Raise ``ShuffleRefused`` (``MalformedCrypto`` for bytes that are not a proof) unless
    the step answers ``commit`` and the proof, for the challenge its commit and
    ``randomness`` draw, proves ``shuffled`` is ``deck`` re-ordered under the layer of
    ``public``."""
    n = len(deck)
    if not 1 <= n <= MAX_CARDS:
        raise MalformedCrypto(f"a deck has 1 to {MAX_CARDS} cards, not {n}")
    if len(shuffled) != n:
        raise ShuffleRefused(f"a deck of {n} cards came back with {len(shuffled)}")
    if len(set(shuffled)) != n:
        raise ShuffleRefused("the shuffled deck holds the same point twice")
    decoded = Proof.decode(proof, n)
    if commit_digest(context, public, deck, shuffled, decoded.points[0]) != commit:
        raise ShuffleRefused(
            "the deck it gave and its commitment to an order are not those it committed "
            "to before the randomness was drawn"
        )
    verify(Statement(public, deck, shuffled), decoded, first_challenge(commit, randomness))
