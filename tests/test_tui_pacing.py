"""The others' moves shown at the player's pace, against a real host on 127.0.0.1 with real
bots: paced by default, each marked on the map with its arrow and dice for a moment, Space
skips to the present, Ctrl+T changes the pace and says so; and the pacing never holds up the
game: whatever asks something of the player is shown at once when anyone may wait on it."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets._footer import FooterKey
from tui_helpers import (
    BOARD,
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    until,
)

from risk_lan.rules import Game, GameState
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.paces import DEFAULT_PACE, PACES
from risk_lan.tui.widgets.move_marks import ATTACKED, HEADS
from risk_lan.tui.widgets.world_map import WorldMap

pytestmark = pytest.mark.asyncio
SIZE = (160, 50)
NORTH_AMERICA = [
    "alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
    "western_united_states", "eastern_united_states", "central_america",
]  # fmt: skip
SOUTH_AMERICA = ("venezuela", "peru", "brazil", "argentina")


def busy_bots(s: GameState) -> None:
    """ann (p1) holds North America, strong enough to hold; the bots, many moves each. (At a
    table with no clock, alone against bots, as ``risk-lan play``, so that the bots' moves
    before her turn are shown at her pace: no one waits on her.)"""
    south = dict.fromkeys(SOUTH_AMERICA, "p3")
    set_position(
        s, {**dict.fromkeys(NORTH_AMERICA, "p1"), **south}, dict.fromkeys(NORTH_AMERICA, 12),
        rest="p2",
    )  # fmt: skip


def app_at_default_pace(host: Any, lang: str = "en") -> RiskApp:
    """The app as a player opens it: no pace given."""
    return RiskApp(name="ann", lang=lang, local=LocalHost(host.config), auto_ready=True, host=host)


def footer(screen: Any) -> str:
    """The keys the footer offers, each with its name, as shown."""
    return "  ".join(f"{k.key_display} {k.description}" for k in screen.query(FooterKey))


def map_text(world: WorldMap) -> list[str]:
    return ["".join(seg.text for seg in world.render_line(y)) for y in range(world.size.height)]


async def end_turn_with_a_standing_defence(pilot: Any, screen: Any) -> None:
    """ann answers every attack with the most dice (F7) and ends her turn: the bots play."""
    await until(pilot, lambda: screen.turn.step().name in ("attack", "fortify"))
    await pilot.press("f7")
    await until(pilot, lambda: screen.turn.game.state.auto_defend.get("p1"))
    # F4 ends the attack, then the turn. Each press waits for the host's answer: on a loaded
    # machine a fixed pause could leave her turn unended, and with it the pace's keys out
    # of the footer (they are offered only while the others play).
    for _ in range(3):
        step = screen.turn.step().name
        if step == "waiting":
            return
        await pilot.press("f4")
        await until(pilot, lambda was=step: screen.turn.step().name != was)
    assert screen.turn.step().name == "waiting", screen.turn.step()


async def test_the_others_attack_is_shown_on_the_map_with_its_dice_at_the_default_pace() -> None:
    app = app_at_default_pace(scenario_host(busy_bots, absent_after=None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert screen.pacing.per_second == DEFAULT_PACE > 0  # paced unless the player says
        await until(pilot, lambda: "Pace" not in footer(screen))  # her turn: room for its keys
        world = screen.query_one(WorldMap)
        await end_turn_with_a_standing_defence(pilot, screen)
        await until(pilot, lambda: "^t Pace 2/s" in footer(screen))  # while the others play
        shown = await until(
            pilot,
            lambda: (m := world.state.shown) is not None and m.kind == "attack" and m,
            timeout=30,
        )
        assert shown.source is not None and shown.target in BOARD.neighbours[shown.source]
        drawn = map_text(world)
        # The dice as faces, in the move's words on the map's bottom rows.
        words = " ".join(line.plain for line in shown.caption)
        assert " vs " in words and any(face in words for face in "⚀⚁⚂⚃⚄⚅")
        assert any(" vs " in row for row in drawn[-3:])
        # An arrow from the source to the target, and the target lit as attacked.
        assert any(head in row for row in drawn for head in HEADS.values())
        assert world._label_style(shown.target, "#ffffff", "#000000").bgcolor == ATTACKED.bgcolor
        # For a moment only: the marks go once the moves held are all shown.
        await until(pilot, lambda: world.state.shown is None, timeout=60)


async def test_space_skips_to_the_present_and_says_so_when_nothing_is_held() -> None:
    app = app_at_default_pace(scenario_host(busy_bots, absent_after=None))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("ctrl+t", "ctrl+t", "ctrl+t")  # 4, off, 1 a second: the slowest
        assert screen.pacing.per_second == 1
        await end_turn_with_a_standing_defence(pilot, screen)
        await until(pilot, lambda: len(screen.pacing.held) >= 3, timeout=30)
        status = screen_text(app, "status")
        assert " to show, then your move, at 1/s (Space: now)" in status
        await until(pilot, lambda: "space Skip to now" in footer(screen))
        behind = screen.turn.game.state.turn
        await pilot.press("space")
        assert not screen.pacing.held and world_unmarked(screen)
        assert screen.turn.game.state.turn >= behind
        assert "Space" not in screen_text(app, "now")  # the key did what it says: no excuse
        await until(pilot, lambda: not screen.pacing.held and screen.turn.my_turn, timeout=30)
        await pilot.press("space")  # nothing held now: it says what it is for
        assert "none is held now" in screen_text(app, "now")


def world_unmarked(screen: Any) -> bool:
    return screen.query_one(WorldMap).state.shown is None


@pytest.mark.parametrize(
    ("lang", "fast", "off", "slow", "named"),
    [
        (
            "en",
            "The others' moves: 4 a second",
            "shown as they come",
            "The others' moves: 1 a second",
            "Pace 1/s",
        ),
        (
            "fr",
            "Les coups des autres : 4 par seconde",
            "montrés dès qu'ils arrivent",
            "Les coups des autres : 1 par seconde",
            "Rythme 1/s",
        ),
    ],
)
async def test_ctrl_t_changes_the_pace_and_says_so(
    lang: str, fast: str, off: str, slow: str, named: str
) -> None:
    app = app_at_default_pace(scenario_host(busy_bots, absent_after=None), lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        # In her own turn: the key works there too, out of the footer (the pace's keys are
        # offered only while the others' moves are shown).
        for pace, said in ((4, fast), (0, off), (1, slow)):
            await pilot.press("ctrl+t")
            assert screen.pacing.per_second == pace == app.pace  # kept for the next game
            await until(pilot, lambda s=said: any(s in n.message for n in app._notifications))
        assert PACES[0] == 0
        # Her turn ended, the footer offers the pace's keys under the new name while the
        # others' moves are shown. (Looked for at 4 a second, a dozen moves took 3 s, and
        # the footer, which rebuilds itself on each change of its keys, was once still
        # empty when they were all shown on a loaded machine: her turn back, the keys gone.)
        await end_turn_with_a_standing_defence(pilot, screen)
        await until(pilot, lambda: named in footer(screen))


async def test_nothing_the_player_must_answer_waits_behind_the_replay() -> None:
    """At the slowest pace, on a table whose clock hands a seat that keeps the game waiting to
    a bot: every update that asks ann something (her defence, her turn) is on her screen as
    soon as it comes, with nothing held, while the bots' other moves are held."""
    weak = ("alaska", "greenland", "central_america")  # where the bots attack her
    owners = {**dict.fromkeys(NORTH_AMERICA, "p1"), **dict.fromkeys(SOUTH_AMERICA, "p3")}
    armies = {**dict.fromkeys(NORTH_AMERICA, 8), **dict.fromkeys(weak, 1)}
    host = scenario_host(lambda s: set_position(s, owners, armies, rest="p2"))
    assert host.config.absent_after is not None  # the clock runs
    app = scenario_app(host, pace=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        asked = watch_what_asks(screen)
        await until(pilot, lambda: screen.turn.step().name in ("attack", "fortify"))
        for _ in range(3):
            if screen.turn.step().name != "waiting":
                await pilot.press("f4")
                await pilot.pause(0.3)
        start = len(asked)
        while not any(phase == "reinforce" for phase, _ in asked[start:]):
            await until(pilot, lambda: asked_now(screen), 60)
            if screen.turn.step().name == "defend":
                await pilot.press("f6")  # the most dice; each roll of a blitz asks again
    assert asked and all(now for _, now in asked), asked
    assert any(phase == "defend" for phase, _ in asked), asked
    assert screen.pacing.most_held >= 2  # the bots' moves were held at the pace all the same


async def test_the_claims_and_the_setup_are_never_held() -> None:
    """The setup goes at the table's pace, at the slowest pace too: each claim and each
    starting army asked of ann is on her screen as soon as it comes."""
    app = scenario_app(scenario_host(lambda s: None), pace=1)  # as dealt: claims first
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        asked = watch_what_asks(screen)
        await until(pilot, lambda: screen.turn.step().name == "claim", timeout=30)
        await pilot.press("f8")  # the plan plays the claims and the starting armies
        await until(pilot, lambda: screen.turn.game.state.turn >= 1, timeout=90)
    phases = {phase for phase, _ in asked}
    assert {"claim", "setup"} <= phases and all(now for _, now in asked), asked


def asked_now(screen: Any) -> bool:
    """Whether ann's screen asks her to defend or to place, and she has not answered yet."""
    return screen.turn.step().name in ("defend", "place") and not screen.answered


def watch_what_asks(screen: Any) -> list[tuple[str, bool]]:
    """From now on, each update that asks ann something, by the phase it asks in, and
    whether her screen showed it as soon as it came, with nothing held before it; the most
    updates held at once, as ``screen.pacing.most_held``."""
    pacing = screen.pacing
    receive = pacing.receive_update
    asked: list[tuple[str, bool]] = []
    pacing.most_held = 0

    def received(update: dict[str, Any], checked: str) -> None:
        receive(update, checked)
        view = update["view"]
        pacing.most_held = max(pacing.most_held, len(pacing.held))
        if Game(GameState.from_view(view)).waiting_for() == "p1":
            on_screen = screen.turn.game.state
            now = not pacing.held and on_screen.phase == view["phase"] and screen.turn.my_turn
            asked.append((view["phase"], now))

    pacing.receive_update = received
    return asked


async def test_alone_against_bots_the_players_turn_comes_after_the_replay() -> None:
    """No clock and no other person at the table (``risk-lan play``): no one waits, so ann
    sees the bots' moves at her pace before her turn, and the status line says how many are
    left before it."""
    host = scenario_host(busy_bots, absent_after=None)
    app = scenario_app(host, pace=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert not screen.news.others_wait()
        await end_turn_with_a_standing_defence(pilot, screen)
        await until(pilot, lambda: "then your move" in screen_text(app, "status"), 60)
        assert not screen.turn.my_turn and screen.pacing.held
        assert app.local_host.match.game.waiting_for() == "p1"  # the host is ahead: her turn
        await pilot.press("space")
        assert screen.turn.my_turn and "then your move" not in screen_text(app, "status")
