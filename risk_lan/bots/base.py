"""What a bot is: something that picks the next action for one seat."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Protocol

from risk_lan.rules import AbandonCapital, Action, Game, RevealCapital, SealCapital
from risk_lan.rules.capitals import seal


class Bot(Protocol):
    name: str

    def opening(self, game: Game, player: str) -> list[Action]:
        """Actions to take once when seated, such as a standing defence (SetAutoDefend)."""
        ...

    def choose(self, game: Game, player: str) -> Action:
        """The action ``player`` takes now; called only when the game waits for ``player``."""
        ...


class SealedHeadquarters:
    """A bot's side of the secret choice of headquarters (Capital rules): it seals a choice
    with a secret random nonce, keeps both, and opens the seal when asked."""

    def __init__(self) -> None:
        self._choices: dict[str, tuple[str, str]] = {}  # player -> (territory, nonce)

    def action(self, game: Game, player: str, choose: Callable[[], str]) -> Action:
        """The seal, or its opening, that the phase asks of ``player``."""
        if game.phase == "capital":
            territory, nonce = choose(), secrets.token_hex(16)
            self._choices[player] = (territory, nonce)
            return SealCapital(seal(player, territory, nonce))
        if player not in self._choices:
            # A seat this bot took over after its player sealed a choice: the nonce left
            # with the player, so the seal cannot be opened.
            return AbandonCapital()
        territory, nonce = self._choices[player]
        return RevealCapital(territory, nonce)
