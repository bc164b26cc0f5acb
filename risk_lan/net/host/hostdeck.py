"""The host's side of the sealed deck (issue 27): the host as a party (its layer, the escrow
of it among the other parties, the shares of theirs it holds) and the public ledger it keeps
like every peer.

The host is always the first party: the seats its bots play are dealt under its layer, and
with it in, no coalition of all the players can read the pile without it. It checks each
seat's escrow as that seat's commitment comes in (a false one is refused and the seat
blamed), and builds the ledger from the commitments it publishes, as every peer does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.sealeddeck import SealedDeck
from protocol.signing import Identity
from risk_lan.net.record.deckescrows import check_escrow, commit_fields, ledger_of

HOST_PARTY = "host"


class HostDeck:
    def __init__(
        self, game_id: str, identity: Identity, parties: Sequence[str], keys: Mapping[str, bytes]
    ) -> None:
        """``parties`` the start's contributors (the host first), ``keys`` their signing
        keys."""
        self.game_id = game_id
        self.parties = list(parties)
        self.keys = dict(keys)
        self.party = DealerParty(ShareHolder(HOST_PARTY, identity.private_bytes()))
        self.ledger: SealedDeck | None = None
        self.complaints: list[dict[str, Any]] = []  # the host's own, to publish

    def own_fields(self) -> dict[str, Any]:
        """What the host's own commitment adds: its layer key and its escrow."""
        return commit_fields(self.party, self.game_id, self.parties, self.keys)

    def check_commit(self, seat: str, body: dict[str, Any]) -> None:
        """A seat's commitment: its layer and escrow checked on their own (ProtocolError
        ``bad_escrow`` naming the seat)."""
        check_escrow(self.game_id, self.parties, self.keys, seat, body)

    def commits_published(
        self, start: Mapping[str, Any], commits: Mapping[str, Mapping[str, Any]]
    ) -> SealedDeck:
        """The ledger built from the published commitments' bodies, and the host's shares
        of every other party's escrow opened (a share that does not open is a complaint)."""
        self.ledger = ledger_of(start, commits)
        self.complaints = self.party.holder.collect(self.ledger)
        return self.ledger
