"""The argument that a shuffle step of the encrypted deck is one: Bayer–Groth's, for the
exponentiation shuffle E[i] = s·D[π(i)], Y = s·B.

A step takes a deck D of n points to E, every card under one more layer (the secret s, public
key Y = s·B) and in a secret order π. This module proves it without showing s or π, with about
9n scalar multiplications to make and 3n to check (n cards), where 32 rounds of
cut-and-choose cost 32n each. All arithmetic on scalars is mod L, the group's order.

Commitments. G_0 … G_256 and H are ristretto255's hash-to-group of
``wide_digest("deck-shuffle-generator", i)`` and of ``wide_digest("deck-shuffle-blinding")``:
nobody knows a relation between them. com(v; r) = Σ v_i·G_i + r·H commits to a vector of
scalars: perfectly hiding (r uniform makes it a uniform point) and binding unless one knows a
relation between the generators (a discrete logarithm in ristretto255).

The argument, with its challenges (Fiat–Shamir: each one is a hash of the one before and of
what the prover sent since, docs/protocol.md says the bytes; the first, x, is drawn from the
step's commit and the table's randomness, after the prover fixed E and c_A):

1. c_A = com(a; r_A) with a_i = π(i). Challenge x.
2. c_B = com(b; r_B) with b_i = x^(a_i). Challenges y, z.
3. Product: with v = (y·a_i + b_i − z for i < n, then 1), c_V = y·c_A + c_B − z·Σ_{i<n} G_i
   + G_n is a commitment to v (randomness r_V = y·r_A + r_B) that the verifier computes. The
   prover shows ∏ v = p, p = ∏_{k<n} (y·k + x^k − z), with Bayer–Groth's single-value product
   argument over m = n + 1 values (the trailing 1 makes m ≥ 2, so one card needs no special
   case): partial products q_i = v_0⋯v_i; nonces u (m), r_u, δ (δ_0 = u_0, δ_{m−1} = 0, the
   rest uniform), s_1, s_2; commitments c_u = com(u; r_u),
   c_δ = com((−δ_i·u_{i+1})_{i<m−1}; s_1),
   c_Δ = com((δ_{i+1} − v_{i+1}·δ_i − q_i·u_{i+1})_{i<m−1}; s_2).
4. Multi-exponentiation: Σ b_i·E[i] = s·P with P = Σ_k x^k·D[k]. Nonces w (n), ω, σ;
   T1 = com(w; ω), T2 = Σ w_i·E[i] − σ·P, T3 = σ·B.
   Challenge c (one for steps 3 and 4).
5. Responses: ã = c·v + u, r̃ = c·r_V + r_u; b̃_i = c·q_i + δ_i; s̃ = c·s_2 + s_1;
   f = w + c·b, ρ = ω + c·r_B, t = σ + c·s.

The verifier takes b̃_0 = ã_0 and b̃_{m−1} = c·p (the prover sends the n − 1 others) and checks

  (V1) com(ã; r̃) = c·c_V + c_u
  (V2) com((c·b̃_{i+1} − b̃_i·ã_{i+1})_{i<m−1}; s̃) = c·c_Δ + c_δ
  (V3) com(f; ρ) = T1 + c·c_B
  (V4) Σ f_i·E[i] − t·P = T2
  (V5) t·B = T3 + c·Y

as one equation: their differences, weighted by 1 and four scalars hashed from c and every
response, sum to the identity. Terms on the same point merge, so checking costs
(n + 1) + n + n multiplications on G, E and D, and a dozen more.

Completeness: (V2) holds as c·b̃_{i+1} − b̃_i·ã_{i+1} = c²(q_{i+1} − q_i·v_{i+1})
+ c(δ_{i+1} − q_i·u_{i+1} − δ_i·v_{i+1}) − δ_i·u_{i+1}, and q_{i+1} = q_i·v_{i+1}; the others
are linear.

Soundness (a false step passes with probability about 3n/L ≤ 2^-240 a hash tried, L ≈ 2^252;
the issue asks 2^-30, the cut-and-choose gave 2^-32; with the table's randomness in x, trying
again in private gains nothing either). Assume the commitments bind (no one knows a relation
between G_0 … G_MAX_CARDS, H, which is the discrete logarithm in ristretto255), and take the
hashes as random functions. A prover that passes for two challenges c ≠ c' after the same
first messages gives, from the differences of (V1), (V3), (V5), openings v (on G_0 … G_n) and
u of c_V and c_u, b (on G_0 … G_{n−1}) of c_B, and s = log_B(Y); hence an opening a of c_A
(on G_0 … G_n, y ≠ 0 but with probability 1/L) with v_i = y·a_i + b_i − z for i < n and
v_n = y·a_n + 1; from (V2), openings Δ, δ' of c_Δ and c_δ. All of them were fixed before c.
- Product: by binding, every passing c has ã = c·v + u and c·b̃_{i+1} = b̃_i·ã_{i+1} + c·Δ_i +
  δ'_i. Let Q_i = c^i·b̃_i. Q_0 = ã_0 = c·v_0 + u_0, and multiplying the i-th equation by c^i,
  Q_{i+1} = Q_i·ã_{i+1} + c^i·(c·Δ_i + δ'_i): so Q_i is a polynomial in c of degree i + 1,
  fixed before c, whose leading coefficient is v_0⋯v_i. The last, b̃_{m−1} = c·p, says
  c^m·p − Q_{m−1}(c) = 0: a polynomial of degree m with leading coefficient p − ∏ v. Unless
  ∏ v = p it has at most m roots, so c passes with probability ≤ m/L.
- Permutation: a and b were fixed (by c_A, c_B) before y and z were drawn, and ∏ v = p says
  that the polynomials (Y·a_n + 1)·∏_{i<n} (Y·a_i + b_i − Z) and ∏_{k<n} (Y·k + x^k − Z) in Y,
  Z agree at (y, z). They have degree at most n + 1; unless they are the same, Schwartz–Zippel
  gives them equal values at a random (y, z) with probability ≤ (n + 1)/L. If they are the
  same, their coefficients of Z^n, ±(Y·a_n + 1) and ±1, make a_n = 0, and the same polynomial
  has the same linear factors: the pairs (a_i, b_i) are the pairs (k, x^k) in some order, so
  a is a permutation π of 0 … n−1 and b_i = x^(π(i)).
- Layer: (V3)–(V5) at c and c' give Σ (f − f')_i·E[i] − (t − t')·P = 0, i.e.
  Σ_i x^(π(i))·E[i] = s·P, i.e. Σ_i x^(π(i))·(E[i] − s·D[π(i)]) = 0. Write E[i] − s·D[π(i)]
  = e_i·B: E, D, Y and π were fixed before x, so Σ_k x^k·e_(π⁻¹(k)) is a polynomial in x of
  degree < n fixed before x; unless every e_i is 0 it has fewer than n roots, so x passes
  with probability < n/L. Hence E[i] = s·D[π(i)] for every i, s the secret of Y.
- The weighted sum: if one of (V1)–(V5) fails, its difference is a point other than the
  identity fixed before the weights are hashed, and the weighted sum is the identity for at
  most one value of its weight: probability 1/L.

Zero knowledge (for an honest verifier, and so for the hashed challenges): c_A, c_B, c_u, c_δ,
c_Δ and T1 are uniform points whatever π and s are (each has a fresh uniform blinding on H);
given the challenges, ã, the middle b̃, f, r̃, s̃, ρ and t are uniform (each masked by its own
uniform nonce), and T2, T3 are then fixed by (V4) and (V5). A simulator that picks all of them
uniformly and solves for T2, T3 makes the same distribution without π or s, so the proof shows
nothing of the order or the layer beyond what E and Y themselves show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .fairness import digest, wide_digest
from .ristretto import (
    BASE,
    IDENTITY,
    ORDER,
    SIZE,
    DeckCryptoError,
    MalformedCrypto,
    Point,
    add,
    from_hash,
    mul_or_identity,
    point,
    proof_scalar,
    scalar_of,
    value_of,
)

MAX_CARDS = 256  # the generators are G_0 … G_MAX_CARDS
POINTS = 8  # c_A, c_B, c_u, c_δ, c_Δ, T1, T2, T3

Nonce = Callable[[str, int], int]
"""The prover's secret nonces: a uniform scalar for each label and index."""


class ShuffleRefused(DeckCryptoError):
    """A shuffle step that is not a proven re-ordering of its deck under its shuffler's
    layer. The message says what fails."""


@lru_cache(maxsize=MAX_CARDS + 1)
def generator(i: int) -> Point:
    """G_i, made when first needed: a deck of n cards needs G_0 … G_n, not all of them."""
    return from_hash(wide_digest("deck-shuffle-generator", i))


@lru_cache(maxsize=1)
def blinding_generator() -> Point:
    """H."""
    return from_hash(wide_digest("deck-shuffle-blinding"))


def generators(n: int = MAX_CARDS) -> tuple[Point, ...]:
    """G_0 … G_n, then H."""
    return (*(generator(i) for i in range(n + 1)), blinding_generator())


def combination(terms: Iterable[tuple[int, bytes]]) -> bytes:
    """Σ k·P over the terms (k an integer, taken mod L): the identity's encoding for none."""
    total = IDENTITY
    for k, p in terms:
        k %= ORDER
        if k:
            total = add(total, mul_or_identity(scalar_of(k), p))
    return total


def commit(values: Sequence[int], blinding: int) -> bytes:
    """com(v; r) = Σ v_i·G_i + r·H."""
    g = generators(len(values) - 1)
    return combination([*zip(values, g, strict=False), (blinding, g[-1])])


def response_count(n: int) -> int:
    """Scalars of a proof over n cards: ã (n + 1), the middle b̃ (n − 1), f (n), r̃, s̃, ρ, t."""
    return 3 * n + 4


def proof_size(n: int) -> int:
    return (POINTS + response_count(n)) * SIZE


@dataclass(frozen=True)
class Statement:
    """What a proof claims: E is D re-ordered, each card under the layer of Y."""

    public: Point
    deck: Sequence[Point]
    shuffled: Sequence[Point]


@dataclass(frozen=True)
class Proof:
    """A proof as it travels: its eight points, then its responses, each a scalar."""

    points: tuple[bytes, ...]  # c_A, c_B, c_u, c_δ, c_Δ, T1, T2, T3
    a_tilde: list[int]
    b_tilde: list[int]  # b̃_1 … b̃_{m−2}: the verifier knows the first and the last
    f: list[int]
    r_tilde: int
    s_tilde: int
    rho: int
    t: int

    def responses(self) -> list[int]:
        tail = [self.r_tilde, self.s_tilde, self.rho, self.t]
        return [*self.a_tilde, *self.b_tilde, *self.f, *tail]

    def encode(self) -> bytes:
        return b"".join(self.points) + b"".join(scalar_of(k) for k in self.responses())

    @classmethod
    def decode(cls, data: bytes, n: int) -> Proof:
        """The proof over ``n`` cards in ``data``; ``MalformedCrypto`` unless it is its size,
        its points decode (none the identity) and its scalars are canonical."""
        if type(data) is not bytes or len(data) != proof_size(n):
            raise MalformedCrypto(f"a shuffle's proof over {n} cards is {proof_size(n)} bytes")
        chunks = [data[i : i + SIZE] for i in range(0, len(data), SIZE)]
        points = tuple(point(c) for c in chunks[:POINTS])
        k = [value_of(proof_scalar(c)) for c in chunks[POINTS:]]
        a, b = k[: n + 1], k[n + 1 : 2 * n]
        return cls(points, a, b, k[2 * n : 3 * n], k[-4], k[-3], k[-2], k[-1])


def _challenge(label: str, *parts: bytes | int) -> int:
    return int.from_bytes(digest(label, *parts), "little") % ORDER


def _product_challenges(x: int, c_b: bytes) -> tuple[int, int]:
    """y and z, from x and c_B."""
    before = scalar_of(x)
    return _challenge("deck-shuffle-y", before, c_b), _challenge("deck-shuffle-z", before, c_b)


def _last_challenge(y: int, z: int, points: Sequence[bytes]) -> int:
    """c, from y, z and c_u, c_δ, c_Δ, T1, T2, T3."""
    return _challenge("deck-shuffle-c", scalar_of(y), scalar_of(z), *points)


def _weights(c: int, responses: Sequence[int]) -> list[int]:
    """The weights of (V2) … (V5) in the verifier's one equation (that of (V1) is 1)."""
    mark = scalar_of(c) + b"".join(scalar_of(k) for k in responses)
    return [_challenge("deck-shuffle-weight", mark, j) for j in range(4)]


def _powers(x: int, n: int) -> list[int]:
    made = [1] * n
    for k in range(1, n):
        made[k] = made[k - 1] * x % ORDER
    return made


def _target(x_powers: Sequence[int], y: int, z: int) -> int:
    """p = ∏_k (y·k + x^k − z)."""
    p = 1
    for k, power in enumerate(x_powers):
        p = p * (y * k + power - z) % ORDER
    return p


@dataclass(frozen=True)
class Witness:
    """What the prover knows: the layer's secret s, the order π, and c_A = com(π; r_A)."""

    secret: int
    order: Sequence[int]
    blinding: int
    order_commitment: bytes


def commit_order(order: Sequence[int], blinding: int) -> bytes:
    """c_A = com(π; r_A)."""
    return commit(order, blinding)


def prove(statement: Statement, witness: Witness, x: int, nonce: Nonce) -> Proof:
    """The proof that ``statement`` holds, for the challenge ``x`` drawn after c_A. Each
    nonce is ``nonce(label, index)``: never the same for two different ``x``."""
    n, pi = len(witness.order), witness.order
    x_powers = _powers(x, n)
    b = [x_powers[a] for a in pi]
    r_b = nonce("powers", 0)
    c_b = commit(b, r_b)
    y, z = _product_challenges(x, c_b)
    m = n + 1
    v = [(y * a + bi - z) % ORDER for a, bi in zip(pi, b, strict=True)] + [1]
    q = list(v)
    for i in range(1, m):
        q[i] = q[i - 1] * v[i] % ORDER
    u = [nonce("u", i) for i in range(m)]
    delta = [u[0], *(nonce("delta", i) for i in range(1, m - 1)), 0]
    s_1, s_2, r_u = nonce("s1", 0), nonce("s2", 0), nonce("ru", 0)
    cross = [-delta[i] * u[i + 1] for i in range(m - 1)]
    carry = [delta[i + 1] - v[i + 1] * delta[i] - q[i] * u[i + 1] for i in range(m - 1)]
    w, omega, sigma = [nonce("w", i) for i in range(n)], nonce("omega", 0), nonce("sigma", 0)
    deck, shuffled = statement.deck, statement.shuffled
    t2 = combination(
        [
            *zip(w, shuffled, strict=True),
            *((-sigma * p, d) for p, d in zip(x_powers, deck, strict=True)),
        ]
    )
    points = (
        witness.order_commitment,
        c_b,
        commit(u, r_u),
        commit(cross, s_1),
        commit(carry, s_2),
        commit(w, omega),
        t2,
        combination([(sigma, BASE)]),
    )
    c = _last_challenge(y, z, points[2:])
    r_v = y * witness.blinding + r_b
    return Proof(
        points,
        [(c * vi + ui) % ORDER for vi, ui in zip(v, u, strict=True)],
        [(c * q[i] + delta[i]) % ORDER for i in range(1, m - 1)],
        [(wi + c * bi) % ORDER for wi, bi in zip(w, b, strict=True)],
        (c * r_v + r_u) % ORDER,
        (c * s_2 + s_1) % ORDER,
        (omega + c * r_b) % ORDER,
        (sigma + c * witness.secret) % ORDER,
    )


def verify(statement: Statement, proof: Proof, x: int) -> None:
    """Raise ``ShuffleRefused`` unless ``proof`` proves ``statement`` for the challenge ``x``
    (drawn after c_A, the proof's first point)."""
    n = len(statement.deck)
    if len(statement.shuffled) != n or len(proof.f) != n:
        raise ShuffleRefused(f"a deck of {n} cards came back with {len(statement.shuffled)}")
    c_a, c_b, c_u, c_small, c_big, t1, t2, t3 = proof.points
    y, z = _product_challenges(x, c_b)
    c = _last_challenge(y, z, proof.points[2:])
    x_powers = _powers(x, n)
    a_t, f = proof.a_tilde, proof.f
    b_t = [a_t[0], *proof.b_tilde, c * _target(x_powers, y, z)]
    alpha, beta, gamma, epsilon = _weights(c, proof.responses())
    g = generators(n)
    on_g = [
        a_t[i] + c * z + alpha * (c * b_t[i + 1] - b_t[i] * a_t[i + 1]) + beta * f[i]
        for i in range(n)
    ]
    terms = [
        *zip(on_g, g[:n], strict=True),
        (a_t[n] - c, g[n]),
        (proof.r_tilde + alpha * proof.s_tilde + beta * proof.rho, g[-1]),
        (-c * y, c_a),
        (-c - beta * c, c_b),
        (-1, c_u),
        (-alpha * c, c_big),
        (-alpha, c_small),
        (-beta, t1),
        (-gamma, t2),
        (-epsilon, t3),
        *((gamma * fi, e) for fi, e in zip(f, statement.shuffled, strict=True)),
        *((-gamma * proof.t * p, d) for p, d in zip(x_powers, statement.deck, strict=True)),
        (epsilon * proof.t, BASE),
        (-epsilon * c, statement.public),
    ]
    if combination(terms) != IDENTITY:
        raise ShuffleRefused(
            "its proof does not hold: the deck it gave is not the deck it was given, "
            "re-ordered under its shuffler's layer"
        )
