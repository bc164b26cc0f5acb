"""Which moves need chance, known from the rules without playing them: the host publishes
such a move with a roll of the fair dice (docs/fairness.md) and any other without one.

Each kind of action has its rule below, read from the state as it stands before the move: a
defence always rolls, an attack rolls at once only against a standing defence, a card drawn
shuffles when the deck is out and the discards are not (at a turn's end and the next one's
start too), the setup's last army shuffles the deck (unless a mode holds the first turn back:
its coming shuffles it then). Where the answer hangs on what the move itself changes (a
headquarters opened, a claim that ends the turn, a win by an objective at a turn's end,
anything under active independents, which may roll after any move), the rules give no answer
here and ``Game.needs_chance`` plays the move on a copy instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    Attack,
    Defend,
    EndTurn,
    Fortify,
    MoveIn,
    Place,
    SetAutoDefend,
    TradeCards,
)
from .combat import defender_of
from .modes import CHANCE, in_play, midway
from .setup import finish_needs_chance, placing_neutral
from .state import GameState
from .teams import controlled_count
from .turn import draw_shuffles


def by_rule(s: GameState, player: str, action: Action) -> bool | None:
    """Whether ``player``'s ``action``, legal now, needs chance; None where the rules alone
    cannot say."""
    unforeseen = in_play(s.rules).unforeseen
    if any(u(s, False) for u in unforeseen):
        return None
    if isinstance(action, EndTurn):
        return _end_turn(s, player)
    if isinstance(action, Fortify):
        return _fortify(s, player)
    rule = _RULES.get(type(action))
    return None if rule is None else rule(s, action)


def _end_turn(s: GameState, player: str) -> bool | None:
    if midway(s):
        return False  # the turn moves on to its next part: nothing is drawn
    return _turn_over(s, player, leaving=s.phase != "fortify", ends=True)


def _fortify(s: GameState, player: str) -> bool | None:
    """A fortification ends the attack, and (but with movement points or unfought steps)
    the turn."""
    ends = s.rules.fortification not in ("points", "unfought_steps")
    return _turn_over(s, player, leaving=s.phase != "fortify", ends=ends)


def _turn_over(s: GameState, player: str, leaving: bool, ends: bool) -> bool | None:
    """Whether the cards drawn as the attack (``leaving``) and the turn (``ends``) end, and
    as the next turn begins, shuffle the discards (``turnflow``'s ``end_turn`` and
    ``begin_turn``)."""
    rules = s.rules
    draws = int(leaving and s.conquered and rules.card_draw == "after_attack")
    if ends and not midway(s):
        if any(u(s, True) for u in in_play(rules).unforeseen):
            return None  # e.g. a win then ends the game before the next turn's cards
        draws += int(s.conquered and rules.card_draw == "end_of_turn")
        following = s.next_player(player)
        if rules.card_draw == "turn_start":
            draws += 1
        elif rules.card_draw == "by_territories":
            draws += controlled_count(s, following) % rules.income_divisor
    return draw_shuffles(s, draws)


def _place(s: GameState, action: Place) -> bool:
    """Only the last army of the setup may need chance: the deck is shuffled then."""
    if s.phase not in ("claim", "setup"):
        return False
    placed = 1 if placing_neutral(s) else action.count
    return sum(s.setup_left.values()) == placed and finish_needs_chance(s)


def _attack(s: GameState, action: Attack) -> bool:
    """Rolled at once against a standing defence, else when the defender answers."""
    return s.auto_defend.get(defender_of(s, action.target)) is not None


def _never(s: GameState, action: Any) -> bool:
    return False


def _always(s: GameState, action: Any) -> bool:
    return True


_RULES: dict[type, Callable[[GameState, Any], bool | None]] = {
    TradeCards: _never,
    MoveIn: _never,
    SetAutoDefend: _never,
    Defend: _always,  # at least one battle is rolled
    Place: _place,
    Attack: _attack,
    **CHANCE,
}
