"""Rulebook 004's trades: cards traded for their stars («2) NOMBRE D'ÉTOILES ÉCHANGÉ») and the
bonuses of the territories they show («3) CARTES TERRITOIRES ÉCHANGÉES»).

Where the rulebook is silent (RULES.md Part 3, item 33; docs/rules.md, decision 38): any cards
showing 2 to 10 stars in all make a trade, one trade a turn at its start, never forced.
"""

from __future__ import annotations

from . import revised
from .board import Board
from .cards import MOST_STARS, STAR_ARMIES, is_joker, stars
from .events import ArmiesLost, BesideBonus, Event, Placed
from .illegal import IllegalAction
from .state import GameState
from .teams import add_armies

OWN_BONUS = 2  # on a traded territory the player holds
BESIDE_BONUS = 1  # beside a traded territory, on one of the player's by land


def value(board: Board, cards: tuple[str, ...] | list[str]) -> int:
    """The armies these cards' stars give (0: too few or too many stars)."""
    return STAR_ARMIES.get(stars(board, cards), 0)


def check(state: GameState, player: str, cards: tuple[str, ...], bonus: str | None) -> int:
    """Validate a trade of stars; returns the armies its stars give."""
    if bonus is not None:
        raise IllegalAction(
            "bonus_territory", "a trade of stars names no territory: its +1s are placed later"
        )
    if not cards or len(set(cards)) != len(cards):
        raise IllegalAction("invalid_set", "name each card you trade once")
    hand = state.hands[player]
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction("not_in_hand", f"you do not hold {', '.join(missing)}")
    total = stars(state.board, cards)
    if total not in STAR_ARMIES:
        raise IllegalAction(
            "invalid_set",
            f"these cards show {total} star{'s' if total != 1 else ''}: "
            f"a trade shows {min(STAR_ARMIES)} to {MOST_STARS}",
        )
    return STAR_ARMIES[total]


def beside(state: GameState, player: str, territory: str) -> list[str]:
    """The player's territories beside ``territory`` by land: where its +1 may go."""
    return revised.bound_territories(state, player, territory)


def territory_bonuses(state: GameState, player: str, cards: tuple[str, ...]) -> list[Event]:
    """+2 on each traded territory the player holds, at once (past the cap, lost); +1 to
    place beside each traded territory with one of the player's beside it by land."""
    events: list[Event] = []
    lost = 0
    close: list[str] = []
    for card in cards:
        if is_joker(card):
            continue
        if state.owner.get(card) == player:
            fits = min(OWN_BONUS, revised.room(state, card))
            lost += OWN_BONUS - fits
            if fits:
                add_armies(state, card, player, fits)
                events.append(Placed(player, card, fits, "card_bonus"))
            state.gained += fits
        if beside(state, player, card):
            close.append(card)
            state.bound_pools[card] = state.bound_pools.get(card, 0) + BESIDE_BONUS
            state.pool += BESIDE_BONUS
            state.gained += BESIDE_BONUS
    if close:
        events.append(BesideBonus(player, tuple(close)))
    if lost:
        events.append(ArmiesLost(player, lost))
    return events
