"""A shuffle step of the encrypted deck and its proof (protocol/deckshuffle.py,
protocol/shuffleargument.py): the honest proof passes at every size, and each cheat, each
altered field and each proof moved elsewhere is refused. Each cheat test checks the honest
step beside it, so a check that refused everything would fail here."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from protocol.cardpoints import card_point, deck_points
from protocol.deckshuffle import (
    MAX_CARDS,
    POINTS,
    ShuffleRefused,
    check_committed_shuffle,
    commit_digest,
    commit_shuffle,
    first_challenge,
    nonce,
    proof_parts,
    proof_size,
    prove_committed,
    random_order,
    response_count,
)
from protocol.layerkey import LayerKey
from protocol.ristretto import ORDER, MalformedCrypto, Point, mul, mul_base, random_scalar
from protocol.sealeddeck import step_context
from protocol.shuffleargument import (
    Proof,
    Statement,
    Witness,
    commit_order,
    generators,
    prove,
    verify,
)

GAME = "test-game"
RANDOMNESS = bytes(range(32))  # drawn after the commit, as a roll's seed is in a game
NOT_CANONICAL = ORDER.to_bytes(32, "little")
NOT_A_POINT = b"\xff" * 32


@dataclass
class Step:
    """A shuffle step as it reaches a verifier: what it checks it against, and what came."""

    public: Point
    deck: list[Point]
    shuffled: list[Point]
    proof: bytes
    context: bytes
    commit: bytes
    randomness: bytes = RANDOMNESS

    def check(self) -> None:
        check_committed_shuffle(
            self.public,
            self.deck,
            self.shuffled,
            self.proof,
            self.context,
            self.commit,
            self.randomness,
        )

    def holds(self) -> bool:
        try:
            self.check()
        except (ShuffleRefused, MalformedCrypto):
            return False
        return True


def context_of(step: int = 0, party: str = "p1", deal: str = "pile-1") -> bytes:
    return step_context(GAME, deal, step, "shuffle", party)


def deck_of(n: int) -> list[Point]:
    return deck_points(f"{GAME}/pile-1", [f"card {i}" for i in range(n)])


def honest(n: int, key: LayerKey | None = None, context: bytes | None = None) -> Step:
    """A step made as a dealer makes it: committed, then proven for the randomness."""
    key = key or LayerKey()
    deck, context = deck_of(n), context or context_of()
    made = commit_shuffle(key, deck, context)
    return Step(
        key.public, deck, made.shuffled, prove_committed(made, RANDOMNESS), context, made.commit
    )


def forged(
    key: LayerKey,
    deck: list[Point],
    shuffled: list[Point],
    order: Sequence[int],
    context: bytes,
    secret: int | None = None,
) -> Step:
    """A cheat's step: it says ``deck`` became ``shuffled``, commits to them and to ``order``
    as an honest dealer would, and runs the honest prover with its secret (or ``secret``) and
    ``order``, as if the step were true."""
    seed = secrets.token_bytes(32)
    blinding = nonce(seed, b"", "order", 0)
    committed = commit_order(order, blinding)
    commit = commit_digest(context, key.public, deck, shuffled, committed)
    s = secret if secret is not None else int.from_bytes(key.secret, "little")
    witness = Witness(s, order, blinding, committed)
    statement = Statement(key.public, deck, shuffled)
    x = first_challenge(commit, RANDOMNESS)
    proof = prove(statement, witness, x, lambda label, i: nonce(seed, RANDOMNESS, label, i))
    return Step(key.public, deck, shuffled, proof.encode(), context, commit)


def layered(key: LayerKey, deck: list[Point], order: Sequence[int]) -> list[Point]:
    return [mul(key.secret, deck[k]) for k in order]


# ----- the honest step ---------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 44, MAX_CARDS])
def test_an_honest_step_passes_at_every_size(n: int) -> None:
    step = honest(n)
    assert len(step.proof) == proof_size(n) == 32 * (POINTS + 3 * n + 4)
    step.check()
    assert sorted(step.shuffled) != sorted(step.deck)  # every card under a new layer


def test_a_step_given_its_order_layers_each_card_where_the_order_says() -> None:
    key, deck = LayerKey(), deck_of(10)
    order = list(range(9, -1, -1))
    made = commit_shuffle(key, deck, context_of(), order=order)
    assert made.shuffled == [mul(key.secret, p) for p in reversed(deck)]
    step = Step(
        key.public,
        deck,
        made.shuffled,
        prove_committed(made, RANDOMNESS),
        context_of(),
        made.commit,
    )
    step.check()


def test_a_44_card_proof_is_4_6_kb() -> None:
    """Eight points and 3n + 4 scalars: 32 × (8 + 136) bytes for 44 cards."""
    assert proof_size(44) == 4608
    points, scalars = proof_parts(honest(44).proof)
    assert len(points) == POINTS and len(scalars) == response_count(44) == 136


def test_the_same_step_proven_for_another_randomness_shares_no_nonce() -> None:
    """A party made to prove one committed step for two randomnesses must not answer two
    challenges with one nonce (that would show its secret): only c_A, fixed by the commit,
    is the same in both proofs."""
    key, deck = LayerKey(), deck_of(6)
    made = commit_shuffle(key, deck, context_of())
    one = proof_parts(prove_committed(made, RANDOMNESS))
    other = proof_parts(prove_committed(made, bytes(32)))
    assert one[0][0] == other[0][0]
    assert not set(one[0][1:]) & set(other[0][1:])
    assert not set(one[1]) & set(other[1])
    assert prove_committed(made, RANDOMNESS) == b"".join(one[0] + one[1])  # reproducible


def test_the_generators_are_distinct_points_from_their_labels() -> None:
    made = generators()
    assert len(made) == MAX_CARDS + 2 and len(set(made)) == len(made)
    assert mul_base(random_scalar()) not in made


# ----- each cheat ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 44])
def test_a_substituted_card_is_refused(n: int) -> None:
    key, deck = LayerKey(), deck_of(n)
    order = random_order(n)
    good = forged(key, deck, layered(key, deck, order), order, context_of())
    good.check()  # the cheat's prover, on a true step, passes
    foreign = [*deck[:-1], card_point(f"{GAME}/pile-1", "a card of its own")]
    step = forged(key, deck, layered(key, foreign, order), order, context_of())
    assert len(set(step.shuffled)) == n  # distinct points, the right size: the proof decides
    with pytest.raises(ShuffleRefused, match="its proof does not hold"):
        step.check()


def test_a_duplicated_card_is_refused_by_the_proof_not_only_by_the_repeat_check() -> None:
    key, deck = LayerKey(), deck_of(8)
    order = random_order(8)
    twice = [deck[0], *deck[:-1]]  # one card in twice, the last one gone
    step = forged(key, deck, layered(key, twice, order), order, context_of())
    with pytest.raises(ShuffleRefused, match="the same point twice"):
        step.check()
    statement = Statement(step.public, step.deck, step.shuffled)
    with pytest.raises(ShuffleRefused, match="its proof does not hold"):
        verify(statement, Proof.decode(step.proof, 8), first_challenge(step.commit, RANDOMNESS))


def test_an_order_that_is_not_a_permutation_is_refused() -> None:
    """E made honestly from π, but the prover's c_A commits to a vector that is no
    permutation (the product argument's target is then missed)."""
    key, deck = LayerKey(), deck_of(6)
    order = random_order(6)
    shuffled = layered(key, deck, order)
    good = forged(key, deck, shuffled, order, context_of())
    good.check()
    bent = [order[0], order[0], *order[2:]]
    with pytest.raises(ShuffleRefused, match="its proof does not hold"):
        forged(key, deck, shuffled, bent, context_of()).check()


def test_one_card_under_another_exponent_is_refused() -> None:
    key, deck = LayerKey(), deck_of(44)
    order = random_order(44)
    shuffled = layered(key, deck, order)
    shuffled[17] = mul(LayerKey().secret, deck[order[17]])
    with pytest.raises(ShuffleRefused, match="its proof does not hold"):
        forged(key, deck, shuffled, order, context_of()).check()


def test_a_layer_that_is_not_the_key_is_refused() -> None:
    """A deck layered with another secret than the one Y stands for (so no removal proved
    against Y could take it off), proven with either secret."""
    key, other, deck = LayerKey(), LayerKey(), deck_of(8)
    order = random_order(8)
    shuffled = layered(other, deck, order)
    for secret in (other.secret, key.secret):
        step = forged(key, deck, shuffled, order, context_of(), int.from_bytes(secret, "little"))
        with pytest.raises(ShuffleRefused, match="its proof does not hold"):
            step.check()
    step = honest(8, other)
    step.check()
    step.public = key.public
    assert not step.holds()


def test_a_deck_of_the_wrong_size_or_with_a_repeat_is_refused() -> None:
    step = honest(6)
    step.shuffled = step.shuffled[:-1]
    with pytest.raises(ShuffleRefused, match="came back with 5"):
        step.check()
    step = honest(6)
    step.shuffled = [step.shuffled[0], *step.shuffled[:-1]]
    with pytest.raises(ShuffleRefused, match="twice"):
        step.check()


# ----- every field altered ---------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 5])
def test_every_field_of_the_proof_altered_in_turn_is_refused(n: int) -> None:
    """Each of the proof's points replaced by another point, each of its scalars moved by
    one: refused every time (the honest proof beside them passes)."""
    step = honest(n)
    step.check()
    points, scalars = proof_parts(step.proof)
    elsewhere = bytes(mul_base(random_scalar()))
    for i in range(len(points)):
        changed = [*points[:i], elsewhere, *points[i + 1 :]]
        assert not Step(**{**vars(step), "proof": b"".join(changed + scalars)}).holds(), i
    for i, raw in enumerate(scalars):
        moved = ((int.from_bytes(raw, "little") + 1) % ORDER).to_bytes(32, "little")
        changed = [*scalars[:i], moved, *scalars[i + 1 :]]
        assert not Step(**{**vars(step), "proof": b"".join(points + changed)}).holds(), i


def test_a_shuffled_card_or_the_deck_before_altered_is_refused() -> None:
    step = honest(5)
    other = mul_base(random_scalar())
    for field in ("deck", "shuffled"):
        for i in range(5):
            cards = list(getattr(step, field))
            cards[i] = other
            assert not Step(**{**vars(step), field: cards}).holds(), (field, i)
    step.check()


def test_a_proof_replayed_in_another_context_is_refused() -> None:
    """Another step, another deal, another party, another game, another randomness or
    another commit: the proof proves nothing there."""
    step = honest(8)
    step.check()
    elsewhere = [
        context_of(step=1),
        context_of(party="p2"),
        context_of(deal="pile-2"),
        step_context("another-game", "pile-1", 0, "shuffle", "p1"),
    ]
    for context in elsewhere:
        assert not Step(**{**vars(step), "context": context}).holds()
    assert not Step(**{**vars(step), "randomness": bytes(32)}).holds()
    assert not Step(**{**vars(step), "commit": bytes(32)}).holds()
    other = honest(8)  # another step's proof on this one's decks
    assert not Step(**{**vars(step), "proof": other.proof}).holds()


def test_malformed_proofs_are_refused() -> None:
    step = honest(6)
    proof = step.proof

    def patched(at: int, data: bytes) -> bytes:
        return proof[:at] + data + proof[at + len(data) :]

    first_scalar = 32 * POINTS
    bad = {
        "truncated": proof[:-1],
        "longer": proof + b"\0",
        "a scalar short": proof[:-32],
        "a scalar more": proof + bytes(32),
        "a point not a point": patched(0, NOT_A_POINT),
        "the identity": patched(32, bytes(32)),
        "a non-canonical scalar": patched(first_scalar, NOT_CANONICAL),
        "the last scalar non-canonical": patched(len(proof) - 32, NOT_CANONICAL),
        "not bytes": bytearray(proof),  # what a msgpack decoder never gives: refused too
    }
    for why, data in bad.items():
        with pytest.raises(MalformedCrypto):
            Proof.decode(data, 6)  # type: ignore[arg-type]
        assert not Step(**{**vars(step), "proof": data}).holds(), why
    step.check()


def test_a_deck_too_large_or_empty_is_refused() -> None:
    key = LayerKey()
    with pytest.raises(ValueError, match="1 to 256 cards"):
        commit_shuffle(key, [], context_of())
    with pytest.raises(ValueError, match="1 to 256 cards"):
        commit_shuffle(key, deck_of(MAX_CARDS + 1), context_of())
    with pytest.raises(MalformedCrypto, match="1 to 256 cards"):
        check_committed_shuffle(key.public, [], [], b"", context_of(), bytes(32), RANDOMNESS)
