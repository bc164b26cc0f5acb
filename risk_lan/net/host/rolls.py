"""The host's side of the fair dice: every contributor's commitment, then each roll's reveals,
gathered with the one wait every seat is held to (a seat that keeps a commitment or a reveal
waiting too long is handed to a bot, and a roll that waited for it is made again on the next
roll number: no roll ever has two results)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, HashChain, RollSource, roll_seed
from protocol.framing import pack, remember_canonical
from protocol.messages import CHECKPOINT
from protocol.signing import Identity, verify
from risk_lan.net.host.broadcaster import Broadcaster


class Waits(Protocol):
    """What the rolls need of whoever keeps the seats: who a bot plays, and the wait every
    seat is held to."""

    def played_by_bot(self, seat: str) -> bool: ...

    async def wait_for(
        self, missing: Callable[[], list[str]], why: str, done: asyncio.Event
    ) -> bool: ...


class Expels(Protocol):
    def expel(self, seat: str, error: ProtocolError, evidence: list[dict[str, Any]]) -> bool: ...


class Numbers(Protocol):
    """Who numbers the moves: a move published again under the next roll is a new move."""

    def move_body(
        self,
        seat: str,
        action: dict[str, Any],
        request: dict[str, Any] | None,
        chance: bool,
        openings: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]: ...


class Rolls:
    def __init__(
        self,
        game_id: str,
        identity: Identity,
        chain: HashChain,
        secret: bytes,
        contributors: list[str],
        broadcaster: Broadcaster,
    ) -> None:
        self.id, self.identity, self.chain, self.secret = game_id, identity, chain, secret
        self.broadcaster = broadcaster
        self.contributors = contributors
        self.commits: dict[str, dict[str, Any]] = {}
        self.commits_published = False
        self._commits_in = asyncio.Event()
        self.verifier: ChainVerifier | None = None
        self.reveals: dict[int, dict[str, dict[str, Any]]] = {}
        self._reveal_waiters: dict[int, asyncio.Event] = {}
        self.roll = 0
        self.pending: dict[str, Any] | None = None  # a published move waiting for its roll
        self.cancelled: set[int] = set()  # rolls a takeover or an expulsion left unmade
        self.seen_at_roll = b""
        self.unconfirmed: list[tuple[str, dict[str, Any]]] | None = None  # the last roll's
        self.keys: dict[str, bytes] = {}
        self.seats: Waits | None = None
        self.expeller: Expels | None = None
        # What must be done before a move whose roll a takeover cancelled is published again.
        self.before_again: Callable[[], Awaitable[None]] | None = None
        self.numbers: Numbers | None = None
        # A sealed game's: what the host's own commitment adds (its layer key and escrow),
        # and the check of what a seat's adds, which raises ProtocolError naming the seat.
        self.own_fields: dict[str, Any] = {}
        self.check_commit: Callable[[str, dict[str, Any]], None] | None = None

    def bind(self, seats: Waits, expeller: Expels, numbers: Numbers) -> None:
        """The parts the rolls work with, which are made after them and need them."""
        self.seats, self.expeller, self.numbers = seats, expeller, numbers

    def wait_for_pending(self) -> None:
        """A resumed host: reveals sent again by returning clients may come before the game
        task runs."""
        if self.pending is not None:
            self.reveals[self.pending["roll"]] = {}
            self._reveal_waiters[self.pending["roll"]] = asyncio.Event()

    # ----- what clients send ----------------------------------------------------------------

    def accept_commit(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        assert self.seats is not None
        if seat in self.commits:
            if self.commits[seat]["body"]["tip"] == body["tip"]:
                return  # a client resumed after a crash, or reconnected, says it again
            raise ProtocolError("replayed", f"{seat} has already committed", seat)
        if self.commits_published and not self.seats.played_by_bot(seat):
            return  # too late to count: its seat goes on without it
        if self.check_commit is not None:
            self.check_commit(seat, body)
        self.commits[seat] = envelope
        if all(c in self.commits for c in self.contributors[1:]):
            self._commits_in.set()

    def take_reveal(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        """A reveal from a seat; one that does not match its commitment would leave this roll
        with no honest result: its sender is expelled and the roll made again without it."""
        assert self.expeller is not None
        try:
            self.accept_reveal(seat, body["roll"], body["link"], envelope)
        except ProtocolError as e:
            if not self.expeller.expel(seat, e, [envelope]):
                raise

    def accept_reveal(self, seat: str, roll: int, link: bytes, envelope: dict[str, Any]) -> None:
        if seat not in self.contributors:
            return  # a seat taken over no longer contributes
        if roll < self.roll or (roll == self.roll and roll not in self._reveal_waiters):
            return  # a reveal a returning client sends again, for a roll already made
        if roll == self.roll and envelope["body"]["seen"] != self.seen_at_roll:
            raise ProtocolError(
                "equivocation", f"{seat} reports a history this host never sent", seat
            )
        earlier = self.reveals.get(roll, {}).get(seat)
        if earlier is not None and earlier["body"]["link"] == link:
            return  # the same reveal again, from a client resumed after a crash
        if self.verifier is None or roll != self.roll:
            raise ProtocolError("wrong_roll", f"no roll {roll} is waiting for reveals", seat)
        if earlier is not None:
            # Its first link for this roll matched its chain: no other can.
            raise ProtocolError("bad_reveal", f"{seat} sent a second link for roll {roll}", seat)
        self.verifier.accept(seat, roll, link)
        self.reveals[roll][seat] = envelope
        if len(self.reveals[roll]) == len(self.contributors):
            self._reveal_waiters[roll].set()

    def confirm_reveals(self) -> None:
        """Check the signatures of the latest roll's reveals before the clients do (at each
        checkpoint and at the end), so that a client's bad signature is blamed on it, not on
        the host that relayed it: its sender is expelled (a checkpoint's roll is then made
        again without it). A link proves its author; only the `seen` needs this."""
        assert self.expeller is not None
        if self.unconfirmed is None:
            return
        reveals, self.unconfirmed = self.unconfirmed, None
        for seat, envelope in reveals:
            try:
                verify(envelope, self.keys[seat])
            except ProtocolError as e:
                self.expeller.expel(seat, e, [envelope])

    # ----- seats leaving the rolls and coming back --------------------------------------------

    def drop(self, seat: str) -> None:
        """``seat`` contributes no more: a roll or the commitments waiting for it stop
        waiting. The roll is never made (its move comes again under the next roll); the
        commitments go on without the seat's."""
        if seat in self.contributors:
            self.contributors.remove(seat)
        if self.pending is not None:
            roll = self.pending["roll"]
            self.cancelled.add(roll)
            if roll in self._reveal_waiters:
                self._reveal_waiters[roll].set()
        self._commits_in.set()

    def chain_back(self, seat: str) -> tuple[bool, dict[str, Any] | None]:
        """Whether ``seat`` can contribute again, and the commitment that brings its chain
        back to the rolls (None: the rolls know its chain already)."""
        if self.verifier is None or self.verifier.knows(seat):
            return True, None
        commit = self.commits.get(seat)
        if commit is None:
            return False, None  # no chain of its own yet: its client is sending one
        self.verifier.add(seat, commit["body"]["tip"])
        return True, commit

    # ----- the host's side ------------------------------------------------------------------

    async def gather_commits(self) -> None:
        """Every contributor's commitment; one that does not come in time loses its seat to a
        bot, like any other wait."""
        assert self.seats is not None
        self.commits["host"] = self.identity.sign(
            "host", {"type": "commit", "game": self.id, "tip": self.chain.tip, **self.own_fields}
        )

        def missing() -> list[str]:
            return [c for c in self.contributors if c not in self.commits]

        while missing():
            self._commits_in.clear()
            await self.seats.wait_for(missing, "commit", self._commits_in)
        envelopes = [self.commits[c] for c in self.contributors]
        self.commits_published = True
        self.broadcaster.publish({"type": "commits", "game": self.id, "envelopes": envelopes})
        self.verifier = ChainVerifier(
            self.id,
            {c: self.commits[c]["body"]["tip"] for c in self.contributors},
            self.chain.length,
        )

    async def rolled(self, body: dict[str, Any], publish: bool) -> RollSource:
        """The dice of a move: its roll, or, if a contributor it waited for was taken over,
        the same move published again under the next roll, as often as that happens."""
        assert self.numbers is not None
        source = await (self.chance(body) if publish else self._roll(body))
        while source is None:
            if self.before_again is not None:
                await self.before_again()  # a sealed deck's steps the takeover made owed
            body = self.numbers.move_body(
                body["seat"], body["action"], body["request"], True, body.get("openings")
            )
            source = await self.chance(body)
        return source

    async def chance(self, body: dict[str, Any]) -> RollSource | None:
        """Publish a move that needs chance and make its roll (None: cancelled)."""
        self.reveals[body["roll"]] = {}
        self.broadcaster.publish(body)
        self.seen_at_roll = self.broadcaster.transcript.hash
        return await self._roll(body)

    async def gathered(self, body: dict[str, Any]) -> RollSource | None:
        """A roll published before the host was resumed, made with the reveals it waited for
        (a sealed deal's challenge, which is no move to make again: None if cancelled)."""
        return await self._roll(body)

    async def _roll(self, body: dict[str, Any]) -> RollSource | None:
        """Gather every reveal for a published move's roll and return the source its dice
        come from; None if a contributor it waited for was taken over (the roll is then
        never made: no roll has two results)."""
        assert self.seats is not None
        roll = body["roll"]
        self.pending = body
        self.reveals.setdefault(roll, {})
        waiter = self._reveal_waiters.setdefault(roll, asyncio.Event())
        own = self.identity.sign(
            "host",
            {  # in canonical order, as the reveals that relay it (below)
                "game": self.id,
                "link": self.chain.link(roll),
                "roll": roll,
                "seen": self.seen_at_roll,
                "type": "reveal",
            },
        )
        self.accept_reveal("host", roll, self.chain.link(roll), own)

        def missing() -> list[str]:
            return [c for c in self.contributors if c not in self.reveals[roll]]

        # A takeover or an expulsion meanwhile cancels the roll (``drop``).
        while missing() and roll not in self.cancelled:
            await self.seats.wait_for(missing, "reveal", waiter)
        envelopes: list[dict[str, Any]] = []
        if roll not in self.cancelled:
            envelopes = [self.reveals[roll][c] for c in self.contributors]
            self.unconfirmed = list(zip(self.contributors, envelopes, strict=True))
            if roll % CHECKPOINT == 0:
                self.confirm_reveals()  # a forger expelled here cancels the roll too
        del self._reveal_waiters[roll]
        self.pending = None
        if roll in self.cancelled:
            return None
        # Every envelope here is in canonical order (each client's rebuilt so by the intake,
        # the host's own made so above), and so is this body: packed as it stands.
        reveals = {"envelopes": envelopes, "game": self.id, "roll": roll, "type": "reveals"}
        remember_canonical(reveals)
        self.broadcaster.publish(reveals)
        links = [e["body"]["link"] for e in envelopes]
        return RollSource(roll_seed(self.id, roll, pack(body), links), self.secret)
