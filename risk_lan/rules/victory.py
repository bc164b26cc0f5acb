"""Victory conditions, by the name a rule set gives in ``RuleSet.victory``."""

from __future__ import annotations

from .ruleset import VICTORIES
from .state import GameState


def winner_after_conquest(state: GameState, player: str) -> tuple[str, str] | None:
    """(winner, reason) if the conquest just made by ``player`` ends the game."""
    if state.rules.victory in VICTORIES:  # whatever the goal, the last player standing wins
        # A neutral army need not be destroyed (003 «JEU 3»): the other players must.
        if all(p == player or not state.count(p) for p in state.players):
            return player, "world"
        return None
    raise ValueError(f"unknown victory condition {state.rules.victory!r}")
