"""What the host tells everyone at the table rather than of the game: the lobby, the chat and
the clock, each checked and told to the listener. A client that readies by itself (a bot)
says it is ready whenever it is seated in the lobby, or the table changed under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.messages import CLOCK_WAIT, HOST_MESSAGES, validate
from risk_lan.net.client.outcome import Listener


class TableTalk:
    def __init__(self, listener: Listener, ready: Callable[[], None] | None) -> None:
        """``ready`` says this player is ready; None: the player says it (``Client.ready``)."""
        self.listener = listener
        self.ready = ready

    def lobby(self, message: dict[str, Any], seat: str) -> None:
        """The lobby as it stands; ``seat`` is this client's."""
        validate(message, HOST_MESSAGES)
        self.listener.lobby(message)
        seats = [s for s in message["seats"] if isinstance(s, dict)]
        mine = next((s for s in seats if s.get("seat") == seat), None)
        if self.ready and message["state"] == "lobby" and mine and not mine.get("ready"):
            # Just seated, or the table changed: a bot is as ready for the new one.
            self.ready()

    def chat(self, message: dict[str, Any]) -> None:
        validate(message, HOST_MESSAGES)
        self.listener.chat(message["seat"], message["name"], message["text"])

    def clock(self, message: dict[str, Any]) -> None:
        validate(message, HOST_MESSAGES)
        waits = [w for w in message["waits"] if isinstance(w, dict)]
        for wait in waits:
            validate({"type": "wait", **wait}, {"wait": CLOCK_WAIT})
        self.listener.clock(message["paused"], waits)
