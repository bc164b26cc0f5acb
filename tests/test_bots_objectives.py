"""Bots in the modes with their own goals: whole games end with an objective achieved, the
headquarters taken (rarely with the world held) or a player of the other team out, and a bot
aims at what its objective asks, guards its headquarters and plays for its team."""

from __future__ import annotations

from collections import Counter

import pytest
from rulebook_helpers import BOARD, position, write_position

from risk_lan.bots import ClassicBot
from risk_lan.rules import Attack, Fortify, Game, Place, ScriptedSource, check_invariants
from risk_lan.rules.events import GameWon
from risk_lan.simulate import play_game


@pytest.mark.parametrize(
    "mode, players, reason",
    [
        ("mission", 3, "objective"),
        ("mission", 6, "objective"),
        ("secret-mission", 5, "objective"),
        # Won by the claim each seat's client makes by itself (``simulate.owed_acts``), out of
        # turn under 000-A's and 003's rules, as its holder's turn ends under 004's.
        ("revised-objectives", 4, "objective"),
        ("capital", 4, "capitals"),
        ("capital-short", 5, "capitals"),
        ("team", 3, "team"),
        ("team", 4, "team"),
        ("team", 6, "team"),
    ],
)
def test_bot_games_end_with_the_modes_goal(mode: str, players: int, reason: str) -> None:
    reasons: Counter[str] = Counter()
    won: list[GameWon] = []

    def note(game, events) -> None:
        won.extend(e for e in events if isinstance(e, GameWon))

    for seed in range(25):
        won.clear()
        result = play_game([ClassicBot() for _ in range(players)], f"{mode}{seed}", mode, note)
        assert result.winner is not None
        [last] = won
        assert last.winner == result.winner
        reasons[last.reason] += 1
    assert reasons[reason] >= 20, reasons  # the bots play for the mode's goal


@pytest.mark.parametrize(
    "objective, aimed",
    [("destroy_blue", "alaska"), ("asia_africa", "kamchatka"), ("north_america_oceania", "alaska")],
)
def test_a_bot_attacks_toward_its_objective(objective: str, aimed: str) -> None:
    # ann (red) may attack Alaska (bob, blue) from Northwest Territory, or Kamchatka (cat)
    # from Japan, at the same odds; each objective says which.
    owners = {"northwest_territory": "ann", "alaska": "bob", "japan": "ann", "kamchatka": "cat"}
    owners |= dict.fromkeys(
        [t for t in BOARD.territory_ids if t not in owners and t not in ("brazil",)], "cat"
    )
    owners["brazil"] = "bob"
    game = position(owners, {"northwest_territory": 6, "japan": 6}, rules="secret-mission")
    s = game.state
    s.round = 5
    s.objectives = {"ann": objective, "bob": "territories_24", "cat": "territories_24"}
    check_invariants(s)
    choice = ClassicBot().choose(game, "ann")
    assert isinstance(choice, Attack) and choice.target == aimed, choice


def test_a_bot_reinforces_its_threatened_headquarters() -> None:
    owners = {"alaska": "ann", "kamchatka": "bob", "japan": "ann", "brazil": "cat"}
    game = position(owners, {"kamchatka": 12, "japan": 5}, rules="capital", phase="reinforce",
                    pool=5)  # fmt: skip
    s = game.state
    s.capitals = {"ann": "alaska", "bob": "kamchatka", "cat": "brazil"}
    s.deck = [c for c in s.deck if c not in s.capitals.values()]
    s.trade_window = "turn_start"
    check_invariants(s)
    choice = ClassicBot().choose(game, "ann")
    assert choice == Place("alaska", 5)


def test_a_bot_goes_for_the_weakest_player_of_the_other_team() -> None:
    # Team rules, ann and cat against bob and dan. From North Africa ann may attack Brazil
    # (bob's, one of his two territories) or Egypt (dan's, one of many) at the same odds: one
    # player out wins the game for the team, so it goes for bob.
    game, _ = Game.new(["ann", "bob", "cat", "dan"], ScriptedSource([6, 1, 1, 1]), "team")
    owners = {"north_africa": "ann", "brazil": "bob", "alaska": "bob", "egypt": "dan"}
    owners |= dict.fromkeys(BOARD.continents["asia"].territories, "cat")
    write_position(game.state, owners, {"north_africa": 6}, rest="dan", phase="attack",
                   current="ann")  # fmt: skip
    check_invariants(game.state)
    choice = ClassicBot().choose(game, "ann")
    assert isinstance(choice, Attack) and choice.target == "brazil", choice


def test_a_bot_fortifies_into_a_threatened_teammate() -> None:
    # Ann's Siberia is quiet (cat all around); cat's Kamchatka faces bob's 9 in Alaska.
    owners = {"siberia": "ann", "alaska": "bob", "northwest_territory": "bob", "alberta": "bob"}
    game = position(owners, {"siberia": 8, "alaska": 9}, rules="team", phase="fortify")
    game.state.phase = "attack"
    choice = ClassicBot().choose(game, "ann")
    assert choice == Fortify("siberia", "kamchatka", 7), choice
    game.apply("ann", choice)
    assert game.state.mixed["kamchatka"] == {"cat": 1, "ann": 7}
