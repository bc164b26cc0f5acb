"""Every legal action in a state, enumerated exactly (each one is accepted by the engine, and
anything else is refused), but for the sealed choice of headquarters and its opening (Capital
rules), whose seals and nonces are the player's own secret: none is listed for them."""

from __future__ import annotations

from . import choices
from .actions import (
    Action,
    Defend,
    MoveIn,
    Place,
    SetAutoDefend,
)
from .choices import Enumerator, places
from .modes import STEPS, in_play, owed
from .setup import neutral_choices, placing_neutral, step_left
from .state import GameState
from .teams import presence


def waiting_for(state: GameState) -> str | None:
    """The player whose decision the game waits for (None once it is over)."""
    if state.phase == "over":
        return None
    if state.phase == "defend":
        assert state.attack is not None
        return state.attack.defender
    return state.acting or state.current


def legal_actions(state: GameState, player: str) -> list[Action]:
    if state.phase == "over" or not state.alive(player):
        return []
    out: list[Action] = [SetAutoDefend(None)]
    out.extend(SetAutoDefend(d) for d in range(1, state.rules.defender_max_dice + 1))
    out.extend(owed(state, player))  # a claim out of turn: legal only when it is owed
    if player != waiting_for(state):
        return out
    if state.phase in TURN_PHASES:
        return out + _turn(state, player)
    step = _STEPS.get(state.phase)
    return out + step(state, player) if step is not None else out


TURN_PHASES = ("reinforce", "attack", "fortify")


def _turn(state: GameState, player: str) -> list[Action]:
    """A step of a turn: the first mode's own turn where one has it now (in the order the
    modes are registered), else the classic turn's."""
    for mode_turn in in_play(state.rules).turns:
        listed = mode_turn(state, player, choices)
        if listed is not None:
            return listed
    return choices.plain_turn(state, player)


# ----- the steps before and between turns ---------------------------------------------------


def _claim_places(state: GameState, player: str) -> list[Action]:
    return [Place(t) for t, o in state.owner.items() if o is None]


def _setup_places(state: GameState, player: str) -> list[Action]:
    if placing_neutral(state):
        due = neutral_choices(state)
        return [Place(t) for t, o in state.owner.items() if o in due]
    # Where the player has armies: under team rules, also territories a teammate holds.
    return places(state, presence(state, player), step_left(state))


def _defences(state: GameState, player: str) -> list[Action]:
    own = in_play(state.rules).defences
    if own is not None:
        return own(state, player)
    assert state.attack is not None
    most = min(state.rules.defender_max_dice, state.armies[state.attack.target])
    return [Defend(d) for d in range(1, most + 1)]


def _moves_in(state: GameState, player: str) -> list[Action]:
    assert state.move_in is not None
    return [MoveIn(n) for n in range(state.move_in.minimum, state.move_in.maximum + 1)]


# What may be done at each step outside a turn, by phase (and at the modes' own steps).
_STEPS: dict[str, Enumerator] = {
    "claim": _claim_places,
    "setup": _setup_places,
    "defend": _defences,
    "move_in": _moves_in,
    **STEPS,
}
