"""What a client reports: how its game ended (``Outcome``), and what it tells the person
playing as the game goes (``Listener``, which a user interface implements)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Outcome:
    winner: str | None = None
    reason: str = ""
    transcript: str = ""
    culprit: str | None = None
    error: str | None = None
    log: str | None = None  # where the details of this program's own failure went


class LocalFailure(Exception):
    """A fault of this program's own (its bot, its user interface), not of any peer."""


class Listener:
    """What a client tells the person playing (through a user interface). Every method is
    called from the client's own task; the defaults do nothing."""

    def joined(self, seat: str, colour: str) -> None: ...

    def started(self, players: list[dict[str, Any]]) -> None: ...

    def lobby(self, message: dict[str, Any]) -> None: ...

    def updated(self, update: dict[str, Any], checked: str) -> None:
        """A new view and the move's events; ``checked`` says what the client established
        (``witness.DERIVED``, ``TAKEN`` or ``NOTHING``)."""

    def refused(self, code: str, message: str) -> None: ...

    def chat(self, seat: str, name: str, text: str) -> None: ...

    def connection(self, up: bool) -> None: ...

    def clock(self, paused: bool, waits: list[dict[str, Any]]) -> None:
        """Whom the game waits for, why, for how long, and how long until a bot plays."""

    def seat_changed(self, seat: str, change: str) -> None:
        """A seat went to a host bot (``taken_over``) or back to its player (``back``)."""
