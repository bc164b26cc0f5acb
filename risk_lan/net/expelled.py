"""A client told that the host expelled its own seat (``host.expeller``): it checks what only it
can check, then ends its game, saying so. The evidence of a bad reveal or of a `seen` the
witness has checked already (``expulsion``): it was this seat's own signed word. A forged
signature only this client can judge: the host's evidence must be one of the messages it sent
last, else the host made it up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from risk_lan.net.expulsion import DEEDS
from risk_lan.net.outcome import Outcome

if TYPE_CHECKING:
    from risk_lan.net.client import Client


def expelled(client: Client, body: dict[str, Any]) -> Outcome:
    """The end of ``client``'s game, expelled as ``body`` (an `expel` of its seat) says."""
    why = body["why"]
    if why == "bad_signature" and not any(e in client.signed_sent for e in body["evidence"]):
        raise ProtocolError(
            "bad_expel", "the host expelled this seat for a message it never sent", "host"
        )
    client.log(f"expelled by the host: this app sent {DEEDS.get(why, 'a message it refused')}")
    client.listener.seat_changed(client.seat, f"expelled:{why}")
    if client.state_path is not None:
        client._let_seat_go()
        client.state_path.unlink(missing_ok=True)  # its key is refused from now on
    code = client.witness.code if client.witness is not None else ""
    return Outcome(transcript=code, culprit=client.seat, error=f"expelled: {why}")
