"""Bots of one's own (docs/bots.md): real programs, the example and misbehaving scripts
written here, playing offline (simulate) and over real sockets (join --bot-exec)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from risk_lan.bots.exec_bot import MOST_RESTARTS, ExecBot
from risk_lan.bots.exec_lines import fold
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import EndTurn, MoveIn, Place
from risk_lan.simulate import play_game, seat_bot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'greedy_bot.py'}"
RISK_LAN = [sys.executable, "-m", "risk_lan.cli"]

# A program that plays passively (ends its turn when it may, else the first legal action),
# and misbehaves on the decisions MISBEHAVE lists: garbage, an unknown action, an illegal
# move, a hang, a crash. Decisions are numbered across restarts, so each happens once.
MISBEHAVING = """
import json, sys, time
MISBEHAVE = {misbehave!r}
def first(entry):
    return {{k: (v["min"] if isinstance(v, dict) and "min" in v else
                v["one_of"][0] if isinstance(v, dict) else v) for k, v in entry.items()}}
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "decide":
        continue
    how = MISBEHAVE.get(str(m["seq"]), MISBEHAVE.get("*", "play"))
    if how == "garbage":
        print("I think I will attack Kamchatka", flush=True)
    elif how == "unknown":
        print(json.dumps({{"seq": m["seq"], "action": {{"type": "fly"}}}}), flush=True)
    elif how == "illegal":
        bad = {{"type": "place", "territory": "atlantis", "count": 1}}
        print(json.dumps({{"seq": m["seq"], "action": bad}}), flush=True)
    elif how == "hang":
        time.sleep(600)
    elif how == "crash":
        print("giving up", file=sys.stderr, flush=True)
        sys.exit(3)
    else:
        ends = [e for e in m["legal"] if e["type"] == "end_turn"]
        print(json.dumps({{"seq": m["seq"], "action": first((ends or m["legal"])[0])}}), flush=True)
"""


def script(tmp_path: Path, misbehave: dict[str, str], name: str = "bot.py") -> str:
    path = tmp_path / name
    path.write_text(MISBEHAVING.format(misbehave=misbehave))
    return f"{sys.executable} {path}"


def test_legal_actions_fold_into_ranges_and_choices_losing_none() -> None:
    actions = [
        *(Place(t, n) for t in ("a", "b") for n in (1, 2, 3)),
        MoveIn(2),
        MoveIn(4),
        EndTurn(),
    ]
    assert fold(actions) == [
        {"type": "place", "territory": {"one_of": ["a", "b"]}, "count": {"min": 1, "max": 3}},
        {"type": "move_in", "count": 2},
        {"type": "move_in", "count": 4},
        {"type": "end_turn"},
    ]


def test_the_example_bot_finishes_simulated_games_and_the_summary_names_its_seat() -> None:
    done = subprocess.run(
        [
            *RISK_LAN,
            "simulate",
            "--players",
            "3",
            "--games",
            "2",
            "--bots",
            f"exec:{EXAMPLE},classic,classic",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "games: 2 (2 finished, 0 unfinished)" in done.stdout
    assert f"exec bot p1: {EXAMPLE}: " in done.stdout
    assert "the normal bot played 0 of its moves" in done.stdout, done.stdout
    assert "[p1 bot] greedy bot playing p1 (classic)" in done.stderr


@pytest.mark.parametrize(
    "misbehave, said",
    [
        ({"*": "garbage"}, "it wrote a line that is not JSON: 'I think I will attack Kamchatka'"),
        ({"*": "unknown"}, "its answer is not an action (unknown action type 'fly')"),
        ({"*": "illegal"}, "it chose a move that is not legal now"),
        ({"*": "crash"}, "its program ended (exit status 3)"),
        ({"*": "hang"}, "it did not answer within 0.3 s (stopped)"),
    ],
)
def test_a_misbehaving_program_is_replaced_move_by_move_and_the_game_finishes(
    tmp_path: Path, misbehave: dict[str, str], said: str
) -> None:
    lines: list[str] = []
    bot = ExecBot(script(tmp_path, misbehave), "s", timeout=0.3, log=lines.append)
    others = [seat_bot("classic", f"s{i}") for i in range(2)]
    result = play_game([bot, *others], "exec-test", "classic")
    assert result.winner is not None
    assert bot.program is None  # let go at the end
    assert any(f"p1's bot ({bot.command}): decision 1: {said}" in line for line in lines)
    assert bot.fallbacks >= 1
    if misbehave["*"] in ("crash", "hang"):
        # Started again a few times, then the normal bot plays the rest.
        assert bot.fallbacks == MOST_RESTARTS + 1 and bot.given_up
        assert any("the normal bot plays the rest" in line for line in lines)
        assert sum("is started again" in line for line in lines) == MOST_RESTARTS
    else:
        assert not bot.given_up and bot.fallbacks > 10  # every move, one by one


def test_a_program_that_cannot_start_is_said_and_the_normal_bot_plays() -> None:
    lines: list[str] = []
    bot = ExecBot("/nonexistent/bot --fast", "s", log=lines.append)
    result = play_game([bot, seat_bot("classic", "a"), seat_bot("classic", "b")], "x", "classic")
    assert result.winner is not None and bot.given_up
    assert "cannot start '/nonexistent/bot --fast'" in lines[0]


@pytest.mark.parametrize(
    "argv, said",
    [
        (["join", "127.0.0.1:1", "--bot-exec", "x", "--watch"], "--bot-exec and --watch exclude"),
        (["join", "127.0.0.1:1", "--bot-exec", "'x"], "--bot-exec: the bot's command cannot be"),
        (["join", "127.0.0.1:1", "--bot-exec", " "], "--bot-exec: the bot's command is empty"),
        (["simulate", "--bots", "exec:,classic"], "exec:: the bot's command is empty"),
        (
            ["simulate", "--bots", "exec"],
            "unknown bot 'exec'; known: ",
        ),
    ],
)
def test_a_bot_program_badly_given_is_refused_in_a_sentence(capsys, argv, said) -> None:
    from risk_lan.cli import main

    assert main(argv) == 2
    assert said in capsys.readouterr().err


def _host(tmp_path: Path, record: Path) -> tuple[subprocess.Popen[str], Path, int]:
    log = tmp_path / "host.log"
    with log.open("w") as out:
        host = subprocess.Popen(
            [
                *RISK_LAN,
                "host",
                "--headless",
                "--seats",
                "3",
                "--bots",
                "1",
                "--port",
                "0",
                "--interface",
                "127.0.0.1",
                "--record",
                str(record),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"on 127\.0\.0\.1:(\d+)", log.read_text())
        if found:
            return host, log, int(found.group(1))
        time.sleep(0.05)
    host.kill()
    raise AssertionError(log.read_text())


def test_exec_bots_finish_a_networked_game_misbehaving_too_and_the_record_verifies(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    host, log, port = _host(tmp_path, record)
    bad = script(tmp_path, {"1": "garbage", "2": "illegal", "3": "hang", "4": "crash"})
    joiners = []
    try:
        for name, command in (("good", EXAMPLE), ("bad", bad)):
            joiners.append(
                subprocess.Popen(
                    [
                        *RISK_LAN,
                        "join",
                        f"127.0.0.1:{port}",
                        "--name",
                        name,
                        "--bot-exec",
                        command,
                        "--bot-exec-timeout",
                        "1",
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
            )
        outputs = [j.communicate(timeout=240)[0] for j in joiners]
        host.wait(timeout=60)
    finally:
        for process in (host, *joiners):
            process.kill()
    assert all(j.returncode == 0 for j in joiners), outputs
    good, bad_out = outputs
    assert "greedy bot playing" in good and "game over:" in good
    seat = re.search(r"joined as (p\d)", bad_out).group(1)
    for n, said in [
        (1, "it wrote a line that is not JSON"),
        (2, "it chose a move that is not legal now"),
        (3, "it did not answer within 1 s (stopped)"),
        (4, "its program ended (exit status 3)"),
    ]:
        assert f"{seat}'s bot ({bad}): decision {n}: {said}" in bad_out
    assert f"[{seat} bot] giving up" in bad_out
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
    code = re.search(r"transcript (\S+)", good).group(1)
    assert f"transcript {code}" in bad_out and verdict.transcript == code
    hosted = log.read_text()
    assert f"transcript {code}" in hosted
    # The table hears of each kind of failure once, in the chat: the host's log says it.
    told = re.findall(r"^bad: my bot program failed: decision (\d+): ", hosted, re.M)
    assert told == ["1", "3", "4"], hosted[-3000:]


def test_a_client_goes_on_while_its_program_thinks(tmp_path: Path) -> None:
    """The program hangs on its first decision: the client's loop keeps turning meanwhile
    (a choice in the loop would stop it for the whole budget), and the game finishes."""
    lines: list[str] = []
    command = script(tmp_path, {"1": "hang"})
    bot = ExecBot(command, timeout=1.5, log=lines.append)

    async def game() -> float:
        host = Host(HostConfig(seats=3, bots=2))
        port = await host.serve("127.0.0.1", 0)
        client = Client("prog", bot, log=lines.append)
        longest = 0.0

        async def tick() -> None:
            nonlocal longest
            last = time.monotonic()
            while True:
                await asyncio.sleep(0.02)
                now = time.monotonic()
                longest, last = max(longest, now - last), now

        ticking = asyncio.create_task(tick())
        try:
            outcome = await asyncio.wait_for(client.run("127.0.0.1", port), 120)
        finally:
            ticking.cancel()
            await asyncio.to_thread(bot.game_over, None, client.seat)
            await host.close()
        assert outcome.error is None and outcome.winner, outcome
        return longest

    longest = asyncio.run(game())
    assert any("decision 1: it did not answer within 1.5 s (stopped)" in line for line in lines)
    assert longest < 0.75, longest
