"""Bots and headless games: they finish, they are reproducible, and the default bot is good.

The long runs (a thousand classic games of three to six players, a hundred of each newer
mode and of each revised mode) are bench/bot_games.py's; the suite plays fewer of each."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from risk_lan.bots import ClassicBot, RandomBot, make_bot
from risk_lan.cli import main
from risk_lan.simulate import play_game, simulate


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_games_finish_with_a_world_conqueror(players: int) -> None:
    summary = simulate(players, 60, seed=players)
    assert summary.games == summary.finished == 60
    assert sum(summary.wins_by_seat.values()) == 60


def test_classic_2015_bot_games_finish() -> None:
    summary = simulate(5, 40, seed=7, rules="classic-2015")
    assert summary.finished == 40


def test_the_default_bot_beats_random_players_clearly() -> None:
    wins = 0
    games = 60
    for g in range(games):
        seat = g % 3
        bots = [RandomBot(f"{g}:{i}") for i in range(3)]
        bots[seat] = ClassicBot()
        result = play_game(bots, f"vs-random:{g}")
        assert result.winner is not None
        wins += result.winner == f"p{seat + 1}"
    # A random seat would win about a third of these.
    assert wins >= 0.9 * games


def test_games_are_reproducible_across_processes() -> None:
    code = (
        "from risk_lan.simulate import simulate\n"
        "s = simulate(4, 15, 3)\n"
        "print(sorted(s.wins_by_seat.items()), s.turns, s.actions)\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        outputs.add(run.stdout)
    assert len(outputs) == 1


def test_make_bot_refuses_an_unknown_kind() -> None:
    assert make_bot("random", 1).name == "random"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")


def test_simulate_command_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "4", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "games: 5 (5 finished, 0 unfinished)" in out
    assert "wins by seat:" in out and "mean turns:" in out and "games/s" in out


def test_simulate_show_narrates_a_game_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--show", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "renforts" in out and "a conquis le monde" in out


def test_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "9"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["simulate", "--bots", "genius"]) == 2
    assert "unknown bot" in capsys.readouterr().err


@pytest.mark.parametrize("mode", ["old-world", "conquete", "conquete-2", "risk-mission"])
def test_a_hundred_bot_games_of_each_newer_mode_finish(mode: str) -> None:
    summary = simulate(4, 100, seed=11, rules=mode)
    assert summary.games == summary.finished == 100
    assert sum(summary.wins_by_seat.values()) == 100


def test_a_hundred_bot_games_with_active_independents_finish() -> None:
    """Rulebook 002's active independents: the bots win them over, reinforce and use them."""
    summary = simulate(2, 100, seed=11, rules="two-player-active")
    assert summary.games == summary.finished == 100
    assert sum(summary.wins_by_seat.values()) == 100


def test_a_hundred_bot_games_with_the_ally_finish_and_the_ally_plays() -> None:
    """000-A's two-player game: the bots take the ally in each other's turns."""
    summary = simulate(2, 100, seed=11, rules="two-player-ally")
    assert summary.games == summary.finished == 100
    assert sum(summary.wins_by_seat.values()) == 100


@pytest.mark.parametrize("mode", ["revised", "revised-objectives", "revised-support"])
def test_bot_games_of_each_revised_mode_finish_with_2_to_5_players(mode: str) -> None:
    """Rulebook 004: 8 games at each table size, every one won (by world conquest, the
    neutral's territories included, or by an objective met at the end of its holder's
    turn). bench/bot_games.py plays 25 at each."""
    for players in (2, 3, 4, 5):
        summary = simulate(players, 8, seed=11, rules=mode)
        assert summary.games == summary.finished == 8, (players, summary.lines())
        assert sum(summary.wins_by_seat.values()) == 8
