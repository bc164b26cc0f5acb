"""A shuffle step of the encrypted deck, and its proof that it is one.

A step takes a deck D of n points and gives E with E[i] = s·D[π(i)]: every card under one
more layer (the shuffler's secret s, whose public key is Y = s·B) and in a secret order π.

The proof is cut-and-choose over ``rounds`` rounds (32 unless said), in two phases. In round
j the shuffler draws a scalar r_j and an order σ_j and commits to R_j = r_j·B and
C_j[i] = r_j·D[σ_j(i)], and sends a hash of every commitment (``commit``) before the
randomness that draws its bits exists. Bit j asks it either to link D to C_j (bit 0: it
shows r_j and σ_j) or C_j to E (bit 1: it shows u_j = s·r_j⁻¹ and τ_j = σ_j⁻¹∘π, with
E[i] = u_j·C_j[τ_j(i)] and Y = u_j·R_j). Both links at once would make E a re-ordering of D
under the exponent r_j·u_j = log_B(Y): a shuffler whose E is not one can answer at most one
of the two questions, so each round catches it with probability 1/2, and 32 rounds let a bad
step through with probability 2^-32. The bits are drawn after the commit, so trying again in
private gains nothing (a challenge the shuffler hashed alone could be ground: no step uses
one). The R_j tie the exponent to Y, so the layers that Y's owner removes later, with proofs
against Y, are the layers it added here.

The proof is compact: it carries each round's bit and opening, not its commitment. Either
opening fixes the commitment it opens (bit 0: R_j = r_j·B, C_j[i] = r_j·D[σ_j(i)]; bit 1:
R_j = u_j⁻¹·Y, C_j[τ_j(i)] = u_j⁻¹·E[i]), so the verifier rebuilds every commitment, and
accepts only if they hash to the commit sent before the bits were drawn. A proof that
passes is, with its rebuilt commitments, a full proof that passes: the soundness is the
same.

Every byte of the proof and of its challenge is in docs/protocol.md ("The encrypted deck,
byte by byte").
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .fairness import DerivedSource, digest
from .layerkey import LayerKey
from .ristretto import (
    SIZE,
    DeckCryptoError,
    MalformedCrypto,
    Point,
    Scalar,
    hash_to_scalar,
    invert,
    mul,
    mul_base,
    scalar,
    scalar_of,
    value_of,
)

# 2^-32 a step, over the floor of 2^-30, at half the cost of 64 (docs/protocol.md).
ROUNDS = 32
MAX_CARDS = 256  # an order's entries are one byte each
MAX_ROUNDS = 256  # the challenge bits come from one 32-byte hash

Commitment = tuple[Point, list[Point]]
"""A round's commitment (R_j, C_j)."""


class ShuffleRefused(DeckCryptoError):
    """A shuffle step that is not a proven re-ordering of its deck under its shuffler's
    layer. The message says what fails."""


@dataclass(frozen=True)
class Opening:
    """One round of a shuffle proof as it travels: the bit it answers and the opening (r_j
    and σ_j for bit 0, u_j and τ_j for bit 1). The commitment is rebuilt from it
    (``commitment``)."""

    bit: int
    exponent: Scalar
    order: list[int]

    def encode(self) -> bytes:
        return self.exponent + bytes(self.order)


def random_order(n: int) -> list[int]:
    """A secret uniform order of ``range(n)`` (Fisher–Yates over the system's randomness)."""
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def round_secrets(seed: bytes, j: int, n: int) -> tuple[Scalar, list[int]]:
    """Round j's r_j and σ_j, drawn from the prover's secret ``seed``."""
    r = value_of(hash_to_scalar(digest("deck-shuffle-r", seed, j))) or 1
    sigma = DerivedSource(digest("deck-shuffle-sigma", seed, j)).permutation(n)
    return scalar_of(r), sigma


def _layered(
    key: LayerKey,
    deck: Sequence[Point],
    order: Sequence[int] | None,
    seed: bytes | None,
    rounds: int,
) -> tuple[list[int], list[Point], list[tuple[Scalar, list[int]]], list[tuple[Point, list[Point]]]]:
    """A step's order, its output deck, each round's secrets and each round's commitment."""
    n = len(deck)
    pi = list(order) if order is not None else random_order(n)
    _check_sizes(n, rounds)
    if sorted(pi) != list(range(n)):
        raise ValueError("the order is not a permutation of the deck")
    shuffled = [mul(key.secret, deck[pi[i]]) for i in range(n)]
    seed = seed if seed is not None else secrets.token_bytes(32)
    made = [round_secrets(seed, j, n) for j in range(rounds)]
    commitments = [(mul_base(r), [mul(r, deck[k]) for k in sigma]) for r, sigma in made]
    return pi, shuffled, made, commitments


def commitment(
    opening: Opening, public: Point, deck: Sequence[Point], shuffled: Sequence[Point]
) -> Commitment:
    """The commitment (R_j, C_j) that ``opening`` opens: bit 0, R_j = e·B and
    C_j[i] = e·D[o(i)]; bit 1, R_j = e⁻¹·Y and C_j[o(i)] = e⁻¹·E[i]. The full proof's checks
    (R_j = e·B and C_j[i] = e·D[o(i)], or Y = e·R_j and E[i] = e·C_j[o(i)]) solved for the
    commitment, so they hold by construction."""
    e, order = opening.exponent, opening.order
    if not opening.bit:
        return mul_base(e), [mul(e, deck[k]) for k in order]
    back = invert(e)
    committed = list(shuffled)
    for i, k in enumerate(order):
        committed[k] = mul(back, shuffled[i])
    return mul(back, public), committed


def bits_size(rounds: int) -> int:
    """Bytes of a proof's header: one bit a round."""
    return (rounds + 7) // 8


def round_size(n: int) -> int:
    """Bytes of one round's opening over ``n`` cards: the exponent and the order."""
    return SIZE + n


def proof_size(n: int, rounds: int = ROUNDS) -> int:
    return bits_size(rounds) + rounds * round_size(n)


def encode_proof(openings: Sequence[Opening]) -> bytes:
    """The header of bits (bit j is bit j%8 of byte j//8, the bits past the last round
    zero), then every round's exponent and order."""
    header = bytearray(bits_size(len(openings)))
    for j, opening in enumerate(openings):
        header[j // 8] |= opening.bit << (j % 8)
    return bytes(header) + b"".join(opening.encode() for opening in openings)


def decode_proof(proof: bytes, n: int, rounds: int = ROUNDS) -> list[Opening]:
    """The rounds of a proof for a deck of ``n`` cards, every exponent checked and every
    order a permutation of ``range(n)``; ``MalformedCrypto`` if anything is not."""
    _check_sizes(n, rounds)
    if type(proof) is not bytes or len(proof) != proof_size(n, rounds):
        raise MalformedCrypto(
            f"a proof of {rounds} rounds over {n} cards is {proof_size(n, rounds)} bytes"
        )
    header, size = bits_size(rounds), round_size(n)
    if proof[header - 1] >> (rounds - 8 * (header - 1)):  # a shift of 8 leaves 0
        raise MalformedCrypto("the proof's header sets a bit past its last round")
    decoded = []
    for j in range(rounds):
        raw = proof[header + j * size : header + (j + 1) * size]
        exponent = scalar(raw[:SIZE])
        order = list(raw[SIZE:])
        if sorted(order) != list(range(n)):
            raise MalformedCrypto(f"round {j}'s order is not a permutation of the deck")
        decoded.append(Opening((proof[j // 8] >> (j % 8)) & 1, exponent, order))
    return decoded


def _check_sizes(n: int, rounds: int) -> None:
    if not 1 <= n <= MAX_CARDS:
        raise ValueError(f"a deck has 1 to {MAX_CARDS} cards")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"a proof has 1 to {MAX_ROUNDS} rounds")


RANDOMNESS_SIZE = 32


@dataclass(frozen=True)
class CommittedShuffle:
    """A shuffle step made and committed to, its proof not yet opened: ``commit`` is sent
    first; ``prove_committed`` opens the rounds once the randomness is known. Everything here
    but ``shuffled`` and ``commit`` is the shuffler's secret."""

    shuffled: list[Point]
    commit: bytes
    secret: Scalar
    order: list[int]
    rounds: list[tuple[Scalar, list[int]]]


def commit_digest(
    context: bytes,
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    commitments: Sequence[tuple[Point, Sequence[Point]]],
) -> bytes:
    """``H("deck-shuffle-commit", context, Y, rounds, D, E, R_0‖C_0‖…)``: the 32 bytes a
    shuffler sends before its bits are drawn."""
    committed = b"".join(b"".join((base, *c)) for base, c in commitments)
    return digest(
        "deck-shuffle-commit",
        context,
        public,
        len(commitments),
        b"".join(deck),
        b"".join(shuffled),
        committed,
    )


def committed_bits(commit: bytes, randomness: bytes, rounds: int) -> list[int]:
    """Bit j is bit j%8 of byte j//8 of ``H("deck-shuffle-bits", commit, randomness)``."""
    h = digest("deck-shuffle-bits", commit, randomness)
    return [(h[j // 8] >> (j % 8)) & 1 for j in range(rounds)]


def commit_shuffle(
    key: LayerKey,
    deck: Sequence[Point],
    context: bytes,
    order: Sequence[int] | None = None,
    seed: bytes | None = None,
    rounds: int = ROUNDS,
) -> CommittedShuffle:
    """Phase one: the deck under ``key``'s layer in ``order`` (secret and random unless
    given) and the commit to it and to every round's commitment. ``seed`` (32 secret random
    bytes unless given) is where the rounds' secrets come from: give it only to reproduce a
    test vector."""
    pi, shuffled, made, commitments = _layered(key, deck, order, seed, rounds)
    commit = commit_digest(context, key.public, deck, shuffled, commitments)
    return CommittedShuffle(shuffled, commit, key.secret, pi, made)


def prove_committed(step: CommittedShuffle, randomness: bytes) -> bytes:
    """Phase two: the proof of ``step``, each round opened on the side the bits drawn from
    its commit and ``randomness`` ask for."""
    if type(randomness) is not bytes or len(randomness) != RANDOMNESS_SIZE:
        raise ValueError(f"the randomness is {RANDOMNESS_SIZE} bytes")
    bits = committed_bits(step.commit, randomness, len(step.rounds))
    return encode_proof(_openings(step.secret, step.order, step.rounds, bits))


def _openings(
    secret: Scalar, pi: Sequence[int], made: Sequence[tuple[Scalar, list[int]]], bits: list[int]
) -> list[Opening]:
    proof = []
    n = len(pi)
    for (r, sigma), bit in zip(made, bits, strict=True):
        if bit:
            back = [0] * n
            for i, s in enumerate(sigma):
                back[s] = i
            u = scalar_of(value_of(secret) * value_of(invert(r)))
            proof.append(Opening(1, u, [back[pi[i]] for i in range(n)]))
        else:
            proof.append(Opening(0, r, sigma))
    return proof


def check_committed_shuffle(
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
    randomness: bytes,
    rounds: int = ROUNDS,
) -> None:
    """Raise ``ShuffleRefused`` (``MalformedCrypto`` for bytes that are not a proof) unless
    the commitments the proof's openings rebuild hash to ``commit`` and the proof opens
    exactly the bits ``commit`` and ``randomness`` draw: ``shuffled`` is then ``deck``
    re-ordered under the layer of ``public``, but for 2^-rounds."""
    n = len(deck)
    if len(shuffled) != n:
        raise ShuffleRefused(f"a deck of {n} cards came back with {len(shuffled)}")
    if len(set(shuffled)) != n:
        raise ShuffleRefused("the shuffled deck holds the same point twice")
    openings = decode_proof(proof, n, rounds)
    bits = committed_bits(commit, randomness, rounds)
    for j, (opening, bit) in enumerate(zip(openings, bits, strict=True)):
        if opening.bit != bit:
            raise ShuffleRefused(
                f"round {j}: the proof opens bit {opening.bit}, but the randomness drawn "
                f"after its commit asks for bit {bit}"
            )
    commitments = [commitment(o, public, deck, shuffled) for o in openings]
    if commit_digest(context, public, deck, shuffled, commitments) != commit:
        raise ShuffleRefused(
            "the commitments the proof's openings give are not the ones the shuffler "
            "committed to before the randomness was drawn"
        )
