"""A shuffle step of the encrypted deck, and its proof that it is one.

A step takes a deck D of n points and gives E with E[i] = s·D[π(i)]: every card under one
more layer (the shuffler's secret s, whose public key is Y = s·B) and in a secret order π.

The proof is cut-and-choose over ``rounds`` rounds (40 unless said). In round j the shuffler
draws a scalar r_j and an order σ_j and commits to R_j = r_j·B and C_j[i] = r_j·D[σ_j(i)]. A
challenge bit, from a hash of everything (Fiat–Shamir), asks it either to link D to C_j
(bit 0: it shows r_j and σ_j) or C_j to E (bit 1: it shows u_j = s·r_j⁻¹ and τ_j = σ_j⁻¹∘π,
with E[i] = u_j·C_j[τ_j(i)] and Y = u_j·R_j). Both links at once would make E a re-ordering
of D under the exponent r_j·u_j = log_B(Y): a shuffler whose E is not one can answer at most
one of the two questions, so each round catches it with probability 1/2, and 40 rounds let a
bad step through with probability 2^-40 per attempt. The R_j tie the exponent to Y, so the
layers that Y's owner removes later, with proofs against Y, are the layers it added here.

Every byte of the proof and of its challenge is in docs/protocol.md ("The encrypted deck,
byte by byte").
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .fairness import DerivedSource, digest
from .framing import pack
from .layerkey import LayerKey
from .ristretto import (
    BASE,
    SIZE,
    DeckCryptoError,
    MalformedCrypto,
    Point,
    Scalar,
    hash_to_scalar,
    invert,
    mul,
    mul_base,
    point,
    points,
    scalar,
    scalar_of,
    value_of,
)

ROUNDS = 40
MAX_CARDS = 256  # an order's entries are one byte each
MAX_ROUNDS = 256  # the challenge bits come from one 32-byte hash


class ShuffleRefused(DeckCryptoError):
    """A shuffle step that is not a proven re-ordering of its deck under its shuffler's
    layer. The message says what fails."""


@dataclass(frozen=True)
class Round:
    """One round of a shuffle proof: the commitment (R_j, C_j) and what the challenge
    opened (r_j and σ_j for bit 0, u_j and τ_j for bit 1)."""

    base: Point
    deck: list[Point]
    exponent: Scalar
    order: list[int]

    def encode(self) -> bytes:
        return b"".join((self.base, *self.deck, self.exponent, bytes(self.order)))


def shuffle_context(game: str, deck: str, step: int, seat: str) -> bytes:
    """The context a shuffle step's challenge is bound to: canonical msgpack of
    ``[game, deck, step, seat]``."""
    return pack([game, deck, step, seat])


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


def shuffle(
    key: LayerKey,
    deck: Sequence[Point],
    context: bytes,
    order: Sequence[int] | None = None,
    seed: bytes | None = None,
    rounds: int = ROUNDS,
) -> tuple[list[Point], bytes]:
    """The deck under ``key``'s layer in ``order`` (secret and random unless given), and the
    proof. ``seed`` (32 secret random bytes unless given) is where the rounds' secrets come
    from: give it only to reproduce a test vector."""
    n = len(deck)
    pi = list(order) if order is not None else random_order(n)
    _check_sizes(n, rounds)
    if sorted(pi) != list(range(n)):
        raise ValueError("the order is not a permutation of the deck")
    shuffled = [mul(key.secret, deck[pi[i]]) for i in range(n)]
    seed = seed if seed is not None else secrets.token_bytes(32)
    made = []
    for j in range(rounds):
        r, sigma = round_secrets(seed, j, n)
        made.append((r, sigma, mul_base(r), [mul(r, deck[sigma[i]]) for i in range(n)]))
    bits = challenge_bits(
        context, key.public, deck, shuffled, [(base, c) for _, _, base, c in made], rounds
    )
    proof = []
    for (r, sigma, base, committed), bit in zip(made, bits, strict=True):
        if bit:
            back = [0] * n
            for i, s in enumerate(sigma):
                back[s] = i
            u = scalar_of(value_of(key.secret) * value_of(invert(r)))
            proof.append(Round(base, committed, u, [back[pi[i]] for i in range(n)]))
        else:
            proof.append(Round(base, committed, r, sigma))
    return shuffled, b"".join(step.encode() for step in proof)


def challenge_bits(
    context: bytes,
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    commitments: Sequence[tuple[Point, Sequence[Point]]],
    rounds: int,
) -> list[int]:
    """Bit j is bit j%8 (least significant first) of byte j//8 of
    ``H("deck-shuffle", context, Y, rounds, D, E, R_0‖C_0‖…‖R_(rounds-1)‖C_(rounds-1))``."""
    committed = b"".join(b"".join((base, *c)) for base, c in commitments)
    h = digest(
        "deck-shuffle", context, public, rounds, b"".join(deck), b"".join(shuffled), committed
    )
    return [(h[j // 8] >> (j % 8)) & 1 for j in range(rounds)]


def round_size(n: int) -> int:
    return SIZE + n * SIZE + SIZE + n


def decode_proof(proof: bytes, n: int, rounds: int = ROUNDS) -> list[Round]:
    """The rounds of a proof for a deck of ``n`` cards, every point and scalar checked and
    every order a permutation of ``range(n)``; ``MalformedCrypto`` if anything is not."""
    _check_sizes(n, rounds)
    size = round_size(n)
    if type(proof) is not bytes or len(proof) != rounds * size:
        raise MalformedCrypto(f"a proof of {rounds} rounds over {n} cards is {rounds * size} bytes")
    decoded = []
    for j in range(rounds):
        raw = proof[j * size : (j + 1) * size]
        base = point(raw[:SIZE])
        deck = points(raw[SIZE : SIZE + n * SIZE], n)
        exponent = scalar(raw[SIZE + n * SIZE : 2 * SIZE + n * SIZE])
        order = list(raw[2 * SIZE + n * SIZE :])
        if sorted(order) != list(range(n)):
            raise MalformedCrypto(f"round {j}'s order is not a permutation of the deck")
        decoded.append(Round(base, deck, exponent, order))
    return decoded


def check_shuffle(
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    proof: bytes,
    context: bytes,
    rounds: int = ROUNDS,
) -> None:
    """Raise ``ShuffleRefused`` (or ``MalformedCrypto`` for bytes that are not a proof)
    unless ``shuffled`` is ``deck`` re-ordered under the layer of the key ``public``. The
    decks' points must have been checked (``ristretto.point``)."""
    n = len(deck)
    if len(shuffled) != n:
        raise ShuffleRefused(f"a deck of {n} cards came back with {len(shuffled)}")
    if len(set(shuffled)) != n:
        raise ShuffleRefused("the shuffled deck holds the same point twice")
    steps = decode_proof(proof, n, rounds)
    bits = challenge_bits(
        context, public, deck, shuffled, [(s.base, s.deck) for s in steps], rounds
    )
    for j, (step, bit) in enumerate(zip(steps, bits, strict=True)):
        start, end = (step.base, public) if bit else (BASE, step.base)
        source, target = (step.deck, shuffled) if bit else (deck, step.deck)
        if mul(step.exponent, start) != end:
            raise ShuffleRefused(f"round {j}: the exponent shown is not the committed one")
        for i in range(n):
            if mul(step.exponent, source[step.order[i]]) != target[i]:
                raise ShuffleRefused(f"round {j}: card {i} is not the one the opening gives")


def verify_shuffle(
    public: Point,
    deck: Sequence[Point],
    shuffled: Sequence[Point],
    proof: bytes,
    context: bytes,
    rounds: int = ROUNDS,
) -> bool:
    """``check_shuffle`` as a yes or no."""
    try:
        check_shuffle(public, deck, shuffled, proof, context, rounds)
    except DeckCryptoError:
        return False
    return True


def _check_sizes(n: int, rounds: int) -> None:
    if not 1 <= n <= MAX_CARDS:
        raise ValueError(f"a deck has 1 to {MAX_CARDS} cards")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"a proof has 1 to {MAX_ROUNDS} rounds")
