"""Each cheat at the sealed deck over real sockets (issue 27): a player's forged step (a
substituted or duplicated card in its shuffle, a wrong removal of its layer, a false
opening, a false escrow share) expels its sender by name with the step as evidence, every
other peer accepts that evidence and the game finishes; a false claim is refused and the
game goes on; the host's own forged steps (its shuffle, its removal, its opening) are
caught by every client, which stops trusting it and says so."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_net_claims import FalseClaimBot
from test_net_sealed_deck import Refusals, play_until
from test_net_sealed_takeover import check_every_peer, play_out

from protocol.escrow import seal_share_revealably, x25519_public
from protocol.ristretto import mul_base, random_scalar
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostdeck import HostDeck
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import GameState


def forged(step: dict[str, Any], how: str, point_now: bytes | None = None) -> dict[str, Any]:
    """``step`` forged ``how``: its deck with a card substituted (a point that is no card of
    it), a card duplicated or two swapped, or its removal's point left as it was."""
    if how == "unlayer":
        assert point_now is not None
        return {**step, "point": point_now}
    deck = list(step["deck"])
    if how == "substitute":
        deck[0] = bytes(mul_base(random_scalar()))
    elif how == "duplicate":
        deck[1] = deck[0]
    else:
        deck[0], deck[1] = deck[1], deck[0]
    return {**step, "deck": deck}


def went_on(heard: Refusals, moves: int) -> Callable[[HostGame], bool]:
    """Once the refusal is heard, ``moves`` more moves were made, the deck waiting for no
    one: the game went on."""
    at: list[int] = []

    def reached(match: HostGame) -> bool:
        if not heard.heard:
            return False
        at[:] = at or [match.n]
        ledger = match.deck.ledger if match.deck is not None else None
        return match.n >= at[0] + moves and ledger is not None and not ledger.pending()

    return reached


class TryingDealer(Client):
    """Sends its first step of ``kind`` forged ``how``, then the true one (too late: the
    forged one expels it)."""

    kind, how = "shuffle", "substitute"

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        step = body.get("step") if body["type"] == "deck" else None
        if step is not None and step["kind"] == self.kind and not getattr(self, "tried", False):
            self.tried = True
            point = None
            if self.kind == "unlayer":
                assert self.witness is not None and self.witness.ledger is not None
                point = bytes(self.witness.ledger.slot(step["token"]).point)
            super()._send_signed({**body, "step": forged(step, self.how, point)})
        return super()._send_signed(body)


def expelled_by_name(
    host: Host,
    clients: list[Client],
    outcomes: list[Any],
    cheat: Client,
    why: str,
    lines: list[str],
    record: Path,
) -> None:
    """A whole game of ``clients`` against ``host`` (their ``outcomes``): ``cheat`` expelled
    for ``why`` (its own outcome says so, the host's console names it and no one else),
    every other peer accepting the evidence and playing the game to its end on one
    transcript, every card read at the end, and the record verifying with the expulsion."""
    mine = outcomes[clients.index(cheat)]
    assert mine is not None and mine.error == f"expelled: {why}", outcomes
    others = [o for c, o in zip(clients, outcomes, strict=True) if c is not cheat]
    assert all(o is not None and o.error is None for o in others), outcomes
    ledger = check_every_peer(host, others, record)
    assert cheat.seat in ledger.away
    expelled = [line for line in lines if "is expelled" in line]
    assert len(expelled) == 1 and f"({cheat.seat}) is expelled" in expelled[0], expelled
    verdict = verify_record(record)
    assert "expelled" in verdict.message, verdict.message


@pytest.mark.parametrize(
    "kind, how, why",
    [
        ("shuffle", "substitute", "bad_shuffle"),
        ("shuffle", "duplicate", "bad_shuffle"),
        ("unlayer", "unlayer", "bad_unlayer"),
    ],
)
def test_a_players_forged_deck_step_expels_it_by_name_and_the_game_finishes(
    tmp_path: Path, kind: str, how: str, why: str
) -> None:
    lines: list[str] = []
    cheat = type("Trier", (TryingDealer,), {"kind": kind, "how": how})("cheat", ClassicBot())
    clients = [Client("c0", ClassicBot()), cheat, Client("c2", ClassicBot())]
    record = tmp_path / "game.rec"
    config = HostConfig(seats=4, bots=1, sealed=True, record=str(record), log=lines.append)
    host = Host(config)
    outcomes = asyncio.run(play_out(host, clients))
    expelled_by_name(host, clients, outcomes, cheat, why, lines, record)


class OnceFalseOpeningClient(Client):
    """Opens the cards of its first trade with a proof that is not theirs; then honestly."""

    def _openings(self, action: Any) -> list[dict[str, Any]]:
        openings = super()._openings(action)
        if openings and not getattr(self, "lied", False):
            self.lied = True
            proof = bytearray(openings[0]["proof"])
            proof[-1] ^= 1
            openings[0] = {**openings[0], "proof": bytes(proof)}
        return openings


def test_a_false_opening_expels_its_sender_by_name_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    """Games until the cheat trades (it may be out before it ever does)."""
    for attempt in range(6):
        lines: list[str] = []
        cheat = OnceFalseOpeningClient("cheat", ClassicBot())
        clients = [cheat, Client("c1", ClassicBot()), Client("c2", ClassicBot())]
        record = tmp_path / f"game{attempt}.rec"
        host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))
        outcomes = asyncio.run(play_out(host, clients))
        if getattr(cheat, "lied", False):
            break
    else:
        raise AssertionError("the cheat never traded in 6 games")
    expelled_by_name(host, clients, outcomes, cheat, "bad_opening", lines, record)


def test_a_false_claim_in_a_sealed_game_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    """The liar claims an objective it was not dealt, opening the sealed objective it holds
    (the host and every peer read that it is another)."""
    record = tmp_path / "game.rec"
    heard = Refusals()
    liar = FalseClaimBot()
    clients = [Client("liar", liar, listener=heard), Client("honest", ClassicBot())]
    clients.append(Client("third", ClassicBot()))
    host = Host(HostConfig(seats=4, bots=1, mode="secret-mission", sealed=True, record=str(record)))
    asyncio.run(play_until(host, clients, went_on(heard, 12), timeout=150, may_end=True))
    assert liar.claimed is not None
    assert ("not_your_objective", "that objective is not the one you were dealt") in heard.heard
    moves = [e["body"] for e in read_record(record) if e["body"]["type"] == "move"]
    assert not [
        m for m in moves if m["seat"] == liar.seat and m["action"].get("objective") == liar.claimed
    ]
    assert verify_record(record).ok


class FalseShareClient(Client):
    """Seals to its first fellow player a share of its escrow that is not the one its
    commitments say (a random scalar), and answers that player's complaint as an honest
    dealer would, with the box's ephemeral secret: the box opens to the false share."""

    victim: str | None = None

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "commit" and "escrow" in body and self.deck is not None:
            holders = [p for p in self.start_parties if p != self.seat]
            self.victim = next(p for p in holders if p != "host")
            index = holders.index(self.victim)
            key = x25519_public(self.start_keys[self.victim])
            box, ephemeral = seal_share_revealably(random_scalar(), key)
            self.deck.party._ephemeral[self.victim] = ephemeral
            shares = list(body["escrow"]["shares"])
            shares[index] = box
            body = {**body, "escrow": {**body["escrow"], "shares": shares}}
        return super()._send_signed(body)

    def _started(self, body: dict[str, Any]) -> None:
        self.start_parties = list(body["contributors"])
        self.start_keys = dict(body["keys"])
        super()._started(body)


def test_a_false_escrow_share_is_complained_of_and_its_dealer_expelled_by_name(
    tmp_path: Path,
) -> None:
    """The victim's client finds the share sealed to it false and complains over the wire;
    the cheat's answer (the box's ephemeral secret) shows every peer the box opens to a
    share its commitments deny: the answer is the evidence that expels the cheat, the
    escrow's other holders stand in for it, and the game finishes."""
    lines: list[str] = []
    cheat = FalseShareClient("cheat", ClassicBot())
    # Three players (four parties, so the cheat's escrow needs all three holders, the victim
    # among them): no deal goes on while the victim's complaint waits for the cheat's
    # answer, so the cheat is expelled before its layer is on any card.
    clients = [cheat, *(Client(f"c{i}", ClassicBot()) for i in (1, 2))]
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))
    outcomes = asyncio.run(play_out(host, clients))
    expelled_by_name(host, clients, outcomes, cheat, "bad_share", lines, record)
    assert cheat.victim is not None
    victim = next(c for c in clients if c.seat == cheat.victim)
    assert victim.deck is not None and cheat.seat in victim.deck.party.holder.complained
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and cheat.victim in ledger.escrows[cheat.seat].complaints
    expelled = next(line for line in lines if "is expelled" in line)
    assert cheat.victim in expelled and "not the one its escrow commits to" in expelled


# ----- the cheating host ------------------------------------------------------------------


class ForgingHostDeck(HostDeck):
    """Publishes its first own step of ``kind`` forged (and takes the true one in its own
    ledger, so that it goes on as if nothing happened)."""

    kind = "shuffle"

    def _publish_own(self, step: dict[str, Any]) -> None:
        if step["kind"] != self.kind or getattr(self, "forged", False):
            super()._publish_own(step)
            return
        self.forged = True
        self.forged_at = time.monotonic()
        assert self.ledger is not None
        point = bytes(self.ledger.slot(step["token"]).point) if self.kind == "unlayer" else None
        false = forged(step, "substitute" if self.kind == "shuffle" else "unlayer", point)
        envelope = self.identity.sign("host", {"type": "deck", "game": self.game_id, "step": false})
        self.ledger.take(step)
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        self.hand_over()


class FalseOpeningHostDeck(HostDeck):
    """Opens its bot's first trade with a proof that is not its cards' in the move it
    publishes, while its own checks and ledger take the true openings."""

    def bot_openings(self, state: GameState, seat: str, action: Any) -> list[dict[str, Any]]:
        openings = super().bot_openings(state, seat, action)
        if openings and not getattr(self, "lied", False):
            self.lied = True
            self.forged_at = time.monotonic()
            proof = bytearray(openings[0]["proof"])
            proof[-1] ^= 1
            true, openings = openings, [{**openings[0], "proof": bytes(proof)}, *openings[1:]]
            self.true = {bytes(proof): true}
        return openings

    def _honest(self, openings: list[Any]) -> list[Any]:
        first = openings[0].get("proof") if openings and isinstance(openings[0], dict) else None
        true = getattr(self, "true", {})  # the forged first proof → the true openings
        return true.get(first, openings) if isinstance(first, bytes) else openings

    def check_openings(self, seat: str, openings: list[Any]) -> dict[str, str]:
        return super().check_openings(seat, self._honest(openings))

    def take_openings(self, openings: list[dict[str, Any]]) -> dict[str, str]:
        return super().take_openings(self._honest(openings))


# How soon (seconds) after the host's forged step every client has stopped: a few seconds
# leave room for a loaded machine; the absence delay (120 s), which the next dealer after a
# forged shuffle once waited out, is far beyond it.
CAUGHT_WITHIN = 10.0


async def caught(host: Host, clients: list[Client], timeout: float) -> tuple[list[Any], float]:
    """Each client's outcome (None: still playing) and how long after the host's forged step
    the last one stopped; the clients are left playing once ``CAUGHT_WITHIN`` is past since
    the forgery (``forged_at`` on the host's deck), or ``timeout`` since the start."""
    port = await host.serve("127.0.0.1", 0)
    stopped: list[float] = []

    async def play(client: Client) -> Any:
        outcome = await client.run("127.0.0.1", port)
        stopped.append(time.monotonic())
        return outcome

    def forged_at() -> float | None:
        deck = host.match.deck if host.match is not None else None
        return getattr(deck, "forged_at", None)

    try:
        tasks = [asyncio.create_task(play(c)) for c in clients]
        deadline = time.monotonic() + timeout
        while not all(t.done() for t in tasks) and time.monotonic() < deadline:
            at = forged_at()
            if at is not None and time.monotonic() > at + CAUGHT_WITHIN:
                break
            await asyncio.wait(tasks, timeout=0.1)
        outcomes = [t.result() if t.done() else None for t in tasks]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        at = forged_at()
        if at is None or len(stopped) < len(clients):
            return outcomes, float("inf")
        return outcomes, max(stopped) - at
    finally:
        await host.close()


@pytest.mark.parametrize("deck_class", [ForgingHostDeck, "unlayer", FalseOpeningHostDeck])
def test_a_hosts_forged_deck_step_is_caught_by_every_client_and_named(
    deck_class: Any,
) -> None:
    """Every client stops within ``CAUGHT_WITHIN`` of the forged step and names the host, the
    table's absence delay at its default: after a forged shuffle, the next player to shuffle
    checks it while its own step's roll is awaited, not after that roll has waited for the
    seats of the players who left on catching it (the absence delay, until bots play them)."""
    if deck_class == "unlayer":
        deck_class = type("ForgingRemoval", (ForgingHostDeck,), {"kind": "unlayer"})
    game_class = type("CheatingGame", (HostGame,), {"deck_class": deck_class})
    host_class = type("CheatingHost", (Host,), {"match_class": game_class})
    for _attempt in range(6):  # the host's bot may never trade: play again
        clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
        host = host_class(HostConfig(seats=4, bots=1, sealed=True))
        assert host.config.absent_after == 120.0
        outcomes, late = asyncio.run(caught(host, clients, 240))
        if deck_class is not FalseOpeningHostDeck or any(o.culprit for o in outcomes if o):
            break
    assert late <= CAUGHT_WITHIN, (late, outcomes)
    for outcome in outcomes:
        assert outcome is not None and outcome.culprit == "host", outcomes
        assert "bad_deck" in (outcome.error or ""), outcome
