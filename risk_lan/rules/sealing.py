"""Sealed cards: hidden cards that keep their identity, so that a peer who cannot read a card
still knows which card it is.

In a game between peers no one, the host included, may see a hidden card: the deck is
shuffled and dealt by every player together, each card readable by its holder alone. Every
peer then plays the same state, in which each hidden card is a **token** (``?17``): the name
of a slot of the encrypted deck, public, moved by the rules like the card it stands for (drawn,
handed over at an elimination, set aside, taken at random after a retreat). Which card a slot
holds is known to its holder alone, outside the state; what a rule needs of a hidden card, its
holder makes public by naming it in the act it signs, with the slot it opens
(``projection.reveal_named``).

The engine deals sealed cards where it would shuffle hidden ones (the draw pile, a pile made
again from the discards, the objectives, the missions): ``dealt`` asks the source for an
order, and a source that seals (``Sealer``) answers with new tokens instead, numbered from the
state's count of slots so that every peer numbers them alike, and learns which cards they
stand for, to deal them in secret. Games without peers (``simulate``, tests) keep plain cards:
their sources do not seal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .statefields import HIDDEN

if TYPE_CHECKING:
    from .randomness import RandomSource


class SealCount(Protocol):
    """What dealing needs of the state: the count of slots dealt, the next token's number
    (``GameState.sealed``; named by what it needs, so this module stays below the state)."""

    sealed: int


@runtime_checkable
class Sealer(Protocol):
    """A source of chance that deals hidden cards sealed."""

    def seal(self, tokens: Sequence[str], cards: Sequence[str]) -> None:
        """``tokens`` stand from now on for ``cards`` in an order nobody knows yet: the
        secret shuffle of these cards is to be made."""
        ...


def token(slot: int) -> str:
    return f"{HIDDEN}{slot}"


def is_hidden(card: str) -> bool:
    """Whether ``card`` is unknown here: a placeholder, or a sealed card's token."""
    return card[:1] == HIDDEN


def named(cards: Sequence[str]) -> list[str]:
    """The cards of ``cards`` known here, in their order: a hidden one (a placeholder, a token
    whose card this peer has not learnt) shows nothing a rule could read."""
    return [c for c in cards if c[:1] != HIDDEN]


def slot_of(card: str) -> int | None:
    """The slot a token names; None for a card named, or a placeholder that names none."""
    if card[:1] != HIDDEN or len(card) < 2 or not card[1:].isdigit():
        return None
    return int(card[1:])


def dealt(state: SealCount, source: RandomSource, cards: Sequence[str]) -> list[str]:
    """``cards`` shuffled: by ``source``'s permutation, or, when ``source`` seals, as new
    tokens whose cards it deals in secret."""
    if isinstance(source, Sealer):
        first = state.sealed
        tokens = [token(first + i) for i in range(len(cards))]
        state.sealed = first + len(cards)
        source.seal(tokens, list(cards))
        return tokens
    return [cards[j] for j in source.permutation(len(cards))]
