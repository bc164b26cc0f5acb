"""What the table tells the game screen besides the game's views: whom it waits for (the host's
clock), seats handed to a host bot and back, players expelled, a game that stopped; and the
controls only the host's own player has: stopping the absence clock, more time for the player
the game waits for, or a bot for that player now (the host refuses them from anyone else; the
screen offers them only in the app that runs the host). Part of ``GameScreen``."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.timer import Timer
from textual.widgets import RichLog

from risk_lan.tui.table.clock import WaitClock
from risk_lan.tui.texts.catalogue import shown
from risk_lan.tui.texts.expel_texts import deed
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_hints import why_watching

MORE_TIME = 60  # seconds given at a time


class TableNews:
    app: Any
    seat: str
    players: list[dict[str, Any]]
    names: dict[str, str]
    clock: WaitClock
    turn: Turn
    host_controls: bool  # this app runs the host
    bot_seats: set[str]  # players' seats a host bot plays now
    clock_runs: bool  # the host hands a seat that keeps the game waiting to a bot
    stopped: bool
    taken_over: bool
    expelled: dict[str, str]  # seats the host expelled, and why
    lang: str
    defence_timer: Timer | None
    query_one: Any
    redraw: Any
    refresh_bindings: Any
    _refresh_status: Any
    _say: Any
    is_mounted: bool
    early_news: list[tuple[str, str]]  # seat changes heard before the screen was up

    def take_clock(self, paused: bool, waits: list[dict[str, Any]], received: float) -> None:
        """Whom the game waits for now, from the host's clock."""
        self.clock.take(paused, waits, received)
        self._refresh_status()

    def seat_changed(self, seat: str, change: str) -> None:
        """A host bot plays ``seat`` from now on, or its player has it again, or it is out of
        the game (``out``) and stops contributing to the rolls."""
        if not self.is_mounted:
            self.early_news.append((seat, change))
            return
        if change.startswith("expelled:"):
            self._expelled(seat, change.partition(":")[2])
            return
        if change == "out":
            # Out of the game and off the rolls: no bot plays for it (the log has said it
            # was eliminated; the player is told it watches on).
            if seat == self.seat:
                self.query_one("#log", RichLog).write(Text(self._say("you_out"), style="bold"))
                self.redraw()
                self.refresh_bindings()
            return
        if change == "taken_over":
            self.bot_seats.add(seat)
        else:
            self.bot_seats.discard(seat)
        mine = seat == self.seat
        if mine:
            self.taken_over = change == "taken_over"
            key = "you_taken_over" if self.taken_over else "you_back"
        else:
            key = "taken_over" if change == "taken_over" else "back"
        style = "bold red" if mine and self.taken_over else "bold"
        line = self._say(key, player=shown(self.names.get(seat, seat), 24))
        self.query_one("#log", RichLog).write(Text(line, style=style))
        self.redraw()
        self.refresh_bindings()

    def _expelled(self, seat: str, why: str) -> None:
        """The host expelled ``seat``'s player for good (its app cheats or is broken): a bot
        plays the seat to the end, and no one can take it back."""
        self.bot_seats.add(seat)
        self.expelled[seat] = why
        mine = seat == self.seat
        what = deed(self.lang, why)
        if mine:
            self.taken_over = True  # nothing more is played from here
            line = self._say("you_expelled", what=what)
        else:
            line = self._say("expelled", player=shown(self.names.get(seat, seat), 24), what=what)
        self.query_one("#log", RichLog).write(Text(line, style="bold red"))
        self.redraw()
        self.refresh_bindings()

    def stop(self) -> None:
        """The game ended without a winner: the screen stays, but nothing more is played."""
        self.stopped = True
        self.clock.clear()
        if self.defence_timer is not None:
            self.defence_timer.stop()
            self.defence_timer = None
        self._refresh_status()
        self.redraw()
        self.refresh_bindings()

    def locked(self) -> bool:
        """Whether turn actions are closed now; if so, the log (or, to a spectator, the Now
        panel) says why."""
        key = "stopped_refused" if self.stopped else "taken_refused" if self.taken_over else ""
        if self.seat in self.expelled:
            key = "key_expelled"  # not stopped for the others, and no bot to take it back from
        if key:
            self.query_one("#log", RichLog).write(Text(f"✗ {self._say(key)}", style="bold red"))
        elif self.turn.watching:
            self.turn.hint = (why_watching(self.turn), {})
            self.redraw()
            return True
        return bool(key)

    def notice(self) -> str:
        """What the Now panel says first when the player cannot play."""
        if self.seat in self.expelled:
            return self._say("key_expelled")
        if self.stopped:
            return self._say("stopped_title")
        return self._say("you_taken_over") if self.taken_over else ""

    def waited_player(self) -> str | None:
        """The other player the game waits for: first whom the host's clock names, else whose
        move it is; only a seat a person plays (a bot keeps no one waiting)."""
        people = {p["seat"] for p in self.players if p.get("kind", "human") == "human"}
        people -= self.bot_seats  # a bot plays them now: it keeps no one waiting
        seats = self.clock.waited_on(self.seat)
        game = self.turn.game
        if game is not None:
            seats.append(game.waiting_for() or "")
        return next((s for s in seats if s in people and s != self.seat), None)

    def controls_open(self) -> bool:
        return self.host_controls and not self.stopped

    def clock_open(self) -> bool:
        """Whether there is a clock to stop or to give time on (alone against bots, the
        player's seat is never handed to a bot: there is none)."""
        return self.controls_open() and self.clock_runs

    def action_pause_clock(self) -> None:
        if self.clock_open():
            self.app.table_command("pause", on=not self.clock.paused)

    def give_more_time(self) -> None:
        seat = self.waited_player()
        if self.clock_open() and seat is not None:
            self.app.table_command("more_time", seat=seat, seconds=MORE_TIME)

    def hand_to_bot_now(self) -> None:
        seat = self.waited_player()
        if self.controls_open() and seat is not None:
            self.app.table_command("hand_to_bot", seat=seat)
