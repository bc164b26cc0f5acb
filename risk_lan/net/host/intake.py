"""What a client sends, checked before anything acts on it: its size first, then its schema,
envelope and body alike, then its signature. A signed message is kept and relayed only as
rebuilt from its checked parts (``validate_envelope``), so nothing a client adds reaches the
others. Garbage (a message over its size, of no known shape, badly signed) is told why and
its connection closed; a chat line or a move the table will not take is refused and the
connection kept. Either way the others play on and nobody else is blamed. Part of ``Host``.

A seat's acts are held to the game's pace: a move the game waits for from that seat is taken
whenever it comes, as long as the seat has no more than IN_FLIGHT acts waiting (a client
sends one at a time, each once the one before is made), so a player or a bot playing as fast
as the host answers is never held back. Every other act (one out of turn, a standing defence,
one refused as malformed) spends the seat's allowance, a token bucket, and so do chat lines,
from one of their own. A seat over either is refused (``too_fast``, ``chat_too_fast``) until
it has waited.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter
from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.messages import (
    CLIENT_MESSAGES,
    PROTOCOL_VERSION,
    check_size,
    validate,
    validate_envelope,
    without_controls,
)
from protocol.signing import verify
from risk_lan.net.connection import Connection
from risk_lan.net.host.expeller import expel
from risk_lan.net.host.expeller import sentence as expelled_sentence
from risk_lan.rules import Action, IllegalAction
from risk_lan.rules.actions import SetAutoDefend, action_from_wire

if TYPE_CHECKING:
    from risk_lan.net.host.hosttable import Seat

# Messages from the host's own player only, to run the table.
OWNER_MESSAGES = frozenset({"remove", "pause", "more_time", "hand_to_bot"})
PLAIN_MESSAGES = frozenset(
    {"ready", "say", "colour", "table", "reclaim", "done", "pong", "admit"} | OWNER_MESSAGES
)
# A seat's allowance of acts that do not move the game on, and how fast it comes back.
ACT_BURST, ACT_PER_SECOND = 20, 0.5
# Acts of one seat the game has not taken up yet (a client sends one at a time; a bot that
# has just sat down, its standing defence and its first move).
IN_FLIGHT = 4
# A seat's allowance of chat lines, and how fast it comes back.
CHAT_BURST, CHAT_PER_SECOND = 8, 0.5


class TokenBucket:
    """At most ``size`` at once, coming back at ``per_second``."""

    def __init__(self, size: int, per_second: float) -> None:
        self.size, self.per_second = size, per_second
        self.tokens = float(size)
        self.at: float | None = None

    def take(self, now: float) -> bool:
        """Spend a token if there is one (False: none left now)."""
        if self.at is not None:
            self.tokens = min(self.size, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class ActQueue(asyncio.Queue[tuple[str, Any, dict[str, Any]]]):
    """The acts waiting for the game loop, (seat, action, envelope), counted by seat."""

    def _init(self, maxsize: int) -> None:
        super()._init(maxsize)  # type: ignore[misc]
        self.by_seat: Counter[str] = Counter()

    def _put(self, item: tuple[str, Any, dict[str, Any]]) -> None:
        super()._put(item)  # type: ignore[misc]
        self.by_seat[item[0]] += 1

    def _get(self) -> tuple[str, Any, dict[str, Any]]:
        item = super()._get()  # type: ignore[misc]
        self.by_seat[item[0]] -= 1
        return item


def act_allowance() -> TokenBucket:
    return TokenBucket(ACT_BURST, ACT_PER_SECOND)


def chat_allowance() -> TokenBucket:
    return TokenBucket(CHAT_BURST, CHAT_PER_SECOND)


def error(code: str, message: str) -> dict[str, Any]:
    """An ``error`` for a client: the message cut to its size, anything a terminal would act
    on (quoted from what a peer sent) made a space."""
    return {
        "type": "error",
        "code": code,
        "message": without_controls(message)[:300].strip() or code,
    }


class Intake:
    # Host's and TableKeeping's (annotations only: nothing here may hide theirs).
    seats: list[Seat]
    watchers: list[Seat]  # the spectators, connected or not (kind "watcher")
    state: str
    game_id: str
    match: Any
    identity: Any
    log: Any
    _send_lobby: Any
    _all_ready: Any
    _begin: Any
    _chat: Any
    _recolour: Any
    _set_table: Any
    _command: Any
    _admit_watcher: Any
    admission: Any

    def _admit(self, conn: Connection, hello: dict[str, Any]) -> Seat:
        check_size(hello)
        validate(hello, {"hello": CLIENT_MESSAGES["hello"]})
        if hello["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                "version",
                f"this host speaks protocol {PROTOCOL_VERSION}, the client {hello['version']}",
            )
        banned = next((s for s in self.seats if s.expelled and s.key == hello["key"]), None)
        if banned is not None:
            raise ProtocolError("expelled", expelled_sentence(banned.expelled))
        if hello.get("watch"):
            return self._admit_watcher(conn, hello)
        token = hello.get("token")
        if token is not None:
            seat = next((s for s in self.seats if s.token and s.token == token), None)
            if seat is None:
                raise ProtocolError("bad_token", "no seat has this reconnect token")
            if hello["key"] != seat.key:
                # Checked before anything changes: a wrong key must not cost the seat's
                # player its connection.
                raise ProtocolError("bad_token", "a seat keeps the key it joined with")
            if seat.connection is not None:
                seat.connection.close()
        else:
            seat = next((s for s in self.seats if s.kind == "open"), None)
            if seat is None or self.state != "lobby":
                raise ProtocolError("full", "every seat is taken")
            seat.kind, seat.name, seat.key = "human", hello["name"], hello["key"]
            seat.token = secrets.token_bytes(16)
        seat.connection = conn
        conn.send(
            {
                "type": "welcome",
                "version": PROTOCOL_VERSION,
                "game": self.game_id,
                "seat": seat.id,
                "colour": seat.colour,
                "token": seat.token,
                "host_key": self.identity.public_key,
            }
        )
        self.log(f"{seat.name} joined as {seat.id} from {conn.address}")
        if self.match is not None:
            self.match.reconnected(seat.id, hello.get("have") or 0)
        else:
            self._send_lobby()
        return seat

    def _receive(self, seat: Seat, message: dict[str, Any]) -> None:
        if seat.expelled:
            return  # the rest of what it sent before it was let go
        check_size(message)
        kind = message.get("type")
        if seat.kind == "watcher" and self._from_watcher(seat, kind):
            return
        if kind == "signed":
            self._receive_signed(seat, message)
            return
        if not isinstance(kind, str):
            raise ProtocolError("malformed", "a message's type is a text")
        if kind not in PLAIN_MESSAGES:
            raise ProtocolError(
                "unknown_type",
                "after hello, messages are signed or one of " + ", ".join(sorted(PLAIN_MESSAGES)),
            )
        if kind == "say" and not seat.chat.take(asyncio.get_running_loop().time()):
            if seat.connection:
                why = "too many chat lines at once: wait a moment before the next"
                seat.connection.send(error("chat_too_fast", why))
            return
        try:
            validate(message, CLIENT_MESSAGES)
        except ProtocolError as e:
            if e.code != "bad_text":
                raise
            # A chat line the others' screens would not show as it is: refused, and the
            # player told why, without losing the connection.
            if seat.connection:
                seat.connection.send(error(e.code, e.message))
            return
        if kind == "pong":
            return  # heard: that is all a pong is for
        if kind == "admit":
            why = self.admission.decide(seat, message["id"], message["yes"])
            if why and seat.connection:
                seat.connection.send(error("table", why))
        elif kind == "ready":
            if seat.ready or self.state != "lobby":
                return
            seat.ready = True
            self._send_lobby()
            if self._all_ready():
                self._begin()
        elif kind == "say":
            self._chat(seat, message["text"])
        elif kind == "colour":
            self._recolour(seat, message["colour"])
        elif kind == "table":
            self._set_table(seat, message["mode"], message["seats"], message["bots"])
        elif kind == "done":
            if self.match is not None and self.match.finished:
                self.match.told.add(seat.id)
                self.match.check_told()
        else:
            self._command(seat, message)

    def _from_watcher(self, watcher: Seat, kind: Any) -> bool:
        """Whether a spectator's message was dealt with here: a spectator may chat and say it
        saw the end; what only a player may send is refused (a signed message, which only a
        seat's key may sign, closes the connection)."""
        if kind == "signed":
            raise ProtocolError(
                "watching", "a spectator sends no move, commitment or reveal", watcher.id
            )
        if kind == "done":
            return True  # the host waits only for its players to have seen the end
        if kind in PLAIN_MESSAGES - {"say", "pong"}:
            if watcher.connection:
                why = "you are watching this game: only its players can do that"
                watcher.connection.send(error("watching", why))
            return True
        return False

    def _receive_signed(self, seat: Seat, message: dict[str, Any]) -> None:
        envelope = validate_envelope(message)
        if envelope["from"] != seat.id:
            raise ProtocolError("wrong_seat", f"{seat.id} may only speak for itself", seat.id)
        body = envelope["body"]
        if body["type"] != "reveal":
            # A reveal proves its author by matching the author's committed chain (checked in
            # the game); its signature vouches only for its `seen`, which the game checks at
            # each checkpoint, as every client does.
            try:
                verify(envelope, seat.key)
            except ProtocolError as e:
                if self.match is None or not expel(self.match, seat.id, e, [envelope]):
                    raise
                return
        if body["game"] != self.game_id:
            raise ProtocolError("wrong_game", "that message is for another game", seat.id)
        if self.match is None:
            raise ProtocolError("not_started", "the game has not started")
        self.match.receive(seat.id, body, envelope)


class ActIntake:
    """A seat's act as the game takes it in. Part of ``HostGame``."""

    # HostGame's (annotations only).
    game: Any
    bots: dict[str, Any]
    acts: ActQueue
    now: Any

    def _judged(self, s: Any, data: Any) -> Action:
        """The action of an act as it arrives, refused (``IllegalAction``) if it is not in its
        canonical form, if the seat has too many acts waiting or has spent its allowance
        (see above), or if it is sent out of turn: a move sent out of turn is refused
        now, not held until the turn comes round. The game loop checks it again when it is
        applied."""
        try:
            action = action_from_wire(data)
        except IllegalAction:
            self._spend(s)
            raise
        if self.acts.by_seat[s.id] >= IN_FLIGHT:
            raise IllegalAction("too_fast", "wait for the move you sent to be made first")
        game = self.game
        if (
            game is not None
            and s.id not in self.bots
            and s.id == game.waiting_for()
            and not isinstance(action, SetAutoDefend)
        ):
            return action  # a move the game waits for: at the game's own pace
        self._spend(s)
        if game is None:
            raise IllegalAction("not_started", "the game is still being set up")
        if s.id in self.bots:
            raise IllegalAction("taken_over", "a bot plays this seat until you take it back")
        self._check(s.id, action)
        return action

    def _spend(self, s: Any) -> None:
        if not s.acts.take(self.now()):
            raise IllegalAction(
                "too_fast", "too many moves the game did not take, too fast: wait a moment"
            )

    def _check(self, seat: str, action: Action) -> None:
        """The engine's check, and one of the host's own: a move must change something (a
        standing defence set to what it is already would be a move of nothing)."""
        assert self.game is not None
        self.game.check(seat, action)
        if isinstance(action, SetAutoDefend) and self.game.state.auto_defend.get(seat) == (
            action.dice
        ):
            raise IllegalAction("no_change", "your standing defence is already set to that")
