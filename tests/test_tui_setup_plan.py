"""F8 at the setup: the bot's claims and starting armies staged on the map, changed by the
player, confirmed once, then played by themselves at each of the player's steps, against a
real host on 127.0.0.1."""

from __future__ import annotations

import pytest
from tui_helpers import (
    pick,
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    until,
)

from risk_lan.bots import ClassicBot
from risk_lan.rules import Game, GameState
from risk_lan.rules.presets import RULESETS
from risk_lan.seeded import SeededSource
from risk_lan.tui.turnlogic.setup_plan import SetupPlan

SIZE = (120, 40)


def as_dealt(state) -> None:
    """The game as the host opened it: claims first, as in the classic rules."""


@pytest.mark.asyncio
async def test_the_whole_setup_by_plan_with_changes_to_it() -> None:
    host = scenario_host(as_dealt, bots=2)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        assert "F8" in screen_text(app, "now")
        await pilot.press("f8")
        plan = screen.turn.plan
        assert plan is not None and plan.kind == "claim" and not plan.confirmed
        wanted = len(plan.picks)
        assert wanted == 14  # 42 free territories, 3 players: ann claims first, 14 in all
        assert f"Planned claims on the map: {wanted}" in screen_text(app, "now")
        # Picking a planned territory drops it, and picking it again takes it back in.
        dropped = plan.picks[0]
        name = screen.turn.game.board.name(dropped)
        await pick(pilot, name.lower())
        assert dropped not in plan.picks and len(plan.picks) == wanted - 1
        await pick(pilot, name.lower())
        assert plan.picks[-1] == dropped
        await pilot.press("f6")
        # The claims play by themselves; then the starting armies are staged for a look.
        await until(pilot, lambda: screen.turn.game.state.phase == "setup", timeout=60)
        await until(pilot, lambda: screen.turn.plan is not None and screen.turn.plan.kind
                    == "setup")  # fmt: skip
        s = screen.turn.game.state
        mine = s.territories_of("p1")
        assert len(mine) == 14
        assert "Planned armies on the map: 21 of 21" in screen_text(app, "now")
        await pilot.press("backspace")
        assert "Planned armies on the map: 20 of 21" in screen_text(app, "now")
        await pick(pilot, screen.turn.game.board.name(mine[0]).lower())
        assert "21 of 21" in screen_text(app, "now")
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.phase not in ("claim", "setup"),
                    timeout=90)  # fmt: skip
        s = screen.turn.game.state
        assert s.setup_left["p1"] == 0 and screen.turn.plan is None
        assert sum(s.armies[t] for t in s.territories_of("p1")) == 35


@pytest.mark.asyncio
async def test_esc_drops_the_plan_and_f8_says_why_out_of_the_setup() -> None:
    host = scenario_host(as_dealt, bots=2)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        await pilot.press("f8")
        assert screen.turn.plan is not None
        await pilot.press("escape")
        assert screen.turn.plan is None and "Claim a territory" in screen_text(app, "now")
        # By hand, a claim is still one pick.
        free = sorted(screen.turn.step().choices)[0]
        before = screen.turn.game.state.count("p1")
        await pick(pilot, screen.turn.game.board.name(free).lower())
        await until(pilot, lambda: screen.turn.game.state.count("p1") == before + 1)


@pytest.mark.asyncio
async def test_f8_out_of_the_setup_says_what_it_is_for() -> None:
    host = scenario_host(lambda s: set_position(s, {"alaska": "p1"}, rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name not in ("waiting", "claim", "setup"))
        await pilot.press("f8")
        assert screen.turn.plan is None
        assert "F8 plans the setup only" in screen_text(app, "now")


@pytest.mark.parametrize("mode", sorted(RULESETS))
def test_a_plan_plays_the_whole_setup_in_every_mode(mode: str) -> None:
    """Without a screen: p1's plan, made from its own view at its first setup step and
    confirmed at once (and the starting armies staged after its claims, confirmed too),
    plays every claim and starting army it has, whatever the others do."""
    rules = RULESETS[mode]
    players = ["p1", "p2"] if rules.max_players == 2 else ["p1", "p2", "p3", "p4"]
    game, _ = Game.new(players, SeededSource(f"plan {mode}"), mode)
    bots = {p: ClassicBot() for p in players}
    plan: SetupPlan | None = None
    played = 0
    while game.state.phase in ("claim", "setup") and game.state.turn <= 1:
        who = game.waiting_for()
        assert who is not None
        if who != "p1":
            game.apply(who, bots[who].choose(game, who))
            continue
        seen = Game(GameState.from_view(game.state.view_for("p1")))
        plan = plan.carried_on(seen) if plan is not None else None
        if plan is None:
            plan = SetupPlan.of_bot(seen, "p1")
        plan.confirmed = True  # the first plan, and the armies staged after its claims
        moves = plan.moves(seen)
        assert moves, f"the plan has nothing to play at {game.state.phase}"
        for move in moves:
            game.apply("p1", move)
            played += 1
    # The deal by dice (000-B) leaves no setup to plan: the game opens on the first turn.
    nothing_to_place = rules.distribution == "dice"
    assert game.state.setup_left.get("p1", 0) == 0 and (played == 0) == nothing_to_place
