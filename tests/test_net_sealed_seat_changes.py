"""A seat changing hands three ways in a sealed game, over real sockets (issue 27, point 7):
a player's seat taken by a host bot mid-game, which then reads its cards; the seat handed
back to its player with its hand as it stands; another player expelled for a forged removal
of its layer. Each game finishes, the record verifies naming the expelled player alone, and
every honest peer agrees. One game each of hand cards shared in a team, Risk Mission's
several missions and one secret objective; ``bench/sealed_seats.py`` plays every mode with
cards or objectives."""

from __future__ import annotations

from pathlib import Path

import pytest
from sealed_seat_game import SeatChanges, play_seat_changes


def finished_with_every_change(result: SeatChanges) -> None:
    print(result.line())
    assert result.failures == []
    assert result.expulsions == 1 and result.handbacks >= 1 and result.takeovers >= 1
    assert result.bot_read >= 1 and result.handed_back >= 1
    assert result.cards_read >= 44


@pytest.mark.parametrize("mode", ["team", "risk-mission"])
def test_a_player_killed_and_started_again_and_a_forger_expelled_each_game_finishes(
    tmp_path: Path, mode: str
) -> None:
    """The player's program killed (a host bot takes the seat once it is away) and started
    again from its seat file, which rebuilds its ledger from the history."""
    finished_with_every_change(play_seat_changes(tmp_path, mode, seconds=150))


def test_a_seat_handed_to_a_bot_and_back_and_a_forger_expelled_in_an_objective_game(
    tmp_path: Path,
) -> None:
    """The host's player hands the seat to a bot while the player's program runs on; it asks
    for its seat back at once."""
    result = play_seat_changes(tmp_path, "secret-mission", seconds=150, away="taken")
    finished_with_every_change(result)
