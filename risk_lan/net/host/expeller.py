"""A player proven to misbehave is expelled, and the game goes on: a bot plays its seat to the
end, its key is refused from then on, and a roll it spoiled is made again without it, as after
a withheld reveal. The host's `expel` carries the player's own signed message(s) as evidence,
which every peer checks (``expulsion``) before it accepts the expulsion; so no single peer
can end the game for the table, and only a host caught cheating stops it.

What is proven, and how each is caught, is in docs/fairness.md, "Expelling a cheat"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.fairness import EXPULSIONS
from protocol.signing import verify
from risk_lan.net.expulsion import DEEDS

if TYPE_CHECKING:
    from risk_lan.net.host.hostgame import HostGame


def sentence(why: str) -> str:
    """What the host says to an expelled player, now and whenever it comes back."""
    deed = DEEDS.get(why, "a message that proves it cheats or is broken")
    return (
        f"you were expelled from this game: your app sent {deed}; a bot plays your seat to the end"
    )


def expel(game: HostGame, seat: str, error: ProtocolError, evidence: list[dict[str, Any]]) -> bool:
    """Expel ``seat`` for ``error`` (raised against it by one of the host's checks), with its
    message(s) ``evidence``; False if that error proves nothing against it (the caller then
    drops the connection, as for any protocol error) or the game is over."""
    if game.finished or error.code not in EXPULSIONS or error.culprit != seat:
        return False
    s = game.host.seat_by_id(seat)
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
    game.host.log(
        f"{s.name} ({seat}) is expelled: {error.message}; a bot plays the seat to the end"
    )
    body = {"type": "expel", "game": game.id, "seat": seat, "why": why, "evidence": evidence}
    game._to_bot(seat, body)
    if game.game is not None:
        game._broadcast_updates([])  # every screen's transcript code moves on too
    if s.connection is not None:
        # Sent ahead of whatever it is being sent (the history, say), then closed.
        s.connection.send_last({"type": "error", "code": "expelled", "message": sentence(why)})
    return True
