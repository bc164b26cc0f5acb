"""The host's side of players leaving and coming back: the history a returning client is
sent (by ``hostbroadcast``, at the pace it reads), seats handed to a bot when the clock says
so (or the host's player does), handed back when their players return, and the table told
whom the game waits for. Part of ``HostGame``, which holds the state."""

from __future__ import annotations

from typing import Any

from risk_lan.net.host.expeller import sentence
from risk_lan.rules import IllegalAction

# Phases in which a seat is not handed back: its bot may hold a sealed headquarters whose
# secret its player does not have.
NO_HANDBACK = frozenset({"capital", "capital_reveal"})


class SeatKeeping:
    def disconnected(self, seat: str) -> None:
        self.catching_up.discard(seat)
        if seat not in self.bots:
            self.clock.gone(seat, self.now())
            self.host.log(f"waiting for {seat} to reconnect")
        if self.game is not None:
            self._broadcast_updates([])  # the others see who is away
        self._tell_clock(force=True)

    def reconnected(self, seat: str, have: int = 0) -> None:
        """A player's client is back: it gets the history it has not checked (at the pace it
        reads), then its view; a seat a bot took meanwhile is handed back."""
        self.clock.back(seat)
        s = self.host.seat_by_id(seat)
        if s.connection is None:
            return
        if seat in self.bots:
            self.handbacks.add(seat)
        self._send_history(seat, have)

    def watcher_joined(self, watcher: str, have: int = 0) -> None:
        """A spectator came (or came back): the history it has not checked, then its view."""
        self._send_history(watcher, have)

    def _caught_up(self, seat: str) -> None:
        s = self.host.seat_by_id(seat)
        if s.kind == "watcher":
            if s.connection:  # the others' screens have nothing new
                if self.game is not None:
                    self._send_updates(s, [], {})
                s.connection.send(self._clock_message(self.clock.waits(self.now())))
            return
        if self.game is not None:
            self._broadcast_updates([])  # its view, and the others see it back
        self._tell_clock(force=True)

    def reclaim(self, seat: str) -> None:
        """A connected player asks for the seat a bot took back."""
        if self._out(seat):
            self._tell(seat, "eliminated", "you are out of the game: you watch it to the end")
        elif self.host.seat_by_id(seat).expelled:
            self._tell(seat, "expelled", sentence(self.host.seat_by_id(seat).expelled))
        elif seat in self.bots:
            self.handbacks.add(seat)
        else:
            self._tell(seat, "not_taken", "this seat is yours already")

    def _out(self, seat: str) -> bool:
        """Whether ``seat``'s player has been eliminated."""
        return self.game is not None and seat in self.game.state.eliminated

    def _retire_eliminated(self) -> None:
        """A player out of the game watches it from then on: its seat stops contributing to
        the rolls (as a spectator does), so that a player who has lost and left, or whose
        laptop sleeps, never keeps the table waiting on a reveal."""
        assert self.game is not None
        out = [p for p in self.game.state.eliminated if p in self.contributors]
        if out:
            self._take_over(out, "out of the game")

    def take_over_now(self, seat: str) -> None:
        """The host's player hands a seat to a bot at once."""
        s = self.host.seat_by_id(seat)
        if s.kind != "human" or seat in self.bots:
            raise IllegalAction("no_seat", "only a player's own seat can be handed to a bot")
        self._take_over([seat], "the host's player handed it to a bot")
        self._tell_clock(force=True)

    def _take_over(self, seats: list[str], why: str) -> None:
        for seat in seats:
            if seat in self.bots:
                continue
            self._to_bot(seat, {"type": "takeover", "game": self.id, "seat": seat})
            if self._out(seat):
                self.host.log(f"{seat} is out of the game and watches it: off the rolls")
            else:
                self.host.log(f"{seat}: {why}; a bot plays the seat from now on")
            if self.game is not None:
                self._broadcast_updates([])  # every screen's transcript code moves on too

    def _to_bot(self, seat: str, body: dict[str, Any]) -> None:
        """A host bot plays ``seat`` from the next roll on, as ``body`` (a `takeover` or an
        `expel`) tells the table. A roll or the commitments waiting for it stop waiting: the
        roll is never made (its move comes again under the next roll), the commitments go
        on without the seat's."""
        if seat in self.contributors:
            self.contributors.remove(seat)
        self.bots.setdefault(seat, self.host.config.bot_factory())
        self.clock.forget(seat)
        self.handbacks.discard(seat)
        if self.pending is not None:
            roll = self.pending["roll"]
            self.cancelled.add(roll)
            if roll in self._reveal_waiters:
                self._reveal_waiters[roll].set()
        self._commits_in.set()
        self._publish({**body, "roll": self.roll + 1})

    def _take_over_overdue(self) -> bool:
        """Hand to a bot every seat that has kept the game waiting longer than allowed."""
        late = self.clock.overdue(self.now())
        self._take_over(late, "away or silent too long")
        return bool(late)

    def _hand_back(self) -> None:
        """Give back the seats whose players returned, between two moves."""
        if self.game is not None and self.game.phase in NO_HANDBACK:
            return
        for seat in sorted(self.handbacks):
            s = self.host.seat_by_id(seat)
            if s.connection is None or seat not in self.bots or self._out(seat) or s.expelled:
                self.handbacks.discard(seat)  # gone again, or handed back already
                continue
            if self.verifier is not None and not self.verifier.knows(seat):
                commit = self.commits.get(seat)
                if commit is None:
                    continue  # no chain of its own yet: its client is sending one
                self.verifier.add(seat, commit["body"]["tip"])
            else:
                commit = None
            del self.bots[seat]
            self.contributors = [c for c in ["host", *self._humans()] if c not in self.bots]
            self._publish(
                {
                    "type": "handback",
                    "game": self.id,
                    "seat": seat,
                    "roll": self.roll + 1,
                    "commit": commit,
                }
            )
            self.handbacks.discard(seat)
            self.host.log(f"{s.name} ({seat}) is back and plays the seat again")
            self._broadcast_updates([])  # every screen's transcript code moves on too

    def _humans(self) -> list[str]:
        return [s.id for s in self.host.seats if s.kind == "human"]

    def pause(self, on: bool) -> None:
        self.clock.pause(on, self.now())
        self.host.log("the clock is stopped" if on else "the clock runs again")
        self._tell_clock(force=True)

    def more_time(self, seat: str, seconds: int) -> None:
        self.clock.more_time(seat, seconds)
        self._tell_clock(force=True)

    def _tell_clock(self, force: bool = False) -> None:
        """Tell everyone whom the game waits for, when that has changed."""
        waits = self.clock.news(self.now())
        if waits is None and not force:
            return
        if waits is None:
            waits = self.clock.waits(self.now())
        self._tell_everyone(self._clock_message(waits))

    def _clock_message(self, waits: list[dict[str, Any]]) -> dict[str, Any]:
        return {"type": "clock", "game": self.id, "paused": self.clock.paused, "waits": waits}
