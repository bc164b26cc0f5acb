"""A sealed game over real sockets in which a seat changes hands three ways (issue 27): one
player's client is stopped mid-game without a word, as a killed program would be (a host bot
takes the seat once it is away, and now reads its cards), and started again from its seat
file (the seat handed back, with its hand as it stands); or, instead, the host's player hands
that seat to a bot while the client runs on, which asks for it back. Then another player
forges a removal of its layer and is expelled by name. The game must finish, every honest
peer on one transcript, the record must verify naming the expelled player, and nobody else
may be blamed. The host and every client run in this process, each client on a connection
of its own.

Used by tests/test_net_sealed_seat_changes.py (a few modes) and bench/sealed_seats.py (every
mode with cards or objectives)."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Outcome
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import ruleset

# A seat changes hands once the game is in this turn, and once its player holds a card in
# its hand (so that the host's bot has cards to read, beyond any objective).
KILL_IN_TURN = 3
GAMES_TO_TRY = 4  # games played at most for one that lasts through every change
ENDED_EARLY = "the game ended before "  # what the game got to, and no fault of anyone's
READ = re.compile(r"every sealed card read \((\d+)\)")
SEES = re.compile(r"the bot playing (\S+)'s seat now sees \1's (\d+) cards?")
BACK = re.compile(r"(\S+) has their seat back, with their (\d+) cards?")


class ArmedForger(Client):
    """An honest client until ``armed``; then the next removal of its layer it sends leaves
    the card's point as it was (a false ``unlayer``, as tests/test_net_sealed_cheats.py's
    ``TryingDealer`` forges it), followed by the true one, too late: the false one is
    evidence enough to expel it."""

    armed = False
    forged = False

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        step = body.get("step") if body["type"] == "deck" else None
        if self.armed and not self.forged and step is not None and step["kind"] == "unlayer":
            assert self.witness is not None and self.witness.ledger is not None
            self.forged = True
            point_now = bytes(self.witness.ledger.slot(step["token"]).point)
            super()._send_signed({**body, "step": {**step, "point": point_now}})
        return super()._send_signed(body)


@dataclass
class SeatChanges:
    """What one game showed: its figures, and every way it fell short (empty: none)."""

    mode: str
    seats: int
    moves: int = 0
    cards_read: int = 0  # every sealed card, read by every peer at the end
    bot_read: int = 0  # the cards of the seat taken that the host's bot read on taking it
    handed_back: int = 0  # the cards its player got back with the seat
    takeovers: int = 0  # in the record: the killed seat's, and each player out of the game
    handbacks: int = 0
    expulsions: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        news = "ok" if not self.failures else "FAILED: " + "; ".join(self.failures)
        return (
            f"{self.mode}: {self.seats} players, moves {self.moves}, cards read "
            f"{self.cards_read} (the host's bot read {self.bot_read} of the taken seat's, "
            f"{self.handed_back} handed back), takeovers {self.takeovers}, handbacks "
            f"{self.handbacks}, expulsions {self.expulsions}, {self.seconds:.0f} s: {news}"
        )


def fewest_players(mode: str, wanted: int = 3) -> int:
    """The fewest players a game of ``mode`` takes that keeps going with one expelled and one
    away: three (four parties with the host) where the mode allows it, since a player out of
    the game takes its own layer off (docs/fairness.md, "What stalls, and what does not");
    two in the two-player modes. ``wanted``: another count, within the mode's."""
    rules = ruleset(mode)
    return max(rules.min_players, min(wanted, rules.max_players))


class SeatGame:
    """One game of ``mode``: the host and its players in this process, over real sockets."""

    def __init__(
        self,
        folder: Path,
        mode: str,
        away: str = "kill",
        players: int | None = None,
        absent_after: float = 2.0,
    ) -> None:
        """``away``: how the seat leaves its player: ``kill``, its program killed and started
        again from its seat file (which rebuilds its ledger from the history), or ``taken``,
        handed to a host bot by the host's player while the program runs on (which asks for
        it back at once, its ledger kept). ``players``: the seats (``fewest_players``)."""
        self.folder, self.mode, self.away = folder, mode, away
        self.record = folder / "game.rec"
        self.lines: list[str] = []
        self.seats = fewest_players(mode, players or 3)
        config = HostConfig(
            seats=self.seats, mode=mode, sealed=True, record=str(self.record),
            absent_after=absent_after, log=self.lines.append,
        )  # fmt: skip
        self.host = Host(config)
        self.cheat = ArmedForger("cheat", ClassicBot())
        honest = [f"p{i}" for i in range(self.seats - 1)]
        self.clients: list[Client] = [
            Client(n, ClassicBot(), state_path=folder / f"{n}.seat") for n in honest
        ]
        self.clients.insert(1, self.cheat)
        self.tasks: dict[Client, asyncio.Task[Outcome]] = {}
        self.killed: Client | None = None
        self.port = 0

    async def play(self, seconds: float) -> SeatChanges:
        began = time.monotonic()
        result = SeatChanges(self.mode, self.seats)
        self.port = await self.host.serve("127.0.0.1", 0)
        for client in self.clients:
            self._start(client)
        try:
            await asyncio.wait_for(self._drive(), seconds)
            outcomes = await asyncio.wait_for(self._outcomes(), seconds)
        except (TimeoutError, AssertionError) as e:
            result.failures.append(str(e) or f"no end in {seconds:.0f} s")
            outcomes = {}
        finally:
            for task in self.tasks.values():
                task.cancel()
            await self.host.close()
        result.seconds = time.monotonic() - began
        if outcomes:
            self._judge(outcomes, result)
        else:  # what the game got to before it failed
            result.moves = self.host.match.n if self.host.match is not None else 0
            self._count(result)
        return result

    def _start(self, client: Client) -> None:
        self.tasks[client] = asyncio.create_task(client.run("127.0.0.1", self.port))

    async def _until(self, what: str, reached: Callable[[], object]) -> None:
        while not reached():
            ended = [
                f"{c.name} ({t.exception() or t.result().error})"
                for c, t in self.tasks.items()
                if t.done() and c is not self.killed
            ]
            if ended and not self._over():
                raise AssertionError(f"{', '.join(ended)} stopped while waiting for {what}")
            if self._over():
                raise AssertionError(f"{ENDED_EARLY}{what}")
            await asyncio.sleep(0.02)

    def _over(self) -> bool:
        match = self.host.match
        return match is not None and match.finished

    def _said(self, pattern: re.Pattern[str], name: str) -> re.Match[str] | None:
        matches = (pattern.search(line) for line in self.lines)
        return next((m for m in matches if m is not None and m.group(1) == name), None)

    async def _drive(self) -> None:
        """Take a player's seat mid-game (its client stopped, or handed to a bot), wait for
        the seat to come back to it, then arm the forger."""
        await self._until("a player holding cards", self._victim)
        victim = self._victim()
        assert victim is not None and self.host.match is not None
        if self.away == "taken":
            self.host.match.handovers.take_over_now(victim.seat)
        else:
            await self._kill(victim)
        await self._until("the seat handed back", lambda: self._said(BACK, victim.name))
        self.cheat.armed = True
        await self._until("the forger expelled", lambda: self.cheat.forged and self._expelled())

    async def _kill(self, victim: Client) -> None:
        """Its program gone at once, saying nothing; started again once a host bot reads its
        cards."""
        self.killed = victim
        self.tasks[victim].cancel()
        await asyncio.gather(self.tasks[victim], return_exceptions=True)
        await self._until("the host's bot to read its cards", lambda: self._said(SEES, victim.name))
        again = Client(victim.name, ClassicBot(), state_path=self.folder / f"{victim.name}.seat")
        self.clients[self.clients.index(victim)] = again
        del self.tasks[victim]
        self.killed = None
        self._start(again)

    def _expelled(self) -> bool:
        return any("is expelled" in line for line in self.lines)

    def _victim(self) -> Client | None:
        """An honest player still in the game that holds a card in its hand (and has read
        it), once the game is past its setup and first turns."""
        match = self.host.match
        state = match.game.state if match is not None and match.game is not None else None
        if state is None or state.turn < KILL_IN_TURN:
            return None
        for client in self.clients:
            read = client.deck.party.cards if client.deck is not None else {}
            hand = state.hands.get(client.seat, [])
            if client is self.cheat or not state.alive(client.seat):
                continue
            if any(card in read for card in hand):
                return client
        return None

    async def _outcomes(self) -> dict[Client, Outcome]:
        done = await asyncio.gather(*self.tasks.values())
        return dict(zip(self.tasks, done, strict=True))

    def _judge(self, outcomes: dict[Client, Outcome], result: SeatChanges) -> None:
        fail = result.failures.append
        cheat = outcomes.get(self.cheat)
        if cheat is None or cheat.error != "expelled: bad_unlayer":
            fail(f"the forger's game ended otherwise: {cheat}")
        honest = {c.name: o for c, o in outcomes.items() if c is not self.cheat}
        for name, outcome in honest.items():
            if outcome.error is not None or outcome.culprit is not None or not outcome.winner:
                fail(f"{name}: {outcome.error} (blame: {outcome.culprit})")
        if len({o.transcript for o in honest.values()}) != 1:
            fail(f"the players tell different transcripts: {honest}")
        expelled = [line for line in self.lines if "is expelled" in line]
        if len(expelled) != 1 or f"({self.cheat.seat}) is expelled" not in expelled[0]:
            fail(f"the host's console said: {expelled}")
        verdict = verify_record(self.record)
        if not verdict.ok or verdict.winner is None:
            fail(f"the record: {verdict.message}")
        if verdict.expelled != {self.cheat.seat: "bad_unlayer"}:
            fail(f"the record expels {verdict.expelled}, not the forger alone")
        read = READ.search(verdict.message)
        result.cards_read = int(read.group(1)) if read else 0
        if not read:
            fail(f"the record does not say every card was read: {verdict.message}")
        result.moves = verdict.moves
        self._count(result)

    def _count(self, result: SeatChanges) -> None:
        failed = bool(result.failures)
        try:
            bodies = [e["body"] for e in read_record(self.record) if "body" in e]
        except (ProtocolError, OSError):  # a game stopped early may have left none
            bodies = []
        result.takeovers = sum(b["type"] == "takeover" for b in bodies)
        result.handbacks = sum(b["type"] == "handback" for b in bodies)
        result.expulsions = sum(b["type"] == "expel" for b in bodies)
        sees = [m for m in map(SEES.search, self.lines) if m is not None]
        back = [m for m in map(BACK.search, self.lines) if m is not None]
        result.bot_read = int(sees[0].group(2)) if sees else 0
        result.handed_back = int(back[0].group(2)) if back else 0
        if not (result.handbacks and result.bot_read and result.handed_back) and not failed:
            result.failures.append("the seat did not change hands and come back with cards")


def play_seat_changes(
    folder: Path, mode: str, seconds: float = 240, away: str = "kill", players: int | None = None
) -> SeatChanges:
    """Play one game of ``mode`` in ``folder`` (see the module's docstring, and ``SeatGame``
    for ``away`` and ``players``)."""
    for attempt in range(GAMES_TO_TRY):
        # A game won before its seat changed hands and came back, or before the forger
        # struck (three players and a secret objective can end that soon), gave the changes
        # no chance: that is the dice's doing, not a fault, and another game is played.
        result = _play_one(folder / f"game-{attempt + 1}", mode, seconds, away, players)
        failures = result.failures
        if not (len(failures) == 1 and failures[0].startswith(ENDED_EARLY)):
            return result
    return result


def _play_one(
    folder: Path, mode: str, seconds: float, away: str, players: int | None
) -> SeatChanges:
    folder.mkdir(parents=True, exist_ok=True)
    try:
        return asyncio.run(SeatGame(folder, mode, away, players).play(seconds))
    except ProtocolError as e:
        seats = fewest_players(mode, players or 3)
        return SeatChanges(mode, seats, failures=[f"{e.code}: {e.message}"])
