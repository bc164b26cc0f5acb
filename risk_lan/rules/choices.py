"""The building blocks of the legal-action lists: placements, trades, attacks and manoeuvres,
and the plain turn made of them. ``legal.py`` assembles them by step; a mode whose turn is its
own is handed this module (as ``modeunit.TurnLists``) to build its turn from the same blocks."""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, Attack, Commit, EndTurn, Fortify, Place, TradeCards
from .modes import in_play, midway
from .revised import movement_points, placeable_here, room, step_cost
from .state import GameState
from .teams import allies, armies_of, movable, placeable, presence
from .turn import bonus_candidates, sets_in_hand
from .turn import must_trade as must_trade
from .turn import trade_open as trade_open

Enumerator = Callable[[GameState, str], list[Action]]


def plain_turn(state: GameState, player: str) -> list[Action]:
    """The legal actions of the plain (classic) turn's step."""
    return _TURN_STEPS[state.phase](state, player)


# ----- the classic turn ----------------------------------------------------------------------


def _reinforce(state: GameState, player: str) -> list[Action]:
    out = trades(state, player) if trade_open(state) else []
    if must_trade(state):
        return out
    if state.pool > 0:
        return out + places(state, placeable(state, player), state.pool)
    return out + _attack(state, player)


def _attack(state: GameState, player: str) -> list[Action]:
    owned = presence(state, player)
    return [*attacks(state, player, owned), *fortifications(state, player, owned), EndTurn()]


def _fortify(state: GameState, player: str) -> list[Action]:
    return [*fortifications(state, player, presence(state, player)), EndTurn()]


def places(state: GameState, where: list[str], most: int) -> list[Action]:
    """Placing 1 to ``most`` armies on one of ``where``, as many as fit under the cap (and,
    for rulebook 004's continent bonuses, as many as may go there)."""
    out: list[Action] = []
    for t in where:
        fits = min(most, room(state, t))
        if state.bound_pools and state.phase == "reinforce":
            fits = min(fits, placeable_here(state, state.current, t))
        out.extend(Place(t, n) for n in range(1, fits + 1))
    return out


def trades(state: GameState, player: str) -> list[Action]:
    out: list[Action] = []
    for cards in sets_in_hand(state, player):
        candidates = bonus_candidates(state, player, cards)
        if state.rules.territory_bonus == "once_per_set" and candidates:
            out.extend(TradeCards(cards, t) for t in candidates)
        else:
            out.append(TradeCards(cards))
    return out


def attacks(state: GameState, player: str, owned: list[str]) -> list[Attack | Commit]:
    out: list[Attack | Commit] = []
    rules = state.rules
    protect = (
        rules.protect_last_territory_rounds and state.round <= rules.protect_last_territory_rounds
    )
    team = allies(state, player)
    mixed = state.mixed
    own = in_play(rules).attacks  # a mode's own attacks (004's commitments) replace dice
    for src in owned:
        armies = armies_of(state, src, player) if mixed else state.armies[src]
        if armies < 2:
            continue
        for tgt in state.board.neighbours[src]:
            victim = state.owner[tgt]
            if victim in team:
                continue
            if protect and victim in state.hands and state.count(victim) == 1:
                continue
            if own is not None:
                out.extend(own(state, player, src, tgt, armies))
                continue
            for dice in range(1, min(rules.attacker_max_dice, armies - 1) + 1):
                out.append(Attack(src, tgt, dice))
                out.extend(Attack(src, tgt, dice, k) for k in range(1, armies))
    return out


def fortifications(state: GameState, player: str, owned: list[str]) -> list[Action]:
    rule = state.rules.fortification
    if state.phase == "fortify" and rule not in ("unfought_steps", "points"):
        return []
    if midway(state):
        return []
    out: list[Action] = []
    # The territories armies may go to: the player's, and under team rules its team's.
    team = allies(state, player)
    friendly = owned
    if state.teams:
        friendly = [t for t in state.board.territory_ids if state.owner[t] in team]
    mine = set(friendly)
    reach: dict[str, set[str]] = {}
    if rule == "connected":
        for t in owned:
            if t not in reach:
                group = component(state, t, mine)
                for member in group:
                    reach[member] = group
    for src in owned:
        most = movable(state, src, player)
        if rule == "unfought_steps":
            most = min(most, state.armies[src] - state.engaged.get(src, 0))
        if most < 1:
            continue
        if rule == "connected":
            targets = [t for t in friendly if t in reach[src] and t != src]
        else:
            targets = [t for t in state.board.neighbours[src] if t in mine]
        for tgt in targets:
            fits = min(most, room(state, tgt))
            if rule == "points":
                fits = min(fits, movement_points(state, player) // step_cost(state, src, tgt))
            out.extend(Fortify(src, tgt, n) for n in range(1, fits + 1))
    return out


def component(state: GameState, start: str, mine: set[str]) -> set[str]:
    group = {start}
    stack = [start]
    while stack:
        for other in state.board.neighbours[stack.pop()]:
            if other in mine and other not in group:
                group.add(other)
                stack.append(other)
    return group


# The classic turn's steps, by phase.
_TURN_STEPS: dict[str, Enumerator] = {
    "reinforce": _reinforce,
    "attack": _attack,
    "fortify": _fortify,
}
