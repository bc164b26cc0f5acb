"""A seat's side of the sealed deck (issue 27): its party (the layer its cards are held
under, the escrow of that layer among the other parties, the shares of theirs it holds), and
what it learns. The public ledger it reads is its witness's, built from the published
commitments like every peer's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any, ParamSpec, TypeVar

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.sealeddeck import Pending, SealedDeck
from protocol.signing import Identity
from risk_lan.net.record.deckdraws import dealt
from risk_lan.net.record.deckescrows import commit_fields
from risk_lan.rules import Action, GameState
from risk_lan.rules.projection import opened_by, sealed_of
from risk_lan.rules.sealing import slot_of
from risk_lan.rules.seatview import seat_view


class DeckSeat:
    def __init__(self, seat: str, identity: Identity, log: Callable[[str], None]) -> None:
        self.party = DealerParty(ShareHolder(seat, identity.private_bytes()))
        self.log = log
        self.complaints: list[dict[str, Any]] = []  # its own, to send
        self.sent: set[Pending] = set()  # steps sent that the host has not published yet
        self.told_secret = False  # its layer's secret, told once the game is won
        self.checks = ChecksAfter()

    def commit_fields(self, start: Mapping[str, Any]) -> dict[str, Any]:
        """What its commitment adds: its layer key and its escrow among the start's
        contributors."""
        return commit_fields(self.party, start["game"], start["contributors"], start["keys"])

    def commits_published(self, ledger: SealedDeck) -> None:
        """The ledger checks shuffles after this seat's own step from now on. Open the shares of
        every other party's escrow sealed to this seat; one that does not open to what its
        escrow commits to is a complaint."""
        ledger.later = self.checks
        made = self.party.holder.collect(ledger)
        for complaint in made:
            self.log(f"the share {complaint['dealer']} sealed to this seat is false")
        self.complaints += made

    def owed(self, ledger: SealedDeck) -> list[dict[str, Any]]:
        """The steps the ledger now waits for from this seat, each made once: one sent
        stays owed until the host publishes it, and is not made again meanwhile."""
        me = self.party.id
        due = [p for p in ledger.pending() if p.party == me]
        self.sent &= set(due)
        made = [*self.complaints, *self.party.holder.collect(ledger)]
        self.complaints = []
        for step in due:
            if step not in self.sent:
                self.sent.add(step)
                made.append(self._make(ledger, step))
                ledger.vouch(made[-1])  # this seat's own: not checked again when published
        return made

    def dealing(self, ledger: SealedDeck) -> bool:
        """Whether this seat's step of a deal is under way (its commit owed, its randomness
        being drawn, its shuffle owed or not yet published): the shuffles it builds on are
        checked once it is out, while the host checks it, so that this seat answers the
        roll of its own step and sends its proof without waiting for them."""
        me = self.party.id
        return any(not d.done and d.dealers[d.step] == me for d in ledger.deals.values())

    def _make(self, ledger: SealedDeck, step: Pending) -> dict[str, Any]:
        party = self.party
        makers: dict[str, Callable[[str], dict[str, Any]]] = {
            "escrow_answer": party.answer,
            "shuffle_commit": lambda deal: party.shuffle_commit(ledger, deal),
            "shuffle": lambda deal: party.shuffle(ledger, deal),
            "relayer": lambda token: party.relayer(ledger, token),
            "unlayer": lambda token: party.unlayer(ledger, token),
            "escrow_partial": lambda token: party.holder.partial(ledger, token),
        }
        return makers[step.kind](step.subject)

    def learn(self, ledger: SealedDeck, state: GameState) -> dict[str, str]:
        """The cards of this seat it can now read (every other layer off them)."""
        return self.party.learn(ledger, dealt(ledger, sealed_of(state, self.party.id)))

    def seat_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The host's view of a sealed game (the whole sealed state) as this seat knows it:
        its own cards in their tokens' places."""
        if not view.get("sealed"):
            return view
        state = GameState.from_view(view)
        return seat_view(state, self.party.id, self.party.cards).to_dict()

    def openings(
        self, ledger: SealedDeck, state: GameState, action: Action
    ) -> list[dict[str, Any]]:
        """The openings of the sealed cards of this seat's that ``action`` names."""
        tokens = opened_by(state, self.party.id, action, self.party.cards)
        return [self.party.open(ledger, token) for token in tokens]

    def unread(self, view: dict[str, Any]) -> bool:
        """Whether this seat's view (``seat_view``) still holds a sealed card of its own it
        has not read: one on its way to it, whose other layers are not all off yet."""
        seat = self.party.id
        own = [
            *(view.get("hands", {}).get(seat) or ()),
            *(view.get("missions", {}).get(seat) or ()),
            view.get("objectives", {}).get(seat),
        ]
        return any(isinstance(c, str) and slot_of(c) is not None for c in own)

    def secret(self) -> dict[str, Any]:
        return self.party.secret()


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
