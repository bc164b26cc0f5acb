"""The host's side of the fair dice: every contributor's commitment, then each roll's reveals,
gathered with the one wait every seat is held to (a seat that keeps a commitment or a reveal
waiting too long is handed to a bot, and a roll that waited for it is made again on the next
roll number: no roll ever has two results). Part of ``HostGame``, which holds the state."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.fairness import ChainVerifier, RollSource, roll_seed
from protocol.framing import pack, remember_canonical
from protocol.messages import CHECKPOINT
from protocol.signing import verify
from risk_lan.net.host.expeller import expel

if TYPE_CHECKING:
    pass

REVEAL_NAG = 10.0  # how often to say who the game is waiting for
POLL = 0.2  # how often a waiting host looks at who has been away too long


class RollKeeping:
    def _accept_commit(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        if seat in self.commits:
            if self.commits[seat]["body"]["tip"] == body["tip"]:
                return  # a client resumed after a crash, or reconnected, says it again
            raise ProtocolError("replayed", f"{seat} has already committed", seat)
        if self.commits_published and seat not in self.bots:
            return  # too late to count: its seat goes on without it
        self.commits[seat] = envelope
        if all(c in self.commits for c in self.contributors[1:]):
            self._commits_in.set()

    def _accept_reveal(self, seat: str, roll: int, link: bytes, envelope: dict[str, Any]) -> None:
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

    def _confirm_reveals(self) -> None:
        """Check the signatures of the latest roll's reveals before the clients do (at each
        checkpoint and at the end), so that a client's bad signature is blamed on it, not on
        the host that relayed it: its sender is expelled (a checkpoint's roll is then made
        again without it). A link proves its author; only the `seen` needs this."""
        if self.unconfirmed is None:
            return
        reveals, self.unconfirmed = self.unconfirmed, None
        for seat, envelope in reveals:
            try:
                verify(envelope, self.keys[seat])
            except ProtocolError as e:
                expel(self, seat, e, [envelope])

    async def _gather_commits(self) -> None:
        """Every contributor's commitment; one that does not come in time loses its seat to a
        bot, like any other wait."""
        self.commits["host"] = self.host.identity.sign(
            "host", {"type": "commit", "game": self.id, "tip": self.host.chain.tip}
        )

        def missing() -> list[str]:
            return [c for c in self.contributors if c not in self.commits]

        while missing():
            self._commits_in.clear()
            await self._wait_for(missing, "commit", self._commits_in)
        envelopes = [self.commits[c] for c in self.contributors]
        self.commits_published = True
        self._publish({"type": "commits", "game": self.id, "envelopes": envelopes})
        self.verifier = ChainVerifier(
            self.id,
            {c: self.commits[c]["body"]["tip"] for c in self.contributors},
            self.host.config.chain_length,
        )

    async def _wait_for(
        self, missing: Callable[[], list[str]], why: str, done: asyncio.Event
    ) -> bool:
        """Wait until ``done`` is set; False if a seat kept it waiting too long and a bot took
        it meanwhile. ``missing`` says whom it still waits on."""
        self.clock.wait(missing(), why, self.now())
        nagged = self.now()
        while not done.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL):  # cheaper than wait_for, once a roll
                    await done.wait()
            if done.is_set():
                break
            self.clock.wait(missing(), why, self.now())
            if self.on_wait is not None:
                self.on_wait()
            if self._take_over_overdue():
                return False
            self._tell_clock()
            if self.now() - nagged >= REVEAL_NAG:
                nagged = self.now()
                self.host.log(f"waiting for {', '.join(self.clock.seats)} ({why})")
        return True

    async def _rolled(self, body: dict[str, Any], publish: bool) -> RollSource:
        """The dice of a move: its roll, or, if a contributor it waited for was taken over,
        the same move published again under the next roll, as often as that happens."""
        source = await (self._chance(body) if publish else self._roll(body))
        while source is None:
            body = self._move_body(body["seat"], body["action"], body["request"], True)
            source = await self._chance(body)
        return source

    async def _chance(self, body: dict[str, Any]) -> RollSource | None:
        """Publish a move that needs chance and make its roll (None: cancelled)."""
        self.reveals[body["roll"]] = {}
        self._publish(body)
        self.seen_at_roll = self.transcript.hash
        return await self._roll(body)

    async def _roll(self, body: dict[str, Any]) -> RollSource | None:
        """Gather every reveal for a published move's roll and return the source its dice
        come from; None if a contributor it waited for was taken over (the roll is then
        never made: no roll has two results)."""
        roll = body["roll"]
        self.pending = body
        self.reveals.setdefault(roll, {})
        waiter = self._reveal_waiters.setdefault(roll, asyncio.Event())
        own = self.host.identity.sign(
            "host",
            {  # in canonical order, as the reveals that relay it (below)
                "game": self.id,
                "link": self.host.chain.link(roll),
                "roll": roll,
                "seen": self.seen_at_roll,
                "type": "reveal",
            },
        )
        self._accept_reveal("host", roll, self.host.chain.link(roll), own)

        def missing() -> list[str]:
            return [c for c in self.contributors if c not in self.reveals[roll]]

        # A takeover or an expulsion meanwhile cancels the roll (``SeatKeeping._to_bot``).
        while missing() and roll not in self.cancelled:
            await self._wait_for(missing, "reveal", waiter)
        if roll not in self.cancelled:
            envelopes = [self.reveals[roll][c] for c in self.contributors]
            self.unconfirmed = list(zip(self.contributors, envelopes, strict=True))
            if roll % CHECKPOINT == 0:
                self._confirm_reveals()  # a forger expelled here cancels the roll too
        del self._reveal_waiters[roll]
        self.pending = None
        if roll in self.cancelled:
            return None
        # Every envelope here is in canonical order (each client's rebuilt so by the intake,
        # the host's own made so above), and so is this body: packed as it stands.
        reveals = {"envelopes": envelopes, "game": self.id, "roll": roll, "type": "reveals"}
        remember_canonical(reveals)
        self._publish(reveals)
        links = [e["body"]["link"] for e in envelopes]
        return RollSource(roll_seed(self.id, roll, pack(body), links), self.host.secret)
