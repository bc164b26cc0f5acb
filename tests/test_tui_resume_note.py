"""The command that takes a hosted game up again is printed once the host's app has left the
terminal, whatever stopped it: the player quitting (the real ``risk-lan play`` in tmux), or a
fault of the app's own (the real command in a process of its own, a fault planted in it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import test_tui_tmux
from test_tui_tmux import COMMAND, Terminal, wait_for

CRASHING = """
import sys
from risk_lan.tui.screens import game_screen

def broken(self, *args, **kwargs):
    raise RuntimeError("a fault planted by the test")

game_screen.GameScreen.take_update = broken
from risk_lan.cli import main
sys.exit(main(["play", "--bots", "2", "--name", "ann"]))
"""


def test_the_resume_command_is_printed_when_the_hosts_app_stops_on_a_fault(tmp_path) -> None:
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path),
        # The real app, drawing nowhere: nothing in this test reads its screen.
        "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
    }
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CRASHING)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "a fault planted by the test" in done.stdout + done.stderr
    saves = list((tmp_path / "risk-lan" / "games").glob("*.save"))
    assert len(saves) == 1, done.stdout + done.stderr
    assert "risk-lan: the game is saved; to go on with it, run:" in done.stdout, done.stdout
    assert f"risk-lan host --resume {saves[0]}" in done.stdout


@test_tui_tmux.pytestmark[0]
@test_tui_tmux.pytestmark[1]
def test_the_resume_command_is_printed_when_the_player_leaves_a_game_of_play(tmp_path) -> None:
    terminal = Terminal()
    try:
        # The shell stays after the app, for the test to read what it printed.
        terminal.start(f"XDG_DATA_HOME={tmp_path} {COMMAND} play --bots 2 --lang fr; sleep 60")
        wait_for(lambda: "connecté" in "\n".join(terminal.screen()), 60, "the game screen")
        terminal.keys("C-q", pause=1.0)
        wait_for(lambda: "Quitter la partie" in "\n".join(terminal.screen()), 10, "the dialog")
        terminal.keys("BTab", pause=0.3)  # from Stay to Leave
        terminal.keys("Enter")
        saves = list((tmp_path / "risk-lan" / "games").glob("*.save"))
        assert len(saves) == 1
        printed = wait_for(
            lambda: (
                "pour la reprendre, lancez" in "\n".join(terminal.screen())
                and "\n".join(terminal.screen())
            ),
            20,
            "the command printed",
            terminal,
        )
        assert "risk-lan : la partie est enregistrée ; pour la reprendre, lancez :" in printed
        assert f"risk-lan host --resume {saves[0]}" in printed.replace("\n", "")
    finally:
        terminal.stop()


def test_the_resume_command_is_printed_when_the_hosts_app_is_asked_to_stop(tmp_path) -> None:
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path),
        "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
    }
    app = subprocess.Popen(
        [sys.executable, "-m", "risk_lan.cli", "play", "--bots", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        saves = tmp_path / "risk-lan" / "games"
        wait_for(lambda: list(saves.glob("*.save")), 60, "the game saved")
        app.send_signal(signal.SIGTERM)  # as `kill` does
        out, _ = app.communicate(timeout=30)
    finally:
        app.kill()
    save = next(saves.glob("*.save"))
    assert "risk-lan: the game is saved; to go on with it, run:" in out, out
    assert f"risk-lan host --resume {save}" in out
    # Stopped as asked, in words, not by a traceback; the status says a signal stopped it.
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out
    assert app.returncode == 143
