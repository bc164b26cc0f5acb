"""The host's side of the sealed deck (issue 27): the host as a party (its layer, the escrow
of it among the other parties, the shares of theirs it holds), the public ledger it keeps
like every peer, and the deck's steps run before anything else happens in the game.

The host is always the first party: the seats its bots play are dealt under it, and with it
in, no coalition of all the players can read the pile without it. It checks each seat's
escrow as that seat's commitment comes in (a false one is refused and the seat blamed), and
builds the ledger from the commitments it publishes, as every peer does. When a move seals
cards, each party shuffles the deal in turn: its commit, then a challenge roll every
contributor reveals for (whose seed draws the proof's challenge), then its shuffle. Each step a
party sends is checked with the ledger before the host publishes it (a ``deck_step``); the
host's own it makes itself. A step its ledger refuses for anything but coming late proves
its party cheats: the party is expelled (``deckfaults``), its seat taken over, and the deal
goes on without it.

A seat that changes hands (``left``, ``returned``: the takeover, expulsion or handback the
host just published) moves its cards to its new runner's party, as on every peer; the host
says on its console who now sees which cards. A party away is waited for no longer: its
shuffles are skipped, its layers come off by escrow, and at the end its secret is rebuilt
from its escrow's shares; a player out of the game (retired) may also take its own layers
off and tell its own secret, whichever way is first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from protocol.dealerparty import MADE, DealerParty, ShareHolder
from protocol.errors import ProtocolError
from protocol.fairness import RollSource, SealedRollSource
from protocol.layerkey import LayerKey
from protocol.sealeddeck import DeckFault, SealedDeck
from protocol.signing import Identity
from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.record.dealsource import DealingSource, dealer
from risk_lan.net.record.deckdraws import (
    CARD_STEPS,
    HOST_PARTY,
    RetiredGrace,
    cards_held,
    dealt,
    hand_over,
    made_on,
    owed_before_moves,
    party_of,
    seat_left,
    seat_returned,
    who_sees,
)
from risk_lan.net.record.deckescrows import check_escrow, commit_fields, ledger_of
from risk_lan.net.record.deckfaults import proven
from risk_lan.rules import Action, GameState, RandomSource
from risk_lan.rules.events import Event
from risk_lan.rules.projection import opened_by, sealed_of
from risk_lan.rules.seatview import TurnStart, seat_view


class DeckRolls(Protocol):
    """What the deck needs of the rolls: who contributes, the next roll's number, a roll
    published and gathered."""

    contributors: list[str]
    roll: int

    async def chance(self, body: dict[str, Any]) -> RollSource | None: ...

    async def gathered(self, body: dict[str, Any]) -> RollSource | None: ...


class DeckWaits(Protocol):
    async def wait_for(
        self, missing: Callable[[], list[str]], why: str, done: asyncio.Event
    ) -> bool: ...


class DeckExpels(Protocol):
    def expel(self, seat: str, error: ProtocolError, evidence: list[dict[str, Any]]) -> bool: ...


def _not_expelled(seat: str, error: ProtocolError, evidence: list[dict[str, Any]]) -> bool:
    return False


class HostDeck:
    def __init__(
        self,
        game_id: str,
        identity: Identity,
        parties: Sequence[str],
        keys: Mapping[str, bytes],
        broadcaster: Broadcaster,
        layer: bytes | None = None,
    ) -> None:
        """``parties`` the start's contributors (the host first), ``keys`` their signing
        keys; ``layer`` the secret of the host's layer, as a resumed game's save holds it
        (None: a new one)."""
        self.game_id = game_id
        self.identity = identity
        self.parties = list(parties)
        self.keys = dict(keys)
        self.broadcaster = broadcaster
        key = LayerKey.from_bytes(layer) if layer is not None else None
        self.party = DealerParty(ShareHolder(HOST_PARTY, identity.private_bytes()), key)
        self.ledger: SealedDeck | None = None
        self.arrived = asyncio.Event()  # a party's step came in
        self.rolls: DeckRolls | None = None
        self.waits: DeckWaits | None = None
        self.state: Callable[[], GameState | None] = lambda: None
        self.expel: Callable[[str, ProtocolError, list[dict[str, Any]]], bool] = _not_expelled
        self.log: Callable[[str], None] = lambda line: None
        self.name: Callable[[str], str] = lambda seat: seat
        self.unconnected: Callable[[], list[str]] = list  # players whose app is not connected
        # Each escrow complaint published, by (complainer, dealer): the evidence, should the
        # dealer's answer show it false.
        self.complaints: dict[tuple[str, str], dict[str, Any]] = {}
        self.starts: dict[str, TurnStart] = {}  # by seat: the hand its turn started with
        self.grace = RetiredGrace()  # its parts of retired parties' layers held back

    def bind(
        self, rolls: DeckRolls, waits: DeckWaits, state: Callable[[], GameState | None]
    ) -> None:
        """The rolls, the seats' waits and the game's sealed state, as it stands."""
        self.rolls, self.waits, self.state = rolls, waits, state

    def bind_table(
        self,
        expeller: DeckExpels,
        log: Callable[[str], None],
        name: Callable[[str], str],
        away: Callable[[], list[str]],
    ) -> None:
        """Who expels a proven cheat, the host's console, each seat's player's name, and the
        players whose app is not connected now."""
        self.expel, self.log, self.name = expeller.expel, log, name
        self.unconnected = away

    # ----- seats changing hands -------------------------------------------------------------

    def left(self, seat: str, expelled: bool = False) -> None:
        """A host bot plays ``seat`` from here (its takeover or expulsion just published):
        its cards go to the host's party, as on every peer."""
        ledger, state = self.ledger, self.state()
        if ledger is None or seat not in ledger.parties:
            return
        away = seat in ledger.away
        if away and not (expelled and seat not in ledger.expelled):
            return
        seat_left(ledger, state, seat, expelled)
        self.hand_over()
        if away:
            return  # its cards were the host's party's already
        held = cards_held(state, seat) if state is not None else 0
        if held and not (state is not None and seat in state.eliminated):
            self.log(who_sees(self.name(seat), held, taken=True))

    def returned(self, seat: str) -> None:
        """``seat``'s player plays it again (its handback just published): its cards, as they
        stand, go back to its party."""
        ledger, state = self.ledger, self.state()
        if ledger is None or seat not in ledger.away:
            return
        seat_returned(ledger, state, seat)
        self.hand_over()
        held = cards_held(state, seat) if state is not None else 0
        if held:
            self.log(who_sees(self.name(seat), held, taken=False))

    def hand_over(self, events: Sequence[Event] = ()) -> None:
        """The cards now in a seat's hand given to its party in the ledger (as every peer
        does after each move and step), and those of the host's seats it can now read.
        ``events`` are the move's, if one was made: the hand a turn of a host's seat started
        with is kept from them, as a seat's client keeps its own."""
        state = self.state()
        if self.ledger is None or state is None:
            return
        hand_over(self.ledger, state)
        mine = [s for s in state.players if party_of(self.ledger, s) == HOST_PARTY]
        for seat in mine:
            start = self.starts.setdefault(seat, TurnStart(seat))
            start.moved(state.hands, [e.seen_by(seat).to_dict() for e in events])
        self.party.learn(
            self.ledger, dealt(self.ledger, [t for s in mine for t in sealed_of(state, s)])
        )
        _, false_shares = self.party.read_shares(self.ledger)  # its bots' teammates' cards
        for complaint in false_shares:
            self._publish_own(complaint)

    def seat_view(self, state: GameState, seat: str) -> GameState:
        """What the host knows of ``seat``'s cards, for its bot: the seat view of the
        host party's knowledge."""
        known = {**self.party.shared, **self.party.cards}
        return seat_view(state, seat, known, self.starts.get(seat))

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

    def restore(self, ledger: SealedDeck) -> None:
        """A resumed game's ledger, rebuilt from its save's broadcasts (every step checked):
        the host's shares of the other parties' escrows opened again (its complaints, if any,
        are in the ledger already) and the cards of its bots' seats read again."""
        self.ledger = ledger
        self.party.holder.collect(ledger)
        self.hand_over()

    # ----- a move's source ------------------------------------------------------------------

    def dealing(self, seed: bytes) -> RandomSource:
        """The source of a roll of ``seed``: hidden cards dealt sealed, into the ledger, and
        shuffles from the seed alone, as every peer draws them (``SealedRollSource``)."""
        assert self.ledger is not None and self.rolls is not None
        rolls = self.rolls
        deal = dealer(self.ledger, lambda: rolls.contributors)
        return DealingSource(SealedRollSource(seed), deal)

    # ----- openings -------------------------------------------------------------------------

    def check_openings(self, seat: str, openings: list[Any]) -> dict[str, str]:
        """The cards ``seat``'s act opens (token → card), each opening checked with the
        ledger without being taken in (``DeckFault`` naming the seat if one is false)."""
        assert self.ledger is not None
        party = party_of(self.ledger, seat)
        opened = {}
        for message in openings:
            if not isinstance(message, dict) or message.get("party") != party:
                raise DeckFault(seat, "out_of_turn", f"an opening in {seat}'s act is not its own")
            opened[message["token"]] = self.ledger.opening(message)
        return opened

    def take_openings(self, openings: list[dict[str, Any]]) -> dict[str, str]:
        """The openings of a move being made, taken into the ledger: each one checked
        already, as its act was judged (``check_openings``), or made here (``bot_openings``),
        so that none is checked twice, nor any of the host's own (``SealedDeck.opened``)."""
        assert self.ledger is not None
        return {m["token"]: str(self.ledger.take(m)) for m in openings}

    def bot_openings(self, state: GameState, seat: str, action: Action) -> list[dict[str, Any]]:
        """The host's openings of the sealed cards its bot's act for ``seat`` names: its own,
        never checked here (every peer checks them)."""
        ledger = self.ledger
        assert ledger is not None
        tokens = opened_by(state, seat, action, self.party.cards)
        made = [self.party.open(ledger, token) for token in tokens]
        for message in made:
            ledger.vouch(message)
        return made

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
            if e.code == "out_of_turn" and (_made_already(ledger, step) or ledger.overtaken(step)):
                # Made again by a client that came back (or restarted) before it saw its
                # first one published, or a retired party's layer (or secret) the other way
                # took off first: nothing waits for it, and nothing was wrong.
                return
            if e.code == "false_complaint":
                self._publish_answer(envelope, e)
            elif e.code == "out_of_turn":
                # Not due (made on a card that changed hands meanwhile, say): no cheat, and a
                # code of its own, so that its sender never takes it for an act's refusal.
                self.broadcaster.refuse(seat, "deck_not_due", e.message)
            else:
                self.fault(seat, e, body, envelope)
            return
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        if step.get("kind") == "escrow_complaint":
            self.complaints[seat, str(step.get("dealer"))] = envelope
        self.hand_over()
        if step.get("kind") in CARD_STEPS:
            self._own_steps()  # nobody may be waiting in ``settle`` to make them
        self.arrived.set()

    def fault(
        self, seat: str, fault: DeckFault, body: dict[str, Any], envelope: dict[str, Any]
    ) -> None:
        """``seat``'s signed ``body`` (a deck step, or an act's openings) refused for
        ``fault``: its sender expelled if that proves it cheats, else only told."""
        error = proven(fault, seat)
        if error is not None and self.expel(seat, error, [envelope]):
            self.arrived.set()  # the deal goes on without it
            return
        self.broadcaster.refuse(seat, "bad_deck", fault.message)

    def _publish_answer(self, envelope: dict[str, Any], fault: DeckFault) -> None:
        """A dealer's good answer to a complaint, taken (the ledger takes it as it refuses the
        complaint): published, and the complainer expelled with its complaint as evidence."""
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        self.arrived.set()
        complainer = fault.party
        complaint = self.complaints.get((str(complainer), str(envelope.get("from"))))
        if complainer is None or complaint is None:
            return
        error = proven(fault, complainer)
        if error is not None:
            self.expel(complainer, error, [complaint])

    def _publish_own(self, step: dict[str, Any]) -> None:
        assert self.ledger is not None
        envelope = self.identity.sign(
            HOST_PARTY, {"type": "deck", "game": self.game_id, "step": step}
        )
        self.ledger.vouch(step)  # its own: not checked again
        try:
            self.ledger.take(step)  # its own: a failure is the host's bug
        except DeckFault as e:
            if e.code != "false_complaint":
                raise
            self._publish_answer(envelope, e)
            return
        self.broadcaster.publish({"type": "deck_step", "game": self.game_id, "envelope": envelope})
        self.hand_over()

    async def settle(self, cards: bool = True) -> None:
        """Every step the ledger waits for, before anything else happens: the host's own
        made at once, each shuffle's challenge roll when its commit is in, the parties'
        steps waited for with the wait every seat is held to. ``cards`` False: the steps
        that bring a card to its holder (``CARD_STEPS``) are not waited for, so that play
        goes on while a drawn card's layers come off (``take`` makes the host's own as they
        fall due); a seat whose card is on its way is waited for before its act is
        (``card_on_its_way``)."""
        ledger = self.ledger
        if ledger is None:
            return
        while owed := ledger.pending() if cards else owed_before_moves(ledger):
            if any(p.party == HOST_PARTY for p in owed) and self._own_steps():
                continue
            if owed[0].kind == "randomness":
                await self._challenge(owed[0].subject)
            else:
                await self._wait(ledger, cards)
        self._own_steps()

    def card_on_its_way(self, seat: str) -> bool:
        """Whether a card of ``seat``'s still has layers to come off: its act, which may
        need that card, waits for them (``settle``)."""
        ledger = self.ledger
        if ledger is None:
            return False
        party = party_of(ledger, seat)
        return any(
            p.kind in CARD_STEPS and ledger.slots[p.subject].receiver == party
            for p in ledger.pending()
            if p.subject in ledger.slots
        )

    def _own_steps(self) -> bool:
        """The steps the host's party owes now, made and published (whether it published
        any): its parts of a retired party's layer once they have waited ``RETIRED_GRACE``
        for that party's own unlayer, as every holder's (``RetiredGrace``)."""
        ledger = self.ledger
        owed = [] if ledger is None else [p for p in ledger.pending() if p.party == HOST_PARTY]
        if ledger is None or not owed:
            return False
        due = self.grace.due(
            ledger, [(p, made_on(ledger, p)) for p in owed], (), self.unconnected()
        )
        made = self.party.holder.collect(ledger)  # its complaints of escrow shares
        made += [self.party.make(ledger, p) for p, _ in due if p.kind in MADE]
        for step in made:
            self._publish_own(step)
        self.grace.call_when_due(self._held_parts_due)
        return bool(made)

    def _held_parts_due(self) -> None:
        self._own_steps()
        self.arrived.set()  # ``settle`` looks again

    async def end(self) -> None:
        """The game is won: every party's layer secret, the host's first, each checked
        against its key, so that every peer reads every card. The secret of a party away
        (taken over, expelled, out of the game) is rebuilt from its escrow: the host's share
        and those of the other holders, told in the open."""
        ledger = self.ledger
        if ledger is None or self.waits is None:
            return
        if HOST_PARTY not in ledger.secrets:
            self._publish_own(self.party.secret())
        while any(p not in ledger.secrets for p in ledger.order):
            for owner in sorted(p for p in ledger.away if p not in ledger.secrets):
                index = ledger.holders(owner).index(HOST_PARTY) + 1
                if index not in ledger.end_shares.get(owner, {}):
                    self._publish_own(self.party.holder.secret_share(owner))
            if all(p in ledger.secrets for p in ledger.order) or not secrets_owed(ledger):
                return  # told, or nobody here left to tell it
            self.arrived.clear()
            await self.waits.wait_for(lambda: secrets_owed(ledger), "deck", self.arrived)

    async def challenged(self, body: dict[str, Any]) -> None:
        """A resumed game's challenge roll that was waiting for its reveals: made with them,
        or, if a contributor was taken over meanwhile (a player who did not come back), left
        cancelled, as ``_challenge`` leaves one: the deal goes on, with a new roll if the
        shuffle still needs one."""
        assert self.ledger is not None and self.rolls is not None
        source = await self.rolls.gathered(body)
        if source is not None:
            self.ledger.randomness(body["deal"], source.seed)

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
            return  # a contributor taken over meanwhile: the deal goes on without it
        self.ledger.randomness(deal_id, source.seed)

    async def _wait(self, ledger: SealedDeck, cards: bool = True) -> None:
        assert self.waits is not None

        def missing() -> list[str]:
            owed = ledger.pending() if cards else owed_before_moves(ledger)
            return sorted({p.party for p in owed if p.party not in (None, HOST_PARTY)})

        self.arrived.clear()
        # False: a seat taken over while the deck waited for it, whose steps the ledger
        # now owes otherwise (its shuffle skipped, its layers off by escrow).
        await self.waits.wait_for(missing, "deck", self.arrived)


def secrets_owed(ledger: SealedDeck) -> list[str]:
    """Whom the end waits for: each party whose secret is wanted (``SealedDeck.
    secrets_wanted``) and may tell it, being here or out of the game, and each holder of an
    away party's escrow whose share of it is awaited (``SealedDeck.owing``)."""
    owed = set()
    for owner in ledger.secrets_wanted():
        if owner == HOST_PARTY:
            continue
        if owner not in ledger.away or owner in ledger.retired:
            owed.add(owner)  # a party out of the game may tell its own, as its escrow may
        if owner not in ledger.away:
            continue
        owed |= set(ledger.owing(owner, ledger.end_shares.get(owner, {}))) - {HOST_PARTY}
    return sorted(owed)


# What names a step: a party makes one of each kind for each subject.
_STEP_NAMES = ("kind", "party", "deal", "token", "owner", "dealer", "holder")


def _made_already(ledger: SealedDeck, step: dict[str, Any]) -> bool:
    """Whether the ledger took a step of the same kind, party and subject as ``step``."""
    named = [step.get(k) for k in _STEP_NAMES]
    return any([entry.get(k) for k in _STEP_NAMES] == named for entry in ledger.journal)
