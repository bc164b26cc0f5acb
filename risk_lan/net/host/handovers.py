"""Who plays each seat, its player or a host bot, and the one wait every seat is held to:
seats handed to a bot when the clock says so (or the host's player does), handed back when
their players return, players leaving and coming back (the history a returning client is
sent, by the broadcaster, at the pace it reads), and the table told whom the game waits
for."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from risk_lan.bots.base import Bot
from risk_lan.net.host.absenceclock import AbsenceClock
from risk_lan.net.host.broadcaster import Broadcaster, Position
from risk_lan.net.host.hostwords import sentence
from risk_lan.net.host.rolls import Rolls
from risk_lan.net.host.seating import Roster
from risk_lan.rules import IllegalAction

# Phases in which a seat is not handed back: its bot may hold a sealed headquarters whose
# secret its player does not have.
NO_HANDBACK = frozenset({"capital", "capital_reveal"})
REVEAL_NAG = 10.0  # how often to say who the game is waiting for
POLL = 0.2  # how often a waiting host looks at who has been away too long


class SeatsChanging(Protocol):
    """What follows a seat changing hands in a sealed game: its cards given to the party of
    its new runner (``hostdeck``)."""

    def left(self, seat: str, expelled: bool = False) -> None: ...

    def returned(self, seat: str) -> None: ...


def _now() -> float:
    return asyncio.get_running_loop().time()


class Handovers:
    def __init__(
        self,
        roster: Roster,
        broadcaster: Broadcaster,
        rolls: Rolls,
        position: Position,
        bot_factory: Callable[[], Bot],
        leveled: Callable[[str], Bot],
        absent_after: float | None,
        log: Callable[[str], None],
    ) -> None:
        """``bot_factory`` makes the bot that stands in for a player (a normal one);
        ``leveled`` the bot of a bot seat's level."""
        self.roster, self.broadcaster, self.rolls = roster, broadcaster, rolls
        self.position, self.bot_factory, self.log = position, bot_factory, log
        self.id = broadcaster.id
        self.bots: dict[str, Bot] = {
            s.id: leveled(s.level) for s in roster.seats if s.kind == "bot"
        }
        self.clock = AbsenceClock(absent_after)
        self.handbacks: set[str] = set()  # seats whose players came back, handed back next
        self.on_wait: Callable[[], None] | None = None  # while waiting: the save to the disk
        self.deck: SeatsChanging | None = None  # a sealed game's cards, following the seats

    def played_by_bot(self, seat: str) -> bool:
        return seat in self.bots

    def _out(self, seat: str) -> bool:
        """Whether ``seat``'s player has been eliminated."""
        game = self.position.game
        return game is not None and seat in game.state.eliminated

    # ----- players leaving and coming back -------------------------------------------------

    def disconnected(self, seat: str) -> None:
        self.broadcaster.catching_up.discard(seat)
        if seat not in self.bots:
            self.clock.gone(seat, _now())
            self.log(f"waiting for {seat} to reconnect")
        if self.position.game is not None:
            self.broadcaster.broadcast_updates([])  # the others see who is away
        self.tell_clock(force=True)

    def reconnected(self, seat: str, have: int = 0) -> None:
        """A player's client is back: it gets the history it has not checked (at the pace it
        reads), then its view; a seat a bot took meanwhile is handed back."""
        self.clock.back(seat)
        if self.roster.seat_by_id(seat).connection is None:
            return
        if seat in self.bots:
            self.handbacks.add(seat)
        self.broadcaster.send_history(seat, have)

    def watcher_joined(self, watcher: str, have: int = 0) -> None:
        """A spectator came (or came back): the history it has not checked, then its view."""
        self.broadcaster.send_history(watcher, have)

    def caught_up(self, seat: str) -> None:
        """A returning client has the whole history."""
        s = self.roster.seat_by_id(seat)
        if s.kind == "watcher":
            if s.connection:  # the others' screens have nothing new
                if self.position.game is not None:
                    self.broadcaster.send_updates(s, [], {})
                s.connection.send(self.clock_message(self.clock.waits(_now())))
            return
        if self.position.game is not None:
            self.broadcaster.broadcast_updates([])  # its view, and the others see it back
        self.tell_clock(force=True)

    def reclaim(self, seat: str) -> None:
        """A connected player asks for the seat a bot took back."""
        expelled = self.roster.seat_by_id(seat).expelled
        if self._out(seat):
            self.broadcaster.refuse(
                seat, "eliminated", "you are out of the game: you watch it to the end"
            )
        elif expelled:
            self.broadcaster.refuse(seat, "expelled", sentence(expelled))
        elif seat in self.bots:
            self.handbacks.add(seat)
        else:
            self.broadcaster.refuse(seat, "not_taken", "this seat is yours already")

    # ----- bots taking seats and giving them back ------------------------------------------

    def retire_eliminated(self) -> None:
        """A player out of the game watches it from then on: its seat stops contributing to
        the rolls (as a spectator does), so that a player who has lost and left, or whose
        laptop sleeps, never keeps the table waiting on a reveal."""
        game = self.position.game
        assert game is not None
        out = [p for p in game.state.eliminated if p in self.rolls.contributors]
        if out:
            self.take_over(out, "out of the game")

    def take_over_now(self, seat: str) -> None:
        """The host's player hands a seat to a bot at once."""
        s = self.roster.seat_by_id(seat)
        if s.kind != "human" or seat in self.bots:
            raise IllegalAction("no_seat", "only a player's own seat can be handed to a bot")
        self.take_over([seat], "the host's player handed it to a bot")
        self.tell_clock(force=True)

    def take_over(self, seats: list[str], why: str) -> None:
        for seat in seats:
            if seat in self.bots:
                continue
            if self._out(seat):
                self.log(f"{seat} is out of the game and watches it: off the rolls")
            else:
                level = self.bot_factory().name  # the stand-in: a normal bot
                self.log(f"{seat}: {why}; a bot plays the seat from now on (a {level} one)")
            self.to_bot(seat, {"type": "takeover", "game": self.id, "seat": seat})
            if self.position.game is not None:
                self.broadcaster.broadcast_updates([])  # every screen's code moves on too

    def to_bot(self, seat: str, body: dict[str, Any]) -> None:
        """A host bot plays ``seat`` from the next roll on, as ``body`` (a `takeover` or an
        `expel`) tells the table; the rolls go on without it."""
        self.rolls.drop(seat)
        self.bots.setdefault(seat, self.bot_factory())
        self.clock.forget(seat)
        self.handbacks.discard(seat)
        self.broadcaster.publish({**body, "roll": self.rolls.roll + 1})
        if self.deck is not None:
            self.deck.left(seat, expelled=body["type"] == "expel")

    def take_over_overdue(self) -> bool:
        """Hand to a bot every seat that has kept the game waiting longer than allowed."""
        late = self.clock.overdue(_now())
        self.take_over(late, "away or silent too long")
        return bool(late)

    def hand_back(self) -> None:
        """Give back the seats whose players returned, between two moves."""
        game = self.position.game
        if game is not None and game.phase in NO_HANDBACK:
            return
        for seat in sorted(self.handbacks):
            s = self.roster.seat_by_id(seat)
            if s.connection is None or seat not in self.bots or self._out(seat) or s.expelled:
                self.handbacks.discard(seat)  # gone again, or handed back already
                continue
            ready, commit = self.rolls.chain_back(seat)
            if not ready:
                continue
            del self.bots[seat]
            humans = self.roster.humans()
            self.rolls.contributors = [c for c in ["host", *humans] if c not in self.bots]
            body = {"type": "handback", "game": self.id, "seat": seat}
            self.broadcaster.publish({**body, "roll": self.rolls.roll + 1, "commit": commit})
            self.handbacks.discard(seat)
            self.log(f"{s.name} ({seat}) is back and plays the seat again")
            if self.deck is not None:
                self.deck.returned(seat)
            self.broadcaster.broadcast_updates([])  # every screen's transcript code moves on

    # ----- the clock --------------------------------------------------------------------------

    async def wait_for(
        self, missing: Callable[[], list[str]], why: str, done: asyncio.Event
    ) -> bool:
        """Wait until ``done`` is set; False if a seat kept it waiting too long and a bot took
        it meanwhile. ``missing`` says whom it still waits on."""
        self.clock.wait(missing(), why, _now())
        nagged = _now()
        while not done.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL):  # cheaper than wait_for, once a roll
                    await done.wait()
            if done.is_set():
                break
            self.clock.wait(missing(), why, _now())
            if self.on_wait is not None:
                self.on_wait()
            if self.take_over_overdue():
                return False
            self.tell_clock()
            if _now() - nagged >= REVEAL_NAG:
                nagged = _now()
                self.log(f"waiting for {', '.join(self.clock.seats)} ({why})")
        return True

    def wait_for_move(self, seat: str) -> None:
        """The game now waits on ``seat``'s move (on no one, if a bot plays it)."""
        self.clock.wait([] if seat in self.bots else [seat], "move", _now())
        self.tell_clock()

    def idle(self) -> None:
        """No move came for a while: hand over whoever is overdue, tell the table, sync."""
        self.take_over_overdue()
        self.tell_clock()
        if self.on_wait is not None:
            self.on_wait()

    def pause(self, on: bool) -> None:
        self.clock.pause(on, _now())
        self.log("the clock is stopped" if on else "the clock runs again")
        self.tell_clock(force=True)

    def more_time(self, seat: str, seconds: int) -> None:
        self.clock.more_time(seat, seconds)
        self.tell_clock(force=True)

    def tell_clock(self, force: bool = False) -> None:
        """Tell everyone whom the game waits for, when that has changed."""
        waits = self.clock.news(_now())
        if waits is None and not force:
            return
        if waits is None:
            waits = self.clock.waits(_now())
        self.broadcaster.tell_everyone(self.clock_message(waits))

    def clock_message(self, waits: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": "clock", "game": self.id, "paused": self.clock.paused, "waits": waits}
