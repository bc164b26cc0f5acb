"""The game as the host runs it: commits, then every move and roll in order, then the end.

Every broadcast is signed by the host, added to the transcript and written to the record.
A move that needs chance waits for every contributor's reveal for its roll; the engine then
applies it with dice derived from all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, RollSource, roll_seed
from protocol.framing import pack
from protocol.messages import CHECKPOINT
from protocol.signing import verify
from protocol.transcript import Transcript
from risk_lan.narrate import narrate
from risk_lan.net.record import RecordWriter
from risk_lan.net.updates import NoChance, needs_chance, private_update
from risk_lan.rules import Action, Event, Game, IllegalAction, action_from_dict
from risk_lan.rules.events import GameWon

if TYPE_CHECKING:
    from risk_lan.net.host import Host

COMMIT_TIMEOUT = 30.0
REVEAL_NAG = 10.0  # how often to say who the game is waiting for
POLL = 0.2  # how often a waiting host looks at who has been away too long


class RollCancelled(Exception):
    """A roll that will never complete: a contributor it waits for was taken over."""


class HostGame:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.id = host.game_id
        humans = [s.id for s in host.seats if s.kind == "human"]
        self.contributors = ["host", *humans]
        self.keys = {"host": host.identity.public_key} | {
            s.id: s.key for s in host.seats if s.kind == "human"
        }
        self.bots = {s.id: host.config.bot_factory() for s in host.seats if s.kind == "bot"}
        self.transcript = Transcript(self.id)
        self.record = RecordWriter(host.config.record) if host.config.record else None
        self.commits: dict[str, dict[str, Any]] = {}
        self._commits_in = asyncio.Event()
        self.verifier: ChainVerifier | None = None
        self.reveals: dict[int, dict[str, dict[str, Any]]] = {}
        self._reveal_waiters: dict[int, asyncio.Event] = {}
        self.acts: asyncio.Queue[tuple[str, Action, dict[str, Any]]] = asyncio.Queue()
        self.game: Game | None = None
        self.n = 0
        self.roll = 0
        self.task: asyncio.Task[None] | None = None
        self.transcript_log: list[dict[str, Any]] = []
        self.finished = False
        self.win_reason = "world"  # as the engine says when someone wins
        self.seen_at_roll = b""
        self.unconfirmed: list[tuple[str, dict[str, Any]]] | None = None  # the last roll's
        self.absent_since: dict[str, float] = {}

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.record is not None:
            self.record.close()

    # ----- what clients send ----------------------------------------------------------------

    def receive(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        kind = body["type"]
        if kind == "commit":
            if seat in self.commits:
                if self.commits[seat]["body"]["tip"] == body["tip"]:
                    return  # a client resumed after a crash says it again: nothing new
                raise ProtocolError("replayed", f"{seat} has already committed", seat)
            self.commits[seat] = envelope
            if all(c in self.commits for c in self.contributors[1:]):
                self._commits_in.set()
        elif kind == "reveal":
            try:
                self._accept_reveal(seat, body["roll"], body["link"], envelope)
            except ProtocolError as e:
                # A reveal that does not match its commitment would leave this roll with no
                # honest result: the game stops, naming the culprit.
                self.abort(e)
                raise
        elif kind == "act":
            s = self.host.seat_by_id(seat)
            if body["seq"] <= s.last_seq:
                raise ProtocolError("replayed", f"{seat} sent act {body['seq']} again", seat)
            s.last_seq = body["seq"]
            try:
                action = action_from_dict(body["action"])
                # Judged as it arrives: a move sent out of turn is refused now, not held until
                # the turn comes round. The game loop checks it again when it is applied.
                if self.game is None:
                    raise IllegalAction("not_started", "the game is still being set up")
                if action.type != "auto_defend" and seat != self.game.waiting_for():
                    self.game.check(seat, action)
            except IllegalAction as e:
                self._tell(seat, e.code, e.message)
                return
            self.acts.put_nowait((seat, action, envelope))

    def _accept_reveal(self, seat: str, roll: int, link: bytes, envelope: dict[str, Any]) -> None:
        if seat not in self.contributors:
            return  # a seat taken over no longer contributes
        if roll == self.roll and envelope["body"]["seen"] != self.seen_at_roll:
            raise ProtocolError(
                "equivocation", f"{seat} reports a history this host never sent", seat
            )
        earlier = self.reveals.get(roll, {}).get(seat)
        if earlier is not None and earlier["body"]["link"] == link:
            return  # the same reveal again, from a client resumed after a crash
        if self.verifier is None or roll != self.roll or roll not in self._reveal_waiters:
            raise ProtocolError("wrong_roll", f"no roll {roll} is waiting for reveals", seat)
        self.verifier.accept(seat, roll, link)
        self.reveals[roll][seat] = envelope
        if len(self.reveals[roll]) == len(self.contributors):
            self._reveal_waiters[roll].set()

    def _confirm_reveals(self) -> None:
        """Check the signatures of the latest roll's reveals before the clients do (at each
        checkpoint and at the end), so that a client's bad signature is blamed on it, not on
        the host that relayed it. A link proves its author; only the `seen` needs this."""
        if self.unconfirmed is None:
            return
        reveals, self.unconfirmed = self.unconfirmed, None
        for seat, envelope in reveals:
            verify(envelope, self.keys[seat])

    def abort(self, error: ProtocolError) -> None:
        """Stop the game for good, telling everyone why and whom to blame."""
        if self.finished:
            return
        blame = f" by {error.culprit}" if error.culprit else ""
        self.host.log(f"game stopped: {error.code}{blame}: {error.message}")
        self._finish(None, f"{error.code}:{error.culprit or '?'}"[:32])
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.host.done.set()

    def disconnected(self, seat: str) -> None:
        self.absent_since[seat] = asyncio.get_running_loop().time()
        self.host.log(f"waiting for {seat} to reconnect")
        if self.game is not None:
            self._broadcast_updates([])  # the others see who is away

    def _take_over_absent(self, seats: list[str], waiting_since: float | None = None) -> bool:
        """Hand to a bot every one of ``seats`` away, or withholding what the game waits for,
        longer than the host allows; True if any was."""
        limit = self.host.config.absent_after
        if limit is None:
            return False
        now = asyncio.get_running_loop().time()
        overdue = waiting_since is not None and now - waiting_since >= limit
        gone = [
            s
            for s in seats
            if overdue or (s in self.absent_since and now - self.absent_since[s] >= limit)
        ]
        for seat in gone:
            self.contributors.remove(seat)
            self.bots[seat] = self.host.config.bot_factory()
            self.absent_since.pop(seat, None)
            self._publish(
                {"type": "takeover", "game": self.id, "seat": seat, "roll": self.roll + 1}
            )
            self.host.log(f"{seat} has been away too long: a bot plays the seat from now on")
        return bool(gone)

    def reconnected(self, seat: str) -> None:
        self.absent_since.pop(seat, None)
        s = self.host.seat_by_id(seat)
        if s.connection is None:
            return
        # A returning client gets the signed history to check, then its current view.
        for envelope in self.transcript_log:
            s.connection.send(envelope)
        if self.game is not None:
            self._broadcast_updates([])  # its view, and the others see it back

    # ----- the game -----------------------------------------------------------------------

    def _publish(self, body: dict[str, Any]) -> dict[str, Any]:
        envelope = self.host.identity.sign("host", body, self.transcript.hash)
        self.transcript.add(envelope)
        self.transcript_log.append(envelope)
        if self.record is not None:
            self.record.write(envelope)
        for s in self.host.seats:
            if s.connection:
                s.connection.send(envelope)
        return envelope

    def _tell(self, seat: str, code: str, message: str) -> None:
        conn = self.host.seat_by_id(seat).connection
        if conn:
            conn.send({"type": "error", "code": code, "message": message[:300]})

    async def _run(self) -> None:
        try:
            await self._play()
        except ProtocolError as e:
            self.abort(e)
        finally:
            if self.record is not None:
                self.record.close()
            self.host.done.set()

    async def _play(self) -> None:
        await self._open()
        await self._deal()
        await self._play_turns()
        assert self.game is not None
        self._confirm_reveals()
        self._finish(self.game.winner, self.win_reason)

    async def _open(self) -> None:
        """Announce the game and gather every contributor's commitment."""
        host = self.host
        players = [
            {"seat": s.id, "name": s.name, "kind": s.kind, "colour": s.colour} for s in host.seats
        ]
        self._publish(
            {
                "type": "start",
                "game": self.id,
                "players": players,
                "keys": self.keys,
                "contributors": self.contributors,
                "rules": host.config.mode,
                "chain_length": host.config.chain_length,
                "secret_commit": host.secret_commit,
            }
        )
        mine = host.identity.sign(
            "host", {"type": "commit", "game": self.id, "tip": host.chain.tip}
        )
        self.commits["host"] = mine
        if len(self.contributors) > 1:
            try:
                await asyncio.wait_for(self._commits_in.wait(), COMMIT_TIMEOUT)
            except TimeoutError:
                missing = [c for c in self.contributors if c not in self.commits]
                raise ProtocolError(
                    "no_commit", f"no commitment from {', '.join(missing)}", missing[0]
                ) from None
        envelopes = [self.commits[c] for c in self.contributors]
        self._publish({"type": "commits", "game": self.id, "envelopes": envelopes})
        self.verifier = ChainVerifier(
            self.id, {c: self.commits[c]["body"]["tip"] for c in self.contributors}
        )

    async def _deal(self) -> None:
        """Make the game on the first roll: the order of play and the territories' deal."""
        host = self.host
        seats = [s.id for s in host.seats]
        body = self._move_body(
            "host", {"type": "start_game", "rules": host.config.mode}, None, True
        )
        source = await self._chance(body)
        colours = {s.id: s.colour for s in host.seats}
        self.game, events = Game.new(seats, source, host.config.mode, colours=colours)
        self._broadcast_updates(events)
        for seat, bot in self.bots.items():
            for action in bot.opening(self.game, seat):
                await self._move(seat, action, None)

    async def _play_turns(self) -> None:
        assert self.game is not None
        loop = asyncio.get_running_loop()
        decision = (self.n, None)  # (moves so far, who is to decide): when this changes,
        waiting_since = loop.time()  # the clock for the new decision starts again
        while not self.game.is_over:
            who = self.game.waiting_for()
            assert who is not None
            if (self.n, who) != decision:
                decision, waiting_since = (self.n, who), loop.time()
            if who in self.bots and self.acts.empty():
                await self._move(who, self.bots[who].choose(self.game, who), None)
                continue
            try:
                async with asyncio.timeout(POLL):
                    seat, action, request = await self.acts.get()
            except TimeoutError:
                # Away, or connected and keeping everyone waiting: the same delay applies.
                self._take_over_absent([who], waiting_since)
                continue
            try:
                self.game.check(seat, action)
            except IllegalAction as e:
                self._tell(seat, e.code, e.message)
                continue
            await self._move(seat, action, request)

    def _move_body(
        self, seat: str, action: dict[str, Any], request: dict[str, Any] | None, chance: bool
    ) -> dict[str, Any]:
        self.n += 1
        if chance:
            self.roll += 1
        return {
            "type": "move",
            "game": self.id,
            "n": self.n,
            "seat": seat,
            "action": action,
            "request": request,
            "roll": self.roll if chance else None,
        }

    async def _move(self, seat: str, action: Action, request: dict[str, Any] | None) -> None:
        assert self.game is not None
        chance = needs_chance(self.game, seat, action)
        body = self._move_body(seat, action.to_dict(), request, chance)
        if chance:
            while True:
                try:
                    self.game.source = await self._chance(body)
                    break
                except RollCancelled:
                    # An absent contributor was taken over: the same move, on a new roll.
                    body = self._move_body(seat, action.to_dict(), request, chance)
        else:
            self._publish(body)
            self.game.source = NoChance()
        events = self.game.apply(seat, action)
        for event in events:
            if isinstance(event, GameWon):
                self.win_reason = event.reason  # world, objective, capitals or team
        self._broadcast_updates(events)

    async def _chance(self, body: dict[str, Any]) -> RollSource:
        """Publish a move that needs chance, gather every reveal for its roll, and return the
        source its dice come from."""
        roll = body["roll"]
        self.reveals[roll] = {}
        waiter = self._reveal_waiters[roll] = asyncio.Event()
        self._publish(body)
        self.seen_at_roll = self.transcript.hash
        assert self.verifier is not None
        own = self.host.identity.sign(
            "host",
            {
                "type": "reveal",
                "game": self.id,
                "roll": roll,
                "link": self.host.chain.link(roll),
                "seen": self.transcript.hash,
            },
        )
        self._accept_reveal("host", roll, self.host.chain.link(roll), own)
        nagged = started = asyncio.get_running_loop().time()
        while not waiter.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL):  # cheaper than wait_for, once a roll
                    await waiter.wait()
            missing = [c for c in self.contributors if c not in self.reveals[roll]]
            if missing and self._take_over_absent(missing, started):
                del self._reveal_waiters[roll]
                raise RollCancelled
            now = asyncio.get_running_loop().time()
            if missing and now - nagged >= REVEAL_NAG:
                nagged = now
                self.host.log(f"waiting for {', '.join(missing)} to reveal roll {roll}")
        del self._reveal_waiters[roll]
        envelopes = [self.reveals[roll][c] for c in self.contributors]
        self.unconfirmed = list(zip(self.contributors, envelopes, strict=True))
        if roll % CHECKPOINT == 0:
            self._confirm_reveals()
        self._publish({"type": "reveals", "game": self.id, "roll": roll, "envelopes": envelopes})
        links = [e["body"]["link"] for e in envelopes]
        return RollSource(roll_seed(self.id, roll, pack(body), links), self.host.secret)

    def _update(
        self, seat: str, events: list[Event], converted: dict[int, dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        assert self.game is not None
        away = [s.id for s in self.host.seats if s.kind == "human" and s.connection is None]
        return private_update(self.game, self.id, self.n, seat, events, away, converted)

    def _broadcast_updates(self, events: list[Event]) -> None:
        assert self.game is not None
        if self.host.config.log is not None:
            for e in events:
                line = narrate(self.game, e)
                if line:
                    self.host.log(line)
        converted: dict[int, dict[str, Any]] = {}
        for s in self.host.seats:
            if s.connection:
                s.connection.send(self._update(s.id, events, converted))

    def _finish(self, winner: str | None, reason: str) -> None:
        if self.finished:
            return
        self.finished = True
        body = {
            "type": "over",
            "game": self.id,
            "winner": winner,
            "secret": self.host.secret,
            "reason": reason,
        }
        self._publish(body)
        self.host.log(f"transcript {self.transcript.code}")
