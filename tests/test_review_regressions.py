"""Edge cases found in review: each once broke the engine, the bot or the map loader."""

from __future__ import annotations

import gc
import random

import pytest
from rulebook_helpers import act, position

from risk_lan.bots import ClassicBot
from risk_lan.rules import (
    CLASSIC,
    Attack,
    Defend,
    Game,
    MapError,
    RuleSet,
    ScriptedSource,
    SourceExhausted,
    check_invariants,
    load_board_data,
)
from risk_lan.seeded import SeededSource


def test_a_player_dealt_all_his_armies_is_skipped_during_placement() -> None:
    rules = CLASSIC.with_options(
        distribution="deal", starting_armies=((4, 11),), min_players=4, max_players=4
    )
    # Dice: the roll for who places first, then (after setup) the roll for who plays first.
    game, _ = Game.new(["a", "b", "c", "d"], ScriptedSource([6, 1, 1, 1] * 2), rules)
    # a and b were dealt 11 territories with 11 armies: only c and d have armies to place.
    assert game.state.setup_left == {"a": 0, "b": 0, "c": 1, "d": 1}
    assert game.waiting_for() == "c"
    game.apply("c", game.legal_actions("c")[-1])
    assert game.waiting_for() == "d"
    game.apply("d", game.legal_actions("d")[-1])
    check_invariants(game.state)
    assert game.phase == "reinforce"


def test_setup_ends_at_once_when_the_deal_uses_every_army() -> None:
    rules = CLASSIC.with_options(distribution="deal", starting_armies=((6, 7),), min_players=6)
    game, _ = Game.new([f"p{i}" for i in range(6)], ScriptedSource([6, 1, 1, 1, 1, 1] * 2), rules)
    check_invariants(game.state)
    assert game.phase == "reinforce" and sum(game.state.setup_left.values()) == 0


def test_one_bot_can_play_many_games_one_after_another() -> None:
    # A game freed, the next one's state may take its address: a bot whose caches were keyed
    # by the address played a stale choice by the third or fourth game. Twelve games, each
    # freed by a full collection (costly in a worker holding the whole suite's objects).
    bot = ClassicBot()
    for i in range(12):
        game, _ = Game.new(["a", "b", "c"], SeededSource(i))
        chooser = random.Random(i)
        while game.phase == "claim":
            p = game.waiting_for()
            game.apply(p, chooser.choice([a for a in game.legal_actions(p) if a.type == "place"]))
        p = game.waiting_for()
        game.check(p, bot.choose(game, p))  # a stale choice from another game would be refused
        del game
        gc.collect()


def test_a_failing_dice_source_leaves_the_defence_to_be_answered_again() -> None:
    game = position({"brazil": "ann", "north_africa": "bob"}, {"brazil": 5, "north_africa": 3})
    act(game, "ann", Attack("brazil", "north_africa", 3))
    with pytest.raises(SourceExhausted):
        game.apply("bob", Defend(2))
    assert game.phase == "defend" and game.waiting_for() == "bob"
    check_invariants(game.state)
    game.source.add_dice(6, 6, 6, 1, 1)
    act(game, "bob", Defend(2))
    assert game.armies("north_africa") == 1 and game.phase == "attack"


@pytest.mark.parametrize(
    "data, complaint",
    [
        (
            {"map": {"id": "x"}, "continents": [{"id": "c", "bonus": 1}], "territories": [1]},
            "must be a table",
        ),
        ({"map": {"id": "x", "jokers": True}, "continents": [], "territories": []}, "jokers"),
        (
            {
                "map": {"id": "x"},
                "continents": [3],
                "territories": [
                    {"id": "a", "continent": "c", "card": "infantry", "neighbours": []}
                ],
            },
            "continent #1",
        ),
        (
            {
                "map": {"id": "x"},
                "continents": [{"id": "c", "bonus": 1}],
                "territories": [
                    {"id": "a", "continent": "c", "card": "infantry", "neighbours": [["b"]]}
                ],
            },
            "neighbours must be territory ids",
        ),
        (
            {
                "map": {"id": "x"},
                "continents": [{"id": "c", "bonus": 1}],
                "sea_lines": "a-b",
                "territories": [
                    {"id": "a", "continent": "c", "card": "infantry", "neighbours": []}
                ],
            },
            "sea_lines",
        ),
    ],
)
def test_malformed_map_files_are_refused_with_a_map_error(data, complaint: str) -> None:
    with pytest.raises(MapError, match=complaint):
        load_board_data(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"territory_bonus_armies": -2},
        {"elimination_trade_at": 4},
        {"forced_trade_at": 2},
        {"fortification": "teleport"},
        {"min_players": 4, "max_players": 3},
    ],
)
def test_rule_sets_that_would_break_a_game_are_refused(changes) -> None:
    with pytest.raises(ValueError):
        RuleSet(name="x").with_options(**changes)


def test_odd_queries_answer_plainly() -> None:
    game, _ = Game.new(["a", "b", "c"], SeededSource(1))
    assert game.set_value(["atlantis", "mu", "lemuria"]) == 0
    assert game.income("nobody") == 0
    with pytest.raises(ValueError, match="players"):
        Game.new([], SeededSource(1))
