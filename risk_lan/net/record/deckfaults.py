"""A false step of the sealed deck as proof of a cheat (docs/fairness.md, "Expelling a
cheat"): which of the ledger's refusals prove that their party's app cheats or is broken,
and the check every peer makes of the host's evidence before it accepts the expulsion.

A step the ledger refuses as not due (``out_of_turn``) proves nothing: it may be honest and
late (sent before its sender saw a seat change hands). Every other refusal of a step its
party signed does: a forged shuffle, a layer added or removed falsely, a false opening or
part of a layer, a false secret, a complaint of a good share, bytes of no form. The host
does not publish such a step; it expels its sender with the signed message as evidence, and
each peer takes that message to its own ledger, which stands where the host's stood, to see
the very same refusal.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import DECK_EXPULSIONS
from protocol.messages import CLIENT_MESSAGES, validate
from protocol.sealeddeck import DeckFault, SealedDeck
from protocol.signing import verify


def proven(fault: DeckFault, seat: str) -> DeckFault | None:
    """The expulsion ``fault`` proves against ``seat``: the fault again, its code the
    `expel`'s `why` (never an error's code on the wire); None when it proves nothing
    against it."""
    why = "bad_step" if fault.code == "malformed" else fault.code
    if why not in DECK_EXPULSIONS or fault.party != seat:
        return None
    return DeckFault(seat, why, fault.message)


def fault_of(ledger: SealedDeck, body: dict[str, Any]) -> DeckFault | None:
    """What ``ledger``, as it stands, refuses in ``body`` (a `deck` step, or an `act`'s
    openings), judged on a copy so that nothing changes; None if it takes it all."""
    trial = ledger.trial()
    messages: list[Any] = (
        [body.get("step")] if body["type"] == "deck" else list(body.get("openings") or ())
    )
    try:
        for message in messages:
            if not isinstance(message, dict):
                return DeckFault(None, "malformed", "a deck message is a map")
            if body["type"] == "deck":
                trial.take(message)
            else:
                trial.opening(message)
    except DeckFault as e:
        return e
    return None


def check_deck_expulsion(
    ledger: SealedDeck | None,
    false_complaints: dict[str, dict[str, Any]],
    game_id: str,
    seat: str,
    why: str,
    evidence: list[dict[str, Any]],
    key: bytes,
) -> None:
    """Raise ``bad_expel`` (blaming the host) unless ``evidence`` shows ``seat``'s app sent
    the false step ``why`` says, on the ledger as it stands here."""
    if ledger is None:
        raise _lie(f"{seat} is expelled for a step of a deck this game does not deal")
    envelope = evidence[0]
    if why == "false_complaint":
        if false_complaints.get(seat) != envelope:
            raise _lie(f"no good answer showed {seat}'s complaint false")
        return
    try:
        body = validate(verify(envelope, key), CLIENT_MESSAGES)
    except ProtocolError:
        raise _lie(f"the evidence against {seat} is not a message {seat} signed") from None
    if body["type"] not in ("deck", "act") or body["game"] != game_id:
        raise _lie(f"the evidence against {seat} is not a step of this game's deck")
    fault = fault_of(ledger, body)
    shown = proven(fault, seat) if fault is not None else None
    if shown is None or shown.code != why:
        raise _lie(f"{seat}'s step is not refused for what the host says")


def _lie(message: str) -> ProtocolError:
    return ProtocolError("bad_expel", message, "host")
