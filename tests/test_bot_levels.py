"""Bot levels wherever a bot is chosen on the command line (``--bots``, ``join --bot LEVEL``,
``--think``), and the registry every level is made from."""

from __future__ import annotations

import argparse
import re

import pytest

from risk_lan.bots import BOTS, LEVELS, bot_kind, levels, make_bot
from risk_lan.cli import bot_levels, build_parser, host_config, main, play_config
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostconsole import command
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import Game
from risk_lan.seeded import SeededSource
from risk_lan.simulate import play_game, simulate


def test_classic_is_read_as_normal_and_every_kind_is_made_with_a_budget() -> None:
    assert bot_kind("classic") == bot_kind("Normal") == "normal"
    assert make_bot("classic").name == "normal"
    for kind in BOTS:
        assert make_bot(kind, 1, think=0.25).name == kind
    assert levels() == [level for level in LEVELS if level in BOTS]
    with pytest.raises(ValueError, match="unknown bot 'genius'; known: easy, normal"):
        make_bot("genius")


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("3", ["normal"] * 3),
        ("0", []),
        ("easy,normal,classic", ["easy", "normal", "normal"]),
        ("3:easy", ["easy"] * 3),
        ("2:easy, normal", ["easy", "easy", "normal"]),
        ("1,easy", ["normal", "easy"]),
    ],
)
def test_bots_are_a_number_levels_or_number_colon_level(text: str, chosen: list[str]) -> None:
    assert bot_levels(text) == chosen


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("genius", "'genius' is not a bot level; the levels are easy, normal"),
        ("random", "'random' is not a bot level"),
        ("x:easy", "'x:easy': give a number of bots, levels (hard,easy) or NUMBER:LEVEL"),
        ("-1", "'-1' is not a bot level"),
        ("7", "at most 6 seats"),
        ("easy,,normal", "'' is not a bot level"),
    ],
)
def test_anything_else_is_refused_with_a_sentence(text: str, why: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=re.escape(why)):
        bot_levels(text)


def test_play_and_host_seat_the_levels_given() -> None:
    args = build_parser().parse_args(["play", "--bots", "easy,2:normal", "--think", "0.5"])
    config = play_config(args)
    assert (config.seats, config.bots, config.think) == (4, 3, 0.5)
    assert config.bot_levels() == ["easy", "normal", "normal"]
    args = build_parser().parse_args(["play"])
    assert play_config(args).bot_levels() == ["normal"] * 3
    args = build_parser().parse_args(["host", "--seats", "5", "--bots", "2:easy"])
    config = host_config(args)
    assert (config.seats, config.bots, config.bot_levels()) == (5, 2, ["easy", "easy"])
    assert host_config(build_parser().parse_args(["host"])).bots == 0


def test_bad_levels_and_thinking_times_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["play", "--bots", "genius"],
        ["host", "--bots", "2:genius"],
        ["play", "--think", "0"],
        ["simulate", "--think", "soon"],
        ["join", "--think", "-1", "--bot"],
    ):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "'genius' is not a bot level" in err
    assert "'0' is not a thinking time: give seconds, more than 0" in err
    assert main(["play", "--bots", "0"]) == 2
    assert "play against at least 1 bot" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:1", "--think", "1"]) == 2
    assert "--think is the bot's: give --bot too" in capsys.readouterr().err
    assert main(["join", "--bot", "127.0.0.1"]) == 2
    assert "'127.0.0.1' is not a bot level" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:1", "--bot", "easy", "--personality", "3"]) == 2
    assert "--personality plays the normal bot's way" in capsys.readouterr().err


def test_simulate_plays_levels_per_seat_and_reads_classic_as_normal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "3", "--bots", "easy,classic", "--think", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "games: 3 (3 finished" in out
    assert "classic" not in out.partition("wins by bot:")[2].splitlines()[0]
    summary = simulate(4, 4, 9, bot_kinds=("easy", "normal"))
    assert summary.finished == 4 and set(summary.wins_by_bot) <= {"easy", "normal"}


@pytest.mark.parametrize("level", [level for level in LEVELS if level in BOTS])
def test_every_level_finishes_games_of_every_mode(level: str) -> None:
    """Each level, the hard one too once registered, against normal bots in every preset."""
    from risk_lan.rules import RULESETS

    for g, (name, rules) in enumerate(sorted(RULESETS.items())):
        players = rules.min_players
        bots = [make_bot(level, f"{g}:0", think=0.05)]
        bots += [make_bot("normal", f"{g}:{i}") for i in range(1, players)]
        result = play_game(bots, f"every-mode:{g}", name)
        assert result.winner is not None, f"{level} in {name}"


def test_the_easy_bot_plays_the_normal_bots_opening() -> None:
    game, _ = Game.new(["a", "b", "c"], SeededSource(1), "classic")
    assert make_bot("easy", 1).opening(game, "a") == make_bot("normal").opening(game, "a")


def test_a_headless_hosts_seats_command_names_each_bots_level() -> None:
    host = Host(HostConfig(seats=4, bots=2, levels=("easy",)))
    assert command(host, "seats") == "p1 open; p2 open; p3 bot-1 (easy bot); p4 bot-2 (normal bot)"
