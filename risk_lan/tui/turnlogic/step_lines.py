"""What the Now panel says of the step, in a sentence: whom the game waits for, the setup's
armies, the reinforcements left, the three stages of an attack or a manoeuvre, the armies
to move in, the defence; each mode's own steps first (its unit's ``now_line``). Without any
drawing."""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.rules import Game
from risk_lan.rules.setup import placing_neutral
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.modeapps import neutral_name
from risk_lan.tui.turnlogic.plan_line import plan_line
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_step import Step
from risk_lan.wording import PlaceName

Namer = Callable[[str | None], PlaceName]  # a territory's name, "?" for none


def step_line(turn: Turn, step: Step, names: dict[str, str], lang: str, name: Namer) -> str:
    """The Now panel's sentence for ``step`` (the setup plan's, while one is made)."""
    game = turn.game
    assert game is not None
    mode = modeapps.now_line(turn, step, names, lang, name)
    line = mode if mode is not None else _line(turn, step, game, names, lang, name)
    if turn.plan is not None and game.state.phase in ("claim", "setup"):
        line = plan_line(turn, lang, line)
    return line


def _line(turn: Turn, step: Step, game: Game, names: dict[str, str], lang: str, name: Namer) -> str:
    s = game.state
    if step.name in ("waiting", "watching"):
        return _waiting_line(turn, step, game, names, lang)
    if step.name == "setup":
        return _setup_line(turn, game, lang)
    if step.name == "place":
        left = s.pool - turn.staged_total()
        if not left:
            return say(lang, "place_done")
        return say(lang, "place", left=left, amount=step.amount)
    if step.name in ("attack", "fortify"):
        # Three stages each: choose the source, then the target, then go.
        stage = 0 if turn.source is None else 1 if turn.target is None else 2
        key = (step.name, f"{step.name}_target", f"{step.name}_ready")[stage]
        return say(
            lang,
            key,
            source=name(turn.source),
            target=name(turn.target),
            dice=step.amount,
            amount=step.amount,
        )
    if step.name == "move_in":
        low, high = step.amount_range or (0, 0)
        return say(lang, "move_in", amount=step.amount, low=low, high=high)
    if step.name == "defend":
        attack = s.attack
        return say(
            lang,
            "defend",
            attacker=shown(names.get(s.current, s.current), 24),
            target=name(attack.target if attack else None),
            amount=step.amount,
        )
    return say(lang, step.name)


def _waiting_line(turn: Turn, step: Step, game: Game, names: dict[str, str], lang: str) -> str:
    s = game.state
    who = game.waiting_for()
    key = step.name
    if turn.recorded:
        key = "replay_to_move"
    elif step.name == "watching" and turn.seat in s.eliminated:
        key = "watching_out"
    return say(
        lang,
        key,
        player=shown(names.get(who or "", who or "?"), 24),
        by=shown(names.get(s.eliminated_by.get(turn.seat, ""), "?"), 24),
    )


def _setup_line(turn: Turn, game: Game, lang: str) -> str:
    s = game.state
    if s.neutral_due:
        due = s.neutral_due[0]
        return say(lang, "setup_independent", neutral=neutral_name(s, due, lang),
                   left=s.setup_left.get(due, 0))  # fmt: skip
    if placing_neutral(s):
        return say(lang, "setup_neutral", left=sum(s.setup_left.get(n, 0) for n in s.neutrals))
    if s.rules.setup_step > 1:
        return say(lang, "setup_step", step=s.pool, left=s.setup_left.get(turn.seat, 0))
    return say(lang, "setup", left=s.setup_left.get(turn.seat, 0))
