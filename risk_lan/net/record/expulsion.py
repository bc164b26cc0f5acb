"""An expulsion as every peer judges it: the host's `expel` names a seat, what it did and the
seat's own signed messages that show it; each peer checks that evidence against the seat's
key and chain, and against the history it saw itself, before it accepts that the seat is out
for good. Evidence that does not show what the host says is the host's lie (``bad_expel``).

What each kind of evidence proves (docs/fairness.md, "Expelling a cheat"):

- ``bad_reveal``: a reveal the seat signed, for the roll waiting, whose link does not hash
  back to the seat's chain. Nobody but the seat signs with its key.
- ``wrong_roll``: a reveal the seat signed for a roll never announced.
- ``equivocation``: a reveal the seat signed for the roll waiting whose `seen` is not the
  history the host signed up to that roll (or two such reveals saying different things).
  A peer shown another history by the host sees its own `seen` there and catches the host.
- ``bad_signature``: a message in the seat's name whose signature fails. Only the host knows
  it came on the seat's connection; the others check that it does fail, and take the rest on
  the host's word, which gives it nothing it could not do already by no longer relaying the
  seat (a takeover).
- a sealed deck's false step (``deckfaults``: ``bad_shuffle``, ``bad_relayer``,
  ``bad_unlayer``, ``bad_opening``, ``bad_share``, ``false_complaint``, ``bad_secret``,
  ``bad_step``): the step the seat signed, which each peer's own ledger refuses just so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.fairness import DECK_EXPULSIONS, EXPULSIONS
from protocol.messages import CLIENT_MESSAGES, validate
from protocol.signing import verify
from risk_lan.expulsion_deeds import deed
from risk_lan.net.record.deckfaults import check_deck_expulsion

if TYPE_CHECKING:
    from risk_lan.net.record.broadcastcheck import GameReplay


def said(expelled: dict[str, str], names: dict[str, str]) -> str:
    """Words naming each seat expelled and why ("" for none)."""
    return "; ".join(
        f"{names.get(seat, seat)} ({seat}) was expelled: its app sent {deed('en', why)}"
        for seat, why in expelled.items()
    )


def _lie(message: str) -> ProtocolError:
    return ProtocolError("bad_expel", message, "host")


def check_expulsion(replay: GameReplay, body: dict[str, Any]) -> None:
    """Raise ``bad_expel`` (blaming the host) unless ``body``'s evidence shows what it says,
    judged on the history ``replay`` has taken in before it."""
    seat, why, evidence = body["seat"], body["why"], body["evidence"]
    if seat not in replay.humans or seat in replay.expelled:
        raise _lie(f"{seat} is not a player's seat that can be expelled")
    if why not in EXPULSIONS:
        raise _lie(f"{seat} is expelled for {why!r}, which proves nothing")
    if not all(isinstance(e, dict) and e.get("from") == seat for e in evidence):
        raise _lie(f"the evidence against {seat} holds another peer's message")
    key = replay.keys[seat]
    if why in DECK_EXPULSIONS:
        check_deck_expulsion(
            replay.ledger, replay.false_complaints, replay.game_id, seat, why, evidence, key
        )
        return
    if why == "bad_signature":
        _check_forgeries(evidence, key, seat)
        return
    reveals = [_reveal_of(replay, envelope, key, seat) for envelope in evidence]
    if why == "wrong_roll":
        if not any(r["roll"] > replay.roll for r in reveals):
            raise _lie(f"{seat}'s reveal is for a roll that was announced")
        return
    pending = replay.pending
    if pending is None or any(r["roll"] != pending["roll"] for r in reveals):
        raise _lie(f"the evidence against {seat} is not for the roll waiting")
    if seat not in replay.contributors:
        raise _lie(f"{seat} does not contribute to the roll waiting")
    if why == "bad_reveal":
        assert replay.chains is not None
        for r in reveals:
            try:
                replay.chains.check(seat, r["roll"], r["link"])
            except ProtocolError as e:
                if e.code in ("bad_reveal", "wrong_roll"):
                    return
        raise _lie(f"{seat}'s link for roll {pending['roll']} matches its chain")
    seen = {r["seen"] for r in reveals}
    if seen == {replay.pending_seen}:
        raise _lie(f"{seat} saw the history the host signed: it did not equivocate")


def _check_forgeries(evidence: list[Any], key: bytes, seat: str) -> None:
    """Every message of the evidence must fail ``seat``'s key: one it signed is no forgery."""
    for envelope in evidence:
        try:
            verify(envelope, key)
        except ProtocolError:
            continue
        raise _lie(f"the host calls a message {seat} signed a forgery")


def _reveal_of(replay: GameReplay, envelope: Any, key: bytes, seat: str) -> dict[str, Any]:
    """The body of a reveal ``seat`` signed, or the host's lie."""
    try:
        body = validate(verify(envelope, key), CLIENT_MESSAGES)
    except ProtocolError:
        raise _lie(f"the evidence against {seat} is not a message {seat} signed") from None
    if body["type"] != "reveal" or body["game"] != replay.game_id:
        raise _lie(f"the evidence against {seat} is not its reveal in this game")
    return body
