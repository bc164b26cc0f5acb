"""The sealed deck's public ledger: what every peer keeps of the encrypted deck, and the
check of every step of it (docs/protocol.md, "The sealed deck's steps").

The engine deals hidden cards as public **tokens** (``?17``); this ledger says, for each
token, which point of the encrypted deck it is and whose layers are still on it, and works
out who owes the next step: a shuffle of a deal (``shuffle_commit``, then ``shuffle`` once
the caller hands it the randomness drawn after the commit), a card on its way into a hand
(``relayer`` by the receiver if its layer is not on it, then ``unlayer`` by every other party
whose layer is, or ``escrow_partial`` by the holders of an absent party's escrow), escrow
deals and complaints, openings, and the end's secrets. ``pending`` lists what the game waits
for; ``take`` checks a message and applies it, or raises ``DeckFault`` naming the party at
fault and changes nothing. A peer may have shuffles checked on a worker (``later``) while it
goes on: it takes them at once and ``settle`` names a false one afterwards.

Sans-IO: the caller feeds it the engine's deals (``start_deal``), the cards it moves into a
hand (``give``), the randomness of each shuffle (``randomness``) and which parties are away
(``absent``, ``back``, or ``retire`` for one out of the game), and the messages as they
come. Every input goes into ``journal``, so ``replay`` rebuilds the ledger from the record
alone, and after every secret is out, ``read_all`` names every token's card. Tokens and
cards are plain strings here: this module knows nothing of the engine.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any

from .cardpoints import card_index, deck_points
from .deckdraw import check_added, check_opening, check_removal
from .deckshuffle import (
    MAX_CARDS,
    POINTS,
    RANDOMNESS_SIZE,
    ShuffleRefused,
    check_committed_shuffle,
    response_count,
)
from .errors import ProtocolError
from .escrow import (
    SEALED_SHARE_SIZE,
    check_deal,
    check_partial_of,
    check_share,
    combine,
    open_revealed,
    public_share,
    x25519_public,
)
from .framing import pack
from .ristretto import (
    ORDER,
    SIZE,
    DeckCryptoError,
    Point,
    Scalar,
    invert,
    mul,
    mul_base,
    point,
    scalar,
    scalar_of,
    value_of,
)
from .teamshare import SHARE_BOX_SIZE, holds, reveal_opening

HOST = "host"  # the holder id of a host that is not a party
MAX_ID = 32  # characters of a party, deal or token id
PROOF = 2 * SIZE  # a Chaum–Pedersen proof

MESSAGE_KINDS = (
    "escrow_deal",
    "escrow_complaint",
    "escrow_answer",
    "shuffle_commit",
    "shuffle",
    "relayer",
    "unlayer",
    "escrow_partial",
    "open",
    "secret",
    "secret_share",
    "share",
    "share_complaint",
    "share_answer",
)
CALLER_KINDS = ("deal", "randomness", "give", "absent", "retire", "back", "owe")


class DeckFault(ProtocolError):
    """A deck message refused: ``party`` is the party at fault (None when none can be named,
    a message whose sender is not a party), ``code`` one of ``bad_shuffle``, ``bad_unlayer``,
    ``bad_relayer``, ``bad_opening``, ``bad_escrow``, ``bad_share``, ``false_complaint``,
    ``bad_secret``, ``out_of_turn``, ``malformed``, and ``message`` a sentence in English."""

    def __init__(self, party: str | None, code: str, sentence: str) -> None:
        super().__init__(code, sentence, party)
        self.party = party


@dataclass(frozen=True)
class Party:
    """A contributor to the deck: its id, its layer's public key Y and its Ed25519 signing
    key's public half (escrow shares are sealed to it)."""

    id: str
    layer: Point
    signing: bytes


@dataclass(frozen=True)
class Pending:
    """A step the game waits for: ``party`` owes a message of ``kind`` about ``subject`` (a
    deal id, a token, or for ``escrow_answer`` the complaining holder). ``party`` is None for
    ``randomness``, which the caller owes. ``to`` is the teammate a ``share`` is owed to, or
    whose complaint a ``share_answer`` answers."""

    party: str | None
    kind: str
    subject: str
    to: str = ""


@dataclass
class Escrow:
    commitments: list[Point]
    sealed: list[bytes]
    complaints: set[str] = field(default_factory=set)
    public_shares: dict[int, Point] = field(default_factory=dict)

    def public_share(self, index: int) -> Point:
        """Holder ``index``'s public share, worked out once: every part it sends is checked
        against it."""
        if index not in self.public_shares:
            self.public_shares[index] = public_share(self.commitments, index)
        return self.public_shares[index]


@dataclass
class Deal:
    id: str
    tokens: list[str]
    cards: list[str]
    dealers: list[str]
    index: dict[Point, str]
    deck: list[Point]
    step: int = 0
    commit: bytes | None = None
    randomness: bytes | None = None
    skipped: list[str] = field(default_factory=list)  # dealers away when their turn came

    @property
    def done(self) -> bool:
        return self.step == len(self.dealers)


@dataclass(frozen=True)
class Shared:
    """A card's opening sealed to a teammate's party: by ``holder``, of the card as it held
    it (``held``), in ``box``."""

    holder: str
    held: Point
    box: bytes


@dataclass
class Slot:
    """A token's place in the deck: its point now and whose layers are on it; under team
    rules, the teammates' parties owed its opening, those it was sealed to, and those of them
    complaining of it."""

    deal: str
    point: Point
    layers: list[str]
    receiver: str | None = None
    partials: dict[int, Point] = field(default_factory=dict)
    card: str | None = None
    former: list[Point] = field(default_factory=list)  # its points before each layer added
    readers: set[str] = field(default_factory=set)  # the parties that held it
    owed: list[str] = field(default_factory=list)
    shared: dict[str, Shared] = field(default_factory=dict)
    complaints: set[str] = field(default_factory=set)

    def known_to(self, party: str) -> bool:
        """Whether ``party`` reads the card, will, or is owed it or told it by a teammate."""
        return (
            party in self.readers
            or party == self.receiver
            or party in self.owed
            or party in self.shared
        )


def step_context(game: str, deal: str, subject: str | int, kind: str, party: str) -> bytes:
    """The context of a step's proof: canonical msgpack of ``[game, deal, subject, kind,
    party]`` (``subject`` the token, or a shuffle's step index)."""
    return pack([game, deal, subject, kind, party])


def share_context(game: str, deal: str, token: str, to: str, holder: str) -> bytes:
    """The context of a card's opening sealed to the teammate ``to``: a step's, its kind
    ``share/`` and the teammate's id."""
    return step_context(game, deal, token, f"share/{to}", holder)


class SealedDeck:
    """The public ledger of one game's sealed deck (one per peer, all equal)."""

    def __init__(
        self,
        game_id: str,
        parties: Sequence[Party],
        host_signing: bytes | None = None,
    ) -> None:
        """``parties`` in their fixed order; ``host_signing`` the host's signing key when the
        host is not a party (it then holds escrow shares too, as ``HOST``)."""
        ids = [p.id for p in parties]
        if not parties or len(set(ids)) != len(ids):
            raise ValueError("the parties are one or more, each id once")
        if host_signing is not None and HOST in ids:
            raise ValueError(f"{HOST!r} is the id of a host that is not a party")
        self.game_id = game_id
        self.parties = {p.id: p for p in parties}
        self.order = ids
        self.host_signing = host_signing
        self.escrows: dict[str, Escrow] = {}
        self.deals: dict[str, Deal] = {}
        self.slots: dict[str, Slot] = {}
        self.away: set[str] = set()
        self.retired: set[str] = set()  # away for being out of the game (``retire``)
        self.expelled: set[str] = set()  # away for good: never retired, never back
        self.secrets: dict[str, Scalar] = {}
        self.end_shares: dict[str, dict[int, Scalar]] = {}
        self.journal: list[dict[str, Any]] = []
        self._pending: tuple[int, tuple[Pending, ...]] | None = None  # by the journal's length
        # Digests of the shuffles whose proofs held, in this process: a ledger given another's
        # set (the same process replaying a game it watched) takes the very same step again
        # without checking its proof twice; any byte changed is checked in full. ``held``:
        # the same for every other proof, each with all it was checked against (``_held``);
        # a replay is given both in its ``proven``.
        self.proven: set[bytes] = set()
        # Digests of the openings this process checked (``opening``, as an act is judged) or
        # made (``vouch``): the very same opening, taken in when its move is made, is not
        # checked again. A trial, which judges evidence, checks every one.
        self.opened: set[bytes] = set()
        self.held: set[bytes] = set()
        # A peer that is not the host may check shuffles on ``later`` (a worker thread, or
        # once its own step no longer waits on it) while it goes on, the next dealer making
        # its step on the deck they gave; ``settle`` waits for them. The host checks before
        # it publishes, so it never sets this.
        self.later: Executor | None = None
        self.checking: list[tuple[str, bytes, Future[None]]] = []

    # -- who holds what -------------------------------------------------------------------

    def holders(self, dealer: str) -> list[str]:
        """The holders of ``dealer``'s escrow, numbered from 1 in this order: every other
        party, then the host when it is not a party."""
        others = [p for p in self.order if p != dealer]
        return others + ([HOST] if self.host_signing is not None else [])

    def threshold(self, dealer: str) -> int:
        """All holders but one, and never fewer than three of three or more (all of fewer).
        The host's own computer holds two parties as a rule (the host's and the seat its
        app plays): with a threshold it could reach alone, it would read every player's
        cards. Only where the holders are two or one (three parties or two) can it not be
        helped: the host's computer is then all the others, whom no deck can stop."""
        holders = len(self.holders(dealer))
        return max(min(3, holders), holders - 1)

    def signing_key(self, holder: str) -> bytes:
        if holder == HOST and self.host_signing is not None:
            return self.host_signing
        return self.parties[holder].signing

    def deal_of(self, deal_id: str) -> Deal:
        return self.deals[deal_id]

    def slot(self, token: str) -> Slot:
        return self.slots[token]

    def holder_of(self, token: str) -> str | None:
        """The party holding ``token`` (its layer alone on it, none on the way), or None."""
        s = self.slots[token]
        return s.layers[0] if s.receiver is None and len(s.layers) == 1 else None

    # -- what the caller tells it ---------------------------------------------------------

    def start_deal(
        self, deal_id: str, tokens: Sequence[str], cards: Sequence[str], dealers: Sequence[str]
    ) -> None:
        """The engine sealed ``tokens`` for ``cards``: ``dealers`` (the parties still in the
        game, in party order) shuffle them in turn. Every escrow must be in."""
        if deal_id in self.deals:
            raise ValueError(f"the deal {deal_id} is made already")
        if len(tokens) != len(cards) or not 1 <= len(cards) <= MAX_CARDS:
            raise ValueError("a deal has as many tokens as cards, 1 to 256")
        if set(tokens) & set(self.slots) or len(set(tokens)) != len(tokens):
            raise ValueError("a token of this deal is dealt already")
        if [p for p in self.order if p in dealers] != list(dealers) or not dealers:
            raise ValueError("the dealers are parties, in party order")
        if len(self.escrows) != len(self.order):
            raise ValueError("cards are dealt once every party's escrow is in")
        deck_id = f"{self.game_id}/{deal_id}"
        self.deals[deal_id] = Deal(
            deal_id,
            list(tokens),
            list(cards),
            list(dealers),
            card_index(deck_id, cards),
            deck_points(deck_id, cards),
        )
        self._record(
            {
                "kind": "deal",
                "deal": deal_id,
                "tokens": list(tokens),
                "cards": list(cards),
                "dealers": list(dealers),
            }
        )

    def randomness(self, deal_id: str, randomness: bytes) -> None:
        """The 32 random bytes, drawn after the current step's commit, that its proof's first
        challenge is drawn from."""
        deal = self.deals.get(deal_id)
        if deal is None or deal.done or deal.commit is None or deal.randomness is not None:
            raise ValueError(f"the deal {deal_id} awaits no randomness")
        if type(randomness) is not bytes or len(randomness) != RANDOMNESS_SIZE:
            raise ValueError(f"the randomness is {RANDOMNESS_SIZE} bytes")
        deal.randomness = randomness
        self._record({"kind": "randomness", "deal": deal_id, "randomness": randomness})

    def give(self, token: str, party: str) -> None:
        """The engine moved ``token`` into the hand of a seat ``party`` plays: the steps that
        leave its layer alone on it are now owed. A token on its way to another party (whose
        seat changed hands meanwhile) goes to ``party`` instead: the parts of an absent
        layer gathered for it still count while that layer is the one to come off next."""
        s = self.slots.get(token)
        if s is None:
            raise ValueError(f"{token} is no token of a deal made")
        if party not in self.parties or party in self.away:
            raise ValueError(f"{party} is no party here to receive a card")
        if s.receiver == party:
            raise ValueError(f"{token} is on its way to {party} already")
        before = self._next_step(s)
        s.receiver = party
        self._settle(s)
        if self._next_step(s) != before:
            s.partials = {}
        self._record({"kind": "give", "token": token, "party": party})

    def owe(self, token: str, party: str) -> None:
        """Under team rules, ``token``'s holder (the party whose layer alone is, or will be,
        on it) owes ``party``, a teammate's, the card's opening sealed to it."""
        s = self.slots.get(token)
        if s is None:
            raise ValueError(f"{token} is no token of a deal made")
        if party not in self.parties:
            raise ValueError(f"{party} is no party")
        if s.known_to(party):
            raise ValueError(f"{party} knows {token} already, or is owed it")
        s.owed.append(party)
        self._record({"kind": "owe", "token": token, "party": party})

    def absent(self, party: str, expelled: bool = False) -> None:
        """``party`` is away (its seat changed hands, or it is out of the game): its layers
        come off by escrow, and a shuffle of a deal whose turn is its, or comes to it while
        it is away, is skipped (its layer is then not on that deal's cards). ``expelled``:
        away for good, so that it is never retired later (its steps stay refused)."""
        if party not in self.parties:
            raise ValueError(f"{party} is no party")
        self.away.add(party)
        self.retired.discard(party)  # a retired party expelled: its steps are refused now
        entry: dict[str, Any] = {"kind": "absent", "party": party}
        if expelled:
            self.expelled.add(party)
            entry["expelled"] = True
        self._record(entry)
        for deal in self.deals.values():
            self._skip_away(deal)

    def retire(self, party: str) -> None:
        """``party`` is out of the game (its player eliminated) and no longer plays its seat:
        away as ``absent`` says (it holds no card, its turn in a deal is skipped), but the
        layers it already put on cards may still come off by its own ``unlayer``, while its
        app runs, as well as by its escrow: whichever is complete first takes the layer off,
        and the other is then late. At the end it may tell its own secret, or its escrow
        rebuilds it. A party away already (its seat taken over, then eliminated while a host
        bot played it) may be retired too, but not one expelled."""
        if party not in self.parties or party in self.retired or party in self.expelled:
            raise ValueError(f"{party} is no party here to retire")
        self.away.add(party)
        self.retired.add(party)
        self._record({"kind": "retire", "party": party})
        for deal in self.deals.values():
            self._skip_away(deal)

    def back(self, party: str) -> None:
        """``party`` is back: it takes its own layers off again, and shuffles the deals whose
        turn comes to it from now on."""
        self.away.discard(party)
        self.retired.discard(party)
        self._record({"kind": "back", "party": party})

    def _skip_away(self, deal: Deal) -> None:
        """Past every dealer away at its turn (its commit, if any, dropped); the deal's cards
        are made once the last dealer is past."""
        skipped = False
        while not deal.done and deal.dealers[deal.step] in self.away:
            deal.skipped.append(deal.dealers[deal.step])
            deal.step += 1
            deal.commit = deal.randomness = None
            skipped = True
        if skipped and deal.done:
            self._dealt(deal)

    def _dealt(self, deal: Deal) -> None:
        layers = [p for p in deal.dealers if p not in deal.skipped]
        for token, p in zip(deal.tokens, deal.deck, strict=True):
            self.slots[token] = Slot(deal.id, p, list(layers))

    def _record(self, entry: dict[str, Any]) -> None:
        self.journal.append(entry)

    def _settle(self, s: Slot) -> None:
        if s.receiver is not None and s.layers == [s.receiver]:
            s.readers.add(s.receiver)
            if s.receiver in s.owed:  # it reads the card itself now
                s.owed.remove(s.receiver)
            s.receiver = None

    # -- what the game waits for ----------------------------------------------------------

    def pending(self) -> list[Pending]:
        """Every step owed now, in a fixed order: escrows, deals, then tokens. Worked out once
        for each state: every peer asks after every message and before every move, and only
        an input changes what is owed, each of which goes into ``journal``."""
        kept = self._pending
        if kept is None or kept[0] != len(self.journal):
            kept = self._pending = (len(self.journal), tuple(self._owed_now()))
        return list(kept[1])

    def _owed_now(self) -> list[Pending]:
        owed = [Pending(p, "escrow_deal", p) for p in self.order if p not in self.escrows]
        for dealer, escrow in self.escrows.items():
            # A dealer away (expelled, maybe for the very answer that showed its share false)
            # owes no answer: the complaint stands, and the escrow's other holders, enough
            # for its threshold, stand in for it.
            if dealer not in self.away:
                owed += [Pending(dealer, "escrow_answer", h) for h in sorted(escrow.complaints)]
        for deal in self.deals.values():
            owed += self._deal_pending(deal)
        for token, s in self.slots.items():
            if s.receiver is not None:  # asked after every message: resting cards owe nothing
                owed += self._slot_pending(token, s)
        for token, s in self.slots.items():
            if s.owed or s.complaints:
                owed += self._share_pending(token, s)
        return owed

    def _share_pending(self, token: str, s: Slot) -> list[Pending]:
        """The shares the token's holder owes, and its answers to complaints of those it
        made. A share lapses while nobody holds the card alone, once it is opened to all, or
        while its holder is away (who takes its seat owes them)."""
        answers = [
            Pending(s.shared[to].holder, "share_answer", token, to)
            for to in sorted(s.complaints)
            if s.shared[to].holder not in self.away  # as an escrow's answer (``pending``)
        ]
        holder = self.holder_of(token)
        if holder is None or holder in self.away or s.card is not None:
            return answers
        return [Pending(holder, "share", token, to) for to in s.owed] + answers

    def _deal_pending(self, deal: Deal) -> list[Pending]:
        if deal.done or self._complaint_stands():
            # A dealer whose share is complained of answers before any layer goes on a card:
            # a cheat expelled for a false share is then away before its turn and skipped,
            # and no card ever carries a layer its escrow could not take off without the
            # victim's share (at four parties or fewer, the threshold is every holder).
            return []
        dealer = deal.dealers[deal.step]
        if deal.commit is None:
            return [Pending(dealer, "shuffle_commit", deal.id)]
        if deal.randomness is None:
            return [Pending(None, "randomness", deal.id)]
        return [Pending(dealer, "shuffle", deal.id)]

    def _complaint_stands(self) -> bool:
        """Whether a complaint of an escrow share waits for its dealer's answer."""
        return any(e.complaints and d not in self.away for d, e in self.escrows.items())

    def _slot_pending(self, token: str, s: Slot) -> list[Pending]:
        step = self._next_step(s)
        if step is None:
            return []
        kind, party = step
        if kind != "escrow_partial":
            return [Pending(party, kind, token)]
        partials = [Pending(h, "escrow_partial", token) for h in self.owing(party, s.partials)]
        if party not in self.retired:
            return partials
        # A retired party's layer: its own unlayer is listed first, and the holders' parts at
        # once too. The ledger cannot tell whether its app still runs (it knows no clock,
        # and a replay must owe what the live game owed), and the parts cost no more than
        # they did when the escrow alone took that layer off: with its app closed the
        # escrow goes on as for any away party, with it running the unlayer lifts the wait
        # for holders gone for good. The host takes whichever completes first.
        return [Pending(party, "unlayer", token), *partials]

    def owing(self, owner: str, given: Mapping[int, object]) -> list[str]:
        """The holders of ``owner``'s escrow whose part (of a layer, or of the secret at the
        end) is awaited, ``given`` the parts in by index: those here; and those away too
        (a player out of the game whose app still runs), when those here are too few to
        reach the threshold without them."""
        escrow = self.escrows.get(owner)
        # A holder whose complaint stands holds no good share: it owes no part.
        without = escrow.complaints if escrow is not None else set()
        holders = [(i, h) for i, h in enumerate(self.holders(owner), 1) if h not in without]
        here = [h for i, h in holders if i not in given and h not in self.away]
        if len(given) + len(here) >= self.threshold(owner):
            return here
        return [h for i, h in holders if i not in given]

    def _next_step(self, s: Slot) -> tuple[str, str] | None:
        """(kind, party) of the token's next step: for ``escrow_partial`` the party is the
        absent owner of the layer."""
        if s.receiver is None:
            return None
        if s.receiver not in s.layers:
            return "relayer", s.receiver
        owner = next(p for p in self.order if p in s.layers and p != s.receiver)
        return ("escrow_partial" if owner in self.away else "unlayer"), owner

    # -- the messages ---------------------------------------------------------------------

    def take(self, message: Mapping[str, Any]) -> str | None:
        """Check ``message`` and apply it; the card's name for an ``open``, else None.
        ``DeckFault`` if it is refused, and then nothing changed (but for a false
        complaint: the dealer's good answer is applied, and the complainer is named)."""
        kind, sender = _header(message, self.order, self.host_signing is not None)
        handler = self._handlers()[kind]
        _check_fields(message, FIELDS[kind], sender)
        result = handler(sender, message)
        self._record(dict(message))
        return result

    def _handlers(self) -> dict[str, Callable[[str, Mapping[str, Any]], str | None]]:
        return {
            "escrow_deal": self._escrow_deal,
            "escrow_complaint": self._escrow_complaint,
            "escrow_answer": self._escrow_answer,
            "shuffle_commit": self._shuffle_commit,
            "shuffle": self._shuffle,
            "relayer": self._relayer,
            "unlayer": self._unlayer,
            "escrow_partial": self._escrow_partial,
            "open": self._open,
            "secret": self._secret,
            "secret_share": self._secret_share,
            "share": self._share,
            "share_complaint": self._share_complaint,
            "share_answer": self._share_answer,
        }

    def _escrow_deal(self, sender: str, m: Mapping[str, Any]) -> None:
        if sender not in self.parties or sender in self.escrows:
            raise _not_due(sender, "an escrow")
        holders = self.holders(sender)
        commitments = _points(m["commitments"], sender, self.threshold(sender))
        if len(m["shares"]) != len(holders):
            raise DeckFault(sender, "malformed", f"an escrow has {len(holders)} sealed shares")
        context = step_context(self.game_id, "", "", "escrow_deal", sender)
        if not self._held(check_deal, self.parties[sender].layer, commitments, m["proof"], context):
            raise DeckFault(
                sender, "bad_escrow", f"{sender}'s escrow does not share its layer's inverse"
            )
        self.escrows[sender] = Escrow(commitments, list(m["shares"]))
        return None

    def _held(self, check: Callable[..., bool], *args: bytes | Sequence[bytes]) -> bool:
        """``_holds``, once for the very same check: one that held is kept in ``held`` (a
        replay in this process takes it without checking the proof again)."""
        key = _proof_key(check, args)
        if key in self.held or key in self.proven:
            return True
        good = _holds(check, *args)
        if good:
            self.held.add(key)
        return good

    def _holder_index(self, dealer: str, holder: str) -> int:
        return self.holders(dealer).index(holder) + 1

    def _escrow_complaint(self, sender: str, m: Mapping[str, Any]) -> None:
        dealer = m["dealer"]
        escrow = self.escrows.get(dealer)
        if escrow is None or sender not in self.holders(dealer) or sender in escrow.complaints:
            raise _not_due(sender, "a complaint of this escrow")
        escrow.complaints.add(sender)
        return None

    def _escrow_answer(self, sender: str, m: Mapping[str, Any]) -> None:
        holder = m["holder"]
        escrow = self.escrows.get(sender)
        if escrow is None or holder not in escrow.complaints:
            raise _not_due(sender, "an answer to a complaint")
        index = self._holder_index(sender, holder)
        box = escrow.sealed[index - 1]
        try:
            share = open_revealed(box, x25519_public(self.signing_key(holder)), m["ephemeral"])
            good = check_share(escrow.commitments, index, share)
        except DeckCryptoError:
            good = False
        if not good:
            raise DeckFault(
                sender,
                "bad_share",
                f"the share {sender} sealed to {holder} is not the one its escrow commits to",
            )
        escrow.complaints.discard(holder)
        self._record(dict(m))
        raise DeckFault(
            holder,
            "false_complaint",
            f"{holder} complained of the share {sender} sealed to it, but it is good",
        )

    def _shuffle_commit(self, sender: str, m: Mapping[str, Any]) -> None:
        deal = self._deal_due(sender, m, "shuffle_commit")
        deal.commit = m["commit"]
        return None

    def _deal_due(self, sender: str, m: Mapping[str, Any], kind: str) -> Deal:
        deal = self.deals.get(m["deal"])
        if deal is None or Pending(sender, kind, deal.id) not in self._deal_pending(deal):
            raise _not_due(sender, f"a {kind.replace('_', ' ')}")
        return deal

    def _shuffle(self, sender: str, m: Mapping[str, Any]) -> None:
        deal = self._deal_due(sender, m, "shuffle")
        shuffled, proof, context, seen = self._shuffle_read(deal, sender, m)
        if seen not in self.proven:
            assert deal.commit is not None and deal.randomness is not None
            given = (self.parties[sender].layer, deal.deck, shuffled, proof, context)
            drawn = (deal.commit, deal.randomness)
            if self.later is not None:
                checked = self.later.submit(check_committed_shuffle, *given, *drawn)
                self.checking.append((sender, seen, checked))
            else:
                try:
                    check_committed_shuffle(*given, *drawn)
                except (ShuffleRefused, DeckCryptoError) as e:
                    raise _bad_shuffle(sender, e) from e
                self.proven.add(seen)
        deal.deck, deal.step = shuffled, deal.step + 1
        deal.commit = deal.randomness = None
        if deal.done:
            self._dealt(deal)
        else:
            self._skip_away(deal)
        return None

    def _shuffle_read(
        self, deal: Deal, sender: str, m: Mapping[str, Any]
    ) -> tuple[list[Point], bytes, bytes, bytes]:
        """A shuffle message's deck, proof and context, and the digest of all it is checked
        against (``_shuffle_digest``)."""
        shuffled = _points(m["deck"], sender, len(deal.deck))
        proof = b"".join(m["commitments"]) + b"".join(m["responses"])
        context = step_context(self.game_id, deal.id, deal.step, "shuffle", sender)
        assert deal.commit is not None and deal.randomness is not None
        seen = _shuffle_digest(
            [self.parties[sender].layer, *deal.deck, *shuffled],
            proof,
            context,
            deal.commit,
            deal.randomness,
        )
        return shuffled, proof, context, seen

    def vouch(self, message: Mapping[str, Any]) -> None:
        """A step this process made itself, as it sends it: a shuffle is not checked again
        when it comes back to this ledger (its maker needs no proof of its own work; every
        other peer checks it, and a record replayed from scratch does). Only the very bytes
        made are vouched for, against the deal as it stands now; anything else is ignored."""
        if message.get("kind") == "open":
            self._vouch_opening(message)
            return
        if message.get("kind") != "shuffle":
            return
        sender = message.get("party")
        deal = self.deals.get(message.get("deal", ""))
        if sender not in self.parties or deal is None:
            return
        if Pending(sender, "shuffle", deal.id) not in self._deal_pending(deal):
            return
        self.proven.add(self._shuffle_read(deal, str(sender), message)[3])

    def _vouch_opening(self, m: Mapping[str, Any]) -> None:
        """An opening this process made of a card its party holds: not checked again."""
        sender, s = m.get("party"), self.slots.get(str(m.get("token")))
        if sender not in self.parties or s is None or self.holder_of(str(m["token"])) != sender:
            return
        point, proof = m.get("point"), m.get("proof")
        if isinstance(point, bytes) and isinstance(proof, bytes):
            self.opened.add(self._opening_digest(str(sender), m["token"], s, point, proof))

    def _opening_digest(
        self, sender: str, token: str, s: Slot, shown: bytes, proof: bytes
    ) -> bytes:
        """What names one opening's check: every byte it reads."""
        context = step_context(self.game_id, s.deal, token, "open", sender)
        layer = self.parties[sender].layer
        return hashlib.sha256(pack([bytes(layer), bytes(s.point), shown, proof, context])).digest()

    def trial(self) -> SealedDeck:
        """A copy of this ledger to try messages on, which changes nothing here: it checks
        every shuffle as it takes it (a trial asks whether a message is false, now) and holds
        none of the checks this one has under way."""
        later, checking = self.later, self.checking
        self.later, self.checking = None, []
        try:
            trial = copy.deepcopy(self)
        finally:
            self.later, self.checking = later, checking
        trial.opened = set()
        return trial

    def settle(self) -> None:
        """Wait for the shuffles being checked on ``later``: ``DeckFault`` naming the first
        whose proof fails. The ledger took it already, so its deal is void, and with it this
        peer's game (a peer that checks later is one the host's check came before)."""
        checking, self.checking = self.checking, []
        for i, (sender, seen, checked) in enumerate(checking):
            try:
                checked.result()
            except (ShuffleRefused, DeckCryptoError) as e:
                for _, _, rest in checking[i + 1 :]:
                    rest.cancel()
                raise _bad_shuffle(sender, e) from e
            self.proven.add(seen)

    def _slot_due(self, sender: str, m: Mapping[str, Any], kind: str) -> Slot:
        s = self.slots.get(m["token"])
        step = None if s is None else self._next_step(s)
        owed = step == (kind, sender)
        if kind == "unlayer" and sender in self.retired:
            owed = step == ("escrow_partial", sender)  # its own unlayer, or its escrow
            if s is not None and self._was_off(s, sender):
                raise _overtaken(sender, m["token"], sender)
        if s is None or not owed:
            raise _not_due(sender, f"a {kind} of {m['token']}")
        return s

    def _was_off(self, s: Slot, owner: str) -> bool:
        """Whether ``owner``'s layer, put on ``s`` when its deal was made or when it held
        the card, came off it (a retired party's, by the other of its two ways)."""
        deal = self.deals[s.deal]
        put_on = owner in s.readers or (owner in deal.dealers and owner not in deal.skipped)
        return owner in self.retired and put_on and owner not in s.layers

    def overtaken(self, message: Mapping[str, Any]) -> bool:
        """Whether ``message`` is a step on a retired party's layer or secret that the other
        way took off, or rebuilt, first: the step is late, not false, and is dropped (the
        host does not send its maker a refusal it could take for its act's)."""
        kind, party = message.get("kind"), message.get("party")
        owner = message.get("owner", party)
        if owner not in self.retired:
            return False
        if kind in ("secret", "secret_share"):
            return owner in self.secrets
        s = self.slots.get(message.get("token", ""))
        return kind in ("unlayer", "escrow_partial") and s is not None and self._was_off(s, owner)

    def _relayer(self, sender: str, m: Mapping[str, Any]) -> None:
        s = self._slot_due(sender, m, "relayer")
        added = _point(m["point"], sender)
        context = step_context(self.game_id, s.deal, m["token"], "relayer", sender)
        if not self._held(
            check_added, self.parties[sender].layer, s.point, added, m["proof"], context
        ):
            raise DeckFault(
                sender, "bad_relayer", f"{sender}'s layer added to {m['token']} is false"
            )
        s.former.append(s.point)
        s.point = added
        s.layers = [p for p in self.order if p in s.layers or p == sender]
        s.partials = {}
        return None

    def _unlayer(self, sender: str, m: Mapping[str, Any]) -> None:
        s = self._slot_due(sender, m, "unlayer")
        removed = _point(m["point"], sender)
        context = step_context(self.game_id, s.deal, m["token"], "unlayer", sender)
        layer = self.parties[sender].layer
        if not self._held(check_removal, layer, s.point, removed, m["proof"], context):
            if any(_holds(check_removal, layer, f, removed, m["proof"], context) for f in s.former):
                raise _late(sender, m["token"])
            raise DeckFault(
                sender, "bad_unlayer", f"{sender}'s layer removed from {m['token']} is false"
            )
        self._removed(s, sender, removed)
        return None

    def _removed(self, s: Slot, owner: str, removed: Point) -> None:
        s.point = removed
        s.layers.remove(owner)
        s.partials = {}
        self._settle(s)

    def _escrow_partial(self, sender: str, m: Mapping[str, Any]) -> None:
        owner = m["owner"]
        s = self.slots.get(m["token"])
        holders = self.holders(owner) if owner in self.parties else []
        due = s is not None and self._next_step(s) == ("escrow_partial", owner)
        if not due or sender not in holders:
            if s is not None and sender in holders and self._was_off(s, owner):
                raise _overtaken(sender, m["token"], owner)
            raise _not_due(sender, f"a part of {owner}'s layer on {m['token']}")
        assert s is not None
        index = holders.index(sender) + 1
        if index in s.partials:
            raise _not_due(sender, f"a second part of {owner}'s layer on {m['token']}")
        part = _point(m["point"], sender)
        escrow = self.escrows[owner]
        context = step_context(self.game_id, s.deal, m["token"], f"escrow_partial/{owner}", sender)
        share = escrow.public_share(index)
        if not self._held(check_partial_of, share, s.point, part, m["proof"], context):
            if any(_holds(check_partial_of, share, f, part, m["proof"], context) for f in s.former):
                raise _late(sender, m["token"])
            raise DeckFault(
                sender,
                "bad_unlayer",
                f"{sender}'s part of {owner}'s layer on {m['token']} is false",
            )
        s.partials[index] = part
        if len(s.partials) >= self.threshold(owner):
            self._removed(s, owner, combine(s.partials))
        return None

    def opening(self, message: Mapping[str, Any]) -> str:
        """The card an ``open`` message shows, checked as ``take`` checks it, without taking
        it in (``DeckFault`` if it is false): an act's opening is judged before the act is
        made, and taken only when it is."""
        kind, sender = _header(message, self.order, self.host_signing is not None)
        if kind != "open":
            raise DeckFault(sender, "malformed", f"an opening is an open message, not a {kind}")
        _check_fields(message, FIELDS[kind], sender)
        return self._shown(sender, message)

    def _open(self, sender: str, m: Mapping[str, Any]) -> str:
        card = self._shown(sender, m)
        self.slots[m["token"]].card = card
        return card

    def _shown(self, sender: str, m: Mapping[str, Any]) -> str:
        token = m["token"]
        if token not in self.slots or self.holder_of(token) != sender:
            raise _not_due(sender, f"an opening of {token}, which it does not hold")
        s = self.slots[token]
        shown = _point(m["point"], sender)
        context = step_context(self.game_id, s.deal, token, "open", sender)
        card = self.deals[s.deal].index.get(shown)
        seen = self._opening_digest(sender, token, s, bytes(shown), m["proof"])
        good = seen in self.opened or self._held(
            check_opening, self.parties[sender].layer, s.point, shown, m["proof"], context
        )
        if not good or card is None:
            raise DeckFault(sender, "bad_opening", f"{sender}'s opening of {token} is false")
        self.opened.add(seen)
        return card

    def _secret(self, sender: str, m: Mapping[str, Any]) -> None:
        if sender in self.retired and sender in self.secrets:
            raise _late_secret(sender, sender)
        if sender not in self.parties or sender in self.secrets:
            raise _not_due(sender, "a secret")
        secret = _scalar(m["secret"], sender)
        if mul_base(secret) != self.parties[sender].layer:
            raise DeckFault(sender, "bad_secret", f"{sender}'s secret is not its layer's")
        self.secrets[sender] = secret
        return None

    def _secret_share(self, sender: str, m: Mapping[str, Any]) -> None:
        owner = m["owner"]
        if owner in self.retired and owner in self.secrets and sender in self.holders(owner):
            raise _late_secret(sender, owner)
        if owner not in self.away or owner in self.secrets or sender not in self.holders(owner):
            raise _not_due(sender, f"a share of {owner}'s secret")
        index = self._holder_index(owner, sender)
        got = self.end_shares.setdefault(owner, {})
        if index in got:
            raise _not_due(sender, f"a second share of {owner}'s secret")
        share = _scalar(m["share"], sender)
        if not check_share(self.escrows[owner].commitments, index, share):
            raise DeckFault(sender, "bad_share", f"{sender}'s share of {owner}'s secret is false")
        got[index] = share
        if len(got) >= self.threshold(owner):
            self.secrets[owner] = invert(scalar_of(_interpolate(got)))
        return None

    def _share(self, sender: str, m: Mapping[str, Any]) -> None:
        token, to = m["token"], m["to"]
        s = self.slots.get(token)
        if s is None or Pending(sender, "share", token, to) not in self._share_pending(token, s):
            raise _not_due(sender, f"a share of {token} with {to}")
        s.owed.remove(to)
        s.shared[to] = Shared(sender, s.point, m["box"])
        return None

    def _share_complaint(self, sender: str, m: Mapping[str, Any]) -> None:
        s = self.slots.get(m["token"])
        if s is None or sender not in s.shared or sender in s.complaints:
            raise _not_due(sender, f"a complaint of the share of {m['token']} sealed to it")
        s.complaints.add(sender)
        return None

    def _share_answer(self, sender: str, m: Mapping[str, Any]) -> None:
        token, to = m["token"], m["to"]
        s = self.slots.get(token)
        if s is None or to not in s.complaints or s.shared[to].holder != sender:
            raise _not_due(sender, f"an answer to a complaint of its share of {token}")
        shared = s.shared[to]
        context = share_context(self.game_id, s.deal, token, to, sender)
        try:
            shown, proof = reveal_opening(
                shared.box, x25519_public(self.signing_key(to)), m["ephemeral"]
            )
        except DeckCryptoError:
            good = False
        else:
            layer = self.parties[sender].layer
            good = holds(layer, shared.held, shown, proof, context) and (
                shown in self.deals[s.deal].index
            )
        if not good:
            raise DeckFault(
                sender, "bad_share", f"the opening of {token} {sender} sealed to {to} is false"
            )
        s.complaints.discard(to)
        self._record(dict(m))
        raise DeckFault(
            to,
            "false_complaint",
            f"{to} complained of the opening of {token} {sender} sealed to it, but it is true",
        )

    # -- the end --------------------------------------------------------------------------

    def secrets_wanted(self) -> list[str]:
        """The parties whose secret the end still waits for: each party here, and each one
        away whose layer is left on a card (an expelled party whose layer is on none, say
        one expelled for a false share before it shuffled, need not have its secret rebuilt:
        a holder it cheated has no share of it)."""
        layered = {owner for s in self.slots.values() for owner in s.layers}
        return [
            p for p in self.order if p not in self.secrets and (p not in self.away or p in layered)
        ]

    def read_all(self) -> dict[str, str]:
        """Every token's card, each layer left on it taken off with its published secret
        (``ValueError`` while a secret is missing), once every shuffle is checked."""
        self.settle()
        read = {}
        for token, s in self.slots.items():
            p = s.point
            for owner in s.layers:
                if owner not in self.secrets:
                    raise ValueError(f"{owner}'s secret is not out yet")
                p = mul(invert(self.secrets[owner]), p)
            read[token] = self.deals[s.deal].index[p]
        return read

    @classmethod
    def replay(
        cls,
        game_id: str,
        parties: Sequence[Party],
        journal: Sequence[Mapping[str, Any]],
        host_signing: bytes | None = None,
    ) -> SealedDeck:
        """The ledger rebuilt from a journal, every step checked again (``DeckFault`` names
        the first one at fault, but for false complaints, which are part of the record)."""
        deck = cls(game_id, parties, host_signing)
        for entry in journal:
            deck.apply(entry)
        return deck

    def apply(self, entry: Mapping[str, Any]) -> None:
        """One journal entry: a caller's input or a message."""
        kind = entry.get("kind")
        if kind == "deal":
            self.start_deal(entry["deal"], entry["tokens"], entry["cards"], entry["dealers"])
        elif kind == "randomness":
            self.randomness(entry["deal"], entry["randomness"])
        elif kind == "give":
            self.give(entry["token"], entry["party"])
        elif kind == "absent":
            self.absent(entry["party"], bool(entry.get("expelled")))
        elif kind == "retire":
            self.retire(entry["party"])
        elif kind == "back":
            self.back(entry["party"])
        elif kind == "owe":
            self.owe(entry["token"], entry["party"])
        else:
            try:
                self.take(entry)
            except DeckFault as e:
                if e.code != "false_complaint":
                    raise


def _shuffle_digest(
    points: Sequence[Point],
    proof: bytes,
    context: bytes,
    commit: bytes,
    randomness: bytes,
) -> bytes:
    """What names one shuffle's check: every byte it reads."""
    return hashlib.sha256(pack([b"".join(points), proof, context, commit, randomness])).digest()


def _bad_shuffle(sender: str, e: Exception) -> DeckFault:
    return DeckFault(sender, "bad_shuffle", f"{sender}'s shuffle is refused: {e}")


def _interpolate(shares: Mapping[int, Scalar]) -> int:
    """f(0) from shares f(j), Lagrange at 0 mod L."""
    total = 0
    for j, share in shares.items():
        weight = 1
        for m in shares:
            if m != j:
                weight = weight * m * pow(m - j, -1, ORDER) % ORDER
        total = (total + weight * value_of(share)) % ORDER
    return total


def _holds(check: Callable[..., bool], *args: Any) -> bool:
    """A proof's check, a proof whose scalars are not canonical failing it like any false
    one (the proof is its sender's either way)."""
    try:
        return check(*args)
    except DeckCryptoError:
        return False


def _proof_key(check: Callable[..., bool], args: Sequence[bytes | Sequence[bytes]]) -> bytes:
    """A digest of a proof's check and everything it checks it against (keys, points,
    proof, context), each length-prefixed: equal only for the very same check."""
    digest = hashlib.sha256(b"held/" + check.__name__.encode())
    for arg in args:
        parts = [arg] if isinstance(arg, bytes) else list(arg)
        digest.update(len(parts).to_bytes(4, "big"))
        for part in parts:
            digest.update(len(part).to_bytes(4, "big") + bytes(part))
    return digest.digest()


def _late(sender: str, token: str) -> DeckFault:
    """A step true of the token as it was before a layer was added to it (its seat changed
    hands meanwhile): made in good faith, late, and owed again."""
    return DeckFault(
        sender, "out_of_turn", f"{sender}'s step on {token} was made before it changed hands"
    )


def _overtaken(sender: str, token: str, owner: str) -> DeckFault:
    """A step on a retired party's layer, which its own unlayer or its escrow took off
    first: made in good faith, late, and owed no more."""
    return DeckFault(
        sender,
        "out_of_turn",
        f"{sender}'s step on {token} came late: {owner}'s layer was off it already",
    )


def _late_secret(sender: str, owner: str) -> DeckFault:
    """A retired party's secret, or a share of it, once the other way told it."""
    return DeckFault(
        sender, "out_of_turn", f"{sender}'s word on {owner}'s secret came late: it is known"
    )


def _not_due(sender: str, what: str) -> DeckFault:
    return DeckFault(sender, "out_of_turn", f"{sender} sent {what}, which nobody awaits from it")


# -- checking a message's form, before any cryptography -----------------------------------


def _is_id(value: Any) -> bool:
    return type(value) is str and 1 <= len(value) <= MAX_ID


def _is_bin(size: int) -> Callable[[Any], bool]:
    return lambda value: type(value) is bytes and len(value) == size


def _is_bins(size: int, most: int) -> Callable[[Any], bool]:
    return lambda value: (
        type(value) is list
        and 1 <= len(value) <= most
        and all(type(v) is bytes and len(v) == size for v in value)
    )


FIELDS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "escrow_deal": {
        "commitments": _is_bins(SIZE, 64),
        "proof": _is_bin(PROOF),
        "shares": _is_bins(SEALED_SHARE_SIZE, 64),
    },
    "escrow_complaint": {"dealer": _is_id},
    "escrow_answer": {"holder": _is_id, "ephemeral": _is_bin(SIZE)},
    "shuffle_commit": {"deal": _is_id, "commit": _is_bin(SIZE)},
    "shuffle": {
        "deal": _is_id,
        "deck": _is_bins(SIZE, MAX_CARDS),
        "commitments": lambda value: type(value) is list,  # their sizes: _check_fields
        "responses": lambda value: type(value) is list,
    },
    "relayer": {"token": _is_id, "point": _is_bin(SIZE), "proof": _is_bin(PROOF)},
    "unlayer": {"token": _is_id, "point": _is_bin(SIZE), "proof": _is_bin(PROOF)},
    "escrow_partial": {
        "token": _is_id,
        "owner": _is_id,
        "point": _is_bin(SIZE),
        "proof": _is_bin(PROOF),
    },
    "open": {"token": _is_id, "point": _is_bin(SIZE), "proof": _is_bin(PROOF)},
    "secret": {"secret": _is_bin(SIZE)},
    "secret_share": {"owner": _is_id, "share": _is_bin(SIZE)},
    "share": {"token": _is_id, "to": _is_id, "box": _is_bin(SHARE_BOX_SIZE)},
    "share_complaint": {"token": _is_id},
    "share_answer": {"token": _is_id, "to": _is_id, "ephemeral": _is_bin(SIZE)},
}


def _header(message: Any, parties: Sequence[str], host_holds: bool) -> tuple[str, str]:
    """The message's kind and sender, both known, or ``malformed``."""
    if not isinstance(message, Mapping):
        raise DeckFault(None, "malformed", "a deck message is a map")
    kind, sender = message.get("kind"), message.get("party")
    known = sender in parties or (host_holds and sender == HOST)
    culprit = sender if known else None
    if kind not in MESSAGE_KINDS:
        raise DeckFault(culprit, "malformed", f"there is no deck message of kind {kind!r}")
    if not known:
        raise DeckFault(None, "malformed", f"a {kind} from {sender!r}, who takes no part")
    return str(kind), str(sender)


def _check_fields(
    message: Mapping[str, Any],
    fields: Mapping[str, Callable[[Any], bool]],
    sender: str,
) -> None:
    kind = message["kind"]
    if set(message) != {"kind", "party", *fields}:
        raise DeckFault(
            sender, "malformed", f"a {kind} has the fields {', '.join(sorted(fields))}, no other"
        )
    for name, ok in fields.items():
        if not ok(message[name]):
            raise DeckFault(sender, "malformed", f"a {kind}'s {name} is not of its form")
    if kind == "shuffle":
        n = len(message["deck"])
        sizes = {"commitments": POINTS, "responses": response_count(n)}
        if not all(
            _is_bins(SIZE, count)(message[name]) and len(message[name]) == count
            for name, count in sizes.items()
        ):
            raise DeckFault(
                sender,
                "malformed",
                f"a shuffle of {n} cards has a proof of {POINTS} points and "
                f"{response_count(n)} scalars, each of {SIZE} bytes",
            )


def _point(data: bytes, sender: str) -> Point:
    try:
        return point(data)
    except DeckCryptoError as e:
        raise DeckFault(sender, "malformed", f"{sender} sent a point that is not one: {e}") from e


def _points(data: Sequence[bytes], sender: str, count: int) -> list[Point]:
    if len(data) != count:
        raise DeckFault(sender, "malformed", f"{sender} sent {len(data)} points, not {count}")
    return [_point(d, sender) for d in data]


def _scalar(data: bytes, sender: str) -> Scalar:
    try:
        return scalar(data)
    except DeckCryptoError as e:
        raise DeckFault(sender, "malformed", f"{sender} sent a scalar that is not one: {e}") from e
