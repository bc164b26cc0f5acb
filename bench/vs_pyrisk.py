"""``risk-lan simulate`` against pyrisk, side by side: the same number of four-player games,
each run a whole process, timed in turn (A B A B …) with the ratio A/B pair by pair.

    git clone https://github.com/chronitis/pyrisk /tmp/pyrisk   # tested at 51ad467
    .venv/bin/python bench/vs_pyrisk.py --pyrisk /tmp/pyrisk [--games 100] [--runs 5]

pyrisk (a small public Python Risk framework) is not a dependency: it is only run, from its
own folder, never imported. Its four-player game that always ends is ``StupidAI*4``: the
other AIs crash on Python 3 (AlAI, ChronAI) or may never end (BetterAI has no turn limit).

A is ``risk-lan simulate --games N --players 4`` (classic rules, the default bots), B is
``pyrisk.py --nocurses -d 0 -g N StupidAI*4``, both under this interpreter. Both load cached
bytecode after the warm-up, as an installed program does (kept in a folder of its own, so
nothing is written into the pyrisk checkout). Quote the medians: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _command_a(games: int) -> list[str]:
    script = Path(sys.executable).with_name("risk-lan")
    head = [str(script)] if script.exists() else [sys.executable, "-m", "risk_lan.cli"]
    return [*head, "simulate", "--games", str(games), "--players", "4"]


def _command_b(pyrisk: Path, games: int, ais: str) -> list[str]:
    script = str(pyrisk / "pyrisk.py")
    return [sys.executable, script, "--nocurses", "-d", "0", "-g", str(games), ais]


def _run(command: list[str], cwd: Path | None, env: dict[str, str]) -> tuple[float, float]:
    """(cpu seconds, wall seconds) of one whole process; its output is read and dropped,
    as a terminal or a pipe would take it (pyrisk logs every move on stderr)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert child.stderr is not None
    while child.stderr.read(1 << 16):
        pass
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command[0]} … failed (exit {child.returncode})")
    return usage.ru_utime + usage.ru_stime, wall


def _line(name: str, values: list[float], digits: int = 3) -> str:
    return (
        f"{name:<10} median {statistics.median(values):.{digits}f}  "
        f"min {min(values):.{digits}f}  max {max(values):.{digits}f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyrisk", type=Path, required=True, help="a checkout of pyrisk")
    parser.add_argument("--games", type=int, default=100, help="games on each side (100)")
    parser.add_argument("--runs", type=int, default=5, help="counted pairs (5)")
    parser.add_argument("--ais", default="StupidAI*4", help="pyrisk's players (StupidAI*4)")
    args = parser.parse_args()
    if not (args.pyrisk / "pyrisk.py").is_file():
        raise SystemExit(f"no pyrisk.py in {args.pyrisk}: see this script's help for a checkout")

    a = _command_a(args.games)
    b = _command_b(args.pyrisk, args.games, args.ais)
    with tempfile.TemporaryDirectory(prefix="vs-pyrisk-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        print("A =", " ".join(a))
        print("B =", " ".join(b), f"(in {args.pyrisk})")
        _run(a, None, env)  # warm-up: bytecode cached, files in the page cache
        _run(b, args.pyrisk, env)
        cpu_a, cpu_b, wall_a, wall_b = [], [], [], []
        for _ in range(args.runs):
            ca, wa = _run(a, None, env)
            cb, wb = _run(b, args.pyrisk, env)
            cpu_a.append(ca)
            wall_a.append(wa)
            cpu_b.append(cb)
            wall_b.append(wb)
            print(
                f"pair: A {ca:.3f} s cpu, B {cb:.3f} s cpu, A/B {ca / cb:.3f} (wall {wa / wb:.3f})"
            )
    print(f"{args.runs} pairs of {args.games} four-player games each, seconds:")
    print(_line("A cpu", cpu_a))
    print(_line("B cpu", cpu_b))
    print(_line("A wall", wall_a))
    print(_line("B wall", wall_b))
    print(_line("A/B cpu", [x / y for x, y in zip(cpu_a, cpu_b, strict=True)]))
    print(_line("A/B wall", [x / y for x, y in zip(wall_a, wall_b, strict=True)]))


if __name__ == "__main__":
    main()
