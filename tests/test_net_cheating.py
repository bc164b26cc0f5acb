"""Cheats and hostile input over real sockets: each is caught and blamed on its author, and
honest players are never the ones who pay: a player proven to cheat is expelled and the game
goes on without it; only a host caught cheating stops it."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgpack
import pytest

from protocol.fairness import HashChain
from protocol.framing import HEADER, MAX_FRAME, Packed, pack
from protocol.messages import CHECKPOINT
from protocol.signing import Identity, pack_envelope
from protocol.transcript import Transcript
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.rolls import Rolls
from risk_lan.net.record.recordfile import RECORD_MAGIC, read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import Action, Attack
from risk_lan.seeded import SeededSource


async def run(host: Host, clients: list[Client], timeout: float = 60) -> list:
    port = await host.serve("127.0.0.1", 0)
    try:
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
        done, pending = await asyncio.wait(tasks, timeout=timeout)
        for t in pending:
            t.cancel()
        return [t.result() if t in done else None for t in tasks]
    finally:
        await host.close()


class BadRevealClient(Client):
    """At roll 3 it reveals something other than its chain's link for roll 3."""

    forge: str = "zeros"

    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] == "reveal" and body["roll"] == 3:
            assert self.rolls.chain is not None
            if self.forge == "zeros":
                link = bytes(32)
            elif self.forge == "next_roll":
                link = self.rolls.chain.link(4)  # a real link of its chain, for another roll
            else:  # a link for the same roll from a chain made for another game
                link = HashChain("another game", 10, self.kept.chain_seed).link(3)
            body = {**body, "link": link}
        super()._send_signed(body)


@pytest.mark.parametrize("forge", ["zeros", "next_roll", "other_game"])
def test_a_wrong_chain_link_expels_the_cheat_by_name_and_the_game_goes_on(
    forge: str, tmp_path: Path
) -> None:
    lines: list[str] = []
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, log=lines.append, record=str(record)))
    cheat = BadRevealClient("cheat", ClassicBot())
    cheat.forge = forge
    honest = Client("honest", ClassicBot())
    outcomes = asyncio.run(run(host, [cheat, honest]))
    assert outcomes[0].error == "expelled: bad_reveal" and outcomes[0].culprit == cheat.seat
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
    assert any(f"cheat ({cheat.seat}) is expelled" in line for line in lines), lines
    verdict = verify_record(record)
    assert verdict.ok and verdict.expelled == {cheat.seat: "bad_reveal"}, verdict.message


class DieAlteringBroadcaster(Broadcaster):
    def update(self, seat: str | None, events: list, shared=None) -> dict[str, Any]:
        update = super().update(seat, events)  # its own dicts, to alter
        for event in update["events"]:
            if event["type"] == "battle" and event["attacker_dice"][0] < 6:
                event["attacker_dice"][0] += 1
                break
        return update


class DieAlteringGame(HostGame):
    broadcaster_class = DieAlteringBroadcaster


class DieAlteringHost(Host):
    match_class = DieAlteringGame


def test_a_host_that_alters_a_die_is_caught_by_every_client() -> None:
    host = DieAlteringHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())]))
    for outcome in outcomes:
        assert outcome.culprit == "host" and "bad_dice" in outcome.error


class ForgingClient(Client):
    """Signs its first act with a key that is not its own."""

    forged = False

    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] == "act" and not self.forged:
            self.forged = True
            assert self.conn is not None
            self.conn.send(Identity().sign(self.seat, body))
            return
        super()._send_signed(body)


class OtherSeatClient(Client):
    """Speaks for the next seat."""

    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] == "act":
            assert self.conn is not None
            other = f"p{int(self.seat[1:]) % 2 + 1}"
            self.conn.send(self.identity.sign(other, body))
            return
        super()._send_signed(body)


class ReplayingClient(Client):
    """Sends its first act twice."""

    replayed = False

    def _send_signed(self, body: dict[str, Any]) -> None:
        super()._send_signed(body)
        if body["type"] == "act" and not self.replayed:
            self.replayed = True
            super()._send_signed(body)


def test_a_forged_signature_expels_its_sender_and_the_game_goes_on() -> None:
    lines: list[str] = []
    host = Host(HostConfig(seats=3, bots=1, log=lines.append))
    heard: list[str] = []
    cheat = ForgingClient("cheat", ClassicBot(), log=heard.append)
    honest = Client("honest", ClassicBot())
    outcomes = asyncio.run(run(host, [cheat, honest]))
    assert any(f"cheat ({cheat.seat}) is expelled" in line for line in lines), lines[:5]
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
    # The cheat sent its forgery around its own client's signing: its client cannot tell the
    # forgery is its own, and blames the host; the honest peer takes the host's word.
    assert outcomes[0].culprit == "host" and "bad_expel" in outcomes[0].error, outcomes[0]


@pytest.mark.parametrize(
    "cheat_class, code", [(OtherSeatClient, "wrong_seat"), (ReplayingClient, "replayed")]
)
def test_foreign_and_replayed_messages_are_refused(cheat_class, code: str) -> None:
    lines: list[str] = []
    host = Host(HostConfig(seats=3, bots=1, log=lines.append))
    heard: list[str] = []
    cheat = cheat_class("cheat", ClassicBot(), log=heard.append)
    asyncio.run(run(host, [cheat, Client("honest", ClassicBot())], timeout=2))
    assert any(f"dropped {cheat.seat}: {code}" in line for line in lines), lines[:5]
    assert any(code in line for line in heard)


class SilentClient(Client):
    """Commits and reveals but never moves: the game waits on it for good."""

    def _play(self) -> None:
        pass


class OutOfTurnClient(Client):
    """Claims on its own turn, then places an army while the game waits for a silent seat."""

    tried = False
    claimed_at: int | None = None

    def _act(self, territory: str) -> None:
        self.kept.seq += 1
        self._send_signed(
            {
                "type": "act",
                "game": self.game_id,
                "seq": self.kept.seq,
                "action": {"type": "place", "territory": territory, "count": 1},
            }
        )

    def _play(self) -> None:
        view = self.view
        if view is None or self.tried or view["phase"] != "claim":
            return
        free = next(t for t, o in view["owner"].items() if o is None)
        if view["current"] == self.seat:
            if self.claimed_at is None:
                self.claimed_at = self.kept.seq
                self._act(free)
            return
        self.tried = True
        self._act(free)


def test_a_move_out_of_turn_is_refused_and_changes_nothing() -> None:
    heard: list[str] = []
    host = Host(HostConfig(seats=3, bots=0))
    eager = OutOfTurnClient("eager", ClassicBot(), log=heard.append)
    asyncio.run(run(host, [eager, SilentClient("quiet"), SilentClient("still")], timeout=3))
    assert eager.tried
    assert any("not_your_turn" in line for line in heard), heard
    game = host.match
    assert game is not None and game.game is not None
    assert game.game.waiting_for() != eager.seat  # still waiting for a silent seat
    assert sum(1 for t in game.game.board.territory_ids if game.game.owner(t) == eager.seat) <= 1


async def junk_while_playing(junk: list[bytes]) -> tuple[list, list[bytes]]:
    host = Host(HostConfig(seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    answers: list[bytes] = []

    async def send_junk(data: bytes) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(data)
        await writer.drain()
        answers.append(await asyncio.wait_for(reader.read(4096), 15))
        writer.close()

    try:
        games = [
            asyncio.create_task(Client(n, ClassicBot()).run("127.0.0.1", port)) for n in ("a", "b")
        ]
        await asyncio.sleep(0.2)
        await asyncio.gather(*(send_junk(j) for j in junk))
        outcomes = await asyncio.wait_for(asyncio.gather(*games), 120)
    finally:
        await host.close()
    return outcomes, answers


def test_hostile_connections_are_dropped_and_the_game_goes_on() -> None:
    rng = random.Random(3)
    junk = [
        bytes(rng.randrange(256) for _ in range(300)),
        HEADER.pack(MAX_FRAME + 1),
        HEADER.pack(5) + b"\x81\xa1a\x91\x91",  # truncated, then closed
        HEADER.pack(40_003) + b"\x81\xa1a" + b"\x91" * 40_000 + b"\xc0",  # nested too deep
        HEADER.pack(len(pack({"type": "hello", "version": "1"})))
        + pack({"type": "hello", "version": "1"}),  # wrong types
        HEADER.pack(len(pack({"type": "hello", "version": 99, "name": "x", "key": bytes(32)})))
        + pack({"type": "hello", "version": 99, "name": "x", "key": bytes(32)}),
    ]
    outcomes, answers = asyncio.run(junk_while_playing(junk))
    assert outcomes[0].winner and outcomes[0].winner == outcomes[1].winner
    assert len(answers) == len(junk)
    assert any(b"version" in a for a in answers)


def test_an_edited_record_is_refused_and_blames_the_host(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, record=str(record)))
    asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())]))
    assert verify_record(record).ok
    envelopes = list(read_record(record))
    move = next(e for e in envelopes if e["body"]["type"] == "move" and e["body"]["n"] > 20)
    move["body"]["n"] += 1000
    edited = tmp_path / "edited.rec"
    edited.write_bytes(pack(RECORD_MAGIC) + b"".join(msgpack.packb(e) for e in envelopes))
    verdict = verify_record(edited)
    assert not verdict.ok and verdict.culprit == "host" and "bad_signature" in verdict.message
    truncated = tmp_path / "truncated.rec"
    truncated.write_bytes(record.read_bytes()[:-40])
    assert not verify_record(truncated).ok


def test_a_record_whose_host_relayed_a_badly_signed_reveal_is_refused(tmp_path: Path) -> None:
    """A reveal's signature vouches for the history its author had seen. A host that relays
    one its author did not sign, even re-signing its own broadcasts around it, is caught
    where the clients would catch it: at the checkpoint, and at the end of the game."""
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, record=str(record)))
    asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())]))
    assert verify_record(record).ok
    envelopes = list(read_record(record))
    rolls = [e["body"]["roll"] for e in envelopes if e["body"]["type"] == "reveals"]
    # A checkpoint; the last roll, checked at the end (unless it is a checkpoint as well).
    for roll in (CHECKPOINT, rolls[-1]):
        edited = tmp_path / f"edited-{roll}.rec"
        edited.write_bytes(_resigned_record(envelopes, host.identity, roll))
        verdict = verify_record(edited)
        assert not verdict.ok and verdict.culprit == "host", (roll, verdict)
        assert "reveal of" in verdict.message and "altered" in verdict.message


def _resigned_record(envelopes: list[dict[str, Any]], identity: Identity, roll: int) -> bytes:
    """The record with the first reveal of ``roll`` badly signed, and every one of the host's
    broadcasts signed again over the changed history, as a cheating host would."""
    game = envelopes[0]["body"]["game"]
    transcript = Transcript(game)
    out = []
    for envelope in envelopes:
        body = dict(envelope["body"])
        if body["type"] == "reveals" and body["roll"] == roll:
            first = dict(body["envelopes"][0])
            first["sig"] = bytes(64)
            body["envelopes"] = [first, *body["envelopes"][1:]]
        resigned = identity.sign("host", body, transcript.hash)
        transcript.add(resigned)
        out.append(resigned)
    return pack(RECORD_MAGIC) + b"".join(pack_envelope(e) for e in out)  # as a host sends them


def canonical(envelope: dict[str, Any]) -> Packed:
    """A broadcast in the bytes a host sends (and a client's transcript hashes)."""
    return Packed(envelope, pack_envelope(envelope))


class TwoFacedBroadcaster(Broadcaster):
    """Sends the first seat a different 'start' (another name for a bot) than everyone else."""

    def publish(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] != "start":
            return super().publish(body)
        prev = self.transcript.hash
        honest = self.identity.sign("host", body, prev)
        twisted = {**body, "players": [{**p, "name": "changed"} for p in body["players"]]}
        lie = self.identity.sign("host", twisted, prev)
        self.transcript.add(honest)
        self.transcript_log.append(honest)
        for i, seat in enumerate(self.roster.seats):
            if seat.connection:
                seat.connection.send(canonical(lie if i == 0 else honest))
        return honest


class ForwardingRolls(Rolls):
    def accept_reveal(self, seat, roll, link, envelope):
        # A lying host does not check what its victims report; it forwards everything.
        self.seen_at_roll = envelope["body"]["seen"]
        super().accept_reveal(seat, roll, link, envelope)


class TwoFacedGame(HostGame):
    broadcaster_class = TwoFacedBroadcaster
    rolls_class = ForwardingRolls


class TwoFacedHost(Host):
    match_class = TwoFacedGame


def test_a_host_showing_peers_different_histories_is_caught_at_the_next_roll() -> None:
    host = TwoFacedHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 10))
    blamed = [o for o in outcomes if o is not None and o.error]
    assert blamed, outcomes
    assert all(o.culprit == "host" and "equivocation" in o.error for o in blamed), blamed


class CoveringTwoFacedBroadcaster(Broadcaster):
    """Shows the first seat another history and covers it up as well as a host can: it keeps
    each client's transcript and signs what it sends each one over that client's own history,
    and gives each client every reveal with the `seen` that client expects. Only the reveals'
    own signatures can give it away."""

    rolls: Rolls  # whose reveals it reads, set by the game below

    def publish(self, body: dict[str, Any]) -> dict[str, Any]:
        if not hasattr(self, "shown"):
            self.shown = {s.id: Transcript(self.id) for s in self.roster.seats}
        honest = self.identity.sign("host", body, self.transcript.hash)
        self.transcript.add(honest)
        self.transcript_log.append(honest)
        for i, seat in enumerate(self.roster.seats):
            if seat.kind != "human":
                continue
            told = body
            if body["type"] == "start" and i == 0:
                told = {**body, "players": [{**p, "name": "changed"} for p in body["players"]]}
            elif body["type"] == "reveals":
                expected = self.rolls.reveals[body["roll"]][seat.id]["body"]["seen"]
                told = {
                    **body,
                    "envelopes": [
                        {**e, "body": {**e["body"], "seen": expected}} for e in body["envelopes"]
                    ],
                }
            envelope = self.identity.sign("host", told, self.shown[seat.id].hash)
            self.shown[seat.id].add(envelope)
            if seat.connection:
                seat.connection.send(canonical(envelope))
        return honest


class CoveringTwoFacedGame(HostGame):
    broadcaster_class = CoveringTwoFacedBroadcaster
    rolls_class = ForwardingRolls

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.broadcaster.rolls = self.rolls


class CoveringTwoFacedHost(Host):
    match_class = CoveringTwoFacedGame


def test_a_host_covering_up_different_histories_is_caught_at_the_next_checkpoint() -> None:
    host = CoveringTwoFacedHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 20))
    for outcome in outcomes:
        assert outcome.culprit == "host" and "equivocation" in outcome.error, outcome
        assert f"roll {CHECKPOINT} was altered" in outcome.error


def test_a_host_signature_over_another_history_is_caught_at_once() -> None:
    # The two-faced host above, without the per-client signatures: its next signature covers
    # the history it keeps, not the one the first seat was shown.
    host = TwoFacedHost(HostConfig(seats=3, bots=1, absent_after=0.5))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 20))
    assert "signature does not cover" in outcomes[0].error and outcomes[0].culprit == "host"


class FalseWitnessClient(Client):
    """Claims, in its reveals, to have seen a history nobody sent."""

    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] == "reveal":
            body = {**body, "seen": bytes(32)}
        super()._send_signed(body)


def test_a_client_lying_about_what_it_saw_is_expelled_by_an_honest_host() -> None:
    host = Host(HostConfig(seats=3, bots=1))
    liar, honest = FalseWitnessClient("liar", ClassicBot()), Client("honest", ClassicBot())
    outcomes = asyncio.run(run(host, [liar, honest], 30))
    assert outcomes[0].error == "expelled: equivocation" and outcomes[0].culprit == liar.seat
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]


class NeverCommitsClient(Client):
    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] != "commit":
            super()._send_signed(body)


def test_a_client_that_never_commits_loses_its_seat_and_the_game_goes_on(tmp_path) -> None:
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, record=str(record), absent_after=0.5))
    mute, honest = NeverCommitsClient("mute", ClassicBot()), Client("honest", ClassicBot())
    mute.reclaim_when_taken = False
    outcomes = asyncio.run(run(host, [mute, honest], 60))
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
    bodies = [e["body"] for e in read_record(record)]
    assert [b["type"] for b in bodies[:3]] == ["start", "takeover", "commits"]
    assert bodies[1]["seat"] == mute.seat and len(bodies[2]["envelopes"]) == 2
    verdict = verify_record(record)
    assert verdict.ok and verdict.transcript == outcomes[1].transcript, verdict.message


class BadlySignedRevealClient(Client):
    """Signs its reveal for the first checkpoint's roll with a key that is not its own, to make
    the others blame the host that relays it."""

    def _send_signed(self, body: dict[str, Any]) -> None:
        if body["type"] == "reveal" and body["roll"] == CHECKPOINT:
            assert self.conn is not None
            self.conn.send(Identity().sign(self.seat, body))
            return
        super()._send_signed(body)


def test_a_badly_signed_reveal_is_blamed_on_its_sender_not_on_the_host(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, record=str(record)))
    framer, honest = BadlySignedRevealClient("framer", ClassicBot()), Client("b", ClassicBot())
    outcomes = asyncio.run(run(host, [framer, honest]))
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
    bodies = [e["body"] for e in read_record(record)]
    expel = next(b for b in bodies if b["type"] == "expel")
    assert (expel["seat"], expel["why"]) == (framer.seat, "bad_signature")
    # The checkpoint's roll was never made with the forged reveal in it: made again after.
    assert not any(b["type"] == "reveals" and b["roll"] == CHECKPOINT for b in bodies)
    assert verify_record(record).ok


class RerollingRolls(Rolls):
    """Announces roll 3 a second time (as a new move, with everything else the same), as a
    host would to choose between results once it has seen the links."""

    async def chance(self, body):
        if body["roll"] == 3:
            self.broadcaster.publish(body)
            self.numbers.n += 1
            body = {**body, "n": self.numbers.n}
        return await super().chance(body)


class RerollingGame(HostGame):
    rolls_class = RerollingRolls


class RerollingHost(Host):
    match_class = RerollingGame


def test_a_roll_announced_twice_is_caught_by_every_client() -> None:
    host = RerollingHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 20))
    for outcome in outcomes:
        assert outcome.culprit == "host" and outcome.error.startswith("reroll"), outcome


class ActReplayingBroadcaster(Broadcaster):
    """Makes a player's first signed act into a second move as well."""

    replayed = False

    def publish(self, body: dict[str, Any]) -> dict[str, Any]:
        envelope = super().publish(body)
        if body["type"] == "move" and body["request"] is not None and not self.replayed:
            self.replayed = True
            self.position.n += 1
            super().publish({**body, "n": self.position.n})
        return envelope


class ActReplayingGame(HostGame):
    broadcaster_class = ActReplayingBroadcaster


class ActReplayingHost(Host):
    match_class = ActReplayingGame


def test_a_host_replaying_a_players_act_is_caught() -> None:
    host = ActReplayingHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 20))
    for outcome in outcomes:
        assert outcome.culprit == "host" and outcome.error.startswith("replayed"), outcome


class FramingClient(Client):
    """Signs its reveal for roll 3 badly (no checkpoint checks it), then reveals garbage for
    roll 4, so that the host stops the game: the badly signed reveal must not be pinned on
    the host that relayed it."""

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any] | None:
        if body["type"] == "reveal" and body["roll"] == 3:
            assert self.conn is not None
            self.conn.send(Identity().sign(self.seat, body))
            return None
        if body["type"] == "reveal" and body["roll"] == 4:
            body = {**body, "link": bytes(32)}
        return super()._send_signed(body)


def test_a_client_cannot_frame_the_host_with_a_badly_signed_reveal(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, record=str(record)))
    framer, honest = FramingClient("framer", ClassicBot()), Client("honest", ClassicBot())
    outcomes = asyncio.run(run(host, [framer, honest], 30))
    assert outcomes[0].error == "expelled: bad_reveal", outcomes[0]
    assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
    verdict = verify_record(record)
    assert verdict.ok and verdict.expelled == {framer.seat: "bad_reveal"}, verdict.message


class RollSkippingGame(HostGame):
    """Publishes its first attack as a move without a roll and rolls the dice itself."""

    skipped = False

    async def _move(self, seat: str, action: Action, request: dict[str, Any] | None) -> None:
        assert self.game is not None
        if self.skipped or not isinstance(action, Attack):
            await super()._move(seat, action, request)
            return
        self.skipped = True
        self.broadcaster.publish(self.move_body(seat, action.to_dict(), request, False))
        self._apply(seat, action, SeededSource(7))


class RollSkippingHost(Host):
    match_class = RollSkippingGame


def test_a_host_that_rolls_without_a_roll_is_caught_by_every_client() -> None:
    host = RollSkippingHost(HostConfig(seats=3, bots=1))
    outcomes = asyncio.run(run(host, [Client("a", ClassicBot()), Client("b", ClassicBot())], 20))
    for outcome in outcomes:
        assert outcome.culprit == "host" and outcome.error.startswith("no_roll"), outcome
