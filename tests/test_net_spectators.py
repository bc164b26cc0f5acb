"""Spectators over real sockets: a spectator sees the public game, checks every roll, takes no
seat and contributes to none; no secret reaches it, checked on the wire; a player who is out
of the game stops contributing and watches on."""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any

import pytest
from protocol_doc_fields import documented_left_out, missing_fields

from protocol.framing import encode, unpack
from protocol.messages import HOST_MESSAGES, PROTOCOL_VERSION
from protocol.signing import Identity
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import classic_board

DEADLINE = 60.0


class Seen(Listener):
    """What a spectator's client told its player."""

    def __init__(self) -> None:
        self.updates: list[dict[str, Any]] = []
        self.said: list[tuple[str, str, str]] = []
        self.lobbies: list[dict[str, Any]] = []
        self.joined_as: tuple[str, str] | None = None

    def joined(self, seat: str, colour: str) -> None:
        self.joined_as = (seat, colour)

    def lobby(self, message: dict[str, Any]) -> None:
        self.lobbies.append(message)

    def updated(self, update: dict[str, Any], checked: str) -> None:
        self.updates.append(update)

    def chat(self, seat: str, name: str, text: str) -> None:
        self.said.append((seat, name, text))


async def wait_for(condition, what: str, deadline: float = DEADLINE) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def test_a_spectator_from_the_lobby_and_one_mid_game_check_the_whole_game(tmp_path) -> None:
    async def main() -> None:
        lines: list[str] = []
        record = tmp_path / "game.rec"
        host = Host(HostConfig(seats=3, bots=1, record=str(record), log=lines.append))
        port = await host.serve("127.0.0.1", 0)
        early, late = Seen(), Seen()
        first = Client("Eve", listener=early, watch=True, record=str(tmp_path / "eve.rec"))
        first_run = asyncio.create_task(first.run("127.0.0.1", port))
        await wait_for(lambda: early.lobbies, "the spectator's lobby")
        players = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in players]
        await wait_for(lambda: host.match is not None and host.match.n > 40, "moves")
        second = Client("Sam", listener=late, watch=True)
        second_run = asyncio.create_task(second.run("127.0.0.1", port))
        await wait_for(lambda: late.updates, "the late spectator's first view")
        second.say("hello from the back")
        try:
            outcomes = await asyncio.wait_for(asyncio.gather(*runs, first_run, second_run), 120)
            # Once the game is over, there is nothing left to watch: said, and closed.
            after = await Raw.watch(port, Identity().public_key)
            assert (await after.next("error"))["code"] == "game_over"
        finally:
            await host.close()
        code = next(line.split()[-1] for line in lines if line.startswith("transcript"))
        assert all(o.error is None for o in outcomes), outcomes
        assert {o.transcript for o in outcomes} == {code}
        assert {o.winner for o in outcomes} == {outcomes[0].winner}
        # Neither spectator took a seat, nor was ever a contributor.
        assert early.joined_as == ("w1", "") and late.joined_as == ("w2", "")
        assert [s.id for s in host.seats] == ["p1", "p2", "p3"]
        start = first.witness.history[0]["body"]
        assert start["contributors"] == ["host", "p1", "p2"]
        assert (
            first.rolls.chain is None
            and first.rolls.sent_reveals == {}
            and first.kept.revealed == 0
        )
        # Their lobby never listed them as seats, and their chat reached the players.
        assert all(s["seat"] in ("p1", "p2", "p3") for s in early.lobbies[-1]["seats"])
        assert ("w2", "Sam", "hello from the back") in early.said
        # Each saw the whole game, the last view the end, every hand hidden.
        for seen in (early, late):
            last = seen.updates[-1]["view"]
            assert last["phase"] == "over" and last["winner"] == outcomes[0].winner
            assert all(hand is None for hand in last["hands"].values())
        verdict = verify_record(tmp_path / "eve.rec")
        assert verdict.ok, verdict.message
        assert verify_record(record).ok

    asyncio.run(main())


# ----- on the wire ---------------------------------------------------------------------------


class RawWatcher:
    """A spectator written from protocol.md alone: frames in, nothing checked, everything
    kept, to look for secrets in what the host sent it."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.buffer = b""
        self.messages: list[dict[str, Any]] = []
        hello = {
            "type": "hello",
            "version": PROTOCOL_VERSION,
            "name": "Raw",
            "key": Identity().public_key,
            "token": None,
            "have": 0,
            "watch": True,
        }
        self.sock.sendall(encode(hello))

    def read_until_over(self) -> None:
        while not any(m.get("type") == "update" and _over(m) for m in self.messages):
            data = self.sock.recv(1 << 16)
            if not data:
                return
            self.buffer += data
            while len(self.buffer) >= 4:
                (size,) = struct.unpack(">I", self.buffer[:4])
                if len(self.buffer) < 4 + size:
                    break
                self.messages.append(unpack(self.buffer[4 : 4 + size]))
                self.buffer = self.buffer[4 + size :]


def _over(update: dict[str, Any]) -> bool:
    changes = update.get("changes") or update.get("view") or {}
    return changes.get("phase") == "over"


CARDS = set(classic_board().territories) | {"joker_1", "joker_2"}


def _secrets_in(message: dict[str, Any]) -> list[str]:
    """Every hidden thing ``message`` shows: a hand's cards, the pile, an objective before the
    end, a card drawn or handed over in an event."""
    found = []
    for view in (message.get("view"), message.get("changes")):
        if not view:
            continue
        for seat, hand in (view.get("hands") or {}).items():
            if hand is not None:
                found.append(f"the hand of {seat}")
        if view.get("deck") is not None:
            found.append("the draw pile")
        if view.get("phase") != "over":
            for seat, objective in (view.get("objectives") or {}).items():
                if objective is not None:
                    found.append(f"the objective of {seat}")
    for event in message.get("events") or []:
        if event.get("type") == "card_drawn" and event.get("card") is not None:
            found.append(f"a card drawn by {event.get('player')}")
        if event.get("type") == "player_eliminated" and event.get("cards"):
            found.append(f"the cards of {event.get('player')}")
        if event.get("type") == "objectives_dealt" and any(event["objectives"].values()):
            found.append("an objective dealt")
        if event.get("type") == "card_taken" and event.get("card") is not None:
            found.append(f"the card {event.get('player')} took after a retreat")
        if event.get("type") == "reward_taken" and event.get("cards") is not None:
            found.append("the neutral's reward cards")
    return found


# Games watched, at most, for one in which a card is drawn: a game can be won before anyone
# conquers (a secret mission met by the deal's armies alone), so one game may draw none.
GAMES_FOR_A_DRAW = 4


def watch_a_game(mode: str) -> list[dict[str, Any]]:
    """Every message the raw spectator read in one whole game of ``mode``."""

    async def main() -> list[dict[str, Any]]:
        host = Host(HostConfig(seats=3, bots=1, mode=mode))
        port = await host.serve("127.0.0.1", 0)
        watcher = RawWatcher(port)
        reading = asyncio.create_task(asyncio.to_thread(watcher.read_until_over))
        players = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        try:
            await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in players)), 120
            )
            await asyncio.wait_for(reading, 30)
        finally:
            watcher.sock.close()
            await host.close()
        return watcher.messages

    return asyncio.run(main())


def check_nothing_secret(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every check of what a spectator read in one game; returns the draws it was told of."""
    kinds = {m.get("type") for m in messages}
    assert {"welcome", "lobby", "signed", "update"} <= kinds, kinds
    welcome = messages[0]
    assert welcome["type"] == "welcome" and welcome["watching"] is True and welcome["colour"] == ""
    updates = [m for m in messages if m.get("type") in ("update", "events")]
    assert len(updates) > 50
    # Every event of a draw reached the spectator with its card hidden.
    drawn = [e for m in updates for e in m.get("events") or [] if e.get("type") == "card_drawn"]
    assert all(e["card"] is None for e in drawn)
    assert [s for m in messages for s in _secrets_in(m)] == []
    # Every field protocol.md says is always there is there, in every message and every
    # broadcast's body (nil when it has no value).
    left_out = documented_left_out(HOST_MESSAGES)
    assert set().union(*(missing_fields(m, HOST_MESSAGES, left_out) for m in messages)) == set()
    # No card's name appears in any update's view before the end but in the discards.
    for m in updates:
        view = m.get("view") or m.get("changes") or {}
        if view.get("phase") == "over":
            break
        for hand in (view.get("hands") or {}).values():
            assert not (set(hand or []) & CARDS)
    return drawn


@pytest.mark.parametrize("mode", ["secret-mission", "revised"])
def test_no_secret_reaches_a_spectator_on_the_wire(mode: str) -> None:
    # Games are watched until one draws cards (the players' own updates named them), so that
    # the draws' hiding is seen, not taken on trust; every game watched is checked whole.
    for _ in range(GAMES_FOR_A_DRAW):
        if check_nothing_secret(watch_a_game(mode)):
            return
    raise AssertionError(f"no card was drawn in {GAMES_FOR_A_DRAW} games of {mode}")


# ----- a player out of the game --------------------------------------------------------------


class Leaves(Listener):
    """A player's client that goes away as soon as its player is out of the game."""

    def __init__(self, seat_of) -> None:
        self.seat_of = seat_of
        self.out_at: int | None = None
        self.task: asyncio.Task | None = None

    def updated(self, update: dict[str, Any], checked: str) -> None:
        if self.out_at is None and self.seat_of() in update["view"]["eliminated"]:
            self.out_at = update["n"]
            if self.task is not None:
                self.task.cancel()


def test_a_player_out_of_the_game_stops_contributing_and_never_keeps_the_table_waiting() -> None:
    async def main() -> None:
        # A seat that keeps a roll waiting is handed to a bot only after 300 s: a table that
        # waited on an eliminated player's reveal would not finish within the deadline.
        host = Host(HostConfig(seats=4, bots=0, absent_after=300))
        port = await host.serve("127.0.0.1", 0)
        clients: list[Client] = []
        listeners = []
        for i in range(4):
            listener = Leaves(lambda i=i: clients[i].seat)
            clients.append(Client(f"c{i}", ClassicBot(), listener=listener, retries=0))
            listeners.append(listener)
        for client, listener in zip(clients, listeners, strict=True):
            listener.task = asyncio.create_task(client.run("127.0.0.1", port))
        try:
            await asyncio.wait_for(host.done.wait(), DEADLINE)
        finally:
            for listener in listeners:
                listener.task.cancel()
            await host.close()
        match = host.match
        game = match.game
        assert game.is_over and game.winner is not None
        out = list(game.state.eliminated)
        assert len(out) == 3  # four players, one winner
        bodies = [e["body"] for e in match.broadcaster.transcript_log]
        # The last one out ended the game; the others were taken off the rolls right after
        # the move that put them out, and no reveal of theirs relayed after that.
        for seat in out[:-1]:
            taken = next(
                i for i, b in enumerate(bodies) if b["type"] == "takeover" and b["seat"] == seat
            )
            later = [b for b in bodies[taken:] if b["type"] == "reveals"]
            assert all(r["from"] != seat for b in later for r in b["envelopes"])
            assert seat not in match.rolls.contributors
        assert not [b for b in bodies if b["type"] == "handback"]

    asyncio.run(main())


# ----- what a spectator may not do -------------------------------------------------------------


class Raw:
    """A connection written from protocol.md alone, reading with a deadline."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def watch(cls, port: int, key: bytes, token: bytes | None = None, have: int = 0) -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        raw = cls(reader, writer)
        hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "Raw", "key": key,
                 "token": token, "have": have, "watch": True}  # fmt: skip
        raw.send(hello)
        return raw

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(encode(message))

    async def next(self, kind: str) -> dict[str, Any] | None:
        """The next message of type ``kind`` (None: the host closed the connection)."""
        return (await self.up_to(kind))[-1]

    async def up_to(self, kind: str) -> list[dict[str, Any] | None]:
        """The messages up to the next one of type ``kind``, that one last (None last: the
        host closed the connection first)."""
        messages: list[dict[str, Any] | None] = []
        while True:
            try:
                header = await asyncio.wait_for(self.reader.readexactly(4), 10)
                body = await self.reader.readexactly(struct.unpack(">I", header)[0])
            except asyncio.IncompleteReadError:
                return [*messages, None]
            messages.append(unpack(body))
            if messages[-1].get("type") == kind:
                return messages


def test_a_spectator_is_refused_what_only_players_may_do_and_comes_back_as_itself() -> None:
    async def main() -> None:
        host = Host(HostConfig(seats=3, bots=1))
        port = await host.serve("127.0.0.1", 0)
        key = Identity()
        try:
            raw = await Raw.watch(port, key.public_key)
            welcome = await raw.next("welcome")
            assert welcome["watching"] is True and welcome["seat"] == "w1"
            for message in ({"type": "ready"}, {"type": "colour", "colour": "red"},
                            {"type": "reclaim"}):  # fmt: skip
                raw.send(message)
                refused = await raw.next("error")
                assert refused["code"] == "watching", message
            assert not any(s.ready for s in host.seats) and host.seats[0].kind == "open"
            raw.send({"type": "say", "text": "hi"})
            assert (await raw.next("chat"))["seat"] == "w1"
            # Back with its token: the same id, its earlier connection closed.
            again = await Raw.watch(port, key.public_key, welcome["token"])
            assert (await again.next("welcome"))["seat"] == "w1"
            assert await raw.next("lobby") is None  # the first connection was closed
            # A spectator's token under another key is refused; a token no spectator has (one
            # the host forgot) makes a new spectator, never a loop of refusals.
            stranger = await Raw.watch(port, Identity().public_key, welcome["token"])
            assert (await stranger.next("error"))["code"] == "bad_token"
            forgotten = await Raw.watch(port, key.public_key, b"\x00" * 16)
            assert (await forgotten.next("welcome"))["seat"] == "w2"
            forgotten.writer.close()
            # A signed message from a spectator closes its connection; the table goes on.
            act = {"type": "act", "game": welcome["game"], "seq": 1,
                   "action": {"type": "end_turn"}}  # fmt: skip
            again.send(key.sign("w1", act))
            assert (await again.next("error"))["code"] == "watching"
            assert await again.next("lobby") is None
            # At most 16 spectators at once.
            await wait_for(lambda: sum(1 for w in host.watchers if w.connection) == 0, "gone")
            crowd = [await Raw.watch(port, Identity().public_key) for _ in range(16)]
            seats = [(await c.next("welcome"))["seat"] for c in crowd]
            assert len(set(seats)) == 16
            late = await Raw.watch(port, Identity().public_key)
            assert (await late.next("error"))["code"] == "full"
            assert host.state == "lobby" and [s.kind for s in host.seats] == ["open", "open", "bot"]
        finally:
            await host.close()

    asyncio.run(main())


async def waiting_on_a_raw_player(host: Host, port: int) -> str:
    """A game begun with one player written from protocol.md, which never commits: the game
    waits on it. Returns the game's id."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    player = Raw(reader, writer)
    player.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Pat",
                 "key": Identity().public_key})  # fmt: skip
    welcome = await player.next("welcome")
    # A hello without `token`, `have` or `watch` seats a player, whose welcome lacks just
    # what protocol.md says the host leaves out for a player (`watching`).
    left_out = documented_left_out(HOST_MESSAGES)["welcome"]
    assert welcome.keys() - {"type"} == HOST_MESSAGES["welcome"].keys() - left_out
    player.send({"type": "ready"})
    await wait_for(
        lambda: host.match is not None and host.match.broadcaster.transcript_log, "the start"
    )
    return welcome["game"]


def test_a_have_beyond_the_history_is_taken_as_all_of_it() -> None:
    async def main() -> list[int]:
        host = Host(HostConfig(seats=3, bots=2))
        port = await host.serve("127.0.0.1", 0)
        sent = []
        try:
            await waiting_on_a_raw_player(host, port)
            for have in (0, 10**6):
                raw = await Raw.watch(port, Identity().public_key, have=have)
                # The lobby waits behind the history: what comes before it is the history.
                before = await raw.up_to("lobby")
                assert before[0]["type"] == "welcome" and before[-1]["type"] == "lobby"
                sent.append(sum(1 for m in before if m["type"] == "signed"))
                raw.writer.close()
            assert len(host.match.broadcaster.transcript_log) == 1  # the start
        finally:
            await host.close()
        return sent

    assert asyncio.run(main()) == [1, 0]


def test_a_spectator_that_signs_while_it_is_sent_the_history_is_told_why_before_the_close():
    """What a client sends before it has the whole history may be refused, and the refusal
    reaches it: it was held back with what waits for the history, and lost at the close."""

    async def main() -> None:
        host = Host(HostConfig(seats=3, bots=2))
        port = await host.serve("127.0.0.1", 0)
        try:
            game = await waiting_on_a_raw_player(host, port)
            key = Identity()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            spectator = Raw(reader, writer)
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "Sam",
                     "key": key.public_key, "watch": True}  # fmt: skip
            act = {"type": "act", "game": game, "seq": 1, "action": {"type": "end_turn"}}
            # Both in one read: the act arrives while the history is on its way.
            writer.write(encode(hello) + encode(key.sign("w1", act)))
            assert (await spectator.next("welcome"))["watching"] is True
            refused = await spectator.next("error")
            assert refused is not None, "the connection closed without saying why"
            assert refused["code"] == "watching"
            assert await spectator.next("update") is None  # and closed
        finally:
            await host.close()

    asyncio.run(main())


def test_a_spectator_that_never_reads_or_sends_junk_costs_the_table_nothing() -> None:
    async def main() -> list[Any]:
        host = Host(HostConfig(seats=3, bots=1))
        port = await host.serve("127.0.0.1", 0)
        stalled = await Raw.watch(port, Identity().public_key)  # and never reads a byte
        junk = await Raw.watch(port, Identity().public_key)
        assert (await junk.next("welcome"))["watching"]
        junk.writer.write(struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1")  # not msgpack
        players = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        try:
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in players)), DEADLINE
            )
            assert (await junk.next("error"))["code"] == "malformed"  # told why
            assert await junk.next("lobby") is None  # and closed
        finally:
            stalled.writer.close()
            await host.close()
        return outcomes

    outcomes = asyncio.run(main())
    assert all(o.error is None and o.winner for o in outcomes), outcomes
    assert outcomes[0].transcript == outcomes[1].transcript
