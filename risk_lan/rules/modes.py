"""The modes of play the engine knows, registered here once: one line per mode, whose rules
live in its own module (see ``modeunit.ModeRules``).

The order is the order in which their hooks run, so the events of one action come out in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from . import allied, calculated, capitals, independents, missions, objectives
from .actions import Action
from .events import Event
from .modeunit import (
    After,
    AtConquest,
    AttackingArmies,
    Attacks,
    Chance,
    Check,
    Effect,
    Manoeuvre,
    ModeRules,
    Refusal,
    TurnLists,
    TurnParts,
)
from .randomness import RandomSource
from .ruleset import RuleSet, per_rule_set
from .state import GameState

MODES: tuple[ModeRules, ...] = (
    independents.MODE,
    allied.MODE,
    missions.MODE,
    objectives.MODE,
    capitals.MODE,
    calculated.MODE,
)

# Every mode's actions, by type, whatever the rules (each check refuses outside its mode).
CHECKS: Mapping[type[Action], Check] = {t: c for m in MODES for t, c in m.checks.items()}
EFFECTS: Mapping[type[Action], Effect] = {t: e for m in MODES for t, e in m.effects.items()}
CHANCE: Mapping[type[Action], Chance] = {t: c for m in MODES for t, c in m.chance.items()}
# The actions a seat may take out of turn and in any phase, their checks saying when.
ANYTIME: frozenset[type[Action]] = frozenset(k for m in MODES for k in m.anytime)
STEPS: Mapping[str, Callable[[GameState, str], list[Action]]] = {
    phase: listed for m in MODES for phase, listed in m.steps.items()
}
# The phases the modes add, with their hints and the actions that fit them, and the further
# actions the modes fit into shared phases (by phase, in registry order).
PHASES: Mapping[str, tuple[str, tuple[type[Action], ...]]] = {
    phase: found for m in MODES for phase, found in m.phases.items()
}
FITS: Mapping[str, tuple[type[Action], ...]] = {
    phase: tuple(k for m in MODES for k in m.fits.get(phase, ()))
    for phase in dict.fromkeys(p for m in MODES for p in m.fits)
}


@dataclass(frozen=True, slots=True)
class InPlay:
    """What a rule set's modes add to every action: the actions refused outright, and the
    hooks of the modes it plays, in registry order."""

    refused: Mapping[type[Action], Refusal]
    guards: tuple[Callable[[GameState, Action], None], ...]
    befores: tuple[Callable[[GameState, Action], None], ...]
    afters: tuple[tuple[After | None, Callable[[GameState, Action], bool] | None], ...]
    turns: tuple[Callable[[GameState, str, TurnLists], list[Action] | None], ...]
    at_neutrals: tuple[Callable[[GameState], None], ...]
    at_setup_end: tuple[Callable[[GameState], bool], ...]
    attacks: Attacks | None
    defences: Callable[[GameState, str], list[Action]] | None
    manoeuvres: tuple[Manoeuvre, ...]
    unforeseen: tuple[Callable[[GameState, bool], bool], ...]
    at_attack: tuple[Callable[[GameState, str, str], None], ...]
    at_turn_start: tuple[Callable[[GameState], None], ...]
    turn_parts: tuple[TurnParts, ...]
    at_turn_over: tuple[Callable[[GameState, str], list[Event]], ...]
    turn_due: tuple[Callable[[GameState], str | None], ...]
    places_for: tuple[Callable[[GameState, str], str | None], ...]
    commands: tuple[Callable[[GameState, str], tuple[str, ...]], ...]
    secret_deal: Callable[[GameState, RandomSource, str], Event] | None
    attacking_armies: tuple[AttackingArmies, ...]
    moves_for: tuple[Callable[[GameState, str, str], bool], ...]
    at_conquest: tuple[AtConquest, ...]
    owed: tuple[Callable[[GameState, str], Action | None], ...]


@per_rule_set
def in_play(rules: RuleSet) -> InPlay:
    """The hooks of the modes that ``rules`` plays."""
    modes = [m for m in MODES if m.applies(rules)]
    refused: dict[type[Action], Refusal] = {}
    for mode in MODES:  # every mode's refusals, in play or not; the first one registered wins
        for kind, refusal in (mode.refuses(rules) if mode.refuses else {}).items():
            refused.setdefault(kind, refusal)
    found = InPlay(
        refused=refused,
        guards=tuple(m.guard for m in modes if m.guard is not None),
        befores=tuple(m.before for m in modes if m.before is not None),
        afters=tuple(
            (m.after, m.ends_turn) for m in modes if m.after is not None or m.ends_turn is not None
        ),
        turns=tuple(m.turn for m in modes if m.turn is not None),
        at_neutrals=tuple(m.at_neutrals for m in modes if m.at_neutrals is not None),
        at_setup_end=tuple(m.at_setup_end for m in modes if m.at_setup_end is not None),
        attacks=next((m.attacks for m in modes if m.attacks is not None), None),
        defences=next((m.defences for m in modes if m.defences is not None), None),
        manoeuvres=tuple(m.manoeuvre for m in modes if m.manoeuvre is not None),
        unforeseen=tuple(m.unforeseen for m in modes if m.unforeseen is not None),
        at_attack=tuple(m.at_attack for m in modes if m.at_attack is not None),
        at_turn_start=tuple(m.at_turn_start for m in modes if m.at_turn_start is not None),
        turn_parts=tuple(m.turn_parts for m in modes if m.turn_parts is not None),
        at_turn_over=tuple(m.at_turn_over for m in modes if m.at_turn_over is not None),
        turn_due=tuple(m.turn_due for m in modes if m.turn_due is not None),
        places_for=tuple(m.places_for for m in modes if m.places_for is not None),
        commands=tuple(m.commands for m in modes if m.commands is not None),
        secret_deal=next((m.secret_deal for m in modes if m.secret_deal is not None), None),
        attacking_armies=tuple(m.attacking_armies for m in modes if m.attacking_armies is not None),
        moves_for=tuple(m.moves_for for m in modes if m.moves_for is not None),
        at_conquest=tuple(m.at_conquest for m in modes if m.at_conquest is not None),
        owed=tuple(m.owed for m in modes if m.owed is not None),
    )
    return found


def midway(state: GameState) -> bool:
    """The turn is in a part other than its last (``ModeRules.turn_parts``), which ending the
    turn only ends, and in which no manoeuvre is made."""
    return any(parts.midway(state) for parts in in_play(state.rules).turn_parts)


def commanded(state: GameState, player: str) -> tuple[str, ...]:
    """Whose armies ``player`` moves now: its own, and those of the forces a mode in play
    has it command (000-A's ally in its part of a turn; active allies in its own turn)."""
    found: tuple[str, ...] = (player,)
    for commands in in_play(state.rules).commands:
        found += commands(state, player)
    return found


def placed_for(state: GameState, player: str) -> str | None:
    """Whose armies ``player`` places now, when a mode in play has them place another
    force's (the first mode registered that says so)."""
    for places_for in in_play(state.rules).places_for:
        force = places_for(state, player)
        if force is not None:
            return force
    return None


def owed(state: GameState, seat: str) -> list[Action]:
    """The acts ``seat`` makes by itself now, as the modes in play have it (``ModeRules.owed``):
    on ``state`` as that seat knows it (its projection is enough)."""
    found = []
    for due in in_play(state.rules).owed:
        action = due(state, seat)
        if action is not None:
            found.append(action)
    return found
