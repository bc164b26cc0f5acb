"""The table as the host keeps it in the lobby and during the game: the table's settings and
whether the game has started, seats taken and freed, spectators coming and going, colours,
the mode and the number of seats, chat, and the commands only the host's own player may give
(free a seat, stop the clock, give more time, hand a seat to a bot)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.messages import MAX_WATCHERS, PROTOCOL_VERSION
from protocol.signing import Identity
from risk_lan.net.connection import Connection
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.seating import COLOURS, Roster, Seat


class Running(Protocol):
    """Where the table finds the game being played at it, if any."""

    @property
    def match(self) -> HostGame | None: ...


class Table:
    def __init__(
        self,
        roster: Roster,
        config: HostConfig,
        running: Running,
        identity: Identity,
        game_id: str,
        log: Callable[[str], None],
    ) -> None:
        self.roster, self.config, self.running = roster, config, running
        self.identity, self.game_id, self.log = identity, game_id, log
        self.state = "lobby"  # then "playing"
        # Called whenever seats fill or the game starts (the LAN announcement follows it).
        self.on_change: Callable[[], None] | None = None
        self._commands: dict[str, Callable[[HostGame | None, dict[str, Any]], None]] = {
            "remove": self._remove,
            "pause": lambda match, m: _playing(match).handovers.pause(m["on"]),
            "more_time": lambda match, m: _playing(match).handovers.more_time(
                m["seat"], m["seconds"]
            ),
            "hand_to_bot": lambda match, m: _playing(match).handovers.take_over_now(m["seat"]),
        }

    def free(self, seat: Seat, why: str = "") -> None:
        """A seat left in the lobby is open again: a seat is held only while its player is
        connected, so a table cannot be filled with players who have gone. ``why``: the
        player is still there, and is told before being let go."""
        if seat.connection is not None:
            if why:
                seat.connection.send({"type": "error", "code": "removed", "message": why})
            seat.connection.close()
            seat.connection = None
        seat.free()
        self.send_lobby()

    def send_lobby(self) -> None:
        roster = self.roster
        owner = roster.owner()
        lobby = {
            "type": "lobby",
            "seats": [roster.described(s, ready=s.ready) for s in roster.seats],
            "total": len(roster.seats),
            "mode": self.config.mode,
            "state": self.state,
            "owner": owner.id if owner else None,
            "watchers": [w.name for w in roster.watchers if w.connection],
            "sealed": self.config.sealed,
        }
        roster.send_all(lobby)
        if self.on_change:
            self.on_change()

    def ready(self, seat: Seat) -> bool:
        """A player is ready; whether every seat is now."""
        if seat.ready or self.state != "lobby":
            return False
        seat.ready = True
        self.send_lobby()
        return self.roster.all_ready()

    def admit_watcher(self, conn: Connection, hello: dict[str, Any]) -> Seat:
        """A spectator: one coming back (its token and key) keeps its id; any other (a token
        forgotten, after a restart of the host, say) is a new one, while the table has room
        for it and the game is not over. Either is sent what the game has published (after
        what it has checked already) and the public view, or the lobby."""
        token = hello.get("token")
        roster, match = self.roster, self.running.match
        watcher = next((w for w in roster.watchers if token and w.token == token), None)
        if watcher is not None and watcher.key != hello["key"]:
            raise ProtocolError("bad_token", "a spectator keeps the key it joined with")
        if watcher is None:
            watcher = self._new_watcher(hello, match)
        elif watcher.connection is not None:
            watcher.connection.close()
        watcher.connection = conn
        conn.send(
            {
                "type": "welcome",
                "version": PROTOCOL_VERSION,
                "game": self.game_id,
                "seat": watcher.id,
                "colour": "",
                "token": watcher.token,
                "host_key": self.identity.public_key,
                "watching": True,
            }
        )
        self.log(f"{watcher.name} watches the game as {watcher.id} from {conn.address}")
        if match is not None:
            match.handovers.watcher_joined(watcher.id, hello.get("have") or 0)
        self.send_lobby()  # everyone sees who watches
        return watcher

    def _new_watcher(self, hello: dict[str, Any], match: HostGame | None) -> Seat:
        roster = self.roster
        if match is not None and match.finished:
            raise ProtocolError("game_over", "the game is over: there is nothing to watch")
        if sum(1 for w in roster.watchers if w.connection) >= MAX_WATCHERS:
            raise ProtocolError("full", f"the table has {MAX_WATCHERS} spectators already")
        # Those who left are forgotten, so that the list stays bounded.
        roster.watchers = [w for w in roster.watchers if w.connection]
        number = max((int(w.id[1:]) for w in roster.watchers), default=0) + 1
        watcher = Seat(f"w{number}", hello["name"], "watcher", "", hello["key"])
        watcher.token = secrets.token_bytes(16)
        roster.watchers.append(watcher)
        return watcher

    def recolour(self, seat: Seat, colour: str) -> None:
        """A player's choice of colour in the lobby: any colour no other seat has."""
        taken = {s.colour for s in self.roster.seats if s is not seat}
        if self.state != "lobby" or colour not in COLOURS or colour in taken:
            if seat.connection:
                why = "the game has started" if self.state != "lobby" else "that colour is taken"
                seat.connection.send({"type": "error", "code": "colour", "message": why})
            return
        seat.colour = colour
        self.send_lobby()

    def set_table(
        self, seat: Seat, mode: str, total: int, bots: int, levels: list[str] | None = None
    ) -> None:
        """The host's player changes the mode, the number of seats or of bots in the lobby,
        or the bots' levels (``levels``, one a bot in seat order; None: the bots there keep
        theirs, new ones are normal).

        Seated players keep their seats and colours; everyone is asked to be ready again,
        since the table they were ready for has changed."""
        humans = [s for s in self.roster.seats if s.kind == "human"]
        if levels is None:
            levels = [s.level for s in self.roster.seats if s.kind == "bot"][:bots]
        changed = replace(self.config, mode=mode, seats=total, bots=bots, levels=tuple(levels))
        why = self._table_refusal(seat, changed, len(humans))
        if why:
            if seat.connection:
                seat.connection.send({"type": "error", "code": "table", "message": why})
            return
        self.config = changed
        used_ids = {s.id for s in humans}
        used_colours = {s.colour for s in humans}
        fresh_ids = (f"p{i}" for i in range(1, 2 * total + 1) if f"p{i}" not in used_ids)
        fresh_colours = (c for c in COLOURS if c not in used_colours)
        others = [
            Seat(next(fresh_ids), "", "open", next(fresh_colours))
            for _ in range(total - len(humans))
        ]
        chosen = changed.bot_levels()
        for i, bot in enumerate(others[len(others) - bots :]):
            bot.kind, bot.name, bot.level = "bot", f"{changed.bot_name}-{i + 1}", chosen[i]
        for s in humans:
            s.ready = False
        self.roster.seats = humans + others
        self.log(f"table: {mode}, {total} seats, {bots} bots ({', '.join(chosen) or 'none'})")
        self.send_lobby()

    def _table_refusal(self, seat: Seat, changed: HostConfig, humans: int) -> str:
        """Why ``seat`` may not set this table ("" if it may)."""
        if not self.roster.owns(seat):
            return "only the host's player sets the table"
        if self.state != "lobby":
            return "the game has started"
        if humans + changed.bots > changed.seats:
            return f"{humans} players are seated: leave them room beside {changed.bots} bots"
        try:
            changed.check()
        except ValueError as e:
            return str(e)
        return ""

    def reclaim(self, seat: Seat) -> None:
        """A seat taking back its seat from the bot that plays it."""
        match = self.running.match
        if match is not None:
            match.handovers.reclaim(seat.id)

    def command(self, seat: Seat, message: dict[str, Any]) -> None:
        """The host's player running the table."""
        why = self._command_refusal(seat, message)
        if why:
            if seat.connection:
                seat.connection.send({"type": "error", "code": "table", "message": why})
            return
        self._commands[message["type"]](self.running.match, message)

    def _remove(self, match: HostGame | None, message: dict[str, Any]) -> None:
        self.log(f"the host's player freed seat {message['seat']}")
        self.free(self.roster.seat_by_id(message["seat"]), "the host's player freed your seat")

    def _command_refusal(self, seat: Seat, message: dict[str, Any]) -> str:
        """Why ``seat`` may not run this command ("" if it may)."""
        if not self.roster.owns(seat):
            return "only the host's player runs the table"
        kind = message["type"]
        target = next((s for s in self.roster.seats if s.id == message.get("seat")), None)
        if "seat" in message and target is None:
            return "there is no such seat"
        if kind == "remove":
            if self.state != "lobby":
                return "the game has started: hand the seat to a bot instead"
            if target is seat or target is None or target.kind != "human":
                return "only another player's seat can be freed"
            return ""
        match = self.running.match
        if match is None or match.finished:
            return "the game is not being played"
        if kind == "hand_to_bot" and (
            target is None or target.kind != "human" or match.handovers.played_by_bot(target.id)
        ):
            return "a bot plays that seat already"
        return ""

    def chat(self, seat: Seat, text: str) -> None:
        line = {"type": "chat", "seat": seat.id, "name": seat.name, "text": text}
        self.log(f"{seat.name}: {text}")
        self.roster.send_all(line)


def _playing(match: HostGame | None) -> HostGame:
    """The game a command for a game in play acts on (``_command_refusal`` made sure)."""
    assert match is not None
    return match
