"""Victory conditions, by the name a rule set gives in ``RuleSet.victory``."""

from __future__ import annotations

from .ruleset import VICTORIES
from .state import GameState


def winner_after_battle(state: GameState, player: str) -> tuple[str, str] | None:
    """(winner, reason) if the battle just won by ``player`` (a conquest, or under team rules
    any elimination) ends the game."""
    victory = state.rules.victory
    if victory == "team":
        # The first team to eliminate a player of the other wins (001, 002 «par équipe»);
        # teammates never attack each other, so the eliminator's team is the winner.
        return (player, "team") if state.eliminated else None
    if victory in VICTORIES:  # whatever the goal, the last player standing wins
        # A neutral army need not be destroyed (003 «JEU 3»): the other players must.
        # A loop, not all() over a generator: this runs after every conquest.
        for p in state.players:
            if p != player and state.count(p):
                return None
        if state.rules.conquer_neutral and any(state.count(n) for n in state.neutrals):
            return None  # 004: the world, the neutral's territories too
        return player, "world"
    raise ValueError(f"unknown victory condition {victory!r}")
