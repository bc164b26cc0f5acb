"""The modes a bot plays its own way, registered here once: one line per mode, whose decisions
live in its own bot module (see ``modeplay.ModePlay``).

The order is the order in which a bot asks them, so the first mode with a move at a step
makes it (000-A's ally before the active independents before rulebook 004's revised rules).
"""

from __future__ import annotations

from risk_lan.bots import ally_play, capitals_play, independents_play, missions_play, revised_play
from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules.ruleset import RuleSet

MODE_PLAYS: tuple[ModePlay, ...] = (
    ally_play.PLAY,
    independents_play.PLAY,
    revised_play.PLAY,
    revised_play.CALCULATED_PLAY,
    missions_play.PLAY,
    capitals_play.PLAY,
)

# Worked out once per rule set (by identity: a rule set is immutable, and few are alive).
_IN_PLAY: dict[int, tuple[RuleSet, tuple[ModePlay, ...]]] = {}
_MOST_KEPT = 64


def playing(rules: RuleSet) -> tuple[ModePlay, ...]:
    """The modes that ``rules`` plays, in registry order."""
    kept = _IN_PLAY.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    found = tuple(m for m in MODE_PLAYS if m.applies(rules))
    if len(_IN_PLAY) >= _MOST_KEPT:
        _IN_PLAY.clear()
    _IN_PLAY[id(rules)] = (rules, found)
    return found
