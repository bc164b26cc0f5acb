"""A client's own cards drawn in a move are noted for the end's check, every one of them:
also a card its own working-out happened to give right, as a pile remade from the discards
can (a draw, a reshuffle, then more draws at the start of a turn of 000-B's deuxième
règle: the end's check found one card missing about one game in six)."""

from __future__ import annotations

from risk_lan.net.record.shadow import events_mismatch
from risk_lan.rules.events import CardDrawn, DeckShuffled
from risk_lan.rules.state import HIDDEN


def test_every_card_drawn_is_noted_even_one_the_client_worked_out_right() -> None:
    mine = [CardDrawn("ann", HIDDEN), DeckShuffled(29), CardDrawn("ann", "iceland")]
    theirs = [
        {"type": "card_drawn", "player": "ann", "card": "peru"},
        {"type": "deck_shuffled", "cards": 29},
        {"type": "card_drawn", "player": "ann", "card": "iceland"},
    ]
    drawn: list[str] = []
    assert events_mismatch(mine, "ann", theirs, drawn) is None
    assert drawn == ["peru", "iceland"]


def test_another_players_hidden_card_is_not_noted() -> None:
    mine = [CardDrawn("bob", "iceland")]
    theirs = [{"type": "card_drawn", "player": "bob", "card": None}]
    drawn: list[str] = []
    assert events_mismatch(mine, "ann", theirs, drawn) is None
    assert drawn == []
