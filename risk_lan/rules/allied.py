"""000-A's allied third force (``neutral_play`` "ally", «RÈGLE POUR 2 JOUEURS»).

A turn has three parts. In the first ("own") the player whose turn it is places, trades and
attacks. In the second ("ally") the opponent places the ally's share, half of every army that
player gained this turn rounded down (9 → 4), on the ally's territories, and may counter-attack
that player with the ally's armies; the ally's conquests are its own and earn nobody a card.
In the third ("again") the player attacks or moves again. Once the ally is destroyed, it gets
nothing more and turns are plain again. Decisions where the rulebook is silent: docs/rules.md.
"""

from __future__ import annotations

from .actions import Action, EndTurn
from .events import AllyDestroyed, AllyPart, Event
from .illegal import IllegalAction
from .modeunit import ModeRules, TurnLists, TurnParts
from .state import GameState


def ally(state: GameState) -> str | None:
    """The ally's id, while it is in play."""
    if state.rules.neutral_play != "ally" or not state.neutrals:
        return None
    force = state.neutrals[0]
    return force if state.count(force) else None


def opponent(state: GameState) -> str:
    """The other player: the one who plays the ally in this turn."""
    return state.next_player(state.current)


def begin(state: GameState) -> None:
    """A new turn: its first part, if the ally is still in play."""
    state.ally_stage = "own" if ally(state) is not None else ""


def midway(state: GameState) -> bool:
    """The turn is in its first or second part, each ended like a turn."""
    return state.ally_stage in ("own", "ally")


def next_part(state: GameState, player: str) -> list[Event]:
    if state.ally_stage == "own":
        return hand_over(state, player)
    return take_back(state)


def commands_ally(state: GameState, player: str) -> bool:
    """Whether ``player`` is the one placing or attacking with the ally now."""
    return state.ally_stage == "ally" and state.acting == player


def share(state: GameState) -> int:
    return state.gained // 2


def hand_over(state: GameState, player: str) -> list[Event]:
    """``player`` ended the first part: the opponent takes the ally, with its share to place.
    With nothing to place and no attack to make, the second part is passed over."""
    force = ally(state)
    assert force is not None
    other = opponent(state)
    armies = share(state)
    state.trade_window = "none"
    if not armies and not _can_attack(state, force):
        state.ally_stage = "again"
        state.phase = "attack"
        return [AllyPart(other, "passed", force, 0), AllyPart(player, "again", force, 0)]
    state.ally_stage, state.acting = "ally", other
    state.pool = armies
    state.phase = "reinforce" if armies else "attack"
    return [AllyPart(other, "ally", force, armies)]


def take_back(state: GameState) -> list[Event]:
    """The opponent is done with the ally: the player whose turn it is plays on."""
    force = ally(state) or (state.neutrals[0] if state.neutrals else "")
    state.ally_stage, state.acting = "again", None
    state.phase = "attack"
    return [AllyPart(state.current, "again", force, 0)]


def _attacking_armies(
    state: GameState, player: str, source: str, target: str, own: int
) -> int | None:
    """In the ally's part, its commander attacks with the ally's armies, on the player whose
    turn it is only."""
    if not commands_ally(state, player):
        return None
    if state.owner[source] != ally(state):
        raise IllegalAction("not_ally", f"{source} is not the ally's: attack with its armies")
    if state.owner[target] != state.current:
        raise IllegalAction("ally_target", f"the ally counter-attacks {state.current} only")
    return state.armies[source]


def after_conquest(state: GameState, previous: str, player: str) -> list[Event]:
    """``previous`` lost a territory to ``player``: if that was the ally's last, it is out."""
    if state.rules.neutral_play != "ally" or previous not in state.neutrals:
        return []
    if state.count(previous):
        return []
    state.ally_stage = ""
    return [AllyDestroyed(previous, player)]


def _can_attack(state: GameState, force: str) -> bool:
    target = state.current
    rounds = state.rules.protect_last_territory_rounds
    if rounds and state.round <= rounds and state.count(target) == 1:
        return False
    armies, owner, neighbours = state.armies, state.owner, state.board.neighbours
    return any(
        armies[t] > 1 and any(owner[n] == target for n in neighbours[t])
        for t in state.territories_of(force)
    )


def _ally_turn(state: GameState, player: str, lists: TurnLists) -> list[Action] | None:
    """000-A: the opponent's part of the turn, with the ally (None in the other parts)."""
    if not (commands_ally(state, player) and state.phase in ("reinforce", "attack")):
        return None
    force = ally(state)
    return _ally_part(state, player, state.territories_of(force) if force else [], lists)


def _ally_part(state: GameState, player: str, owned: list[str], lists: TurnLists) -> list[Action]:
    """Placing the ally's share on its territories, then its counter-attacks on the player
    whose turn it is, and the end of the part."""
    if state.phase == "reinforce" and state.pool > 0:
        return lists.places(state, owned, state.pool)
    if state.phase in ("reinforce", "attack"):
        target = state.current
        attacks = lists.attacks(state, player, owned)
        return [a for a in attacks if state.owner[a.target] == target] + [EndTurn()]
    return []


MODE = ModeRules(
    name="allied",
    applies=lambda rules: rules.neutral_play == "ally",
    turn=_ally_turn,
    at_turn_start=begin,
    places_for=lambda s, player: ally(s) if commands_ally(s, player) else None,
    commands=lambda s, player: tuple(s.neutrals[:1]) if commands_ally(s, player) else (),
    attacking_armies=_attacking_armies,
    at_conquest=after_conquest,
    turn_parts=TurnParts(
        midway,
        next_part,
        lambda: IllegalAction(
            "ally_first", "armies move after the ally's part of the turn: end this part first"
        ),
    ),
)
