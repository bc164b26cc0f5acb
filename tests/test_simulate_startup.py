"""``risk-lan simulate`` loads neither the network stack nor the app: a short run or a bot
tournament's many runs would otherwise pay for them at every start."""

from __future__ import annotations

import subprocess
import sys

# What only the networked commands and the app need.
HEAVY = ("asyncio", "zeroconf", "msgpack", "nacl", "textual", "rich", "protocol")

SCRIPT = """
import contextlib, io, sys
from risk_lan.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    main(sys.argv[1:])
print(" ".join(sorted({name.split(".")[0] for name in sys.modules})))
"""


def _loaded(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_simulate_loads_neither_the_network_nor_the_app() -> None:
    loaded = _loaded("simulate", "--games", "1")
    assert "risk_lan" in loaded
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))


def test_simulate_show_narrates_without_them_too() -> None:
    loaded = _loaded("simulate", "--games", "1", "--show")
    assert loaded.isdisjoint(HEAVY), sorted(loaded & set(HEAVY))
