"""Active independents (``neutral_play`` "active"; rulebook 002 «VARIANTE – INDÉPENDANTS
ACTIFS», rulebook 001's two-player fragment).

Each independent army has a status on a track: allied to one player, neutral, or allied to
the other. A player's turn: (1) give independents cards, each moving its status one step
towards the giver (at most 2 to one a turn, none to one holding 5); (2) its own
reinforcements; (3) for each ally it chooses, one die of armies placed on the ally's
territories; (4) attacks with its own and its allies' armies, each offensive against or
with an independent ending with a die for each independent in it: 1 to 4 moves its status
one step away from the player; (5) its manoeuvre; (6) one for each ally; (7) a card, for a
conquest by its own armies. Whoever eliminates an independent takes the cards given to it.
Decisions where the rulebooks are silent: docs/rules.md.
"""

from __future__ import annotations

from .actions import (
    Action,
    Attack,
    EndOffensive,
    EndTurn,
    Fortify,
    GiveCard,
    Place,
    ReinforceAlly,
    SetAutoDefend,
    TradeCards,
)
from .cards import is_joker
from .events import AllyReinforced, CardGiven, Event, IndependentDestroyed, StatusDrifted
from .illegal import IllegalAction
from .modeunit import Manoeuvre, ModeRules, TurnLists
from .randomness import RandomSource
from .revised import room
from .sealing import named
from .state import GameState

MOST_GIVEN = 5  # an independent holding this many cards can no longer be influenced
GIVEN_A_TURN = 2


def active(state: GameState) -> bool:
    return state.rules.neutral_play == "active"


def start(state: GameState) -> None:
    """The independents start neutral."""
    state.status = dict.fromkeys(state.neutrals, "")
    state.given = {n: [] for n in state.neutrals}


def begin(state: GameState) -> None:
    """A new turn: cards may be given again, nobody has reinforced or manoeuvred."""
    state.given_turn, state.reinforced, state.moved = {}, [], []
    state.placing_for, state.influence_open, state.offensive = None, True, []
    state.attacks_begun = False


def allies_of(state: GameState, player: str) -> list[str]:
    """The independents allied to ``player`` that are still on the board."""
    return [n for n in state.neutrals if state.status.get(n) == player and state.count(n)]


def commands(state: GameState, player: str, owner: str | None) -> bool:
    """Whether ``player`` may move the armies of ``owner`` now: its own, or an ally's in its
    own turn."""
    if owner == player:
        return True
    return (
        active(state)
        and state.current == player
        and owner in state.neutrals
        and state.status.get(owner) == player
    )


def _towards(state: GameState, independent: str, player: str) -> str:
    """The status one step towards ``player`` (the opponent's ally becomes neutral)."""
    now = state.status[independent]
    return player if now == "" else "" if now != player else player


def _away(state: GameState, independent: str, player: str) -> str:
    """The status one step away from ``player`` (at the end of the track, no change)."""
    now = state.status[independent]
    if now == player:
        return ""
    return state.next_player(player) if now == "" else now


# ----- 1. influence -------------------------------------------------------------------------


def check_give(state: GameState, player: str, independent: str, card: str) -> None:
    if state.phase != "reinforce" or not state.influence_open:
        raise IllegalAction("not_now", "cards are given at the start of the turn, before anything")
    if independent not in state.neutrals or not state.count(independent):
        raise IllegalAction("not_independent", f"{independent!r} is not an independent in play")
    if state.status[independent] == player:
        raise IllegalAction("own_ally", "it is your ally already: give cards to win others over")
    if len(state.given[independent]) >= MOST_GIVEN:
        raise IllegalAction(
            "influence_full", f"it holds {MOST_GIVEN} cards: it can no longer be influenced"
        )
    if state.given_turn.get(independent, 0) >= GIVEN_A_TURN:
        raise IllegalAction("influence_limit", f"at most {GIVEN_A_TURN} cards to one a turn")
    if card not in state.hands[player]:
        raise IllegalAction("not_in_hand", f"you do not hold {card}")
    if is_joker(card):
        raise IllegalAction("joker", "a joker shows no territory: give a territory card")


def give(state: GameState, player: str, independent: str, card: str) -> list[Event]:
    state.hands[player].remove(card)
    state.given[independent].append(card)
    state.given_turn[independent] = state.given_turn.get(independent, 0) + 1
    state.status[independent] = _towards(state, independent, player)
    due = state.rules.forced_trade_at
    if state.start_trade_due and due is not None and len(state.hands[player]) < due:
        state.start_trade_due = False  # given down below the hand limit: no trade is owed
    return [CardGiven(player, independent, card, state.status[independent])]


# ----- 3. allied reinforcements ---------------------------------------------------------------


def check_reinforce_ally(state: GameState, player: str, independent: str) -> None:
    if state.phase != "reinforce" or state.attacks_begun:
        raise IllegalAction("not_now", "allies are reinforced before the first attack")
    if state.pool > 0:
        raise IllegalAction("armies_to_place", f"place your {state.pool} armies first")
    if independent not in allies_of(state, player):
        raise IllegalAction("not_ally", f"{independent!r} is not your ally")
    if independent in state.reinforced:
        raise IllegalAction("reinforced", "each ally is reinforced once a turn")


def reinforce_ally(
    state: GameState, rng: RandomSource, player: str, independent: str
) -> list[Event]:
    [die] = rng.dice(1)
    state.reinforced.append(independent)
    state.influence_open = False
    state.trade_window = "none"  # the die is the ally's: no set may be traded into it
    state.placing_for, state.pool = independent, die
    return [AllyReinforced(player, independent, die)]


# ----- 4. offensives and their drift ----------------------------------------------------------


def open_offensive(state: GameState, source: str, target: str) -> None:
    """An attack is declared: the offensive it belongs to, if an independent is in it."""
    force, victim = state.owner[source], state.owner[target]
    assert force is not None and victim is not None
    state.attacks_begun = True  # the allies' reinforcements are over
    if state.offensive[:2] == [source, target]:
        return
    if force in state.neutrals or victim in state.neutrals:
        state.offensive = [source, target, force, victim]


def check_offensive(state: GameState, action_type: str, pair: tuple[str, str] | None) -> None:
    """While an offensive is under way, the player attacks on or stops it."""
    if not state.offensive or state.phase not in ("attack", "reinforce"):
        return
    source, target = state.offensive[:2]
    if action_type == "end_offensive" or (action_type == "attack" and pair == (source, target)):
        return
    raise IllegalAction(
        "offensive_open",
        f"the offensive from {source} on {target} is under way: attack again, or stop it",
    )


def check_end_offensive(state: GameState) -> None:
    if not state.offensive:
        raise IllegalAction("no_offensive", "no offensive against or with an independent")


def settle(state: GameState, rng: RandomSource) -> list[Event]:
    """After a battle, a conquest or a move-in: an offensive that cannot go on is over."""
    if not state.offensive or state.phase in ("defend", "move_in", "over"):
        return []
    source, target, force, victim = state.offensive
    standing = state.owner[target] == victim and state.owner[source] == force
    if standing and state.armies[source] >= 2:
        return []  # the player may attack on, or stop
    return end_offensive(state, rng)


def _after(state: GameState, rng: RandomSource, action: Action) -> list[Event]:
    if isinstance(action, Place) and not state.pool:
        state.placing_for = None  # the ally's die is placed
    return settle(state, rng)


def end_offensive(state: GameState, rng: RandomSource) -> list[Event]:
    """The offensive is over: a die for the attacked independent (if it is still on the
    board) and for the ally that attacked; 1 to 4 moves it one step away from the player."""
    _, _, force, victim = state.offensive
    state.offensive = []
    player = state.current
    events: list[Event] = []
    for independent in (victim, force):
        if independent not in state.neutrals or not state.count(independent):
            continue
        [die] = rng.dice(1)
        before = state.status[independent]
        if die <= 4:
            state.status[independent] = _away(state, independent, player)
        events.append(StatusDrifted(player, independent, die, state.status[independent], before))
    return events


def _attacking_armies(
    state: GameState, player: str, source: str, target: str, own: int
) -> int | None:
    """In its own turn a player attacks with an ally's armies, never on itself."""
    if own or not commands(state, player, state.owner[source]):
        return None
    if state.owner[target] == player:
        raise IllegalAction("ally_target", "an ally never attacks its own player")
    return state.armies[source]


def destroyed(state: GameState, independent: str, player: str) -> list[Event]:
    """``player`` took the independent's last territory: the cards given to it are his."""
    if not active(state) or independent not in state.neutrals or state.count(independent):
        return []
    cards = state.given[independent]
    state.given[independent] = []
    state.hands[player].extend(cards)
    rules = state.rules
    if (
        rules.elimination_trade_at is not None
        and len(state.hands[player]) >= rules.elimination_trade_at
    ):
        state.trade_window = "elimination_forced"
    return [IndependentDestroyed(independent, player, tuple(cards))]


# ----- the mode's turn, listed --------------------------------------------------------------


def _active_turn(state: GameState, player: str, lists: TurnLists) -> list[Action]:
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
        if lists.trade_open(state):
            out.extend(lists.trades(state, player))
        if lists.must_trade(state):
            return out
        if state.pool > 0:
            where = state.territories_of(state.placing_for or player)
            return out + lists.places(state, where, state.pool)
        if not state.attacks_begun:
            out.extend(ReinforceAlly(n) for n in allies if n not in state.reinforced)
    forces = [player, *allies]
    if phase in ("reinforce", "attack"):
        out.extend(_forces_attacks(state, player, forces))
    out.extend(_forces_manoeuvres(state, forces, lists))
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
    cards = sorted({c for c in named(state.hands[player]) if not is_joker(c)})
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


def _forces_manoeuvres(state: GameState, forces: list[str], lists: TurnLists) -> list[Action]:
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
                targets = sorted(lists.component(state, src, mine) - {src})
            else:
                targets = [t for t in state.board.neighbours[src] if t in mine]
            for tgt in targets:
                fits = min(most, room(state, tgt))
                out.extend(Fortify(src, tgt, n) for n in range(1, fits + 1))
    return out


# ----- the mode, for the engine -------------------------------------------------------------


def _close_influence(state: GameState, action: Action) -> None:
    # Cards are given first in the turn (a new turn reopens the giving).
    if not isinstance(action, (GiveCard, TradeCards, SetAutoDefend)):
        state.influence_open = False


def _guard_offensive(state: GameState, action: Action) -> None:
    if state.offensive:
        pair = (action.source, action.target) if isinstance(action, Attack) else None
        check_offensive(state, action.type, pair)


def _check_manoeuvre(state: GameState, force: str) -> None:
    if force in state.moved:
        raise IllegalAction("already_fortified", "one manoeuvre a turn, and one for each ally")


def _record_manoeuvre(state: GameState, force: str) -> None:
    state.moved.append(force)


MODE = ModeRules(
    name="independents",
    applies=lambda rules: rules.neutral_play == "active",
    at_turn_start=begin,
    checks={
        GiveCard: lambda s, p, a: check_give(s, p, a.independent, a.card),
        ReinforceAlly: lambda s, p, a: check_reinforce_ally(s, p, a.independent),
        EndOffensive: lambda s, p, a: check_end_offensive(s),
    },
    effects={
        GiveCard: lambda s, rng, p, a, h: give(s, p, a.independent, a.card),
        ReinforceAlly: lambda s, rng, p, a, h: reinforce_ally(s, rng, p, a.independent),
        EndOffensive: lambda s, rng, p, a, h: end_offensive(s, rng),
    },
    guard=_guard_offensive,
    before=_close_influence,
    after=lambda s, rng, player, action, events: _after(s, rng, action),
    places_for=lambda s, player: s.placing_for,
    commands=lambda s, player: tuple(allies_of(s, player)) if s.current == player else (),
    attacking_armies=_attacking_armies,
    moves_for=lambda s, player, owner: commands(s, player, owner),
    at_conquest=destroyed,
    chance={GiveCard: lambda s, a: False},
    turn=_active_turn,
    at_neutrals=start,
    at_attack=open_offensive,
    manoeuvre=Manoeuvre(check=_check_manoeuvre, record=_record_manoeuvre),
    unforeseen=lambda s, ends: True,  # an ally's choices are not the rules' to foresee
)
