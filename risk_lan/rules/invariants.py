"""The rules a game state must always obey: checked after loading a state, and by the tests
after every action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import deck_cards
from .statefields import PHASES, TRADE_WINDOWS

if TYPE_CHECKING:
    from .state import GameState


class InvariantError(AssertionError):
    """The state broke a rule that must always hold (a bug, or a tampered record)."""


def check_invariants(s: GameState) -> None:
    """Raise :class:`InvariantError` unless the state is consistent: each family of rules in
    turn, the first broken rule reported."""
    for check in _FAMILIES:
        check(s)


def _check_phase(s: GameState) -> None:
    if s.phase not in PHASES:
        raise InvariantError(f"unknown phase {s.phase!r}")
    if s.trade_window not in TRADE_WINDOWS:
        raise InvariantError(f"unknown trade window {s.trade_window!r}")


def _check_territories(s: GameState) -> None:
    """Each territory is owned by a player or neutral still in the game, with armies to hold
    it (under the cap), except while territories are claimed."""
    owners = set(s.players) | set(s.neutrals)
    for t in s.board.territory_ids:
        o, n = s.owner[t], s.armies[t]
        if o is None:
            if s.phase != "claim" or n != 0:
                raise InvariantError(f"{t} has no owner in phase {s.phase} ({n} armies)")
            continue
        if o not in owners:
            raise InvariantError(f"{t} is owned by unknown {o!r}")
        if n < 1:
            raise InvariantError(f"{t} holds {n} armies")
        if s.rules.army_cap and n > s.rules.army_cap:
            raise InvariantError(f"{t} holds {n} armies, over the cap of {s.rules.army_cap}")
        if o in s.eliminated:
            raise InvariantError(f"{t} is owned by eliminated player {o}")
        if t in s.mixed:
            _check_mixed(s, t)


def _check_cards(s: GameState) -> None:
    """Every card is in exactly one place, laid cards are in their holder's hand, and the
    eliminated hold none."""
    held = [c for h in s.hands.values() for c in h]
    for player, laid in s.laid.items():
        if any(c not in s.hands.get(player, ()) for c in laid):
            raise InvariantError(f"{player} has cards laid that are not in its hand")
    every = Counter(deck_cards(s.board))
    # A headquarters' card is out of the deck for good (Capital rules).
    found = (
        Counter(s.deck)
        + Counter(s.discard)
        + Counter(held)
        + Counter(t for t in s.capitals.values() if t)
        + Counter(c for cards in s.given.values() for c in cards)  # under independents' cannons
        + Counter(s.reward)  # set aside for whoever takes the neutral's last territory
    )
    if found != every:
        raise InvariantError(
            f"cards not accounted for: missing {sorted((every - found).elements())}, "
            f"extra {sorted((found - every).elements())}"
        )
    for p in s.eliminated:
        if s.hands.get(p):
            raise InvariantError(f"eliminated player {p} still holds cards")


def _check_holdings(s: GameState) -> None:
    """The index of each owner's territories agrees with the owners."""
    expected: dict[str, set[str]] = {}
    for t, o in s.owner.items():
        if o is not None:
            expected.setdefault(o, set()).add(t)
    if {o: set(ts) for o, ts in s.held.items()} != expected:
        raise InvariantError("the territories held by each owner are stale")


def _check_pending(s: GameState) -> None:
    """What is left to place, the players' objectives and colours, and what is pending agree
    with the phase."""
    if s.pool < 0 or any(v < 0 for v in s.setup_left.values()):
        raise InvariantError("negative armies left to place")
    if set(s.objectives) - set(s.players) or len(set(s.colours.values())) != len(s.colours):
        raise InvariantError("objectives of unknown players, or two players of one colour")
    if s.phase == "over" and s.winner is None:
        raise InvariantError("game over without a winner")
    if (s.phase == "defend") != (s.attack is not None):
        raise InvariantError("an attack is pending exactly while its defence is awaited")
    if (s.phase == "move_in") != (s.move_in is not None):
        raise InvariantError("a move-in is pending exactly during the move_in phase")


def _check_mixed(s: GameState, t: str) -> None:
    """A mixed territory holds armies of two or more teammates, and its owner (the holder)
    has the most of them there."""
    split = s.mixed[t]
    if sum(split.values()) != s.armies[t]:
        raise InvariantError(f"{t}: the mixed armies do not add up to {s.armies[t]}")
    if len(split) < 2 or min(split.values()) < 1:
        raise InvariantError(f"{t}: a mixed territory needs armies of two players or more")
    if len({s.teams.get(p) for p in split}) != 1 or None in {s.teams.get(p) for p in split}:
        raise InvariantError(f"{t}: armies of different teams share it")
    owner = s.owner[t]
    if owner not in split or split[owner] != max(split.values()):
        raise InvariantError(f"{t}: its holder {owner} does not have the most armies there")


# In the order they are checked.
_FAMILIES: tuple[Callable[[GameState], None], ...] = (
    _check_phase,
    _check_territories,
    _check_cards,
    _check_holdings,
    _check_pending,
)
