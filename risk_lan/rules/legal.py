"""Every legal action in a state, enumerated exactly (each one is accepted by the engine, and
anything else is refused), but for the sealed choice of headquarters and its opening (Capital
rules), whose seals and nonces are the player's own secret: none is listed for them."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from .actions import (
    AbandonCapital,
    Action,
    Answer,
    Attack,
    Capitulate,
    ClaimMission,
    Commit,
    Defend,
    EndOffensive,
    EndTurn,
    Fortify,
    GiveCard,
    MoveIn,
    Place,
    ReinforceAlly,
    Retreat,
    SetAutoDefend,
    TradeCards,
)
from .allied import ally, commands_ally
from .calculated import supporters
from .cards import is_joker
from .independents import GIVEN_A_TURN, MOST_GIVEN, allies_of
from .missions import claimable
from .revised import movement_points, placeable_here, room, step_cost
from .setup import neutral_choices, placing_neutral, step_left
from .state import GameState
from .teams import allies, armies_of, movable, placeable, presence
from .turn import bonus_candidates, must_trade, sets_in_hand, trade_open


def waiting_for(state: GameState) -> str | None:
    """The player whose decision the game waits for (None once it is over)."""
    if state.phase == "over":
        return None
    if state.phase == "defend":
        assert state.attack is not None
        return state.attack.defender
    return state.acting or state.current


def legal_actions(state: GameState, player: str) -> list[Action]:
    if state.phase == "over" or not state.alive(player):
        return []
    out: list[Action] = [SetAutoDefend(None)]
    out.extend(SetAutoDefend(d) for d in range(1, state.rules.defender_max_dice + 1))
    if player != waiting_for(state):
        return out
    if state.phase in TURN_PHASES:
        return out + _turn(state, player)
    step = _STEPS.get(state.phase)
    return out + step(state, player) if step is not None else out


Enumerator = Callable[[GameState, str], list[Action]]

TURN_PHASES = ("reinforce", "attack", "fortify")


def _turn(state: GameState, player: str) -> list[Action]:
    """A step of a turn: a mode's own turn where it has one, else the classic turn's (after
    the missions that may be claimed, under Risk Mission)."""
    for applies, enumerate_turn in _MODE_TURNS:
        if applies(state, player):
            return enumerate_turn(state, player)
    out = _claims(state, player) if state.rules.victory == "missions" else []
    return out + _TURN_STEPS[state.phase](state, player)


# ----- the steps before and between turns ---------------------------------------------------


def _claim_places(state: GameState, player: str) -> list[Action]:
    return [Place(t) for t, o in state.owner.items() if o is None]


def _setup_places(state: GameState, player: str) -> list[Action]:
    if placing_neutral(state):
        due = neutral_choices(state)
        return [Place(t) for t, o in state.owner.items() if o in due]
    # Where the player has armies: under team rules, also territories a teammate holds.
    return _places(state, presence(state, player), step_left(state))


def _reveal(state: GameState, player: str) -> list[Action]:
    return [AbandonCapital()]  # the opening itself is the player's secret


def _defences(state: GameState, player: str) -> list[Action]:
    if state.rules.combat == "calculated":
        return _answers(state, player)
    assert state.attack is not None
    most = min(state.rules.defender_max_dice, state.armies[state.attack.target])
    return [Defend(d) for d in range(1, most + 1)]


def _moves_in(state: GameState, player: str) -> list[Action]:
    assert state.move_in is not None
    return [MoveIn(n) for n in range(state.move_in.minimum, state.move_in.maximum + 1)]


# ----- the classic turn ----------------------------------------------------------------------


def _reinforce(state: GameState, player: str) -> list[Action]:
    out = _trades(state, player) if trade_open(state) else []
    if must_trade(state):
        return out
    if state.pool > 0:
        return out + _places(state, placeable(state, player), state.pool)
    return out + _attack(state, player)


def _attack(state: GameState, player: str) -> list[Action]:
    owned = presence(state, player)
    return [*_attacks(state, player, owned), *_fortifications(state, player, owned), EndTurn()]


def _fortify(state: GameState, player: str) -> list[Action]:
    return [*_fortifications(state, player, presence(state, player)), EndTurn()]


# ----- the turns of modes that have their own ------------------------------------------------


def _commands_ally(state: GameState, player: str) -> bool:
    return commands_ally(state, player) and state.phase in ("reinforce", "attack")


def _ally_turn(state: GameState, player: str) -> list[Action]:
    """000-A: the opponent's part of the turn, with the ally."""
    force = ally(state)
    return _ally_part(state, player, state.territories_of(force) if force else [])


def _ally_part(state: GameState, player: str, owned: list[str]) -> list[Action]:
    """Placing the ally's share on its territories, then its counter-attacks on the player
    whose turn it is, and the end of the part."""
    if state.phase == "reinforce" and state.pool > 0:
        return _places(state, owned, state.pool)
    if state.phase in ("reinforce", "attack"):
        target = state.current
        attacks = _attacks(state, player, owned)
        return [a for a in attacks if state.owner[a.target] == target] + [EndTurn()]
    return []


def _independents_active(state: GameState, player: str) -> bool:
    return state.rules.neutral_play == "active"


def _active_turn(state: GameState, player: str) -> list[Action]:
    """A turn with active independents: gifts, own and allied reinforcements, attacks with
    one's own and one's allies' armies (an offensive under way is attacked on or stopped),
    and a manoeuvre for the player and each ally."""
    phase = state.phase
    if state.offensive and phase in ("reinforce", "attack"):
        return _offensive(state)
    out: list[Action] = []
    allies = allies_of(state, player)
    if phase == "reinforce":
        if state.influence_open:
            out.extend(_gifts(state, player))
        if trade_open(state):
            out.extend(_trades(state, player))
        if must_trade(state):
            return out
        if state.pool > 0:
            where = state.territories_of(state.placing_for or player)
            return out + _places(state, where, state.pool)
        if not state.attacks_begun:
            out.extend(ReinforceAlly(n) for n in allies if n not in state.reinforced)
    forces = [player, *allies]
    if phase in ("reinforce", "attack"):
        out.extend(_forces_attacks(state, player, forces))
    out.extend(_forces_manoeuvres(state, forces))
    out.append(EndTurn())
    return out


def _offensive(state: GameState) -> list[Action]:
    """The offensive under way: attacked on, with or without a stop, or stopped."""
    assert state.offensive
    src, tgt = state.offensive[:2]
    armies = state.armies[src]
    dice = range(1, min(state.rules.attacker_max_dice, armies - 1) + 1)
    out: list[Action] = [Attack(src, tgt, d) for d in dice]
    out.extend(Attack(src, tgt, d, k) for d in dice for k in range(1, armies))
    return [*out, EndOffensive()]


def _gifts(state: GameState, player: str) -> list[Action]:
    """A card (not a joker) for each independent that may still be given one and is not
    already the player's ally."""
    cards = sorted({c for c in state.hands[player] if not is_joker(c)})
    return [
        GiveCard(n, c)
        for n in state.neutrals
        if state.count(n)
        and state.status.get(n) != player
        and len(state.given.get(n, ())) < MOST_GIVEN
        and state.given_turn.get(n, 0) < GIVEN_A_TURN
        for c in cards
    ]


def _forces_attacks(state: GameState, player: str, forces: list[str]) -> list[Action]:
    """Attacks with the player's armies and its allies', on anyone outside that force."""
    most_dice = state.rules.attacker_max_dice
    out: list[Action] = []
    for force in forces:
        for src in state.territories_of(force):
            armies = state.armies[src]
            for tgt in state.board.neighbours[src] if armies > 1 else ():
                if state.owner[tgt] in (force, player):
                    continue
                for d in range(1, min(most_dice, armies - 1) + 1):
                    out.append(Attack(src, tgt, d))
                    out.extend(Attack(src, tgt, d, k) for k in range(1, armies))
    return out


def _forces_manoeuvres(state: GameState, forces: list[str]) -> list[Action]:
    """A manoeuvre within each force's own territories, for each that has not moved."""
    rule = state.rules.fortification
    out: list[Action] = []
    for force in forces:
        if force in state.moved:
            continue
        own = state.territories_of(force)
        mine = set(own)
        for src in own:
            most = state.armies[src] - 1
            if rule == "unfought_steps":
                most = min(most, state.armies[src] - state.engaged.get(src, 0))
            if most < 1:
                continue
            if rule == "connected":
                targets = sorted(_component(state, src, mine) - {src})
            else:
                targets = [t for t in state.board.neighbours[src] if t in mine]
            for tgt in targets:
                fits = min(most, room(state, tgt))
                out.extend(Fortify(src, tgt, n) for n in range(1, fits + 1))
    return out


def _places(state: GameState, where: list[str], most: int) -> list[Action]:
    """Placing 1 to ``most`` armies on one of ``where``, as many as fit under the cap (and,
    for seed 004's continent bonuses, as many as may go there)."""
    out: list[Action] = []
    for t in where:
        fits = min(most, room(state, t))
        if state.bound_pools and state.phase == "reinforce":
            fits = min(fits, placeable_here(state, state.current, t))
        out.extend(Place(t, n) for n in range(1, fits + 1))
    return out


def _claims(state: GameState, player: str) -> list[Action]:
    return [ClaimMission(m) for m in claimable(state, player)]


def _trades(state: GameState, player: str) -> list[Action]:
    out: list[Action] = []
    for cards in sets_in_hand(state, player):
        candidates = bonus_candidates(state, player, cards)
        if state.rules.territory_bonus == "once_per_set" and candidates:
            out.extend(TradeCards(cards, t) for t in candidates)
        else:
            out.append(TradeCards(cards))
    return out


def _attacks(state: GameState, player: str, owned: list[str]) -> list[Attack | Commit]:
    out: list[Attack | Commit] = []
    rules = state.rules
    protect = (
        rules.protect_last_territory_rounds and state.round <= rules.protect_last_territory_rounds
    )
    team = allies(state, player)
    mixed = state.mixed
    for src in owned:
        armies = armies_of(state, src, player) if mixed else state.armies[src]
        if armies < 2:
            continue
        for tgt in state.board.neighbours[src]:
            victim = state.owner[tgt]
            if victim in team:
                continue
            if protect and victim in state.hands and state.count(victim) == 1:
                continue
            if rules.combat == "calculated":
                lays = (False, True) if src in state.hands[player] else (False,)
                helpers = supporters(state, player, src, tgt)
                supports = [c for k in range(len(helpers) + 1) for c in combinations(helpers, k)]
                out.extend(
                    Commit(src, tgt, n, lay, tuple(sorted(c)))
                    for n in range(1, armies)
                    for lay in lays
                    for c in supports
                )
                continue
            for dice in range(1, min(rules.attacker_max_dice, armies - 1) + 1):
                out.append(Attack(src, tgt, dice))
                out.extend(Attack(src, tgt, dice, k) for k in range(1, armies))
    return out


def _answers(state: GameState, player: str) -> list[Action]:
    """Seed 004: the defender's answers to a commitment: its own, with or without the card
    of the territory laid; a retreat by land; a capitulation before the first roll."""
    attack = state.attack
    assert attack is not None
    tgt = attack.target
    own = state.owner[tgt] == player
    lays = (False, True) if own and tgt in state.hands[player] else (False,)
    out: list[Action] = [Answer(n, lay) for n in range(1, state.armies[tgt] + 1) for lay in lays]
    if own:  # the neutral neither retreats nor capitulates
        board = state.board
        out.extend(
            Retreat(t)
            for t in board.neighbours[tgt]
            if state.owner[t] == player
            and board.border_kind(t, tgt) == "land"
            and room(state, t) >= state.armies[tgt]
        )
        if tgt not in state.fought and state.count(player) > 1:
            out.append(Capitulate())
    return out


def _fortifications(state: GameState, player: str, owned: list[str]) -> list[Action]:
    rule = state.rules.fortification
    if state.phase == "fortify" and rule not in ("unfought_steps", "points"):
        return []
    if state.ally_stage in ("own", "ally"):
        return []
    out: list[Action] = []
    # The territories armies may go to: the player's, and under team rules its team's.
    team = allies(state, player)
    friendly = owned
    if state.teams:
        friendly = [t for t in state.board.territory_ids if state.owner[t] in team]
    mine = set(friendly)
    reach: dict[str, set[str]] = {}
    if rule == "connected":
        for t in owned:
            if t not in reach:
                group = _component(state, t, mine)
                for member in group:
                    reach[member] = group
    for src in owned:
        most = movable(state, src, player)
        if rule == "unfought_steps":
            most = min(most, state.armies[src] - state.engaged.get(src, 0))
        if most < 1:
            continue
        if rule == "connected":
            targets = [t for t in friendly if t in reach[src] and t != src]
        else:
            targets = [t for t in state.board.neighbours[src] if t in mine]
        for tgt in targets:
            fits = min(most, room(state, tgt))
            if rule == "points":
                fits = min(fits, movement_points(state, player) // step_cost(state, src, tgt))
            out.extend(Fortify(src, tgt, n) for n in range(1, fits + 1))
    return out


def _component(state: GameState, start: str, mine: set[str]) -> set[str]:
    group = {start}
    stack = [start]
    while stack:
        for other in state.board.neighbours[stack.pop()]:
            if other in mine and other not in group:
                group.add(other)
                stack.append(other)
    return group


# What may be done at each step outside a turn, by phase (sealing a headquarters is the
# player's secret: nothing is listed for it).
_STEPS: dict[str, Enumerator] = {
    "claim": _claim_places,
    "setup": _setup_places,
    "capital_reveal": _reveal,
    "defend": _defences,
    "move_in": _moves_in,
}

# The classic turn's steps, by phase.
_TURN_STEPS: dict[str, Enumerator] = {
    "reinforce": _reinforce,
    "attack": _attack,
    "fortify": _fortify,
}

# The modes whose turn is their own, checked in order: when one applies, its enumerator.
_MODE_TURNS: tuple[tuple[Callable[[GameState, str], bool], Enumerator], ...] = (
    (_commands_ally, _ally_turn),
    (_independents_active, _active_turn),
)
