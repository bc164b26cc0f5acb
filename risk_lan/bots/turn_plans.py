"""Turn plans: the normal bot's play bent one way or another (another continent to go for,
a bolder or a more careful attack, stopping once a card is earned). The hard bot plays each
plan ahead on its own view and follows the one that turns out best (``rollout_search``).

A plan plays every step as the normal bot does, mode steps included; only its aim, its
attack margin and its stopping differ.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from risk_lan.bots.base import Reason
from risk_lan.bots.modeplays import playing
from risk_lan.bots.position_value import side_of
from risk_lan.rules.state import GameState
from risk_lan.rules.teams import placeable


@dataclass(frozen=True, slots=True)
class Plan:
    """How a turn bends the normal bot's play (a ``classic_bot.Steering``): ``continent``, the
    continent to go for ("" the normal bot's own choice); ``margin``, how many armies more than
    the defenders it wants before attacking; ``card_only``, it stops attacking once it has
    conquered a territory this turn (and so earned a card); ``guard``, its reinforcements go
    to its most threatened border rather than to its best attack."""

    continent: str = ""
    margin: int = 0
    card_only: bool = False
    guard: bool = False

    def describe(self, s: GameState, player: str) -> Reason:
        """What the plan is after, for a player to read."""
        aim = _aim(s, player, self.continent)
        if self.guard:
            return replace(_held(s, player) or aim, way="guards")
        if self.card_only:
            return replace(_held(s, player) or aim, way="one_card")
        if self.margin > 0:
            return replace(aim, way="edge")
        if self.margin < 0:
            return replace(aim, way="bold")
        return aim

    def goal(self, s: GameState, player: str) -> str | None:
        """Its continent, until held whole (then the normal bot's own choice)."""
        continent = s.board.continents.get(self.continent)
        if continent is not None and not _holds(s, player, continent.territories):
            return self.continent
        return None

    def front(self, s: GameState, player: str) -> str | None:
        """Under a guarding plan, the reinforcements go to its most threatened border."""
        if self.guard and s.phase == "reinforce":
            return _most_threatened(s, player) or None
        return None

    def holds_fire(self, s: GameState) -> bool:
        """A plan for one card stops attacking once a territory is conquered this turn."""
        return self.card_only and bool(s.conquered)


def _aim(s: GameState, player: str, goal: str) -> Reason:
    for mode in playing(s.rules):
        if mode.aims is not None and mode.aims(s, player):
            return Reason("objective")
    if goal not in s.board.continents:
        return _held(s, player) or Reason("spreads")
    return Reason("goes_for", goal)


def _held(s: GameState, player: str) -> Reason | None:
    held = [c for c in s.board.continents.values() if _holds(s, player, c.territories)]
    return Reason("holds", held[0].id) if held else None


def _holds(s: GameState, player: str, territories: tuple[str, ...]) -> bool:
    return all(s.owner[t] == player for t in territories)


def _most_threatened(s: GameState, player: str) -> str:
    """Its territory where the enemy armies next to it most outnumber its own ("" if none is
    outnumbered)."""
    own, armies, neighbours = s.owner, s.armies, s.board.neighbours
    side = side_of(s, player)
    best, most = "", 0
    for t in placeable(s, player) if s.teams else s.territories_of(player):
        threat = sum(armies[n] for n in neighbours[t] if own[n] not in side)
        if threat - armies[t] > most:
            best, most = t, threat - armies[t]
    return best


def candidate_plans(s: GameState, player: str, goals: int = 3) -> list[Plan]:
    """The plans worth trying this turn: the nearest continents to go for, then the normal
    aim played more boldly, more carefully, or for one card only."""
    scored = []
    own = s.owner
    for c in s.board.continents.values():
        mine = [own[t] for t in c.territories].count(player)
        size = len(c.territories)
        if mine == size:
            continue
        scored.append((mine / size + c.bonus / (size * 10), c.id))
    scored.sort(key=lambda sc: -sc[0])
    top = scored[0][1] if scored else ""
    plans = [Plan(top)]
    plans += [Plan(continent=c) for _, c in scored[1:goals]]
    plans += [Plan(top, margin=3), Plan(top, card_only=True), Plan(top, card_only=True, guard=True)]
    return plans
