"""Team hands and the two-player modes in a sealed game between real peers over TCP on
127.0.0.1 (issue 27): under team rules each card's holder seals its opening to each
teammate's party, so each player's client knows its teammates' cards and no other; the
two-player modes (a neutral army, an ally, passive and active independents) deal and play
sealed to their end; every record verifies."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_net_cheating import run
from test_net_sealed_deck import given_to

from protocol.sealeddeck import SealedDeck
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.deckdraws import party_of
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record


def read_by(ledger: SealedDeck, party: str) -> set[str]:
    """The tokens ``party`` ever held alone, by the ledger: the cards it read itself."""
    return {t for t, s in ledger.slots.items() if party in s.readers}


def test_a_team_game_sealed_to_its_end_each_client_knows_its_teammates_cards_and_no_other(
    tmp_path: Path,
) -> None:
    """``team`` sealed, four seats (two teams seated alternately), three clients' bots and a
    host bot: every card a seat reads, its teammates' parties are told, sealed to them, and
    check; a client knows exactly the cards its party or a teammate's read, and each is the
    card the deck reads at the end; the record verifies."""
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=4, bots=1, mode="team", sealed=True, record=str(record)))
    outcomes = asyncio.run(run(host, clients, 240))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    assert outcomes[0].reason == "team" and len({o.transcript for o in outcomes}) == 1
    assert host.match is not None and host.match.deck is not None
    assert host.match.game is not None
    state = host.match.game.state
    ledger = host.match.deck.ledger
    assert ledger is not None and ledger.pending() == []
    read = ledger.read_all()
    shares = [(t, to) for t, s in ledger.slots.items() for to in s.shared]
    assert shares, "no card was ever shared with a teammate"
    host_party = host.match.deck.party
    knowers = [(c.seat, c.deck.party if c.deck else None) for c in clients]
    knowers.append((next(s for s in state.players if party_of(ledger, s) == "host"), host_party))
    for seat, party in knowers:
        assert party is not None
        mates = {p for p in state.players if state.teams[p] == state.teams[seat]}
        mate_parties = {party_of(ledger, p) for p in mates}
        team_read = set().union(*(read_by(ledger, p) for p in mate_parties))
        known = {**party.shared, **party.cards}
        if party.id == "host":  # the host reads its bot's cards, whichever team it is on
            assert set(party.cards) == read_by(ledger, "host")
            assert set(party.shared) <= team_read, seat
        else:
            assert set(known) == team_read, seat  # its teammates' cards, and no other
            assert set(party.cards) == read_by(ledger, party.id)
        assert all(read[t] == card for t, card in known.items())
        assert not set(party.shared) & read_by(ledger, party.id) - set(party.cards)
    for c in clients:  # every peer's ledger saw the same shares
        assert c.witness is not None and c.witness.ledger is not None
        theirs = c.witness.ledger
        assert [(t, to) for t, s in theirs.slots.items() for to in s.shared] == shares
        assert given_to(theirs) == given_to(ledger)
    steps = [e["body"] for e in read_record(record) if e["body"]["type"] == "deck_step"]
    kinds = {b["envelope"]["body"]["step"]["kind"] for b in steps}
    assert "share" in kinds and "share_complaint" not in kinds
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message


@pytest.mark.parametrize(
    "mode", ["two-player", "two-player-ally", "two-player-independents", "two-player-active"]
)
def test_a_two_player_mode_is_played_sealed_to_its_end(tmp_path: Path, mode: str) -> None:
    """Each two-player preset sealed, one client's bot against a host bot: the neutral
    armies' and independents' moves and cards go through the deck like a player's, the game
    ends, each party read its own cards alone, and the record verifies."""
    record = tmp_path / "game.rec"
    clients = [Client("c0", ClassicBot())]
    host = Host(HostConfig(seats=2, bots=1, mode=mode, sealed=True, record=str(record)))
    outcomes = asyncio.run(run(host, clients, 240))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and ledger.pending() == []
    client = clients[0]
    assert client.deck is not None
    assert client.deck.party.cards and set(client.deck.party.cards) == read_by(ledger, client.seat)
    assert set(host.match.deck.party.cards) == read_by(ledger, "host")
    assert client.deck.party.shared == {} == host.match.deck.party.shared  # no teams here
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message
