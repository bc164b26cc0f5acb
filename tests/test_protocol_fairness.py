"""The fairness cryptography: chains, reveals, unbiased dice, signatures, transcripts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from protocol.errors import ProtocolError
from protocol.fairness import (
    ChainVerifier,
    DerivedSource,
    HashChain,
    commit_secret,
    roll_seed,
    shuffle_seed,
)
from protocol.framing import pack
from protocol.signing import SIGNING_DOMAIN, Identity, pack_envelope, verify
from protocol.transcript import Transcript


def test_reveals_verify_in_order_against_the_committed_tip() -> None:
    chains = {p: HashChain("g1", 50) for p in ("ann", "bob")}
    verifier = ChainVerifier("g1", {p: c.tip for p, c in chains.items()}, 50)
    for k in range(1, 51):
        for p, chain in chains.items():
            verifier.accept(p, k, chain.link(k))
    assert verifier.next_index("ann") == 51


@pytest.mark.parametrize(
    "cheat, code",
    [
        (lambda own, other: own.link(1), "wrong_roll"),  # for a roll too far ahead
        (lambda own, other: other.link(1), "bad_reveal"),  # someone else's link
        (lambda own, other: HashChain("g2", 5, b"same").link(1), "bad_reveal"),  # other game
        (lambda own, other: b"\x00" * 32, "bad_reveal"),
        (lambda own, other: b"short", "bad_reveal"),
    ],
)
def test_a_wrong_reveal_is_caught_and_blamed(cheat, code: str) -> None:
    own, other = HashChain("g1", 5, b"same"), HashChain("g1", 5, b"other")
    verifier = ChainVerifier("g1", {"bob": own.tip}, 5)
    link = cheat(own, other)
    index = 6 if code == "wrong_roll" else 1  # past the chain's end
    with pytest.raises(ProtocolError) as caught:
        verifier.accept("bob", index, link)
    assert caught.value.code == code and caught.value.culprit == "bob"
    verifier.accept("bob", 1, own.link(1))  # the honest reveal still goes through


def test_a_link_cannot_be_replayed_for_a_later_roll() -> None:
    chain = HashChain("g1", 5)
    verifier = ChainVerifier("g1", {"bob": chain.tip}, 5)
    verifier.accept("bob", 1, chain.link(1))
    with pytest.raises(ProtocolError, match="bad_reveal"):
        verifier.accept("bob", 2, chain.link(1))


def test_every_contribution_and_the_context_change_the_dice() -> None:
    links = [HashChain("g", 3, bytes([i])).link(1) for i in range(3)]
    base = DerivedSource(roll_seed("g", 1, b"attack", links)).dice(30)
    changed = [
        roll_seed("g", 1, b"attack", [links[0], links[1], b"\x01" * 32]),
        roll_seed("g", 1, b"attack", links[:2]),
        roll_seed("g", 2, b"attack", links),
        roll_seed("h", 1, b"attack", links),
        roll_seed("g", 1, b"attack with 2 dice", links),
    ]
    for seed in changed:
        assert DerivedSource(seed).dice(30) != base


def test_derived_dice_are_uniform() -> None:
    source = DerivedSource(b"seed")
    faces = Counter(source.dice(60_000))
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    # Chi-square with 5 degrees of freedom: 20.5 is the 0.1% critical value.
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in faces.values())
    assert chi2 < 20.5, faces


def test_rejection_sampling_skips_the_values_that_would_bias() -> None:
    source = DerivedSource(b"x")
    biased = (2**32 // 6) * 6  # the first 32-bit value that modulo would fold onto low faces
    source._pool = biased.to_bytes(4, "big") + (7).to_bytes(4, "big")
    assert source.randbelow(6) == 7 % 6


def test_permutations_are_permutations_and_all_orders_occur() -> None:
    seen = Counter(
        tuple(DerivedSource(bytes([i, j])).permutation(3)) for i in range(40) for j in range(40)
    )
    assert len(seen) == 6 and min(seen.values()) > 200
    assert sorted(DerivedSource(b"p").permutation(44)) == list(range(44))


def test_the_host_secret_is_committed_and_mixed_into_shuffles() -> None:
    secret = b"s" * 32
    assert commit_secret("g", secret) != commit_secret("g", b"t" * 32)
    roll = roll_seed("g", 1, b"deal", [b"\x02" * 32])
    assert shuffle_seed(roll, secret) != shuffle_seed(roll, b"t" * 32)
    assert DerivedSource(shuffle_seed(roll, secret)).permutation(44) != DerivedSource(
        roll
    ).permutation(44)


def test_signatures_verify_and_forgeries_are_blamed() -> None:
    ann, mallory = Identity(), Identity()
    envelope = ann.sign("ann", {"type": "reveal", "roll": 3, "link": b"\x01" * 32})
    assert verify(envelope, ann.public_key)["roll"] == 3
    forged = mallory.sign("ann", {"type": "reveal", "roll": 3, "link": b"\x01" * 32})
    with pytest.raises(ProtocolError) as caught:
        verify(forged, ann.public_key)
    assert caught.value.code == "bad_signature" and caught.value.culprit == "ann"
    tampered = dict(envelope, body={**envelope["body"], "roll": 4})
    with pytest.raises(ProtocolError, match="bad_signature"):
        verify(tampered, ann.public_key)
    with pytest.raises(ProtocolError, match="malformed"):
        verify({"from": "ann", "body": "x", "sig": b""}, ann.public_key)


# RFC 8032, section 7.1, test 1: a private key as saves and kept seats hold it (the 32-byte
# seed), and its public key.
RFC_PRIVATE = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
RFC_PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
FIRST_MOVE = {
    "type": "move",
    "game": "g",
    "n": 1,
    "seat": "host",
    "action": {"type": "start_game", "rules": "classic"},
    "request": None,
    "roll": 1,
}


def test_a_saved_private_key_is_the_same_identity_again() -> None:
    identity = Identity.from_private_bytes(RFC_PRIVATE)
    assert identity.public_key == RFC_PUBLIC
    assert identity.private_bytes() == RFC_PRIVATE
    fresh = Identity()
    again = Identity.from_private_bytes(fresh.private_bytes())
    assert again.public_key == fresh.public_key
    # Ed25519 is deterministic: the same key signs the same message with the same bytes.
    assert again.sign("p1", {"type": "x"}) == fresh.sign("p1", {"type": "x"})
    with pytest.raises(ValueError):
        Identity.from_private_bytes(RFC_PRIVATE[:31])


def test_a_host_signature_and_transcript_step_are_exactly_the_protocols() -> None:
    """A vector for a peer written in another language: the RFC key signs the first move."""
    host = Identity.from_private_bytes(RFC_PRIVATE)
    transcript = Transcript("g")
    prev = transcript.hash
    envelope = host.sign("host", FIRST_MOVE, prev)
    assert envelope["sig"].hex() == (
        "ede740e7377fc67c3a371ab94eb63d85c2c7b113395e5fe8eeca9e4388af18a5"
        "52d3cf04235132ce86c81443ce59086e345928eb178590659b80836ae919c607"
    )
    assert SIGNING_DOMAIN + pack(["host", FIRST_MOVE, prev]) == (
        b"risk-lan/1/signed\x93\xa4host\x87\xa6action\x82\xa5rules\xa7classic\xa4type"
        b"\xaastart_game\xa4game\xa1g\xa1n\x01\xa7request\xc0\xa4roll\x01\xa4seat\xa4host"
        b"\xa4type\xa4move\xc4\x20" + prev
    )
    transcript.add(envelope)
    assert transcript.code == "CSKZ-XJAC"


def test_a_signature_does_not_depend_on_the_order_maps_were_built_in() -> None:
    ann = Identity()
    built = {"type": "act", "seq": 1, "action": {"type": "place", "territory": "alaska"}}
    reordered = {"action": {"territory": "alaska", "type": "place"}, "seq": 1, "type": "act"}
    envelope = ann.sign("ann", built, b"prev")
    assert ann.sign("ann", reordered, b"prev")["sig"] == envelope["sig"]
    assert verify({**envelope, "body": reordered}, ann.public_key, b"prev") == reordered
    one, two = Transcript("g"), Transcript("g")
    one.add(envelope)
    two.add({"sig": envelope["sig"], "body": reordered, "from": "ann", "type": "signed"})
    assert one.hash == two.hash


def test_an_envelope_packs_from_its_body_to_exactly_its_canonical_bytes() -> None:
    ann = Identity()
    rng = random.Random(3)
    for i in range(50):
        body = {"type": "act", "seq": i, "z": [rng.randbytes(rng.randint(0, 40))] * (i % 3)}
        body |= {
            f"k{rng.randint(0, 99)}": {"x": rng.randint(-(2**40), 2**40)} for _ in range(i % 5)
        }
        envelope = ann.sign("ann" * (i % 20), body, rng.randbytes(32))
        assert pack_envelope(envelope) == pack(dict(envelope, body=dict(body)))
    envelope = ann.sign("ann", {"type": "act", "seq": 1})
    for odd in (
        {**envelope, "extra": 1},  # a fifth field: packed as any map
        {**envelope, "type": "signed!"},
        {**envelope, "sig": "not bytes"},
        {k: v for k, v in envelope.items() if k != "sig"} | {"seq": 1},
    ):
        assert pack_envelope(odd) == pack(odd)


def test_what_cannot_be_signed_canonically_is_refused() -> None:
    ann = Identity()
    with pytest.raises(ProtocolError) as refused:
        ann.sign("ann", {"type": "clock", "waited": 1.5})
    assert refused.value.code == "malformed"
    envelope = ann.sign("ann", {"type": "act", "seq": 1})
    with pytest.raises(ProtocolError, match="malformed"):
        verify({**envelope, "body": {"type": "act", "seq": 1.0}}, ann.public_key)


def test_transcripts_agree_only_when_the_messages_do() -> None:
    ann = Identity()
    messages = [ann.sign("ann", {"type": "commit", "i": i}) for i in range(5)]
    one, two, three = Transcript("g"), Transcript("g"), Transcript("g")
    for m in messages:
        one.add(m)
        two.add(m)
    for m in [*messages[:4], ann.sign("ann", {"type": "commit", "i": 99})]:
        three.add(m)
    assert one.code == two.code and one.hash == two.hash
    assert one.code != three.code
    assert len(one.code) == 9 and one.code[4] == "-"


def test_the_fast_chain_step_hashes_exactly_what_the_digest_says() -> None:
    from protocol.fairness import chain_step, digest

    for index, link in [(1, b"\x00" * 32), (4096, bytes(range(32))), (2**40, b"x" * 32)]:
        assert chain_step("game", index, link) == digest("chain", "game", index, link)


def test_a_reveal_may_skip_cancelled_rolls_but_must_still_match() -> None:
    chain = HashChain("g1", 20)
    verifier = ChainVerifier("g1", {"bob": chain.tip}, 20)
    verifier.accept("bob", 1, chain.link(1))
    with pytest.raises(ProtocolError, match="bad_reveal"):
        verifier.accept("bob", 4, chain.link(3))  # a real link, but not roll 4's
    verifier.accept("bob", 4, chain.link(4))  # rolls 2 and 3 were cancelled
    assert verifier.next_index("bob") == 5
    verifier.accept("bob", 20, chain.link(20))  # a seat a bot played for 15 rolls, back
    with pytest.raises(ProtocolError, match="wrong_roll"):
        verifier.accept("bob", 21, bytes(32))  # past the end of the chain
