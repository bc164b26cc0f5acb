"""Bots with personalities (bots/personality.py), which the chaos run seats at its tables:
the standing answer is set by the very act F7 sends, and games of the boldest personalities
still end in every rule set."""

from __future__ import annotations

import pytest

from risk_lan.bots.personality import PersonalBot, Personality
from risk_lan.cli import main
from risk_lan.rules import Game, SetAutoDefend
from risk_lan.rules.presets import RULESETS
from risk_lan.seeded import SeededSource
from risk_lan.simulate import play_game, seat_names

STANDING = Personality(standing=True, switches=0.0, battles=0.0, whims=0.0)
ASKED = Personality(standing=False, switches=0.0, battles=0.0, whims=0.0)
BOLD = Personality(standing=True, switches=0.05, battles=1.0, whims=0.1)


@pytest.mark.parametrize("mode", ["classic", "conquete", "revised"])
def test_the_standing_answer_is_set_by_f7s_act_and_only_when_it_is_not_set(mode: str) -> None:
    game, _ = Game.new(seat_names(3), SeededSource(1), mode)
    most = game.rules.defender_max_dice
    # F7 (tui/table/turn_keys.py) sends SetAutoDefend(rules.defender_max_dice), or None to be asked.
    assert PersonalBot(STANDING, 1).opening(game, "p1") == [SetAutoDefend(most)]
    assert PersonalBot(ASKED, 1).opening(game, "p1") == []
    game.apply("p1", SetAutoDefend(most))
    assert PersonalBot(STANDING, 1).opening(game, "p1") == []  # a restarted program's seat
    assert PersonalBot(ASKED, 1).opening(game, "p1") == [SetAutoDefend(None)]


def test_personalities_drawn_differ_and_each_seed_gives_the_same_one() -> None:
    drawn = [Personality.drawn(f"7:{i}") for i in range(40)]
    assert drawn == [Personality.drawn(f"7:{i}") for i in range(40)]
    assert {p.standing for p in drawn} == {True, False}
    assert len({(p.battles, p.whims, p.switches) for p in drawn}) > 5


@pytest.mark.parametrize("mode", sorted(RULESETS))
def test_games_of_bold_and_asked_personalities_end_in_every_rule_set(mode: str) -> None:
    players = RULESETS[mode].min_players
    bots = [PersonalBot(BOLD if i % 2 else ASKED, f"{mode}:{i}") for i in range(players)]
    result = play_game(bots, f"personality:{mode}", mode)
    assert result.winner is not None, result


def test_join_refuses_a_personality_without_a_bot_and_headless_without_watching(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "127.0.0.1:9", "--personality", "3"]) == 2
    assert "--personality is the bot's: give --bot too" in capsys.readouterr().err
    assert main(["join", "127.0.0.1:9", "--headless"]) == 2
    assert "--headless is for watching (--watch)" in capsys.readouterr().err
