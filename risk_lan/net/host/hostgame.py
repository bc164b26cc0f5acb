"""The game as the host runs it: commits, then every move and roll in order, then the end.

``HostGame`` is handed the host's table and keys and composes the parts that do the rest:
what it says goes through a ``Broadcaster`` (the one place it meets the seats' connections),
the dice through ``Rolls``, the seats' comings and goings and the clock through
``Handovers``, a proven cheat through the ``Expeller``. A move that needs chance (the
engine's answer) waits for every contributor's reveal for its roll; the engine then applies
it with dice derived from all of them. A host resumed from its save (``history``) stands
where it stopped.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.fairness import HashChain, RollSource
from protocol.messages import SIGNED_BY_CLIENT
from protocol.sealeddeck import DeckFault
from protocol.signing import Identity
from risk_lan.bots.base import Bot, Reason, Reasoned
from risk_lan.narrate import reason_line
from risk_lan.net.host.actqueue import ActQueue, check_act, judged, refusal_when_taken
from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.host.expeller import Expeller
from risk_lan.net.host.handovers import POLL, Handovers
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostdeck import HostDeck
from risk_lan.net.host.rolls import Rolls
from risk_lan.net.host.seating import Roster
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.recordfile import RecordWriter
from risk_lan.rules import Action, Game, IllegalAction, action_from_dict
from risk_lan.rules.events import Event, GameWon
from risk_lan.rules.modes import owed
from risk_lan.rules.projection import NamedUnheld, reveal_named
from risk_lan.rules.randomness import NoChance, RandomSource


class GameHost(Protocol):
    """What the game needs of the host that runs it."""

    roster: Roster
    identity: Identity
    game_id: str
    secret: bytes
    secret_commit: bytes
    chain: HashChain
    done: asyncio.Event
    deck_layer: bytes | None  # a resumed sealed game's layer on the deck, as saved

    @property
    def config(self) -> HostConfig: ...

    def log(self, line: str) -> None: ...

    def report_crash(self, trace: str, stopped: bool = True) -> None: ...

    def game_over(self) -> None: ...


class HostGame:
    # The parts, as classes: a test's host that cheats replaces one of them.
    broadcaster_class: type[Broadcaster] = Broadcaster
    deck_class: type[HostDeck] = HostDeck
    rolls_class: type[Rolls] = Rolls

    def __init__(self, host: GameHost, history: GameReplay | None = None) -> None:
        self.host = host
        self.id = host.game_id
        roster = host.roster
        config = host.config
        self.game: Game | None = None
        self.n = 0
        # The last move applied: a move waiting for its roll is published and not yet played,
        # and an update tells the state after the moves played.
        self.applied = 0
        self.task: asyncio.Task[None] | None = None
        self.finished = False
        self.win_reason = "world"  # as the engine says when someone wins
        self.owed_after = -1  # the move after which the bots' owed acts were last made
        self.told: set[str] = set()  # players who have said they took in the end
        self.everyone_told = asyncio.Event()
        self.acts = ActQueue()  # (seat, action, its act's envelope) for the game loop
        self.start_body: dict[str, Any] = {}  # the start published (a resumed host: none)
        self.broadcaster = self.broadcaster_class(
            roster, host.identity, self.id, self, config.log and host.log
        )
        self.rolls = self.rolls_class(
            self.id,
            host.identity,
            host.chain,
            host.secret,
            ["host", *roster.humans()],
            self.broadcaster,
        )
        self.rolls.keys = {"host": host.identity.public_key} | {
            s.id: s.key for s in roster.seats if s.kind == "human"
        }
        self.handovers = Handovers(
            roster,
            self.broadcaster,
            self.rolls,
            self,
            config.bot_factory,
            config.bot,
            config.absent_after,
            host.log,
        )
        self.expeller = Expeller(roster, self.broadcaster, self.handovers, self, host.log)
        self.rolls.bind(self.handovers, self.expeller, self)
        self.broadcaster.on_caught_up = self.handovers.caught_up
        # A sealed game's deck: the host a party among the start's contributors. With no
        # player's seat at the start, every seat is the host's: its computer reads every card
        # whatever the deck, and a plain deal hides as much.
        self.deck: HostDeck | None = None
        if config.sealed and not roster.humans():
            host.log("every seat is played on this computer: the cards are dealt plain")
        elif config.sealed:
            self.deck = self.deck_class(
                self.id,
                host.identity,
                self.rolls.contributors,
                self.rolls.keys,
                self.broadcaster,
                host.deck_layer,
            )
            self.deck.bind(
                self.rolls,
                self.handovers,
                lambda: self.game.state if self.game is not None else None,
            )
            self.rolls.own_fields = self.deck.own_fields()
            self.rolls.check_commit = self.deck.check_commit
            self.deck.bind_table(
                self.expeller, host.log, lambda seat: roster.seat_by_id(seat).name, roster.away
            )
            self.handovers.deck = self.deck
            self.rolls.before_again = self._settle_deck
        # What a seat signs, by kind (the only kinds the intake lets through).
        self._signed: dict[str, Callable[[str, dict[str, Any], dict[str, Any]], None]] = {
            "commit": self.rolls.accept_commit,
            "reveal": self.rolls.take_reveal,
            "act": self._take_act,
            "deck": self._take_deck,
        }
        assert set(self._signed) == SIGNED_BY_CLIENT
        if config.record:
            self.broadcaster.record = RecordWriter(config.record)
        if history is not None:
            self._restore(history)

    def _restore(self, history: GameReplay) -> None:
        """Stand where the saved game stopped: the same transcript, counters, commitments,
        chains, seats played by bots, and the roll that was waiting, if one was."""
        assert history.transcript is not None
        rolls, roster = self.rolls, self.host.roster
        self.broadcaster.transcript = history.transcript
        rolls.contributors = list(history.contributors)
        self.n, rolls.roll, self.game = history.n, history.roll, history.game
        # A move's roll waiting: that move is not played yet (a sealed deal's challenge roll
        # waits after its move was played).
        waiting = history.pending is not None and history.pending["type"] == "move"
        self.applied = history.n - waiting
        rolls.pending = history.pending
        rolls.seen_at_roll = history.pending_seen
        for seat in history.taken:
            self.handovers.bots[seat] = self.host.config.bot_factory()
        for seat, why in history.expelled.items():
            roster.seat_by_id(seat).expelled = why
        if history.commits is not None:
            rolls.commits_published = True
            rolls.verifier = history.chains
            for env in history.commits["envelopes"]:
                rolls.commits[env["from"]] = env
        for seat, seq in history.last_seq.items():
            roster.seat_by_id(seat).last_seq = seq
        self.win_reason = history.win_reason or "world"
        rolls.wait_for_pending()
        if self.deck is not None and history.ledger is not None:
            self.deck.restore(history.ledger)

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    def deck_layer(self) -> bytes:
        """A sealed game's layer on the deck, for the save (b"": the cards are not sealed)."""
        return self.deck.party.key.to_bytes() if self.deck is not None else b""

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.broadcaster.cancel()
        if self.broadcaster.record is not None:
            self.broadcaster.record.close()

    # ----- what clients send ----------------------------------------------------------------

    def receive(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        """A signed message of ``seat``'s, checked by the intake, to the part it is for."""
        self._signed[body["type"]](seat, body, envelope)

    def _take_act(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        s = self.host.roster.seat_by_id(seat)
        if body["seq"] <= s.last_seq:
            raise ProtocolError("replayed", f"{seat} sent act {body['seq']} again", seat)
        s.last_seq = body["seq"]
        now = asyncio.get_running_loop().time()
        by_bot = self.handovers.played_by_bot(seat)
        try:
            action, checked = judged(
                s,
                body["action"],
                self.game,
                by_bot,
                self.acts,
                now,
                lambda action: self._opened_game(seat, action, envelope),
            )
        except DeckFault as e:
            self._deck_fault(seat, e, envelope)
            return
        except IllegalAction as e:
            self.broadcaster.refuse(seat, e.code, e.message)
            return
        self.acts.put_nowait((seat, action, envelope, checked))

    def _deck_fault(self, seat: str, fault: DeckFault, envelope: dict[str, Any] | None) -> None:
        """An act whose openings the ledger refuses: a false one expels its sender."""
        if self.deck is None or envelope is None:
            self.broadcaster.refuse(seat, "bad_deck", fault.message)
            return
        self.deck.fault(seat, fault, envelope["body"], envelope)

    def _take_deck(self, seat: str, body: dict[str, Any], envelope: dict[str, Any]) -> None:
        if self.deck is None:
            raise ProtocolError("bad_deck", "this game's cards are not sealed", seat)
        if self.finished:
            return  # a step sent as the game ended: nothing waits for it any more
        self.deck.take(seat, body, envelope)

    def abort(self, error: ProtocolError) -> None:
        """Stop the game for good, telling everyone why and whom to blame."""
        if self.finished:
            return
        blame = f" by {error.culprit}" if error.culprit else ""
        self.host.log(f"game stopped: {error.code}{blame}: {error.message}")
        self._finish(None, f"{error.code}:{error.culprit or '?'}"[:32])
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.host.done.set()

    # ----- the game -----------------------------------------------------------------------

    async def _run(self) -> None:
        try:
            await self._play()
        except ProtocolError as e:
            self.abort(e)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A bug of the host's own: the table is told, in a signed end, rather than left
            # waiting on a game that no longer runs.
            self.host.report_crash(traceback.format_exc())
            self._finish(None, "host_error")
        finally:
            if self.broadcaster.record is not None:
                self.broadcaster.record.close()
            self.host.done.set()

    async def _play(self) -> None:
        if not self.broadcaster.transcript_log:
            self._announce()
        if not self.rolls.commits_published:
            await self.rolls.gather_commits()
            self._deck_parties()
        if self.game is None:
            await self._deal()
        elif self.rolls.pending is not None:
            await self._finish_pending()
        else:
            await self._settle_deck()  # a resumed game stopped mid-deal
        await self._play_turns()
        assert self.game is not None
        if self.deck is not None:
            await self._settle_deck()  # the cards still on their way, before the secrets
            await self.deck.end()
        self.rolls.confirm_reveals()
        self._finish(self.game.winner, self.win_reason)

    def _announce(self) -> None:
        host = self.host
        seats = host.roster.seats
        players = [host.roster.described(s) for s in seats]
        for s in seats:
            if s.kind == "bot":
                host.log(f"{s.name} ({s.id}) is a bot of the {s.level} level")
        self.start_body = {
            "type": "start",
            "game": self.id,
            "players": players,
            "keys": self.rolls.keys,
            "contributors": list(self.rolls.contributors),
            "rules": host.config.mode,
            "chain_length": host.config.chain_length,
            "secret_commit": host.secret_commit,
        }
        if self.deck is not None:
            self.start_body["sealed"] = True
        self.broadcaster.publish(self.start_body)

    def _deck_parties(self) -> None:
        """A sealed game's ledger, from the commitments just published."""
        if self.deck is None:
            return
        commits = {seat: env["body"] for seat, env in self.rolls.commits.items()}
        self.deck.commits_published(self.start_body, commits)

    async def _deal(self) -> None:
        """Make the game on the first roll: the order of play and the territories' deal."""
        mode = self.host.config.mode
        if self.rolls.pending is None:
            body = self.move_body("host", {"type": "start_game", "rules": mode}, None, True)
            source = await self.rolls.rolled(body, publish=True)
        else:
            source = await self.rolls.rolled(self.rolls.pending, publish=False)
        seats = self.host.roster.seats
        colours = {s.id: s.colour for s in seats}
        self.game, events = Game.new(
            [s.id for s in seats], self._dealing(source), mode, colours=colours
        )
        if self.deck is not None:
            self.deck.hand_over(events)
        self.applied = self.n
        self.broadcaster.broadcast_updates(events)
        await self._settle_deck()
        for seat, bot in self.handovers.bots.items():
            for action in bot.opening(self.game, seat):
                self.game.check(seat, action)  # a bot's own bug stops the game
                await self._move(seat, action, None)

    async def _finish_pending(self) -> None:
        """The move a resumed host found waiting for its roll: made with the same reveals."""
        body = self.rolls.pending
        assert body is not None and self.game is not None
        if body["type"] == "deal_roll":
            assert self.deck is not None  # only a sealed game's history holds one
            await self.deck.challenged(body)
            await self._settle_deck()
            return
        source = await self.rolls.rolled(body, publish=False)
        action = action_from_dict(body["action"])
        self.game.check(body["seat"], action)  # as it was when published
        self._apply(body["seat"], action, source)
        await self._settle_deck()

    async def _play_turns(self) -> None:
        assert self.game is not None
        handovers = self.handovers
        decision: tuple[int, str | None] = (-1, None)
        while not self.game.is_over:
            handovers.retire_eliminated()
            handovers.hand_back()
            await self._settle_deals()  # the cards of a seat that changed hands, moved
            if self.owed_after != self.n:
                self.owed_after = self.n
                if self._bots_card_on_its_way():
                    await self._settle_deck()  # what its bots owe may hang on that card
                await self._bots_owed()
                continue  # the game may be over, or waiting for someone else
            who = self.game.waiting_for()
            assert who is not None
            if self.deck is not None and self.deck.card_on_its_way(who):
                await self._settle_deck()  # its act may need that card
            if (self.n, who) != decision:
                decision = (self.n, who)
                handovers.wait_for_move(who)
            bot = handovers.bots.get(who)
            if bot is not None and self.acts.empty():
                action = await self._bot_choice(bot, who)
                openings = self._bot_openings(who, action)
                if openings is None:
                    self.game.check(who, action)  # a bot's own bug stops the game
                    await self._move(who, action, None)
                else:
                    await self._move(who, action, None, openings)
                continue
            try:
                async with asyncio.timeout(POLL):
                    seat, action, request, checked = await self.acts.get()
            except TimeoutError:
                handovers.idle()
                continue
            if not handovers.played_by_bot(seat):  # else asked before a bot took the seat
                await self._checked_move(seat, action, request, checked)

    def _bots_card_on_its_way(self) -> bool:
        """Whether a seat a host bot plays has a sealed card whose layers are still coming
        off (``HostDeck.card_on_its_way``)."""
        deck = self.deck
        return deck is not None and any(deck.card_on_its_way(s) for s in self.handovers.bots)

    async def _bots_owed(self) -> None:
        """What the seats the host's bots play owe after a move (an objective's claim), made
        for them the way a seat's own client makes it, once per move, before any bot's next
        choice. Claims race: each is taken as the game stands when its turn comes."""
        assert self.game is not None
        for seat in list(self.handovers.bots):
            # A sealed game's: what the host knows of the seat's cards (its objective).
            state = self.game.state
            seen = state if self.deck is None else self.deck.seat_view(state, seat)
            for action in owed(seen, seat):
                if self.game.is_over:
                    return
                openings = self._bot_openings(seat, action)
                if openings is None:
                    self.game.check(seat, action)  # owed only when legal: a failure is a bug
                    await self._move(seat, action, None)
                else:
                    await self._move(seat, action, None, openings)

    def _bot_openings(self, seat: str, action: Action) -> list[dict[str, Any]] | None:
        """A sealed game's host bot opens the cards its act names; checked on the game with
        them in place (a bot's own bug stops the game)."""
        assert self.game is not None
        if self.deck is None:
            return None
        openings = self.deck.bot_openings(self.game.state, seat, action)
        if openings:
            self._with_openings(seat, action, openings).check(seat, action)
        return openings or None

    async def _bot_choice(self, bot: Bot, who: str) -> Action:
        """A host bot's move, worked out in a worker thread on a copy of the game (without
        the host's dice), so that a bot thinking for a second or two never stalls the
        lobby's heartbeats, the views sent or the other players' moves."""
        assert self.game is not None
        state = self.game.state
        # A sealed game's bot sees what the host knows of its seat's cards, no more.
        seen = state.copy() if self.deck is None else self.deck.seat_view(state, who)
        action = await asyncio.to_thread(bot.choose, Game(seen), who)
        if isinstance(bot, Reasoned) and bot.reason is not None:
            self._tell_reason(who, bot, bot.reason)
        return action

    def _tell_reason(self, seat: str, bot: Bot, reason: Reason) -> None:
        """A bot's reason for the move it is about to make, in the host's log, and to whoever
        listens (``HostConfig.bot_reason``)."""
        assert self.game is not None
        name = self.host.roster.seat_by_id(seat).name
        self.host.log(f"{name} ({bot.name}): {reason_line(self.game.board, reason)}")
        hear = self.host.config.bot_reason
        if hear is not None:
            hear(seat, self.n + 1, reason)

    async def _checked_move(
        self, seat: str, action: Action, request: dict[str, Any] | None, checked: bool
    ) -> None:
        """A player's act, checked (once more, if ``checked`` as it arrived) as the game
        stands when its turn comes. Refused, it changes nothing and blames no one: an act
        that was legal as it arrived is told the game moved on."""
        assert self.game is not None
        try:
            check_act(self._opened_game(seat, action, request), seat, action)
        except DeckFault as e:
            self._deck_fault(seat, e, request)
            return
        except IllegalAction as e:
            told = refusal_when_taken(e, checked)
            self.broadcaster.refuse(seat, told.code, told.message)
            return
        await self._move(seat, action, request)

    def move_body(
        self,
        seat: str,
        action: dict[str, Any],
        request: dict[str, Any] | None,
        chance: bool,
        openings: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        self.n += 1
        if chance:
            self.rolls.roll += 1
        body = {
            "type": "move",
            "game": self.id,
            "n": self.n,
            "seat": seat,
            "action": action,
            "request": request,
            "roll": self.rolls.roll if chance else None,
        }
        if openings:
            body["openings"] = openings  # a host bot's, in a sealed game
        return body

    async def _move(
        self,
        seat: str,
        action: Action,
        request: dict[str, Any] | None,
        openings: list[dict[str, Any]] | None = None,
    ) -> None:
        """Make a move its caller has checked, with a roll if it needs chance (nothing acts
        on the game while the roll is gathered). ``openings`` are a host bot's; a player's
        are in its act (``request``): either way, in a sealed game, taken into the ledger
        and the cards they open put in their tokens' places before the move is made, as
        every peer does."""
        assert self.game is not None
        await self._settle_deals()  # a seat changed hands meanwhile: its cards moved first
        opened = self._take_openings(seat, action, openings or _act_openings(request))
        chance = self.game.needs_chance(seat, action)
        body = self.move_body(seat, action.to_dict(), request, chance, openings)
        if opened:
            self.host.log(f"{seat} opens {', '.join(sorted(opened.values()))}")
        source: RandomSource
        if chance:
            source = await self.rolls.rolled(body, publish=True)
        else:
            self.broadcaster.publish(body)
            source = NoChance()
        self._apply(seat, action, source)
        await self._settle_deals()

    def _take_openings(
        self, seat: str, action: Action, openings: list[dict[str, Any]] | None
    ) -> dict[str, str]:
        assert self.game is not None
        if self.deck is None or not openings:
            return {}
        opened = self.deck.take_openings(openings)
        reveal_named(self.game.state, seat, action, opened)
        return opened

    def _opened_game(self, seat: str, action: Action, request: dict[str, Any] | None) -> Game:
        """The game to check ``seat``'s act on: in a sealed game with the cards its act
        opens in their places (its openings checked, not taken: ``DeckFault`` if false)."""
        assert self.game is not None
        openings = _act_openings(request)
        if not openings:
            return self.game
        if self.deck is None:
            raise IllegalAction("bad_deck", "this game's cards are not sealed: nothing to open")
        try:
            return self._with_openings(seat, action, openings)
        except NamedUnheld as e:
            # Cards its seat held when it chose (a trade sent twice, the first one made).
            raise IllegalAction("not_in_hand", f"you no longer hold those cards: {e}") from None

    def _with_openings(self, seat: str, action: Action, openings: list[Any]) -> Game:
        """A copy of the game with the cards ``openings`` open in their places, to check
        ``seat``'s act on, a player's or a host bot's: each opening checked with the ledger,
        not taken in (``DeckFault`` if one is false; ``NamedUnheld`` if the act names a card
        its seat no longer holds)."""
        assert self.game is not None and self.deck is not None
        probe = Game(self.game.state.copy())
        reveal_named(probe.state, seat, action, self.deck.check_openings(seat, openings))
        return probe

    def _dealing(self, source: RandomSource) -> RandomSource:
        """A sealed game's source deals hidden cards sealed, and shuffles from its roll's
        seed alone (``SealedRollSource``); a move without chance never deals."""
        if self.deck is None or not isinstance(source, RollSource):
            return source
        return self.deck.dealing(source.seed)

    async def _settle_deck(self) -> None:
        """A sealed game's deck steps, which come before anything else happens."""
        if self.deck is not None:
            await self.deck.settle()

    async def _settle_deals(self) -> None:
        """A sealed game's deck steps but those bringing a drawn card to its holder: play
        goes on while its layers come off, and the holder's own act waits for them (in
        ``_play_turns``). Every peer takes the steps and the moves in the order published,
        so their ledgers agree all the same."""
        if self.deck is not None:
            await self.deck.settle(cards=False)

    def _apply(self, seat: str, action: Action, source: RandomSource) -> None:
        assert self.game is not None
        self.game.source = self._dealing(source)
        events: list[Event] = self.game.apply(seat, action, checked=True)
        if self.deck is not None:
            self.deck.hand_over(events)
        self.applied = self.n
        for event in events:
            if isinstance(event, GameWon):
                self.win_reason = event.reason  # world, objective, capitals or team
        self.broadcaster.broadcast_updates(events)

    def _finish(self, winner: str | None, reason: str) -> None:
        if self.finished:
            return
        self.finished = True
        body = {
            "type": "over",
            "game": self.id,
            "winner": winner,
            "secret": self.host.secret,
            "reason": reason,
        }
        self.broadcaster.publish(body)
        self.host.log(f"transcript {self.broadcaster.transcript.code}")
        self.host.game_over()
        self.check_told()

    def told_end(self, seat: str) -> None:
        """A player says it took in the end."""
        if self.finished:
            self.told.add(seat)
            self.check_told()

    def check_told(self) -> None:
        # An expelled player's connection was closed: it has no way to say it.
        seats = self.host.roster.seats
        if all(s.id in self.told or s.expelled for s in seats if s.kind == "human"):
            self.everyone_told.set()


def _act_openings(request: dict[str, Any] | None) -> list[dict[str, Any]] | None:
    """The openings of a player's act (its signed envelope), if it has any."""
    if request is None:
        return None
    openings: list[dict[str, Any]] | None = request["body"].get("openings")
    return openings
