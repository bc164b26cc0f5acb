"""A seat's own view of a sealed game: the sealed state every peer holds (``sealing``), with
what that seat knows put in, which its bots choose from and its app shows.

In a game between peers every hidden card is a token, the same on every peer; a player's
client also knows its own cards (token → card, learnt from the deck's protocol) and nothing
else. ``seat_view`` puts those cards in their tokens' places: the seat's hand and, under team
rules, its teammates' (a team shares one hand), its missions and its objective. Every other
token stays a token, and so does one of its own not learnt yet (a card on its way to it).

What the engine works out from a hidden hand and leaves out of the sealed state (whether the
turn's start owes a trade) is worked out again here, for the seat, by the engine's own rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from .projection import sees_hand
from .sealing import slot_of
from .state import GameState
from .turn import income, trade_owed_at_start
from .turnflow import start_draws


def seat_view(state: GameState, seat: str, known: Mapping[str, str]) -> GameState:
    """A copy of the sealed ``state`` in which each token ``seat`` holds (its side's hand,
    its missions, its objective) and finds in ``known`` (token → card) is its card."""
    view = state.copy()
    for player, hand in view.hands.items():
        if sees_hand(view, seat, player):
            view.hands[player] = _opened(hand, known)
    held = view.missions.get(seat)
    if held is not None:
        view.missions[seat] = _opened(held, known)
    objective = view.objectives.get(seat)
    if objective is not None and slot_of(objective) is not None:
        view.objectives[seat] = known.get(objective, objective)
    view.start_trade_due = _start_trade_due(view, seat)
    return view


def _opened(cards: list[str], known: Mapping[str, str]) -> list[str]:
    return [known.get(c, c) if slot_of(c) is not None else c for c in cards]


def _start_trade_due(view: GameState, seat: str) -> bool:
    """Whether the turn's start owes a trade now, as the whole state says: the rule
    ``turnflow.begin_turn`` applies, on the hand the turn started with, while it still holds
    (no set traded yet, the hand not given down below the limit since)."""
    current = view.current
    if view.phase != "reinforce" or view.trade_window != "turn_start":
        return False
    if not sees_hand(view, seat, current):
        return False
    territory_armies, bonus, _ = income(view, current)
    if view.gained != territory_armies + bonus:
        return False  # a set traded this turn (a trade is all that adds to ``gained``)
    due = view.rules.forced_trade_at
    hand = view.hands[current]
    if due is None or len(hand) < due:
        return False  # cards given to independents took the hand below the limit
    # The hand the turn started with: without the cards its start drew (the last ones), with
    # those given to independents since. Two cases cannot be told apart here: a card drawn
    # and given away in the same turn (met under active independents with a card drawn at
    # a turn's start and a trade owed), and a draw that found the pile and the discards
    # out. The seat's client is to keep the fact as its turn starts instead (issue 27).
    drawn = min(start_draws(view, current), len(hand))
    given = [c for n, k in view.given_turn.items() if k for c in view.given.get(n, [])[-k:]]
    view.hands[current] = hand[: len(hand) - drawn] + given
    try:
        return trade_owed_at_start(view, current)
    finally:
        view.hands[current] = hand


def every_card_read(state: GameState, read: Mapping[str, str]) -> GameState:
    """A copy of the sealed ``state`` with every token of a hand, a mission and an objective
    read as its card, ``read`` (token → card) being every card of the deck: what each peer
    knows once a sealed game is won and every party told its layer's secret."""
    view = state.copy()
    for player, hand in view.hands.items():
        view.hands[player] = _opened(hand, read)
    for player, held in view.missions.items():
        view.missions[player] = _opened(held, read)
    for player, objective in view.objectives.items():
        if objective is not None:
            view.objectives[player] = read.get(objective, objective)
    return view
