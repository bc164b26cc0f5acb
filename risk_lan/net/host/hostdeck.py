"""The host's side of the sealed deck (issue 27): the host as a party (its layer, the escrow
of it among the other parties, the shares of theirs it holds), the public ledger it keeps
like every peer, and the deck's steps run before anything else happens in the game.

The host is always the first party: the seats its bots play are dealt under it, and with it
in, no coalition of all the players can read the pile without it. It checks each seat's
escrow as that seat's commitment comes in (a false one is refused and the seat blamed), and
builds the ledger from the commitments it publishes, as every peer does. When a move seals
cards, each party shuffles the deal in turn: its commit, then a challenge roll every
contributor reveals for (whose seed draws the proof's bits), then its shuffle. Each step a
party sends is checked with the ledger before the host publishes it (a ``deck_step``); the
host's own it makes itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from protocol.dealerparty import DealerParty, ShareHolder
from protocol.errors import ProtocolError
from protocol.fairness import RollSource
from protocol.sealeddeck import DeckFault, SealedDeck
from protocol.signing import Identity
from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.record.dealsource import DealingSource, dealer
from risk_lan.net.record.deckdraws import dealt, hand_over, party_of
from risk_lan.net.record.deckescrows import check_escrow, commit_fields, ledger_of
from risk_lan.rules import Action, GameState, RandomSource
from risk_lan.rules.projection import opened_by, sealed_of
from risk_lan.rules.seatview import seat_view

HOST_PARTY = "host"


class DeckRolls(Protocol):
    """What the deck needs of the rolls: who contributes, the next roll's number, a roll
    published and gathered."""

    contributors: list[str]
    roll: int

    async def chance(self, body: dict[str, Any]) -> RollSource | None: ...


class DeckWaits(Protocol):
    async def wait_for(
        self, missing: Callable[[], list[str]], why: str, done: asyncio.Event
    ) -> bool: ...


class HostDeck:
    def __init__(
        self,
        game_id: str,
        identity: Identity,
        parties: Sequence[str],
        keys: Mapping[str, bytes],
        broadcaster: Broadcaster,
    ) -> None:
        """``parties`` the start's contributors (the host first), ``keys`` their signing
        keys."""
        self.game_id = game_id
        self.identity = identity
        self.parties = list(parties)
        self.keys = dict(keys)
        self.broadcaster = broadcaster
        self.party = DealerParty(ShareHolder(HOST_PARTY, identity.private_bytes()))
        self.ledger: SealedDeck | None = None
        self.arrived = asyncio.Event()  # a party's step came in
        self.rolls: DeckRolls | None = None
        self.waits: DeckWaits | None = None
        self.state: Callable[[], GameState | None] = lambda: None

    def bind(
        self, rolls: DeckRolls, waits: DeckWaits, state: Callable[[], GameState | None]
    ) -> None:
        """The rolls, the seats' waits and the game's sealed state, as it stands."""
        self.rolls, self.waits, self.state = rolls, waits, state

    def hand_over(self) -> None:
        """The cards now in a seat's hand given to its party in the ledger (as every peer
        does after each move and step), and those of the host's seats it can now read."""
        state = self.state()
        if self.ledger is None or state is None:
            return
        hand_over(self.ledger, state)
        mine = [s for s in state.players if party_of(self.ledger, s) == HOST_PARTY]
        self.party.learn(
            self.ledger, dealt(self.ledger, [t for s in mine for t in sealed_of(state, s)])
        )

    def seat_view(self, state: GameState, seat: str) -> GameState:
        """What the host knows of ``seat``'s cards, for its bot: the seat view of the
        host party's knowledge."""
        return seat_view(state, seat, self.party.cards)

    # ----- the start ------------------------------------------------------------------------

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
        of every other party's escrow opened (a complaint, if one does not open, is
        published like any of its steps)."""
        self.ledger = ledger_of(start, commits)
        for complaint in self.party.holder.collect(self.ledger):
            self._publish_own(complaint)
        return self.ledger

    # ----- a move's source ------------------------------------------------------------------

    def dealing(self, source: RandomSource) -> RandomSource:
        """``source`` dealing hidden cards sealed, into the ledger."""
        assert self.ledger is not None and self.rolls is not None
        rolls = self.rolls
        return DealingSource(source, dealer(self.ledger, lambda: rolls.contributors))

    # ----- openings -------------------------------------------------------------------------

    def check_openings(self, seat: str, openings: list[Any]) -> dict[str, str]:
        """The cards ``seat``'s act opens (token → card), each opening checked with the
        ledger without being taken in (``DeckFault`` naming the seat if one is false)."""
        assert self.ledger is not None
        party = party_of(self.ledger, seat)
        opened = {}
        for message in openings:
            if not isinstance(message, dict) or message.get("party") != party:
                raise DeckFault(seat, "malformed", f"an opening in {seat}'s act is not its own")
            opened[message["token"]] = self.ledger.opening(message)
        return opened

    def take_openings(self, openings: list[dict[str, Any]]) -> dict[str, str]:
        """The openings of a move being made, taken into the ledger."""
        assert self.ledger is not None
        return {m["token"]: str(self.ledger.take(m)) for m in openings}

    def bot_openings(self, state: GameState, seat: str, action: Action) -> list[dict[str, Any]]:
        """The host's openings of the sealed cards its bot's act for ``seat`` names."""
        assert self.ledger is not None
        tokens = opened_by(state, seat, action, self.party.cards)
        return [self.party.open(self.ledger, token) for token in tokens]

    # ----- the steps --------------------------------------------------------------------------

    def take(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        """A party's signed step: checked with the ledger, then published; refused, with the
        ledger's sentence, if it fails (it changes nothing)."""
        ledger = self.ledger
        if ledger is None:
            raise ProtocolError("bad_deck", "this game's cards are not sealed", seat)
        step = body["step"]
        if step.get("party") != seat:
            raise ProtocolError("bad_deck", f"{seat} sent a deck step of another party", seat)
        state = self.state()
        if step.get("kind") == "secret" and (state is None or state.phase != "over"):
            self.broadcaster.refuse(
                seat, "bad_deck", "a layer's secret is told when the game is won"
            )
            return
        try:
            ledger.take(step)
        except DeckFault as e:
            self.broadcaster.refuse(seat, "bad_deck", e.message)
            return
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        self.hand_over()
        self.arrived.set()

    def _publish_own(self, step: dict[str, Any]) -> None:
        assert self.ledger is not None
        envelope = self.identity.sign(
            HOST_PARTY, {"type": "deck", "game": self.game_id, "step": step}
        )
        self.ledger.vouch(step)  # its own: not checked again, a failure is the host's bug
        self.ledger.take(step)
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        self.hand_over()

    async def settle(self) -> None:
        """Every step the ledger waits for, before anything else happens: the host's own
        made at once, each shuffle's challenge roll when its commit is in, the parties'
        steps waited for with the wait every seat is held to."""
        ledger = self.ledger
        if ledger is None:
            return
        while owed := ledger.pending():
            if any(p.party == HOST_PARTY for p in owed):
                for step in self.party.owed(ledger):
                    self._publish_own(step)
            elif owed[0].kind == "randomness":
                await self._challenge(owed[0].subject)
            else:
                await self._wait(ledger)

    async def end(self) -> None:
        """The game is won: every party's layer secret, the host's first, each checked
        against its key, so that every peer reads every card. A party the host's bots took
        over by then is waited for no longer (its secret comes from its escrow in the next
        milestone)."""
        ledger = self.ledger
        if ledger is None or self.waits is None:
            return
        if HOST_PARTY not in ledger.secrets:
            self._publish_own(self.party.secret())

        def missing() -> list[str]:
            return [p for p in ledger.order if p not in ledger.secrets]

        while missing():
            self.arrived.clear()
            if not await self.waits.wait_for(missing, "deck", self.arrived):
                return

    async def _challenge(self, deal_id: str) -> None:
        """The roll whose seed is the randomness of the current shuffle's proof."""
        assert self.ledger is not None and self.rolls is not None
        deal = self.ledger.deal_of(deal_id)
        self.rolls.roll += 1
        body = {
            "type": "deal_roll",
            "game": self.game_id,
            "deal": deal_id,
            "party": deal.dealers[deal.step],
            "roll": self.rolls.roll,
        }
        source = await self.rolls.chance(body)
        if source is None:
            # A contributor taken over meanwhile: the deal waits for the seat's return or
            # its escrow, which the next milestone brings.
            raise ProtocolError("host_error", f"the roll of {deal_id}'s shuffle was cancelled")
        self.ledger.randomness(deal_id, source.seed)

    async def _wait(self, ledger: SealedDeck) -> None:
        assert self.waits is not None

        def missing() -> list[str]:
            return sorted({p.party for p in ledger.pending() if p.party not in (None, HOST_PARTY)})

        self.arrived.clear()
        if not await self.waits.wait_for(missing, "deck", self.arrived):
            # A seat taken over while the deck waited for it: its layer comes off by escrow
            # in the next milestone; until then the game cannot go on.
            raise ProtocolError("host_error", "a party of the sealed deck left mid-deal")
