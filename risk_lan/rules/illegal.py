"""The one error the engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse. The state is unchanged when this is raised.

    ``code`` is stable (clients and the wire protocol match on it); ``message`` is for people.

    ``moved_on``: the refusal to give instead when the act was legal as it arrived
    and the game moved on before it was taken (an objective that held and no longer does):
    the sender is told the game changed, not that it asked for something false.
    """

    def __init__(self, code: str, message: str, moved_on: IllegalAction | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.moved_on = moved_on
