"""The Now panel's words for a setup plan (F8)."""

from __future__ import annotations

from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.player_turn import Turn


def plan_line(turn: Turn, lang: str, line: str) -> str:
    """What a setup plan (F8) does: staged, it replaces the step's words; running, it says
    what is left under them."""
    plan, s = turn.plan, turn.game.state if turn.game else None
    assert plan is not None and s is not None
    planned = sum(plan.staged(s).values())
    if plan.confirmed and plan.kind == "claim":
        return f"{line}\n{say(lang, 'plan_on_claims')}"
    if plan.confirmed:
        return f"{line}\n{say(lang, 'plan_on', count=planned)}"
    if plan.kind == "claim":
        return say(lang, "plan_claims", count=planned)
    return say(lang, "plan_armies", count=planned, left=s.setup_left.get(turn.seat, 0))
