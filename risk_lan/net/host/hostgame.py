"""The game as the host runs it: commits, then every move and roll in order, then the end.

What it says to the table goes through ``hostbroadcast`` (the one place it meets the seats'
connections); the rolls are in ``hostrolls``, the seats' comings and goings in ``hostseats``.
A move that needs chance waits for every contributor's reveal for its roll; the engine then
applies it with dice derived from all of them. Whatever the game waits for (a commitment, a
reveal, a move), one clock (``absence.AbsenceClock``) says when a seat has kept it waiting
too long and a bot takes the seat; a player who comes back gets the seat back. A host
resumed from its save (``history``) stands where it stopped.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier
from protocol.transcript import Transcript
from risk_lan.net.host.absenceclock import AbsenceClock
from risk_lan.net.host.broadcaster import Broadcasting
from risk_lan.net.host.expeller import expel
from risk_lan.net.host.handovers import SeatKeeping
from risk_lan.net.host.intake import ActIntake, ActQueue
from risk_lan.net.host.rolls import POLL, RollKeeping
from risk_lan.net.record import RecordWriter
from risk_lan.net.replay import GameReplay
from risk_lan.net.updates import NoChance, needs_chance
from risk_lan.rules import Action, Game, IllegalAction, action_from_dict
from risk_lan.rules.events import GameWon

if TYPE_CHECKING:
    from risk_lan.net.host.hostserver import Host


class HostGame(ActIntake, SeatKeeping, RollKeeping, Broadcasting):
    def __init__(self, host: Host, history: GameReplay | None = None) -> None:
        self.host = host
        self.id = host.game_id
        humans = [s.id for s in host.seats if s.kind == "human"]
        self.contributors = ["host", *humans]
        self.keys = {"host": host.identity.public_key} | {
            s.id: s.key for s in host.seats if s.kind == "human"
        }
        self.bots = {s.id: host.config.bot_factory() for s in host.seats if s.kind == "bot"}
        self.transcript = Transcript(self.id)
        self.transcript_log: list[dict[str, Any]] = []
        self.commits: dict[str, dict[str, Any]] = {}
        self.commits_published = False
        self._commits_in = asyncio.Event()
        self.verifier: ChainVerifier | None = None
        self.reveals: dict[int, dict[str, dict[str, Any]]] = {}
        self._reveal_waiters: dict[int, asyncio.Event] = {}
        self.acts = ActQueue()  # (seat, action, its act's envelope) for the game loop
        self.game: Game | None = None
        self.n = 0
        # The last move applied: a move waiting for its roll is published and not yet played,
        # and an update tells the state after the moves played.
        self.applied = 0
        self.roll = 0
        self.pending: dict[str, Any] | None = None  # a published move waiting for its roll
        self.cancelled: set[int] = set()  # rolls a takeover or an expulsion left unmade
        self.task: asyncio.Task[None] | None = None
        self.finished = False
        self.win_reason = "world"  # as the engine says when someone wins
        self.seen_at_roll = b""
        self.unconfirmed: list[tuple[str, dict[str, Any]]] | None = None  # the last roll's
        self.clock = AbsenceClock(host.config.absent_after)
        self.handbacks: set[str] = set()  # seats whose players came back, handed back next
        self.catching_up: set[str] = set()  # seats being sent the history
        self.views_sent: dict[str, tuple[Any, Any]] = {}  # see Broadcasting
        self.told: set[str] = set()  # players who have said they took in the end
        self.everyone_told = asyncio.Event()
        self._catch_ups: set[asyncio.Task[None]] = set()
        self.on_publish: Callable[[dict[str, Any]], None] | None = None  # the save's writer
        self.on_wait: Callable[[], None] | None = None  # while waiting: the save to the disk
        self.record = RecordWriter(host.config.record) if host.config.record else None
        if history is not None:
            self._restore(history)

    def _restore(self, history: GameReplay) -> None:
        """Stand where the saved game stopped: the same transcript, counters, commitments,
        chains, seats played by bots, and the roll that was waiting, if one was."""
        assert history.transcript is not None
        self.transcript = history.transcript
        self.contributors = list(history.contributors)
        self.n, self.roll, self.game = history.n, history.roll, history.game
        self.applied = history.n - (history.pending is not None)
        self.pending = history.pending
        self.seen_at_roll = history.pending_seen
        for seat in history.taken:
            self.bots[seat] = self.host.config.bot_factory()
        for seat, why in history.expelled.items():
            self.host.seat_by_id(seat).expelled = why
        if history.commits is not None:
            self.commits_published = True
            self.verifier = history.chains
            for env in history.commits["envelopes"]:
                self.commits[env["from"]] = env
        for seat, seq in history.last_seq.items():
            self.host.seat_by_id(seat).last_seq = seq
        self.win_reason = history.win_reason or "world"
        if self.pending is not None:
            # Reveals sent again by returning clients may come before the game task runs.
            self.reveals[self.pending["roll"]] = {}
            self._reveal_waiters[self.pending["roll"]] = asyncio.Event()

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
        for task in self._catch_ups:
            task.cancel()
        if self.record is not None:
            self.record.close()

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    # ----- what clients send ----------------------------------------------------------------

    def receive(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        kind = body["type"]
        if kind == "commit":
            self._accept_commit(seat, body, envelope)
        elif kind == "reveal":
            try:
                self._accept_reveal(seat, body["roll"], body["link"], envelope)
            except ProtocolError as e:
                # A reveal that does not match its commitment would leave this roll with no
                # honest result: its sender is expelled and the roll made again without it.
                if not expel(self, seat, e, [envelope]):
                    raise
        elif kind == "act":
            s = self.host.seat_by_id(seat)
            if body["seq"] <= s.last_seq:
                raise ProtocolError("replayed", f"{seat} sent act {body['seq']} again", seat)
            s.last_seq = body["seq"]
            try:
                action = self._judged(s, body["action"])
            except IllegalAction as e:
                self._tell(seat, e.code, e.message)
                return
            self.acts.put_nowait((seat, action, envelope))

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

    # ----- the game -----------------------------------------------------------------------

    async def _run(self) -> None:
        try:
            await self._play()
        except ProtocolError as e:
            self.abort(e)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A bug of the host's own: the table is told, in a signed end, rather than left
            # waiting on a game that no longer runs.
            self.host.report_crash(traceback.format_exc())
            self._finish(None, "host_error")
        finally:
            if self.record is not None:
                self.record.close()
            self.host.done.set()

    async def _play(self) -> None:
        if not self.transcript_log:
            self._announce()
        if not self.commits_published:
            await self._gather_commits()
        if self.game is None:
            await self._deal()
        elif self.pending is not None:
            await self._finish_pending()
        await self._play_turns()
        assert self.game is not None
        self._confirm_reveals()
        self._finish(self.game.winner, self.win_reason)

    def _announce(self) -> None:
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
                "contributors": list(self.contributors),
                "rules": host.config.mode,
                "chain_length": host.config.chain_length,
                "secret_commit": host.secret_commit,
            }
        )

    async def _deal(self) -> None:
        """Make the game on the first roll: the order of play and the territories' deal."""
        host = self.host
        if self.pending is None:
            body = self._move_body(
                "host", {"type": "start_game", "rules": host.config.mode}, None, True
            )
            source = await self._rolled(body, publish=True)
        else:
            source = await self._rolled(self.pending, publish=False)
        colours = {s.id: s.colour for s in host.seats}
        seats = [s.id for s in host.seats]
        self.game, events = Game.new(seats, source, host.config.mode, colours=colours)
        self.applied = self.n
        self._broadcast_updates(events)
        for seat, bot in self.bots.items():
            for action in bot.opening(self.game, seat):
                await self._move(seat, action, None)

    async def _finish_pending(self) -> None:
        """The move a resumed host found waiting for its roll: made with the same reveals."""
        assert self.pending is not None and self.game is not None
        body = self.pending
        source = await self._rolled(body, publish=False)
        self._apply(body["seat"], action_from_dict(body["action"]), source)

    async def _play_turns(self) -> None:
        assert self.game is not None
        decision: tuple[int, str | None] = (-1, None)
        while not self.game.is_over:
            self._retire_eliminated()
            self._hand_back()
            who = self.game.waiting_for()
            assert who is not None
            if (self.n, who) != decision:
                decision = (self.n, who)
                self.clock.wait([] if who in self.bots else [who], "move", self.now())
                self._tell_clock()
            if who in self.bots and self.acts.empty():
                await self._move(who, self.bots[who].choose(self.game, who), None)
                continue
            try:
                async with asyncio.timeout(POLL):
                    seat, action, request = await self.acts.get()
            except TimeoutError:
                self._take_over_overdue()
                self._tell_clock()
                if self.on_wait is not None:
                    self.on_wait()
                continue
            if seat in self.bots:
                continue  # asked before a bot took the seat
            try:
                self._check(seat, action)
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
            source: Any = await self._rolled(body, publish=True)
        else:
            self._publish(body)
            source = NoChance()
        self._apply(seat, action, source)

    def _apply(self, seat: str, action: Action, source: Any) -> None:
        assert self.game is not None
        self.game.source = source
        events = self.game.apply(seat, action)
        self.applied = self.n
        for event in events:
            if isinstance(event, GameWon):
                self.win_reason = event.reason  # world, objective, capitals or team
        self._broadcast_updates(events)

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
        self.host.game_over()
        self.check_told()

    def check_told(self) -> None:
        # An expelled player's connection was closed: it has no way to say it.
        if all(s.id in self.told or s.expelled for s in self.host.seats if s.kind == "human"):
            self.everyone_told.set()
