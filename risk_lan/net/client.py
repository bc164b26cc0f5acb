"""A client: joins a host, contributes to every roll, checks everything the host says, and
(with a bot) plays its seat. A client trusts nobody: it verifies every signature, every
reveal against its commitment, and every die against the roll's seed, and stops naming the
culprit when something does not verify."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, HashChain, commit_secret, roll_seed
from protocol.framing import pack
from protocol.messages import HOST_MESSAGES, PROTOCOL_VERSION, validate
from protocol.signing import Identity, verify
from protocol.transcript import Transcript
from risk_lan.net.connection import Connection
from risk_lan.net.dicecheck import dice_mismatch
from risk_lan.net.seatfile import SeatState, load, save
from risk_lan.rules import Game, GameState


@dataclass
class Outcome:
    winner: str | None = None
    reason: str = ""
    transcript: str = ""
    culprit: str | None = None
    error: str | None = None


class Client:
    def __init__(
        self,
        name: str,
        bot: Any = None,
        log: Callable[[str], None] | None = None,
        state_path: Path | None = None,
        retries: int = 30,
    ) -> None:
        self.name = name
        self.bot = bot
        self.log = log or (lambda line: None)
        self.identity = Identity()
        self.seat = ""
        self.colour = ""
        self.game_id = ""
        self.host_key = b""
        self.token: bytes | None = None
        self.keys: dict[str, bytes] = {}
        self.contributors: list[str] = []
        self.chain: HashChain | None = None
        self.verifier: ChainVerifier | None = None
        self.transcript: Transcript | None = None
        self.secret_commit = b""
        self.moves: dict[int, dict[str, Any]] = {}
        self.roll_moves: dict[int, dict[str, Any]] = {}
        self.seen_at: dict[int, bytes] = {}
        self.taken: set[str] = set()  # seats handed to the host's bots
        self.seeds: dict[int, bytes] = {}
        self.view: dict[str, Any] | None = None
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
            async for message in conn.messages():
                outcome = self._receive(message)
                if outcome is not None:
                    return outcome
            return None
        except ProtocolError as e:
            self.log(f"stopping: {e.code}: {e.message}")
            return Outcome(error=f"{e.code}: {e.message}", culprit=e.culprit)
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

    def _send_signed(self, body: dict[str, Any]) -> None:
        assert self.conn is not None
        self.conn.send(self.identity.sign(self.seat, body))

    def _receive(self, message: dict[str, Any]) -> Outcome | None:
        kind = message.get("type")
        if kind == "welcome":
            validate(message, HOST_MESSAGES)
            if message["version"] != PROTOCOL_VERSION:
                raise ProtocolError("version", f"the host speaks protocol {message['version']}")
            self.seat, self.game_id = message["seat"], message["game"]
            self.host_key, self.token = message["host_key"], message["token"]
            self.colour = message["colour"]
            self.log(f"joined as {self.seat} ({self.colour})")
            self._save()
            assert self.conn is not None
            self.conn.send({"type": "ready"})
        elif kind == "lobby":
            validate(message, HOST_MESSAGES)
        elif kind == "error":
            validate(message, HOST_MESSAGES)
            self.log(f"host says {message['code']}: {message['message']}")
            self.outstanding = max(0, self.outstanding - 1)
        elif kind == "signed":
            if message.get("from") != "host":
                raise ProtocolError("malformed", "clients only hear the host", "host")
            body = validate(verify(message, self.host_key), HOST_MESSAGES)
            if body["game"] != self.game_id:
                raise ProtocolError("wrong_game", "a message from another game", "host")
            if body["type"] != "update":
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
        if kind != "update":
            if self.transcript is None:
                self.transcript = Transcript(self.game_id)
            self.transcript.add(envelope)
        if kind == "start":
            self.keys = dict(body["keys"])
            self.contributors = list(body["contributors"])
            self.secret_commit = body["secret_commit"]
            if self.keys.get(self.seat) != self.identity.public_key:
                raise ProtocolError(
                    "wrong_key", "the host announced another key for this seat", "host"
                )
            self.chain = HashChain(self.game_id, body["chain_length"], self.chain_seed)
            if not self.committed:
                self._send_signed({"type": "commit", "game": self.game_id, "tip": self.chain.tip})
                self.committed = True
                self._save()
        elif kind == "commits":
            tips = {}
            for env, who in zip(body["envelopes"], self.contributors, strict=True):
                inner = verify(env, self.keys[who])
                if env["from"] != who or inner.get("type") != "commit":
                    raise ProtocolError(
                        "bad_commit", f"a commitment for {who} is not its own", "host"
                    )
                tips[who] = inner["tip"]
            assert self.chain is not None
            if tips.get(self.seat) != self.chain.tip:
                raise ProtocolError(
                    "bad_commit", "the host relayed another tip for this seat", "host"
                )
            self.verifier = ChainVerifier(self.game_id, tips)
        elif kind == "move":
            self._check_request(body)
            self.moves[body["n"]] = body
            if body["roll"] is not None:
                self.roll_moves[body["roll"]] = body
            if body["seat"] == self.seat:
                self.outstanding = max(0, self.outstanding - 1)
            if body["roll"] is not None:
                assert self.transcript is not None
                # What this client has seen up to the move: every reveal says it, so a host
                # that showed peers different histories is caught at the next roll.
                self.seen_at[body["roll"]] = self.transcript.hash
            if body["roll"] is not None and body["roll"] > self.revealed:
                assert self.chain is not None
                roll = body["roll"]
                self._send_signed(
                    {
                        "type": "reveal",
                        "game": self.game_id,
                        "roll": roll,
                        "link": self.chain.link(roll),
                        "seen": self.seen_at[roll],
                    }
                )
                self.revealed = roll
                self._save()
        elif kind == "reveals":
            self._check_reveals(body)
        elif kind == "takeover":
            if body["seat"] == self.seat:
                raise ProtocolError(
                    "taken_over", "this seat was handed to a bot after too long an absence"
                )
            if body["seat"] in self.contributors:
                self.contributors.remove(body["seat"])
            self.taken.add(body["seat"])
        elif kind == "update":
            self._check_update(body)
        elif kind == "over":
            if commit_secret(self.game_id, body["secret"]) != self.secret_commit:
                raise ProtocolError(
                    "bad_secret", "the host's secret does not match its commitment", "host"
                )
            assert self.transcript is not None
            return Outcome(body["winner"], body["reason"], self.transcript.code)
        return None

    def _check_request(self, move: dict[str, Any]) -> None:
        request = move["request"]
        if request is None:
            if move["seat"] in self.keys and move["seat"] not in self.taken | {"host"}:
                raise ProtocolError(
                    "forged_move", f"a move for {move['seat']} it never asked", "host"
                )
            return
        who = move["seat"]
        asked = verify(request, self.keys.get(who, b""))
        if request.get("from") != who or asked.get("action") != move["action"]:
            raise ProtocolError("forged_move", f"move {move['n']} is not what {who} asked", "host")

    def _check_reveals(self, body: dict[str, Any]) -> None:
        roll = body["roll"]
        move = self.roll_moves.get(roll)
        if move is None or self.verifier is None:
            raise ProtocolError("out_of_order", f"reveals for roll {roll} before its move", "host")
        envelopes = body["envelopes"]
        if len(envelopes) != len(self.contributors):
            raise ProtocolError("bad_reveal", f"roll {roll} lacks reveals", "host")
        for env, who in zip(envelopes, self.contributors, strict=True):
            inner = env.get("body") if isinstance(env, dict) else None
            if not isinstance(inner, dict) or inner.get("seen") != self.seen_at.get(roll):
                raise ProtocolError(
                    "equivocation", f"{who} was shown a different history by the host", "host"
                )
        links = []
        for env, who in zip(envelopes, self.contributors, strict=True):
            # No signature check here: a link that matches the contributor's committed chain
            # could only come from that contributor, which is the stronger proof.
            inner = env.get("body") if isinstance(env, dict) else None
            if (
                not isinstance(inner, dict)
                or env.get("from") != who
                or inner.get("roll") != roll
                or inner.get("game") != self.game_id
                or not isinstance(inner.get("link"), bytes)
            ):
                raise ProtocolError("bad_reveal", f"{who}'s reveal is not for roll {roll}", who)
            self.verifier.accept(who, roll, inner["link"])
            links.append(inner["link"])
        self.seeds[move["n"]] = roll_seed(self.game_id, roll, pack(move), links)

    def _check_update(self, body: dict[str, Any]) -> None:
        n = body["n"]
        seed = self.seeds.get(n)
        if seed is not None:
            wrong = dice_mismatch(body["events"], seed)
            if wrong:
                raise ProtocolError("bad_dice", f"move {n}: {wrong}", "host")
        elif any(e.get("type") in ("battle", "order_rolled") for e in body["events"]):
            raise ProtocolError("bad_dice", f"move {n} rolled dice without a roll", "host")
        self.view = body["view"]
        if self.bot is not None:
            self._play()

    def _play(self) -> None:
        assert self.view is not None
        if self.view["phase"] == "over" or self.outstanding:
            return
        game = Game(GameState.from_view(self.view))
        actions = []
        if not self.opened:
            self.opened = True
            actions = list(self.bot.opening(game, self.seat))
        if game.waiting_for() == self.seat:
            actions.append(self.bot.choose(game, self.seat))
        for action in actions:
            self.seq += 1
            self.outstanding += 1
            self._save()  # before sending: a resumed client must never reuse a sequence number
            self._send_signed(
                {"type": "act", "game": self.game_id, "seq": self.seq, "action": action.to_dict()}
            )
