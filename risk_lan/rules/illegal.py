"""The one error the engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse. The state is unchanged when this is raised.

    ``code`` is stable (clients and the wire protocol match on it); ``message`` is for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
