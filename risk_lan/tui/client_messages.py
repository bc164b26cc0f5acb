"""What the network tells the app, as Textual messages: the client's listener posts them to
the app from the client's task, and screens handle them."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from textual.message import Message

from risk_lan.net.client import Listener, Outcome
from risk_lan.tui.entry_desk import EntryNews


class Joined(Message):
    def __init__(self, seat: str, colour: str) -> None:
        super().__init__()
        self.seat, self.colour = seat, colour


class Started(Message):
    def __init__(self, players: list[dict[str, Any]]) -> None:
        super().__init__()
        self.players = players


class LobbyChanged(Message):
    def __init__(self, lobby: dict[str, Any]) -> None:
        super().__init__()
        self.lobby = lobby


class HostUpdate(Message):
    """A new view of the game, checked by the client: ``checked`` says how far (see
    ``risk_lan.net.client.witness``)."""

    def __init__(self, update: dict[str, Any], checked: str) -> None:
        super().__init__()
        self.update = update
        self.checked = checked


class CardsLearnt(Message):
    """A sealed card of this seat's was read between two updates (``Listener.cards_learnt``)."""


class Refused(Message):
    def __init__(self, code: str, text: str) -> None:
        super().__init__()
        self.code, self.text = code, text


class ChatLine(Message):
    def __init__(self, seat: str, name: str, text: str) -> None:
        super().__init__()
        self.seat, self.name, self.text = seat, name, text


class ConnectionChanged(Message):
    def __init__(self, up: bool) -> None:
        super().__init__()
        self.up = up


class ClockChanged(Message):
    """Whom the game waits for now, as of ``received`` (the event loop's time)."""

    def __init__(self, paused: bool, waits: list[dict[str, Any]], received: float) -> None:
        super().__init__()
        self.paused, self.waits, self.received = paused, waits, received


class SeatChanged(Message):
    """A host bot plays ``seat`` from now on (``taken_over``), or its player again (``back``),
    or for good once its player was expelled (``expelled:<why>``)."""

    def __init__(self, seat: str, change: str) -> None:
        super().__init__()
        self.seat, self.change = seat, change


class CardsChangedHands(Message):
    """A sealed game's ``seat`` went to a host bot (``taken``) or back to its player, who
    now sees its ``held`` sealed cards."""

    def __init__(self, seat: str, taken: bool, held: int) -> None:
        super().__init__()
        self.seat, self.taken, self.held = seat, taken, held


class GameEnded(Message):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


class MessageTarget(Protocol):
    """Whom the listener posts to: the app."""

    def post_message(self, message: Message) -> bool: ...


class PostingListener(Listener):
    """Turns what the client hears into messages for ``target`` (the app)."""

    def __init__(self, target: MessageTarget) -> None:
        self.target = target

    def joined(self, seat: str, colour: str) -> None:
        self.target.post_message(Joined(seat, colour))

    def started(self, players: list[dict[str, Any]]) -> None:
        self.target.post_message(Started(players))

    def lobby(self, message: dict[str, Any]) -> None:
        self.target.post_message(LobbyChanged(message))

    def updated(self, update: dict[str, Any], checked: str) -> None:
        self.target.post_message(HostUpdate(update, checked))

    def cards_learnt(self) -> None:
        self.target.post_message(CardsLearnt())

    def refused(self, code: str, message: str) -> None:
        self.target.post_message(Refused(code, message))

    def chat(self, seat: str, name: str, text: str) -> None:
        self.target.post_message(ChatLine(seat, name, text))

    def connection(self, up: bool) -> None:
        self.target.post_message(ConnectionChanged(up))

    def clock(self, paused: bool, waits: list[dict[str, Any]]) -> None:
        # The host tells only changes: the screen counts down from the time of receipt.
        now = asyncio.get_running_loop().time()
        self.target.post_message(ClockChanged(paused, waits, now))

    def seat_changed(self, seat: str, change: str) -> None:
        self.target.post_message(SeatChanged(seat, change))

    def cards_changed_hands(self, seat: str, taken: bool, held: int) -> None:
        self.target.post_message(CardsChangedHands(seat, taken, held))

    def awaiting(self) -> None:
        self.target.post_message(EntryNews("awaiting"))

    def knocks(self, joiners: list[dict[str, Any]]) -> None:
        self.target.post_message(EntryNews("knocks", joiners))

    def notice(self, code: str, name: str) -> None:
        self.target.post_message(EntryNews("notice", (code, name)))
