"""A seat's side of the sealed deck (issue 27): its party (the layer its cards are held
under, the escrow of that layer among the other parties, the shares of theirs it holds), and
what it learns. The public ledger it reads is its witness's, built from the published
commitments like every peer's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any, ParamSpec, TypeVar

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.layerkey import LayerKey
from protocol.sealeddeck import Pending, SealedDeck
from protocol.signing import Identity
from risk_lan.net.record.deckdraws import dealt
from risk_lan.net.record.deckescrows import commit_fields
from risk_lan.rules import Action, GameState
from risk_lan.rules.projection import opened_by, sealed_of
from risk_lan.rules.sealing import slot_of
from risk_lan.rules.seatview import TurnStart, seat_view

# The name of this seat's layer secret among what its seat file keeps.
DECK_LAYER = "deck_layer"

# How long (seconds) a holder lets a retired party's layer wait for that party's own unlayer
# before it sends its part of the escrow: a retired player's app usually still runs and takes
# its layer off itself, and then the holders' parts were wasted (about 200 a 6-party game,
# each checked by every peer). The ledger still takes either way; this is only when to send.
# A retired party whose app the host says is not connected is not waited for: the holders'
# parts go at once (a player taken over for leaving and then eliminated, say), else the
# table would wait the grace at every card with its layer on it, and a host's clock shorter
# than it would take the holders' seats over for being silent.
RETIRED_GRACE = 2.5


class DeckSeat:
    def __init__(
        self,
        seat: str,
        identity: Identity,
        log: Callable[[str], None],
        layer: bytes | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``layer``: the secret of this seat's layer, as its seat file keeps it (a client
        restarted mid-game); None: a new one, to keep there before the commitment goes out."""
        key = LayerKey.from_bytes(layer) if layer is not None else None
        self.party = DealerParty(ShareHolder(seat, identity.private_bytes()), key)
        self.log = log
        self.complaints: list[dict[str, Any]] = []  # its own, to send
        # Steps sent that the host has not published yet, each with the point it was made on
        # (a card that changed hands meanwhile owes the same step again, on its new point).
        self.sent: set[tuple[Pending, bytes]] = set()
        self.told_secret = False  # its layer's secret, told once the game is won
        # The away parties whose secret it told its share of.
        self.secret_shares_told: set[str] = set()
        # Its layer's key is not the one its commitment published (its app restarted, and
        # the key was not kept): it holds escrow shares still, but owes no step of its layer.
        self.lost = False
        self.sealed: dict[str, Any] | None = None  # the host's view its seat view is made of
        self.teammates_learnt: dict[str, str] = {}  # cards teammates told it, not shown yet
        self.start = TurnStart(seat)  # the hand its turn under way started with
        self.checks = ChecksAfter()
        self.clock = clock
        # Its parts of retired parties' layers held back (``RETIRED_GRACE``): since when each
        # has been owed, on the point it is made on.
        self.held: dict[tuple[Pending, bytes], float] = {}
        # The players whose app is not connected now, as the host's latest update says.
        self.unconnected: frozenset[str] = frozenset()

    def layer(self) -> bytes:
        """The secret of this seat's layer, for its seat file."""
        return self.party.key.to_bytes()

    def reconnected(self) -> None:
        """A new connection: the steps sent on the last one, which the host may never have
        got (it may have been restarted), are made and sent again while they are owed."""
        self.sent.clear()
        self.told_secret = False  # told again, unless the ledger has it by then

    def commit_fields(self, start: Mapping[str, Any]) -> dict[str, Any]:
        """What its commitment adds: its layer key and its escrow among the start's
        contributors."""
        return commit_fields(self.party, start["game"], start["contributors"], start["keys"])

    def commits_published(self, ledger: SealedDeck) -> None:
        """The ledger checks shuffles after this seat's own step from now on. Open the shares of
        every other party's escrow sealed to this seat; one that does not open to what its
        escrow commits to is a complaint."""
        mine = ledger.parties.get(self.party.id)
        if mine is not None and bytes(mine.layer) != bytes(self.party.key.public):
            self.lost = True
            self.log(
                "this seat's key to the sealed deck was lost when its app restarted: it cannot"
                " read or play its cards, so the host's bot keeps playing it"
            )
        ledger.later = self.checks
        made = self.party.holder.collect(ledger)
        for complaint in made:
            self.log(f"the share {complaint['dealer']} sealed to this seat is false")
        self.complaints += made

    def owed(self, ledger: SealedDeck) -> list[dict[str, Any]]:
        """The steps the ledger now waits for from this seat, each made once: one sent
        stays owed until the host publishes it, and is not made again meanwhile."""
        me = self.party.id
        # In the ledger's order, each with the point it is made on (asked once: every peer
        # asks after every message, and the ledger walks its deals and cards to answer).
        due = [(p, _made_on(ledger, p)) for p in ledger.pending() if p.party == me]
        self.sent &= set(due)
        due = self._past_grace(ledger, due)
        learnt, false_shares = self.party.read_shares(ledger)
        self.teammates_learnt.update(learnt)
        made = [*self.complaints, *self.party.holder.collect(ledger), *false_shares]
        self.complaints = []
        for step, on in due:
            if self.lost and step.kind != "escrow_partial":
                continue  # steps of a layer it no longer has
            if (step, on) not in self.sent:
                self.sent.add((step, on))
                self.held.pop((step, on), None)
                made.append(self.party.make(ledger, step))
                ledger.vouch(made[-1])  # this seat's own: not checked again when published
        return made

    def _past_grace(
        self, ledger: SealedDeck, due: list[tuple[Pending, bytes]]
    ) -> list[tuple[Pending, bytes]]:
        """``due`` but its parts of a retired party's layer owed for less than
        ``RETIRED_GRACE``: that party's own unlayer may come first, while its app is
        connected."""
        now = self.clock()
        held = {
            k: self.held.get(k, now)
            for k in due
            if k not in self.sent and _waits_for_own(ledger, k[0], self.unconnected)
        }
        self.held = held
        return [k for k in due if now - held.get(k, now - RETIRED_GRACE) >= RETIRED_GRACE]

    def next_part_in(self) -> float | None:
        """In how many seconds the first part held back (``RETIRED_GRACE``) is to be sent;
        None if none is."""
        if not self.held:
            return None
        return max(0.0, min(self.held.values()) + RETIRED_GRACE - self.clock())

    def end_shares(self, ledger: SealedDeck) -> list[dict[str, Any]]:
        """The game is won: its share of the secret of each party away whose escrow it holds
        (that party's cards are read from them), each told once."""
        me = self.party.id
        made = []
        for owner in sorted(ledger.away - set(ledger.secrets) - self.secret_shares_told):
            if me in ledger.holders(owner) and owner in self.party.holder.shares:
                self.secret_shares_told.add(owner)
                made.append(self.party.holder.secret_share(owner))
        return made

    def dealing(self, ledger: SealedDeck) -> bool:
        """Whether this seat's step of a deal is under way (its commit owed, its randomness
        being drawn, its shuffle owed or not yet published): the shuffles it builds on are
        checked once it is out, while the host checks it, so that this seat answers the
        roll of its own step and sends its proof without waiting for them."""
        me = self.party.id
        return any(not d.done and d.dealers[d.step] == me for d in ledger.deals.values())

    def learn(self, ledger: SealedDeck, state: GameState) -> dict[str, str]:
        """The cards of this seat it can now read (every other layer off them)."""
        return self.party.learn(ledger, dealt(ledger, sealed_of(state, self.party.id)))

    def seat_view(
        self, view: dict[str, Any], events: Sequence[Mapping[str, Any]] = ()
    ) -> dict[str, Any]:
        """The host's view of a sealed game (the whole sealed state) as this seat knows it:
        its own cards and its teammates' in their tokens' places. ``events`` are those of
        the moves the view follows, as this seat was sent them: the hand a turn of its own
        started with is kept from them."""
        if not view.get("sealed"):
            return view
        self.sealed = view
        state = GameState.from_view(view)
        self.start.moved(state, events)
        known = {**self.party.shared, **self.party.cards}
        return seat_view(state, self.party.id, known, self.start).to_dict()

    def shared_learnt(self) -> dict[str, str]:
        """The cards teammates' parties told it since it was last asked."""
        learnt, self.teammates_learnt = self.teammates_learnt, {}
        return learnt

    def openings(
        self, ledger: SealedDeck, state: GameState, action: Action
    ) -> list[dict[str, Any]]:
        """The openings of the sealed cards of this seat's that ``action`` names: its own,
        not checked again when its move comes back (``SealedDeck.vouch``)."""
        tokens = opened_by(state, self.party.id, action, self.party.cards)
        made = [self.party.open(ledger, token) for token in tokens]
        for message in made:
            ledger.vouch(message)
        return made

    def unread(self, view: dict[str, Any]) -> bool:
        """Whether this seat's view (``seat_view``) still holds a sealed card of its own it
        has not read: one on its way to it, whose other layers are not all off yet. A card a
        teammate told it is not read yet either when the team's hand comes to this seat:
        this seat can open it once it holds it alone."""
        seat = self.party.id
        sealed = self.sealed if self.sealed is not None else view
        own = [
            *(sealed.get("hands", {}).get(seat) or ()),
            *(sealed.get("missions", {}).get(seat) or ()),
            sealed.get("objectives", {}).get(seat),
        ]
        return any(
            isinstance(c, str) and slot_of(c) is not None and c not in self.party.cards for c in own
        )

    def secret(self) -> dict[str, Any]:
        return self.party.secret()


def _waits_for_own(ledger: SealedDeck, step: Pending, unconnected: frozenset[str]) -> bool:
    """Whether ``step`` is a part of the escrow of a retired party's layer on a card, that
    party's app connected (not in ``unconnected``): its own unlayer may come first."""
    slot = ledger.slots.get(step.subject) if step.kind == "escrow_partial" else None
    if slot is None:
        return False
    owner = next((p for p in slot.layers if p != slot.receiver), None)  # the ledger's order
    return owner in ledger.retired and owner not in unconnected


def _made_on(ledger: SealedDeck, step: Pending) -> bytes:
    """The point a token's step is made on (empty for the other steps)."""
    slot = ledger.slots.get(step.subject)
    return bytes(slot.point) if slot is not None else b""


P = ParamSpec("P")
T = TypeVar("T")


class ChecksAfter(Executor):
    """Where a seat's ledger puts its shuffles' checks (``SealedDeck.later``): each runs in
    this thread when its result is asked for (``SealedDeck.settle``, at the end of a batch
    once this seat's own step of a deal is out), so that this step goes out before the
    checks of the shuffles it builds on. A worker thread was tried: on a loaded machine the
    two threads handing the GIL back and forth made both slower than one after the other."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        return _Later(partial(fn, *args, **kwargs))


class _Later(Future[T]):
    def __init__(self, call: Callable[[], T]) -> None:
        super().__init__()
        self.call = call

    def result(self, timeout: float | None = None) -> T:
        if not self.done():
            try:
                self.set_result(self.call())
            except Exception as e:  # the check's refusal, for whoever asks for the result
                self.set_exception(e)
        return super().result(timeout)
