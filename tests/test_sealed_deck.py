"""The sealed deck's ledger and parties (protocol/sealeddeck.py, protocol/dealerparty.py), all
in process: six parties deal a pile, draw, hand over, open, lose a party to escrow, deal
again, and open everything at the end; every cheat is caught and its party named. Each cheat
test runs beside the honest steps of the same game, so a ledger refusing everything would
fail here."""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Sequence
from typing import Any

import pytest

from protocol.cardpoints import card_point
from protocol.dealerparty import DealerParty, ShareHolder, shuffle_message
from protocol.deckdraw import uncover
from protocol.deckshuffle import (
    MAX_CARDS,
    POINTS,
    commit_shuffle,
    prove_committed,
    response_count,
)
from protocol.escrow import seal_share_revealably, x25519_public
from protocol.framing import MAX_BIN, MAX_FRAME, MAX_ITEMS, encode
from protocol.layerkey import LayerKey
from protocol.ristretto import random_scalar
from protocol.sealeddeck import HOST, DeckFault, Party, Pending, SealedDeck, step_context
from protocol.signing import Identity
from risk_lan.net.client.rollshare import RollShare
from risk_lan.net.record.deckfaults import proven
from risk_lan.rules.board import classic_board
from risk_lan.rules.cards import deck_cards
from risk_lan.rules.objectivecards import objectives

GAME = "0123456789abcdef"
PILE = deck_cards(classic_board())
Actor = DealerParty | ShareHolder


def make_table(
    count: int, host_party: bool = False, cards_of: int = 0
) -> tuple[SealedDeck, list[DealerParty], list[Actor]]:
    """``count`` parties (and the host as a holder alone unless ``host_party``), their
    ledger, and every actor that owes messages."""
    ids = [Identity() for _ in range(count + 1)]
    parties = [DealerParty(ShareHolder(f"p{i + 1}", ids[i].private_bytes())) for i in range(count)]
    deck = SealedDeck(
        GAME,
        [Party(p.id, p.key.public, ids[i].public_key) for i, p in enumerate(parties)],
        None if host_party else ids[-1].public_key,
    )
    actors: list[Actor] = list(parties)
    if not host_party:
        actors.append(ShareHolder(HOST, ids[-1].private_bytes()))
    return deck, parties, actors


def run(deck: SealedDeck, actors: Sequence[Actor], cpu: dict[str, float] | None = None) -> int:
    """Every step owed, made and taken, until the game waits for nothing (the randomness of
    each shuffle drawn after its commit). The number of messages taken."""
    taken = 0
    while True:
        progress = False
        for step in deck.pending():
            if step.kind == "randomness":
                deck.randomness(step.subject, secrets.token_bytes(32))
                progress = True
        for actor in actors:
            start = time.process_time()
            made = actor.owed(deck)
            _add(cpu, actor.id, time.process_time() - start)
            for message in made:
                if not _still_due(deck, message):
                    # An escrow part overtaken by the others' (threshold reached), or by a
                    # retired party's own unlayer (or that unlayer by the escrow's parts).
                    continue
                start = time.process_time()
                deck.take(message)
                _add(cpu, "checking", time.process_time() - start)
                taken += 1
                progress = True
        if not progress:
            return taken


def _add(cpu: dict[str, float] | None, who: str, seconds: float) -> None:
    if cpu is not None:
        cpu[who] = cpu.get(who, 0.0) + seconds


def _still_due(deck: SealedDeck, message: dict[str, Any]) -> bool:
    if message["kind"] not in ("escrow_partial", "unlayer"):
        return True
    return Pending(message["party"], message["kind"], message["token"]) in deck.pending()


def refused(deck: SealedDeck, message: Any, party: str | None, code: str) -> DeckFault:
    """``message`` refused, naming ``party`` with ``code``, and nothing changed."""
    before = (
        deck.pending(),
        len(deck.journal),
        {t: dataclasses.astuple(s) for t, s in deck.slots.items()},
    )
    with pytest.raises(DeckFault) as caught:
        deck.take(message)
    assert (caught.value.party, caught.value.code) == (party, code), caught.value
    assert caught.value.message and code not in caught.value.message  # a sentence, no code
    after = (
        deck.pending(),
        len(deck.journal),
        {t: dataclasses.astuple(s) for t, s in deck.slots.items()},
    )
    assert after == before
    return caught.value


def tokens(first: int, count: int) -> list[str]:
    return [f"?{slot}" for slot in range(first, first + count)]


def nobody_else_reads(deck: SealedDeck, parties: Sequence[DealerParty], token: str) -> None:
    """No party but the holder gets a card of the deal by taking its own layer off."""
    slot = deck.slot(token)
    index = deck.deal_of(slot.deal).index
    for party in parties:
        if party.id != deck.holder_of(token):
            assert uncover(party.key, slot.point) not in index


def test_six_parties_deal_draw_hand_over_escrow_open_and_end() -> None:
    deck, parties, actors = make_table(6)
    p1, p2, p3, p4, p5, _ = parties
    cpu: dict[str, float] = {}
    run(deck, actors, cpu)  # the escrows
    assert set(deck.escrows) == {p.id for p in parties} and deck.pending() == []
    for actor in actors:
        holder = actor.holder if isinstance(actor, DealerParty) else actor
        assert holder.collect(deck) == []  # every share opens and is good
        assert len(holder.shares) == (6 if holder.id == HOST else 5)

    pile = tokens(0, len(PILE))
    deck.start_deal("pile-1", pile, PILE, [p.id for p in parties])
    assert deck.pending() == [Pending("p1", "shuffle_commit", "pile-1")]
    run(deck, actors, cpu)
    assert deck.deal_of("pile-1").done
    for i in range(10):  # ten draws, round the table
        deck.give(pile[i], parties[i % 6].id)
    run(deck, actors, cpu)
    making = max(seconds for who, seconds in cpu.items() if who.startswith("p"))
    print(
        f"\n6 parties, 44 cards, the escrows, the deal and 10 draws: "
        f"{cpu['checking']:.2f} s of CPU checking every step (each peer does), "
        f"{making:.2f} s making the most any party makes; per party "
        f"{cpu['checking'] + making:.2f} s"
    )
    learnt = {}
    for i, party in enumerate(parties):
        got = party.learn(deck, pile)
        assert set(got) == {pile[j] for j in range(10) if j % 6 == i}
        learnt.update(got)
    assert len(set(learnt.values())) == 10 and set(learnt.values()) <= set(PILE)
    for token in pile[:10]:
        nobody_else_reads(deck, parties, token)
    for token in pile[10:]:  # still in the pile: every layer on it
        assert deck.slot(token).layers == [p.id for p in parties]

    # A card handed from p1 to p2: p2's layer added, then p1's removed.
    deck.give(pile[0], "p2")
    assert deck.pending() == [Pending("p2", "relayer", pile[0])]
    run(deck, actors)
    assert deck.pending() == [] and deck.holder_of(pile[0]) == "p2"
    assert p2.learn(deck, pile) == {pile[0]: learnt[pile[0]]}
    nobody_else_reads(deck, parties, pile[0])

    # p4 leaves: its layer comes off the pile's cards by escrow, and its hand goes to p5.
    deck.absent("p4")
    deck.give(pile[10], "p5")
    assert Pending("p1", "unlayer", pile[10]) in deck.pending()
    run(deck, actors)  # p1 to p3 remove theirs; then p4's by escrow; p6's
    deck.give(pile[3], "p5")  # p4's card, to the seat's new player
    assert deck.pending() == [Pending("p5", "relayer", pile[3])]
    run(deck, actors)
    got = p5.learn(deck, pile)
    assert set(got) == {pile[10], pile[3]} and got[pile[3]] == learnt[pile[3]]
    nobody_else_reads(deck, parties, pile[10])

    # Openings: everyone learns the card, checked against its token's point.
    assert deck.take(p2.open(deck, pile[0])) == learnt[pile[0]]
    assert deck.take(p3.open(deck, pile[2])) == learnt[pile[2]]
    assert deck.slot(pile[0]).card == learnt[pile[0]]

    # A pile made again from the discards, p4 skipped; and the objectives, one each.
    discards = [learnt[pile[0]], learnt[pile[2]]]
    again = tokens(44, 2)
    present = [p.id for p in parties if p.id != "p4"]
    deck.start_deal("pile-2", again, discards, present)
    goals = list(objectives())
    dealt = tokens(46, len(goals))
    deck.start_deal("objectives", dealt, goals, present)
    run(deck, actors)
    deck.give(again[0], "p1")
    for token, party in zip(dealt, present, strict=False):
        deck.give(token, party)
    run(deck, actors)
    assert p1.learn(deck, again)[again[0]] in discards
    for token, party in zip(dealt, [p for p in parties if p.id != "p4"], strict=False):
        assert party.learn(deck, dealt)[token] in goals
        nobody_else_reads(deck, parties, token)

    # The end: every present party's secret, and p4's from its holders' shares.
    for party in parties:
        if party.id != "p4":
            deck.take(party.secret())
    with pytest.raises(ValueError, match="p4's secret"):
        deck.read_all()
    holders = [a for a in actors if (a.holder.id if isinstance(a, DealerParty) else a.id) != "p4"]
    for actor in holders[:5]:
        holder = actor.holder if isinstance(actor, DealerParty) else actor
        deck.take(holder.secret_share("p4"))
    assert deck.secrets["p4"] == p4.key.secret
    read = deck.read_all()
    every_learnt = {t: c for p in parties for t, c in p.cards.items() if deck.holder_of(t) == p.id}
    assert {t: read[t] for t in every_learnt} == every_learnt
    assert sorted(read[t] for t in pile) == sorted(PILE)
    assert sorted(read[t] for t in dealt) == sorted(goals)

    # verify: the ledger rebuilt from its journal alone reads the same cards.
    rebuilt = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert rebuilt.read_all() == read


# -- every cheat caught and named ------------------------------------------------------

SMALL = PILE[:5]


def small_table() -> tuple[SealedDeck, list[DealerParty], list[Actor]]:
    """Three parties, the host a holder, escrows in, five cards dealt and waiting for p1's
    commit."""
    deck, parties, actors = make_table(3)
    run(deck, actors)
    deck.start_deal("pile-1", tokens(0, 5), SMALL, ["p1", "p2", "p3"])
    return deck, parties, actors


def dealt_table() -> tuple[SealedDeck, list[DealerParty], list[Actor]]:
    deck, parties, actors = small_table()
    run(deck, actors)
    return deck, parties, actors


def cheat_shuffle(deck: SealedDeck, party: DealerParty, deck_points: list[Any]) -> None:
    """``party`` commits to a shuffle of ``deck_points`` instead of the deal's deck, then
    proves it once the randomness is out: the ledger must refuse the proof."""
    context = step_context(GAME, "pile-1", 0, "shuffle", party.id)
    step = commit_shuffle(party.key, deck_points, context)
    deck.take(
        {"kind": "shuffle_commit", "party": party.id, "deal": "pile-1", "commit": step.commit}
    )
    deck.randomness("pile-1", secrets.token_bytes(32))
    proof = prove_committed(step, deck.deal_of("pile-1").randomness or b"")
    refused(
        deck, shuffle_message(party.id, "pile-1", step.shuffled, proof), party.id, "bad_shuffle"
    )


def test_a_shuffle_that_substitutes_or_duplicates_a_card_is_named() -> None:
    deck, parties, _ = small_table()
    start = list(deck.deal_of("pile-1").deck)
    cheat_shuffle(deck, parties[0], [card_point(f"{GAME}/pile-1", PILE[9]), *start[1:]])
    deck, parties, actors = small_table()
    cheat_shuffle(deck, parties[0], [start[0], start[0], *start[2:]])
    deck, parties, actors = small_table()  # the honest table beside it deals
    run(deck, actors)
    assert deck.deal_of("pile-1").done


def test_a_shuffle_proven_before_its_randomness_is_named() -> None:
    deck, parties, _ = small_table()
    p1 = parties[0]
    context = step_context(GAME, "pile-1", 0, "shuffle", "p1")
    step = commit_shuffle(p1.key, deck.deal_of("pile-1").deck, context)
    deck.take({"kind": "shuffle_commit", "party": "p1", "deal": "pile-1", "commit": step.commit})
    randomness = secrets.token_bytes(32)
    deck.randomness("pile-1", randomness)
    # A proof for randomness the shuffler picked itself, not the randomness drawn after its
    # commit: its first challenge is another.
    early = prove_committed(step, bytes(32))
    refused(deck, shuffle_message("p1", "pile-1", step.shuffled, early), "p1", "bad_shuffle")
    # Grinding: another step, proven for the challenge the commit and the randomness draw;
    # its deck and its commitment to an order are not the ones committed to.
    other = commit_shuffle(p1.key, deck.deal_of("pile-1").deck, context)
    ground = prove_committed(dataclasses.replace(other, commit=step.commit), randomness)
    message = shuffle_message("p1", "pile-1", other.shuffled, ground)
    fault = refused(deck, message, "p1", "bad_shuffle")
    assert "committed" in fault.message
    honest = prove_committed(step, randomness)
    deck.take(shuffle_message("p1", "pile-1", step.shuffled, honest))
    assert deck.pending() == [Pending("p2", "shuffle_commit", "pile-1")]


def test_a_shuffle_checked_in_this_process_is_taken_again_unchecked_but_not_a_changed_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ledger handed another's ``proven`` (a client replaying at the end a game it
    watched) takes a shuffle that ledger checked without checking its proof again; a shuffle
    with one byte of its proof changed is checked, and refused."""
    import protocol.sealeddeck as sealeddeck

    deck, _, _ = dealt_table()
    assert len(deck.proven) == 3  # each dealer's shuffle, checked once
    checks: list[int] = []
    check = sealeddeck.check_committed_shuffle

    def counted(*args: Any) -> None:
        checks.append(1)
        check(*args)

    monkeypatch.setattr(sealeddeck, "check_committed_shuffle", counted)

    def replayed(journal: Sequence[dict[str, Any]]) -> SealedDeck:
        again = SealedDeck(deck.game_id, list(deck.parties.values()), deck.host_signing)
        again.proven = set(deck.proven)
        for entry in journal:
            again.apply(entry)
        return again

    again = replayed(deck.journal)
    assert checks == [] and again.deal_of("pile-1").deck == deck.deal_of("pile-1").deck
    at = next(i for i, e in enumerate(deck.journal) if e.get("kind") == "shuffle")
    changed = dict(deck.journal[at])
    changed["responses"] = [flipped(changed["responses"][0]), *changed["responses"][1:]]
    with pytest.raises(DeckFault) as fault:
        replayed([*deck.journal[:at], changed])
    assert fault.value.code == "bad_shuffle" and checks == [1]


def test_a_party_does_not_check_its_own_shuffle_but_every_other_ledger_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A party's ledger vouches for the shuffle it made as it sends it, so it takes it back
    without checking the proof; a peer's ledger checks it, and a byte changed on the way is
    checked in the maker's ledger too, and refused. A vouch for a step nobody awaits is
    ignored."""
    import protocol.sealeddeck as sealeddeck

    deck, parties, _ = small_table()
    peer = SealedDeck.replay(
        deck.game_id, list(deck.parties.values()), deck.journal, deck.host_signing
    )
    checks: list[str] = []
    check = sealeddeck.check_committed_shuffle

    def counted(*args: Any) -> None:
        checks.append("checked")
        check(*args)

    monkeypatch.setattr(sealeddeck, "check_committed_shuffle", counted)
    p1 = parties[0]
    commit = p1.shuffle_commit(deck, "pile-1")
    for ledger in (deck, peer):
        ledger.take(commit)
        ledger.randomness("pile-1", bytes(range(32)))
    made = p1.shuffle(deck, "pile-1")
    peer.vouch(made | {"party": "p2"})  # not p2's step: ignored
    deck.vouch(made)
    changed = dict(made, responses=[flipped(made["responses"][0]), *made["responses"][1:]])
    refused(deck, changed, "p1", "bad_shuffle")
    assert checks == ["checked"]
    deck.take(made)
    assert checks == ["checked"]  # its own, vouched for: not checked
    peer.take(made)
    assert checks == ["checked", "checked"]  # a peer's: checked
    assert peer.deal_of("pile-1").deck == deck.deal_of("pile-1").deck


@pytest.mark.parametrize("where", ["a worker thread", "after the seat's own step"])
def test_a_peer_checking_shuffles_later_goes_on_and_settle_names_a_false_one(where: str) -> None:
    """With ``later`` set, a shuffle is taken at once and its proof checked there (a
    client's ``ChecksAfter`` runs it when ``settle`` asks): the next dealer commits on the
    deck it gave before the check is done; ``settle`` waits for the checks, and names the
    dealer of a false shuffle (its deal is then void)."""
    from concurrent.futures import Executor, ThreadPoolExecutor

    from risk_lan.net.client.deckseat import ChecksAfter

    made: Executor = ThreadPoolExecutor(max_workers=1) if where[0] == "a" else ChecksAfter()
    with made as worker:
        deck, parties, _ = small_table()
        deck.later = worker
        p1, p2 = parties[0], parties[1]
        deck.take(p1.shuffle_commit(deck, "pile-1"))
        deck.randomness("pile-1", secrets.token_bytes(32))
        deck.take(p1.shuffle(deck, "pile-1"))
        assert len(deck.checking) == 1  # taken; its check on the worker
        deck.take(p2.shuffle_commit(deck, "pile-1"))  # the next dealer went on meanwhile
        deck.settle()
        assert deck.checking == [] and len(deck.proven) == 1
        # A false shuffle: taken, then named by ``settle``.
        deck, parties, _ = small_table()
        deck.later = worker
        start = list(deck.deal_of("pile-1").deck)
        p1 = parties[0]
        context = step_context(GAME, "pile-1", 0, "shuffle", "p1")
        forged = commit_shuffle(p1.key, [start[0], *start[:-1]], context)
        deck.take(
            {"kind": "shuffle_commit", "party": "p1", "deal": "pile-1", "commit": forged.commit}
        )
        deck.randomness("pile-1", secrets.token_bytes(32))
        proof = prove_committed(forged, deck.deal_of("pile-1").randomness or b"")
        deck.take(shuffle_message("p1", "pile-1", forged.shuffled, proof))
        with pytest.raises(DeckFault) as fault:
            deck.settle()
        assert fault.value.party == "p1" and fault.value.code == "bad_shuffle"
        assert deck.checking == [] and deck.proven == set()


class KeptChain:
    """A seat's roll chain kept in memory (``rollshare.ChainKept``)."""

    def __init__(self) -> None:
        self.chain_seed = secrets.token_bytes(32)
        self.committed = False
        self.revealed = 0

    def save(self) -> None:
        pass


def roll_share() -> RollShare:
    """A seat's share of the rolls, committed to its chain, sending nowhere."""
    rolls = RollShare(KeptChain(), lambda body: body, lambda: None)
    rolls.commit(GAME, 10)
    return rolls


def test_a_seat_holds_its_checks_back_until_it_answered_its_own_steps_roll() -> None:
    """A client checks the shuffles it took at the end of each batch, but not while its own
    step of a deal waits on it: from its turn to commit until its link for that step's roll
    is out (it commits and answers the roll without waiting for them). While the other links
    are awaited, and then while the host checks its proof, it checks: a shuffle the host
    forged is caught before this seat's own goes out, however long the roll waits."""
    from risk_lan.net.client.deckseat import DeckSeat

    deck, parties, _ = small_table()  # waiting for p1's commit
    rolls = {p.id: roll_share() for p in parties}
    seats = {p.id: DeckSeat(p.id, Identity(), lambda line: None, rolls[p.id]) for p in parties}

    def holding() -> list[str]:
        return [s for s, seat in seats.items() if seat.holds_checks(deck)]

    def announce(roll: int) -> None:
        for share in rolls.values():
            share.announced(roll)

    assert holding() == ["p1"]  # its commit owed
    p1, p2 = parties[0], parties[1]
    deck.take(p1.shuffle_commit(deck, "pile-1"))
    assert holding() == ["p1"]  # its step's roll not announced yet
    announce(1)
    assert holding() == ["p1"]  # its link owed
    rolls["p1"].reveal(1, b"seen")
    assert holding() == []  # the other links awaited: it checks meanwhile
    rolls["p2"].reveal(1, b"seen")
    for share in rolls.values():
        share.made(1)
    deck.randomness("pile-1", secrets.token_bytes(32))
    assert holding() == []  # its proof made as the randomness came, then checked by the host
    deck.take(p1.shuffle(deck, "pile-1"))
    assert holding() == ["p2"]
    deck.take(p2.shuffle_commit(deck, "pile-1"))
    announce(2)
    rolls["p2"].reveal(2, b"seen")
    assert holding() == []
    rolls["p2"].cancelled()  # a contributor taken over: the roll comes again
    assert holding() == ["p2"]
    announce(3)
    rolls["p2"].reveal(3, b"seen")
    assert holding() == []
    deck.randomness("pile-1", secrets.token_bytes(32))
    deck.take(p2.shuffle(deck, "pile-1"))
    assert holding() == ["p3"]
    deck.take(parties[2].shuffle_commit(deck, "pile-1"))
    deck.randomness("pile-1", secrets.token_bytes(32))
    deck.take(parties[2].shuffle(deck, "pile-1"))
    assert deck.deal_of("pile-1").done
    assert holding() == []


def test_wrong_layer_steps_and_false_openings_are_named() -> None:
    deck, parties, actors = dealt_table()
    p1, p2, p3 = parties
    other_point = bytes(card_point(f"{GAME}/pile-1", SMALL[1]))
    deck.give("?0", "p3")
    good = p1.unlayer(deck, "?0")
    refused(deck, dict(good, point=other_point), "p1", "bad_unlayer")
    refused(deck, dict(good, proof=p2.unlayer(deck, "?0")["proof"]), "p1", "bad_unlayer")
    deck.take(good)
    run(deck, actors)
    assert set(p3.learn(deck, ["?0"])) == {"?0"}
    deck.give("?0", "p1")  # handed over: p1's layer added first
    good = p1.relayer(deck, "?0")
    refused(deck, dict(good, point=other_point), "p1", "bad_relayer")
    refused(deck, p3.unlayer(deck, "?0"), "p3", "out_of_turn")  # p1's layer is not on it yet
    deck.take(good)
    run(deck, actors)
    card = p1.learn(deck, ["?0"])["?0"]
    good = p1.open(deck, "?0")
    false_point = bytes(card_point(f"{GAME}/pile-1", next(c for c in SMALL if c != card)))
    refused(deck, dict(good, point=false_point), "p1", "bad_opening")
    refused(deck, p3.open(deck, "?0"), "p3", "out_of_turn")  # p3 no longer holds it
    assert deck.take(good) == card


def test_a_party_restarted_with_its_layer_answers_a_complaint_of_the_escrow_it_sent() -> None:
    """A party whose program restarted keeps only its layer (a host's save, a client's seat
    file): it deals its escrow again for its commitment, as it did the first time, and the
    secrets of the boxes still open the ones the ledger took, so its answer to a complaint
    is good (and names the false complainer)."""
    deck, parties, _ = make_table(3)
    p1 = parties[0]
    deck.take(p1.escrow(deck))
    again = DealerParty(p1.holder, LayerKey.from_bytes(p1.key.to_bytes()))
    again.escrow(deck)  # its commitment's fields, made again: not sent
    deck.take({"kind": "escrow_complaint", "party": "p3", "dealer": "p1"})
    with pytest.raises(DeckFault) as caught:
        deck.take(again.answer("p3"))
    assert (caught.value.party, caught.value.code) == ("p3", "false_complaint")


def test_a_bad_escrow_share_and_a_false_complaint_are_named() -> None:
    deck, parties, _ = make_table(3)
    p1, p2, p3 = parties
    message = p1.escrow(deck)
    box, ephemeral = seal_share_revealably(random_scalar(), x25519_public(deck.signing_key("p2")))
    p1._ephemeral["p2"] = ephemeral  # p1 answers for the box it really sent
    message["shares"][0] = box  # p2 is holder 1 of p1's escrow
    deck.take(message)  # its public part is good
    complaints = p2.holder.collect(deck)
    assert complaints == [{"kind": "escrow_complaint", "party": "p2", "dealer": "p1"}]
    deck.take(complaints[0])
    assert Pending("p1", "escrow_answer", "p2") in deck.pending()
    refused(deck, p1.answer("p2"), "p1", "bad_share")
    # p3's share from p1 is good: its complaint is false, and the good answer names it.
    assert p3.holder.collect(deck) == []
    deck.take({"kind": "escrow_complaint", "party": "p3", "dealer": "p1"})
    with pytest.raises(DeckFault) as caught:
        deck.take(p1.answer("p3"))
    assert (caught.value.party, caught.value.code) == ("p3", "false_complaint")
    assert Pending("p1", "escrow_answer", "p3") not in deck.pending()
    # An escrow whose commitments are not its layer's inverse.
    bad = p2.escrow(deck)
    refused(deck, dict(bad, commitments=bad["commitments"][::-1]), "p2", "bad_escrow")
    deck.take(bad)


def test_a_deal_waits_for_the_answer_to_a_complaint_so_a_false_share_stalls_nothing() -> None:
    """Three parties and the host, so every escrow's threshold is all three of its holders:
    had p1 shuffled before its false share to p2 was judged, p1's layer would be on every
    card and its escrow could never take it off without p2's good share."""
    deck, parties, actors = make_table(3)
    p1, p2, p3 = parties
    message = p1.escrow(deck)
    box, ephemeral = seal_share_revealably(random_scalar(), x25519_public(deck.signing_key("p2")))
    p1._ephemeral["p2"] = ephemeral
    message["shares"][0] = box  # p2 is holder 1 of p1's escrow
    deck.take(message)
    for party in (p2, p3):
        deck.take(party.escrow(deck))
    deck.take(p2.holder.collect(deck)[0])
    deck.start_deal("pile-1", tokens(0, 5), SMALL, ["p1", "p2", "p3"])
    assert [p.kind for p in deck.pending()] == ["escrow_answer"]  # no shuffle while it stands
    refused(deck, p1.answer("p2"), "p1", "bad_share")
    assert "p2" not in deck.owing("p1", {})  # it holds no good share of p1's escrow
    deck.absent("p1")  # expelled on that evidence: its turn to shuffle is skipped
    run(deck, [p2, p3, *actors[3:]])
    deck.give("?1", "p2")
    run(deck, [p2, p3, *actors[3:]])
    assert deck.deal_of("pile-1").skipped == ["p1"]
    assert deck.slot("?1").layers == ["p2"]  # p3's layer off, p1's never on
    assert set(p2.learn(deck, ["?1"])) == {"?1"}


def test_a_wrong_secret_and_steps_out_of_turn_are_named() -> None:
    deck, parties, actors = small_table()
    p1, p2, p3 = parties
    refused(deck, p2.shuffle_commit(deck, "pile-1"), "p2", "out_of_turn")
    run(deck, actors)
    refused(deck, p1.unlayer(deck, "?1"), "p1", "out_of_turn")  # nobody draws ?1
    deck.give("?1", "p2")
    refused(deck, p3.unlayer(deck, "?1"), "p3", "out_of_turn")  # p1 removes its layer first
    refused(deck, p2.unlayer(deck, "?1"), "p2", "out_of_turn")  # the receiver keeps its own
    refused(deck, p1.open(deck, "?1"), "p1", "out_of_turn")
    not_a_point = dict(p1.unlayer(deck, "?1"), point=b"\xff" * 32)
    refused(deck, not_a_point, "p1", "malformed")
    not_canonical = dict(p1.unlayer(deck, "?1"), proof=b"\xff" * 64)  # scalars past L
    refused(deck, not_canonical, "p1", "bad_unlayer")
    with pytest.raises(ValueError, match="no token"):
        deck.give("?99", "p1")
    run(deck, actors)
    refused(deck, dict(p1.secret(), secret=p2.key.to_bytes()), "p1", "bad_secret")
    deck.take(p1.secret())
    refused(deck, p1.secret(), "p1", "out_of_turn")


POINT = bytes(card_point("x", "y"))
SAMPLES: dict[str, dict[str, Any]] = {
    "escrow_deal": {"commitments": [POINT, POINT], "proof": bytes(64), "shares": [bytes(80)] * 3},
    "escrow_complaint": {"dealer": "p2"},
    "escrow_answer": {"holder": "p2", "ephemeral": bytes(32)},
    "shuffle_commit": {"deal": "pile-1", "commit": bytes(32)},
    "shuffle": {
        "deal": "pile-1",
        "deck": [POINT] * 5,
        "commitments": [POINT] * POINTS,
        "responses": [bytes(32)] * response_count(5),
    },
    "relayer": {"token": "?0", "point": POINT, "proof": bytes(64)},
    "unlayer": {"token": "?0", "point": POINT, "proof": bytes(64)},
    "escrow_partial": {"token": "?0", "owner": "p2", "point": POINT, "proof": bytes(64)},
    "open": {"token": "?0", "point": POINT, "proof": bytes(64)},
    "secret": {"secret": bytes(32)},
    "secret_share": {"owner": "p2", "share": bytes(32)},
}


def broken(fields: dict[str, Any]) -> list[dict[str, Any]]:
    """Every way to break a message's fields: one left out, one too many, each of another
    type, each bytes or list of another size."""
    made = [dict(fields, extra=1)]
    for name, value in fields.items():
        made.append({k: v for k, v in fields.items() if k != name})
        made.append(dict(fields, **{name: 7}))
        if type(value) is bytes:
            made.append(dict(fields, **{name: value + b"\0"}))
        if type(value) is list:
            made.append(dict(fields, **{name: []}))
            made.append(dict(fields, **{name: [*value, value[0] + b"\0"]}))
    return made


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_malformed_messages_of_every_kind_are_refused(kind: str) -> None:
    deck, _, _ = small_table()
    for fields in broken(SAMPLES[kind]):
        refused(deck, {"kind": kind, "party": "p1", **fields}, "p1", "malformed")
    refused(deck, {"kind": kind, "party": "p9", **SAMPLES[kind]}, None, "malformed")


def test_messages_that_are_no_message() -> None:
    deck, _, _ = small_table()
    refused(deck, ["shuffle"], None, "malformed")  # type: ignore[arg-type]
    refused(deck, {"kind": "peek", "party": "p1"}, "p1", "malformed")
    refused(deck, {"kind": "secret", "party": 3, "secret": bytes(32)}, None, "malformed")


@pytest.mark.parametrize("n", [44, MAX_CARDS])
def test_a_shuffle_fits_the_wire(n: int) -> None:
    """Each part of a shuffle message under MAX_BIN, each list under MAX_ITEMS, the whole
    under MAX_FRAME, up to the largest deck."""
    key = LayerKey()
    start = [card_point(f"{GAME}/pile-1", f"card {i}") for i in range(n)]
    step = commit_shuffle(key, start, b"context")
    message = shuffle_message("p1", "pile-1", step.shuffled, prove_committed(step, bytes(32)))
    lists = [message["deck"], message["commitments"], message["responses"]]
    assert max(len(item) for part in lists for item in part) <= MAX_BIN
    assert max(len(part) for part in lists) <= MAX_ITEMS
    size = len(encode(message))
    assert size < MAX_FRAME
    print(f"\na {n}-card shuffle message is {size} bytes")


def flipped(data: bytes) -> bytes:
    """``data`` with the lowest bit of its first byte flipped."""
    return bytes([data[0] ^ 1]) + data[1:]


def test_a_record_replayed_names_the_step_that_was_changed() -> None:
    """``replay`` checks every step again: a removal changed in the record is caught."""
    deck, parties, actors = dealt_table()
    deck.give("?0", "p2")
    run(deck, actors)
    for party in parties:
        deck.take(party.secret())
    parties_now = list(deck.parties.values())
    rebuilt = SealedDeck.replay(GAME, parties_now, deck.journal, deck.host_signing)
    assert rebuilt.read_all() == deck.read_all()
    assert deck.read_all()["?0"] == parties[1].learn(deck, ["?0"])["?0"]
    changed = [dict(entry) for entry in deck.journal]
    at = next(i for i, e in enumerate(changed) if e["kind"] == "unlayer")
    changed[at]["point"] = bytes(card_point(f"{GAME}/pile-1", SMALL[0]))
    with pytest.raises(DeckFault) as caught:
        SealedDeck.replay(GAME, parties_now, changed, deck.host_signing)
    assert (caught.value.party, caught.value.code) == (changed[at]["party"], "bad_unlayer")


# -- seats that change hands (issue 27, takeovers) -----------------------------------------


def test_a_dealer_away_at_its_turn_is_skipped_and_its_layer_is_on_no_card() -> None:
    deck, parties, actors = small_table()
    p1 = parties[0]
    deck.take(p1.shuffle_commit(deck, "pile-1"))
    deck.absent("p1")  # gone after its commit: the commit is dropped, its turn skipped
    deal = deck.deal_of("pile-1")
    assert deal.skipped == ["p1"] and deal.commit is None
    assert deck.pending() == [Pending("p2", "shuffle_commit", "pile-1")]
    refused(deck, p1.shuffle_commit(deck, "pile-1"), "p1", "out_of_turn")
    run(deck, actors)
    assert deal.done and all(deck.slot(t).layers == ["p2", "p3"] for t in deal.tokens)
    # Replayed from its journal, the ledger skips it at the very same place.
    again = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert again.deal_of("pile-1").skipped == ["p1"]
    assert {t: bytes(s.point) for t, s in again.slots.items()} == {
        t: bytes(s.point) for t, s in deck.slots.items()
    }


def test_a_card_on_its_way_to_a_party_gone_goes_to_the_new_one_and_back() -> None:
    """p2 draws; before its card is its alone, p2's seat goes to the host's party (p3 here):
    the card is given to p3, p2's layer comes off by escrow; p2 comes back and the card is
    given back to it, p3's layer off again."""
    deck, parties, actors = dealt_table()
    p2, p3 = parties[1], parties[2]
    token = "?0"
    deck.give(token, "p2")
    deck.take(parties[0].unlayer(deck, token))  # p1's off; p2's relayer came first
    deck.absent("p2")
    deck.give(token, "p3")
    assert deck.slot(token).receiver == "p3"
    with pytest.raises(ValueError, match="on its way to p3 already"):
        deck.give(token, "p3")
    with pytest.raises(ValueError, match="no party here"):
        deck.give(token, "p2")  # away: receives nothing
    run(deck, [a for a in actors if a.id != "p2"])
    assert deck.holder_of(token) == "p3" and p3.learn(deck, [token])
    deck.back("p2")
    deck.give(token, "p2")
    run(deck, actors)
    assert deck.holder_of(token) == "p2" and p2.learn(deck, [token])
    nobody_else_reads(deck, parties, token)


def test_a_step_made_before_a_card_changed_hands_is_late_not_false() -> None:
    """p2 holds a card and goes away: it is given to p3, which adds its layer; p1 makes its
    part of p2's layer on it; p3's seat changes hands too and p1 adds its layer first. The
    part, made on the card as it was, arrives then: late (owed again), not a cheat. A part
    that is false on every point the card has had is a cheat."""
    deck, parties, actors = dealt_table()
    p1, p3 = parties[0], parties[2]
    token = "?1"
    deck.give(token, "p2")
    run(deck, actors)
    assert deck.holder_of(token) == "p2"
    deck.absent("p2")
    deck.give(token, "p3")
    deck.take(p3.relayer(deck, token))
    early = p1.holder.partial(deck, token)
    deck.absent("p3")
    deck.give(token, "p1")
    deck.take(p1.relayer(deck, token))
    assert deck.pending()[0] == Pending("p1", "escrow_partial", token)
    refused(deck, early, "p1", "out_of_turn")
    forged = {**p1.holder.partial(deck, token), "point": bytes(deck.slot(token).point)}
    refused(deck, forged, "p1", "bad_unlayer")
    # p2 and p3 both away: with a threshold of all three holders, each still gives its part
    # of the other's escrow, as a player whose app still runs does.
    run(deck, actors)
    assert deck.holder_of(token) == "p1" and deck.slot(token).layers == ["p1"]


def test_a_card_given_back_to_the_one_layer_on_it_is_held_at_once() -> None:
    """p2 holds a card and goes away; it is given to p3, which has not added its layer yet
    when p2 comes back: given back to p2, whose layer alone is on it, it is p2's at once."""
    deck, _, actors = dealt_table()
    token = "?2"
    deck.give(token, "p2")
    run(deck, actors)
    deck.absent("p2")
    deck.give(token, "p3")
    assert deck.pending() == [Pending("p3", "relayer", token)]
    deck.back("p2")
    deck.give(token, "p2")
    assert deck.holder_of(token) == "p2" and deck.pending() == []


# -- a party out of the game (retired) ----------------------------------------------------


def retired_table() -> tuple[SealedDeck, list[DealerParty], list[Actor], str]:
    """p2 out of the game (retired) once the pile is dealt; p1 draws a card, whose layers
    to come off are p2's then p3's; the token."""
    deck, parties, actors = dealt_table()
    deck.retire("p2")
    deck.give("?0", "p1")
    return deck, parties, actors, "?0"


def partial_of(actor: Actor, deck: SealedDeck, token: str) -> dict[str, Any]:
    return (actor.holder if isinstance(actor, DealerParty) else actor).partial(deck, token)


def test_a_retired_party_owes_its_own_unlayer_first_and_its_escrow_too() -> None:
    deck, _, _, token = retired_table()
    assert "p2" in deck.away and deck.retired == {"p2"}
    assert deck.pending() == [
        Pending("p2", "unlayer", token),
        *(Pending(h, "escrow_partial", token) for h in ["p1", "p3", HOST]),
    ]
    with pytest.raises(ValueError, match="no party here"):
        deck.retire("p2")  # once
    with pytest.raises(ValueError, match="no party here"):
        deck.give("?1", "p2")  # it holds no card


def test_a_retired_partys_unlayer_first_makes_the_escrow_parts_late_not_false() -> None:
    deck, parties, actors, token = retired_table()
    p1, p2, p3 = parties
    deck.take(p1.holder.partial(deck, token))  # one part in, then p2's own unlayer
    late = p3.holder.partial(deck, token)
    forged = {**p2.unlayer(deck, token), "point": bytes(deck.slot(token).point)}
    refused(deck, forged, "p2", "bad_unlayer")  # a false one is a cheat as ever
    deck.take(p2.unlayer(deck, token))
    assert deck.slot(token).layers == ["p1", "p3"] and deck.slot(token).partials == {}
    assert deck.pending() == [Pending("p3", "unlayer", token)]
    fault = refused(deck, late, "p3", "out_of_turn")
    assert "late" in fault.message and proven(fault, "p3") is None  # not a cheat
    assert deck.overtaken(late) and not deck.overtaken(p3.unlayer(deck, token))
    run(deck, actors)
    assert deck.holder_of(token) == "p1" and p1.learn(deck, [token])
    nobody_else_reads(deck, parties, token)


def test_a_retired_partys_escrow_first_makes_its_own_unlayer_late_not_false() -> None:
    deck, parties, actors, token = retired_table()
    mine = parties[1].unlayer(deck, token)
    for actor in actors:
        if actor.id != "p2":
            deck.take(partial_of(actor, deck, token))
    assert deck.slot(token).layers == ["p1", "p3"]
    fault = refused(deck, mine, "p2", "out_of_turn")
    assert "late" in fault.message and proven(fault, "p2") is None
    assert deck.overtaken(mine)
    run(deck, actors)
    assert deck.holder_of(token) == "p1"


def test_a_retired_party_lifts_the_stall_of_a_small_table_with_one_gone_for_good() -> None:
    """Four parties (three and the host as a holder): p3 gone for good, p2 out of the game
    with its app running. Simply away, p2's layer needs all three of its holders, p3 among
    them: the card waits forever. Retired, p2 takes its own layer off and the game goes on
    to the end, where it tells its own secret; the journal replayed stands where the ledger
    stands."""
    for retired in (False, True):
        deck, parties, actors = dealt_table()
        deck.absent("p3")
        if retired:
            deck.retire("p2")
            running = [a for a in actors if a.id != "p3"]
        else:
            deck.absent("p2")
            running = [parties[0], parties[1].holder, actors[-1]]  # p2 gives its parts only
        deck.give("?0", "p1")
        run(deck, running)
        if not retired:
            assert deck.holder_of("?0") is None
            assert Pending("p3", "escrow_partial", "?0") in deck.pending()
            continue
        assert deck.holder_of("?0") == "p1" and deck.pending() == []
        deck.take(parties[0].secret())
        deck.take(parties[1].secret())
        for actor in (parties[0], parties[1], actors[-1]):
            deck.take(
                (actor.holder if isinstance(actor, DealerParty) else actor).secret_share("p3")
            )
        assert set(deck.secrets) == {"p1", "p2", "p3"}
        late = actors[-1].secret_share("p2")
        fault = refused(deck, late, HOST, "out_of_turn")
        assert "late" in fault.message and deck.overtaken(late)
        read = deck.read_all()
        again = SealedDeck.replay(
            GAME, list(deck.parties.values()), deck.journal, deck.host_signing
        )
        assert again.retired == {"p2"} and again.away == {"p2", "p3"}
        assert again.read_all() == read
        assert [e for e in deck.journal if e["kind"] in ("absent", "retire")] == [
            {"kind": "absent", "party": "p3"},
            {"kind": "retire", "party": "p2"},
        ]


def test_a_retired_party_expelled_is_only_away() -> None:
    deck, parties, _, token = retired_table()
    deck.absent("p2")  # expelled: its steps are refused from now on
    assert "p2" not in deck.retired
    assert deck.pending()[0] == Pending("p1", "escrow_partial", token)
    refused(deck, parties[1].unlayer(deck, token), "p2", "out_of_turn")


def test_a_party_away_then_out_of_the_game_is_retired_but_never_one_expelled() -> None:
    """p2 taken over for silence (away), p3 gone for good: p2's layer on a drawn card waits
    for p3's part of its escrow. p2's seat is then eliminated while a host bot plays it: it is
    retired from there, and its own unlayer takes the layer off. An expelled party is never
    retired, and a replay of the journal knows which was which."""
    deck, parties, actors = dealt_table()
    deck.absent("p3")
    deck.absent("p2")
    deck.give("?0", "p1")
    run(deck, [parties[0], parties[1].holder, actors[-1]])  # p2 gives its parts only
    assert deck.holder_of("?0") is None
    assert Pending("p3", "escrow_partial", "?0") in deck.pending()
    deck.retire("p2")
    assert deck.retired == {"p2"} and deck.away == {"p2", "p3"}
    assert deck.pending()[0] == Pending("p2", "unlayer", "?0")
    run(deck, [parties[0], parties[1], actors[-1]])
    assert deck.holder_of("?0") == "p1" and deck.pending() == []
    again = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert again.retired == {"p2"} and again.expelled == set()

    deck, parties, actors = dealt_table()
    deck.absent("p2")
    deck.absent("p2", expelled=True)  # expelled while away (a false part of an escrow, say)
    with pytest.raises(ValueError, match="no party here"):
        deck.retire("p2")
    assert deck.journal[-1] == {"kind": "absent", "party": "p2", "expelled": True}
    again = SealedDeck.replay(GAME, list(deck.parties.values()), deck.journal, deck.host_signing)
    assert again.expelled == {"p2"} and again.retired == set()
    with pytest.raises(ValueError, match="no party here"):
        again.retire("p2")


def test_a_retired_partys_layer_added_to_a_card_it_held_is_late_too_once_off() -> None:
    """p2, skipped in the deal (away at its turn), comes back, holds a card of it (its layer
    added) and is then out of the game: the card goes to p1, the escrow takes p2's layer
    off first, and p2's own unlayer is late, as for a layer it put on by shuffling."""
    deck, parties, actors = small_table()
    deck.absent("p2")
    run(deck, actors)
    deck.back("p2")
    deck.give("?3", "p2")
    run(deck, actors)
    assert deck.holder_of("?3") == "p2"
    deck.retire("p2")
    deck.give("?3", "p1")
    deck.take(parties[0].relayer(deck, "?3"))
    mine = parties[1].unlayer(deck, "?3")
    for actor in actors:
        if actor.id != "p2":
            deck.take(partial_of(actor, deck, "?3"))
    assert deck.holder_of("?3") == "p1" and deck.overtaken(mine)
    fault = refused(deck, mine, "p2", "out_of_turn")
    assert "late" in fault.message


def test_a_holder_does_not_hold_its_part_back_for_a_retired_party_whose_app_is_gone() -> None:
    """The host's updates say which players' apps are not connected: a retired party's among
    them (a player who left, taken over, then eliminated while a host bot played its seat)
    takes no layer off itself, so a holder sends its part at once, and sends it held back as
    soon as that app is seen gone."""
    from risk_lan.net.client.deckseat import DeckSeat

    deck, parties, _ = dealt_table()
    deck.retire("p2")
    deck.give("?0", "p1")
    seat = DeckSeat("p3", Identity(), lambda line: None, roll_share(), clock=lambda: 100.0)
    seat.party = parties[2]
    assert [m["kind"] for m in seat.owed(deck)] == [] and seat.next_part_in() is not None
    seat.unconnected = frozenset({"p2"})
    made = seat.owed(deck)
    assert [(m["kind"], m["token"]) for m in made] == [("escrow_partial", "?0")]
    assert seat.next_part_in() is None


def test_a_holder_holds_its_part_of_a_retired_partys_layer_back_for_its_own_unlayer() -> None:
    """A retired player's app usually still runs and takes its layer off itself: a holder
    sends its part of that layer's escrow only once the layer has waited ``RETIRED_GRACE``
    for it (the ledger takes either way); a part of a layer simply away goes at once."""
    from risk_lan.net.client.deckseat import DeckSeat
    from risk_lan.net.record.deckdraws import RETIRED_GRACE

    def parts(made: list[dict[str, Any]]) -> list[str]:
        return [m["token"] for m in made if m["kind"] == "escrow_partial"]

    now = [100.0]
    for retired in (True, False):
        deck, parties, _ = dealt_table()
        if retired:
            deck.retire("p2")
        else:
            deck.absent("p2")
        deck.give("?0", "p1")
        seat = DeckSeat("p3", Identity(), lambda line: None, roll_share(), clock=lambda: now[0])
        seat.party = parties[2]
        if not retired:
            assert parts(seat.owed(deck)) == ["?0"] and seat.next_part_in() is None
            continue
        assert parts(seat.owed(deck)) == [] and seat.next_part_in() == RETIRED_GRACE
        now[0] += RETIRED_GRACE / 2
        assert parts(seat.owed(deck)) == [] and seat.next_part_in() == RETIRED_GRACE / 2
        now[0] += RETIRED_GRACE / 2
        made = seat.owed(deck)
        assert parts(made) == ["?0"] and seat.next_part_in() is None
        assert parts(seat.owed(deck)) == []  # sent once
        deck.take(made[0])
        # The retired party's own unlayer before the grace is out: nothing was sent.
        deck, parties, _ = dealt_table()
        deck.retire("p2")
        deck.give("?0", "p1")
        seat.party, seat.grace.held, seat.sent = parties[2], {}, set()
        assert parts(seat.owed(deck)) == []
        deck.take(parties[1].unlayer(deck, "?0"))
        now[0] += RETIRED_GRACE
        assert parts(seat.owed(deck)) == [] and seat.next_part_in() is None


def test_a_move_may_come_while_a_cards_layers_come_off_but_not_before_a_deal() -> None:
    """What a peer lets a move come before (``owed_before_moves``): the steps that bring a
    card to its holder, not a deal's steps."""
    from risk_lan.net.record.deckdraws import owed_before_moves

    deck, _, _ = small_table()  # the pile's deal under way
    assert deck.pending() and owed_before_moves(deck) == deck.pending()
    deck, _, _, token = retired_table()  # a card on its way to p1
    assert {p.kind for p in deck.pending()} == {"unlayer", "escrow_partial"}
    assert all(p.subject == token for p in deck.pending()) and owed_before_moves(deck) == []


def test_a_layer_removal_checked_in_this_process_is_taken_again_unchecked_but_not_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As for shuffles: a ledger handed another's ``proven`` and ``held`` (a client
    replaying at the end the game it watched) takes the very unlayer that ledger checked
    without checking its proof again; the same unlayer on another point is checked."""
    import functools

    import protocol.sealeddeck as sealeddeck

    deck, parties, _ = dealt_table()
    deck.give("?0", "p3")
    deck.take(parties[0].unlayer(deck, "?0"))
    assert deck.held
    checks: list[bytes] = []
    check = sealeddeck.check_removal

    @functools.wraps(check)  # the same check, by its name
    def counted(*args: Any) -> bool:
        checks.append(bytes(args[2]))
        return check(*args)

    monkeypatch.setattr(sealeddeck, "check_removal", counted)
    again = SealedDeck(deck.game_id, list(deck.parties.values()), deck.host_signing)
    again.proven = deck.proven | deck.held
    for entry in deck.journal:
        again.apply(entry)
    assert checks == [] and again.slot("?0").point == deck.slot("?0").point
    fresh = SealedDeck(deck.game_id, list(deck.parties.values()), deck.host_signing)
    fresh.proven = set(deck.proven)  # the shuffles only: the unlayer is checked
    for entry in deck.journal:
        fresh.apply(entry)
    assert len(checks) == 1
