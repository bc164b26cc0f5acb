"""The active independents in the app, against a real host: the players panel says where
each stands, Ctrl+G lists the gifts the player may make and Enter gives the card chosen, and
an ally's die is placed on its territories (the offensive's F4 is driven in tmux:
test_tui_tmux_modes)."""

from __future__ import annotations

import pytest
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.tui.screens.independents_screen import IndependentsScreen

pytestmark = pytest.mark.asyncio

ONE, TWO = "neutral", "neutral_2"


def two_independents(s) -> None:
    """ann (p1) begins her turn with two cards; independent 1 is bob's ally, independent 2
    ann's."""
    owners = {"alaska": "p1", "alberta": "p1", "kamchatka": ONE, "greenland": TWO,
              "ontario": TWO}  # fmt: skip
    set_position(s, owners, {"alaska": 5, "kamchatka": 3, "ontario": 4}, rest="p2",
                 hands={"p1": ["peru", "brazil"]}, phase="reinforce", pool=3)  # fmt: skip
    s.status, s.given = {ONE: "p2", TWO: "p1"}, {ONE: [], TWO: []}
    s.given_turn, s.reinforced, s.moved, s.offensive = {}, [], [], []
    s.placing_for, s.influence_open = None, True
    s.setup_left = dict.fromkeys(s.setup_left, 0)


async def test_ctrl_g_gives_a_card_and_an_allys_die_is_placed_on_its_territories() -> None:
    host = scenario_host(two_independents, bots=1, seats=2, mode="two-player-active")
    app = scenario_app(host)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        players = await until(pilot, lambda: "your ally" in screen_text(app, "players")
                              and screen_text(app, "players"))  # fmt: skip
        assert "your ally" in players and "'s ally" in players
        await pilot.press("ctrl+g")
        listing = await until(
            pilot, lambda: isinstance(app.screen, IndependentsScreen) and app.screen
        )
        # Two cards, and one independent not ann's ally: two gifts.
        assert listing.query_one("#independents").option_count == 2
        await pilot.press("enter")
        await until(pilot, lambda: screen.turn.game.state.given.get(ONE))
        state = screen.turn.game.state
        assert state.status[ONE] == "" and len(state.hands["p1"]) == 1
        assert "now neutral" in screen_text(app, "log")
        # Place ann's own 3, then roll for her ally and place its die.
        await pilot.press("ctrl+g")
        listing = await until(
            pilot, lambda: isinstance(app.screen, IndependentsScreen) and app.screen
        )
        await pilot.press("escape")
        screen.turn.staged.append(("alaska", 3))
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.pool == 0)
        await pilot.press("ctrl+g")
        listing = await until(
            pilot, lambda: isinstance(app.screen, IndependentsScreen) and app.screen
        )
        assert listing.query_one("#independents").option_count == 1  # the ally's die
        await pilot.press("enter")
        await until(pilot, lambda: screen.turn.game.state.placing_for == TWO)
        await until(pilot, lambda: "your ally, on its territories" in screen_text(app, "now"))
        assert screen.turn.step().choices == {"greenland", "ontario"}
    await host.close()


async def test_an_offensive_on_the_players_own_ally_stays_chosen_between_battles() -> None:
    """F2 attacks again after each battle of an offensive, even on an independent allied to
    the player (whose territory must not be taken for the player's own conquest)."""
    from rulebook_helpers import write_position

    from risk_lan.rules import Attack, Defend, Game, ScriptedSource
    from risk_lan.tui.turnlogic.player_turn import Turn

    game, _ = Game.new(["ann", "bob"], ScriptedSource([6, 1]), "two-player-active")
    s = game.state
    write_position(s, {"alaska": "ann", "kamchatka": ONE}, {"alaska": 9, "kamchatka": 9},
                   rest="bob", phase="attack", current="ann")  # fmt: skip
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.status, s.given = {ONE: "ann", TWO: ""}, {ONE: [], TWO: []}
    game.source = ScriptedSource([6, 6, 6, 1, 1])
    game.apply("ann", Attack("alaska", "kamchatka", 3))
    game.apply("bob", Defend(2))
    assert s.offensive[:2] == ["alaska", "kamchatka"]
    turn = Turn("ann")
    turn.load(game.view("ann"))
    assert (turn.source, turn.target) == ("alaska", "kamchatka")
    assert turn.attack(blitz=False) == [Attack("alaska", "kamchatka", 3)]
    # Another territory picked: the offensive goes on from its source (the unit's hint).
    assert turn.pick("greenland") == []
    assert turn.hint == ("pick_offensive", {"territory": "greenland", "source": "alaska"})


@pytest.mark.parametrize(
    ("lang", "offer"),
    [
        ("en", "F6 rolls a die for independent 2, your ally"),
        ("fr", "F6 lance un dé pour votre allié (indépendant 2)"),
    ],
)
async def test_the_allys_die_is_offered_in_the_now_panel_and_by_f6(lang: str, offer: str) -> None:
    host = scenario_host(two_independents, bots=1, seats=2, mode="two-player-active")
    app = scenario_app(host, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "place")
        assert offer not in " ".join(screen_text(app, "now").split())  # her own armies first
        screen.turn.staged.append(("alaska", 3))
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.pool == 0)
        # The Now panel has moved on to the attacks, and still offers the ally's die.
        await until(pilot, lambda: offer in " ".join(screen_text(app, "now").split()))
        assert screen.turn.step().name == "attack"
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.placing_for == TWO)
        assert screen.turn.step().choices == {"greenland", "ontario"}
        # Once the die is placed, the offer is gone: one die an ally a turn.
        left = screen.turn.game.state.pool
        screen.turn.staged.append(("ontario", left))
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.placing_for is None)
        await until(pilot, lambda: screen.turn.step().name == "attack")
        assert offer not in " ".join(screen_text(app, "now").split())
    await host.close()
