"""The one form in which every peer holds what it may not see of another player: its hand as
the cards laid face up, in the order laid, then placeholders; its missions in their rank's
place, named once claimed or shown. ``projection`` conceals a whole state into it and
``GameState.from_view`` rebuilds it from a view, so that a peer that watched from the first
move and one that arrived from a view stand on equal states."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .missioncards import RANKS, missions
from .sealing import slot_of
from .statefields import HIDDEN

if TYPE_CHECKING:
    from .state import GameState


def public_hand(state: GameState, player: str, hand: list[str]) -> list[str]:
    """``player``'s hand as a peer who does not hold it sees it: the cards laid face up, in
    the order laid, then the others in the hand's order, each a placeholder (a sealed card
    keeps its token, which is public: ``sealing``)."""
    laid = list(state.laid.get(player, ()))
    shown = set(laid)
    rest = [c if slot_of(c) is not None else HIDDEN for c in hand if c not in shown]
    # A hand rebuilt from a view holds its laid cards as placeholders too: as many dropped.
    return laid + rest[len(laid) + len(rest) - len(hand) :]


def public_missions(state: GameState, player: str, held: list[str]) -> list[str]:
    """``player``'s missions as another peer sees them: each rank in its place, named once
    claimed or shown (a sealed one keeps its token, which is public: ``sealing``)."""
    known = set(state.claimed.get(player, ()))
    if state.shown.get(player):
        known.add(state.shown[player])
    dealt = len(held)
    cards = [c if slot_of(c) is not None else HIDDEN for c in held]
    for mission in known:
        rank = RANKS.index(missions()[mission].rank)
        if rank < dealt:
            cards[rank] = mission
    return cards
