"""Nobody can hold a lobby: a seat is kept only by a peer that answers the host, so
connections that said hello and then nothing lose their seats within seconds and honest
players take them. Against the real ``risk-lan host`` command, over real sockets."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from protocol.messages import PROTOCOL_VERSION
from protocol.signing import Identity
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.connection import Connection

RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]


class Started(Listener):
    def __init__(self) -> None:
        self.players: list[dict[str, Any]] = []

    def started(self, players: list[dict[str, Any]]) -> None:
        self.players = players


async def squat(port: int, name: str) -> list[dict[str, Any]]:
    """Say hello, then nothing: read what the host sends until it closes the connection."""
    conn = await Connection.open("127.0.0.1", port)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    conn.send({**hello, "key": Identity().public_key, "token": None, "have": 0})
    said = [m async for m in conn.messages()]
    conn.close()
    return said


def start_host(log: Path, *extra: str) -> tuple[subprocess.Popen[str], int]:
    with log.open("w") as out:
        host = subprocess.Popen(
            [
                *RISK_LAN,
                *("host", "--headless", "--seats", "3", "--port", "0"),
                *("--interface", "127.0.0.1", "--absent-after", "5", *extra),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.PIPE,
            text=True,
        )
    deadline = time.monotonic() + 20
    while not (found := re.search(r"on 127\.0\.0\.1:(\d+)", log.read_text())):
        assert time.monotonic() < deadline and host.poll() is None, log.read_text()
        time.sleep(0.05)
    return host, int(found.group(1))


async def until(check: Any, timeout: float) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (value := check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)
    return value


@pytest.mark.asyncio
async def test_silent_squatters_lose_the_lobby_to_honest_players(tmp_path: Path) -> None:
    log = tmp_path / "host.log"
    host, port = start_host(log)
    tasks: list[asyncio.Task[Any]] = []
    try:
        squatters = [asyncio.create_task(squat(port, f"squat{i}")) for i in range(3)]
        await until(lambda: log.read_text().count(" joined as ") == 3, 10)
        # Every seat is held by a connection that will never answer: within seconds the
        # host frees them all (today they held the table for good).
        said = await asyncio.wait_for(asyncio.gather(*squatters), 20)
        for messages in said:
            assert messages[-1]["type"] == "error" and messages[-1]["code"] == "silent"
        sees = [Started() for _ in range(3)]
        honest = [Client(f"honest{i}", ClassicBot(), listener=sees[i]) for i in range(3)]
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in honest]
        await until(lambda: all(s.players for s in sees), 20)
        assert {p["name"] for p in sees[0].players} == {"honest0", "honest1", "honest2"}
        assert "squat0 stopped answering" in log.read_text()
    finally:
        for task in tasks:
            task.cancel()
        host.kill()
        host.wait()


async def squat_answering(port: int, name: str) -> list[dict[str, Any]]:
    """Say hello, then answer every ping and nothing else, until the host closes."""
    conn = await Connection.open("127.0.0.1", port)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    conn.send({**hello, "key": Identity().public_key, "token": None, "have": 0})
    said = []
    async for message in conn.messages():
        said.append(message)
        if message["type"] == "ping":
            conn.send({"type": "pong"})
    conn.close()
    return said


@pytest.mark.asyncio
async def test_a_headless_hosts_console_frees_a_seat_and_answers_joiners(tmp_path: Path) -> None:
    log = tmp_path / "host.log"
    host, port = start_host(log, "--approve")
    assert host.stdin is not None
    try:
        # A stranger whose app answers: only someone at the host can free its seat.
        squatter = asyncio.create_task(squat_answering(port, "stranger"))
        await until(lambda: "stranger asks to join (j1)" in log.read_text(), 10)
        host.stdin.write("admit j1\n")
        host.stdin.flush()
        await until(lambda: "stranger joined as p1" in log.read_text(), 10)
        await asyncio.sleep(PAST_SILENCE)  # answering, it keeps the seat
        assert not squatter.done()
        host.stdin.write("seats\nfree p1\n")
        host.stdin.flush()
        said = await asyncio.wait_for(squatter, 10)
        assert said[-1]["code"] == "removed"
        await until(lambda: "seat p1 is free" in log.read_text(), 10)
        assert "p1 stranger (human); p2 open; p3 open" in log.read_text()

        hears = Started()
        turned = Client("pest", listener=hears, retries=0)
        refused = asyncio.create_task(turned.run("127.0.0.1", port))
        await until(lambda: "pest asks to join (j2)" in log.read_text(), 10)
        host.stdin.write("refuse j2\n")
        host.stdin.flush()
        outcome = await asyncio.wait_for(refused, 10)
        assert outcome.error and outcome.error.startswith("turned_away:")
    finally:
        host.kill()
        host.wait()


PAST_SILENCE = 7.0  # seconds: past the host's SILENT_AFTER, so several pings were answered
