"""Team hands in the sealed deck's ledger (protocol/sealeddeck.py, protocol/dealerparty.py,
protocol/teamshare.py), in process: a card's holder owes each teammate's party its opening,
sealed to it; the teammate reads and checks it; a false share is proven false by the holder's
own answer, and a false complaint names the complainer. Every cheat runs beside the honest
steps of the same game, so a ledger refusing everything fails here."""

from __future__ import annotations

import pytest
from test_sealed_deck import GAME, SMALL, dealt_table, refused, run

from protocol.cardpoints import card_point
from protocol.dealerparty import DealerParty
from protocol.escrow import seal_revealably, x25519_public
from protocol.ristretto import point
from protocol.sealeddeck import DeckFault, Pending, SealedDeck, share_context
from protocol.teamshare import SHARE_BOX_SIZE, seal_opening


def drawn_and_owed(to: str = "p1") -> tuple[SealedDeck, list[DealerParty], str]:
    """Three parties; p3 draws ?0 and owes its opening to ``to``'s party (its teammate's)."""
    deck, parties, _ = dealt_table()
    deck.give("?0", "p3")
    deck.owe("?0", to)
    assert Pending("p3", "share", "?0", to) not in deck.pending()  # p3 does not hold it yet
    for party in parties:
        if party.id != "p3":
            deck.take(party.unlayer(deck, "?0"))
    assert deck.pending() == [Pending("p3", "share", "?0", to)]
    return deck, parties, parties[2].learn(deck, ["?0"])["?0"]


def test_a_teammate_reads_a_card_its_holder_shares_and_no_one_else_does() -> None:
    deck, parties, card = drawn_and_owed()
    p1, p2, p3 = parties
    share = p3.share(deck, "?0", "p1")
    assert len(share["box"]) == SHARE_BOX_SIZE
    refused(deck, p3.share(deck, "?0", "p2"), "p3", "out_of_turn")  # p2 is owed nothing
    refused(deck, dict(share, party="p2"), "p2", "out_of_turn")  # p2 holds no ?0
    deck.take(share)
    assert deck.pending() == []
    assert p1.read_shares(deck) == ({"?0": card}, [])
    assert p1.shared == {"?0": card} and p1.cards == {}  # known by share, not held
    assert p2.read_shares(deck) == ({}, [])  # sealed to p1 alone
    assert p1.read_shares(deck) == ({}, [])  # read once
    with pytest.raises(ValueError, match="knows"):
        deck.owe("?0", "p1")
    refused(deck, share, "p3", "out_of_turn")  # not owed twice
    rebuilt = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert rebuilt.slot("?0").shared == deck.slot("?0").shared


def test_a_share_lapses_when_its_card_leaves_the_holder_or_is_opened() -> None:
    deck, parties, _ = drawn_and_owed()
    p1, _, p3 = parties
    deck.take(p3.open(deck, "?0"))  # traded: every peer knows it now
    assert deck.pending() == []
    deck, parties, _ = drawn_and_owed()
    p1, _, p3 = parties
    deck.give("?0", "p1")  # the team's hand passed to p1 before p3 shared it
    run(deck, parties)
    assert deck.holder_of("?0") == "p1" and deck.pending() == []
    assert p1.learn(deck, ["?0"])  # p1 reads it itself: it was owed nothing more


@pytest.mark.parametrize("lie", ["another_card", "box_that_does_not_open", "another_context"])
def test_a_false_share_is_proven_false_by_its_holders_answer(lie: str) -> None:
    deck, parties, card = drawn_and_owed()
    p1, _, p3 = parties
    slot = deck.slot("?0")
    context = share_context(GAME, slot.deal, "?0", "p1", "p3")
    recipient = x25519_public(deck.signing_key("p1"))
    if lie == "another_card":  # its proof cannot hold against ?0 as p3 holds it
        other = next(c for c in SMALL if c != card)
        box, ephemeral = seal_revealably(
            bytes(card_point(f"{GAME}/pile-1", other)) + bytes(64), recipient
        )
    elif lie == "box_that_does_not_open":  # a true opening, its box's last byte changed
        good, ephemeral = seal_opening(p3.key, point(slot.point), context, recipient)
        box = good[:-1] + bytes([good[-1] ^ 1])
    else:  # a true opening made for p2, sealed to p1
        other_context = share_context(GAME, slot.deal, "?0", "p2", "p3")
        box, ephemeral = seal_opening(p3.key, point(slot.point), other_context, recipient)
    deck.take({"kind": "share", "party": "p3", "token": "?0", "to": "p1", "box": box})
    p3._boxes["?0", "p1"] = ephemeral  # p3 answers for the box it really sent
    learnt, complaints = p1.read_shares(deck)
    assert learnt == {} and complaints == [
        {"kind": "share_complaint", "party": "p1", "token": "?0"}
    ]
    refused(deck, {"kind": "share_complaint", "party": "p2", "token": "?0"}, "p2", "out_of_turn")
    deck.take(complaints[0])
    refused(deck, complaints[0], "p1", "out_of_turn")  # once
    assert deck.pending() == [Pending("p3", "share_answer", "?0", "p1")]
    refused(deck, dict(p3.share_answer("?0", "p1"), ephemeral=bytes(32)), "p3", "bad_share")
    refused(deck, p3.share_answer("?0", "p1"), "p3", "bad_share")
    assert deck.pending() == [Pending("p3", "share_answer", "?0", "p1")]  # still owed


def test_a_false_complaint_names_the_complainer() -> None:
    deck, parties, card = drawn_and_owed()
    p1, _, p3 = parties
    deck.take(p3.share(deck, "?0", "p1"))
    assert p1.read_shares(deck) == ({"?0": card}, [])
    deck.take({"kind": "share_complaint", "party": "p1", "token": "?0"})  # a lie
    with pytest.raises(DeckFault) as caught:
        deck.take(p3.share_answer("?0", "p1"))
    assert (caught.value.party, caught.value.code) == ("p1", "false_complaint")
    assert deck.pending() == []
    rebuilt = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert rebuilt.pending() == [] and rebuilt.slot("?0").complaints == set()


@pytest.mark.parametrize("kind", ["share", "share_complaint", "share_answer"])
def test_malformed_team_messages_are_refused(kind: str) -> None:
    deck, _, _ = drawn_and_owed()
    samples = {
        "share": {"token": "?0", "to": "p1", "box": bytes(SHARE_BOX_SIZE)},
        "share_complaint": {"token": "?0"},
        "share_answer": {"token": "?0", "to": "p1", "ephemeral": bytes(32)},
    }
    fields = samples[kind]
    for name, value in fields.items():
        refused(deck, {"kind": kind, "party": "p3", **dict(fields, **{name: 7})}, "p3", "malformed")
        if type(value) is bytes:
            bad = dict(fields, **{name: value + b"\0"})
            refused(deck, {"kind": kind, "party": "p3", **bad}, "p3", "malformed")
    refused(deck, {"kind": kind, "party": "p3", **fields, "extra": 1}, "p3", "malformed")
