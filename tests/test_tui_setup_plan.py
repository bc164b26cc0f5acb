"""F8 at the setup: a plan makes the claims and spreads the starting armies, shown on the map
and played by themselves at each of the player's steps; and a claim by hand is one key, all
against a real host on 127.0.0.1."""

from __future__ import annotations

from collections import Counter

import pytest
from tui_helpers import (
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    until,
)

from risk_lan.bots import ClassicBot
from risk_lan.rules import Game, GameState, Place
from risk_lan.rules.presets import RULESETS
from risk_lan.seeded import SeededSource
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.setup_plan import SetupPlan
from risk_lan.tui.widgets.world_map import WorldMap

SIZE = (120, 40)


def as_dealt(state) -> None:
    """The game as the host opened it: claims first, as in the classic rules."""


def spread_enough(armies: dict[str, int], placed: int) -> bool:
    """No pile: the starting armies placed are on three territories or more, none with more
    than half of them."""
    extra = {t: n - 1 for t, n in armies.items() if n > 1}
    return len(extra) >= 3 and max(extra.values()) <= placed // 2


@pytest.mark.asyncio
async def test_the_whole_setup_by_plan() -> None:
    """F8 at the first claim: the plan claims, then spreads the starting armies on the
    borders, by itself, with no other key."""
    host = scenario_host(as_dealt, bots=2)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        assert "F8" in screen_text(app, "now")
        await pilot.press("f8")  # the bots play at once: the setup may be over already
        await until(pilot, lambda: screen.turn.game.state.phase not in ("claim", "setup"),
                    timeout=90)  # fmt: skip
        s = screen.turn.game.state
        mine = s.territories_of("p1")
        assert len(mine) == 14 and s.setup_left["p1"] == 0 and screen.turn.plan is None
        assert sum(s.armies[t] for t in mine) == 35
        assert spread_enough({t: s.armies[t] for t in mine}, 21)


@pytest.mark.asyncio
async def test_setup_takes_one_key_per_decision_plus_f8() -> None:
    """Each claim by hand is one Enter (the cursor waits on a free territory), and F8 lets
    the plan finish the setup."""
    host = scenario_host(as_dealt, bots=2)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        keys = 0
        for claimed in (1, 2, 3):
            await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
            cursor = screen.query_one(WorldMap).state.selected
            assert cursor in screen.turn.step().choices
            await pilot.press("enter")
            keys += 1
            await until(pilot, lambda c=cursor: screen.turn.game.state.owner[c] == "p1")
            assert screen.turn.game.state.count("p1") == claimed
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        await pilot.press("f8")
        keys += 1
        await until(pilot, lambda: screen.turn.game.state.phase not in ("claim", "setup"),
                    timeout=90)  # fmt: skip
        s = screen.turn.game.state
        assert len(s.territories_of("p1")) == 14 and s.setup_left["p1"] == 0
        print(f"setup: {keys} keys (3 claims by hand, then F8)")
        assert keys == 4


def test_the_plan_spreads_the_starting_armies() -> None:
    """F8's plan put all the starting armies on one territory; now they go on the borders
    of the continent the player holds most of, none with more than half."""
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("spread"), "classic")
    bot = ClassicBot()
    while game.state.phase == "claim" or game.waiting_for() != "p1":
        who = game.waiting_for()
        assert who is not None
        game.apply(who, bot.choose(game, who))
    seen = Game(GameState.from_view(game.state.view_for("p1")))
    plan = SetupPlan.of_bot(seen, "p1")
    assert len(plan.picks) == seen.state.setup_left["p1"]
    counts = Counter(plan.picks)
    assert len(counts) >= 3 and max(counts.values()) <= len(plan.picks) // 2, counts
    board = seen.board
    continents = {
        c for t in counts for c in board.continents if t in board.continents[c].territories
    }
    assert len(continents) == 1  # one continent's borders
    for t in counts:  # each with an enemy next door
        assert any(seen.state.owner[n] != "p1" for n in board.neighbours[t])


def test_esc_stops_the_plan_and_a_claim_by_hand_is_one_pick() -> None:
    """Without a screen (with bots on a real host the plan's setup is over before a key
    could stop it): F8's plan plays its first claim at once; Esc stops it; a pick claims."""
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("esc"), "classic")
    bot = ClassicBot()
    while game.waiting_for() != "p1":
        who = game.waiting_for()
        assert who is not None
        game.apply(who, bot.choose(game, who))
    turn = Turn("p1")
    turn.load(game.state.view_for("p1"))
    first = turn.plan_setup()
    assert turn.plan is not None and turn.plan.confirmed and first
    assert "cancel" in turn.step().keys
    turn.cancel()
    assert turn.plan is None and turn.step().name == "claim"
    free = sorted(turn.step().choices)[0]
    assert turn.pick(free) == [Place(free)]


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
