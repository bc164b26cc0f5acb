"""The manoeuvre at the end of a turn (RULES.md 1.10): one move through one's territories or
to a neighbour, any number of one-step moves of armies that did not fight (000-B), rulebook
004's movement points, and with the active independents a move for each ally too."""

from __future__ import annotations

from . import revised
from .events import Event, Fortified
from .illegal import IllegalAction
from .modes import in_play
from .randomness import RandomSource
from .state import GameState
from .teams import add_armies, friends, movable, remove_armies
from .turn import check_can_move_on, leave_attack
from .turnflow import end_turn


def check_fortify(state: GameState, player: str, source: str, target: str, count: int) -> None:
    _check_may_manoeuvre(state)
    for t in (source, target):
        if t not in state.owner:
            raise IllegalAction("unknown_territory", f"no territory called {t!r}")
    # A mode's own manoeuvres (active independents: one for the player and one for each of
    # its allies).
    force = _mover(state, player, source)
    for own in in_play(state.rules).manoeuvres:
        own.check(state, force)
    # Under team rules a player moves its own armies into any of its team's territories.
    if state.owner[target] != force and not friends(state, state.owner[target], force):
        raise IllegalAction("not_owner", f"{target} is not yours")
    most = movable(state, source, force)
    if not most and state.owner[source] != player:
        raise IllegalAction("not_owner", f"you have no armies in {source}")
    if source == target:
        raise IllegalAction("same_territory", "move to another territory")
    _check_route(state, force, source, target)
    _check_count(state, player, source, target, count, most)


def _check_may_manoeuvre(state: GameState) -> None:
    """The turn is at its manoeuvre: placing done, no trade owed, not after the one move a
    turn allows (where only one is), and not in the middle of 000-A's turn."""
    check_can_move_on(state)
    rule = state.rules.fortification
    many = bool(in_play(state.rules).manoeuvres)
    if state.phase == "fortify" and rule not in ("unfought_steps", "points") and not many:
        raise IllegalAction("already_fortified", "only one fortification per turn")
    for parts in in_play(state.rules).turn_parts:
        if parts.midway(state):
            raise parts.refusal()


def _check_route(state: GameState, force: str, source: str, target: str) -> None:
    """Through the force's own territories, or to a neighbour, as the rules say."""
    if state.rules.fortification == "connected":
        if not state.connected(force, source, target):
            raise IllegalAction(
                "not_connected", f"no chain of your territories joins {source} to {target}"
            )
    elif not state.board.adjacent(source, target):
        raise IllegalAction("not_adjacent", f"{source} does not border {target}")


def _check_count(
    state: GameState, player: str, source: str, target: str, count: int, most: int
) -> None:
    """The points pay for the move (rulebook 004), the armies may leave (000-B: those that did
    not fight) and they fit under the cap; ``most`` may leave, fights aside."""
    rule = state.rules.fortification
    if rule == "points":
        points = revised.movement_points(state, player)
        cost = count * revised.step_cost(state, source, target)
        if cost > points:
            raise IllegalAction(
                "no_points", f"that move costs {cost} points, and {points} are left"
            )
    if rule == "unfought_steps":
        most = min(most, state.armies[source] - state.engaged.get(source, 0))
    if not 1 <= count <= most:
        if most < 1:
            raise IllegalAction("bad_count", f"no army of {source} may move")
        raise IllegalAction("bad_count", f"move between 1 and {most} armies")
    fits = revised.room(state, target)
    if count > fits:
        raise IllegalAction(
            "army_cap", f"{target} holds {state.rules.army_cap} armies at most: {fits} more fit"
        )


def fortify(
    state: GameState, source_rng: RandomSource, player: str, source: str, target: str, count: int
) -> list[Event]:
    events = leave_attack(state, source_rng) if state.phase != "fortify" else []
    force = _mover(state, player, source)
    remove_armies(state, source, force, count)
    add_armies(state, target, force, count)
    events.append(Fortified(player, source, target, count))
    manoeuvres = in_play(state.rules).manoeuvres
    if manoeuvres:
        for own in manoeuvres:
            own.record(state, force)
        state.phase = "fortify"
        return events
    if state.rules.fortification == "points":
        points = revised.movement_points(state, player)
        state.points = points - count * revised.step_cost(state, source, target)
        state.phase = "fortify"
        return events
    if state.rules.fortification == "unfought_steps":
        state.phase = "fortify"
        state.engaged[target] = state.engaged.get(target, 0) + count
        return events
    events.extend(end_turn(state, source_rng, player, leaving=False))
    return events


def _mover(state: GameState, player: str, source: str) -> str:
    """Whose armies leave ``source``: the player's, or one of its active allies'."""
    owner = state.owner[source]
    if owner is None or owner == player:
        return player
    if any(moves_for(state, player, owner) for moves_for in in_play(state.rules).moves_for):
        return owner
    return player
