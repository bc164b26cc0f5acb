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
from typing import Any, ParamSpec, Protocol, TypeVar

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.layerkey import LayerKey
from protocol.sealeddeck import Pending, SealedDeck
from protocol.signing import Identity
from risk_lan.net.record.deckdraws import RetiredGrace, dealt, made_on
from risk_lan.net.record.deckescrows import commit_fields
from risk_lan.rules import Action, GameState
from risk_lan.rules.projection import opened_by, sealed_of
from risk_lan.rules.sealing import slot_of
from risk_lan.rules.seatview import TurnStart, seat_view

# The name of this seat's layer secret among what its seat file keeps.
DECK_LAYER = "deck_layer"


class AnsweredRoll(Protocol):
    """What a seat's deck sees of its share of the rolls (``RollShare``)."""

    def answered(self) -> bool:
        """Whether the roll the game waits on has this seat's link already."""
        ...


class DeckSeat:
    def __init__(
        self,
        seat: str,
        identity: Identity,
        log: Callable[[str], None],
        roll: AnsweredRoll,
        layer: bytes | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``roll``: this seat's share of the rolls, which says when it waits for a roll it
        answered (``holds_checks``). ``layer``: the secret of this seat's layer, as its seat
        file keeps it (a client restarted mid-game); None: a new one, to keep there before
        the commitment goes out."""
        key = LayerKey.from_bytes(layer) if layer is not None else None
        self.party = DealerParty(ShareHolder(seat, identity.private_bytes()), key)
        self.log = log
        self.roll = roll
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
        # The seat view last made: of which view, with how many cards known, and itself.
        self.made: tuple[dict[str, Any], tuple[int, int], dict[str, Any]] | None = None
        self.teammates_learnt: dict[str, str] = {}  # cards teammates told it, not shown yet
        self.start = TurnStart(seat)  # the hand its turn under way started with
        self.checks = ChecksAfter()
        self.grace = RetiredGrace(clock)  # its parts of retired parties' layers held back
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
        due = [(p, made_on(ledger, p)) for p in ledger.pending() if p.party == me]
        self.sent &= set(due)
        due = self.grace.due(ledger, due, self.sent, self.unconnected)
        learnt, false_shares = self.party.read_shares(ledger)
        self.teammates_learnt.update(learnt)
        made = [*self.complaints, *self.party.holder.collect(ledger), *false_shares]
        self.complaints = []
        for step, on in due:
            if self.lost and step.kind != "escrow_partial":
                continue  # steps of a layer it no longer has
            if (step, on) not in self.sent:
                self.sent.add((step, on))
                made.append(self.party.make(ledger, step))
                ledger.vouch(made[-1])  # this seat's own: not checked again when published
        return made

    def next_part_in(self) -> float | None:
        """In how many seconds the first part held back (``RETIRED_GRACE``) is to be sent;
        None if none is."""
        return self.grace.next_in()

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

    def holds_checks(self, ledger: SealedDeck) -> bool:
        """Whether this seat holds back the checks of the shuffles it took, so that its step
        of a deal goes out without waiting for them: from its turn to commit until its link
        for that step's roll is out (the roll is announced as soon as its commit is in).
        Then it waits for the other links, and once its proof is out for the host's check
        of it: its checks run meanwhile. So a shuffle the host forged is caught before this
        seat's own goes out, not after the roll has waited the absence delay for seats
        whose players left on catching it."""
        me = self.party.id
        return any(
            d.commit is None or (d.randomness is None and not self.roll.answered())
            for d in ledger.deals.values()
            if not d.done and d.dealers[d.step] == me
        )

    def learn(self, ledger: SealedDeck, state: GameState) -> dict[str, str]:
        """The cards of this seat it can now read (every other layer off them)."""
        return self.party.learn(ledger, dealt(ledger, sealed_of(state, self.party.id)))

    def took(self, view: dict[str, Any], events: Sequence[Mapping[str, Any]] = ()) -> None:
        """An update's view as the host sent it, and the events of the moves it follows, as
        this seat was sent them: the hand a turn of its own started with is kept from them
        now, the seat's view made of it only when asked (``latest_view``)."""
        if view.get("sealed"):
            self.sealed = view
            self.start.moved(view.get("hands", {}), events)

    def seat_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The host's view of a sealed game (the whole sealed state) as this seat knows it:
        its own cards and its teammates' in their tokens' places; made anew for each call."""
        if not view.get("sealed"):
            return view
        known = {**self.party.shared, **self.party.cards}
        state = GameState.from_view(view)
        return seat_view(state, self.party.id, known, self.start).to_dict()

    def latest_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """``seat_view`` of the update the client holds, made once for it and for the cards
        known then: its bot and its owed acts ask for it only when they need it, and a long
        game's every update made one before."""
        known_now = (len(self.party.cards), len(self.party.shared))  # they only grow
        made = self.made
        if made is None or made[0] is not view or made[1] != known_now:
            made = self.made = (view, known_now, self.seat_view(view))
        return made[2]

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


P = ParamSpec("P")
T = TypeVar("T")


class ChecksAfter(Executor):
    """Where a seat's ledger puts its shuffles' checks (``SealedDeck.later``): each runs in
    this thread when its result is asked for (``SealedDeck.settle``, at the end of a batch
    unless this seat's own step of a deal waits on it: ``DeckSeat.holds_checks``), so that
    this seat commits and answers its step's roll before the checks of the shuffles it
    builds on. A worker thread was tried: on a loaded machine the
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
