"""The hard bots of a game the app hosts say why they play as they do: in the game's log,
in the player's language, each reason said with the move it explains; a bot of another
level says nothing."""

from __future__ import annotations

import re

import pytest
from test_tui_pacing import NORTH_AMERICA, SOUTH_AMERICA
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.rules import GameState

pytestmark = pytest.mark.asyncio
SIZE = (160, 50)


def bots_first(s: GameState) -> None:
    """ann (p1) holds North America, strong enough to hold, and the bots play first: bob (p2)
    at the start of his turn, then cat (p3), then it is ann's turn."""
    south = dict.fromkeys(SOUTH_AMERICA, "p3")
    set_position(
        s, {**dict.fromkeys(NORTH_AMERICA, "p1"), **south}, dict.fromkeys(NORTH_AMERICA, 12),
        rest="p2", phase="reinforce", current="p2", pool=3,
    )  # fmt: skip
    s.auto_defend["p1"] = 3  # ann answers every attack at once (F7)


async def reasons_said(lang: str, levels: tuple[str, ...]) -> list[str]:
    """The log's lines once both bots have played their turn."""
    host = scenario_host(bots_first, levels=levels, think=0.05, absent_after=None)
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.game.state.current == "p1", timeout=60)
        return screen_text(app, "log").splitlines()


async def test_a_hard_bot_says_why_before_its_moves_in_english() -> None:
    lines = await reasons_said("en", ("hard", "hard"))
    said = [i for i, line in enumerate(lines) if re.match(r"bot-\d \(hard\): ", line)]
    assert said, lines
    plans = [lines[i] for i in said if re.search(r": (goes for|holds|spreads)", lines[i])]
    assert plans, lines
    # A reason comes just before the move it explains: the bot's placement for its plan, the
    # battle for the territory it attacks.
    for i in said:
        attacked = re.search(r"attacks ([A-Z][\w .'-]+):", lines[i])
        mark = attacked.group(1) if attacked else lines[i].split(" ")[0]
        assert i + 1 < len(lines) and mark in lines[i + 1], lines[i : i + 2]
    # An attack's reason, not a plan that says how the bot attacks ("attacks only with a
    # clear edge").
    for line in (lines[i] for i in said if re.search(r"\(hard\): attacks ", lines[i])):
        assert re.search(r"attacks [A-Z][\w .'-]+: \d{1,2}% to win$", line), line


async def test_a_hard_bot_says_why_in_french_and_a_normal_bot_says_nothing() -> None:
    lines = await reasons_said("fr", ("hard", "normal"))
    assert any(re.match(r"bot-1 \(difficile\) : ", line) for line in lines), lines
    assert not any(line.startswith("bot-2 (") for line in lines), lines
    assert not any(re.search(r"\b(goes for|attacks|holds)\b", line) for line in lines)
