"""The cards of the encrypted deck as points of ristretto255, each from its name.

``card_point(deck, card)`` is ristretto255's hash-to-group of the 64 bytes
``SHA-512(b"risk-lan/1/card-point" ‖ len(deck) ‖ deck ‖ len(card) ‖ card)`` (lengths as 4
bytes big-endian, text as UTF-8: ``fairness.wide_digest``). Nobody knows a relation between
two card points, so an encrypted card says nothing of its name until its layers are gone.
The deck id keeps the decks of a game apart (territory cards, objectives, missions): a point
of one is no card of another.
"""

from __future__ import annotations

from collections.abc import Sequence

from .fairness import wide_digest
from .ristretto import Point, from_hash


def card_point(deck_id: str, card: str) -> Point:
    return from_hash(wide_digest("card-point", deck_id, card))


def deck_points(deck_id: str, cards: Sequence[str]) -> list[Point]:
    """The public deck a first shuffle starts from: the cards' points in the order given."""
    made = [card_point(deck_id, card) for card in cards]
    if len(set(made)) != len(made):
        raise ValueError("a deck names the same card twice")
    return made


def card_index(deck_id: str, cards: Sequence[str]) -> dict[Point, str]:
    """Which card each point of the deck is: what an opened point is looked up in."""
    return dict(zip(deck_points(deck_id, cards), cards, strict=True))
