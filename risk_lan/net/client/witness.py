"""A client's witness of the host's public history and of its own updates.

The public history goes through ``replay.GameReplay``, the one checker ``risk-lan verify``
also runs: here without the host's secret, and with the signatures gathered while a batch of
messages is taken in and checked at its end, so that a roll is answered first (each host
signature covers the transcript before it, so the latest one checked vouches for all before
it; a reveal's link proves its author, and only its `seen` needs its signature, checked at
each checkpoint and at the end).

What the witness adds is what only this client can check: its own key, tip and reveals came
back as it sent them; and each private update says what the client's own working-out of the
move gives (``shadow``): every event, every die, every territory's armies, whose turn it is.
What a shuffle decided (the deal, a headquarters picked by chance) and the cards only this
seat sees are taken on the host's word, and checked when the game ends against the host's
revealed secret, by replaying the whole history with it. In a sealed game the shuffles draw
from the rolls alone and the cards are the deck's tokens: a client that took nothing on the
host's word has worked out the whole game already, and its end reads every card instead. A
win by an objective is worked out here like any move: its holder's signed claim names the
objective.
"""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from risk_lan.net.record import shadow
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.recordfile import RecordWriter
from risk_lan.rules import Event, Game, GameState

# What an update's check established, for the app to say on each line.
DERIVED = "derived"  # every event and the view worked out here and equal
TAKEN = "taken"  # a shuffle decided it: the host's word until the end of the game
NOTHING = "nothing"  # no move to check yet (before the deal)


class Witness(GameReplay):
    def __init__(
        self, game_id: str, host_key: bytes, seat: str, public_key: bytes, watching: bool = False
    ) -> None:
        super().__init__(None, "later")
        self.welcome: tuple[str, bytes] | None = (game_id, host_key)
        self.seat = seat
        # A spectator's: ``seat`` is its id at the table, and it sees what nobody's secret
        # would show (events as ``seen_by(None)``).
        self.watching = watching
        self.viewer: str | None = None if watching else seat
        self.public_key = public_key
        self.own_tip: bytes | None = None
        self.history: list[dict[str, Any]] = []  # every signed broadcast, for the end's check
        self.taken_views: dict[int, dict[str, Any]] = {}  # by move: views taken on trust
        self.named_cards: dict[int, list[str]] = {}  # by move: this seat's cards, as named
        self.checked_n = -1  # the last move whose update was checked
        self.record: RecordWriter | None = None  # this seat's record, for `risk-lan verify`

    @property
    def code(self) -> str:
        return self.transcript.code if self.transcript is not None else ""

    def keep_record(self, path: str) -> None:
        """Write what this seat checks to ``path``: its header, then every broadcast and every
        update, so that ``risk-lan verify`` checks it all again, updates included."""
        self.record = RecordWriter(path)
        header = {"type": "seat", "seat": self.seat, "key": self.public_key}
        self.record.write({**header, "watching": True} if self.watching else header)

    def take(self, envelope: dict[str, Any], sent: dict[int, dict[str, Any]]) -> dict[str, Any]:
        """Check a signed broadcast and take it in; ``sent`` holds the reveals this client
        sent, by roll, which must come back as they left. Returns its body."""
        contributors = list(self.contributors)
        body = self.feed(envelope)
        self.history.append(envelope)
        if self.record is not None:
            self.record.write(envelope)
        kind = body["type"]
        if kind == "start":
            if self.welcome is not None and (body["game"], self.host_key) != self.welcome:
                raise ProtocolError("wrong_game", "the start is not the game joined", "host")
            if not self.watching and self.keys.get(self.seat) != self.public_key:
                raise ProtocolError(
                    "wrong_key", "the host announced another key for this seat", "host"
                )
        elif kind == "commits" and self.seat in contributors and self.own_tip is not None:
            mine = dict(zip(contributors, body["envelopes"], strict=True))[self.seat]
            if mine["body"]["tip"] != self.own_tip:
                raise ProtocolError(
                    "bad_commit", "the host relayed another tip for this seat", "host"
                )
        elif kind == "reveals":
            mine = dict(zip(contributors, body["envelopes"], strict=True)).get(self.seat)
            own = sent.get(body["roll"])
            if own is not None and mine is not None and mine != own:
                raise ProtocolError(
                    "equivocation", f"the reveal of {self.seat} was altered", "host"
                )
        elif kind == "over":
            self._check_at_end(body)
        return body

    # ----- a private update ------------------------------------------------------------------

    def update(self, update: dict[str, Any]) -> str:
        """Check an update against this client's own working-out of the moves; returns what
        it established (DERIVED, TAKEN or NOTHING)."""
        n, view, events = update["n"], update["view"], update["events"]
        if self.record is not None:
            self.record.write(update)
        if self.game is None:
            if n != 0 or events:
                raise ProtocolError("out_of_order", f"an update for move {n} before any", "host")
            return NOTHING
        played = self.last_played
        if played is None or n != played[0]:
            last = played[0] if played is not None else 0
            raise ProtocolError(
                "out_of_order", f"an update for move {n}, the last one played is {last}", "host"
            )
        first = n != self.checked_n
        self.checked_n = n
        # What a shuffle decided is the host's word until the end, which it may restate.
        taken = self.unknown or n in self.taken_views
        # A win by an objective is not among them: its holder's claim names the objective,
        # and this client's game ends on it as the host's does.
        if taken:
            return self._take_view(n, view, events, played[1] if first else None)
        wrong = shadow.view_mismatch(self.game.state, view)
        if wrong is not None:
            raise ProtocolError("wrong_outcome", f"move {n}: {wrong}", "host")
        if first and events:
            named: list[str] = []
            wrong = shadow.events_mismatch(played[1] or [], self.viewer, events, named)
            if wrong is not None:
                code = "bad_dice" if wrong.startswith("dice:") else "wrong_outcome"
                raise ProtocolError(code, f"move {n}: {wrong.removeprefix('dice: ')}", "host")
            if named and not (
                self.ledger is not None and named == _cards_of(played[1] or [], self.viewer)
            ):
                # A sealed game's tokens come from the deck, worked out here: only a card named
                # otherwise waits for the end. Elsewhere a shuffle only the host's secret gives
                # decided it, even one this client's working-out happened to give right.
                self.named_cards[n] = named
        elif events:
            raise ProtocolError("wrong_outcome", f"move {n}'s events told twice", "host")
        return DERIVED

    def _take_view(
        self, n: int, view: dict[str, Any], events: list[Any], mine: list[Event] | None
    ) -> str:
        """Stand on the host's view where a shuffle decided the move; its dice are checked
        now all the same, the rest when the secret is out. An update with no events (the
        view a player comes back to, the move's events told before it was here) has no dice
        to check: the view is taken, and checked at the end like any other."""
        if mine is not None and events:
            rolled = [e.to_dict() for e in mine if e.type in _DICE_EVENTS]
            shown = [e for e in events if isinstance(e, dict) and e.get("type") in _DICE_EVENTS]
            if rolled != shown:
                raise ProtocolError("bad_dice", f"move {n}: dice the seed does not give", "host")
        try:
            state = GameState.from_view(view)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ProtocolError("malformed", f"the view after move {n}: {e!r}", "host") from None
        assert self.game is not None  # an update before the start was refused above
        if state.rules.to_dict() != self.game.state.rules.to_dict():
            raise ProtocolError("wrong_outcome", f"move {n}: the view has other rules", "host")
        shadow.masked(state)
        self.game = Game(state)
        self.unknown = False
        self.taken_views[n] = view
        return TAKEN

    # ----- the end ----------------------------------------------------------------------------

    def _check_at_end(self, over: dict[str, Any]) -> None:
        """Replay the whole history with the host's secret: every move again with its true
        cards and shuffles, and what was taken on trust compared with it."""
        # Every shuffle and every other proof was checked as it came: the replay checks
        # again only what differs.
        self.settle_deck()
        ledger = self.ledger
        if ledger is not None and self._derived_throughout():
            # A sealed game's shuffles drew from the rolls alone and its cards came from the
            # deck: this client worked out every move as it came, the end's replay with the
            # host's secret would play the very same game again (`_over` read every card).
            self._check_winner(over, self.game)
            return
        proven = ledger.proven | ledger.held if ledger is not None else None
        replay = GameReplay(over["secret"], signatures="none", proven=proven)
        for envelope in self.history:
            replay.feed(envelope)
            played = replay.last_played
            if played is None or replay.game is None:
                continue
            n, events = played
            view = self.taken_views.pop(n, None)
            if view is not None:
                wrong = shadow.view_mismatch(replay.game.state, view)
                if wrong is None and view["hands"].get(self.seat) != _own(replay, self.viewer):
                    wrong = "this player's cards differ"
                dealt = replay.game.state.missions.get(self.seat)
                if wrong is None and (view.get("missions") or {}).get(self.seat) != dealt:
                    wrong = "this player's missions differ"
                if wrong is not None:
                    raise ProtocolError("wrong_outcome", f"move {n}, at the end: {wrong}", "host")
            named = self.named_cards.pop(n, None)
            if named is not None and named != _cards_of(events or [], self.viewer):
                raise ProtocolError(
                    "wrong_outcome", f"move {n}: cards the deck did not give {self.seat}", "host"
                )
            replay.last_played = None
        self._check_winner(over, replay.game)

    def _derived_throughout(self) -> bool:
        """Whether this client worked out every move itself: none taken on the host's word
        (``_take_view``), and no cards named to it left to compare."""
        return not self.unknown and not self.taken_views and not self.named_cards

    @staticmethod
    def _check_winner(over: dict[str, Any], game: Game | None) -> None:
        if game is not None and over["winner"] != game.winner:
            raise ProtocolError(
                "wrong_winner", f"the host names {over['winner']}, play gave {game.winner}", "host"
            )


_DICE_EVENTS = ("order_rolled", "deal_rolled", "battle", "calculated_battle")


def _own(replay: GameReplay, seat: str | None) -> list[str] | None:
    assert replay.game is not None
    hand = replay.game.state.hands.get(seat) if seat is not None else None
    return list(hand) if hand is not None else None


def _cards_of(events: list[Event], seat: str | None) -> list[str]:
    """The cards ``seat`` sees named in ``events``, in order (as ``shadow`` notes them)."""
    cards: list[str] = []
    for event in events:
        cards.extend(shadow.named_cards(event.seen_by(seat).to_dict()))
    return cards
