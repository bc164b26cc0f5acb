"""What a search relies on (the hard bot plays turns out on copies of a game): a copy played
on leaves the original game as it was, its dice included, and a move applied as known legal
(``checked=True``) does exactly what the same move checked does."""

from __future__ import annotations

import random

import pytest

from risk_lan.bots import ClassicBot
from risk_lan.rules import RULESETS, Action, Game
from risk_lan.seeded import SeededSource

# The steps whose moves ``legal_actions`` does not list (sealed headquarters): a bot plays them.
SEALED = ("capital", "capital_reveal")


def _seats(preset: str) -> list[str]:
    rules = RULESETS[preset]
    return [f"p{i}" for i in range(max(rules.min_players, min(rules.max_players, 4)))]


def _pick(game: Game, player: str, rng: random.Random, bot: ClassicBot) -> Action:
    """A random legal move, often the bot's (so games reach their later steps)."""
    if game.phase in SEALED or rng.random() < 0.6:
        return bot.choose(game, player)
    return rng.choice(game.legal_actions(player))


def _midgame(preset: str, seed: int, moves: int) -> Game:
    game, _ = Game.new(_seats(preset), SeededSource(seed), preset)
    bot = ClassicBot()
    for player in game.state.players:
        for action in bot.opening(game, player):
            game.apply(player, action)
    rng = random.Random(seed)
    for _ in range(moves):
        player = game.waiting_for()
        if player is None:
            break
        game.apply(player, _pick(game, player, rng, bot))
    return game


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_a_search_plays_on_a_copy_without_touching_the_game(preset: str) -> None:
    game = _midgame(preset, 7, 120)
    before = game.to_dict()
    source = game.source
    assert isinstance(source, SeededSource)
    dice_before = [source._random.getstate()]

    trial = game.copy(SeededSource("search"))
    bot, rng = ClassicBot(), random.Random(1)
    for _ in range(200):
        player = trial.waiting_for()
        if player is None:
            break
        trial.apply(player, _pick(trial, player, rng, bot), checked=True)

    assert trial.state.turn > game.state.turn or trial.is_over
    assert game.to_dict() == before
    assert [source._random.getstate()] == dice_before  # the game's next rolls are its own
    assert game.source is source and trial.source is not source


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_a_move_known_legal_does_what_the_checked_move_does(preset: str) -> None:
    checked, _ = Game.new(_seats(preset), SeededSource(11), preset)
    known = checked.copy(SeededSource(11))
    checked.source = SeededSource(11)
    bot, rng = ClassicBot(), random.Random(11)
    for player in checked.state.players:
        for action in bot.opening(checked, player):
            assert checked.apply(player, action) == known.apply(player, action, checked=True)
    for _ in range(400):
        player = checked.waiting_for()
        if player is None:
            break
        action = _pick(checked, player, rng, bot)
        events = checked.apply(player, action)
        assert known.apply(player, action, checked=True) == events
        assert known.state.to_dict() == checked.state.to_dict()
