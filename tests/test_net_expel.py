"""No one peer ends the game for the table: a player proven to cheat is expelled (a bot plays
its seat to the end, its key is refused), every peer checks the evidence, the game goes on,
and the record names whom and why. A host that expels someone without evidence is caught."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgpack

from protocol.errors import ProtocolError
from protocol.fairness import DECK_EXPULSIONS, EXPULSIONS
from protocol.framing import HEADER, pack
from protocol.messages import PROTOCOL_VERSION
from protocol.sealeddeck import DeckFault
from protocol.signing import Identity
from risk_lan.bots import ClassicBot
from risk_lan.expulsion_deeds import DEEDS, deed
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.hostwords import sentence
from risk_lan.net.host.rolls import Rolls
from risk_lan.net.record.deckfaults import proven
from risk_lan.net.record.expulsion import said
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record


async def run(
    host: Host, clients: list[Client], timeout: float = 90, told: bool = False, ends: bool = False
) -> list:
    """Each client's outcome; ``told``: the host also knows, within 10 s, that every player
    who can has seen the end (the expelled cannot: the host must not wait for them);
    ``ends``: the host's game goes on to its end (with bots) after the clients stop."""
    port = await host.serve("127.0.0.1", 0)
    try:
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
        done, pending = await asyncio.wait(tasks, timeout=timeout)
        for t in pending:
            t.cancel()
        if told:
            assert host.match is not None
            await asyncio.wait_for(host.match.everyone_told.wait(), 10)
        if ends:
            await asyncio.wait_for(host.done.wait(), 60)
        return [t.result() if t in done else None for t in tasks]
    finally:
        await host.close()


class Cheat(Client):
    """Sends one bad message at roll ``at``: a garbage link (``link``), a `seen` of a history
    nobody sent (``seen``), a reveal for a roll never announced (``ahead``), or its reveal
    signed with another key (``sig``)."""

    def __init__(self, name: str, how: str, at: int) -> None:
        super().__init__(name, ClassicBot())
        self.how, self.at = how, at
        self.reclaim_when_taken = False

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "reveal" and body["roll"] == self.at:
            if self.how == "link":
                body = {**body, "link": bytes(32)}
            elif self.how == "seen":
                body = {**body, "seen": bytes(32)}
            elif self.how == "ahead":
                body = {**body, "roll": body["roll"] + 3}
            elif self.how == "sig":
                assert self.conn is not None
                envelope = Identity().sign(self.seat, body)
                self.conn.send(envelope)
                self.signed_sent.append(envelope)
                return envelope
        return super()._send_signed(body)


def test_two_cheats_are_expelled_and_the_game_finishes_with_bots_in_their_seats(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    lines: list[str] = []
    host = Host(HostConfig(seats=4, bots=1, record=str(record), log=lines.append))
    liar, equivocator = Cheat("liar", "link", 5), Cheat("twofold", "seen", 12)
    seen: list[tuple[str, str]] = []
    honest = Client("honest", ClassicBot(), record=str(tmp_path / "honest.rec"))
    honest.listener.seat_changed = lambda seat, change: seen.append((seat, change))
    watcher = Client("watcher", watch=True)  # checks every expulsion too, with no seat
    outcomes = asyncio.run(run(host, [liar, equivocator, honest, watcher], told=True))
    assert outcomes[3].error is None and outcomes[3].winner == outcomes[2].winner, outcomes[3]
    # Each cheat is told, and its own game ends there; the honest player's goes on to a winner.
    assert outcomes[0].error == "expelled: bad_reveal" and outcomes[0].culprit == liar.seat
    assert outcomes[1].error == "expelled: equivocation", outcomes[1]
    assert outcomes[2].error is None and outcomes[2].winner, outcomes[2]
    assert (liar.seat, "expelled:bad_reveal") in seen
    assert (equivocator.seat, "expelled:equivocation") in seen
    assert any(f"liar ({liar.seat}) is expelled" in line for line in lines), lines
    bodies = [e["body"] for e in read_record(record)]
    expels = [b for b in bodies if b["type"] == "expel"]
    assert [(b["seat"], b["why"]) for b in expels] == [
        (liar.seat, "bad_reveal"),
        (equivocator.seat, "equivocation"),
    ]
    # The roll it spoiled is made again, under the next roll number, without it.
    first = bodies.index(expels[0])
    spoiled = next(b for b in reversed(bodies[:first]) if b["type"] == "move")
    again = next(b for b in bodies[first:] if b["type"] == "move")
    assert spoiled["roll"] == 5 and again["roll"] == 6
    assert again["action"] == spoiled["action"] and again["n"] == spoiled["n"] + 1
    assert not any(b["type"] == "reveals" and b["roll"] == 5 for b in bodies)
    assert not any(b["type"] == "handback" for b in bodies)
    # Bots played both seats to the end.
    later = bodies[bodies.index(expels[1]) :]
    assert any(b["type"] == "move" and b["seat"] == equivocator.seat for b in later)
    for path in (record, tmp_path / "honest.rec"):
        verdict = verify_record(path)
        assert verdict.ok, verdict.message
        assert verdict.expelled == {liar.seat: "bad_reveal", equivocator.seat: "equivocation"}
        assert f"liar ({liar.seat}) was expelled" in verdict.message
        assert f"twofold ({equivocator.seat}) was expelled" in verdict.message
    assert verify_record(record).transcript == outcomes[2].transcript


def test_a_reveal_for_a_roll_never_announced_or_badly_signed_expels_its_sender() -> None:
    for how, why in (("ahead", "wrong_roll"), ("sig", "bad_signature")):
        host = Host(HostConfig(seats=3, bots=1))
        cheat, honest = Cheat("cheat", how, 3 if how == "ahead" else 32), Client("b", ClassicBot())
        outcomes = asyncio.run(run(host, [cheat, honest]))
        assert outcomes[0].error == f"expelled: {why}", (how, outcomes[0])
        assert outcomes[1].error is None and outcomes[1].winner, (how, outcomes[1])


class Idle(Client):
    """Joins, commits and reveals, but never moves: the game waits on it, and stays up."""

    def _play(self) -> None:
        pass


def test_an_expelled_player_cannot_come_back_nor_watch() -> None:
    async def scenario() -> tuple[Any, list[dict[str, Any]]]:
        host = Host(HostConfig(seats=3, bots=1, absent_after=None))
        port = await host.serve("127.0.0.1", 0)
        cheat, idle = Cheat("cheat", "link", 1), Idle("idle", ClassicBot())
        try:
            tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (cheat, idle)]
            outcome = await asyncio.wait_for(tasks[0], 30)
            answers = [
                await _hello(port, cheat.identity.public_key, token, watch)
                for token, watch in ((cheat.kept.token, False), (None, True))
            ]
            tasks[1].cancel()
            return outcome, answers
        finally:
            await host.close()

    outcome, answers = asyncio.run(scenario())
    assert outcome.error == "expelled: bad_reveal"
    for answer in answers:
        assert answer["type"] == "error" and answer["code"] == "expelled", answer
        assert "you were expelled from this game" in answer["message"]


class ForgedExpulsionRolls(Rolls):
    """Expels the first player at roll ``at`` for ``why``, with that player's honest reveal."""

    at = 5
    why = "bad_reveal"

    def accept_reveal(self, seat, roll, link, envelope) -> None:
        super().accept_reveal(seat, roll, link, envelope)
        if roll == self.at and seat == self.broadcaster.roster.seats[0].id:
            if self.why == "bad_signature":
                envelope = {**envelope, "sig": bytes(64)}  # a forgery of the host's own
            self.expeller.expel(seat, ProtocolError(self.why, "made up", seat), [envelope])


class ForgedExpulsionGame(HostGame):
    rolls_class = ForgedExpulsionRolls


def test_a_host_forging_an_expulsion_is_blamed_by_every_client(tmp_path: Path) -> None:
    for why in ("bad_reveal", "wrong_roll", "equivocation", "bad_signature"):

        class Forging(ForgedExpulsionRolls):
            pass

        Forging.why = why

        class Game(ForgedExpulsionGame):
            rolls_class = Forging

        class Forger(Host):
            match_class = Game

        record = tmp_path / f"{why}.rec"
        host = Forger(HostConfig(seats=3, bots=1, record=str(record), absent_after=2.0))
        victim, other = Client("victim", ClassicBot()), Client("other", ClassicBot())
        victim.reclaim_when_taken = other.reclaim_when_taken = False
        outcomes = asyncio.run(run(host, [victim, other], 30, ends=True))
        verdict = verify_record(record)
        # A bad signature only the victim can refute: the others take the host's word there.
        judges = [victim] if why == "bad_signature" else [victim, other]
        for client, outcome in zip([victim, other], outcomes, strict=True):
            if client in judges:
                assert outcome.culprit == "host", (why, outcome)
                assert outcome.error.startswith("bad_expel"), (why, outcome)
        if why == "bad_signature":
            assert outcomes[1].error is None and outcomes[1].winner, outcomes[1]
            assert verdict.ok and verdict.expelled == {victim.seat: why}, verdict.message
        else:
            # The host's own record convicts it: `risk-lan verify` names it, at the expel.
            assert not verdict.ok and verdict.culprit == "host", (why, verdict)
            assert "(expel): bad_expel" in verdict.message, verdict.message


async def _hello(port: int, key: bytes, token: bytes | None, watch: bool) -> dict[str, Any]:
    """What the host answers a raw `hello`."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {
        "type": "hello",
        "version": PROTOCOL_VERSION,
        "name": "back",
        "key": key,
        "token": token,
        "watch": watch,
    }
    writer.write(HEADER.pack(len(pack(hello))) + pack(hello))
    await writer.drain()
    size = HEADER.unpack(await asyncio.wait_for(reader.readexactly(4), 10))[0]
    answer = msgpack.unpackb(await reader.readexactly(size))
    writer.close()
    return answer


def test_a_resumed_host_still_refuses_the_player_it_expelled(tmp_path: Path) -> None:
    save = tmp_path / "game.save"

    async def scenario() -> tuple[str, dict[str, Any], bool]:
        host = Host(HostConfig(seats=3, bots=1, absent_after=None, save=str(save)))
        port = await host.serve("127.0.0.1", 0)
        cheat, idle = Cheat("cheat", "link", 1), Idle("idle", ClassicBot())
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (cheat, idle)]
        try:
            await asyncio.wait_for(tasks[0], 30)
        finally:
            tasks[1].cancel()
            await host.close()  # as if its program stopped: the save stays
        again = Host.resume(save)
        port = await again.serve("127.0.0.1", 0)
        try:
            answer = await _hello(port, cheat.identity.public_key, cheat.kept.token, False)
            assert again.match is not None
            seat = again.seat_by_id(cheat.seat)
            return seat.expelled, answer, cheat.seat in again.match.handovers.bots
        finally:
            await again.close()

    why, answer, played_by_bot = asyncio.run(scenario())
    assert why == "bad_reveal" and answer["code"] == "expelled", answer
    assert played_by_bot


def test_one_table_of_expulsions_and_one_sentence_for_each() -> None:
    """Every why the host may give (the dice's and the sealed deck's, ``EXPULSIONS``) has its
    one sentence, in English and French, which the host's log, ``verify`` and the app all
    say; the deck's are the ledger's refusals that prove a cheat, and nothing else is."""
    for lang in ("en", "fr"):
        assert set(DEEDS[lang]) - {""} == set(EXPULSIONS)
    assert set(DECK_EXPULSIONS) == {w for w, e in EXPULSIONS.items() if e == "deck"}
    for why in EXPULSIONS:
        assert deed("en", why) in said({"p2": why}, {"p2": "bob"})
        assert deed("en", why) in sentence(why)
    codes = [*DECK_EXPULSIONS, "malformed", "out_of_turn", "bad_reveal"]
    shown = {code: proven(DeckFault("p2", code, "it cheats"), "p2") for code in codes}
    assert {code: f.code for code, f in shown.items() if f is not None} == {
        **{why: why for why in DECK_EXPULSIONS if why != "bad_step"},
        "bad_step": "bad_step",
        "malformed": "bad_step",
    }
    assert proven(DeckFault("p3", "bad_shuffle", "not p2's"), "p2") is None
