"""Setup and end-of-turn rules not covered by a worked example."""

from __future__ import annotations

import pytest
from rulebook_helpers import act, of_type, position, refused

from risk_lan.rules import EndTurn, Game, Place, ScriptedSource
from risk_lan.rules.events import CardDrawn, NoCardLeft, OrderRolled, SetupFinished


@pytest.mark.parametrize("players, armies", [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_by_player_count(players: int, armies: int) -> None:
    """Rulebook 001 «Mise en place» 4; rulebook 003 «JEU 2» 1 for 3 to 5."""
    names = [f"p{i}" for i in range(players)]
    game, _ = Game.new(names, ScriptedSource([6] + [1] * (players - 1)))
    assert game.state.setup_left == dict.fromkeys(names, armies)
    if players <= 5:
        game, _ = Game.new(names, ScriptedSource([6] + [1] * (players - 1)), "classic-2015")
        assert game.state.setup_left == dict.fromkeys(names, armies)
    else:
        with pytest.raises(ValueError, match="3 to 5 players"):
            Game.new(names, ScriptedSource([6] * 6), "classic-2015")


def test_claiming_takes_empty_territories_in_turn_then_reinforces_own() -> None:
    """Rulebook 001 «Revendication des Territoires» and «Renforcer les Territoires»."""
    game, _ = Game.new(["ann", "bob", "cat"], ScriptedSource([2, 6, 1]))
    assert game.phase == "claim" and game.waiting_for() == "bob"
    act(game, "bob", Place("alaska"))
    assert game.waiting_for() == "cat"
    assert refused(game, "cat", Place("alaska")) == "occupied"
    assert refused(game, "ann", Place("peru")) == "not_your_turn"
    ids = [t for t in game.board.territory_ids if game.owner(t) is None]
    for t in ids:
        act(game, game.waiting_for(), Place(t))
    # The 42nd claim went to ann (bob, cat, ann, …): bob places next, on his own territory.
    assert game.phase == "setup" and game.waiting_for() == "bob"
    assert refused(game, "bob", Place(game.territories_of("ann")[0])) == "not_owner"


def first_turn_events(rules: str) -> tuple[list, Game]:
    game, events = Game.new(["ann", "bob", "cat"], ScriptedSource([2, 6, 1]), rules)
    game.source.add_dice(6, 1, 1)  # the roll for the first turn, if the rules call for one
    while game.phase in ("claim", "setup"):
        p = game.waiting_for()
        events += act(game, p, game.legal_actions(p)[-1])
    return events, game


def test_classic_rolls_again_for_the_first_turn() -> None:
    """Rulebook 001 «Renforcer les Territoires»: after setup, roll again for the first turn."""
    events, game = first_turn_events("classic")
    rolls = of_type(events, OrderRolled)
    assert [r.purpose for r in rolls] == ["first_placer", "first_turn"]
    assert of_type(events, SetupFinished)[0].first_player == "ann" == game.current_player


def test_classic_2015_lets_the_first_placer_play_first() -> None:
    """Rulebook 003 «JEU 2» 5: the player who placed the first army starts."""
    events, game = first_turn_events("classic-2015")
    assert [r.purpose for r in of_type(events, OrderRolled)] == ["first_placer"]
    assert game.current_player == "bob"


def test_no_card_when_the_deck_and_the_discards_are_empty() -> None:
    """RULES.md Part 3, item 38: no card is drawn."""
    hands = {"ann": [], "bob": [], "cat": []}
    game = position({"brazil": "ann"}, hands=hands)
    cards = list(game.state.deck)
    game.state.deck = []
    game.state.hands["bob"] = cards
    game.state.conquered = True
    events = act(game, "ann", EndTurn())
    assert of_type(events, NoCardLeft) and not of_type(events, CardDrawn)
