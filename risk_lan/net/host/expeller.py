"""A player proven to misbehave is expelled, and the game goes on: a bot plays its seat to the
end, its key is refused from then on, and a roll it spoiled is made again without it, as after
a withheld reveal. The host's `expel` carries the player's own signed message(s) as evidence,
which every peer checks (``expulsion``) before it accepts the expulsion; so no single peer
can end the game for the table, and only a host caught cheating stops it.

What is proven, and how each is caught, is in docs/fairness.md, "Expelling a cheat"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.fairness import EXPULSIONS
from protocol.signing import verify
from risk_lan.net.host.broadcaster import Broadcaster, Position
from risk_lan.net.host.handovers import Handovers
from risk_lan.net.host.hostwords import sentence
from risk_lan.net.host.seating import Roster


class Played(Position, Protocol):
    @property
    def finished(self) -> bool: ...


class Expeller:
    def __init__(
        self,
        roster: Roster,
        broadcaster: Broadcaster,
        handovers: Handovers,
        position: Played,
        log: Callable[[str], None],
    ) -> None:
        self.roster, self.broadcaster, self.handovers = roster, broadcaster, handovers
        self.position, self.log = position, log

    def expel(self, seat: str, error: ProtocolError, evidence: list[dict[str, Any]]) -> bool:
        """Expel ``seat`` for ``error`` (raised against it by one of the host's checks), with
        its message(s) ``evidence``; False if that error proves nothing against it (the
        caller then drops the connection, as for any protocol error) or the game is over."""
        proves = error.code in EXPULSIONS
        if self.position.finished or not proves or error.culprit != seat:
            return False
        s = self.roster.seat_by_id(seat)
        if s.kind != "human" or s.expelled:
            return s.expelled != ""
        why = error.code
        if why != "bad_signature":
            # Its evidence must be its own word: a reveal is otherwise checked only at
            # checkpoints, since its link proves its author to the host.
            try:
                verify(evidence[0], s.key)
            except ProtocolError:
                why = "bad_signature"
        s.expelled = why
        why_said = f"{s.name} ({seat}) is expelled: {error.message}"
        self.log(f"{why_said}; a bot plays the seat to the end (a normal one)")
        body = {
            "type": "expel",
            "game": self.broadcaster.id,
            "seat": seat,
            "why": why,
            "evidence": evidence,
        }
        self.handovers.to_bot(seat, body)
        if self.position.game is not None:
            self.broadcaster.broadcast_updates([])  # every screen's transcript code moves on
        if s.connection is not None:
            # Sent ahead of whatever it is being sent (the history, say), then closed.
            s.connection.send_last({"type": "error", "code": "expelled", "message": sentence(why)})
        return True
