"""What the app shows of each mode, driven with Pilot against a real host: the player's own
secret objective and its progress, nobody else's, the help of the mode, and the objective
shown when it wins."""

from __future__ import annotations

import pytest
from tui_helpers import (
    BOARD,
    pick,
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    type_text,
    until,
    verified_battle,
)

from risk_lan.rules import check_invariants
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
AFRICA = BOARD.continents["africa"].territories
NORTH_AMERICA = BOARD.continents["north_america"].territories


def nearly_north_america_and_africa(s) -> None:
    """p1 (the app) lacks only North Africa, next to its Brazil with 10 armies."""
    owners = dict.fromkeys([*NORTH_AMERICA, *AFRICA, "brazil"], "p1")
    owners["north_africa"] = "p2"
    set_position(s, owners, {"brazil": 10}, rest="p3", phase="attack")
    s.round = 5
    s.objectives = {"p1": "north_america_africa", "p2": "destroy_red", "p3": "asia_africa"}


async def test_the_secret_objective_is_shown_to_its_owner_alone_and_wins() -> None:
    host = scenario_host(nearly_north_america_and_africa, mode="secret-mission")
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "Conquer all of North America" in screen_text(app, "secret"))
        secret = screen_text(app, "secret")
        assert "North America 9/9" in secret and "Africa 5/6" in secret
        assert screen.has_class("-secret")
        # The client holds its own objective and no one else's.
        assert app.client is not None and app.client.view is not None
        assert app.client.view["objectives"] == {"p1": "north_america_africa", "p2": None,
                                                 "p3": None}  # fmt: skip

        await pilot.press("f1")
        help_screen = await until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen)
        assert help_screen.mode == "secret-mission"
        await pilot.press("escape")

        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pick(pilot, "brazil", "north africa")
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=20)
        log = screen_text(app, "log")
        assert "shows the objective: Conquer all of North America and Africa" in log
        assert "objective achieved" in log


WON_WORDS = {
    "en": (
        "north africa",
        "The game is over: ann wins, showing the objective: Conquer all of North America and"
        " Africa",
        "ann shows the objective: Conquer all of North America and Africa",
        "ann wins!",
        "By the objective shown: Conquer all of North America and Africa",
    ),
    "fr": (
        "afrique du nord",
        "La partie est finie : ann gagne en révélant son objectif : Conquérir la totalité de"
        " l'Amérique du Nord et de l'Afrique",
        "ann révèle son objectif : Conquérir la totalité de l'Amérique du Nord et de l'Afrique",
        "ann a gagné !",
        "Par l'objectif révélé : Conquérir la totalité de l'Amérique du Nord et de l'Afrique",
    ),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_game_won_by_the_apps_own_claim_says_who_won_and_by_which_objective(
    lang: str,
) -> None:
    """The conquest completes ann's objective; her app's client claims it by itself (no key
    is pressed for it), and the Now panel, the log and the game-over screen say who won and
    by which objective."""
    target, now_line, log_line, winner_line, how_line = WON_WORDS[lang]
    host = scenario_host(nearly_north_america_and_africa, mode="secret-mission")
    app = scenario_app(host, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pick(pilot, "brazil", target)
        await pilot.press("f3")
        over = await until(
            pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen, timeout=20
        )
        assert app.client is not None and app.client.owed.asked_at > 0
        box = " ".join(str(over.query_one("#over-box").render()).split())
        assert winner_line in box and how_line in box
        assert now_line in " ".join(screen_text(app, "now").split())
        assert log_line in " ".join(screen_text(app, "log").split())


async def test_a_classic_game_shows_no_secret_panel() -> None:
    host = scenario_host(lambda s: set_position(s, {"alaska": "p1"}, rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.pause(0.2)
        assert not screen.has_class("-secret")
        assert not screen.query_one("#secret").display


def choosing_headquarters(s) -> None:
    set_position(s, {"alaska": "p1", "kamchatka": "p1"}, rest=("p2", "p3"), phase="capital")


async def test_the_headquarters_is_chosen_secretly_then_shown_on_the_map() -> None:
    from risk_lan.tui.widgets.world_map import CAPITAL, WorldMap

    host = scenario_host(choosing_headquarters, mode="capital")
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "Choose your headquarters" in screen_text(app, "now"))
        assert screen.turn.step().choices == {"alaska", "kamchatka"}
        await type_text(pilot, "kamchatka")  # however slowly the keys come
        await pilot.press("enter")
        await until(pilot, lambda: "F6 seals" in screen_text(app, "now"))
        await pilot.press("f6")
        game = app.local_host.match.game
        await until(pilot, lambda: game.state.capitals.get("p1") == "kamchatka")
        # The host saw only a seal until every seal was in; the map now marks each one.
        await until(pilot, lambda: len(game.state.capitals) == 3)
        world = screen.query_one(WorldMap)
        await until(pilot, lambda: world.state.capitals == frozenset(game.state.capitals.values()))
        await pilot.pause(0.2)
        drawn = "\n".join(line.text for line in world._lines)
        assert drawn.count(CAPITAL) == 3
        assert "headquarters: Kamchatka" in screen_text(app, "log")


def bot_facing_the_neutral(s) -> None:
    """The bot (p2) attacks from Kamchatka; all its neighbours are the neutral army's."""
    from risk_lan.rules.state import NEUTRAL

    for t in BOARD.territory_ids:
        s.owner[t] = NEUTRAL
        s.armies[t] = 1
    s.owner["kamchatka"], s.armies["kamchatka"] = "p2", 30
    s.owner["argentina"] = "p1"
    s.recount()
    s.hands = {"p1": [], "p2": []}
    s.deck = [*BOARD.territory_ids, "joker_1", "joker_2"]
    s.setup_left = dict.fromkeys(s.setup_left, 0)
    s.phase, s.current, s.first_player, s.turn, s.round, s.pool = "attack", "p2", "p1", 2, 1, 0


async def test_two_players_the_opponent_is_asked_to_defend_the_neutral_army() -> None:
    host = scenario_host(bot_facing_the_neutral, bots=1, seats=2, mode="two-player")
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "neutral army" in screen_text(app, "players"))
        await until(pilot, lambda: screen.turn.step().name == "defend", timeout=20)
        game = app.local_host.match.game
        assert game.owner(game.state.attack.target) == "neutral"
        assert "defend with" in screen_text(app, "now")
        await pilot.press("f6")
        await until(pilot, lambda: verified_battle(screen_text(app, "log")))


def teams_of_two_and_one(s) -> None:
    """Team rules, three seats: p1 (the app) and p3 against p2, whose only territory is North
    Africa, next to p1's Brazil. Greenland is shared by p3 and p1, tied; p3 holds the team's
    cards."""
    cards = ["alaska", "brazil", "china"]
    set_position(s, {"brazil": "p1", "north_africa": "p2"}, {"brazil": 10}, hands={"p3": cards})
    s.mixed["greenland"] = {"p3": 2, "p1": 2}
    s.armies["greenland"] = 4
    check_invariants(s)


async def test_teams_are_shown_with_their_shared_territories_and_hand_and_win_together() -> None:
    from risk_lan.tui.widgets.world_map import SHARED, WorldMap

    host = scenario_host(teams_of_two_and_one, mode="team")
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: "Shared territories" in screen_text(app, "players"))
        players = screen_text(app, "players")
        assert players.count("team 1") == 2 and players.count("team 2") == 1
        assert "Greenland" in players and "tie: nobody's" in players
        hand = screen_text(app, "hand")
        assert screen.query_one("#hand").border_title == "Your team's cards"
        assert "(with " in hand and "Alaska" in hand
        world = screen.query_one(WorldMap)
        assert "greenland" in world.state.shared
        assert SHARED in "\n".join(line.text for line in world._lines)

        await pick(pilot, "brazil", "north africa")
        await pilot.press("f3")
        over = await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen)
        assert "win: a player of the other team is out!" in str(over._text())
        log = screen_text(app, "log")
        assert "is eliminated by" in log and "win: the other team has lost a player" in log


async def test_with_independents_each_step_ends_with_an_army_for_each_independent() -> None:
    host = scenario_host(lambda s: None, bots=1, seats=2, mode="two-player-independents")
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        game = app.local_host.match.game
        s = game.state
        await until(pilot, lambda: "Place 3 armies on one or more" in screen_text(app, "now"), 30)
        players = screen_text(app, "players")
        assert "neutral army 1" in players and "neutral army 2" in players
        mine = BOARD.name(s.territories_of("p1")[0], "en").lower()
        for _ in range(3):
            await type_text(pilot, mine)
            await pilot.press("enter")
        for number, neutral in ((1, "neutral"), (2, "neutral_2")):
            await until(pilot, lambda n=number: f"army of the neutral army {n}" in screen_text(
                app, "now"))  # fmt: skip
            assert screen.turn.step().choices == frozenset(s.territories_of(neutral))
            left = s.setup_left[neutral]
            await type_text(pilot, BOARD.name(s.territories_of(neutral)[0], "en").lower())
            await pilot.press("enter")
            # (the bot may place one of its own right after)
            await until(pilot, lambda n=neutral, k=left: s.setup_left[n] <= k - 1)
