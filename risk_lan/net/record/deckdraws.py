"""Cards of the sealed deck into hands, as every peer works them out alike (docs/protocol.md,
"The sealed deck on the wire").

After every move and every deck step, each peer compares the sealed state with its ledger:
each token a seat now holds (in its hand, its missions, its objective) and whose layers do
not yet leave it to that seat's party is given to that party, in seat order. The ledger then
owes the steps that take every other layer off it. A seat's party is the seat itself when a
client plays it, else the host (whose bots play it).

Who plays a seat follows the host's signed broadcasts that every peer sees at the same place
in the transcript: a ``takeover`` or an ``expel`` marks the seat's party away in the ledger
(``seat_left``), a ``handback`` marks it back (``seat_returned``), and the hand-over that
follows at once gives the seat's cards to its new party (the host's for its bots): the new
party adds its layer, the old one comes off, by escrow while its party is away (or by its
own ``unlayer`` too, for a player out of the game: ``retire``, at the takeover that follows
its elimination, or at the elimination itself when a host bot played its seat already). Under
team rules, each card in a hand is then owed to each teammate's party, its opening sealed to
it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection

from protocol.sealeddeck import Pending, SealedDeck
from risk_lan.rules import GameState
from risk_lan.rules.projection import sealed_of

HOST_PARTY = "host"

# The steps that bring a card to its holder (its layer added, the others taken off): moves go
# on while they come in, as no rule needs a card before its holder acts with it, and every
# peer takes steps and moves in the order published. Every other step comes first.
CARD_STEPS = ("relayer", "unlayer", "escrow_partial")


def owed_before_moves(ledger: SealedDeck) -> list[Pending]:
    """The steps a move may not come before: all the ledger waits for but ``CARD_STEPS``."""
    return [p for p in ledger.pending() if p.kind not in CARD_STEPS]


def party_of(ledger: SealedDeck, seat: str) -> str:
    """The party whose layer a seat's cards are held under: the seat's own while its player
    plays it, the host's while a host bot does."""
    if seat in ledger.parties and seat not in ledger.away:
        return seat
    return HOST_PARTY


def hand_over(ledger: SealedDeck, state: GameState) -> list[str]:
    """Give every token a seat now holds and its party does not yet (or that is on its way
    to another party); the tokens given. A party first retires if its seat is out
    (``retire_the_out``)."""
    retire_the_out(ledger, state)
    given = []
    for seat in state.players:
        party = party_of(ledger, seat)
        for token in sealed_of(state, seat):
            slot = ledger.slots.get(token)
            if slot is None or slot.receiver == party:
                continue
            if slot.receiver is None and slot.layers == [party]:
                continue
            ledger.give(token, party)
            given.append(token)
    owe_shares(ledger, state)
    return given


def retire_the_out(ledger: SealedDeck, state: GameState) -> None:
    """Retire each party away whose seat the engine has eliminated: a player taken over (for
    silence, say) whose seat was then lost while a host bot played it. No takeover follows
    that elimination, the seat being a bot's already, so the elimination itself, public and
    at one place in the transcript for every peer (a spectator rebuilding from the history
    too), marks it: its app, if it runs, may then take its own layers off. An expelled party
    stays simply away."""
    for seat in state.players:
        if (
            seat in state.eliminated
            and seat in ledger.away
            and seat not in ledger.retired
            and seat not in ledger.expelled
        ):
            ledger.retire(seat)


def seat_left(
    ledger: SealedDeck, state: GameState | None, seat: str, expelled: bool = False
) -> list[str]:
    """A host bot plays ``seat`` from here (a takeover, or an expulsion if ``expelled``): its
    party, if it is one, is away, and its cards go to the host's party; the tokens given. A
    player taken over for being out of the game (eliminated in ``state``, as it stands at the
    takeover's place in the transcript) is retired: its app may still take its own layers
    off. An expelled party is away for good, even one away or retired before: its steps are
    refused, and it is never retired after."""
    if seat in ledger.parties:
        if expelled:
            if seat not in ledger.expelled:
                ledger.absent(seat, expelled=True)
        elif seat not in ledger.away:
            if state is not None and seat in state.eliminated:
                ledger.retire(seat)
            else:
                ledger.absent(seat)
    return hand_over(ledger, state) if state is not None else []


def seat_returned(ledger: SealedDeck, state: GameState | None, seat: str) -> list[str]:
    """``seat``'s player plays it again (a handback): its party is back, and its cards, as
    they stand, go back to it; the tokens given."""
    if seat in ledger.away:
        ledger.back(seat)
    return hand_over(ledger, state) if state is not None else []


def cards_held(state: GameState, seat: str) -> int:
    """How many sealed cards ``seat`` holds (its hand, its missions, its objective)."""
    return len(sealed_of(state, seat))


def owe_shares(ledger: SealedDeck, state: GameState) -> None:
    """Under team rules teammates see each other's cards: each card in a seat's hand is owed,
    sealed, to each teammate's party that does not know it yet (when that is another party),
    in seat order."""
    teams = state.teams
    if not teams:
        return
    for seat in state.players:
        team = teams.get(seat)
        mates = [party_of(ledger, p) for p in state.players if p != seat and teams.get(p) == team]
        for token in state.hands.get(seat, ()):
            slot = ledger.slots.get(token)
            if slot is None or slot.card is not None:
                continue
            for party in mates:
                if party not in ledger.away and not slot.known_to(party):
                    ledger.owe(token, party)


def dealt(ledger: SealedDeck, tokens: list[str]) -> list[str]:
    """The ``tokens`` whose deal is done (a card drawn from a pile made again is in a hand
    before the pile's shuffles are)."""
    return [t for t in tokens if t in ledger.slots]


def who_sees(name: str, held: int, taken: bool) -> str:
    """Who now sees the sealed cards of ``name``'s seat, which a host bot now plays
    (``taken``) or its player again, as the host's console and every client say it; empty
    when it holds none and nothing is to be said."""
    cards = f"{held} card" if held == 1 else f"{held} cards"
    if not held:
        return ""
    if taken:
        return f"the bot playing {name}'s seat now sees {name}'s {cards}"
    return (
        f"{name} has their seat back, with their {cards} (the host saw"
        f" {'it' if held == 1 else 'them'} while its bot played the seat)"
    )


# How long (seconds) a holder lets a retired party's layer wait for that party's own unlayer
# before it sends its part of the escrow: a retired player's app usually still runs and takes
# its layer off itself, and then the holders' parts were wasted (about 200 a 6-party game,
# each made, relayed and checked by every peer). The ledger takes either way; this is only
# when to send, the same for the host as for every other holder.
RETIRED_GRACE = 2.5

# A step one party owes, with the point it is made on (``made_on``): a card that changed
# hands meanwhile owes the same step again, on its new point.
OwedStep = tuple[Pending, bytes]


def made_on(ledger: SealedDeck, step: Pending) -> bytes:
    """The point a token's step is made on (empty for the other steps)."""
    slot = ledger.slots.get(step.subject)
    return bytes(slot.point) if slot is not None else b""


class RetiredGrace:
    """A holder's parts of a retired party's layer on a card, each held back for
    ``RETIRED_GRACE`` from when it fell due: that party's own unlayer, if its app still
    runs, comes first, and nothing is sent."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.held: dict[OwedStep, float] = {}  # since when each part has been owed
        self.timer: asyncio.TimerHandle | None = None  # ``call_when_due``'s

    def due(
        self,
        ledger: SealedDeck,
        owed: list[OwedStep],
        sent: Collection[OwedStep] = (),
        unconnected: Collection[str] = (),
    ) -> list[OwedStep]:
        """``owed`` (this holder's steps) less its parts of a retired party's layer owed for
        less than ``RETIRED_GRACE``, which it holds back; ``sent``: those it sent already.
        The parts it lets go now are to be sent now, and held no more. A retired party whose
        app is not connected (in ``unconnected``) is not waited for: else the table would
        wait the grace at every card with its layer on it, and a host's clock shorter than
        it would take the holders' seats over for being silent."""
        now = self.clock()
        held = {
            k: self.held.get(k, now)
            for k in owed
            if k not in sent and _waits_for_own(ledger, k[0], unconnected)
        }
        due = [k for k in owed if now - held.get(k, now - RETIRED_GRACE) >= RETIRED_GRACE]
        self.held = {k: since for k, since in held.items() if now - since < RETIRED_GRACE}
        return due

    def next_in(self) -> float | None:
        """In how many seconds the first part held back is to be sent; None if none is."""
        if not self.held:
            return None
        return max(0.0, min(self.held.values()) + RETIRED_GRACE - self.clock())

    def call_when_due(self, due: Callable[[], None]) -> None:
        """Have ``due`` called when the first part held back is to be sent, if nothing that
        comes before asks again (once: not while a call is awaited already). Nothing without
        a running loop: a test driving the holder by hand asks again itself."""
        delay = self.next_in()
        if delay is None or self.timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def fire() -> None:
            self.timer = None
            due()

        self.timer = loop.call_later(delay, fire)


def _waits_for_own(ledger: SealedDeck, step: Pending, unconnected: Collection[str]) -> bool:
    """Whether ``step`` is a part of the escrow of a retired party's layer on a card, that
    party's app connected (not in ``unconnected``): its own unlayer may come first."""
    slot = ledger.slots.get(step.subject) if step.kind == "escrow_partial" else None
    if slot is None:
        return False
    owner = next((p for p in slot.layers if p != slot.receiver), None)  # the ledger's order
    return owner in ledger.retired and owner not in unconnected
