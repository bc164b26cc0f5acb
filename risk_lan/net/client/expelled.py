"""A client told that the host expelled its own seat (``hostexpel``): it checks what only it
can check, then ends its game, saying so. The evidence of a bad reveal or of a `seen` the
witness has checked already (``expulsion``): it was this seat's own signed word. A forged
signature only this client can judge: the host's evidence must be one of the messages it sent
last, else the host made it up."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from protocol.errors import ProtocolError
from risk_lan.expulsion_deeds import deed as deed_in
from risk_lan.net.client.outcome import Outcome


def expelled(body: dict[str, Any], seat: str, sent: Collection[Any], transcript: str) -> Outcome:
    """The end of ``seat``'s game, expelled as ``body`` (an `expel` of it) says; ``sent``
    holds the signed messages this client sent last, ``transcript`` the game's code."""
    why = body["why"]
    if why == "bad_signature" and not any(e in sent for e in body["evidence"]):
        raise ProtocolError(
            "bad_expel", "the host expelled this seat for a message it never sent", "host"
        )
    return Outcome(transcript=transcript, culprit=seat, error=f"expelled: {why}")


def deed(why: str) -> str:
    """What this client's app sent, as the host's expulsion for ``why`` says."""
    return deed_in("en", why)
