"""Which moves need chance, known from the rules without playing them: the host publishes
such a move with a roll of the fair dice (docs/fairness.md) and any other without one.

Each kind of action has its rule below, read from the state as it stands before the move: a
defence always rolls, an attack rolls at once only against a standing defence, a card drawn
shuffles when the deck is out and the discards are not, the setup's last army shuffles the
deck. Where the answer hangs on what the move itself changes (a turn's end, a fortification
that ends the attack, a headquarters opened, anything under active independents, which may
roll after any move), the rules give no answer here and ``Game.needs_chance`` plays the move
on a copy instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import missions
from .actions import (
    Action,
    Answer,
    Attack,
    Capitulate,
    ClaimMission,
    Commit,
    Defend,
    GiveCard,
    MoveIn,
    Place,
    Retreat,
    SealCapital,
    SetAutoDefend,
    TradeCards,
)
from .calculated import answerer, card_unknown
from .combat import defender_of
from .setup import placing_neutral
from .state import GameState


def by_rule(s: GameState, action: Action) -> bool | None:
    """Whether ``action``, legal now, needs chance; None where the rules alone cannot say."""
    if s.rules.neutral_play == "active":
        return None
    rule = _RULES.get(type(action))
    return None if rule is None else rule(s, action)


def _draw_shuffles(s: GameState) -> bool:
    """A card drawn now is drawn from a deck shuffled anew from the discards."""
    return not s.deck and bool(s.discard)


def _place(s: GameState, action: Place) -> bool:
    """Only the last army of the setup needs chance: the deck is shuffled then."""
    if s.phase not in ("claim", "setup"):
        return False
    placed = 1 if placing_neutral(s) else action.count
    return sum(s.setup_left.values()) == placed


def _attack(s: GameState, action: Attack) -> bool:
    """Rolled at once against a standing defence, else when the defender answers."""
    return s.auto_defend.get(defender_of(s, action.target)) is not None


def _commit(s: GameState, action: Commit) -> bool:
    """Answered at once by a standing answer, where whether the card goes with the armies
    is public (``calculated.commit``)."""
    defender = answerer(s, action.target)
    standing = s.auto_defend.get(defender) is not None
    return standing and not card_unknown(s, defender, action.target)


def _retreat(s: GameState, action: Retreat) -> bool:
    """A card taken at random from the defender's hand, else drawn from the deck."""
    attack = s.attack
    assert attack is not None
    return bool(s.hands[attack.defender]) or _draw_shuffles(s)


def _claim(s: GameState, action: ClaimMission) -> bool | None:
    """A claim at the turn's end ends the turn, which the rules alone cannot foresee."""
    return None if missions.missions()[action.mission].window == "turn_end" else False


def _never(s: GameState, action: Any) -> bool:
    return False


def _always(s: GameState, action: Any) -> bool:
    return True


_RULES: dict[type, Callable[[GameState, Any], bool | None]] = {
    TradeCards: _never,
    MoveIn: _never,
    SetAutoDefend: _never,
    SealCapital: _never,
    GiveCard: _never,
    Defend: _always,  # at least one battle is rolled
    Answer: _always,  # both sides' two dice
    Place: _place,
    Attack: _attack,
    Commit: _commit,
    Retreat: _retreat,
    Capitulate: lambda s, a: _draw_shuffles(s),
    ClaimMission: _claim,
}
