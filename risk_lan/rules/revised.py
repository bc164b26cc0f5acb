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


def room_among(state: GameState, territories: list[str]) -> int:
    """How many armies fit, in all, on these territories."""
    cap = state.rules.army_cap
    if not cap:
        return 1 << 30
    return sum(max(0, cap - state.armies[t]) for t in territories)


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
    """The reinforcements to place that fit nowhere in ``where`` are lost (a continent's
    bonus, nowhere it may go)."""
    if not state.rules.army_cap:
        return []
    lost = 0
    # Continents joined by the player's territories share those territories' room: each
    # group's bonuses are cut to what fits there (a group's room is no other's).
    groups: dict[tuple[str, ...], list[str]] = {}
    for continent in state.continent_pools:
        groups.setdefault(tuple(bonus_territories(state, player, continent)), []).append(continent)
    for territories, continents in groups.items():
        over = sum(state.continent_pools[c] for c in continents) - room_among(
            state, list(territories)
        )
        for continent in continents:
            cut = min(over, state.continent_pools[continent])
            if cut > 0:
                state.continent_pools[continent] -= cut
                state.pool -= cut
                lost += cut
                over -= cut
    state.continent_pools = {c: n for c, n in state.continent_pools.items() if n}
    # What is left of the free armies fits wherever the bonuses leave room.
    gone = state.pool - room_among(state, where)
    if gone > 0:
        state.pool -= gone
        lost += gone
    return [ArmiesLost(player, lost)] if lost else []


# ----- continent bonuses («4) CONTRÔLE DE CONTINENTS») --------------------------------------


def bonus_territories(state: GameState, player: str, continent: str) -> list[str]:
    """Where ``continent``'s bonus may go: the player's territories joined to it through its
    own (in it, beside it, or further along a chain of its territories)."""
    own = state.held.get(player, {})
    start = [t for t in state.board.continents[continent].territories if t in own]
    seen = set(start)
    stack = list(start)
    neighbours = state.board.neighbours
    while stack:
        for other in neighbours[stack.pop()]:
            if other in own and other not in seen:
                seen.add(other)
                stack.append(other)
    return [t for t in state.board.territory_ids if t in seen]


def placeable_here(state: GameState, player: str, territory: str) -> int:
    """How many armies of ``pool`` may go on ``territory``: the free part, and the bonus
    of each continent it is joined to."""
    if not state.continent_pools:
        return state.pool
    free = state.pool - sum(state.continent_pools.values())
    for continent, armies in state.continent_pools.items():
        if territory in bonus_territories(state, player, continent):
            free += armies
    return free


def spend(state: GameState, player: str, territory: str, count: int) -> None:
    """Take ``count`` placed on ``territory`` out of the continents' bonuses it may come from
    first (they may go to fewer places), then out of the free part."""
    for continent in list(state.continent_pools):
        if count and territory in bonus_territories(state, player, continent):
            taken = min(count, state.continent_pools[continent])
            state.continent_pools[continent] -= taken
            count -= taken
            if not state.continent_pools[continent]:
                del state.continent_pools[continent]


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
