"""One party's side of the sealed deck: its secrets, the messages it owes, the cards it
learns (docs/protocol.md, "The sealed deck's steps").

``ShareHolder`` is what holding escrow shares takes (every party, and the host when it is no
party): its X25519 key, the shares it opened, its complaints, its parts of an absent party's
layer, its shares of an absent party's secret at the end. ``DealerParty`` is a party: its
layer key, its escrow (the ephemeral secrets of its sealed boxes, to answer a complaint),
its shuffle steps (committed, then proven once the randomness is out), its layer added and
removed, the cards it learns, its openings and its secret. Each reads the public ledger
through ``LedgerView`` and makes messages for ``SealedDeck.take``; none of them changes the
ledger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .deckdraw import add_layer, open_card, remove_layer, uncover
from .deckshuffle import CommittedShuffle, commit_shuffle, proof_parts, prove_committed
from .escrow import (
    check_share,
    deal,
    open_share,
    partial_removal,
    seal_share_revealably,
    x25519_private,
    x25519_public,
)
from .fairness import DerivedSource, digest
from .layerkey import LayerKey
from .ristretto import DeckCryptoError, Point, Scalar
from .sealeddeck import Deal, Escrow, Party, Pending, Slot, share_context, step_context
from .teamshare import holds, read_opening, seal_opening

Message = dict[str, Any]


class LedgerView(Protocol):
    """What a party reads of the public ledger (``SealedDeck``)."""

    game_id: str
    escrows: dict[str, Escrow]
    away: set[str]
    parties: dict[str, Party]
    slots: dict[str, Slot]

    def pending(self) -> list[Pending]: ...

    def holders(self, dealer: str) -> list[str]: ...

    def threshold(self, dealer: str) -> int: ...

    def signing_key(self, holder: str) -> bytes: ...

    def deal_of(self, deal_id: str) -> Deal: ...

    def slot(self, token: str) -> Slot: ...

    def holder_of(self, token: str) -> str | None: ...


class ShareHolder:
    """A holder of escrow shares, with the 32-byte private half of its Ed25519 signing key."""

    def __init__(self, holder_id: str, signing_private: bytes) -> None:
        self.id = holder_id
        self.x25519 = x25519_private(signing_private)
        self.shares: dict[str, Scalar] = {}
        self.complained: set[str] = set()

    def collect(self, ledger: LedgerView) -> list[Message]:
        """Open the shares sealed to it in every escrow in; a complaint for each that does
        not open or is not the one its escrow commits to."""
        complaints = []
        for dealer, escrow in ledger.escrows.items():
            holders = ledger.holders(dealer)
            if self.id not in holders or dealer in self.shares or dealer in self.complained:
                continue
            index = holders.index(self.id) + 1
            share = self._opened(escrow, index)
            if share is not None:
                self.shares[dealer] = share
            else:
                self.complained.add(dealer)
                complaints.append({"kind": "escrow_complaint", "party": self.id, "dealer": dealer})
        return complaints

    def _opened(self, escrow: Escrow, index: int) -> Scalar | None:
        """Its share in ``escrow``, if the box opens to the one the commitments say."""
        try:
            share = open_share(escrow.sealed[index - 1], self.x25519)
        except DeckCryptoError:
            return None
        return share if check_share(escrow.commitments, index, share) else None

    def partial(self, ledger: LedgerView, token: str) -> Message:
        """Its part of taking the absent owner's layer off ``token``."""
        slot = ledger.slot(token)
        owner = next(p for p in slot.layers if p != slot.receiver)  # the ledger's order
        context = step_context(ledger.game_id, slot.deal, token, f"escrow_partial/{owner}", self.id)
        part, proof = partial_removal(self.shares[owner], slot.point, context)
        return {
            "kind": "escrow_partial",
            "party": self.id,
            "token": token,
            "owner": owner,
            "point": bytes(part),
            "proof": proof,
        }

    def secret_share(self, owner: str) -> Message:
        """At the end, its share of an absent party's layer, in the open."""
        return {
            "kind": "secret_share",
            "party": self.id,
            "owner": owner,
            "share": bytes(self.shares[owner]),
        }

    def owed(self, ledger: LedgerView) -> list[Message]:
        """Its complaints and escrow parts owed now."""
        made = self.collect(ledger)
        for step in ledger.pending():
            if step.party == self.id and step.kind == "escrow_partial":
                made.append(self.partial(ledger, step.subject))
        return made


class DealerParty:
    """A party: its layer key and its share holder (the same id)."""

    def __init__(self, holder: ShareHolder, key: LayerKey | None = None) -> None:
        self.id = holder.id
        self.holder = holder
        self.key = key if key is not None else LayerKey()
        self.cards: dict[str, str] = {}  # token -> card, what it learnt
        self.shared: dict[str, str] = {}  # token -> card, what teammates' parties told it
        self.complained: set[str] = set()  # tokens whose share to it it complained of
        self._boxes: dict[tuple[str, str], bytes] = {}  # (token, teammate) -> box's secret
        self._ephemeral: dict[str, bytes] = {}  # holder -> its sealed box's ephemeral secret
        self._steps: dict[tuple[str, int], CommittedShuffle] = {}  # (deal, step): committed

    def escrow(self, ledger: LedgerView) -> Message:
        holders = ledger.holders(self.id)
        context = step_context(ledger.game_id, "", "", "escrow_deal", self.id)
        made = deal(self.key, len(holders), ledger.threshold(self.id), context)
        sealed = []
        for j, holder in enumerate(holders, 1):
            # Drawn from its layer's secret, as its shuffles are: a party restarted from what
            # it kept (its layer) still holds the secret that opens each box it sent, should
            # a holder complain of it.
            ephemeral = digest("escrow-ephemeral", self.key.to_bytes(), context, holder)
            box, ephemeral = seal_share_revealably(
                made.shares[j], x25519_public(ledger.signing_key(holder)), ephemeral
            )
            sealed.append(box)
            self._ephemeral[holder] = ephemeral
        return {
            "kind": "escrow_deal",
            "party": self.id,
            "commitments": [bytes(c) for c in made.commitments],
            "proof": made.proof,
            "shares": sealed,
        }

    def answer(self, holder: str) -> Message:
        """The answer to ``holder``'s complaint: the ephemeral secret of its sealed box."""
        return {
            "kind": "escrow_answer",
            "party": self.id,
            "holder": holder,
            "ephemeral": self._ephemeral[holder],
        }

    def shuffle_commit(self, ledger: LedgerView, deal_id: str) -> Message:
        """Its commit to its step of the deal: the same one, if asked again for the same
        step, so that the proof it makes later answers the commit the ledger took."""
        d = ledger.deal_of(deal_id)
        step = self._steps.get((deal_id, d.step))
        if step is None:
            step = self._steps[deal_id, d.step] = self._committed(ledger, deal_id)
        return {"kind": "shuffle_commit", "party": self.id, "deal": deal_id, "commit": step.commit}

    def _committed(self, ledger: LedgerView, deal_id: str) -> CommittedShuffle:
        """Its step of the deal, drawn from its layer's secret and the step's context rather
        than from the system's randomness: a party whose program restarted between its commit
        and its proof (a host resumed from its save, a client from its seat file) makes the
        very step it committed to, and proves it. The order and the proof's secrets stay as
        secret as the layer itself."""
        d = ledger.deal_of(deal_id)
        context = step_context(ledger.game_id, deal_id, d.step, "shuffle", self.id)
        seed = digest("deck-shuffle-own", self.key.to_bytes(), context)
        order = DerivedSource(digest("deck-shuffle-own-order", seed)).permutation(len(d.deck))
        return commit_shuffle(self.key, d.deck, context, order=order, seed=seed)

    def shuffle(self, ledger: LedgerView, deal_id: str) -> Message:
        d = ledger.deal_of(deal_id)
        step = self._steps.pop((deal_id, d.step), None) or self._committed(ledger, deal_id)
        if d.randomness is None:
            raise ValueError(f"the deal {deal_id} awaits its randomness")
        randomness = d.randomness
        proof = prove_committed(step, randomness)
        return shuffle_message(self.id, deal_id, step.shuffled, proof)

    def relayer(self, ledger: LedgerView, token: str) -> Message:
        slot = ledger.slot(token)
        context = step_context(ledger.game_id, slot.deal, token, "relayer", self.id)
        added, proof = add_layer(self.key, slot.point, context)
        return _point_message("relayer", self.id, token, added, proof)

    def unlayer(self, ledger: LedgerView, token: str) -> Message:
        slot = ledger.slot(token)
        context = step_context(ledger.game_id, slot.deal, token, "unlayer", self.id)
        removed, proof = remove_layer(self.key, slot.point, context)
        return _point_message("unlayer", self.id, token, removed, proof)

    def open(self, ledger: LedgerView, token: str) -> Message:
        slot = ledger.slot(token)
        context = step_context(ledger.game_id, slot.deal, token, "open", self.id)
        shown, proof = open_card(self.key, slot.point, context)
        return _point_message("open", self.id, token, shown, proof)

    def secret(self) -> Message:
        return {"kind": "secret", "party": self.id, "secret": self.key.to_bytes()}

    def share(self, ledger: LedgerView, token: str, to: str) -> Message:
        """The opening of the card it holds as ``token``, sealed to the teammate's party
        ``to`` (its box's ephemeral secret kept, to answer a complaint)."""
        slot = ledger.slot(token)
        context = share_context(ledger.game_id, slot.deal, token, to, self.id)
        box, ephemeral = seal_opening(
            self.key, slot.point, context, x25519_public(ledger.signing_key(to))
        )
        self._boxes[token, to] = ephemeral
        return {"kind": "share", "party": self.id, "token": token, "to": to, "box": box}

    def share_answer(self, token: str, to: str) -> Message:
        """The answer to ``to``'s complaint of its share of ``token``: the box's secret."""
        return {
            "kind": "share_answer",
            "party": self.id,
            "token": token,
            "to": to,
            "ephemeral": self._boxes[token, to],
        }

    def read_shares(self, ledger: LedgerView) -> tuple[dict[str, str], list[Message]]:
        """The cards teammates' parties sealed to it and it had not read yet, each opening
        checked against the ledger; a complaint for each that is false."""
        learnt: dict[str, str] = {}
        complaints: list[Message] = []
        for token, slot in ledger.slots.items():
            shared = slot.shared.get(self.id)
            if shared is None or token in self.shared or token in self.complained:
                continue
            card = self._opened_share(ledger, token, slot)
            if card is not None:
                learnt[token] = self.shared[token] = card
            else:
                self.complained.add(token)
                complaints.append({"kind": "share_complaint", "party": self.id, "token": token})
        return learnt, complaints

    def _opened_share(self, ledger: LedgerView, token: str, slot: Slot) -> str | None:
        shared = slot.shared[self.id]
        context = share_context(ledger.game_id, slot.deal, token, self.id, shared.holder)
        try:
            shown, proof = read_opening(shared.box, self.holder.x25519)
        except DeckCryptoError:
            return None
        if not holds(ledger.parties[shared.holder].layer, shared.held, shown, proof, context):
            return None
        return ledger.deal_of(slot.deal).index.get(shown)

    def learn(self, ledger: LedgerView, tokens: Sequence[str]) -> dict[str, str]:
        """The cards of the ``tokens`` it now holds and did not know yet (its own layer off
        in private, the point looked up among its deal's)."""
        learnt = {}
        for token in tokens:
            if token in self.cards or ledger.holder_of(token) != self.id:
                continue
            slot = ledger.slot(token)
            card = ledger.deal_of(slot.deal).index.get(uncover(self.key, slot.point))
            if card is not None:
                learnt[token] = self.cards[token] = card
        return learnt

    def owed(self, ledger: LedgerView) -> list[Message]:
        """Every message it owes now, as a party and as a share holder."""
        made = self.holder.owed(ledger)  # its escrow parts among them
        for step in ledger.pending():
            if step.party == self.id and step.kind != "escrow_partial" and step.kind in MADE:
                made.append(self.make(ledger, step))
        return made

    def make(self, ledger: LedgerView, step: Pending) -> Message:
        """The message of ``step``, one of its own the ledger waits for (a kind of ``MADE``)."""
        return _MAKERS[step.kind](self, ledger, step)

    def team_step(self, ledger: LedgerView, step: Pending) -> Message:
        """A ``share`` or ``share_answer`` the ledger waits for from it."""
        if step.kind == "share":
            return self.share(ledger, step.subject, step.to)
        return self.share_answer(step.subject, step.to)


# How a party makes each kind of step the ledger waits for from it (``DealerParty.make``).
_MAKERS: dict[str, Callable[[DealerParty, LedgerView, Pending], Message]] = {
    "escrow_deal": lambda party, ledger, _: party.escrow(ledger),
    "escrow_answer": lambda party, _, step: party.answer(step.subject),
    "shuffle_commit": lambda party, ledger, step: party.shuffle_commit(ledger, step.subject),
    "shuffle": lambda party, ledger, step: party.shuffle(ledger, step.subject),
    "relayer": lambda party, ledger, step: party.relayer(ledger, step.subject),
    "unlayer": lambda party, ledger, step: party.unlayer(ledger, step.subject),
    "escrow_partial": lambda party, ledger, step: party.holder.partial(ledger, step.subject),
    "share": DealerParty.team_step,
    "share_answer": DealerParty.team_step,
}
MADE = frozenset(_MAKERS)  # the kinds of step a party makes when the ledger waits for it


def shuffle_message(party: str, deal_id: str, shuffled: Sequence[Point], proof: bytes) -> Message:
    """A ``shuffle`` message: the deck as a list of points, the proof as a list of its points
    and a list of its scalars (32 bytes each, well under the wire's MAX_BIN)."""
    commitments, responses = proof_parts(proof)
    return {
        "kind": "shuffle",
        "party": party,
        "deal": deal_id,
        "deck": [bytes(p) for p in shuffled],
        "commitments": commitments,
        "responses": responses,
    }


def _point_message(kind: str, party: str, token: str, p: Point, proof: bytes) -> Message:
    return {"kind": kind, "party": party, "token": token, "point": bytes(p), "proof": proof}
