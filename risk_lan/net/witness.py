"""A client's witness of the host's public history: it checks every broadcast and every die,
and stops the game naming the culprit when something does not hold (protocol.md, "What a
client checks"; fairness.md).

The slow checks, Ed25519 signatures, are gathered while a batch of messages is taken in and
done by ``check_signatures`` at its end, so a client answers a roll before doing them. Two
things keep that cheap and sound:

- each host signature covers the transcript hash before it, so the latest one checked vouches
  for every broadcast before it: the host's are checked at each checkpoint (every
  ``CHECKPOINT``-th roll) and at every other kind of broadcast;
- a reveal's link proves its author by matching the committed chain; only the ``seen`` it
  carries needs its signature, and one confirmed ``seen`` vouches for the history before it,
  so the reveals' signatures are checked at each checkpoint and at the end.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, commit_secret, roll_seed
from protocol.framing import pack
from protocol.messages import CHECKPOINT
from protocol.signing import verify
from protocol.transcript import Transcript
from risk_lan.net.dicecheck import dice_mismatch


class Witness:
    def __init__(self, game_id: str, host_key: bytes) -> None:
        self.game_id = game_id
        self.host_key = host_key
        self.transcript = Transcript(game_id)
        self.keys: dict[str, bytes] = {}
        self.contributors: list[str] = []
        self.start_contributors: list[str] = []
        self.chain_length = 0
        self.taken: set[str] = set()  # seats handed to the host's bots
        self.pending_roll: int | None = None  # announced, neither revealed nor cancelled
        self.secret_commit = b""
        self.verifier: ChainVerifier | None = None
        self.roll_moves: dict[int, dict[str, Any]] = {}
        self.seen_at: dict[int, bytes] = {}  # the transcript hash right after each roll's move
        self.seeds: dict[int, bytes] = {}  # by move number
        # Signed envelopes whose signatures are still to check, each with its `prev`, the key
        # it must verify under and what a failure means (None: the host's own broadcast).
        self.unchecked: list[tuple[dict[str, Any], bytes, bytes, str | None]] = []
        self.latest_from_host: tuple[dict[str, Any], bytes] | None = None
        self.last_reveals: tuple[int, list[tuple[str, Any]]] | None = None  # not confirmed yet
        self.last_move = 0
        self.last_roll = 0
        # By seat: the sequence number of the last act of theirs made a move, and its roll.
        self.last_act: dict[str, tuple[int, int | None]] = {}
        self.rolled: set[int] = set()  # the rolls whose reveals came

    @property
    def code(self) -> str:
        return self.transcript.code

    def take(self, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        """Add a broadcast (validated, for this game) to the transcript."""
        prev = self.transcript.hash
        self.transcript.add(envelope)
        self.latest_from_host = (envelope, prev)
        kind = body["type"]
        if kind == "move":
            self._in_order(body)
        if kind not in ("move", "reveals") or (
            kind == "reveals" and body["roll"] % CHECKPOINT == 0
        ):
            self._queue_host_signature()
        if kind == "move" and body["roll"] is not None:
            self.seen_at[body["roll"]] = self.transcript.hash

    def _in_order(self, move: dict[str, Any]) -> None:
        """Moves come one after another, and each roll is announced once: a host that could
        announce a roll again, after seeing its links, could choose between results."""
        if move["n"] != self.last_move + 1:
            raise ProtocolError("out_of_order", f"move {move['n']} after {self.last_move}", "host")
        self.last_move = move["n"]
        if self.pending_roll is not None:
            # Only a takeover may leave a roll without result: anything else would let the
            # host (crashing on purpose, say) choose between results once it saw the links.
            raise ProtocolError(
                "reroll", f"move {move['n']} while roll {self.pending_roll} waits", "host"
            )
        roll = move["roll"]
        if roll is not None:
            if roll <= self.last_roll:
                raise ProtocolError("reroll", f"roll {roll} announced again", "host")
            self.last_roll = roll
            self.pending_roll = roll

    def start(self, body: dict[str, Any], seat: str, public_key: bytes) -> None:
        self.keys = dict(body["keys"])
        self.contributors = list(body["contributors"])
        self.start_contributors = list(body["contributors"])
        self.chain_length = body["chain_length"]
        self.secret_commit = body["secret_commit"]
        if self.keys.get(seat) != public_key:
            raise ProtocolError("wrong_key", "the host announced another key for this seat", "host")

    def commits(self, body: dict[str, Any], seat: str | None, own_tip: bytes | None) -> None:
        """Every commitment signed by its contributor, and this seat's own tip unchanged
        (``seat`` None: a seat a bot took before it committed, which has none there)."""
        tips = {}
        for env, who in zip(body["envelopes"], self.contributors, strict=True):
            inner = verify(env, self.keys[who])
            if env["from"] != who or inner.get("type") != "commit":
                raise ProtocolError("bad_commit", f"a commitment for {who} is not its own", "host")
            tips[who] = inner["tip"]
        if seat is not None and tips.get(seat) != own_tip:
            raise ProtocolError("bad_commit", "the host relayed another tip for this seat", "host")
        self.verifier = ChainVerifier(self.game_id, tips, self.chain_length)

    def move(self, move: dict[str, Any]) -> None:
        """A move for a player's seat must carry that player's own request for exactly it."""
        if move["roll"] is not None:
            self.roll_moves[move["roll"]] = move
        request = move["request"]
        if request is None:
            if move["seat"] in self.keys and move["seat"] not in self.taken | {"host"}:
                raise ProtocolError(
                    "forged_move", f"a move for {move['seat']} it never asked", "host"
                )
            return
        who = move["seat"]
        asked = request.get("body")
        if (
            request.get("from") != who
            or not isinstance(asked, dict)
            or asked.get("action") != move["action"]
            or not isinstance(asked.get("seq"), int)
        ):
            raise ProtocolError("forged_move", f"move {move['n']} is not what {who} asked", "host")
        seq, roll = self.last_act.get(who, (0, None))
        # A player's signed act used a second time is the host replaying it as a new move,
        # unless it is the move of a roll cancelled by a takeover, made again on a new roll.
        cancelled = roll is not None and roll not in self.rolled
        if asked["seq"] < seq or (asked["seq"] == seq and not cancelled):
            raise ProtocolError("replayed", f"move {move['n']} repeats an act of {who}", "host")
        self.last_act[who] = (asked["seq"], move["roll"])
        # The host checked this signature when the act arrived: one that fails here was forged
        # on the way, by the host.
        forged = f"move {move['n']} carries a forged act of {who}"
        self.unchecked.append((request, b"", self.keys.get(who, b""), forged))

    def reveals(self, body: dict[str, Any], seat: str, sent: dict[str, Any] | None) -> None:
        """Check a roll's reveals; ``sent`` is the reveal this client sent for it, which must
        come back as it left."""
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
        mine = dict(zip(self.contributors, envelopes, strict=True)).get(seat)
        if sent is not None and mine is not None and mine != sent:
            raise ProtocolError("equivocation", f"the reveal of {seat} was altered", "host")
        self.last_reveals = (roll, list(zip(self.contributors, envelopes, strict=True)))
        if roll % CHECKPOINT == 0:
            self._confirm_reveals()
        links = []
        for env, who in zip(envelopes, self.contributors, strict=True):
            inner = env["body"]
            if (
                env.get("from") != who
                or inner.get("roll") != roll
                or inner.get("game") != self.game_id
                or not isinstance(inner.get("link"), bytes)
            ):
                raise ProtocolError("bad_reveal", f"{who}'s reveal is not for roll {roll}", who)
            self.verifier.accept(who, roll, inner["link"])
            links.append(inner["link"])
        self.seeds[move["n"]] = roll_seed(self.game_id, roll, pack(move), links)
        self.rolled.add(roll)
        self.pending_roll = None

    def takeover(self, body: dict[str, Any]) -> None:
        seat = body["seat"]
        if seat in self.taken or seat not in self.start_contributors:
            raise ProtocolError("bad_takeover", f"{seat} is not a player's seat to take", "host")
        self.contributors = [c for c in self.contributors if c != seat]
        self.taken.add(seat)
        self.pending_roll = None  # cancelled: its move comes again under a new roll

    def handback(self, body: dict[str, Any]) -> None:
        seat = body["seat"]
        if seat not in self.taken or self.pending_roll is not None or self.verifier is None:
            raise ProtocolError("bad_handback", f"{seat} cannot be handed back now", "host")
        commit = body["commit"]
        if self.verifier.knows(seat) == (commit is not None):
            raise ProtocolError("bad_handback", f"{seat} comes back with the wrong chain", "host")
        if commit is not None:
            inner = verify(commit, self.keys[seat])
            if (
                commit.get("from") != seat
                or inner.get("type") != "commit"
                or inner.get("game") != self.game_id
                or not isinstance(inner.get("tip"), bytes)
            ):
                raise ProtocolError("bad_commit", f"{seat}'s commitment is not its own", "host")
            self.verifier.add(seat, inner["tip"])
        self.taken.discard(seat)
        self.contributors = [c for c in self.start_contributors if c not in self.taken]

    def over(self, body: dict[str, Any]) -> None:
        if body["winner"] is not None:
            # The stretch since the last checkpoint. A game stopped by the host is not: a
            # client may have signed the last reveals badly (the host checks signatures only
            # at checkpoints and before a normal end), and the stop names whom it blames.
            self._confirm_reveals()
        if commit_secret(self.game_id, body["secret"]) != self.secret_commit:
            raise ProtocolError(
                "bad_secret", "the host's secret does not match its commitment", "host"
            )

    def update(self, update: dict[str, Any]) -> None:
        """Every die of a private update must be the one its roll's seed gives."""
        n = update["n"]
        seed = self.seeds.get(n)
        if seed is not None:
            wrong = dice_mismatch(update["events"], seed)
            if wrong:
                raise ProtocolError("bad_dice", f"move {n}: {wrong}", "host")
        elif any(e.get("type") in ("battle", "order_rolled") for e in update["events"]):
            raise ProtocolError("bad_dice", f"move {n} rolled dice without a roll", "host")

    def check_signatures(self) -> None:
        """Check every signature gathered since the last call."""
        unchecked, self.unchecked = self.unchecked, []
        for envelope, prev, key, forged in unchecked:
            try:
                verify(envelope, key, prev)
            except ProtocolError as e:
                if forged is not None:
                    raise ProtocolError("forged_move", forged, "host") from e
                # A genuine signature over another history fails just like a forged one.
                raise ProtocolError(
                    "equivocation",
                    "the host's signature does not cover the history this client saw",
                    "host",
                ) from e

    def _queue_host_signature(self) -> None:
        if self.latest_from_host is not None:
            self.unchecked.append((*self.latest_from_host, self.host_key, None))
            self.latest_from_host = None

    def _confirm_reveals(self) -> None:
        """Check the signatures of the latest roll's reveals: each peer's own word for what
        it had seen."""
        if self.last_reveals is None:
            return
        roll, reveals = self.last_reveals
        self.last_reveals = None
        for who, env in reveals:
            key = self.keys.get(who)
            if key is None:
                raise ProtocolError("unknown_peer", f"no key for {who}", "host")
            try:
                verify(env, key)
            except ProtocolError:
                # The contributor's own link verified, so the host altered the envelope.
                raise ProtocolError(
                    "equivocation", f"the reveal of {who} for roll {roll} was altered", "host"
                ) from None
