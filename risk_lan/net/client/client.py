"""A client: joins a host, contributes to every roll, checks everything the host says (through
its ``Witness``), and, with a bot, plays its seat; or, as a spectator (``watch``), takes no
seat and contributes to no roll, and checks all the same. A client trusts nobody and stops,
naming the culprit, when something does not verify.

``Client`` is made of parts, each with one job: the connection kept up (``Reconnection``),
the seat kept on disk (``KeptSeat``), its share of the rolls (``RollShare``), the witness of
the game, the private updates as received, the table's requests and talk, the bot and the
standing answer. It takes in the host's messages, each kind through the handler its tables
name, and sends the seat's acts one at a time."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import (
    HOST_MESSAGES,
    PROTOCOL_VERSION,
    action_shape,
    validate,
)
from protocol.signing import Identity
from risk_lan.bots.base import Bot
from risk_lan.net.client.botplay import BotPlay
from risk_lan.net.client.deckseat import DECK_LAYER, DeckSeat
from risk_lan.net.client.expelled import deed, expelled
from risk_lan.net.client.joining import JOINING_MESSAGES, Joining
from risk_lan.net.client.outcome import Listener, LocalFailure, Outcome
from risk_lan.net.client.owedacts import OwedActs
from risk_lan.net.client.receivedupdates import ReceivedUpdates
from risk_lan.net.client.reconnecting import Reconnection
from risk_lan.net.client.rollshare import RollShare
from risk_lan.net.client.seatfile import KeptSeat, StaleSeat, seat_path
from risk_lan.net.client.standinganswer import StandingAnswers
from risk_lan.net.client.tablerequests import TableRequests
from risk_lan.net.client.tabletalk import TableTalk
from risk_lan.net.client.witness import Witness
from risk_lan.net.connection import Connection
from risk_lan.net.record.deckdraws import cards_held, who_sees
from risk_lan.rules import Action

# Refusals of a lobby or table request, not of an act: they leave the acts in flight alone.
LOBBY_REFUSALS = frozenset({"colour", "table", "not_taken", "bad_text", "chat_too_fast"})
# What an error from the host ends: freed by the host's player, silent, or expelled.
ENDING_ERRORS = frozenset({"removed", "silent", "expelled"})

Handler = Callable[[dict[str, Any]], Outcome | None]


class Client:
    def __init__(
        self,
        name: str,
        bot: Bot | None = None,
        log: Callable[[str], None] | None = None,
        state_path: Path | None = None,
        retries: int | None = None,
        listener: Listener | None = None,
        auto_ready: bool = True,
        find_game: Callable[[str], Awaitable[tuple[str, int] | None]] | None = None,
        seat_dir: Path | None = None,
        record: str | None = None,
        watch: bool = False,
        password: str | None = None,
    ) -> None:
        self.name = name
        # A spectator: takes no seat, contributes to no roll, and checks all the same.
        self.watch = watch
        self.listener = listener or Listener()
        self.log = log or (lambda line: None)
        self.seat = ""
        self.colour = ""
        self.game_id = ""
        self.address: tuple[str, int] | None = None
        self.seat_dir = seat_dir  # where to keep the seat once the host gives one
        self.record = record  # where to write what this seat checked (`risk-lan verify`)
        self.kept = KeptSeat(state_path, self, self.log)
        self.reconnection = Reconnection(
            self, self.kept, self.listener, self.log, retries, find_game
        )
        self.rolls = RollShare(self.kept, self._send_signed, self._flush)
        self.table = TableRequests(self._send_plain)
        # What the app asks of the table, straight to the table's requests.
        self.ready = self.table.ready
        self.choose_colour = self.table.choose_colour
        self.set_table = self.table.set_table
        self.command = self.table.command
        self.say = self.table.say
        self.reclaim = self.table.reclaim
        self.talk = TableTalk(self.listener, self.ready if auto_ready else None)
        self.bot = BotPlay(bot) if bot is not None else None
        self.thinking: asyncio.Task[list[Action]] | None = None  # the bot's choice under way
        self.standing = StandingAnswers()  # F7 under «risques calculés», given by this client
        self.owed = OwedActs()  # an objective's claim, made by this client as soon as it holds
        self.joining = Joining(password, self.listener, self.log)
        self.witness: Witness | None = None  # from the welcome on
        self.deck: DeckSeat | None = None  # a sealed game's, from the start on
        self.players: list[dict[str, Any]] = []  # seat, name, kind, colour, from the start
        # The last signed messages sent: an expulsion for a forged one must name one of them.
        self.signed_sent: deque[dict[str, Any]] = deque(maxlen=16)
        self.queued: list[Action] = []  # a person's acts waiting for the previous to be applied
        self.outstanding = 0  # acts sent that the host has neither applied nor refused
        # At most how many of those carry openings (never more than are in flight): a
        # `bad_deck` refusal is an act's only then; else it refuses one of this seat's deck
        # steps, which leaves its acts as they are.
        self.opening_acts = 0
        self.host_view: dict[str, Any] | None = None  # the last update's, as the host sent it
        self.waiting: str | None = None  # the seat the game waits for, as of the last update
        self.views = 0  # updates taken in
        self.seen = 0  # broadcast messages checked so far
        self.taken_over = False  # a bot of the host plays this seat for now
        self.reclaim_when_taken = bot is not None  # a bot client asks for its seat back at once
        # On the connection of the moment:
        self.conn: Connection | None = None
        self.welcomed = False
        self.received = ReceivedUpdates()
        # Each message from the host by its type, and each signed broadcast by its body's.
        self.handlers: dict[str, Handler] = {
            "welcome": self._welcome,
            "lobby": lambda message: self.talk.lobby(message, self.seat),
            "chat": self.talk.chat,
            "error": self._error,
            "events": self.received.events,
            "update": lambda message: self.received.update(message, self.game_id),
            "clock": self.talk.clock,
            "signed": self._signed,
            **dict.fromkeys(JOINING_MESSAGES, self._joining),
        }
        self.broadcast_handlers: dict[str, Handler] = {
            "start": self._started,
            "commits": self._commits,
            "move": self._moved,
            "reveals": lambda body: self.rolls.made(body["roll"]),
            "deck_step": lambda body: None,  # the witness's ledger took it
            "deal_roll": lambda body: self.rolls.announced(body["roll"]),
            "takeover": self._taken_over,
            "expel": self._expelled,
            "handback": self._handed_back,
            "over": self._over,
        }

    # ----- what the app sees of the seat ------------------------------------------------------

    @property
    def identity(self) -> Identity:
        return self.kept.identity

    @property
    def secrets(self) -> dict[str, Any]:
        """What only this seat knows (a headquarters' seal), kept with the seat."""
        return self.kept.secrets

    def keep_secret(self, name: str, value: Any) -> None:
        self.kept.keep_secret(name, value)

    # ----- sessions, kept up by ``Reconnection`` ------------------------------------------------

    async def run(self, host: str, port: int) -> Outcome:
        """Play until the game ends, reconnecting when the connection is lost."""
        try:
            return await self.reconnection.run(host, port)
        finally:
            self.kept.release()  # another program of this user may take the seat up now

    def connected(self, conn: Connection, address: tuple[str, int]) -> dict[str, Any]:
        """A new connection to the host at ``address``: returns the hello to send on it."""
        self.conn, self.address = conn, address
        self.outstanding = 0
        self.received.connected()
        self.welcomed = False
        return {
            "type": "hello",
            "version": PROTOCOL_VERSION,
            "name": self.name,
            "key": self.kept.identity.public_key,
            "token": self.kept.token,
            # What this client has checked already: the host's replay starts after it.
            "have": self.seen if self.witness is not None else 0,
            **({"watch": True} if self.watch else {}),
            # A bot plays this seat: the table is told its level.
            **({"bot": self.bot.bot.name} if self.bot is not None else {}),
        }

    def disconnected(self) -> None:
        self.conn = None

    def take_batch(self, batch: list[dict[str, Any]]) -> Outcome | None:
        """Take in the messages that arrived together, each in order; the outcome of the
        game if one of them ended it."""
        outcome = None
        for message in batch:
            outcome = self._receive(message)
            if outcome is not None:
                break
        # A roll is revealed once what arrived together has been taken in (a returning
        # client's history holds many rolls already made), and before the slow checks:
        # signatures, checked next; nothing else is done before them.
        self._reveal_pending()
        self._send_deck_steps()
        self._settle_deck()
        self._check_updates()
        if self.witness is not None:
            self.witness.check_signatures()
        return outcome

    def _send_plain(self, message: dict[str, Any]) -> None:
        if self.conn is not None:
            self.conn.send(message)

    def _flush(self) -> None:
        if self.conn is not None:
            self.conn.flush()

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        """Sign and send ``body``; returns the envelope sent."""
        assert self.conn is not None
        envelope = self.kept.identity.sign(self.seat, body)
        self.conn.send(envelope)
        self.signed_sent.append(envelope)
        return envelope

    # ----- the host's messages ----------------------------------------------------------------

    def _receive(self, message: dict[str, Any]) -> Outcome | None:
        kind = message.get("type")
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ProtocolError("unknown_type", f"unexpected {kind!r} from the host", "host")
        return handler(message)

    def _welcome(self, message: dict[str, Any]) -> None:
        validate(message, HOST_MESSAGES)
        if message["version"] != PROTOCOL_VERSION:
            raise ProtocolError("version", f"the host speaks protocol {message['version']}")
        if bool(message.get("watching")) != self.watch:
            raise ProtocolError(
                "watching",
                "the host seated a spectator" if self.watch else "the host gave no seat",
                "host",
            )
        self.seat, self.game_id = message["seat"], message["game"]
        self.welcomed = True
        self.joining.welcomed()
        self.kept.token = message["token"]
        if self.kept.path is None and self.seat_dir is not None:
            self.kept.place(seat_path(self.seat_dir, self.game_id, self.seat))
        if self.witness is None or self.witness.game_id != self.game_id:
            self.witness = self._witness(message["host_key"])
        self.colour = message["colour"]
        self.log(f"joined as {self.seat}" + (f" ({self.colour})" if self.colour else ""))
        self.listener.joined(self.seat, self.colour)
        self.listener.connection(True)
        self.kept.save()
        self.rolls.send_again(self._send_plain)
        if self.deck is not None:
            self.deck.reconnected()

    def _witness(self, host_key: bytes) -> Witness:
        key = self.kept.identity.public_key
        witness = Witness(self.game_id, host_key, self.seat, key, watching=self.watch)
        if self.record is not None:
            witness.keep_record(self.record)
        return witness

    def _error(self, message: dict[str, Any]) -> None:
        validate(message, HOST_MESSAGES)
        code = message["code"]
        if code == "bad_token" and not self.players:
            # A seat kept from a game this host no longer has, or a lobby's seat the host
            # freed when the connection dropped: asked for anew.
            raise StaleSeat
        if code in ENDING_ERRORS or not self.game_id or (not self.welcomed and self.watch):
            # Freed by the host's player, or refused a seat (full, another version), or a
            # spectator refused again (the table full of others, the game over): nothing
            # to come back to, and the host closes the connection next.
            raise ProtocolError(message["code"], message["message"])
        self.log(f"host says {code}: {message['message']}")
        if code == "deck_not_due":
            return  # a deck step of this seat's, no longer awaited: nothing for its player
        self.opening_acts = min(self.opening_acts, self.outstanding)
        if code == "bad_deck" and not self.opening_acts:
            pass  # a deck step of this seat's refused: the acts in flight and queued stand
        elif code not in LOBBY_REFUSALS:
            if code == "bad_deck":
                self.opening_acts -= 1
            self.outstanding = max(0, self.outstanding - 1)
            self.queued.clear()  # what followed the refused act no longer makes sense
            self._choose_again()
        self.listener.refused(code, message["message"])

    def _joining(self, message: dict[str, Any]) -> None:
        assert self.conn is not None  # only ever called on a message read from it
        self.joining.take(message, self.conn, self.kept.identity.public_key)

    def _signed(self, message: dict[str, Any]) -> Outcome | None:
        if self.witness is None:
            raise ProtocolError("out_of_order", "a broadcast before the welcome", "host")
        body = message.get("body")
        if not (isinstance(body, dict) and body.get("type") == "move" and body.get("roll")):
            self._check_updates()  # before the next move is played: updates tell the last
        body = self.witness.take(message, self.rolls.sent_reveals)
        self.seen += 1
        return self._from_host(body)

    # ----- the host's signed broadcasts, checked by the witness -------------------------------

    def _from_host(self, body: dict[str, Any]) -> Outcome | None:
        return self.broadcast_handlers[body["type"]](body)

    def _started(self, body: dict[str, Any]) -> None:
        self.players = list(body["players"])
        self.listener.started(self.players)
        if self.watch:
            return  # a spectator contributes to no roll
        assert self.witness is not None
        fields: dict[str, Any] = {}
        if body.get("sealed") is True:
            kept = self.kept.secrets.get(DECK_LAYER)
            self.deck = DeckSeat(self.seat, self.kept.identity, self.log, self.rolls, kept)
            # On disk before its commitment goes out: a client restarted from its seat file
            # holds the very layer its cards are dealt under.
            self.kept.keep_secret(DECK_LAYER, self.deck.layer())
            fields = self.deck.commit_fields(body)
        self.witness.own_tip = self.rolls.commit(self.game_id, body["chain_length"], fields)

    def _commits(self, body: dict[str, Any]) -> None:
        self.rolls.committed_all()
        ledger = self.witness.ledger if self.witness is not None else None
        if self.deck is not None and ledger is not None:
            self.deck.commits_published(ledger)

    def _moved(self, body: dict[str, Any]) -> None:
        if body["roll"] is not None:
            self.rolls.announced(body["roll"])
        if body["seat"] == self.seat:
            self.outstanding = max(0, self.outstanding - 1)

    def _taken_over(self, body: dict[str, Any]) -> None:
        self.rolls.cancelled()  # that roll is never made; its move comes again
        # A player out of the game stops contributing to rolls: no bot plays for it.
        game = self.witness.game if self.witness is not None else None
        out = game is not None and body["seat"] in game.state.eliminated
        if body["seat"] == self.seat:
            self.taken_over = True
            self.outstanding = 0
            self.queued.clear()
            self.log("out of the game: watching on" if out else "a host bot plays the seat")
            if self.reclaim_when_taken and not out and not (self.deck and self.deck.lost):
                self.reclaim()
        self.listener.seat_changed(body["seat"], "out" if out else "taken_over")
        if not out:
            self._who_sees(body["seat"], True)

    def _expelled(self, body: dict[str, Any]) -> Outcome | None:
        self.rolls.cancelled()  # as after a takeover: the roll is made again
        if body["seat"] != self.seat:
            self.listener.seat_changed(body["seat"], f"expelled:{body['why']}")
            self._who_sees(body["seat"], True)
            return None
        code = self.witness.code if self.witness is not None else ""
        outcome = expelled(body, self.seat, self.signed_sent, code)
        self.log(f"expelled by the host: this app sent {deed(body['why'])}")
        self.listener.seat_changed(self.seat, f"expelled:{body['why']}")
        self.kept.end()  # its key is refused from now on
        return outcome

    def _handed_back(self, body: dict[str, Any]) -> None:
        if body["seat"] == self.seat:
            self.taken_over = False
            self.log("this seat is played from here again")
        self.listener.seat_changed(body["seat"], "back")
        self._who_sees(body["seat"], False)

    def _who_sees(self, seat: str, taken: bool) -> None:
        """In a sealed game, who now sees the cards of ``seat``, which changed hands."""
        game = self.witness.game if self.witness is not None else None
        if self.deck is None or game is None:
            return
        held = cards_held(game.state, seat)
        line = who_sees(self._name_of(seat), held, taken)
        if line:
            self.log(line)
            self.listener.cards_changed_hands(seat, taken, held)

    def _name_of(self, seat: str) -> str:
        return next((p.get("name", seat) for p in self.players if p["seat"] == seat), seat)

    def _over(self, body: dict[str, Any]) -> Outcome:
        read = self.witness.cards_read if self.witness is not None else {}
        if self.deck is not None and read:
            known = {**self.deck.party.shared, **self.deck.party.cards}
            wrong = [t for t, card in known.items() if read.get(t) != card]
            if wrong:
                raise ProtocolError(
                    "bad_deck", f"this seat read {wrong[0]} otherwise than the deck", "host"
                )
            self.log(f"every card of the sealed deck read at the end: {len(read)}")
        self._send_plain({"type": "done"})  # the host may go once every player has
        self.kept.end()  # nothing left to come back to
        code = self.witness.code if self.witness is not None else ""
        sealed = dict(read) if read else None
        return Outcome(
            body["winner"],
            body["reason"],
            code,
            cards_read=sealed,
            own_checked=bool(sealed and self.deck is not None),
        )

    # ----- this seat's rolls, updates and acts -------------------------------------------------

    def _reveal_pending(self) -> None:
        """Reveal for the roll the game waits on, if this seat contributes to it."""
        witness = self.witness
        if witness is None or self.conn is None:
            return
        roll = self.rolls.due(self.seat in witness.contributors)
        if roll is not None:
            self.rolls.reveal(roll, witness.seen_at[roll])

    def _openings(self, action: Action) -> list[dict[str, Any]]:
        """In a sealed game, the openings of the sealed cards of this seat's that
        ``action`` names, so that every peer can judge it."""
        witness = self.witness
        if self.deck is None or witness is None or witness.ledger is None:
            return []
        if witness.game is None:
            return []
        return self.deck.openings(witness.ledger, witness.game.state, action)

    def _send_deck_steps(self) -> None:
        """The sealed deck's steps this seat owes now, as soon as what arrived makes them
        due: every peer waits for them."""
        witness = self.witness
        if self.deck is None or witness is None or witness.ledger is None or self.conn is None:
            return
        for step in self.deck.owed(witness.ledger):
            self._send_signed({"type": "deck", "game": self.game_id, "step": step})
        self.deck.grace.call_when_due(self._held_parts_due)
        if witness.game is None:
            return
        told = self.deck.told_secret or self.seat in witness.ledger.secrets
        if witness.game.is_over and not told and not self.deck.lost:
            # The game is won: this seat's layer is told, so that every peer reads every card.
            self.deck.told_secret = True
            self._send_signed({"type": "deck", "game": self.game_id, "step": self.deck.secret()})
        if witness.game.is_over:
            for share in self.deck.end_shares(witness.ledger):
                self._send_signed({"type": "deck", "game": self.game_id, "step": share})
        learnt = self.deck.learn(witness.ledger, witness.game.state)
        for token, card in learnt.items():
            self.log(f"this seat's sealed card {token} is {card}")
        shared = self.deck.shared_learnt()
        for token, card in shared.items():
            self.log(f"a teammate's sealed card {token} is {card}")
        if learnt or shared:
            self.listener.cards_learnt()
        if (learnt or shared) and self.host_view is not None and not self.received.updates_in:
            # The bot waited for its cards (``_play``): it chooses now that it reads them
            # (from the update about to be taken in, if one came with them: its view is
            # the latest, and the one before may show cards a move since then spent).
            self._play()

    def _held_parts_due(self) -> None:
        """The first escrow part held back for a retired party's own unlayer is due
        (``RetiredGrace``), nothing having come before: sent now."""
        conn = self.conn
        try:
            self._send_deck_steps()
            self._flush()
        except Exception as e:  # as if it had come from a message: the connection ends
            if conn is None:
                raise
            conn.fail(e)

    def _settle_deck(self) -> None:
        """The shuffles taken so far, checked after what this seat sent, and not while its
        own step of a deal waits on it (``DeckSeat.holds_checks``)."""
        witness = self.witness
        if self.deck is None or witness is None or witness.ledger is None:
            return
        if not self.deck.holds_checks(witness.ledger):
            self._flush()
            witness.settle_deck()

    def _check_updates(self) -> None:
        for update in self.received.take():
            self._check_update(update)

    def _check_update(self, update: dict[str, Any]) -> None:
        assert self.witness is not None
        checked = self.witness.update(update)
        self.host_view = update["view"]
        if self.deck is not None and self.host_view:
            self.deck.took(self.host_view, update["events"])
        self.views += 1
        self.waiting = update["waiting"]
        if self.deck is not None:
            self.deck.unconnected = frozenset(update.get("away", ()))
        try:
            self.listener.updated(update, checked)
        except Exception as e:
            raise LocalFailure from e
        if self._send_owed(update["n"]):
            return  # a claim that wins ends the game; refused, the bot chooses again
        if self.bot is not None:
            self._play()
        elif not (self.queued or self.outstanding or self.taken_over):
            answer = self.standing.due(self.view, self.seat, update["n"])  # its card is its own
            if answer is not None:
                self._send_act(answer)
        self._send_queued()

    @property
    def view(self) -> dict[str, Any] | None:
        """This seat's view as of the last update: in a sealed game, the host's with this
        seat's own cards in their tokens' places (``DeckSeat.seat_view``), made when asked."""
        if self.deck is not None and self.host_view:
            return self.deck.latest_view(self.host_view)
        return self.host_view

    def _send_owed(self, n: int) -> bool:
        """Send what this seat owes after move ``n`` (an objective's claim), ahead of any act
        a person queued or a bot would choose: whether it sent one."""
        game = self.witness.game if self.witness is not None else None
        if game is None or self.taken_over or self.watch:
            return False
        due = self.owed.due(lambda: self.view, self.seat, n, game.state.rules)
        for action in due:
            self.log(f"owed by the rules, sent by itself: {action}")
            self._send_act(action)
        return bool(due)

    def _play(self) -> None:
        """The bot's acts from the latest view, when the seat is its to play: worked out in a
        worker thread, so that a bot thinking a while never stalls this client's loop (its
        answers to the host, its reveals, the app's screen)."""
        bot = self.bot
        if bot is None or self.host_view is None or self.outstanding or self.taken_over:
            return
        if self.thinking is not None:
            return  # chosen again from the latest view once this choice is in
        if not bot.may_act(self.seat, self.waiting):
            return  # nothing to choose: its seat's view is not even made (a sealed game's)
        if self.deck is not None and self.deck.unread(self.host_view):
            return  # a sealed card on its way to this seat: chosen once it is read
        view = self.view
        assert view is not None  # made of the host's, which is there
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test feeding messages by hand): at once
            for action in bot.moves(view, self.seat, self.waiting):
                self._send_act(action)
            return
        opened, views, conn = bot.opened, self.views, self.conn
        work = asyncio.to_thread(bot.moves, view, self.seat, self.waiting)
        self.thinking = loop.create_task(work)
        self.thinking.add_done_callback(lambda task: self._chosen(task, opened, views, conn))

    def _chosen(
        self, task: asyncio.Task[list[Action]], opened: bool, views: int, conn: Connection | None
    ) -> None:
        """The bot's choice is in: sent if the game still stands where it was chosen, else
        chosen again from the latest view."""
        self.thinking = None
        if task.cancelled() or self.bot is None:
            return
        error = task.exception()
        if error is not None:
            current = self.conn or conn
            if current is not None:
                current.fail(error)  # the bot's own failure ends the session, said as before
            return
        stale = conn is None or conn is not self.conn or views != self.views
        if stale or self.outstanding or self.taken_over:
            # Chosen again from the latest view (its opening too, if it chose one then), on
            # this connection; with none, on the next one's news.
            self.bot.opened = opened
            if self.conn is not None:
                self._play()
            return
        assert conn is not None  # the connection it was chosen on, still this client's
        try:
            for action in task.result():
                self._send_act(action)
        except LocalFailure as e:
            conn.fail(e)
            return
        self._flush()

    def _choose_again(self) -> None:
        if self.bot is not None and self.view is not None and self.bot.may_choose_again(self.views):
            self._play()

    def act(self, *actions: Action) -> None:
        """Ask for these moves, one after another, each once the one before is applied."""
        self.queued.extend(actions)
        self._send_queued()

    def _send_queued(self) -> None:
        if self.queued and not self.outstanding and self.conn is not None and not self.taken_over:
            self._send_act(self.queued.pop(0))

    def _send_act(self, action: Action) -> None:
        if not action_shape(action.to_dict()):
            # The host would close the connection on it, and the same act sent again after
            # each reconnection would leave the seat silent for good: it is this program's
            # fault, said here and never sent.
            self.log(f"not sent, outside the wire's limits: {action}")
            if self.bot is not None:
                raise LocalFailure(f"the bot chose a move the protocol cannot carry: {action}")
            self.listener.refused("unsendable", "this move breaks the protocol's limits")
            return
        self.kept.seq += 1
        self.outstanding += 1
        self.kept.save()  # before sending: a resumed client must never reuse a sequence number
        body = {
            "type": "act",
            "game": self.game_id,
            "seq": self.kept.seq,
            "action": action.to_dict(),
        }
        openings = self._openings(action)
        if openings:
            body["openings"] = openings
            self.opening_acts = min(self.opening_acts + 1, self.outstanding)
        self._send_signed(body)
