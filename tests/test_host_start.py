"""Starting a host, as ``risk-lan host`` and the app both do (``hoststart.start_host``): a
new game where it is asked to listen; a saved game where its players' apps last reached it,
or on any free port if that one is taken by now; a save that cannot be taken up, said why."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
from test_net_spectators import wait_for

from risk_lan.net.client import Client
from risk_lan.net.gameaddress import DEFAULT_PORT
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.hoststart import Started, start_host

pytestmark = pytest.mark.asyncio


async def saved_game(save: Path) -> int:
    """A game saved in ``save``, stopped in play; the port it was served on."""
    host = Host(HostConfig(seats=3, bots=2, save=str(save), absent_after=None))
    port = await host.serve("127.0.0.1", 0)
    idle = Client("ida", auto_ready=True)  # plays nothing: the game waits for it
    task = asyncio.create_task(idle.run("127.0.0.1", port))
    try:
        await wait_for(lambda: host.match is not None and save.exists(), "the game to be saved")
    finally:
        task.cancel()
        await host.close()
    return port


async def test_a_new_game_listens_where_it_is_asked() -> None:
    started = await start_host(HostConfig(seats=3, bots=1), "127.0.0.1", 0)
    assert isinstance(started, Started), started
    try:
        assert started.interface == "127.0.0.1" and started.port > 0
        assert started.host.address == ("127.0.0.1", started.port)
    finally:
        await started.host.close()


async def test_a_resumed_game_listens_where_its_players_last_reached_it(tmp_path: Path) -> None:
    save = tmp_path / "game.save"
    port = await saved_game(save)
    started = await start_host(HostConfig(), "0.0.0.0", DEFAULT_PORT, resume=str(save))
    assert isinstance(started, Started), started
    try:
        assert (started.interface, started.port) == ("127.0.0.1", port)
        assert started.host.match is not None  # the saved game, going on
    finally:
        await started.host.close()


async def test_a_resumed_game_whose_port_is_taken_listens_on_another(tmp_path: Path) -> None:
    save = tmp_path / "game.save"
    port = await saved_game(save)
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", port))
    squatter.listen()
    try:
        started = await start_host(HostConfig(), "0.0.0.0", DEFAULT_PORT, resume=str(save))
        assert isinstance(started, Started), started
        try:
            assert started.interface == "127.0.0.1" and started.port not in (0, port)
        finally:
            await started.host.close()
    finally:
        squatter.close()


async def test_a_port_taken_for_a_new_game_is_said_in_a_sentence() -> None:
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    port = squatter.getsockname()[1]
    try:
        why = await start_host(HostConfig(seats=3, bots=1), "127.0.0.1", port)
        assert isinstance(why, str), why
        assert why.startswith(f"cannot listen on 127.0.0.1:{port}: "), why
        assert "address already in use" in why.lower() and "Errno" not in why, why
    finally:
        squatter.close()


async def test_a_save_that_cannot_be_taken_up_is_said_in_a_sentence(tmp_path: Path) -> None:
    why = await start_host(HostConfig(), "0.0.0.0", 0, resume=str(tmp_path / "none.save"))
    assert isinstance(why, str) and why.startswith(f"cannot read {tmp_path / 'none.save'}")


def test_a_game_between_computers_deals_sealed_unless_the_host_asks_for_the_plain_deck() -> None:
    from risk_lan.cli import build_parser, host_config, play_config

    parse = build_parser().parse_args
    assert host_config(parse(["host"])).sealed
    assert not host_config(parse(["host", "--plain"])).sealed
    assert not play_config(parse(["play"])).sealed  # alone against this computer's bots
    assert play_config(parse(["play", "--sealed"])).sealed


@pytest.mark.asyncio
async def test_a_sealed_host_with_no_players_seat_deals_plain_and_says_so() -> None:
    """Every seat a bot of the host's: nobody else holds a key, so no escrow could have a
    holder, and the host's computer reads every card whatever the deck."""
    lines: list[str] = []
    host = Host(HostConfig(seats=3, bots=3, sealed=True, log=lines.append))
    await host.serve("127.0.0.1", 0)
    try:
        await wait_for(lambda: host.match is not None and host.match.n > 5, "the bots' game")
        assert host.match is not None and host.match.deck is None
        assert "every seat is played on this computer: the cards are dealt plain" in lines
    finally:
        await host.close()
