"""Risk Mission in the app, against a real host: the panel says a mission can be claimed,
Ctrl+K lists the four, and Enter on the one that can be claimed claims it."""

from __future__ import annotations

import pytest
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.rules.missions import RANKS, missions
from risk_lan.tui.screens.missions_screen import MissionsScreen

pytestmark = pytest.mark.asyncio

FOURTEEN = [
    "alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
    "western_united_states", "eastern_united_states", "central_america", "venezuela", "peru",
    "brazil", "argentina", "iceland",
]  # fmt: skip


def fourteen_at_the_start(s) -> None:
    """ann (p1) starts her turn holding 14 territories, with the Capitaine mission for it."""
    set_position(s, dict.fromkeys(FOURTEEN, "p1"), phase="reinforce", pool=3)
    cards = ["capitaine_territories_14"] + [
        next(c.id for c in missions().values() if c.rank == rank) for rank in RANKS[1:]
    ]
    s.missions = {"p1": cards, "p2": [], "p3": []}
    s.claimed = {"p1": [], "p2": [], "p3": []}
    s.claim_window, s.conquests, s.claimed_turn = "turn_start", 0, False


async def test_ctrl_k_lists_the_missions_and_enter_claims_the_one_that_can_be() -> None:
    host = scenario_host(fourteen_at_the_start, mode="risk-mission")
    app = scenario_app(host)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "can be claimed now" in screen_text(app, "secret"))
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        assert listing.query_one("#missions").option_count == 4
        await pilot.press("enter")
        await until(pilot, lambda: screen.turn.game.state.claimed.get("p1"))
        assert screen.turn.game.state.claimed["p1"] == ["capitaine_territories_14"]
        await until(pilot, lambda: "1 of 4 claimed" in screen_text(app, "secret"))
        assert "claims a mission (1 of 4)" in screen_text(app, "log")
        # One a turn: the list now offers none, and says so.
        await pilot.press("ctrl+k")
        listing = await until(pilot, lambda: isinstance(app.screen, MissionsScreen) and app.screen)
        assert "None of them can be claimed" in str(listing.query_one("#missions-hint").render())
    await host.close()
