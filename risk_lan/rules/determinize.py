"""A seat's projection made whole by chance: every hidden fact (``projection.HIDDEN_FACTS``)
drawn at random among the values consistent with what the seat sees, so that the engine can
play on it. A bot that searches ahead plays on many such states, and so never reads what its
seat may not see: it is handed only the projection.

What is drawn, and from what:

- the cards nobody in view holds (other hands beyond their cards laid face up, the draw
  pile's order, rulebook 004's reward) from the cards not seen anywhere: the deck's cards
  less the seat's own hand and its teammates', the cards laid face up, the discard pile, the
  headquarters' cards and those given to independents;
- the others' secret objectives from the objective cards in play less the seat's own, one
  each, all different (they are dealt from one shuffled deck);
- the others' unnamed missions, rank by rank, from that rank's cards less those the seat
  holds and those claimed or shown.
"""

from __future__ import annotations

from collections import Counter

from . import objectivecards
from .cards import deck_cards
from .missioncards import RANKS, missions
from .randomness import RandomSource
from .sealing import is_hidden
from .state import GameState


def determinize(view: GameState, source: RandomSource) -> GameState:
    """A copy of ``view`` (a projection, ``GameState.from_view``) with every hidden fact drawn
    at random by ``source``'s shuffles among those consistent with it: a whole state the
    engine plays on."""
    s = view.copy()
    _deal_unseen_cards(s, source)
    _deal_objectives(s, source)
    _deal_missions(s, source)
    return s


def _shuffled(items: list[str], source: RandomSource) -> list[str]:
    return [items[j] for j in source.permutation(len(items))]


def unseen_cards(view: GameState) -> list[str]:
    """The cards ``view`` does not place, in the deck's order (each once)."""
    seen = Counter(c for hand in view.hands.values() for c in hand if not is_hidden(c))
    seen.update(view.discard)
    seen.update(c for c in view.deck if not is_hidden(c))
    seen.update(c for c in view.reward if not is_hidden(c))
    seen.update(t for t in view.capitals.values() if t)
    seen.update(c for cards in view.given.values() for c in cards)
    left = Counter(deck_cards(view.board)) - seen
    return [c for c in deck_cards(view.board) if left[c] > 0]


def _unknown(cards: list[str]) -> int:
    return sum(1 for c in cards if is_hidden(c))


def _deal_unseen_cards(s: GameState, source: RandomSource) -> None:
    pool = _shuffled(unseen_cards(s), source)
    slots = sum(_unknown(h) for h in s.hands.values()) + _unknown(s.deck) + _unknown(s.reward)
    if slots != len(pool):
        raise ValueError(f"{slots} hidden cards, {len(pool)} cards unseen: not a projection")
    draw = iter(pool)
    for player, hand in s.hands.items():
        if _unknown(hand):
            s.hands[player] = [next(draw) if is_hidden(c) else c for c in hand]
    # A plain list: the projection's pile (``HiddenPile``) stands for cards it does not know.
    s.deck = [next(draw) if is_hidden(c) else c for c in s.deck]
    s.reward = [next(draw) if is_hidden(c) else c for c in s.reward]


def _deal_objectives(s: GameState, source: RandomSource) -> None:
    unknown = [p for p, o in s.objectives.items() if o is None or is_hidden(o)]
    if not unknown:
        return
    known = {o for o in s.objectives.values() if o is not None and not is_hidden(o)}
    pool = [o for o in objectivecards.deck(s) if o not in known]
    if len(pool) < len(unknown):
        raise ValueError("fewer objective cards unseen than players without one")
    for player, card in zip(unknown, _shuffled(pool, source), strict=False):
        s.objectives[player] = card


def _deal_missions(s: GameState, source: RandomSource) -> None:
    known = {m for cards in s.missions.values() for m in cards if not is_hidden(m)}
    for rank_index, rank in enumerate(RANKS):
        holes = [
            p
            for p, cards in s.missions.items()
            if rank_index < len(cards) and is_hidden(cards[rank_index])
        ]
        if not holes:
            continue
        pile = [c.id for c in missions().values() if c.rank == rank and c.id not in known]
        if len(pile) < len(holes):
            raise ValueError(f"fewer {rank} missions unseen than players without one")
        for player, card in zip(holes, _shuffled(pile, source), strict=False):
            s.missions[player][rank_index] = card
