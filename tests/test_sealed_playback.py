"""Playing back a sealed game's record (issue 27): once the game was won, every party's
secret is out and the frames show every card where it was, hands included; a game stopped
before its end shows tokens only where a card was hidden."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from test_net_cheating import run
from test_net_sealed_deck import dealt_and_played, play_until
from test_net_sealed_spectators import hidden_named
from tui_helpers import until

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.playback import load
from risk_lan.rules.sealing import slot_of
from risk_lan.tui.replay_app import ReplayApp
from risk_lan.tui.screens.replay_screen import ReplayScreen
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.widgets.panels import HandPanel

# One worker for the file: the won game (a whole sealed game) is then played once for the
# tests that read its record, not once on each worker that runs one of them.
pytestmark = pytest.mark.xdist_group("sealed-playback")


def tokens_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if slot_of(value) is not None else []
    if isinstance(value, list):
        return [t for v in value for t in tokens_in(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in tokens_in(v)]
    return []


def held(view: dict[str, Any]) -> list[str]:
    return [c for hand in view["hands"].values() for c in hand or ()]


@pytest.fixture(scope="module")
def won(tmp_path_factory: pytest.TempPathFactory) -> Path:
    record = tmp_path_factory.mktemp("won") / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, sealed=True, record=str(record)))
    outcomes = asyncio.run(run(host, [Client(f"c{i}", ClassicBot()) for i in range(2)], 180))
    assert all(o is not None and o.error is None and o.winner for o in outcomes), outcomes
    return record


def test_a_won_sealed_game_plays_back_with_every_card_read(won: Path) -> None:
    playback = load(won)
    assert playback.verdict.ok and playback.verdict.winner, playback.verdict.message
    assert "every sealed card read" in playback.verdict.message
    assert playback.frames
    for frame in playback.frames:
        assert tokens_in(frame.view) == [] and tokens_in(frame.events) == [], frame.n
    # The hands are shown: some frame has cards in a hand, each one of the deck's.
    cards = [c for frame in playback.frames for c in held(frame.view)]
    assert cards and all(slot_of(c) is None for c in cards)


def test_a_sealed_game_stopped_before_its_end_plays_back_tokens_only(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    host = Host(HostConfig(seats=3, bots=1, sealed=True, record=str(record)))
    clients = [Client(f"c{i}", ClassicBot()) for i in range(2)]
    assert not asyncio.run(play_until(host, clients, dealt_and_played(30), 120))
    playback = load(record)
    assert playback.verdict.ok and playback.verdict.winner is None, playback.verdict.message
    assert playback.frames
    assert all(hidden_named(frame.view) == [] for frame in playback.frames)
    assert any(slot_of(c) for frame in playback.frames for c in held(frame.view))


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_replay_of_a_won_sealed_game_shows_every_hand(won: Path, lang: str) -> None:
    """``risk-lan replay``'s Cards panel, which tells a spectator that it holds no cards,
    shows every player's hand instead once the end read them all."""
    playback = load(won)
    app = ReplayApp(playback, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen)
        # A hand with a card that has a name: a hand of jokers alone, which the game's
        # dice may give, names none (the test once failed on such a game).
        named = [
            i
            for i in playback.turn_starts()
            if any(c[0] != "j" for c in held(playback.frames[i].view))
        ]
        screen.seek_turn(playback.frames[named[0]].turn)
        await pilot.pause()
        state = screen.turn.game.state
        seat, hand = next((p, h) for p, h in state.hands.items() if any(c[0] != "j" for c in h))
        panel = str(screen.query_one(HandPanel).render())
        assert say(lang, "every_hand").split(",")[0] in panel
        assert say(lang, "watcher_hand")[:20] not in panel
        assert screen.names[seat] in panel
        assert screen.turn.game.board.name(next(c for c in hand if c[0] != "j"), lang)[:8] in (
            panel.replace("\n", " ")
        )
