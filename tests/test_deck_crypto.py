"""The encrypted deck's cryptography (protocol/): the group, card points, shuffle steps and
their proofs, draws, openings and the escrow; every cheat at this level is caught. Each cheat
test runs the honest case beside it, so a check that refused everything would fail here."""

from __future__ import annotations

import secrets

import pytest

from protocol.cardpoints import card_index, card_point, deck_points
from protocol.deckdraw import (
    add_layer,
    check_added,
    check_opening,
    check_removal,
    open_card,
    remove_layer,
    uncover,
)
from protocol.deckshuffle import (
    ROUNDS,
    Opening,
    ShuffleRefused,
    bits_size,
    check_committed_shuffle,
    commit_digest,
    commit_shuffle,
    commitment,
    committed_bits,
    decode_proof,
    encode_proof,
    proof_size,
    prove_committed,
    random_order,
    round_secrets,
    round_size,
)
from protocol.dleq import PROOF_SIZE, Statement, prove, verify
from protocol.escrow import (
    check_deal,
    check_partial,
    check_share,
    combine,
    deal,
    decode_commitments,
    encode_commitments,
    open_share,
    partial_removal,
    seal_share,
    x25519_private,
    x25519_public,
)
from protocol.layerkey import LayerKey
from protocol.ristretto import (
    BASE,
    ORDER,
    MalformedCrypto,
    Point,
    invert,
    mul,
    mul_base,
    point,
    proof_scalar,
    random_scalar,
    scalar,
    scalar_of,
    value_of,
)
from protocol.sealeddeck import step_context
from protocol.signing import Identity
from risk_lan.rules.board import classic_board
from risk_lan.rules.cards import deck_cards
from risk_lan.rules.missioncards import missions
from risk_lan.rules.objectivecards import objectives

GAME = "test-game"
CARDS = deck_cards(classic_board())
NOT_CANONICAL = ORDER.to_bytes(32, "little")  # L itself: reduces to zero, is not canonical
NOT_A_POINT = b"\xff" * 32  # not the canonical encoding of any element


RANDOMNESS = bytes(range(32))  # drawn after the commit, as a roll's seed is in a game


def ctx(*parts: object) -> bytes:
    return repr(parts).encode()


def shuffle_context(game: str, deal: str, step: int, party: str) -> bytes:
    """The context of a sealed deck's shuffle step."""
    return step_context(game, deal, step, "shuffle", party)


def shuffle(
    key: LayerKey,
    deck: list[Point],
    context: bytes,
    order: list[int] | None = None,
    seed: bytes | None = None,
    rounds: int = ROUNDS,
) -> tuple[list[Point], bytes, bytes]:
    """A step in its two phases: the shuffled deck, its proof and the commit sent before
    the bits were drawn from ``RANDOMNESS``."""
    step = commit_shuffle(key, deck, context, order, seed, rounds)
    return step.shuffled, prove_committed(step, RANDOMNESS), step.commit


def check_shuffle(
    public: Point,
    deck: list[Point],
    shuffled: list[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
    rounds: int = ROUNDS,
) -> None:
    check_committed_shuffle(public, deck, shuffled, proof, context, commit, RANDOMNESS, rounds)


def verify_shuffle(
    public: Point,
    deck: list[Point],
    shuffled: list[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
    rounds: int = ROUNDS,
) -> bool:
    try:
        check_shuffle(public, deck, shuffled, proof, context, commit, rounds)
    except (ShuffleRefused, MalformedCrypto):
        return False
    return True


def whole_shuffle(
    keys: list[LayerKey], deck: list[Point], name: str = "territories"
) -> list[Point]:
    """Each key shuffles in turn; every step checked as every other peer would."""
    for step, key in enumerate(keys):
        context = shuffle_context(GAME, name, step, f"p{step}")
        shuffled, proof, commit = shuffle(key, deck, context)
        check_shuffle(key.public, deck, shuffled, proof, context, commit)
        deck = shuffled
    return deck


def draw(keys: list[LayerKey], drawer: int, card: Point) -> Point:
    """Every other contributor removes its layer, each removal checked; s_drawer·M is left."""
    for i, key in enumerate(keys):
        if i != drawer:
            context = ctx("draw", i, card)
            removed, proof = remove_layer(key, card, context)
            assert check_removal(key.public, card, removed, proof, context)
            card = removed
    return card


# ----- the group ---------------------------------------------------------------------------


def test_points_received_are_checked() -> None:
    good = card_point("d", "alaska")
    assert point(bytes(good)) == good
    for bad in (b"", bytes(good)[:31], bytes(good) + b"\0", bytes(32), NOT_A_POINT):
        with pytest.raises(MalformedCrypto):
            point(bad)


def test_scalars_are_canonical_and_secrets_not_zero() -> None:
    assert scalar(scalar_of(5)) == scalar_of(5)
    assert proof_scalar(bytes(32)) == bytes(32)
    for bad in (bytes(32), NOT_CANONICAL, b"\x01" * 31, b"\xff" * 32):
        with pytest.raises(MalformedCrypto):
            scalar(bad)
    with pytest.raises(MalformedCrypto):
        proof_scalar(NOT_CANONICAL)


def test_a_layer_key_round_trips_and_its_layer_comes_off() -> None:
    key = LayerKey()
    again = LayerKey.from_bytes(key.to_bytes())
    assert again.public == key.public == mul_base(key.secret)
    m = card_point("d", "alaska")
    assert mul(key.inverse, mul(key.secret, m)) == m
    with pytest.raises(MalformedCrypto):
        LayerKey.from_bytes(bytes(32))


def test_every_card_of_every_deck_has_its_own_point() -> None:
    decks = {
        "territories": CARDS,
        "objectives": list(objectives()),
        "missions": list(missions()),
    }
    assert [len(v) for v in decks.values()] == [44, 14, 28]
    every = [p for name, cards in decks.items() for p in deck_points(name, cards)]
    assert len(set(every)) == 44 + 14 + 28
    # The deck id is part of the point: one name in two decks is two points.
    assert card_point("territories", "alaska") != card_point("objectives", "alaska")
    index = card_index("territories", CARDS)
    assert index[card_point("territories", "joker_1")] == "joker_1"
    with pytest.raises(ValueError):
        deck_points("d", ["alaska", "alaska"])


# ----- Chaum–Pedersen ----------------------------------------------------------------------


def test_a_dleq_proof_proves_its_statement_only() -> None:
    key, other = LayerKey(), LayerKey()
    h = card_point("d", "alaska")
    statement = Statement(BASE, key.public, h, mul(key.secret, h))
    proof = prove("add", b"here", statement, key.secret)
    assert len(proof) == PROOF_SIZE
    assert verify("add", b"here", statement, proof)
    assert not verify("add", b"there", statement, proof)
    assert not verify("remove", b"here", statement, proof)
    wrong = Statement(BASE, other.public, h, mul(key.secret, h))
    assert not verify("add", b"here", wrong, proof)
    # A secret that is not the log of both: its proof does not verify.
    mixed = Statement(BASE, key.public, h, mul(other.secret, h))
    assert not verify("add", b"here", mixed, prove("add", b"here", mixed, key.secret))


def test_malformed_dleq_proofs_are_refused() -> None:
    key = LayerKey()
    h = card_point("d", "alaska")
    statement = Statement(BASE, key.public, h, mul(key.secret, h))
    proof = prove("add", b"x", statement, key.secret)
    for bad in (proof[:-1], proof + b"\0", b"", proof[:32] + NOT_CANONICAL):
        with pytest.raises(MalformedCrypto):
            verify("add", b"x", statement, bad)
    flipped = proof[:40] + bytes([proof[40] ^ 1]) + proof[41:]
    assert not verify("add", b"x", statement, flipped)


# ----- shuffles and draws ------------------------------------------------------------------


def test_six_contributors_shuffle_44_cards_and_each_draws_its_own() -> None:
    keys = [LayerKey() for _ in range(6)]
    plain = deck_points("territories", CARDS)
    index = card_index("territories", CARDS)
    deck = whole_shuffle(keys, plain)
    assert len(set(deck)) == 44 and not set(deck) & set(plain)
    drawn = []
    for drawer in range(6):
        left = draw(keys, drawer, deck[drawer])
        assert left not in index  # public, and still no card: the drawer's layer is on it
        for i, key in enumerate(keys):  # nobody else's layer opens it
            if i != drawer:
                assert uncover(key, left) not in index
        drawn.append(index[uncover(keys[drawer], left)])
    assert len(set(drawn)) == 6 and set(drawn) <= set(CARDS)


def test_a_discard_pile_is_reshuffled_from_its_opened_cards() -> None:
    keys = [LayerKey() for _ in range(3)]
    discarded = ["alaska", "brazil", "joker_2", "ural"]
    pile = whole_shuffle(keys, deck_points("territories", discarded))
    index = card_index("territories", discarded)
    seen = {index[uncover(keys[0], draw(keys, 0, card))] for card in pile}
    assert seen == set(discarded)


def test_an_opening_shows_the_held_card_and_no_other() -> None:
    keys = [LayerKey() for _ in range(3)]
    index = card_index("territories", CARDS)
    deck = whole_shuffle(keys, deck_points("territories", CARDS))
    held = draw(keys, 1, deck[0])
    shown, proof = open_card(keys[1], held, b"lay")
    assert shown in index and check_opening(keys[1].public, held, shown, proof, b"lay")
    # Claiming another card with that proof, or with a proof made for it.
    other = next(p for p in index if p != shown)
    assert not check_opening(keys[1].public, held, other, proof, b"lay")
    assert not check_opening(keys[1].public, held, shown, proof, b"trade")
    assert not check_opening(keys[0].public, held, shown, proof, b"lay")
    another_held = draw(keys, 1, deck[1])
    _, other_proof = open_card(keys[1], another_held, b"lay")
    assert not check_opening(keys[1].public, held, other, other_proof, b"lay")


def test_a_held_card_is_handed_on_by_adding_a_layer_then_removing_one() -> None:
    keys = [LayerKey() for _ in range(3)]
    index = card_index("territories", CARDS)
    deck = whole_shuffle(keys, deck_points("territories", CARDS))
    held = draw(keys, 0, deck[5])
    mine = index[uncover(keys[0], held)]
    both, proof = add_layer(keys[2], held, b"give")
    assert check_added(keys[2].public, held, both, proof, b"give")
    assert not check_added(keys[1].public, held, both, proof, b"give")
    assert not check_added(keys[2].public, held, mul(keys[1].secret, held), proof, b"give")
    given, proof = remove_layer(keys[0], both, b"give")
    assert check_removal(keys[0].public, both, given, proof, b"give")
    assert index[uncover(keys[2], given)] == mine
    assert uncover(keys[0], given) not in index


def test_a_wrong_layer_removal_is_caught() -> None:
    keys = [LayerKey() for _ in range(3)]
    deck = whole_shuffle(keys, deck_points("territories", CARDS))
    card, key = deck[0], keys[1]
    removed, proof = remove_layer(key, card, b"c")
    assert check_removal(key.public, card, removed, proof, b"c")
    # A wrong point in place of the removal (another card's removal, with this proof).
    other, _ = remove_layer(key, deck[1], b"c")
    assert not check_removal(key.public, card, other, proof, b"c")
    # A proof made for another point.
    _, other_proof = remove_layer(key, deck[1], b"c")
    assert not check_removal(key.public, card, removed, other_proof, b"c")
    # Another key's removal and proof, passed off as this key's.
    theirs, their_proof = remove_layer(keys[2], card, b"c")
    assert check_removal(keys[2].public, card, theirs, their_proof, b"c")
    assert not check_removal(key.public, card, theirs, their_proof, b"c")
    # A removal that is not one, with a proof made by the secret it used.
    fake = mul(random_scalar(), card)
    assert not check_removal(key.public, card, fake, proof, b"c")


def test_a_shuffle_step_round_trips_its_proof() -> None:
    key = LayerKey()
    deck = deck_points("d", CARDS[:10])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof, commit = shuffle(key, deck, context, order=list(range(9, -1, -1)))
    assert shuffled == [mul(key.secret, p) for p in reversed(deck)]
    assert ROUNDS == 32 and len(proof) == proof_size(10) == 4 + 32 * (32 + 10)
    rounds = decode_proof(proof, 10)
    assert all(sorted(r.order) == list(range(10)) for r in rounds)
    assert encode_proof(rounds) == proof
    assert {r.bit for r in rounds} == {0, 1}  # 2^-31 that one side never comes up
    assert verify_shuffle(key.public, deck, shuffled, proof, context, commit)
    assert not verify_shuffle(
        key.public, deck, shuffled, proof, shuffle_context(GAME, "d", 1, "p1"), commit
    )
    assert not verify_shuffle(key.public, deck, shuffled, proof, context, bytes(32))


def test_a_44_card_proof_is_under_2_5_kb() -> None:
    """The commitments are rebuilt, not sent: 4 bytes of bits and 32 openings of 32 + 44
    bytes, against 32 × (64 + 33·44) = 48,512 bytes with them."""
    key = LayerKey()
    deck = deck_points("territories", CARDS)
    shuffled, proof, commit = shuffle(key, deck, shuffle_context(GAME, "territories", 0, "p1"))
    assert len(CARDS) == 44 and len(proof) == proof_size(44) == 2436
    assert verify_shuffle(
        key.public, deck, shuffled, proof, shuffle_context(GAME, "territories", 0, "p1"), commit
    )


def both_openings(
    key: LayerKey, deck: list[Point], pi: list[int], seed: bytes, j: int
) -> tuple[Opening, Opening]:
    """Round j's two openings, as only the shuffler (who knows s, r_j, σ_j and π) can give
    them: (r_j, σ_j) and (s·r_j⁻¹, σ_j⁻¹∘π)."""
    n = len(deck)
    r, sigma = round_secrets(seed, j, n)
    back = [sigma.index(k) for k in range(n)]
    u = scalar_of(value_of(key.secret) * value_of(invert(r)))
    return Opening(0, r, sigma), Opening(1, u, [back[pi[i]] for i in range(n)])


def test_both_openings_of_a_round_rebuild_the_same_commitment() -> None:
    """What makes the compact proof the full one: an honest round's commitment is the one
    the prover hashed, whichever side it opens."""
    key = LayerKey()
    deck = deck_points("d", CARDS[:7])
    pi, seed = random_order(7), secrets.token_bytes(32)
    shuffled = [mul(key.secret, deck[k]) for k in pi]
    for j in range(4):
        r, sigma = round_secrets(seed, j, 7)
        committed = (mul_base(r), [mul(r, deck[k]) for k in sigma])
        zero, one = both_openings(key, deck, pi, seed, j)
        assert commitment(zero, key.public, deck, shuffled) == committed
        assert commitment(one, key.public, deck, shuffled) == committed


def cheating_shuffle(
    key: LayerKey, given: list[Point], really: list[Point], context: bytes
) -> tuple[list[Point], bytes, bytes]:
    """A shuffler that shuffles ``really`` but says it shuffled ``given``: an honest proof
    over ``really`` in every way but the commit, which it hashes over ``given`` as the
    verifier will (a cheat whose commit disagrees with the verifier's is caught sooner).
    Returns the shuffled deck, the proof and the commit."""
    n = len(really)
    pi = random_order(n)
    shuffled = [mul(key.secret, really[pi[i]]) for i in range(n)]
    seed = secrets.token_bytes(32)
    commitments = []
    for j in range(ROUNDS):
        r, sigma = round_secrets(seed, j, n)
        commitments.append((mul_base(r), [mul(r, really[sigma[i]]) for i in range(n)]))
    commit = commit_digest(context, key.public, given, shuffled, commitments)
    bits = committed_bits(commit, RANDOMNESS, ROUNDS)
    openings = [both_openings(key, really, pi, seed, j)[bit] for j, bit in enumerate(bits)]
    return shuffled, encode_proof(openings), commit


@pytest.mark.parametrize("cheat", ["substituted", "duplicated", "dropped"])
def test_each_cheat_in_a_shuffle_is_caught(cheat: str) -> None:
    key = LayerKey()
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 2, "p3")
    honest, honest_proof, honest_commit = cheating_shuffle(key, deck, deck, context)  # no cheat
    check_shuffle(key.public, deck, honest, honest_proof, context, honest_commit)
    forged = list(deck)
    if cheat == "substituted":
        forged[7] = card_point("territories", "a card of its own")
    elif cheat == "duplicated":
        forged[7] = forged[8]
    else:
        forged = forged[:-1]
    shuffled, proof, commit = cheating_shuffle(key, deck, forged, context)
    with pytest.raises((ShuffleRefused, MalformedCrypto)):
        check_shuffle(key.public, deck, shuffled, proof, context, commit)
    assert not verify_shuffle(key.public, deck, shuffled, proof, context, commit)


def test_a_substitution_is_caught_by_the_rounds_not_only_by_the_deck_check() -> None:
    """The substituted deck has distinct points and the right size: only the rounds catch
    it, their openings rebuilding commitments that are not the ones committed to."""
    key = LayerKey()
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 0, "p1")
    forged = [*deck[:-1], card_point("territories", "forged")]
    shuffled, proof, commit = cheating_shuffle(key, deck, forged, context)
    assert len(set(shuffled)) == 44
    with pytest.raises(ShuffleRefused, match="not the ones the shuffler committed to"):
        check_shuffle(key.public, deck, shuffled, proof, context, commit)


def test_a_shuffle_under_an_exponent_that_is_not_the_key_is_caught() -> None:
    """A shuffler that layers the deck with another secret than the one its public key Y
    stands for (so that no removal proved against Y could take its layer off) while saying
    Y: a bit-1 round rebuilds R_j from Y, not from the r_j it committed to."""
    key = LayerKey()
    impostor = LayerKey()
    impostor.public = key.public  # the secret of another key, under this key's name
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 0, "p1")
    shuffled, proof, commit = shuffle(impostor, deck, context)
    with pytest.raises(ShuffleRefused, match="not the ones the shuffler committed to"):
        check_shuffle(key.public, deck, shuffled, proof, context, commit)


def honest_step(n: int) -> tuple[LayerKey, list[Point], list[int], bytes, bytes, list[Point]]:
    """A key, a deck of ``n`` cards, the order and seed of its shuffle, the context and the
    shuffled deck."""
    key = LayerKey()
    deck = deck_points("d", CARDS[:n])
    pi, seed = random_order(n), secrets.token_bytes(32)
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled = [mul(key.secret, deck[k]) for k in pi]
    return key, deck, pi, seed, context, shuffled


def test_a_flipped_bit_is_caught() -> None:
    """A bit of the header flipped, its round's opening kept: the bits are drawn from the
    commit and the randomness, and the proof opens another."""
    key, deck, pi, seed, context, shuffled = honest_step(8)
    again, proof, commit = shuffle(key, deck, context, pi, seed)
    assert again == shuffled and verify_shuffle(key.public, deck, shuffled, proof, context, commit)
    for j in (0, 5, ROUNDS - 1):
        flipped = bytearray(proof)
        flipped[j // 8] ^= 1 << (j % 8)
        with pytest.raises(ShuffleRefused, match="the proof opens bit"):
            check_shuffle(key.public, deck, shuffled, bytes(flipped), context, commit)


def test_a_round_opened_on_the_other_side_is_caught() -> None:
    """An honest round's two openings rebuild the same commitment, so the commit still
    holds: only the comparison with the bits drawn refuses a round opened on the side they
    did not ask for (both sides together would give away s). With its bit left as it was,
    the other side's opening rebuilds garbage, refused too."""
    key, deck, pi, seed, context, shuffled = honest_step(8)
    _, proof, commit = shuffle(key, deck, context, pi, seed)
    openings = decode_proof(proof, 8)
    for j in (0, 1, ROUNDS - 1):
        other = both_openings(key, deck, pi, seed, j)[1 - openings[j].bit]
        swapped = [*openings[:j], other, *openings[j + 1 :]]
        with pytest.raises(ShuffleRefused, match=f"round {j}: the proof opens bit {other.bit}"):
            check_shuffle(key.public, deck, shuffled, encode_proof(swapped), context, commit)
        kept = Opening(openings[j].bit, other.exponent, other.order)
        swapped[j] = kept
        assert not verify_shuffle(
            key.public, deck, shuffled, encode_proof(swapped), context, commit
        )
    assert verify_shuffle(key.public, deck, shuffled, encode_proof(openings), context, commit)


def test_the_soundness_is_one_half_a_round() -> None:
    """A cheat who guesses each round's bit opens what it can answer; it passes when all its
    guesses are right. With 4 rounds that happens within a few dozen attempts (1/16 each),
    which is what 2^-32 for 32 rounds rests on; a wrong guess is always caught."""
    key = LayerKey()
    deck = deck_points("d", CARDS[:4])
    forged = [mul(key.secret, card_point("d", f"forged {i}")) for i in range(4)]
    context = shuffle_context(GAME, "d", 0, "p1")
    passed = caught = 0
    for _ in range(400):
        proof, commit, guessed = guessing_proof(key.public, deck, forged, context, rounds=4)
        if verify_shuffle(key.public, deck, forged, proof, context, commit, rounds=4):
            assert guessed
            passed += 1
        else:
            assert not guessed
            caught += 1
        if passed >= 2 and caught >= 2:
            break
    assert passed >= 2 and caught >= 2


def guessing_proof(
    public: Point, deck: list[Point], shuffled: list[Point], context: bytes, rounds: int
) -> tuple[bytes, bytes, bool]:
    """The best a cheat can do without a relation between ``deck`` and ``shuffled``: for each
    round a guessed bit and a random opening of that side (a guessed 0 a commitment linked to
    the deck, a guessed 1 one linked to the shuffled deck and to Y), committed to before the
    bits are drawn. Returns the proof, the commit and whether the bits drawn ask for exactly
    the guesses."""
    n = len(deck)
    openings = [
        Opening(secrets.randbelow(2), random_scalar(), random_order(n)) for _ in range(rounds)
    ]
    commitments = [commitment(o, public, deck, shuffled) for o in openings]
    commit = commit_digest(context, public, deck, shuffled, commitments)
    bits = committed_bits(commit, RANDOMNESS, rounds)
    return encode_proof(openings), commit, bits == [o.bit for o in openings]


def test_a_shuffle_under_another_exponent_fails_against_the_key() -> None:
    key, other = LayerKey(), LayerKey()
    deck = deck_points("d", CARDS[:8])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof, commit = shuffle(other, deck, context)
    assert verify_shuffle(other.public, deck, shuffled, proof, context, commit)
    assert not verify_shuffle(key.public, deck, shuffled, proof, context, commit)


def test_malformed_shuffle_proofs_are_refused() -> None:
    key = LayerKey()
    n = 6
    deck = deck_points("d", CARDS[:n])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof, commit = shuffle(key, deck, context)
    header, size = bits_size(ROUNDS), round_size(n)
    second = header + size  # round 1's exponent, then its order

    def patched(at: int, data: bytes) -> bytes:
        return proof[:at] + data + proof[at + len(data) :]

    bad = {
        "truncated": proof[:-1],
        "longer": proof + b"\0",
        "one round short": proof[:-size],
        "no header": proof[header:],
        "non-canonical scalar": patched(second, NOT_CANONICAL),
        "zero scalar": patched(header, bytes(32)),
        "not a permutation": patched(second + 32, bytes([1, 1])),
        "out of range": patched(header + 32, bytes([n])),
        "not bytes": bytearray(proof),  # what a msgpack decoder never gives: refused too
    }
    for why, data in bad.items():
        with pytest.raises(MalformedCrypto):
            decode_proof(data, n)
        assert not verify_shuffle(key.public, deck, shuffled, data, context, commit), why
    assert verify_shuffle(key.public, deck, shuffled, proof, context, commit)


def test_a_header_bit_past_the_last_round_is_refused() -> None:
    """With a number of rounds that is not a multiple of 8, the header's spare bits are
    zero: a proof has one encoding."""
    key = LayerKey()
    deck = deck_points("d", CARDS[:5])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof, commit = shuffle(key, deck, context, rounds=13)
    assert len(proof) == 2 + 13 * 37 and verify_shuffle(
        key.public, deck, shuffled, proof, context, commit, rounds=13
    )
    for spare in range(5, 8):
        bad = bytes([proof[0], proof[1] | 1 << spare]) + proof[2:]
        with pytest.raises(MalformedCrypto, match="past its last round"):
            decode_proof(bad, 5, rounds=13)
        assert not verify_shuffle(key.public, deck, shuffled, bad, context, commit, rounds=13)


def test_a_shuffled_deck_of_the_wrong_size_or_with_a_repeat_is_refused() -> None:
    key = LayerKey()
    deck = deck_points("d", CARDS[:6])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof, commit = shuffle(key, deck, context)
    with pytest.raises(ShuffleRefused, match="came back with 5"):
        check_shuffle(key.public, deck, shuffled[:-1], proof, context, commit)
    with pytest.raises(ShuffleRefused, match="twice"):
        check_shuffle(key.public, deck, [shuffled[0], *shuffled[:-1]], proof, context, commit)


# ----- the escrow --------------------------------------------------------------------------


def test_an_escrowed_layer_is_removed_by_a_threshold_of_the_others() -> None:
    keys = [LayerKey() for _ in range(6)]
    deck = whole_shuffle(keys, deck_points("territories", CARDS))
    index = card_index("territories", CARDS)
    gone = keys[2]  # its seat was taken over: its layer must come off without it
    escrow = deal(gone, holders=5, threshold=3, context=b"escrow p3")
    assert check_deal(gone.public, escrow.commitments, escrow.proof, b"escrow p3")
    assert all(check_share(escrow.commitments, j, t) for j, t in escrow.shares.items())
    card = deck[0]
    parts = {}
    for j in (1, 4, 5):
        part, proof = partial_removal(escrow.shares[j], card, ctx("part", j))
        assert check_partial(escrow.commitments, j, card, part, proof, ctx("part", j))
        parts[j] = part
    by_owner, _ = remove_layer(gone, card, b"c")
    assert combine(parts) == by_owner
    # Any other three holders give the same; two do not.
    others = {j: partial_removal(escrow.shares[j], card, b"p")[0] for j in (2, 3, 5)}
    assert combine(others) == by_owner
    assert combine({j: parts[j] for j in (1, 4)}) != by_owner
    # The card then comes off for its drawer (keys[0]) as if p3 had removed its layer.
    for i in (1, 3, 4, 5):
        by_owner, _ = remove_layer(keys[i], by_owner, b"c")
    assert uncover(keys[0], by_owner) in index


def test_a_bad_share_or_a_bad_deal_is_caught() -> None:
    key, other = LayerKey(), LayerKey()
    escrow = deal(key, holders=4, threshold=2, context=b"e")
    share = escrow.shares[2]
    assert check_share(escrow.commitments, 2, share)
    assert not check_share(escrow.commitments, 2, scalar_of(int.from_bytes(share, "little") + 1))
    assert not check_share(escrow.commitments, 3, share)
    # A deal that escrows a secret other than the inverse of the key's.
    wrong = deal(other, holders=4, threshold=2, context=b"e")
    assert not check_deal(key.public, wrong.commitments, wrong.proof, b"e")
    assert not check_deal(key.public, escrow.commitments, escrow.proof, b"another seat")
    # A partial removal with a share that is not the holder's.
    card = card_point("d", "alaska")
    part, proof = partial_removal(escrow.shares[3], card, b"p")
    assert check_partial(escrow.commitments, 3, card, part, proof, b"p")
    assert not check_partial(escrow.commitments, 1, card, part, proof, b"p")
    fake_part, fake_proof = partial_removal(random_scalar(), card, b"p")
    assert not check_partial(escrow.commitments, 3, card, fake_part, fake_proof, b"p")


def test_a_share_is_sealed_to_its_holder_alone_and_revealed_on_complaint() -> None:
    key = LayerKey()
    holder, stranger = Identity(), Identity()
    escrow = deal(key, holders=3, threshold=2, context=b"e")
    sealed = seal_share(escrow.shares[1], x25519_public(holder.public_key))
    opened = open_share(sealed, x25519_private(holder.private_bytes()))
    assert opened == escrow.shares[1] and check_share(escrow.commitments, 1, opened)
    with pytest.raises(MalformedCrypto):
        open_share(sealed, x25519_private(stranger.private_bytes()))
    tampered = sealed[:-1] + bytes([sealed[-1] ^ 1])
    for bad in (tampered, sealed[:-1], b""):
        with pytest.raises(MalformedCrypto):
            open_share(bad, x25519_private(holder.private_bytes()))
    # The complaint: the dealer reveals share 1 in the open; anyone checks it, and a
    # dealer revealing something else is caught.
    assert check_share(escrow.commitments, 1, escrow.shares[1])
    assert not check_share(escrow.commitments, 1, escrow.shares[2])


def test_escrow_commitments_decode_checked() -> None:
    escrow = deal(LayerKey(), holders=3, threshold=3, context=b"e")
    data = encode_commitments(escrow.commitments)
    assert decode_commitments(data, 3) == escrow.commitments
    for bad in (data[:-1], data[:64] + NOT_A_POINT, data[:32] + bytes(32) + data[64:]):
        with pytest.raises(MalformedCrypto):
            decode_commitments(bad, 3)


def test_the_inverse_is_the_inverse() -> None:
    s = random_scalar()
    assert int.from_bytes(s, "little") * int.from_bytes(invert(s), "little") % ORDER == 1
