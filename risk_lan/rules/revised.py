"""Seed 004's revised rules («LIVRET DE RÈGLES RÉVISÉES»), the parts that stand apart from
its combat: the neutral of its setup table and its reward, the income table, and the cap on
the armies a territory holds.

The cap (``army_cap``, 12 in seed 004): no territory ever holds more. A placement or a move
that would go past it is refused; reinforcements that fit nowhere are lost (RULES.md Part 3,
item 29). Decisions where the seed is silent: docs/rules.md.
"""

from __future__ import annotations

from .events import ArmiesLost, Event, RewardSetAside, RewardTaken
from .ruleset import RuleSet
from .state import GameState

# «BONUS DE RÉGIMENTS SELON LE NOMBRE DE TERRITOIRES CONTRÔLÉS»: from how many territories
# each bonus is given, on top of the 3 always given. The table, not the prose's "a third":
# 39 territories give 3 + 9 (RULES.md Part 3, item 5).
TERRITORY_BONUS = ((12, 1), (15, 2), (18, 3), (21, 4), (24, 5), (27, 6), (30, 7), (33, 8),
                   (36, 9), (40, 10))  # fmt: skip
ALWAYS = 3


def territory_income(held: int) -> int:
    """004 «1) CONTRÔLE DE TERRITOIRES»: 3, plus the table's bonus for ``held`` territories."""
    bonus = 0
    for least, armies in TERRITORY_BONUS:
        if held >= least:
            bonus = armies
    return ALWAYS + bonus


def room(state: GameState, territory: str) -> int:
    """How many more armies ``territory`` may hold (a large number without a cap)."""
    cap = state.rules.army_cap
    return cap - state.armies[territory] if cap else 1 << 30


def movement_points(state: GameState, player: str) -> int:
    """004 «DÉPLACEMENTS DE FIN DE TOUR»: the points left for moving armies, half the
    territories held (rounded down) at the first move."""
    if state.phase == "fortify":
        return state.points
    return state.count(player) // 2


def step_cost(state: GameState, source: str, target: str) -> int:
    """What moving one army from ``source`` to ``target`` costs: 1 by land, 2 by sea."""
    return 2 if state.board.border_kind(source, target) == "sea" else 1


def shed(state: GameState, player: str, where: list[str]) -> list[Event]:
    """The reinforcements to place that fit nowhere are lost: each bound pool's armies
    (a continent's bonus, a traded territory's +1) that fit nowhere it may go, then the free
    ones that fit nowhere in ``where``."""
    if not state.rules.army_cap:
        return []
    flow = _fit(state, player, where)
    lost = 0
    for key in list(state.bound_pools):
        cut = state.bound_pools[key] - sum(n for (k, _), n in flow.items() if k == key)
        if cut > 0:
            state.bound_pools[key] -= cut
            state.pool -= cut
            lost += cut
    state.bound_pools = {k: n for k, n in state.bound_pools.items() if n}
    cut = state.pool - sum(flow.values())
    if cut > 0:
        state.pool -= cut
        lost += cut
    return [ArmiesLost(player, lost)] if lost else []


# ----- bound pools: continent bonuses («4) CONTRÔLE DE CONTINENTS») and traded territories'
# +1 («3) CARTES TERRITOIRES ÉCHANGÉES»), each to be placed only in certain places ----------


def bound_territories(state: GameState, player: str, key: str) -> list[str]:
    """Where a bound pool's armies may go. For a continent: the player's territories joined
    to it through its own (in it, beside it, or further along a chain of its territories).
    For a traded territory: the player's territories beside it by land."""
    own = state.held.get(player, {})
    neighbours = state.board.neighbours
    if key not in state.board.continents:
        return [
            t for t in neighbours[key] if t in own and state.board.border_kind(key, t) == "land"
        ]
    start = [t for t in state.board.continents[key].territories if t in own]
    seen = set(start)
    stack = list(start)
    while stack:
        for other in neighbours[stack.pop()]:
            if other in own and other not in seen:
                seen.add(other)
                stack.append(other)
    return [t for t in state.board.territory_ids if t in seen]


FREE = ""  # the key of the armies that may go on any of the player's territories


def _fit(
    state: GameState, player: str, where: list[str], first: str | None = None
) -> dict[tuple[str, str], int]:
    """How the armies to place can go, as far as they fit under the cap: (pool key,
    territory) → armies. Bound pools come first, in their order, then the free armies
    (``FREE``); with ``first``, as many as can go on that territory go there first. A maximum
    flow by augmenting paths: the pools are few and the territories 42."""
    supply = dict(state.bound_pools)
    supply[FREE] = state.pool - sum(state.bound_pools.values())
    allowed = {k: bound_territories(state, player, k) for k in state.bound_pools}
    allowed[FREE] = list(where)
    left = {t: room(state, t) for ts in allowed.values() for t in ts}
    flow: dict[tuple[str, str], int] = {}
    # A later path only passes through a territory (one pool's armies there giving way to
    # another's), so what went on ``first`` stays there.
    for target in ([first] if first is not None else []) + [None]:
        for key in supply:
            while supply[key] > 0:
                path = _augmenting(key, allowed, flow, left, target)
                if path is None:
                    break
                end = path[-1][0][1]
                amount = min(supply[key], left[end])
                for edge, sign in path:
                    if sign < 0:
                        amount = min(amount, flow[edge])
                for edge, sign in path:
                    flow[edge] = flow.get(edge, 0) + sign * amount
                left[end] -= amount
                supply[key] -= amount
    return {edge: n for edge, n in flow.items() if n}


def _augmenting(
    key: str,
    allowed: dict[str, list[str]],
    flow: dict[tuple[str, str], int],
    left: dict[str, int],
    target: str | None,
) -> list[tuple[tuple[str, str], int]] | None:
    """A path from pool ``key`` to a territory with room (``target`` only, if given), as
    ((pool, territory), +1) steps taken and ((pool, territory), -1) steps given back."""
    came_to: dict[str, str] = {}  # territory → the pool that reached it
    came_from: dict[str, str] = {key: ""}  # pool → the territory it was reached through
    queue = [key]
    while queue:
        pool = queue.pop(0)
        for t in allowed[pool]:
            if t in came_to:
                continue
            came_to[t] = pool
            if left[t] > 0 and target in (None, t):
                path: list[tuple[tuple[str, str], int]] = []
                while True:
                    giver = came_to[t]
                    path.append(((giver, t), 1))
                    t = came_from[giver]
                    if not t:
                        return path[::-1]
                    path.append(((giver, t), -1))
            for other in allowed:
                if other not in came_from and flow.get((other, t), 0) > 0:
                    came_from[other] = t
                    queue.append(other)
    return None


def placeable_here(state: GameState, player: str, territory: str) -> int:
    """How many of the armies to place may go on ``territory`` so that all the others still
    have somewhere to go: the free ones and those of the bound pools it is in."""
    if not state.bound_pools:
        return state.pool
    flow = _fit(state, player, _own(state, player), first=territory)
    return sum(n for (_, t), n in flow.items() if t == territory)


def spend(state: GameState, player: str, territory: str, count: int) -> None:
    """Take ``count`` placed on ``territory`` out of the pools that a way of placing them all
    takes them from, bound pools first."""
    if not state.bound_pools:
        return
    flow = _fit(state, player, _own(state, player), first=territory)
    for (key, t), armies in flow.items():
        if t == territory and key != FREE and count:
            taken = min(count, armies)
            state.bound_pools[key] -= taken
            count -= taken
    state.bound_pools = {k: n for k, n in state.bound_pools.items() if n}


def _own(state: GameState, player: str) -> list[str]:
    # In board order: the flow's paths, and so which pool pays for an army, must not hang
    # on the order territories were captured in, which a rebuilt state does not keep.
    return state.territories_of(player)


def neutral_plan(rules: RuleSet, players: int) -> tuple[int, int, int, int]:
    """(neutral armies, each one's armies, its pile of the deal, armies on each territory)
    for a game of ``players``: seed 004's table by the number of players, or the options."""
    if rules.neutral_by_players:
        for count, territories, stack in rules.neutral_by_players:
            if count == players:
                return 1, territories * stack, territories, stack
        return 0, 0, 0, 1
    return rules.neutrals, rules.neutral_armies, rules.neutral_territories, rules.neutral_stack


def set_reward_aside(state: GameState) -> list[Event]:
    """004 «MISE EN PLACE»: once the pile is made, cards set aside face down for whoever
    takes the neutral's last territory."""
    count = dict(state.rules.neutral_reward).get(len(state.players), 0)
    if not count or not state.neutrals:
        return []
    state.reward = [state.deck.pop() for _ in range(min(count, len(state.deck)))]
    return [RewardSetAside(len(state.reward))]


def after_conquest(state: GameState, previous: str, player: str) -> list[Event]:
    """``player`` took a territory of ``previous``: the neutral's last, and the reward is his."""
    if not state.reward or previous not in state.neutrals or state.count(previous):
        return []
    cards, state.reward = tuple(state.reward), []
    state.hands[player].extend(cards)
    return [RewardTaken(player, cards, len(cards))]
