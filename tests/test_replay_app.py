"""``risk-lan replay``: a record verified, then played back in the app, a move, a turn or a
chosen turn at a time; a record that does not verify is not played back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_helpers import until

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.playback import load
from risk_lan.net.record.verify import verify_record
from risk_lan.tui import run_replay
from risk_lan.tui.replay_app import ReplayApp
from risk_lan.tui.screens.replay_screen import ReplayScreen
from risk_lan.tui.texts.catalogue import say


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game between a bot host seat and two bot clients, over real sockets."""
    path = tmp_path_factory.mktemp("replay") / "game.rec"

    async def play() -> None:
        host = Host(HostConfig(seats=3, bots=1, record=str(path)))
        port = await host.serve("127.0.0.1", 0)
        clients = [Client(name, ClassicBot()) for name in ("ann", "bob")]
        try:
            await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
            )
            await asyncio.wait_for(host.done.wait(), 10)
        finally:
            await host.close()

    asyncio.run(play())
    return path


def test_a_record_becomes_a_frame_a_move(record: Path) -> None:
    playback = load(record)
    assert playback.verdict.ok, playback.verdict.message
    assert len(playback.frames) == playback.verdict.moves + 1  # the start, then each move
    assert [p["name"] for p in playback.players][:2] == ["ann", "bob"]
    last = playback.frames[-1].view
    assert last["phase"] == "over" and last["winner"] == playback.verdict.winner
    starts = playback.turn_starts()
    assert [playback.frames[i].turn for i in starts] == sorted({f.turn for f in playback.frames})
    for frame in playback.frames:  # a spectator's view: nobody's cards, only how many
        assert all(hand is None for hand in frame.view["hands"].values()), frame.n
        assert frame.view["deck"] is None and set(frame.view["hand_sizes"]) == {"p1", "p2", "p3"}


def test_a_damaged_record_is_not_played_back(record: Path, tmp_path: Path, capsys) -> None:
    data = bytearray(record.read_bytes())
    data[len(data) // 2] ^= 0x40
    damaged = tmp_path / "damaged.rec"
    damaged.write_bytes(bytes(data))
    assert run_replay(str(damaged)) == 1
    assert "record does not verify" in capsys.readouterr().out


@pytest.mark.asyncio
async def test_play_pause_step_and_seek_by_turn(record: Path) -> None:
    playback = load(record)
    app = ReplayApp(playback, "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen)
        await until(pilot, lambda: screen.at == 0)

        def status() -> str:
            return str(screen.query_one("#status").render())

        assert "✓ record verified" in status() and "move 1/" in status()
        await pilot.press("f6")
        assert screen.at == 1 and "move 2/" in status()
        await pilot.press("pagedown")
        first_turn = playback.turn_starts()[1]
        assert screen.at == first_turn and f"turn {playback.frames[first_turn].turn}," in status()
        screen.seek_turn(5)
        await pilot.pause()
        assert playback.frames[screen.at].turn == 5 and "turn 5," in status()
        assert screen.turn.game.state.turn == 5  # the map is the table at that turn
        log = "\n".join(line.text for line in screen.query_one("#log").lines)
        assert "Turn 5" in log and "Turn 4" in log  # the turn before, for context
        await pilot.press("pageup")
        assert playback.frames[screen.at].turn == 4
        await pilot.press("space")
        at = screen.at
        await until(pilot, lambda: screen.at >= at + 2)  # playing, at 2 moves a second
        assert "▶ playing" in status()
        await pilot.press("space")
        stopped = screen.at
        await pilot.pause(1.0)
        assert screen.at == stopped and "⏸ paused" in status()
        await pilot.press("end")
        assert screen.at == len(playback.frames) - 1
        assert screen.turn.game.state.phase == "over"


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_replay_waits_for_nobody(record: Path, lang: str) -> None:
    """A record played back says whose move it shows, not that anyone is waited for or that
    the viewer watches a live game."""
    playback = load(record)
    app = ReplayApp(playback, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen)
        screen.seek_turn(3)
        await pilot.pause()
        now = str(screen.query_one("#now").render())
        who = screen.names[screen.turn.game.waiting_for()]
        assert now.startswith(say(lang, "replay_to_move", player=who)), now
        assert say(lang, "waiting", player=who) not in now


def test_verify_names_the_winner_as_the_record_does(record: Path) -> None:
    """``risk-lan verify`` names the winner by its name at the table, its seat after it."""
    verdict = verify_record(record)
    names = {p["seat"]: p["name"] for p in load(record).players}
    assert verdict.ok and verdict.winner is not None
    assert f"winner {names[verdict.winner]} ({verdict.winner})" in verdict.message
