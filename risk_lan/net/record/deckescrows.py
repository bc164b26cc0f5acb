"""The sealed deck's parties at the start of a game between peers: who they are, the layer key
and escrow each one's commitment carries, and the public ledger every peer builds from the
commitments (docs/protocol.md, "The sealed deck on the wire").

The parties are the start's contributors in their order: ``"host"`` first (it always holds
a layer: the seats its bots play are dealt under it), then each seat played by a client.
Each party's escrow shares its layer among every other party, sealed to each one's signing
key, so the escrows can be made as soon as the start names the parties and their keys; the
layers are public once the commitments are. The host checks each escrow as its commitment
comes in, and every peer, ``risk-lan verify`` included, builds the same ledger from the
published commitments (``ledger_of``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from protocol.dealerparty import DealerParty
from protocol.errors import ProtocolError
from protocol.ristretto import DeckCryptoError, Point, point
from protocol.sealeddeck import DeckFault, Party, SealedDeck

Message = dict[str, Any]


def is_sealed(start: Mapping[str, Any]) -> bool:
    """Whether the game ``start`` opens deals its hidden cards sealed."""
    return start.get("sealed") is True


def _provisional(
    game_id: str, parties: Sequence[str], keys: Mapping[str, bytes], layer: Point
) -> SealedDeck:
    """A ledger to make or check one escrow before the other parties' layers are known: an
    escrow reads only the parties' ids, their signing keys and the threshold, so every layer
    here is ``layer``, the one party's concerned."""
    return SealedDeck(game_id, [Party(p, layer, keys[p]) for p in parties])


def commit_fields(
    party: DealerParty, game_id: str, parties: Sequence[str], keys: Mapping[str, bytes]
) -> Message:
    """What ``party``'s commitment adds in a sealed game: its layer's public key and its
    escrow (the ledger's ``escrow_deal`` message)."""
    ledger = _provisional(game_id, parties, keys, party.key.public)
    return {"layer": bytes(party.key.public), "escrow": party.escrow(ledger)}


def check_escrow(
    game_id: str,
    parties: Sequence[str],
    keys: Mapping[str, bytes],
    seat: str,
    body: Mapping[str, Any],
) -> None:
    """Check the layer and escrow of ``seat``'s commitment ``body`` on their own;
    ``ProtocolError`` (``bad_escrow``) naming ``seat`` if they are missing or false."""
    _ledger_taking(game_id, parties, keys, {seat: body}, seat)


def ledger_of(start: Mapping[str, Any], commits: Mapping[str, Mapping[str, Any]]) -> SealedDeck:
    """The ledger of a sealed game: its parties with their layers, every escrow taken and
    checked. ``commits`` are the commitments' bodies by contributor; every party of the start
    must have committed. ``ProtocolError`` names the party whose commitment is at fault."""
    parties = list(start["contributors"])
    missing = [p for p in parties if p not in commits]
    if missing:
        raise ProtocolError(
            "bad_commit", f"a sealed game's commitments lack {', '.join(missing)}'s", "host"
        )
    ledger = SealedDeck(
        str(start["game"]),
        [Party(p, _layer(commits[p], p), start["keys"][p]) for p in parties],
    )
    for p in parties:
        _take_escrow(ledger, p, commits[p])
    return ledger


def _ledger_taking(
    game_id: str,
    parties: Sequence[str],
    keys: Mapping[str, bytes],
    commits: Mapping[str, Mapping[str, Any]],
    seat: str,
) -> SealedDeck:
    if seat not in parties:
        raise ProtocolError("bad_escrow", f"{seat} is no party of the sealed deck", seat)
    ledger = _provisional(game_id, parties, keys, _layer(commits[seat], seat))
    _take_escrow(ledger, seat, commits[seat])
    return ledger


def _layer(body: Mapping[str, Any], party: str) -> Point:
    raw = body.get("layer")
    if not isinstance(raw, bytes):
        raise ProtocolError("bad_escrow", f"{party}'s commitment has no layer key", party)
    try:
        return point(raw)
    except DeckCryptoError:
        raise ProtocolError("bad_escrow", f"{party}'s layer key is not a point", party) from None


def _take_escrow(ledger: SealedDeck, party: str, body: Mapping[str, Any]) -> None:
    escrow = body.get("escrow")
    if not isinstance(escrow, dict) or escrow.get("party") != party:
        raise ProtocolError("bad_escrow", f"{party}'s commitment has no escrow of its own", party)
    if escrow.get("kind") != "escrow_deal":
        raise ProtocolError("bad_escrow", f"{party}'s escrow is not an escrow deal", party)
    try:
        ledger.take(escrow)
    except DeckFault as e:
        raise ProtocolError(
            "bad_escrow", f"{party}'s escrow is refused: {e.message}", party
        ) from None
