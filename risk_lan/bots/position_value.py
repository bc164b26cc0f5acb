"""How good a position is for one player, 0 when lost and 1 when won: the share of the
table's strength its side holds (armies, income from territories and continents, cards),
less what its mode's goal still asks of it and the danger to what its mode has it keep,
plus how far it has come toward its mode's goal."""

from __future__ import annotations

from risk_lan.bots.modeplays import playing
from risk_lan.rules.state import GameState
from risk_lan.rules.teams import allies
from risk_lan.rules.turn import income

# An army of income is worth this many armies on the board: it comes back every turn.
INCOME_WEIGHT = 3.0
CARD_WEIGHT = 1.5
# The most a mode's unmet aims and a threatened keep take off the share.
AIM_WEIGHT = 0.25
KEEP_WEIGHT = 0.15
# The most the progress toward a mode's goal (an objective) adds to it.
PROGRESS_WEIGHT = 0.3


def side_of(s: GameState, player: str) -> frozenset[str]:
    """Who wins with ``player``: its team, and those its mode puts on its side."""
    side = allies(s, player)
    for mode in playing(s.rules):
        if mode.side is not None:
            side |= mode.side(s, player)
    return side


def strength(s: GameState, player: str) -> float:
    if not s.alive(player):
        return 0.0
    held = s.held.get(player, {})
    armies = sum(s.armies[t] for t in held)
    territory_armies, bonus, _ = income(s, player)
    return armies + INCOME_WEIGHT * (territory_armies + bonus) + CARD_WEIGHT * len(s.hands[player])


def position_value(s: GameState, player: str) -> float:
    """``player``'s prospects in ``s``, in [0, 1]."""
    side = side_of(s, player)
    if s.winner is not None:
        return 1.0 if s.winner in side else 0.0
    if not any(s.alive(p) for p in side if p in s.hands):
        return 0.0
    ours = sum(strength(s, p) for p in side if p in s.hands)
    everyone = ours + sum(strength(s, p) for p in s.players if p not in side)
    value = ours / everyone if everyone else 0.0
    for mode in playing(s.rules):
        if mode.progress is not None:
            # A mix, not a sum: a position short of the goal stays below a won game's 1.
            value = (1 - PROGRESS_WEIGHT) * value + PROGRESS_WEIGHT * mode.progress(s, player)
    return max(0.0, value - _goal_gap(s, player))


def _goal_gap(s: GameState, player: str) -> float:
    """What the mode's goal still asks (its aims not yet taken) and the danger to the
    territory it has the player keep."""
    gap = 0.0
    territories = len(s.owner)
    for mode in playing(s.rules):
        if mode.aims is not None:
            aims = mode.aims(s, player)
            if aims:
                gap += AIM_WEIGHT * min(1.0, len(aims) / max(1, territories // 4))
        if mode.keep is not None:
            kept = mode.keep(s, player)
            if kept and s.owner.get(kept) != player:
                gap += KEEP_WEIGHT
            elif kept:
                gap += KEEP_WEIGHT * _danger(s, player, kept)
    claimed = s.claimed.get(player)
    if claimed is not None:
        gap -= 0.05 * len(claimed)
    return gap


def _danger(s: GameState, player: str, territory: str) -> float:
    side = side_of(s, player)
    own, armies = s.owner, s.armies
    threat = sum(armies[n] for n in s.board.neighbours[territory] if own[n] not in side)
    return min(1.0, threat / (2 * armies[territory] + threat)) if threat else 0.0
