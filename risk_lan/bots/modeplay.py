"""What a mode of play gives a bot: :class:`ModePlay`, one per mode, defined in the mode's own
bot module next to its decisions and listed once in ``modeplays.py``.

A mode's play is data, not a subclass: its name, when it is in play, and the decisions a bot
makes its way under it. Decisions a mode does not make stay None, and a hook that returns
None leaves the decision to the next mode, then to the bot's classic play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Protocol

from risk_lan.bots.base import Sealed
from risk_lan.rules import Action, Game
from risk_lan.rules.ruleset import RuleSet
from risk_lan.rules.state import GameState


class Aims(Protocol):
    """What a mode's own moves borrow from the bot playing them: its aims and its moves under
    the classic rules, which the mode bends to its own."""

    @property
    def margin(self) -> int:
        """How many armies more than the defenders it wants before attacking."""
        ...

    def place_at(self, game: Game, player: str) -> str:
        """Where it would place an army now."""
        ...

    def dice_trade(self, game: Game, player: str) -> Action | None:
        """Its trade of a set under the classic values, if it would make one."""
        ...

    def dice_attack(self, game: Game, player: str) -> Action | None:
        """Its attack with dice, if it sees one worth making."""
        ...

    def manoeuvre(self, game: Game, player: str) -> Action | None:
        """Its end-of-turn move of armies, if it sees one."""
        ...


# The mode's move at a step where it plays its own way (None: not this step, or not now).
Move = Callable[[Game, str, Aims], Action | None]
# The actions taken once when seated (None: the bot's usual opening).
Opening = Callable[[Game, str], list[Action] | None]
# What stands in for the action the bot chose (None: the action stands).
Amend = Callable[[Game, str, Action], Action | None]
# The territories the mode's goal asks a player to take (None: no such aim now).
Aim = Callable[[GameState, str], frozenset[str] | None]
# A secret choice's seal or its opening, chosen by the callable (None: no secret asked now).
Secret = Callable[[Game, str, Sealed, Callable[[], str]], Action | None]


@dataclass(frozen=True, slots=True)
class ModePlay:
    """One mode's part in a bot's play.

    ``applies``: whether a game under these rules plays the mode.
    ``move``: the mode's own move at a step where it plays its own way, given the bot's aims.
    ``opening``: the actions taken once when seated, instead of the usual standing defence.
    ``amend``: what stands in for the action the bot chose (a mission claimed as it may be).
    ``secret``: the seal, or its opening, of a secret choice the mode asks of a player.
    ``aims``: the territories the mode's goal asks a player to take, which the bot aims at
    instead of the nearest continent.
    ``keep``: the territory the mode has a player keep (reinforced first when in danger).
    ``side``: who else fights on a player's side under the mode.
    ``random_move``: the random bot's move among the legal ones where the mode has it
    favour some now and then (None: its usual pick).
    ``progress``: how far a player has come toward the mode's goal, from 0 to 1 (the hard
    bot's look ahead weighs it; None: the mode has no goal but the world).
    """

    name: str
    applies: Callable[[RuleSet], bool]
    move: Move | None = None
    opening: Opening | None = None
    amend: Amend | None = None
    secret: Secret | None = None
    aims: Aim | None = None
    keep: Callable[[GameState, str], str | None] | None = None
    side: Callable[[GameState, str], frozenset[str]] | None = None
    random_move: Callable[[list[Action], Random], Action | None] | None = None
    progress: Callable[[GameState, str], float] | None = None
