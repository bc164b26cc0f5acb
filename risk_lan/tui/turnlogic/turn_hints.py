"""Why a pick on the map or a turn key did nothing, as a text's key (``hint_texts``) and its
fields: every key gets an answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from risk_lan.rules.teams import armies_of
from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.revised_steps import bounded

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_step import Step

Hint = tuple[str, dict[str, Any]]


def why_pick(turn: Turn, step: Step, territory: str) -> Hint:
    """Why picking ``territory`` does nothing at this step (a text's key and fields)."""
    assert turn.game is not None
    s = turn.game.state
    at = {"territory": territory, "source": turn.source}
    first = modeapps.pick_why(turn, step, territory)  # (an offensive, the ally's armies)
    if first is not None:
        return first
    if step.name == "watching":
        return (why_watching(turn), at)
    if step.name == "waiting":
        return (_waiting(turn, "pick_not_your_turn"), at)
    own = modeapps.pick_hint(turn, step)
    if own is not None:
        return (own, at)
    if step.name in ("over", "defend", "move_in", "trade"):
        return (f"pick_{step.name}", at)
    if step.name == "claim":
        return ("pick_taken", at)
    if step.name == "place" and not step.choices:
        return ("pick_all_placed", at)
    mine = bool(armies_of(s, territory, turn.seat))
    if not mine and step.name in ("setup", "place"):
        return ("pick_not_yours", at)
    if step.name == "place" and bounded(turn.game):
        return _no_room(turn, territory)
    return (_why_not_from(turn, step, territory, mine), at)


def _why_not_from(turn: Turn, step: Step, territory: str, mine: bool) -> str:
    """Why a pick does nothing while attacking or moving armies (a text's key)."""
    assert turn.game is not None
    if step.name == "attack" and turn.source is None:
        if not mine:
            return "pick_attack_from_yours"
        if turn.game.state.armies[territory] < 2:
            return "pick_too_few"
        return "pick_no_enemy_near"
    if step.name == "attack":
        return "pick_cannot_attack_from" if mine else "pick_not_adjacent"
    if step.name == "fortify" and turn.source is None:
        return "pick_cannot_move_from" if mine else "pick_not_yours"
    if step.name == "fortify":
        return "pick_not_reachable" if mine else "pick_not_yours"
    return "pick_not_now"


def _no_room(turn: Turn, territory: str) -> Hint:
    """Rulebook 004: one of the player's territories that can take no more: full under the cap
    (the placements staged counted), or the armies left are bonuses bound elsewhere."""
    assert turn.game is not None
    cap = turn.game.rules.army_cap
    staged = sum(n for t, n in turn.staged if t == territory)
    if cap and turn.game.state.armies[territory] + staged >= cap:
        return ("place_full", {"territory": territory, "cap": cap})
    return ("place_bound_none", {"territory": territory})


def _waiting(turn: Turn, key: str) -> str:
    """Why the player waits: a mode's reason where another acts in the player's own turn
    (000-A's ally), else ``key`` ("not your turn")."""
    return modeapps.waiting(turn) or key


def why_watching(turn: Turn) -> str:
    """Why a spectator, or a player out of the game, plays nothing (a text's key)."""
    out = turn.game is not None and turn.seat in turn.game.state.eliminated
    return "pick_out" if out else "pick_watching"


def why_key(turn: Turn, key: str) -> Hint | None:
    """Why the turn key ``key`` (attack, blitz, end, trade, confirm, undo, cancel) does
    nothing now, as a text's key and fields; None if it does something."""
    step = turn.step()
    if key in step.keys:
        return None
    return _why_not_at_step(turn, step, key) or (_why_not_in_turn(turn, step, key), {})


def _why_not_at_step(turn: Turn, step: Step, key: str) -> Hint | None:
    """Why a key does nothing because of the step: not the player's turn, the setup, a
    defence, reinforcements still to place; or rules where the key means something else.
    None when the step is not why."""
    if step.name == "watching":
        return (why_watching(turn), {})
    if step.name == "waiting":
        return (_waiting(turn, "key_not_your_turn"), {})
    if step.name == "over":
        return ("pick_over", {})
    own = modeapps.key_hint(turn, step, key)
    if own is not None:
        return own
    if key == "plan":
        return ("key_plan_setup_only", {})
    at_step = modeapps.step_why(turn, step)
    if at_step is not None:
        return at_step
    if step.name in ("defend", "move_in"):
        return (f"pick_{step.name}", {})
    if step.name in ("claim", "setup"):
        # Once the claims are over, or where the territories are dealt, armies are placed.
        return ("key_setup" if step.name == "claim" else "key_setup_armies", {})
    if step.name == "place" and key not in ("trade", "undo", "cancel"):
        left = step.amount_range[1] if step.amount_range and step.choices else 0
        return ("key_place_first", {"left": left}) if left else ("key_confirm_first", {})
    return None


def _why_not_in_turn(turn: Turn, step: Step, key: str) -> str:
    """Why a key does nothing in the player's own turn (a text's key)."""
    if key == "trade":
        return "key_no_set"
    if key == "undo":
        return "key_nothing_to_undo"
    if key == "cancel":
        return "key_nothing_to_cancel"
    if step.name == "trade":
        return "pick_trade"
    if key in ("attack", "blitz"):
        if step.name != "attack":
            return "key_no_attack_now"
        return "key_pick_target" if turn.source else "key_pick_source"
    if key == "confirm" and step.name in ("attack", "fortify"):
        return "key_pick_target" if turn.source else "key_pick_source"
    return "key_not_now"
