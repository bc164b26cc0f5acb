"""A seat's own view of a sealed game: the sealed state every peer holds (``sealing``), with
what that seat knows put in, which its bots choose from and its app shows.

In a game between peers every hidden card is a token, the same on every peer; a player's
client also knows its own cards (token → card, learnt from the deck's protocol) and nothing
else. ``seat_view`` puts those cards in their tokens' places: the seat's hand and, under team
rules, its teammates' (a team shares one hand), its missions and its objective. Every other
token stays a token, and so does one of its own not learnt yet (a card on its way to it).

What the engine works out from a hidden hand and leaves out of the sealed state (whether the
turn's start owes a trade) is worked out again here, for the seat, by the engine's own rule,
on the hand the turn started with. That hand is a fact of the turn's start, which no later
state tells for sure (a card drawn then may have been given to an independent since, or the
pile may have run out), so the seat keeps it as its turn starts (``TurnStart``): its client
sees the move that starts it, with the cards that start drew.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .projection import sees_hand
from .sealing import slot_of
from .state import GameState
from .turn import income, trade_owed_at_start
from .turnflow import start_draws


class TurnStart:
    """The hand a seat's own turn started with, kept as it starts: the seat's hand after the
    move that starts the turn, less the cards that start drew (``turnflow.begin_turn``
    decides on the hand before its draws whether a trade is owed)."""

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.turn = 0  # the turn kept (``GameState.turn``), 0 for none yet
        self.hand: list[str] = []

    def moved(
        self, hands: Mapping[str, Sequence[str]], events: Iterable[Mapping[str, Any]]
    ) -> None:
        """A move made, its events (in their wire form, as this seat sees them: a card drawn
        is named, token or card, to its drawer) and the sealed state's hands after it (a
        state's, or a view's as the host sent it: a client reads no more of it here)."""
        turn, drawn = 0, list[str]()
        for e in events:
            if e["type"] == "turn_started":
                turn, drawn = (e["turn"] if e["player"] == self.seat else 0), []
            elif turn and e["type"] == "card_drawn" and e["player"] == self.seat:
                drawn.append(e["card"])
        if not turn:
            return
        hand = list(hands.get(self.seat, ()))
        for card in drawn:
            if card in hand:
                hand.remove(card)
        self.turn, self.hand = turn, hand

    def kept(self, state: GameState) -> list[str] | None:
        """The hand the turn under way started with, if it is this seat's and kept."""
        if state.current != self.seat or state.turn != self.turn:
            return None
        return self.hand


def seat_view(
    state: GameState, seat: str, known: Mapping[str, str], start: TurnStart | None = None
) -> GameState:
    """A copy of the sealed ``state`` in which each token ``seat`` holds (its side's hand,
    its missions, its objective) and finds in ``known`` (token → card) is its card.
    ``start`` is what the seat kept of its turns' starts."""
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
    kept = start.kept(state) if start is not None else None
    view.start_trade_due = _start_trade_due(view, seat, kept and _opened(kept, known))
    return view


def _opened(cards: list[str], known: Mapping[str, str]) -> list[str]:
    return [known.get(c, c) if slot_of(c) is not None else c for c in cards]


def _start_trade_due(view: GameState, seat: str, kept: list[str] | None) -> bool:
    """Whether the turn's start owes a trade now, as the whole state says: the rule
    ``turnflow.begin_turn`` applies, on the hand the turn started with (``kept`` by the
    seat, when the turn is its own), while it still holds (no set traded yet, the hand not
    given down below the limit since)."""
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
    if kept is None:
        # A teammate's turn (or one whose start this seat did not see): its hand at the start
        # rebuilt, without the cards its start drew (the last ones), with those given to
        # independents since. Under team rules nothing is given to an independent; a draw
        # that found the pile and the discards out is the one case this cannot tell.
        drawn = min(start_draws(view, current), len(hand))
        given = [c for n, k in view.given_turn.items() if k for c in view.given.get(n, [])[-k:]]
        kept = hand[: len(hand) - drawn] + given
    view.hands[current] = kept
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
