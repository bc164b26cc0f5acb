"""The app, driven at the keyboard with Textual's Pilot, playing a real game against a real
host on 127.0.0.1: each step of a turn ends in the move the player meant, and nothing else."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import (
    BOARD,
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    type_text,
    typing_pause,
    until,
    verified_battle,
)

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostgame import HostGame
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.widgets.panels import player_mark
from risk_lan.tui.widgets.world_map import WorldMap

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
NORTH_AMERICA = [
    "alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
    "western_united_states", "eastern_united_states", "central_america",
]  # fmt: skip


def mine(*territories: str) -> dict[str, str]:
    return dict.fromkeys(territories, "p1")


def host_game(app):
    return app.local_host.match.game


async def pick(pilot, *territories: str) -> None:
    """Pick each territory on the map in turn, by typing its name and pressing Enter."""
    for territory in territories:
        await type_text(pilot, territory)
        await pilot.press("enter")


async def test_placements_can_be_taken_back_until_confirmed() -> None:
    host = scenario_host(lambda s: set_position(s, mine(*NORTH_AMERICA), phase="reinforce", pool=5))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await type_text(pilot, "alaska")
        await pilot.press("plus", "plus", "enter")  # 3 on Alaska
        await type_text(pilot, "quebec")
        await pilot.press("enter", "enter")  # 1 and 1 on Quebec
        assert screen.turn.staged_total() == 5
        await pilot.press("backspace")  # the last one taken back
        assert "1 left" in screen_text(app, "now")
        await pilot.press("enter", "f6")
        game = host_game(app)
        await until(pilot, lambda: game.state.pool == 0)
        assert game.state.armies["alaska"] == 4 and game.state.armies["quebec"] == 3
        assert sum(game.state.armies[t] for t in NORTH_AMERICA) == len(NORTH_AMERICA) + 5


async def test_attack_once_rolls_one_verified_battle() -> None:
    host = scenario_host(
        lambda s: set_position(s, mine("alaska"), {"alaska": 10, "kamchatka": 5}, rest="p2")
    )
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pick(pilot, "alaska", "kamchatka")
        await pilot.press("2", "f2")
        game = host_game(app)
        await until(pilot, lambda: verified_battle(screen_text(app, "log")))
        lost = 10 - game.state.armies["alaska"] + 5 - game.state.armies["kamchatka"]
        assert lost == 2  # one battle of two dice against two: two armies lost in all
        assert screen.turn.source == "alaska"  # still chosen, for the next roll


async def test_blitz_conquers_and_the_player_chooses_how_many_move_in() -> None:
    host = scenario_host(
        lambda s: set_position(s, mine("alaska"), {"alaska": 40, "kamchatka": 1}, rest="p2")
    )
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pick(pilot, "alaska", "kamchatka")
        await pilot.press("f3")
        game = host_game(app)
        await until(pilot, lambda: game.state.phase == "move_in")
        await until(pilot, lambda: "Conquered" in screen_text(app, "now"))
        low, most = game.state.move_in.minimum, game.state.move_in.maximum
        # Alaska still borders p2's territories: half goes by default, not all of it.
        assert f"{(low + most + 1) // 2} ({low}–{most}" in screen_text(app, "now")
        await pilot.press("end")  # the most
        await until(pilot, lambda: f": {most} ({low}" in screen_text(app, "now"))
        await pilot.press("minus", "minus", "f6")
        await until(pilot, lambda: game.state.phase != "move_in")
        assert game.state.owner["kamchatka"] == "p1"
        assert game.state.armies["kamchatka"] == most - 2
        # The territory just taken is where the next attack starts from.
        await until(pilot, lambda: screen.turn.source == "kamchatka")


async def test_fortification_moves_the_chosen_amount() -> None:
    host = scenario_host(lambda s: set_position(s, mine(*NORTH_AMERICA), {"alaska": 9}, rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("f4")  # no more attacks: on to the manoeuvre
        assert "Manoeuvre" in screen_text(app, "now")
        await pick(pilot, "alaska", "alberta")
        # Alaska borders Kamchatka, p2's: half of the 8 that may go, by default, not all.
        assert "Move 5 armies from Alaska" in screen_text(app, "now")
        await pilot.press("home")
        await until(pilot, lambda: "Move 1 army from Alaska" in screen_text(app, "now"))
        await pilot.press("end", "minus", "f6")  # the most, 8; one less: 7
        game = host_game(app)
        await until(pilot, lambda: game.state.armies["alberta"] > 1)
        assert game.state.armies["alaska"] == 2 and game.state.armies["alberta"] == 8
        assert screen.turn.source is None


async def test_the_hand_offers_only_valid_sets_and_trading_adds_their_value() -> None:
    from rulebook_helpers import ARTILLERY, CAVALRY, INFANTRY

    hand = [INFANTRY[0], INFANTRY[1], INFANTRY[2], CAVALRY[0], ARTILLERY[5]]
    host = scenario_host(
        lambda s: set_position(
            s, mine(*NORTH_AMERICA), phase="reinforce", pool=5, hands={"p1": hand}
        )
    )
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        offered = screen.turn.trades()
        assert offered and all(game_value > 0 for _, game_value in offered)
        assert "must trade" in screen_text(app, "now")
        assert "→ 4 armies" in screen_text(app, "hand")
        await pilot.press("f5")
        game = host_game(app)
        await until(pilot, lambda: len(game.state.hands["p1"]) == 2)
        assert game.state.pool == 5 + offered[0][1]


async def test_chat_reaches_the_table() -> None:
    host = scenario_host(lambda s: set_position(s, mine("alaska"), rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("tab")
        for ch in "hello":
            await pilot.press(ch)
        await pilot.press("enter")
        await until(pilot, lambda: "ann: hello" in screen_text(app, "chat"))


async def test_a_lost_connection_shows_a_banner_and_comes_back_by_itself() -> None:
    host = scenario_host(lambda s: set_position(s, mine("alaska"), rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        assert screen_text(app, "status").split()[-1] == "connected"
        screen.connected = False  # what the client's listener says as the connection drops
        assert "reconnecting" in screen_text(app, "status")
        assert screen.has_class("-disconnected")
        screen.connected = True
        host.seats[0].connection.close()  # and now for real: the client comes back by itself
        await until(pilot, lambda: screen.banners == 2 and screen.connected)
        await until(pilot, lambda: host.seats[0].connection is not None)
        assert not screen.has_class("-disconnected")
        assert screen_text(app, "status").split()[-1] == "connected"


async def test_the_end_of_the_game_shows_the_winner_and_the_statistics() -> None:
    # The player holds the whole board but Kamchatka, and takes it.
    owners = {t: "p1" for t in BOARD.territory_ids if t != "kamchatka"}
    host = scenario_host(lambda s: set_position(s, owners, {"alaska": 30}, rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pick(pilot, "alaska", "kamchatka")
        await pilot.press("f3")
        game = host_game(app)
        await until(pilot, lambda: game.state.phase in ("move_in", "over"))
        if game.state.phase == "move_in":
            await until(pilot, lambda: "Conquered" in screen_text(app, "now"))
            await pilot.press("f6")
        over = await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen)
        text = str(over.query_one("#over-box").render())
        assert "ann wins" in text and "42 terr." in text


def attacked_by_a_bot(s) -> None:
    set_position(s, mine("alaska"), {"alaska": 3, "kamchatka": 30}, rest="p2", current="p2")


async def test_the_defender_is_asked_for_its_dice() -> None:
    app = scenario_app(scenario_host(attacked_by_a_bot))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "defend")
        assert "defend with 2 dice" in screen_text(app, "now")
        await pilot.press("3")  # more than a defender may roll: said so
        await until(pilot, lambda: "2 at most" in screen_text(app, "now"))
        await pilot.press("1")
        await until(pilot, lambda: screen.turn.step().amount == 1)
        # The territory under attack is marked on the map, as a chosen source is; in the
        # players panel, ▶ marks whose turn it is, ◆ the defender the game waits for.
        assert screen.query_one(WorldMap).state.chosen == "alaska"
        lines = screen_text(app, "players").splitlines()
        assert any(line.lstrip().startswith("◆") and "(you)" in line for line in lines), lines
        assert any(
            line.lstrip().startswith("▶") and screen.names["p2"] in line for line in lines
        ), lines
        await pilot.press("f6")  # one die
        await until(pilot, lambda: verified_battle(screen_text(app, "log")))
        assert "(" in screen_text(app, "log")
        # The attacker's name is written in its colour in the log.
        attacker = screen.names["p2"]
        inks = {
            segment.style.color.name
            for strip in screen.query_one("#log").lines
            for segment in strip
            if segment.text == attacker and segment.style and segment.style.color
        }
        assert inks == {player_mark(screen.colours["p2"])[1]}, inks


async def test_a_defender_who_does_not_answer_defends_with_the_most_dice(monkeypatch) -> None:
    import risk_lan.tui.screens.game_screen as game_screen

    monkeypatch.setattr(game_screen, "DEFEND_TIMEOUT", 0.3)
    app = scenario_app(scenario_host(attacked_by_a_bot))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await until(pilot, lambda: verified_battle(screen_text(app, "log")))
        first = next(line for line in screen_text(app, "log").splitlines() if " vs " in line)
        assert len(first.split(" vs ")[1].split()[0]) == 2  # two defence dice


async def test_f7_sets_a_standing_defence() -> None:
    app = scenario_app(scenario_host(attacked_by_a_bot))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "defend")
        await pilot.press("f7")
        game = host_game(app)
        await until(pilot, lambda: game.state.auto_defend["p1"] == 2)
        await until(pilot, lambda: verified_battle(screen_text(app, "log")))


async def test_an_answer_on_its_way_is_not_given_twice() -> None:
    """The defence confirmed just as the timeout fires, or F7 pressed twice before the host
    answers: each is sent once, so nothing comes back refused."""
    app = scenario_app(scenario_host(attacked_by_a_bot))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen.turn.step().name == "defend")
        assert app.client is not None
        sent_before = app.client.kept.seq
        screen.action_auto_defend()  # the standing defence, and this attack answered
        screen.action_auto_defend()
        screen._defend_now()
        game = host_game(app)
        client = app.client
        # The battle shown, and the host has applied or refused every act sent, with none
        # left to send: a second answer would have been sent, and refused, by then.
        await until(
            pilot,
            lambda: (
                verified_battle(screen_text(app, "log"))
                and not client.queued
                and client.outstanding == 0
            ),
        )
        assert game.state.auto_defend["p1"] == 2
        assert app.client.kept.seq - sent_before == 2
        assert "✗" not in screen_text(app, "log")


async def test_help_and_the_command_palette() -> None:
    from risk_lan.tui.screens.help_screen import HelpScreen
    from risk_lan.tui.widgets.world_map import WorldMap

    host = scenario_host(lambda s: set_position(s, mine("alaska"), rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("ctrl+p")
        for ch in "go to brazil":
            await pilot.press(ch)
        await pilot.pause(0.5)
        await pilot.press("enter")
        await until(pilot, lambda: screen.query_one(WorldMap).state.selected == "brazil")


async def test_a_player_who_leaves_is_shown_away_to_the_others() -> None:
    # Seat p2 is a second player's, joining from elsewhere (a bot plays it there, shown with
    # its level); it never comes back.
    host = scenario_host(
        lambda s: set_position(s, mine("alaska"), rest="p2"), bots=1, absent_after=None
    )
    app = scenario_app(host)
    other = Client("bea", ClassicBot(), retries=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: host.seats[0].connection is not None)
        port = host.server.sockets[0].getsockname()[1]
        task = asyncio.create_task(other.run("127.0.0.1", port))
        screen = await started(app, pilot)
        await until(pilot, lambda: "bea" in screen_text(app, "players"))
        assert "away" not in screen_text(app, "players")
        other.conn.close()
        await until(pilot, lambda: "bea · normal away" in screen_text(app, "players"))
        assert "bea · normal away" in str(screen.query_one("#players").render())
        await task


async def test_every_turn_key_and_pick_that_does_nothing_says_why() -> None:
    host = scenario_host(
        lambda s: set_position(
            s, mine(*NORTH_AMERICA), {"alaska": 6}, phase="reinforce", pool=3, rest="p2"
        )
    )
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        # Live amounts: each pick's count shows as +/- changes it.
        assert "Each pick places 1" in screen_text(app, "now")
        await pilot.press("plus")
        assert "Each pick places 2" in screen_text(app, "now")
        for key, says in (
            ("f5", "no set of cards"),
            ("f4", "Place your reinforcements first: 3 left"),
            ("f2", "Place your reinforcements first"),
            ("backspace", "Nothing placed to take back"),
        ):
            await pilot.press(key)
            await until(pilot, lambda says=says: says in screen_text(app, "now"))
        await pick(pilot, "kamchatka")
        await until(pilot, lambda: "Kamchatka is not yours" in screen_text(app, "now"))
        await pilot.press("end")  # the most: all three on Alaska
        await pick(pilot, "alaska")
        assert "Kamchatka" not in screen_text(app, "now")  # a pick that did something
        await pilot.press("f6")
        await until(pilot, lambda: host_game(app).state.pool == 0)
        await until(pilot, lambda: screen.turn.step().name == "attack")
        await pilot.press("f2")
        await until(pilot, lambda: "Pick a territory to go from first" in screen_text(app, "now"))
        await pick(pilot, "alaska", "brazil")
        await until(pilot, lambda: "Brazil does not border Alaska" in screen_text(app, "now"))
        screen.news.clock_runs = False  # alone against bots (risk-lan play): no clock to stop
        for key, says in (("f9", "No bot plays your seat"), ("f10", "stops its clock")):
            await pilot.press(key)  # hidden keys, pressed all the same
            await until(pilot, lambda says=says: says in screen_text(app, "now"))
        # Esc from the log goes back to the map.
        screen.show_log()
        await pilot.press("escape")
        await until(pilot, lambda: screen.query_one("#map").has_focus)


async def test_ctrl_l_shows_the_whole_log_and_esc_closes_it() -> None:
    from risk_lan.tui.screens.log_screen import LogScreen

    host = scenario_host(lambda s: set_position(s, mine("alaska"), rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await until(pilot, lambda: screen_text(app, "log").strip())
        await pilot.press("ctrl+l")
        full = await until(pilot, lambda: isinstance(app.screen, LogScreen) and app.screen)
        shown = "\n".join(line.text for line in full.query_one("#full-log").lines)
        assert screen_text(app, "log").splitlines()[0][:20] in shown
        assert len(full.query_one("#full-log").lines) >= len(screen.query_one("#log").lines)
        await pilot.press("escape")
        assert app.screen is screen


async def test_typing_follows_the_labels_and_is_echoed() -> None:
    from risk_lan.tui.widgets.world_map import WorldMap

    host = scenario_host(lambda s: set_position(s, mine("alaska"), rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        world = screen.query_one(WorldMap)

        def bottom_row() -> str:
            return "".join(seg.text for seg in world.render_line(world.size.height - 1))

        await type_text(pilot, "e.au")
        assert world.state.selected == "eastern_australia"
        assert "⌨ e.au → Eastern Australia" in bottom_row()  # as typed, dot included
        await type_text(pilot, "austr")
        assert world.state.selected == "western_australia"
        assert "→ Western Australia (1/2)" in bottom_row()
        await type_text(pilot, "zq")
        assert world.state.selected == "western_australia"  # nothing by that name: stays
        assert "no territory by that name" in bottom_row()
        typing_pause(pilot)
        await until(pilot, lambda: "⌨" not in bottom_row(), timeout=5)  # the echo goes
        await pilot.press("1")  # after a pause, a digit is the dice again, not a name
        assert "⌨" not in bottom_row()


class SlowGame(HostGame):
    """A host that takes its time over the app's player's moves: each waits for the test's
    go-ahead (a host busy, or far away on the LAN)."""

    go_ahead: asyncio.Event

    async def _move(self, seat, action, request):
        if seat == "p1":
            await type(self).go_ahead.wait()
        return await super()._move(seat, action, request)


@pytest.mark.parametrize(
    ("lang", "sent"),
    [("en", "Sent: waiting for the host's answer"), ("fr", "Envoyé : en attente de la réponse")],
)
async def test_moves_sent_and_not_yet_answered_are_said_so(lang: str, sent: str) -> None:
    """Between F6 and the host's answer, the Now panel no longer says "Place your
    reinforcements: 5 left": the placements are sent, and it says so until the answer."""
    SlowGame.go_ahead = asyncio.Event()
    host = scenario_host(
        lambda s: set_position(s, mine(*NORTH_AMERICA), phase="reinforce", pool=5),
        match_class=SlowGame,
    )
    app = scenario_app(host, lang)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await type_text(pilot, "alaska")
        await pilot.press("end", "enter", "f6")  # all 5 on Alaska, confirmed
        await until(pilot, lambda: sent in " ".join(screen_text(app, "now").split()))
        assert "5" not in screen_text(app, "now").split("\n")[0]
        SlowGame.go_ahead.set()
        game = host_game(app)
        await until(pilot, lambda: game.state.pool == 0)
        await until(pilot, lambda: sent not in " ".join(screen_text(app, "now").split()))
