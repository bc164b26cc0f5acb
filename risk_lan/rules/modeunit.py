"""What a mode of play gives the engine: :class:`ModeRules`, one per mode, defined in the
mode's own module next to its rules and listed once in ``modes.py``.

A mode is data, not a subclass: its name, when it is in play, the actions it adds, and the
hooks the engine runs around every action of a game under it. Hooks a mode does not need stay
None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import Action, Attack, Commit
from .events import Event
from .illegal import IllegalAction
from .randomness import RandomSource
from .ruleset import RuleSet
from .state import GameState

# An action's check raises IllegalAction or returns (what it returns is not used); its effect
# changes the state and says what happened. Both take the action of their own type.
Check = Callable[[GameState, str, Any], object]
Effect = Callable[[GameState, RandomSource, str, Any], list[Event]]
After = Callable[[GameState, RandomSource, str, Action, list[Event]], list[Event]]
# An action refused outright: the refusal to raise, made anew each time.
Refusal = Callable[[], IllegalAction]

# The phases before the first turn (and the end), in which no goal is checked yet.
BEFORE_PLAY = frozenset({"claim", "setup", "capital", "capital_reveal", "over"})


class TurnLists(Protocol):
    """The blocks a mode's own turn is listed from (``choices.py``)."""

    def plain_turn(self, state: GameState, player: str) -> list[Action]: ...

    def places(self, state: GameState, where: list[str], most: int) -> list[Action]: ...

    def trades(self, state: GameState, player: str) -> list[Action]: ...

    def attacks(self, state: GameState, player: str, owned: list[str]) -> list[Attack | Commit]: ...

    def component(self, state: GameState, start: str, mine: set[str]) -> set[str]: ...

    def trade_open(self, state: GameState) -> bool: ...

    def must_trade(self, state: GameState) -> bool: ...


@dataclass(frozen=True, slots=True)
class ModeRules:
    """One mode's part in the engine.

    ``applies``: whether a game under these rules plays the mode (worked out once per rule set).
    ``checks``/``effects``: the mode's own actions, by type.
    ``refuses``: the actions refused outright under a rule set, each with the refusal it
    raises (made anew each time); asked of every mode, in play or not, so a mode may refuse
    its actions outside its rules (and the plain ones it replaces under them).
    ``guard``: a further check of any action, after the phase, while the mode is in play.
    ``before``: what an action changes before it is applied, while the mode is in play.
    ``after``: the events that follow an applied action, while the mode is in play (handed the
    events so far, those of the modes before it included).
    ``turn``: the legal actions of a turn step, when the mode's turn is its own (None: the
    plain turn's, or another mode's).
    """

    name: str
    applies: Callable[[RuleSet], bool]
    checks: Mapping[type[Action], Check] = field(default_factory=dict)
    effects: Mapping[type[Action], Effect] = field(default_factory=dict)
    refuses: Callable[[RuleSet], Mapping[type[Action], Refusal]] | None = None
    guard: Callable[[GameState, Action], None] | None = None
    before: Callable[[GameState, Action], None] | None = None
    after: After | None = None
    turn: Callable[[GameState, str, TurnLists], list[Action] | None] | None = None
