"""Every key answered, under any screen: Ctrl+Q under every pop-up, the leave dialog's arrows,
the lobby's Enter in the name field and its own help, the player's own kept game marked in
the list, and a key typed ahead of a change of step that does not act on the new step."""

from __future__ import annotations

import pytest
from test_tui_snapshots import PLAYERS, ScreenApp, showing
from tui_helpers import until

from risk_lan.net.discovery import FoundGame
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.help_screen import HelpScreen
from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.texts.catalogue import say


@pytest.mark.asyncio
async def test_ctrl_q_quits_from_the_end_of_game_statistics() -> None:
    async def over(app, screen, game) -> None:
        app.over = True
        await app.push_screen(GameOverScreen("p1", None, game, PLAYERS, 57, "TEST-CODE", "en"))

    app = showing("attack", then=over)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app._exit)


@pytest.mark.asyncio
async def test_ctrl_q_in_the_leave_dialog_leaves() -> None:
    app = showing("attack")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.turn.game)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app._exit)


@pytest.mark.asyncio
async def test_the_arrows_move_between_the_leave_dialogs_buttons() -> None:
    app = showing("attack")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.turn.game)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await until(pilot, lambda: app.focused is not None and app.focused.id == "stay")
        await pilot.press("left")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "leave")
        await pilot.press("right")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "stay")
        await pilot.press("right")  # round, from the last button to the first
        await until(pilot, lambda: app.focused is not None and app.focused.id == "leave")
        await pilot.press("right")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "stay")
        await pilot.press("left", "enter")
        await until(pilot, lambda: app._exit)


def listed(*games: FoundGame, lang: str = "en") -> RiskApp:
    async def lobby(app: RiskApp) -> None:
        screen = LobbyScreen("ann", lang, discover=False)
        await app.push_screen(screen)
        screen.show_games(list(games))

    return ScreenApp(lobby, lang)


FRIDAY = FoundGame("Friday", "127.0.0.1", 47474, "classic", "2/4", "lobby", "4", "g-friday")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_enter_in_the_name_field_joins_the_game_chosen(lang: str) -> None:
    joined: list[tuple[str, int, str | None]] = []
    app = listed(FRIDAY, lang=lang)
    app.connect = lambda host, port, name=None, watch=False: joined.append((host, port, name))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.click("#name")
        await pilot.press("ctrl+a", "ctrl+k", *"zoe", "enter")
        await until(pilot, lambda: joined)
        assert joined == [("127.0.0.1", 47474, "zoe")]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_enter_in_the_name_field_with_no_game_says_what_to_do(lang: str) -> None:
    app = listed(lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.click("#name")
        await pilot.press("enter")
        said = say(lang, "lobby_enter_no_game")
        await until(pilot, lambda: any(n.message == said for n in app._notifications))
        assert isinstance(app.screen, LobbyScreen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_f1_in_the_lobby_says_how_to_join(lang: str) -> None:
    app = listed(FRIDAY, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("f1")
        help_screen = await until(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen)
        text = help_screen.text
        assert say(lang, "lobby_help_mark") in text
        assert "42" not in text  # not the game's rules: how to join one


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_players_own_kept_game_is_marked_as_theirs(lang: str) -> None:
    from risk_lan.net.client.seatfile import SeatState, save, seat_path
    from risk_lan.paths import seats_dir

    other = FoundGame("Saturday", "127.0.0.1", 47475, "classic", "2/4", "playing", "4", "g-sat")
    state = SeatState("g-friday", "p2", b"t", b"k" * 32, b"s" * 32, host="10.0.0.9", port=1)
    save(seat_path(seats_dir(), "g-friday", "p2"), state)
    app = listed(FRIDAY, other, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        games = lobby.query_one("#games")
        mark = say(lang, "listed_yours")
        await until(pilot, lambda: mark in str(games.get_option_at_index(0).prompt))
        assert mark not in str(games.get_option_at_index(1).prompt)


class ActingApp(ScreenApp):
    """The snapshots' app, keeping the moves it would send."""

    def __init__(self, screen_of, lang: str = "en") -> None:
        super().__init__(screen_of, lang)
        self.sent: list[object] = []

    def act(self, *actions) -> None:
        self.sent += actions


def revised_views() -> tuple[dict, dict]:
    """Two views of a `revised` game for ann: her attack step, then a bot's attack on her
    that asks for her answer (F4 capitulates there)."""
    from test_tui_snapshots import game_until

    attack, _ = game_until("attack", mode="revised", rounds=2)
    defend, events = game_until("defend", mode="revised", rounds=2)
    to_view = lambda game, events: {  # noqa: E731
        "view": game.view("p1"),
        "events": events,
        "n": 1,
        "waiting": "p1",
        "away": [],
    }
    return to_view(attack, []), to_view(defend, events)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_key_typed_ahead_of_a_bots_attack_does_not_capitulate(lang: str) -> None:
    """From issue 24: a third F4, typed while a bot's attack was on its way in `revised`,
    capitulated the defence the player had not seen yet. A key pressed before the step on
    screen changed is dropped, saying so; pressed again, it acts."""
    from textual import events

    from risk_lan.rules import Capitulate
    from risk_lan.tui.screens.game_screen import GameScreen

    attack, defend = revised_views()

    async def show(app) -> None:
        screen = GameScreen("p1", PLAYERS, lang)
        app.game_screen = screen
        await app.push_screen(screen)
        screen.take_update(attack)

    app = ActingApp(show, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until(pilot, lambda: app.game_screen and app.game_screen.turn.game)
        screen = app.game_screen
        assert screen.turn.step().name == "attack"
        typed = events.Key("f4", None)  # pressed now, while the attack step shows
        screen.take_update(defend)  # the bot's attack arrives before the key is read
        assert screen.turn.step().name == "defend"
        app.post_message(typed)
        await until(pilot, lambda: screen.turn.hint is not None)
        assert not any(isinstance(a, Capitulate) for a in app.sent)
        assert say(lang, "key_typed_ahead", pressed="F4") in str(screen.query_one("#now").render())
        await pilot.press("f4")  # pressed with the answer on screen: it capitulates
        await until(pilot, lambda: any(isinstance(a, Capitulate) for a in app.sent))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_enter_in_the_empty_address_field_says_what_to_type(lang: str) -> None:
    app = listed(FRIDAY, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.click("#address")
        await pilot.press("enter")
        said = say(lang, "address_empty")
        await until(pilot, lambda: any(n.message == said for n in app._notifications))
        assert isinstance(app.screen, LobbyScreen)


@pytest.mark.asyncio
async def test_ctrl_q_under_the_too_small_notice_asks_in_sight_then_leaves() -> None:
    """The leave question is not hidden under the too-small notice: Ctrl+Q shows it, and
    Ctrl+Q again leaves (it went under the notice, and each Ctrl+Q asked again)."""
    from risk_lan.tui.screens.too_small_screen import TooSmallScreen

    app = showing("attack")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.pause(0.3)
        assert isinstance(app.screen, LeaveScreen)  # not covered again by the notice
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app._exit)
