"""The encrypted deck's cryptography (protocol/): the group, card points, whole shuffles,
draws, openings and the escrow; every cheat at this level is caught (a shuffle step's proof:
tests/test_deck_shuffle.py). Each cheat
test runs the honest case beside it, so a check that refused everything would fail here."""

from __future__ import annotations

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
from protocol.deckshuffle import check_committed_shuffle, commit_shuffle, prove_committed
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


def shuffle(key: LayerKey, deck: list[Point], context: bytes) -> tuple[list[Point], bytes, bytes]:
    """A step in its two phases: the shuffled deck, its proof and the commit sent before
    ``RANDOMNESS`` was drawn (tests/test_deck_shuffle.py tests the proof itself)."""
    step = commit_shuffle(key, deck, context)
    return step.shuffled, prove_committed(step, RANDOMNESS), step.commit


def check_shuffle(
    public: Point,
    deck: list[Point],
    shuffled: list[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
) -> None:
    check_committed_shuffle(public, deck, shuffled, proof, context, commit, RANDOMNESS)


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
