"""A client: joins a host, contributes to every roll, checks everything the host says (through
its ``Witness``), and, with a bot, plays its seat. A client trusts nobody and stops, naming the
culprit, when something does not verify."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain
from protocol.messages import HOST_MESSAGES, PROTOCOL_VERSION, SIGNED_BY_HOST, validate
from protocol.signing import Identity
from risk_lan.net.connection import Connection
from risk_lan.net.seatfile import SeatState, load, save
from risk_lan.net.witness import Witness
from risk_lan.rules import Action, Game, GameState


@dataclass
class Outcome:
    winner: str | None = None
    reason: str = ""
    transcript: str = ""
    culprit: str | None = None
    error: str | None = None


# Refusals of a lobby request, not of an act: they leave the acts in flight alone.
LOBBY_REFUSALS = frozenset({"colour", "table"})


class Listener:
    """What a client tells the person playing (through a user interface). Every method is
    called from the client's own task; the defaults do nothing."""

    def joined(self, seat: str, colour: str) -> None: ...

    def started(self, players: list[dict[str, Any]]) -> None: ...

    def lobby(self, message: dict[str, Any]) -> None: ...

    def updated(self, update: dict[str, Any]) -> None: ...

    def refused(self, code: str, message: str) -> None: ...

    def chat(self, seat: str, name: str, text: str) -> None: ...

    def connection(self, up: bool) -> None: ...


class Client:
    def __init__(
        self,
        name: str,
        bot: Any = None,
        log: Callable[[str], None] | None = None,
        state_path: Path | None = None,
        retries: int = 30,
        listener: Listener | None = None,
        auto_ready: bool = True,
    ) -> None:
        self.name = name
        self.bot = bot
        self.listener = listener or Listener()
        self.auto_ready = auto_ready  # else the player says it is ready with ready()
        self.queued: list[Action] = []  # a person's acts waiting for the previous to be applied
        self.log = log or (lambda line: None)
        self.identity = Identity()
        self.seat = ""
        self.colour = ""
        self.game_id = ""
        self.token: bytes | None = None
        self.witness: Witness | None = None  # from the welcome on
        self.players: list[dict[str, Any]] = []  # seat, name, kind, colour, from the start
        self.sent_reveals: dict[int, dict[str, Any]] = {}  # by roll, until its reveals come
        self.chain: HashChain | None = None
        self.view: dict[str, Any] | None = None
        self.waiting: str | None = None  # the seat the game waits for, as of the last update
        self.seq = 0
        self.outstanding = 0  # acts sent that the host has neither applied nor refused
        self.opened = False
        self.conn: Connection | None = None
        self.retries = retries
        self.chain_seed = secrets.token_bytes(32)
        self.committed = False
        self.revealed = 0  # the highest roll revealed
        self.seen = 0  # broadcast messages checked so far
        self.skip = 0  # broadcast messages a host replays that were already checked
        self.state_path = state_path
        saved = load(state_path) if state_path else None
        if saved is not None:
            self.identity = Identity.from_private_bytes(saved.private_key)
            self.chain_seed, self.token = saved.chain_seed, saved.token
            self.committed, self.revealed, self.seq = saved.committed, saved.revealed, saved.seq
            self.log(f"resuming seat {saved.seat} of game {saved.game}")

    async def run(self, host: str, port: int) -> Outcome:
        """Play until the game ends; a lost connection is retried with the seat's token."""
        attempt = 0
        while True:
            try:
                outcome = await self._session(host, port)
            except OSError:
                if self.token is None:
                    raise  # never got a seat: the caller says the host cannot be reached
                outcome = None
            if outcome is not None:
                return outcome
            if self.token is None or attempt >= self.retries:
                return Outcome(error="the connection to the host was lost")
            attempt += 1
            self.log("connection lost; reconnecting")
            self.listener.connection(False)
            await asyncio.sleep(min(0.1 * attempt, 2.0))

    async def _session(self, host: str, port: int) -> Outcome | None:
        reader, writer = await asyncio.open_connection(host, port)
        self.conn = conn = Connection(reader, writer)
        # A host replays the whole signed history to a returning client: skip what was checked.
        self.skip = self.seen
        self.outstanding = 0
        conn.send(
            {
                "type": "hello",
                "version": PROTOCOL_VERSION,
                "name": self.name,
                "key": self.identity.public_key,
                "token": self.token,
            }
        )
        try:
            async for batch in conn.batches():
                outcome = None
                for message in batch:
                    outcome = self._receive(message)
                    if outcome is not None:
                        break
                # Signatures are checked once what arrived together has been taken in, so a
                # reveal leaves before the slow checks; nothing else is done before them.
                if self.witness is not None:
                    self.witness.check_signatures()
                if outcome is not None:
                    return outcome
            return None
        except ProtocolError as e:
            self.log(f"stopping: {e.code}: {e.message}")
            return Outcome(error=f"{e.code}: {e.message}", culprit=e.culprit)
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            # Something in what the host sent has the wrong shape (a list of the wrong length,
            # a seat no one has): the host's fault, and no reason to crash.
            self.log(f"stopping: the host sent a malformed message ({e!r})")
            return Outcome(error=f"malformed: the host sent {type(e).__name__}", culprit="host")
        except ConnectionError:
            return None
        finally:
            conn.close()

    def _save(self) -> None:
        if self.state_path is not None and self.token is not None:
            save(
                self.state_path,
                SeatState(
                    self.game_id,
                    self.seat,
                    self.token,
                    self.identity.private_bytes(),
                    self.chain_seed,
                    self.committed,
                    self.revealed,
                    self.seq,
                ),
            )

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        """Sign and send ``body``; returns the envelope sent."""
        assert self.conn is not None
        envelope = self.identity.sign(self.seat, body)
        self.conn.send(envelope)
        return envelope

    def _receive(self, message: dict[str, Any]) -> Outcome | None:
        kind = message.get("type")
        if kind == "welcome":
            validate(message, HOST_MESSAGES)
            if message["version"] != PROTOCOL_VERSION:
                raise ProtocolError("version", f"the host speaks protocol {message['version']}")
            self.seat, self.game_id = message["seat"], message["game"]
            self.token = message["token"]
            if self.witness is None or self.witness.game_id != self.game_id:
                self.witness = Witness(self.game_id, message["host_key"])
            self.colour = message["colour"]
            self.log(f"joined as {self.seat} ({self.colour})")
            self.listener.joined(self.seat, self.colour)
            self.listener.connection(True)
            self._save()
            for envelope in self.sent_reveals.values():
                # A reveal the connection may have lost on the way: the host takes a repeat.
                self.conn.send(envelope)
        elif kind == "lobby":
            validate(message, HOST_MESSAGES)
            self.listener.lobby(message)
            seats = [s for s in message["seats"] if isinstance(s, dict)]
            mine = next((s for s in seats if s.get("seat") == self.seat), None)
            if self.auto_ready and message["state"] == "lobby" and mine and not mine.get("ready"):
                # Just seated, or the table changed: a bot is as ready for the new one.
                self.ready()
        elif kind == "chat":
            validate(message, HOST_MESSAGES)
            self.listener.chat(message["seat"], message["name"], message["text"])
        elif kind == "error":
            validate(message, HOST_MESSAGES)
            self.log(f"host says {message['code']}: {message['message']}")
            if message["code"] not in LOBBY_REFUSALS:
                self.outstanding = max(0, self.outstanding - 1)
                self.queued.clear()  # what followed the refused act no longer makes sense
            self.listener.refused(message["code"], message["message"])
        elif kind == "update":
            # Private to this seat and not signed (protocol.md): its dice are checked against
            # the roll's seed, which comes from the signed public history.
            validate(message, HOST_MESSAGES)
            if message["game"] != self.game_id:
                raise ProtocolError("wrong_game", "an update from another game", "host")
            self._check_update(message)
        elif kind == "signed":
            if message.get("from") != "host":
                raise ProtocolError("malformed", "clients only hear the host", "host")
            body = validate(message.get("body"), HOST_MESSAGES)
            if body["type"] not in SIGNED_BY_HOST:
                raise ProtocolError("malformed", f"a signed {body['type']} from the host", "host")
            if body["game"] != self.game_id:
                raise ProtocolError("wrong_game", "a message from another game", "host")
            if self.skip:
                self.skip -= 1
                return None
            self.seen += 1
            return self._from_host(body, message)
        else:
            raise ProtocolError("unknown_type", f"unexpected {kind!r} from the host", "host")
        return None

    def _from_host(self, body: dict[str, Any], envelope: dict[str, Any]) -> Outcome | None:
        kind = body["type"]
        witness = self.witness
        assert witness is not None
        witness.take(body, envelope)
        if kind == "move" and body["roll"] is not None:
            # Revealed before the slower checks, since every peer waits for it: the link is
            # good for this roll alone, and a forged move still stops the game at once.
            self._reveal(body["roll"])
        if kind == "start":
            witness.start(body, self.seat, self.identity.public_key)
            self.players = list(body["players"])
            self.listener.started(self.players)
            self.chain = HashChain(self.game_id, body["chain_length"], self.chain_seed)
            if not self.committed:
                self._send_signed({"type": "commit", "game": self.game_id, "tip": self.chain.tip})
                self.committed = True
                self._save()
        elif kind == "commits":
            assert self.chain is not None
            witness.commits(body, self.seat, self.chain.tip)
        elif kind == "move":
            witness.move(body)
            if body["seat"] == self.seat:
                self.outstanding = max(0, self.outstanding - 1)
        elif kind == "reveals":
            witness.reveals(body, self.seat, self.sent_reveals.pop(body["roll"], None))
        elif kind == "takeover":
            if body["seat"] == self.seat:
                raise ProtocolError(
                    "taken_over", "this seat was handed to a bot after too long an absence"
                )
            witness.takeover(body)
        elif kind == "over":
            witness.over(body)
            return Outcome(body["winner"], body["reason"], witness.code)
        return None

    def _reveal(self, roll: int) -> None:
        if roll <= self.revealed:
            return
        assert self.chain is not None and self.conn is not None
        envelope = self._send_signed(
            {
                "type": "reveal",
                "game": self.game_id,
                "roll": roll,
                "link": self.chain.link(roll),
                # What this client has seen up to the move, so that a host showing peers
                # different histories is caught (protocol.md, "What a client checks").
                "seen": self.witness.seen_at[roll],
            }
        )
        self.conn.flush()  # now: every peer waits for it, and the slow checks come after
        self.sent_reveals[roll] = envelope
        self.revealed = roll
        self._save()

    def _check_update(self, update: dict[str, Any]) -> None:
        self.witness.update(update)
        self.view = update["view"]
        self.waiting = update["waiting"]
        self.listener.updated(update)
        if self.bot is not None:
            self._play()
        self._send_queued()

    def act(self, *actions: Action) -> None:
        """Ask for these moves, one after another, each once the one before is applied."""
        self.queued.extend(actions)
        self._send_queued()

    def ready(self) -> None:
        """Tell the host this player is ready to start."""
        if self.conn is not None:
            self.conn.send({"type": "ready"})

    def choose_colour(self, colour: str) -> None:
        """Ask for another colour, in the lobby (the host refuses one that is taken)."""
        if self.conn is not None:
            self.conn.send({"type": "colour", "colour": colour})

    def set_table(self, mode: str, seats: int, bots: int) -> None:
        """The host's player changes the table in the lobby (the host refuses anyone else)."""
        if self.conn is not None:
            self.conn.send({"type": "table", "mode": mode, "seats": seats, "bots": bots})

    def say(self, text: str) -> None:
        """A chat line to everyone at the table."""
        if self.conn is not None and text.strip():
            self.conn.send({"type": "say", "text": text.strip()[:200]})

    def _send_queued(self) -> None:
        if self.queued and not self.outstanding and self.conn is not None:
            self._send_act(self.queued.pop(0))

    def _send_act(self, action: Action) -> None:
        self.seq += 1
        self.outstanding += 1
        self._save()  # before sending: a resumed client must never reuse a sequence number
        self._send_signed(
            {"type": "act", "game": self.game_id, "seq": self.seq, "action": action.to_dict()}
        )

    def _play(self) -> None:
        assert self.view is not None
        if self.view["phase"] == "over" or self.outstanding:
            return
        if self.opened and self.waiting != self.seat:
            return
        game = Game(GameState.from_view(self.view))
        actions = []
        if not self.opened:
            self.opened = True
            actions = list(self.bot.opening(game, self.seat))
        if self.waiting == self.seat:
            actions.append(self.bot.choose(game, self.seat))
        for action in actions:
            self._send_act(action)
