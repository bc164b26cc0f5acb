"""The modes a bot plays its own way, registered here once: one line per mode, whose decisions
live in its own bot module (see ``modeplay.ModePlay``).

The order is the order in which a bot asks them, so the first mode with a move at a step
makes it (000-A's ally before the active independents before rulebook 004's revised rules).
"""

from __future__ import annotations

from risk_lan.bots import (
    ally_play,
    capitals_play,
    independents_play,
    missions_play,
    objectives_play,
    revised_play,
)
from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules.ruleset import RuleSet, per_rule_set

MODE_PLAYS: tuple[ModePlay, ...] = (
    ally_play.PLAY,
    independents_play.PLAY,
    revised_play.PLAY,
    revised_play.CALCULATED_PLAY,
    missions_play.PLAY,
    capitals_play.PLAY,
    objectives_play.PLAY,
)


@per_rule_set
def playing(rules: RuleSet) -> tuple[ModePlay, ...]:
    """The modes that ``rules`` plays, in registry order."""
    return tuple(m for m in MODE_PLAYS if m.applies(rules))
