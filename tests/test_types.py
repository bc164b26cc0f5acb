"""The type checker on risk_lan/ and protocol/ (``[tool.mypy]`` in pyproject.toml), run on every
test run, and ``GameState``'s fields as it reads them."""

from __future__ import annotations

import os
import random
import types
import typing
from pathlib import Path
from typing import Any

import msgpack
import pytest
from tree_copy import copy_of_the_tree

from protocol.framing import plain
from risk_lan.bots import ClassicBot
from risk_lan.rules import RULESETS, Game, GameState
from risk_lan.rules.statefields import FIELDS
from risk_lan.seeded import SeededSource

ROOT = Path(__file__).resolve().parent.parent


def _mypy(root: Path, cache: Path) -> tuple[str, int]:
    """mypy's report on the tree at ``root``, with its configuration, and its exit status."""
    api = _mypy_api()
    out, err, status = api.run(
        [
            "--config-file",
            str(root / "pyproject.toml"),
            "--cache-dir",
            str(cache),
            str(root / "risk_lan"),
            str(root / "protocol"),
        ]
    )
    return out + err, status


def _mypy_api() -> Any:
    try:
        from mypy import api
    except ImportError:
        pytest.fail("mypy is not installed: install the test extras (pip install -e '.[test]')")
    return api


def test_the_type_checker_finds_nothing() -> None:
    report, status = _mypy(ROOT, ROOT / ".mypy_cache")
    assert status == 0, report


def test_the_type_checker_sees_planted_errors(tmp_path: Path) -> None:
    """A wrong return type in the engine, a function left untyped in the wire (the strict
    setting), and a bot setting a field of the state to a value of the wrong type (the
    fields are seen): each reported, so the check above cannot pass by seeing nothing."""
    copy_of_the_tree(tmp_path)
    for path, code in {
        "risk_lan/rules/board.py": "\n\ndef _planted() -> int:\n    return 'many'\n",
        "protocol/errors.py": "\n\ndef _planted(value):\n    return value\n",
        "risk_lan/bots/random_bot.py": (
            "\n\ndef _planted(game: Game) -> None:\n    game.state.pool = 'many'\n"
        ),
    }.items():
        planted = tmp_path / path
        planted.write_text(planted.read_text() + code)
    # No cache: the one of the check above may be being written by another worker.
    report, status = _mypy(tmp_path, Path(os.devnull))
    assert status == 1, report
    errors = [line.replace("\\", "/") for line in report.splitlines() if ": error: " in line]
    for path, message in (
        ("risk_lan/rules/board.py", 'Incompatible return value type (got "str", expected "int")'),
        ("protocol/errors.py", "Function is missing a type annotation"),
        (
            "risk_lan/bots/random_bot.py",
            'Incompatible types in assignment (expression has type "str", variable has type "int")',
        ),
    ):
        assert any(path in e and message in e for e in errors), report
    assert len(errors) == 3, report


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
    random (so that every step of the mode is reached) and in part by a bot, and now and
    then in one read back from the bytes a saved game holds."""
    rules = RULESETS[preset]
    players = [f"p{i}" for i in range(min(max(3, rules.min_players), rules.max_players))]
    rng = random.Random(preset)
    game, _ = Game.new(players, SeededSource(preset), rules)
    bot = ClassicBot()
    for move in range(400):
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
        if move % 40 == 0:
            saved = msgpack.unpackb(plain(game.state.to_dict()))
            assert _mistyped(GameState.from_dict(saved)) == []
