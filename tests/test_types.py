"""The type checker's view of the code: ``GameState``'s fields as it reads them."""

from __future__ import annotations

import random
import types
import typing
from typing import Any

import pytest

from risk_lan.bots import ClassicBot
from risk_lan.rules import RULESETS, Game, GameState
from risk_lan.rules.statefields import FIELDS
from risk_lan.seeded import SeededSource


def test_every_field_of_the_state_has_its_type_and_every_type_a_field() -> None:
    """The fields are declared in FIELDS and typed in GameState's body: a field added to one
    and not the other would be invisible to the type checker, or typed and never set."""
    typed = list(GameState.__annotations__)
    assert typed == [f.name for f in FIELDS]
    assert GameState.__slots__ == tuple(typed)


def _conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` (the kinds of type the fields use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, a) for a in args)
    if hint is None or hint is type(None):
        return value is None
    if origin is list:
        return type(value) is list and all(_conforms(v, args[0]) for v in value)
    if origin is dict:
        return type(value) is dict and all(
            _conforms(k, args[0]) and _conforms(v, args[1]) for k, v in value.items()
        )
    if hint in (int, bool, str):
        return type(value) is hint  # a flag is not a count, nor a count a flag
    return isinstance(value, hint)


_HINTS = typing.get_type_hints(GameState)


def _mistyped(state: GameState) -> list[str]:
    return [
        f"{name} = {getattr(state, name)!r} is not {hint}"
        for name, hint in _HINTS.items()
        if not _conforms(getattr(state, name), hint)
    ]


def test_the_type_check_of_a_field_sees_a_wrong_value() -> None:
    game, _ = Game.new(["ann", "bob", "cat"], SeededSource(1), "classic")
    game.state.pool = True
    game.state.hands["ann"] = ["alaska", 3]  # type: ignore[list-item]
    assert [m.split(" =")[0] for m in _mistyped(game.state)] == ["hands", "pool"]


@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_every_field_holds_the_type_it_is_given(preset: str) -> None:
    """The types written in GameState's body are those the engine stores, in a whole state
    and in one rebuilt from a player's view, at every move of a game played in part at
    random (so that every step of the mode is reached) and in part by a bot."""
    rules = RULESETS[preset]
    players = [f"p{i}" for i in range(min(max(3, rules.min_players), rules.max_players))]
    rng = random.Random(preset)
    game, _ = Game.new(players, SeededSource(preset), rules)
    bot = ClassicBot()
    for _ in range(400):
        if game.is_over:
            break
        player = game.waiting_for()
        assert player is not None
        if game.phase in ("capital", "capital_reveal") or rng.random() < 0.7:
            action = bot.choose(game, player)
        else:
            action = rng.choice(game.legal_actions(player))
        game.apply(player, action)
        assert _mistyped(game.state) == []
        assert _mistyped(GameState.from_view(game.state.view_for(player))) == []
