"""The real commands in real terminals (tmux) through a long evening: a player who leaves
``risk-lan play`` alone for a while still has the game (for minutes: bench/idle.py); an app
killed mid-game and run again takes its seat back; the host's app killed and resumed with
--resume brings the game back, and a joined player's app carries on by itself."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import test_tui_tmux
from test_tui_tmux import COMMAND, TMUX, Terminal, wait_for

pytestmark = test_tui_tmux.pytestmark
RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kill_app(terminal: Terminal) -> None:
    """SIGKILL the program in the terminal, as a crash would: it cleans up nothing."""
    pid = subprocess.run(
        [*TMUX, "list-panes", "-t", terminal.name, "-F", "#{pane_pid}"],
        capture_output=True,
        text=True,
    ).stdout.split()[0]
    os.kill(int(pid), signal.SIGKILL)
    # Its session ends with it, and tmux's server with the last one: let that happen before
    # the next terminal starts, or tmux refuses it.
    wait_for(
        lambda: subprocess.run([*TMUX, "has-session", "-t", terminal.name]).returncode != 0,
        10,
        "the killed app's terminal to close",
    )
    time.sleep(0.5)


def text(terminal: Terminal) -> str:
    return "\n".join(terminal.screen())


@pytest.fixture
def terminals():
    made: list[Terminal] = []

    def make() -> Terminal:
        made.append(Terminal())
        return made[-1]

    yield make
    for terminal in made:
        terminal.stop()


# How long the player leaves the app alone: bounded here; bench/idle.py runs it for minutes
# (a bot once took the seat at 120 s).
IDLE_SECONDS = float(os.environ.get("RISK_LAN_IDLE_SECONDS", "20"))


def test_play_left_alone_is_still_the_players(terminals) -> None:
    terminal = terminals()
    terminal.start(f"{COMMAND} play --bots 2 --name ann")
    wait_for(lambda: "Claim" in terminal.now(), 60, "the claim step", terminal)
    time.sleep(IDLE_SECONDS)  # the player reads the rules: the time passing is the test
    screen = text(terminal)
    assert "bot is playing your seat" not in screen and "stopped" not in screen, screen
    free = [t for t, (letter, _) in terminal.owners().items() if letter == "·"]
    assert free, screen
    terminal.type_name(free[0])
    terminal.keys("Enter", pause=0.3)
    wait_for(lambda: terminal.owners().get(free[0], ("",))[0] == "R", 30, "the claim", terminal)


@pytest.fixture
def headless_host(tmp_path: Path):
    """A headless host for three (one bot), and a bot player of its own process."""
    port = free_port()
    log = (tmp_path / "host.log").open("w")
    table = ["--seats", "3", "--bots", "1", "--port", str(port), "--interface", "127.0.0.1"]
    host = subprocess.Popen(
        [*RISK_LAN, "host", "--headless", *table, "--absent-after", "300"],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    time.sleep(1.5)
    bot = subprocess.Popen(
        [*RISK_LAN, "join", f"127.0.0.1:{port}", "--bot", "--name", "bot"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    yield port, tmp_path / "host.log"
    for process in (host, bot):
        process.kill()
        process.wait()


def test_an_app_killed_mid_game_takes_its_seat_back_when_run_again(terminals, headless_host):
    port, log = headless_host
    first = terminals()
    first.start(f"{COMMAND} join 127.0.0.1:{port} --name ann")
    wait_for(lambda: "ready" in text(first).lower(), 30, "the seats screen", first)
    first.keys("r")
    wait_for(lambda: first.now(), 60, "the game screen", first)
    kill_app(first)
    # The same command again: the app finds the seat it kept for this address.
    again = terminals()
    again.start(f"{COMMAND} join 127.0.0.1:{port} --name ann")
    wait_for(lambda: again.now(), 60, "the game screen again", again)
    host_log = log.read_text()
    assert len(set(re.findall(r"ann joined as (p\d) ", host_log))) == 1, host_log[-2000:]
    assert len(re.findall(r"ann joined as", host_log)) == 2, host_log[-2000:]
    assert "a bot plays the seat" not in host_log


def test_the_hosts_app_killed_and_resumed_brings_the_game_back(terminals, tmp_path) -> None:
    port, save = free_port(), tmp_path / "game.save"
    hosting = terminals()
    hosting.start(
        f"{COMMAND} host --seats 3 --bots 1 --port {port} --interface 127.0.0.1 "
        f"--name hugo --save {save} --absent-after 300"
    )
    wait_for(lambda: "ready" in text(hosting).lower(), 30, "the host's seats screen", hosting)
    joined = terminals()
    joined.start(f"{COMMAND} join 127.0.0.1:{port} --name ann")
    wait_for(lambda: "ready" in text(joined).lower(), 30, "the seats screen", joined)
    joined.keys("r")
    hosting.keys("r")
    wait_for(lambda: hosting.now() and joined.now(), 60, "both game screens", joined)
    kill_app(hosting)
    wait_for(lambda: "reconnecting" in text(joined), 30, "the lost connection shown", joined)
    assert save.exists()
    resumed = terminals()
    resumed.start(f"{COMMAND} host --resume {save}")
    wait_for(lambda: resumed.now(), 60, "the host's game screen back", resumed)
    wait_for(lambda: "reconnecting" not in text(joined), 60, "the joined app back", joined)

    # Both are at the same game again: the transcript codes on their status bars agree.
    def codes() -> set[str]:
        found = [re.findall(r"\b[A-Z2-7]{4}-[A-Z2-7]{4}\b", text(t)) for t in (resumed, joined)]
        return {f[-1] for f in found if f} if all(found) else set()

    wait_for(lambda: len(codes()) == 1, 60, "the same transcript code on both screens", joined)
