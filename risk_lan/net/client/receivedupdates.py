"""A seat's private updates as they come on one connection: each rebuilt into a whole view
from the changes since the last (``updates.received_view``), with the move's events sent
ahead of it (a blitz of thousands of battles), and held to be checked at the end of the batch
they came in, once the roll waiting (if any) is answered."""

from __future__ import annotations

from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import HOST_MESSAGES, validate
from risk_lan.net.updates import received_view

# Events of one move a host may send ahead of its update (a blitz of thousands of battles).
MAX_PENDING_EVENTS = 50_000


class ReceivedUpdates:
    def __init__(self) -> None:
        self.pending_events: list[dict[str, Any]] = []  # sent ahead of the next update
        self.updates_in: list[dict[str, Any]] = []  # updates to check at the batch's end
        self.view_received: dict[str, Any] | None = None  # the last whole view

    def connected(self) -> None:
        """A new connection starts from a whole view, and nothing sent on the last counts."""
        self.pending_events, self.updates_in, self.view_received = [], [], None

    def events(self, message: dict[str, Any]) -> None:
        validate(message, HOST_MESSAGES)
        self.pending_events.extend(message["events"])
        if len(self.pending_events) > MAX_PENDING_EVENTS:
            raise ProtocolError("too_large", "more events than any move has", "host")

    def update(self, message: dict[str, Any], game_id: str) -> None:
        # Private to this seat and not signed (protocol.md): checked against this client's
        # own working-out of the signed public history, once the roll waiting (if any) is
        # answered, or before the next move is played.
        validate(message, HOST_MESSAGES)
        if message["game"] != game_id:
            raise ProtocolError("wrong_game", "an update from another game", "host")
        self.view_received = received_view(message, self.view_received)
        message = {**message, "view": self.view_received, "changes": None}
        if self.pending_events:
            message = {**message, "events": self.pending_events + message["events"]}
            self.pending_events = []
        self.updates_in.append(message)

    def take(self) -> list[dict[str, Any]]:
        """The updates to check now, in order."""
        updates, self.updates_in = self.updates_in, []
        return updates
