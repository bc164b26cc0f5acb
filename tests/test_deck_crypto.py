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
    Round,
    ShuffleRefused,
    challenge_bits,
    check_shuffle,
    decode_proof,
    random_order,
    round_secrets,
    round_size,
    shuffle,
    shuffle_context,
    verify_shuffle,
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
from protocol.signing import Identity
from risk_lan.rules.board import classic_board
from risk_lan.rules.cards import deck_cards
from risk_lan.rules.missioncards import missions
from risk_lan.rules.objectivecards import objectives

GAME = "test-game"
CARDS = deck_cards(classic_board())
NOT_CANONICAL = ORDER.to_bytes(32, "little")  # L itself: reduces to zero, is not canonical
NOT_A_POINT = b"\xff" * 32  # not the canonical encoding of any element


def ctx(*parts: object) -> bytes:
    return repr(parts).encode()


def whole_shuffle(
    keys: list[LayerKey], deck: list[Point], name: str = "territories"
) -> list[Point]:
    """Each key shuffles in turn; every step checked as every other peer would."""
    for step, key in enumerate(keys):
        context = shuffle_context(GAME, name, step, f"p{step}")
        shuffled, proof = shuffle(key, deck, context)
        check_shuffle(key.public, deck, shuffled, proof, context)
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
    shuffled, proof = shuffle(key, deck, context, order=list(range(9, -1, -1)))
    assert shuffled == [mul(key.secret, p) for p in reversed(deck)]
    assert len(proof) == ROUNDS * round_size(10)
    rounds = decode_proof(proof, 10)
    assert all(sorted(r.order) == list(range(10)) for r in rounds)
    assert verify_shuffle(key.public, deck, shuffled, proof, context)
    assert not verify_shuffle(
        key.public, deck, shuffled, proof, shuffle_context(GAME, "d", 1, "p1")
    )


def cheating_shuffle(
    key: LayerKey, given: list[Point], really: list[Point], context: bytes
) -> tuple[list[Point], bytes]:
    """A shuffler that shuffles ``really`` but says it shuffled ``given``: an honest proof
    over ``really`` in every way but the challenge, which it hashes over ``given`` as the
    verifier will (a cheat whose challenge disagrees with the verifier's is caught sooner)."""
    n = len(really)
    pi = random_order(n)
    shuffled = [mul(key.secret, really[pi[i]]) for i in range(n)]
    made = []
    for j in range(ROUNDS):
        r, sigma = round_secrets(bytes(32), j, n)
        made.append((r, sigma, mul_base(r), [mul(r, really[sigma[i]]) for i in range(n)]))
    commitments = [(base, c) for _, _, base, c in made]
    bits = challenge_bits(context, key.public, given, shuffled, commitments, ROUNDS)
    rounds = []
    for (r, sigma, base, c), bit in zip(made, bits, strict=True):
        back = [sigma.index(k) for k in range(n)]
        if bit:
            u = scalar_of(int.from_bytes(key.secret, "little") * value_of(invert(r)))
            rounds.append(Round(base, c, u, [back[pi[i]] for i in range(n)]))
        else:
            rounds.append(Round(base, c, r, sigma))
    return shuffled, b"".join(step.encode() for step in rounds)


@pytest.mark.parametrize("cheat", ["substituted", "duplicated", "dropped"])
def test_each_cheat_in_a_shuffle_is_caught(cheat: str) -> None:
    key = LayerKey()
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 2, "p3")
    honest, honest_proof = cheating_shuffle(key, deck, deck, context)  # no cheat: it passes
    check_shuffle(key.public, deck, honest, honest_proof, context)
    forged = list(deck)
    if cheat == "substituted":
        forged[7] = card_point("territories", "a card of its own")
    elif cheat == "duplicated":
        forged[7] = forged[8]
    else:
        forged = forged[:-1]
    shuffled, proof = cheating_shuffle(key, deck, forged, context)
    with pytest.raises((ShuffleRefused, MalformedCrypto)):
        check_shuffle(key.public, deck, shuffled, proof, context)
    assert not verify_shuffle(key.public, deck, shuffled, proof, context)


def test_a_substitution_is_caught_by_the_rounds_not_only_by_the_deck_check() -> None:
    """The substituted deck has distinct points and the right size: only the rounds that
    link the deck to a commitment catch it, and the error names the round and the card."""
    key = LayerKey()
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 0, "p1")
    forged = [*deck[:-1], card_point("territories", "forged")]
    shuffled, proof = cheating_shuffle(key, deck, forged, context)
    assert len(set(shuffled)) == 44
    with pytest.raises(ShuffleRefused, match=r"round \d+: card \d+"):
        check_shuffle(key.public, deck, shuffled, proof, context)


def test_a_shuffle_under_an_exponent_that_is_not_the_key_is_caught() -> None:
    """A shuffler that layers the deck with another secret than the one its public key Y
    stands for (so that no removal proved against Y could take its layer off) while saying
    Y: every round linking to the shuffled deck is good but for R_j, which the exponent
    check catches."""
    key = LayerKey()
    impostor = LayerKey()
    impostor.public = key.public  # the secret of another key, under this key's name
    deck = deck_points("territories", CARDS)
    context = shuffle_context(GAME, "territories", 0, "p1")
    shuffled, proof = shuffle(impostor, deck, context)
    with pytest.raises(ShuffleRefused, match="exponent shown is not the committed one"):
        check_shuffle(key.public, deck, shuffled, proof, context)


def test_the_soundness_is_one_half_a_round() -> None:
    """A cheat who guesses each round's bit commits to what it can answer; it passes when all
    its guesses are right. With 4 rounds that happens within a few dozen attempts (1/16
    each), which is what 2^-40 for 40 rounds rests on; a wrong guess is always caught."""
    key = LayerKey()
    deck = deck_points("d", CARDS[:4])
    forged = [mul(key.secret, card_point("d", f"forged {i}")) for i in range(4)]
    context = shuffle_context(GAME, "d", 0, "p1")
    passed = caught = 0
    for _ in range(400):
        proof, guessed = guessing_proof(key.public, deck, forged, context, rounds=4)
        if verify_shuffle(key.public, deck, forged, proof, context, rounds=4):
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
) -> tuple[bytes, bool]:
    """The best a cheat can do without a relation between ``deck`` and ``shuffled``: for a
    guessed 0 a commitment linked to the deck, for a guessed 1 one linked to the shuffled
    deck and to Y. Returns the proof and whether every guess was right."""
    n = len(deck)
    guesses = [secrets.randbelow(2) for _ in range(rounds)]
    steps = []
    for guess in guesses:
        e, order = random_scalar(), random_order(n)
        if guess:  # E[i] = e·C[order[i]] and Y = e·R
            inverse = invert(e)
            c = [deck[0]] * n
            for i in range(n):
                c[order[i]] = mul(inverse, shuffled[i])
            steps.append(Round(mul(inverse, public), c, e, order))
        else:
            steps.append(Round(mul_base(e), [mul(e, deck[order[i]]) for i in range(n)], e, order))
    commitments = [(step.base, step.deck) for step in steps]
    bits = challenge_bits(context, public, deck, shuffled, commitments, rounds)
    return b"".join(step.encode() for step in steps), bits == guesses


def test_a_shuffle_under_another_exponent_fails_against_the_key() -> None:
    key, other = LayerKey(), LayerKey()
    deck = deck_points("d", CARDS[:8])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof = shuffle(other, deck, context)
    assert verify_shuffle(other.public, deck, shuffled, proof, context)
    assert not verify_shuffle(key.public, deck, shuffled, proof, context)


def test_malformed_shuffle_proofs_are_refused() -> None:
    key = LayerKey()
    n = 6
    deck = deck_points("d", CARDS[:n])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof = shuffle(key, deck, context)
    size = round_size(n)
    scalar_at = 32 + 32 * n
    order_at = scalar_at + 32

    def patched(at: int, data: bytes) -> bytes:
        return proof[:at] + data + proof[at + len(data) :]

    bad = {
        "truncated": proof[:-1],
        "longer": proof + b"\0",
        "one round short": proof[:-size],
        "invalid point": patched(size + 32, NOT_A_POINT),
        "identity": patched(0, bytes(32)),
        "non-canonical scalar": patched(size + scalar_at, NOT_CANONICAL),
        "zero scalar": patched(scalar_at, bytes(32)),
        "not a permutation": patched(order_at, bytes([1, 1])),
        "out of range": patched(order_at, bytes([n])),
    }
    for why, data in bad.items():
        with pytest.raises(MalformedCrypto):
            decode_proof(data, n)
        assert not verify_shuffle(key.public, deck, shuffled, data, context), why
    assert verify_shuffle(key.public, deck, shuffled, proof, context)


def test_a_shuffled_deck_of_the_wrong_size_or_with_a_repeat_is_refused() -> None:
    key = LayerKey()
    deck = deck_points("d", CARDS[:6])
    context = shuffle_context(GAME, "d", 0, "p1")
    shuffled, proof = shuffle(key, deck, context)
    with pytest.raises(ShuffleRefused, match="came back with 5"):
        check_shuffle(key.public, deck, shuffled[:-1], proof, context)
    with pytest.raises(ShuffleRefused, match="twice"):
        check_shuffle(key.public, deck, [shuffled[0], *shuffled[:-1]], proof, context)


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
