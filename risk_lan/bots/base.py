"""What a bot is: something that picks the next action for one seat."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from risk_lan.rules import Action, Game


class Bot(Protocol):
    name: str

    def opening(self, game: Game, player: str) -> list[Action]:
        """Actions to take once when seated, such as a standing defence (SetAutoDefend)."""
        ...

    def choose(self, game: Game, player: str) -> Action:
        """The action ``player`` takes now; called only when the game waits for ``player``."""
        ...


@runtime_checkable
class Reasoned(Protocol):
    """A bot that says why it chose, after ``choose``: a short English sentence for its
    larger decisions ("goes for Australia", "attacks Brazil: 78% to win"), None for the
    small ones."""

    reason: str | None


# A bot's secret choices, kept by seat so it can open them when asked: (the choice, the
# nonce that sealed it). A mode's play fills and reads it (``ModePlay.secret``).
Sealed = dict[str, tuple[str, str]]
