"""A seat's side of the sealed deck (issue 27): its party (the layer its cards are held
under, the escrow of that layer among the other parties, the shares of theirs it holds), and
what it learns. The public ledger it reads is its witness's, built from the published
commitments like every peer's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.sealeddeck import SealedDeck
from protocol.signing import Identity
from risk_lan.net.record.deckescrows import commit_fields


class DeckSeat:
    def __init__(self, seat: str, identity: Identity, log: Callable[[str], None]) -> None:
        self.party = DealerParty(ShareHolder(seat, identity.private_bytes()))
        self.log = log
        self.complaints: list[dict[str, Any]] = []  # its own, to send

    def commit_fields(self, start: Mapping[str, Any]) -> dict[str, Any]:
        """What its commitment adds: its layer key and its escrow among the start's
        contributors."""
        return commit_fields(self.party, start["game"], start["contributors"], start["keys"])

    def commits_published(self, ledger: SealedDeck) -> None:
        """Open the shares of every other party's escrow sealed to this seat; one that does
        not open to what its escrow commits to is a complaint."""
        made = self.party.holder.collect(ledger)
        for complaint in made:
            self.log(f"the share {complaint['dealer']} sealed to this seat is false")
        self.complaints += made
