"""The Now panel's words for a setup plan (F8)."""

from __future__ import annotations

from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.player_turn import Turn


def plan_line(turn: Turn, lang: str, line: str) -> str:
    """What a running setup plan (F8) does, under the step's words."""
    plan, s = turn.plan, turn.game.state if turn.game else None
    assert plan is not None and s is not None
    if plan.kind == "claim":
        return f"{line}\n{say(lang, 'plan_on_claims')}"
    return f"{line}\n{say(lang, 'plan_on', count=sum(plan.staged(s).values()))}"
