"""Bots in the modes with their own goals: whole games end with an objective achieved or the
headquarters taken (rarely with the world held), and a bot aims at what its objective asks
and guards its headquarters."""

from __future__ import annotations

from collections import Counter

import pytest
from rulebook_helpers import BOARD, position

from risk_lan.bots import ClassicBot
from risk_lan.rules import Attack, Place, check_invariants
from risk_lan.rules.events import GameWon
from risk_lan.simulate import play_game


@pytest.mark.parametrize(
    "mode, players, reason",
    [
        ("mission", 3, "objective"),
        ("mission", 6, "objective"),
        ("secret-mission", 5, "objective"),
        ("capital", 4, "capitals"),
        ("capital-short", 5, "capitals"),
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
