"""Team rules (rulebook 001 «Risk PAR ÉQUIPE», rulebook 002 «RISK par équipe»): who plays with whom,
territories holding the armies of several teammates, and who controls them.

A territory's ``owner`` is its *holder*: the player with the most armies there. On a tie the
holder stays who it was (or, when it just left, the first of the tied in seat order): the
holder rolls the territory's defence and loses its own armies first. *Control* is stricter:
on a tie nobody controls the territory, so it counts for nobody's income nor continent.
Without teams every territory holds one player's armies, and holder, controller and owner
are the same.
"""

from __future__ import annotations

from .events import Event, HandPassed
from .state import GameState


def assign(state: GameState) -> None:
    """Two teams seated alternately: the 1st, 3rd, 5th seats are team 1, the others team 2."""
    state.teams = {p: 1 + i % 2 for i, p in enumerate(state.players)}


def friends(state: GameState, a: str | None, b: str | None) -> bool:
    """Whether ``a`` and ``b`` are the same player or teammates."""
    if a == b:
        return True
    teams = state.teams
    return bool(teams) and a in teams and b in teams and teams[a] == teams[b]


def allies(state: GameState, player: str) -> frozenset[str]:
    """``player`` and its teammates."""
    team = state.teams.get(player)
    if team is None:
        return frozenset((player,))
    return frozenset(p for p, t in state.teams.items() if t == team)


def armies_of(state: GameState, territory: str, player: str) -> int:
    """``player``'s own armies on ``territory``."""
    split = state.mixed.get(territory)
    if split is not None:
        return split.get(player, 0)
    return state.armies[territory] if state.owner[territory] == player else 0


def controller(state: GameState, territory: str) -> str | None:
    """Who controls ``territory``: the one player with the most armies there (None on a tie)."""
    split = state.mixed.get(territory)
    if split is None:
        return state.owner[territory]
    most = max(split.values())
    top = [p for p, n in split.items() if n == most]
    return top[0] if len(top) == 1 else None


def controlled_count(state: GameState, player: str) -> int:
    """How many territories ``player`` controls."""
    held = state.count(player)
    if not state.mixed:
        return held
    return held - sum(
        1 for t in state.mixed if state.owner[t] == player and controller(state, t) is None
    )


def continents_of(state: GameState, player: str) -> tuple[str, ...]:
    """The continents whose every territory ``player`` controls (a tie loses the continent
    too, 001 and 002)."""
    own, mixed = state.owner, state.mixed
    found: list[str] = []
    # Loops that stop at the first territory not controlled, not all() over generators:
    # every turn's income asks this, and most continents fail at their first territory.
    for c in state.board.continents.values():
        for t in c.territories:
            if own[t] != player or (t in mixed and controller(state, t) != player):
                break
        else:
            found.append(c.id)
    return tuple(found)


def army_total(state: GameState, player: str) -> int:
    """All of ``player``'s own armies on the board."""
    total = sum(state.armies[t] for t in state.held.get(player, ()) if t not in state.mixed)
    return total + sum(split.get(player, 0) for split in state.mixed.values())


def presence(state: GameState, player: str) -> list[str]:
    """The territories holding any of ``player``'s armies, in board order."""
    if not state.mixed:
        return state.territories_of(player)
    held = state.held.get(player, {})
    mixed = state.mixed
    return [t for t in state.board.territory_ids if t in held or player in mixed.get(t, ())]


def present(state: GameState, player: str) -> bool:
    """Whether any of ``player``'s armies is still on the board."""
    if player in state.held:
        return True
    return any(player in split for split in state.mixed.values())


def placeable(state: GameState, player: str) -> list[str]:
    """Where ``player`` may place reinforcements: the territories it controls, or, when it
    controls none, every territory holding its armies (RULES.md Part 3, 19b)."""
    if not state.mixed:
        return state.territories_of(player)
    mine = [t for t in state.territories_of(player) if controller(state, t) == player]
    return mine or presence(state, player)


def movable(state: GameState, territory: str, player: str) -> int:
    """How many of ``player``'s armies may leave ``territory``: all but one, or all of them
    when a teammate's armies stay behind (RULES.md Part 3, 19e)."""
    own = armies_of(state, territory, player)
    return own if own < state.armies[territory] else own - 1


def add_armies(state: GameState, territory: str, player: str, count: int) -> None:
    """Put ``count`` of ``player``'s armies on a territory it or a teammate holds."""
    holder = state.owner[territory]
    split = state.mixed.get(territory)
    state.armies[territory] += count
    if split is None:
        if holder == player:
            return
        assert holder is not None
        split = state.mixed[territory] = {holder: state.armies[territory] - count}
    split[player] = split.get(player, 0) + count
    _rehold(state, territory, split)


def remove_armies(state: GameState, territory: str, player: str, count: int) -> None:
    """Take ``count`` of ``player``'s armies off a territory (they moved or fell)."""
    state.armies[territory] -= count
    split = state.mixed.get(territory)
    if split is None:
        return
    left = split[player] - count
    if left:
        split[player] = left
    else:
        del split[player]
    _rehold(state, territory, split)


def lose_defence(state: GameState, territory: str, count: int) -> list[str]:
    """The defenders of ``territory`` lose ``count`` armies, the holder's own first, then
    those of the teammate with the most there. Returns who lost its last army there."""
    holder = state.owner[territory]
    assert holder is not None
    split = state.mixed.get(territory)
    if split is None:
        state.armies[territory] -= count
        return [holder] if state.armies[territory] == 0 else []
    others = sorted(
        (p for p in split if p != holder), key=lambda p: (-split[p], state.players.index(p))
    )
    emptied: list[str] = []
    for p in (holder, *others):
        if not count:
            break
        have = armies_of(state, territory, p)
        taken = min(count, have)
        count -= taken
        if taken == have:
            emptied.append(p)
        remove_armies(state, territory, p, taken)
    return emptied


def _rehold(state: GameState, territory: str, split: dict[str, int]) -> None:
    """After armies came or went: a territory with one player's armies left is no longer
    mixed, and the holder is the player with the most armies there."""
    if len(split) <= 1:
        del state.mixed[territory]
        if split:
            (only,) = split
            if state.owner[territory] != only:
                state.take(territory, only)
        return
    holder = state.owner[territory]
    most = max(split.values())
    if split.get(holder, 0) == most:  # type: ignore[arg-type]
        return
    heir = next(p for p in state.players if split.get(p) == most)
    state.take(territory, heir)


def next_teammate(state: GameState, player: str) -> str:
    """The teammate who plays next after ``player`` (``player`` itself in a team of one)."""
    seats = state.players
    i = seats.index(player)
    for step in range(1, len(seats) + 1):
        p = seats[(i + step) % len(seats)]
        if p not in state.eliminated and friends(state, p, player):
            return p
    return player


def pass_hand(state: GameState, player: str) -> list[Event]:
    """At the end of a turn the team's cards go to the teammate who plays next."""
    heir = next_teammate(state, player)
    hand = state.hands[player]
    if heir == player or not hand:
        return []
    state.hands[heir].extend(hand)
    state.hands[player] = []
    return [HandPassed(player, heir, len(hand))]
