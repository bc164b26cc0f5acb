"""Combat with dice (RULES.md 1.7–1.9): declare, defend, roll, conquer, move in, eliminate."""

from __future__ import annotations

from collections.abc import Sequence

from . import revised
from .events import (
    AttackDeclared,
    AttackStopped,
    BattleRolled,
    Conquered,
    DefenceChosen,
    Event,
    GameWon,
    MovedIn,
    PlayerEliminated,
)
from .illegal import IllegalAction
from .modeunit import AtConquest, AttackingArmies, EffectHooks
from .randomness import RandomSource
from .state import GameState, PendingAttack, PendingMoveIn
from .teams import armies_of, friends, lose_defence, present, remove_armies
from .turn import check_can_move_on
from .victory import winner_after_battle


def defender_of(state: GameState, territory: str) -> str:
    """Who rolls the defence of a territory: its owner, or for a neutral army the next
    player after the attacker (the opponent, in two-player games)."""
    owner = state.owner[territory]
    assert owner is not None
    if owner in state.hands:
        return owner
    return state.next_player(state.current)


def check_attack(
    state: GameState,
    player: str,
    source: str,
    target: str,
    dice: int,
    stop_at: int | None,
    attacking: Sequence[AttackingArmies],
) -> None:
    """``attacking``: how the modes in play have a player attack with another force's
    armies."""
    if state.phase != "attack":  # most attacks follow another: no call to say so
        check_may_attack_now(state)
    check_known(state, source, target)
    armies = _attacking_armies(state, player, source, target, attacking)
    check_enemy_border(state, player, source, target)
    if armies < 2:
        raise IllegalAction("too_few_armies", f"{source} needs at least 2 armies to attack")
    most = min(state.rules.attacker_max_dice, armies - 1)
    if not 1 <= dice <= most:
        raise IllegalAction("bad_dice", f"attack with 1 to {most} dice from {source}")
    if stop_at is not None and not 1 <= stop_at < armies:
        raise IllegalAction("bad_stop", f"a blitz stops at 1 to {armies - 1} armies in {source}")
    if state.rules.protect_last_territory_rounds:
        check_not_protected(state, target)


# ----- what every attack must satisfy (with dice here, by commitment in calculated.py) ------


def check_may_attack_now(state: GameState) -> None:
    if state.phase != "attack":
        if state.phase == "fortify":
            raise IllegalAction("wrong_phase", "no attacks after fortifying")
        check_can_move_on(state)


def check_known(state: GameState, source: str, target: str) -> None:
    owners = state.owner
    if source not in owners or target not in owners:
        unknown = source if source not in owners else target
        raise IllegalAction("unknown_territory", f"no territory called {unknown!r}")


def check_enemy_border(state: GameState, player: str, source: str, target: str) -> None:
    """``target`` is an enemy's (not the attacker's, nor its team's, nor, for a neutral's
    armies, that neutral's), across a border from ``source``."""
    owners = state.owner
    if owners[target] == player or (
        owners[source] in state.neutrals and owners[target] == owners[source]
    ):
        raise IllegalAction("own_territory", f"{target} is already yours")
    if friends(state, owners[target], player):
        raise IllegalAction("teammate", f"{target} is your teammate's: no attacks on your team")
    if not state.board.adjacent(source, target):
        raise IllegalAction("not_adjacent", f"{source} does not border {target}")


def check_not_protected(state: GameState, target: str) -> None:
    """No player loses its last territory in the first rounds, where the rules say so."""
    protect = state.rules.protect_last_territory_rounds
    victim = state.owner[target]
    if protect and state.round <= protect and victim in state.hands and state.count(victim) == 1:
        raise IllegalAction(
            "protected", f"no player may be eliminated before the end of round {protect}"
        )


def _attacking_armies(
    state: GameState, player: str, source: str, target: str, attacking: Sequence[AttackingArmies]
) -> int:
    """The armies ``player`` attacks with from ``source``: its own (under team rules, from
    any territory holding some), the ally's it commands (000-A), or an active ally's."""
    armies = armies_of(state, source, player)
    for commanded in attacking:
        theirs = commanded(state, player, source, target, armies)
        if theirs is not None:
            return theirs
    if not armies:
        raise IllegalAction("not_owner", f"{source} is not yours")
    return armies


def declare(
    state: GameState,
    source_rng: RandomSource,
    player: str,
    source: str,
    target: str,
    dice: int,
    stop_at: int | None,
    hooks: EffectHooks,
) -> list[Event]:
    """An attack by dice from ``source`` on ``target``; ``hooks``: what the modes in play
    do as it is declared and at a conquest (``modes.in_play``, which this module is below)."""
    state.phase = "attack"
    state.trade_window = "none"
    for hook in hooks.at_attack:
        hook(state, source, target)
    owner = state.owner[target]
    defender = owner if owner in state.hands else defender_of(state, target)
    events: list[Event] = [AttackDeclared(player, source, target, dice, stop_at, defender)]
    standing = state.auto_defend.get(defender)
    if standing is None:
        state.attack = PendingAttack(source, target, dice, stop_at, defender)
        state.phase = "defend"
        return events
    answer = min(standing, state.rules.defender_max_dice, state.armies[target])
    events.append(DefenceChosen(defender, answer, True))
    events.extend(_resolve(state, source_rng, source, target, dice, stop_at, answer, hooks))
    return events


def check_defend(state: GameState, player: str, dice: int) -> None:
    attack = state.attack
    assert attack is not None
    if player != attack.defender:
        raise IllegalAction("not_defender", f"{attack.defender} defends {attack.target}")
    most = min(state.rules.defender_max_dice, state.armies[attack.target])
    if not 1 <= dice <= most:
        raise IllegalAction("bad_dice", f"defend with 1 to {most} dice")


def defend(
    state: GameState, source_rng: RandomSource, player: str, dice: int, hooks: EffectHooks
) -> list[Event]:
    attack = state.attack
    assert attack is not None
    events: list[Event] = [DefenceChosen(player, dice, False)]
    # The attack stays pending until the dice are in: if the source fails, the defender can
    # answer again and the game goes on.
    events.extend(
        _resolve(
            state,
            source_rng,
            attack.source,
            attack.target,
            attack.dice,
            attack.stop_at,
            dice,
            hooks,
        )
    )
    state.attack = None
    return events


# Who lost its last army in a battle that emptied nothing (never changed).
_NOBODY: list[str] = []


def _resolve(
    state: GameState,
    rng: RandomSource,
    src: str,
    tgt: str,
    dice: int,
    stop_at: int | None,
    defence: int,
    hooks: EffectHooks,
) -> list[Event]:
    """Roll battles until the target falls, or after one battle, or (a blitz) until the
    stop rule says so; the attack is no longer pending while this runs."""
    armies = state.armies
    player = state.current  # under team rules the armies are the player's own
    floor = 1 if stop_at is None else stop_at
    track = state.rules.fortification == "unfought_steps"
    events: list[Event] = []
    roll = rng.dice
    mixed = state.mixed  # only under team rules: the plain arithmetic is the hot path
    while True:
        a = (armies_of(state, src, player) if mixed else armies[src]) - 1
        if dice < a:
            a = dice
        d = armies[tgt]
        if defence < d:
            d = defence
        # One die needs no sorting (most battles near a blitz's end roll one or two).
        rolled_a = sorted(roll(a), reverse=True) if a > 1 else roll(a)
        rolled_d = sorted(roll(d), reverse=True) if d > 1 else roll(d)
        lost_a = lost_d = 0
        for x, y in zip(rolled_a, rolled_d, strict=False):
            if x > y:
                lost_d += 1
            else:
                lost_a += 1
        if mixed:
            remove_armies(state, src, player, lost_a)
            emptied = lose_defence(state, tgt, lost_d)
        else:
            armies[src] -= lost_a
            armies[tgt] -= lost_d
            if armies[tgt]:
                emptied = _NOBODY
            else:
                # The holder now: a blitz that emptied a shared territory of all but one
                # teammate's armies has handed it to that teammate.
                holder = state.owner[tgt]
                assert holder is not None
                emptied = [holder]
        if track:
            state.engaged[src] = max(state.engaged.get(src, 0), a) - lost_a
        events.append(
            BattleRolled(
                src, tgt, tuple(rolled_a), tuple(rolled_d), lost_a, lost_d, armies[src], armies[tgt]
            )
        )
        if armies[tgt] == 0:
            events.extend(conquer(state, src, tgt, a, emptied, hooks.at_conquest))
            return events
        if emptied and state.teams:
            # A teammate's last armies fell in a territory that still stands.
            events.extend(_eliminations(state, emptied, player))
            if state.phase == "over":
                return events
        if stop_at is None:
            break
        left = armies_of(state, src, player) if mixed else armies[src]
        if left <= floor or left < 2:
            events.append(AttackStopped(src, tgt))
            break
    state.phase = "attack"
    return events


def conquer(
    state: GameState,
    src: str,
    tgt: str,
    rolled: int,
    emptied: list[str],
    at_conquest: Sequence[AtConquest],
) -> list[Event]:
    """``tgt`` fell; ``emptied`` are the players whose armies were there; ``at_conquest``:
    what the modes in play do then."""
    player = state.acting or state.current
    # An ally's conquests are its own, and earn nobody a card (000-A, 001).
    force = state.owner[src] if state.owner[src] in state.neutrals else player
    assert force is not None
    previous = state.owner[tgt]
    assert previous is not None
    state.take(tgt, force)
    remove_armies(state, src, force, rolled)
    state.armies[tgt] = rolled
    state.conquered = state.conquered or force == player
    events: list[Event] = [Conquered(force, tgt, previous, rolled)]
    for hook in at_conquest:
        events.extend(hook(state, previous, player))
    if state.reward:  # 004's cards set aside for the neutral's last territory
        events.extend(revised.after_conquest(state, previous, player))
    events.extend(_eliminations(state, emptied, player))
    if state.phase == "over":
        return events
    most = rolled + armies_of(state, src, force) - 1
    if state.rules.army_cap:
        most = min(most, state.rules.army_cap)
    if most > rolled:
        state.move_in = PendingMoveIn(src, tgt, rolled, most)
        state.phase = "move_in"
    else:
        _after_move_in(state, src, tgt, rolled)
    return events


def _eliminations(state: GameState, emptied: list[str], player: str) -> list[Event]:
    """Those of ``emptied`` left with no army anywhere are out; the game may be won."""
    events: list[Event] = []
    for loser in emptied:
        if loser in state.hands and loser not in state.eliminated and not present(state, loser):
            events.append(_eliminate(state, loser, player))
    won = winner_after_battle(state, player)
    if won is not None:
        state.winner, reason = won
        state.phase = "over"
        events.append(GameWon(state.winner, reason))
    return events


def _eliminate(state: GameState, loser: str, winner: str) -> PlayerEliminated:
    taken = state.hands[loser]
    state.hands[loser] = []
    state.laid.pop(loser, None)  # 004: its cards laid face up go to the winner's hand
    state.hands[winner].extend(taken)
    state.eliminated.append(loser)
    state.eliminated_by[loser] = winner
    rules = state.rules
    hand = len(state.hands[winner])
    if rules.elimination_trade_at is not None and hand >= rules.elimination_trade_at:
        state.trade_window = "elimination_forced"
    elif rules.elimination_trade_optional and hand >= 3:
        # Open to whoever could hold a set, a public fact: whether it does is its hidden
        # hand's, which it shows by trading or not (``projection``).
        state.trade_window = "elimination_optional"
    return PlayerEliminated(loser, winner, tuple(taken), len(taken))


def check_move_in(state: GameState, count: int) -> None:
    m = state.move_in
    assert m is not None
    if not m.minimum <= count <= m.maximum:
        raise IllegalAction("bad_count", f"move in between {m.minimum} and {m.maximum} armies")


def move_in(state: GameState, player: str, count: int) -> list[Event]:
    m = state.move_in
    assert m is not None
    extra = count - m.minimum
    force = state.owner[m.source] if state.owner[m.source] in state.neutrals else player
    assert force is not None
    remove_armies(state, m.source, force, extra)
    state.armies[m.target] += extra
    state.move_in = None
    _after_move_in(state, m.source, m.target, count)
    return [MovedIn(player, m.source, m.target, count)]


def _after_move_in(state: GameState, src: str, tgt: str, moved: int) -> None:
    if state.rules.fortification == "unfought_steps":
        # Armies that moved in took part in the fight; count the ones that rolled first.
        state.engaged[src] = max(0, state.engaged.get(src, 0) - moved)
        state.engaged[tgt] = moved
    state.phase = "reinforce" if state.trade_window != "none" else "attack"
