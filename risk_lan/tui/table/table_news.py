"""What the table tells the game screen besides the game's views: whom it waits for (the host's
clock), seats handed to a host bot and back, players expelled, a game that stopped, the host
out of reach and back, what changed for the player's seat while it was away; and the
controls only the host's own player has: stopping the absence clock, more time for the player
the game waits for, or a bot for that player now (the host refuses them from anyone else; the
screen offers them only in the app that runs the host). The game screen holds one."""

from __future__ import annotations

from typing import Any, Protocol

from rich.text import Text

from risk_lan.expulsion_deeds import deed
from risk_lan.tui.table.clock import WaitClock
from risk_lan.tui.table.game_app import GameApp
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.turnlogic.player_turn import Turn

MORE_TIME = 60  # seconds given at a time


class NewsScreen(Protocol):
    """What the table's news needs of the game screen: the seat's standing it sets (handed to
    a bot, expelled, stopped), its log, and a redraw."""

    seat: str
    players: list[dict[str, Any]]
    names: dict[str, str]
    lang: str
    turn: Turn
    stopped: bool  # the game ended without a winner
    taken_over: bool  # a host bot plays this player's seat for now
    connected: bool  # the client reaches the host (else it is reconnecting)
    expelled: dict[str, str]  # seats the host expelled for good, and why
    watchers: list[str]  # the spectators' names

    @property
    def is_mounted(self) -> bool: ...

    @property
    def game_app(self) -> GameApp: ...

    def write_log(self, text: Text) -> None: ...

    def redraw(self) -> None: ...

    def refresh_bindings(self) -> None: ...

    def refresh_status(self) -> None: ...

    def stop_defence_timer(self) -> None: ...


class TableNews:
    """The table's news for one game screen, and the host's player's controls."""

    def __init__(self, screen: NewsScreen) -> None:
        self.screen = screen
        self.clock = WaitClock()
        self.host_controls = False  # this app runs the host (set by the app)
        self.bot_seats: set[str] = set()  # players' seats a host bot plays now
        self.clock_runs = True  # the host hands a seat that keeps the game waiting to a bot
        self.early_news: list[tuple[str, str]] = []  # seat changes heard before the screen was up
        # The history the host sends first (to a new screen, or after the connection came
        # back) is the past: a seat taken and given back meanwhile is not news, so the seats'
        # changes in it are summed up once it is in (``caught_up``).
        self.catching_up = True
        self.heard = 0  # updates heard from the host
        self.lost = False  # the host went out of reach, and its history has not come back yet
        self.away_taken = False  # a bot took this seat while its player was away
        self.handing_back = False  # ... and the host hands it back now the player is here
        self.back = False  # the host is back: said with the next view
        self.untold: list[str] = []  # what the history's end brought, said with its view

    def take_clock(self, paused: bool, waits: list[dict[str, Any]], received: float) -> None:
        """Whom the game waits for now, from the host's clock."""
        self.clock.take(paused, waits, received)
        self.screen.refresh_status()

    def seat_changed(self, seat: str, change: str) -> None:
        """A host bot plays ``seat`` from now on, or its player has it again, or it is out of
        the game (``out``) and stops contributing to the rolls."""
        past = self.catching_up and change in ("taken_over", "back")
        if past and (not self.lost or seat == self.screen.seat):
            # Taken in as it comes, before the view that ends the history (after a lost
            # connection, only this seat's own: the others' are news of the time it was out).
            self._heard_of_the_past(seat, change)
            return
        if not self.screen.is_mounted:
            self.early_news.append((seat, change))
            return
        if change.startswith("expelled:"):
            self._expelled(seat, change.partition(":")[2])
            return
        if change == "out":
            # Out of the game and off the rolls: no bot plays for it (the log has said it
            # was eliminated; the player is told it watches on).
            if seat == self.screen.seat:
                self.screen.write_log(Text(self._say("you_out"), style="bold"))
                self.screen.redraw()
                self.screen.refresh_bindings()
            return
        self.tell()  # what the history's end brought comes first, its view shown or not
        if change == "taken_over":
            self.bot_seats.add(seat)
        else:
            self.bot_seats.discard(seat)
        mine = seat == self.screen.seat
        if mine:
            self.screen.taken_over = change == "taken_over"
            self.handing_back = False
            key = "you_taken_over" if self.screen.taken_over else "you_back"
        else:
            key = "taken_over" if change == "taken_over" else "back"
        style = "bold red" if mine and self.screen.taken_over else "bold"
        self.screen.write_log(Text(self._say(key, player=self._name(seat)), style=style))
        self.screen.redraw()
        self.screen.refresh_bindings()

    def cards_changed_hands(self, seat: str, taken: bool, held: int) -> None:
        """A sealed game's seat that changed hands: who now sees its cards (news of now
        only: the history's past changes are said by the seats' own lines)."""
        if self.catching_up or not self.screen.is_mounted:
            return
        mine = seat == self.screen.seat
        key = ("you_" if mine else "") + ("sealed_taken" if taken else "sealed_back")
        self.screen.write_log(Text(self._say(key, player=self._name(seat), n=held)))

    def _heard_of_the_past(self, seat: str, change: str) -> None:
        """A seat handed to a bot or back in the history sent ahead of the view: kept, and
        said once it is all in."""
        taken = change == "taken_over"
        if taken:
            self.bot_seats.add(seat)
        else:
            self.bot_seats.discard(seat)
        if seat == self.screen.seat:
            self.screen.taken_over = self.away_taken = taken

    def heard_update(self, moves: int) -> None:
        """An update came from the host, at move ``moves``: the history before it is in. Told
        as it arrives, in order with the seats' news, whether the screen shows it now or
        later (at the player's pace)."""
        first, self.heard = not self.heard, self.heard + 1
        self.caught_up(first, moves)

    def view_shown(self, first: bool, moves: int) -> None:
        """A view shown (``first``: this screen's first, at move ``moves``). The first view
        after the history ends it where the screen is handed its views directly (a replay's);
        a host's were told as they came (``heard_update``), and at a pace one heard before the
        connection dropped may be shown after: it ends no history, which is still to come."""
        if not self.heard:
            self.caught_up(first, moves)

    def caught_up(self, first: bool, moves: int) -> None:
        """The first view after the history has come (``first``: this screen's first, at
        move ``moves``), in order with the seats' news: what changed while the player was
        away, or that the host is back, is said next (``tell``)."""
        if not self.catching_up:
            return
        self.catching_up = False
        screen = self.screen
        # The app that runs the host was away with its host: no one could play meanwhile.
        mine = screen.seat in screen.names and not self.host_controls
        returning = first and moves > 1  # taken up mid-game: the app was run again
        lines: list[str] = []
        if returning:
            # The seats a bot holds now, said once rather than as news.
            for seat in sorted(self.bot_seats - {screen.seat}):
                lines.append(self._say("held_by_bot", player=self._name(seat)))
        if mine and self.away_taken:
            lines.append(self._say("away_bot"))
        elif mine and returning:
            lines.append(self._say("away_nobody"))
        self.handing_back = mine and self.away_taken and screen.taken_over
        self.back, self.untold = self.lost, lines
        self.lost = self.away_taken = False

    def tell(self) -> None:
        """Say what ``caught_up`` found, once the view is in (the staged moves it keeps)."""
        if self.back:
            key = "host_back_kept" if self._prepared() else "host_back"
            self.untold.insert(0, self._say(key))
        lines, self.untold, self.back = self.untold, [], False
        for line in lines:
            self.screen.write_log(Text(line, style="bold"))
        if lines:
            self.screen.refresh_bindings()  # F9, for a seat a bot took meanwhile

    def _prepared(self) -> bool:
        """Whether the player staged moves that F6 sends (placements, a setup plan)."""
        turn = self.screen.turn
        plan = turn.plan is not None and not turn.plan.confirmed
        return (bool(turn.staged) or plan) and not turn.watching

    def host_gone(self) -> None:
        """The connection to the host is lost (the client reconnects by itself): whom the game
        waited for no longer counts, and nothing is sent until it is back."""
        self.lost = self.catching_up = True
        self.clock.clear()
        self.screen.stop_defence_timer()

    def _name(self, seat: str) -> str:
        return shown(self.screen.names.get(seat, seat), 24)

    def _expelled(self, seat: str, why: str) -> None:
        """The host expelled ``seat``'s player for good (its app cheats or is broken): a bot
        plays the seat to the end, and no one can take it back."""
        self.bot_seats.add(seat)
        self.screen.expelled[seat] = why
        mine = seat == self.screen.seat
        what = deed(self.screen.lang, why)
        if mine:
            self.screen.taken_over = True  # nothing more is played from here
            line = self._say("you_expelled", what=what)
        else:
            line = self._say(
                "expelled", player=shown(self.screen.names.get(seat, seat), 24), what=what
            )
        self.screen.write_log(Text(line, style="bold red"))
        self.screen.redraw()
        self.screen.refresh_bindings()

    def over(self) -> None:
        """The game has ended: no one is waited on any more (the host's last word on whom it
        waited for may have come before the move that ended it)."""
        self.clock.clear()
        self.screen.stop_defence_timer()
        self.screen.refresh_status()

    def stop(self) -> None:
        """The game ended without a winner: the screen stays, but nothing more is played."""
        self.screen.stopped = True
        self.clock.clear()
        self.screen.stop_defence_timer()
        self.screen.refresh_status()
        self.screen.redraw()
        self.screen.refresh_bindings()

    def notice(self) -> str:
        """What the Now panel says first when the player cannot play."""
        screen = self.screen
        if screen.seat in screen.expelled:
            return self._say("key_expelled")
        if screen.stopped:
            return self._say("stopped_title")
        if not screen.connected:
            turn = screen.turn
            prepared = turn.staged or (turn.plan is not None and not turn.plan.confirmed)
            kept = self._say("host_gone_kept") if prepared and not turn.watching else ""
            return self._say("host_gone") + kept
        if screen.taken_over:
            return self._say("away_bot" if self.handing_back else "you_taken_over")
        return ""

    def waited_player(self) -> str | None:
        """The other player the game waits for: first whom the host's clock names, else whose
        move it is; only a seat a person plays (a bot keeps no one waiting)."""
        people = {p["seat"] for p in self.screen.players if p.get("kind", "human") == "human"}
        people -= self.bot_seats  # a bot plays them now: it keeps no one waiting
        seats = self.clock.waited_on(self.screen.seat)
        game = self.screen.turn.game
        if game is not None:
            seats.append(game.waiting_for() or "")
        return next((s for s in seats if s in people and s != self.screen.seat), None)

    def others_wait(self) -> bool:
        """Whether anyone may be kept waiting while the game waits on this player: a clock
        that hands a seat that keeps the game waiting to a bot, another person at the table
        (a bot is not kept waiting), or a spectator."""
        screen = self.screen
        people = {p["seat"] for p in screen.players if p.get("kind", "human") == "human"}
        people -= self.bot_seats | {screen.seat}
        return self.clock_runs or bool(people) or bool(screen.watchers)

    def controls_open(self) -> bool:
        return self.host_controls and not self.screen.stopped

    def clock_open(self) -> bool:
        """Whether there is a clock to stop or to give time on (alone against bots, the
        player's seat is never handed to a bot: there is none)."""
        return self.controls_open() and self.clock_runs

    def pause_clock(self) -> None:
        if self.clock_open():
            self.screen.game_app.table_command("pause", on=not self.clock.paused)

    def give_more_time(self) -> None:
        seat = self.waited_player()
        if self.clock_open() and seat is not None:
            self.screen.game_app.table_command("more_time", seat=seat, seconds=MORE_TIME)

    def hand_to_bot_now(self) -> None:
        seat = self.waited_player()
        if self.controls_open() and seat is not None:
            self.screen.game_app.table_command("hand_to_bot", seat=seat)

    def reclaim_open(self) -> bool:
        """Whether F9 takes the seat back from the host's bot now."""
        screen = self.screen
        return screen.taken_over and not screen.stopped and screen.seat not in screen.expelled

    def _say(self, key: str, **fields: object) -> str:
        return say(self.screen.lang, key, **fields)
