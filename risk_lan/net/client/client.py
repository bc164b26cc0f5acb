"""A client: joins a host, contributes to every roll, checks everything the host says (through
its ``Witness``), and, with a bot, plays its seat; or, as a spectator (``watch``), takes no
seat and contributes to no roll, and checks all the same. A client trusts nobody and stops,
naming the culprit, when something does not verify."""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain
from protocol.messages import (
    CLOCK_WAIT,
    HOST_MESSAGES,
    PROTOCOL_VERSION,
    action_shape,
    validate,
)
from protocol.signing import Identity
from risk_lan.net.client.botplay import BotPlay
from risk_lan.net.client.expelled import expelled
from risk_lan.net.client.joining import JOINING_MESSAGES, Joining
from risk_lan.net.client.outcome import Listener, LocalFailure, Outcome, stopped_by
from risk_lan.net.client.reconnecting import Reconnecting
from risk_lan.net.client.seatfile import KeptSeat, StaleSeat, seat_path
from risk_lan.net.client.standinganswer import StandingAnswers
from risk_lan.net.client.tablerequests import TableRequests
from risk_lan.net.client.witness import Witness
from risk_lan.net.connection import Connection
from risk_lan.net.updates import received_view
from risk_lan.rules import Action

# Refusals of a lobby or table request, not of an act: they leave the acts in flight alone.
LOBBY_REFUSALS = frozenset({"colour", "table", "not_taken", "bad_text", "chat_too_fast"})
# Events of one move a host may send ahead of its update (a blitz of thousands of battles).
MAX_PENDING_EVENTS = 50_000


class Client(Reconnecting, TableRequests, KeptSeat, BotPlay):
    def __init__(
        self,
        name: str,
        bot: Any = None,
        log: Callable[[str], None] | None = None,
        state_path: Path | None = None,
        retries: int | None = None,
        listener: Listener | None = None,
        auto_ready: bool = True,
        find_game: Callable[[str], Awaitable[tuple[str, int] | None]] | None = None,
        seat_dir: Path | None = None,
        record: str | None = None,
        watch: bool = False,
        password: str | None = None,
    ) -> None:
        self.name = name
        # A spectator: takes no seat, contributes to no roll, and checks all the same.
        self.watch = watch
        self.bot = bot
        self.listener = listener or Listener()
        self.auto_ready = auto_ready  # else the player says it is ready with ready()
        self.queued: list[Action] = []  # a person's acts waiting for the previous to be applied
        self.standing = StandingAnswers()  # F7 under «risques calculés», given by this client
        self.log = log or (lambda line: None)
        self.joining = Joining(password, self.listener, self.log)
        self.identity = Identity()
        self.seat = ""
        self.colour = ""
        self.game_id = ""
        self.token: bytes | None = None
        self.witness: Witness | None = None  # from the welcome on
        self.players: list[dict[str, Any]] = []  # seat, name, kind, colour, from the start
        self.sent_reveals: dict[int, dict[str, Any]] = {}  # by roll, until its reveals come
        # The last signed messages sent: an expulsion for a forged one must name one of them.
        self.signed_sent: deque[dict[str, Any]] = deque(maxlen=16)
        self.chain: HashChain | None = None
        self.view: dict[str, Any] | None = None
        self.waiting: str | None = None  # the seat the game waits for, as of the last update
        self.seq = 0
        self.outstanding = 0  # acts sent that the host has neither applied nor refused
        self.opened = False
        self.conn: Connection | None = None
        self.welcomed = False  # on the connection of the moment
        self.retries = retries  # attempts to reconnect (None: for RECONNECT_FOR seconds)
        self.find_game = find_game  # where the game is on the LAN now, by its id
        self.chain_seed = secrets.token_bytes(32)
        self.committed = False
        self.commit_envelope: dict[str, Any] | None = None  # until the commits come
        self.revealed = 0  # the highest roll revealed
        self.to_reveal: int | None = None  # a roll announced whose reveals have not come
        self.seen = 0  # broadcast messages checked so far
        self.taken_over = False  # a bot of the host plays this seat for now
        self.reclaim_when_taken = bot is not None  # a bot client asks for its seat back at once
        self.pending_events: list[dict[str, Any]] = []  # sent ahead of the next update
        self.updates_in: list[dict[str, Any]] = []  # updates to check at the batch's end
        self.view_received: dict[str, Any] | None = None  # the last on this connection
        self.views = 0  # updates taken in
        self.chose_again_at = -1  # the update a bot last chose again after
        self.address: tuple[str, int] | None = None
        self.secrets: dict[str, Any] = {}  # kept with the seat: a headquarters' seal, say
        self.state_path = state_path
        self.seat_dir = seat_dir  # where to keep the seat once the host gives one
        self.record = record  # where to write what this seat checked (`risk-lan verify`)
        self._restore_seat()

    async def _session(self, host: str, port: int) -> Outcome | None:
        self.conn = conn = await Connection.open(host, port)
        self.address = (host, port)
        self.outstanding = 0
        self.pending_events = []
        self.updates_in = []
        self.view_received = None  # a new connection starts from a whole view
        self.welcomed = False  # on this connection
        conn.send(
            {
                "type": "hello",
                "version": PROTOCOL_VERSION,
                "name": self.name,
                "key": self.identity.public_key,
                "token": self.token,
                # What this client has checked already: the host's replay starts after it.
                "have": self.seen if self.witness is not None else 0,
                **({"watch": True} if self.watch else {}),
            }
        )
        ended: list[Outcome] = []

        def receive(batch: list[dict[str, Any]]) -> None:
            outcome = None
            for message in batch:
                outcome = self._receive(message)
                if outcome is not None:
                    break
            # A roll is revealed once what arrived together has been taken in (a returning
            # client's history holds many rolls already made), and before the slow checks:
            # signatures, checked next; nothing else is done before them.
            self._reveal_pending()
            self._check_updates()
            if self.witness is not None:
                self.witness.check_signatures()
            if outcome is not None:
                ended.append(outcome)
                conn.stop()

        try:
            conn.deliver(receive)  # each batch taken in as it is read
            await conn.ended()
            return ended[0] if ended else None
        except ConnectionError:
            return None
        except (OSError, StaleSeat):
            # The connection, or the seat's file: reconnecting is the answer; a seat the
            # host no longer has is forgotten first (``Reconnecting``).
            raise
        except Exception as e:  # said in a sentence that blames whom it should, never a trace
            return stopped_by(e, f"client-{self.game_id or 'lobby'}", self.log)
        finally:
            conn.close()

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        """Sign and send ``body``; returns the envelope sent."""
        assert self.conn is not None
        envelope = self.identity.sign(self.seat, body)
        self.conn.send(envelope)
        self.signed_sent.append(envelope)
        return envelope

    def _receive(self, message: dict[str, Any]) -> Outcome | None:
        kind = message.get("type")
        if kind == "welcome":
            validate(message, HOST_MESSAGES)
            if message["version"] != PROTOCOL_VERSION:
                raise ProtocolError("version", f"the host speaks protocol {message['version']}")
            if bool(message.get("watching")) != self.watch:
                raise ProtocolError(
                    "watching",
                    "the host seated a spectator" if self.watch else "the host gave no seat",
                    "host",
                )
            self.seat, self.game_id = message["seat"], message["game"]
            self.welcomed = True
            self.joining.welcomed()
            self.token = message["token"]
            if self.state_path is None and self.seat_dir is not None:
                self.state_path = seat_path(self.seat_dir, self.game_id, self.seat)
                self._hold_seat()
            if self.witness is None or self.witness.game_id != self.game_id:
                self.witness = Witness(
                    self.game_id,
                    message["host_key"],
                    self.seat,
                    self.identity.public_key,
                    watching=self.watch,
                )
                if self.record is not None:
                    self.witness.keep_record(self.record)
            self.colour = message["colour"]
            self.log(f"joined as {self.seat}" + (f" ({self.colour})" if self.colour else ""))
            self.listener.joined(self.seat, self.colour)
            self.listener.connection(True)
            self._save()
            if self.commit_envelope is not None:
                # A commitment a restarted host may not have: the host takes a repeat.
                self.conn.send(self.commit_envelope)
            for envelope in self.sent_reveals.values():
                # A reveal the connection, or a host's restart, may have lost on the way.
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
            if message["code"] == "bad_token" and not self.game_id:
                raise StaleSeat  # a seat kept from a game this host no longer has
            if (
                message["code"] in ("removed", "silent", "expelled")
                or not self.game_id
                or (not self.welcomed and self.watch)
            ):
                # Freed by the host's player, or refused a seat (full, another version), or a
                # spectator refused again (the table full of others, the game over): nothing
                # to come back to, and the host closes the connection next.
                raise ProtocolError(message["code"], message["message"])
            self.log(f"host says {message['code']}: {message['message']}")
            if message["code"] not in LOBBY_REFUSALS:
                self.outstanding = max(0, self.outstanding - 1)
                self.queued.clear()  # what followed the refused act no longer makes sense
                self._choose_again()
            self.listener.refused(message["code"], message["message"])
        elif kind == "events":
            validate(message, HOST_MESSAGES)
            self.pending_events.extend(message["events"])
            if len(self.pending_events) > MAX_PENDING_EVENTS:
                raise ProtocolError("too_large", "more events than any move has", "host")
        elif kind == "update":
            # Private to this seat and not signed (protocol.md): checked against this
            # client's own working-out of the signed public history, once the roll waiting
            # (if any) is answered, or before the next move is played.
            validate(message, HOST_MESSAGES)
            if message["game"] != self.game_id:
                raise ProtocolError("wrong_game", "an update from another game", "host")
            self.view_received = received_view(message, self.view_received)
            message = {**message, "view": self.view_received, "changes": None}
            if self.pending_events:
                message = {**message, "events": self.pending_events + message["events"]}
                self.pending_events = []
            self.updates_in.append(message)
        elif kind == "clock":
            validate(message, HOST_MESSAGES)
            waits = [w for w in message["waits"] if isinstance(w, dict)]
            for wait in waits:
                validate({"type": "wait", **wait}, {"wait": CLOCK_WAIT})
            self.listener.clock(message["paused"], waits)
        elif kind in JOINING_MESSAGES:
            self.joining.take(message, self.conn, self.identity.public_key)
        elif kind == "signed":
            if self.witness is None:
                raise ProtocolError("out_of_order", "a broadcast before the welcome", "host")
            body = message.get("body")
            if not (isinstance(body, dict) and body.get("type") == "move" and body.get("roll")):
                self._check_updates()  # before the next move is played: updates tell the last
            body = self.witness.take(message, self.sent_reveals)
            self.seen += 1
            return self._from_host(body)
        else:
            raise ProtocolError("unknown_type", f"unexpected {kind!r} from the host", "host")
        return None

    def _from_host(self, body: dict[str, Any]) -> Outcome | None:
        kind = body["type"]
        witness = self.witness
        assert witness is not None
        if kind == "move" and body["roll"] is not None:
            # Revealed at the end of this batch, before the slower checks, since every peer
            # waits for it: the link is good for this roll alone.
            self.to_reveal = body["roll"]
        if kind == "start":
            self.players = list(body["players"])
            self.listener.started(self.players)
            if self.watch:
                return None  # a spectator contributes to no roll
            self.chain = HashChain(self.game_id, body["chain_length"], self.chain_seed)
            witness.own_tip = self.chain.tip
            # Sent again by a client resumed after a crash: the same tip, which the host
            # takes once (it may have restarted and lost the first).
            self.commit_envelope = self._send_signed(
                {"type": "commit", "game": self.game_id, "tip": self.chain.tip}
            )
            if not self.committed:
                self.committed = True
                self._save()
        elif kind == "commits":
            self.commit_envelope = None
        elif kind == "move":
            if body["seat"] == self.seat:
                self.outstanding = max(0, self.outstanding - 1)
        elif kind == "reveals":
            self.sent_reveals.pop(body["roll"], None)
            self.to_reveal = None
        elif kind == "takeover":
            self.to_reveal = None
            self.sent_reveals.clear()  # that roll is never made; its move comes again
            # A player out of the game stops contributing to rolls: no bot plays for it.
            game = witness.game
            out = game is not None and body["seat"] in game.state.eliminated
            if body["seat"] == self.seat:
                self.taken_over = True
                self.outstanding = 0
                self.queued.clear()
                self.log("out of the game: watching on" if out else "a host bot plays the seat")
                if self.reclaim_when_taken and not out:
                    self.reclaim()
            self.listener.seat_changed(body["seat"], "out" if out else "taken_over")
        elif kind == "expel":
            self.to_reveal = None
            self.sent_reveals.clear()  # as after a takeover: the roll is made again
            if body["seat"] == self.seat:
                return expelled(self, body)
            self.listener.seat_changed(body["seat"], f"expelled:{body['why']}")
        elif kind == "handback":
            if body["seat"] == self.seat:
                self.taken_over = False
                self.log("this seat is played from here again")
            self.listener.seat_changed(body["seat"], "back")
        elif kind == "over":
            if self.conn is not None:
                self.conn.send({"type": "done"})  # the host may go once every player has
            if self.state_path is not None:
                self._let_seat_go()
                self.state_path.unlink(missing_ok=True)  # nothing left to come back to
            return Outcome(body["winner"], body["reason"], witness.code)
        return None

    def _reveal_pending(self) -> None:
        """Reveal for the roll the game waits on, if this seat contributes to it."""
        roll = self.to_reveal
        witness = self.witness
        if roll is None or roll in self.sent_reveals or witness is None:
            return
        if self.seat not in witness.contributors or self.chain is None or self.conn is None:
            return
        self._reveal(roll)

    def _reveal(self, roll: int) -> None:
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
        # Not saved now: a link is the same whenever it is sent, and saving a seat costs more
        # than the roll (the next save keeps the highest roll revealed).
        self.revealed = max(self.revealed, roll)

    def _check_updates(self) -> None:
        updates, self.updates_in = self.updates_in, []
        for update in updates:
            self._check_update(update)

    def _check_update(self, update: dict[str, Any]) -> None:
        checked = self.witness.update(update)
        self.view = update["view"]
        self.views += 1
        self.waiting = update["waiting"]
        try:
            self.listener.updated(update, checked)
        except Exception as e:
            raise LocalFailure from e
        if self.bot is not None:
            self._play()
        elif not (self.queued or self.outstanding or self.taken_over):
            answer = self.standing.due(self.view, self.seat, update["n"])  # its card is its own
            if answer is not None:
                self._send_act(answer)
        self._send_queued()

    def act(self, *actions: Action) -> None:
        """Ask for these moves, one after another, each once the one before is applied."""
        self.queued.extend(actions)
        self._send_queued()

    def _send_queued(self) -> None:
        if self.queued and not self.outstanding and self.conn is not None and not self.taken_over:
            self._send_act(self.queued.pop(0))

    def _send_act(self, action: Action) -> None:
        if not action_shape(action.to_dict()):
            # The host would close the connection on it, and the same act sent again after
            # each reconnection would leave the seat silent for good: it is this program's
            # fault, said here and never sent.
            self.log(f"not sent, outside the wire's limits: {action}")
            if self.bot is not None:
                raise LocalFailure(f"the bot chose a move the protocol cannot carry: {action}")
            self.listener.refused("unsendable", "this move breaks the protocol's limits")
            return
        self.seq += 1
        self.outstanding += 1
        self._save()  # before sending: a resumed client must never reuse a sequence number
        self._send_signed(
            {"type": "act", "game": self.game_id, "seq": self.seq, "action": action.to_dict()}
        )
