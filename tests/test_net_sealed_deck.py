"""The sealed deck between real peers over TCP on 127.0.0.1 (issue 27): the parties, their
layer keys and escrows in the commitments, the same ledger at every peer and in
``risk-lan verify``; a seat whose escrow is false is refused and named."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_cheating import run

from protocol.errors import ProtocolError
from protocol.sealeddeck import SealedDeck
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.deckdraws import CARD_STEPS
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import closing_secret, verify_record


def won_sealed_game(record: Path, clients: list[Client]) -> tuple[Host, list[Any]]:
    """A sealed game of ``clients`` and one seat of a host bot, recorded in ``record`` and
    played out: every client's game ended on a winner, none on an error."""
    host = Host(HostConfig(seats=len(clients) + 1, bots=1, sealed=True, record=str(record)))
    outcomes = asyncio.run(run(host, clients, 240))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    return host, outcomes


def ledger_facts(ledger: SealedDeck) -> tuple[Any, ...]:
    """What every peer's ledger must hold alike: the parties and their keys, each escrow."""
    return (
        ledger.order,
        {p: (bytes(q.layer), q.signing) for p, q in ledger.parties.items()},
        {p: ([bytes(c) for c in e.commitments], e.sealed) for p, e in ledger.escrows.items()},
    )


def deal_facts(ledger: SealedDeck) -> dict[str, Any]:
    """Each deal's tokens, cards, dealers, steps made and points now."""
    return {
        d.id: (d.tokens, d.cards, d.dealers, d.step, [bytes(p) for p in d.deck])
        for d in ledger.deals.values()
    }


async def play_until(
    host: Host,
    clients: list[Client],
    reached: Callable[[HostGame], bool],
    timeout: float,
    may_end: bool = False,
    expelled: Client | None = None,
) -> bool:
    """Play until the host's game has ``reached`` a point, then stop it (an ``over`` every
    peer and the record take in, which ``risk-lan verify`` accepts as a game stopped).
    ``may_end``: a game that ends first is no failure (returns True)."""
    port = await host.serve("127.0.0.1", 0)
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while host.match is None or not reached(host.match):
            assert loop.time() < deadline, "the game did not get there in time"
            if may_end and all(t.done() for t in tasks):
                return True
            ended = [t.result() for c, t in zip(clients, tasks, strict=True) if t.done()]
            assert all(c is expelled for c, t in zip(clients, tasks, strict=True) if t.done()), (
                ended
            )
            await asyncio.sleep(0.02)
        host.match.abort(ProtocolError("stopped", "the test has seen what it waited for"))
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks), 30)
        # ``expelled``: a client the test expects to be expelled, whose game ends so.
        assert all(
            o.error is None or c is expelled for c, o in zip(clients, outcomes, strict=True)
        ), outcomes
        return False
    finally:
        for t in tasks:
            t.cancel()
        await host.close()


def dealt_and_played(after: int) -> Callable[[HostGame], bool]:
    """The first deal is done, and ``after`` moves more were made."""
    dealt_at: list[int] = []

    def reached(match: HostGame) -> bool:
        ledger = match.deck.ledger if match.deck is not None else None
        if ledger is None or "deal-1" not in ledger.deals or not ledger.deals["deal-1"].done:
            return False
        dealt_at[:] = dealt_at or [match.n]
        return match.n >= dealt_at[0] + after

    return reached


def test_every_peer_and_the_record_hold_the_same_parties_layers_and_escrows(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record)))
    asyncio.run(play_until(host, clients, lambda match: match.n >= 1, timeout=60))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None and hosts.order == ["host", *(c.seat for c in clients)]
    assert len(hosts.escrows) == 4 and hosts.pending() == []
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None and c.deck is not None
        assert ledger_facts(c.witness.ledger) == ledger_facts(hosts)
        # Each seat opened the share of every other party's escrow sealed to it.
        assert set(c.deck.party.holder.shares) == set(hosts.order) - {c.seat}
        assert c.deck.complaints == []
    assert set(host.match.deck.party.holder.shares) == {c.seat for c in clients}
    envelopes = list(read_record(record))
    replay = GameReplay(closing_secret(envelopes))
    for envelope in envelopes:
        replay.feed(envelope)
    assert replay.ledger is not None and ledger_facts(replay.ledger) == ledger_facts(hosts)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message


class FalseEscrowClient(Client):
    """Commits with an escrow whose proof is not its layer's."""

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "commit" and "escrow" in body:
            proof = bytearray(body["escrow"]["proof"])
            proof[0] ^= 1
            body = {**body, "escrow": {**body["escrow"], "proof": bytes(proof)}}
        return super()._send_signed(body)


def test_a_seat_whose_escrow_is_false_is_refused_and_named(tmp_path: Path) -> None:
    lines: list[str] = []
    cheat = FalseEscrowClient("cheat", ClassicBot(), retries=0)
    clients = [Client("c0", ClassicBot()), Client("c1", ClassicBot()), cheat]

    async def game() -> Host:
        host = Host(HostConfig(seats=3, sealed=True, log=lines.append, absent_after=None))
        port = await host.serve("127.0.0.1", 0)
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
        try:
            deadline = asyncio.get_running_loop().time() + 30
            while not any("bad_escrow" in line for line in lines):
                assert asyncio.get_running_loop().time() < deadline, lines
                await asyncio.sleep(0.05)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await host.close()
        return host

    host = asyncio.run(game())
    refused = next(line for line in lines if "bad_escrow" in line)
    assert f"dropped {cheat.seat}: bad_escrow" in refused and "cheat" not in refused[:8]
    assert host.match is not None and not host.match.rolls.commits_published
    assert cheat.seat not in host.match.rolls.commits


def test_the_pile_is_dealt_sealed_by_every_party_alike_and_the_record_verifies(
    tmp_path: Path,
) -> None:
    """A 3-player classic game (the host and 3 clients as parties): the pile is shuffled by
    each party in turn, each shuffle checked by every peer with its challenge roll's
    randomness; every peer's ledger ends the deal with the same points, the transcripts
    agree, and the record verifies, deck steps included."""
    record = tmp_path / "game.rec"
    lines: list[str] = []
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))
    asyncio.run(play_until(host, clients, dealt_and_played(3), timeout=90))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None
    deal = hosts.deals["deal-1"]
    assert deal.dealers == ["host", *(c.seat for c in clients)] and deal.done
    assert len(deal.cards) == 44 and set(deal.tokens) == {f"?{i}" for i in range(44)}
    code = host.match.broadcaster.transcript.code
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None
        assert deal_facts(c.witness.ledger) == deal_facts(hosts)
        assert c.witness.code == code
    envelopes = list(read_record(record))
    kinds = [e["body"]["type"] for e in envelopes]
    steps = [
        e["body"]["envelope"]["body"]["step"] for e in envelopes if e["body"]["type"] == "deck_step"
    ]
    shuffles = [(s["kind"], s["party"]) for s in steps if s["kind"].startswith("shuffle")]
    # Each party in turn: its commit, its challenge roll and the reveals for it, its shuffle.
    assert kinds.count("deal_roll") == 4
    assert shuffles == [(k, p) for p in deal.dealers for k in ("shuffle_commit", "shuffle")]
    replay = GameReplay(closing_secret(envelopes))
    for envelope in envelopes:
        replay.feed(envelope)
    assert replay.ledger is not None and deal_facts(replay.ledger) == deal_facts(hosts)
    verdict = verify_record(record)
    assert verdict.ok and verdict.transcript == code, verdict.message


def given_to(ledger: SealedDeck) -> dict[str, set[str]]:
    """Every token the ledger ever gave each party, by the ledger's own journal."""
    given: dict[str, set[str]] = {}
    for entry in ledger.journal:
        if entry.get("kind") == "give":
            given.setdefault(entry["party"], set()).add(entry["token"])
    return given


def test_a_whole_sealed_game_each_party_learns_its_own_cards_and_no_other(
    tmp_path: Path,
) -> None:
    """A whole classic game, sealed, between the host (with one bot seat) and three clients'
    bots: every card drawn, traded or taken at an elimination goes through the ledger. Each
    party learns exactly the cards given to it (the host: those of its bot's seat, none of a
    client's), every peer agrees on what the cards are, trades are opened by their holders
    and checked by every peer, and the record verifies."""
    record = tmp_path / "game.rec"
    heard = [CardsLearnt() for _ in range(3)]
    clients = [Client(f"c{i}", ClassicBot(), listener=heard[i]) for i in range(3)]
    host, outcomes = won_sealed_game(record, clients)
    assert len({o.transcript for o in outcomes}) == 1
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and ledger.pending() == []
    given = given_to(ledger)
    bot_seat = next(s.id for s in host.roster.seats if s.kind == "bot")
    learnt: dict[str, str] = {}
    for c in clients:
        assert c.deck is not None and c.witness is not None and c.witness.ledger is not None
        assert set(c.deck.party.cards) == given.get(c.seat, set()), c.seat
        assert given_to(c.witness.ledger) == given
        for token, card in c.deck.party.cards.items():
            assert learnt.setdefault(token, card) == card  # a card handed over is the same
    host_knows = host.match.deck.party.cards
    assert set(host_knows) == given.get("host", set())
    assert not set(host_knows) & {t for c in clients for t in given.get(c.seat, set())} - (
        given.get("host", set())
    )
    assert all(learnt.setdefault(t, card) == card for t, card in host_knows.items())
    assert bot_seat not in ledger.parties and sum(map(len, given.values())) >= 6
    envelopes = list(read_record(record))
    moves = [e["body"] for e in envelopes if e["body"]["type"] == "move"]
    opened_by_players = [m for m in moves if m["request"] and m["request"]["body"].get("openings")]
    opened_by_bot = [m for m in moves if m.get("openings")]
    assert opened_by_players or opened_by_bot, "no trade in the whole game"
    # The end: every party told its secret, so every peer read every card, each what its
    # holder had read; the record reads them all again.
    secrets = [b for b in (e["body"] for e in envelopes) if b["type"] == "deck_step"]
    told = [
        b["envelope"]["from"] for b in secrets if b["envelope"]["body"]["step"]["kind"] == "secret"
    ]
    # A player out of the game is away: its secret comes from its escrow's holders' shares.
    shared = {
        b["envelope"]["body"]["step"]["owner"]
        for b in secrets
        if b["envelope"]["body"]["step"]["kind"] == "secret_share"
    }
    assert sorted(told + sorted(shared - set(told))) == sorted(ledger.order)
    assert shared <= ledger.away
    read = ledger.read_all()
    assert len(read) >= 44 and all(learnt[t] == read[t] for t in learnt)
    for c in clients:
        assert c.witness is not None and c.witness.cards_read == read
    # What each client tells its app: every card read, and its own checked; each card of
    # its own it read as it came (between updates, the deck's steps being no update).
    assert all(o.cards_read == read and o.own_checked for o in outcomes), outcomes
    assert all(h.learnt for h, c in zip(heard, clients, strict=True) if given.get(c.seat)), heard
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message
    assert f"every sealed card read ({len(read)})" in verdict.message


class CardsLearnt(Listener):
    def __init__(self) -> None:
        self.learnt = 0

    def cards_learnt(self) -> None:
        self.learnt += 1


class FalseOpeningClient(Client):
    """Opens the cards its trades name with a point that is not theirs."""

    def _openings(self, action: Any) -> list[dict[str, Any]]:
        openings = super()._openings(action)
        if openings:
            forged = bytearray(openings[0]["proof"])
            forged[-1] ^= 1
            openings[0] = {**openings[0], "proof": bytes(forged)}
        return openings


class Refusals(Listener):
    def __init__(self) -> None:
        self.heard: list[tuple[str, str]] = []

    def refused(self, code: str, message: str) -> None:
        self.heard.append((code, message))


def test_a_trade_whose_opening_is_false_expels_its_sender_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """Games until the cheat trades (it may be out before it ever does): a false opening is
    proof of a cheat (since issue 27's takeovers), so its sender is expelled by name and a
    host bot plays its seat on; nothing it named was opened."""
    for attempt in range(6):
        lines: list[str] = []
        cheat = FalseOpeningClient("cheat", ClassicBot())
        clients = [cheat, Client("c1", ClassicBot()), Client("c2", ClassicBot())]
        record = tmp_path / f"game{attempt}.rec"
        host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))

        def expelled(match: HostGame, said: list[str] = lines) -> bool:
            return any("is expelled" in line for line in said)

        out = asyncio.run(play_until(host, clients, expelled, 180, True, expelled=cheat))
        if expelled(host.match) if host.match is not None else False:
            break
        assert out, "the game neither ended nor expelled the cheat"
    said = next(line for line in lines if "is expelled" in line)
    assert f"cheat ({cheat.seat}) is expelled" in said and "opening" in said
    assert host.match is not None and host.match.game is not None
    ledger = host.match.deck.ledger if host.match.deck is not None else None
    assert ledger is not None and cheat.seat in ledger.away
    # Nothing it named was opened: its hand holds tokens only, none of them opened.
    hand = host.match.game.state.hands[cheat.seat]
    assert hand and all(card.startswith("?") for card in hand)
    assert all(ledger.slots[t].card is None for t in hand)
    verdict = verify_record(record)
    assert verdict.ok and "expelled" in verdict.message, verdict.message


def test_a_secret_mission_game_is_won_by_a_sealed_objective_its_holder_opens(
    tmp_path: Path,
) -> None:
    """``secret-mission`` sealed: each objective is a sealed card only its holder reads (a
    host bot's seat's, the host); games until one is won by an objective, whose claim opens
    it (in the player's signed act, or in a host bot's move), and every peer and the record
    check the opening against the deck."""
    for attempt in range(8):
        record = tmp_path / f"game{attempt}.rec"
        clients = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        config = HostConfig(seats=3, bots=1, mode="secret-mission", sealed=True, record=str(record))
        host = Host(config)
        outcomes = asyncio.run(run(host, clients, 180))
        assert all(o is not None and o.error is None for o in outcomes), outcomes
        if outcomes[0].reason == "objective":
            break
    else:
        raise AssertionError("no game of 8 was won by an objective")
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None
    envelopes = list(read_record(record))
    last = next(e["body"] for e in reversed(envelopes) if e["body"]["type"] == "move")
    assert last["action"]["type"] == "claim_objective"
    request = last["request"]
    openings = request["body"]["openings"] if request is not None else last["openings"]
    (opening,) = openings
    claimed = last["action"]["objective"]
    assert ledger.slots[opening["token"]].card == claimed == ledger.read_all()[opening["token"]]
    # The objective was its holder's alone: read by its party and by no other.
    holder = opening["party"]
    readers = [
        c.seat for c in clients if opening["token"] in (c.deck.party.cards if c.deck else {})
    ]
    if holder == "host":
        assert opening["token"] in host.match.deck.party.cards and readers == []
    else:
        assert readers == [holder] and opening["token"] not in host.match.deck.party.cards
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message


class ForgingDealer(Client):
    """Sends its first step of ``kind`` with its point (or its first card's) swapped."""

    kind = "shuffle"

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        step = body.get("step") if body["type"] == "deck" else None
        if step is not None and step["kind"] == self.kind and not getattr(self, "forged", False):
            self.forged = True
            if self.kind == "shuffle":
                deck = list(step["deck"])
                deck[0], deck[1] = deck[1], deck[0]  # the proof was made for the other order
                step = {**step, "deck": deck}
            else:  # the card as it was, its layer claimed off
                assert self.witness is not None and self.witness.ledger is not None
                step = {**step, "point": bytes(self.witness.ledger.slot(step["token"]).point)}
            body = {**body, "step": step}
        return super()._send_signed(body)


@pytest.mark.parametrize("kind", ["shuffle", "unlayer"])
def test_a_false_deck_step_expels_its_sender_by_name_and_is_not_taken(
    tmp_path: Path, kind: str
) -> None:
    """A forged step is proof of a cheat (since issue 27's takeovers): its sender is
    expelled, the step is never in the ledger, and the deck goes on without it."""
    lines: list[str] = []
    cheat = type("Forger", (ForgingDealer,), {"kind": kind})("cheat", ClassicBot())
    clients = [Client("c0", ClassicBot()), cheat, Client("c2", ClassicBot())]
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))

    def expelled(match: HostGame) -> bool:
        return any("is expelled" in line for line in lines)

    asyncio.run(play_until(host, clients, expelled, timeout=120, expelled=cheat))
    said = next(line for line in lines if "is expelled" in line)
    assert f"cheat ({cheat.seat}) is expelled" in said
    assert ("shuffle is refused" if kind == "shuffle" else "removed from") in said
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and cheat.seat in ledger.away
    # The forged step (its first of that kind) is not in the ledger, nor any other of the
    # kind, and nothing waits for the cheat any more.
    steps = [e for e in ledger.journal if e.get("party") == cheat.seat and e.get("kind") == kind]
    assert steps == []
    assert not any(p.party == cheat.seat for p in ledger.pending())
    verdict = verify_record(record)
    assert verdict.ok and "expelled" in verdict.message, verdict.message


def test_a_capital_game_deals_its_pile_sealed_once_the_headquarters_left_it(
    tmp_path: Path,
) -> None:
    """``capital`` sealed: the headquarters' cards leave the pile before its first shuffle,
    while it is still public, the deck's cards in order; every peer must name the same cards
    in the first deal (a peer that held the pile hidden could not, ``unknown_deal``), and the
    record verifies."""
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, mode="capital", sealed=True, record=str(record)))
    asyncio.run(play_until(host, clients, dealt_and_played(2), timeout=120))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None
    deal = hosts.deals["deal-1"]
    assert deal.done and len(deal.cards) == 44 - 3  # each headquarters' card taken out
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None
        assert deal_facts(c.witness.ledger) == deal_facts(hosts)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message


def test_a_conquete_game_whose_setup_shuffles_the_territories_plays_on_sealed(
    tmp_path: Path,
) -> None:
    """``conquete`` sealed: its setup shuffles the territories in public (the deal by dice,
    which a client takes from the host's view) and deals the pile sealed in the same move;
    every peer plays on from it with the same ledger, and the record verifies."""
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, mode="conquete", sealed=True, record=str(record)))
    asyncio.run(play_until(host, clients, dealt_and_played(4), timeout=120))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None and hosts.deals["deal-1"].done
    code = host.match.broadcaster.transcript.code
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None
        assert deal_facts(c.witness.ledger) == deal_facts(hosts)
        assert c.witness.code == code
    verdict = verify_record(record)
    assert verdict.ok and verdict.transcript == code, verdict.message


def test_each_process_checks_each_shuffle_once_and_verify_checks_them_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The proof of a shuffle costs a twentieth of a second to check: each peer checks each
    one as it comes but its own (its maker vouches for it), and a client's replay at the end
    of the game takes the very same steps without checking them again; ``risk-lan verify``
    still checks every one."""
    import protocol.sealeddeck as sealeddeck

    checked: list[bytes] = []
    check = sealeddeck.check_committed_shuffle

    def counted(*args: Any) -> None:
        checked.append(bytes(args[4]))  # the step's context: its game, deal, step and party
        check(*args)

    monkeypatch.setattr(sealeddeck, "check_committed_shuffle", counted)
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(2)]
    won_sealed_game(record, clients)
    envelopes = list(read_record(record))
    shuffles = [
        b
        for b in (e["body"] for e in envelopes)
        if b["type"] == "deck_step"
        if b["envelope"]["body"]["step"]["kind"] == "shuffle"
    ]
    assert shuffles
    # Of the host and the clients, every one but the step's maker, once each, though every
    # client replayed the whole game.
    assert len(checked) == len(shuffles) * len(clients)
    assert all(checked.count(c) == len(clients) for c in checked)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
    assert len(checked) == len(shuffles) * (1 + len(clients))


class EarlySecretClient(Client):
    """Tells its layer's secret right after each of its acts, until three of those came
    while the act was still in flight: a deck step the host refuses (before the game is
    won), never an expulsion. What the client's acts stood at as each refusal came is kept."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.in_flight: list[tuple[int, int]] = []  # (acts in flight before, after), per refusal

    def _send_act(self, action: Any) -> None:
        super()._send_act(action)
        if self.deck is not None and len(self.in_flight) < 3 and self.outstanding:
            self._send_signed({"type": "deck", "game": self.game_id, "step": self.deck.secret()})

    def _error(self, message: dict[str, Any]) -> None:
        before = self.outstanding
        super()._error(message)
        if message["code"] == "bad_deck" and before:
            self.in_flight.append((before, self.outstanding))


def test_a_refused_deck_step_leaves_the_acts_in_flight_as_they_are(tmp_path: Path) -> None:
    """A deck step the host refuses is no refused act: the acts in flight stay in flight
    (else the bot would choose and send again while they are), and the game finishes."""
    record = tmp_path / "game.rec"
    heard = Refusals()
    early = EarlySecretClient("early", ClassicBot(), listener=heard)
    clients = [early, Client("c1", ClassicBot()), Client("c2", ClassicBot())]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record)))
    outcomes = asyncio.run(run(host, clients, 180))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    assert ("bad_deck", "a layer's secret is told when the game is won") in heard.heard
    assert early.in_flight and all(b == a for b, a in early.in_flight), early.in_flight
    assert verify_record(record).ok


def test_play_goes_on_while_a_drawn_cards_layers_come_off_and_every_peer_agrees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host does not hold the game while a drawn card's layers come off: other seats'
    moves are made meanwhile (every peer takes steps and moves in the order published, so
    every ledger agrees), and the seat the card goes to acts only once it can read it."""
    on_the_way: list[tuple[str, bool]] = []  # each move: its seat, a card on its way then
    mover_waiting: list[str] = []  # a move by a seat whose own card was still on its way
    apply = HostGame._apply

    def spied(self: HostGame, seat: str, action: Any, source: Any) -> None:
        deck = self.deck
        ledger = deck.ledger if deck is not None else None
        if deck is not None and ledger is not None:
            pending = any(p.kind in CARD_STEPS for p in ledger.pending())
            on_the_way.append((seat, pending))
            if deck.card_on_its_way(seat):
                mover_waiting.append(seat)
        apply(self, seat, action, source)

    monkeypatch.setattr(HostGame, "_apply", spied)
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host, outcomes = won_sealed_game(record, clients)
    assert len({o.transcript for o in outcomes}) == 1
    assert any(pending for _, pending in on_the_way), "every move waited for the deck"
    assert mover_waiting == []
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and ledger.pending() == []
    read = ledger.read_all()
    for c in clients:
        assert c.witness is not None and c.witness.cards_read == read
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict.message
