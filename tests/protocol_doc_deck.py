"""The test vectors of docs/protocol.md's "The encrypted deck, byte by byte": their inputs,
their outputs as the project's code makes them, each checked against the doc's own words
written out here with hashlib and libsodium's ristretto255 directly (as a client in another
language would), so that the doc says what the code does."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import nacl.bindings as sodium
import rbcl
from protocol_doc_reference import preimage

from protocol.cardpoints import card_point
from protocol.deckdraw import check_removal, remove_layer
from protocol.deckshuffle import check_committed_shuffle, commit_shuffle, prove_committed
from protocol.escrow import check_deal, check_share, deal, public_share, x25519_public
from protocol.framing import pack
from protocol.layerkey import LayerKey
from protocol.ristretto import ORDER, Scalar, mul, point, scalar
from protocol.sealeddeck import share_context
from protocol.signing import Identity
from protocol.teamshare import reveal_opening, seal_opening

GAME = "example-game"
SECRET = (bytes(range(1, 32)) + b"\0").hex()  # canonical: below the group's order
NONCE = (bytes(range(101, 132)) + b"\0").hex()


def _int(data: bytes) -> int:
    return int.from_bytes(data, "little")


def _le(value: int) -> bytes:
    return (value % ORDER).to_bytes(32, "little")


def _point_of(deck: str, card: str) -> bytes:
    """The doc's hash-to-point: SHA-512 of H's bytes under "card-point", then from_hash."""
    wide = hashlib.sha512(preimage("card-point", deck, card)).digest()
    return bytes(rbcl.crypto_core_ristretto255_from_hash(wide))


def _challenge(use: str, context: bytes, *points: bytes) -> int:
    """The doc's challenge: H("deck-dleq/" + use, context, G, X, H, Z, A, A') as a
    little-endian integer, mod L."""
    return _int(hashlib.sha256(preimage("deck-dleq/" + use, context, *points)).digest()) % ORDER


def card_point_vector(given: dict[str, Any]) -> dict[str, Any]:
    wide = hashlib.sha512(preimage("card-point", given["deck"], given["card"])).digest()
    point = card_point(given["deck"], given["card"])
    assert point == _point_of(given["deck"], given["card"])
    return {"sha512": wide.hex(), "point": point.hex()}


def layer_vector(given: dict[str, Any]) -> dict[str, Any]:
    key = LayerKey(scalar(bytes.fromhex(given["secret"])))
    m = card_point(given["deck"], given["card"])
    layered = bytes(rbcl.crypto_scalarmult_ristretto255(key.secret, m))
    assert _int(key.inverse) * _int(key.secret) % ORDER == 1
    assert bytes(rbcl.crypto_scalarmult_ristretto255(key.inverse, layered)) == m
    return {
        "public": key.public.hex(),
        "inverse": key.inverse.hex(),
        "point": m.hex(),
        "layered": layered.hex(),
    }


def dleq_vector(given: dict[str, Any]) -> dict[str, Any]:
    """A layer removed from ``card`` under ``secret``: the card is s·M, what is left M."""
    key = LayerKey(scalar(bytes.fromhex(given["secret"])))
    nonce = Scalar(bytes.fromhex(given["nonce"]))
    context = bytes.fromhex(given["context"])
    m = card_point(given["deck"], given["card"])
    card = point(bytes(rbcl.crypto_scalarmult_ristretto255(key.secret, m)))
    removed, proof = remove_layer(key, card, context, nonce)
    assert removed == m and check_removal(key.public, card, removed, proof, context)
    base = bytes(rbcl.crypto_scalarmult_ristretto255_base(_le(1)))
    a = bytes(rbcl.crypto_scalarmult_ristretto255_base(nonce))
    a_prime = bytes(rbcl.crypto_scalarmult_ristretto255(nonce, removed))
    c = _challenge("remove", context, base, key.public, removed, card, a, a_prime)
    r = (_int(nonce) - c * _int(key.secret)) % ORDER
    assert proof == _le(c) + _le(r), "the doc's proof is not the code's"
    return {
        "public": key.public.hex(),
        "held": card.hex(),
        "removed": removed.hex(),
        "A": a.hex(),
        "A_prime": a_prime.hex(),
        "proof": proof.hex(),
    }


IDENTITY = bytes(32)


def _times(k: int, p: bytes) -> bytes:
    """k·P for any k mod L (32 zero bytes, the identity, for k = 0)."""
    k %= ORDER
    if not k:
        return IDENTITY
    return bytes(rbcl.crypto_scalarmult_ristretto255_allow_scalar_zero(_le(k), p))


def _sum(*terms: tuple[int, bytes]) -> bytes:
    total = IDENTITY
    for k, p in terms:
        total = bytes(rbcl.crypto_core_ristretto255_add(total, _times(k, p)))
    return total


def _hash_scalar(label: str, *parts: bytes) -> int:
    """H(label, parts…) read as a little-endian integer, mod L."""
    return _int(hashlib.sha256(preimage(label, *parts)).digest()) % ORDER


def _generator(label: str, *parts: int) -> bytes:
    wide = hashlib.sha512(preimage(label, *parts)).digest()
    return bytes(rbcl.crypto_core_ristretto255_from_hash(wide))


def _shuffle_words(
    public: bytes,
    deck: list[bytes],
    shuffled: list[bytes],
    context: bytes,
    randomness: bytes,
    proof: bytes,
) -> dict[str, Any]:
    """The doc's verifier, each check on its own (the code checks them as one weighted sum):
    the proof's fields, the commit, the challenges and the five equations (V1)–(V5)."""
    n, m = len(deck), len(deck) + 1
    g = [_generator("deck-shuffle-generator", i) for i in range(m)]
    h = _generator("deck-shuffle-blinding")

    def com(values: list[int], blinding: int) -> bytes:
        return _sum(*zip(values, g, strict=False), (blinding, h))

    fields = [proof[i : i + 32] for i in range(0, len(proof), 32)]
    assert len(fields) == 8 + 3 * n + 4
    c_a, c_b, c_u, c_small, c_big, t1, t2, t3 = fields[:8]
    k = [_int(f) for f in fields[8:]]
    a_t, b_mid, f = k[:m], k[m : m + n - 1], k[m + n - 1 : m + 2 * n - 1]
    r_t, s_t, rho, t = k[-4:]
    commit = hashlib.sha256(
        preimage("deck-shuffle-commit", context, public, b"".join(deck), b"".join(shuffled), c_a)
    ).digest()
    x = _hash_scalar("deck-shuffle-x", commit, randomness)
    y = _hash_scalar("deck-shuffle-y", _le(x), c_b)
    z = _hash_scalar("deck-shuffle-z", _le(x), c_b)
    c = _hash_scalar("deck-shuffle-c", _le(y), _le(z), c_u, c_small, c_big, t1, t2, t3)
    p = 1
    for j in range(n):
        p = p * (y * j + pow(x, j, ORDER) - z) % ORDER
    c_v = _sum((y, c_a), (1, c_b), *((-z, g[i]) for i in range(n)), (1, g[n]))
    b_t = [a_t[0], *b_mid, c * p]
    base = bytes(rbcl.crypto_scalarmult_ristretto255_base(_le(1)))
    big_p = _sum(*((pow(x, j, ORDER), d) for j, d in enumerate(deck)))
    assert com(a_t, r_t) == _sum((c, c_v), (1, c_u)), "(V1)"
    carried = [c * b_t[i + 1] - b_t[i] * a_t[i + 1] for i in range(m - 1)]
    assert com(carried, s_t) == _sum((c, c_big), (1, c_small)), "(V2)"
    assert com(f, rho) == _sum((1, t1), (c, c_b)), "(V3)"
    assert _sum(*zip(f, shuffled, strict=True), (-t, big_p)) == t2, "(V4)"
    assert _times(t, base) == _sum((1, t3), (c, public)), "(V5)"
    return {
        "generators": [p.hex() for p in g],
        "H": h.hex(),
        "commit": commit.hex(),
        "x": _le(x).hex(),
        "y": _le(y).hex(),
        "z": _le(z).hex(),
        "c": _le(c).hex(),
        "product": _le(p).hex(),
        "proof_points": [point.hex() for point in fields[:8]],  # c_A, c_B, c_u, … T3
        "proof_scalars": [field.hex() for field in fields[8:]],
    }


def shuffle_vector(given: dict[str, Any]) -> dict[str, Any]:
    key = LayerKey(scalar(bytes.fromhex(given["secret"])))
    deck = [card_point(given["deck"], card) for card in given["cards"]]
    context = pack(given["context"])
    seed, order = bytes.fromhex(given["seed"]), given["order"]
    randomness = bytes.fromhex(given["randomness"])
    step = commit_shuffle(key, deck, context, order, seed)
    proof = prove_committed(step, randomness)
    check_committed_shuffle(
        key.public, deck, step.shuffled, proof, context, step.commit, randomness
    )
    # The doc's words: E[i] = s·D[order[i]]; c_A = com(order; r_A), r_A the prover's nonce
    # "order" drawn from the seed and empty randomness; then the verifier's checks.
    assert step.shuffled == [mul(key.secret, deck[k]) for k in order]
    blinding = _int(hashlib.sha512(preimage("deck-shuffle-nonce", seed, b"", "order", 0)).digest())
    words = _shuffle_words(key.public, deck, step.shuffled, context, randomness, proof)
    g, h = [bytes.fromhex(p) for p in words["generators"]], bytes.fromhex(words["H"])
    c_a = _sum(*zip(order, g, strict=False), (blinding, h))
    assert c_a.hex() == words["proof_points"][0]
    assert words["commit"] == step.commit.hex()
    return {
        "context_bytes": context.hex(),
        "deck_points": [p.hex() for p in deck],
        "shuffled": [p.hex() for p in step.shuffled],
        "order_blinding": _le(blinding).hex(),
        **words,
    }


def escrow_vector(given: dict[str, Any]) -> dict[str, Any]:
    key = LayerKey(scalar(bytes.fromhex(given["secret"])))
    context = bytes.fromhex(given["context"])
    coefficients = [scalar(bytes.fromhex(a)) for a in given["coefficients"]]
    made = deal(
        key,
        given["holders"],
        len(coefficients) + 1,
        context,
        coefficients,
        Scalar(bytes.fromhex(given["nonce"])),
    )
    assert check_deal(key.public, made.commitments, made.proof, context)
    poly = [_int(key.inverse), *(_int(a) for a in coefficients)]
    for j, share in made.shares.items():
        assert _int(share) == sum(a * j**i for i, a in enumerate(poly)) % ORDER
        assert check_share(made.commitments, j, share)
    return {
        "inverse": key.inverse.hex(),
        "commitments": [a.hex() for a in made.commitments],
        "proof": made.proof.hex(),
        "shares": [made.shares[j].hex() for j in sorted(made.shares)],
        "public_shares": [public_share(made.commitments, j).hex() for j in sorted(made.shares)],
    }


def team_share_vector(given: dict[str, Any]) -> dict[str, Any]:
    """A card's opening sealed to a teammate: the holder ``p1`` holds ``card`` of the deal
    as s·M; the recipient ``p2``'s X25519 key is its Ed25519 key converted."""
    key = LayerKey(scalar(bytes.fromhex(given["secret"])))
    nonce = Scalar(bytes.fromhex(given["nonce"]))
    ephemeral = bytes.fromhex(given["ephemeral"])
    m = card_point(f"{given['game']}/{given['deal']}", given["card"])
    held = point(bytes(rbcl.crypto_scalarmult_ristretto255(key.secret, m)))
    context = share_context(
        given["game"], given["deal"], given["token"], given["to"], given["holder"]
    )
    assert context == pack(
        [given["game"], given["deal"], given["token"], "share/" + given["to"], given["holder"]]
    )
    signing = Identity.from_private_bytes(bytes.fromhex(given["recipient_key"])).public_key
    recipient = x25519_public(signing)
    assert recipient == sodium.crypto_sign_ed25519_pk_to_curve25519(signing)
    box, kept = seal_opening(key, held, context, recipient, nonce, ephemeral)
    # The doc's words: the open proof of M, as the dleq vector's, then the sealed box made
    # by hand (crypto_box with BLAKE2b-192 of the two X25519 keys as its nonce).
    base = bytes(rbcl.crypto_scalarmult_ristretto255_base(_le(1)))
    a = bytes(rbcl.crypto_scalarmult_ristretto255_base(nonce))
    a_prime = bytes(rbcl.crypto_scalarmult_ristretto255(nonce, m))
    c = _challenge("open", context, base, key.public, m, held, a, a_prime)
    proof = _le(c) + _le((_int(nonce) - c * _int(key.secret)) % ORDER)
    ephemeral_public = sodium.crypto_scalarmult_base(ephemeral)
    box_nonce = hashlib.blake2b(ephemeral_public + recipient, digest_size=24).digest()
    sealed = sodium.crypto_box(m + proof, box_nonce, recipient, ephemeral)
    assert kept == ephemeral and box == ephemeral_public + sealed, "the doc's box is not the code's"
    assert reveal_opening(box, recipient, ephemeral) == (m, proof)
    return {
        "held": held.hex(),
        "context_bytes": context.hex(),
        "point": m.hex(),
        "proof": proof.hex(),
        "recipient_x25519": recipient.hex(),
        "ephemeral_public": ephemeral_public.hex(),
        "box_nonce": box_nonce.hex(),
        "box": box.hex(),
    }


DECK_VECTORS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "card-point": card_point_vector,
    "layer": layer_vector,
    "dleq": dleq_vector,
    "deck-shuffle": shuffle_vector,
    "escrow": escrow_vector,
    "team-share": team_share_vector,
}


def deck_specs() -> list[tuple[str, dict[str, Any]]]:
    context = pack(["remove", GAME, "territories", 0, "p2"]).hex()
    return [
        ("card-point", {"deck": "territories", "card": "alaska"}),
        ("card-point", {"deck": "territories", "card": "joker_1"}),
        ("card-point", {"deck": "objectives", "card": "north_america_africa"}),
        ("layer", {"secret": SECRET, "deck": "territories", "card": "alaska"}),
        (
            "dleq",
            {
                "secret": SECRET,
                "nonce": NONCE,
                "context": context,
                "deck": "territories",
                "card": "alaska",
            },
        ),
        (
            "deck-shuffle",
            {
                "secret": SECRET,
                "deck": "example-game/pile-1",
                "cards": ["alaska", "brazil", "joker_1"],
                "order": [2, 0, 1],
                "seed": "71" * 32,
                "context": [GAME, "pile-1", 0, "shuffle", "p1"],
                "randomness": "52" * 32,
            },
        ),
        (
            "escrow",
            {
                "secret": SECRET,
                "holders": 3,
                "coefficients": [NONCE],
                "nonce": (bytes(range(201, 232)) + b"\0").hex(),
                "context": pack(["escrow", GAME, "p1"]).hex(),
            },
        ),
        (
            "team-share",
            {
                "secret": SECRET,
                "game": GAME,
                "deal": "pile-1",
                "token": "?0",
                "card": "alaska",
                "holder": "p1",
                "to": "p2",
                "recipient_key": bytes(range(64, 96)).hex(),
                "nonce": NONCE,
                "ephemeral": (bytes(range(151, 182)) + b"\x40").hex(),
            },
        ),
    ]


DECK_DESCRIPTIONS = {
    "card-point": "A card's point: the 64 bytes of SHA-512 over H's bytes for "
    '`("card-point", deck, card)`, and the point ristretto255\'s hash-to-group makes of them.',
    "layer": "One layer: the contributor's `secret` s, its `public` key s·B, s⁻¹ (`inverse`), "
    "the card's `point` M and the card under the layer, s·M (`layered`).",
    "dleq": "A layer removed, with its proof: the card named `card` under the layer, s·M "
    "(`held`), what is left (`removed`, M), the nonce's commitments A = k·B and A' = k·M, "
    "and the 64-byte `proof` c ‖ r. `context` is the canonical msgpack of "
    '`["remove", game, deck, 0, "p2"]`, as an example of what a caller binds.',
    "deck-shuffle": "A shuffle step of a toy size (3 cards, so that it fits here), in its "
    "two phases as the sealed deck's steps make it (its deck the deal `pile-1` of the game, "
    "its context the steps' `[game, deal, step, \"shuffle\", party]`): the deck's points, the "
    "shuffled deck E[i] = s·D[order[i]], the blinding r_A of c_A (the prover's nonce "
    "`order` from `seed`), the generators G_0 … G_3 and H, the `commit` sent first; then, "
    "given the `randomness` drawn after it, the challenges x, y, z and c, the product p, and "
    "the proof: its eight points in order (c_A, c_B, c_u, c_δ, c_Δ, T1, T2, T3), then its "
    "13 scalars in order (ã_0 … ã_3, b̃_1, b̃_2, f_0 … f_2, r̃, s̃, ρ, t; the proof is the "
    "points and the scalars, concatenated). Each of (V1)–(V5) holds on its own. The nonces "
    "come from `seed` as the project's prover draws them; a verifier needs none of that.",
    "escrow": "A seat's layer escrowed among 3 holders, any 2 of them able to remove it: "
    "t = s⁻¹ (`inverse`), the commitments A_0 = t·B and A_1 = a_1·B (a_1 the one "
    "coefficient), the proof that A_0 is the inverse of the key's (nonce given), the shares "
    "f(1), f(2), f(3) and the public shares T_j.",
    "team-share": "A card's opening sealed to a teammate (see [the sealed deck's steps]"
    "(#the-sealed-decks-steps), `share`): the holder `p1` holds `card` of the deal as "
    "s·M (`held`); the `open` proof of `point` M (nonce given) in the context "
    '`[game, deal, token, "share/" + to, holder]` (`context_bytes`); the recipient\'s '
    "X25519 key, its Ed25519 key (from `recipient_key`, a 32-byte seed) converted; the "
    "box's ephemeral key (from `ephemeral`, its secret), the box's nonce, BLAKE2b-192 of "
    "the ephemeral key then the recipient's, and the `box`: the ephemeral key, then "
    "`crypto_box` of M ‖ proof (96 bytes) under that nonce, 144 bytes in all.",
}
