"""What the tests of sealed games share: an oracle source that deals hidden cards sealed and
tells the test which card each token stands for, and the ways to read a sealed game with it
(``test_sealed_cards``, ``test_sealed_seats``)."""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from typing import Any

from risk_lan.rules import Action, Game, GameState
from risk_lan.rules.projection import opened_by, reveal_named, sealed_of, sees_hand
from risk_lan.rules.sealing import is_hidden, slot_of
from risk_lan.seeded import SeededSource


class SealingSource:
    """A seeded source that deals hidden cards sealed, and tells the test (``cards``, token →
    card) which card each token stands for: the order a seeded shuffle gives them, so that
    the whole game, shuffled by the same seed, deals the same cards."""

    def __init__(self, seed: int, cards: dict[str, str]) -> None:
        self._seeded = SeededSource(seed)
        self.cards = cards

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return self._seeded.dice(count, sides)

    def permutation(self, n: int) -> list[int]:
        return self._seeded.permutation(n)

    def seal(self, tokens: Sequence[str], cards: Sequence[str]) -> None:
        order = [cards[j] for j in self._seeded.permutation(len(cards))]
        self.cards.update(zip(tokens, order, strict=True))


def unsealed(value: Any, cards: dict[str, str]) -> Any:
    """``value`` (plain data) with every token read as its card."""
    if isinstance(value, str):
        return cards.get(value, value) if slot_of(value) is not None else value
    if isinstance(value, list | tuple):
        return [unsealed(v, cards) for v in value]
    if isinstance(value, dict):
        return {k: unsealed(v, cards) for k, v in value.items()}
    return value


def whole_form(state: GameState, cards: dict[str, str]) -> dict:
    data = unsealed(state.to_dict(), cards)
    data["sealed"] = 0  # the whole game seals nothing
    del data["sealing"]  # nor says it does (a plain game's dict has no such key)
    return data


def known_to(state: GameState, seat: str, cards: dict[str, str]) -> dict[str, str]:
    """What ``seat``'s client knows of the sealed cards (token → card), as the deck's
    protocol tells it: its own (hand, missions, objective) and its teammates' hands."""
    own = set(sealed_of(state, seat))
    for player, hand in state.hands.items():
        if player != seat and sees_hand(state, seat, player):
            own.update(c for c in hand if slot_of(c) is not None)
    return {t: cards[t] for t in own}


def apply_sealed(
    sealed: Game, player: str, action: Action, cards: dict[str, str], seed: int, n: int
) -> list:
    """The move on the sealed game, with the sealed cards it opens from its player's own."""
    own = {t: cards[t] for t in sealed_of(sealed.state, player)}
    reveal_named(sealed.state, player, action, opened_by(sealed.state, player, action, own))
    sealed.source = SealingSource(seed, cards)
    try:
        return sealed.apply(player, action)
    except KeyError as e:
        if not (e.args and isinstance(e.args[0], str) and is_hidden(e.args[0])):
            raise
        where = traceback.extract_tb(e.__traceback__)[-1]
        at = f"{where.filename.rsplit('/', 1)[-1]}:{where.lineno} {where.name}"
        raise AssertionError(
            f"move {n} ({player}: {action}) reads the sealed {e.args[0]} at {at}"
        ) from e
