"""Seed 004's revised rules in the app, against a real host: the commitment (its armies, the
card laid or not, F3 standing for it where the blitz would), the answer asked of the defender
with its retreat and capitulation (F4), the trade of stars (F5), placements under the cap,
and the movement points left."""

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
    verified_battle,
)

from risk_lan.rules.state import PendingAttack
from risk_lan.tui.screens.star_trade_screen import StarTradeScreen

pytestmark = pytest.mark.asyncio


def attacking(s) -> None:
    """ann (p1) attacks: Peru with 9 armies and its card, beside Venezuela (p2's, 6)."""
    set_position(s, {"peru": "p1", "brazil": "p1"}, {"peru": 9, "venezuela": 6}, rest="p2",
                 hands={"p1": ["peru"]})  # fmt: skip


async def test_a_commitment_chooses_its_armies_and_its_card_and_the_battle_is_verified() -> None:
    host = scenario_host(attacking, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "Attack: pick" in screen_text(app, "now"))
        await pick(pilot, "peru", "venezuela")
        now = await until(pilot, lambda: "Peru → Venezuela" in screen_text(app, "now")
                          and screen_text(app, "now"))  # fmt: skip
        assert "commit 8 armies, laying its card for +2 (F3: not)" in now
        await pilot.press("minus")
        await pilot.press("f3")  # the card kept in hand
        now = await until(pilot, lambda: "commit 7 armies (F3: lay" in screen_text(app, "now")
                          and screen_text(app, "now"))  # fmt: skip
        await pilot.press("f3")  # and laid after all
        await until(pilot, lambda: "laying its card" in screen_text(app, "now"))
        await pilot.press("f2")
        log = await until(pilot, lambda: verified_battle(screen_text(app, "log"))
                          and screen_text(app, "log"))  # fmt: skip
        assert "commits 7 armies from Peru on Venezuela (+2, its card laid)" in log
        assert screen.turn.game.state.laid.get("p1") == ["peru"]
        # The laid card, in the hand panel.
        assert "laid" in screen_text(app, "hand")
    await host.close()


def defending(s) -> None:
    """p2 has committed 5 armies from Venezuela on Peru (ann's, 4 armies, Brazil beside)."""
    set_position(s, {"peru": "p1", "brazil": "p1", "argentina": "p1"},
                 {"peru": 4, "venezuela": 8}, rest="p2", current="p2",
                 hands={"p1": ["egypt"]})  # fmt: skip
    s.phase = "defend"
    s.attack = PendingAttack("venezuela", "peru", 5, None, "p1")


async def test_the_defender_answers_or_retreats_to_a_territory_picked_by_land() -> None:
    host = scenario_host(defending, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        now = await until(pilot, lambda: "commits 5 armies from Venezuela on Peru"
                          in screen_text(app, "now") and screen_text(app, "now"))  # fmt: skip
        assert "Answer with 4 armies" in now and "retreat to" in now
        assert "capitulate (F4)" in now
        assert screen.turn.step().choices == {"brazil", "argentina"}
        await pick(pilot, "japan")  # not beside Peru
        await until(pilot, lambda: "no place to retreat to" in screen_text(app, "now"))
        await pick(pilot, "brazil")
        now = await until(pilot, lambda: "Retreat from Peru to Brazil" in screen_text(app, "now")
                          and screen_text(app, "now"))  # fmt: skip
        assert "takes one of your cards at random" in " ".join(now.split())
        await pilot.press("f6")
        log = await until(pilot, lambda: "retreats from Peru to Brazil"
                          in screen_text(app, "log") and screen_text(app, "log"))  # fmt: skip
        assert "takes a card from ann at random" in log
        # Each view makes a new game: the state is read afresh at each look.
        await until(pilot, lambda: screen.turn.game.state.armies["brazil"] == 5
                    and screen.turn.game.state.owner["peru"] == "p2")  # fmt: skip
    await host.close()


async def test_f4_capitulates_before_the_first_roll_and_says_why_not_after() -> None:
    def fought(s) -> None:
        defending(s)
        s.fought = ["peru"]  # a roll was made on Peru this turn

    host = scenario_host(fought, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        await started(app, pilot)
        now = await until(pilot, lambda: "Answer with" in screen_text(app, "now")
                          and screen_text(app, "now"))  # fmt: skip
        assert "capitulate" not in now
        await pilot.press("f4")
        await until(pilot, lambda: "No capitulation here" in screen_text(app, "now"))
    await host.close()
    host = scenario_host(defending, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "capitulate (F4)" in screen_text(app, "now"))
        await pilot.press("f4")
        await until(pilot, lambda: "gives Peru up" in screen_text(app, "log"))
        await until(pilot, lambda: screen.turn.game.state.owner["peru"] == "p2")
    await host.close()


def trading(s) -> None:
    """ann's turn begins with three artillery cards and an infantry one."""
    set_position(s, {"peru": "p1", "brazil": "p1"}, rest="p2", phase="reinforce", pool=3,
                 hands={"p1": ["alaska", "brazil", "central_america", "indonesia"]})  # fmt: skip


async def test_f5_picks_cards_for_their_stars_and_trades_them() -> None:
    host = scenario_host(trading, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        hand = await until(pilot, lambda: "2 stars" in screen_text(app, "hand")
                           and screen_text(app, "hand"))  # fmt: skip
        assert "Brazil · 2 stars, +2 there" in hand
        await pilot.press("f5")
        trade = await until(pilot, lambda: isinstance(app.screen, StarTradeScreen) and app.screen)
        await pilot.press("f5")  # nothing picked yet: refused, and said why
        refused = str(trade.query_one("#stars-total").render())
        assert "Nothing traded: a trade shows 2 to 10 stars." in refused
        await pilot.press("enter")  # Alaska, 1 star
        await pilot.press("down", "enter")  # Brazil, 2
        total = str(trade.query_one("#stars-total").render())
        assert "2 cards, 3 stars: 4 armies" in total
        cards = trade.query_one("#stars-cards")
        shown = "\n".join(cards.render_line(y).text for y in range(cards.size.height))
        assert shown.count("[x]") == 2 and shown.count("[ ]") == 2, shown  # as picked
        await pilot.press("f5")
        # 3, the stars' 4, and Brazil's +1 beside (+2 placed on it at once); each view makes
        # a new game, so the state is read afresh at each look.
        await until(pilot, lambda: screen.turn.game.state.pool == 3 + 4 + 1
                    and screen.turn.game.state.armies["brazil"] == 3)  # fmt: skip
        assert "(3 stars) for 4 armies" in screen_text(app, "log")
        assert "beside Brazil" in screen_text(app, "now")
    await host.close()


def capped(s) -> None:
    set_position(s, {"peru": "p1", "brazil": "p1"}, {"peru": 11}, rest="p2",
                 phase="reinforce", pool=3)  # fmt: skip


async def test_a_placement_past_the_cap_stages_what_fits_and_says_why() -> None:
    host = scenario_host(capped, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "holds 12 armies at most" in screen_text(app, "now"))
        await pilot.press("end")  # 3 a pick
        await pick(pilot, "peru")
        await until(pilot, lambda: "Only 1 more fit on Peru" in screen_text(app, "now"))
        assert screen.turn.staged == [("peru", 1)]
        await pick(pilot, "peru")  # full now, the one staged counted
        await until(pilot, lambda: "Peru is full" in screen_text(app, "now"))
        assert screen.turn.staged == [("peru", 1)]
    await host.close()


def moving(s) -> None:
    """ann can attack from Brazil, and holds 3 territories: 1 point to move with."""
    set_position(s, {"peru": "p1", "brazil": "p1", "argentina": "p1"},
                 {"argentina": 5, "brazil": 3}, rest="p2")  # fmt: skip


async def test_the_movement_points_left_are_shown() -> None:
    host = scenario_host(moving, bots=2, mode="revised")
    app = scenario_app(host)
    async with app.run_test(size=(140, 44)) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "Attack: pick" in screen_text(app, "now"))
        await pilot.press("f4")  # end the attacks
        await until(pilot, lambda: "Movement: 1 point left" in screen_text(app, "now"))
        await pick(pilot, "argentina", "peru")
        await pilot.press("f6")
        await until(pilot, lambda: screen.turn.game.state.armies["peru"] == 2)
    await host.close()
