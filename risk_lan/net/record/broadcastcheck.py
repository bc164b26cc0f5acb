"""A game as its host's broadcasts tell it: each broadcast checked in order, and the game
rebuilt through the engine with the dice and shuffles the reveals imply.

It is the one checker of a game's public history. ``risk-lan verify`` runs a record through
it; a host resuming a saved game runs its own save through it to stand exactly where it
stopped (the same transcript, the same roll waiting for the same reveals); and every client
runs the broadcasts through it as they arrive (``witness``), without the host's secret, which
only the end reveals: its game is then the public one of ``shadow``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import (
    DECK_EXPULSIONS,
    ChainVerifier,
    RollSource,
    SealedRollSource,
    commit_secret,
    roll_seed,
)
from protocol.framing import pack
from protocol.messages import CHECKPOINT, CLIENT_MESSAGES, HOST_MESSAGES, SIGNED_BY_HOST, validate
from protocol.sealeddeck import DeckFault, Pending, SealedDeck
from protocol.signing import verify
from protocol.transcript import Transcript
from risk_lan.net.record import shadow
from risk_lan.net.record.dealsource import DealingPublicSource, DealingSource, dealer
from risk_lan.net.record.deckdraws import (
    hand_over,
    owed_before_moves,
    party_of,
    seat_left,
    seat_returned,
)
from risk_lan.net.record.deckescrows import is_sealed, ledger_of
from risk_lan.net.record.expulsion import check_expulsion
from risk_lan.rules import Event, Game, IllegalAction, RandomSource, action_from_dict
from risk_lan.rules.events import GameWon
from risk_lan.rules.projection import NamedUnheld, reveal_named
from risk_lan.rules.randomness import NeedsChance, NoChance


class GameReplay:
    """Feed it the host's broadcasts in order; it raises ProtocolError, naming whom to
    blame, at the first one that does not follow from the ones before.

    ``secret`` is the host's end-of-game secret (the shuffles need it); None for a client
    during the game, whose game is then the public one (``shadow``). ``signatures``: "each"
    checks every signature as it comes; "later" gathers them for ``check_signatures`` (a
    client answers a roll first), the host's only where its latest vouches for all before
    it; "none" (or False) skips them, for a host reading back its own save."""

    def __init__(
        self,
        secret: bytes | None,
        signatures: str | bool = "each",
        proven: set[bytes] | None = None,
    ) -> None:
        """``proven``: the shuffles this process already checked (``SealedDeck.proven``), so
        that a replay of a game it watched does not check the same proof twice."""
        self.secret = secret
        self.proven = proven
        self.checking = (
            ("each" if signatures else "none") if isinstance(signatures, bool) else signatures
        )
        self.signatures = self.checking != "none"
        self.transcript: Transcript | None = None
        self.game_id = ""
        self.host_key = b""
        self.start: dict[str, Any] = {}
        self.keys: dict[str, bytes] = {}
        self.humans: set[str] = set()
        self.contributors: list[str] = []
        self.taken: set[str] = set()  # seats the host's bots play
        self.expelled: dict[str, str] = {}  # seats out for good, and why (``expulsion``)
        self.commits: dict[str, Any] | None = None  # the `commits` broadcast, once made
        self.chains: ChainVerifier | None = None
        self.ledger: SealedDeck | None = None  # a sealed game's deck, from the commitments on
        # A party's escrow complaint as published, and those a good answer proved false.
        self.complaints: dict[tuple[str, str], dict[str, Any]] = {}
        self.false_complaints: dict[str, dict[str, Any]] = {}
        self.cards_read: dict[str, str] = {}  # a sealed game won: every token's card
        self.game: Game | None = None
        self.n = 0
        self.roll = 0
        self.pending: dict[str, Any] | None = None  # a move whose roll has no reveals yet
        self.pending_seen = b""  # the transcript hash right after that move
        self.last_reveals: list[tuple[str, dict[str, Any]]] = []
        self.last_seq: dict[str, int] = {}  # by seat: the seq of its last act made a move
        self.over: dict[str, Any] | None = None
        self.win_reason = ""
        self.moves = 0
        self.rolls = 0
        self.count = 0  # broadcasts taken in
        # Signed envelopes still to check ("later"): each with its `prev`, its key and what a
        # failure means (None: the host's own broadcast; else the act it forged).
        self.unchecked: list[tuple[dict[str, Any], bytes, bytes, str | None]] = []
        self.latest_from_host: tuple[dict[str, Any], bytes] | None = None
        self.reveals_unchecked: list[tuple[str, dict[str, Any]]] = []  # a checkpoint's
        self.seen_at: dict[int, bytes] = {}  # by roll: the transcript hash after its move
        # Without the secret: the last move played, with its events (None: a shuffle decided
        # it, and the host's view is taken until the end), and whether the game is unknown
        # from some move on until a view is taken.
        self.last_played: tuple[int, list[Event] | None] | None = None
        self.unknown = False
        # What each signed broadcast after the start does to the game, by its type.
        self.handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "commits": self._commits,
            "takeover": self._takeover,
            "expel": self._expel,
            "handback": self._handback,
            "move": self._move,
            "reveals": self._reveals,
            "deck_step": self._deck_step,
            "deal_roll": self._deal_roll,
            "over": self._over,
        }

    # ----- taking in one broadcast ----------------------------------------------------------

    def feed(self, envelope: Any) -> dict[str, Any]:
        """Check and take in the next broadcast; returns its body."""
        if not isinstance(envelope, dict):
            raise ProtocolError("malformed", "an entry is not a signed message", "host")
        if self.over is not None:
            raise ProtocolError("out_of_order", "a message after the game's end", "host")
        if self.transcript is None:
            body = self._open(envelope)
        else:
            body = self._host_body(envelope)
            kind = body["type"]
            if kind == "start":
                raise ProtocolError("out_of_order", "a second start", "host")
            early = ("over", "takeover", "expel", "commits")
            if kind not in early and self.commits is None:
                raise ProtocolError("out_of_order", f"a {kind} before the commitments", "host")
            self.handlers[kind](body)
        assert self.transcript is not None  # made by the opening
        prev = self.transcript.hash
        self.transcript.add(envelope)
        self.count += 1
        if body["type"] in ("move", "deal_roll") and body["roll"] is not None:
            self.pending_seen = self.seen_at[body["roll"]] = self.transcript.hash
        if self.checking == "later":
            self._gather_host_signature(body, envelope, prev)
        return body

    def _gather_host_signature(self, body: dict[str, Any], envelope: Any, prev: bytes) -> None:
        """Each host signature covers the transcript before it, so the latest one checked
        vouches for all before it: checked at each checkpoint and at every broadcast that is
        neither a move nor a roll's reveals."""
        self.latest_from_host = (envelope, prev)
        kind = body["type"]
        if kind not in ("move", "reveals") or (
            kind == "reveals" and body["roll"] % CHECKPOINT == 0
        ):
            self.unchecked.append((envelope, prev, self.host_key, None))
            self.latest_from_host = None

    def check_signatures(self) -> None:
        """Check every signature gathered since the last call ("later")."""
        reveals, self.reveals_unchecked = self.reveals_unchecked, []
        self._check_reveals(reveals)
        unchecked, self.unchecked = self.unchecked, []
        for envelope, prev, key, forged in unchecked:
            try:
                verify(envelope, key, prev)
            except ProtocolError as e:
                if forged is not None:
                    raise ProtocolError("forged_move", forged, "host") from e
                # A genuine signature over another history fails just like a forged one.
                raise ProtocolError(
                    "equivocation",
                    "the host's signature does not cover the history this client saw",
                    "host",
                ) from e

    def _open(self, envelope: dict[str, Any]) -> dict[str, Any]:
        given = envelope.get("body")
        opening = given if isinstance(given, dict) else {}
        keys = opening.get("keys")
        host_key = keys.get("host") if isinstance(keys, dict) else None
        game_id = opening.get("game")
        if not isinstance(host_key, bytes) or not isinstance(game_id, str):
            raise ProtocolError("malformed", "the game does not open with the host's start")
        self.game_id, self.host_key = game_id, host_key
        self.transcript = Transcript(game_id)
        body = self._host_body(envelope)
        if body["type"] != "start":
            raise ProtocolError("out_of_order", "the game does not open with a start", "host")
        players = body["players"]
        if not all(isinstance(p, dict) and isinstance(p.get("seat"), str) for p in players):
            raise ProtocolError("malformed", "a player of the start has no seat", "host")
        self.start = body
        self.keys = dict(body["keys"])
        self.humans = {p["seat"] for p in players if p.get("kind") == "human"}
        self.contributors = list(body["contributors"])
        return body

    def _host_body(self, envelope: dict[str, Any]) -> dict[str, Any]:
        assert self.transcript is not None
        if envelope.get("from") != "host":
            raise ProtocolError("malformed", "a broadcast not from the host", "host")
        given = envelope.get("body")
        if self.checking == "each":
            given = verify(envelope, self.host_key, self.transcript.hash)
        body = validate(given, HOST_MESSAGES)
        if body["type"] not in SIGNED_BY_HOST:
            raise ProtocolError("malformed", f"a signed {body['type']} from the host", "host")
        if body.get("game") != self.game_id:
            raise ProtocolError("wrong_game", "a message of another game", "host")
        return body

    def _commits(self, body: dict[str, Any]) -> None:
        if self.commits is not None:
            raise ProtocolError("out_of_order", "a second set of commitments", "host")
        tips, bodies = {}, {}
        for env, who in zip(body["envelopes"], self.contributors, strict=True):
            inner = self._client_body(env, who)
            if inner["type"] != "commit":
                raise ProtocolError("bad_commit", f"{who}'s commitment is not a commit", who)
            tips[who], bodies[who] = inner["tip"], inner
        if is_sealed(self.start):
            self.ledger = self._ledger(bodies)
            if self.proven is not None:
                self.ledger.proven = self.proven
        self.commits = body
        self.chains = ChainVerifier(self.game_id, tips, self.start["chain_length"])

    def _ledger(self, bodies: dict[str, dict[str, Any]]) -> SealedDeck:
        """A sealed game's ledger from its commitments. The host checks every escrow before
        it publishes it: one that fails here is the host's fault as much as its party's."""
        try:
            return ledger_of(self.start, bodies)
        except ProtocolError as e:
            raise ProtocolError(
                e.code,
                f"the host published a commitment it should have refused: {e.message}",
                "host",
            ) from None

    def _client_body(self, env: Any, who: str, signed: bool = True) -> dict[str, Any]:
        if not isinstance(env, dict) or env.get("from") != who:
            raise ProtocolError("malformed", f"a message relayed for {who} is not {who}'s", "host")
        given: Any = env.get("body")
        if signed and self.signatures:
            try:
                given = verify(env, self.keys[who])
            except ProtocolError:
                # The host checks every signature before it relays a message.
                raise ProtocolError(
                    "bad_signature", f"the host relayed a message {who} did not sign", "host"
                ) from None
        try:
            body = validate(given, CLIENT_MESSAGES)
        except ProtocolError as e:
            raise ProtocolError(e.code, f"relayed for {who}: {e.message}", "host") from None
        if body.get("game") != self.game_id:
            raise ProtocolError("wrong_game", f"{who}'s message is for another game", "host")
        return body

    def _takeover(self, body: dict[str, Any]) -> None:
        seat = body["seat"]
        if seat not in self.humans or seat in self.taken:
            raise ProtocolError("bad_takeover", f"{seat} is not a player's seat to take", "host")
        self.taken.add(seat)
        self.contributors = [c for c in self.contributors if c != seat]
        self.pending = None  # a roll waiting for the seat is cancelled, never completed
        self._seat_left(seat)

    def _expel(self, body: dict[str, Any]) -> None:
        """A takeover for good, once its evidence is checked. A reveal of the seat's that
        only the end would have checked is no longer its word for anything."""
        if body["why"] in DECK_EXPULSIONS:
            # The evidence is judged on this ledger as it stands: the shuffles it took on
            # trust are checked first, so that a step the host forged (on which an honest
            # player built the step the host now calls false) is named for what it is.
            self.settle_deck()
        check_expulsion(self, body)
        seat = body["seat"]
        self.expelled[seat] = body["why"]
        self.taken.add(seat)
        self.contributors = [c for c in self.contributors if c != seat]
        self.pending = None
        self.last_reveals = [(w, e) for w, e in self.last_reveals if w != seat]
        self.reveals_unchecked = [(w, e) for w, e in self.reveals_unchecked if w != seat]
        self._seat_left(seat, expelled=True)

    def _seat_left(self, seat: str, expelled: bool = False) -> None:
        """A sealed game's seat now played by a host bot: its party away (retired, if it is
        out of the game), its cards the host's party's (``deckdraws``)."""
        if self.ledger is not None:
            state = self.game.state if self.game is not None else None
            seat_left(self.ledger, state, seat, expelled)

    def _handback(self, body: dict[str, Any]) -> None:
        seat = body["seat"]
        if seat not in self.taken or seat in self.expelled or self.pending is not None:
            raise ProtocolError("bad_handback", f"{seat} cannot be handed back now", "host")
        assert self.chains is not None
        commit = body["commit"]
        if self.chains.knows(seat) == (commit is not None):
            # A seat taken over before it committed comes back with its commitment; any
            # other keeps the chain it has.
            raise ProtocolError("bad_handback", f"{seat} comes back with the wrong chain", "host")
        if commit is not None:
            inner = self._client_body(commit, seat)
            if inner["type"] != "commit":
                raise ProtocolError("bad_commit", f"{seat}'s commitment is not a commit", "host")
            self.chains.add(seat, inner["tip"])
        self.taken.discard(seat)
        self.contributors = [c for c in self.start["contributors"] if c not in self.taken]
        if self.ledger is not None:
            seat_returned(self.ledger, self.game.state if self.game is not None else None, seat)

    def _move(self, body: dict[str, Any]) -> None:
        if body["n"] != self.n + 1:
            raise ProtocolError("out_of_order", f"move {body['n']} after {self.n}", "host")
        if self.pending is not None:
            # Only a takeover may leave a roll without result; anything else would let the
            # host choose between results once it had seen the links.
            raise ProtocolError(
                "reroll", f"move {body['n']} while roll {self.pending['roll']} waits", "host"
            )
        if self.ledger is not None and (owed := owed_before_moves(self.ledger)):
            # A deal's steps come before anything else; a card's way into a hand need not.
            step = owed[0]
            raise ProtocolError(
                "out_of_order",
                f"move {body['n']} while the deck waits for a {step.kind} of {step.subject}",
                "host",
            )
        self.n = body["n"]
        roll = body["roll"]
        if roll is None:
            self._apply(body, NoChance() if self.secret is not None else shadow.PublicSource(None))
            self._hand_over()
            return
        if roll <= self.roll:
            raise ProtocolError("reroll", f"roll {roll} announced again", "host")
        self.roll = roll
        self.pending = body

    def _reveals(self, body: dict[str, Any]) -> None:
        move = self.pending
        if move is None or body["roll"] != move["roll"]:
            raise ProtocolError("out_of_order", f"reveals for roll {body['roll']}", "host")
        assert self.chains is not None
        envelopes = body["envelopes"]
        if len(envelopes) != len(self.contributors):
            raise ProtocolError("bad_reveal", f"roll {move['roll']} lacks reveals", "host")
        links = []
        for env, who in zip(envelopes, self.contributors, strict=True):
            # The chain check below proves a reveal's author; its signature matters only for
            # its `seen`, checked at checkpoints (fairness.md).
            inner = self._client_body(env, who, signed=False)
            if inner["seen"] != self.pending_seen:
                raise ProtocolError("equivocation", f"{who} saw another history", "host")
            if inner["type"] != "reveal" or inner["roll"] != move["roll"]:
                raise ProtocolError("bad_reveal", f"{who}'s reveal is not for this roll", who)
            self.chains.accept(who, move["roll"], inner["link"])
            links.append(inner["link"])
        self.last_reveals = list(zip(self.contributors, envelopes, strict=True))
        if move["roll"] % CHECKPOINT == 0:
            self.confirm_reveals()
        self.pending = None
        self.seen_at.pop(move["roll"], None)
        self.rolls += 1
        seed = roll_seed(self.game_id, move["roll"], pack(move), links)
        if move["type"] == "deal_roll":
            assert self.ledger is not None
            self.ledger.randomness(move["deal"], seed)
        elif self.ledger is not None:
            deal = dealer(self.ledger, lambda: self.contributors)
            # A sealed game's shuffles draw from the roll's seed alone: the same with the
            # host's secret as without (``SealedRollSource``).
            if self.secret is None:
                self._apply(move, DealingPublicSource(seed, deal))
            else:
                self._apply(move, DealingSource(SealedRollSource(seed), deal))
        elif self.secret is None:
            self._apply(move, shadow.PublicSource(seed))
        else:
            self._apply(move, RollSource(seed, self.secret))
        self._hand_over()

    # ----- the sealed deck ------------------------------------------------------------------

    def _sealed(self, what: str) -> SealedDeck:
        if self.ledger is None:
            raise ProtocolError(
                "out_of_order", f"a {what} in a game whose cards are not sealed", "host"
            )
        return self.ledger

    def _deck_step(self, body: dict[str, Any]) -> None:
        """A party's step, signed by it, which the host checked before it published it: one
        that fails here is the host's doing."""
        ledger = self._sealed("deck step")
        envelope = body["envelope"]
        party = envelope.get("from")
        if party not in ledger.parties:
            raise ProtocolError("bad_deck", f"a deck step from {party!r}, no party", "host")
        inner = self._client_body(envelope, party)
        step = inner.get("step")
        if inner["type"] != "deck" or not isinstance(step, dict) or step.get("party") != party:
            raise ProtocolError(
                "bad_deck", f"a deck step relayed for {party} is not its own", "host"
            )
        if step.get("kind") == "escrow_complaint":
            self.complaints[party, str(step.get("dealer"))] = envelope
        self._secret_in_time(step)
        try:
            ledger.take(step)
        except DeckFault as e:
            if e.code == "false_complaint" and e.party is not None:
                # A dealer's good answer, taken: the complaint it answers was false, which
                # the complainer's expulsion that follows may cite.
                self.false_complaints[e.party] = self.complaints[e.party, party]
                self._hand_over()
                return
            raise ProtocolError(
                "bad_deck", f"the host published a deck step it should have refused: {e}", "host"
            ) from None
        self._hand_over()

    def settle_deck(self) -> None:
        """Wait for the shuffles a client's ledger checks on a worker (``SealedDeck.later``)
        while it goes on. The host checked each before it published it: one that fails here
        is the host's doing, and the deal it was in is void."""
        if self.ledger is None:
            return
        try:
            self.ledger.settle()
        except DeckFault as e:
            raise ProtocolError(
                "bad_deck", f"the host published a deck step it should have refused: {e}", "host"
            ) from None

    def _read_every_card(self) -> None:
        """A sealed game won: every party's secret is out, so every token's card is read,
        and each card opened during the game must be the one read."""
        assert self.ledger is not None
        self.settle_deck()
        untold = self.ledger.secrets_wanted()
        if untold:
            raise ProtocolError(
                "bad_deck", f"the game ends before {', '.join(untold)} told its secret", "host"
            )
        self.cards_read = self.ledger.read_all()
        for token, slot in self.ledger.slots.items():
            if slot.card is not None and slot.card != self.cards_read[token]:
                raise ProtocolError(
                    "bad_deck", f"{token} was opened as {slot.card}, the deck says not", "host"
                )

    def _secret_in_time(self, step: dict[str, Any]) -> None:
        told = step.get("kind") in ("secret", "secret_share")
        if told and (self.game is None or not self.game.is_over):
            raise ProtocolError("bad_deck", "a layer's secret told before the game is won", "host")

    def _openings(self, move: dict[str, Any]) -> dict[str, str]:
        """The sealed cards a move opens (token → card), taken into the ledger: a host bot's
        in the move, a player's in its signed act. The host checked them before it made the
        move: one that fails here is the host's doing."""
        request = move["request"]
        asked = request["body"].get("openings") if request is not None else None
        if move.get("openings") is not None and request is not None:
            raise ProtocolError("bad_deck", f"move {move['n']} opens cards for a player", "host")
        openings = move.get("openings") if request is None else asked
        if not openings:
            return {}
        ledger = self._sealed("opening")
        party = party_of(ledger, move["seat"])
        if not all(isinstance(m, dict) and m.get("party") == party for m in openings):
            raise ProtocolError("bad_deck", f"move {move['n']} opens another's cards", "host")
        try:
            return {m["token"]: str(ledger.take(m)) for m in openings}
        except DeckFault as e:
            raise ProtocolError(
                "bad_deck", f"move {move['n']} opens a card falsely: {e.message}", "host"
            ) from None

    def _hand_over(self) -> None:
        """The cards of the sealed deck now in a seat's hand, given to its party."""
        if self.ledger is not None and self.game is not None:
            hand_over(self.ledger, self.game.state)

    def _deal_roll(self, body: dict[str, Any]) -> None:
        """The challenge roll of a party's shuffle, once its commit is in."""
        ledger = self._sealed("deal roll")
        deal = ledger.deals.get(body["deal"])
        due = deal is not None and Pending(None, "randomness", deal.id) in ledger.pending()
        if not due or deal is None or deal.dealers[deal.step] != body["party"]:
            raise ProtocolError(
                "out_of_order", f"a roll for {body['party']}'s shuffle of {body['deal']}", "host"
            )
        if self.pending is not None:
            raise ProtocolError(
                "reroll", f"a deal's roll while roll {self.pending['roll']} waits", "host"
            )
        if body["roll"] <= self.roll:
            raise ProtocolError("reroll", f"roll {body['roll']} announced again", "host")
        self.roll = body["roll"]
        self.pending = body

    def _over(self, body: dict[str, Any]) -> None:
        self.over = body
        if self.ledger is not None and body["winner"] is not None:
            self._read_every_card()
        if body["winner"] is not None:
            self.confirm_reveals()  # the stretch since the last checkpoint
        if commit_secret(self.game_id, body["secret"]) != self.start["secret_commit"]:
            raise ProtocolError(
                "bad_secret", "the host's secret does not match its commitment", "host"
            )

    # ----- applying a move ------------------------------------------------------------------

    def _apply(self, move: dict[str, Any], source: RandomSource) -> None:
        public = source if isinstance(source, shadow.PublicSource) else None  # no secret
        if self.game is None:
            if move["action"].get("type") != "start_game" or move["seat"] != "host":
                raise ProtocolError("out_of_order", "the first move must start the game", "host")
            seats = [p["seat"] for p in self.start["players"]]
            colours = {p["seat"]: p.get("colour", "") for p in self.start["players"]}
            try:
                self.game, events = Game.new(seats, source, self.start["rules"], colours=colours)
            except (ValueError, KeyError) as e:
                raise ProtocolError("bad_start", f"the game cannot start: {e}", "host") from None
            if public is not None:
                self.unknown = shadow.shuffled_outcome(public, events)
            self.last_played = (move["n"], events)
            return
        self._check_request(move)
        try:
            action = action_from_dict(move["action"])
        except (ValueError, KeyError, TypeError) as e:
            raise ProtocolError("malformed", f"move {move['n']}: {e}", "host") from None
        opened = self._openings(move)
        if opened:
            try:
                reveal_named(self.game.state, move["seat"], action, opened)
            except NamedUnheld as e:
                raise ProtocolError("illegal_move", f"move {move['n']}: {e}", "host") from None
        if public is not None:
            if self.unknown:
                self.last_played = (move["n"], None)  # worked out from the next view on
            else:
                seen = shadow.play(self.game, move["seat"], action, public, move["n"])
                self.unknown = seen is None or shadow.shuffled_outcome(public, seen)
                self.last_played = (move["n"], seen)
            self.moves += 1
            return
        self.game.source = source
        try:
            events = self.game.apply(move["seat"], action)
        except IllegalAction as e:
            raise ProtocolError(
                "illegal_move", f"move {move['n']} was illegal ({e.code})", "host"
            ) from None
        except NeedsChance:
            raise ProtocolError(
                "no_roll", f"move {move['n']} used the dice or a shuffle without a roll", "host"
            ) from None
        for event in events:
            if isinstance(event, GameWon):
                self.win_reason = event.reason
        self.last_played = (move["n"], events)
        self.moves += 1

    def _check_request(self, move: dict[str, Any]) -> None:
        """A player's move must carry that player's own signed request for exactly it, never
        one already used. A seat a bot plays moves with none, except for the player's own
        move whose roll a takeover cancelled, made again."""
        seat, request = move["seat"], move["request"]
        if request is None:
            if seat in self.humans and seat not in self.taken:
                raise ProtocolError(
                    "forged_move", f"move {move['n']} was never asked by {seat}", "host"
                )
            return
        if seat not in self.humans:
            raise ProtocolError("bad_request", f"move {move['n']} carries a stray request", "host")
        later = self.checking == "later"
        asked = self._client_body(request, seat, signed=not later)
        if later:
            # The host checked this signature when the act arrived: one that fails here was
            # forged on the way, by the host.
            forged = f"move {move['n']} carries a forged act of {seat}"
            self.unchecked.append((request, b"", self.keys[seat], forged))
        if asked["type"] != "act" or asked["action"] != move["action"]:
            raise ProtocolError("forged_move", f"move {move['n']} is not what {seat} asked", "host")
        if asked["seq"] <= self.last_seq.get(seat, 0):
            raise ProtocolError("replayed", f"move {move['n']} repeats an act of {seat}", "host")
        self.last_seq[seat] = asked["seq"]

    def confirm_reveals(self) -> None:
        """The signatures of the latest roll's reveals: each peer's own word for the history
        it had seen. The host checks them before relaying a checkpoint's, so a bad one is the
        host's doing."""
        reveals, self.last_reveals = self.last_reveals, []
        if not self.signatures:
            return
        if self.checking == "later":
            # Checked with the batch's other signatures, once this client has answered the
            # roll that is waiting: every peer waits for that, nobody for this.
            self.reveals_unchecked.extend(reveals)
            return
        self._check_reveals(reveals)

    def _check_reveals(self, reveals: list[tuple[str, dict[str, Any]]]) -> None:
        for who, envelope in reveals:
            try:
                verify(envelope, self.keys[who])
            except ProtocolError:
                # Its link checked against the chain, so the host altered the envelope: the
                # history the peer had seen (`seen`), most likely.
                raise ProtocolError(
                    "equivocation",
                    f"the reveal of {who} for roll {envelope['body']['roll']} was altered",
                    "host",
                ) from None
