"""The modes of play the engine knows, registered here once: one line per mode, whose rules
live in its own module (see ``modeunit.ModeRules``).

The order is the order in which their hooks run, so the events of one action come out in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from . import allied, calculated, capitals, independents, missions, objectives
from .actions import Action
from .modeunit import After, Attacks, Check, Effect, Manoeuvre, ModeRules, Refusal, TurnLists
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
    afters: tuple[After, ...]
    turns: tuple[Callable[[GameState, str, TurnLists], list[Action] | None], ...]
    at_neutrals: tuple[Callable[[GameState], None], ...]
    at_setup_end: tuple[Callable[[GameState], bool], ...]
    attacks: Attacks | None
    defences: Callable[[GameState, str], list[Action]] | None
    manoeuvres: tuple[Manoeuvre, ...]
    unforeseen: tuple[Callable[[GameState, bool], bool], ...]
    at_attack: tuple[Callable[[GameState, str, str], None], ...]


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
        afters=tuple(m.after for m in modes if m.after is not None),
        turns=tuple(m.turn for m in modes if m.turn is not None),
        at_neutrals=tuple(m.at_neutrals for m in modes if m.at_neutrals is not None),
        at_setup_end=tuple(m.at_setup_end for m in modes if m.at_setup_end is not None),
        attacks=next((m.attacks for m in modes if m.attacks is not None), None),
        defences=next((m.defences for m in modes if m.defences is not None), None),
        manoeuvres=tuple(m.manoeuvre for m in modes if m.manoeuvre is not None),
        unforeseen=tuple(m.unforeseen for m in modes if m.unforeseen is not None),
        at_attack=tuple(m.at_attack for m in modes if m.at_attack is not None),
    )
    return found
