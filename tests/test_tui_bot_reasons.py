"""The hard bots of a game the app hosts say why they play as they do: in the game's log,
in the player's language, each reason said with the move it explains; a bot of another
level says nothing."""

from __future__ import annotations

import re

import pytest
from test_tui_pacing import busy_bots
from tui_helpers import scenario_app, scenario_host, screen_text, started, until

pytestmark = pytest.mark.asyncio
SIZE = (160, 50)


def host_with(levels: tuple[str, ...]):
    return scenario_host(busy_bots, levels=levels, think=0.05, absent_after=None)


async def end_her_turn(pilot, screen) -> None:
    """ann answers every attack with the most dice (F7) and ends her turn (F4 until it is
    over: a key pressed while the screen still shows the step before is answered but does
    not end it)."""
    await until(pilot, lambda: screen.turn.step().name in ("attack", "fortify"))
    await pilot.press("f7")
    await until(pilot, lambda: screen.turn.game.state.auto_defend.get("p1"))

    hers = screen.turn.game.state.turn

    async def ended() -> bool:
        if screen.turn.game.state.turn != hers:
            return True
        if screen.turn.step().name in ("attack", "fortify") and not screen.answered:
            await pilot.press("f4")
        return False

    for _ in range(100):
        if await ended():
            return
        await pilot.pause(0.3)
    raise AssertionError("her turn did not end")


async def reasons_said(lang: str, levels: tuple[str, ...]) -> list[str]:
    """The log's lines once the bots have played a turn each after ann's first."""
    app = scenario_app(host_with(levels), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await end_her_turn(pilot, screen)
        # Both bots have played a whole turn: it is ann's turn again.
        await until(pilot, lambda: screen.turn.game.state.turn >= 4, timeout=60)
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
    for line in (lines[i] for i in said if "attacks" in lines[i]):
        assert re.search(r"attacks [A-Z][\w .'-]+: \d{1,2}% to win$", line), line


async def test_a_hard_bot_says_why_in_french_and_a_normal_bot_says_nothing() -> None:
    lines = await reasons_said("fr", ("hard", "normal"))
    assert any(re.match(r"bot-1 \(difficile\) : ", line) for line in lines), lines
    assert not any(line.startswith("bot-2 (") for line in lines), lines
    assert not any(re.search(r"\b(goes for|attacks|holds)\b", line) for line in lines)
