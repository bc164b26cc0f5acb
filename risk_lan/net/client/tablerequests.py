"""What a player asks of the table rather than of the game: being ready, a colour, the
table's mode and seats, a chat line, a seat back from a bot, and the host's player's
commands. Plain messages on the player's own connection (protocol.md), handed to ``Client``
for the app to call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class TableRequests:
    def __init__(self, send: Callable[[dict[str, Any]], None]) -> None:
        """``send`` puts a plain message on the connection of the moment, if there is one."""
        self.send = send

    def ready(self) -> None:
        """Tell the host this player is ready to start."""
        self.send({"type": "ready"})

    def choose_colour(self, colour: str) -> None:
        """Ask for another colour, in the lobby (the host refuses one that is taken)."""
        self.send({"type": "colour", "colour": colour})

    def set_table(self, mode: str, seats: int, bots: int, levels: list[str] | None = None) -> None:
        """The host's player changes the table in the lobby (the host refuses anyone else);
        ``levels``: each bot's, in seat order (None: the bots keep theirs)."""
        table = {"type": "table", "mode": mode, "seats": seats, "bots": bots}
        self.send(table | ({"levels": levels} if levels is not None else {}))

    def command(self, kind: str, **fields: Any) -> None:
        """One of the host's player's commands (``remove``, ``pause``, ``more_time``,
        ``hand_to_bot``); the host refuses them from anyone else, saying why."""
        self.send({"type": kind, **fields})

    def say(self, text: str) -> None:
        """A chat line to everyone at the table."""
        # A pasted tab or line break is a control character the host refuses: a space.
        line = "".join(c if c.isprintable() else " " for c in text).strip()
        if line:
            self.send({"type": "say", "text": line[:200]})

    def reclaim(self) -> None:
        """Ask for this seat back from the host's bot."""
        self.send({"type": "reclaim"})
