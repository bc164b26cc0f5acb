"""Bots in the objective modes: whole games end with an objective achieved (or the world
held), and a bot aims at what its own objective asks."""

from __future__ import annotations

from collections import Counter

import pytest
from rulebook_helpers import BOARD, position

from risk_lan.bots import ClassicBot
from risk_lan.rules import Attack, check_invariants
from risk_lan.rules.events import GameWon
from risk_lan.simulate import play_game


@pytest.mark.parametrize("mode, players", [("mission", 3), ("mission", 6), ("secret-mission", 5)])
def test_bot_games_end_with_an_objective_achieved(mode: str, players: int) -> None:
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
    assert reasons["objective"] >= 20, reasons  # the bots play for their objectives


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
