"""The host's process killed mid-game and started again with --resume: the same game goes on,
the players' clients come back to it by themselves, and the record is one game."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from protocol.errors import ProtocolError
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import verify_record

RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]


def moves_in(record: Path) -> int:
    """Moves written to the record so far (a record cut mid-message counts what precedes)."""
    count = 0
    try:
        for envelope in read_record(record):
            count += envelope["body"]["type"] == "move"
    except (ProtocolError, OSError):
        pass
    return count


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def start_host(tmp_path: Path, log: Path, *args: str) -> subprocess.Popen:
    with log.open("a") as out:
        return subprocess.Popen(
            [*RISK_LAN, "host", "--headless", "--absent-after", "20", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,
        )


def test_a_host_killed_and_resumed_finishes_the_same_game(tmp_path: Path) -> None:
    record, save, log = tmp_path / "game.rec", tmp_path / "game.save", tmp_path / "host.log"
    host = start_host(
        tmp_path,
        log,
        *("--seats", "4", "--bots", "1", "--port", "0", "--interface", "127.0.0.1"),
        *("--record", str(record), "--save", str(save)),
    )
    clients: list[subprocess.Popen] = []
    try:
        wait_for(lambda: "on 127.0.0.1:" in log.read_text(), 20, "the host to listen")
        port = re.search(r"on 127\.0\.0\.1:(\d+)", log.read_text()).group(1)
        for name in ("ann", "bob", "cid"):
            seat = str(tmp_path / f"{name}.seat")
            clients.append(
                subprocess.Popen(
                    [
                        *RISK_LAN,
                        "join",
                        f"127.0.0.1:{port}",
                        "--bot",
                        "--name",
                        name,
                        "--state",
                        seat,
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
            )
        wait_for(lambda: moves_in(record) >= 150, 120, "150 moves")
        host.send_signal(signal.SIGKILL)
        host.wait()
        before = moves_in(record)
        # Saved as it went: the same game, the same port, the same key.
        host = start_host(tmp_path, log, "--resume", str(save))
        outputs = [c.communicate(timeout=240)[0] for c in clients]
        assert host.wait(timeout=30) == 0, log.read_text()[-2000:]
    finally:
        for process in [host, *clients]:
            if process.poll() is None:
                process.kill()
    text = log.read_text()
    assert "resumed game" in text, text[-2000:]
    # Every player came back by itself, in time: none of them was handed to a bot.
    assert "a bot plays the seat" not in text, text[-2000:]
    codes = set()
    for output in outputs:
        assert "game over:" in output, output[-2000:]
        codes.add(output.rsplit("transcript ", 1)[1].strip())
    assert len(codes) == 1  # every client saw the same single game
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
    assert verdict.moves > before and verdict.transcript in codes
    made = [e["body"]["roll"] for e in read_record(record) if e["body"]["type"] == "reveals"]
    assert len(made) == len(set(made)), "a roll number has two results"
    assert not save.exists()  # a finished game leaves nothing to resume
