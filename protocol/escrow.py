"""The escrow of a contributor's layer among the others: Feldman's verifiable secret sharing.

What is shared is not the secret s but its inverse t = s⁻¹: removing the layer from a card C
is t·C, linear in t, so k share holders can do it together without any of them learning t.

- The dealer draws a polynomial f of degree k−1 with f(0) = t, publishes the commitments
  A_i = a_i·B to its coefficients (A_0 = t·B), and gives holder j (1 ≤ j ≤ n) the share
  t_j = f(j), sealed to that holder alone (``seal_share``: libsodium's sealed box, X25519).
- A Chaum–Pedersen proof ties A_0 to the dealer's public key Y: log_A0(B) = log_B(Y), both
  equal to s, so A_0 = s⁻¹·B (``deal``, ``check_deal``).
- Anyone computes holder j's public share T_j = Σ j^i·A_i (``public_share``); a share is good
  when t_j·B = T_j (``check_share``). A holder whose sealed share is missing or wrong
  complains, the dealer must then reveal that share in the open, and everyone checks it the
  same way (a dealer that cannot is the cheat).
- To remove the layer from C without its owner, each of k holders publishes t_j·C with a
  Chaum–Pedersen proof log_B(T_j) = log_C(t_j·C) (``partial_removal``, ``check_partial``);
  Lagrange interpolation at 0 in the exponent gives t·C = s⁻¹·C (``combine``).

Any k holders together can remove the layer (and so read what it hides from them); fewer
learn nothing of t. The choice of k belongs to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nacl.bindings import (
    crypto_box,
    crypto_box_open,
    crypto_generichash_blake2b_salt_personal,
    crypto_scalarmult_base,
    crypto_sign_ed25519_pk_to_curve25519,
)
from nacl.exceptions import CryptoError
from nacl.public import PrivateKey, PublicKey, SealedBox
from nacl.signing import SigningKey

from .dleq import Statement, prove, verify
from .layerkey import LayerKey
from .ristretto import (
    BASE,
    ORDER,
    SIZE,
    MalformedCrypto,
    Point,
    Scalar,
    add,
    mul,
    mul_base,
    point,
    points,
    random_scalar,
    scalar,
    scalar_of,
    value_of,
)

SEAL_OVERHEAD = 48  # a sealed box's ephemeral key and MAC around what it holds
SEALED_SHARE_SIZE = SIZE + SEAL_OVERHEAD


@dataclass(frozen=True)
class EscrowDeal:
    """A dealer's escrow: what it publishes (``commitments``, ``proof``) and the shares,
    each to be sealed to its holder."""

    commitments: list[Point]
    proof: bytes
    shares: dict[int, Scalar]


def deal(
    key: LayerKey,
    holders: int,
    threshold: int,
    context: bytes,
    coefficients: Sequence[Scalar] | None = None,
    nonce: Scalar | None = None,
) -> EscrowDeal:
    """Share the inverse of ``key``'s secret among holders 1..``holders``, any ``threshold``
    of them able to remove its layer. ``coefficients`` (a_1..a_(k−1)) and ``nonce`` are
    random unless given (for the doc's test vectors)."""
    if not 1 <= threshold <= holders:
        raise ValueError("the threshold is 1 to the number of holders")
    if holders >= ORDER:
        raise ValueError("too many holders")
    drawn = (
        list(coefficients)
        if coefficients is not None
        else [random_scalar() for _ in range(threshold - 1)]
    )
    if len(drawn) != threshold - 1:
        raise ValueError(f"a threshold of {threshold} takes {threshold - 1} coefficients")
    poly = [value_of(key.inverse), *(value_of(a) for a in drawn)]
    commitments = [mul_base(scalar_of(a)) for a in poly]
    shares = {j: scalar_of(_evaluate(poly, j)) for j in range(1, holders + 1)}
    statement = Statement(commitments[0], BASE, BASE, key.public)
    proof = prove("escrow-inverse", context, statement, key.secret, nonce)
    return EscrowDeal(commitments, proof, shares)


def _evaluate(poly: Sequence[int], x: int) -> int:
    value = 0
    for a in reversed(poly):
        value = (value * x + a) % ORDER
    return value


def check_deal(public: Point, commitments: Sequence[Point], proof: bytes, context: bytes) -> bool:
    """Whether A_0 is the inverse of the layer of the key ``public``."""
    if not commitments:
        return False
    return verify("escrow-inverse", context, Statement(commitments[0], BASE, BASE, public), proof)


def encode_commitments(commitments: Sequence[Point]) -> bytes:
    return b"".join(commitments)


def decode_commitments(data: bytes, threshold: int) -> list[Point]:
    """The ``threshold`` commitments, each point checked."""
    return points(data, threshold)


def public_share(commitments: Sequence[Point], index: int) -> Point:
    """T_j = Σ j^i·A_i: holder ``index``'s share times B, from the public commitments."""
    if index < 1:
        raise ValueError("holders are numbered from 1")
    total = commitments[0]
    power = 1
    for a in commitments[1:]:
        power = power * index % ORDER
        total = Point(add(total, mul(scalar_of(power), a)))
    return point(total)


def check_share(commitments: Sequence[Point], index: int, share: Scalar) -> bool:
    """Whether ``share`` is holder ``index``'s: the holder's check of its sealed share, and
    everyone's of a share the dealer reveals after a complaint."""
    return mul_base(share) == public_share(commitments, index)


def x25519_public(signing_public: bytes) -> bytes:
    """The X25519 key a share is sealed to, from the holder's Ed25519 signing key (the one
    each peer already knows from ``start``)."""
    try:
        return bytes(crypto_sign_ed25519_pk_to_curve25519(signing_public))
    except (CryptoError, ValueError, TypeError) as e:
        raise MalformedCrypto("this signing key has no X25519 counterpart") from e


def x25519_private(signing_private: bytes) -> PrivateKey:
    """The holder's X25519 key, from its 32-byte Ed25519 private key (``Identity``'s)."""
    return SigningKey(signing_private).to_curve25519_private_key()


def seal_share(share: Scalar, holder_public: bytes) -> bytes:
    """``share`` readable by the holder of the X25519 key ``holder_public`` alone."""
    return bytes(SealedBox(PublicKey(holder_public)).encrypt(bytes(share)))


def seal_share_revealably(
    share: Scalar, holder_public: bytes, ephemeral: bytes | None = None
) -> tuple[bytes, bytes]:
    """``share`` sealed as ``seal_share`` does (the same bytes ``crypto_box_seal`` makes, and
    ``open_share`` opens), and the box's ephemeral X25519 secret, which the dealer keeps: if
    the holder complains, the dealer answers with it, and everyone opens the box
    (``open_revealed``) to see whether the share in it was good. ``ephemeral`` is random
    unless given (test vectors)."""
    return seal_revealably(bytes(share), holder_public, ephemeral)


def seal_revealably(
    plain: bytes, holder_public: bytes, ephemeral: bytes | None = None
) -> tuple[bytes, bytes]:
    """``plain`` in a sealed box to ``holder_public`` (``crypto_box_seal``'s bytes), and the
    box's ephemeral secret, which lets its sender show everyone what the box holds."""
    secret = ephemeral if ephemeral is not None else bytes(PrivateKey.generate())
    ephemeral_public = bytes(crypto_scalarmult_base(secret))
    box = crypto_box(plain, _seal_nonce(ephemeral_public, holder_public), holder_public, secret)
    return ephemeral_public + bytes(box), secret


def open_revealed(sealed: bytes, holder_public: bytes, ephemeral: bytes) -> Scalar:
    """What the box ``sealed`` to ``holder_public`` holds, opened with its ephemeral secret
    as its dealer reveals it; ``MalformedCrypto`` if the secret is not the box's or the box
    does not open to a scalar (the dealer's fault either way: the bytes are its own)."""
    return scalar(open_box_revealed(sealed, holder_public, ephemeral, SIZE))


def open_box_revealed(sealed: bytes, holder_public: bytes, ephemeral: bytes, size: int) -> bytes:
    """The ``size`` bytes in a box sealed to ``holder_public``, opened by anyone with the
    box's ephemeral secret; ``MalformedCrypto`` if the secret is not the box's or the box
    does not open."""
    if type(sealed) is not bytes or len(sealed) != size + SEAL_OVERHEAD:
        raise MalformedCrypto(f"this sealed box is {size + SEAL_OVERHEAD} bytes")
    if type(ephemeral) is not bytes or len(ephemeral) != SIZE:
        raise MalformedCrypto(f"an ephemeral secret is {SIZE} bytes")
    if bytes(crypto_scalarmult_base(ephemeral)) != sealed[:SIZE]:
        raise MalformedCrypto("this ephemeral secret is not the sealed box's")
    nonce = _seal_nonce(sealed[:SIZE], holder_public)
    try:
        return bytes(crypto_box_open(sealed[SIZE:], nonce, holder_public, ephemeral))
    except CryptoError as e:
        raise MalformedCrypto("the sealed box does not open with its own ephemeral key") from e


def _seal_nonce(ephemeral_public: bytes, holder_public: bytes) -> bytes:
    """libsodium's sealed-box nonce: BLAKE2b-192 of the ephemeral key then the holder's."""
    return bytes(
        crypto_generichash_blake2b_salt_personal(ephemeral_public + holder_public, digest_size=24)
    )


def open_share(sealed: bytes, holder_private: PrivateKey) -> Scalar:
    """The share sealed to ``holder_private``'s key; ``MalformedCrypto`` if it is not one."""
    return scalar(open_box(sealed, holder_private, SIZE))


def open_box(sealed: bytes, holder_private: PrivateKey, size: int) -> bytes:
    """The ``size`` bytes sealed to ``holder_private``'s key; ``MalformedCrypto`` if the box
    is not one of them or does not open with it."""
    if type(sealed) is not bytes or len(sealed) != size + SEAL_OVERHEAD:
        raise MalformedCrypto(f"this sealed box is {size + SEAL_OVERHEAD} bytes")
    try:
        return bytes(SealedBox(holder_private).decrypt(sealed))
    except CryptoError as e:
        raise MalformedCrypto("this sealed box does not open with the holder's key") from e


def partial_removal(
    share: Scalar, card: Point, context: bytes, nonce: Scalar | None = None
) -> tuple[Point, bytes]:
    """Holder's part of removing the escrowed layer from ``card``: t_j·C, with the proof
    log_B(T_j) = log_C(t_j·C)."""
    part = mul(share, card)
    statement = Statement(BASE, mul_base(share), card, part)
    return part, prove("escrow-partial", context, statement, share, nonce)


def check_partial(
    commitments: Sequence[Point],
    index: int,
    card: Point,
    part: Point,
    proof: bytes,
    context: bytes,
) -> bool:
    return check_partial_of(public_share(commitments, index), card, part, proof, context)


def check_partial_of(
    share_public: Point, card: Point, part: Point, proof: bytes, context: bytes
) -> bool:
    """``check_partial`` against holder's public share T_j already worked out: a ledger checks
    many parts of one holder, and T_j costs a multiplication per commitment."""
    statement = Statement(BASE, share_public, card, part)
    return verify("escrow-partial", context, statement, proof)


def combine(parts: Mapping[int, Point]) -> Point:
    """t·C from k checked partial removals by holder index: Σ λ_j·(t_j·C), with the
    Lagrange coefficients at 0, λ_j = Π_(m≠j) m/(m−j) mod L."""
    if not parts or min(parts) < 1:
        raise ValueError("partial removals from holders numbered from 1")
    total: bytes | None = None
    for j, part in parts.items():
        weight = 1
        for m in parts:
            if m != j:
                weight = weight * m * pow(m - j, -1, ORDER) % ORDER
        term = mul(scalar_of(weight), part)
        total = term if total is None else add(total, term)
    assert total is not None
    return point(total)
