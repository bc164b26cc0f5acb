"""SVG snapshots of the app's screens at 120x40 (and the map at 160x50), from a game played
by seeded bots, so every run draws the same thing. To accept a change on purpose:
``pytest tests/test_tui_snapshots.py --snapshot-update``, then look at the SVG files."""

from __future__ import annotations

from typing import Any

from textual.app import App

from risk_lan.bots import ClassicBot
from risk_lan.net.client.outcome import Outcome
from risk_lan.net.client.witness import DERIVED
from risk_lan.net.discovery import FoundGame
from risk_lan.rules import Game
from risk_lan.seeded import SeededSource
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen
from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.texts.stop_reasons import why_stopped

PLAYERS = [
    {"seat": "p1", "name": "ann", "kind": "human", "colour": "red"},
    {"seat": "p2", "name": "bob", "kind": "bot", "colour": "blue", "level": "hard"},
    {"seat": "p3", "name": "cat", "kind": "bot", "colour": "green"},
]


def game_until(
    step: str, mode: str = "classic", rounds: int = 3, viewer: str | None = "p1"
) -> tuple[Game, list[Any]]:
    """A seeded bot game played until ann (p1) is at ``step`` of one of her turns (from round
    ``rounds`` on); returns it and the last events, as ``viewer`` may see them (None: a
    spectator)."""
    game, events = Game.new(["p1", "p2", "p3"], SeededSource("snapshots"), mode)
    bots = {p: ClassicBot() for p in ("p1", "p2", "p3")}
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
    while True:
        who = game.waiting_for()
        if who == "p1" and game.state.round >= rounds and game.phase == step:
            return game, [e.seen_by(viewer).to_dict() for e in events[-12:]]
        events = game.apply(who, bots[who].choose(game, who))


class ScreenApp(RiskApp):
    """The app showing one screen with a fixed game, without any network."""

    def __init__(self, screen_of, lang: str = "en") -> None:
        super().__init__(name="ann", lang=lang)
        self.screen_of = screen_of

    async def begin(self) -> None:
        await self.screen_of(self)

    def transcript_code(self) -> str:
        return "TEST-CODE"

    def act(self, *actions) -> None:  # nothing is sent anywhere
        pass


def showing(step: str, lang: str = "en", then=None, mode: str = "classic", rounds: int = 3) -> App:
    game, events = game_until(step, mode, rounds)

    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, lang)
        app.game_screen = screen
        await app.push_screen(screen)
        screen.take_update(
            {"view": game.view("p1"), "events": events, "n": 1, "waiting": "p1", "away": []}
        )
        if then is not None:
            await then(app, screen, game)

    return ScreenApp(show, lang)


def test_reinforcement_step(snap_compare) -> None:
    async def stage(app, screen, game) -> None:
        first = game.state.territories_of("p1")[0]
        assert screen.turn.step().name == "place"
        screen.turn.pick(first)
        screen.redraw()

    assert snap_compare(showing("reinforce", then=stage), terminal_size=(120, 40))


def test_attack_step_with_a_source_chosen(snap_compare) -> None:
    async def choose(app, screen, game) -> None:
        source = sorted(screen.turn.step().choices)[0]
        screen.turn.pick(source)
        screen.go_to(source)
        screen.redraw()

    assert snap_compare(showing("attack", then=choose), terminal_size=(120, 40))


def test_game_screen_in_french(snap_compare) -> None:
    assert snap_compare(showing("reinforce", lang="fr"), terminal_size=(120, 40))


def test_the_summary_of_the_others_turns(snap_compare) -> None:
    """ann's turn opens with what bob and cat did since her last one."""
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("snapshots"), "classic")
    bots = {p: ClassicBot() for p in ("p1", "p2", "p3")}
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
    after_ann, ending, since = None, [], []
    while True:
        who = game.waiting_for()
        events = game.apply(who, bots[who].choose(game, who))
        seen = [e.seen_by("p1").to_dict() for e in events]
        starts = [e["player"] for e in seen if e["type"] == "turn_started"]
        if starts and starts[-1] == "p2":  # ann's turn ends: bob's begins
            after_ann, ending, since = game.view("p1"), seen, []
        elif after_ann is not None:
            since += seen
        if starts == ["p1"] and game.state.round >= 3 and after_ann is not None:
            break

    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, "en")
        app.game_screen = screen
        await app.push_screen(screen)
        first = {"view": after_ann, "events": ending, "n": 1, "waiting": "p2", "away": []}
        screen.take_update(first)
        screen.take_update(
            {"view": game.view("p1"), "events": since, "n": 2, "waiting": "p1", "away": []}
        )

    assert snap_compare(ScreenApp(show), terminal_size=(120, 40))


def test_typing_a_name_is_echoed_on_the_map(snap_compare) -> None:
    # "e.au" follows the map's label "E.Austr", and the echo says where it leads.
    assert snap_compare(showing("attack"), press=["e", ".", "a", "u"], terminal_size=(120, 40))


def test_the_command_palette_in_french(snap_compare) -> None:
    # Textual's own commands (Thème, Quitter, Touches…) are named in French with the game's.
    assert snap_compare(
        showing("attack", lang="fr"), press=["ctrl+p", "q", "u", "i"], terminal_size=(120, 40)
    )


def test_the_map_uses_a_larger_terminal(snap_compare) -> None:
    assert snap_compare(showing("attack"), terminal_size=(160, 50))


def test_the_others_attack_marked_on_the_map(snap_compare) -> None:
    """While ann waits, bob's blitz as her screen shows it: the source and the target lit, an
    arrow between them, and the dice and the conquest in words on the map's bottom rows."""
    game, _ = Game.new(["p1", "p2", "p3"], SeededSource("snapshots"), "classic")
    bots = {p: ClassicBot() for p in ("p1", "p2", "p3")}
    for p, bot in bots.items():
        for action in bot.opening(game, p):
            game.apply(p, action)
    while True:
        who = game.waiting_for()
        before = game.view("p1")
        events = [e.seen_by("p1").to_dict() for e in game.apply(who, bots[who].choose(game, who))]
        kinds = {e["type"] for e in events}
        if who == "p2" and game.state.round >= 2 and {"battle", "conquered"} <= kinds:
            break

    async def show(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, "en", pace=0)  # as it came: no timer takes it off
        app.game_screen = screen
        await app.push_screen(screen)
        screen.take_update({"view": before, "events": [], "n": 1, "waiting": "p2", "away": []})
        update = {"view": game.view("p1"), "events": events, "n": 2, "waiting": "p2", "away": []}
        screen.pacing.receive_update(update, DERIVED)

    assert snap_compare(ScreenApp(show), terminal_size=(160, 50))


def test_help(snap_compare) -> None:
    async def help_over(app, screen, game) -> None:
        await app.push_screen(HelpScreen("en"))

    assert snap_compare(showing("attack", then=help_over), terminal_size=(120, 40))


def test_game_over(snap_compare) -> None:
    async def over(app, screen, game) -> None:
        await app.push_screen(GameOverScreen("p1", None, game, PLAYERS, 57, "TEST-CODE", "en"))

    assert snap_compare(showing("attack", then=over), terminal_size=(120, 40))


def test_lobby(snap_compare) -> None:
    async def lobby(app: RiskApp) -> None:
        screen = LobbyScreen("ann", "en", discover=False)
        await app.push_screen(screen)
        screen.show_games(
            [
                FoundGame("Friday night", "192.168.1.20", 47474, "classic", "2/4", "lobby", "1"),
                FoundGame(
                    "Long game", "192.168.1.31", 47474, "classic-2015", "5/5", "playing", "1"
                ),
            ]
        )

    assert snap_compare(ScreenApp(lobby), terminal_size=(120, 40))


def test_seats(snap_compare) -> None:
    async def seats(app: RiskApp) -> None:
        screen = SeatsScreen("en")
        await app.push_screen(screen)
        lobby = {
            "mode": "classic",
            "total": 4,
            "state": "lobby",
            "owner": "p2",  # this player hosts: the table's keys show
            "seats": [
                {"seat": "p1", "name": "ann", "kind": "human", "colour": "red", "ready": True},
                {"seat": "p2", "name": "bob", "kind": "human", "colour": "blue", "ready": False},
                {
                    "seat": "p3",
                    "name": "bot-3",
                    "kind": "bot",
                    "colour": "green",
                    "ready": True,
                    "level": "easy",
                },
                {"seat": "p4", "name": "", "kind": "open", "colour": "yellow", "ready": False},
            ],
        }
        screen.show_lobby(lobby, "p2")

    assert snap_compare(ScreenApp(seats), terminal_size=(120, 40))


def test_a_secret_objective_and_its_progress(snap_compare) -> None:
    assert snap_compare(
        showing("reinforce", mode="secret-mission", rounds=2), terminal_size=(120, 40)
    )


def test_headquarters_marked_on_the_map(snap_compare) -> None:
    assert snap_compare(showing("reinforce", mode="capital", rounds=2), terminal_size=(120, 40))


def test_teams_in_the_player_list_and_shared_territories(snap_compare) -> None:
    assert snap_compare(showing("attack", mode="team", rounds=2), terminal_size=(120, 40))


def test_waiting_for_a_player_and_leaving(snap_compare) -> None:
    async def waiting(app, screen, game) -> None:
        import asyncio

        # Received "later than now": the count stays where the host left it, for the picture.
        later = asyncio.get_running_loop().time() + 3600
        wait = {"seat": "p2", "why": "away", "waited": 35.0, "left": 85.0}
        screen.news.take_clock(False, [wait], later)
        await app.push_screen(LeaveScreen(say("en", "leave_joined"), "en"))

    assert snap_compare(showing("attack", then=waiting), terminal_size=(120, 40))


def test_a_stopped_game(snap_compare) -> None:
    async def stopped(app, screen, game) -> None:
        screen.news.stop()
        why = why_stopped(Outcome(reason="bad_reveal:p2"), "p1", screen.names, "en")
        await app.push_screen(GameOverScreen(None, why, game, PLAYERS, 57, "TEST-CODE", "en"))

    assert snap_compare(showing("attack", then=stopped), terminal_size=(120, 40))


def test_a_terminal_too_small_to_play_in(snap_compare) -> None:
    assert snap_compare(showing("attack"), terminal_size=(80, 24))


def test_the_compact_layout_at_100x30(snap_compare) -> None:
    # Narrower side panels, a line per player, and labels of one row (a code, the owner and
    # the armies) that do not overlap on the smaller map.
    assert snap_compare(showing("reinforce"), terminal_size=(100, 30))


def test_the_compact_layout_with_a_secret_objective(snap_compare) -> None:
    assert snap_compare(showing("reinforce", mode="mission", rounds=2), terminal_size=(100, 30))


def test_a_replay_seeking_to_a_turn(snap_compare) -> None:
    from risk_lan.net.record.playback import Frame, Playback
    from risk_lan.net.record.verify import Verdict
    from risk_lan.tui.replay_app import ReplayApp

    game, events = Game.new(["p1", "p2", "p3"], SeededSource("snapshots"), "classic")
    bots = {p: ClassicBot() for p in ("p1", "p2", "p3")}
    frames = [Frame.of(1, 0, game.view(None), [e.seen_by(None).to_dict() for e in events])]
    while not game.is_over and game.state.turn <= 8:
        who = game.waiting_for()
        events = game.apply(who, bots[who].choose(game, who))
        frames.append(Frame.of(len(frames) + 1, game.state.turn, game.view(None),
                            [e.seen_by(None).to_dict() for e in events]))  # fmt: skip
    verdict = Verdict(True, "every move verifies", transcript="TEST-CODE")
    app = ReplayApp(Playback(verdict, PLAYERS, frames), "en", turn=6)
    assert snap_compare(app, terminal_size=(120, 40))


def test_a_spectators_screen(snap_compare) -> None:
    """A spectator's table under secret objectives: no hand, no objective, nothing to play
    (F2 said why)."""
    game, events = game_until("attack", mode="secret-mission", viewer=None)

    async def show(app: RiskApp) -> None:
        screen = GameScreen("w1", PLAYERS, "en")
        app.game_screen = screen
        await app.push_screen(screen)
        screen.take_update({"view": game.view(None), "events": events, "n": 1, "waiting": "p1",
                            "away": []})  # fmt: skip

    assert snap_compare(ScreenApp(show), press=["f2"], terminal_size=(120, 40))


def test_risk_missions_listed(snap_compare) -> None:
    """Risk Mission: ann's four missions, one of each rank, on Ctrl+K."""
    assert snap_compare(showing("attack", mode="risk-mission"), press=["ctrl+k"],
                        terminal_size=(120, 40))  # fmt: skip


def test_a_commitment_under_the_revised_rules(snap_compare) -> None:
    """Rulebook 004: the armies committed, the card to lay (F3 stands for it, not the blitz), the
    cap and the laid cards in the panels."""

    async def choose(app, screen, game) -> None:
        commit = next(a for a in screen.turn.legal if a.type == "commit")
        screen.turn.pick(commit.source)
        screen.turn.pick(commit.target)
        screen.go_to(commit.target)
        screen.redraw()

    assert snap_compare(showing("attack", then=choose, mode="revised", rounds=2),
                        terminal_size=(120, 40))  # fmt: skip


def test_an_answer_asked_under_the_revised_rules(snap_compare) -> None:
    """Rulebook 004: the defender is asked for its answer, its retreat or its capitulation (F4)."""
    assert snap_compare(showing("defend", mode="revised", rounds=2), terminal_size=(120, 40))


def test_the_lobbys_help_and_a_kept_seat_in_french(snap_compare) -> None:
    """F1 in the lobby: how to join, in French, over a list where the player's seat is kept in
    one game (marked as theirs)."""
    from risk_lan.net.client.seatfile import SeatState, save, seat_path
    from risk_lan.paths import seats_dir

    kept = SeatState("g-friday", "p2", b"t", b"k" * 32, b"s" * 32, host="192.168.1.20", port=1)
    save(seat_path(seats_dir(), "g-friday", "p2"), kept)

    async def lobby(app: RiskApp) -> None:
        screen = LobbyScreen("ann", "fr", discover=False)
        await app.push_screen(screen)
        friday = FoundGame("Friday night", "192.168.1.20", 47474, "classic", "2/4", "playing",
                           "1", "g-friday")  # fmt: skip
        screen.show_games([friday])

    assert snap_compare(ScreenApp(lobby, "fr"), press=["f1"], terminal_size=(120, 40))


def test_the_lobby_marks_a_kept_seat(snap_compare) -> None:
    from risk_lan.net.client.seatfile import SeatState, save, seat_path
    from risk_lan.paths import seats_dir

    kept = SeatState("g-friday", "p2", b"t", b"k" * 32, b"s" * 32, host="192.168.1.20", port=1)
    save(seat_path(seats_dir(), "g-friday", "p2"), kept)

    async def lobby(app: RiskApp) -> None:
        screen = LobbyScreen("ann", "en", discover=False)
        await app.push_screen(screen)
        screen.show_games([
            FoundGame("Friday night", "192.168.1.20", 47474, "classic", "2/4", "playing", "1",
                      "g-friday"),
            FoundGame("Long game", "192.168.1.31", 47474, "classic-2015", "5/5", "playing", "1"),
        ])  # fmt: skip

    assert snap_compare(ScreenApp(lobby), terminal_size=(120, 40))
