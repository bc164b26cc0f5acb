"""Setting up: who places first, the territories claimed or dealt, the starting armies."""

from __future__ import annotations

from collections.abc import Callable

from . import revised, teams
from .cards import deck_cards, is_joker
from .events import (
    DealRolled,
    DeckShuffled,
    Event,
    OrderRolled,
    Placed,
    SetupFinished,
    TerritoriesDealt,
)
from .illegal import IllegalAction
from .modes import in_play
from .randomness import RandomSource
from .sealing import dealt
from .state import GameState, neutral_ids
from .turnflow import begin_turn


def roll_for_order(
    source: RandomSource, players: list[str], purpose: str
) -> tuple[str, OrderRolled]:
    """Everyone rolls one die; the highest wins and ties among the highest roll again
    (rulebook 001 «Mise en place» 6; rulebook 003 «JEU 2» 2)."""
    rounds: list[dict[str, int]] = []
    contenders = list(players)
    while True:
        rolls = dict(zip(contenders, source.dice(len(contenders)), strict=True))
        rounds.append(rolls)
        best = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == best]
        if len(contenders) == 1:
            return contenders[0], OrderRolled(purpose, tuple(rounds), contenders[0])


def start(state: GameState, source: RandomSource) -> list[Event]:
    """Set up the table for ``state``'s rules: the starting armies and neutrals, the first
    player rolled for, the secret objectives or missions dealt, then the territories shared
    out as the rules' distribution says."""
    _check_table(state)
    quota, stack = _prepare(state)
    first, rolled = _roll_first(state, source)
    events: list[Event] = [rolled]
    deal_secret = in_play(state.rules).secret_deal
    if deal_secret is not None:
        events.append(deal_secret(state, source, first))
    events.extend(_DISTRIBUTIONS[state.rules.distribution](state, source, first, quota, stack))
    return events


def _check_table(state: GameState) -> None:
    """The players fit the rules, and have armies enough for every territory."""
    rules, n = state.rules, len(state.players)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{rules.name} is for {rules.players_text()}, not {n}")
    if len(set(state.players)) != n or not all(isinstance(p, str) and p for p in state.players):
        raise ValueError("players must be distinct non-empty ids")
    armies = rules.starting_armies_for(n)
    # Enough for every territory means enough for every player's share of a deal too (the
    # deal by dice brings its own army for each territory).
    if armies * n < len(state.board.territory_ids) and rules.distribution != "dice":
        raise ValueError("not enough starting armies to occupy every territory")


def _prepare(state: GameState) -> tuple[int, int]:
    """The starting armies, the neutral armies (checked against their piles), the deck and
    the teams; returns a neutral's pile and the armies on each of its territories."""
    rules, board = state.rules, state.board
    n = len(state.players)
    state.setup_left = dict.fromkeys(state.players, rules.starting_armies_for(n))
    count, neutral_armies, quota, stack = revised.neutral_plan(rules, n)
    if neutral_armies:
        state.neutrals = neutral_ids(count)
        # A neutral army's share of the deal, at most.
        pile = quota or -(-len(board.territory_ids) // (n + count))
        if neutral_armies < pile * stack:
            raise ValueError(f"a neutral army needs at least {pile} armies for its territories")
        if pile * count >= len(board.territory_ids):
            raise ValueError("the neutral armies' piles leave no territory to the players")
        for neutral in state.neutrals:
            state.setup_left[neutral] = neutral_armies
        for at_neutrals in in_play(rules).at_neutrals:
            at_neutrals(state)  # active independents start neutral
    state.deck = deck_cards(board)
    if rules.teams:
        teams.assign(state)
    return quota, stack


def _roll_first(state: GameState, source: RandomSource) -> tuple[str, OrderRolled]:
    """The roll for the first player, who sets the order of play (and, in rulebook 004, the
    growing starting armies)."""
    rules = state.rules
    # Under the deal by dice, the highest roll is the first to take territories.
    purpose = "first_taker" if rules.distribution == "dice" else "first_placer"
    if rules.placement_order == "last":
        purpose = "first_seat"  # 004: the first player, though the last places first
    first, rolled = roll_for_order(source, state.players, purpose)
    state.first_player = state.current = first
    for i, seat in enumerate(_seats_from(state, first)):  # 004: 25, 26, 27 … in play order
        state.setup_left[seat] += i * rules.starting_step
    return first, rolled


def _distribute_by_dice(
    state: GameState, source: RandomSource, first: str, quota: int, stack: int
) -> list[Event]:
    events: list[Event] = []
    dealt, last = _deal_by_dice(state, source)
    events.extend(dealt)
    state.phase = "setup"
    state.first_player = state.current = state.next_player(last)
    events.extend(_finish(state, source))
    return events


def _distribute_by_deal(
    state: GameState, source: RandomSource, first: str, quota: int, stack: int
) -> list[Event]:
    events: list[Event] = [_deal(state, source, quota, stack)]
    state.phase = "setup"
    if state.rules.placement_order == "last":  # 004: the last in the order of play begins
        state.current = first = state.players[state.players.index(first) - 1]
    # Whoever has nothing left to place is skipped; with nobody left, setup is over.
    if state.setup_left[first] == 0:
        nxt = _next_placer(state, first)
        if nxt is None:
            events.extend(_finish(state, source))
        else:
            state.current = nxt
    _begin_step(state)
    return events


def _distribute_by_claims(
    state: GameState, source: RandomSource, first: str, quota: int, stack: int
) -> list[Event]:
    state.phase = "claim"
    return []


def _seats_from(state: GameState, first: str) -> list[str]:
    i = state.players.index(first)
    return state.players[i:] + state.players[:i]


def _deal(state: GameState, source: RandomSource, quota: int, stack: int) -> TerritoriesDealt:
    """Deal the territory cards one at a time from the first player: without the jokers, or
    with them, a joker giving its receiver no territory (000-A)."""
    ids = list(state.board.territory_ids)
    if state.rules.distribution == "deal_with_jokers":
        ids = deck_cards(state.board)
    order = [ids[j] for j in source.permutation(len(ids))]
    seats = _seats_from(state, state.first_player) + state.neutrals  # a pile for each neutral
    # ``quota``: a neutral army's full pile (0: no limit); ``stack``: armies on each.
    dealt = dict.fromkeys(state.neutrals, 0)
    owners: dict[str, str] = {}
    i = 0
    for t in order:
        p = seats[i % len(seats)]
        while quota and dealt.get(p, 0) >= quota:
            i += 1
            p = seats[i % len(seats)]
        i += 1
        if p in dealt:
            dealt[p] += 1
        if is_joker(t):
            continue
        owners[t] = p
        state.take(t, p)
        armies = stack if p in dealt else 1
        state.armies[t] = armies
        state.setup_left[p] -= armies
    return TerritoriesDealt(owners)


def _deal_by_dice(state: GameState, source: RandomSource) -> tuple[list[Event], str]:
    """000-B's deal: from the first player round the table, each rolls one die and takes that
    many cards from the shuffled pile (without the jokers), one army on each territory, until
    none is left (the last taker loses any points beyond). Returns its events and who took
    the last territory."""
    ids = list(state.board.territory_ids)
    pile = [ids[j] for j in source.permutation(len(ids))]
    seats = _seats_from(state, state.first_player)
    owners: dict[str, str] = {}
    rolls: list[tuple[str, int]] = []
    taker, i = seats[0], 0
    while pile:
        taker = seats[i % len(seats)]
        i += 1
        (points,) = source.dice(1)
        rolls.append((taker, points))
        for t in pile[:points]:
            owners[t] = taker
            state.take(t, taker)
            state.armies[t] = 1
        del pile[:points]
    return [DealRolled(tuple(rolls)), TerritoriesDealt(owners)], taker


def placing_neutral(state: GameState) -> bool:
    """Whether the setup is at a neutral army's armies: at the end of a player's step (002),
    or once the players' own are all placed."""
    if state.neutral_due:
        return True
    if not state.neutrals:  # most games: asked at every army placed, answered at once
        return False
    left = state.setup_left
    return (
        state.phase == "setup"
        and any(left.get(n, 0) > 0 for n in state.neutrals)
        and all(left[p] == 0 for p in state.players)
    )


def neutral_choices(state: GameState) -> list[str]:
    """The neutral armies one may place an army of now: the one due at this step, or any."""
    if state.neutral_due:
        return state.neutral_due[:1]
    return [n for n in state.neutrals if state.setup_left.get(n, 0) > 0]


def step_left(state: GameState) -> int:
    """How many armies the player may still place at this step of the setup."""
    if placing_neutral(state) or state.phase == "claim" or state.rules.setup_step == 1:
        return 1
    return state.pool


def check_setup_place(state: GameState, player: str, territory: str, count: int) -> None:
    if territory not in state.owner:
        raise IllegalAction("unknown_territory", f"no territory called {territory!r}")
    most = step_left(state)
    if not 1 <= count <= most:
        if most == 1:
            raise IllegalAction("bad_count", "during setup armies are placed one at a time")
        raise IllegalAction("bad_count", f"place 1 to {most} armies at this step")
    if state.phase == "claim":
        if state.owner[territory] is not None:
            raise IllegalAction("occupied", f"{territory} is already claimed")
    elif placing_neutral(state):
        if state.owner[territory] not in neutral_choices(state):
            raise IllegalAction("not_neutral", f"{territory} is not the neutral army's to place")
    elif state.owner[territory] != player:
        raise IllegalAction("not_owner", f"{territory} is not yours")
    if count > revised.room(state, territory):
        raise IllegalAction("army_cap", f"{territory} holds {state.rules.army_cap} armies at most")


def setup_place(
    state: GameState, source: RandomSource, player: str, territory: str, count: int = 1
) -> list[Event]:
    claiming = state.phase == "claim"
    neutral = placing_neutral(state)
    if claiming:
        state.take(territory, player)
    state.armies[territory] += count
    if neutral:
        owner = state.owner[territory]
        assert owner is not None
        state.setup_left[owner] -= 1
        events: list[Event] = [Placed(player, territory, 1, "neutral")]
        if state.neutral_due:
            state.neutral_due.pop(0)
            if state.neutral_due:
                return events  # the step goes on: another neutral army's army to place
    else:
        state.setup_left[player] -= count
        events = [Placed(player, territory, count, "claim" if claiming else "setup")]
    if claiming and None not in state.owner.values():  # the last free territory taken
        state.phase = "setup"
    if state.rules.setup_step > 1 and not neutral and not claiming:
        state.pool -= count
        if state.pool > 0:
            return events  # the step goes on: more of this step's armies to place
    if state.rules.neutral_placement == "each_step" and not neutral and not claiming:
        # Then 1 army for each neutral army that has some left (002 «RISK le jeu à 2»).
        state.neutral_due = [n for n in state.neutrals if state.setup_left[n] > 0]
        if state.neutral_due:
            return events
    nxt = _next_placer(state, player)
    if nxt is None:
        events.extend(_finish(state, source))
    else:
        state.current = nxt
        _begin_step(state)
    return events


def _begin_step(state: GameState) -> None:
    """A player's step of the setup: how many of its armies it places now."""
    if state.phase == "setup" and state.rules.setup_step > 1 and not placing_neutral(state):
        state.pool = min(state.rules.setup_step, state.setup_left[state.current])


def _next_placer(state: GameState, player: str) -> str | None:
    """The next player to the left with starting armies left (possibly ``player`` again);
    once every player's own are placed, the next player to place the neutral army's."""
    seats, left = state.players, state.setup_left
    i = seats.index(player)
    n = len(seats)
    way = -1 if state.rules.placement_order == "last" else 1  # 004: to the right
    for step in range(1, n + 1):
        p = seats[(i + way * step) % n]
        if left[p] > 0:
            return p
    if any(left.get(neutral, 0) > 0 for neutral in state.neutrals):
        return seats[(i + way) % n]
    return None


def deal_pile(state: GameState, source: RandomSource) -> list[Event]:
    """The draw pile shuffled (and 004's reward set aside from it) as the first turn comes:
    a mode that holds the first turn back takes cards out of the pile first (a headquarters'
    card), which a sealed pile could not give (``sealing``)."""
    state.deck = dealt(state, source, state.deck)
    return [DeckShuffled(len(state.deck)), *revised.set_reward_aside(state)]


def finish_needs_chance(state: GameState) -> bool:
    """Whether the setup's end uses chance: the pile's shuffle (unless a mode may hold the
    first turn back, whose coming deals it), a roll for the first turn."""
    return not in_play(state.rules).at_setup_end or state.rules.first_turn == "reroll"


def _finish(state: GameState, source: RandomSource) -> list[Event]:
    # A mode that may hold the first turn back deals the pile when the first turn comes.
    later = bool(in_play(state.rules).at_setup_end)
    events = [] if later else deal_pile(state, source)
    if state.rules.first_turn == "reroll":
        first, rolled = roll_for_order(source, state.players, "first_turn")
        events.append(rolled)
    else:
        first = state.first_player  # who placed first, or the one after the last taker
    state.first_player = first
    events.append(SetupFinished(first))
    # A mode may hold the first turn back (headquarters are chosen before it).
    held = [at_end(state) for at_end in in_play(state.rules).at_setup_end]
    if not any(held):
        if later:
            events.extend(deal_pile(state, source))
        events.extend(begin_turn(state, source, first))
    return events


# How the territories are shared out, by the rules' ``distribution``; each is given the
# first player, a neutral's pile (0: no limit) and the armies on each of its territories.
_DISTRIBUTIONS: dict[str, Callable[[GameState, RandomSource, str, int, int], list[Event]]] = {
    "dice": _distribute_by_dice,
    "deal": _distribute_by_deal,
    "deal_with_jokers": _distribute_by_deal,
    "claim": _distribute_by_claims,
}
