"""What the Now panel says in a turn with allies: with 000-A's ally, the player whose turn
it is hands the ally to the opponent, who places its share and may counter-attack; with the
active independents, the allies' dice to place and the offensive under way."""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.turnlogic.independents_lines import neutral_name
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_step import Step
from risk_lan.wording import PlaceName


def ally_line(
    turn: Turn,
    step: Step,
    names: dict[str, str],
    lang: str,
    name: Callable[[str | None], PlaceName],
) -> str | None:
    """The Now panel's words for this step of a turn with the ally; None where the usual
    words are true as they are."""
    assert turn.game is not None
    s = turn.game.state
    if not s.ally_stage:
        return None
    me = turn.seat

    def who(player: str) -> str:
        return shown(names.get(player, player), 24)

    acting = s.acting
    if step.name == "waiting" and acting and acting != me and s.current == me:
        return say(lang, "ally_waiting", player=who(acting))
    if step.name == "defend" and acting and acting != me and s.attack is not None:
        return say(lang, "ally_defend", player=who(acting), target=name(s.attack.target),
                   amount=step.amount)  # fmt: skip
    if step.name not in ("attack", "fortify", "place") or turn.source is not None:
        return None
    if acting == me:
        if step.name == "place":
            left = s.pool - turn.staged_total()
            return say(lang, "ally_place", left=left, amount=step.amount) if left else None
        key = "ally_attack" if step.choices else "ally_no_attack"
        return say(lang, key, player=who(s.current))
    if s.current != me or step.name == "place":
        return None
    if s.ally_stage == "own":
        return say(lang, "ally_own", player=who(s.next_player(me)))
    if s.ally_stage == "again" and step.name == "attack" and not turn.fortifying:
        return say(lang, "ally_again")
    return None


def independents_line(
    turn: Turn, step: Step, lang: str, name: Callable[[str | None], PlaceName]
) -> str | None:
    """The Now panel's words for the active independents' steps; None elsewhere."""
    assert turn.game is not None
    s = turn.game.state
    if s.rules.neutral_play != "active" or not turn.my_turn:
        return None
    if s.offensive and step.name == "attack":
        source, target, force, victim = s.offensive
        names = " / ".join(neutral_name(s, n, lang) for n in (victim, force) if n in s.neutrals)
        return say(lang, "offensive", source=name(source), target=name(target), names=names)
    if step.name != "place":
        return None
    left = s.pool - turn.staged_total()
    if s.placing_for and left:
        who = neutral_name(s, s.placing_for, lang)
        return say(lang, "ally_die", left=left, name=who, amount=step.amount)
    if s.influence_open and left:
        return say(lang, "place", left=left, amount=step.amount) + " " + say(lang, "active_turn")
    return None
