"""LAN discovery for real: a host in one Linux network namespace, found and joined from
another, over a veth pair whose addresses exist only inside those namespaces."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from protocol.messages import PROTOCOL_VERSION

HOST_IP, GUEST_IP = "10.213.17.1", "10.213.17.2"
CLI = [sys.executable, "-m", "risk_lan.cli"]


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


def _cannot_make_namespaces() -> str | None:
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux only"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    if shutil.which("ip") is None:
        return "making network namespaces needs iproute2's ip command"
    probe = f"rlprobe{os.getpid() % 100000}"
    try:
        _ip("netns", "add", probe)
        _ip("netns", "del", probe)
    except subprocess.CalledProcessError as e:
        return f"this machine cannot make network namespaces: {e.stderr.strip()}"
    return None


@pytest.fixture
def two_machines() -> Iterator[tuple[str, str]]:
    reason = _cannot_make_namespaces()
    if reason:
        pytest.skip(reason)
    tag = os.getpid() % 100000
    host_ns, guest_ns = f"rlhost{tag}", f"rlguest{tag}"
    host_if, guest_if = f"rlh{tag}", f"rlg{tag}"
    try:
        _ip("netns", "add", host_ns)
        _ip("netns", "add", guest_ns)
        _ip("link", "add", host_if, "type", "veth", "peer", "name", guest_if)
        for ns, iface, address in ((host_ns, host_if, HOST_IP), (guest_ns, guest_if, GUEST_IP)):
            _ip("link", "set", iface, "netns", ns)
            _ip("-n", ns, "addr", "add", f"{address}/24", "dev", iface)
            _ip("-n", ns, "link", "set", iface, "up")
            _ip("-n", ns, "link", "set", "lo", "up")
            _ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", iface)
        yield host_ns, guest_ns
    finally:
        for ns in (host_ns, guest_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def _in(ns: str, *args: str) -> list[str]:
    return ["ip", "netns", "exec", ns, *CLI, *args]


def _host_announced(
    host_ns: str, name: str, log: Path, *extra: str
) -> tuple[subprocess.Popen, str]:
    """A headless host for three (two bots) in ``host_ns``, once it says it is announced;
    returns its process and port."""
    with log.open("w") as out:
        host = subprocess.Popen(
            _in(host_ns, "host", "--headless", "--game-name", name, "--seats", "3", "--bots", "2",
                "--interface", HOST_IP, "--port", "0", *extra),
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    for _ in range(200):
        if "announced on the LAN" in log.read_text():
            break
        time.sleep(0.05)
    text = log.read_text()
    if "announced on the LAN: players" not in text:
        host.kill()
        raise AssertionError(text)
    return host, re.search(rf"on {re.escape(HOST_IP)}:(\d+)", text).group(1)


def test_a_game_hosted_in_one_namespace_is_found_and_joined_from_another(
    two_machines: tuple[str, str], tmp_path: Path
) -> None:
    host_ns, guest_ns = two_machines
    log, record = tmp_path / "host.log", tmp_path / "game.rec"
    host, port = _host_announced(host_ns, "LAN Party", log, "--record", str(record))
    try:
        listed = subprocess.run(
            _in(guest_ns, "list", "--timeout", "3"), capture_output=True, text=True, timeout=60
        )
        assert listed.returncode == 0, listed.stderr
        line = f"LAN Party\t{HOST_IP}:{port}\tclassic\t2/3\tlobby\tprotocol {PROTOCOL_VERSION}\tid "
        assert line in listed.stdout

        joined = subprocess.run(
            _in(guest_ns, "join", "--bot", "--name", "guest"),
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert joined.returncode == 0, joined.stdout + joined.stderr
        assert f"joining 'LAN Party' at {HOST_IP}:{port}" in joined.stdout
        assert "game over:" in joined.stdout
        host.wait(timeout=30)
    finally:
        host.kill()
    assert host.returncode == 0, log.read_text()
    verified = subprocess.run([*CLI, "verify", str(record)], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout
    # Once the host is gone, so is its announcement.
    after = subprocess.run(
        _in(guest_ns, "list", "--timeout", "2"), capture_output=True, text=True, timeout=60
    )
    assert "LAN Party" not in after.stdout


ODD_NAME = "Soirée 🎲 \x1b[31m\tLAN.." + "é" * 100 + "🎲" * 40 + "\x7f" + "x" * 100


def _find_game(ns: str, game_id: str, timeout: float) -> str:
    script = (
        "import asyncio, sys\n"
        "from risk_lan.net.discovery import find_game\n"
        "game = asyncio.run(find_game(sys.argv[1], float(sys.argv[2])))\n"
        "print(game.line() if game else 'none')\n"
    )
    found = subprocess.run(
        ["ip", "netns", "exec", ns, sys.executable, "-c", script, game_id, str(timeout)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert found.returncode == 0, found.stderr
    return found.stdout.strip()


def test_a_game_with_a_long_odd_name_is_announced_and_found_again_by_its_id(
    two_machines: tuple[str, str], tmp_path: Path
) -> None:
    host_ns, guest_ns = two_machines
    log = tmp_path / "host.log"
    host, port = _host_announced(host_ns, ODD_NAME, log)
    try:
        listed = subprocess.run(
            _in(guest_ns, "list", "--timeout", "3"), capture_output=True, text=True, timeout=60
        )
        assert listed.returncode == 0, listed.stderr
        lines = [line for line in listed.stdout.splitlines() if line.startswith("Soirée")]
        assert len(lines) == 1, listed.stdout
        name, address, *_, game_id = lines[0].split("\t")
        assert address == f"{HOST_IP}:{port}"
        assert name.startswith("Soirée 🎲 [31mLAN..éé") and name.endswith(("é", "🎲", "x"))
        assert len(f"name={name}".encode()) <= 255
        assert not any(c in name for c in "\x1b\x7f")
        assert re.fullmatch(r"id [0-9a-f]{16}", game_id), game_id

        found = _find_game(guest_ns, game_id.removeprefix("id "), 5.0)
        assert found == lines[0]
        assert _find_game(guest_ns, "0123456789abcdef", 2.0) == "none"
    finally:
        host.kill()
        host.wait(timeout=30)


@pytest.fixture
def isolated_machine() -> Iterator[str]:
    reason = _cannot_make_namespaces()
    if reason:
        pytest.skip(reason)
    ns = f"rlalone{os.getpid() % 100000}"
    try:
        _ip("netns", "add", ns)  # not even loopback is up: no multicast anywhere
        yield ns
    finally:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def test_without_multicast_hosting_still_works_and_discovery_says_why(
    isolated_machine: str,
) -> None:
    ns = isolated_machine
    hosted = subprocess.run(
        _in(
            ns,
            "host",
            "--headless",
            "--seats",
            "3",
            "--bots",
            "3",
            "--interface",
            "127.0.0.1",
            "--port",
            "0",
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    listed = subprocess.run(_in(ns, "list", "--timeout", "1"), capture_output=True, text=True)
    joined = subprocess.run(_in(ns, "join", "--bot"), capture_output=True, text=True)
    assert hosted.returncode == 0, hosted.stdout + hosted.stderr
    assert "not announced on the LAN: no multicast" in hosted.stdout
    assert "players can still join by address" in hosted.stdout
    assert listed.returncode == 0 and "cannot look for games: no multicast" in listed.stdout
    assert joined.returncode == 2 and "give the host's address" in joined.stdout
    for run in (hosted, listed, joined):
        assert "Traceback" not in run.stdout + run.stderr
